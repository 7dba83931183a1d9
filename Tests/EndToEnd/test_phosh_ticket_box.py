"""Phosh's lock-screen ticket box: with the `ticket-box` plugin enabled in phosh's settings (read
through a real gsettings with a keyfile backend and schemas carrying phosh's ids and keys), the
widget host keeps a PDF ticket for the card each lock-screen widget shows in the plugin's folder:
written when the card appears, replaced atomically when it changes, removed when it leaves.
phosh itself is not run here (it needs a phoc compositor session)."""
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from oracle import zxing_decode
from test_pdf import rasterize
from test_widget_host import DEADLINE, Host, add_card, add_widget

pytestmark = pytest.mark.skipif(
    not (shutil.which("gsettings") and shutil.which("glib-compile-schemas") and shutil.which("pdftoppm")),
    reason="needs libglib2.0-bin and poppler-utils (make deps-test)")

# phosh's two settings, as its schemas declare them (ids, paths, keys, types, defaults)
SCHEMAS = """<schemalist>
  <schema id="sm.puri.phosh.plugins" path="/sm/puri/phosh/plugins/">
    <key name="lock-screen" type="as"><default>[]</default></key>
  </schema>
  <schema id="sm.puri.phosh.plugins.ticket-box" path="/sm/puri/phosh/plugins/ticket-box/">
    <key name="folder" type="s"><default>'phosh-ticket-box'</default></key>
  </schema>
</schemalist>
"""


@pytest.fixture
def session(wallet, tmp_path):
    """The environment of a session whose GSettings live in a keyfile; `set(schema, key, value)`."""
    schemas = tmp_path / "schemas"
    schemas.mkdir()
    (schemas / "phosh-test.gschema.xml").write_text(SCHEMAS)
    subprocess.run(["glib-compile-schemas", str(schemas)], check=True, timeout=DEADLINE)
    env = dict(GSETTINGS_BACKEND="keyfile", GSETTINGS_SCHEMA_DIR=str(schemas), XDG_CONFIG_HOME=str(tmp_path / "config"),
               HOME=str(tmp_path / "home"))
    (tmp_path / "home").mkdir()

    def set_key(schema, key, value):
        subprocess.run(["gsettings", "set", schema, key, value], check=True, timeout=DEADLINE, env=dict(wallet.env, **env))

    return env, set_key


def ticket_codes(path, scratch):
    """The codes on a ticket, rasterized from a copy (pdftoppm writes beside its input)."""
    copy = scratch / "ticket-copy.pdf"
    shutil.copyfile(path, copy)
    return [symbol.text for symbol in zxing_decode(rasterize(copy, 150))]


def tickets(folder):
    return sorted(path.name for path in folder.glob("*.pdf")) if folder.exists() else []


def test_lock_screen_cards_have_tickets_that_follow_them(wallet, tmp_path, session):
    env, set_key = session
    set_key("sm.puri.phosh.plugins", "lock-screen", "['calendar', 'ticket-box']")
    set_key("sm.puri.phosh.plugins.ticket-box", "folder", "'Tickets'")
    folder = tmp_path / "home" / "Tickets"
    alpha = add_card(wallet, "Alpha", "ALPHA-1")
    beta = add_card(wallet, "Beta/Bis", "BETA-1")
    gamma = add_card(wallet, "Gamma", "GAMMA-1")
    lock = add_widget(wallet, "accessory-rectangular", "--cards", alpha)
    add_widget(wallet, "medium", "--cards", f"{beta},{gamma}")  # home-screen cards get no ticket
    with Host(wallet, tmp_path / "out", env=env) as host:
        written = host.wait_for(event="ticket")
        host.wait_for(event="ready")
        assert written == {"event": "ticket", "card": alpha, "file": str(folder / f"Alpha (wallet {alpha[:8]}).pdf")}
        assert tickets(folder) == [f"Alpha (wallet {alpha[:8]}).pdf"]
        assert ticket_codes(written["file"], tmp_path) == ["ALPHA-1"]
        (folder / "boarding pass.pdf").write_bytes(b"%PDF-1.4 not ours")

        wallet.run("card", "edit", alpha, "--code", "ALPHA-2")
        assert host.wait_for(event="ticket", card=alpha)["file"] == written["file"]
        assert ticket_codes(written["file"], tmp_path) == ["ALPHA-2"]

        wallet.run("widget", "configure", lock, "--cards", beta)
        added = host.wait_for(event="ticket", card=beta)
        removed = host.wait_for(event="ticket-removed", card=alpha)
        assert removed["file"] == written["file"]
        assert added["file"] == str(folder / f"Beta_Bis (wallet {beta[:8]}).pdf")
        assert tickets(folder) == sorted([Path(added["file"]).name, "boarding pass.pdf"])

        wallet.run("widget", "remove", lock)
        host.wait_for(event="ticket-removed", card=beta)
        assert tickets(folder) == ["boarding pass.pdf"]


def test_the_default_folder_and_a_restart_sweeping_what_left(wallet, tmp_path, session):
    env, set_key = session
    set_key("sm.puri.phosh.plugins", "lock-screen", "['ticket-box']")
    folder = tmp_path / "home" / "phosh-ticket-box"  # the plugin's default, relative to home
    alpha = add_card(wallet, "Alpha", "ALPHA-1")
    beta = add_card(wallet, "Beta", "BETA-1")
    lock = add_widget(wallet, "accessory-circular", "--cards", alpha)
    with Host(wallet, tmp_path / "out", "--once", env=env) as host:
        host.wait_for(event="ticket", card=alpha)
    wallet.run("widget", "configure", lock, "--cards", beta)
    with Host(wallet, tmp_path / "out", "--once", env=env) as host:
        host.wait_for(event="ticket", card=beta)
        host.wait_for(event="ready")
    assert tickets(folder) == [f"Beta (wallet {beta[:8]}).pdf"]


def test_a_restart_removes_the_ticket_temporaries_a_killed_host_left(wallet, tmp_path, session):
    """Issue 37 item 9b: tickets are written through the host's one naming of temporaries, so a
    host killed mid-write leaves a file the next start proves its own and removes."""
    from test_host_files import marked
    env, set_key = session
    set_key("sm.puri.phosh.plugins", "lock-screen", "['ticket-box']")
    folder = tmp_path / "home" / "phosh-ticket-box"
    alpha = add_card(wallet, "Alpha", "ALPHA-1")
    add_widget(wallet, "accessory-circular", "--cards", alpha)
    out = tmp_path / "out"
    with Host(wallet, out, "--once", env=env) as host:
        host.wait_for(event="ticket", card=alpha)
    left = marked(out, "00000000deadbeef")
    (folder / left).write_bytes(b"%PDF half-written")
    (folder / ".wallet-3k2j1.tmp").write_text("the user's")
    with Host(wallet, out, "--once", env=env) as host:
        host.wait_for(event="ready")
    assert not (folder / left).exists()
    assert (folder / ".wallet-3k2j1.tmp").read_text() == "the user's"
    assert tickets(folder) == [f"Alpha (wallet {alpha[:8]}).pdf"]


@pytest.mark.parametrize("plugins", ["@as []", "['calendar']"])
def test_no_ticket_box_unless_phosh_shows_the_plugin(wallet, tmp_path, session, plugins):
    env, set_key = session
    set_key("sm.puri.phosh.plugins", "lock-screen", plugins)
    add_widget(wallet, "accessory-rectangular", "--cards", add_card(wallet, "Alpha", "ALPHA-1"))
    with Host(wallet, tmp_path / "out", "--once", env=env) as host:
        host.wait_for(event="ready")
        assert host.process.wait(DEADLINE) == 0
        assert not [event for event in host.seen if event["event"].startswith("ticket")]
    assert not (tmp_path / "home" / "phosh-ticket-box").exists()
