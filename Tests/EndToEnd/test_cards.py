"""End-to-end checks of the app side: `wallet card add|list|show|edit|remove` and `wallet open`.

Every barcode `card show` draws (terminal or PNG) is decoded by zxing-cpp (and zbar where it
reads the format) and must carry exactly the card's encoded value. Every refusal is one line on
stderr, a non-zero exit, and an unchanged store (`card list --json --archived` before == after).
"""
import json
import re
import stat
import uuid

import pytest
from PIL import Image

from oracle import ZBAR_NAMES, terminal_to_png, zbar_decode, zxing_decode
from conftest import refused, run_in_terminal

NOW = "2026-11-22T09:30:00Z"
KEYS = {"id", "store", "code", "barcodeValue", "format", "barcodeEncoding", "gs1", "color", "note", "favorite", "archived", "expiry",
        "balance", "currency", "groups", "createdAt", "lastUsed", "usageCount", "logo", "live", "updatedAt", "message", "fields",
        "authenticity"}


def add(wallet, *args):
    run = wallet.run("card", "add", *args)
    card_id = run.stdout.strip()
    assert str(uuid.UUID(card_id)) == card_id and run.stdout == card_id + "\n"
    return card_id


def cards(wallet, *args):
    return json.loads(wallet.run("card", "list", "--json", *args).stdout)


def snapshot(wallet):
    return wallet.run("card", "list", "--json", "--archived").stdout


def test_add_then_list_json_has_the_contract_keys(wallet):
    card_id = add(wallet, "--store", "Tesco", "--code", "400638133393", "--format", "ean13",
                  "--note", "Clubcard\nsecond line", "--favorite", "--expiry", "2027-03-31",
                  "--balance", "12.50", "--currency", "eur", "--group", "Food")
    [card] = cards(wallet)
    assert set(card) == KEYS
    assert card == {
        "id": card_id, "store": "Tesco", "code": "4006381333931", "barcodeValue": None, "format": "ean13", "barcodeEncoding": None, "gs1": False,
        "color": card["color"], "note": "Clubcard\nsecond line", "favorite": True, "archived": False,
        "expiry": "2027-03-31", "balance": "12.50", "currency": "EUR", "groups": ["Food"],
        "createdAt": NOW, "lastUsed": None, "usageCount": 0, "logo": False, "live": False, "updatedAt": None, "message": None, "fields": [],
        "authenticity": None,
    }
    assert re.fullmatch(r"#[0-9A-F]{6}", card["color"])


def test_default_color_is_stable_per_store_and_explicit_color_kept(wallet):
    first = add(wallet, "--store", "Lidl", "--code", "1")
    second = add(wallet, "--store", "LIDL", "--code", "2")
    third = add(wallet, "--store", "Aldi", "--code", "3", "--color", "#1e88e5")
    by_id = {card["id"]: card for card in cards(wallet)}
    assert by_id[first]["color"] == by_id[second]["color"]
    assert by_id[third]["color"] == "#1E88E5"


def test_card_without_format_has_no_barcode(wallet):
    add(wallet, "--store", "Library", "--code", "A-123")
    [card] = cards(wallet)
    assert card["format"] is None and card["barcodeValue"] is None
    show = wallet.run("card", "show", "Library").stdout
    assert "Library\nA-123\n" in show and "█" not in show


def test_list_orders_favorites_first_hides_archived_and_sorts(wallet):
    wallet.env["WALLET_NOW"] = "2026-01-01T00:00:00Z"
    add(wallet, "--store", "Zeta", "--code", "1", "--expiry", "2026-06-01")
    wallet.env["WALLET_NOW"] = "2026-02-01T00:00:00Z"
    add(wallet, "--store", "alpha", "--code", "2")
    add(wallet, "--store", "Mid", "--code", "3", "--favorite")
    add(wallet, "--store", "Old", "--code", "4")
    wallet.run("card", "edit", "Old", "--archive")
    assert [c["store"] for c in cards(wallet)] == ["Mid", "alpha", "Zeta"]
    assert [c["store"] for c in cards(wallet, "--archived")] == ["Mid", "alpha", "Old", "Zeta"]
    assert [c["store"] for c in cards(wallet, "--sort", "expiry")] == ["Mid", "Zeta", "alpha"]
    assert [c["store"] for c in cards(wallet, "--sort", "added")] == ["Mid", "alpha", "Zeta"]
    wallet.env["WALLET_NOW"] = "2026-03-01T00:00:00Z"
    zeta = next(c["id"] for c in cards(wallet) if c["store"] == "Zeta")
    wallet.run("open", f"wallet://card/{zeta}")
    assert [c["store"] for c in cards(wallet, "--sort", "recent")] == ["Mid", "Zeta", "alpha"]
    table = wallet.run("card", "list").stdout.splitlines()
    assert table[0].split() == ["ID", "STORE", "NUMBER", "FORMAT", "EXPIRY"]
    assert "★ Mid" in table[1] and "Old" not in "\n".join(table)
    refused(wallet, "card", "list", "--sort", "price", fragment="unknown sort 'price'")


def test_search_is_case_and_diacritic_insensitive_over_store_and_note(wallet):
    add(wallet, "--store", "Käse Laden", "--code", "1")
    add(wallet, "--store", "Bakery", "--code", "2", "--note", "Crème brûlée\nFridays")
    add(wallet, "--store", "Tesco", "--code", "KASE")
    assert [c["store"] for c in cards(wallet, "--search", "kase")] == ["Käse Laden"]
    assert [c["store"] for c in cards(wallet, "--search", "CREME BRULEE")] == ["Bakery"]
    assert [c["store"] for c in cards(wallet, "--search", "fridays")] == ["Bakery"]
    assert cards(wallet, "--search", "nothing like it") == []
    assert "No card matches" in wallet.run("card", "list", "--search", "zzz").stdout


# (format, code, barcode value or None, what the symbol must carry)
SHOWN = [
    ("qr", "Member 42", "https://example.com/m/42?x=Zoë", "https://example.com/m/42?x=Zoë"),
    ("aztec", "AZ-1", None, "AZ-1"),
    ("pdf417", "PDF 417", None, "PDF 417"),
    ("data-matrix", "DM-0042", None, "DM-0042"),
    ("code128", "Card-12345", None, "Card-12345"),
    ("code39", "CODE39", None, "CODE39"),
    ("code93", "CODE93", None, "CODE93"),
    ("codabar", "A12345B", None, "A12345B"),
    ("ean13", "400638133393", None, "4006381333931"),
    ("ean8", "9638507", None, "96385074"),
    ("upc-a", "03600029145", None, "036000291452"),
    ("itf", "12345678", None, "12345678"),
]


# Linear codes take up to 266 columns; stdout is a pipe here, so COLUMNS sets the width.
WIDE_TERMINAL = {"COLUMNS": "300"}


def decoded_texts(path, fmt):
    texts = [d.text for d in zxing_decode(path)]
    if fmt == "upc-a":
        texts = [t[1:] if len(t) == 13 and t.startswith("0") else t for t in texts]
    return texts


@pytest.mark.parametrize("fmt,code,value,carried", SHOWN, ids=[s[0] for s in SHOWN])
def test_show_draws_a_scannable_barcode_in_the_terminal_and_png(wallet, tmp_path, fmt, code, value, carried):
    args = ["--store", "Shop", "--code", code, "--format", fmt] + (["--barcode-value", value] if value else [])
    card_id = add(wallet, *args)
    show = wallet.run("card", "show", card_id[:8], env=WIDE_TERMINAL).stdout
    lines = show.splitlines()
    store_line = lines.index("Shop")
    assert lines[store_line + 1] == (code if value else carried)
    two_d = fmt in ("qr", "aztec", "pdf417", "data-matrix")
    terminal = terminal_to_png(show, tmp_path / "terminal.png", two_d)
    assert decoded_texts(terminal, fmt) == [carried]
    png = tmp_path / "card.png"
    wallet.run("card", "show", card_id, "--png", png)
    assert decoded_texts(png, fmt) == [carried]
    if fmt in ZBAR_NAMES:
        zbar = [d.text for d in zbar_decode(png)]
        assert zbar == [("0" + carried) if fmt == "upc-a" else carried]


def test_show_json_and_png_errors(wallet, tmp_path):
    card_id = add(wallet, "--store", "Tesco", "--code", "123", "--format", "code128")
    shown = json.loads(wallet.run("card", "show", "Tesco", "--json").stdout)
    assert shown == cards(wallet)[0] and shown["id"] == card_id
    refused(wallet, "card", "show", "Tesco", "--png", tmp_path / "missing" / "x.png")


def test_show_writes_every_file_or_none(wallet, tmp_path):
    """A label and a ticket of a card without a barcode both work (its number in large type);
    when one of two files cannot be written, neither is left behind."""
    add(wallet, "--store", "Plain", "--code", "999")
    label, ticket = tmp_path / "plain.png", tmp_path / "plain.pdf"
    shown = wallet.run("card", "show", "Plain", "--pdf", ticket, "--png", label).stdout
    assert f"wrote {ticket}" in shown and f"wrote {label}" in shown
    with Image.open(label) as image:
        assert image.width >= 320 and image.convert("L").getextrema()[0] < 128
    kept = tmp_path / "kept.pdf"
    refused(wallet, "card", "show", "Plain", "--pdf", kept, "--png", tmp_path / "missing" / "x.png")
    assert not kept.exists()


def test_references_by_id_prefix_and_store(wallet):
    first = add(wallet, "--store", "Twin", "--code", "1")
    add(wallet, "--store", "Twin", "--code", "2")
    solo = add(wallet, "--store", "Käse", "--code", "3")
    assert json.loads(wallet.run("card", "show", first, "--json").stdout)["code"] == "1"
    assert json.loads(wallet.run("card", "show", first.upper(), "--json").stdout)["code"] == "1"
    assert json.loads(wallet.run("card", "show", "kase", "--json").stdout)["id"] == solo
    refused(wallet, "card", "show", "Twin", fragment="matches 2 cards")
    refused(wallet, "card", "show", "Nobody", fragment="no card matches 'Nobody'")
    refused(wallet, "card", "remove", str(uuid.uuid4()), fragment="no card matches")


def test_edit_changes_only_what_is_given_and_clears_with_empty(wallet):
    card_id = add(wallet, "--store", "Tesco", "--code", "123", "--format", "code128", "--note", "n",
                  "--balance", "5", "--currency", "GBP", "--expiry", "2027-01-01", "--group", "A")
    wallet.run("card", "edit", "Tesco", "--store", "Tesco Extra", "--favorite", "--group", "B", "--remove-group", "A")
    card = cards(wallet)[0]
    assert (card["store"], card["favorite"], card["groups"], card["note"]) == ("Tesco Extra", True, ["B"], "n")
    wallet.run("card", "edit", card_id[:6], "--balance", "", "--expiry", "", "--format", "none", "--unfavorite")
    card = cards(wallet)[0]
    assert (card["balance"], card["currency"], card["expiry"], card["format"], card["favorite"]) == (None, None, None, None, False)
    wallet.run("card", "edit", card_id, "--archive")
    assert cards(wallet) == [] and cards(wallet, "--archived")[0]["archived"] is True
    wallet.run("card", "edit", card_id, "--unarchive")
    assert cards(wallet)[0]["id"] == card_id
    refused(wallet, "card", "edit", card_id, "--archive", "--unarchive", fragment="contradict")


def test_remove_deletes_the_card(wallet):
    card_id = add(wallet, "--store", "Gone", "--code", "1")
    keep = add(wallet, "--store", "Kept", "--code", "2")
    wallet.run("card", "remove", "Gone")
    assert [c["id"] for c in cards(wallet, "--archived")] == [keep]
    refused(wallet, "card", "remove", card_id, fragment="no card matches")


def test_open_card_link_shows_the_card_and_records_a_use(wallet, tmp_path):
    card_id = add(wallet, "--store", "Tesco", "--code", "400638133393", "--format", "ean13")
    wallet.env["WALLET_NOW"] = "2026-11-23T08:00:00Z"
    opened = wallet.run("open", f"wallet://card/{card_id}", env=WIDE_TERMINAL).stdout
    assert opened == wallet.run("card", "show", card_id, env=WIDE_TERMINAL).stdout
    assert decoded_texts(terminal_to_png(opened, tmp_path / "open.png", False), "ean13") == ["4006381333931"]
    card = cards(wallet)[0]
    assert (card["usageCount"], card["lastUsed"]) == (1, "2026-11-23T08:00:00Z")
    wallet.run("open", f"wallet://card/{card_id.upper()}")
    assert cards(wallet)[0]["usageCount"] == 2


def test_open_app_link_prints_the_overview(wallet):
    fav = add(wallet, "--store", "Fav", "--code", "1", "--favorite", "--expiry", "2026-12-01")
    add(wallet, "--store", "Other", "--code", "2")
    add(wallet, "--store", "Old", "--code", "3")
    wallet.run("card", "edit", "Old", "--archive")
    text = wallet.run("open", "wallet://").stdout
    assert text.startswith("Wallet: 2 cards, 1 archived")
    assert "Favorites:" in text and "Fav" in text and "Expiring soon:" in text
    overview = json.loads(wallet.run("open", "wallet://", "--json").stdout)
    assert overview["cards"] == 2 and overview["archived"] == 1
    assert [f["id"] for f in overview["favorites"]] == [fav]


@pytest.mark.parametrize("url,fragment", [
    ("https://example.com/card/x", "not a wallet link"),
    ("wallet://card/../x", "not a valid wallet link"),
    ("wallet://card/{id}/extra", "not a valid wallet link"),
    ("wallet://card/not-a-uuid", "not a card id"),
    ("wallet://settings", "unknown destination"),
    ("wallet://card/{id}?source=widget", "not a valid wallet link"),
    ("wallet://card/6f9619ff-8b86-d011-b42d-00c04fc964ff", "not in the wallet"),
    ("just text", "not a URL"),
])
def test_open_refuses_anything_else(wallet, url, fragment):
    card_id = add(wallet, "--store", "Tesco", "--code", "1")
    before = snapshot(wallet)
    refused(wallet, "open", url.format(id=card_id), fragment=fragment)
    assert snapshot(wallet) == before


# Bad input for add / edit: each refused with one line naming the problem, store unchanged.
BAD_ADD = [
    (["--store", "X", "--code", "4006381333932", "--format", "ean13"], "expected 1"),
    (["--store", "", "--code", "1"], "store name is empty"),
    (["--store", "   ", "--code", "1"], "store name is empty"),
    (["--store", "X", "--code", ""], "card number is empty"),
    (["--store", "X", "--code", "1", "--color", "blue"], "is not #RRGGBB"),
    (["--store", "X", "--code", "1", "--color", "#12345G"], "is not #RRGGBB"),
    (["--store", "X", "--code", "1", "--expiry", "2026-02-30"], "is not a date"),
    (["--store", "X", "--code", "1", "--expiry", "31/12/2026"], "is not a date"),
    (["--store", "X", "--code", "1", "--format", "ean14"], "unknown format 'ean14'"),
    (["--store", "X", "--code", "1", "--balance", "-5"], "is negative"),
    (["--store", "X", "--code", "1", "--balance", "ten"], "is not a number"),
    (["--store", "X", "--code", "1", "--balance", "1", "--currency", "EURO"], "3-letter"),
    (["--store", "X", "--code", "1", "--currency", "EUR"], "without a balance"),
    (["--store", "X", "--code", "abcé", "--format", "code39"], "is not a valid code39 barcode"),
    (["--store", "X", "--code", "1", "--barcode-value", "x" * 3000, "--format", "qr"], "payload too long for qr"),
    (["--store", "X", "--code", "x" * 2400, "--format", "qr"], "over the limit of 512"),
]


@pytest.mark.parametrize("args,fragment", BAD_ADD, ids=[f for _, f in BAD_ADD])
def test_bad_add_is_refused_and_changes_nothing(wallet, args, fragment):
    add(wallet, "--store", "Existing", "--code", "1")
    before = snapshot(wallet)
    refused(wallet, "card", "add", *args, fragment=fragment)
    assert snapshot(wallet) == before


@pytest.mark.parametrize("args,fragment", [
    (["--code", "4006381333932", "--format", "ean13"], "expected 1"),
    (["--format", "ean13"], "is not a valid ean13 barcode"),
    (["--store", ""], "store name is empty"),
    (["--code", ""], "card number is empty"),
    (["--color", "red"], "is not #RRGGBB"),
    (["--expiry", "2026-13-01"], "is not a date"),
    (["--format", "nope"], "unknown format 'nope'"),
    (["--balance", "-1"], "is negative"),
    (["--balance", "1,50"], "is not a number"),
])
def test_bad_edit_is_refused_and_changes_nothing(wallet, args, fragment):
    add(wallet, "--store", "Tesco", "--code", "ABC", "--balance", "3")
    before = snapshot(wallet)
    refused(wallet, "card", "edit", "Tesco", *args, fragment=fragment)
    assert snapshot(wallet) == before


def test_container_is_private(wallet):
    add(wallet, "--store", "Tesco", "--code", "1")
    assert stat.S_IMODE(wallet.home.stat().st_mode) == 0o700
    for path in wallet.home.iterdir():
        assert stat.S_IMODE(path.stat().st_mode) == 0o600, path


def test_home_option_and_wallet_home_precedence(wallet, tmp_path):
    other = tmp_path / "other"
    env = {"WALLET_HOME": ""}
    card_id = wallet.run("card", "add", "--home", other, "--store", "Elsewhere", "--code", "1", env=env).stdout.strip()
    listed = json.loads(wallet.run("card", "list", "--json", "--home", other, env=env).stdout)
    assert [c["id"] for c in listed] == [card_id]
    # the option on the command line beats $WALLET_HOME (set by the fixture to wallet.home)
    listed = json.loads(wallet.run("card", "list", "--json", "--home", other).stdout)
    assert [c["id"] for c in listed] == [card_id]
    assert cards(wallet) == []


def test_show_leaves_out_a_barcode_wider_than_the_terminal_and_says_how_to_get_it(wallet, tmp_path):
    add(wallet, "--store", "Tesco", "--code", "400638133393", "--format", "ean13")  # 113 columns
    add(wallet, "--store", "Cafe", "--code", "CAFE-1", "--format", "qr")  # 29 columns
    run = wallet.run("card", "show", "Tesco", env={"COLUMNS": "112"})
    assert "Tesco\n400638133393" in run.stdout and "█" not in run.stdout
    [notice] = run.stderr.splitlines()
    assert "ean13 barcode needs 113 terminal columns" in notice and "--png FILE.png" in notice
    code, _, shown = run_in_terminal(wallet, "card", "show", "Tesco", columns=80)
    assert code == 0 and "400638133393" in shown and "█" not in shown
    assert "needs 113 terminal columns and this terminal has 80" in shown and "--png FILE.png" in shown
    run = wallet.run("card", "show", "Tesco")  # a pipe has no width: the whole code
    assert run.stderr == "" and "█" in run.stdout
    run = wallet.run("card", "show", "Tesco", env={"COLUMNS": "113"})
    assert run.stderr == "" and "█" in run.stdout
    run = wallet.run("card", "show", "Cafe", env={"COLUMNS": "40"})
    assert run.stderr == ""
    assert [d.text for d in zxing_decode(terminal_to_png(run.stdout, tmp_path / "qr.png", True))] == ["CAFE-1"]
    png = tmp_path / "tesco.png"
    wallet.run("card", "show", "Tesco", "--png", png)  # the way the notice points to
    assert decoded_texts(png, "ean13") == ["4006381333931"]


def test_the_png_label_is_the_card_colour_band_and_a_large_code(wallet, tmp_path):
    """Issue 37, item 8: the label is drawn like the card (and its ticket): a band of the card's
    colour with its name on top, and a 2D code that is most of the label, not smaller than the text."""
    add(wallet, "--store", "Boots Advantage", "--code", "633174912345", "--format", "qr", "--color", "#123C8C")
    label = tmp_path / "boots.png"
    wallet.run("card", "show", "Boots Advantage", "--png", label)
    with Image.open(label) as image:
        rgb = image.convert("RGB")
        assert rgb.getpixel((2, 2)) == (0x12, 0x3C, 0x8C)
        assert rgb.getpixel((2, rgb.height - 2)) == (255, 255, 255)
        assert [d.text for d in zxing_decode(label)] == ["633174912345"]
        # The code's dark modules span more than half the label's width.
        row = [rgb.getpixel((x, rgb.height // 2))[0] < 128 for x in range(rgb.width)]
        dark = [x for x, is_dark in enumerate(row) if is_dark]
        assert dark and dark[-1] - dark[0] >= 0.5 * rgb.width, (dark[:1], dark[-1:], rgb.size)
