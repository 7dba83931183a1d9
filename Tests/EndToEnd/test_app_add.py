"""The app's other ways to add a card, its card page and its edit page (issue 35), driven through
its accessibility tree on a private Xvfb (app_session.py): a photo with two codes scanned through
GTK's file chooser and the second chosen from the list (the saved card carries that code; its
page's screenshot decoded by zxing-cpp), a reading seen by one reader only confirmed (or not) as
`card add --confirm` asks, the camera (a recorded clip through GStreamer), a Catima export
imported, a share link pasted, bad files refused with the CLI's message and nothing saved; a pass's
fields, Share (its QR code decoded from the screen), Archive and Undo, groups and a logo from a
file. At 360x720 and 1280x800 where the layout differs. Every wait is on an event line, an AT-SPI
state or the card list, with a deadline."""
import json
import os
import subprocess

import pytest
from PIL import Image, ImageGrab

import camera_clips as clips
from app_session import app_binary, app_session
from screen import decode_until
from seen_once import shrink_until_seen_once

pytestmark = pytest.mark.skipif(not app_binary().exists(), reason="wallet-app is not built (make e2e-test builds it)")

WALLET = os.environ.get("WALLET_BIN", "wallet")
SIZES = ["360x720", "1280x800"]


def wallet(home, *arguments):
    result = subprocess.run([WALLET, *map(str, arguments)], env=dict(os.environ, WALLET_HOME=str(home)),
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return result.stdout


def cards(home):
    return json.loads(wallet(home, "card", "list", "--json", "--archived"))


def event(name, **fields):
    return lambda line: line.get("event") == name and all(line.get(k) == v for k, v in fields.items())


def two_codes(tmp_path):
    """A QR code and an EAN-13 side by side, drawn by the wallet: the scan lists the EAN-13 first."""
    parts = []
    for fmt, code in (("qr", "MEMBER-1"), ("ean13", "400638133393")):
        path = tmp_path / f"{fmt}.png"
        wallet(tmp_path / "draw", "barcode", "--format", fmt, "--output", path, code)
        parts.append(Image.open(path).convert("RGB"))
    canvas = Image.new("RGB", (sum(p.width for p in parts) + 180, max(p.height for p in parts) + 120), "white")
    canvas.paste(parts[0], (60, 60))
    canvas.paste(parts[1], (parts[0].width + 120, 60))
    canvas.save(tmp_path / "two codes.png")
    return tmp_path / "two codes.png"


def choose_file(session, button, accept, path):
    """Presses `button`, then in GTK's file chooser (in the app's process: no portal here) types
    `path` into its location entry and presses the accept button. The entry is opened by typing
    "/" with the pointer over the dialog (on the bare Xvfb the keyboard goes to the window under
    the pointer); unlike Ctrl+L, which toggles it, "/" only opens it, so pressing it again when the
    dialog did not have the keyboard yet cannot close it (the entry is cleared before typing)."""
    session.must("click", name=button)
    for _ in range(5):
        session.must("point", name="GtkFileChooserWidget")
        session.must("key", keys="slash")
        if session.driver.ask(op="find", name="GtkFileChooserEntry", role="text", timeout=3)["ok"]:
            break
    session.must("type", name="GtkFileChooserEntry", role="text", text=str(path))
    session.must("click", name=f"{accept} {accept}", role="push button")


def start_adding(session):
    session.must("click", name="Add card")
    session.app.wait_for(event("shown", page="add"))


@pytest.mark.parametrize("size", SIZES)
def test_a_photo_with_two_codes_adds_the_second_one_chosen(tmp_path, size):
    image = two_codes(tmp_path)
    home = tmp_path / "home"
    with app_session(home, size=size) as session:
        start_adding(session)
        choose_file(session, "Scan a photo or PDF", "Scan", image)
        assert session.app.wait_for(event("scanned"))["count"] == 2
        offered = session.app.wait_for(event("choose"))["codes"]
        assert offered == ["EAN-13 4006381333931", "QR code MEMBER-1"]
        assert cards(home) == []
        session.must("click", name=offered[1], role="push button")
        assert session.app.wait_for(event("filled")) == {"event": "filled", "format": "qr", "code": "MEMBER-1"}
        session.must("type", name="Store", text="Member Club")
        session.must("click", name="Save")
        saved = session.app.wait_for(event("saved"))
        [card] = cards(home)
        assert (card["id"], card["store"], card["code"], card["format"], card["barcodeValue"]) == (
            saved["card"], "Member Club", "MEMBER-1", "qr", None)
        session.app.wait_for(event("shown", page="card"))
        decode_until(lambda: ImageGrab.grab(xdisplay=session.display), {"MEMBER-1"}, 20)


def one_reader_ean13(tmp_path):
    """An EAN-13 one reader reads once only (seen_once.py)."""
    base = tmp_path / "base.png"
    wallet(tmp_path / "draw", "barcode", "--format", "ean13", "--module-size", 4, "--output", base, "400638133393")
    return shrink_until_seen_once(base, tmp_path / "once.png")


def test_bad_pictures_are_refused_a_reading_seen_once_needs_confirming_and_the_camera_reads(tmp_path):
    """A file that is no picture and a picture without a code are refused with the CLI's message
    (shown on the page, nothing saved); a reading one reader saw once is filled in only after
    "It Matches", as `card add --pick 1 --confirm` stores it. "Scan with the camera" reads as
    `card add --camera` does; the test's camera is a recorded clip (a QR code on a table) played
    through GStreamer in real time (camera_clips.py)."""
    not_an_image, blank, once = tmp_path / "bad.png", tmp_path / "blank.png", one_reader_ean13(tmp_path)
    not_an_image.write_bytes(b"not an image at all\n")
    Image.new("RGB", (200, 120), "white").save(blank)
    code = clips.render(WALLET, dict(os.environ, WALLET_HOME=str(tmp_path / "draw")), tmp_path, "qr", "CAM-4711",
                        module=6)
    clip = clips.write([clips.place(clips.background((640, 480)), code, (320, 240))] * 90, tmp_path / "clip")
    home = tmp_path / "home"
    with app_session(home, size="1280x800", extra_env={"WALLET_CAMERA_SOURCE": clips.pipeline(clip)}) as session:
        start_adding(session)
        for path, fragment in ((not_an_image, "cannot scan bad.png"), (blank, "no barcode found in blank.png")):
            choose_file(session, "Scan a photo or PDF", "Scan", path)
            refusal = session.app.wait_for(event("refused"))
            assert refusal["message"].startswith(fragment), refusal
            shown = session.must("labels", contains=fragment[1:])["text"]
            assert shown == refusal["message"][0].upper() + refusal["message"][1:]
            assert cards(home) == []

        choose_file(session, "Scan a photo or PDF", "Scan", once)
        assert session.app.wait_for(event("confirm")) == {"event": "confirm", "format": "EAN-13", "code": "4006381333931"}
        # GTK 4.8 names a dialog's mnemonic buttons twice over ("Cancel Cancel"), as the file chooser's.
        session.must("click", name="Cancel Cancel", role="push button")
        session.app.wait_for(event("confirmed", answer="cancel"))
        choose_file(session, "Scan a photo or PDF", "Scan", once)
        session.app.wait_for(event("confirm"))
        session.must("click", name="It Matches It Matches", role="push button")
        session.app.wait_for(event("confirmed", answer="confirm"))
        assert session.app.wait_for(event("filled"))["code"] == "4006381333931"
        session.must("type", name="Store", text="Once")
        session.must("click", name="Save")
        session.app.wait_for(event("saved"))
        assert [(c["store"], c["code"], c["format"]) for c in cards(home)] == [("Once", "4006381333931", "ean13")]

        start_adding(session)
        session.must("click", name="Scan with the camera")
        session.app.wait_for(event("camera", state="started"))
        session.app.wait_for(event("camera", state="ended"))
        assert session.app.wait_for(event("filled")) == {"event": "filled", "format": "qr", "code": "CAM-4711"}
        session.must("type", name="Store", text="Camera Club")
        session.must("click", name="Save")
        saved = session.app.wait_for(event("saved"))
        assert (saved["card"], "CAM-4711", "qr") in [(c["id"], c["code"], c["format"]) for c in cards(home)]


CATIMA = ('_id,store,note,cardid,barcodetype,headercolor,headertextcolor\n'
          '1,Old Shop,"old note",123456,CODE_128,-1,-16777216\n'
          '2,Points Club,,555,,,\n')


def test_a_catima_export_is_imported_in_one_go_a_bad_one_saves_nothing_and_a_link_adds_its_card(tmp_path):
    good, bad = tmp_path / "catima.csv", tmp_path / "broken.csv"
    good.write_text(CATIMA)
    bad.write_text(CATIMA + '3,Shop,,1,BARCODE_X,-1,0\n')
    expected = subprocess.run([WALLET, "card", "import", bad.name], env=dict(os.environ, WALLET_HOME=str(tmp_path / "cli")),
                              cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert expected.returncode != 0
    source = tmp_path / "source"
    card = wallet(source, "card", "add", "--store", "Café Lumière", "--code", "4006381333931", "--format", "ean13").strip()
    link = wallet(source, "card", "share", card).strip()
    home = tmp_path / "home"
    with app_session(home) as session:
        start_adding(session)
        choose_file(session, "Import a file", "Import", bad)
        refusal = session.app.wait_for(event("refused"))
        assert expected.stderr.strip() == "Error: " + refusal["message"]
        assert cards(home) == []
        choose_file(session, "Import a file", "Import", good)
        imported = session.app.wait_for(event("imported"))
        cli = subprocess.run([WALLET, "card", "import", good.name], env=dict(os.environ, WALLET_HOME=str(tmp_path / "cli")),
                             cwd=tmp_path, capture_output=True, text=True, timeout=60)
        assert cli.stdout.strip() == "added 2, skipped 0"
        assert (imported["added"], imported["skipped"]) == (2, 0)
        assert imported["warnings"] == [line.removeprefix("warning: ") for line in cli.stderr.splitlines()]
        session.app.wait_for(event("shown", page="cards"))
        for store in ("Old Shop", "Points Club"):
            session.must("find", name=store, role="list item")
        assert sorted((c["store"], c["code"]) for c in cards(home)) == [("Old Shop", "123456"), ("Points Club", "555")]

        start_adding(session)
        session.must("type", name="Share link", text="https://catima.app/share#broken")
        session.must("key", keys="Return")
        refusal = session.app.wait_for(event("refused"))
        assert "link" in refusal["message"], refusal
        assert len(cards(home)) == 2
        session.must("type", name="Share link", text=link)
        session.must("key", keys="Return")
        assert session.app.wait_for(event("imported"))["added"] == 1
        assert session.app.wait_for(event("shown", page="card"))["store"] == "Café Lumière"
        assert ("Café Lumière", "4006381333931", "ean13") in [(c["store"], c["code"], c["format"]) for c in cards(home)]
        decode_until(lambda: ImageGrab.grab(xdisplay=session.display), {"4006381333931"}, 20)


REAL_PASSES = os.path.join(os.path.dirname(__file__), "real_passes")


def test_the_card_page_shows_the_pass_fields_shares_archives_and_edits_groups_and_logo(tmp_path):
    """A pass's fields show below the code (the back ones under "Back of the pass"); "Share" shows
    the Catima link `wallet card share` prints, as text and as a QR code read back from the screen;
    "Archive" hides the card, "Undo" brings it back."""
    home = tmp_path / "home"
    wallet(home, "card", "import", os.path.join(REAL_PASSES, "skyport-coupon.pkpass"))
    card = wallet(home, "card", "add", "--store", "Zebra Market", "--code", "12345670", "--format", "ean8").strip()
    link = wallet(home, "card", "share", card).strip()
    with app_session(home, size="1280x800") as session:
        session.must("click", name="Skyport Airways", role="list item")
        session.app.wait_for(event("shown", page="card"))
        session.must("labels", contains="John Appleseed")
        session.must("find", name="Back of the pass", role="label")

        session.must("click", name="Zebra Market", role="list item")
        session.app.wait_for(event("shown", page="card", card=card))
        session.must("click", name="Barcode", role="image")  # a tap on the code: the number alone
        assert session.driver.ask(op="gone", name="Barcode", role="image")["ok"], "the code still shows"
        session.must("click", name="1234 5670", role="push button")
        session.must("find", name="Barcode", role="image")
        session.must("click", name="Share")
        assert session.app.wait_for(event("share"))["link"] == link
        session.must("find", name="Share QR code", role="image")
        decode_until(lambda: ImageGrab.grab(xdisplay=session.display), {link}, 20)
        session.must("click", name="Copy link")
        assert session.app.wait_for(event("copied"))["link"] == link
        session.must("click", name="Close Close", role="push button")  # GTK 4.8 names it twice
        assert session.driver.ask(op="gone", name="Share QR code", role="image")["ok"]

        session.must("click", name="Archive")
        session.app.wait_for(event("archived", card=card))
        session.app.wait_for(event("shown", page="cards"))
        assert [c["archived"] for c in cards(home) if c["id"] == card] == [True]
        assert session.driver.ask(op="gone", name="Zebra Market", role="list item")["ok"]
        session.must("click", name="Undo")
        session.app.wait_for(event("unarchived", card=card))
        session.must("find", name="Zebra Market", role="list item")
        assert [c["archived"] for c in cards(home) if c["id"] == card] == [False]

        # Edit: groups typed, a logo from a file (a file that is no picture refused, nothing saved).
        logo, not_a_logo = tmp_path / "logo.png", tmp_path / "logo.jpg"
        Image.new("RGB", (300, 100), (200, 30, 30)).save(logo)
        not_a_logo.write_bytes(b"GIF89a nope")
        session.must("click", name="Zebra Market", role="list item")
        session.app.wait_for(event("shown", page="card", card=card))
        session.must("click", name="Edit")
        session.app.wait_for(event("shown", page="edit"))
        choose_file(session, "Choose logo", "Choose", not_a_logo)
        assert "logo.jpg" in session.app.wait_for(event("refused"))["message"]
        choose_file(session, "Choose logo", "Choose", logo)
        assert session.app.wait_for(event("logo", card=card))["set"] is True
        session.must("type", name="Groups", text="Food, Travel, Food")
        session.must("click", name="Save")
        session.app.wait_for(event("saved", card=card))
        [edited] = [c for c in cards(home) if c["id"] == card]
        assert edited["groups"] == ["Food", "Travel"] and edited["logo"], edited
