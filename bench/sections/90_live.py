"""Live passes (issue 20): `wallet card update --all` of 100 live passes against a real PassKit
web service (django-walletpass on 127.0.0.1, Tests/EndToEnd/passkit_server.py), whole process,
and the requests it makes (goal: one list call per pass type plus one fetch per changed pass).

django-walletpass lists only the passes that share the latest `updated_at`, so the 10 changed
passes are given one `updated_at` (as a batch update on the issuer's side would)."""
import sys
import time
import uuid
import zipfile

TITLE = "Live passes (100 passes, PassKit server on 127.0.0.1)"
COUNT = 100
CHANGED = 10


def run(ctx):
    sys.path.insert(0, str(ctx.root / "Tests" / "EndToEnd"))
    try:
        import passkit_server
        import django_walletpass  # noqa: F401
    except ImportError as error:
        return [("skipped", f"django-walletpass missing ({error}): make deps-test")]
    directory = ctx.work / "passkit"
    server = passkit_server.PassKitServer(directory)
    try:
        passkit_server.configure(directory, server.url)
        return measure(ctx, server)
    finally:
        server.stop()


def pass_data(serial, balance):
    return {"formatVersion": 1, "organizationName": f"Shop {serial}", "description": "bench",
            "barcodes": [{"format": "PKBarcodeFormatQR", "message": serial, "messageEncoding": "iso-8859-1"}],
            "storeCard": {"primaryFields": [{"key": "balance", "label": "Balance", "value": balance, "currencyCode": "EUR"}]}}


def measure(ctx, server):
    from django.utils import timezone
    from django_walletpass.models import Pass
    from django_walletpass.services.pass_builder import PassBuilder
    serials = [f"B-{index:03d}-{uuid.uuid4().hex[:6]}" for index in range(COUNT)]
    bundle = ctx.work / "live.pkpasses"
    with zipfile.ZipFile(bundle, "w") as archive:
        for serial in serials:
            builder = PassBuilder()
            builder.pass_data = pass_data(serial, 1)
            builder.pass_data_required["serialNumber"] = serial
            archive.writestr(f"{serial}.pkpass", builder.build())
            builder.write_to_model()
    env = {"WALLET_HOME": str(ctx.work / "live-home")}
    import subprocess
    subprocess.run([ctx.wallet, "card", "import", str(bundle)], env=ctx._env(env), check=True, capture_output=True)
    subprocess.run([ctx.wallet, "card", "update", "--all"], env=ctx._env(env), check=True, capture_output=True)
    log = server.directory / "requests.log"
    balance = [1]

    def change_ten():
        balance[0] += 1
        for serial in serials[:CHANGED]:
            instance = Pass.objects.get(serial_number=serial)
            builder = PassBuilder.read_from_model(instance)
            builder.pass_data = pass_data(serial, balance[0])
            builder.build()
            builder.write_to_model(instance)
        Pass.objects.filter(serial_number__in=serials[:CHANGED]).update(updated_at=timezone.now())
        time.sleep(0.01)

    def change(serial, value):
        instance = Pass.objects.get(serial_number=serial)
        builder = PassBuilder.read_from_model(instance)
        builder.pass_data = pass_data(serial, value)
        builder.build()
        builder.write_to_model(instance)

    change_ten()
    before = len(log.read_text().splitlines())
    start = time.perf_counter()
    run = subprocess.run([ctx.wallet, "card", "update", "--all"], env=ctx._env(env), capture_output=True, text=True)
    first = time.perf_counter() - start
    requests = len(log.read_text().splitlines()) - before
    changed = sum(1 for line in run.stdout.splitlines() if "balance" in line)
    changed_seconds = ctx.time([ctx.wallet, "card", "update", "--all"], env=env, setup=change_ten)
    before = len(log.read_text().splitlines())
    unchanged_seconds = ctx.time([ctx.wallet, "card", "update", "--all"], env=env, runs=3)
    idle_requests = (len(log.read_text().splitlines()) - before) // 3
    rows = host_rows(ctx, env, serials, change_one=lambda serial, value: change(serial, value))
    return [
        (f"card update --all, {CHANGED} of {COUNT} changed (whole process)", f"{min(first, changed_seconds) * 1000:.0f} ms"),
        ("requests for it (goal: 1 list + 1 per changed pass)", f"{requests} ({changed} cards changed)"),
        (f"card update --all, none of {COUNT} changed", f"{unchanged_seconds * 1000:.0f} ms, {idle_requests} request(s)"),
    ] + rows


def rss_kb(pid, field):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith(field + ":"):
            return int(line.split()[1])
    return 0


def host_rows(ctx, env, serials, change_one):
    """A running host with 100 live passes (a medium widget showing four of them, pulls every
    second): issuer change -> PNG replaced (reason `update`) latency, and the host's RSS against
    a host that never pulls."""
    import json
    import queue
    import statistics
    import subprocess
    import threading
    cards = json.loads(subprocess.run([ctx.wallet, "card", "list", "--json"], env=ctx._env(env), capture_output=True,
                                      text=True, check=True).stdout)
    by_serial = {card["code"]: card["id"] for card in cards}
    shown = serials[:4]
    subprocess.run([ctx.wallet, "widget", "add", "--family", "medium", "--cards", ",".join(by_serial[s] for s in shown)],
                   env=ctx._env(env), check=True, capture_output=True)

    def start(*args):
        process = subprocess.Popen([ctx.wallet, "widget", "host", "--output", str(ctx.work / f"host{len(args)}"), *args],
                                   env=ctx._env(env), stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        lines = queue.Queue()
        threading.Thread(target=lambda: [lines.put(json.loads(line)) for line in process.stdout], daemon=True).start()
        return process, lines

    def wait(lines, seconds=60, **fields):
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                event = lines.get(timeout=max(0.01, deadline - time.monotonic()))
            except queue.Empty:
                break
            if all(event.get(key) == value for key, value in fields.items()):
                return event
        raise RuntimeError(f"no {fields} within {seconds} s")

    quiet, quiet_lines = start("--no-pulls")
    wait(quiet_lines, event="ready")
    time.sleep(2)
    quiet_rss = rss_kb(quiet.pid, "VmRSS")
    quiet.terminate()
    quiet.wait(timeout=30)

    process, lines = start("--pull-interval", "1")
    latencies = []
    try:
        wait(lines, event="ready")
        for round_ in range(5):
            change_one(shown[0], 100 + round_)
            started = time.monotonic()
            wait(lines, event="rendered", reason="update")
            latencies.append(time.monotonic() - started)
        time.sleep(2)
        settled = rss_kb(process.pid, "VmRSS")
        peak = rss_kb(process.pid, "VmHWM")
    finally:
        process.terminate()
        process.wait(timeout=30)
    return [
        ("issuer change -> PNG replaced by the host, pulls every 1 s (median of 5)", f"{statistics.median(latencies) * 1000:.0f} ms"),
        ("host RSS with 100 live passes: settled (pulls) / settled (--no-pulls) / peak",
         f"{settled / 1024:.1f} / {quiet_rss / 1024:.1f} / {peak / 1024:.1f} MB"),
    ]
