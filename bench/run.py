#!/usr/bin/env python3
"""`make bench`: runs every bench/sections/*.py side by side in one run and prints one table.

The release binary is built by make beforehand. Each section module defines
`TITLE` and `run(ctx) -> list[tuple[str, str]]` of (label, figure) rows; figures
are ratios measured in this run, with the absolute times beside them.
The table also goes to bench/results.md with the machine's description and date.
"""
import datetime
import importlib.util
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT / "bench"


class Context:
    """What a section gets: the binary, a scratch directory and measuring helpers."""

    def __init__(self):
        self.root = ROOT
        self.wallet = str(ROOT / ".build" / "release" / "wallet")
        # The measuring tools (Sources/WalletBench), built by make with the same release flags.
        self.wallet_bench = str(ROOT / ".build" / "release" / "wallet-bench")
        self.work = BENCH / "work"
        if self.work.exists():
            shutil.rmtree(self.work)
        self.work.mkdir(parents=True)
        self._settle_page_cache(self.wallet)

    def time(self, cmd, runs=3, env=None, setup=None):
        """Median wall seconds of `cmd` over `runs` runs; `setup()` runs untimed before each."""
        samples = []
        for _ in range(runs):
            if setup:
                setup()
            start = time.perf_counter()
            subprocess.run(cmd, check=True, env=self._env(env),
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            samples.append(time.perf_counter() - start)
        return statistics.median(samples)

    def peak_rss_kb(self, cmd, env=None):
        """Peak resident set size of `cmd` in KiB, from GNU time."""
        run = subprocess.run(["/usr/bin/time", "-f", "%M", *cmd], env=self._env(env),
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=True)
        return int(run.stderr.strip().splitlines()[-1])

    @staticmethod
    def _settle_page_cache(path):
        """Drops the page cache of the just-linked binary so every section measures it read back
        the way an installed program is: pages the linker has just written sit in the cache in
        other folio sizes, and fault-around then maps up to 1.4 MB more of them per process
        (peak RSS of `wallet --help` 19.2 vs 17.8 MB on the same bytes)."""
        if not os.path.exists(path):
            return
        os.sync()
        descriptor = os.open(path, os.O_RDONLY)
        try:
            os.posix_fadvise(descriptor, 0, 0, os.POSIX_FADV_DONTNEED)
        finally:
            os.close(descriptor)

    @staticmethod
    def _env(extra):
        return dict(os.environ, **(extra or {}))


def machine_description():
    cpu = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem_kb = 0
    try:
        match = re.search(r"MemTotal:\s+(\d+)", Path("/proc/meminfo").read_text())
        mem_kb = int(match.group(1)) if match else 0
    except OSError:
        pass
    swift = subprocess.run(["swift", "--version"], capture_output=True, text=True).stdout.splitlines()
    return (f"{platform.system()} {platform.release()}, {os.cpu_count()} cores ({cpu}), "
            f"{mem_kb / 1048576:.0f} GiB, {swift[0] if swift else 'swift ?'}")


def load_sections(prefixes=()):
    """The sections in file order; with `prefixes` (e.g. `60`), only those whose names start so."""
    for path in sorted((BENCH / "sections").glob("*.py")):
        if prefixes and not path.stem.startswith(tuple(prefixes)):
            continue
        spec = importlib.util.spec_from_file_location(path.stem, path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        yield module


REFERENCE_MARKER = "## Reference measurements"


def kept_reference_section():
    """The hand-run measurements at the end of bench/results.md (from `## Reference measurements`
    on: tables that explain a setting in the code, made with the bench/reference programs), kept
    as they are when the table above is rewritten."""
    results = BENCH / "results.md"
    if not results.exists():
        return ""
    text = results.read_text()
    start = text.find(REFERENCE_MARKER)
    return "" if start < 0 else "\n" + text[start:]


def main():
    """`bench/run.py [PREFIX...]`: every section, or only the named ones (then results.md is
    left as it is: it holds one whole run)."""
    prefixes = sys.argv[1:]
    ctx = Context()
    rows = []
    for section in load_sections(prefixes):
        print(f"== {section.TITLE}", flush=True)
        for label, figure in section.run(ctx):
            print(f"   {label}: {figure}", flush=True)
            rows.append((section.TITLE, label, figure))
    if prefixes:
        return 0
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    lines = [
        "# Benchmark results", "",
        f"Measured {now} on {machine_description()}.",
        "Figures are side by side in one run of `make bench`; ratios matter, absolute times vary with load.",
        "", "| section | measurement | figure |", "|---|---|---|",
    ]
    lines += [f"| {title} | {label} | {figure} |" for title, label, figure in rows]
    (BENCH / "results.md").write_text("\n".join(lines) + "\n" + kept_reference_section())
    print("\n".join(lines[4:]))
    print(f"\nwritten to {BENCH / 'results.md'}")


if __name__ == "__main__":
    sys.exit(main())
