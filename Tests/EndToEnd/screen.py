"""What a real desktop shows, read back: screenshots decoded by zxing-cpp with a deadline, and where
the widget's image sits on the screen."""
import time

import zxingcpp


def decode_until(grab, wanted, deadline, zbar_scratch=None):
    """Grabs the screen (`grab()` returns a PIL image) until zxing-cpp reads every text in `wanted`
    (a set); returns (the texts read, seconds it took). With `zbar_scratch` (a PNG path), zbar
    must read them all on that same screenshot too (saved there), so both decoders judge one
    settled picture. Fails at the deadline with what it read."""
    from oracle import zbar_decode

    start = time.monotonic()
    texts, zbar_texts = set(), set()
    while time.monotonic() - start < deadline:
        image = grab()
        texts = {symbol.text for symbol in zxingcpp.read_barcodes(image)}
        if wanted <= texts and zbar_scratch is not None:
            image.save(zbar_scratch)
            zbar_texts = {symbol.text for symbol in zbar_decode(zbar_scratch)}
        if wanted <= texts and (zbar_scratch is None or wanted <= zbar_texts):
            return texts, time.monotonic() - start
        time.sleep(0.05)
    zbar_said = f", zbar {sorted(zbar_texts)}" if zbar_scratch is not None else ""
    raise AssertionError(f"screen shows {sorted(texts)}{zbar_said} after {deadline} s, not all of {sorted(wanted)}")


def content_box(image, background=(0, 0, 0)):
    """The bounding box (left, top, right, bottom) of everything not `background` on a screenshot:
    on an empty screen, the widget's image (its rounded corners still span the box)."""
    from PIL import ImageChops, Image
    plain = Image.new("RGB", image.size, background)
    box = ImageChops.difference(image.convert("RGB"), plain).getbbox()
    assert box, "nothing on the screen"
    return box
