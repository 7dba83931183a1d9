"""`wallet open --window` is the app: on a private Xvfb and session bus, `wallet open URL --window`
becomes `wallet-app URL` (its event lines on wallet's stdout), shows that card, and its barcode is
read back from a screenshot by zxing-cpp, pure black on white; later links (with --window, or
implied without a terminal, as a desktop's link handler runs it) reach the running window and
the started `wallet` exits at once; `--home` reaches the app; each card's use is recorded once, by the app; Ctrl+Q quits.
The failures are one line before anything is recorded: no display named, a display that cannot
be opened (said by the app), no app beside wallet nor on PATH, an unknown card."""
import json
import shutil
import subprocess
import time
from contextlib import ExitStack, contextmanager

import pytest
import zxingcpp
from PIL import ImageGrab

from app_session import LineProcess, app_binary
from conftest import WALLET_BIN, one_line_failure, refused
from oracle import ZXING_NAMES
from session_bus import SessionBus
from xserver import xvfb

DEADLINE = 30.0
pytestmark = [
    pytest.mark.skipif(not (shutil.which("Xvfb") and shutil.which("xdotool")), reason="needs xvfb and xdotool (make deps-test)"),
    pytest.mark.skipif(not app_binary().exists(), reason="wallet-app is not built (make e2e-test builds it)"),
]
CODES = [
    ("qr", "MEMBER-0042 Ünïcödé", "MEMBER-0042 Ünïcödé"),
    ("ean13", "400638133393", "4006381333931"),
    ("pdf417", "PDF417-MEMBER-123456", "PDF417-MEMBER-123456"),
    ("code39", "CODE39-77", "CODE39-77"),
]


@contextmanager
def desktop(wallet, size="1280x800"):
    """The environment of a private desktop: Xvfb and a session bus (GApplication's single instance)."""
    with ExitStack() as stack:
        display = stack.enter_context(xvfb(DEADLINE, size=size))
        bus = SessionBus(notifications=False)
        stack.callback(bus.stop)
        env = dict(wallet.env, DBUS_SESSION_BUS_ADDRESS=bus.address, DISPLAY=display, GDK_BACKEND="x11",
                   GSK_RENDERER="cairo", GTK_A11Y="none", NO_AT_BRIDGE="1", GSETTINGS_BACKEND="memory",
                   WALLET_APP_SIZE=size, ADW_DEBUG_COLOR_SCHEME="prefer-light", LC_ALL="C.UTF-8")
        env.pop("LANGUAGE", None)
        yield display, env


def add(wallet, *args):
    return wallet.run("card", "add", *args).stdout.strip()


def usage(wallet, card_id):
    return json.loads(wallet.run("card", "show", card_id, "--json").stdout)["usageCount"]


def shown_card(card_id):
    return lambda event: event.get("event") == "shown" and event.get("card") == card_id


def decode_screen(display, format_name, expected):
    """Grabs the screen until zxing-cpp reads `expected` as a `format_name` symbol on it; the symbol
    must be pure black on pure white (no grey edge inside it)."""
    end = time.monotonic() + DEADLINE
    seen = []
    while time.monotonic() < end:
        screen = ImageGrab.grab(xdisplay=display).convert("RGB")
        found = [r for r in zxingcpp.read_barcodes(screen) if r.format.name == ZXING_NAMES[format_name]]
        seen = [r.text for r in found]
        if seen == [expected]:
            corners = [found[0].position.top_left, found[0].position.top_right,
                       found[0].position.bottom_right, found[0].position.bottom_left]
            box = (min(p.x for p in corners), min(p.y for p in corners),
                   max(p.x for p in corners) + 1, max(p.y for p in corners) + 1)
            colours = {colour for _, colour in screen.crop(box).getcolors(maxcolors=1 << 20)}
            assert colours <= {(0, 0, 0), (255, 255, 255)}, f"not black on white: {sorted(colours)[:5]}"
            return
        time.sleep(0.05)
    raise AssertionError(f"{format_name} {expected!r} not on the screen within the deadline; read {seen}")


def test_open_window_starts_the_app_at_the_card_and_later_links_reach_it(wallet):
    cards = [(add(wallet, "--store", f"Shop {name}", "--code", code, "--format", name), name, expected)
             for name, code, expected in CODES]
    with desktop(wallet) as (display, env):
        first_id, first_format, first_text = cards[0]
        # --home beats WALLET_HOME, and reaches the app.
        app = LineProcess([WALLET_BIN, "open", "--home", str(wallet.home), f"wallet://card/{first_id}", "--window"],
                          dict(env, WALLET_HOME=str(wallet.home.parent / "elsewhere")))
        try:
            assert app.wait_for(lambda event: event.get("event") == "ready")["applicationID"] == "app.wallet.Wallet"
            app.wait_for(shown_card(first_id))
            assert app.wait_for(lambda event: event.get("event") == "barcode")["moduleSize"] >= 2
            decode_screen(display, first_format, first_text)
            for index, (card_id, format_name, text) in enumerate(cards[1:]):
                # With --window, then as a desktop's link handler runs it (no terminal, no option).
                arguments = ["--window"] if index % 2 == 0 else []
                second = subprocess.run([WALLET_BIN, "open", f"wallet://card/{card_id}", *arguments], env=env,
                                        stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=DEADLINE)
                assert (second.returncode, second.stdout, second.stderr) == (0, "", ""), second.stderr
                app.wait_for(shown_card(card_id))
                decode_screen(display, format_name, text)
            overview = subprocess.run([WALLET_BIN, "open", "wallet://", "--window"], env=env, capture_output=True,
                                      text=True, timeout=DEADLINE)
            assert overview.returncode == 0, overview.stderr
            app.wait_for(lambda event: event == {"event": "shown", "page": "cards"})
            subprocess.run(["xdotool", "search", "--sync", "--onlyvisible", "--limit", "1", "--name", "Wallet",
                            "windowfocus", "--sync", "%1", "key", "ctrl+q"], env=env, check=True, timeout=DEADLINE)
            assert app.process.wait(DEADLINE) == 0
        finally:
            app.stop()
    assert [usage(wallet, card_id) for card_id, _, _ in cards] == [1, 1, 1, 1]


def test_window_without_a_display_is_one_line_error_and_records_nothing(wallet):
    card_id = add(wallet, "--store", "Nowhere", "--code", "N-1", "--format", "qr")
    line = one_line_failure(wallet.run("open", f"wallet://card/{card_id}", "--window", check=False))
    assert "no graphical display" in line and "--no-window" in line
    # A display named but not there: the app itself says so, in one line, before it records a use.
    line = one_line_failure(wallet.run("open", f"wallet://card/{card_id}", "--window", check=False,
                                       env={"DISPLAY": ":99999", "WAYLAND_DISPLAY": ""}))
    assert line.startswith("wallet-app: ") and "no graphical display" in line and "':99999'" in line
    assert usage(wallet, card_id) == 0


def lone_wallet(tmp_path):
    """A copy of wallet in a directory without wallet-app."""
    alone = tmp_path / "bin" / "wallet"
    alone.parent.mkdir()
    shutil.copy(WALLET_BIN, alone)
    return alone


def test_window_without_the_app_is_one_line_error(wallet, tmp_path):
    alone = lone_wallet(tmp_path)
    card_id = add(wallet, "--store", "Lonely", "--code", "L-1", "--format", "qr")
    run = subprocess.run([alone, "open", f"wallet://card/{card_id}", "--window"], capture_output=True, timeout=DEADLINE,
                         text=True, env=dict(wallet.env, DISPLAY=":99999", PATH=str(tmp_path / "bin")))
    line = one_line_failure(run)
    assert "wallet-app" in line and str(alone.parent) in line and "make install" in line and "--no-window" in line
    assert usage(wallet, card_id) == 0


def test_window_finds_the_app_on_path_when_it_is_not_beside_wallet(wallet, tmp_path):
    """The app found on PATH is the one started: it reports the display it cannot open."""
    alone = lone_wallet(tmp_path)
    run = subprocess.run([alone, "open", "wallet://", "--window"], capture_output=True, timeout=DEADLINE, text=True,
                         env=dict(wallet.env, DISPLAY=":99999", PATH=f"{tmp_path / 'bin'}:{app_binary().parent}"))
    assert one_line_failure(run).startswith("wallet-app: ")


def test_window_for_an_unknown_card_is_refused_before_the_app_starts(wallet):
    add(wallet, "--store", "Known", "--code", "K-1", "--format", "qr")
    line = one_line_failure(wallet.run("open", "wallet://card/00000000-0000-4000-8000-000000000000", "--window",
                                       check=False, env={"DISPLAY": ":99999"}))
    assert "not in the wallet" in line


def test_window_with_json_is_refused(wallet):
    card_id = add(wallet, "--store", "Both", "--code", "B-1", "--format", "qr")
    refused(wallet, "open", f"wallet://card/{card_id}", "--window", "--json", fragment="--window and --json")
    refused(wallet, "open", f"wallet://card/{card_id}", "--window", "--png", "x.png", fragment="--window and --png")


def test_no_window_prints_even_with_a_display(wallet):
    card_id = add(wallet, "--store", "Printed", "--code", "P-1", "--format", "qr")
    run = wallet.run("open", f"wallet://card/{card_id}", "--no-window", env={"DISPLAY": ":99999"})
    assert "Printed" in run.stdout and "P-1" in run.stdout
    assert usage(wallet, card_id) == 1
