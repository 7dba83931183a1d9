"""A picture of a code that only one barcode reader reads, once: what `card scan` marks
`unconfirmed` and `card add --scan` stores only with `--pick N --confirm` (test_scan_roundtrip.py,
test_app_add.py)."""
from PIL import Image, ImageFilter


def shrink_until_seen_once(base, out):
    """`base` (an EAN-13 the wallet drew at 4 px per module) shrunk to about 1.4 px per module
    (bilinear): one reader reads it, and neither reads it again on the copies scaled to two thirds
    or sharpened (found by trying sizes with the pinned readers; the reading is right, it is just
    seen once). Writes `out` and returns it."""
    with Image.open(base) as image:
        small = image.convert("L").resize((155, 108), Image.BILINEAR).filter(ImageFilter.GaussianBlur(0.034))
    canvas = Image.new("L", (small.width + 60, small.height + 60), 255)
    canvas.paste(small, (30, 30))
    canvas.save(out)
    return out
