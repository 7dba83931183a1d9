"""Card art: taking an image in (`card add --logo`: header check, decoding in a child process,
scaling, re-encoding) for a typical logo and for the largest images the limits let through, and
`card list --json` over 10,000 cards of which 1,000 have a logo, next to the same wallet without
(lists read no image bytes, so the two should match)."""
import base64
import io
import json
import os
import shutil
import subprocess
import uuid

from PIL import Image, ImageDraw

TITLE = "Card art (images taken in, lists with logos)"
COUNT = 10_000
WITH_LOGO = 1_000


def logo_png():
    """A 480x150 logo as a pass would carry it: a few flat shapes on transparency."""
    image = Image.new("RGBA", (480, 150), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.ellipse((10, 10, 140, 140), fill=(200, 30, 30, 255))
    draw.rectangle((160, 50, 460, 100), fill=(30, 30, 30, 255))
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    return buffer.getvalue()


def largest(path, fmt):
    """An 8000x5000 picture (40 megapixels, the limit) of lines: PNG or JPEG under 16 MiB."""
    image = Image.new("RGB", (8000, 5000), (255, 255, 255))
    draw = ImageDraw.Draw(image)
    for x in range(0, 8000, 40):
        draw.line((x, 0, 8000 - x, 5000), fill=(x % 256, 100, 200), width=3)
    image.save(path, fmt, **({"quality": 90} if fmt == "JPEG" else {}))


def wallet_json(path, logo):
    cards = [{"store": f"Store {index:05d}", "code": f"M-{index:07d}", "format": "code128" if index % 2 else None,
              "id": str(uuid.UUID(int=index + 1)), "createdAt": "2026-11-22T09:30:00Z"} for index in range(COUNT)]
    document = {"format": "wallet", "version": 1, "groups": [], "cards": cards, "usage": []}
    if logo:
        png = base64.b64encode(logo).decode()
        document["art"] = [{"card": card["id"], "foregroundColor": "#FFFFFF", "labelColor": None,
                            "images": [{"role": "logo", "width": 480, "height": 150, "png": png}]}
                           for card in cards[:WITH_LOGO]]
    path.write_text(json.dumps(document))


def run(ctx):
    base = {"WALLET_NOW": "2026-11-22T09:30:00Z", "PATH": "/usr/bin:/bin"}
    rows = []
    logo = ctx.work / "art-logo.png"
    logo.write_bytes(logo_png())
    home = ctx.work / "art-home"

    def fresh():
        shutil.rmtree(home, ignore_errors=True)

    env = dict(base, WALLET_HOME=str(home))
    for name, path in (("480x150 PNG logo", logo), ("40 MP PNG (8000x5000)", ctx.work / "art-40mp.png"),
                       ("40 MP JPEG (8000x5000)", ctx.work / "art-40mp.jpg")):
        if not path.exists():
            largest(path, "PNG" if path.suffix == ".png" else "JPEG")
        command = [ctx.wallet, "card", "add", "--store", "Art", "--code", "1", "--logo", str(path)]
        seconds = ctx.time(command, runs=3, env=env, setup=fresh)
        fresh()
        rss = ctx.peak_rss_kb(command, env=env)
        rows.append((f"card add --logo, {name} ({os.path.getsize(path) / 1e6:.1f} MB)",
                     f"{seconds * 1000:.0f} ms, peak RSS {rss / 1024:.0f} MiB (the larger of wallet and its decoder)"))
    listings = {}
    for label, art in (("no art", None), (f"{WITH_LOGO:,} with a logo", logo_png())):
        source = ctx.work / f"art-{COUNT}.json"
        wallet_json(source, art)
        list_home = ctx.work / f"art-list-{'logo' if art else 'plain'}"
        shutil.rmtree(list_home, ignore_errors=True)
        list_env = dict(base, WALLET_HOME=str(list_home))
        import_seconds = ctx.time([ctx.wallet, "card", "import", str(source)], runs=1, env=list_env)
        listings[label] = ctx.time([ctx.wallet, "card", "list", "--json"], runs=9, env=list_env)
        rows.append((f"card import of {COUNT:,} cards, {label}", f"{import_seconds:.2f} s"))
    for label, seconds in listings.items():
        rows.append((f"card list --json, {COUNT:,} cards, {label}", f"{seconds * 1000:.0f} ms"))
    return rows
