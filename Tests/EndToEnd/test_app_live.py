"""A live pass on the app's card page (issue 35, page 2), against the real PassKit web service the
CLI tests use (passkit_server.py: django-walletpass on 127.0.0.1): "Update now" pulls the pass as
`wallet card update` does and says so in its words (a toast), the page shows the new values at
once, "History" lists the versions as `wallet card history` does, "Revert" brings one back with
an "Undo" toast; an issuer that is down fails with the CLI's own line and leaves the card as it
was, and so does one answering 500 after the person has left the page (the app goes on); a card
that is not a live pass has no "Update now". Waits are on event lines and AT-SPI state, each with
a deadline."""
import json
import os
import socket
import subprocess
import threading
import uuid

import pytest

from app_session import app_binary, app_session
from test_app import WALLET, wallet
from test_live_passes import change, issue, pass_data

pytest.importorskip("django_walletpass")
pytestmark = pytest.mark.skipif(not app_binary().exists(), reason="wallet-app is not built (make e2e-test builds it)")


def event(name, **fields):
    return lambda line: line.get("event") == name and all(line.get(k) == v for k, v in fields.items())


def card_id(home, store):
    return next(card["id"] for card in json.loads(wallet(home, "card", "list", "--json", "--archived"))
                if card["store"] == store)


def stored(home):
    """The cards as `card list --json` gives them, but for their use (opening a card records one)."""
    return [{key: value for key, value in card.items() if key not in ("lastUsed", "usageCount")}
            for card in json.loads(wallet(home, "card", "list", "--json", "--archived"))]


def open_card(session, store):
    session.must("click", name=store, role="list item")
    session.app.wait_for(event("shown", page="card", store=store))


def test_update_now_shows_the_issuers_change_and_history_reverts_it(issuer, tmp_path):
    home = tmp_path / "home"
    serial = f"A-{uuid.uuid4().hex[:8]}"
    wallet(home, "card", "import", str(issue(tmp_path, serial)))
    wallet(home, "card", "add", "--store", "Bakery", "--code", "B-1", "--format", "code128")
    live = card_id(home, "Coffee Club")
    with app_session(home, size="1280x800") as session:
        open_card(session, "Coffee Club")
        session.must("find", name="Update now", role="push button")
        open_card(session, "Bakery")
        assert session.driver.ask(op="gone", name="Update now")["ok"], "a plain card offers an update"
        assert session.driver.ask(op="gone", name="History", timeout=0)["ok"]

        open_card(session, "Coffee Club")
        session.must("find", name="A1", role="label")
        change(serial, balance=15.75, gate="B7")
        session.must("click", name="Update now", role="push button")
        session.app.wait_for(event("update", card=live, status="started"))
        done = session.app.wait_for(event("update", card=live))
        assert done["status"] == "changed", done
        assert done["line"] == "Coffee Club: balance 12.5 -> 15.75 EUR; gate A1 -> B7"
        session.must("labels", contains=done["line"])  # the toast
        session.must("find", name="B7", role="label")  # the page's field row, at once
        session.must("find", name="15.75", role="label")
        assert session.driver.ask(op="gone", name="A1", role="label")["ok"]

        session.must("click", name="History", role="push button")
        assert session.app.wait_for(event("history", card=live))["versions"] == 2
        session.must("labels", contains="Version 2 · Updated by the issuer")
        session.must("labels", contains="balance 12.5 -> 15.75; gate A1 -> B7")
        assert session.driver.ask(op="gone", name="Revert to version 2", timeout=0)["ok"], "the current version"
        session.must("click", name="Revert to version 1", role="push button")
        reverted = session.app.wait_for(event("reverted", card=live, version=1))
        assert "balance 15.75 -> 12.5" in reverted["changes"]
        session.must("find", name="A1", role="label")
        session.must("click", name="Undo", timeout=20)  # once the update's toast has gone
        session.app.wait_for(event("undone", card=live))
        session.must("find", name="B7", role="label")

    card = json.loads(wallet(home, "card", "list", "--json", "--archived"))
    assert next(c for c in card if c["id"] == live)["balance"] == "15.75"
    history = json.loads(wallet(home, "card", "history", live, "--json"))
    assert [version["source"] for version in history] == ["import", "update", "edit", "edit"]


def closed_port():
    """A loopback port nothing listens on (bound, then released)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def issue_from_a_server_that_is_down(tmp_path, serial, store="Tea House", port=None):
    """A pass like the Coffee Club's, from `store`, whose web service is `port` (else a port nobody
    serves)."""
    from django_walletpass.services.pass_builder import PassBuilder
    builder = PassBuilder()
    builder.pass_data = dict(pass_data(serial), organizationName=store, logoText=store)
    builder.pass_data_required["serialNumber"] = serial
    builder.pass_data_required["webServiceURL"] = f"http://127.0.0.1:{port or closed_port()}/"
    path = tmp_path / f"{serial}.pkpass"
    path.write_bytes(builder.build())
    return path


def test_update_now_from_an_issuer_that_is_down_says_why_and_changes_nothing(issuer, tmp_path):
    home = tmp_path / "home"
    wallet(home, "card", "import", str(issue_from_a_server_that_is_down(tmp_path, f"D-{uuid.uuid4().hex[:8]}")))
    live = card_id(home, "Tea House")
    before = stored(home)
    with app_session(home) as session:
        open_card(session, "Tea House")
        session.must("click", name="Update now", role="push button")
        done = session.app.wait_for(event("update", card=live, status="failed"))
        assert done["line"].startswith("Tea House: failed: ") and "\n" not in done["line"], done
        session.must("labels", contains=done["line"])  # the toast
        session.must("find", name="Update now", role="push button")  # usable again
    assert stored(home) == before
    history = json.loads(wallet(home, "card", "history", live, "--json"))
    assert [version["source"] for version in history] == ["import"]
    # The CLI says the same of the same card.
    cli = subprocess.run([WALLET, "card", "update", live, "--no-notify"], env=dict(os.environ, WALLET_HOME=str(home)),
                         capture_output=True, text=True, timeout=60)
    assert cli.returncode != 0 and cli.stdout == done["line"] + "\n", cli


class FailingIssuer:
    """An issuer that answers the wallet's one request (registering the pass) with 500 Internal
    Server Error, but only once `release()` is called: until then the request waits, so the test
    decides when the pull ends."""

    def __init__(self):
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.listener.settimeout(60)
        self.port = self.listener.getsockname()[1]
        self.released = threading.Event()
        self.thread = threading.Thread(target=self.serve, daemon=True)
        self.thread.start()

    def serve(self):
        try:
            connection, _ = self.listener.accept()
        except OSError:
            return
        with connection:
            connection.settimeout(60)
            request = b""
            while b"\r\n\r\n" not in request:
                chunk = connection.recv(65536)
                if not chunk:
                    break
                request += chunk
            head, _, body = request.partition(b"\r\n\r\n")
            length = next((int(line.split(b":")[1]) for line in head.split(b"\r\n")
                           if line.lower().startswith(b"content-length:")), 0)
            while len(body) < length:
                chunk = connection.recv(65536)
                if not chunk:
                    break
                body += chunk
            self.released.wait(60)
            connection.sendall(b"HTTP/1.1 500 Internal Server Error\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")

    def release(self):
        self.released.set()

    def stop(self):
        self.released.set()
        self.listener.close()
        self.thread.join(timeout=10)


def test_a_pull_that_ends_after_the_page_was_left_only_toasts(issuer, tmp_path):
    """The issuer answers 500 only after the person has gone back to the list: the app neither
    crashes nor shows the card again, the toast says why in the CLI's words, the card is as it was."""
    failing = FailingIssuer()  # the django-walletpass fixture `issuer` only signs the pass
    try:
        home = tmp_path / "home"
        path = issue_from_a_server_that_is_down(tmp_path, f"F-{uuid.uuid4().hex[:8]}", store="Slow Shop",
                                                port=failing.port)
        wallet(home, "card", "import", str(path))
        live = card_id(home, "Slow Shop")
        before = stored(home)
        with app_session(home) as session:
            open_card(session, "Slow Shop")
            session.must("click", name="Update now", role="push button")
            session.app.wait_for(event("update", card=live, status="started"))
            session.must("labels", contains="Updating…")
            session.must("click", name="Back")
            session.app.wait_for(event("shown", page="cards"))
            failing.release()
            done = session.app.wait_for(event("update", card=live))
            assert done["status"] == "failed" and done["line"].startswith("Slow Shop: failed: "), done
            assert "500" in done["line"], done
            session.must("labels", contains=done["line"])  # the toast, over the list
            session.must("find", name="Slow Shop", role="list item")
            assert not any(line.get("event") == "shown" and line.get("page") == "card"
                           for line in session.app.seen[session.app.seen.index(done):])
            open_card(session, "Slow Shop")
            session.must("find", name="Update now", role="push button")
            assert "sensitive" in session.must("find", name="Update now", role="push button")["states"]
        assert stored(home) == before
    finally:
        failing.stop()
