"""A wallet whose directory cannot be written (a backup on read-only media, another user's
wallet shared read-only) is still read: SQLite cannot create the -shm file a WAL read needs,
so the database is opened immutable and the command says it reads a snapshot."""
import json
import os
import shutil
import subprocess
import tempfile

import pytest

from conftest import WALLET_BIN, one_line_failure
from other_user import runnable_copy

DEADLINE = 30


@pytest.fixture
def read_only_wallet(wallet):
    """A wallet with two cards in a directory the user running `wallet` cannot write: as root,
    the commands run as nobody (root ignores permission bits); otherwise the directory is 0500."""
    shared = tempfile.mkdtemp(prefix="wallet-ro-")
    os.chmod(shared, 0o755)
    home = os.path.join(shared, "home")
    env = dict(wallet.env, WALLET_HOME=home)
    for store, code in (("Bakery", "BAKE-1"), ("Library", "LIB-2")):
        wallet.run("card", "add", "--store", store, "--code", code, "--format", "qr", env={"WALLET_HOME": home})
    for name in os.listdir(home):
        os.chmod(os.path.join(home, name), 0o644)
    prefix, program = [], WALLET_BIN
    if os.geteuid() == 0:
        program = runnable_copy(WALLET_BIN, os.path.join(shared, "bin"))
        os.chmod(home, 0o755)
        prefix = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
    else:
        os.chmod(home, 0o555)

    def run(*args):
        return subprocess.run(prefix + [program, *map(str, args)], capture_output=True, text=True, env=env,
                              timeout=DEADLINE)
    try:
        yield home, run
    finally:
        os.chmod(home, 0o755)
        shutil.rmtree(shared)


def test_card_list_on_a_read_only_wallet_reads_a_snapshot(read_only_wallet):
    home, run = read_only_wallet
    assert not os.path.exists(os.path.join(home, "wallet.sqlite-shm"))
    before = {name: os.stat(os.path.join(home, name)).st_mtime_ns for name in os.listdir(home)}
    listed = run("card", "list", "--json")
    assert listed.returncode == 0, listed.stderr
    assert sorted(card["store"] for card in json.loads(listed.stdout)) == ["Bakery", "Library"]
    assert "reading a snapshot" in listed.stderr and "read-only" in listed.stderr
    shown = run("card", "show", "Bakery")
    assert shown.returncode == 0 and "BAKE-1" in shown.stdout
    opened = run("open", "wallet://card/" + json.loads(listed.stdout)[0]["id"])
    assert opened.returncode == 0 and "not recorded" in opened.stderr
    assert "wallet" in one_line_failure(run("card", "add", "--store", "X", "--code", "2"))
    assert {name: os.stat(os.path.join(home, name)).st_mtime_ns for name in os.listdir(home)} == before
