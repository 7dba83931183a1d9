"""The app's cards page (issue 35, Pages 1) driven through its accessibility tree (app_session.py):
favourites first, each card's state with its balance before its expiry, the group chips
filtering the list, archived cards apart (only under their own chip, never mixed in), a search
within a chip, and a card's logo shown once it is decoded off the main thread. At 360x720 and
1280x800. The names are docs/CLI.md's (the app section)."""
import io
import json
import time

import pytest
from PIL import Image, ImageGrab

from app_session import app_binary, app_session
from test_app import SIZES, wallet

pytestmark = pytest.mark.skipif(not app_binary().exists(), reason="wallet-app is not built (make e2e-test builds it)")


def listed(shelf, count=None, search=None):
    def accept(event):
        return (event.get("event") == "list" and event.get("shelf") == shelf
                and (count is None or event["count"] == count) and (search is None or event["search"] == search))
    return accept


def shows(session, predicate):
    """Waits for a "list" line `predicate` accepts, counting those already read (the first list
    is drawn before the app says "ready")."""
    if not any(predicate(event) for event in session.app.seen):
        session.app.wait_for(predicate)


def row_top(session, store):
    """The y of the card row named `store` (the list's own order, as drawn)."""
    return session.must("find", name=store, role="list item")["extents"][1]


def stocked(home, *extra):
    """A wallet of four cards and `extra` ones (imported: `card add` has no groups): two in groups,
    a favourite gift card with a balance and an expiry (last by name), and an archived one."""
    cards = [
        {"store": "Bakery", "code": "B-1", "format": "code128", "groups": ["Food"]},
        {"store": "Cinema", "code": "C-1", "format": "qr", "groups": ["Fun"]},
        {"store": "Zeta Gifts", "code": "Z-1", "format": "code128", "favorite": True, "balance": "25.00",
         "currency": "EUR", "expiry": "2030-06-30"},
        {"store": "Old Gym", "code": "G-1", "format": "code128", "groups": ["Food"], "archived": True},
        *extra,
    ]
    document = home.parent / f"{home.name}-cards.json"
    document.write_text(json.dumps({"format": "wallet", "version": 1, "groups": ["Food", "Fun"], "cards": cards,
                                    "usage": []}))
    assert wallet(home, "card", "import", str(document)).strip() == f"added {len(cards)}, skipped 0"


@pytest.mark.parametrize("size", SIZES)
def test_favourites_first_state_shown_and_archived_cards_apart(tmp_path, size):
    stocked(tmp_path)
    with app_session(tmp_path, size=size) as session:
        shows(session, listed("All cards", count=3))
        assert row_top(session, "Zeta Gifts") < row_top(session, "Bakery") < row_top(session, "Cinema")
        state = session.must("labels", contains="25.00 EUR")["text"]
        assert state == "25.00 EUR · Expires 2030-06-30", state
        session.must("find", name="Favorite", role="image")
        assert session.driver.ask(op="gone", name="Old Gym", role="list item", timeout=0)["ok"]
        for chip in ("All cards", "Food", "Fun", "Archived"):
            session.must("find", name=chip, role="push button")

        session.must("click", name="Archived", role="push button")
        session.app.wait_for(listed("Archived", count=1))
        session.must("find", name="Old Gym", role="list item")
        for store in ("Bakery", "Cinema", "Zeta Gifts"):
            assert session.driver.ask(op="gone", name=store, role="list item")["ok"], store

        session.must("click", name="Old Gym", role="list item")
        assert session.app.wait_for(lambda event: event.get("event") == "shown"
                                    and event.get("page") == "card")["store"] == "Old Gym"


@pytest.mark.parametrize("size", SIZES)
def test_a_group_chip_filters_the_list_and_the_search_works_within_it(tmp_path, size):
    stocked(tmp_path, {"store": "Fromagerie Käse", "code": "K-1", "format": "qr", "groups": ["Food"]})
    with app_session(tmp_path, size=size) as session:
        shows(session, listed("All cards", count=4))
        session.must("click", name="Food", role="push button")
        session.app.wait_for(listed("Food", count=2))
        session.must("find", name="Bakery", role="list item")
        session.must("find", name="Fromagerie Käse", role="list item")
        for store in ("Cinema", "Zeta Gifts", "Old Gym"):
            assert session.driver.ask(op="gone", name=store, role="list item")["ok"], store

        session.must("type", name="Search cards", text="kase")
        session.app.wait_for(listed("Food", count=1, search="kase"))
        assert session.driver.ask(op="gone", name="Bakery", role="list item")["ok"]
        session.must("find", name="Fromagerie Käse", role="list item")

        session.must("type", name="Search cards", text="cinema")
        session.app.wait_for(listed("Food", count=0, search="cinema"))
        session.must("labels", contains="No Matching Cards")

        session.must("click", name="All cards", role="push button")
        session.app.wait_for(listed("All cards", count=1, search="cinema"))
        session.must("find", name="Cinema", role="list item")


def test_a_group_emptied_by_another_process_falls_back_to_all_cards(tmp_path):
    stocked(tmp_path)
    with app_session(tmp_path) as session:
        session.must("click", name="Fun", role="push button")
        session.app.wait_for(listed("Fun", count=1))
        wallet(tmp_path, "card", "edit", "Cinema", "--archive")
        session.app.wait_for(listed("All cards", count=2))
        assert session.driver.ask(op="gone", name="Fun", role="push button")["ok"]
        session.must("find", name="Zeta Gifts", role="list item")


def test_a_card_logo_is_drawn_on_its_colour_tile(tmp_path):
    """A red logo on a blue card: the row's tile is named "Logo" and, once the logo is decoded
    (off the main thread), red pixels show inside the row; a card without a logo shows its colour."""
    logo = tmp_path / "logo.png"
    buffer = io.BytesIO()
    Image.new("RGBA", (480, 150), RED + (255,)).save(buffer, "PNG")
    logo.write_bytes(buffer.getvalue())
    wallet(tmp_path, "card", "add", "--store", "Red Shop", "--code", "R-1", "--format", "qr", "--color", "#0000FF",
           "--logo", str(logo))
    wallet(tmp_path, "card", "add", "--store", "Plain Shop", "--code", "P-1", "--format", "qr", "--color", "#0000FF")
    with app_session(tmp_path) as session:
        x, y, width, height = session.must("find", name="Red Shop", role="list item")["extents"]
        session.must("find", name="Logo", role="image")
        session.must("find", name="Card color", role="image")
        deadline = time.monotonic() + 20
        while reds(ImageGrab.grab(xdisplay=session.display).crop((x, y, x + width, y + height))) < 200:
            assert time.monotonic() < deadline, "the logo was never drawn in its row"
            time.sleep(0.1)
        px, py, pwidth, pheight = session.must("find", name="Plain Shop", role="list item")["extents"]
        assert reds(ImageGrab.grab(xdisplay=session.display).crop((px, py, px + pwidth, py + pheight))) == 0


RED = (200, 30, 30)


def reds(image):
    """How many pixels of `image` are the logo's red (within a little antialiasing)."""
    data = image.convert("RGB").tobytes()
    return sum(1 for index in range(0, len(data), 3)
               if all(abs(data[index + channel] - RED[channel]) <= 12 for channel in range(3)))
