"""The character set of a barcode's text (UTF-8 or ISO-8859-1): `barcode --encoding`, the card's
`--barcode-encoding`, a pass's `messageEncoding` and Catima's `barcodeencoding`.

Every barcode is decoded by zxing-cpp, comparing both the text and the symbol's data bytes (the
bytes a scanner hands the till); QR is read by zbar too."""
import json
import sqlite3

import pytest

from conftest import one_line_failure, refused
from oracle import zbar_decode, zxing_decode
from test_interop import HEADER, all_cards, imported, pkpass, without_pass_verdict

TEXT = "Café Müller ½ Nº 42"
TWO_D = ["qr", "aztec", "pdf417", "data-matrix"]


def decoded_bytes(path):
    return [(d.text, d.raw) for d in zxing_decode(path)]


def card_png(wallet, tmp_path, card_id, name="card.png"):
    png = tmp_path / name
    wallet.run("card", "show", card_id, "--png", png)
    return png


@pytest.mark.parametrize("fmt", TWO_D)
@pytest.mark.parametrize("encoding,codec", [("ISO-8859-1", "latin-1"), ("UTF-8", "utf-8"), ("latin1", "latin-1")])
def test_barcode_writes_the_text_in_the_encoding(wallet, tmp_path, fmt, encoding, codec):
    png = tmp_path / f"{fmt}.png"
    wallet.run("barcode", "--format", fmt, "--encoding", encoding, "--output", png, TEXT)
    assert decoded_bytes(png) == [(TEXT, TEXT.encode(codec))]
    if fmt == "qr":
        assert [d.text for d in zbar_decode(png)] == [TEXT]


def test_ascii_is_the_same_symbol_in_both_encodings(wallet, tmp_path):
    for fmt in TWO_D:
        latin, utf = tmp_path / f"{fmt}-latin.png", tmp_path / f"{fmt}-utf.png"
        wallet.run("barcode", "--format", fmt, "--encoding", "ISO-8859-1", "--output", latin, "M1DOE/JOHN   E 12A ")
        wallet.run("barcode", "--format", fmt, "--output", utf, "M1DOE/JOHN   E 12A ")
        assert latin.read_bytes() == utf.read_bytes()
        assert decoded_bytes(latin) == [("M1DOE/JOHN   E 12A ", b"M1DOE/JOHN   E 12A ")]


def test_batch_writes_every_line_in_the_encoding(wallet, tmp_path):
    lines = ["Zoë 1", "Ærø 2", "plain 3"]
    batch = tmp_path / "batch.txt"
    batch.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = tmp_path / "out"
    wallet.run("barcode", "--format", "aztec", "--encoding", "ISO-8859-1", "--batch", batch, "--output-dir", out)
    for number, line in enumerate(lines, start=1):
        assert decoded_bytes(out / f"{number:05}.png") == [(line, line.encode("latin-1"))]


def test_text_outside_latin1_and_unknown_names_are_refused(wallet, tmp_path):
    line = refused(wallet, "barcode", "--format", "qr", "--encoding", "ISO-8859-1", "--output",
                   tmp_path / "x.png", "Preis 5 €", fragment="'€' at position 9")
    assert "ISO-8859-1" in line and "UTF-8" in line
    assert not (tmp_path / "x.png").exists()
    refused(wallet, "barcode", "--format", "qr", "--encoding", "shift_jis", "x",
            fragment="unknown barcode encoding 'shift_jis': use UTF-8 or ISO-8859-1")
    batch = tmp_path / "batch.txt"
    batch.write_text("fine\nPreis 5 €\n", encoding="utf-8")
    refused(wallet, "barcode", "--format", "qr", "--encoding", "ISO-8859-1", "--batch", batch,
            "--output-dir", tmp_path / "out", fragment="line 2: invalid character '€'")
    assert not (tmp_path / "out").exists()


def test_card_keeps_its_encoding_through_show_edit_and_widgets(wallet, tmp_path):
    card_id = wallet.run("card", "add", "--store", "Bäckerei", "--code", "4711", "--format", "qr",
                         "--barcode-value", TEXT, "--barcode-encoding", "iso-8859-1").stdout.strip()
    card = all_cards(wallet)["Bäckerei"]
    assert card["barcodeEncoding"] == "ISO-8859-1"
    assert decoded_bytes(card_png(wallet, tmp_path, card_id)) == [(TEXT, TEXT.encode("latin-1"))]
    shown = wallet.run("card", "show", card_id).stdout
    assert "Barcode encoding: ISO-8859-1" in shown

    widget = wallet.run("widget", "add", "--family", "small", "--cards", card_id).stdout.strip()
    snapshot = tmp_path / "widget.png"
    wallet.run("widget", "render", widget, "--output", snapshot, "--scale", "3")
    assert decoded_bytes(snapshot) == [(TEXT, TEXT.encode("latin-1"))]

    before = wallet.run("card", "list", "--json").stdout
    line = one_line_failure(wallet.run("card", "edit", card_id, "--barcode-value", "5 €", check=False))
    assert "'€'" in line and "ISO-8859-1" in line
    assert wallet.run("card", "list", "--json").stdout == before

    wallet.run("card", "edit", card_id, "--barcode-encoding", "")
    assert all_cards(wallet)["Bäckerei"]["barcodeEncoding"] is None
    assert decoded_bytes(card_png(wallet, tmp_path, card_id, "utf.png")) == [(TEXT, TEXT.encode("utf-8"))]
    refused(wallet, "card", "edit", card_id, "--barcode-encoding", "ebcdic", fragment="unknown barcode encoding 'ebcdic'")


def pass_with(message, encoding, fmt="PKBarcodeFormatQR", name="Café Central"):
    return {"logoText": name, "serialNumber": "1",
            "barcodes": [{"format": fmt, "message": message, "messageEncoding": encoding}], "storeCard": {}}


@pytest.mark.parametrize("fmt,decoded_format", [("PKBarcodeFormatQR", "QRCode"), ("PKBarcodeFormatAztec", "Aztec"),
                                                ("PKBarcodeFormatPDF417", "PDF417")])
def test_pass_message_is_encoded_in_its_message_encoding(wallet, tmp_path, fmt, decoded_format):
    path = pkpass(tmp_path / "cafe.pkpass", pass_with(TEXT, "iso-8859-1", fmt))
    assert imported(wallet, path) == "added 1, skipped 0"
    card = all_cards(wallet)["Café Central"]
    assert (card["barcodeValue"] or card["code"], card["barcodeEncoding"]) == (TEXT, "ISO-8859-1")
    decoded = zxing_decode(card_png(wallet, tmp_path, card["id"]))
    assert [(d.format, d.text, d.raw) for d in decoded] == [(decoded_format, TEXT, TEXT.encode("latin-1"))]


def test_pass_encodings_the_wallet_cannot_write_fall_back_to_utf8_with_a_warning(wallet, tmp_path):
    cases = [("Shift", "お得 ポイント", "shift_jis"), ("Euro", "Preis 5 €", "iso-8859-1")]
    for name, message, encoding in cases:
        run = wallet.run("card", "import", pkpass(tmp_path / f"{name}.pkpass", pass_with(message, encoding, name=name)))
        assert run.stdout.strip() == "added 1, skipped 0"
        stderr = without_pass_verdict(run.stderr)
        assert stderr.count("warning:") == 1 and "barcodes[0].messageEncoding" in stderr, run.stderr
        assert "written in UTF-8" in run.stderr
        card = all_cards(wallet)[name]
        assert card["barcodeEncoding"] is None
        assert decoded_bytes(card_png(wallet, tmp_path, card["id"], f"{name}.png")) == [(message, message.encode("utf-8"))]
    ascii_run = wallet.run("card", "import", pkpass(tmp_path / "a.pkpass", pass_with("ABC 123", "windows-1252", name="Plain")))
    assert without_pass_verdict(ascii_run.stderr) == "" and all_cards(wallet)["Plain"]["barcodeEncoding"] is None


def catima_csv(rows):
    return "\n".join(["2", "", "_id", "", HEADER, *rows, "", "cardId,groupId", ""])


def test_catima_barcodeencoding_round_trips(wallet, tmp_path):
    source = tmp_path / "catima.csv"
    source.write_text(catima_csv([
        f"1,Käserei,,,,0,,K-1,{TEXT},AZTEC,ISO-8859-1,-65536,0,0,0",
        "2,Utf Shop,,,,0,,U-2,Zoë,QR_CODE,UTF-8,-65536,0,0,0",
        "3,Plain,,,,0,,P-3,,QR_CODE,,-65536,0,0,0",
        "4,Euro Shop,,,,0,,E-4,5 €,QR_CODE,ISO-8859-1,-65536,0,0,0",
    ]), encoding="utf-8")
    run = wallet.run("card", "import", source)
    assert run.stdout.strip() == "added 4, skipped 0"
    assert "line 9: barcodeencoding ISO-8859-1 cannot hold" in run.stderr, run.stderr
    cards = all_cards(wallet)
    assert [cards[name]["barcodeEncoding"] for name in ("Käserei", "Utf Shop", "Plain", "Euro Shop")] == \
        ["ISO-8859-1", None, None, None]
    assert decoded_bytes(card_png(wallet, tmp_path, cards["Käserei"]["id"])) == [(TEXT, TEXT.encode("latin-1"))]

    exported = tmp_path / "export.csv"
    wallet.run("card", "export", exported, "--format", "catima")
    rows = {line.split(",")[1]: line.split(",") for line in exported.read_text(encoding="utf-8").splitlines()
            if line.count(",") >= 14}
    encoding_column = HEADER.split(",").index("barcodeencoding")
    assert {name: rows[name][encoding_column] for name in ("Käserei", "Utf Shop", "Plain", "Euro Shop")} == \
        {"Käserei": "ISO-8859-1", "Utf Shop": "UTF-8", "Plain": "UTF-8", "Euro Shop": "UTF-8"}

    json_export = tmp_path / "wallet.json"
    wallet.run("card", "export", json_export, "--format", "json")
    from conftest import Wallet
    other = Wallet(tmp_path / "other")
    other.run("card", "import", json_export)
    assert all_cards(other)["Käserei"]["barcodeEncoding"] == "ISO-8859-1"
    document = json.loads(json_export.read_text(encoding="utf-8"))
    document["cards"][0]["barcodeEncoding"] = "klingon"
    json_export.write_text(json.dumps(document), encoding="utf-8")
    refused(Wallet(tmp_path / "third"), "card", "import", json_export, fragment="unknown barcode encoding 'klingon'")


def test_an_older_database_gains_the_column(wallet, tmp_path):
    card_id = wallet.run("card", "add", "--store", "Old", "--code", "OLD-1", "--format", "qr").stdout.strip()
    database = wallet.home / "wallet.sqlite"
    with sqlite3.connect(database) as db:
        db.execute("ALTER TABLE card DROP COLUMN barcodeEncoding")
        db.execute("DELETE FROM grdb_migrations WHERE identifier LIKE 'v2:%'")
    db.close()
    refused(wallet, "widget", "render", "--all", "--output", tmp_path / "w", fragment="older schema")
    wallet.run("card", "add", "--store", "New", "--code", "NEW-1", "--format", "qr", "--barcode-encoding", "ISO-8859-1")
    cards = all_cards(wallet)
    assert (cards["Old"]["barcodeEncoding"], cards["New"]["barcodeEncoding"]) == (None, "ISO-8859-1")
    assert [d.text for d in zxing_decode(card_png(wallet, tmp_path, card_id))] == ["OLD-1"]
