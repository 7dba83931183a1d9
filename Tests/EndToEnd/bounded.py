"""Runs `wallet` under a deadline and measures its peak resident memory with /usr/bin/time -v,
for the trust checks: every hostile input must end in time and within a memory ceiling."""
import re
import subprocess
from dataclasses import dataclass

from conftest import WALLET_BIN


@dataclass
class Measured:
    returncode: int
    stdout: str
    stderr: str
    peak_mb: float


def measured(wallet, *args, deadline=30.0, env=None, stdin=subprocess.DEVNULL):
    """Runs `wallet ARGS` with the fixture's environment; fails the test when it outlives
    `deadline` seconds (the process is killed). Returns its output and peak RSS in MB."""
    run = subprocess.run(
        ["/usr/bin/time", "-v", WALLET_BIN, *map(str, args)], capture_output=True, text=True,
        env=dict(wallet.env, **(env or {})), timeout=deadline, stdin=stdin)
    peak = re.search(r"Maximum resident set size \(kbytes\): (\d+)", run.stderr)
    assert peak, run.stderr
    stderr = run.stderr[:run.stderr.rfind("\tCommand being timed")]
    returncode = run.returncode
    exited = re.search(r"Command exited with non-zero status (\d+)", stderr)
    if exited:
        stderr = stderr[:exited.start()]
    return Measured(returncode, run.stdout, stderr, int(peak.group(1)) / 1024)
