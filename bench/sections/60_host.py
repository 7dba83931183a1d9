"""The widget host (`wallet widget host`): how fast an app-side change reaches the output
directory, what the host costs while idle, whether its memory stays flat over many renders, and
how many renders a 10,000-card import causes per affected widget.

Goals: `card edit` exit -> `rendered` event median < 50 ms (stretch < 15 ms); 0 CPU ticks idle
over 10 s; anonymous RSS after 300 data renders within 2 MB of after 10, peak < 30 MB; 1 render per
affected widget for the import.

Memory: after glibc unmaps a freed 5 MB canvas it raises its mapping and trim thresholds, so later
canvases come from the heap and stay resident when freed; the host calls `malloc_trim` after each
batch (WidgetHost/FreedMemory.swift). The peak is what the host holds plus one scale-3 canvas.
"""
import json
import os
import queue
import shutil
import statistics
import subprocess
import threading
import time
from importlib import util
from pathlib import Path

TITLE = "Widget host"
LATENCY_RUNS = 30
DEADLINE = 30


class TimedHost:
    """The host as a subprocess; each event line is queued with the moment it was read."""

    def __init__(self, wallet, env, out):
        self.process = subprocess.Popen([wallet, "widget", "host", "--output", str(out)], env=env,
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.process.stdout:
            self.lines.put((time.perf_counter(), json.loads(line)))
        self.lines.put((time.perf_counter(), None))

    def next(self, **fields):
        """(read time, event) of the next event with these fields; raises at the deadline."""
        deadline = time.monotonic() + DEADLINE
        while time.monotonic() < deadline:
            try:
                stamp, event = self.lines.get(timeout=max(0.01, deadline - time.monotonic()))
            except queue.Empty:
                break
            if event is None:
                raise RuntimeError("the host exited")
            if all(event.get(k) == v for k, v in fields.items()):
                return stamp, event
        raise RuntimeError(f"no host event {fields} within {DEADLINE} s")

    def status(self, field):
        """A field of /proc/PID/status in KiB (VmRSS, VmHWM)."""
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1])
        raise RuntimeError(f"{field} missing")

    def cpu_ticks(self):
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12])  # utime + stime

    def settled(self):
        """Waits (up to DEADLINE) until the host has finished its batch: a `rendered` event is
        printed before the batch ends with `malloc_trim`, so a reading taken at the event may
        still hold the batch's freed canvases. Settled: asleep, and no CPU tick in 100 ms."""
        deadline = time.monotonic() + DEADLINE
        previous = self.cpu_ticks()
        while time.monotonic() < deadline:
            time.sleep(0.1)
            state = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
            ticks = self.cpu_ticks()
            if state == "S" and ticks == previous:
                return
            previous = ticks
        raise RuntimeError(f"the host did not settle within {DEADLINE} s")

    def stop(self):
        self.process.terminate()
        return self.process.wait(timeout=DEADLINE)


def wallet_run(ctx, env, *args):
    return subprocess.run([ctx.wallet, *map(str, args)], env=env, check=True, capture_output=True, text=True)


def run(ctx):
    home = ctx.work / "host-home"
    out = ctx.work / "host-out"
    env = dict(os.environ, WALLET_HOME=str(home), WALLET_NOW="2026-11-22T09:30:00Z")
    # Every card has a logo: the host's peak includes decoding and drawing card art.
    logo = ctx.work / "host-logo.png"
    logo.write_bytes(_card_art().logo_png())
    cards = [wallet_run(ctx, env, "card", "add", "--store", f"Store {n}", "--code", f"CODE-{n}", "--format", "qr",
                        "--logo", str(logo)).stdout.strip() for n in range(8)]
    small = wallet_run(ctx, env, "widget", "add", "--family", "small", "--cards", cards[0]).stdout.strip()
    wallet_run(ctx, env, "widget", "add", "--family", "medium", "--cards", ",".join(cards[1:5]))
    wallet_run(ctx, env, "widget", "add", "--family", "large", "--mode", "recent")
    rows = []
    host = TimedHost(ctx.wallet, env, out)
    try:
        host.next(event="ready")
        latencies = []
        for number in range(LATENCY_RUNS):
            wallet_run(ctx, env, "card", "edit", cards[0], "--code", f"EDIT-{number}")
            exited = time.perf_counter()
            stamp, _ = host.next(event="rendered", reason="data", widget=small)
            latencies.append(max(0.0, stamp - exited))
        median = statistics.median(latencies) * 1000
        rows.append((f"card edit exit -> rendered event, median of {LATENCY_RUNS}",
                     f"{median:.1f} ms (min {min(latencies) * 1000:.1f}, max {max(latencies) * 1000:.1f}; "
                     f"goal < 50, stretch < 15)"))
        handled(ctx, env, host, [small])
        time.sleep(1)  # the bookkeeping write after the last batch wakes the host once more
        before = host.cpu_ticks()
        time.sleep(10)  # measuring idleness itself: nothing to wait on
        rows.append(("idle host CPU ticks over 10 s", f"{host.cpu_ticks() - before} (goal 0)"))
        (rss_10, anon_10) = rss_after(host, ctx, env, cards[0], 10, "A")
        (rss_300, anon_300) = rss_after(host, ctx, env, cards[0], 290, "B")
        rows.append(("anonymous RSS after 300 data renders vs after 10",
                     f"{(anon_300 - anon_10) / 1024:+.2f} MB ({anon_10 / 1024:.1f} -> {anon_300 / 1024:.1f} MB; "
                     f"goal within 2 MB)"))
        rows.append(("RSS after 300 data renders vs after 10, file pages included",
                     f"{(rss_300 - rss_10) / 1024:+.2f} MB ({rss_10 / 1024:.1f} -> {rss_300 / 1024:.1f} MB)"))
        rows.append(("peak RSS of the host", f"{host.status('VmHWM') / 1024:.1f} MB (goal < 30)"))
        rows.append(import_row(ctx, env, host))
    finally:
        host.stop()
    shutil.rmtree(home, ignore_errors=True)
    shutil.rmtree(out, ignore_errors=True)
    return rows


def _card_art():
    """The card art section's module (its logo_png, a 480x150 logo)."""
    spec = util.spec_from_file_location("bench_card_art", Path(__file__).with_name("85_card_art.py"))
    module = util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def rss_after(host, ctx, env, card, count, tag):
    """(VmRSS, RssAnon) in KiB after `count` more edits of `card`, each waited for as a data
    render. A leak shows in RssAnon (heap, canvases); VmRSS adds the file pages of the executable,
    libraries and fonts, which the kernel maps and reclaims 64 KiB at a time with other processes'
    activity, so it swings by several MB either way between two readings."""
    for number in range(count):
        wallet_run(ctx, env, "card", "edit", card, "--code", f"RSS-{tag}-{number}")
        host.next(event="rendered", reason="data")
    host.settled()
    return host.status("VmRSS"), host.status("RssAnon")


def handled(ctx, env, host, widgets):
    """Data renders per widget (id -> count, for every widget that rendered) until the host has
    handled everything done so far; `widgets[0]` is the one asked to reload.

    Two reload requests in turn mark that point: the batch that serves the first is printed
    whole before the second is read."""
    renders = {widget: 0 for widget in widgets}
    for _ in range(2):
        wallet_run(ctx, env, "widget", "request-reload", widgets[0])
        while True:
            _, event = host.next(event="rendered")
            if event["reason"] == "intent":
                break
            if event["reason"] == "data":
                renders[event["widget"]] = renders.get(event["widget"], 0) + 1
    return renders


def import_row(ctx, env, host):
    """Data renders per widget while 10,000 cards are imported in one command."""
    spec = util.spec_from_file_location("bench_import", Path(__file__).with_name("50_import.py"))
    module = util.module_from_spec(spec)
    spec.loader.exec_module(module)
    csv_path = ctx.work / "host-import.csv"
    csv_path.write_text(module.catima_csv(10_000), encoding="utf-8")
    widgets = [w["id"] for w in json.loads(wallet_run(ctx, env, "widget", "list", "--json").stdout)]
    handled(ctx, env, host, widgets)
    start = time.perf_counter()
    wallet_run(ctx, env, "card", "import", csv_path)
    seconds = time.perf_counter() - start
    renders = handled(ctx, env, host, widgets)
    affected = [count for count in renders.values() if count]
    return ("data renders per affected widget, 10,000-card import",
            f"{max(affected) if affected else 0} ({len(affected)} of {len(widgets)} widgets affected; "
            f"import {seconds:.1f} s; goal 1)")
