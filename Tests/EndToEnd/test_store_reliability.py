"""The store never loses or half-writes data: concurrent processes, SIGKILL mid-write, and files
that are not (or no longer) a wallet database.

The widget side reads through `CardReader` while the app side writes: `widget options` and
`widget render` run in a loop beside the writers (and, in-process, the Swift test
`StoreReliabilityTests.readerReadsWhileTwoWritersWrite`).
"""
import json
import random
import signal
import sqlite3
import subprocess
import threading
import time

import pytest

from conftest import RUN_TIMEOUT, WALLET_BIN, one_line_failure


def cards(wallet):
    return json.loads(wallet.run("card", "list", "--json", "--archived").stdout)


def test_two_writers_a_lister_and_a_widget_reader_never_fail(wallet, tmp_path):
    wallet.run("card", "list")
    widget = wallet.run("widget", "add", "--family", "medium", "--mode", "recent").stdout.strip()
    errors = []
    stop = threading.Event()
    listings = []
    options = []

    def writer(prefix):
        for index in range(100):
            run = wallet.run("card", "add", "--store", f"{prefix} {index}", "--code", str(index), check=False)
            if run.returncode != 0:
                errors.append(run.stderr)

    def lister():
        while not stop.is_set():
            run = wallet.run("card", "list", "--json", check=False)
            if run.returncode != 0:
                errors.append(run.stderr)
            else:
                listings.append(len(json.loads(run.stdout)))

    def widget_reader():
        """The widget side: options and renders read through CardReader, never write cards."""
        while not stop.is_set():
            run = wallet.run("widget", "options", widget, "--json", check=False)
            if run.returncode != 0:
                errors.append(run.stderr)
            else:
                options.append(len(json.loads(run.stdout)))
            run = wallet.run("widget", "render", widget, "--output", tmp_path / "widget.png", check=False)
            if run.returncode != 0:
                errors.append(run.stderr)

    threads = [threading.Thread(target=writer, args=(p,)) for p in ("A", "B")]
    watchers = [threading.Thread(target=lister), threading.Thread(target=widget_reader)]
    for thread in watchers + threads:
        thread.start()
    for thread in threads:
        thread.join()
    stop.set()
    for thread in watchers:
        thread.join()
    assert errors == []
    assert listings and listings == sorted(listings), "a listing went backwards"
    assert options and options == sorted(options), "the widget options went backwards"
    stored = {card["store"] for card in cards(wallet)}
    assert stored == {f"{p} {i}" for p in ("A", "B") for i in range(100)}


def note_for(index):
    """A large note (near the 10,000-character cap, several database pages) that says which
    write it belongs to."""
    return f"write {index}\n" + (f"{index:06d}" * 1_650)


def wal_state(wallet):
    """What the write-ahead log looks like now (None: no -wal file): a writer that has reached
    the database changes it (creates, grows or rewrites it)."""
    try:
        status = (wallet.home / "wallet.sqlite-wal").stat()
    except FileNotFoundError:
        return None
    return (status.st_ino, status.st_size, status.st_mtime_ns)


def kill_during(wallet, args, rng, deadline=20.0):
    """Starts `wallet args`, waits until it has visibly started writing (the WAL changed), waits
    a random moment more (0-20 ms from `rng`), and SIGKILLs it. Returns (killed, returncode):
    killed is True only when the signal hit a live process, which is what the callers count."""
    before = wal_state(wallet)
    process = subprocess.Popen([WALLET_BIN, *args], env=wallet.env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    give_up = time.monotonic() + deadline
    while process.poll() is None and wal_state(wallet) == before:
        if time.monotonic() > give_up:
            process.kill()
            process.communicate()
            raise AssertionError(f"wallet {args[:2]} showed no write within {deadline} s")
        time.sleep(0.000_2)
    time.sleep(rng.uniform(0, 0.02))
    alive = process.poll() is None
    if alive:
        process.send_signal(signal.SIGKILL)
    process.communicate(timeout=RUN_TIMEOUT)
    return alive and process.returncode == -signal.SIGKILL, process.returncode


def test_sigkill_mid_write_leaves_complete_writes_only(wallet):
    seed = 20261122
    rng = random.Random(seed)
    wallet.run("card", "add", "--store", "Calibration", "--code", "0", "--note", note_for(0))
    finished, killed = set(), set()
    index = 0
    while len(killed) < 10 and index < 120:  # until ten kills really hit a writer
        index += 1
        args = ["card", "add", "--store", f"Kill {index}", "--code", str(index), "--note", note_for(index)]
        hit, code = kill_during(wallet, args, rng)
        if hit:
            killed.add(index)
        elif code == 0:
            finished.add(index)
        else:
            raise AssertionError(f"wallet card add exited {code} without being killed (seed {seed})")
    assert len(killed) >= 10, f"only {len(killed)} of {index} runs were killed while writing (seed {seed})"
    stored = [card for card in cards(wallet) if card["store"].startswith("Kill ")]
    indices = {int(card["store"].split()[1]) for card in stored}
    assert finished <= indices, f"a write that reported success is missing (seed {seed})"
    for card in stored:
        assert card["note"] == note_for(int(card["store"].split()[1])), f"a half-written note (seed {seed})"
    # the database is intact and still writable
    check = sqlite3.connect(f"file:{wallet.home / 'wallet.sqlite'}?mode=ro", uri=True)
    assert check.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    check.close()
    wallet.run("card", "add", "--store", "After", "--code", "1")


def test_sigkill_during_an_edit_keeps_old_or_new_note(wallet):
    seed = 7
    rng = random.Random(seed)
    card_id = wallet.run("card", "add", "--store", "Edited", "--code", "1", "--note", note_for(0)).stdout.strip()
    seen = {0}
    kills = 0
    index = 0
    while kills < 8 and index < 100:  # until eight kills really hit an edit
        index += 1
        hit, code = kill_during(wallet, ["card", "edit", card_id, "--note", note_for(index)], rng)
        kills += hit
        assert hit or code == 0, f"wallet card edit exited {code} without being killed (seed {seed})"
        [card] = cards(wallet)
        current = int(card["note"].split("\n")[0].split()[1])
        assert card["note"] == note_for(current), f"a half-written note (seed {seed})"
        assert current in seen | {index}, f"note {current} after writing {index} (seed {seed})"
        if not hit:
            assert current == index, f"a finished edit is missing (seed {seed})"
        seen.add(current)
    assert kills >= 8, f"only {kills} of {index} edits were killed while writing (seed {seed})"


def test_non_database_file_is_refused_and_left_untouched(wallet):
    wallet.home.mkdir(mode=0o700)
    path = wallet.home / "wallet.sqlite"
    garbage = b"my shopping list, not a database\n" * 200
    path.write_bytes(garbage)
    for args in (["card", "list"], ["card", "add", "--store", "X", "--code", "1"], ["open", "wallet://"]):
        line = one_line_failure(wallet.run(*args, check=False))
        assert "is not a wallet database" in line and "left untouched" in line
    assert path.read_bytes() == garbage


def test_damaged_database_is_refused_and_left_untouched(wallet):
    wallet.run("card", "add", "--store", "Seed", "--code", "1", "--note", note_for(1))
    path = wallet.home / "wallet.sqlite"
    data = bytearray(path.read_bytes())
    assert not (wallet.home / "wallet.sqlite-wal").exists() or (wallet.home / "wallet.sqlite-wal").stat().st_size == 0
    for offset in range(4096, len(data), 4096):  # every page after the first: header intact
        data[offset:offset + 512] = b"\xa5" * 512
    path.write_bytes(bytes(data))
    line = one_line_failure(wallet.run("card", "list", check=False))
    assert "damaged" in line or "not a wallet database" in line
    assert path.read_bytes() == bytes(data)


def test_empty_file_is_a_new_wallet(wallet):
    wallet.home.mkdir(mode=0o700)
    (wallet.home / "wallet.sqlite").write_bytes(b"")
    wallet.run("card", "add", "--store", "First", "--code", "1")
    assert [c["store"] for c in cards(wallet)] == ["First"]


def test_foreign_database_is_refused(wallet):
    wallet.home.mkdir(mode=0o700)
    path = wallet.home / "wallet.sqlite"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE recipes (name TEXT)")
    db.commit()
    db.close()
    before = path.read_bytes()
    assert "did not create" in one_line_failure(wallet.run("card", "list", check=False))
    assert path.read_bytes() == before


def test_newer_schema_is_a_clear_error(wallet):
    wallet.run("card", "add", "--store", "Tesco", "--code", "1")
    db = sqlite3.connect(wallet.home / "wallet.sqlite")
    db.execute("INSERT INTO grdb_migrations VALUES ('v2: written by a newer wallet')")
    db.commit()
    db.close()
    line = one_line_failure(wallet.run("card", "list", check=False))
    assert "newer wallet" in line and "v2: written by a newer wallet" in line


def test_container_that_is_a_file_is_a_clear_error(wallet, tmp_path):
    blocker = tmp_path / "blocker"
    blocker.write_text("not a directory")
    line = one_line_failure(wallet.run("card", "list", check=False, env={"WALLET_HOME": str(blocker / "wallet")}))
    assert "is a file, not a directory" in line
    assert blocker.read_text() == "not a directory"


@pytest.mark.parametrize("round_", range(4))
def test_parallel_first_use_creates_one_wallet(wallet, round_):
    """Several processes opening a wallet that does not exist yet: one creates the schema, the
    others wait for it or start again from the migrations it applied; every add succeeds.
    (A race: each round is another chance for a process to lose it between two migrations.)"""
    processes = [
        subprocess.Popen([WALLET_BIN, "card", "add", "--store", f"First {index}", "--code", str(index)],
                         env=wallet.env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for index in range(8)
    ]
    results = [process.communicate(timeout=RUN_TIMEOUT) + (process.returncode,) for process in processes]
    assert [code for _, _, code in results] == [0] * 8, [err for _, err, _ in results]
    assert sorted(card["store"] for card in cards(wallet)) == [f"First {index}" for index in range(8)]


def test_parallel_upgrade_of_an_older_wallet(wallet):
    """Several processes opening a wallet whose schema lacks the last migration (v2's
    barcodeEncoding column): one adds the column, the others start again from what it left."""
    wallet.run("card", "add", "--store", "Before", "--code", "0")
    for _ in range(3):
        with sqlite3.connect(wallet.home / "wallet.sqlite") as db:
            db.execute("ALTER TABLE card DROP COLUMN barcodeEncoding")
            db.execute("DELETE FROM grdb_migrations WHERE identifier LIKE 'v2:%'")
        db.close()
        processes = [
            subprocess.Popen([WALLET_BIN, "card", "edit", "Before", "--note", str(index)],
                             env=wallet.env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            for index in range(6)
        ]
        results = [process.communicate(timeout=RUN_TIMEOUT) + (process.returncode,) for process in processes]
        assert [code for _, _, code in results] == [0] * 6, [err for _, err, _ in results]
        assert [card["barcodeEncoding"] for card in cards(wallet)] == [None]
