#!/usr/bin/env python3
"""`make mutants`: seeds one small, realistic bug at a time into a scratch copy of the repository,
builds it, runs the tests that cover that room, and reports each mutant killed (a test failed),
survived (every test passed: a missing test) or unbuildable (the mutant does not compile, which
says nothing about the tests).

The scratch copy is a git worktree in .build/mutants/tree (never the working tree): the working
tree's current files (tracked and new, not ignored) are copied over it first, only those that
differ, so its build stays incremental between runs. The mutants are listed in
Tests/Mutants/mutants.toml. A baseline run of every selected test on the unmutated copy comes
first: a test failing without a mutant would make every mutant look killed.

    Tests/Mutants/run.py [--list FILE] [--only ID ...] [--skip-baseline] [--check]

Exit status: 0 when every mutant was killed, 1 when one survived or the baseline failed, 2 when
the list needs mending (a mutant that no longer applies or does not compile, a missing key).
"""
import argparse
import os
import shutil
import signal
import subprocess
import sys
import time
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SCRATCH = REPO / ".build" / "mutants"
TREE = SCRATCH / "tree"
LOGS = SCRATCH / "logs"
SWIFT = os.environ.get("SWIFT", "swift")
PYTHON = os.environ.get("MUTANTS_PYTHON") or sys.executable  # make mutants runs this with .venv's python
BUILD_TIMEOUT = 1800  # seconds: a WalletCore mutant rebuilds most of the package on a shared machine
TEST_TIMEOUT = 900  # seconds for one mutant's tests (each test has its own deadlines)
# Ignored by git but needed by the build: the resolved dependency versions.
EXTRA_FILES = ["Package.resolved"]


@dataclass
class Mutant:
    """One seeded bug: `before` (exactly once in `file`, or first after `after`) becomes `mutated`."""
    id: str
    room: str
    file: str
    before: str
    mutated: str
    tests: list
    after: str = ""
    description: str = ""
    result: str = "not run"
    seconds: float = 0.0
    detail: str = field(default="")

    def apply(self, text):
        """The mutated source, or raises ValueError when `before` is not where the list says."""
        start = 0
        if self.after:
            start = text.find(self.after)
            if start < 0:
                raise ValueError(f"{self.file} no longer contains {self.after!r}")
        at = text.find(self.before, start)
        if at < 0:
            raise ValueError(f"{self.file} no longer contains {self.before!r}")
        if not self.after and text.find(self.before, at + 1) >= 0:
            raise ValueError(f"{self.before!r} occurs more than once in {self.file}: add `after`")
        return text[:at] + self.mutated + text[at + len(self.before):]


def fail(message):
    """A broken mutant list: says what is wrong and exits 2."""
    print(f"mutants: {message}", file=sys.stderr)
    sys.exit(2)


def load(path):
    """The mutants of the list at `path`, checked for the keys each needs."""
    data = tomllib.loads(path.read_text())
    mutants = []
    for entry in data.get("mutant", []):
        missing = {"id", "room", "file", "before", "mutated", "tests"} - set(entry)
        if missing:
            fail(f"mutant {entry.get('id', '?')} in {path} lacks {', '.join(sorted(missing))}")
        for test in entry["tests"]:
            if not test.startswith(("swift:", "pytest:")):
                fail(f"mutant {entry['id']}: test selection {test!r} must start with swift: or pytest:")
        mutants.append(Mutant(**entry))
    ids = [m.id for m in mutants]
    if len(ids) != len(set(ids)):
        fail(f"duplicate mutant ids in {path}")
    return mutants


def git(*args, cwd=REPO):
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True).stdout


def prepare_tree():
    """Creates the scratch worktree when missing and copies the working tree's files over it."""
    if not (TREE / ".git").exists():
        git("worktree", "prune")
        SCRATCH.mkdir(parents=True, exist_ok=True)
        git("worktree", "add", "--detach", str(TREE), "HEAD")
    wanted = set(git("ls-files", "-co", "--exclude-standard", "-z").split("\0")) - {""}
    wanted |= {name for name in EXTRA_FILES if (REPO / name).is_file()}
    # Symlinks stay symlinks (CPixbuf's include/gdk-pixbuf points at Debian's header directory).
    wanted = {name for name in wanted if (REPO / name).is_file() or (REPO / name).is_symlink()}
    for name in sorted(wanted):
        source, target = REPO / name, TREE / name
        if source.is_symlink():
            if not target.is_symlink() or os.readlink(target) != os.readlink(source):
                target.parent.mkdir(parents=True, exist_ok=True)
                target.unlink(missing_ok=True)
                os.symlink(os.readlink(source), target)
            continue
        if target.is_symlink() or not target.is_file() or target.read_bytes() != source.read_bytes():
            target.unlink(missing_ok=True)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)  # a fresh mtime: the build sees the change
            shutil.copymode(source, target)
    present = set(git("ls-files", "-co", "--exclude-standard", "-z", cwd=TREE).split("\0")) - {""}
    for name in present - wanted:
        (TREE / name).unlink(missing_ok=True)


def run_logged(command, log, timeout, env=None):
    """Runs `command` in the tree, appending its output to `log`; returns (exit status, timed out)."""
    with open(log, "a") as handle:
        handle.write(f"$ {' '.join(command)}\n")
        handle.flush()
        # A session of its own: at the deadline the whole group goes (a test's hosts included).
        process = subprocess.Popen(command, cwd=TREE, stdout=handle, stderr=subprocess.STDOUT,
                                   env=dict(os.environ, **(env or {})), start_new_session=True)
        try:
            return process.wait(timeout=timeout), False
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
            handle.write(f"timed out after {timeout} s\n")
            return None, True


def build(tests, log):
    """Builds what `tests` need: the test bundle for swift tests, else the wallet binary."""
    if any(test.startswith("swift:") for test in tests):
        command = [SWIFT, "build", "--build-tests"]
    else:
        command = [SWIFT, "build", "--product", "wallet"]
    status, timed_out = run_logged(command, log, BUILD_TIMEOUT)
    return status == 0 and not timed_out


def run_tests(tests, log):
    """'passed', 'failed' or 'timed out' for the selected tests (stops at the first failure)."""
    filters = [test.removeprefix("swift:") for test in tests if test.startswith("swift:")]
    nodes = [test.removeprefix("pytest:") for test in tests if test.startswith("pytest:")]
    if filters:
        command = [SWIFT, "test", "--skip-build"]
        for name in filters:
            command += ["--filter", name]
        status, timed_out = run_logged(command, log, TEST_TIMEOUT)
        if timed_out:
            return "timed out"
        if status != 0:
            return "failed"
    if nodes:
        env = {"WALLET_BIN": str(TREE / ".build" / "debug" / "wallet")}
        command = [PYTHON, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", *nodes]
        status, timed_out = run_logged(command, log, TEST_TIMEOUT, env=env)
        if timed_out:
            return "timed out"
        if status != 0:
            return "failed"
    return "passed"


def try_mutant(mutant):
    """Applies `mutant` to the tree, builds, tests, and always restores the original file."""
    path = TREE / mutant.file
    original = path.read_bytes()
    log = LOGS / f"{mutant.id}.log"
    log.unlink(missing_ok=True)
    started = time.monotonic()
    try:
        try:
            path.write_text(mutant.apply(original.decode()))
        except (ValueError, FileNotFoundError) as error:
            mutant.result, mutant.detail = "not applicable", str(error)
            return
        if not build(mutant.tests, log):
            mutant.result, mutant.detail = "unbuildable", f"see {log.relative_to(REPO)}"
            return
        outcome = run_tests(mutant.tests, log)
        mutant.result = "survived" if outcome == "passed" else "killed"
        mutant.detail = "" if outcome == "passed" else f"tests {outcome}"
    finally:
        path.write_bytes(original)
        mutant.seconds = time.monotonic() - started


def baseline(mutants):
    """Every selected test on the unmutated tree: True when they all pass."""
    tests = sorted({test for mutant in mutants for test in mutant.tests})
    log = LOGS / "baseline.log"
    log.unlink(missing_ok=True)
    print(f"baseline: building and running {len(tests)} test selections (log {log.relative_to(REPO)})", flush=True)
    if not build(tests, log):
        print("baseline: the unmutated tree does not build")
        return False
    outcome = run_tests(tests, log)
    if outcome != "passed":
        print(f"baseline: the tests {outcome} without any mutant: fix them first")
        return False
    return True


def check(mutants):
    """Whether every mutant still applies to the working tree's sources (nothing is built)."""
    broken = []
    for mutant in mutants:
        try:
            mutant.apply((REPO / mutant.file).read_text())
        except (ValueError, FileNotFoundError) as error:
            broken.append(f"{mutant.id}: {error}")
    print("\n".join(broken) or f"all {len(mutants)} mutants apply")
    return 2 if broken else 0


def report(mutants):
    """Prints the table and the score; returns the exit status."""
    width = max(len(m.id) for m in mutants)
    lines = [f"{'mutant':<{width}}  {'room':<16} {'result':<15} {'seconds':>7}  detail"]
    for m in mutants:
        lines.append(f"{m.id:<{width}}  {m.room:<16} {m.result:<15} {m.seconds:7.0f}  {m.detail}")
    killed = sum(m.result == "killed" for m in mutants)
    survived = [m.id for m in mutants if m.result == "survived"]
    others = [f"{m.id} ({m.result})" for m in mutants if m.result not in ("killed", "survived")]
    scored = killed + len(survived)
    score = f"{killed}/{scored} killed ({100 * killed / scored:.0f}%)" if scored else "no mutant built"
    lines.append(f"score: {score}")
    if survived:
        lines.append("survived (a missing test each): " + ", ".join(survived))
    if others:
        lines.append("not scored: " + ", ".join(others))
    text = "\n".join(lines)
    print(text)
    (SCRATCH / "report.txt").write_text(text + "\n")
    if survived:
        return 1
    return 2 if others else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--list", type=Path, default=Path(__file__).with_name("mutants.toml"))
    parser.add_argument("--only", nargs="+", metavar="ID", help="run only these mutants")
    parser.add_argument("--skip-baseline", action="store_true", help="trust that the tests pass unmutated")
    parser.add_argument("--check", action="store_true", help="only check that every mutant applies to the working tree")
    args = parser.parse_args()
    mutants = load(args.list)
    if args.check:
        return check(mutants)
    if args.only:
        unknown = set(args.only) - {m.id for m in mutants}
        if unknown:
            fail(f"no mutant named {', '.join(sorted(unknown))} in {args.list}")
        mutants = [m for m in mutants if m.id in args.only]
    LOGS.mkdir(parents=True, exist_ok=True)
    prepare_tree()
    if not args.skip_baseline and not baseline(mutants):
        return 1
    for number, mutant in enumerate(mutants, 1):
        print(f"[{number}/{len(mutants)}] {mutant.id} ({mutant.room}): {mutant.description}", flush=True)
        try_mutant(mutant)
        print(f"    {mutant.result} in {mutant.seconds:.0f} s {mutant.detail}", flush=True)
    return report(mutants)


if __name__ == "__main__":
    sys.exit(main())
