"""End-to-end checks of `wallet barcode --batch` (numbered files in input order, all or
nothing, the failing line named) and of Samples/demo-barcodes.sh (one decodable PNG per format)."""
import os
import subprocess
from pathlib import Path

import pytest
from PIL import Image

from conftest import WALLET_BIN
from oracle import ZBAR_NAMES, ZXING_NAMES, as_decoded, zbar_decode, zxing_decode


def write_lines(path, lines, newline="\n"):
    path.write_text(newline.join(lines) + newline, encoding="utf-8")
    return path


@pytest.mark.parametrize("fmt, lines, expected", [
    ("ean13", ["400638133393", "4006381333931", "000000000000", "590123412345"],
     ["4006381333931", "4006381333931", "0000000000000", "5901234123457"]),
    ("qr", ["first", "Zweite Zeile: Grüße", "https://example.com/3"], None),
    ("codabar", ["1234", "B99D"], ["A1234A", "B99D"]),
])
def test_batch_writes_numbered_files_in_order(wallet, tmp_path, fmt, lines, expected):
    batch = write_lines(tmp_path / "in.txt", lines, newline="\r\n" if fmt == "qr" else "\n")
    out = tmp_path / "out"
    run = wallet.run("barcode", "--format", fmt, "--batch", batch, "--output-dir", out, "--module-size", 2)
    assert f"wrote {len(lines)}" in run.stdout
    names = sorted(p.name for p in out.iterdir())
    assert names == [f"{n:05d}.png" for n in range(1, len(lines) + 1)]
    for name, text in zip(names, expected or lines):
        path = out / name
        with Image.open(path) as image:
            assert image.mode == "1"
        assert [d.text for d in zxing_decode(path)] == [text]
        assert [d.text for d in zbar_decode(path)] == [text]


@pytest.mark.parametrize("fmt, lines, fragment", [
    ("ean13", ["400638133393", "590123412345", "4006381333932"], "line 3: wrong check digit 2 for ean13: expected 1"),
    ("ean13", ["400638133393", "", "590123412345"], "line 2: empty payload: ean13"),
    ("itf", ["123456", "12345678", "1234"], "line 3: wrong length: itf takes at least 6 digits"),
    # Over capacity is only known to the encoder: files 00001-00002 were already staged.
    ("qr", ["one", "two", "x" * 2400, "four"], "line 3: payload too long for qr"),
    ("aztec", ["one", "x" * 3100], "line 2: payload too long for aztec"),
])
@pytest.mark.parametrize("existing", [False, True])
def test_batch_bad_line_fails_with_line_number_and_leaves_nothing(wallet, tmp_path, fmt, lines, fragment, existing):
    batch = write_lines(tmp_path / "in.txt", lines)
    out = tmp_path / "out"
    if existing:
        out.mkdir()
        (out / "keep.txt").write_text("mine")
    run = wallet.run("barcode", "--format", fmt, "--batch", batch, "--output-dir", out, check=False)
    assert run.returncode != 0
    assert run.stderr.strip().splitlines() == ["Error: " + run.stderr.strip()[len("Error: "):]]
    assert fragment in run.stderr
    if existing:
        assert [p.name for p in out.iterdir()] == ["keep.txt"]
    else:
        assert not out.exists()
    assert not [p for p in tmp_path.iterdir() if "staging" in p.name]


def test_batch_input_problems(wallet, tmp_path):
    missing = wallet.run("barcode", "--format", "qr", "--batch", tmp_path / "none.txt", "--output-dir", tmp_path / "o", check=False)
    assert missing.returncode != 0 and "cannot read batch file" in missing.stderr and "No such file" in missing.stderr
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    run = wallet.run("barcode", "--format", "qr", "--batch", empty, "--output-dir", tmp_path / "o", check=False)
    assert run.returncode != 0 and "has no payloads" in run.stderr
    latin1 = tmp_path / "latin1.txt"
    latin1.write_bytes(b"ok\ncaf\xe9\n")
    run = wallet.run("barcode", "--format", "qr", "--batch", latin1, "--output-dir", tmp_path / "o", check=False)
    assert run.returncode != 0 and "line 2: not valid UTF-8" in run.stderr
    assert not (tmp_path / "o").exists()
    afile = tmp_path / "afile"
    afile.write_text("x")
    run = wallet.run("barcode", "--format", "qr", "--batch", write_lines(tmp_path / "in.txt", ["a"]), "--output-dir", afile, check=False)
    assert run.returncode != 0 and "Not a directory" in run.stderr


def test_demo_writes_one_decodable_png_per_format(tmp_path):
    demo = Path(__file__).resolve().parents[2] / "Samples" / "demo-barcodes.sh"
    run = subprocess.run([str(demo)], capture_output=True, text=True, check=True, timeout=600,
                         env=dict(os.environ, WALLET_BIN=WALLET_BIN, OUT=str(tmp_path / "out")))
    paths = [line for line in run.stdout.splitlines() if line.endswith(".png")]
    assert {Path(p).name for p in paths} == {f"barcode-{fmt}.png" for fmt in ZXING_NAMES}
    script = demo.read_text()
    table = script[script.index("<<'PAYLOADS'\n") + 13:script.rindex("PAYLOADS")]
    payloads = dict(line.split(" ", 1) for line in table.splitlines() if line)
    normalized = {"ean13": "4006381333931", "ean8": "96385074", "upc-a": "036000291452", "upc-e": "01234565"}
    for path in paths:
        fmt = Path(path).stem.removeprefix("barcode-")
        expected = as_decoded(fmt, normalized.get(fmt, payloads[fmt]))
        assert [d.text for d in zxing_decode(path)] == [expected]
        if fmt in ZBAR_NAMES:
            assert [d.text for d in zbar_decode(path)] == [expected]
