"""The card at the till: showing a card never depends on recording that it was shown (a full
disk), a timer notices when `widget host --once` failed to render, and a terminal without
colors (TERM=dumb) gets a barcode without escape sequences that still scans."""
import json
import os
import subprocess
import tempfile

import pytest

from conftest import WALLET_BIN, Wallet, one_line_failure, run_in_terminal
from oracle import terminal_to_png, zxing_decode

DEADLINE = 30


@pytest.fixture
def full_disk():
    """A 2 MB tmpfs, mounted for the test and unmounted after (root only)."""
    if os.geteuid() != 0:
        pytest.skip("mounting a small tmpfs needs root")
    mount = tempfile.mkdtemp(prefix="wallet-full-")
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=2m,mode=0755", "tmpfs", mount], check=True, timeout=DEADLINE)
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", mount], check=True, timeout=DEADLINE)
        os.rmdir(mount)


def fill(directory):
    with open(os.path.join(directory, "filler"), "wb") as filler:
        try:
            while True:
                filler.write(b"\0" * 65536)
        except OSError:
            pass


def test_a_full_disk_still_shows_the_card_and_says_the_use_was_not_recorded(full_disk, tmp_path):
    wallet = Wallet(os.path.join(full_disk, "home"))
    card = wallet.run("card", "add", "--store", "Bakery", "--code", "BAKE-42", "--format", "qr").stdout.strip()
    fill(full_disk)
    run = wallet.run("open", f"wallet://card/{card}", "--png", tmp_path / "till.png")
    assert "Bakery" in run.stdout and "BAKE-42" in run.stdout
    assert "not recorded" in run.stderr and "snapshot" in run.stderr and "disk is full" in run.stderr
    assert [d.text for d in zxing_decode(tmp_path / "till.png")] == ["BAKE-42"]
    listed = wallet.run("card", "list", "--json")
    assert json.loads(listed.stdout)[0]["usageCount"] == 0
    os.remove(os.path.join(full_disk, "filler"))
    wallet.run("open", f"wallet://card/{card}")
    assert json.loads(wallet.run("card", "list", "--json").stdout)[0]["usageCount"] == 1


def test_host_once_exits_non_zero_when_a_render_failed(wallet, tmp_path):
    card = wallet.run("card", "add", "--store", "Bakery", "--code", "BAKE-42", "--format", "qr").stdout.strip()
    widget = wallet.run("widget", "add", "--family", "small", "--cards", card).stdout.strip()
    out = tmp_path / "out"
    out.mkdir()
    (out / f"{widget}-small.png").mkdir()  # the snapshot's place is taken: its write fails
    run = wallet.run("widget", "host", "--output", out, "--once", check=False)
    lines = [json.loads(line) for line in run.stdout.splitlines()]
    assert any(line["event"] == "error" and widget in line["message"] for line in lines), lines
    assert "1 error while rendering" in one_line_failure(run)
    (out / f"{widget}-small.png").rmdir()
    assert wallet.run("widget", "host", "--output", out, "--once").returncode == 0
    assert [d.text for d in zxing_decode(out / f"{widget}-small.png")] == ["BAKE-42"]


@pytest.mark.parametrize("fmt,value,two_dimensional", [("qr", "DUMB-7", True), ("code128", "DUMB-128", False)])
def test_a_dumb_terminal_gets_no_escapes_and_a_barcode_that_scans(wallet, tmp_path, fmt, value, two_dimensional):
    wallet.run("card", "add", "--store", "Plain", "--code", value, "--format", fmt)
    status, _, shown = run_in_terminal(wallet, "card", "show", "Plain", columns=200, env={"TERM": "dumb"})
    assert status == 0 and "\x1b" not in shown
    png = terminal_to_png(shown, tmp_path / "dumb.png", two_dimensional)
    assert [d.text for d in zxing_decode(png)] == [value]
    status, _, colored = run_in_terminal(wallet, "card", "show", "Plain", columns=200, env={"TERM": "xterm-256color"})
    assert status == 0 and "\x1b[38;5;16" in colored
