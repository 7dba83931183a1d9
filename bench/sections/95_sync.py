"""Sync through git at 10,000 cards: the first sync (push, then a new device joining), an
incremental sync of one changed card (whole process, and the wallet's own time beside the git
commands' own time, measured by a git on the PATH that logs each command's wall time), and
the repository's size on disk (goal: one changed card well under a second of the wallet's own time)."""
import importlib.util
import shutil
import stat
import subprocess
import time
from pathlib import Path

TITLE = "Sync through git, 10,000 cards"
CARDS = 10_000

# A git that runs the real one and appends its wall seconds to $WALLET_BENCH_GIT_LOG.
TIMING_GIT = """#!/bin/sh
start=$(date +%%s%%N)
"%s" "$@"
status=$?
echo $(( $(date +%%s%%N) - start )) >> "$WALLET_BENCH_GIT_LOG"
exit $status
"""


def catima_csv(count):
    path = Path(__file__).with_name("50_import.py")
    spec = importlib.util.spec_from_file_location("bench_import", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.catima_csv(count)


def size_on_disk(path):
    return int(subprocess.run(["du", "-sk", str(path)], capture_output=True, text=True, check=True).stdout.split()[0])


def run(ctx):
    work = ctx.work / "sync"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    csv_path = work / "cards.csv"
    csv_path.write_text(catima_csv(CARDS), encoding="utf-8")
    remote = work / "remote.git"
    git = shutil.which("git")
    wrapper = work / "bin"
    wrapper.mkdir()
    (wrapper / "git").write_text(TIMING_GIT % git)
    (wrapper / "git").chmod(0o755 | stat.S_IXUSR)
    log = work / "git-times.log"
    first, joining = work / "first", work / "joining"
    env = {"WALLET_HOME": str(first), "WALLET_NOW": "2026-11-22T09:30:00Z"}

    def fresh_remote():
        shutil.rmtree(remote, ignore_errors=True)
        shutil.rmtree(first / "sync", ignore_errors=True)
        (first / "sync.lock").unlink(missing_ok=True)
        subprocess.run([git, "init", "-q", "--bare", "-b", "main", str(remote)], check=True)

    subprocess.run([ctx.wallet, "card", "import", str(csv_path)], env=ctx._env(env), check=True, stdout=subprocess.DEVNULL)
    first_push = ctx.time([ctx.wallet, "sync", "init", str(remote), "--device", "first"], env=env, runs=1, setup=fresh_remote)

    def fresh_device():
        shutil.rmtree(joining, ignore_errors=True)

    join_env = dict(env, WALLET_HOME=str(joining))
    clone = ctx.time([ctx.wallet, "sync", "init", str(remote), "--device", "joining"], env=join_env, runs=1, setup=fresh_device)
    counted = subprocess.run([ctx.wallet, "card", "list", "--json", "--archived"], env=ctx._env(join_env), capture_output=True, text=True, check=True)
    joined = counted.stdout.count('"id":')

    edits = iter(range(1_000_000))
    sync_env = dict(env, PATH=f"{wrapper}:{ctx._env(None)['PATH']}", WALLET_BENCH_GIT_LOG=str(log))
    wall, git_seconds = [], []
    for _ in range(5):
        subprocess.run([ctx.wallet, "card", "edit", "Store 17", "--note", f"edit {next(edits)}"], env=ctx._env(env),
                       check=True, stdout=subprocess.DEVNULL)
        log.write_text("")
        start = time.perf_counter()
        subprocess.run([ctx.wallet, "sync"], env=ctx._env(sync_env), check=True, stdout=subprocess.DEVNULL)
        wall.append(time.perf_counter() - start)
        git_seconds.append(sum(int(line) for line in log.read_text().split()) / 1e9)
    order = sorted(range(len(wall)), key=wall.__getitem__)
    middle = order[len(order) // 2]
    own = wall[middle] - git_seconds[middle]
    return [
        ("first sync of 10,000 cards (commit + push)", f"{first_push:.2f} s"),
        ("a new device joins (fetch + check + apply)", f"{clone:.2f} s, {joined} cards"),
        ("one changed card, whole `wallet sync`", f"{wall[middle] * 1000:.0f} ms"),
        ("  of which git commands", f"{git_seconds[middle] * 1000:.0f} ms ({len(log.read_text().split())} runs)"),
        ("  of which the wallet's own time", f"{own * 1000:.0f} ms (goal well under 1000 ms)"),
        ("repository on disk: remote / device working copy", f"{size_on_disk(remote) / 1024:.1f} / {size_on_disk(first / 'sync') / 1024:.1f} MiB"),
    ]
