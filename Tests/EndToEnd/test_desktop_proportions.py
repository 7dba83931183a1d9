"""Desktop presets look like the phone widget at desktop size (issue 37, item 6): the same
layout with text, spacing and codes grown together, sizes that leave a 1920x1080 desktop room,
and every code in the snapshot read back by zxing-cpp and by zbar."""
import json

import pytest
from PIL import Image

from oracle import ZBAR_NAMES, zbar_decode_symbols, zxing_decode
from test_widget_host import add_card, add_widget

CODES = [("Green Grocer", "4006381333931", "ean13"), ("Coffee Corner", "COFFEE-2026-0042", "qr"),
         ("Book Nook", "BN-004213", "code128"), ("Hardware Depot", "HW-8812", "code39")]
# device -> its display scale (device pixels per point of the screen that shows the snapshot)
SCREENS = {"430x932": 3, "desktop": 1, "desktop-hidpi": 2}
FAMILIES = ("small", "medium", "large")


def render(wallet, tmp_path, widget, device):
    png, report = tmp_path / f"{widget}-{device}.png", tmp_path / f"{widget}-{device}.json"
    wallet.run("widget", "render", widget, "--output", png, "--layout", report, "--device", device)
    return png, json.loads(report.read_text())


def name_share(report, stores, height_points):
    """The store names' type size as a share of the widget's height (both in the screen's points)."""
    sizes = [run["size"] for run in report["texts"] if run["text"] in stores]
    assert sizes, report["texts"]
    return max(sizes) / height_points


@pytest.fixture
def widgets(wallet):
    cards = [add_card(wallet, *card) for card in CODES]
    return {
        "small": add_widget(wallet, "small", "--cards", cards[3]),
        "medium": add_widget(wallet, "medium", "--cards", ",".join(cards)),
        "large": add_widget(wallet, "large", "--cards", ",".join(cards)),
    }


def test_desktop_snapshots_are_the_phone_widget_grown_to_fit_a_desktop(wallet, tmp_path, widgets):
    stores = {store for store, _, _ in CODES}
    for family in FAMILIES:
        shares = {}
        for device, display in SCREENS.items():
            png, report = render(wallet, tmp_path, widgets[family], device)
            width, height = Image.open(png).size
            points = (width / display, height / display)
            shares[device] = name_share(report, stores, points[1])
            if device.startswith("desktop"):
                # A 1920x1080 desktop keeps room: at most half its width, three quarters of its height.
                assert points[0] <= 960 and points[1] <= 810, f"{device} {family}: {points}"
                # Header text is read at arm's length: at least 20 device pixels (13 px before).
                assert max(run["size"] for run in report["texts"] if run["text"] in stores) * display >= 20
        for device in ("desktop", "desktop-hidpi"):
            assert shares[device] == pytest.approx(shares["430x932"], rel=0.1), f"{family}: {shares}"


def test_every_code_on_a_desktop_snapshot_reads_with_both_decoders(wallet, tmp_path, widgets):
    expected = {"small": [CODES[3]], "medium": CODES, "large": CODES}
    for device in ("desktop", "desktop-hidpi"):
        for family in FAMILIES:
            png, report = render(wallet, tmp_path, widgets[family], device)
            codes = expected[family]
            assert sorted(symbol.text for symbol in zxing_decode(png)) == sorted(code for _, code, _ in codes), family
            zbar_read = [code for _, code, fmt in codes if fmt in ZBAR_NAMES]
            assert sorted(symbol.text for symbol in zbar_decode_symbols(png)) == sorted(zbar_read), f"{device} {family}"
            # Whole pixels per module, never below 2 (0.5 mm on a 96 dpi monitor); 3 on a 2x display.
            assert min(code["moduleSize"] for code in report["codes"]) >= (2 if device == "desktop" else 3)
