"""The app driven by the keyboard alone, as a person who uses no pointer drives it (issue 35): from
the cards list, Tab (to move), Enter (to press) and Escape (to leave) reach and leave every page: a
card at the till with its share view and its number alone, edit, add with its other sources (the
file choosers for a scan and an import, the camera, a share link), the widgets page and a
widget's editor, the sync page's set-up form, a group's chip and the archived chip; and (at
360x720 only) a live pass's "Update now" and "History", the History dialog, the zip's "Password
Needed" question, a scan's pick list and its "Check the Number" question. Each page is
seen to change through AT-SPI (an element only that page holds) and the app's event lines, with
deadlines. On every page reached, every control shown has a name and a role that says what it is
(accessible_audit.py); the offenders are listed with their place in the tree. At 360x720 (one
page at a time) and 1280x800 (list and detail side by side). No pointer moves or clicks: keys go
through xdotool to the window under the pointer, where Xvfb leaves it at start.
The file choosers are GTK 4.8's own (the desktop's, through the portal, on a real session): they
are opened and closed here but not audited, as GTK's places sidebar rows, tree view headers and
filter drop-down carry no names the app could give them."""
import json
import subprocess
from pathlib import Path

import pytest

from app_session import app_binary, app_session
from session_bus import SYSTEM_PYTHON
from test_app import SIZES, shown, wallet
from test_app_add import CATIMA, cards, event, one_reader_ean13, two_codes
from test_interop import PassSigner, pkpass
from test_live_failures import TYPE as PASS_TYPE, pass_json
from test_zip_password import aes_zip

pytestmark = pytest.mark.skipif(not app_binary().exists(), reason="wallet-app is not built (make e2e-test builds it)")


def shelf(name):
    return lambda event: event.get("event") == "list" and event.get("shelf") == name


class Keyboard:
    """The session driven by keys only, and the audit of each page it reaches."""

    def __init__(self, session, wide):
        self.session, self.wide = session, wide
        self.offenders = {}

    def press(self, name, role=None, key="Tab"):
        """Moves the focus to `name` with `key` (Tab by default), then presses Enter."""
        self.session.must("focus", name=name, role=role, key=key, presses=40, timeout=40)
        self.session.must("key", keys="Return")

    def escape(self):
        self.session.must("key", keys="Escape")

    def audit(self, page, *anchors, beside_list=True):
        """Waits until the anchors (elements only this page holds) are laid out, then checks the
        page; on a wide window the list beside a detail page is checked too."""
        if self.wide and beside_list:
            anchors += ("Search cards",)
        answer = self.session.must("audit", anchors=list(anchors), timeout=30)
        assert answer["checked"] > 0
        self.offenders[page] = answer["offenders"]

    def audit_list(self, page, row):
        """Checks the cards page once it lists the card `row` (a row of that name also shows in a
        widget's editor: it is looked for, not taken as the page's anchor), and the hint beside it
        on a wide window."""
        self.session.must("find", name=row, role="list item")
        self.audit(page, "Search cards", *(["Pick a Card"] if self.wide else []), beside_list=False)

    def back_to_the_list(self):
        self.escape()
        self.session.app.wait_for(shown("cards"))

    def assert_every_control_named(self):
        found = {page: offenders for page, offenders in self.offenders.items() if offenders}
        assert not found, "controls without a name or a clear role:\n" + "\n".join(
            f"{page}: {offender}" for page, offenders in found.items() for offender in offenders)


@pytest.mark.parametrize("size", SIZES)
def test_every_page_by_keyboard_alone_and_every_control_named(tmp_path, size):
    wallet(tmp_path, "card", "add", "--store", "Bookshop", "--code", "BK-123456", "--format", "qr", "--group", "Food")
    wallet(tmp_path, "card", "add", "--store", "Zebra Market", "--code", "12345670", "--format", "ean8")
    wallet(tmp_path, "card", "add", "--store", "Old Gym", "--code", "999", "--format", "code128")
    wallet(tmp_path, "card", "edit", "Old Gym", "--archive")
    widget = wallet(tmp_path, "widget", "add", "--family", "medium", "--cards", "Bookshop").strip()
    with app_session(tmp_path, size=size) as session:
        keys = Keyboard(session, wide=size == "1280x800")
        session.must("find", name="Bookshop", role="list item")
        keys.audit_list("cards", "Bookshop")

        session.must("focus", name="Bookshop", role="list item", timeout=40)
        keys.press("Zebra Market", role="list item", key="Down")
        assert session.app.wait_for(shown("card"))["store"] == "Zebra Market"
        keys.audit("card", "Barcode")

        keys.press("Share")
        session.app.wait_for(lambda event: event.get("event") == "share")
        keys.audit("share", "Share QR code", "Barcode")
        keys.escape()
        assert session.driver.ask(op="windows", count=1, timeout=20)["ok"], "Escape did not close the share view"
        session.must("gone", name="Share QR code")

        keys.press("1234 5670", role="push button")
        assert session.driver.ask(op="gone", name="Barcode", role="image", timeout=20)["ok"], "the code still shows"
        keys.audit("number alone", "1234 5670")
        session.must("key", keys="Return")
        session.must("find", name="Barcode", role="image")

        keys.press("Edit")
        session.app.wait_for(shown("edit"))
        keys.audit("edit", "Choose logo")
        keys.back_to_the_list()

        keys.press("Add card")
        session.app.wait_for(shown("add"))
        keys.audit("add", "Scan a photo or PDF")
        # Back from the form's first entry to the first source; the focus comes back to a source
        # when its chooser closes.
        for source, key in (("Scan a photo or PDF", "shift+Tab"), ("Import a file", "Tab")):
            keys.press(source, key=key)
            session.must("find", name="GtkFileChooserWidget", timeout=20)
            keys.escape()
            assert session.driver.ask(op="windows", count=1, timeout=20)["ok"], f"Escape did not close the chooser of {source!r}"
        session.must("focus", name="Scan with the camera", key="shift+Tab", timeout=40)
        session.must("focus", name="Share link", timeout=40)
        session.must("write", text="https://catima.app/share#x")  # its apply button shows
        session.must("find", name="Add the linked card", role="push button")
        keys.audit("add, a link typed", "Add the linked card")
        session.must("key", keys="ctrl+a")
        session.must("key", keys="BackSpace")
        session.must("focus", name="Store", timeout=40)
        keys.back_to_the_list()

        keys.press("Widgets")
        session.app.wait_for(shown("widgets"))
        keys.audit("widgets", "Add widget")
        keys.press(f"Medium widget {widget[:8]}")
        session.app.wait_for(lambda event: event.get("event") == "widgets" and event.get("picked") == widget)
        keys.audit("widget editor", "Remove widget")
        keys.back_to_the_list()

        keys.press("Sync")
        session.app.wait_for(shown("sync"))
        keys.audit("sync set-up", "Remote")
        keys.back_to_the_list()

        keys.press("Food", role="push button")
        assert session.app.wait_for(shelf("Food"))["count"] == 1
        keys.audit_list("group chip", "Bookshop")
        keys.press("Archived", role="push button")
        session.app.wait_for(shelf("Archived"))
        keys.audit_list("archived chip", "Old Gym")
        keys.press("All cards", role="push button")
        session.app.wait_for(shelf("All cards"))
        session.must("find", name="Zebra Market", role="list item")

    keys.assert_every_control_named()


def live_pass(tmp_path):
    """A live pass (a web service and its token), signed by a throwaway certificate (the wallet
    stores it as untrusted). Its service's host never resolves (.invalid): nothing needs to answer
    for its "Update now" and "History" to show, and the test presses neither."""
    signer = PassSigner(tmp_path / "signer", PASS_TYPE, "TEAM123456")
    return signer.sign(pkpass(tmp_path / "live.pkpass", pass_json("KEYS-1", "https://issuer.invalid/passes/")))


def test_the_newest_dialogs_by_keyboard_alone_and_every_control_named(tmp_path):
    """A live pass's "Update now" and "History", the History dialog with its "Revert to version N"
    rows, the zip's "Password Needed" question, a scan's pick list of several codes and its "Check
    the Number" question: reached with Tab and Enter from the cards list (files chosen by typing
    their path), audited, the dialogs left with Escape. One size: the pages are the test above's."""
    home = tmp_path / "home"
    wallet(home, "card", "import", str(live_pass(tmp_path)))
    wallet(home, "card", "edit", "Shop KEYS-1", "--note", "second version")
    versions = len(json.loads(wallet(home, "card", "history", "Shop KEYS-1", "--json")))
    assert versions >= 2, "the test needs a version to revert to"
    locked = aes_zip(tmp_path / "locked.zip", {"catima.csv": CATIMA}, password="right horse")
    image, once = two_codes(tmp_path), one_reader_ean13(tmp_path)
    with app_session(home, size="360x720") as session:
        keys = Keyboard(session, wide=False)
        session.must("find", name="Shop KEYS-1", role="list item")
        keys.press("Shop KEYS-1", role="list item")
        session.app.wait_for(shown("card"))
        session.must("focus", name="Update now", role="push button", timeout=40)
        keys.press("History", role="push button")
        assert session.app.wait_for(event("history"))["versions"] == versions
        for version in range(1, versions):
            session.must("focus", name=f"Revert to version {version}", role="push button", timeout=40)
        keys.audit("history", "Revert to version 1", beside_list=False)
        keys.escape()
        assert session.driver.ask(op="windows", count=1, timeout=20)["ok"], "Escape left History open"
        session.must("gone", name="Revert to version 1")
        keys.audit("live card", "Update now", "History")
        keys.back_to_the_list()

        keys.press("Add card")
        session.app.wait_for(shown("add"))
        keys.press("Import a file", key="shift+Tab")
        type_a_path(session, locked)
        session.app.wait_for(event("passwordAsked", file="locked.zip"))
        session.must("windows", count=2, timeout=20)  # the window and the question: the chooser has gone
        keys.audit("password", "Password", beside_list=False)
        keys.escape()
        session.app.wait_for(event("password", answer="cancel"))
        assert session.driver.ask(op="windows", count=1, timeout=20)["ok"], "Escape left the password question"
        session.must("gone", name="Password")
        assert [card["store"] for card in cards(home)] == ["Shop KEYS-1"], "a cancelled import saved cards"

        keys.press("Scan a photo or PDF", key="shift+Tab")
        type_a_path(session, image)
        codes = session.app.wait_for(event("choose"))["codes"]
        session.must("windows", count=1, timeout=20)
        session.must("focus", name=codes[-1], role="push button", timeout=40)
        keys.audit("pick list", *codes)

        keys.press("Scan a photo or PDF", key="shift+Tab")
        type_a_path(session, once)
        session.app.wait_for(event("confirm"))
        session.must("windows", count=2, timeout=20)
        # GTK 4.8 names a dialog's mnemonic buttons twice over ("It Matches It Matches").
        session.must("focus", name="It Matches It Matches", role="push button", timeout=40)
        keys.audit("check the number", "It Matches It Matches", beside_list=False)
        keys.escape()
        session.app.wait_for(event("confirmed", answer="cancel"))
        assert session.driver.ask(op="windows", count=1, timeout=20)["ok"], "Escape left the question"
        session.must("gone", name="It Matches It Matches")

    keys.assert_every_control_named()


def type_a_path(session, path):
    """In GTK's file chooser, by keys only: "/" opens its location entry (pressed again until it
    shows: the chooser may not have the keyboard yet; once open, "/" only types a slash, which
    the path then replaces), the path is typed into it until it reads so, and Enter accepts it.
    The caller then waits for the app's answer (an event line) and for the chooser to leave the
    app's windows (the driver's "windows": their count only) before anything walks the tree:
    GTK 4.8 answers a chooser on its way out without an object path, and the app crashes."""
    session.must("find", name="GtkFileChooserWidget", timeout=20)
    for _ in range(5):
        session.must("key", keys="slash")
        if session.driver.ask(op="find", name="GtkFileChooserEntry", role="text", timeout=3)["ok"]:
            break
    for _ in range(3):
        session.must("key", keys="ctrl+a")
        session.must("write", text=str(path))
        if session.driver.ask(op="reads", name="GtkFileChooserEntry", role="text", text=str(path), timeout=5)["ok"]:
            break
    session.must("key", keys="Return")


AUDIT_OF_A_MADE_UP_TREE = '''
import json
import pyatspi
from accessible_audit import audit_tree


class Box:
    def __init__(self, size):
        self.x, self.y, self.width, self.height = 0, 0, size, size


class States:
    def __init__(self, focusable):
        self.focusable = focusable

    def contains(self, state):
        return state == pyatspi.STATE_FOCUSABLE and self.focusable


class Element:
    """Answers as pyatspi's Accessible does, for the calls the audit makes."""

    def __init__(self, role, name, *children, focusable=False, size=10):
        self.role, self.name, self.children = role, name, children
        self.states, self.box = States(focusable), Box(size)
        self.childCount = len(children)

    def getChildAtIndex(self, index):
        return self.children[index]

    def getRoleName(self):
        return self.role

    def getState(self):
        return self.states

    def queryComponent(self):
        return self

    def getExtents(self, coordinates):
        return self.box


def page(*children):
    return Element("panel", "GtkStackPage", Element("panel", "", *children))


tree = Element("application", "wallet-app", Element("frame", "Wallet", Element("panel", "",
    page(Element("push button", "Shown page"), Element("push button", "GtkButton", focusable=True),
         Element("list item", "", focusable=True), Element("filler", "AdwGizmo", focusable=True),
         Element("list item", ""), Element("push button", "", size=0),
         Element("combo box", "Format", Element("list item", "", focusable=True), focusable=True)),
    page(Element("push button", "Hidden page"), Element("push button", "")))))
print(json.dumps(audit_tree(tree, [("Shown page", None)])))
'''


def test_the_audit_names_each_offender_on_the_shown_page_only():
    """The audit itself, on a made-up tree: an unnamed button (GTK 4.8's class-name fallback), an
    unnamed focusable row and a focusable filler on the page holding the anchor are offenders;
    an unfocusable row, a button never laid out, a combo box's own row and the page without the
    anchor are not."""
    result = subprocess.run([SYSTEM_PYTHON, "-c", AUDIT_OF_A_MADE_UP_TREE], cwd=Path(__file__).parent,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    answer = json.loads(result.stdout)
    assert answer["offenders"] == [
        'frame "Wallet" > panel "GtkStackPage" > push button "GtkButton": no accessible name',
        'frame "Wallet" > panel "GtkStackPage" > list item "": no accessible name',
        "frame \"Wallet\" > panel \"GtkStackPage\" > filler \"AdwGizmo\": focusable with the vague role 'filler'",
    ], answer
