"""The app on the phone shell: Phosh from Debian 12 (phosh_session.py: phoc on wlroots' headless
backend at 360x720, pixman, phosh on it), screenshots taken with grim.

- `wallet open wallet://card/ID --window` under Phosh (WAYLAND_DISPLAY named) starts the app on
  the phone screen, at that card: the screenshot holds Phosh's top bar and home bar around the
  app, the app spans the screen's width, and zxing-cpp reads the card's code from it. Phosh finds
  the app's desktop entry by its application id (no "Could not find application" line).
- Locked, with phosh-plugins' ticket box on the lock screen, the lock screen's widget box lists
  one ticket per card the wallet's lock-screen widgets show (the widget host wrote them; read
  through phosh's accessibility tree), and each ticket's code decodes. Bringing that page on
  screen takes a swipe (libhandy's HdyDeck): phoc here has no touch device (the headless backend
  has no input at all, the X11 backend gives only a pointer and keyboard), so the screenshot of
  a ticket on the lock screen is skipped with that reason."""
import os
import time
from pathlib import Path

import pytest
import zxingcpp
from PIL import Image

from app_session import LineProcess, app_binary
from conftest import WALLET_BIN
from phosh_session import DEADLINE, HEIGHT, WIDTH, missing_tools, phosh_session
from session_bus import SYSTEM_PYTHON
from test_phosh_ticket_box import ticket_codes
from test_widget_host import Host, add_card, add_widget

HERE = Path(__file__).parent
REPO = HERE.parents[1]
pytestmark = [
    pytest.mark.skipif(bool(missing_tools()), reason=f"needs {', '.join(missing_tools())} (make deps-test)"),
    pytest.mark.skipif(not app_binary().exists(), reason="wallet-app is not built (make e2e-test builds it)"),
]


def desktop_entry(root):
    """The app's desktop entry in a data directory of its own, as `make install` writes it."""
    applications = root / "data" / "applications"
    applications.mkdir(parents=True)
    text = (REPO / "dist/app.wallet.Wallet.desktop.in").read_text().replace("@BINDIR@", str(app_binary().parent))
    (applications / "app.wallet.Wallet.desktop").write_text(text)
    return str(root / "data")


def keep_screenshot(image, name):
    """With WALLET_SCREENSHOT_DIR set, the screenshot is kept there as `name` (the pictures for
    the AppStream metainfo's screenshots, once the project has a public address to serve them)."""
    folder = os.environ.get("WALLET_SCREENSHOT_DIR")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        image.save(Path(folder) / name)


def decode_until(phosh, scratch, wanted):
    """Screenshots of the phone screen until zxing-cpp reads `wanted` on one; returns that image."""
    deadline = time.monotonic() + DEADLINE
    texts = []
    while time.monotonic() < deadline:
        shot = Image.open(phosh.screenshot(scratch / "phone.png")).convert("RGB")
        texts = [symbol.text for symbol in zxingcpp.read_barcodes(shot)]
        if wanted in texts:
            return shot
        time.sleep(0.1)
    raise AssertionError(f"the phone screen shows {texts}, not {wanted!r}; phosh said: {phosh.log()}")


def test_open_window_shows_the_card_on_the_phone_screen(wallet, tmp_path):
    card = add_card(wallet, "Corner Bakery", "BAKERY-360")
    env = dict(wallet.env, XDG_DATA_DIRS=f"{desktop_entry(tmp_path)}:/usr/share")
    with phosh_session(tmp_path / "phosh", env, locked=False) as phosh:
        app = LineProcess([WALLET_BIN, "open", f"wallet://card/{card}", "--window"],
                          dict(phosh.env, GDK_BACKEND="wayland", GSK_RENDERER="cairo", GTK_A11Y="none"))
        try:
            app.wait_for(lambda event: event.get("event") == "shown" and event.get("card") == card)
            assert app.wait_for(lambda event: event.get("event") == "barcode")["moduleSize"] >= 2
            # The app spans the width: between Phosh's bars, the screen's first and last columns
            # are mostly the app's light background, not Phosh's black. The card page slides in
            # (AdwLeaflet), so screenshots are taken until it has settled or the deadline passes.
            deadline = time.monotonic() + DEADLINE
            while True:
                shot = decode_until(phosh, tmp_path, "BAKERY-360")
                short = [x for x in (1, WIDTH - 2) if not fills_column(shot, x)]
                if not short or time.monotonic() > deadline:
                    break
                time.sleep(0.1)
            assert not short, f"columns {short} are not the app's: the app does not fill the width"
            assert shot.size == (WIDTH, HEIGHT)
            code = next(symbol for symbol in zxingcpp.read_barcodes(shot) if symbol.text == "BAKERY-360")
            top, bottom = code.position.top_left.y, code.position.bottom_left.y
            assert 30 < top and bottom < HEIGHT - 40, "the code sits between Phosh's top bar and home bar"
            assert "Could not find application for app-id 'app.wallet.Wallet'" not in phosh.log()
            keep_screenshot(shot, "phosh-card.png")
        finally:
            app.stop()


def fills_column(shot, x):
    """Whether column x, between Phosh's bars, is mostly light (the app's background)."""
    light = [y for y in range(40, HEIGHT - 80) if min(shot.getpixel((x, y))) > 160]
    return len(light) > 0.8 * (HEIGHT - 120)


def wait_for_lock_screen_rows(env, count):
    """The list items of phosh's lock screen (the ticket box's rows: its notification list is
    empty), read by the AT-SPI driver until there are `count` of them or the deadline passes."""
    driver = LineProcess([SYSTEM_PYTHON, str(HERE / "atspi_driver.py")], dict(env, WALLET_APP_ACCESSIBLE_NAME="phosh"))
    try:
        assert driver.next() == {"ready": True}, "the AT-SPI driver did not start"
        assert driver.ask(op="find", name="phosh lockscreen", role="frame", timeout=DEADLINE)["ok"], "no lock screen"
        deadline = time.monotonic() + DEADLINE
        while True:
            tree = driver.ask(op="names", within="phosh lockscreen")["showing"]
            rows = [name for role, name in tree if role == "list item"]
            if len(rows) == count or time.monotonic() > deadline:
                return rows
            time.sleep(0.1)
    finally:
        driver.stop()


def test_the_lock_screen_lists_the_wallets_tickets(wallet, tmp_path):
    alpha = add_card(wallet, "Alpha", "ALPHA-1")
    beta = add_card(wallet, "Beta", "BETA-2")
    add_widget(wallet, "accessory-rectangular", "--cards", alpha)
    add_widget(wallet, "accessory-circular", "--cards", beta)
    settings = [("sm.puri.phosh.plugins", "lock-screen", "['ticket-box']"),
                ("sm.puri.phosh.plugins.ticket-box", "folder", "'Tickets'")]
    root = tmp_path / "phosh"
    written = set()

    def write_tickets(env):
        with Host(wallet, tmp_path / "out", "--once", env=env) as host:
            written.update(host.wait_for(event="ticket")["card"] for _ in range(2))
            host.wait_for(event="ready")

    with phosh_session(root, wallet.env, locked=True, settings=settings, prepare=write_tickets) as phosh:
        assert written == {alpha, beta}
        folder = root / "home" / "Tickets"
        codes = sorted(code for ticket in sorted(folder.glob("*.pdf")) for code in ticket_codes(ticket, tmp_path))
        assert codes == ["ALPHA-1", "BETA-2"]
        rows = wait_for_lock_screen_rows(phosh.env, 2)
        assert len(rows) == 2, f"the lock screen lists {rows}; phosh said: {phosh.log()}"
        lock_screen = Image.open(phosh.screenshot(tmp_path / "lock.png"))
        assert lock_screen.size == (WIDTH, HEIGHT)
        keep_screenshot(lock_screen, "phosh-lock-screen.png")
    pytest.skip("the tickets are on the lock screen's widget box (AT-SPI), whose page only a swipe brings on "
                "screen: phoc's headless backend has no input device here, so no screenshot of a ticket there")
