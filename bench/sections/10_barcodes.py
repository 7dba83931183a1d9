"""Barcode batch speed: `wallet barcode --batch` against `zint --batch` and a straight C loop.

2,000 payloads per format at 2 px per module. QR and EAN-13 are the targets (wallet <= 1.0x zint,
<= 1.5x the C reference in bench/reference/barcode_ref.c, which calls libqrencode/libzint and
libpng with the same quiet zones, bar height, 1-bit output and compression settings, but neither
validates nor stages its output). The other formats are compared with zint for information.
zint's PNG `--scale=1` is 2 px per module; every tool writes into a fresh directory per run, on a
tmpfs when there is one (see ctx_work), in rounds that rotate the order of the tools.

Aztec is the format where zint is fastest (0.04 s for 2,000 small symbols), so the wallet's fixed
start-up weighs most there. Per symbol (callgrind, 2,000 Aztec symbols): libzint's encoding is the
same code in both tools; zlib clearing its 64 KB hash table for every PNG was a third of the
wallet's instructions until PNGWriteSession sized the table to the image (memLevel), and the
module copy from libzint went row by row: 570 -> 412 million instructions (zint: 492 million).
Round 3 (500 symbols under callgrind, 132 -> 97 million instructions): libzint's rows were read
through a generic `withUnsafeBytes(of:)` on the imported 200 x 144 tuple, and building that
tuple's type metadata cost 20 million instructions (5 ms) at the first symbol of every process
(now a C accessor in CZint's shim); 1-bit PNGs are written by PNGEncoder's BilevelPNG with one
zlib stream for the whole batch instead of libpng's per-image set-up (112,000 -> 87,000
instructions per PNG, the same bytes). What is left per symbol is shared with zint: libzint's
encoding (89,000 instructions, the same code) and the file's open/write/close on the tmpfs (about
10 us, system time equal in both tools). With no wallet-side cost at all the batch would be
start-up plus those two, about 0.8x zint: the 0.8x goal is out of reach without an Aztec encoder
of our own.
Aztec encoder in Swift (Barcodes/AztecEncoder, issue 26), callgrind on 500 symbols, release:
encoding costs 46,000 instructions per symbol against 53,000 through libzint (ZBarcode_Encode_Segs
45,000, 25,000 of it in libzint's own code, plus the row copy 7,000; the 89,000 above is
callgrind's inclusive figure for ZBarcode_Encode, which counts Segs twice). Batch per symbol
152,000 -> 144,000 instructions, libzint never opened; wall time still ~1.0x zint (hyperfine,
2,000 payloads on /dev/shm): 0.8x needs the PNG's 87,000 cut too, and a leaner mode search.

Round 4 (deflate): BilevelPNG compresses with a fixed-Huffman deflate writer of its own
(PNGEncoder's BilevelDeflate: rows equal to an earlier row, runs, the row above, 3-byte
copies, else literals) instead of zlib, whose deflate built Huffman trees at every image. Per PNG
under callgrind (2,000 symbols, 2 px/module): Aztec 87,000 -> 39,000 instructions (deflate
57,000 -> 21,000), QR 165,000 -> 97,000 (109,000 -> 52,000); whole Aztec batch 325 -> 232 million
instructions. hyperfine on /dev/shm (30 runs): Aztec 53.7 -> 42.7 ms against zint's 54.1 (0.99x ->
0.79x), QR 291 -> 242 ms against 460. The price is file size, fixed codes spending 8-9 bits on a
byte: mean bytes over 200 payloads at 2 / 4 px per module, zlib -> ours: QR 341 -> 485 / 438 ->
577, Aztec 191 -> 241 / 217 -> 283, PDF417 238 -> 276 / 347 -> 407, Data Matrix 196 -> 248 / 222
-> 284, linear codes -5 to +12 % (EAN-13 130 -> 123 / 208 -> 217, Code 128 170 -> 172 / 350 ->
378).

Round 4 (barcodespeed): PNG rows drawn a module at a time into a 64-bit accumulator and stored
as whole bytes (Barcodes' BilevelRowWriter) instead of one bit at a time, and the Aztec mode
search on pointer buffers with the same states and ties (same bits). callgrind, 500 symbols,
release: Aztec rows 13,300 -> 8,600 instructions per PNG (QR 38,000 -> 23,400), the mode search
26,500 -> 18,800, Aztec encoding 45,100 -> 36,600, the PNG 39,600 -> 34,800; whole Aztec symbol
97,400 -> 84,100 (start-up taken out). Wall time on /dev/shm, 2,000 payloads, the tools in
rotated order, 20-30 rounds, medians: Aztec 40.9 -> 38.3 ms against zint's 52.8 (0.78x ->
0.73x), Data Matrix 55.3 -> 53.1 against 106.7 (0.52x -> 0.50x), QR 235 -> 230 against 456
(0.52x -> 0.50x). The PNG files are byte for byte the same.
Dynamic blocks (issue 26, pngsize): BilevelDeflate now tokenizes first (BilevelTokenizer, the same
matches), counts the symbols, fits length-limited Huffman codes to the few dozen that occur
(DynamicHuffmanBlock, HuffmanCodes) and writes whichever of the dynamic or fixed block is smaller.
Mean bytes over 200 payloads at 2 / 4 px per module (bench/barcode_png_sizes.py), fixed -> dynamic
(zlib before round 4): QR 485 -> 339 / 577 -> 419 (341 / 438), Aztec 241 -> 179 / 283 -> 214 (191
/ 217), PDF417 276 -> 216 / 407 -> 311 (238 / 347), Data Matrix 248 -> 184 / 284 -> 214 (196 /
222), EAN-13 123 -> 118 / 217 -> 149, Code 128 172 -> 143 / 378 -> 221: every format at or below
zlib's sizes. The price is time: callgrind, 2,000 Aztec symbols, 210 -> 238 million instructions
(per PNG 39,000 -> 53,000, deflate 21,000 -> 35,000, of which the trees and header 10,600; QR
per PNG 97,000 -> 115,000, deflate 52,000 -> 71,000);
hyperfine on /dev/shm (40 runs x 2, medians): Aztec 38.9 -> 42.6 ms against zint's 51.0 (0.76x ->
0.84x), QR 230 -> 252 ms against 458 (0.50x -> 0.55x). Aztec misses the 0.8x goal by 2 ms: the
next step would reuse one image's codes for the next of a batch when they cover its symbols.
"""
import os
import random
import shutil
import subprocess
from pathlib import Path

TITLE = "Barcodes (2,000 payloads per format, 2 px/module)"

ROOT = Path(__file__).resolve().parents[2]
COUNT = 2000
MODULE_SIZE = 2
PNG_FILTER_NONE = 8  # libpng's PNG_FILTER_NONE mask, as PNGCompression.fast(for: .gray1) uses
PNG_LEVEL = 2


def payloads(fmt, rng):
    """COUNT deterministic payloads a loyalty wallet would hold, valid for both tools."""
    def number(digits):
        return f"{rng.randrange(10 ** digits):0{digits}d}"
    make = {
        "qr": lambda: f"https://wallet.example/card/{number(9)}?member={rng.choice(['gold', 'silver', 'basic'])}",
        "aztec": lambda: f"MEMBER-{number(8)} Gold Tier",
        "pdf417": lambda: f"MEMBER-{number(8)} Gold Tier",
        "data-matrix": lambda: f"MEMBER-{number(8)} Gold Tier",
        "code128": lambda: f"CARD-{number(10)}",
        "code39": lambda: f"CARD-{number(8)}",
        "code93": lambda: f"Card {number(8)}",
        "codabar": lambda: f"A{number(10)}B",
        "ean13": lambda: number(12),
        "ean8": lambda: number(7),
        "upc-a": lambda: number(11),
        # number system 0, last digit 0-2: zero suppression without further rules
        "upc-e": lambda: "0" + number(5) + str(rng.randrange(3)),
        "itf": lambda: number(14),
    }[fmt]
    return [make() for _ in range(COUNT)]


# zint --batch arguments per wallet format: symbology, then options matching the wallet's drawing.
ZINT_ARGS = {
    "qr": ["-b", "58", "--secure=2", "--quietzones"],
    "aztec": ["-b", "92", "--quietzones"],
    "pdf417": ["-b", "55", "--quietzones"],
    "data-matrix": ["-b", "71", "--square", "--quietzones"],
    "code128": ["-b", "20", "--notext", "--quietzones", "--height=50"],
    "code39": ["-b", "8", "--notext", "--quietzones", "--height=50"],
    "code93": ["-b", "25", "--notext", "--quietzones", "--height=50"],
    "codabar": ["-b", "18", "--notext", "--quietzones", "--height=50"],
    "ean13": ["-b", "13", "--notext", "--guarddescent=0", "--height=56"],
    "ean8": ["-b", "13", "--notext", "--guarddescent=0", "--height=40"],
    "upc-a": ["-b", "34", "--notext", "--guarddescent=0", "--height=56"],
    "upc-e": ["-b", "37", "--notext", "--guarddescent=0", "--height=40"],
    "itf": ["-b", "3", "--notext", "--quietzones", "--height=50"],
}
TARGETS = ("qr", "ean13")
ROUNDS = 9  # for the targets (a multiple of the 3 tools); 4 for the others


def interleaved(ctx, commands, rounds):
    """Median seconds per tool over `rounds` rounds that run every tool once in turn, so a change
    in machine load (2 shared cores) hits all tools alike. `commands[tool](directory)` is the
    command writing into `directory`; every run gets a new, empty one and nothing is deleted
    while measuring (ext4 makes file creation slower right after many deletions)."""
    samples = {tool: [] for tool in commands}
    tools = list(commands)
    for number in range(rounds):
        # Rotate who goes first: the first run after the previous format's clean-up is slower.
        for tool in tools[number % len(tools):] + tools[:number % len(tools)]:
            directory = ctx_work(ctx) / f"{tool}-{number}"
            directory.mkdir(parents=True)
            samples[tool].append(ctx.time(commands[tool](directory), runs=1))
    return {tool: sorted(values)[len(values) // 2] for tool, values in samples.items()}


def ctx_work(ctx):
    """Where the PNGs go: a tmpfs when there is one. On the ext4 scratch disk, creating the 2,000
    files is ~70 % of the wall time (kernel inode allocation, per perf) and varies 3x from run to
    run with the other processes' disk traffic, which drowns the tools' own work; one row still
    measures the QR batch on disk."""
    shm = Path("/dev/shm")
    if shm.is_dir() and os.access(shm, os.W_OK):
        return shm / f"wallet-bench-{os.getpid()}"
    return Path(ctx.work) / "barcodes" / "out"


def disk_row(ctx, work, reference):
    """The QR batch written to the scratch disk instead of the tmpfs, wallet against zint and C."""
    batch = work / "qr.txt"
    seconds = {}
    for tool in ("wallet", "zint", "c"):
        seconds[tool] = []
    for number in range(3):
        for tool in ("wallet", "zint", "c")[number:] + ("wallet", "zint", "c")[:number]:
            out = work / "disk" / f"{tool}-{number}"
            out.mkdir(parents=True)
            command = {
                "wallet": [ctx.wallet, "barcode", "--format", "qr", "--batch", str(batch),
                           "--output-dir", str(out), "--module-size", str(MODULE_SIZE)],
                "zint": ["zint", "--batch", *ZINT_ARGS["qr"], "--scale=1", "-i", str(batch), "-o", str(out / "~~~~~.png")],
                "c": [reference, "qr", str(batch), str(out), str(MODULE_SIZE), str(PNG_LEVEL), str(PNG_FILTER_NONE)],
            }[tool]
            seconds[tool].append(ctx.time(command, runs=1))
    wallet_s, zint_s, c_s = (sorted(seconds[tool])[1] for tool in ("wallet", "zint", "c"))
    shutil.rmtree(work / "disk")
    return ("qr batch on the scratch disk, wallet / zint / C",
            f"{wallet_s / zint_s:.2f}x zint, {wallet_s / c_s:.2f}x C "
            f"(wallet {wallet_s:.2f} s, zint {zint_s:.2f} s, C {c_s:.2f} s)")


def compile_reference(work, source, output):
    binary = work / output
    subprocess.run(["cc", "-O2", "-o", str(binary), str(ROOT / "bench/reference" / source),
                    "-lqrencode", "-lzint", "-lpng"], check=True)
    return str(binary)


def same_image_size(a, b):
    from PIL import Image
    with Image.open(a) as first, Image.open(b) as second:
        return first.size == second.size


def png_settings_rows(work):
    """Live re-measurement of the PNG pick (see PNGCompression.fast(for:)) against libpng's default."""
    binary = compile_reference(work, "png_settings.c", "png_settings")
    lines = subprocess.run([binary, "300"], check=True, capture_output=True, text=True).stdout.splitlines()
    table = {}
    for line in lines:
        image, level, filt, strategy, micros, size = line.split("\t")
        if strategy == "default":
            table[(image, int(level), filt)] = (float(micros), int(size))
    rows = []
    for image, chosen in (("QR 33 modules @2px", (2, "none")), ("widget 1092x510 RGB", (1, "up"))):
        fast, default = table[(image, *chosen)], table[(image, 6, "all")]
        rows.append((f"PNG {image}: level {chosen[0]}/{chosen[1]} vs libpng default 6/all",
                     f"{fast[0] / default[0]:.2f}x time ({fast[0]:.0f} vs {default[0]:.0f} us), "
                     f"{fast[1]} vs {default[1]} bytes"))
    return rows


def run(ctx):
    work = Path(ctx.work) / "barcodes"
    work.mkdir(parents=True, exist_ok=True)
    reference = compile_reference(work, "barcode_ref.c", "barcode_ref")
    rng = random.Random(2026)
    rows = []
    for fmt in ZINT_ARGS:
        batch = work / f"{fmt}.txt"
        batch.write_text("\n".join(payloads(fmt, rng)) + "\n")
        commands = {
            "wallet": lambda out, fmt=fmt, batch=batch: [
                ctx.wallet, "barcode", "--format", fmt, "--batch", str(batch),
                "--output-dir", str(out), "--module-size", str(MODULE_SIZE)],
            "zint": lambda out, fmt=fmt, batch=batch: [
                "zint", "--batch", *ZINT_ARGS[fmt], f"--scale={MODULE_SIZE / 2:g}",
                "-i", str(batch), "-o", str(out / "~~~~~.png")],
        }
        if fmt in TARGETS:
            commands["c"] = lambda out, fmt=fmt, batch=batch: [
                reference, fmt, str(batch), str(out), str(MODULE_SIZE), str(PNG_LEVEL), str(PNG_FILTER_NONE)]
        seconds = interleaved(ctx, commands, ROUNDS if fmt in TARGETS else 4)
        wallet_s, zint_s = seconds["wallet"], seconds["zint"]
        rows.append((f"{fmt} batch, wallet / zint",
                     f"{wallet_s / zint_s:.2f}x (wallet {wallet_s:.2f} s, zint {zint_s:.2f} s)"))
        if fmt in TARGETS:
            c_s = seconds["c"]
            out = ctx_work(ctx)
            same = same_image_size(out / "wallet-0" / "00001.png", out / "c-0" / "00001.png")
            rows.append((f"{fmt} batch, wallet / C reference",
                         f"{wallet_s / c_s:.2f}x (wallet {wallet_s:.2f} s, C {c_s:.2f} s"
                         f"{'' if same else ', IMAGE SIZES DIFFER'})"))
        if fmt == "qr":
            rss_out = ctx_work(ctx) / "rss"
            rss = ctx.peak_rss_kb(commands["wallet"](rss_out))
            rows.append(("qr batch, wallet peak RSS", f"{rss / 1024:.1f} MiB"))
        shutil.rmtree(ctx_work(ctx))
    rows.append(disk_row(ctx, work, reference))
    rows += png_settings_rows(work)
    return rows


if __name__ == "__main__":
    # Standalone: `python3 bench/sections/10_barcodes.py` with the release binary built
    # (`swift build -c release --product wallet`), with bench/run.py's Context.
    import os
    import sys
    sys.path.insert(0, str(ROOT / "bench"))
    from run import Context

    context = Context()
    if os.environ.get("WALLET_BIN"):
        context.wallet = os.environ["WALLET_BIN"]
    print(f"== {TITLE}")
    for label, figure in run(context):
        print(f"   {label}: {figure}", flush=True)
