"""Hostile input: every input is built here (lying zips, CRC flips, NUL and escape payloads,
symlinks, FIFOs, read-only wallets) and must be refused with one line, crash nothing and
change nothing."""
import json
import os
import shutil
import sqlite3
import stat
import struct
import subprocess
import tempfile
import threading
import zipfile

import pytest

from conftest import WALLET_BIN, one_line_failure, refused
from other_user import runnable_copy
from oracle import zxing_decode

HEADER = ("_id,store,note,validfrom,expiry,balance,balancetype,cardid,barcodeid,barcodetype,"
          "barcodeencoding,headercolor,starstatus,lastused,archive")
CARD_ID = "3f2504e0-4f89-11d3-9a0c-0305e82c3301"


def catima(*rows):
    return "\n".join(["2", "", "_id", "", HEADER, *rows, "", "cardId,groupId", ""])


def decoded(path):
    """The text of the one barcode zxing-cpp finds in the PNG at `path`."""
    [found] = zxing_decode(path)
    return found.text


def snapshot(wallet):
    """Everything stored: the card JSON (empty when there is no wallet)."""
    return wallet.run("card", "list", "--json", "--archived").stdout


def import_refused(wallet, path, *fragments):
    before = snapshot(wallet)
    line = one_line_failure(wallet.run("card", "import", path, check=False))
    for fragment in fragments:
        assert fragment in line, (fragment, line)
    assert snapshot(wallet) == before
    return line


def zip_with_csv(path, csv, method=zipfile.ZIP_DEFLATED):
    with zipfile.ZipFile(path, "w", method) as archive:
        archive.writestr("catima.csv", csv)
    return bytearray(path.read_bytes())


def patch_sizes(data, uncompressed):
    """Rewrites the uncompressed size of the one member in its local and central headers."""
    struct.pack_into("<I", data, 22, uncompressed)
    central = data.rindex(b"PK\x01\x02")
    struct.pack_into("<I", data, central + 24, uncompressed)
    return data


# Archives that lie


def test_member_inflating_past_its_declared_size_is_stopped(wallet, tmp_path):
    csv = catima("1,Shop,,,,0,,1,,,,-1,0,0,0") + "\n" * 4_000_000
    path = tmp_path / "bomb.zip"
    path.write_bytes(patch_sizes(zip_with_csv(path, csv), 100))
    import_refused(wallet, path, "bomb.zip", "inflates to more than the 100 bytes it declares")


def test_member_declaring_more_than_the_limit_is_refused_unread(wallet, tmp_path):
    path = tmp_path / "huge.zip"
    path.write_bytes(patch_sizes(zip_with_csv(path, catima("1,Shop,,,,0,,1,,,,-1,0,0,0")), 100 * 1024 * 1024))
    import_refused(wallet, path, "catima.csv", "over the 64 MB limit")


def test_flipped_byte_fails_the_crc_check(wallet, tmp_path):
    path = tmp_path / "flipped.zip"
    data = zip_with_csv(path, catima("1,Shop,,,,0,,12345,,,,-1,0,0,0"), zipfile.ZIP_STORED)
    data[data.index(b"12345")] = ord("9")
    path.write_bytes(data)
    import_refused(wallet, path, "CRC")


# Memory bounds


def test_import_file_over_the_limit_is_refused_before_reading(wallet, tmp_path):
    path = tmp_path / "big.csv"
    with open(path, "wb") as file:
        file.truncate(65 * 1024 * 1024)  # sparse: costs no disk
    import_refused(wallet, path, "over the 64 MB import limit")


def test_csv_record_and_field_caps(wallet, tmp_path):
    blank = tmp_path / "blank.csv"
    blank.write_text("2\n" + "\n" * 100_001)
    import_refused(wallet, blank, "more than 100000 CSV records")
    wide = tmp_path / "wide.csv"
    wide.write_text(catima("1" + "," * 5000))
    import_refused(wallet, wide, "line 6", "more than 1000 fields")
    long = tmp_path / "long.csv"
    long.write_text(catima('1,Shop,"' + "n" * 70_000 + '",,,0,,1,,,,-1,0,0,0'))
    import_refused(wallet, long, "line 6", "longer than 65536 bytes")


def test_progress_line_only_on_a_terminal(wallet, tmp_path):
    rows = [f"{index},Shop {index},{'n' * 200},,,0,,{index},,,,-1,0,0,0" for index in range(1, 5001)]
    path = tmp_path / "large.csv"
    path.write_text(catima(*rows))
    assert path.stat().st_size > 1024 * 1024
    run = wallet.run("card", "import", path)
    assert run.stdout == "added 5000, skipped 0\n" and run.stderr == ""


# Crashes


@pytest.mark.parametrize("field,row", [
    ("expiry", "1,Shop,,,-9223372036854775808,0,,1,,,,-1,0,0,0"),
    ("expiry", "1,Shop,,,9223372036854775807,0,,1,,,,-1,0,0,0"),
    ("validfrom", "1,Shop,,-9223372036854775808,,0,,1,,,,-1,0,0,0"),
    ("lastused", "1,Shop,,,,0,,1,,,,-1,0,9223372036854775807,0"),
])
def test_extreme_timestamps_are_refused_not_a_crash(wallet, tmp_path, field, row):
    path = tmp_path / "dates.csv"
    path.write_text(catima(row))
    run = wallet.run("card", "import", path, check=False)
    assert run.returncode in (0, 1), run.stderr  # never a signal
    if run.returncode:
        assert field in one_line_failure(run)


# Silent truncation and terminal injection


@pytest.mark.parametrize("payload,shown", [
    ("Sh\x00op", "U+0000"), ("\x1b[31mRed", "U+001B"), ("Bell\x07", "U+0007"), ("Back\x08space", "U+0008"),
    ("C1\x9bcontrol", "U+009B"), ("evil\u202etxt.exe", "U+202E"),
])
def test_control_characters_are_refused_everywhere(wallet, tmp_path, payload, shown):
    if "\x00" not in payload:  # an argv string cannot hold NUL: only files can bring one
        line = refused(wallet, "card", "add", "--store", payload, "--code", "1", fragment="store name contains")
        assert shown in line and "\x1b" not in line
        refused(wallet, "card", "add", "--store", "Shop", "--code", "1", "--note", "n" + payload, fragment=shown)
        refused(wallet, "card", "add", "--store", "Shop", "--code", "1", "--group", payload, fragment="group name")
    csv = tmp_path / "ctl.csv"
    csv.write_text(catima("1,Good,,,,0,,1,,,,-1,0,0,0", f"2,Shop,,,,0,,1{payload},,,,-1,0,0,0"))
    import_refused(wallet, csv, "line 7", "card number contains", shown)
    document = tmp_path / "ctl.json"
    document.write_text(json.dumps([{"store": "Shop", "code": "1", "note": "kept\n" + payload}]))
    run = wallet.run("card", "import", document)  # an optional field costs that line, with a warning
    assert "note line 2 contains" in run.stderr and shown in run.stderr
    assert json.loads(snapshot(wallet))[0]["note"] == "kept"


def test_notes_keep_line_breaks_and_tabs(wallet):
    wallet.run("card", "add", "--store", "Shop", "--code", "1", "--note", "line one\n\tline two")
    assert json.loads(snapshot(wallet))[0]["note"] == "line one\n\tline two"


def test_text_stored_by_an_older_wallet_is_escaped_on_output(wallet, tmp_path):
    card = wallet.run("card", "add", "--store", "Shop", "--code", "1", "--format", "qr", "--note", "n").stdout.strip()
    db = sqlite3.connect(wallet.home / "wallet.sqlite")
    db.execute("UPDATE card SET store = ?, note = ? WHERE id = ?", ("Sh\x1b]0;pwned\x07op", "a\x1b[2Jb\u202e", card))
    db.commit()
    db.close()
    for args in (["card", "list"], ["card", "show", card], ["open", f"wallet://card/{card}"], ["open", "wallet://"]):
        run = wallet.run(*args)
        for raw in ("\x1b]", "\x1b[2J", "\x07", "\u202e"):
            assert raw not in run.stdout and raw not in run.stderr, (args, run.stdout)
        assert "\\u{1B}" in run.stdout, (args, run.stdout)
    bad = refused(wallet, "card", "show", "Sh\x1bop")
    assert "\x1b" not in bad


# Limits and messages


def test_length_caps(wallet):
    refused(wallet, "card", "add", "--store", "S" * 201, "--code", "1", fragment="store name is 201 characters long, over the limit of 200")
    refused(wallet, "card", "add", "--store", "S", "--code", "1" * 513, fragment="over the limit of 512")
    refused(wallet, "card", "add", "--store", "S", "--code", "1", "--note", "n" * 10_001, fragment="over the limit of 10000")
    wallet.run("card", "add", "--store", "S" * 200, "--code", "1" * 512, "--note", "n" * 10_000)


def test_argument_errors_are_one_line(wallet):
    for args in (["card", "add", "--store"], ["card", "frobnicate"], ["barcode", "--bogus"], ["widget", "add"]):
        run = wallet.run(*args, check=False)
        line = one_line_failure(run)
        assert line.startswith("Error: ") and "Usage" not in line, line
    assert wallet.run("card", "--help").stdout.startswith("OVERVIEW")


def test_bar_height_is_bounded(wallet, tmp_path):
    refused(wallet, "barcode", "--format", "code128", "--output", tmp_path / "b.png", "--bar-height", "100000",
            "X", fragment="--bar-height must be 1 to 4096")


def test_batch_file_bom_is_not_encoded(wallet, tmp_path):
    batch = tmp_path / "batch.txt"
    batch.write_bytes(b"\xef\xbb\xbfFIRST\nSECOND\n")
    wallet.run("barcode", "--format", "qr", "--batch", batch, "--output-dir", tmp_path / "out")
    assert decoded(tmp_path / "out" / "00001.png") == "FIRST"


@pytest.mark.parametrize("now", ["2026-02-30T10:00:00+01:00", "10000-01-01T00:00:00Z", "2026-13-01T00:00:00.5Z"])
def test_impossible_clock_dates_are_refused(wallet, now):
    run = wallet.run("card", "add", "--store", "S", "--code", "1", check=False, env={"WALLET_NOW": now})
    assert "WALLET_NOW" in one_line_failure(run)


def test_deep_link_host_case_is_ignored(wallet):
    card = wallet.run("card", "add", "--store", "Shop", "--code", "1").stdout.strip()
    for url in (f"wallet://card/{card}", f"wallet://CARD/{card}", f"WALLET://Card/{card.upper()}"):
        assert "Shop" in wallet.run("open", url).stdout


def test_file_name_near_the_limit_exports(wallet, tmp_path):
    wallet.run("card", "add", "--store", "Shop", "--code", "1")
    target = tmp_path / ("e" * 250 + ".json")
    wallet.run("card", "export", target)
    assert json.loads(target.read_text())


# Filesystem trust


def test_existing_home_keeps_its_mode(wallet, tmp_path):
    wallet.home.mkdir()
    os.chmod(wallet.home, 0o1777)
    wallet.run("card", "add", "--store", "Shop", "--code", "1")
    wallet.run("widget", "add", "--family", "small")
    assert stat.S_IMODE(wallet.home.stat().st_mode) == 0o1777
    fresh = tmp_path / "fresh" / "wallet"
    wallet.run("card", "add", "--store", "Shop", "--code", "1", env={"WALLET_HOME": str(fresh)})
    assert stat.S_IMODE(fresh.stat().st_mode) == 0o700


def test_symlinked_database_and_lock_are_refused(wallet, tmp_path):
    wallet.home.mkdir(mode=0o700)
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    os.chmod(victim, 0o644)
    (wallet.home / "wallet.sqlite").symlink_to(victim)
    refused(wallet, "card", "add", "--store", "S", "--code", "1", fragment="symbolic link")
    refused(wallet, "card", "list", fragment="symbolic link")
    assert victim.read_text() == "precious" and stat.S_IMODE(victim.stat().st_mode) == 0o644
    (wallet.home / "wallet.sqlite").unlink()
    missing = tmp_path / "created-by-lock"
    (wallet.home / "widgets.lock").symlink_to(missing)
    refused(wallet, "widget", "add", "--family", "small", fragment="symbolic link")
    assert not missing.exists()


def test_widget_ids_must_be_uuids(wallet, tmp_path):
    wallet.run("widget", "add", "--family", "small")
    store = json.loads((wallet.home / "widgets.json").read_text())
    store["widgets"][0]["configuration"]["id"] = "../notes"
    (wallet.home / "widgets.json").write_text(json.dumps(store))
    refused(wallet, "widget", "render", "--all", "--output", tmp_path / "out", fragment="not a lower-case UUID")
    assert not (tmp_path / "out").exists() and not list(tmp_path.glob("notes*"))


def test_symlinked_snapshot_cache_is_never_used_or_pruned(wallet, tmp_path):
    wallet.run("card", "add", "--store", "Shop", "--code", "1", "--format", "qr")
    widget = wallet.run("widget", "add", "--family", "small", "--cards", "Shop").stdout.strip()
    victim = tmp_path / "photos"
    victim.mkdir()
    for index in range(300):
        (victim / f"{index:064x}.png").write_bytes(b"mine")
    wallet.home.joinpath("snapshots").symlink_to(victim)
    out = tmp_path / "w.png"
    wallet.run("widget", "render", widget, "--output", out)
    assert len(list(victim.iterdir())) == 300 and all(p.read_bytes() == b"mine" for p in victim.iterdir())
    assert decoded(out) == "1"


def test_truncated_cached_snapshot_is_rendered_again(wallet, tmp_path):
    wallet.run("card", "add", "--store", "Shop", "--code", "CUT-1", "--format", "qr")
    widget = wallet.run("widget", "add", "--family", "small", "--cards", "Shop").stdout.strip()
    wallet.run("widget", "render", widget, "--output", tmp_path / "first.png")
    [cached] = list((wallet.home / "snapshots").glob("*.png"))
    cached.write_bytes(cached.read_bytes()[:200])
    wallet.run("widget", "render", widget, "--output", tmp_path / "second.png")
    assert (tmp_path / "second.png").read_bytes() == (tmp_path / "first.png").read_bytes()
    assert decoded(tmp_path / "second.png") == "CUT-1"


def test_outputs_to_fifos_devices_and_links_keep_their_kind(wallet, tmp_path):
    card = wallet.run("card", "add", "--store", "Shop", "--code", "LINK-1", "--format", "qr").stdout.strip()
    real = tmp_path / "real.png"
    real.write_bytes(b"old")
    link = tmp_path / "link.png"
    link.symlink_to(real)
    wallet.run("card", "show", card, "--png", link)
    assert link.is_symlink() and decoded(real) == "LINK-1"
    wallet.run("barcode", "--format", "qr", "--output", "/dev/null", "X")
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    received = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()))
    reader.start()
    wallet.run("barcode", "--format", "qr", "--output", fifo, "FIFO")
    reader.join(timeout=30)
    assert not reader.is_alive() and received[0].startswith(b"\x89PNG")
    assert stat.S_ISFIFO(fifo.lstat().st_mode)


def test_render_all_is_staged_and_private(wallet, tmp_path):
    wallet.run("card", "add", "--store", "Shop", "--code", "ALL-1", "--format", "qr")
    for family in ("small", "medium"):
        wallet.run("widget", "add", "--family", family)
    out = tmp_path / "out"
    paths = wallet.run("widget", "render", "--all", "--output", out).stdout.split()
    assert sorted(paths) == sorted(str(p) for p in out.iterdir()) and len(paths) == 2
    assert all(stat.S_IMODE(os.stat(p).st_mode) == 0o600 for p in paths)
    assert not [p for p in tmp_path.iterdir() if "staging" in p.name]


# Reads that write


def wallet_state(home):
    """Inode, mtime and content of every file the wallet keeps. SQLite's shared-memory index
    (`-shm`), which any reader of a WAL database maps, is not wallet data; the WAL must stay empty."""
    wal = home / "wallet.sqlite-wal"
    assert not wal.exists() or wal.stat().st_size == 0
    return {p.name: (p.stat().st_ino, p.stat().st_mtime_ns, p.read_bytes())
            for p in sorted(home.iterdir()) if not p.name.endswith(("-shm", "-wal"))}


def test_read_commands_write_nothing(wallet, tmp_path):
    card = wallet.run("card", "add", "--store", "Shop", "--code", "1", "--format", "qr").stdout.strip()
    before = wallet_state(wallet.home)
    wallet.run("card", "list")
    wallet.run("card", "show", card)
    wallet.run("card", "export", tmp_path / "e.json")
    assert wallet_state(wallet.home) == before


def test_read_only_wallet_still_shows_cards(wallet):
    """Root ignores permission bits, so the read-only wallet is read by an unprivileged user:
    the database file is root's and read-only to them (the directory is theirs, as SQLite's
    readers of a WAL database need to create its shared-memory index)."""
    shared = tempfile.mkdtemp(prefix="wallet-ro-")
    try:
        os.chmod(shared, 0o755)
        home = os.path.join(shared, "home")
        env = dict(wallet.env, WALLET_HOME=home)
        card = wallet.run("card", "add", "--store", "Shop", "--code", "1", env={"WALLET_HOME": home}).stdout.strip()
        os.chown(home, 65534, 65534)
        os.chmod(os.path.join(home, "wallet.sqlite"), 0o644)
        before = os.stat(os.path.join(home, "wallet.sqlite"))
        program = runnable_copy(WALLET_BIN, os.path.join(shared, "bin"))
        as_nobody = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", program]
        for args in (["card", "list"], ["card", "show", card], ["card", "export", "/dev/null", "--format", "json"]):
            run = subprocess.run(as_nobody + args, capture_output=True, text=True, env=env)
            assert run.returncode == 0, (args, run.stderr)
            assert args[1] == "export" or "Shop" in run.stdout
        line = one_line_failure(subprocess.run(as_nobody + ["card", "add", "--store", "X", "--code", "2"],
                                               capture_output=True, text=True, env=env))
        assert "wallet" in line
        after = os.stat(os.path.join(home, "wallet.sqlite"))
        assert (after.st_mode, after.st_mtime_ns, after.st_ino) == (before.st_mode, before.st_mtime_ns, before.st_ino)
    finally:
        shutil.rmtree(shared)


def test_widget_side_reports_an_unusable_container(wallet, tmp_path):
    blocker = tmp_path / "blocker"
    blocker.write_text("a file")
    env = {"WALLET_HOME": str(blocker / "wallet")}
    for args, expected in ((["card", "list"], "is a file, not a directory"), (["widget", "list"], "Not a directory")):
        line = one_line_failure(wallet.run(*args, check=False, env=env))
        assert expected in line, (args, line)


def test_batch_file_over_the_limit_is_refused(wallet, tmp_path):
    batch = tmp_path / "huge.txt"
    with open(batch, "wb") as file:
        file.truncate(65 * 1024 * 1024)
    refused(wallet, "barcode", "--format", "qr", "--batch", batch, "--output-dir", tmp_path / "out",
            fragment="over the 64 MB limit")
    assert not (tmp_path / "out").exists()
