"""Sync through git at 10,000 cards: the first sync (push, then a new device joining), an
incremental sync of one changed card (whole process, and the wallet's own time beside the git
commands' own time, measured by a git on the PATH that logs each command's wall time), and
the repository's size on disk (goal: one changed card well under a second of the wallet's own time),
for a remote sealed under a wallet key (the default) and a plain one (`--plain`): the sealed
sync of one changed card within 1.3x the plain one's."""
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


def measure(ctx, work, csv_path, sealed):
    """The figures for one remote: sealed under a wallet key, or plain (`sync init --plain`)."""
    work.mkdir(parents=True)
    remote = work / "remote.git"
    git = shutil.which("git")
    wrapper = work / "bin"
    wrapper.mkdir()
    (wrapper / "git").write_text(TIMING_GIT % git)
    (wrapper / "git").chmod(0o755 | stat.S_IXUSR)
    log = work / "git-times.log"
    first, joining = work / "first", work / "joining"
    env = {"WALLET_HOME": str(first), "WALLET_NOW": "2026-11-22T09:30:00Z"}
    mode = [] if sealed else ["--plain"]

    def fresh_remote():
        shutil.rmtree(remote, ignore_errors=True)
        shutil.rmtree(first / "sync", ignore_errors=True)
        (first / "sync.lock").unlink(missing_ok=True)
        (first / "sync.key").unlink(missing_ok=True)
        subprocess.run([git, "init", "-q", "--bare", "-b", "main", str(remote)], check=True)

    subprocess.run([ctx.wallet, "card", "import", str(csv_path)], env=ctx._env(env), check=True, stdout=subprocess.DEVNULL)
    first_push = ctx.time([ctx.wallet, "sync", "init", str(remote), "--device", "first", *mode], env=env, runs=1,
                          setup=fresh_remote)
    if sealed:
        words = subprocess.run([ctx.wallet, "sync", "key"], env=ctx._env(env), capture_output=True, text=True,
                               check=True).stdout.strip()
        mode = ["--key", words]

    def fresh_device():
        shutil.rmtree(joining, ignore_errors=True)

    join_env = dict(env, WALLET_HOME=str(joining))
    clone = ctx.time([ctx.wallet, "sync", "init", str(remote), "--device", "joining", *mode], env=join_env, runs=1,
                     setup=fresh_device)
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
    return {
        "first": first_push, "clone": clone, "joined": joined, "wall": wall[middle], "git": git_seconds[middle],
        "git_runs": len(log.read_text().split()), "remote_mib": size_on_disk(remote) / 1024,
        "copy_mib": size_on_disk(first / "sync") / 1024,
    }


def run(ctx):
    work = ctx.work / "sync"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    csv_path = work / "cards.csv"
    csv_path.write_text(catima_csv(CARDS), encoding="utf-8")
    plain = measure(ctx, work / "plain", csv_path, sealed=False)
    sealed = measure(ctx, work / "sealed", csv_path, sealed=True)
    rows = []
    for name, figures in (("sealed", sealed), ("plain", plain)):
        own = figures["wall"] - figures["git"]
        rows += [
            (f"{name}: first sync of 10,000 cards (commit + push)", f"{figures['first']:.2f} s"),
            (f"{name}: a new device joins (fetch + check + apply)", f"{figures['clone']:.2f} s, {figures['joined']} cards"),
            (f"{name}: one changed card, whole `wallet sync`", f"{figures['wall'] * 1000:.0f} ms"),
            (f"{name}:   of which git commands", f"{figures['git'] * 1000:.0f} ms ({figures['git_runs']} runs)"),
            (f"{name}:   of which the wallet's own time", f"{own * 1000:.0f} ms (goal well under 1000 ms)"),
            (f"{name}: repository on disk: remote / device working copy", f"{figures['remote_mib']:.1f} / {figures['copy_mib']:.1f} MiB"),
        ]
    rows.append(("one changed card: sealed / plain, whole `wallet sync` (goal <= 1.3x)",
                 f"{sealed['wall'] / plain['wall']:.2f}x"))
    return rows
