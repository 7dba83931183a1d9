"""End-to-end checks of exports from other apps Catima imports (Voucher Vault) and of exports
Catima must read back (ISO 4217 balance types, expiry days before 1973)."""
import csv
import io
import json

from oracle import as_decoded, zxing_decode
from test_interop import all_cards, imported

VOUCHERS = [
    {"id": "1", "description": "Book Shop", "code": "5901234123457", "codeType": "EAN13",
     "expires": "2027-06-30T00:00:00.000", "removeOnceExpired": True, "balanceMilliunits": 12500, "color": "ORANGE"},
    {"id": "2", "description": "Cafe", "code": "CAFE-1", "codeType": "QR", "expires": None,
     "balanceMilliunits": None, "color": "GREY"},
]


def test_voucher_vault_export_imports_with_decodable_barcodes(wallet, tmp_path):
    path = tmp_path / "vouchervault.json"
    path.write_text(json.dumps(VOUCHERS))
    assert imported(wallet, path) == "added 2, skipped 0"
    cards = all_cards(wallet)
    book = cards["Book Shop"]
    assert (book["format"], book["expiry"], book["balance"], book["currency"], book["color"]) == \
        ("ean13", "2027-06-30", "12.5", "USD", "#FFA500")
    for store, fmt in (("Book Shop", "ean13"), ("Cafe", "qr")):
        png = tmp_path / f"{store}.png"
        wallet.run("card", "show", cards[store]["id"], "--png", png)
        assert [d.text for d in zxing_decode(png)] == [as_decoded(fmt, cards[store]["code"])]


def test_voucher_vault_errors_name_voucher_vault_fields(wallet, tmp_path):
    path = tmp_path / "vv.json"
    path.write_text(json.dumps([dict(VOUCHERS[0], codeType="AZTEC")]))
    run = wallet.run("card", "import", path, check=False)
    assert run.returncode != 0 and "[0].codeType" in run.stderr and "store" not in run.stderr


def catima_rows(path):
    text = path.read_text(encoding="utf-8")
    sections = text.replace("\r\n", "\n").split("\n\n")
    cards_section = next(s for s in sections if s.startswith("_id,store"))
    return list(csv.DictReader(io.StringIO(cards_section)))


def test_catima_export_keeps_only_iso_currencies_and_old_expiry_days(wallet, tmp_path):
    wallet.run("card", "add", "--store", "Miles", "--code", "M-1", "--balance", "1200", "--currency", "PTS")
    wallet.run("card", "add", "--store", "Euro", "--code", "E-1", "--balance", "5", "--currency", "EUR")
    wallet.run("card", "add", "--store", "Old", "--code", "O-1", "--expiry", "1972-06-30")
    out = tmp_path / "catima.csv"
    wallet.run("card", "export", out, "--format", "catima")
    rows = {row["store"]: row for row in catima_rows(out)}
    assert (rows["Miles"]["balance"], rows["Miles"]["balancetype"]) == ("1200", "")
    assert rows["Euro"]["balancetype"] == "EUR"
    assert int(rows["Old"]["expiry"]) < 10**11  # milliseconds of a 1972 day
    other = tmp_path / "other"
    from conftest import Wallet
    again = Wallet(other)
    again.run("card", "import", out)
    assert all_cards(again)["Old"]["expiry"] == "1972-06-30"


def test_fidme_export_imports_its_cards(wallet, tmp_path):
    from test_interop import write_zip
    csv_text = ("Retailer;Program;Added At;Reference;Firstname;Lastname\r\n"
                "Carrefour;Carte PASS;2021-03-04 10:11:12 UTC;9130000012345;Marie;Curie\r\n"
                "Expired Shop;Old;2019-01-01 00:00:00 UTC;;Jean;Dupont\r\n")
    path = write_zip(tmp_path / "fidme.zip", {"loyalty_programs.csv": csv_text})
    assert imported(wallet, path) == "added 1, skipped 0"
    card = all_cards(wallet)["Carrefour"]
    assert (card["code"], card["format"], card["note"]) == \
        ("9130000012345", None, "Carte PASS\n2021-03-04 10:11:12 UTC\nMarie Curie")


def test_password_protected_catima_zip_says_it_is_encrypted(wallet, tmp_path):
    import subprocess
    from test_interop import catima_v2
    (tmp_path / "catima.csv").write_text(catima_v2())
    path = tmp_path / "locked.zip"
    subprocess.run(["zip", "-q", "-j", "-P", "secret", str(path), str(tmp_path / "catima.csv")], check=True)
    run = wallet.run("card", "import", path, check=False)
    assert run.returncode != 0 and "encrypted" in run.stderr and "no catima.csv" not in run.stderr
    assert all_cards(wallet) == {}


def test_catima_rows_catima_accepts_are_imported_and_reported(wallet, tmp_path):
    from test_interop import catima_with
    path = tmp_path / "lenient.csv"
    path.write_text(catima_with("2,Bad Code,,,,0,,5901234123458,,EAN_13,,red,yes,0,0"))
    run = wallet.run("card", "import", path)
    warnings = run.stderr.strip().splitlines()
    assert len(warnings) == 3 and all(w.startswith(f"warning: {path}: line 7: ") for w in warnings)
    assert "color 'red'" in warnings[0] and "not starred" in warnings[1] and "kept without a barcode" in warnings[2]
    cards = all_cards(wallet)
    bad = cards["Bad Code"]
    assert (bad["format"], bad["code"], bad["favorite"]) == (None, "5901234123458", False)
    for card in cards.values():
        if card["format"]:
            png = tmp_path / f"{card['id']}.png"
            wallet.run("card", "show", card["id"], "--png", png)
            assert [d.text for d in zxing_decode(png)] == [as_decoded(card["format"], card["barcodeValue"] or card["code"])]
