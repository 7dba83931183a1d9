"""End-to-end checks of the progress line: long batches and imports report on a terminal's
stderr (a pseudo-terminal here), redrawn in place and erased at the end; nothing when stderr is
not a terminal or the work is short; NO_COLOR and TERM=dumb drop the bold, and the black-on-white
colors of a terminal barcode (TerminalStyle decides both).
"""
from conftest import run_in_terminal

DEADLINE = 30.0
BOLD = "\x1b[1m"
ERASE = "\r\x1b[K"


def run_with_terminal_stderr(wallet, *args, env=None):
    """Runs wallet with stderr on a pseudo-terminal; returns (exit code, stdout, what the terminal got)."""
    return run_in_terminal(wallet, *args, stdout_on_terminal=False, env=env, deadline=DEADLINE)


def batch_file(tmp_path, count):
    path = tmp_path / "batch.txt"
    path.write_text("".join(f"MEMBER-{n:05d}\n" for n in range(count)))
    return path


def test_batch_shows_progress_on_a_terminal_and_erases_it(wallet, tmp_path):
    code, stdout, terminal = run_with_terminal_stderr(
        wallet, "barcode", "--format", "qr", "--batch", batch_file(tmp_path, 40), "--output-dir", tmp_path / "out",
        env={"WALLET_PROGRESS_AFTER": "0"})
    assert code == 0 and "wrote 40 qr barcodes" in stdout
    assert f"\rwriting qr barcodes {BOLD}40/40\x1b[0m (100%)\x1b[K" in terminal
    assert terminal.endswith(ERASE)
    assert len(list((tmp_path / "out").iterdir())) == 40


def test_no_color_drops_the_bold_but_not_the_line(wallet, tmp_path):
    code, _, terminal = run_with_terminal_stderr(
        wallet, "barcode", "--format", "code128", "--batch", batch_file(tmp_path, 10), "--output-dir", tmp_path / "out",
        env={"WALLET_PROGRESS_AFTER": "0", "NO_COLOR": "1"})
    assert code == 0
    assert "\rwriting code128 barcodes 10/10 (100%)\x1b[K" in terminal
    assert BOLD not in terminal and terminal.endswith(ERASE)


def test_short_work_shows_nothing_even_on_a_terminal(wallet, tmp_path):
    code, _, terminal = run_with_terminal_stderr(
        wallet, "barcode", "--format", "qr", "--batch", batch_file(tmp_path, 3), "--output-dir", tmp_path / "out")
    assert code == 0 and terminal == ""


def test_no_progress_when_stderr_is_not_a_terminal(wallet, tmp_path):
    run = wallet.run("barcode", "--format", "qr", "--batch", batch_file(tmp_path, 20), "--output-dir",
                     tmp_path / "out", env={"WALLET_PROGRESS_AFTER": "0"})
    assert run.stderr == ""


def test_import_shows_progress_on_a_terminal(wallet, tmp_path):
    rows = "".join(f"{n},Store {n},,CARD-{n},QR_CODE,-16776961,-1\n" for n in range(1, 51))
    export = tmp_path / "catima.csv"
    export.write_text("_id,store,note,cardid,barcodetype,headercolor,headertextcolor\n" + rows)
    code, stdout, terminal = run_with_terminal_stderr(
        wallet, "card", "import", export, env={"WALLET_PROGRESS_AFTER": "0"})
    assert code == 0 and stdout.strip() == "added 50, skipped 0"
    drawn, erased, after = terminal.rpartition(ERASE)
    assert f"\rimporting {export} {BOLD}50/50\x1b[0m (100%)\x1b[K" in drawn and erased
    assert "importing" not in after  # the line is gone before any warning is printed


def test_failed_batch_says_why_on_one_line_even_on_a_terminal(wallet, tmp_path):
    path = tmp_path / "batch.txt"
    path.write_text("ok\n" * 5 + "bad\n")
    code, _, terminal = run_with_terminal_stderr(
        wallet, "barcode", "--format", "ean13", "--batch", path, "--output-dir", tmp_path / "out",
        env={"WALLET_PROGRESS_AFTER": "0"})
    assert code != 0
    lines = [line for line in terminal.replace(ERASE, "").splitlines() if line.strip()]
    assert len(lines) == 1 and "line 1" in lines[0]
    assert not (tmp_path / "out").exists()


def test_terminal_barcode_is_colored_only_on_a_terminal_without_no_color_or_dumb(wallet, tmp_path):
    from oracle import terminal_to_png, zxing_decode
    plate = "\x1b[38;5;16;48;5;231m"
    code, _, colored = run_in_terminal(wallet, "barcode", "--format", "qr", "HELLO")
    assert code == 0 and plate in colored
    for env in ({"NO_COLOR": "1"}, {"TERM": "dumb"}):
        code, _, plain = run_in_terminal(wallet, "barcode", "--format", "qr", "HELLO", env=env)
        assert code == 0 and "\x1b" not in plain, env
        image = terminal_to_png(plain.replace("\r\n", "\n"), tmp_path / "plain.png", True)
        assert [d.text for d in zxing_decode(image)] == ["HELLO"]
    code, _, terminal = run_with_terminal_stderr(
        wallet, "barcode", "--format", "qr", "--batch", batch_file(tmp_path, 40), "--output-dir", tmp_path / "out",
        env={"WALLET_PROGRESS_AFTER": "0", "TERM": "dumb"})
    assert code == 0 and BOLD not in terminal and "40/40 (100%)" in terminal
