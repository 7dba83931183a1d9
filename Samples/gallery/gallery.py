#!/usr/bin/env python3
"""make gallery: renders every widget family in every appearance and rendering mode for a fixed
sample wallet (gallery-wallet.tsv, with logos drawn here and long, Cyrillic, CJK and Arabic names)
and lays the snapshots out on one contact sheet.

Writes OUT/gallery/*.png (every snapshot), OUT/gallery/contact-sheet.png (full size) and, with
--readme, docs/gallery.png (a small version for the README). Needs the wallet binary in
$WALLET_BIN and Pillow (make deps-test installs it into .venv)."""
import argparse
import datetime
import os
import pathlib
import subprocess
import tempfile

from PIL import Image, ImageDraw, ImageFont

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent
WALLET = os.environ.get("WALLET_BIN", str(ROOT / ".build/debug/wallet"))
FONT = "/usr/share/fonts/opentype/inter/Inter-SemiBold.otf"
# (label, family, cards or mode): the widgets the sheet shows, one row each.
WIDGETS = [
    ("small", "small", ["Coffee Corner"]),
    ("small, linear code", "small", ["Green Grocer"]),
    ("small, favorites (steps)", "small", "favorites"),
    ("medium", "medium", ["Coffee Corner", "Green Grocer", "Пятёрочка Выручай-карта", "Fit Club ☕"]),
    ("medium, two cards", "medium", ["Starbucks Rewards Gold Member", "Book Nook"]),
    ("large", "large", ["ファミリーマート Tポイント", "كارفور", "Fit Club ☕", "Cinema Paradiso",
                        "Pet Pals", "Book Nook", "Museum Friends", "Gift Card"]),
    ("large, two cards", "large", ["Starbucks Rewards Gold Member", "Green Grocer"]),
    ("lock screen, rectangular", "accessory-rectangular", ["Coffee Corner"]),
    ("lock screen, circular", "accessory-circular", ["Fit Club ☕"]),
    ("lock screen, inline", "accessory-inline", ["Starbucks Rewards Gold Member"]),
]
MODES = [("light", ["--appearance", "light", "--rendering", "full-color"]),
         ("dark", ["--appearance", "dark", "--rendering", "full-color"]),
         ("accented", ["--rendering", "accented"]),
         ("vibrant", ["--rendering", "vibrant"]),
         ("placeholder", ["--placeholder"])]


def wallet(home, *args):
    return subprocess.run([WALLET, *args], check=True, capture_output=True, text=True,
                          env=dict(os.environ, WALLET_HOME=home)).stdout.strip()


LOGOS = {"Coffee Corner": ("COFFEE CORNER", (255, 255, 255)), "Museum Friends": ("MUSEUM", (255, 214, 102)),
         "Green Grocer": ("green grocer", (255, 255, 255))}


def draw_logo(text, color, path):
    """A wordmark logo as passes carry them: a round mark and the name in the brand's color on
    transparency (the wallet scales it into 480 x 150 px, 160 x 50 pt at 3x)."""
    logo = Image.new("RGBA", (960, 150), (0, 0, 0, 0))
    draw = ImageDraw.Draw(logo)
    draw.ellipse((8, 25, 108, 125), outline=color + (255,), width=12)
    draw.ellipse((44, 61, 72, 89), fill=color + (255,))
    font = ImageFont.truetype(FONT.replace("SemiBold", "Bold"), 56) if os.path.exists(FONT) else ImageFont.load_default()
    draw.text((126, 40), text, fill=color + (255,), font=font)
    logo = logo.crop(logo.getbbox())
    logo.save(path)


def load_wallet(home):
    today = datetime.date.today()
    for line in (HERE / "gallery-wallet.tsv").read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        store, code, fmt, color, favorite, balance, currency, expiry = line.split("\t")
        args = ["card", "add", "--store", store, "--code", code]
        args += [] if fmt == "-" else ["--format", fmt]
        args += [] if color == "-" else ["--color", color]
        args += ["--favorite"] if favorite == "yes" else []
        args += [] if balance == "-" else ["--balance", balance]
        args += [] if currency == "-" else ["--currency", currency]
        args += [] if expiry == "-" else ["--expiry", (today + datetime.timedelta(days=int(expiry))).isoformat()]
        if store in LOGOS:
            path = pathlib.Path(home) / f"logo-{len(args)}-{store[:3]}.png"
            draw_logo(*LOGOS[store], path)
            args += ["--logo", str(path)]
        wallet(home, *args)


def render_all(home, out):
    """Every widget in every mode that applies to it; returns rows of (label, [(mode, path)])."""
    rows = []
    for label, family, cards in WIDGETS:
        accessory = family.startswith("accessory")
        args = ["widget", "add", "--family", family]
        args += ["--mode", cards] if isinstance(cards, str) else ["--cards", ",".join(cards)]
        widget = wallet(home, *args)
        shots = []
        for mode, options in MODES:
            if mode == "vibrant" and not accessory:
                continue
            path = out / f"{widget[:8]}-{family}-{mode}.png"
            wallet(home, "widget", "render", widget, "--scale", "2", "--output", str(path), "--no-cache", *options)
            shots.append((mode, path))
        rows.append((label, shots))
    return rows


def render_empty(home, out):
    """The empty state of a favorites widget in a wallet with no favorite, in every mode."""
    wallet(home, "card", "add", "--store", "Unstarred", "--code", "U-1", "--format", "qr")
    rows = []
    for family in ["small", "medium", "accessory-rectangular"]:
        widget = wallet(home, "widget", "add", "--family", family, "--mode", "favorites")
        shots = []
        for mode, options in MODES[:3]:
            path = out / f"empty-{family}-{mode}.png"
            wallet(home, "widget", "render", widget, "--scale", "2", "--output", str(path), "--no-cache", *options)
            shots.append((mode, path))
        rows.append((f"{family}, favorites, none starred", shots))
    return rows


def contact_sheet(rows, path):
    """One row per widget, one column per mode, on a neutral backdrop; transparent snapshots
    (lock screen) sit on a wallpaper-like gradient so their translucency shows."""
    font = ImageFont.truetype(FONT, 22) if os.path.exists(FONT) else ImageFont.load_default()
    gap, label_height = 28, 40
    columns = max(len(shots) for _, shots in rows)
    images = [[Image.open(p).convert("RGBA") for _, p in shots] for _, shots in rows]
    column_width = max(im.width for row in images for im in row)
    heights = [max(im.height for im in row) for row in images]
    sheet = Image.new("RGB", (gap + columns * (column_width + gap), sum(h + label_height + gap for h in heights) + gap),
                      (236, 236, 240))
    draw = ImageDraw.Draw(sheet)
    y = gap
    for (label, shots), row, height in zip(rows, images, heights):
        draw.text((gap, y), label, fill=(28, 28, 30), font=font)
        y += label_height
        for index, ((mode, _), image) in enumerate(zip(shots, row)):
            x = gap + index * (column_width + gap)
            if label.startswith("lock screen"):
                ramp = Image.linear_gradient("L").resize(image.size)
                wallpaper = Image.merge("RGB", [ramp.point(lambda v: 40 + v // 2)] * 2 + [ramp.point(lambda v: 90 + v // 2)])
                wallpaper.paste(image, (0, 0), image)
                image = wallpaper
            sheet.paste(image, (x, y), image if image.mode == "RGBA" else None)
            draw.text((x, y + height + 4), mode, fill=(99, 99, 102), font=font)
        y += height + gap
    sheet.save(path, optimize=True)
    return sheet


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "out"))
    parser.add_argument("--readme", action="store_true", help="also write docs/gallery.png")
    options = parser.parse_args()
    out = pathlib.Path(options.out) / "gallery"
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as home:
        load_wallet(home)
        rows = render_all(home, out)
    with tempfile.TemporaryDirectory() as home:
        rows += render_empty(home, out)
    sheet = contact_sheet(rows, out / "contact-sheet.png")
    print(out / "contact-sheet.png")
    if options.readme:
        small = sheet.resize((sheet.width * 2 // 5, sheet.height * 2 // 5), Image.LANCZOS)
        small.convert("P", palette=Image.ADAPTIVE, colors=255).save(ROOT / "docs/gallery.png", optimize=True)
        print(ROOT / "docs/gallery.png")


if __name__ == "__main__":
    main()
