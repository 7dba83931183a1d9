"""A long linear code gets the widget's whole width (issue 37, item 8b).

A 17-character Code 39 (323 modules with its 10-module quiet zones, wide bars 3:1) fits no
half-width tile; a full-width row of a medium or large widget at 3x gives it 3 px per module. Both
zxing-cpp and zbar must read exactly the encoded text from the snapshot PNG, in a widget of its own
and in a 4-card medium widget beside 2D codes (which must still decode too). A small widget has no
room for it at a readable module: it keeps showing the number as text.
"""
import json

import pytest

from oracle import zbar_decode_symbols, zxing_decode

LONG = "WLT-2026-0042-77X"
OTHERS = [("Coffee Corner", "COFFEE-2026-0042", "qr"), ("Lufthansa Miles", "LH-992-7781", "aztec"),
          ("Museum Friends", "MUS-2026-44", "qr")]


@pytest.fixture
def cards(wallet):
    ids = [wallet.run("card", "add", "--store", "Hardware Depot", "--code", LONG, "--format", "code39").stdout.strip()]
    for store, code, fmt in OTHERS:
        ids.append(wallet.run("card", "add", "--store", store, "--code", code, "--format", fmt).stdout.strip())
    return ids


def render(wallet, tmp_path, family, cards, scale=3):
    widget = wallet.run("widget", "add", "--family", family, "--cards", ",".join(cards)).stdout.strip()
    png, layout = tmp_path / f"{family}-{len(cards)}-{widget[:8]}.png", tmp_path / f"{widget}.json"
    wallet.run("widget", "render", widget, "--output", png, "--layout", layout, "--scale", str(scale))
    return png, json.loads(layout.read_text())


def assert_reads_long_code(png, layout, module):
    code39 = [code for code in layout["codes"] if code["format"] == "code39"]
    assert len(code39) == 1 and code39[0]["moduleSize"] >= module, layout["codes"]
    assert [d.text for d in zxing_decode(png) if d.format == "Code39"] == [LONG]
    assert [d.text for d in zbar_decode_symbols(png) if d.format == "CODE-39"] == [LONG]


@pytest.mark.parametrize("family", ["medium", "large"])
def test_a_long_code39_alone_takes_the_whole_width(wallet, tmp_path, cards, family):
    png, layout = render(wallet, tmp_path, family, cards[:1])
    assert_reads_long_code(png, layout, 3)


def test_a_long_code39_shares_a_four_card_medium_widget(wallet, tmp_path, cards):
    for order in (cards, cards[1:] + cards[:1], cards[1:2] + cards[:1] + cards[2:]):
        png, layout = render(wallet, tmp_path, "medium", order)
        assert_reads_long_code(png, layout, 3)
        # The 2D codes beside it keep scanning: each decodes to exactly its number.
        read = {d.text for d in zxing_decode(png)}
        assert {code for _, code, _ in OTHERS} <= read, read
        assert "COFFEE-2026-0042" in {d.text for d in zbar_decode_symbols(png)}


def test_a_long_code39_in_a_large_widget_of_eight(wallet, tmp_path, cards):
    more = [wallet.run("card", "add", "--store", f"Shop {n}", "--code", f"S-{n}", "--format", "qr").stdout.strip()
            for n in range(4)]
    png, layout = render(wallet, tmp_path, "large", more[:2] + cards + more[2:])
    assert_reads_long_code(png, layout, 3)
    assert {f"S-{n}" for n in range(4)} | {code for _, code, _ in OTHERS} <= {d.text for d in zxing_decode(png)}


def test_a_small_widget_keeps_the_number_as_text(wallet, tmp_path, cards):
    png, layout = render(wallet, tmp_path, "small", cards[:1])
    assert layout["codes"] == []
    assert LONG in [run["text"] for run in layout["texts"]]
    assert zxing_decode(png) == []
