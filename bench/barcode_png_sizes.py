"""Mean PNG file size per barcode format at 2 and 4 px per module, over 200 payloads of the
barcode bench section's kind (`wallet barcode --batch`): the figures behind the deflate rounds in
bench/sections/10_barcodes.py. Usage: barcode_png_sizes.py WALLET_BINARY [FORMAT ...]
"""
import importlib.util
import random
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

SECTION = Path(__file__).resolve().parent / "sections" / "10_barcodes.py"
PAYLOADS = 200
DEFAULT_FORMATS = ("qr", "aztec", "pdf417", "data-matrix", "ean13", "code128")


def section():
    spec = importlib.util.spec_from_file_location("barcodes_section", SECTION)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def mean_bytes(wallet, fmt, payloads, module_size):
    with tempfile.TemporaryDirectory() as scratch:
        batch = Path(scratch) / "batch.txt"
        batch.write_text("\n".join(payloads) + "\n")
        out = Path(scratch) / "out"
        out.mkdir()
        subprocess.run([wallet, "barcode", "--format", fmt, "--batch", str(batch), "--output-dir", str(out),
                        "--module-size", str(module_size)], check=True, stdout=subprocess.DEVNULL)
        sizes = [path.stat().st_size for path in out.glob("*.png")]
        assert len(sizes) == len(payloads), f"{fmt}: {len(sizes)} files for {len(payloads)} payloads"
        return statistics.mean(sizes)


def main():
    wallet, formats = sys.argv[1], sys.argv[2:] or DEFAULT_FORMATS
    barcodes = section()
    barcodes.COUNT = PAYLOADS
    for fmt in formats:
        payloads = barcodes.payloads(fmt, random.Random(2026))
        sizes = [mean_bytes(wallet, fmt, payloads, module_size) for module_size in (2, 4)]
        print(f"{fmt:12} {sizes[0]:7.0f} / {sizes[1]:7.0f} bytes at 2 / 4 px per module")


if __name__ == "__main__":
    main()
