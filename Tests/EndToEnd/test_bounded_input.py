"""Every stage of a scan and an import ends in time and within memory, whatever the shape of
the input: FIFOs, bundles of many members or many bytes, PDF pages that draw forms within
forms, a 60 MB pass.json, a 63 MB wallet JSON, a 63 MB array of empty objects. Each run has a
deadline and its peak RSS is measured with /usr/bin/time."""
import json
import os
import subprocess
import time
import uuid
import zipfile

from bounded import measured
from hostile_inputs import nested_forms_pdf, pkpass_bytes
from conftest import WALLET_BIN, one_line_failure
from test_interop import all_cards

DEADLINE = 30
CEILING_MB = 300


# Hangs


def test_a_fifo_is_refused_without_blocking(wallet, tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    for args, fragment in ((["card", "scan", fifo], "not a regular file"), (["card", "import", fifo], "nothing written")):
        run = measured(wallet, *args, deadline=DEADLINE)
        assert run.returncode != 0 and fragment in run.stderr, run.stderr


def test_a_pipe_still_imports(wallet):
    document = json.dumps([{"store": "Piped", "code": "42"}])
    run = subprocess.run([WALLET_BIN, "card", "import", "/dev/stdin"], input=document, capture_output=True, text=True,
                         env=wallet.env, timeout=DEADLINE)
    assert run.returncode == 0, run.stderr
    assert all_cards(wallet)["Piped"]["code"] == "42"


def test_a_pdf_drawing_forms_within_forms_stops_at_the_scan_limit(wallet, tmp_path):
    pdf = nested_forms_pdf(tmp_path / "forms.pdf")
    started = time.monotonic()
    run = measured(wallet, "card", "scan", pdf, deadline=DEADLINE, env={"WALLET_SCAN_SECONDS": "1"})
    assert time.monotonic() - started < 10
    assert run.returncode != 0 and "time limit" in run.stderr and len(run.stderr.strip().splitlines()) == 1, run.stderr
    assert run.peak_mb < CEILING_MB


def test_a_bundle_with_many_members_is_read_in_linear_time(wallet, tmp_path):
    bundle = tmp_path / "many.pkpasses"
    with zipfile.ZipFile(bundle, "w", zipfile.ZIP_STORED) as archive:
        for number in range(20_000):
            archive.writestr(f"junk/{number}.txt", b"")
        for number in range(1_000):
            archive.writestr(f"{number}.pkpass", pkpass_bytes(json.dumps({"logoText": f"Pass {number}", "serialNumber": str(number)})))
    run = measured(wallet, "card", "import", bundle, deadline=60)
    assert run.returncode == 0 and run.stdout.strip() == "added 1000, skipped 0", run.stderr
    assert run.peak_mb < CEILING_MB


def test_a_bundle_inflating_past_its_total_limit_is_refused(wallet, tmp_path):
    padded = json.dumps({"logoText": "Big", "serialNumber": "1"}) + " " * (3 << 20)
    member = pkpass_bytes(padded)
    bundle = tmp_path / "heavy.pkpasses"
    with zipfile.ZipFile(bundle, "w", zipfile.ZIP_STORED) as archive:
        for number in range(200):
            archive.writestr(f"{number}.pkpass", member)
    assert bundle.stat().st_size < 4 << 20
    run = measured(wallet, "card", "import", bundle, deadline=DEADLINE)
    line = one_line_failure(run)
    assert "256 MB in all" in line, line
    assert run.peak_mb < CEILING_MB


# Memory


def test_a_60_mb_pass_json_in_a_small_pass_is_refused_in_bounded_memory(wallet, tmp_path):
    path = tmp_path / "huge.pkpass"
    path.write_bytes(pkpass_bytes('{"logoText": "A", "serialNumber": "1", "description": "' + "x" * (60 << 20) + '"}'))
    assert path.stat().st_size < 1 << 20
    run = measured(wallet, "card", "import", path, deadline=DEADLINE)
    assert "over the 4 MB limit for a pass's pass.json" in one_line_failure(run)
    assert run.peak_mb < 100, run.peak_mb


def test_a_63_mb_array_of_empty_objects_is_refused_in_bounded_memory(wallet, tmp_path):
    path = tmp_path / "empty.json"
    path.write_text("[" + ",".join(["{}"] * 21_000_000) + "]")
    run = measured(wallet, "card", "import", path, deadline=DEADLINE)
    assert '[0]: invalid JSON: missing key "store"' in one_line_failure(run)
    assert run.peak_mb < 2 * 63 + 40, run.peak_mb


def test_a_63_mb_array_of_cards_past_the_card_limit_is_refused_in_bounded_memory(wallet, tmp_path):
    path = tmp_path / "many.json"
    path.write_text("[" + ",".join(['{"store":"S","code":"1"}'] * 2_600_000) + "]")
    assert path.stat().st_size > 60 << 20
    run = measured(wallet, "card", "import", path, deadline=DEADLINE)
    assert "more than 100000 entries" in one_line_failure(run)
    assert run.peak_mb < 2 * 63 + 60, run.peak_mb


def test_a_63_mb_wallet_json_is_read_in_a_small_multiple_of_its_size(wallet, tmp_path):
    """Read in full (every card decoded and checked), then refused for its last card, so that
    the measurement is the reading, not the database."""
    cards = [json.dumps({"id": str(uuid.UUID(int=n)), "store": f"Store {n}", "code": str(n), "color": "#112233",
                         "note": "n" * 1000, "createdAt": "2026-01-01T00:00:00Z"}) for n in range(58_000)]
    cards.append(json.dumps({"id": str(uuid.UUID(int=0)), "store": "Twin", "code": "0", "color": "#112233"}))
    path = tmp_path / "wallet.json"
    path.write_text('{"format": "wallet", "version": 1, "groups": [], "usage": [], "cards": [' + ",".join(cards) + "]}")
    assert path.stat().st_size > 60 << 20
    run = measured(wallet, "card", "import", path, deadline=60)
    line = one_line_failure(run)
    assert "cards[58000].id" in line and "appears twice" in line, line
    assert run.peak_mb < CEILING_MB, run.peak_mb
