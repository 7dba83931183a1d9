"""Pango, cairo, GLib, GObject, GIO, zint, libqrencode and libpng are opened only by the commands
that call them (Sources/CLibrariesOnDemand): the executable does not link them, commands that draw
nothing never load them, the drawing commands load them at their first call and still draw what
zxing-cpp decodes, and a missing library is one clear line, not a crash."""
import os
import shutil
import subprocess

import pytest

from conftest import WALLET_BIN, one_line_failure
from oracle import zxing_decode

# The on-demand libraries, and some of what they would bring along.
ON_DEMAND = ("libcairo.so", "libpango-1.0.so", "libpangocairo-1.0.so", "libglib-2.0.so",
             "libgobject-2.0.so", "libgio-2.0.so", "libzint.so", "libqrencode.so", "libpng16.so",
             "libfontconfig.so", "libharfbuzz.so", "libX11.so")
TIMEOUT = 60


def opened_libraries(wallet, *args):
    """The run, and the shared objects the dynamic loader opened during it (LD_DEBUG=files)."""
    run = wallet.run(*args, env={"LD_DEBUG": "files"})
    return run, {os.path.basename(line.split("file=")[1].split()[0]) for line in run.stderr.splitlines()
                 if "file=" in line}


def on_demand_among(libraries):
    return {name for name in libraries if name.startswith(ON_DEMAND)}


def small_wallet(wallet):
    card = wallet.run("card", "add", "--store", "Alpha", "--code", "ALPHA-1", "--format", "qr").stdout.strip()
    widget = wallet.run("widget", "add", "--family", "small", "--cards", card).stdout.strip()
    return card, widget


def test_the_executable_links_none_of_them():
    linked = subprocess.run(["ldd", WALLET_BIN], capture_output=True, text=True, check=True, timeout=TIMEOUT).stdout
    assert not on_demand_among(line.split()[0] for line in linked.splitlines() if line.strip()), linked


def test_commands_that_draw_nothing_load_none_of_them(wallet):
    card, widget = small_wallet(wallet)
    for args in (["--help"], ["card", "list"], ["card", "list", "--json"], ["card", "show", card, "--json"],
                 ["widget", "tap", widget, "10", "10"], ["widget", "options", widget, "--json"],
                 ["widget", "timeline", widget]):
        run, opened = opened_libraries(wallet, *args)
        assert run.stdout and not on_demand_among(opened), (args, sorted(opened))


def test_a_render_loads_them_and_draws_a_readable_code(wallet, tmp_path):
    _, widget = small_wallet(wallet)
    out = tmp_path / "small.png"
    _, opened = opened_libraries(wallet, "widget", "render", widget, "--output", out)
    assert {"libcairo.so.2", "libpango-1.0.so.0", "libpangocairo-1.0.so.0", "libqrencode.so.4",
            "libpng16.so.16"} <= opened, sorted(opened)
    assert [(d.format, d.text) for d in zxing_decode(out)] == [("QRCode", "ALPHA-1")]


@pytest.mark.skipif(os.geteuid() != 0 or not shutil.which("unshare"), reason="needs root and unshare")
def test_a_missing_library_is_one_line_and_writes_nothing(wallet, tmp_path):
    """libcairo.so.2 unreadable: the render stops with one line naming it and its package."""
    _, widget = small_wallet(wallet)
    cairo = subprocess.run(["/sbin/ldconfig", "-p"], capture_output=True, text=True, check=True).stdout
    path = next(line.split("=> ")[1] for line in cairo.splitlines() if line.strip().startswith("libcairo.so.2 ")
                and "x86-64" in line)
    out = tmp_path / "small.png"
    # In a private mount namespace an empty file stands where libcairo.so.2 is.
    run = subprocess.run(
        ["unshare", "--mount", "--propagation", "private", "sh", "-c",
         'mount --bind /dev/null "$1" && shift && exec "$@"', "sh", path,
         WALLET_BIN, "widget", "render", widget, "--output", str(out)],
        capture_output=True, text=True, env=wallet.env, timeout=TIMEOUT)
    line = one_line_failure(run)
    assert run.returncode == 127 and "libcairo.so.2" in line and "libcairo2" in line, line
    assert not out.exists()
