"""Hostile imports and scans, whole process: each must end well within its deadline and peak
under 300 MB (issue 23). Inputs are built here: a 63 MB array of empty objects, a 63 MB array
of 2.6 million minimal cards, a 62 MB wallet JSON read in full (refused for its last card, so
the figure is the reading), a 60 MB pass.json in a 60 KB pass, a bundle of 1,000 passes among
20,000 other members, a bundle inflating to 600 MB, a PDF page drawing 2^40 forms."""
import json
import subprocess
import sys
import time
import uuid
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "Tests" / "EndToEnd"))
from hostile_inputs import nested_forms_pdf, pkpass_bytes  # noqa: E402

TITLE = "Hostile input (time, peak RSS; every run refused or done within its limit)"
CEILING_MB = 300


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
