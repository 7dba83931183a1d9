"""End-to-end checks of the lock-screen (accessory) widget families and the rendering modes.

Every barcode drawn is decoded with zxing-cpp (and zbar where it reads the format). Vibrant
snapshots are gray+alpha PNGs the lock screen composites over the wallpaper: they are decoded
after compositing over a black and over a dark gray wallpaper, as a scanner sees the screen.
"""
import json
import struct

import pytest
from PIL import Image

from conftest import refused
from oracle import ZBAR_NAMES, as_decoded, zbar_decode_symbols, zxing_decode
from test_widgets import FORMATS, MAX_CARDS, add_card, add_widget, assert_decodes, decoder_names, links

# The formats the rectangular family must show scannably: the 2D codes, EAN-13 and Code 128
# numbers of ordinary length. (format, code as typed, the payload the symbol carries)
RECTANGULAR_FORMATS = [
    ("qr", "https://example.com/c/42", "https://example.com/c/42"),
    ("aztec", "AZTEC-12345", "AZTEC-12345"),
    ("data-matrix", "DM-998877", "DM-998877"),
    ("pdf417", "PDF417 0042", "PDF417 0042"),
    ("ean13", "400638133393", "4006381333931"),
    ("code128", "C128-5501", "C128-5501"),
    ("code128", "0123456789012", "0123456789012"),
]
# The 2D codes a circular widget shows as the code itself (PDF417 is too wide for a circle).
CIRCULAR_FORMATS = [entry for entry in RECTANGULAR_FORMATS if entry[0] in ("qr", "aztec", "data-matrix")]
WALLPAPERS = {"black": (0, 0, 0), "dark-gray": (0x2C, 0x2C, 0x2E)}
RENDERINGS = ["full-color", "accented", "vibrant"]
ACCESSORY = ["accessory-circular", "accessory-rectangular", "accessory-inline"]


def png_color_type(path):
    """The colour type byte of the PNG's IHDR (4 = gray+alpha, 3 = palette)."""
    with open(path, "rb") as file:
        header = file.read(33)
    assert header[:8] == b"\x89PNG\r\n\x1a\n" and header[12:16] == b"IHDR"
    width, height, depth, color_type = struct.unpack(">IIBB", header[16:26])
    return color_type


def composited(path, wallpaper, out):
    """The snapshot at `path` composited over a wallpaper colour, saved opaque to `out`."""
    with Image.open(path) as image:
        rgba = image.convert("RGBA")
    background = Image.new("RGBA", rgba.size, WALLPAPERS[wallpaper] + (255,))
    Image.alpha_composite(background, rgba).convert("RGB").save(out)
    return out


def assert_single_code(path, fmt, payload):
    """zxing-cpp finds exactly the card's code in the PNG (and zbar too where it reads the format)."""
    text = as_decoded(fmt, payload)
    decoded = zxing_decode(path)
    assert [(d.format in decoder_names(fmt), d.text) for d in decoded] == [(True, text)], (path, decoded)
    if fmt in ZBAR_NAMES:
        assert text in [d.text for d in zbar_decode_symbols(path)], path
    return decoded[0]


def render(wallet, widget, path, *args):
    return wallet.run("widget", "render", widget, "--output", path, *args)


@pytest.mark.parametrize("scale", [2, 3])
@pytest.mark.parametrize("rendering", RENDERINGS)
@pytest.mark.parametrize("fmt,code,payload", RECTANGULAR_FORMATS)
def test_rectangular_barcode_decodes_in_every_rendering(wallet, tmp_path, fmt, code, payload, rendering, scale):
    add_card(wallet, "Store", code, fmt, "--color", "#1565C0")
    widget = add_widget(wallet, "accessory-rectangular", "--cards", "Store")
    path = tmp_path / "w.png"
    run = render(wallet, widget, path, "--scale", scale, "--rendering", rendering)
    assert "note:" not in run.stderr
    with Image.open(path) as image:
        assert image.size == (172 * scale, 76 * scale)
    if rendering != "vibrant":
        assert png_color_type(path) == 3
        assert_single_code(path, fmt, payload)
        return
    assert png_color_type(path) == 4
    for wallpaper in WALLPAPERS:
        symbol = assert_single_code(composited(path, wallpaper, tmp_path / f"{wallpaper}.png"), fmt, payload)
        # the code keeps its own opaque plate: alpha 255 where the scanner found it
        with Image.open(path) as image:
            assert image.getpixel(tuple(round(c) for c in symbol.center))[1] == 255


def test_vibrant_is_the_lock_screen_default_and_full_color_the_home_screen_default(wallet, tmp_path):
    add_card(wallet, "Store", "400638133393", "ean13")
    for family in ACCESSORY:
        render(wallet, add_widget(wallet, family, "--cards", "Store"), tmp_path / f"{family}.png")
        assert png_color_type(tmp_path / f"{family}.png") == 4, family
    render(wallet, add_widget(wallet, "small", "--cards", "Store"), tmp_path / "small.png")
    assert png_color_type(tmp_path / "small.png") == 3
    render(wallet, add_widget(wallet, "small", "--cards", "Store"), tmp_path / "v.png", "--rendering", "vibrant")
    assert png_color_type(tmp_path / "v.png") == 4
    assert_single_code(composited(tmp_path / "v.png", "black", tmp_path / "vb.png"), "ean13", "4006381333931")


@pytest.mark.parametrize("scale", [2, 3])
@pytest.mark.parametrize("rendering", RENDERINGS)
@pytest.mark.parametrize("fmt,code,payload", CIRCULAR_FORMATS)
def test_circular_shows_a_2d_code_that_decodes(wallet, tmp_path, fmt, code, payload, rendering, scale):
    add_card(wallet, "Store", code, fmt)
    widget = add_widget(wallet, "accessory-circular", "--cards", "Store")
    path = tmp_path / "c.png"
    render(wallet, widget, path, "--scale", scale, "--rendering", rendering)
    with Image.open(path) as image:
        assert image.size == (76 * scale, 76 * scale)
    if rendering == "vibrant":
        for wallpaper in WALLPAPERS:
            assert_single_code(composited(path, wallpaper, tmp_path / f"{wallpaper}.png"), fmt, payload)
    else:
        assert_single_code(path, fmt, payload)


@pytest.mark.parametrize("fmt,code", [("ean13", "400638133393"), ("code128", "C128-5501"), ("pdf417", "PDF417 0042"), (None, "998877")])
def test_circular_shows_the_monogram_for_codes_a_circle_cannot_hold(wallet, tmp_path, fmt, code):
    add_card(wallet, "Green Grocer", code, fmt)
    widget = add_widget(wallet, "accessory-circular", "--cards", "Green Grocer")
    for scale in (2, 3):
        path = tmp_path / f"c{scale}.png"
        run = render(wallet, widget, path, "--scale", scale, "--rendering", "full-color")
        assert zxing_decode(path) == []
        assert "glyph" not in run.stderr
        # the monogram is drawn: the centre of the circle is not just the backdrop
        with Image.open(path) as image:
            rgb = image.convert("RGBA").convert("RGB")
            colours = {rgb.getpixel((x, y)) for x in range(image.width // 3, 2 * image.width // 3) for y in range(image.height // 3, 2 * image.height // 3)}
        assert len(colours) > 2


def test_inline_is_one_line_of_text_and_its_timeline_carries_it(wallet, tmp_path):
    add_card(wallet, "Green Grocer", "400638133393", "ean13")
    widget = add_widget(wallet, "accessory-inline", "--cards", "Green Grocer")
    timeline = json.loads(wallet.run("widget", "timeline", widget, "--json").stdout)
    assert [entry["text"] for entry in timeline["entries"]] == ["Green Grocer · 4006381333931"]
    for rendering in RENDERINGS:
        path = tmp_path / f"{rendering}.png"
        render(wallet, widget, path, "--scale", 2, "--rendering", rendering)
        with Image.open(path) as image:
            assert image.size == (257 * 2, 26 * 2)
        assert zxing_decode(path) == []
    # other families' entries carry no text
    small = add_widget(wallet, "small", "--cards", "Green Grocer")
    assert "text" not in json.loads(wallet.run("widget", "timeline", small, "--json").stdout)["entries"][0]


def test_lock_screen_sizes_follow_the_device_table(wallet, tmp_path):
    add_card(wallet, "Store", "https://example.com/c/42", "qr")
    sizes = {
        "393x852": {"accessory-circular": (72, 72), "accessory-rectangular": (160, 72), "accessory-inline": (234, 26)},
        "375x812": {"accessory-circular": (72, 72), "accessory-rectangular": (157, 72), "accessory-inline": (225, 26)},
        "375x667": {"accessory-circular": (68, 68), "accessory-rectangular": (153, 68), "accessory-inline": (225, 26)},
    }
    for device, families in sizes.items():
        for family, (width, height) in families.items():
            widget = add_widget(wallet, family, "--cards", "Store")
            path = tmp_path / f"{device}-{family}.png"
            render(wallet, widget, path, "--device", device, "--scale", 2)
            with Image.open(path) as image:
                assert image.size == (width * 2, height * 2), (device, family)
            link = json.loads(wallet.run("widget", "links", widget, "--json", "--device", device).stdout)
            assert [(l["width"], l["height"]) for l in link] == [(width, height)]
            if family != "accessory-inline":
                assert_single_code(composited(path, "black", tmp_path / "black.png"), "qr", "https://example.com/c/42")


def test_a_screen_without_lock_screen_widgets_is_refused(wallet, tmp_path):
    add_card(wallet, "Store", "111", "code128")
    widget = add_widget(wallet, "accessory-rectangular", "--cards", "Store")
    out = tmp_path / "w.png"
    line = refused(wallet, "widget", "render", widget, "--output", out, "--device", "320x568", fragment="no accessory-rectangular widgets")
    assert "430x932" in line
    assert not out.exists()
    refused(wallet, "widget", "links", widget, "--device", "320x568", fragment="320x568")


@pytest.mark.parametrize("family", ACCESSORY)
def test_placeholder_and_empty_states(wallet, tmp_path, family):
    add_card(wallet, "Store", "https://example.com/c/42", "qr")
    empty = add_widget(wallet, family)
    for rendering in RENDERINGS:
        path = tmp_path / f"empty-{rendering}.png"
        run = render(wallet, empty, path, "--rendering", rendering)
        assert zxing_decode(path) == [] and "note:" not in run.stderr
        placeholder = tmp_path / f"placeholder-{rendering}.png"
        render(wallet, empty, placeholder, "--placeholder", "--rendering", rendering)
        assert zxing_decode(placeholder) == []
        with Image.open(path) as a, Image.open(placeholder) as b:
            assert a.tobytes() != b.tobytes()
    # the empty state opens the app; a card opens the card
    assert json.loads(wallet.run("widget", "links", empty, "--json").stdout) == []
    assert wallet.run("widget", "tap", empty, 5, 5).stdout.strip() == "wallet://"
    shown = add_widget(wallet, family, "--cards", "Store")
    assert wallet.run("widget", "tap", shown, 5, 5).stdout.strip().startswith("wallet://card/")
    if family == "accessory-inline":
        timeline = json.loads(wallet.run("widget", "timeline", empty, "--json").stdout)
        assert timeline["entries"][0]["text"] == "Choose a card"


def test_rectangular_codes_that_cannot_scan_show_the_number_and_say_so(wallet, tmp_path):
    add_card(wallet, "Plain", "998877")
    add_card(wallet, "Long", "CODE39 NUMBER 0123456789", "code39")
    plain = add_widget(wallet, "accessory-rectangular", "--cards", "Plain")
    assert "no barcode format" in render(wallet, plain, tmp_path / "a.png").stderr
    long = add_widget(wallet, "accessory-rectangular", "--cards", "Long")
    run = render(wallet, long, tmp_path / "b.png", "--scale", 2)
    assert "does not fit scannably" in run.stderr
    assert zxing_decode(composited(tmp_path / "b.png", "black", tmp_path / "bb.png")) == []


def test_ranked_modes_show_one_card_on_the_lock_screen(wallet, tmp_path):
    add_card(wallet, "Alpha", "111", "code128", "--favorite")
    add_card(wallet, "Beta", "222", "code128", "--favorite")
    add_card(wallet, "Gamma", "333", "code128")
    for mode in ("recent", "suggested", "favorites"):
        widget = add_widget(wallet, "accessory-rectangular", "--mode", mode)
        entry = json.loads(wallet.run("widget", "timeline", widget, "--json").stdout)["entries"][0]
        assert len(entry["cards"]) == 1, mode
        # lock-screen widgets have no room for buttons: the whole widget opens the card
        assert [set(l) for l in json.loads(wallet.run("widget", "links", widget, "--json").stdout)] == [
            {"x", "y", "width", "height", "url"}]


def test_unknown_rendering_and_family_fail_with_one_line(wallet, tmp_path):
    add_card(wallet, "Store", "111", "code128")
    widget = add_widget(wallet, "accessory-circular", "--cards", "Store")
    refused(wallet, "widget", "render", widget, "--output", tmp_path / "x.png", "--rendering", "sepia",
            fragment="full-color, accented, vibrant")
    refused(wallet, "widget", "add", "--family", "accessory-square", fragment="accessory-rectangular")
    refused(wallet, "widget", "add", "--family", "accessory-inline", "--cards", "Store,Store2", fragment="no card matches")
    assert not (tmp_path / "x.png").exists()


@pytest.mark.parametrize("rendering", ["accented", "vibrant"])
@pytest.mark.parametrize("family", ["small", "medium", "large"])
def test_home_screen_families_scan_in_every_rendering(wallet, tmp_path, family, rendering):
    """Accented and vibrant apply to the home screen too: every code still decodes inside its tile."""
    shown = []
    for index, (fmt, code, payload) in enumerate(FORMATS[:MAX_CARDS[family]]):
        shown.append((add_card(wallet, f"Store {index}", code, fmt, "--color", "#C62828"), fmt, payload))
    widget = add_widget(wallet, family, "--cards", ",".join(card_id for card_id, _, _ in shown))
    path = tmp_path / "w.png"
    render(wallet, widget, path, "--scale", 3, "--rendering", rendering)
    assert png_color_type(path) == (4 if rendering == "vibrant" else 3)
    if rendering == "vibrant":
        path = composited(path, "black", tmp_path / "black.png")
    assert_decodes(path, 3, shown, links(wallet, widget))


def test_render_all_on_a_screen_without_lock_screen_widgets_skips_them_and_says_so(wallet, tmp_path):
    add_card(wallet, "Store", "https://example.com/c/42", "qr")
    small = add_widget(wallet, "small", "--cards", "Store")
    lock = add_widget(wallet, "accessory-circular", "--cards", "Store")
    run = wallet.run("widget", "render", "--all", "--output", tmp_path / "out", "--device", "320x568")
    assert [line.rsplit("/", 1)[1] for line in run.stdout.split()] == [f"{small}-small.png"]
    assert f"note: widget {lock[:8]}: the 320x568 screen has no accessory-circular widgets, skipped" in run.stderr
    run = wallet.run("widget", "render", "--all", "--output", tmp_path / "all")
    assert len(run.stdout.split()) == 2
