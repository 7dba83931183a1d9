"""What a real desktop shows, read back: screenshots decoded by zxing-cpp with a deadline, and where
the widget's image sits on the screen."""
import time

import zxingcpp


def decode_until(grab, wanted, deadline):
    """Grabs the screen (`grab()` returns a PIL image) until zxing-cpp reads every text in `wanted`
    (a set); returns (the texts read, seconds it took). Fails at the deadline with what it read."""
    start = time.monotonic()
    texts = set()
    while time.monotonic() - start < deadline:
        texts = {symbol.text for symbol in zxingcpp.read_barcodes(grab())}
        if wanted <= texts:
            return texts, time.monotonic() - start
        time.sleep(0.05)
    raise AssertionError(f"screen shows {sorted(texts)} after {deadline} s, not all of {sorted(wanted)}")


def content_box(image, background=(0, 0, 0)):
    """The bounding box (left, top, right, bottom) of everything not `background` on a screenshot:
    on an empty screen, the widget's image (its rounded corners still span the box)."""
    from PIL import ImageChops, Image
    plain = Image.new("RGB", image.size, background)
    box = ImageChops.difference(image.convert("RGB"), plain).getbbox()
    assert box, "nothing on the screen"
    return box
