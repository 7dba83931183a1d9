"""The AppStream screenshots (issue 35), taken by driving the app at 360x720 (app_session.py): the
card list, a card at the till (EAN-13), the add page, and a card at the till in dark style (QR).
Each is grabbed once the screen has stopped changing, checked (360x720; every code on it read
back by zxing-cpp and zbar), compressed by optipng and listed with its caption, the default
first, in screenshots.json. `make screenshots` keeps them in dist/screenshots/ (committed;
WALLET_SCREENSHOT_DIR); otherwise they go to the test's own folder. The committed ones are
checked the same way, and dist/metainfo.py turns them into the metainfo's <screenshots> under a
base URL, which `appstreamcli validate --no-net` accepts (the reserved host screenshots.invalid
stands in for a release's address); without a URL the metainfo has none."""
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
import zxingcpp
from PIL import Image, ImageChops, ImageGrab

from app_session import app_binary, app_session
from oracle import zbar_decode
from test_app_add import event, wallet

REPO = Path(__file__).resolve().parents[2]
COMMITTED = REPO / "dist/screenshots"
SIZE = (360, 720)
CARDS = [
    {"store": "Café Lumière", "code": "4006381333931", "format": "ean13", "favorite": True, "balance": "12.50",
     "currency": "EUR", "groups": ["Food"]},
    {"store": "Cinema Paradiso", "code": "CP-2231-7781", "format": "qr", "groups": ["Fun"], "color": "#6A1B9A"},
    {"store": "Bakery Sonnenschein", "code": "B-1001", "format": "code128", "groups": ["Food"]},
    {"store": "City Library", "code": "LIB-0042", "format": "code128", "expiry": "2030-06-30"},
    {"store": "Garden Centre", "code": "GC-778", "format": "qr", "balance": "240"},
]
# (file, caption, the codes it shows) in the metainfo's order, the default first.
SHOTS = [
    ("cards.png", "Your cards: favorites first, with balance and expiry", []),
    ("card.png", "A card at the till: its barcode as large as fits, the screen kept on", ["4006381333931"]),
    ("add.png", "Add a card by hand, from a photo or PDF, the camera or a Catima export", []),
    ("card-dark.png", "The same in dark style", ["CP-2231-7781"]),
]


def stocked(home):
    document = home.parent / f"{home.name}-cards.json"
    document.write_text(json.dumps({"format": "wallet", "version": 1, "groups": ["Food", "Fun"], "cards": CARDS,
                                    "usage": []}))
    assert wallet(home, "card", "import", document).strip() == f"added {len(CARDS)}, skipped 0"


def no_blinking_cursor(folder):
    """GTK settings with the text cursor not blinking, so a steady screen can be waited for."""
    settings = folder / "gtk-4.0"
    settings.mkdir(parents=True, exist_ok=True)
    (settings / "settings.ini").write_text("[Settings]\ngtk-cursor-blink=false\n")
    return {"XDG_CONFIG_HOME": str(folder)}


def steady(session, seconds=20):
    """The screen once two grabs 300 ms apart are the same (pages have finished sliding in)."""
    deadline = time.monotonic() + seconds
    last = ImageGrab.grab(xdisplay=session.display).convert("RGB")
    while time.monotonic() < deadline:
        time.sleep(0.3)
        now = ImageGrab.grab(xdisplay=session.display).convert("RGB")
        if ImageChops.difference(last, now).getbbox() is None:
            return now
        last = now
    raise AssertionError(f"the screen was still changing after {seconds} s")


def check(path, codes):
    """A screenshot as the metainfo lists it: 360x720, a sane size, every code read by both readers."""
    with Image.open(path) as image:
        assert image.size == SIZE, (path, image.size)
        read = {result.text for result in zxingcpp.read_barcodes(image.convert("RGB"))}
    assert set(codes) <= read, (path, read)
    assert set(codes) <= {symbol.text for symbol in zbar_decode(path)}, path
    assert 5_000 < path.stat().st_size < 400_000, (path, path.stat().st_size)


def keep(image, folder, name, codes):
    path = folder / name
    image.save(path)
    if shutil.which("optipng"):
        subprocess.run(["optipng", "-quiet", "-o2", str(path)], check=True, timeout=120)
    check(path, codes)


def test_screenshots_are_taken_at_360x720_with_their_codes_readable(tmp_path):
    folder = Path(os.environ.get("WALLET_SCREENSHOT_DIR") or tmp_path / "screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    home = tmp_path / "home"
    stocked(home)
    settings = no_blinking_cursor(tmp_path / "config")
    with app_session(home, extra_env=settings) as session:
        session.must("find", name="Garden Centre", role="list item")
        keep(steady(session), folder, "cards.png", [])
        session.must("click", name="Café Lumière", role="list item")
        session.app.wait_for(event("shown", page="card"))
        session.app.wait_for(lambda line: line.get("event") == "barcode" and line["moduleSize"] > 0)
        keep(steady(session), folder, "card.png", ["4006381333931"])
        session.must("click", name="Back")
        session.app.wait_for(event("shown", page="cards"))
        session.must("click", name="Add card")
        session.app.wait_for(event("shown", page="add"))
        session.must("find", name="Import a file")
        keep(steady(session), folder, "add.png", [])
    with app_session(home, dark=True, extra_env=settings) as session:
        session.must("click", name="Cinema Paradiso", role="list item")
        session.app.wait_for(event("shown", page="card"))
        session.app.wait_for(lambda line: line.get("event") == "barcode" and line["moduleSize"] > 0)
        keep(steady(session), folder, "card-dark.png", ["CP-2231-7781"])
    listing = [{"file": name, "caption": caption, "codes": codes} for name, caption, codes in SHOTS]
    (folder / "screenshots.json").write_text(json.dumps(listing, indent=2, ensure_ascii=False) + "\n")


def test_the_committed_screenshots_are_the_listed_ones_and_read():
    listing = json.loads((COMMITTED / "screenshots.json").read_text())
    assert [shot["file"] for shot in listing] == [name for name, _, _ in SHOTS]
    assert sorted(path.name for path in COMMITTED.glob("*.png")) == sorted(name for name, _, _ in SHOTS)
    for shot in listing:
        check(COMMITTED / shot["file"], shot["codes"])


def metainfo(*arguments):
    return subprocess.run([sys.executable, str(REPO / "dist/metainfo.py"), *arguments], capture_output=True,
                          text=True, timeout=60)


def test_the_metainfo_lists_the_screenshots_under_the_release_url_and_validates(tmp_path):
    written = tmp_path / "app.wallet.Wallet.metainfo.xml"
    made = metainfo("--url", "https://screenshots.invalid/wallet/1.0", "--output", str(written))
    assert made.returncode == 0, made.stderr
    text = written.read_text()
    images = [f'<image type="source" width="360" height="720">https://screenshots.invalid/wallet/1.0/{name}</image>'
              for name, _, _ in SHOTS]
    assert all(image in text for image in images), text
    assert text.index("<screenshot type=\"default\">") < text.index(images[0]) < text.index(images[1])
    assert text.count("<screenshot") == len(SHOTS) + 1 and text.count("<caption>") == len(SHOTS)
    validated = subprocess.run(["appstreamcli", "validate", "--no-net", str(written)], capture_output=True,
                               text=True, timeout=60)
    assert validated.returncode == 0, validated.stdout + validated.stderr

    plain = metainfo()
    assert plain.returncode == 0 and "<screenshots>" not in plain.stdout
    assert plain.stdout == (REPO / "dist/app.wallet.Wallet.metainfo.xml").read_text()

    refused = metainfo("--url", str(COMMITTED), "--output", str(tmp_path / "refused.xml"))
    assert refused.returncode == 1 and len(refused.stderr.strip().splitlines()) == 1
    assert "not an http(s) address" in refused.stderr and not (tmp_path / "refused.xml").exists()
