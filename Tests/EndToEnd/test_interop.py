"""End-to-end checks of `wallet card import` / `wallet card export` (issue 5).

Every fixture is written here: Catima v1/v2 CSVs and zips, Apple Wallet passes built with
zipfile, and a malformed-file catalog. Each failure must leave `card list --json` unchanged.
"""
import hashlib
import json
import re
import subprocess
import zipfile
from pathlib import Path

import pytest

from oracle import zxing_decode

HEADER = ("_id,store,note,validfrom,expiry,balance,balancetype,cardid,barcodeid,barcodetype,"
          "barcodeencoding,headercolor,starstatus,lastused,archive")

# (Catima name, wallet format, a valid code)
CODES = [
    ("QR_CODE", "qr", "QR-1"), ("AZTEC", "aztec", "AZ-123"), ("PDF_417", "pdf417", "PDF417 data"),
    ("DATA_MATRIX", "data-matrix", "DM-0042"), ("CODE_128", "code128", "ABC-123"),
    ("CODE_39", "code39", "CODE39 TEST"), ("CODE_93", "code93", "CODE93"), ("CODABAR", "codabar", "A123456B"),
    ("EAN_13", "ean13", "5901234123457"), ("EAN_8", "ean8", "96385074"), ("UPC_A", "upc-a", "036000291452"),
    ("UPC_E", "upc-e", "01234565"), ("ITF", "itf", "12345678"),
]


def catima_v2(newline="\n"):
    """Every barcode type, a multi-line quoted note, groups, starred/archived, balances, no barcode."""
    lines = ["2", "", "_id", "Food", "Travel", "Unused", "", HEADER]
    for number, (catima, _, code) in enumerate(CODES, start=1):
        if number == 1:
            lines.append('1,QR Store,"Line one\nLine ""two"", with comma\n\nafter a blank line",,1767225600000,'
                         "12.50,EUR,QR-1,https://example.com/q?id=1,QR_CODE,UTF-8,-16776961,1,1730493938,0")
        elif number == 2:
            lines.append("2,Aztec Shop,,,,0,,AZ-123,,AZTEC,ISO-8859-1,-65536,0,0,1")
        elif number == 3:
            lines.append('3,"PDF, Inc.",,,,150,,PDF417 data,,PDF_417,,-16711936,0,,0')
        else:
            lines.append(f"{number},Store {number},,,,0,,{code},,{catima},,-12345678,0,1700000000,0")
    lines.append("14,Library,,,,,,4242,,,,,0,0,0")
    lines += ["", "cardId,groupId", "1,Food", "1,Travel", "9,Food", "14,Travel", ""]
    return newline.join(lines)


def catima_v1():
    return ('_id,store,note,cardid,barcodetype,headercolor,headertextcolor\n'
            '1,Old Shop,"old, ""quoted"" note",123456,CODE_128,-1,-16777216\n'
            '2,Points Club,,555,,,\n')


def write_zip(path, files):
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, content in files.items():
            archive.writestr(name, content)
    return path


def pkpass(path, pass_json, extra=None):
    """A pass zip: pass.json, `extra` files, a manifest.json of their SHA-1 digests (unless
    `extra` brings its own) and a signature."""
    files = {"pass.json": json.dumps(pass_json), "signature": "sig"}
    files.update(extra or {})
    files.setdefault("manifest.json", pass_manifest(files))
    return write_zip(path, files)


class PassSigner:
    """A throwaway pass certificate (own CA, made with openssl) for `pass_type` and `team`:
    `sign(path)` replaces a pass zip's signature with a real detached CMS signature of its
    manifest, so the wallet reads it as `untrusted` (a valid signature not chaining to Apple)."""

    def __init__(self, folder, pass_type, team, organization="Test Issuer"):
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        subject = f"/UID={pass_type}/CN=Pass Type ID: {pass_type}/OU={team}/O={organization}/C=US"
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", subject,
                        "-keyout", str(self.folder / "key.pem"), "-out", str(self.folder / "cert.pem")],
                       check=True, capture_output=True)

    def sign(self, path):
        with zipfile.ZipFile(path) as archive:
            files = {name: archive.read(name) for name in archive.namelist()}
        manifest = self.folder / "manifest.json"
        manifest.write_bytes(files["manifest.json"])
        files["signature"] = subprocess.run(
            ["openssl", "cms", "-sign", "-binary", "-in", str(manifest), "-signer", str(self.folder / "cert.pem"),
             "-inkey", str(self.folder / "key.pem"), "-outform", "DER"], check=True, capture_output=True).stdout
        return write_zip(path, files)


def without_pass_verdict(stderr):
    """stderr without the import's one-line authenticity warning (`the pass is altered: ...;
    imported anyway`): the passes these tests write carry a stand-in signature."""
    return "".join(line for line in stderr.splitlines(keepends=True)
                   if not re.search(r": the pass is (unsigned|altered|untrusted): .*; imported anyway$", line.rstrip("\n")))


def pass_manifest(files):
    """manifest.json for `files` (name -> str or bytes): every file but the manifest and signature."""
    def raw(content):
        return content.encode() if isinstance(content, str) else content
    return json.dumps({name: hashlib.sha1(raw(content)).hexdigest()
                       for name, content in files.items() if name not in ("manifest.json", "signature")})


def all_cards(wallet):
    """Every stored card (archived included), by store name."""
    listed = json.loads(wallet.run("card", "list", "--json", "--archived").stdout)
    return {card["store"]: card for card in listed}


def listing(wallet):
    """The raw `card list --json` output, active and archived, to compare before/after."""
    return (wallet.run("card", "list", "--json").stdout, wallet.run("card", "list", "--json", "--archived").stdout)


def without(card, *keys):
    return {key: value for key, value in card.items() if key not in keys}


def imported(wallet, path):
    run = wallet.run("card", "import", path)
    return run.stdout.strip()


# ---- Catima ----------------------------------------------------------------------------------

def test_catima_v2_fixture_imports_every_field(wallet, tmp_path):
    path = tmp_path / "catima.csv"
    path.write_text(catima_v2(), encoding="utf-8")
    assert imported(wallet, path) == "added 14, skipped 0"
    cards = all_cards(wallet)
    assert len(cards) == 14
    for number, (_, fmt, code) in enumerate(CODES, start=1):
        store = {1: "QR Store", 2: "Aztec Shop", 3: "PDF, Inc."}.get(number, f"Store {number}")
        assert cards[store]["format"] == fmt
        assert cards[store]["code"] == code
    rich = cards["QR Store"]
    assert rich["note"] == 'Line one\nLine "two", with comma\n\nafter a blank line'
    assert rich["barcodeValue"] == "https://example.com/q?id=1"
    assert rich["color"] == "#0000FF"
    assert rich["favorite"] is True and rich["archived"] is False
    assert rich["balance"] == "12.50" and rich["currency"] == "EUR"
    assert sorted(rich["groups"]) == ["Food", "Travel"]
    assert rich["lastUsed"] == "2024-11-01T20:45:38Z" and rich["usageCount"] == 1
    assert rich["expiry"] is not None
    assert cards["Aztec Shop"]["archived"] is True
    assert cards["Aztec Shop"]["balance"] is None and cards["Aztec Shop"]["usageCount"] == 0
    assert cards["PDF, Inc."]["balance"] == "150" and cards["PDF, Inc."]["currency"] is None
    assert cards["Library"]["format"] is None and cards["Library"]["groups"] == ["Travel"]


def test_crlf_and_lf_files_import_the_same(wallet, tmp_path):
    lf, crlf = tmp_path / "lf.csv", tmp_path / "crlf.csv"
    lf.write_text(catima_v2("\n"), encoding="utf-8", newline="")
    crlf.write_text(catima_v2("\r\n"), encoding="utf-8", newline="")
    assert imported(wallet, lf) == "added 14, skipped 0"
    assert imported(wallet, crlf) == "added 0, skipped 14"


def test_catima_v1_and_zip(wallet, tmp_path):
    v1 = tmp_path / "old.csv"
    v1.write_text(catima_v1(), encoding="utf-8")
    assert imported(wallet, v1) == "added 2, skipped 0"
    cards = all_cards(wallet)
    assert cards["Old Shop"]["note"] == 'old, "quoted" note'
    assert cards["Old Shop"]["format"] == "code128" and cards["Old Shop"]["color"] == "#FFFFFF"
    backup = write_zip(tmp_path / "catima_backup.zip", {"catima.csv": catima_v2(), "card_1_front.png": b"\x89PNG"})
    assert imported(wallet, backup) == "added 14, skipped 0"


def test_format_is_detected_from_content(wallet, tmp_path):
    csv_named_txt = tmp_path / "export.txt"
    csv_named_txt.write_text(catima_v1(), encoding="utf-8")
    assert imported(wallet, csv_named_txt) == "added 2, skipped 0"
    pass_named_zip = pkpass(tmp_path / "pass.zip", {"logoText": "Zip Pass", "barcodes": [
        {"format": "PKBarcodeFormatQR", "message": "ZP-1"}]})
    assert imported(wallet, pass_named_zip) == "added 1, skipped 0"
    catima_named_pkpass = write_zip(tmp_path / "odd.pkpass", {"catima.csv": catima_v1().replace("Old Shop", "Odd Shop")})
    assert imported(wallet, catima_named_pkpass) == "added 1, skipped 1"


def test_duplicates_are_skipped_not_doubled(wallet, tmp_path):
    wallet.run("card", "add", "--store", "Store 9", "--code", "5901234123457", "--format", "ean13")
    path = tmp_path / "catima.csv"
    path.write_text(catima_v2(), encoding="utf-8")
    assert imported(wallet, path) == "added 13, skipped 1"
    assert imported(wallet, path) == "added 0, skipped 14"
    assert len(all_cards(wallet)) == 14


# ---- Round trips -----------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["export.csv", "export.zip"])
def test_catima_round_trip_gives_identical_cards(wallet, tmp_path, name):
    source = tmp_path / "catima.csv"
    source.write_text(catima_v2(), encoding="utf-8")
    wallet.run("card", "import", source)
    wallet.run("card", "add", "--store", "Manual", "--code", "12345", "--format", "code128",
               "--barcode-value", "MAN-12345", "--color", "#123456", "--note", 'a "note"\nline 2',
               "--favorite", "--expiry", "2027-06-30", "--balance", "7.25", "--currency", "usd")
    exported = tmp_path / name
    wallet.run("card", "export", exported, "--format", "catima")
    if name.endswith(".zip"):
        assert zipfile.ZipFile(exported).namelist() == ["catima.csv"]
    else:
        assert exported.read_bytes().startswith(b"2\r\n\r\n_id\r\n")
    other = type(wallet)(tmp_path / "other-home")
    assert other.run("card", "import", exported).stdout.strip() == "added 15, skipped 0"
    before, after = all_cards(wallet), all_cards(other)
    assert sorted(before) == sorted(after)
    for store in before:
        # Catima keeps neither ids nor creation dates; it keeps the last use, not the count.
        assert without(after[store], "id", "createdAt") == without(before[store], "id", "createdAt"), store


def test_catima_round_trip_of_a_lower_case_code_39(wallet, tmp_path):
    wallet.run("card", "add", "--store", "Lower", "--code", "card 39-x", "--format", "code39")
    exported = tmp_path / "export.csv"
    wallet.run("card", "export", exported, "--format", "catima")
    other = type(wallet)(tmp_path / "other-home")
    assert other.run("card", "import", exported).stdout.strip() == "added 1, skipped 0"
    card = all_cards(other)["Lower"]
    assert (card["format"], card["code"]) == ("code39", "card 39-x")
    png = tmp_path / "card.png"
    other.run("card", "show", card["id"], "--png", png)
    assert [result.text for result in zxing_decode(png)] == ["card 39-x"]


def test_json_round_trip_is_lossless(wallet, tmp_path):
    source = tmp_path / "catima.csv"
    source.write_text(catima_v2(), encoding="utf-8")
    wallet.run("card", "import", source)
    wallet.run("open", f"wallet://card/{all_cards(wallet)['Library']['id']}")
    exported = tmp_path / "wallet.json"
    wallet.run("card", "export", exported)  # .json implies --format json
    document = json.loads(exported.read_text(encoding="utf-8"))
    assert document["format"] == "wallet" and len(document["cards"]) == 14
    assert "Unused" in document["groups"] and len(document["usage"]) == 12
    other = type(wallet)(tmp_path / "other-home")
    assert other.run("card", "import", exported).stdout.strip() == "added 14, skipped 0"
    assert listing(other) == listing(wallet)
    assert other.run("card", "import", exported).stdout.strip() == "added 0, skipped 14"


def test_card_list_json_output_imports(wallet, tmp_path):
    wallet.run("card", "add", "--store", "Listed", "--code", "L-1", "--format", "qr")
    exported = tmp_path / "list.json"
    exported.write_text(wallet.run("card", "list", "--json").stdout, encoding="utf-8")
    other = type(wallet)(tmp_path / "other-home")
    assert other.run("card", "import", exported).stdout.strip() == "added 1, skipped 0"
    assert all_cards(other)["Listed"]["id"] == all_cards(wallet)["Listed"]["id"]


# ---- Apple Wallet ----------------------------------------------------------------------------

def test_pkpass_modern_and_legacy(wallet, tmp_path):
    modern = pkpass(tmp_path / "coffee.pkpass", {
        "formatVersion": 1, "organizationName": "Example Coffee Ltd", "logoText": "Example Coffee",
        "backgroundColor": "rgb(120, 60, 20)", "expirationDate": "2027-03-31T23:59:00+02:00", "voided": True,
        "barcodes": [
            {"format": "PKBarcodeFormatEAN13", "message": "5901234123457"},
            {"format": "PKBarcodeFormatPDF417", "message": "MEMBER:000123456", "altText": "0001 2345 6"}],
        "storeCard": {"primaryFields": [{"key": "b", "label": "Balance", "value": 12.5, "currencyCode": "EUR"}]},
    }, extra={"logo.png": b"\x89PNG"})
    legacy = pkpass(tmp_path / "airline.pkpass", {
        "organizationName": "Old Airline",
        "barcode": {"format": "PKBarcodeFormatCode128", "message": "FF123456", "messageEncoding": "iso-8859-1"}})
    assert imported(wallet, modern) == "added 1, skipped 0"
    assert imported(wallet, legacy) == "added 1, skipped 0"
    cards = all_cards(wallet)
    coffee = cards["Example Coffee"]
    assert (coffee["format"], coffee["code"], coffee["barcodeValue"]) == ("pdf417", "0001 2345 6", "MEMBER:000123456")
    assert (coffee["color"], coffee["expiry"], coffee["archived"]) == ("#783C14", "2027-03-31", True)
    assert (coffee["balance"], coffee["currency"]) == ("12.5", "EUR")
    airline = cards["Old Airline"]
    assert (airline["format"], airline["code"], airline["barcodeValue"]) == ("code128", "FF123456", None)


# ---- Imported cards render what they encode ----------------------------------------------------

@pytest.mark.parametrize("catima,fmt,code,value", [
    ("QR_CODE", "qr", "MEMBER 42", "https://example.com/m/42?t=abc"),
    ("CODE_128", "code128", "4242 4242", "ID-4242-XYZ"),
    ("EAN_13", "ean13", "Card 7", "5901234123457"),
    ("CODE_39", "code39", "Card 39", "member-39 (gold)"),  # full ASCII, as Catima's ZXing writes it
])
def test_imported_barcode_value_is_what_the_barcode_encodes(wallet, tmp_path, catima, fmt, code, value):
    path = tmp_path / "one.csv"
    path.write_text("\n".join(["2", "", "_id", "", HEADER,
                               f"1,Scan Me,,,,0,,{code},{value},{catima},,-1,0,0,0", "", "cardId,groupId", ""]))
    wallet.run("card", "import", path)
    card = all_cards(wallet)["Scan Me"]
    assert card["code"] == code and card["barcodeValue"] == value
    png = tmp_path / "card.png"
    wallet.run("card", "show", card["id"], "--png", png)
    decoded = [result.text for result in zxing_decode(png)]
    assert decoded == [value], decoded


# ---- Malformed-file catalog: nothing stored, one-line error naming file, place and reason -------

def catima_with(row):
    return "\n".join(["2", "", "_id", "", HEADER, "1,Good,,,,0,,5901234123457,,EAN_13,,-1,0,0,0", row,
                      "", "cardId,groupId", ""])


CATALOG = [
    ("bad-quote.csv", catima_with('2,"Unclosed,,,,0,,1,,,,-1,0,0,0'), ["line 7", "bad quoting", "never closed"]),
    ("stray-quote.csv", catima_with('2,Sh"op,,,,0,,1,,,,-1,0,0,0'), ["line 7", "bad quoting"]),
    ("columns.csv", catima_with("2,Shop,,,,0,,1,,,,-1,0,0"), ["line 7", "14 fields but the header has 15"]),
    ("type.csv", catima_with("2,Shop,,,,0,,1,,BARCODE_X,,-1,0,0,0"), ["line 7", "unknown barcode type 'BARCODE_X'"]),
    ("rss.csv", catima_with("2,Shop,,,,0,,1,,RSS_14,,-1,0,0,0"), ["line 7", "RSS_14 is not supported"]),
    ("store.csv", catima_with("2,,,,,0,,1,,,,-1,0,0,0"), ["line 7", "store is empty"]),
    ("version.csv", "7\n\n_id\n", ["line 1", "version 7"]),
    ("empty.csv", "", ["empty"]),
    ("garbage.bin", bytes(range(256)) * 4, ["not a Catima CSV or zip"]),
    ("hello.csv", "name,number\nShop,1\n", ["not a Catima CSV or zip"]),
]


def assert_refused(wallet, path, fragments):
    before = listing(wallet)
    run = wallet.run("card", "import", path, check=False)
    assert run.returncode != 0
    message = run.stderr.strip()
    assert "\n" not in message, message
    assert path.name in message, message
    for fragment in fragments:
        assert fragment in message, (fragment, message)
    assert listing(wallet) == before
    assert run.stdout == ""


@pytest.mark.parametrize("name,content,fragments", CATALOG, ids=[entry[0] for entry in CATALOG])
def test_malformed_files_store_nothing(wallet, tmp_path, name, content, fragments):
    wallet.run("card", "add", "--store", "Existing", "--code", "E-1")
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    assert_refused(wallet, path, fragments)


def test_malformed_zips_and_passes_store_nothing(wallet, tmp_path):
    wallet.run("card", "add", "--store", "Existing", "--code", "E-1")
    assert_refused(wallet, write_zip(tmp_path / "photos.zip", {"a.png": b"x"}), ["no catima.csv or pass.json"])
    bad_csv_in_zip = write_zip(tmp_path / "backup.zip", {"catima.csv": catima_with("2,Shop,,,,0,,1,,BARCODE_X,,-1,0,0,0")})
    assert_refused(wallet, bad_csv_in_zip, ["catima.csv line 7", "unknown barcode type"])
    broken = tmp_path / "broken.pkpass"
    broken.write_bytes(b"PK\x03\x04" + b"\x00" * 60)
    assert_refused(wallet, broken, ["not a readable zip"])
    no_barcode = pkpass(tmp_path / "nobarcode.pkpass", {"logoText": "X", "barcodes": [
        {"format": "PKBarcodeFormatEAN13", "message": "1"}]})
    assert_refused(wallet, no_barcode, ["pass.json", "no usable barcode", "PKBarcodeFormatEAN13"])
    no_name = pkpass(tmp_path / "noname.pkpass", {"barcodes": [{"format": "PKBarcodeFormatQR", "message": "1"}]})
    assert_refused(wallet, no_name, ["pass.json", "no name"])
    bad_json = tmp_path / "bad.json"
    bad_json.write_text('{"format": "wallet", "version": 1, "cards": [{"store": "S", "code": "1", "format": "nope"}]}')
    assert_refused(wallet, bad_json, ["cards[0].format", "unknown format 'nope'"])


def test_a_bad_card_anywhere_stores_none_of_the_file(wallet, tmp_path):
    rows = [f"{n},Bulk {n},,,,0,,{n:06d},,CODE_128,,-1,0,0,0" for n in range(1, 500)]
    rows.append("500,Bulk 500,,,,0,,123,,BARCODE_X,,-1,0,0,0")
    path = tmp_path / "bulk.csv"
    path.write_text("\n".join(["2", "", "_id", "", HEADER, *rows, "", "cardId,groupId", ""]))
    assert_refused(wallet, path, ["line 505", "BARCODE_X"])


def test_missing_file_and_unwritable_export(wallet, tmp_path):
    run = wallet.run("card", "import", tmp_path / "nope.csv", check=False)
    assert run.returncode != 0 and "nope.csv" in run.stderr and "no such file" in run.stderr
    wallet.run("card", "add", "--store", "Existing", "--code", "E-1")
    target = tmp_path / "missing-dir" / "out.csv"
    run = wallet.run("card", "export", target, check=False)
    assert run.returncode != 0 and "missing-dir" in run.stderr
    assert not target.exists()
    for args, fragment in [((tmp_path,), "it is a directory"), ((tmp_path / "x.csv", "--format", "xml"), "catima or json")]:
        run = wallet.run("card", "export", *args, check=False)
        assert run.returncode != 0 and fragment in run.stderr and len(run.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "x.csv").exists()


def test_export_replaces_a_file_whole_and_privately(wallet, tmp_path):
    wallet.run("card", "add", "--store", "Existing", "--code", "E-1")
    target = tmp_path / "out.json"
    target.write_text("old content " * 1000)
    wallet.run("card", "export", target)
    assert json.loads(target.read_text())["cards"][0]["store"] == "Existing"
    assert target.stat().st_mode & 0o777 == 0o600
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []
