"""A gift card's balance on the widgets (issue 37, item 1): before the expiry wherever a state
line fits, the small widget included; every code still decodes."""
import json

import pytest

from oracle import zxing_decode

NOW = "2026-11-27T10:00:00Z"


def texts(wallet, widget, tmp_path, *options):
    out, layout = tmp_path / f"{widget}.png", tmp_path / f"{widget}.json"
    wallet.run("widget", "render", widget, "--output", out, "--layout", layout, *options, env={"WALLET_NOW": NOW})
    return [run["text"] for run in json.loads(layout.read_text())["texts"]], out


@pytest.fixture
def gift(wallet):
    def add(*args):
        return wallet.run("card", "add", *args, env={"WALLET_NOW": NOW}).stdout.strip()
    return {
        "amazon": add("--store", "Amazon Gift Card", "--code", "1234567890123", "--format", "code128",
                      "--balance", "17.49", "--currency", "GBP", "--expiry", "2026-12-02"),
        "boots": add("--store", "Boots Advantage", "--code", "633174912345", "--format", "qr",
                     "--balance", "42.50", "--currency", "GBP"),
        "tesco": add("--store", "Tesco", "--code", "979402405123", "--format", "ean13"),
        "costa": add("--store", "Costa Coffee", "--code", "CC-88812", "--format", "qr", "--balance", "3"),
    }


@pytest.mark.parametrize("family", ["medium", "large"])
def test_the_balance_comes_before_the_expiry(wallet, gift, tmp_path, family):
    widget = wallet.run("widget", "add", "--family", family, "--cards",
                        ",".join(gift[k] for k in ("amazon", "boots", "tesco", "costa"))).stdout.strip()
    shown, png = texts(wallet, widget, tmp_path)
    assert "17.49 GBP" in shown and "42.50 GBP" in shown and "3 points" in shown, shown
    assert sorted(d.text for d in zxing_decode(png)) == sorted(
        ["1234567890123", "633174912345", "9794024051230", "CC-88812"])


@pytest.mark.parametrize("card, balance", [("boots", "42.50 GBP"), ("amazon", "17.49 GBP")])
def test_a_small_widget_shows_the_balance(wallet, gift, tmp_path, card, balance):
    widget = wallet.run("widget", "add", "--family", "small", "--cards", gift[card]).stdout.strip()
    shown, png = texts(wallet, widget, tmp_path)
    assert balance in shown, shown
    assert len(zxing_decode(png)) == 1
