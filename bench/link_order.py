#!/usr/bin/env python3
"""Regenerates LinkOrder/wallet.order, the functions the release link places first in .text.

    make release
    python3 bench/link_order.py

It relinks the release binary itself (SwiftPM does not know the linker reads the list, so only a
removed binary makes it relink), drops the names lld says it cannot order and relinks again.

Why: a short-lived process's RSS is mostly file pages of the executable, and each fault maps the
whole 64 KiB fault-around window around it. The code one command runs (ArgumentParser, GRDB,
Foundation, the Swift runtime, our modules) is a few thousand functions scattered over 17 MB of
.text; laid out together they fill a few hundred KiB. Measured on the same objects: peak RSS of a
cold `widget render` of one medium widget 33.8 -> 29.0 MB, `card list` 29.3 -> 25.5 MB.

How: every representative command runs once under `valgrind --tool=callgrind`; every function it
executed that the executable defines goes into the list, one mangled name a line, command by
command: first what `--help`, `card list` and `widget tap` run (the start-up commands a desktop
runs on every click and refresh, laid out together so each faults in the fewest 64 KiB windows),
then what each further command adds, each command's share sorted by name. The list
only orders code: a stale or missing name changes nothing but layout (lld warns, and the script
drops what it warns about).
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
    has a logo (card art is drawn on tiles), and each family is rendered at scale 3 too."""
    logo = scratch / "logo.png"
    logo_png(logo)
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
    ]


def executed_functions(binary, home, args, scratch):
    out = scratch / "callgrind.out"
    env = dict(os.environ, WALLET_HOME=str(home), WALLET_NOW=NOW)
    subprocess.run(["valgrind", "--tool=callgrind", "--demangle=no", f"--callgrind-out-file={out}", binary, *args],
                   env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
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
        seen = set()
        for args in scenario(traced, home, scratch):
            names = executed_functions(traced, home, args, scratch) - seen
            executed += sorted(names)
            seen |= names
    defined = defined_functions(binary)
    hot = [name for name in executed if name in defined]
    ORDER.parent.mkdir(exist_ok=True)
    ORDER.write_text("\n".join(hot) + "\n")
    refused = relink()
    if refused:
        hot = [name for name in hot if name not in refused]
        ORDER.write_text("\n".join(hot) + "\n")
        refused = relink()
    print(f"{len(hot)} functions written to {ORDER.relative_to(ROOT)}, and the release binary relinked with them"
          + (f"; lld still cannot order {len(refused)}" if refused else ""))
    return 0


def relink():
    """Links the release binary again (SwiftPM relinks only a missing binary) and returns the
    names lld warned it cannot order: the on-demand libraries' functions, which resolve to the
    shared libraries the link sees before patchelf drops them, and merged thunks it discarded."""
    for built in (ROOT / ".build" / "release" / "wallet", ROOT / ".build" / "x86_64-unknown-linux-gnu" / "release" / "wallet"):
        built.unlink(missing_ok=True)
    run = subprocess.run(["make", "--no-print-directory", "release"], cwd=ROOT, capture_output=True, text=True, check=True)
    pattern = re.compile(r"unable to order (?:shared|discarded|absolute) symbol: (\S+)|no such symbol: (\S+)")
    return {next(group for group in match.groups() if group) for match in pattern.finditer(run.stdout + run.stderr)}


if __name__ == "__main__":
    sys.exit(main())
