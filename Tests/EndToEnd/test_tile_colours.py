"""One colour per card (issue 37, item 4): a card's header colour does not depend on its slot or
the widget's family, and where a generated colour meets a card's own colour it is the generated
one that moves, whichever slot comes first."""
import colorsys
import json


def header_colours(wallet, tmp_path, family, cards):
    widget = wallet.run("widget", "add", "--family", family, "--cards", ",".join(cards)).stdout.strip()
    layout = tmp_path / f"{widget}.json"
    wallet.run("widget", "render", widget, "--output", tmp_path / f"{widget}.png", "--layout", layout)
    return {run["text"]: run["background"] for run in json.loads(layout.read_text())["texts"]
            if run["weight"] == "semibold" and run["text"] in ("Garden", "Forest", "Sea")}


def hue(colour):
    r, g, b = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return colorsys.rgb_to_hls(r, g, b)[0] * 360


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
