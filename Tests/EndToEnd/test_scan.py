"""End-to-end checks of `wallet card scan FILE [--json]` and `wallet card add --scan FILE [--pick N]`.

The images are the wallet's own renderings (`wallet barcode`, widget snapshots), composed or
converted with Pillow (JPEG, GIF, PDF pages); every text the scan reports must equal what was
encoded, and every card added from a scan must re-render to a barcode zxing-cpp (the oracle, an
independent build) decodes to the same text.
"""
import json
import subprocess

import pytest
from PIL import Image

from conftest import refused
from oracle import as_decoded, zbar_decode, zxing_decode, zxing_reported_formats
from test_widgets import FORMATS, add_card, add_widget, links


def scan(wallet, path):
    return json.loads(wallet.run("card", "scan", path, "--json").stdout)


def barcode_png(wallet, tmp_path, fmt, code, name=None, module=4):
    path = tmp_path / f"{name or fmt}.png"
    wallet.run("barcode", "--format", fmt, "--output", path, "--module-size", module, code)
    return path


def compose(paths, out, columns=2, gap=60, background="white", mode="RGB"):
    """The images at `paths` side by side on one canvas (rows of `columns`)."""
    images = [Image.open(p).convert("RGB") for p in paths]
    cell_w = max(i.width for i in images) + gap
    cell_h = max(i.height for i in images) + gap
    rows = (len(images) + columns - 1) // columns
    canvas = Image.new(mode, (cell_w * columns + gap, cell_h * rows + gap), background)
    for index, image in enumerate(images):
        canvas.paste(image, (gap + (index % columns) * cell_w, gap + (index // columns) * cell_h))
    canvas.save(out)
    return out


@pytest.mark.parametrize("fmt,code,payload", FORMATS, ids=[f[0] for f in FORMATS])
def test_every_format_the_wallet_draws_is_scanned_back(wallet, tmp_path, fmt, code, payload):
    path = barcode_png(wallet, tmp_path, fmt, code)
    found = scan(wallet, path)
    assert [(f["format"], f["text"], f["storable"]) for f in found] == [(fmt, payload, True)]
    assert "page" not in found[0]
    with Image.open(path) as image:
        assert 0 <= found[0]["x"] < image.width and 0 <= found[0]["y"] < image.height
    plain = wallet.run("card", "scan", path).stdout.splitlines()
    assert plain == [f'1  {fmt}  {found[0]["x"]},{found[0]["y"]} {found[0]["width"]}x{found[0]["height"]}  "{payload}"']


@pytest.mark.parametrize("fmt,code,payload", FORMATS, ids=[f[0] for f in FORMATS])
def test_card_added_from_a_scan_re_renders_to_the_same_text(wallet, tmp_path, fmt, code, payload):
    path = barcode_png(wallet, tmp_path, fmt, code)
    card_id = wallet.run("card", "add", "--store", f"Scanned {fmt}", "--scan", path).stdout.strip()
    card = json.loads(wallet.run("card", "show", card_id, "--json").stdout)
    assert (card["format"], card["code"]) == (fmt, payload)
    again = tmp_path / "again.png"
    wallet.run("card", "show", card_id, "--png", again)
    decoded = zxing_decode(again)
    assert len(decoded) == 1 and decoded[0].text == as_decoded(fmt, payload)
    assert decoded[0].format in zxing_reported_formats(fmt)


def test_large_snapshot_at_3x_gives_all_eight_codes_inside_their_tiles(wallet, tmp_path):
    chosen = [f for f in FORMATS if f[0] in
              ("qr", "aztec", "pdf417", "data-matrix", "code128", "ean13", "upc-a", "itf")]
    ids = [add_card(wallet, f"Store {fmt}", code, fmt) for fmt, code, _ in chosen]
    widget = add_widget(wallet, "large", "--cards", ",".join(ids), "--mode", "manual")
    out = tmp_path / "large.png"
    wallet.run("widget", "render", widget, "--output", out, "--scale", 3)
    found = scan(wallet, out)
    assert sorted((f["format"], f["text"]) for f in found) == sorted((fmt, payload) for fmt, _, payload in chosen)
    by_url = {link["url"]: link for link in links(wallet, widget)}
    for card_id, (fmt, _, payload) in zip(ids, chosen):
        symbol = next(f for f in found if f["text"] == payload)
        link = by_url[f"wallet://card/{card_id}"]
        cx, cy = symbol["x"] + symbol["width"] / 2, symbol["y"] + symbol["height"] / 2
        assert link["x"] * 3 <= cx < (link["x"] + link["width"]) * 3, (fmt, symbol, link)
        assert link["y"] * 3 <= cy < (link["y"] + link["height"]) * 3, (fmt, symbol, link)


@pytest.fixture
def three_codes(wallet, tmp_path):
    paths = [barcode_png(wallet, tmp_path, "qr", "MEMBER-1"),
             barcode_png(wallet, tmp_path, "ean13", "400638133393"),
             barcode_png(wallet, tmp_path, "data-matrix", "DM-3")]
    return compose(paths, tmp_path / "three.png")


def test_several_codes_need_pick_and_the_error_lists_them(wallet, three_codes):
    found = scan(wallet, three_codes)
    assert sorted((f["format"], f["text"]) for f in found) == \
        [("data-matrix", "DM-3"), ("ean13", "4006381333931"), ("qr", "MEMBER-1")]
    line = refused(wallet, "card", "add", "--store", "X", "--scan", three_codes, fragment="several barcodes")
    for f in found:
        assert f'{f["format"]} "{f["text"]}"' in line
    assert "--pick N" in line
    refused(wallet, "card", "add", "--store", "X", "--scan", three_codes, "--pick", 4, fragment="out of range")
    assert json.loads(wallet.run("card", "list", "--json").stdout) == []
    index = next(i for i, f in enumerate(found) if f["format"] == "ean13") + 1
    card_id = wallet.run("card", "add", "--store", "Picked", "--scan", three_codes, "--pick", index,
                         "--note", "from a photo").stdout.strip()
    card = json.loads(wallet.run("card", "show", card_id, "--json").stdout)
    assert (card["format"], card["code"], card["note"]) == ("ean13", "4006381333931", "from a photo")


def test_code_option_keeps_the_printed_number_and_the_scan_becomes_the_value(wallet, tmp_path):
    path = barcode_png(wallet, tmp_path, "qr", "https://example.com/m/77")
    card_id = wallet.run("card", "add", "--store", "Web", "--code", "77", "--scan", path).stdout.strip()
    card = json.loads(wallet.run("card", "show", card_id, "--json").stdout)
    assert (card["code"], card["barcodeValue"], card["format"]) == ("77", "https://example.com/m/77", "qr")


def test_jpeg_photo_with_two_codes(wallet, tmp_path, three_codes):
    jpeg = tmp_path / "photo.jpg"
    with Image.open(three_codes) as image:
        image.convert("RGB").resize((image.width * 3 // 2, image.height * 3 // 2)).save(jpeg, quality=80)
    found = scan(wallet, jpeg)
    assert sorted(f["text"] for f in found) == ["4006381333931", "DM-3", "MEMBER-1"]


def test_pdf_pages_are_all_read_with_their_page_numbers(wallet, tmp_path):
    first = Image.new("RGB", (1240, 1754), "white")  # A4 at 150 dpi, nothing on it
    second = Image.new("RGB", (1240, 1754), "white")
    for path, where in ((barcode_png(wallet, tmp_path, "pdf417", "BOARDING PASS 42", module=3), (100, 200)),
                        (barcode_png(wallet, tmp_path, "aztec", "TICKET-7", module=6), (700, 1200))):
        with Image.open(path) as code:
            second.paste(code.convert("RGB"), where)
    pdf = tmp_path / "tickets.pdf"
    first.save(pdf, save_all=True, append_images=[second], resolution=150)
    found = scan(wallet, pdf)
    assert sorted((f["page"], f["format"], f["text"]) for f in found) == \
        [(2, "aztec", "TICKET-7"), (2, "pdf417", "BOARDING PASS 42")]
    assert " page 2  " in wallet.run("card", "scan", pdf).stdout
    card_id = wallet.run("card", "add", "--store", "Air", "--scan", pdf, "--pick",
                         1 + [f["format"] for f in found].index("pdf417")).stdout.strip()
    assert json.loads(wallet.run("card", "show", card_id, "--json").stdout)["code"] == "BOARDING PASS 42"


def test_a_format_the_wallet_cannot_store_is_named(wallet, tmp_path):
    path = tmp_path / "databar.png"
    subprocess.run(["zint", "-b", "29", "--scale", "4", "-o", str(path), "-d", "0950110153001"], check=True,
                   capture_output=True)
    found = scan(wallet, path)
    assert [(f["format"], f["storable"]) for f in found] == [("databar", False)]
    line = refused(wallet, "card", "add", "--store", "X", "--scan", path, fragment="cannot store databar")
    assert "qr, aztec" in line


def test_code_32_is_named_not_mistaken_for_code_39(wallet, tmp_path):
    """Code 32 (Italian pharmacy codes) is drawn with Code 39's bars: read as Code 39 it would be a
    different number. It is reported as code32 (8 digits, check digit and the A prefix)."""
    path = tmp_path / "code32.png"
    subprocess.run(["zint", "-b", "129", "--scale", "3", "-o", str(path), "-d", "12345678"], check=True, capture_output=True)
    assert [(f["format"], f["text"], f["storable"]) for f in scan(wallet, path)] == [("code32", "A123456788", False)]
    refused(wallet, "card", "add", "--store", "X", "--scan", path, fragment="cannot store code32")


def test_code_39_full_ascii_is_decoded_and_the_card_draws_the_same_bars(wallet, tmp_path):
    """A Code 39 full ASCII symbol (libzint's own, `zint --barcode=9`) is reported decoded by both
    readers alike (one reading, not disputed), `card add --scan` stores the decoded text, and the
    card's barcode carries the same symbol characters as the scanned one (zbar reads both raw)."""
    text = "Member #42: jo@x.com"
    path = tmp_path / "full-ascii.png"
    subprocess.run(["zint", "--barcode=9", "--scale", "3", "-o", str(path), "-d", text], check=True, capture_output=True)
    found = scan(wallet, path)
    assert [(f["format"], f["text"], f["storable"]) for f in found] == [("code39", text, True)]
    assert not found[0].get("disputed")
    card_id = wallet.run("card", "add", "--store", "Full ASCII", "--scan", path).stdout.strip()
    card = json.loads(wallet.run("card", "show", card_id, "--json").stdout)
    assert (card["format"], card["code"]) == ("code39", text)
    again = tmp_path / "again.png"
    wallet.run("card", "show", card_id, "--png", again)
    assert [d.text for d in zxing_decode(again) if d.format in zxing_reported_formats("code39")] == [text]
    assert [d.text for d in zbar_decode(again)] == [d.text for d in zbar_decode(path)] == ["M+E+M+B+E+R /C42/Z +J+O%V+X.+C+O+M"]


def test_code_39_shifts_that_form_no_pairs_stay_as_read(wallet, tmp_path):
    path = barcode_png(wallet, tmp_path, "code39", "CARD $/+%.")
    assert [(f["format"], f["text"]) for f in scan(wallet, path)] == [("code39", "CARD $/+%.")]


def test_no_code_and_bad_files_fail_with_one_line_and_add_nothing(wallet, tmp_path):
    blank = tmp_path / "blank.png"
    Image.new("RGB", (400, 300), "white").save(blank)
    gif = tmp_path / "code.gif"
    with Image.open(barcode_png(wallet, tmp_path, "qr", "GIF")) as image:
        image.save(gif)
    text = tmp_path / "notes.txt"
    text.write_text("not an image\n")
    corrupt = tmp_path / "corrupt.png"
    corrupt.write_bytes(barcode_png(wallet, tmp_path, "qr", "CUT").read_bytes()[:120])
    empty = tmp_path / "empty.png"
    empty.write_bytes(b"")
    bad_pdf = tmp_path / "bad.pdf"
    bad_pdf.write_bytes(b"%PDF-1.4\nthis is not a real PDF\n")
    cases = [
        (blank, "no barcode found in"),
        (gif, "it is a GIF file, not a PNG, JPEG or PDF"),
        (text, "not a PNG, JPEG or PDF"),
        (corrupt, "damaged PNG"),
        (empty, "the file is empty"),
        (bad_pdf, "damaged PDF"),
        (tmp_path, "not a regular file"),
        (tmp_path / "missing.png", "No such file or directory"),
    ]
    for path, fragment in cases:
        refused(wallet, "card", "scan", path, fragment=fragment)
        refused(wallet, "card", "add", "--store", "X", "--scan", path, fragment=fragment)
    assert json.loads(wallet.run("card", "list", "--json").stdout) == []


def test_scan_options_that_do_not_fit_are_refused(wallet, tmp_path):
    path = barcode_png(wallet, tmp_path, "qr", "ONE")
    refused(wallet, "card", "add", "--store", "X", "--scan", path, "--format", "code128",
            fragment="--format code128 does not match the scanned code, which is qr")
    refused(wallet, "card", "add", "--store", "X", "--scan", path, "--barcode-value", "v", fragment="--scan and --barcode-value")
    refused(wallet, "card", "add", "--store", "X", "--code", "1", "--pick", 1, fragment="--pick only works with --scan")
    refused(wallet, "card", "add", "--store", "X", fragment="missing --code")
    refused(wallet, "card", "add", "--store", "X", "--scan", path, "--pick", 0, fragment="out of range")
    assert json.loads(wallet.run("card", "list", "--json").stdout) == []
    wallet.run("card", "add", "--store", "X", "--scan", path, "--format", "qr")
    assert [(c["format"], c["code"]) for c in json.loads(wallet.run("card", "list", "--json").stdout)] == [("qr", "ONE")]


def test_oversized_images_are_refused_from_their_header(wallet, tmp_path):
    huge = tmp_path / "huge.png"
    Image.new("1", (10000, 5000), 1).save(huge)
    refused(wallet, "card", "scan", huge, fragment="over the 40-megapixel limit")
