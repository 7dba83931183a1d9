"""The lock-screen rectangle keeps its code's plate inside its rounded backdrop, and the plate
leaves the store name's descenders whole (issue 37, item 5), measured on the rendered PNGs."""
import json

import pytest
from PIL import Image

from oracle import zbar_decode, zxing_decode
from test_widget_host import add_card, add_widget

CORNER_RADIUS = 10  # the backdrop's corner radius, in layout points (AccessoryDrawer)
# device -> (device pixels per layout point, display scale)
SCALES = {"430x932": (3, 3), "375x667": (3, 3), "desktop": (2, 1), "desktop-hidpi": (3, 2)}


def render(wallet, tmp_path, widget, device, *args):
    png, report = tmp_path / f"{device}{''.join(args)}.png", tmp_path / f"{device}{''.join(args)}.json"
    wallet.run("widget", "render", widget, "--output", png, "--layout", report, "--device", device, *args)
    return Image.open(png).convert("RGBA"), json.loads(report.read_text())


def outside_rounded_corners(width, height, radius):
    """Pixels whose centres lie more than a pixel outside the rounded rectangle (width x height)."""
    for cx, cy, xs, ys in ((radius, radius, range(0, radius), range(0, radius)),
                           (width - radius, radius, range(width - radius, width), range(0, radius)),
                           (radius, height - radius, range(0, radius), range(height - radius, height)),
                           (width - radius, height - radius, range(width - radius, width), range(height - radius, height))):
        for y in ys:
            for x in xs:
                if ((x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2) ** 0.5 > radius + 1:
                    yield x, y


@pytest.fixture
def boots(wallet):
    card = add_card(wallet, "Boots Advantage", "4006381333931", "ean13")
    return add_widget(wallet, "accessory-rectangular", "--cards", card)


@pytest.mark.parametrize("device", SCALES)
def test_the_plate_stays_inside_the_rounded_backdrop(wallet, tmp_path, boots, device):
    pixels_per_point, _ = SCALES[device]
    for rendering in ((), ("--rendering", "full-color")):
        image, _ = render(wallet, tmp_path, boots, device, *rendering)
        radius = CORNER_RADIUS * pixels_per_point
        alpha = image.getchannel("A").load()
        spilled = [(x, y) for x, y in outside_rounded_corners(*image.size, radius) if alpha[x, y] != 0]
        assert not spilled, f"{device} {rendering}: {len(spilled)} pixels outside the corners, e.g. {spilled[:3]}"
        assert [symbol.text for symbol in zxing_decode(tmp_path / f"{device}{''.join(rendering)}.png")] == ["4006381333931"]


@pytest.mark.parametrize("device", SCALES)
def test_the_plate_leaves_the_names_descenders_whole(wallet, tmp_path, boots, device):
    _, display = SCALES[device]
    image, report = render(wallet, tmp_path, boots, device)
    [name] = [run for run in report["texts"] if run["text"] == "Boots Advantage"]
    left, right = int(name["x"] * display), int((name["x"] + name["width"]) * display)
    top = int(name["y"] * display)
    pixels = image.load()
    width, height = image.size

    def white(x, y):
        red, green, blue, alpha = pixels[x, y]
        return alpha == 255 and min(red, green, blue) >= 200

    def lit(x, y):  # any lightening of the black backdrop: the name's white, antialiased edges too
        return pixels[x, y][0] > 40

    # The plate's top: the first row under the name's top that is white across most of the width
    # (its padding above the bars).
    plate = next(y for y in range(top, height) if sum(white(x, y) for x in range(width)) >= 0.8 * width)
    # The name's ink in the rows above the plate; the lowest ("g") must clear the plate by a row.
    ink = [y for y in range(top, plate) if any(lit(x, y) for x in range(left, right))]
    assert ink, "no name drawn"
    assert max(ink) < plate - 1, f"{device}: the name's ink reaches row {max(ink)}, the plate starts at {plate}"
    # The descender is there: "g" reaches below the baseline of the other letters by a few pixels.
    assert plate - top >= name["height"] * display
    assert [symbol.text for symbol in zbar_decode(tmp_path / f"{device}.png")] == ["4006381333931"]
