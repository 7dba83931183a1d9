"""The app's widgets and sync pages driven through AT-SPI (app_session.py), at 360x720 and
1280x800: a widget given more cards than its family holds is refused in the page with nothing
saved, a reorder and a mode change are saved where `wallet widget list --json` reads them, a
widget is added and removed; "Sync now" against a real bare git remote brings in another
device's card while the window stays responsive (the sync is held at its push), a failing
remote shows the error in the CLI's words, and a remote is set up from the page's form as
`wallet sync init` sets it up (sealed under a new key, or joined with another device's pairing
words)."""
import json
import os
import time

import pytest

from app_session import app_binary, app_session
from conftest import Wallet
from sync_devices import Device, bare_remote, git, wrapper_dir

pytestmark = pytest.mark.skipif(not app_binary().exists(), reason="wallet-app is not built (make e2e-test builds it)")

SIZES = ["360x720", "1280x800"]


def event(name, **fields):
    return lambda line: line.get("event") == name and all(line.get(key) == value for key, value in fields.items())


def widgets(home):
    return {widget["id"]: widget for widget in json.loads(Wallet(home).run("widget", "list", "--json").stdout)}


def add_card(home, store, code):
    return Wallet(home).run("card", "add", "--store", store, "--code", code, "--format", "code128").stdout.strip()


def open_page(session, name, page):
    session.must("click", name=name, role="push button")
    session.app.wait_for(event("shown", page=page))


@pytest.mark.parametrize("size", SIZES)
def test_more_cards_than_the_family_holds_are_refused_inline_then_a_reorder_and_a_mode_are_saved(tmp_path, size):
    bakery = add_card(tmp_path, "Bakery", "B-1")
    books = add_card(tmp_path, "Bookshop", "K-2")
    cli = Wallet(tmp_path)
    small = cli.run("widget", "add", "--family", "small", "--cards", "Bakery").stdout.strip()
    medium = cli.run("widget", "add", "--family", "medium", "--cards", "Bakery,Bookshop").stdout.strip()
    with app_session(tmp_path, size=size) as session:
        open_page(session, "Widgets", "widgets")
        session.must("click", name=f"Small widget {small[:8]}")
        session.app.wait_for(event("widgets", picked=small))
        session.must("click", name="Add Bookshop to the widget")
        refusal = session.app.wait_for(event("widgetRefused", widget=small))
        assert refusal["message"] == "too many cards for a small widget: 2 given, it holds at most 1"
        session.must("labels", contains="Too many cards for a small widget: 2 given, it holds at most 1")
        assert widgets(tmp_path)[small]["cards"] == [bakery]

        session.must("click", name=f"Medium widget {medium[:8]}")
        session.app.wait_for(event("widgets", picked=medium))
        # The editor fits a phone: the window is no wider than it was asked to be.
        assert session.must("find", name="Wallet", role="frame")["extents"][2] <= int(size.split("x")[0])
        assert session.driver.ask(op="labels", contains="Too many cards", timeout=0)["ok"] is False
        session.must("click", name="Move Bookshop up")
        session.app.wait_for(event("widget", action="configured", widget=medium))
        assert widgets(tmp_path)[medium]["cards"] == [books, bakery]
        session.must("click", name="Recent", role="push button")
        session.app.wait_for(event("widget", action="configured", widget=medium, mode="recent"))
        saved = widgets(tmp_path)
        assert (saved[medium]["mode"], saved[medium]["cards"]) == ("recent", [books, bakery])
        assert (saved[small]["mode"], saved[small]["cards"]) == ("manual", [bakery])


def test_a_widget_is_added_given_a_card_and_removed(tmp_path):
    bakery = add_card(tmp_path, "Bakery", "B-1")
    with app_session(tmp_path, size="1280x800") as session:
        open_page(session, "Widgets", "widgets")
        session.must("labels", contains="No widgets yet")
        session.must("click", name="Add widget")
        added = session.app.wait_for(event("widget", action="added"))
        assert added["family"] == "medium"
        assert [(w["id"], w["family"], w["cards"]) for w in widgets(tmp_path).values()] == [
            (added["widget"], "medium", [])]
        session.must("click", name="Add Bakery to the widget")
        session.app.wait_for(event("widget", action="configured", cards=bakery))
        assert widgets(tmp_path)[added["widget"]]["cards"] == [bakery]
        session.must("click", name="Remove widget")
        session.app.wait_for(event("widget", action="removed", widget=added["widget"]))
        assert widgets(tmp_path) == {}
        session.must("labels", contains="No widgets yet")


@pytest.fixture
def phone(tmp_path):
    """A phone joined to a sealed remote the laptop started; the laptop then syncs Lidl out."""
    remote = str(bare_remote(tmp_path / "remote.git"))
    laptop = Device(tmp_path / "laptop", "laptop", remote)
    laptop.add("Tesco", "1111")
    laptop.join()
    device = laptop.joined_by(tmp_path / "phone", "phone")
    laptop.add("Lidl", "2222")
    laptop.sync()
    return device


@pytest.mark.parametrize("size", SIZES)
def test_sync_now_runs_in_the_background_and_shows_what_it_brought(tmp_path, phone, size):
    phone.add("Aldi", "3333")
    release = tmp_path / "release-push"
    hold = f"i=0; while [ ! -e '{release}' ] && [ $i -lt 600 ]; do sleep 0.05; i=$((i+1)); done"
    # git gets only the environment it needs (ProcessRunner), so the wrapper carries its settings.
    wrapper = wrapper_dir(tmp_path, before_push=hold, before_push_done=tmp_path / "push-held")
    env = {"PATH": f"{wrapper}{os.pathsep}{os.environ['PATH']}"}
    with app_session(phone.home, size=size, extra_env=env) as session:
        session.must("find", name="Tesco", role="list item")
        open_page(session, "Sync", "sync")
        status = session.app.wait_for(event("syncStatus", setUp=True))
        assert (status["remote"], status["sealed"]) == (phone.remote, True)
        session.must("labels", contains="Sealed end to end")
        session.must("click", name="Sync now")
        session.app.wait_for(event("sync", state="started"))
        held = tmp_path / "push-held"
        deadline = time.monotonic() + 30
        while not held.exists():
            assert time.monotonic() < deadline, "the sync never reached its push"
            time.sleep(0.05)
        # Held before its push: the window still answers (another page opens) while git waits.
        session.must("labels", contains="Syncing…")
        open_page(session, "Widgets", "widgets")
        release.touch()
        done = session.app.wait_for(event("sync", state="done"))
        assert (done["pulled"], done["pushed"], done["conflicts"]) == (1, 1, 0)
        synced = session.app.wait_for(event("syncStatus", setUp=True))
        assert synced["lastSync"] == git("--git-dir", phone.remote, "rev-parse", "main").strip()
        session.must("labels", contains="Cards in: 1 · Cards out: 1")
        session.must("find", name="Lidl", role="list item")
        session.must("labels", contains="phone: ")


def test_a_failing_remote_shows_the_error_as_the_cli_words_it(tmp_path, phone):
    os.rename(phone.remote, phone.remote + ".gone")
    cli = phone.run("sync", check=False)
    assert cli.returncode != 0 and cli.stderr.startswith("Error: cannot reach "), cli.stderr
    words = cli.stderr.strip().removeprefix("Error: ")
    with app_session(phone.home) as session:
        open_page(session, "Sync", "sync")
        session.app.wait_for(event("syncStatus", setUp=True))
        session.must("click", name="Sync now")
        failed = session.app.wait_for(event("sync", state="failed"))
        assert failed["message"] == words
        session.must("labels", contains=words)
        session.must("find", name="Tesco", role="list item")


def test_a_remote_is_set_up_from_the_sync_page_as_sync_init_does(tmp_path):
    remote = str(bare_remote(tmp_path / "remote.git"))
    home = tmp_path / "home"
    add_card(home, "Bakery", "B-1")
    with app_session(home, size="1280x800") as session:
        open_page(session, "Sync", "sync")
        session.app.wait_for(event("syncStatus", setUp=False))
        session.must("labels", contains="This wallet does not sync yet")
        session.must("type", name="Remote", text=remote)
        session.must("type", name="Device name", text="my/phone")
        session.must("click", name="Set up sync")
        refused = session.app.wait_for(event("sync", state="refused"))
        assert refused["message"].startswith("device name 'my/phone' is not valid")
        assert not (home / "sync").exists()

        session.must("type", name="Device name", text="phone")
        session.must("click", name="Set up sync")
        done = session.app.wait_for(event("sync", state="set up"))
        assert (done["pulled"], done["pushed"]) == (0, 1)
        status = session.app.wait_for(event("syncStatus", setUp=True))
        assert (status["remote"], status["sealed"]) == (remote, True)
        session.must("labels", contains="Sealed end to end")
    lines = Wallet(home).run("sync", "status").stdout.splitlines()
    assert lines[:2] == [f"remote: {remote}", "device: phone"]
    assert Wallet(home).run("sync", "key").stdout.count(" ") == 23


def test_a_sealed_remote_is_joined_from_the_form_with_its_pairing_words(tmp_path):
    remote = str(bare_remote(tmp_path / "remote.git"))
    laptop = Device(tmp_path / "laptop", "laptop", remote)
    laptop.add("Tesco", "1111")
    laptop.join()
    home = tmp_path / "phone"
    with app_session(home) as session:
        open_page(session, "Sync", "sync")
        session.app.wait_for(event("syncStatus", setUp=False))
        session.must("type", name="Remote", text=remote)
        session.must("type", name="Device name", text="phone")
        session.must("type", name="Pairing words", text=laptop.words(), timeout=30)
        session.must("click", name="Set up sync")
        done = session.app.wait_for(event("sync", state="set up"))
        assert done["pulled"] == 1
        session.app.wait_for(event("syncStatus", setUp=True, sealed=True))
        session.must("find", name="Tesco", role="list item")
    assert Wallet(home).run("sync", "key").stdout.strip() == laptop.words()
