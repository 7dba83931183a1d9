"""The app's AppStream metainfo as installed: dist/app.wallet.Wallet.metainfo.xml with a
<screenshots> element made from the screenshots the tests took (dist/screenshots/, listed in
order with their captions in screenshots.json, the default first; `make screenshots` takes them).

    metainfo.py [--url BASE] [--screenshots DIR] [--output FILE]

Each <image> is BASE + the file's name, with the PNG's own width and height. AppStream accepts
only http(s) addresses there (`appstreamcli validate --no-net` refuses a file path), so BASE is
where a release serves the PNGs (the Makefile's APPSTREAM_SCREENSHOT_URL). Without BASE the
metainfo is written as it is, with no <screenshots>. A problem is one line on stderr, exit 1,
and nothing written.
"""
import argparse
import json
import os
import struct
import sys
import tempfile
from xml.sax.saxutils import escape

HERE = os.path.dirname(os.path.abspath(__file__))
TEMPLATE = os.path.join(HERE, "app.wallet.Wallet.metainfo.xml")
SCREENSHOTS = os.path.join(HERE, "screenshots")
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


class MetainfoError(Exception):
    """A problem a person can fix; printed as one line."""


def png_size(path):
    """(width, height) from the PNG's IHDR chunk."""
    with open(path, "rb") as file:
        head = file.read(24)
    if len(head) < 24 or not head.startswith(PNG_SIGNATURE) or head[12:16] != b"IHDR":
        raise MetainfoError(f"{path} is not a PNG: take the screenshots again with `make screenshots`")
    return struct.unpack(">II", head[16:24])


def screenshots_element(base, folder):
    """The <screenshots> element for the PNGs listed in `folder`/screenshots.json, under `base`."""
    if not base.startswith(("https://", "http://")):
        raise MetainfoError(f"the screenshot URL {base!r} is not an http(s) address: AppStream accepts no other")
    listing = os.path.join(folder, "screenshots.json")
    try:
        with open(listing, encoding="utf-8") as file:
            shots = json.load(file)
    except (OSError, ValueError) as error:
        raise MetainfoError(f"cannot read {listing} ({error}): take the screenshots with `make screenshots`")
    if not shots:
        raise MetainfoError(f"{listing} lists no screenshots: take them with `make screenshots`")
    base = base if base.endswith("/") else base + "/"
    lines = ["  <screenshots>"]
    for index, shot in enumerate(shots):
        name, caption = shot["file"], shot["caption"]
        if os.path.basename(name) != name:
            raise MetainfoError(f"{listing} names {name!r}: a screenshot is a file in {folder}")
        width, height = png_size(os.path.join(folder, name))
        kind = ' type="default"' if index == 0 else ""
        lines += [f"    <screenshot{kind}>",
                  f"      <caption>{escape(caption)}</caption>",
                  f'      <image type="source" width="{width}" height="{height}">{escape(base + name)}</image>',
                  "    </screenshot>"]
    lines.append("  </screenshots>")
    return "\n".join(lines) + "\n"


def metainfo(base, folder=SCREENSHOTS, template=TEMPLATE):
    """The metainfo text: the template, with the screenshots under `base` when it is given."""
    with open(template, encoding="utf-8") as file:
        text = file.read()
    if not base:
        return text
    anchor = "  <content_rating"
    if anchor not in text:
        raise MetainfoError(f"{template} has no <content_rating> to put the screenshots before")
    return text.replace(anchor, screenshots_element(base, folder) + anchor, 1)


def main():
    parser = argparse.ArgumentParser(description="The app's AppStream metainfo with its screenshots.")
    parser.add_argument("--url", default="", help="where the screenshots are served (empty: no <screenshots>)")
    parser.add_argument("--screenshots", default=SCREENSHOTS, help="the folder of the PNGs and screenshots.json")
    parser.add_argument("--output", help="the file to write (default: stdout)")
    options = parser.parse_args()
    try:
        text = metainfo(options.url, options.screenshots)
    except MetainfoError as error:
        print(f"metainfo.py: {error}", file=sys.stderr)
        return 1
    if not options.output:
        sys.stdout.write(text)
        return 0
    folder = os.path.dirname(os.path.abspath(options.output))
    with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=folder, delete=False) as file:
        file.write(text)
    os.chmod(file.name, 0o644)
    os.replace(file.name, options.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
