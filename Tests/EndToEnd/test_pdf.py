"""End-to-end checks of PDF output: `card show CARD --pdf FILE` (a one-page ticket) and
`widget render W --output FILE.pdf`. Each PDF is rasterized with pdftoppm (poppler) and its
barcode decoded by zxing-cpp (and zbar where it reads the format); the text must be exactly
what was encoded.
"""
import json
import shutil
import subprocess

import pytest
from PIL import Image, ImageChops

from conftest import refused
from oracle import ZBAR_NAMES, as_decoded, zbar_decode, zxing_decode, zxing_reported_formats

TIMEOUT = 120  # seconds for any one tool run; a hang fails the test

pytestmark = pytest.mark.skipif(not shutil.which("pdftoppm"), reason="needs poppler-utils (make deps-test)")

CASES = [
    ("qr", "MEMBER 0042 Ünïcödé", "MEMBER 0042 Ünïcödé"),
    ("aztec", "AZTEC-77", "AZTEC-77"),
    ("pdf417", "PDF417 ticket 123456", "PDF417 ticket 123456"),
    ("data-matrix", "DM-2026-11", "DM-2026-11"),
    ("code128", "LONG-CODE128-VALUE-0123456789-ABCDEFG", "LONG-CODE128-VALUE-0123456789-ABCDEFG"),
    ("code39", "CODE39 X", "CODE39 X"),
    ("ean13", "400638133393", "4006381333931"),
    ("ean8", "9638507", "96385074"),
    ("upc-a", "03600029145", "036000291452"),
    ("itf", "12345678901231", "12345678901231"),
]


def pdf_info(path):
    run = subprocess.run(["pdfinfo", str(path)], capture_output=True, timeout=TIMEOUT, text=True, check=True)
    return dict(line.split(":", 1) for line in run.stdout.splitlines() if ":" in line)


def rasterize(path, dpi):
    """The single page at `dpi` as a PNG next to the PDF."""
    prefix = path.with_suffix("")
    subprocess.run(["pdftoppm", "-r", str(dpi), "-png", "-singlefile", str(path), str(prefix)], check=True, timeout=TIMEOUT)
    return prefix.with_suffix(".png")


@pytest.mark.parametrize("format_name, code, encoded", CASES)
def test_card_ticket_is_one_page_with_a_decodable_barcode(wallet, tmp_path, format_name, code, encoded):
    card_id = wallet.run("card", "add", "--store", "Bäckerei Ünïcode", "--code", code, "--format", format_name,
                         "--note", "Gate 4", "--balance", "12.50", "--currency", "EUR").stdout.strip()
    ticket = tmp_path / "ticket.pdf"
    run = wallet.run("card", "show", card_id, "--pdf", ticket)
    assert "Bäckerei Ünïcode" in run.stdout
    info = pdf_info(ticket)
    assert info["Pages"].strip() == "1"
    width, height = (float(v) for v in info["Page size"].split("pts")[0].split("x"))
    assert height == 420 and width >= 298
    page = rasterize(ticket, 200)
    found = zxing_decode(page)
    assert len(found) == 1 and found[0].format in zxing_reported_formats(format_name)
    assert found[0].text == as_decoded(format_name, encoded)
    if format_name in ZBAR_NAMES:
        assert [d.text for d in zbar_decode(page)] == [as_decoded(format_name, encoded)]
    text = subprocess.run(["pdftotext", str(ticket), "-"], capture_output=True, timeout=TIMEOUT, text=True, check=True).stdout
    assert "Bäckerei Ünïcode" in text and "Balance: 12.50 EUR" in text and "Gate 4" in text


def test_ticket_of_a_card_without_barcode_shows_the_number(wallet, tmp_path):
    card_id = wallet.run("card", "add", "--store", "Library", "--code", "LIB-778-2").stdout.strip()
    ticket = tmp_path / "ticket.pdf"
    wallet.run("card", "show", card_id, "--pdf", ticket)
    text = subprocess.run(["pdftotext", str(ticket), "-"], capture_output=True, timeout=TIMEOUT, text=True, check=True).stdout
    assert "LIB-778-2" in text and "Library" in text
    assert zxing_decode(rasterize(ticket, 100)) == []


def test_ticket_into_a_missing_directory_is_one_line_error_and_writes_nothing(wallet, tmp_path):
    card_id = wallet.run("card", "add", "--store", "S", "--code", "1", "--format", "qr").stdout.strip()
    refused(wallet, "card", "show", card_id, "--pdf", tmp_path / "missing" / "ticket.pdf", fragment="missing")
    assert not (tmp_path / "missing").exists()


def test_widget_render_pdf_is_the_snapshot_at_its_size_in_points(wallet, tmp_path):
    qr = wallet.run("card", "add", "--store", "QR Shop", "--code", "HELLO-123", "--format", "qr").stdout.strip()
    ean = wallet.run("card", "add", "--store", "EAN Shop", "--code", "400638133393", "--format", "ean13").stdout.strip()
    widget = wallet.run("widget", "add", "--family", "medium", "--cards", f"{qr},{ean}").stdout.strip()
    pdf, png = tmp_path / "widget.pdf", tmp_path / "widget.png"
    wallet.run("widget", "render", widget, "--output", pdf, "--scale", "3")
    wallet.run("widget", "render", widget, "--output", png, "--scale", "3")
    info = pdf_info(pdf)
    assert info["Pages"].strip() == "1" and info["Page size"].split("pts")[0].strip() == "364 x 170"
    page = rasterize(pdf, 72 * 3)
    assert sorted((d.format, d.text) for d in zxing_decode(page)) == [("EAN13", "4006381333931"), ("QRCode", "HELLO-123")]
    # At the snapshot's own scale the page is the PNG, pixel for pixel (on white, as a page is).
    with Image.open(png) as snapshot, Image.open(page) as raster:
        flat = Image.alpha_composite(Image.new("RGBA", snapshot.size, "white"), snapshot.convert("RGBA")).convert("RGB")
        assert raster.size == flat.size
        assert ImageChops.difference(raster.convert("RGB"), flat).getbbox() is None


def test_widget_render_pdf_failure_leaves_no_file(wallet, tmp_path):
    widget = wallet.run("widget", "add", "--family", "small").stdout.strip()
    refused(wallet, "widget", "render", widget, "--output", tmp_path / "nope" / "w.pdf")
    assert not (tmp_path / "nope").exists()
    assert json.loads(wallet.run("widget", "list", "--json").stdout)[0]["id"] == widget


def test_a_cards_logo_is_on_its_ticket_and_the_number_is_printed_once(wallet, tmp_path):
    """A logo (yellow, on transparency) stands at the top of the ticket on a band of the card's
    colour; the code still decodes; the number appears once in the text (not again under the bars)."""
    from PIL import Image
    logo = tmp_path / "logo.png"
    image = Image.new("RGBA", (600, 150), (0, 0, 0, 0))
    image.paste((255, 214, 0, 255), (0, 30, 600, 120))
    image.save(logo)
    card_id = wallet.run("card", "add", "--store", "Logo Ticket", "--code", "4006381333931", "--format", "ean13",
                         "--color", "#1565C0", "--logo", logo).stdout.strip()
    ticket = tmp_path / "ticket.pdf"
    wallet.run("card", "show", card_id, "--pdf", ticket)
    page = Image.open(rasterize(ticket, 100)).convert("RGB")
    top = page.crop((0, 0, page.width, page.height // 4))
    colours = {colour for _, colour in top.getcolors(1 << 20)}
    assert any(r > 220 and 190 < g < 235 and b < 60 for r, g, b in colours), "no logo yellow at the top"
    assert any(abs(r - 0x15) < 8 and abs(g - 0x65) < 8 and abs(b - 0xC0) < 8 for r, g, b in colours), "no band of the card's colour"
    assert [d.text for d in zxing_decode(rasterize(ticket, 200))] == ["4006381333931"]
    text = subprocess.run(["pdftotext", str(ticket), "-"], capture_output=True, timeout=TIMEOUT, text=True, check=True).stdout
    assert text.count("4006381333931") == 1, text
