"""Live passes against a real PassKit web service (issue 20): django-walletpass from PyPI on
127.0.0.1 (passkit_server.py), serving passes this test builds and signs with a throwaway
certificate. The issuer changes a pass (balance, a field with a changeMessage, voided); the
wallet pulls it with `card update`, keeps the user's edits, lists the versions and reverts."""
import json
import os
import time
import uuid

import pytest

import passkit_server

pytest.importorskip("django_walletpass")


def pass_data(serial, balance=12.5, gate="A1", voided=False):
    data = {
        "formatVersion": 1, "organizationName": "Coffee Club", "logoText": "Coffee Club", "description": "Coffee Club card",
        "relevantDate": "2026-11-22T10:00:00Z",
        "barcodes": [{"format": "PKBarcodeFormatQR", "message": serial, "messageEncoding": "iso-8859-1"}],
        "storeCard": {
            "primaryFields": [{"key": "balance", "label": "Balance", "value": balance, "currencyCode": "EUR",
                               "changeMessage": "Balance now %@"}],
            "secondaryFields": [{"key": "gate", "label": "Gate", "value": gate, "changeMessage": "Gate changed to %@"}],
            "backFields": [{"key": "terms", "label": "Terms", "value": "No cash value."}]},
    }
    if voided:
        data["voided"] = True
    return data


def issue(tmp_path, serial, **fields):
    """A new pass on the server, and its .pkpass file as the user downloads it."""
    from django_walletpass.services.pass_builder import PassBuilder
    builder = PassBuilder()
    builder.pass_data = pass_data(serial, **fields)
    builder.pass_data_required["serialNumber"] = serial
    content = builder.build()
    builder.write_to_model()
    path = tmp_path / f"{serial}.pkpass"
    path.write_bytes(content)
    return path


def change(serial, **fields):
    """The issuer changes the pass: rebuilt, re-signed, saved (its updated_at moves)."""
    from django_walletpass.models import Pass
    from django_walletpass.services.pass_builder import PassBuilder
    instance = Pass.objects.get(serial_number=serial)
    builder = PassBuilder.read_from_model(instance)
    builder.pass_data = pass_data(serial, **fields)
    builder.build()
    builder.write_to_model(instance)


def card_json(wallet):
    return json.loads(wallet.run("card", "list", "--json", "--archived").stdout)[0]


def test_issuer_changes_reach_the_card_and_its_history(wallet, issuer, tmp_path):
    serial = f"S-{uuid.uuid4().hex[:8]}"
    wallet.run("card", "import", issue(tmp_path, serial))
    card = card_json(wallet)
    assert card["live"] is True and card["updatedAt"] is None and card["message"] is None
    assert card["fields"] == [{"key": "balance", "label": "Balance", "value": "12.5"},
                              {"key": "gate", "label": "Gate", "value": "A1"}]

    first = wallet.run("card", "update", "--all")
    assert first.stdout == "Coffee Club: unchanged\n"
    assert card_json(wallet)["updatedAt"] == "2026-11-22T09:30:00Z"

    change(serial, balance=15.75, gate="B7")
    changed = wallet.run("card", "update", "Coffee Club")
    assert changed.stdout == "Coffee Club: balance 12.5 -> 15.75 EUR; gate A1 -> B7\n"
    card = card_json(wallet)
    assert card["balance"] == "15.75" and card["message"] == "Gate changed to B7"
    assert {"key": "gate", "label": "Gate", "value": "B7"} in card["fields"]

    # The user's note stays through an issuer change that does not touch it; voided archives.
    wallet.run("card", "edit", card["id"], "--note", "mine")
    change(serial, balance=15.75, gate="B7", voided=True)
    voided = json.loads(wallet.run("card", "update", "--all", "--json").stdout)
    assert voided[0]["status"] == "changed" and voided[0]["reason"] is None
    assert {"field": "voided", "from": "false", "to": "true"} in voided[0]["changes"]
    card = card_json(wallet)
    assert card["archived"] is True and card["note"] == "mine"

    history = json.loads(wallet.run("card", "history", card["id"], "--json").stdout)
    assert [version["source"] for version in history] == ["import", "update", "edit", "update"]
    assert {"field": "balance", "from": "12.5", "to": "15.75"} in history[1]["changes"]

    reverted = wallet.run("card", "revert", card["id"], "1")
    assert "balance 15.75 -> 12.5" in reverted.stdout
    card = card_json(wallet)
    assert card["balance"] == "12.5" and card["archived"] is False and card["note"] != "mine"
    assert json.loads(wallet.run("card", "history", card["id"], "--json").stdout)[-1]["source"] == "edit"

    log = (issuer.directory / "requests.log").read_text()
    assert f"POST /v1/devices/" in log and f"/registrations/pass.example.coffee/{serial}" in log
    assert "passesUpdatedSince=" in log  # the second pull lists changes since the first

    wallet.run("card", "remove", card["id"])
    assert f"DELETE /v1/devices/" in (issuer.directory / "requests.log").read_text()


def test_refused_token_and_unknown_pass_fail_that_card_only(wallet, issuer, tmp_path):
    from django_walletpass.models import Pass
    serials = [f"T-{uuid.uuid4().hex[:8]}", f"U-{uuid.uuid4().hex[:8]}"]
    for serial in serials:
        wallet.run("card", "import", issue(tmp_path, serial))
    before = wallet.run("card", "list", "--json", "--archived").stdout
    Pass.objects.filter(serial_number=serials[0]).update(authentication_token="another-token-entirely")
    Pass.objects.filter(serial_number=serials[1]).delete()
    run = wallet.run("card", "update", "--all", "--json", check=False)
    assert run.returncode != 0 and run.stderr.count("\n") == 1
    reasons = sorted(outcome["reason"] for outcome in json.loads(run.stdout))
    assert "HTTP 401" in reasons[1] and "HTTP 404" in reasons[0]
    assert wallet.run("card", "list", "--json", "--archived").stdout == before


def test_issuer_message_becomes_a_desktop_notification(wallet, issuer, tmp_path):
    from session_bus import SessionBus
    serial = f"N-{uuid.uuid4().hex[:8]}"
    wallet.run("card", "import", issue(tmp_path, serial))
    card_id = card_json(wallet)["id"]
    bus = SessionBus()
    try:
        wallet.run("card", "update", "--all", env={"DBUS_SESSION_BUS_ADDRESS": bus.address})
        change(serial, gate="C3")
        wallet.run("card", "update", "--all", env={"DBUS_SESSION_BUS_ADDRESS": bus.address})
        shown = bus.next_notification()
        assert shown["summary"] == "Coffee Club" and shown["body"] == "Gate changed to C3"
        assert shown["actions"] == ["default", "Open card"] and shown["hints"]["x-wallet-url"] == f"wallet://card/{card_id}"
    finally:
        bus.stop()
    # A bus without a notification service: the update still succeeds.
    quiet = SessionBus(notifications=False)
    try:
        change(serial, gate="D4")
        run = wallet.run("card", "update", "--all", env={"DBUS_SESSION_BUS_ADDRESS": quiet.address})
        assert run.stdout == "Coffee Club: gate C3 -> D4\n" and run.stderr == ""
    finally:
        quiet.stop()


def test_the_host_pulls_on_its_own_and_rerenders_with_reason_update(wallet, issuer, tmp_path):
    from session_bus import SessionBus
    from test_widget_host import Host
    serial = f"H-{uuid.uuid4().hex[:8]}"
    wallet.run("card", "import", issue(tmp_path, serial))
    card_id = card_json(wallet)["id"]
    widget = wallet.run("widget", "add", "--family", "small", "--cards", card_id).stdout.strip()
    # The desktop's URL opener: records what a click on a notification opens.
    opener = tmp_path / "bin" / "xdg-open"
    opener.parent.mkdir()
    opened = tmp_path / "opened.txt"
    opener.write_text(f"#!/bin/sh\necho \"$1\" >> {opened}\n")
    opener.chmod(0o755)
    path = f"{opener.parent}:{os.environ['PATH']}"
    bus = SessionBus()
    try:
        with Host(wallet, tmp_path / "out", "--pull-interval", "1",
                  env={"DBUS_SESSION_BUS_ADDRESS": bus.address, "PATH": path}) as host:
            host.wait_for(event="ready")
            # relevantDate 10:00, the clock starts at 09:30: within the hour.
            host.wait_for(event="notified", card=card_id, kind="relevant")
            assert bus.next_notification()["hints"]["x-wallet-url"] == f"wallet://card/{card_id}"
            change(serial, gate="E5")
            updated = host.wait_for(event="updated", card=card_id)
            assert {"field": "fields.gate", "from": "A1", "to": "E5"} in updated["changes"]
            assert host.wait_for(event="notified", card=card_id, kind="message")["text"] == "Gate changed to E5"
            host.wait_for(event="rendered", widget=widget, reason="update")
            shown = bus.next_notification()
            assert shown["body"] == "Gate changed to E5"
            bus.click(shown["id"])  # a person clicks it: the host opens the card
            deadline = time.monotonic() + 20
            while not (opened.exists() and opened.read_text()) and time.monotonic() < deadline:
                time.sleep(0.05)
            assert opened.read_text() == f"wallet://card/{card_id}\n"
            # The issuer forgets the pass: the card keeps its data and the host says why.
            from django_walletpass.models import Pass
            Pass.objects.filter(serial_number=serial).delete()
            failed = host.wait_for(event="update-failed", card=card_id)
            assert "HTTP 404" in failed["reason"]
            assert host.signal(15) == 0
    finally:
        bus.stop()
    assert card_json(wallet)["message"] == "Gate changed to E5"
