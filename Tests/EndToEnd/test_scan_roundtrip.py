"""What is scanned is what is drawn (issue 33): an image made by zint (the `zint` CLI, an encoder
independent of the wallet's), scanned by `card add --scan`, stored, drawn again by `card show
--png`, decoded by zxing-cpp (the oracle) gives back the same bytes and the same GS1 flag. The
payloads carry what a display form would spoil: RS/GS/EOT (ISO/IEC 15434), FNC1 (GS1),
ISO-8859-1 and UTF-8 text. A payload the wallet cannot draw back is refused in one line and
nothing is stored."""
import json
import subprocess

import pytest
import zxingcpp
from PIL import Image

from conftest import refused
from seen_once import shrink_until_seen_once

ISO15434 = b"[)>\x1e06\x1dDD1234\x1dXYZ\x1e\x04"
GS1 = b"01095040000591012112345\x1d10ABC123"
GS1_BRACKETED = "[01]09504000059101[21]12345[10]ABC123"

# (name, zint symbology number, zint options, zint data, expected bytes, GS1, wallet format)
CASES = [
    ("data-matrix-iso15434", 71, ["--esc"], "[)>\\R06\\GDD1234\\GXYZ\\R\\E", ISO15434, False, "data-matrix"),
    ("qr-iso15434", 58, ["--esc"], "[)>\\R06\\GDD1234\\GXYZ\\R\\E", ISO15434, False, "qr"),
    ("aztec-iso15434", 92, ["--esc"], "[)>\\R06\\GDD1234\\GXYZ\\R\\E", ISO15434, False, "aztec"),
    ("pdf417-iso15434", 55, ["--esc"], "[)>\\R06\\GDD1234\\GXYZ\\R\\E", ISO15434, False, "pdf417"),
    ("code128-control", 20, ["--esc"], "AB\\GCD\\REF", b"AB\x1dCD\x1eEF", False, "code128"),
    ("data-matrix-gs1", 71, ["--gs1"], GS1_BRACKETED, GS1, True, "data-matrix"),
    ("gs1-128", 16, [], GS1_BRACKETED, GS1, True, "code128"),
    ("qr-gs1", 58, ["--gs1"], GS1_BRACKETED, GS1, True, "qr"),
    ("aztec-gs1", 92, ["--gs1"], GS1_BRACKETED, GS1, True, "aztec"),
    ("code128-latin1", 20, ["--binary"], "Caf\xe9 N\xba 7".encode("latin-1"), "Café Nº 7".encode("latin-1"), False, "code128"),
    ("qr-latin1", 58, ["--binary"], "Zoë ½".encode("latin-1"), "Zoë ½".encode("latin-1"), False, "qr"),
    ("data-matrix-utf8", 71, ["--eci=26"], "Café ☕ 東京", "Café ☕ 東京".encode(), False, "data-matrix"),
    ("aztec-utf8", 92, ["--eci=26"], "Zoë ½ €", "Zoë ½ €".encode(), False, "aztec"),
    ("pdf417-latin1", 55, ["--binary"], "Müller ½".encode("latin-1"), "Müller ½".encode("latin-1"), False, "pdf417"),
]

# Every other format, ASCII payloads (the wallet's own formats; zint draws them too).
PLAIN = [
    ("code39", 8, "CARD-42"), ("code93", 25, "Card 42"), ("codabar", 18, "A40156B"), ("ean13", 13, "4006381333931"),
    ("ean8", 13, "9638507"), ("upc-a", 34, "036000291452"), ("upc-e", 37, "01234565"), ("itf", 3, "12345678"),
]


def zint(path, symbology, options, data):
    """Draws `data` (str or bytes) with the zint CLI at 4 px per module."""
    source = path.with_suffix(".data")
    source.write_bytes(data if isinstance(data, bytes) else data.encode())
    subprocess.run(["zint", "-b", str(symbology), *options, "--scale=4", "-o", str(path), f"--input={source}"],
                   check=True, capture_output=True, timeout=60)
    return path


def decoded(path):
    """zxing-cpp's one reading of the image: its bytes (no ECI designators) and whether it is GS1."""
    with Image.open(path) as image:
        results = zxingcpp.read_barcodes(image.convert("L"))
    assert len(results) == 1, [r.text for r in results]
    return bytes(results[0].bytes), results[0].content_type == zxingcpp.ContentType.GS1


def round_trip(wallet, tmp_path, name, image):
    card_id = wallet.run("card", "add", "--store", name, "--scan", image).stdout.strip()
    drawn = tmp_path / f"{name}-drawn.png"
    wallet.run("card", "show", card_id, "--png", drawn)
    return json.loads(wallet.run("card", "show", card_id, "--json").stdout), decoded(drawn)


@pytest.mark.parametrize("name,symbology,options,data,expected,gs1,fmt", CASES, ids=[c[0] for c in CASES])
def test_scan_store_draw_decode_gives_the_same_bytes(wallet, tmp_path, name, symbology, options, data, expected, gs1, fmt):
    image = zint(tmp_path / f"{name}.png", symbology, options, data)
    assert decoded(image) == (expected, gs1)
    found = json.loads(wallet.run("card", "scan", image, "--json").stdout)
    assert [(f["format"], f["gs1"], f["storable"]) for f in found] == [(fmt, gs1, True)]
    card, again = round_trip(wallet, tmp_path, name, image)
    assert again == (expected, gs1)
    assert (card["format"], card["gs1"]) == (fmt, gs1)
    value = card["barcodeValue"] if card["barcodeValue"] is not None else card["code"]
    text = found[0]["text"]
    assert value == text and "\x1d" not in card["code"] and "\x1e" not in card["code"]
    if expected in (ISO15434,):
        assert found[0]["display"] == "[)>␞06␝DD1234␝XYZ␞␄" and card["code"] == found[0]["display"]
    if gs1:
        assert text == GS1.decode() and found[0]["display"] == "(01)09504000059101(21)12345(10)ABC123"
        assert found[0]["gs1Elements"] == [{"ai": "01", "data": "09504000059101"}, {"ai": "21", "data": "12345"},
                                           {"ai": "10", "data": "ABC123"}]
    else:
        assert "gs1Elements" not in found[0]
    assert card["code"] == found[0]["display"]


@pytest.mark.parametrize("fmt,symbology,data", PLAIN, ids=[p[0] for p in PLAIN])
def test_every_other_format_round_trips(wallet, tmp_path, fmt, symbology, data):
    image = zint(tmp_path / f"{fmt}.png", symbology, [], data)
    card, (_, gs1) = round_trip(wallet, tmp_path, fmt, image)
    assert card["format"] == fmt and not gs1 and not card["gs1"]
    # zxing-cpp gives UPC-A and UPC-E as 13-digit GTINs: the wallet's reading of its own drawing
    # (the same reader, as the wallet names the digits) compares the number.
    first = json.loads(wallet.run("card", "scan", image, "--json").stdout)
    drawn = json.loads(wallet.run("card", "scan", tmp_path / f"{fmt}-drawn.png", "--json").stdout)
    assert [f["text"] for f in drawn] == [f["text"] for f in first] == [card["code"]]
    assert card["code"].startswith(data)


def test_the_terminal_shows_control_pictures_and_gs1_fields(wallet, tmp_path):
    image = zint(tmp_path / "dm.png", 71, ["--esc"], "[)>\\R06\\GDD1234\\GXYZ\\R\\E")
    line = wallet.run("card", "scan", image).stdout.strip()
    assert line.endswith('"[)>␞06␝DD1234␝XYZ␞␄"'), line
    image = zint(tmp_path / "gs1.png", 16, [], GS1_BRACKETED)
    assert wallet.run("card", "scan", image).stdout.strip().endswith('"(01)09504000059101(21)12345(10)ABC123"  GS1')
    card_id = wallet.run("card", "add", "--store", "GS1", "--scan", image).stdout.strip()
    shown = wallet.run("card", "show", card_id).stdout
    assert "Barcode value: (01)09504000059101(21)12345(10)ABC123" in shown and "GS1: yes" in shown


def test_a_payload_of_nul_bytes_is_refused_not_stored_altered(wallet, tmp_path):
    image = zint(tmp_path / "nul.png", 71, ["--binary"], b"AB\x00\x00CD")
    found = json.loads(wallet.run("card", "scan", image, "--json").stdout)
    assert [(f["text"], f["display"], f["storable"]) for f in found] == [("AB\x00\x00CD", "AB␀␀CD", False)]
    assert "NUL" in found[0]["reason"]
    refused(wallet, "card", "add", "--store", "Nul", "--scan", image, fragment="cannot be stored as read")
    assert json.loads(wallet.run("card", "list", "--json").stdout) == []


def test_a_character_set_the_wallet_does_not_write_is_refused(wallet, tmp_path):
    """zint writes Japanese text without an ECI as Shift JIS (QR's Kanji mode): the wallet writes
    UTF-8 or ISO-8859-1, so it would draw other bytes."""
    image = zint(tmp_path / "sjis.png", 58, [], "テスト")
    line = refused(wallet, "card", "add", "--store", "SJIS", "--scan", image, fragment="cannot be stored as read")
    assert "character set" in line
    assert json.loads(wallet.run("card", "list", "--json").stdout) == []


def test_a_latin1_code128_is_not_vetoed_by_zbar(wallet, tmp_path):
    """zbar reads `Café Nº 7` as `Cafi N: 7`: zxing-cpp's reading stands, undisputed."""
    image = zint(tmp_path / "latin1.png", 20, ["--binary"], "Caf\xe9 N\xba 7".encode("latin-1"))
    found = json.loads(wallet.run("card", "scan", image, "--json").stdout)
    assert [(f["text"], f["disputed"], f["storable"]) for f in found] == [("Café Nº 7", False, True)]
    card_id = wallet.run("card", "add", "--store", "Café", "--scan", image).stdout.strip()
    assert json.loads(wallet.run("card", "show", card_id, "--json").stdout)["code"] == "Café Nº 7"


def one_reader_ean13(wallet, tmp_path):
    """An EAN-13 one reader reads once only (seen_once.py)."""
    base = tmp_path / "base.png"
    wallet.run("barcode", "--format", "ean13", "--module-size", 4, "--output", base, "400638133393")
    return shrink_until_seen_once(base, tmp_path / "once.png")


def test_a_reading_seen_once_is_stored_only_when_confirmed(wallet, tmp_path):
    image = one_reader_ean13(wallet, tmp_path)
    found = json.loads(wallet.run("card", "scan", image, "--json").stdout)
    assert [(f["format"], f["text"], f["unconfirmed"], f["disputed"]) for f in found] == [
        ("ean13", "4006381333931", True, False)]
    assert wallet.run("card", "scan", image).stdout.strip().endswith('"4006381333931"  (unconfirmed)')
    line = refused(wallet, "card", "add", "--store", "Once", "--scan", image, fragment="was read once only")
    assert '1 ean13 "4006381333931" (unconfirmed)' in line and "--pick 1 --confirm" in line
    refused(wallet, "card", "add", "--store", "Once", "--scan", image, "--pick", 1, fragment="was read once only")
    refused(wallet, "card", "add", "--store", "Once", "--scan", image, "--confirm", fragment="--confirm only works with --pick N")
    refused(wallet, "card", "add", "--store", "Once", "--code", "1", "--confirm", fragment="--confirm only works with --scan")
    assert json.loads(wallet.run("card", "list", "--json").stdout) == []
    card_id = wallet.run("card", "add", "--store", "Once", "--scan", image, "--pick", 1, "--confirm").stdout.strip()
    card = json.loads(wallet.run("card", "show", card_id, "--json").stdout)
    assert (card["format"], card["code"]) == ("ean13", "4006381333931")


@pytest.mark.parametrize("fmt", ["code128", "data-matrix", "qr", "aztec"])
def test_a_typed_gs1_code_is_drawn_in_gs1_mode(wallet, tmp_path, fmt):
    card_id = wallet.run("card", "add", "--store", "Typed", "--code", "(01)09504000059101", "--format", fmt,
                         "--barcode-value", GS1.decode(), "--gs1", "true").stdout.strip()
    wallet.run("card", "show", card_id, "--png", tmp_path / "gs1.png")
    assert decoded(tmp_path / "gs1.png") == (GS1, True)
    wallet.run("card", "edit", card_id, "--gs1", "false")
    wallet.run("card", "show", card_id, "--png", tmp_path / "plain.png")
    assert decoded(tmp_path / "plain.png") == (GS1, False)


def test_gs1_is_refused_where_the_encoder_has_no_gs1_mode(wallet, tmp_path):
    refused(wallet, "card", "add", "--store", "P", "--code", "0109504000059101", "--format", "pdf417", "--gs1", "true",
            fragment="pdf417 has no GS1 mode")
    refused(wallet, "card", "add", "--store", "P", "--code", "P-1", "--barcode-value", "0109504000059101\x1d", "--format", "qr",
            "--gs1", "true", fragment="invalid GS1 data for qr")
    image = zint(tmp_path / "gs1.png", 16, [], GS1_BRACKETED)
    refused(wallet, "card", "add", "--store", "P", "--scan", image, "--gs1", "true", fragment="--scan and --gs1")
    assert json.loads(wallet.run("card", "list", "--json").stdout) == []
