"""End-to-end checks of `wallet open --window` (the GTK 4 card window) on a real X server (Xvfb).

The window is started, its `{"event": "shown"}` line read with a deadline, the screen grabbed and
the barcode decoded from the screenshot by zxing-cpp; `q` (or Esc) sent with xdotool must close it
with exit 0. The overview lists favorites first and a click shows that card.
"""
import json
import os
import selectors
import shutil
import subprocess
import time

import pytest
import zxingcpp
from PIL import Image, ImageChops, ImageGrab

from conftest import WALLET_BIN, one_line_failure, refused
from oracle import ZXING_NAMES
from xserver import xvfb

DEADLINE = 20.0
pytestmark = pytest.mark.skipif(
    not (shutil.which("Xvfb") and shutil.which("xdotool")), reason="needs xvfb and xdotool (make deps-test)")


@pytest.fixture(scope="module")
def display():
    """A private X server for the module's windows."""
    with xvfb(DEADLINE) as name:
        yield name


class Window:
    """A running `wallet open ... --window`, its stdout read line by line with a deadline."""

    def __init__(self, wallet, display, *args):
        self.display = display
        env = dict(wallet.env, DISPLAY=display, GSK_RENDERER="cairo", GTK_A11Y="none", NO_AT_BRIDGE="1")
        env.pop("WAYLAND_DISPLAY", None)
        self.process = subprocess.Popen(
            [WALLET_BIN, "open", *args], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, env=env)
        self.events = selectors.DefaultSelector()
        self.events.register(self.process.stdout, selectors.EVENT_READ)
        self.pending = b""

    def next_event(self):
        """The next stdout line as JSON (raw reads: a buffered reader would hide lines from select)."""
        end = time.monotonic() + DEADLINE
        while b"\n" not in self.pending:
            remaining = end - time.monotonic()
            assert remaining > 0 and self.events.select(remaining), "no event line within the deadline"
            chunk = os.read(self.process.stdout.fileno(), 65536)
            assert chunk, f"window exited early: {self.process.wait(DEADLINE)} {self.process.stderr.read()}"
            self.pending += chunk
        line, self.pending = self.pending.split(b"\n", 1)
        return json.loads(line)

    def xdotool(self, *args):
        subprocess.run(["xdotool", *args], env=dict(os.environ, DISPLAY=self.display), check=True, timeout=DEADLINE)

    def press(self, key):
        """Presses `key` in the window, then releases it on the server. The window closes on the
        press, so the release goes to no window in particular; without it the key stays held in
        the module's shared Xvfb and autorepeat closes the next window the moment it appears."""
        try:
            self.xdotool("search", "--sync", "--onlyvisible", "--limit", "1", "--name", "Wallet", "keydown", key)
        finally:
            self.xdotool("keyup", key)

    def finish(self):
        """Waits for the exit; returns (exit code, events printed after the last one read)."""
        code = self.process.wait(DEADLINE)
        rest = [json.loads(line) for line in (self.pending + self.process.stdout.read()).splitlines()]
        return code, rest

    def kill(self):
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(DEADLINE)


@pytest.fixture
def windows():
    started = []
    yield started
    for window in started:
        window.kill()


def decode_screen(display, format_name):
    """Grabs the screen until zxing-cpp reads a `format_name` symbol on it (a frame may be late).
    The symbol must be pure black on pure white: no grey edge anywhere inside it."""
    end = time.monotonic() + DEADLINE
    while time.monotonic() < end:
        screen = ImageGrab.grab(xdisplay=display).convert("RGB")
        found = [r for r in zxingcpp.read_barcodes(screen) if r.format.name == ZXING_NAMES[format_name]]
        if found:
            for result in found:
                corners = [result.position.top_left, result.position.top_right,
                           result.position.bottom_right, result.position.bottom_left]
                box = (min(p.x for p in corners), min(p.y for p in corners),
                       max(p.x for p in corners) + 1, max(p.y for p in corners) + 1)
                colours = {colour for _, colour in screen.crop(box).getcolors(maxcolors=1 << 20)}
                assert colours <= {(0, 0, 0), (255, 255, 255)}, f"not black on white: {sorted(colours)[:5]}"
            return [r.text for r in found]
    raise AssertionError(f"no {format_name} barcode on the screen within the deadline")


def add(wallet, *args):
    return wallet.run("card", "add", *args).stdout.strip()


def card(wallet, card_id):
    return json.loads(wallet.run("card", "show", card_id, "--json").stdout)


@pytest.mark.parametrize("format_name, code, expected", [
    ("qr", "MEMBER-0042 Ünïcödé", "MEMBER-0042 Ünïcödé"),
    ("ean13", "400638133393", "4006381333931"),
    ("pdf417", "PDF417-MEMBER-123456", "PDF417-MEMBER-123456"),
    ("code39", "CODE39-77", "CODE39-77"),
])
def test_card_window_shows_a_scannable_barcode_and_q_closes_it(wallet, display, windows, format_name, code, expected):
    card_id = add(wallet, "--store", "Bäckerei Ünïcode", "--code", code, "--format", format_name, "--note", "Gate 4")
    window = Window(wallet, display, f"wallet://card/{card_id}", "--window")
    windows.append(window)
    shown = window.next_event()
    assert shown["event"] == "shown" and shown["card"] == card_id and shown["moduleSize"] >= 2
    assert decode_screen(display, format_name) == [expected]
    window.press("q")
    assert window.finish() == (0, [{"event": "closed"}])
    assert card(wallet, card_id)["usageCount"] == 1


def test_escape_closes_the_window(wallet, display, windows):
    card_id = add(wallet, "--store", "Esc", "--code", "ESC-1", "--format", "code128")
    window = Window(wallet, display, f"wallet://card/{card_id}", "--window")
    windows.append(window)
    assert window.next_event()["event"] == "shown"
    window.press("Escape")
    assert window.finish() == (0, [{"event": "closed"}])


def test_without_a_terminal_the_window_is_implied(wallet, display, windows):
    card_id = add(wallet, "--store", "Linked", "--code", "LINK-9", "--format", "qr")
    window = Window(wallet, display, f"wallet://card/{card_id}")  # as a desktop's link handler runs it
    windows.append(window)
    shown = window.next_event()
    assert shown["event"] == "shown" and shown["card"] == card_id
    assert decode_screen(display, "qr") == ["LINK-9"]
    window.press("q")
    assert window.finish()[0] == 0


def test_overview_lists_favorites_first_and_a_click_shows_that_card(wallet, display, windows):
    plain = add(wallet, "--store", "Aardvark Shop", "--code", "PLAIN-1", "--format", "qr")
    favorite = add(wallet, "--store", "Zebra Market", "--code", "FAV-2", "--format", "qr", "--favorite")
    window = Window(wallet, display, "wallet://", "--window")
    windows.append(window)
    assert window.next_event() == {"event": "shown", "card": None, "moduleSize": 0}
    window.xdotool("search", "--sync", "--onlyvisible", "--limit", "1", "--name", "Wallet", "mousemove", "--window", "%1", "60", "20", "click", "1")
    assert window.next_event() == {"event": "opened", "card": favorite}
    shown = window.next_event()
    assert shown["card"] == favorite and shown["moduleSize"] >= 2
    assert decode_screen(display, "qr") == ["FAV-2"]
    window.press("q")
    assert window.finish()[0] == 0
    assert card(wallet, favorite)["usageCount"] == 1 and card(wallet, plain)["usageCount"] == 0


def test_window_without_a_display_is_one_line_error(wallet):
    card_id = add(wallet, "--store", "Nowhere", "--code", "N-1", "--format", "qr")
    run = wallet.run("open", f"wallet://card/{card_id}", "--window", check=False,
                     env={"DISPLAY": ":99999", "WAYLAND_DISPLAY": ""})
    line = one_line_failure(run)
    assert "no graphical display" in line and "--no-window" in line
    assert card(wallet, card_id)["usageCount"] == 0


def test_window_without_its_library_is_one_line_error(wallet, tmp_path):
    alone = tmp_path / "bin" / "wallet"
    alone.parent.mkdir()
    shutil.copy(WALLET_BIN, alone)
    card_id = add(wallet, "--store", "Lonely", "--code", "L-1", "--format", "qr")
    run = subprocess.run([alone, "open", f"wallet://card/{card_id}", "--window"], capture_output=True, timeout=DEADLINE, text=True,
                         env=dict(wallet.env, DISPLAY=":99999"))
    line = one_line_failure(run)
    assert "libWalletWindow.so" in line and "make install" in line
    assert card(wallet, card_id)["usageCount"] == 0


def test_window_with_json_is_refused(wallet):
    card_id = add(wallet, "--store", "Both", "--code", "B-1", "--format", "qr")
    refused(wallet, "open", f"wallet://card/{card_id}", "--window", "--json", fragment="--window and --json")
    refused(wallet, "open", f"wallet://card/{card_id}", "--window", "--png", "x.png", fragment="--window and --png")


def test_no_window_prints_even_with_a_display(wallet, display):
    card_id = add(wallet, "--store", "Printed", "--code", "P-1", "--format", "qr")
    run = wallet.run("open", f"wallet://card/{card_id}", "--no-window", env={"DISPLAY": display})
    assert "Printed" in run.stdout and "P-1" in run.stdout


MAGENTA = (255, 0, 255)


def magenta_logo(path):
    """A 150 x 50 logo, magenta with a white bar: colours no other part of the window uses."""
    logo = Image.new("RGB", (150, 50), MAGENTA)
    logo.paste((255, 255, 255), (20, 20, 130, 30))
    logo.save(path)
    return path


def colour_box(screen, colour):
    """The bounding box (left, top, right, bottom) of the pixels of exactly `colour`, or None."""
    channels = [band.point(lambda v, want=want: 255 if v == want else 0) for band, want in zip(screen.split(), colour)]
    return ImageChops.multiply(ImageChops.multiply(channels[0], channels[1]), channels[2]).getbbox()


def wait_for_pixels(display, colour, present):
    """The screen and `colour`'s box on it, grabbed until the colour is on it (or, with present
    False, until it is not)."""
    end = time.monotonic() + DEADLINE
    while time.monotonic() < end:
        screen = ImageGrab.grab(xdisplay=display).convert("RGB")
        box = colour_box(screen, colour)
        if (box is not None) == present:
            return screen, box
    raise AssertionError(f"{colour} {'never appeared' if present else 'stayed'} on the screen")


def test_card_window_draws_the_logo_on_a_band_of_the_cards_colour_above_the_code(wallet, display, windows, tmp_path):
    card_id = add(wallet, "--store", "Logo Shop", "--code", "LOGO-77", "--format", "qr", "--color", "#1E5AA8",
                  "--logo", magenta_logo(tmp_path / "logo.png"))
    window = Window(wallet, display, f"wallet://card/{card_id}", "--window")
    windows.append(window)
    assert window.next_event()["card"] == card_id
    screen, (left, top, right, bottom) = wait_for_pixels(display, MAGENTA, present=True)
    assert right - left >= 100 and bottom - top >= 30, "the logo is drawn at a readable size"
    assert decode_screen(display, "qr") == ["LOGO-77"]
    code = next(r for r in zxingcpp.read_barcodes(screen) if r.text == "LOGO-77")
    assert bottom < code.position.top_left.y, "the logo is drawn above the code"
    band = {screen.getpixel((x, top - 4)) for x in range(left, right)}
    assert band == {(0x1E, 0x5A, 0xA8)}, f"the logo sits on the card's colour, not {band}"
    window.press("q")
    assert window.finish()[0] == 0


def test_overview_shows_each_cards_logo_and_a_card_without_one_has_none(wallet, display, windows, tmp_path):
    add(wallet, "--store", "With Logo", "--code", "W-1", "--format", "qr", "--logo", magenta_logo(tmp_path / "logo.png"))
    plain = add(wallet, "--store", "Without", "--code", "W-2", "--format", "qr")
    window = Window(wallet, display, "wallet://", "--window")
    windows.append(window)
    assert window.next_event()["card"] is None
    wait_for_pixels(display, MAGENTA, present=True)
    window.press("q")
    assert window.finish()[0] == 0
    window = Window(wallet, display, f"wallet://card/{plain}", "--window")
    windows.append(window)
    assert window.next_event()["card"] == plain
    assert decode_screen(display, "qr") == ["W-2"]
    wait_for_pixels(display, MAGENTA, present=False)
    window.press("q")
    assert window.finish()[0] == 0
