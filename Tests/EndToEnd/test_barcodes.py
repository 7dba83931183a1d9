"""End-to-end checks of `wallet barcode`: every format decodes back to what was encoded, bad
payloads fail with one actionable line and write nothing, and batches are all-or-nothing.

Decoded text is compared with the normalized payload (EAN/UPC with their check digit, Codabar
with its start/stop letters) through oracle.as_decoded, which maps two decoder quirks in the
comparison only: zxing-cpp and zbar report UPC-A as 13 digits (a leading 0, EAN-13 style) and
UPC-E expanded to that 13-digit UPC-A form. Batch mode and the demo: test_barcode_batch.py.
"""
import pytest
from conftest import run_in_terminal
from PIL import Image

from oracle import (TERMINAL_BLACK, code39_full_ascii, terminal_cells, ZBAR_NAMES, ZXING_NAMES, as_decoded, terminal_to_png, zbar_decode, zxing_decode,
                    zxing_reported_formats)


UNICODE = "Grüße, Мир, 日本語, عربى ✓ 🎉"

# (format, payload given, normalized payload the symbol must carry)
ROUND_TRIPS = [
    ("qr", "https://example.com/card?id=12345", None),
    ("qr", UNICODE, None),
    ("qr", "0001234567890", None),
    ("qr", "x" * 2331, None),
    ("qr", "é" * 1165, None),
    ("aztec", "LOYALTY 12345-abc", None),
    ("aztec", UNICODE, None),
    ("aztec", "x" * 3068, None),
    ("pdf417", "Member 000123 / Gold", None),
    ("pdf417", UNICODE, None),
    ("pdf417", "7" * 2528, None),
    ("data-matrix", "CARD:0042;name=Zoë", None),
    ("data-matrix", UNICODE, None),
    ("data-matrix", "x" * 2335, None),
    ("code128", "Card-12345 abc ~!", None),
    ("code128", "000000123", None),
    ("code128", "7" * 120, None),
    ("code128", "x" * 60, None),
    ("code39", "CARD-123 $/+%.", None),
    ("code39", "0" * 5 + "42", None),
    ("code39", "A" * 85, None),
    ("code39", "Card #42: abc@x.com", None),  # full ASCII: shift pairs for lower case and punctuation
    ("code39", "a" * 42, None),
    ("code39", "Tab\tBell\x07 {DEL}\x7f ~", None),
    ("code93", "Card-12345 abc", None),
    ("code93", "Z" * 107, None),
    ("codabar", "123456", "A123456A"),
    ("codabar", "b0012-34$c", "B0012-34$C"),
    ("codabar", "12", "A12A"),
    ("codabar", "C" + "1" * 58 + "D", None),
    ("ean13", "400638133393", "4006381333931"),
    ("ean13", "0000000000000", None),
    ("ean13", "0012345678905", None),
    ("ean8", "9638507", "96385074"),
    ("ean8", "00000000", None),
    ("upc-a", "03600029145", "036000291452"),
    ("upc-a", "000000000000", None),
    ("upc-e", "0123456", "01234565"),
    ("upc-e", "1123453", "11234538"),
    ("upc-e", "0000015", "00000154"),
    ("itf", "12345678", None),
    ("itf", "000042", None),
    ("itf", "1" * 90, None),
]


def round_trip_id(case):
    fmt, payload, _ = case
    return f"{fmt}-{payload[:16]}-{len(payload)}"


@pytest.mark.parametrize("module_size", [None, 2])
@pytest.mark.parametrize("case", ROUND_TRIPS, ids=[round_trip_id(c) for c in ROUND_TRIPS])
def test_round_trip(wallet, tmp_path, case, module_size):
    fmt, payload, normalized = case
    expected = as_decoded(fmt, normalized or payload)
    out = tmp_path / "code.png"
    args = ["barcode", "--format", fmt, "--output", out]
    if module_size:
        args += ["--module-size", module_size]
    run = wallet.run(*args, "--", payload)
    assert run.stdout.strip() == str(out)

    with Image.open(out) as image:
        assert image.mode == "1"
    # Filtered by format: in the largest 2D symbols zxing-cpp may also "see" a stray EAN-13.
    zxing = [d for d in zxing_decode(out) if d.format in zxing_reported_formats(fmt)]
    # zxing-cpp's text shows control characters as <HT>, <DEL>: Code 39 full ASCII compares its bytes.
    assert [d.raw.decode() if fmt == "code39" else d.text for d in zxing] == [expected]
    if fmt in ZBAR_NAMES and not (fmt == "upc-e" and expected[1] == "1"):
        # zbar 0.23 reads no UPC-E with number system 1 (only the NS-0 parity patterns); zxing-cpp does.
        zbar = [d.text for d in zbar_decode(out)]
        if fmt == "code39":  # zbar reads Code 39 raw (its full ASCII option does nothing for Code 39)
            zbar = [code39_full_ascii(text) for text in zbar]
        assert zbar == [expected]


# Quiet zones in modules (left, right) and whether the code is 2D, per ARCHITECTURE.md.
QUIET_ZONES = {
    "qr": (4, 4), "data-matrix": (1, 1), "pdf417": (2, 2), "aztec": (1, 1),
    "ean13": (11, 7), "ean8": (7, 7), "upc-a": (9, 9), "upc-e": (9, 7),
    "code128": (10, 10), "code39": (10, 10), "code93": (10, 10), "codabar": (10, 10), "itf": (10, 10),
}
SYMBOL_WIDTHS = {"ean13": 95, "ean8": 67, "upc-a": 95, "upc-e": 51}


@pytest.mark.parametrize("fmt", sorted(QUIET_ZONES))
@pytest.mark.parametrize("module_size", [2, 4, 5])
def test_quiet_zones_are_light_and_symbol_starts_dark(wallet, tmp_path, fmt, module_size):
    payload = {"ean13": "400638133393", "ean8": "9638507", "upc-a": "03600029145", "upc-e": "0123456",
               "itf": "123456", "codabar": "1234", "code39": "WALLET"}.get(fmt, "Wallet 42")
    out = tmp_path / "code.png"
    wallet.run("barcode", "--format", fmt, "--module-size", module_size, "--output", out, "--", payload)
    with Image.open(out) as png:
        image = png.convert("L")
    width, height = image.size
    left, right = QUIET_ZONES[fmt]
    pixels = image.load()
    # A row through the symbol: QR's top finder pattern, the middle of everything else.
    row = (left + 1) * module_size if fmt == "qr" else height // 2
    first_dark = next(x for x in range(width) if pixels[x, row] == 0)
    last_dark = max(x for x in range(width) if pixels[x, row] == 0)
    if fmt in ("qr", "data-matrix", "pdf417"):  # finder/start pattern on the quiet zone's edge
        assert first_dark == left * module_size
    else:
        assert first_dark >= left * module_size
    assert width - 1 - last_dark >= right * module_size
    assert width % module_size == 0
    if fmt in SYMBOL_WIDTHS:
        assert width == (SYMBOL_WIDTHS[fmt] + left + right) * module_size
    if fmt == "qr":
        assert height == width
        for y in range(4 * module_size):
            assert all(pixels[x, y] == 255 for x in range(width))


@pytest.mark.parametrize("fmt, payload, normalized", [
    ("qr", "Grüße 12345", None), ("data-matrix", "CARD 42", None), ("aztec", "CARD 42", None),
    ("pdf417", "CARD 42", None), ("ean13", "400638133393", "4006381333931"), ("code128", "Card-42", None),
    ("upc-e", "0123456", "01234565"), ("codabar", "1234", "A1234A"),
])
def test_terminal_rendering_without_output_decodes(wallet, tmp_path, fmt, payload, normalized):
    # on a terminal: a white plate with black modules, whatever the terminal's theme
    code, _, shown = run_in_terminal(wallet, "barcode", "--format", fmt, "--", payload, columns=300)
    lines = shown.replace("\r\n", "\n").splitlines()
    assert code == 0 and lines
    assert all(line.startswith("\x1b[38;5;16;48;5;231m") and line.endswith("\x1b[0m") for line in lines)
    # to a pipe: the same cells without escapes (no color outside a terminal)
    piped = wallet.run("barcode", "--format", fmt, "--", payload, env={"COLUMNS": "300"}).stdout
    assert "\x1b" not in piped
    two_dimensional = fmt in ("qr", "data-matrix", "aztec", "pdf417")
    expected = as_decoded(fmt, normalized or payload)
    for name, text in (("screen.png", "\n".join(lines)), ("piped.png", piped)):
        image = terminal_to_png(text, tmp_path / name, two_dimensional)
        assert [d.text for d in zxing_decode(image) if d.format in zxing_reported_formats(fmt)] == [expected], name
    assert sorted(p.name for p in tmp_path.iterdir()) == ["piped.png", "screen.png"]


@pytest.mark.parametrize("line_height", [1.0, 1.2, 1.5])
def test_terminal_2d_codes_decode_at_any_line_height(wallet, tmp_path, line_height):
    """A terminal fills the space between lines with the cells' background: half blocks colored
    by the upper module on the lower module's background leave no white bands through the code."""
    code, _, shown = run_in_terminal(wallet, "barcode", "--format", "qr", "--", "https://example.com/c/42")
    assert code == 0 and "\x1b[" in shown
    rows = []
    for line in shown.replace("\r\n", "\n").splitlines():
        cells = terminal_cells(line)
        upper = [(fg if ch in "█▀" else bg) == TERMINAL_BLACK for ch, fg, bg in cells]
        lower = [(fg if ch in "█▄" else bg) == TERMINAL_BLACK for ch, fg, bg in cells]
        gap = lower  # the extra line spacing shows the background: the lower module's color
        rows += [upper] * 10 + [lower] * 10 + [gap] * round(20 * (line_height - 1.0))
    image = Image.new("L", (len(rows[0]) * 10, len(rows)), 255)
    for y, row in enumerate(rows):
        for x, dark in enumerate(row):
            if dark:
                image.paste(0, (x * 10, y, x * 10 + 10, y + 1))
    image.save(tmp_path / "screen.png")
    assert [d.text for d in zxing_decode(tmp_path / "screen.png")] == ["https://example.com/c/42"]


def test_terminal_refuses_a_code_wider_than_the_terminal(wallet, tmp_path):
    run = wallet.run("barcode", "--format", "code128", "--", "Card-42", check=False, env={"COLUMNS": "131"})
    assert run.returncode != 0 and run.stdout == ""
    [line] = run.stderr.splitlines()
    assert "code128 barcode needs 132 terminal columns" in line and "--output FILE.png" in line
    code, _, shown = run_in_terminal(wallet, "barcode", "--format", "code128", "--", "Card-42", columns=80)
    assert code != 0 and "█" not in shown
    [line] = shown.splitlines()
    assert "needs 132 terminal columns and this terminal has 80" in line
    code, _, shown = run_in_terminal(wallet, "barcode", "--format", "code128", "--", "Card-42", columns=132)
    assert code == 0 and "█" in shown
    assert "█" in wallet.run("barcode", "--format", "code128", "--", "Card-42", env={"COLUMNS": "132"}).stdout


def test_a_pipe_gets_the_whole_code_however_wide(wallet, tmp_path):
    run = wallet.run("barcode", "--format", "code128", "--", "Card-42")  # a pipe: nothing wraps there
    assert run.stderr == ""
    assert [d.text for d in zxing_decode(terminal_to_png(run.stdout, tmp_path / "pipe.png", False))] == ["Card-42"]


# (format, bad payload, fragments the one-line message must contain)
BAD_PAYLOADS = [
    ("qr", "", ["empty payload: qr needs data"]),
    ("qr", "x" * 2332, ["payload too long for qr", "2332 bytes", "2331 bytes"]),
    ("qr", "é" * 1166, ["payload too long for qr", "2332 bytes"]),
    ("aztec", "", ["empty payload: aztec"]),
    ("aztec", "x" * 3069, ["payload too long for aztec", "shorten the data"]),
    ("pdf417", "7" * 2529, ["payload too long for pdf417", "shorten the data"]),
    ("data-matrix", "x" * 2336, ["payload too long for data-matrix", "shorten the data"]),
    ("code128", "", ["empty payload: code128"]),
    ("code128", "café€", ["invalid character '€' at position 5", "ISO-8859-1 characters except NUL"]),
    ("code93", "tab\there", ["invalid character U+0009 at position 4"]),
    ("code128", "x" * 61, ["payload too long for code128", "60 symbol character maximum"]),
    ("code39", "abcé", ["invalid character 'é' at position 4", "ASCII characters except NUL"]),
    ("code39", "CARD€1", ["invalid character '€' at position 5"]),
    ("code39", "a" * 43, ["payload too long for code39", "at most 85 symbol characters in full ASCII", "got 86"]),
    ("code39", "A" * 86, ["payload too long for code39", "at most 85 characters, got 86"]),
    ("code93", "€5", ["invalid character '€' at position 1"]),
    ("code93", "Z" * 108, ["payload too long for code93", "at most 107 characters, got 108"]),
    ("codabar", "12#4", ["invalid character '#' at position 3", "start/stop letters A-D"]),
    ("codabar", "A1234", ["invalid character 'A' at position 1"]),
    ("codabar", "A1B", ["wrong length: codabar takes at least 2 characters", "got 1"]),
    ("codabar", "1" * 59, ["payload too long for codabar", "at most 58 characters", "got 59"]),
    ("ean13", "4006381333932", ["wrong check digit 2 for ean13: expected 1"]),
    ("ean13", "40063813339", ["wrong length: ean13 takes 12 digits", "or 13", "got 11"]),
    ("ean13", "40063813339315", ["wrong length: ean13", "got 14"]),
    ("ean13", "40063813339X", ["invalid character 'X' at position 12", "digits 0-9"]),
    ("ean13", "", ["empty payload: ean13"]),
    ("ean8", "96385075", ["wrong check digit 5 for ean8: expected 4"]),
    ("ean8", "963850", ["wrong length: ean8 takes 7 digits", "got 6"]),
    ("ean8", "9638-507", ["invalid character '-' at position 5"]),
    ("upc-a", "036000291453", ["wrong check digit 3 for upc-a: expected 2"]),
    ("upc-a", "0360002914", ["wrong length: upc-a takes 11 digits", "got 10"]),
    ("upc-e", "01234567", ["wrong check digit 7 for upc-e: expected 5"]),
    ("upc-e", "2123456", ["invalid number system 2 for upc-e", "0 or 1"]),
    ("upc-e", "012345", ["wrong length: upc-e takes 7 digits", "got 6"]),
    ("upc-e", "0000005", ["invalid upc-e number 0000005", "fifth digit must not be 0", "upc-a 000000000055"]),
    ("upc-e", "0120003", ["invalid upc-e number 0120003", "third digit must be 3-9"]),
    ("itf", "12345", ["wrong length: itf takes an even number of digits"]),
    ("itf", "1234", ["wrong length: itf takes at least 6 digits", "got 4"]),
    ("itf", "12a456", ["invalid character 'a' at position 3"]),
    ("itf", "1" * 92, ["payload too long for itf", "at most 90 digits, got 92"]),
]


@pytest.mark.parametrize("case", BAD_PAYLOADS, ids=[f"{c[0]}-{c[1][:12]}-{len(c[1])}" for c in BAD_PAYLOADS])
def test_bad_payload_fails_with_one_line_and_writes_nothing(wallet, tmp_path, case):
    fmt, payload, fragments = case
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    run = wallet.run("barcode", "--format", fmt, "--output", out_dir / "code.png", "--", payload, check=False)
    assert run.returncode != 0
    assert run.stdout == ""
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1, run.stderr
    assert lines[0].startswith("Error: ")
    for fragment in fragments:
        assert fragment in lines[0]
    assert list(out_dir.iterdir()) == []


@pytest.mark.parametrize("args, fragment", [
    (["--format", "qr-codez", "--output", "x.png", "--", "1"], "unknown format 'qr-codez': use one of qr, aztec"),
    (["--format", "qr", "--module-size", "0", "--output", "x.png", "--", "1"], "--module-size must be 1 to 64"),
    (["--format", "ean13", "--bar-height", "0", "--output", "x.png", "--", "400638133393"], "--bar-height must be 1 to 4096"),
    (["--format", "qr", "--output", "x.png"], "missing DATA"),
    (["--format", "qr", "--batch", "in.txt"], "--batch needs --output-dir"),
    (["--format", "qr", "--batch", "in.txt", "--output-dir", "d", "--", "x"], "drop --output and the DATA"),
])
def test_bad_arguments(wallet, tmp_path, args, fragment):
    run = wallet.run("barcode", *args, check=False)
    assert run.returncode != 0
    assert run.stderr.count("\n") == 1 and run.stderr.startswith("Error: ")
    assert fragment in run.stderr
    assert not (tmp_path / "x.png").exists()


def test_output_into_missing_directory_fails_cleanly(wallet, tmp_path):
    run = wallet.run("barcode", "--format", "qr", "--output", tmp_path / "nope" / "x.png", "--", "1", check=False)
    assert run.returncode != 0
    assert len(run.stderr.strip().splitlines()) == 1
    assert "No such file or directory" in run.stderr


def test_catima_alias_and_existing_file_replaced(wallet, tmp_path):
    out = tmp_path / "code.png"
    out.write_bytes(b"old")
    wallet.run("barcode", "--format", "EAN_13", "--output", out, "--", "400638133393")
    assert [d.text for d in zxing_decode(out)] == ["4006381333931"]
    assert [p.name for p in tmp_path.iterdir()] == ["code.png"]  # no temporary file left behind
