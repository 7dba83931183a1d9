"""Independent barcode decoders: the scanner at the till.

zxing-cpp reads all 13 formats; zbar (`zbarimg`) reads the linear ones and QR.
Every check compares the decoded text with exactly what was encoded.
"""
import re
import subprocess
from dataclasses import dataclass

import zxingcpp
from PIL import Image

# wallet format name -> zxing-cpp format name
ZXING_NAMES = {
    "qr": "QRCode", "aztec": "Aztec", "pdf417": "PDF417", "data-matrix": "DataMatrix",
    "code128": "Code128", "code39": "Code39", "code93": "Code93", "codabar": "Codabar",
    "ean13": "EAN13", "ean8": "EAN8", "upc-a": "UPCA", "upc-e": "UPCE", "itf": "ITF",
}

# wallet format name -> zbar symbology name, for the formats zbar reads
ZBAR_NAMES = {
    "qr": "QR-Code", "code128": "CODE-128", "code39": "CODE-39", "code93": "CODE-93",
    "codabar": "CODABAR", "ean13": "EAN-13", "ean8": "EAN-8", "upc-a": "UPC-A",
    "upc-e": "UPC-E", "itf": "I2/5",
}


@dataclass
class Decoded:
    format: str   # the decoder's own format name
    text: str
    # centre of the symbol in image pixels (zxing only; None for zbar)
    center: tuple | None = None
    # the symbol's data bytes, without ECI designators (zxing only; None for zbar)
    raw: bytes | None = None


def _opaque(image):
    """Images with transparency (the snapshots' rounded corners) composited onto white, as a screen
    shows them; others as they are."""
    if image.mode not in ("P", "RGBA", "LA") and "transparency" not in image.info:
        return image
    rgba = image.convert("RGBA")
    return Image.alpha_composite(Image.new("RGBA", rgba.size, "white"), rgba).convert("RGB")


def zxing_decode(path):
    """All symbols zxing-cpp finds in the PNG at `path`."""
    with Image.open(path) as image:
        results = zxingcpp.read_barcodes(_opaque(image), try_rotate=False, try_downscale=False)
    decoded = []
    for result in results:
        position = result.position
        points = [position.top_left, position.top_right, position.bottom_right, position.bottom_left]
        center = (sum(p.x for p in points) / 4.0, sum(p.y for p in points) / 4.0)
        decoded.append(Decoded(result.format.name, result.text, center, bytes(result.bytes)))
    return decoded


def zbar_decode(path):
    """All symbols zbarimg finds in the PNG at `path` (raw UTF-8 text)."""
    run = subprocess.run(
        ["zbarimg", "--quiet", "--raw", "-Sbinary", "--nodbus", str(path)],
        capture_output=True, timeout=120,
    )
    if run.returncode not in (0, 4):  # 4: no symbol found
        raise RuntimeError(f"zbarimg failed on {path}: {run.stderr.decode(errors='replace')}")
    text = run.stdout.decode("utf-8")
    return [Decoded("zbar", line) for line in text.splitlines() if line]


TERMINAL_BLACK = 16  # the 256-color index of dark modules; the plate is 231 (white)
BLOCKS = set("█▀▄ ")


def terminal_cells(line):
    """The cells of one terminal line as (character, foreground, background) 256-color indices,
    following the SGR escapes (38;5;N, 48;5;N, 0) from black on white."""
    cells, foreground, background = [], TERMINAL_BLACK, 231
    for escape, char in re.findall(r"(\x1b\[[0-9;]*m)|(.)", line):
        if char:
            cells.append((char, foreground, background))
            continue
        codes = [int(c) for c in escape[2:-1].split(";") if c]
        while codes:
            code = codes.pop(0)
            if code in (38, 48) and len(codes) >= 2:
                color = codes[1]
                codes = codes[2:]
                foreground, background = (color, background) if code == 38 else (foreground, color)
            elif code == 0:
                foreground, background = TERMINAL_BLACK, 231
    return cells


def terminal_to_png(text, path, two_dimensional, scale=4):
    """Draws a terminal barcode (`wallet barcode` / `card show` output) as a PNG for the decoders,
    as a screen shows it: every cell in its colors.

    Only lines made of block characters are the symbol. 2D codes carry two module rows per line
    (▀ is the foreground over the background, ▄ the other way, █ all foreground, space all
    background); linear codes one module per column.
    """
    symbol = [terminal_cells(line) for line in text.splitlines()]
    symbol = [cells for cells in symbol if cells and {c for c, _, _ in cells} <= BLOCKS]
    width = max(len(cells) for cells in symbol)
    rows = []
    for cells in symbol:
        upper, lower = [], []
        for char, foreground, background in cells:
            top = foreground if char in "█▀" else background
            bottom = foreground if char in "█▄" else background
            upper.append(top == TERMINAL_BLACK)
            lower.append(bottom == TERMINAL_BLACK)
        upper += [False] * (width - len(upper))
        lower += [False] * (width - len(lower))
        rows += [upper, lower] if two_dimensional else [upper]
    image = Image.new("L", (width * scale, len(rows) * scale), 255)
    pixels = image.load()
    for y, row in enumerate(rows):
        for x, dark in enumerate(row):
            if dark:
                for dy in range(scale):
                    for dx in range(scale):
                        pixels[x * scale + dx, y * scale + dy] = 0
    image.save(path)
    return path


def zbar_decode_symbols(path):
    """Each symbol zbarimg finds in the PNG at `path`, with zbar's format name (for images that
    hold several codes: `zbar_decode`'s raw binary output runs their texts together)."""
    import xml.etree.ElementTree as ElementTree

    run = subprocess.run(["zbarimg", "--quiet", "--xml", "--nodbus", str(path)], capture_output=True, timeout=120)
    if run.returncode not in (0, 4):
        raise RuntimeError(f"zbarimg failed on {path}: {run.stderr.decode(errors='replace')}")
    if run.returncode == 4 or not run.stdout.strip():
        return []
    namespace = {"z": "http://zbar.sourceforge.net/2008/barcode"}
    root = ElementTree.fromstring(run.stdout.decode("utf-8"))
    return [Decoded(symbol.get("type"), symbol.find("z:data", namespace).text or "")
            for symbol in root.iter("{http://zbar.sourceforge.net/2008/barcode}symbol")]


def zxing_reported_formats(fmt):
    """zxing-cpp format names a symbol of wallet format `fmt` may come back as (UPC-A as EAN13,
    Code 39 full ASCII as Code39Ext)."""
    also = {"upc-a": {"EAN13"}, "code39": {"Code39Ext"}}.get(fmt, set())
    return {ZXING_NAMES[fmt]} | also


# Code 39 full ASCII (ISO/IEC 16388 Annex): shift + letter -> character, for zbar, which reads the raw form.
_CODE39_PAIRS = {
    **{"$" + chr(65 + i): chr(1 + i) for i in range(26)},
    **{"+" + chr(65 + i): chr(97 + i) for i in range(26)},
    **{"/" + chr(65 + i): chr(33 + i) for i in range(15)}, "/Z": ":",
    **dict(zip(["%" + chr(65 + i) for i in range(26)], "\x1b\x1c\x1d\x1e\x1f;<=>?[\\]^_{|}~\x7f\x00@`\x7f\x7f\x7f")),
}


def code39_full_ascii(raw):
    """The full ASCII text of a raw Code 39 reading whose shifts ($ % / +) all pair with a letter,
    else the reading as it is (what the wallet reports for both readers)."""
    if not any(shift in raw for shift in "$%/+"):
        return raw
    out, i = [], 0
    while i < len(raw):
        if raw[i] in "$%/+":
            pair = raw[i:i + 2]
            if pair not in _CODE39_PAIRS:
                return raw
            out.append(_CODE39_PAIRS[pair])
            i += 2
        else:
            out.append(raw[i])
            i += 1
    return "".join(out)


def expand_upce(upce):
    """The 12-digit UPC-A a UPC-E number (number system + 6 digits + check) stands for."""
    ns, d, check = upce[0], upce[1:7], upce[7]
    last = d[5]
    if last in "012":
        body = d[0:2] + last + "0000" + d[2:5]
    elif last == "3":
        body = d[0:3] + "00000" + d[3:5]
    elif last == "4":
        body = d[0:4] + "00000" + d[4]
    else:
        body = d[0:5] + "0000" + last
    return ns + body + check


def as_decoded(fmt, text):
    """What the decoders report for the normalized payload `text`: zxing-cpp 3.x and zbar give
    UPC-A as 13 digits (a leading 0, EAN-13 style) and UPC-E expanded to that 13-digit UPC-A."""
    if fmt == "upc-a":
        return "0" + text
    if fmt == "upc-e":
        return "0" + expand_upce(text)
    return text
