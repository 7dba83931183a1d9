"""End-to-end checks of passes as issuers really write them (Tests/WalletInteropTests has the
field-by-field cases): padded boarding-pass messages, dates without seconds, rgba colors, passes
without a barcode, notes with every field. Every imported barcode is decoded by zxing-cpp."""
from oracle import zxing_decode
from test_interop import all_cards, imported, pkpass

BOARDING = "M1DOE/JOHN            EABC123 ZRHLHRLX 0318 300Y012A0001 100   "


def test_padded_boarding_pass_is_encoded_byte_for_byte(wallet, tmp_path):
    path = pkpass(tmp_path / "boarding.pkpass", {
        "logoText": "Air Example", "serialNumber": "BP-1", "description": "Boarding pass",
        "expirationDate": "2026-12-24T16:35+02:00", "backgroundColor": "rgba(220, 58, 92, 1.00)",
        "barcodes": [{"format": "PKBarcodeFormatPDF417", "message": BOARDING, "messageEncoding": "iso-8859-1"}],
        "boardingPass": {"transitType": "PKTransitTypeAir",
                         "primaryFields": [{"key": "from", "label": "ZRH", "value": "Zurich"}],
                         "auxiliaryFields": [{"key": "seat", "label": "Seat", "value": "12A"}]}})
    assert imported(wallet, path) == "added 1, skipped 0"
    card = all_cards(wallet)["Air Example"]
    assert (card["barcodeValue"], card["expiry"], card["color"]) == (BOARDING, "2026-12-24", "#DC3A5C")
    assert card["note"] == "Boarding pass\nZRH: Zurich\nSeat: 12A"
    png = tmp_path / "bp.png"
    wallet.run("card", "show", card["id"], "--png", png)
    decoded = zxing_decode(png)
    assert [(d.format, d.text) for d in decoded] == [("PDF417", BOARDING)]


def test_pass_without_barcode_is_a_card_without_one(wallet, tmp_path):
    path = pkpass(tmp_path / "gym.pkpass", {"logoText": "Gym", "serialNumber": "MEMBER-77",
                                            "backgroundColor": "teal", "storeCard": {}})
    assert imported(wallet, path) == "added 1, skipped 0"
    card = all_cards(wallet)["Gym"]
    assert (card["code"], card["format"]) == ("MEMBER-77", None)


def test_pkpasses_bundle_imports_every_pass_it_can(wallet, tmp_path):
    from test_interop import write_zip

    def member(name, pass_json):
        return pkpass(tmp_path / name, pass_json).read_bytes()

    flights = [("LX 318", "M1DOE/JOHN EABC123 ZRHLHR"), ("LX 319", "M1DOE/JOHN EABC123 LHRZRH")]
    bundle = write_zip(tmp_path / "trip.pkpasses", {
        f"{n}.pkpass": member(f"{n}.pkpass", {"logoText": name, "serialNumber": str(n),
                                              "barcodes": [{"format": "PKBarcodeFormatAztec", "message": message}]})
        for n, (name, message) in enumerate(flights)})
    assert imported(wallet, bundle) == "added 2, skipped 0"
    cards = all_cards(wallet)
    for name, message in flights:
        png = tmp_path / f"{name}.png"
        wallet.run("card", "show", cards[name]["id"], "--png", png)
        assert [d.text for d in zxing_decode(png)] == [message]
    bad = write_zip(tmp_path / "bad.pkpasses", {
        "0.pkpass": member("ok.pkpass", {"logoText": "Fine", "barcodes": [{"format": "PKBarcodeFormatQR", "message": "1"}]}),
        "1.pkpass": member("nameless.pkpass", {"barcodes": [{"format": "PKBarcodeFormatQR", "message": "2"}]})})
    run = wallet.run("card", "import", bad)
    assert run.stdout.strip() == "added 1, skipped 0"
    assert "1.pkpass" in run.stderr and "no name" in run.stderr and "that pass was left out" in run.stderr
    assert "Fine" in all_cards(wallet)
    nameless = write_zip(tmp_path / "nameless.pkpasses", {
        "1.pkpass": member("nameless.pkpass", {"barcodes": [{"format": "PKBarcodeFormatQR", "message": "2"}]})})
    run = wallet.run("card", "import", nameless, check=False)
    assert run.returncode != 0 and "1.pkpass" in run.stderr and "no name" in run.stderr


def test_localized_pass_uses_the_users_language(wallet, tmp_path):
    german = '"brand" = "Kaffeehaus";\n"points" = "Punkte";\n'.encode("utf-16")  # with a byte order mark
    english = b'"brand" = "Coffee House";\n"points" = "Points";\n'
    path = pkpass(tmp_path / "coffee.pkpass", {
        "logoText": "brand", "serialNumber": "7",
        "barcodes": [{"format": "PKBarcodeFormatQR", "message": "CH-7"}],
        "storeCard": {"primaryFields": [{"key": "p", "label": "points", "value": 120}]}},
        extra={"de.lproj/pass.strings": german, "en.lproj/pass.strings": english})
    wallet.run("card", "import", path, env={"LANG": "de_DE.UTF-8", "LANGUAGE": ""})
    other = tmp_path / "other"
    from conftest import Wallet
    english_wallet = Wallet(other)
    english_wallet.run("card", "import", path, env={"LANG": "fr_FR.UTF-8", "LANGUAGE": ""})
    assert all_cards(wallet)["Kaffeehaus"]["note"] == "Punkte: 120"
    card = all_cards(english_wallet)["Coffee House"]
    assert card["note"] == "Points: 120"
    png = tmp_path / "coffee.png"
    english_wallet.run("card", "show", card["id"], "--png", png)
    assert [d.text for d in zxing_decode(png)] == ["CH-7"]
