"""End-to-end checks of Catima share links: `wallet card share CARD [--qr]` and `wallet card import LINK`."""
import json
import urllib.parse

import pytest

from conftest import Wallet, refused
from oracle import terminal_to_png, zxing_decode
from test_widgets import FORMATS


def cards(wallet):
    return json.loads(wallet.run("card", "list", "--json").stdout)


def catima_fields(link):
    """The key-value pairs of a share link, decoded the way Catima's ImportURIHelper does."""
    parsed = urllib.parse.urlsplit(link)
    assert (parsed.scheme, parsed.netloc, parsed.path) == ("https", "catima.app", "/share")
    fragment = urllib.parse.unquote(parsed.fragment)
    return {key: urllib.parse.unquote_plus(value) for key, value in (p.split("=", 1) for p in fragment.split("&"))}


@pytest.mark.parametrize("fmt,code,payload", FORMATS, ids=[f[0] for f in FORMATS])
def test_share_and_import_round_trip_every_format(wallet, tmp_path, fmt, code, payload):
    card_id = wallet.run("card", "add", "--store", f"Shop {fmt} & Co", "--code", code, "--format", fmt,
                         "--note", "first line\nsecond = 100%", "--color", "#1565C0", "--expiry", "2030-05-31",
                         "--balance", "7.25", "--currency", "EUR").stdout.strip()
    link = wallet.run("card", "share", card_id).stdout.strip()
    fields = catima_fields(link)
    assert fields["store"] == f"Shop {fmt} & Co" and fields["cardid"] == payload
    assert fields["note"] == "first line\nsecond = 100%" and fields["balancetype"] == "EUR"
    other = Wallet(tmp_path / "other")
    assert other.run("card", "import", link).stdout.strip() == "added 1, skipped 0"
    [imported] = cards(other)
    original = json.loads(wallet.run("card", "show", card_id, "--json").stdout)
    for key in ("store", "code", "format", "color", "note", "expiry", "balance", "currency"):
        assert imported[key] == original[key], key
    assert other.run("card", "import", link).stdout.strip() == "added 0, skipped 1"


def test_catimas_own_example_link_imports(wallet):
    link = ("https://catima.app/share#store%3DGrocery%2BStore%26note%3DQuite%2Bnecessary%26balance%3D150"
            "%26cardid%3Ddhd%26barcodetype%3DAZTEC%26headercolor%3D-9977996")
    wallet.run("card", "import", link)
    [card] = cards(wallet)
    assert (card["store"], card["note"], card["code"], card["format"], card["color"], card["balance"]) == \
        ("Grocery Store", "Quite necessary", "dhd", "aztec", "#67BF74", "150")


def test_share_qr_decodes_to_the_link(wallet, tmp_path):
    card_id = wallet.run("card", "add", "--store", "QR Shop", "--code", "12345").stdout.strip()
    out = wallet.run("card", "share", card_id, "--qr").stdout
    link = out.splitlines()[0]
    png = tmp_path / "share.png"
    terminal_to_png(out, png, two_dimensional=True)
    decoded = zxing_decode(png)
    assert [d.text for d in decoded] == [link]


@pytest.mark.parametrize("link,fragment", [
    ("https://example.com/share#store%3DA%26cardid%3D1", "is not a Catima share link"),
    ("https://catima.app/share#store%3DA", "it has no cardid"),
    ("https://catima.app/share#store%3DA%26cardid%3D12%26barcodetype%3DEAN_13", "not valid EAN_13"),
    ("https://catima.app/share#store%3DA%26cardid%3D1%26balance%3D%25ZZ", "garbled"),
    ("https://catima.app/share#store%3DA%26cardid%3D1%26barcodetype%3DRSS_14", "RSS_14 is not supported"),
])
def test_bad_links_fail_with_one_line_and_add_nothing(wallet, link, fragment):
    refused(wallet, "card", "import", link, fragment=fragment)
    assert cards(wallet) == []


def test_share_of_an_unknown_card_fails(wallet):
    refused(wallet, "card", "share", "nothing-here")
