"""Scannability margin: how far a camera can degrade a drawn barcode before it no longer decodes.

A tile of a widget snapshot (or any image) is degraded step by step in one way at a time:
downscale (the code further away), Gaussian blur (out of focus) and tilt (the phone turned about
the code's vertical axis, with perspective). The margin is the strongest step that still decodes
with zxing-cpp to exactly the encoded text. The reference is zint drawing the same payload at the
same module size (`zint` CLI from `make deps-bench`).

Used by Tests/EndToEnd/test_margin.py and bench/sections/70_margin.py.
"""
import math
import subprocess

import zxingcpp
from PIL import Image, ImageFilter

from oracle import ZXING_NAMES, _opaque, as_decoded, zxing_reported_formats
from samples import FORMATS

# (format, code as typed, normalized payload): one card per format, and the long and alphanumeric
# linear codes that need a full-width row.
REPRESENTATIVE = FORMATS + [
    ("code128", "MEMBER-AB12", "MEMBER-AB12"),
    ("code39", "ABCDEFGHIJ1234567", "ABCDEFGHIJ1234567"),
]

# The steps of each degradation, mildest first (the first is the untouched image).
LEVELS = {
    "downscale": [1.0, 0.9, 0.8, 0.7, 0.6, 0.5, 0.45, 0.4, 0.35, 0.3, 0.25],
    "blur": [0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0, 5.0, 6.0],
    "tilt": [0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60],
}
UNITS = {"downscale": "x", "blur": " px", "tilt": " deg"}

# wallet format -> zint CLI symbology name
ZINT_NAMES = {
    "qr": "QRCODE", "aztec": "AZTEC", "pdf417": "PDF417", "data-matrix": "DATAMATRIX",
    "code128": "CODE128", "code39": "CODE39", "code93": "CODE93", "codabar": "CODABAR",
    "ean13": "EANX_CHK", "ean8": "EANX_CHK", "upc-a": "UPCA_CHK", "upc-e": "UPCE_CHK", "itf": "C25INTER",
}


def _solve(matrix, vector):
    """Gaussian elimination for the 8x8 perspective system (no numpy needed)."""
    n = len(vector)
    rows = [list(map(float, matrix[i])) + [float(vector[i])] for i in range(n)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(n):
            if r != col and rows[r][col]:
                factor = rows[r][col] / rows[col][col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col])]
    return [rows[i][n] / rows[i][i] for i in range(n)]


def _perspective_coefficients(source, target):
    """PIL's PERSPECTIVE coefficients mapping output points `target` to input points `source`."""
    matrix, vector = [], []
    for (x, y), (u, v) in zip(target, source):
        matrix.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        matrix.append([0, 0, 0, x, y, 1, -v * x, -v * y])
        vector += [u, v]
    return _solve(matrix, vector)


def tilt(image, degrees):
    """The image as a camera sees it turned `degrees` about its vertical centre line (pinhole
    camera at twice the image's width)."""
    if degrees == 0:
        return image
    width, height = image.size
    distance = 2.0 * width
    angle = math.radians(degrees)
    corners = [(0, 0), (width, 0), (width, height), (0, height)]
    projected = []
    for x, y in corners:
        dx, dy = x - width / 2, y - height / 2
        depth = distance + dx * math.sin(angle)
        scale = distance / depth
        projected.append((width / 2 + dx * math.cos(angle) * scale, height / 2 + dy * scale))
    coefficients = _perspective_coefficients(corners, projected)
    return image.transform(image.size, Image.PERSPECTIVE, coefficients, Image.BILINEAR, fillcolor="white")


def degrade(image, kind, level):
    """`image` (RGB or L) degraded by one step of `kind`."""
    if kind == "downscale":
        if level == 1.0:
            return image
        size = (max(1, round(image.width * level)), max(1, round(image.height * level)))
        return image.resize(size, Image.BILINEAR, reducing_gap=None)
    if kind == "blur":
        return image.filter(ImageFilter.GaussianBlur(level)) if level else image
    if kind == "tilt":
        return tilt(image, level)
    raise ValueError(kind)


def decodes(image, fmt, payload):
    """True when zxing-cpp reads exactly `payload` (normalized) as `fmt` from `image`."""
    expected = as_decoded(fmt, payload)
    results = zxingcpp.read_barcodes(image, formats=zxingcpp.barcode_format_from_str(ZXING_NAMES[fmt]))
    if fmt == "upc-a":
        results += zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.EAN13)
    return any(r.text == expected and r.format.name in zxing_reported_formats(fmt) for r in results)


# White pixels added at the left and top before degrading: each shifts where the module edges fall
# on the degraded pixel grid. A camera takes frame after frame at varying phase, and a scanner
# beeps at the first that reads, so a step counts as read when any phase reads; a single phase
# makes the margin jump a step or two on aliasing luck.
PHASES = [0, 1, 2]


def _shifted(image, pixels):
    if not pixels:
        return image
    shifted = Image.new(image.mode, (image.width + pixels, image.height + pixels), "white")
    shifted.paste(image, (pixels, pixels))
    return shifted


def decodes_degraded(image, fmt, payload, kind, level):
    """True when `image` degraded by `level` of `kind` decodes at any of the PHASES."""
    return any(decodes(degrade(_shifted(image, phase), kind, level), fmt, payload) for phase in PHASES)


def strongest(image, fmt, payload, kind):
    """Index into LEVELS[kind] of the strongest step that still decodes, every milder one
    decoding too; -1 when even the untouched image does not."""
    best = -1
    for index, level in enumerate(LEVELS[kind]):
        if not decodes_degraded(image, fmt, payload, kind, level):
            break
        best = index
    return best


def margins(image, fmt, payload):
    """{kind: strongest level index} for every degradation."""
    image = _opaque(image).convert("RGB")
    return {kind: strongest(image, fmt, payload, kind) for kind in LEVELS}


def describe(kind, index):
    """A level index as its value with unit ('none' below the first)."""
    return "none" if index < 0 else f"{LEVELS[kind][index]}{UNITS[kind]}"


def module_size(image):
    """Pixels per module of the barcode in `image`: the narrowest black run on the rows through
    its middle third (every format has 1-module bars or modules there). Modules are pure black;
    text beside a code (#1C1C1E, antialiased) is not counted."""
    gray = _opaque(image).convert("L")
    width, height = gray.size
    pixels = gray.load()
    narrowest = None
    for y in range(height // 3, 2 * height // 3, max(1, height // 30)):
        run = 0
        for x in range(width):
            if pixels[x, y] < 10:
                run += 1
            elif run:
                narrowest = run if narrowest is None else min(narrowest, run)
                run = 0
    return narrowest


def tile_image(path, link, scale):
    """The tile of `link` (`widget links --json` rectangle, points) in the snapshot at `path` drawn
    at `scale`, as RGBA; the whole snapshot when `link` is None (a small widget is one tile)."""
    with Image.open(path) as image:
        image = image.convert("RGBA")
    if link is None:
        return image
    box = [round(link[k] * scale) for k in ("x", "y")]
    return image.crop(box + [box[0] + round(link["width"] * scale), box[1] + round(link["height"] * scale)])


def plate_image(tile):
    """The white plate of the barcode in `tile` (symbol, quiet zones and printed number): the
    largest rectangle of neutral (gray-level) pixels grown from the middle of the symbol zxing-cpp
    finds; None when it finds none. Separates the drawing from the tile around it."""
    image = _opaque(tile).convert("RGB")
    found = zxingcpp.read_barcodes(image)
    if not found:
        return None
    position = found[0].position
    points = [position.top_left, position.top_right, position.bottom_right, position.bottom_left]
    left = right = round(sum(p.x for p in points) / 4)
    top = bottom = round(sum(p.y for p in points) / 4)
    pixels = image.load()

    def neutral(x, y):
        r, g, b = pixels[x, y]
        return abs(r - g) <= 2 and abs(g - b) <= 2

    grown = True
    while grown:
        grown = False
        if left > 0 and all(neutral(left - 1, y) for y in range(top, bottom + 1)):
            left, grown = left - 1, True
        if right < image.width - 1 and all(neutral(right + 1, y) for y in range(top, bottom + 1)):
            right, grown = right + 1, True
        if top > 0 and all(neutral(x, top - 1) for x in range(left, right + 1)):
            top, grown = top - 1, True
        if bottom < image.height - 1 and all(neutral(x, bottom + 1) for x in range(left, right + 1)):
            bottom, grown = bottom + 1, True
    return image.crop((left, top, right + 1, bottom + 1))


def zint_image(fmt, payload, module, path):
    """zint's drawing of `payload` at `module` px per module, standard quiet zones, no text."""
    args = ["zint", "-b", ZINT_NAMES[fmt], f"--scale={module / 2}", "--quietzones", "--notext",
            "-o", str(path), "-d", payload]
    if fmt == "data-matrix":
        args.append("--square")
    subprocess.run(args, check=True, capture_output=True)
    with Image.open(path) as image:
        return image.convert("RGB")
