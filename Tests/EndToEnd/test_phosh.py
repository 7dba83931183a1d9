"""The app on the phone shell: Phosh from Debian 12 (phosh_session.py: phoc on wlroots' headless
backend at 360x720, pixman, phosh on it), screenshots taken with grim.

- `wallet open wallet://card/ID --window` under Phosh (WAYLAND_DISPLAY named) starts the app on
  the phone screen, at that card: the screenshot holds Phosh's top bar and home bar around the
  app, the app spans the screen's width, and zxing-cpp reads the card's code from it. Phosh finds
  the app's desktop entry by its application id (no "Could not find application" line).
- Locked, with phosh-plugins' ticket box on the lock screen, the lock screen's widget box lists
  one ticket per card the wallet's lock-screen widgets show (the widget host wrote them; read
  through phosh's accessibility tree), and each ticket's code decodes. That box is the first
  page of the lock screen's HdyDeck, which only a swipe brings on screen, and libhandy's swipe
  tracker follows touch and touchpad scrolls only (not a mouse's drag or wheel). phoc has no
  touch device here, but it offers wlroots' virtual pointer: virtual_pointer.py sends a
  two-finger touchpad scroll through it, swiping back until the first row shows (AT-SPI's
  SHOWING state), then clicks that row where AT-SPI places it. The plugin opens the ticket's PDF
  (rendered by evince's view, at most 480 px high); the test scrolls it with the touchpad until
  the screenshot holds the whole code, and zxing-cpp and zbar read the card's code from it. Then
  the same for the second card's ticket, back to the list through the view's close button."""
import os
import time
from contextlib import ExitStack, contextmanager
from pathlib import Path

import pytest
import zxingcpp
from PIL import Image

from app_session import LineProcess, app_binary
from conftest import WALLET_BIN
from oracle import zbar_decode
from phosh_session import DEADLINE, HEIGHT, WIDTH, missing_tools, phosh_session
from session_bus import SYSTEM_PYTHON
from test_phosh_ticket_box import ticket_codes
from test_widget_host import Host, add_card, add_widget
from virtual_pointer import VirtualPointer

HERE = Path(__file__).parent
REPO = HERE.parents[1]
SWIPE_LENGTH = 1500  # touchpad units of one swipe back to the widget box (GTK and libhandy scale them)
TICKET_SCROLL = 20  # touchpad units of one scroll down the ticket's page
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
    """With WALLET_SCREENSHOT_DIR set, the screenshot is kept there as `name`, to look at (the
    AppStream screenshots are `make screenshots`' own, taken by test_app_screenshots.py)."""
    folder = os.environ.get("WALLET_SCREENSHOT_DIR")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        image.save(Path(folder) / name)


def decode_until(phosh, scratch, wanted, between=None):
    """Screenshots of the phone screen until zxing-cpp reads `wanted` on one; returns that image.
    `between`, when given, is done after each screenshot that does not show it (a scroll)."""
    deadline = time.monotonic() + DEADLINE
    texts = []
    while time.monotonic() < deadline:
        shot = Image.open(phosh.screenshot(scratch / "phone.png")).convert("RGB")
        texts = [symbol.text for symbol in zxingcpp.read_barcodes(shot)]
        if wanted in texts:
            return shot
        if between:
            between()
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


@contextmanager
def lock_screen_driver(env):
    """The AT-SPI driver on phosh's accessibility tree, once the lock screen is in it."""
    driver = LineProcess([SYSTEM_PYTHON, str(HERE / "atspi_driver.py")], dict(env, WALLET_APP_ACCESSIBLE_NAME="phosh"))
    try:
        assert driver.next() == {"ready": True}, "the AT-SPI driver did not start"
        assert driver.ask(op="find", name="phosh lockscreen", role="frame", timeout=DEADLINE)["ok"], "no lock screen"
        yield driver
    finally:
        driver.stop()


def wait_for_lock_screen_rows(driver, count):
    """The list items of phosh's lock screen (the ticket box's rows: its notification list is
    empty), read until there are `count` of them or the deadline passes."""
    deadline = time.monotonic() + DEADLINE
    while True:
        tree = driver.ask(op="names", within="phosh lockscreen")["showing"]
        rows = [name for role, name in tree if role == "list item"]
        if len(rows) == count or time.monotonic() > deadline:
            return rows
        time.sleep(0.1)


def row_is_showing(driver, index, seconds):
    """Whether the lock screen's list item `index` gets AT-SPI's SHOWING state within `seconds`
    (GTK 3 sets it on mapped widgets: HdyDeck maps only the page it shows, GtkStack only its
    visible child). The ticket box's rows have no accessible name: they are the lock screen's
    only list items, in the ticket box's order."""
    deadline = time.monotonic() + seconds
    while True:
        found = driver.ask(op="find", name="", role="list item", nth=index, timeout=seconds)
        if "showing" in found.get("states", []):
            return True
        if time.monotonic() > deadline:
            return False
        time.sleep(0.1)


def swipe_to_the_widget_box(driver, pointer):
    """Swipes the lock screen back to its widget box (HdyDeck's first page) until the ticket
    box's first row shows: two-finger touchpad scrolls with negative horizontal deltas (the deck's
    back direction in a left-to-right locale), each SWIPE_LENGTH long, tried again until the
    deadline should one not carry the deck (one swipe of a screen's width, 360, did in 5 runs of 6;
    1500 did in every run measured)."""
    deadline = time.monotonic() + DEADLINE
    swipes = 0
    while time.monotonic() < deadline:
        pointer.swipe(WIDTH / 2, HEIGHT / 4, -SWIPE_LENGTH, 0, steps=30)
        swipes += 1
        if row_is_showing(driver, 0, 3):
            return
    raise AssertionError(f"{swipes} swipes did not bring the ticket box on screen")


def click_settled(driver, pointer, **element):
    """A click of the virtual pointer at the centre of the element (find's name, role, nth) once
    it has stopped moving."""
    found = driver.ask(op="settled", timeout=DEADLINE, **element)
    assert found["ok"] and "showing" in found["states"], f"{element} is not on screen: {found}"
    x, y, width, height = found["extents"]
    pointer.click(x + width / 2, y + height / 2)


def shown_ticket(phosh, pointer, scratch, code):
    """The screenshot of the ticket the ticket box shows once zxing-cpp reads `code` on it: the
    ticket's page is scrolled down a little at a time (its view is at most 480 px high), and the
    pointer, which phoc draws into the screen, put aside in a corner before each screenshot."""
    def scroll_the_ticket():
        pointer.swipe(WIDTH / 2, HEIGHT / 2, 0, TICKET_SCROLL, steps=4)
        pointer.move(WIDTH - 2, HEIGHT - 2)

    pointer.move(WIDTH - 2, HEIGHT - 2)
    shot = decode_until(phosh, scratch, code, between=scroll_the_ticket)
    shot.save(scratch / f"ticket-{code}.png")
    assert code in [symbol.text for symbol in zbar_decode(scratch / f"ticket-{code}.png")], f"zbar reads no {code}"
    return shot


def test_the_lock_screen_shows_the_wallets_tickets(wallet, tmp_path):
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
            tickets = {event["card"]: Path(event["file"]) for event in (host.wait_for(event="ticket") for _ in range(2))}
            host.wait_for(event="ready")
        written.update(tickets)
        # The ticket box lists the newest first: Beta's ticket is made an hour older, so Alpha's leads.
        older = tickets[beta].stat().st_mtime - 3600
        os.utime(tickets[beta], (older, older))

    with ExitStack() as stack:
        phosh = stack.enter_context(phosh_session(root, wallet.env, locked=True, settings=settings,
                                                  prepare=write_tickets))
        assert written == {alpha, beta}
        folder = root / "home" / "Tickets"
        codes = sorted(code for ticket in sorted(folder.glob("*.pdf")) for code in ticket_codes(ticket, tmp_path))
        assert codes == ["ALPHA-1", "BETA-2"]
        driver = stack.enter_context(lock_screen_driver(phosh.env))
        rows = wait_for_lock_screen_rows(driver, 2)
        assert len(rows) == 2, f"the lock screen lists {rows}; phosh said: {phosh.log()}"
        lock_screen = Image.open(phosh.screenshot(tmp_path / "lock.png"))
        assert lock_screen.size == (WIDTH, HEIGHT)
        keep_screenshot(lock_screen, "phosh-lock-screen.png")

        assert not row_is_showing(driver, 0, 0), "the ticket box is on screen before any swipe"
        pointer = stack.enter_context(VirtualPointer(phosh.env, (WIDTH, HEIGHT), DEADLINE))
        swipe_to_the_widget_box(driver, pointer)
        # Alpha's ticket first (the newest), then, back from it with the view's close button (the
        # first unnamed button then), Beta's. The close button is pressed through AT-SPI: clicked
        # with the virtual pointer, it showed Alpha's ticket again, every time (3 runs of 3),
        # the list that replaces the view having Alpha's row under the pointer.
        click_settled(driver, pointer, name="", role="list item", nth=0)
        keep_screenshot(shown_ticket(phosh, pointer, tmp_path, "ALPHA-1"), "phosh-lock-screen-ticket.png")
        assert driver.ask(op="click", name="", role="push button", timeout=DEADLINE)["how"] == "action"
        assert row_is_showing(driver, 1, DEADLINE), "closing the ticket did not show the list again"
        click_settled(driver, pointer, name="", role="list item", nth=1)
        shown_ticket(phosh, pointer, tmp_path, "BETA-2")
