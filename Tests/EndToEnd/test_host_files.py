"""The widget host and the user's files: it removes only files it can prove are its own (a
`.wallet-host-<random>-<tag>.tmp` name whose tag is keyed by the secret in its lock file), all
of those, and its lock holds on the output directory's path even when the directory is deleted
and recreated while it runs."""
import hashlib
import shutil
import signal

from conftest import refused
from oracle import zxing_decode
from test_widget_host import DEADLINE, Host, add_card, add_widget, snapshot


def marked(out, random):
    """A temporary name the host would make: its tag is the SHA-256 of the lock file's secret
    and the random half."""
    secret = (out / ".wallet-host.lock").read_bytes()[:32]
    return f".wallet-host-{random}-{hashlib.sha256(secret + random.encode()).hexdigest()[:16]}.tmp"


def test_a_start_removes_its_own_temporaries_and_nothing_else(wallet, tmp_path):
    card = add_card(wallet, "Alpha", "ALPHA-1")
    widget = add_widget(wallet, "small", "--cards", card)
    out = tmp_path / "desktop"
    wallet.run("widget", "host", "--output", out, "--once")
    theirs = [".vacation.png.orig", ".manifest.json.bak", ".wallet-3k2j1.tmp", ".wallet-host-notes.tmp",
              ".wallet-host-0123456789abcdef-0123456789abcdef.tmp", "notes.txt", f".{widget}-small.png.x"]
    for name in theirs:
        (out / name).write_text("the user's")
    own = [marked(out, "00000000deadbeef"), marked(out, "ffffffff00000001")]
    for name in own:
        (out / name).write_bytes(b"\x89PNG half-written")
    wallet.run("widget", "host", "--output", out, "--once")
    assert sorted(p.name for p in out.iterdir() if p.name.startswith(".wallet-host-") and p.name.endswith(".tmp")
                  and p.name not in theirs) == []
    for name in theirs:
        assert (out / name).read_text() == "the user's", name
    assert [d.text for d in zxing_decode(snapshot(out, widget, "small"))] == ["ALPHA-1"]


def test_temporaries_left_by_sigkill_are_all_removed_by_the_next_start(wallet, tmp_path):
    card = add_card(wallet, "Alpha", "ALPHA-0")
    widgets = [add_widget(wallet, family, "--cards", card) for family in ("small", "medium", "large")]
    out = tmp_path / "desktop"
    for round_number in range(3):
        with Host(wallet, out) as host:
            host.wait_for(event="ready")
            for number in range(1, 6):
                wallet.run("card", "edit", card, "--code", f"ALPHA-{round_number}-{number}")
            host.wait_for(event="rendered", reason="data")
            host.process.kill()
            host.process.wait(timeout=DEADLINE)
    (out / marked(out, "0000000000000001")).write_bytes(b"partial")  # one for certain
    wallet.run("widget", "host", "--output", out, "--once")
    left = [p.name for p in out.iterdir() if p.name.startswith(".") and p.name != ".wallet-host.lock"]
    assert left == []
    assert [d.text for d in zxing_decode(snapshot(out, widgets[0], "small"))] == ["ALPHA-2-5"]


def test_the_lock_holds_when_the_directory_is_deleted_and_recreated(wallet, tmp_path):
    card = add_card(wallet, "Alpha", "ALPHA-1")
    widget = add_widget(wallet, "small", "--cards", card)
    out = tmp_path / "desktop"
    with Host(wallet, out) as host:
        host.wait_for(event="ready")
        shutil.rmtree(out)
        out.mkdir()
        line = refused(wallet, "widget", "host", "--output", out, "--once", fragment="already")
        assert str(out) in line
        wallet.run("card", "edit", card, "--code", "ALPHA-2")
        rendered = host.wait_for(event="rendered", reason="data", widget=widget)
        assert [d.text for d in zxing_decode(rendered["file"])] == ["ALPHA-2"]
        assert host.signal(signal.SIGTERM) == 0
    wallet.run("widget", "host", "--output", out, "--once")  # free again once the host ended
