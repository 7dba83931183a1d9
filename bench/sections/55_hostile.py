"""Hostile imports and scans, whole process: each must end well within its deadline and peak
under 300 MB (issue 23). Inputs are built here: a 63 MB array of empty objects, a 63 MB array
of 2.6 million minimal cards, a 62 MB wallet JSON read in full (refused for its last card, so
the figure is the reading), a 60 MB pass.json in a 60 KB pass, a bundle of 1,000 passes among
20,000 other members, a bundle inflating to 600 MB, a PDF page drawing 2^40 forms."""
import hashlib
import io
import json
import subprocess
import time
import uuid
import zipfile

TITLE = "Hostile input (time, peak RSS; every run refused or done within its limit)"
CEILING_MB = 300


def pkpass_bytes(pass_json):
    """A pass zip holding `pass.json` and the manifest of its SHA-1 (a pass without one is refused
    before its size would be: the figures must measure the bounds, not the manifest check)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("pass.json", pass_json)
        archive.writestr("manifest.json", json.dumps({"pass.json": hashlib.sha1(pass_json.encode()).hexdigest()}))
    return buffer.getvalue()


def nested_forms_pdf(path, depth=40):
    objects = {1: b"<< /Type /Catalog /Pages 2 0 R >>", 2: b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
               3: b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Resources << /XObject << /F0 5 0 R >> >> /Contents 4 0 R >>",
               4: b"<< /Length 10 >>\nstream\nq /F0 Do Q\nendstream"}
    for level in range(depth):
        last = level + 1 == depth
        body = b"0 0 1 1 re f" if last else b"/F%d Do /F%d Do" % (level + 1, level + 1)
        resources = b"" if last else b"/Resources << /XObject << /F%d %d 0 R >> >>" % (level + 1, 6 + level)
        objects[5 + level] = (b"<< /Type /XObject /Subtype /Form /BBox [0 0 200 200] %s /Length %d >>\nstream\n%s\nendstream"
                              % (resources, len(body), body))
    data, offsets = b"%PDF-1.4\n", {}
    for number in sorted(objects):
        offsets[number] = len(data)
        data += b"%d 0 obj\n%s\nendobj\n" % (number, objects[number])
    xref = len(data)
    data += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    data += b"".join(b"%010d 00000 n \n" % offsets[number] for number in sorted(objects))
    data += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    path.write_bytes(data)
    return path


def inputs(work):
    (work / "empty.json").write_text("[" + ",".join(["{}"] * 21_000_000) + "]")
    (work / "cards.json").write_text("[" + ",".join(['{"store":"S","code":"1"}'] * 2_600_000) + "]")
    cards = [json.dumps({"id": str(uuid.UUID(int=n)), "store": f"Store {n}", "code": str(n), "color": "#112233",
                         "note": "n" * 1000, "createdAt": "2026-01-01T00:00:00Z"}) for n in range(58_000)]
    cards.append(json.dumps({"id": str(uuid.UUID(int=0)), "store": "Twin", "code": "0", "color": "#112233"}))
    (work / "wallet.json").write_text('{"format": "wallet", "version": 1, "cards": [' + ",".join(cards) + "]}")
    (work / "huge.pkpass").write_bytes(pkpass_bytes('{"logoText": "A", "description": "' + "x" * (60 << 20) + '"}'))
    with zipfile.ZipFile(work / "many.pkpasses", "w", zipfile.ZIP_STORED) as archive:
        for number in range(20_000):
            archive.writestr(f"junk/{number}.txt", b"")
        for number in range(1_000):
            archive.writestr(f"{number}.pkpass", pkpass_bytes(json.dumps({"logoText": f"P{number}", "serialNumber": str(number)})))
    member = pkpass_bytes(json.dumps({"logoText": "Big", "serialNumber": "1"}) + " " * (3 << 20))
    with zipfile.ZipFile(work / "heavy.pkpasses", "w", zipfile.ZIP_STORED) as archive:
        for number in range(200):
            archive.writestr(f"{number}.pkpass", member)
    nested_forms_pdf(work / "forms.pdf")
    return [("63 MB array of empty objects", ["card", "import", "empty.json"]),
            ("63 MB array of 2.6 M minimal cards", ["card", "import", "cards.json"]),
            ("62 MB wallet JSON, 58,000 cards read", ["card", "import", "wallet.json"]),
            ("60 MB pass.json in a 60 KB pass", ["card", "import", "huge.pkpass"]),
            ("bundle: 1,000 passes among 20,000 members", ["card", "import", "many.pkpasses"]),
            ("bundle inflating to 600 MB", ["card", "import", "heavy.pkpasses"]),
            ("PDF page drawing 2^40 forms (scan limit 30 s)", ["card", "scan", "forms.pdf"])]


def run(ctx):
    rows = []
    for label, args in inputs(ctx.work):
        home = ctx.work / "hostile-home"
        subprocess.run(["rm", "-rf", str(home)], check=True)
        start = time.perf_counter()
        done = subprocess.run(["/usr/bin/time", "-f", "%M", ctx.wallet, *args], cwd=ctx.work, capture_output=True, text=True,
                              timeout=120, env=dict(ctx._env(None), WALLET_HOME=str(home), WALLET_NOW="2026-11-22T09:30:00Z"))
        seconds = time.perf_counter() - start
        peak_mb = int(done.stderr.strip().splitlines()[-1]) / 1024
        outcome = "imported" if done.returncode == 0 else "refused"
        rows.append((label, f"{seconds:.2f} s, peak RSS {peak_mb:.0f} MiB (< {CEILING_MB}), {outcome}"))
    return rows
