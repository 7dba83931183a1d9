#!/usr/bin/env python3
"""Regenerates LinkOrder/wallet.order, the functions the release link places first in .text.

    make release
    python3 bench/link_order.py

It leaves out what lld can never order: the thunks the Swift compiler merges (`merged_thunk`:
emitted in every module that needs one, all copies but one discarded, and which copy stays
changes with unrelated code) up front, and the functions the link resolves to a shared library
(libpng's forwarders, some of zlib's) after a first relink (SwiftPM does not know the linker reads
the list, so only a removed binary makes it relink) names them. It fails when lld still warns
after that: the list it writes links without a warning, so a link-order warning in a later
`make release` means a stale entry (regenerate the list).

Why: a short-lived process's RSS is mostly file pages of the executable, and each fault maps the
whole 64 KiB fault-around window around it. The code one command runs (ArgumentParser, GRDB,
Foundation, the Swift runtime, our modules) is a few thousand functions scattered over 17 MB of
.text; laid out together they fill a few hundred KiB (what it saved: bench/results.md, "Why the
release flags and the on-demand libraries").

How: every representative command runs once under `valgrind --tool=callgrind`; every function it
executed that the executable defines goes into the list, one mangled name a line, command by
command: first what `--help`, `card list` and `widget tap` run (the start-up commands a desktop
runs on every click and refresh, laid out together so each faults in the fewest 64 KiB windows),
then what each further command adds, each command's share sorted by name; the camera and a
sealed sync come last. The list only orders code: a stale or missing name changes nothing but
layout (lld warns).
"""
import os
import re
import struct
import subprocess
import sys
import tempfile
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ORDER = ROOT / "LinkOrder" / "wallet.order"
NOW = "2026-11-22T09:30:00Z"
STORES = ["Käse Haus", "Bäckerei Müller", "Пятёрочка", "ファミリーマート", "Tesco", "Fit Club ☕"]
FORMATS = ["qr", "ean13", "code128", "pdf417", "aztec", "data-matrix"]
CODES = {"ean13": "400000000001", "qr": "https://example.com/member/42"}


def wallet(binary, home, *args):
    env = dict(os.environ, WALLET_HOME=str(home), WALLET_NOW=NOW)
    return subprocess.run([binary, *args], env=env, check=True, capture_output=True, text=True).stdout.strip()


def logo_png(path):
    """A 480 x 150 logo with transparency (a ring and a bar), as passes carry them."""
    width, height = 480, 150
    rows = bytearray()
    for y in range(height):
        rows.append(0)
        for x in range(width):
            ring = 36 ** 2 <= (x - 75) ** 2 + (y - 75) ** 2 <= 48 ** 2
            bar = 140 <= x <= 460 and 50 <= y <= 100
            rows += bytes((255, 255, 255, 255)) if ring or bar else bytes(4)

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    Path(path).write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(rows)))
                           + chunk(b"IEND", b""))


def scenario(binary, home, scratch):
    """Fills `home` and returns the commands whose code is laid out together. Every other card
    has a logo (card art is drawn on tiles), and each family is rendered at scale 3 too. Last, a
    camera reads a QR code from a still picture (GStreamer) and the wallet syncs with a sealed
    remote (git, swift-crypto)."""
    logo = scratch / "logo.png"
    logo_png(logo)
    qr = scratch / "qr.png"
    wallet(binary, home, "barcode", "--format", "qr", "--output", str(qr), "--module-size", "6", "CAMERA-SCAN-1")
    remote = scratch / "remote.git"
    subprocess.run(["git", "init", "-q", "--bare", "-b", "main", str(remote)], check=True)
    ids = [wallet(binary, home, "card", "add", "--store", store, "--code", CODES.get(fmt, f"M-{index:05d}"),
                  "--format", fmt, *(["--favorite", "--logo", str(logo)] if index % 2 else []))
           for index, (store, fmt) in enumerate(zip(STORES, FORMATS))]
    medium = wallet(binary, home, "widget", "add", "--family", "medium", "--cards", ",".join(ids[:4]))
    small = wallet(binary, home, "widget", "add", "--family", "small", "--cards", ids[1])
    large = wallet(binary, home, "widget", "add", "--family", "large", "--mode", "suggested")
    png = str(scratch / "out.png")
    return [
        ["--help"],
        ["card", "list"],
        ["widget", "tap", medium, "10", "10"],
        *(["widget", "render", widget, "--output", png, "--scale", "3", "--no-cache"] for widget in (small, medium, large)),
        ["barcode", "--format", "qr", "--output", png, "https://example.com/member/42"],
        ["barcode", "--format", "ean13", "--output", png, "400000000001"],
        ["card", "list", "--json", "--search", "kase"],
        ["card", "show", ids[0], "--json"],
        ["widget", "render", medium, "--output", png, "--no-cache"],
        ["widget", "render", medium, "--output", png],
        ["widget", "render", large, "--output", png, "--no-cache"],
        ["widget", "render", "--all", "--output", str(scratch / "all"), "--no-cache"],
        ["widget", "host", "--output", str(scratch / "host"), "--once"],
        ["widget", "options", medium, "--json"],
        # A still picture repeated until the (traced, slow) wallet has read it in three frames.
        ["card", "scan", "--camera", "--json", "--timeout", "300", "--camera-source",
         f"gst:filesrc location={qr} ! pngdec ! imagefreeze ! video/x-raw,framerate=30/1"],
        ["sync", "init", str(remote), "--device", "trace"],
        ["sync"],
    ]


def executed_functions(binary, home, args, scratch):
    out = scratch / "callgrind.out"
    env = dict(os.environ, WALLET_HOME=str(home), WALLET_NOW=NOW)
    run = subprocess.run(["valgrind", "--tool=callgrind", "--demangle=no", f"--callgrind-out-file={out}", binary, *args],
                         env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, timeout=1800)
    if run.returncode != 0:
        # The camera, slowed down by the trace, may time out or stall on a busy machine: what it
        # ran until then still counts. Said, so a list made that way is not taken for a full one.
        errors = [line for line in run.stderr.splitlines() if not line.startswith("==")]
        print(f"note: `wallet {' '.join(args[:3])}` exited {run.returncode} under the trace: {errors[-1:]}")
        if args[:1] != ["card"] or "--camera" not in args:
            raise subprocess.CalledProcessError(run.returncode, args, stderr=run.stderr)
    names = set()
    with open(out, errors="replace") as handle:
        for line in handle:
            match = re.match(r"^c?fn=\(\d+\) (.+)$", line)
            if match:
                names.add(match.group(1).strip())
    return names


def defined_functions(binary):
    listing = subprocess.run(["nm", "--defined-only", binary], capture_output=True, text=True, check=True).stdout
    return {parts[2] for parts in (line.split(maxsplit=2) for line in listing.splitlines())
            if len(parts) == 3 and parts[1] in "tTwW"}


def merged_thunk(name):
    """Whether `name` is a thunk merged by the Swift compiler (mangled suffix `Tm`): every module
    that needs one emits it, lld keeps one copy and discards the others ("unable to order
    discarded symbol"), and which copy it keeps changes with unrelated code."""
    return name.endswith("Tm")


def main():
    binary = str(ROOT / ".build" / "release" / "wallet")
    executed = []
    with tempfile.TemporaryDirectory() as scratch_name:
        scratch = Path(scratch_name)
        home = scratch / "home"
        # Valgrind 3.19 gives up on the release binary's debug information ("possibly corrupted
        # debuginfo file"); the same binary without it has the same symbols and code.
        traced = str(scratch / "wallet")
        subprocess.run(["objcopy", "--strip-debug", binary, traced], check=True)
        # The barcode reader the camera loads is looked for beside the executable.
        (scratch / "libWalletScan.so").symlink_to(ROOT / ".build" / "release" / "libWalletScan.so")
        seen = set()
        for args in scenario(traced, home, scratch):
            names = executed_functions(traced, home, args, scratch) - seen
            executed += sorted(names)
            seen |= names
    defined = defined_functions(binary)
    hot = [name for name in executed if name in defined and not merged_thunk(name)]
    write(hot)
    warnings = relink()
    # Functions the link resolves to a shared library it sees (libpng's forwarders, some of
    # zlib's, whose copy in the executable is local) cannot be ordered: left out.
    shared = {name for kind, name in warnings if kind == "shared"}
    if shared:
        hot = [name for name in hot if name not in shared]
        write(hot)
        warnings = relink()
    print(f"{len(hot)} functions written to {ORDER.relative_to(ROOT)} ({len(shared)} resolved to shared libraries"
          " left out), and the release binary relinked with them")
    if warnings:
        print("lld still cannot order these:\n" + "\n".join(f"{kind}: {name}" for kind, name in sorted(warnings)),
              file=sys.stderr)
        return 1
    return 0


def write(names):
    ORDER.parent.mkdir(exist_ok=True)
    ORDER.write_text("\n".join(names) + "\n")


def relink():
    """Links the release binary again (SwiftPM relinks only a missing binary) and returns lld's
    link-order warnings as (kind, name): kind `shared`, `discarded` or `absolute` (unable to
    order), or `missing` (no such symbol)."""
    for built in (ROOT / ".build" / "release" / "wallet", ROOT / ".build" / "x86_64-unknown-linux-gnu" / "release" / "wallet"):
        built.unlink(missing_ok=True)
    run = subprocess.run(["make", "--no-print-directory", "release"], cwd=ROOT, capture_output=True, text=True, check=True)
    pattern = re.compile(r"unable to order (\w+) symbol: (\S+)|no such symbol: (\S+)")
    return {(kind, name) if name else ("missing", missing)
            for kind, name, missing in pattern.findall(run.stdout + run.stderr)}


if __name__ == "__main__":
    sys.exit(main())
