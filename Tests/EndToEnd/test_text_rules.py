"""Text rules on real-world passes: back fields carry line breaks (LF, CR LF) and tabs, which a
note keeps; what is dangerous (NUL, escape sequences, C1 controls, bidi overrides) is refused,
and in an optional field (a note line, a group) it costs that field with a warning, not the
import. Output escapes what a terminal would act on."""
import json

from conftest import refused, run_in_terminal
from oracle import zxing_decode
from test_interop import all_cards, pkpass, without_pass_verdict, write_zip

TERMS = "Line one\r\nLine two\n\tIndented"


def hotel(path, back_fields, **extra):
    return pkpass(path, {
        "formatVersion": 1, "logoText": "Hotel Example", "serialNumber": "H-1", "description": "Stay",
        "barcodes": [{"format": "PKBarcodeFormatQR", "message": "ROOM-1204"}],
        "generic": {"backFields": back_fields}, **extra})


def test_back_fields_keep_line_breaks_and_tabs(wallet, tmp_path):
    path = hotel(tmp_path / "hotel.pkpass", [{"key": "terms", "label": "Terms", "value": TERMS}])
    run = wallet.run("card", "import", path)
    assert run.stdout.strip() == "added 1, skipped 0" and without_pass_verdict(run.stderr) == ""
    card = all_cards(wallet)["Hotel Example"]
    assert card["note"] == "Stay\nTerms: " + TERMS
    png = tmp_path / "hotel.png"
    wallet.run("card", "show", card["id"], "--png", png)
    assert [d.text for d in zxing_decode(png)] == ["ROOM-1204"]


def test_an_escape_sequence_in_one_field_costs_that_field_with_a_warning(wallet, tmp_path):
    path = hotel(tmp_path / "hotel.pkpass", [
        {"key": "terms", "label": "Terms", "value": "Checkout 11:00"},
        {"key": "evil", "label": "Evil", "value": "x\u001b[2J\u202ered"},
        {"key": "nul", "label": "Null", "value": "a\u0000b"},
        {"key": "desk", "label": "Desk", "value": "+41 00 000 00 00"}])
    run = wallet.run("card", "import", path)
    assert run.stdout.strip() == "added 1, skipped 0"
    warnings = without_pass_verdict(run.stderr).strip().splitlines()
    assert len(warnings) == 2, run.stderr
    assert "U+001B" in warnings[0] and "left out" in warnings[0] and "pass.json" in warnings[0]
    assert "U+0000" in warnings[1]
    assert "\x1b" not in run.stderr
    assert all_cards(wallet)["Hotel Example"]["note"] == "Stay\nTerms: Checkout 11:00\nDesk: +41 00 000 00 00"


def test_a_bundle_with_such_a_field_imports_every_pass(wallet, tmp_path):
    members = {}
    for n, value in enumerate(["Gate\tB12\r\nBoarding 10:40", "\u009b31m"]):
        members[f"{n}.pkpass"] = hotel(tmp_path / f"{n}.pkpass", [{"key": "k", "label": "Info", "value": value}],
                                       logoText=f"Air {n}").read_bytes()
    bundle = write_zip(tmp_path / "trip.pkpasses", members)
    run = wallet.run("card", "import", bundle)
    assert run.stdout.strip() == "added 2, skipped 0"
    assert "1.pkpass" in run.stderr and "U+009B" in run.stderr
    cards = all_cards(wallet)
    assert cards["Air 0"]["note"] == "Stay\nInfo: Gate\tB12\r\nBoarding 10:40"
    assert cards["Air 1"]["note"] == "Stay"


def test_dangerous_text_in_a_required_field_still_refuses_the_import(wallet, tmp_path):
    path = hotel(tmp_path / "hotel.pkpass", [], logoText="Hotel\u202eelpmaxE")
    refused(wallet, "card", "import", path, fragment="U+202E")
    assert wallet.run("card", "list", "--json").stdout.strip() in ("", "[]")


def test_a_group_with_an_escape_is_dropped_with_a_warning(wallet, tmp_path):
    cards = [{"id": "3f2504e0-4f89-11d3-9a0c-0305e82c3301", "store": "Shop", "code": "1", "color": "#112233",
              "note": "a\r\nb", "groups": ["Food", "Bad\u001b]0;x\u0007"], "createdAt": "2026-01-01T00:00:00Z"}]
    path = tmp_path / "wallet.json"
    path.write_text(json.dumps({"format": "wallet", "version": 1, "groups": ["Food", "Bad\u001b]0;x\u0007"], "cards": cards}))
    run = wallet.run("card", "import", path)
    assert run.stdout.strip() == "added 1, skipped 0", run.stderr
    assert "group" in run.stderr and "U+001B" in run.stderr
    card = all_cards(wallet)["Shop"]
    assert (card["groups"], card["note"]) == (["Food"], "a\r\nb")


def test_card_add_keeps_tabs_and_line_breaks_in_notes_and_refuses_escapes(wallet):
    wallet.run("card", "add", "--store", "Gym", "--code", "7", "--note", "Locker\t12\r\nDoor B")
    assert all_cards(wallet)["Gym"]["note"] == "Locker\t12\r\nDoor B"
    refused(wallet, "card", "add", "--store", "Pool", "--code", "8", "--note", "a\x1b[31m", fragment="U+001B")
    refused(wallet, "card", "add", "--store", "Po\tol", "--code", "8", fragment="U+0009")


def test_output_escapes_a_lone_carriage_return_but_keeps_line_breaks(wallet):
    wallet.run("card", "add", "--store", "Gym", "--code", "7", "--note", "Locker 12\r\nDoor B\rHIDDEN")
    status, _, shown = run_in_terminal(wallet, "card", "show", "Gym")
    assert status == 0
    assert "Door B\\u{D}HIDDEN" in shown
    assert shown.count("\\u{D}") == 1  # the CR of CR LF is shown as it is (the terminal adds one more)
    assert "Locker 12\r\r\nDoor B" in shown
