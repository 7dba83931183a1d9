"""One colour per card (issue 37, item 4): a card's header colour does not depend on its slot, the
widget's family or the other cards the widget shows (generated colours are assigned over the whole
wallet); where a generated colour meets a card's own colour it is the generated one that moves,
whichever slot comes first; the label and the PDF ticket draw the same colour."""
import colorsys
import json
import math
import subprocess

from PIL import Image


def header_colours(wallet, tmp_path, family, cards):
    widget = wallet.run("widget", "add", "--family", family, "--cards", ",".join(cards)).stdout.strip()
    layout = tmp_path / f"{widget}.json"
    wallet.run("widget", "render", widget, "--output", tmp_path / f"{widget}.png", "--layout", layout)
    return {run["text"]: run["background"] for run in json.loads(layout.read_text())["texts"]
            if run["weight"] == "semibold" and run["text"] in ("Garden", "Forest", "Sea")}


def hue(colour):
    """The OKLab hue in degrees: how the wallet measures how far apart two colours are."""
    def linear(c):
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(int(colour[i:i + 2], 16) / 255) for i in (1, 3, 5))
    l = (0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b) ** (1 / 3)
    m = (0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b) ** (1 / 3)
    s = (0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b) ** (1 / 3)
    a = 1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s
    bb = 0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s
    return math.degrees(math.atan2(bb, a)) % 360


def near(colour, degrees):
    """`colour` with its hue turned by `degrees`."""
    r, g, b = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    h, l, s = colorsys.rgb_to_hls(r, g, b)
    turned = colorsys.hls_to_rgb((h + degrees / 360) % 1, l, s)
    return "#" + "".join(f"{round(c * 255):02X}" for c in turned)


def test_a_card_keeps_its_colour_in_any_slot_and_family(wallet, tmp_path):
    garden = wallet.run("card", "add", "--store", "Garden", "--code", "G-1", "--format", "qr").stdout.strip()
    generated = json.loads(wallet.run("card", "show", garden, "--json").stdout)["color"]
    # A card whose own colour is 10 degrees from Garden's generated one: they clash.
    own = near(generated, 10)
    forest = wallet.run("card", "add", "--store", "Forest", "--code", "F-1", "--format", "qr",
                        "--color", own).stdout.strip()
    sea = wallet.run("card", "add", "--store", "Sea", "--code", "S-1", "--format", "qr").stdout.strip()
    first = header_colours(wallet, tmp_path, "medium", [garden, forest, sea])
    second = header_colours(wallet, tmp_path, "large", [sea, "none", forest, garden])
    third = header_colours(wallet, tmp_path, "medium", [forest, sea, garden])
    assert first == second == third, (first, second, third)
    assert first["Forest"] == own
    for name in ("Garden", "Sea"):
        distance = abs(hue(first[name]) - hue(first["Forest"])) % 360
        assert min(distance, 360 - distance) >= 39, (name, first)


STORES = ["Tesco", "TESCO", "Garden", "Sea", "Forest", "Bakery", "Cinema", "Pharmacy"]


def tile_headers(wallet, tmp_path, family, cards):
    """Each store name's header colour in a widget of `cards`, and the tiles' rectangles by name."""
    widget = wallet.run("widget", "add", "--family", family, "--cards", ",".join(cards)).stdout.strip()
    layout = tmp_path / f"{widget}.json"
    wallet.run("widget", "render", widget, "--output", tmp_path / f"{widget}.png", "--layout", layout)
    runs = [run for run in json.loads(layout.read_text())["texts"] if run["text"] in STORES]
    return {run["text"]: run["background"] for run in runs}, {run["text"]: (run["x"], run["y"]) for run in runs}


def hue_distance(a, b):
    distance = abs(hue(a) - hue(b)) % 360
    return min(distance, 360 - distance)


def test_a_card_has_one_colour_in_every_widget_label_and_ticket(wallet, tmp_path):
    """Generated colours are assigned over the whole wallet: widgets of different card sets give a
    card the same colour, two cards of one store (one generated colour) differ even side by side
    in the large widget, and `card show --png`/`--pdf` draw the same colour."""
    ids = {store: wallet.run("card", "add", "--store", store, "--code", f"{store[:3].upper()}-1", "--format", "qr")
           .stdout.strip() for store in STORES}
    widgets = [
        ("medium", ["Tesco", "Garden"]),
        ("medium", ["TESCO", "Sea", "Tesco"]),
        ("small", ["TESCO"]),
        ("large", STORES),
        ("large", list(reversed(STORES))),
    ]
    seen = {}
    for family, stores in widgets:
        colours, places = tile_headers(wallet, tmp_path, family, [ids[store] for store in stores])
        for store, colour in colours.items():
            assert seen.setdefault(store, colour) == colour, (store, family, stores)
        if family == "large":
            # Neighbours in a row (same y) and in a column (same x) never share a generated colour.
            for a in colours:
                for b in colours:
                    if a < b and (places[a][1] == places[b][1] or places[a][0] == places[b][0]):
                        assert hue_distance(colours[a], colours[b]) >= 30, (a, b, colours)
    assert hue_distance(seen["Tesco"], seen["TESCO"]) >= 30

    for store in ("Tesco", "TESCO", "Garden"):
        png, pdf = tmp_path / f"{store}-label.png", tmp_path / f"{store}-ticket.pdf"
        wallet.run("card", "show", ids[store], "--png", png, "--pdf", pdf)
        subprocess.run(["pdftoppm", "-r", "72", "-png", "-singlefile", str(pdf), str(tmp_path / f"{store}-page")],
                       check=True, timeout=60)
        with Image.open(png) as label, Image.open(tmp_path / f"{store}-page.png") as page:
            band = label.convert("RGB").getpixel((2, 2))
            strip = page.convert("RGB").getpixel((2, 2))
        assert all(abs(a - b) <= 2 for a, b in zip(band, strip)), (store, band, strip)
        band = "#{:02X}{:02X}{:02X}".format(*band)
        # The widget header is the same colour (darkened only where its text needs the contrast).
        assert hue_distance(band, seen[store]) <= 4, (store, band, seen[store])
