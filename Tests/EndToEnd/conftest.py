"""Shared fixtures for the end-to-end checks: the `wallet` binary and a private home."""
import fcntl
import os
import pty
import select
import struct
import subprocess
import termios
import time
from pathlib import Path

import pytest

WALLET_BIN = os.environ.get("WALLET_BIN") or str(Path(__file__).resolve().parents[2] / ".build/debug/wallet")
# Seconds one CLI run may take before the test fails instead of hanging (a debug build on a
# loaded machine takes a few seconds for the largest imports).
RUN_TIMEOUT = 120


class Wallet:
    """Runs the CLI with a private `WALLET_HOME` and a fixed clock."""

    def __init__(self, home, now="2026-11-22T09:30:00Z"):
        self.home = Path(home)
        self.env = dict(os.environ, WALLET_HOME=str(self.home), WALLET_NOW=now)
        # Without a terminal and with a display, `wallet open` opens a window: tests name a display
        # only where they want one.
        for name in ("DISPLAY", "WAYLAND_DISPLAY"):
            self.env.pop(name, None)
        # Color on a (pseudo-)terminal is decided by NO_COLOR and TERM, the width by COLUMNS (which
        # pytest-xdist's workers inherit set to 80): tests that want them set them.
        for name in ("NO_COLOR", "COLUMNS", "LINES"):
            self.env.pop(name, None)
        self.env["TERM"] = "xterm-256color"

    def run(self, *args, check=True, input=None, env=None):
        run = subprocess.run(
            [WALLET_BIN, *map(str, args)], capture_output=True, text=True, input=input,
            env=dict(self.env, **(env or {})), timeout=RUN_TIMEOUT,
        )
        if check and run.returncode != 0:
            raise AssertionError(f"wallet {' '.join(map(str, args))} exited {run.returncode}: {run.stderr}")
        return run


def one_line_failure(run):
    """The single stderr line of a failed run (CLI.md: one line, non-zero exit)."""
    assert run.returncode != 0, f"expected a failure, got exit 0: {run.stdout}"
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1, run.stderr
    return lines[0]


def refused(wallet, *args, fragment=None):
    """Runs a command that must fail with one line on stderr (containing `fragment`); returns it."""
    line = one_line_failure(wallet.run(*args, check=False))
    if fragment:
        assert fragment in line, line
    return line


@pytest.fixture
def wallet(tmp_path):
    return Wallet(tmp_path / "home")



def run_in_terminal(wallet, *args, columns=80, stdout_on_terminal=True, env=None, deadline=30.0):
    """Runs wallet with stderr (and stdout, unless `stdout_on_terminal` is false: then a pipe) on a
    pseudo-terminal `columns` wide, stdin closed. Returns (exit code, stdout when piped else None,
    everything the terminal showed, with its CR LF line ends)."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
    process = subprocess.Popen([WALLET_BIN, *map(str, args)], stdin=subprocess.DEVNULL,
                               stdout=slave if stdout_on_terminal else subprocess.PIPE, stderr=slave,
                               env=dict(wallet.env, **(env or {})))
    os.close(slave)
    received = b""
    end = time.monotonic() + deadline
    while True:
        remaining = end - time.monotonic()
        assert remaining > 0, "no end of output within the deadline"
        if not select.select([master], [], [], remaining)[0]:
            continue
        try:
            chunk = os.read(master, 65536)
        except OSError:  # EIO: the last writer closed the terminal
            break
        if not chunk:
            break
        received += chunk
    os.close(master)
    stdout = None if stdout_on_terminal else process.stdout.read().decode()
    return process.wait(deadline), stdout, received.decode()


@pytest.fixture(scope="session")
def issuer(tmp_path_factory):
    """The real PassKit web service of passkit_server.py (django-walletpass), one for the whole run:
    Django is configured once per process, and several test files pull from it."""
    import passkit_server
    directory = tmp_path_factory.mktemp("passkit")
    server = passkit_server.PassKitServer(directory)
    passkit_server.configure(directory, server.url)
    yield server
    server.stop()
