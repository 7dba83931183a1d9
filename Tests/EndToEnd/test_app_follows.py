"""The app agrees with the rest of the wallet (issue 35), driven through its accessibility tree
(app_session.py): a card is drawn in the colour its widgets give it (the wallet-wide generated
colour, read back from the screen and from `wallet widget render --layout`), the widgets page
follows `wallet widget add/configure/remove` run in another process while it is open, and a
password-protected Catima zip asks for its password (cancelled: nothing saved; a wrong one: asked
again with the CLI's message; the right one: imported in one go). Every wait is on an event line
or an AT-SPI state, with a deadline."""
import json
import os
import subprocess
import time

import pytest
from PIL import ImageGrab

from app_session import app_binary, app_session
from test_app_add import CATIMA, cards, choose_file, event, start_adding, wallet
from test_tile_colours import near
from test_zip_password import aes_zip

pytestmark = pytest.mark.skipif(not app_binary().exists(), reason="wallet-app is not built (make e2e-test builds it)")

WALLET = os.environ.get("WALLET_BIN", "wallet")


def widget_colours(home, widget):
    """Each store name's header colour in `widget`, as `wallet widget render --layout` reports it."""
    layout = home / f"{widget}.json"
    wallet(home, "widget", "render", widget, "--output", home / f"{widget}.png", "--layout", layout)
    return {run["text"]: run["background"] for run in json.loads(layout.read_text())["texts"]
            if run["weight"] == "semibold"}


def rgb(colour):
    return tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))


def pixels_of(image, colour):
    """How many pixels of `image` are `colour` (#RRGGBB), give or take one step per channel."""
    wanted = rgb(colour)
    data = image.convert("RGB").tobytes()
    return sum(1 for index in range(0, len(data), 3)
               if all(abs(data[index + channel] - wanted[channel]) <= 1 for channel in range(3)))


def drawn_in(session, name, role, colour, minimum, seconds=20):
    """The element's box on screen once at least `minimum` of its pixels are `colour` (it may be
    sliding in or not painted yet when AT-SPI first sees it); fails at the deadline."""
    deadline = time.monotonic() + seconds
    while True:
        x, y, width, height = session.must("find", name=name, role=role)["extents"]
        image = ImageGrab.grab(xdisplay=session.display).crop((x, y, x + width, y + height))
        count = pixels_of(image, colour)
        if count >= minimum:
            return image
        assert time.monotonic() < deadline, f"{name} shows {count} pixels of {colour}, not {minimum}"
        time.sleep(0.1)


def test_a_card_is_drawn_in_the_colour_its_widgets_give_it(tmp_path):
    """Garden's generated colour clashes with Forest's own (10 degrees apart): the wallet turns
    Garden's, and the app's row tile and card page show the turned colour, not the stored one."""
    garden = wallet(tmp_path, "card", "add", "--store", "Garden", "--code", "G-1", "--format", "qr").strip()
    stored = json.loads(wallet(tmp_path, "card", "show", garden, "--json"))["color"]
    wallet(tmp_path, "card", "add", "--store", "Forest", "--code", "F-1", "--format", "qr", "--color", near(stored, 10))
    widget = wallet(tmp_path, "widget", "add", "--family", "medium", "--cards", "Garden,Forest").strip()
    shown = widget_colours(tmp_path, widget)["Garden"]
    assert shown.upper() != stored.upper(), "the test needs a turned colour"
    with app_session(tmp_path) as session:
        row = drawn_in(session, "Garden", "list item", shown, 500)
        assert pixels_of(row, stored) == 0
        session.must("click", name="Garden", role="list item")
        session.app.wait_for(event("shown", page="card"))
        session.app.wait_for(lambda line: line.get("event") == "barcode" and line["moduleSize"] > 0)
        band = drawn_in(session, "Barcode", "image", shown, 1000)
        assert pixels_of(band, stored) == 0


def test_the_widgets_page_follows_widget_commands_run_elsewhere(tmp_path):
    wallet(tmp_path, "card", "add", "--store", "Bakery", "--code", "B-1", "--format", "code128")
    wallet(tmp_path, "card", "add", "--store", "Bookshop", "--code", "K-2", "--format", "code128")
    small = wallet(tmp_path, "widget", "add", "--family", "small", "--cards", "Bakery").strip()
    with app_session(tmp_path, size="1280x800") as session:
        session.must("click", name="Widgets", role="push button")
        session.app.wait_for(event("shown", page="widgets"))
        session.must("find", name="Move Bakery up")
        medium = wallet(tmp_path, "widget", "add", "--family", "medium", "--cards", "Bookshop").strip()
        session.app.wait_for(event("widgets", count=2))
        session.must("find", name=f"Medium widget {medium[:8]}")

        wallet(tmp_path, "widget", "configure", small, "--cards", "Bookshop")
        session.must("find", name="Move Bookshop up", timeout=10)
        assert session.driver.ask(op="gone", name="Move Bakery up", timeout=10)["ok"]

        wallet(tmp_path, "widget", "remove", small)
        session.app.wait_for(event("widgets", count=1))
        assert session.driver.ask(op="gone", name=f"Small widget {small[:8]}", timeout=10)["ok"]


def test_a_password_protected_zip_asks_for_its_password_until_it_is_right(tmp_path):
    locked = aes_zip(tmp_path / "locked.zip", {"catima.csv": CATIMA}, password="right horse")
    expected = subprocess.run([WALLET, "card", "import", locked.name, "--password", "wrong horse"], cwd=tmp_path,
                              env=dict(os.environ, WALLET_HOME=str(tmp_path / "cli")), capture_output=True, text=True,
                              timeout=60)
    assert expected.returncode != 0
    home = tmp_path / "home"
    with app_session(home) as session:
        start_adding(session)
        choose_file(session, "Import a file", "Import", locked)
        assert "message" not in session.app.wait_for(event("passwordAsked", file="locked.zip"))
        session.must("point", name="Password")
        session.must("key", keys="Escape")
        session.app.wait_for(event("password", answer="cancel"))
        assert session.driver.ask(op="gone", name="Password", timeout=10)["ok"]
        assert cards(home) == []

        choose_file(session, "Import a file", "Import", locked)
        session.app.wait_for(event("passwordAsked", file="locked.zip"))
        session.must("type", name="Password", text="wrong horse", secret=True)
        session.must("key", keys="Return")
        retry = session.app.wait_for(event("passwordAsked", file="locked.zip"))
        assert expected.stderr.strip() == "Error: " + retry["message"]
        assert cards(home) == []
        session.must("labels", contains="rong password for locked.zip")

        session.must("type", name="Password", text="right horse", secret=True)
        session.must("key", keys="Return")
        imported = session.app.wait_for(event("imported"))
        assert (imported["added"], imported["skipped"]) == (2, 0)
        assert sorted((c["store"], c["code"]) for c in cards(home)) == [("Old Shop", "123456"), ("Points Club", "555")]
