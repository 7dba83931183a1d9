"""What the command line prints: `card list` fitted to the terminal by display width, color only on
a terminal (NO_COLOR and TERM=dumb honoured), `card show --png` as a labelled, private file whose
path is printed, file names that contradict the format refused, pasteable hints and close matches,
one line from `card edit` / `card remove`, and man pages with EXAMPLES and only installed SEE ALSO."""
import json
import re
import shlex
import stat
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest
import zxingcpp
from PIL import Image

from conftest import WALLET_BIN, refused, run_in_terminal
from oracle import zxing_decode

ROOT = Path(__file__).resolve().parents[2]
CJK = "東京ラーメン横丁ポイントカード会員証明書です"


def width(text):
    """Terminal columns of `text` (East Asian wide and fullwidth count 2)."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 0 if unicodedata.combining(c) else 1 for c in text)


def add(wallet, store, code, *args):
    return wallet.run("card", "add", "--store", store, "--code", code, *args).stdout.strip()


@pytest.fixture
def crowded(wallet):
    add(wallet, CJK, "MEMBER-12345678901234567890", "--format", "qr", "--expiry", "2026-12-31", "--favorite")
    add(wallet, "A very long store name that goes on and on forever", "1")
    add(wallet, "Käse Laden", "4006381333931", "--format", "ean13")
    return wallet


def table_lines(text):
    return [line for line in text.replace("\r\n", "\n").split("\n") if line]


@pytest.mark.parametrize("columns", [80, 60])
def test_card_list_fits_the_terminal_and_keeps_its_columns(crowded, columns):
    code, _, shown = run_in_terminal(crowded, "card", "list", columns=columns)
    lines = table_lines(shown)
    assert code == 0 and len(lines) == 4
    assert all(width(line) <= columns for line in lines), [width(line) for line in lines]
    assert any("…" in line for line in lines)
    # every row's NUMBER column starts at the header's display column, the CJK row too
    header = lines[0]
    number_column = width(header[: header.index("NUMBER")])
    for line in lines[1:]:
        cells = list(re.finditer(r"\S+(?: \S+)*", line))  # cells are 2+ spaces apart
        assert width(line[: cells[2].start()]) == number_column, line


def test_card_list_to_a_pipe_is_whole_unless_columns_says(crowded):
    whole = crowded.run("card", "list").stdout
    assert "A very long store name that goe…" in whole  # the 32-column cap of a store, as before
    assert "MEMBER-12345678901234567890" in whole
    narrow = crowded.run("card", "list", env={"COLUMNS": "60"}).stdout
    assert all(width(line) <= 60 for line in table_lines(narrow))


def test_card_show_colors_only_on_a_terminal(wallet):
    add(wallet, "Cafe", "CAFE-1", "--format", "qr")
    assert "\x1b" not in wallet.run("card", "show", "Cafe").stdout
    code, _, shown = run_in_terminal(wallet, "card", "show", "Cafe")
    assert code == 0 and "\x1b[38;5;16;48;5;231m" in shown
    for env in ({"NO_COLOR": "1"}, {"TERM": "dumb"}):
        code, _, shown = run_in_terminal(wallet, "card", "show", "Cafe", env=env)
        assert code == 0 and "\x1b" not in shown and "█" in shown, env


@pytest.mark.parametrize("fmt, code, decoded", [("ean13", "400638133393", "4006381333931"), ("qr", "MEMBER-42", "MEMBER-42")])
def test_card_show_png_is_a_private_label_and_its_path_is_printed(wallet, tmp_path, fmt, code, decoded):
    add(wallet, "Käse Laden", code, "--format", fmt)
    png = tmp_path / "card.png"
    run = wallet.run("card", "show", "Käse Laden", "--png", png, env={"COLUMNS": "20"})
    assert run.stderr == ""  # no "write it as an image" notice: it is being written
    assert run.stdout.splitlines()[-1] == f"wrote {png}"
    assert stat.S_IMODE(png.stat().st_mode) == 0o600
    found = zxingcpp.read_barcodes(Image.open(png).convert("L"))
    assert [r.text for r in found] == [decoded]
    # store and number are drawn under the code: dark pixels below the symbol's bottom edge
    image = Image.open(png).convert("L")
    bottom = max(p.y for p in (found[0].position.bottom_left, found[0].position.bottom_right))
    below = image.crop((0, bottom + 12, image.width, image.height))
    assert below.getextrema()[0] < 100 and image.height - bottom > 40


def test_card_show_json_keeps_stdout_json_and_says_on_stderr(wallet, tmp_path):
    add(wallet, "Cafe", "CAFE-1", "--format", "qr")
    png, pdf = tmp_path / "c.png", tmp_path / "c.pdf"
    run = wallet.run("card", "show", "Cafe", "--json", "--png", png, "--pdf", pdf)
    assert json.loads(run.stdout)["store"] == "Cafe"
    assert run.stderr.splitlines() == [f"wrote {pdf}", f"wrote {png}"]
    assert stat.S_IMODE(pdf.stat().st_mode) == 0o600


@pytest.mark.parametrize("args, file, fragment", [
    (["barcode", "--format", "qr", "--output", "{}", "1"], "x.jpg", "ends in .jpg, but --output writes PNG (.png)"),
    (["card", "export", "{}"], "backup.xml", "ends in .xml, but card export writes json (.json) or catima (.csv"),
    (["card", "export", "{}", "--format", "json"], "backup.csv", "ends in .csv, but card export writes json (.json)"),
    (["card", "export", "{}", "--format", "catima"], "backup.json", "card export writes catima (.csv, or .zip"),
    (["card", "show", "Cafe", "--png", "{}"], "x.jpeg", "--png writes PNG (.png)"),
    (["card", "show", "Cafe", "--pdf", "{}"], "x.png", "--pdf writes PDF (.pdf)"),
    (["open", "wallet://", "--png", "{}"], "x.gif", "--png writes PNG (.png)"),
])
def test_an_extension_that_contradicts_the_format_is_refused(wallet, tmp_path, args, file, fragment):
    add(wallet, "Cafe", "CAFE-1", "--format", "qr")
    target = tmp_path / file
    refused(wallet, *[str(target) if a == "{}" else a for a in args], fragment=fragment)
    assert not target.exists()


def test_widget_render_refuses_a_jpeg_name_and_takes_png_and_pdf(wallet, tmp_path):
    add(wallet, "Cafe", "CAFE-1", "--format", "qr")
    widget = wallet.run("widget", "add", "--family", "small", "--cards", "Cafe").stdout.strip()
    out = tmp_path / "out"
    out.mkdir()
    refused(wallet, "widget", "render", widget, "--output", out / "w.jpg", fragment="PNG (.png) or PDF (.pdf)")
    assert list(out.iterdir()) == []
    wallet.run("widget", "render", widget, "--output", out / "w.PNG")
    wallet.run("card", "export", out / "backup")  # no extension: the user's choice (json)
    assert json.loads((out / "backup").read_text())["cards"]


def test_hints_are_pasteable(wallet):
    add(wallet, "Gym Pass (no barcode)", "1")
    line = refused(wallet, "card", "shwo", "Gym Pass (no barcode)")
    hint = re.search(r"`(wallet [^`]*)`", line).group(1)
    assert shlex.split(hint) == ["wallet", "card", "show", "Gym Pass (no barcode)"]


@pytest.mark.parametrize("typed", ["Kaes", "Ladne", "Kse Laden", "kaese"])
def test_no_match_offers_the_close_one(wallet, typed):
    add(wallet, "Käse Laden", "1")
    add(wallet, "Book Nook", "2")
    line = refused(wallet, "card", "show", typed, fragment=f"no card matches '{typed}'")
    assert "did you mean 'Käse Laden'?" in line, line


def test_no_match_without_a_close_one_says_only_how(wallet):
    add(wallet, "Käse Laden", "1")
    line = refused(wallet, "card", "edit", "Zebra", "--note", "x", fragment="no card matches 'Zebra'")
    assert "did you mean" not in line


def test_tap_outside_says_the_size_in_plain_words(wallet):
    add(wallet, "Cafe", "CAFE-1", "--format", "qr")
    widget = wallet.run("widget", "add", "--family", "small", "--cards", "Cafe").stdout.strip()
    line = refused(wallet, "widget", "tap", widget, 400, 10)
    assert "(400, 10) is outside the widget, which is 170 points wide and 170 high" in line, line
    assert "..<" not in line


def test_edit_and_remove_say_what_changed_unless_quiet(wallet):
    card = add(wallet, "Tesco", "123", "--format", "code128")
    other = add(wallet, "Cafe", "9")
    assert wallet.run("card", "edit", "Tesco", "--store", "Tesco Extra", "--format", "qr").stdout == \
        f"edited Tesco Extra ({card[:8]}): format 'code128' -> 'qr', store 'Tesco' -> 'Tesco Extra'\n"
    assert wallet.run("card", "edit", "Tesco Extra", "--format", "qr").stdout == \
        f"Tesco Extra ({card[:8]}) unchanged: it already had these values\n"
    assert wallet.run("card", "edit", "Tesco Extra", "--favorite", "--quiet").stdout == ""
    small = wallet.run("widget", "add", "--family", "small", "--cards", "Tesco Extra").stdout.strip()
    medium = wallet.run("widget", "add", "--family", "medium", "--cards", "Cafe,Tesco Extra").stdout.strip()
    assert wallet.run("card", "remove", "Tesco Extra").stdout == \
        f"removed Tesco Extra ({card[:8]}); widgets {small[:8]} (small), {medium[:8]} (medium) no longer show it\n"
    assert wallet.run("card", "remove", "Cafe", "-q").stdout == ""
    assert json.loads(wallet.run("card", "list", "--json").stdout) == []
    assert other


def test_man_pages_have_examples_and_see_only_installed_pages(tmp_path):
    run = subprocess.run([sys.executable, str(ROOT / "dist/manpages.py"), WALLET_BIN, str(tmp_path)],
                         capture_output=True, text=True, timeout=120, check=True)
    names = set(run.stdout.split())
    assert "wallet-help.1" not in names
    for name in names:
        text = (tmp_path / name).read_text()
        for ref in re.findall(r"^\.Xr (\S+) 1", text, re.M):
            assert f"{ref}.1" in names, (name, ref)
    add_page = (tmp_path / "wallet-card-add.1").read_text()
    assert ".Sh EXAMPLES" in add_page and 'wallet card add --store "Käse Laden"' in add_page
    assert ".Sh EXAMPLES" in (tmp_path / "wallet-widget-render.1").read_text()
    root_page = (tmp_path / "wallet.1").read_text()
    assert "$WALLET_HOME" in root_page and "~/.local/share/wallet" in root_page
    share_page = (tmp_path / "wallet-card-share.1").read_text()
    assert "https://catima.app/share#..." in share_page and "Https://" not in share_page
    lint = subprocess.run(["mandoc", "-T", "lint", "-W", "warning", *sorted(str(tmp_path / n) for n in names)],
                          capture_output=True, text=True, timeout=120)
    assert lint.returncode == 0 and lint.stdout == "", lint.stdout
