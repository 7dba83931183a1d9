"""Photos as people take them, built from codes the wallet draws: every format under each of the
EFFECTS (perspective, rotation, blur, noise and JPEG, glare, low contrast, inversion, a code
beside other codes). Used by Tests/EndToEnd/test_scan_photos.py (found, never a wrong text) and
bench/sections/80_scan.py (hit rate per format for the wallet, zbar and zxing-cpp alone).
Deterministic: each image's randomness is seeded from its name."""
import random
import zlib

from PIL import Image, ImageDraw, ImageFilter, ImageOps

# (format, code given to the wallet, text a reader must give back): the 13 formats.
CODES = [
    ("qr", "https://example.com/m/7781", "https://example.com/m/7781"),
    ("aztec", "AZ-TICKET-4410", "AZ-TICKET-4410"),
    ("pdf417", "PDF417 BOARDING 0042", "PDF417 BOARDING 0042"),
    ("data-matrix", "DM-55012-X", "DM-55012-X"),
    ("code128", "C128-7731-AB", "C128-7731-AB"),
    ("code39", "CARD-3907", "CARD-3907"),
    ("code93", "C93-4451", "C93-4451"),
    ("codabar", "A40156B", "A40156B"),
    ("ean13", "590123412345", "5901234123457"),
    ("ean8", "9638507", "96385074"),
    ("upc-a", "03600029145", "036000291452"),
    ("upc-e", "0123456", "01234565"),
    ("itf", "00123456", "00123456"),
]

EFFECTS = ["perspective", "rotated", "blur", "noise", "glare", "low-contrast", "inverted", "beside-others"]

# Module sizes that put each code at roughly the size a phone photo of a card gives it.
MODULE = {"qr": 6, "aztec": 6, "pdf417": 3, "data-matrix": 7}


def _rng(name):
    return random.Random(zlib.crc32(name.encode()))


def _background(size, rng):
    """A desk or table: a soft gradient with grain, never flat white."""
    width, height = size
    base = rng.randint(120, 175)
    image = Image.linear_gradient("L").rotate(rng.choice([0, 90, 180, 270])).resize(size)
    image = image.point(lambda v: base + v // 5)
    grain = Image.effect_noise(size, 12)
    return Image.blend(image, grain, 0.15).convert("RGB")


def _on_card(code, rng, margin=40):
    """The code on an off-white card with a margin, as printed or shown on a phone."""
    tone = rng.randint(228, 245)
    card = Image.new("RGB", (code.width + 2 * margin, code.height + 2 * margin), (tone, tone, tone - 6))
    card.paste(code, (margin, margin))
    return card


def _place(card, rng, size=None):
    """The card on a background with room around it."""
    size = size or (card.width + rng.randint(120, 220), card.height + rng.randint(120, 220))
    picture = _background(size, rng)
    picture.paste(card, ((size[0] - card.width) // 2, (size[1] - card.height) // 2))
    return picture


def _perspective(image, rng):
    """The picture taken at an angle: one side farther away than the other."""
    width, height = image.size
    squeeze = rng.uniform(0.06, 0.10) * height
    source = [(0, 0), (width, squeeze), (width, height - squeeze), (0, height)]
    target = [(0, 0), (width, 0), (width, height), (0, height)]
    matrix = []
    for (x, y), (u, v) in zip(target, source):
        matrix.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        matrix.append([0, 0, 0, x, y, 1, -v * x, -v * y])
    coefficients = _solve(matrix, [c for point in source for c in point])
    return image.transform(image.size, Image.Transform.PERSPECTIVE, coefficients, Image.Resampling.BICUBIC,
                           fillcolor=(140, 140, 140))


def _solve(matrix, values):
    """Gaussian elimination for the 8x8 perspective system."""
    rows = [row[:] + [value] for row, value in zip(matrix, values)]
    size = len(rows)
    for column in range(size):
        pivot = max(range(column, size), key=lambda r: abs(rows[r][column]))
        rows[column], rows[pivot] = rows[pivot], rows[column]
        for row in range(size):
            if row != column:
                factor = rows[row][column] / rows[column][column]
                rows[row] = [a - factor * b for a, b in zip(rows[row], rows[column])]
    return [rows[i][size] / rows[i][i] for i in range(size)]


def _glare(image, rng):
    """A lamp's reflection: a bright soft ellipse over a corner of the code."""
    width, height = image.size
    light = Image.new("L", image.size, 0)
    cx, cy = rng.uniform(0.25, 0.4) * width, rng.uniform(0.25, 0.4) * height
    ImageDraw.Draw(light).ellipse((cx - width * 0.12, cy - height * 0.1, cx + width * 0.12, cy + height * 0.1), fill=150)
    light = light.filter(ImageFilter.GaussianBlur(min(width, height) * 0.05))
    return Image.composite(Image.new("RGB", image.size, (255, 255, 250)), image, light)


def photo(effect, code, others, rng):
    """`code` (an RGB image of a drawn barcode) photographed with `effect`; `others` are codes
    placed beside it for `beside-others`."""
    if effect == "beside-others":
        row = [code, *others]
        width = sum(image.width for image in row) + 80 * (len(row) + 1)
        canvas = Image.new("RGB", (width, max(image.height for image in row) + 160), (238, 236, 230))
        x = 80
        for image in row:
            canvas.paste(image, (x, 80))
            x += image.width + 80
        return _place(canvas, rng).filter(ImageFilter.GaussianBlur(0.6))
    if effect == "inverted":
        return _place(ImageOps.invert(_on_card(code, rng)), rng)
    if effect == "low-contrast":
        return _place(_on_card(code, rng).point(lambda v: 95 + v * 70 // 255), rng)
    picture = _place(_on_card(code, rng), rng)
    if effect == "perspective":
        return _perspective(picture, rng).filter(ImageFilter.GaussianBlur(0.7))
    if effect == "rotated":
        return picture.rotate(rng.uniform(12, 30), resample=Image.Resampling.BICUBIC, expand=True,
                              fillcolor=(150, 150, 150))
    if effect == "blur":
        return picture.filter(ImageFilter.GaussianBlur(1.4))
    if effect == "noise":
        noise = Image.effect_noise(picture.size, 40).convert("RGB")
        return Image.blend(picture, noise, 0.22)
    if effect == "glare":
        return _glare(picture, rng).filter(ImageFilter.GaussianBlur(0.5))
    raise ValueError(effect)


def build(render, directory, plan=None):
    """The photos of the set as (format, effect, path, {(format, text) in the picture}): every
    format under every effect, or under the effects `plan` maps each format to;
    `render(fmt, code, module, path)` draws a code as a PNG (the wallet's `barcode` command).
    Noise photos are saved as JPEG at quality 70, the rest as PNG."""
    directory.mkdir(parents=True, exist_ok=True)
    drawn = {}
    for fmt, code, text in CODES:
        path = directory / f"code-{fmt}.png"
        render(fmt, code, MODULE.get(fmt, 3), path)
        with Image.open(path) as image:
            drawn[fmt] = image.convert("RGB")
    texts = {fmt: text for fmt, _, text in CODES}
    photos = []
    for index, (fmt, _, text) in enumerate(CODES):
        for effect in EFFECTS if plan is None else plan.get(fmt, []):
            name = f"{fmt}-{effect}"
            rng = _rng(name)
            others = [CODES[(index + step) % len(CODES)][0] for step in (4, 9)] if effect == "beside-others" else []
            picture = photo(effect, drawn[fmt], [drawn[other] for other in others], rng)
            path = directory / (name + (".jpg" if effect == "noise" else ".png"))
            picture.save(path, **({"quality": 70} if effect == "noise" else {"compress_level": 1}))
            photos.append((fmt, effect, path, {(other, texts[other]) for other in [fmt, *others]}))
    return photos
