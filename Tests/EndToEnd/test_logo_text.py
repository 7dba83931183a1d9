"""A pass whose logo is an icon keeps its name (issue 37, item 3): the name is drawn beside the
icon in the header, as Apple Wallet draws `logoText` beside the logo; a wordmark logo still
stands for the name alone."""
import json

import pytest
from PIL import Image, ImageDraw

from oracle import zxing_decode


def logo(path, size):
    image = Image.new("RGBA", size, (0, 0, 0, 0))
    ImageDraw.Draw(image).ellipse([4, 4, size[0] - 5, size[1] - 5], fill=(250, 230, 40, 255))
    image.save(path)
    return path


def render(wallet, tmp_path, family, card):
    widget = wallet.run("widget", "add", "--family", family, "--cards", card).stdout.strip()
    out, layout = tmp_path / f"{family}.png", tmp_path / f"{family}.json"
    wallet.run("widget", "render", widget, "--output", out, "--layout", layout)
    return json.loads(layout.read_text()), out


@pytest.mark.parametrize("family", ["small", "medium", "large"])
def test_an_icon_logo_has_the_name_beside_it(wallet, tmp_path, family):
    icon = logo(tmp_path / "icon.png", (96, 96))
    card = wallet.run("card", "add", "--store", "Organic Produce", "--code", "OP-1234", "--format", "qr",
                      "--logo", icon).stdout.strip()
    layout, png = render(wallet, tmp_path, family, card)
    drawn = [image for image in layout["images"] if image["role"] == "logo"]
    names = [run for run in layout["texts"] if run["text"].startswith("Organic")]
    assert drawn and names, layout
    assert names[0]["x"] >= drawn[0]["x"] + drawn[0]["width"], (names, drawn)
    assert [d.text for d in zxing_decode(png)] == ["OP-1234"]


def test_a_wordmark_logo_stands_for_the_name(wallet, tmp_path):
    wordmark = logo(tmp_path / "wordmark.png", (480, 96))
    card = wallet.run("card", "add", "--store", "Organic Produce", "--code", "OP-1234", "--format", "qr",
                      "--logo", wordmark).stdout.strip()
    layout, _ = render(wallet, tmp_path, "medium", card)
    assert [image["role"] for image in layout["images"]] == ["logo"]
    assert not any(run["text"].startswith("Organic") for run in layout["texts"]), layout["texts"]
