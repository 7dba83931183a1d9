#!/usr/bin/env python3
"""Hits and wrong readings of `wallet card scan` against zxing-cpp alone on a public corpus of
real barcode photos and scans: zxing-cpp's own test samples (test/samples/<format>-N/, each image
with the expected text in a .txt beside it), read from a git snapshot of the zxing-cpp
repository and unpacked into a scratch directory outside this repository (issue 33).

    WALLET_BIN=.build/debug/wallet .venv/bin/python bench/scan_corpus.py GIT_DIR [DIR...]

GIT_DIR is the repository's git directory (e.g. the `fetch` tool's copy of
github:zxing-cpp/zxing-cpp); DIR... are sample directories (default: every one of a format the
wallet stores, and the two sets of pictures without a code). Prints a Markdown table per format:
images, zxing-cpp's hits and wrong readings (its Python binding, 3.1.1, plain text, every format
the wallet asks for), the wallet's hits, the wrong readings it would store without a question
(storable and not unconfirmed), and wrong readings it lists as unconfirmed or disputed.
A hit is an image whose expected text is among the readings; a wrong reading is a reading whose
text is not the image's (EAN/UPC compared as 13 digits)."""
import json
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import zxingcpp
from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Tests" / "EndToEnd"))
from oracle import expand_upce  # noqa: E402

WALLET = os.environ.get("WALLET_BIN", str(Path(__file__).resolve().parents[1] / ".build/debug/wallet"))
DEFAULT_PREFIXES = ("aztec-", "codabar-", "code128-", "code39-", "code93-", "datamatrix-", "ean13-", "ean8-", "itf-",
                    "pdf417-", "qrcode-", "upca-", "upce-", "falsepositives-")
SKIP = ("-extension-",)  # EAN add-ons: the wallet does not ask for them
FORMATS = zxingcpp.BarcodeFormat
ZXING_FORMATS = [FORMATS.QRCode, FORMATS.Aztec, FORMATS.DataMatrix, FORMATS.PDF417, FORMATS.Code128, FORMATS.Code39,
                 FORMATS.Code93, FORMATS.Codabar, FORMATS.EAN13, FORMATS.EAN8, FORMATS.UPCA, FORMATS.UPCE, FORMATS.ITF]
CONTROL_NAMES = ["NUL", "SOH", "STX", "ETX", "EOT", "ENQ", "ACK", "BEL", "BS", "HT", "LF", "VT", "FF", "CR", "SO", "SI",
                 "DLE", "DC1", "DC2", "DC3", "DC4", "NAK", "SYN", "ETB", "CAN", "EM", "SUB", "ESC", "FS", "GS", "RS", "US"]


def canonical(text):
    """EAN/UPC numbers as 13 digits, control characters as zxing-cpp's escaped text writes them,
    CR LF as LF (the samples' .txt files are checked out with LF line ends)."""
    text = text.replace("\r\n", "\n")
    if text.isdigit() and len(text) == 12:
        return "0" + text
    return "".join(f"<{CONTROL_NAMES[ord(c)]}>" if ord(c) < 32 else ("<DEL>" if ord(c) == 127 else c) for c in text)


def expected_texts(directory, stem):
    path = directory / f"{stem}.txt"
    if not path.exists():
        return set()
    text = path.read_text(encoding="utf-8", errors="replace")  # the payload exactly: a last line break is its own
    texts = {canonical(text)}
    if directory.name.startswith("upce-") and text.isdigit() and len(text) == 8:
        texts.add(canonical(expand_upce(text)))
    return texts


def reading_text(fmt, text):
    if fmt == "upc-e" and text.isdigit() and len(text) == 8:
        return {canonical(text), canonical(expand_upce(text))}
    return {canonical(text)}


def zxing_alone(png):
    with Image.open(png) as image:
        results = zxingcpp.read_barcodes(image.convert("L"), formats=ZXING_FORMATS, text_mode=zxingcpp.TextMode.Plain)
    return [reading_text("", r.text) for r in results]


def wallet_scan(png):
    """The wallet's readings: texts, stored without a question (storable and not unconfirmed), flagged
    (unconfirmed or disputed)."""
    run = subprocess.run([WALLET, "card", "scan", str(png), "--json"], capture_output=True, text=True, timeout=120)
    if run.returncode != 0:
        return []
    return [(reading_text(f["format"], f["text"]), f["storable"] and not f["unconfirmed"], f["unconfirmed"] or f["disputed"])
            for f in json.loads(run.stdout)]


def unpack(git_dir, prefixes, scratch):
    """The chosen sample directories' files, written under `scratch` (a file the snapshot lacks
    is left out)."""
    listing = subprocess.run(["git", "--git-dir", git_dir, "ls-tree", "-r", "--name-only", "HEAD", "test/samples"],
                             capture_output=True, check=True, text=True).stdout.split()
    for name in listing:
        folder = Path(name).parent.name
        if not any(folder.startswith(p) for p in prefixes) or any(s in folder for s in SKIP):
            continue
        blob = subprocess.run(["git", "--git-dir", git_dir, "show", f"HEAD:{name}"], capture_output=True)
        if blob.returncode == 0:
            (scratch / name).parent.mkdir(parents=True, exist_ok=True)
            (scratch / name).write_bytes(blob.stdout)
    images = []
    for path in sorted((scratch / "test" / "samples").glob("*/*")):
        if path.suffix.lower() not in (".png", ".jpg", ".jpeg", ".webp", ".gif"):
            continue
        png = path.with_suffix(".scan.png")
        with Image.open(path) as image:
            image.convert("RGB").save(png)
        images.append((path.parent, path.stem, png))
    return images


def measure(entry):
    directory, stem, png = entry
    truth = expected_texts(directory, stem)
    if not truth and not directory.name.startswith("falsepositives-"):
        return None  # no expected text (a structured-append part): nothing to count against
    zxing = zxing_alone(png)
    wallet = wallet_scan(png)
    if os.environ.get("SCAN_CORPUS_DETAILS"):
        for texts, storable, flagged in wallet:
            if not texts & truth:
                print(f"{directory.name}/{stem}: expected {sorted(truth)} read {sorted(texts)} storable={storable} "
                      f"flagged={flagged} zxing={[sorted(t) for t in zxing]}", file=sys.stderr)
    return {
        "set": directory.name.rsplit("-", 1)[0],
        "zxing_hit": any(texts & truth for texts in zxing),
        "zxing_wrong": sum(1 for texts in zxing if not texts & truth),
        "wallet_hit": any(texts & truth for texts, _, _ in wallet),
        "wallet_wrong_storable": sum(1 for texts, storable, _ in wallet if storable and not texts & truth),
        "wallet_wrong_flagged": sum(1 for texts, storable, flagged in wallet if flagged and not texts & truth),
    }


def main():
    git_dir, names = sys.argv[1], sys.argv[2:]
    prefixes = tuple(f"{name}" for name in names) or DEFAULT_PREFIXES
    with tempfile.TemporaryDirectory(prefix="scan-corpus-") as scratch:
        images = unpack(git_dir, prefixes, Path(scratch))
        with ThreadPoolExecutor(max_workers=2) as pool:
            rows = [row for row in pool.map(measure, images) if row]
    sets = sorted({row["set"] for row in rows})
    print("| set | images | zxing-cpp hits | zxing-cpp wrong | wallet hits | wallet wrong, storable | wallet wrong, flagged |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    totals = [0] * 6
    for name in sets + ["all"]:
        chosen = rows if name == "all" else [row for row in rows if row["set"] == name]
        figures = [len(chosen), sum(r["zxing_hit"] for r in chosen), sum(r["zxing_wrong"] for r in chosen),
                   sum(r["wallet_hit"] for r in chosen), sum(r["wallet_wrong_storable"] for r in chosen),
                   sum(r["wallet_wrong_flagged"] for r in chosen)]
        label = f"**{name}**" if name == "all" else name
        print(f"| {label} | " + " | ".join(map(str, figures)) + " |")
        totals = figures
    return 0 if totals[3] >= totals[1] and totals[4] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
