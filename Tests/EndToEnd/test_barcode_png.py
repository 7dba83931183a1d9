"""End-to-end checks of the 1-bit PNGs `wallet barcode` writes with its own deflate writer
(PNGEncoder's BilevelDeflate): the file's chunks and zlib stream are standard (Python's zlib
inflates the IDAT, its Adler-32 and the chunks' CRC-32 check), and the pixels Pillow decodes are
exactly the modules the terminal rendering shows (an oracle that involves no PNG), scaled to
the module size, quiet zones included; zxing-cpp reads them back.
"""
import struct
import zlib

import pytest
from PIL import Image

from oracle import as_decoded, terminal_to_png, zxing_decode, zxing_reported_formats

# format: (payload, what the decoder reads)
PAYLOADS = {
    "qr": ("https://wallet.example/card/123456789?member=gold", None),
    "aztec": ("MEMBER-12345678 Gold Tier", None),
    "data-matrix": ("MEMBER-12345678 Gold Tier", None),
    "pdf417": ("MEMBER-12345678 Gold Tier", None),
    "code128": ("CARD-0123456789", None),
    "ean13": ("400638133393", "4006381333931"),
    "itf": ("12345678901231", None),
}
TWO_DIMENSIONAL = ("qr", "aztec", "data-matrix", "pdf417")


def chunks(data):
    """(type, data) of each chunk of a PNG file, checking the signature and every CRC-32."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    offset, found = 8, []
    while offset < len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        body = data[offset + 8:offset + 8 + length]
        (crc,) = struct.unpack(">I", data[offset + 8 + length:offset + 12 + length])
        assert crc == zlib.crc32(kind + body), kind
        found.append((kind.decode(), body))
        offset += 12 + length
    return found


@pytest.mark.parametrize("fmt", sorted(PAYLOADS))
@pytest.mark.parametrize("module_size", [1, 2, 3, 8])
def test_png_pixels_are_the_terminal_modules_scaled(wallet, tmp_path, fmt, module_size):
    payload, decoded = PAYLOADS[fmt]
    out = tmp_path / "code.png"
    wallet.run("barcode", "--format", fmt, "--module-size", module_size, "--output", out, "--", payload)
    data = out.read_bytes()
    found = chunks(data)
    assert [kind for kind, _ in found] == ["IHDR", "IDAT", "IEND"]
    width, height, depth, color, _, filtering, interlace = struct.unpack(">IIBBBBB", found[0][1])
    assert (depth, color, filtering, interlace) == (1, 0, 0, 0)
    stride = (width + 7) // 8 + 1
    raw = zlib.decompress(found[1][1])  # checks the zlib header and the Adler-32 trailer too
    assert len(raw) == stride * height
    assert all(raw[y * stride] == 0 for y in range(height))  # filter None on every row

    with Image.open(out) as png:
        assert png.mode == "1"
        pixels = png.convert("L")
    rows_of_raw = b"".join(raw[y * stride + 1:(y + 1) * stride] for y in range(height))
    assert pixels.tobytes() == Image.frombytes("1", (width, height), rows_of_raw).convert("L").tobytes()

    shown = wallet.run("barcode", "--format", fmt, "--", payload, env={"COLUMNS": "400"}).stdout
    two_dimensional = fmt in TWO_DIMENSIONAL
    with Image.open(terminal_to_png(shown, tmp_path / "terminal.png", two_dimensional, scale=module_size)) as terminal:
        terminal = terminal.convert("L")
    assert terminal.width == width
    if two_dimensional:
        # The terminal's last line may carry one blank module row more than the symbol has.
        assert terminal.height - height in (0, module_size)
        assert terminal.crop((0, 0, width, height)).tobytes() == pixels.tobytes()
    else:
        # A linear code's every drawn row is the terminal's row of bars (its middle line), scaled.
        middle = terminal.height // 2
        bars = terminal.crop((0, middle, width, middle + 1)).tobytes()
        drawn = [pixels.crop((0, y, width, y + 1)).tobytes() for y in range(height)]
        assert all(row in (bars, b"\xff" * width) for row in drawn) and drawn.count(bars) > height // 2
    expected = as_decoded(fmt, decoded or payload)
    assert [d.text for d in zxing_decode(out) if d.format in zxing_reported_formats(fmt)] == [expected]


@pytest.mark.parametrize("fmt", sorted(PAYLOADS))
@pytest.mark.parametrize("module_size", [2, 4])
def test_png_is_a_dynamic_block_about_zlibs_size(wallet, tmp_path, fmt, module_size):
    """At 2 and 4 px per module the pixels take a dynamic-Huffman block (BTYPE 10), within 10 % of
    what zlib at level 2 (the level the PNGs had through libpng) makes of the same rows."""
    payload, _ = PAYLOADS[fmt]
    out = tmp_path / "code.png"
    wallet.run("barcode", "--format", fmt, "--module-size", module_size, "--output", out, "--", payload)
    idat = dict(chunks(out.read_bytes()))["IDAT"]
    assert (idat[2] >> 1) & 3 == 2
    assert len(idat) <= len(zlib.compress(zlib.decompress(idat), 2)) * 1.1
