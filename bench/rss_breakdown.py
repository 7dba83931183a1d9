#!/usr/bin/env python3
"""What a short-lived process has resident when it exits, mapping by mapping.

    python3 bench/rss_breakdown.py .build/release/wallet card list

runs the command under gdb, stops it at `exit_group` (after all its work, before the kernel
tears the address space down), copies /proc/PID/smaps and prints the resident KiB of every
mapping, split into file-backed pages (code and read-only data of the executable, the shared
libraries, fonts) and anonymous pages (heap, stacks, relocated data): the part a phone's memory
budget ("footprint") counts. GNU time's peak RSS counts both.

Why file pages dominate: a fault on a file mapping maps the whole 64 KiB "fault-around" window
of pages already in the page cache, so touching one function costs 64 KiB of RSS; fewer
libraries and fewer scattered code pages are what lower it.
"""
import collections
import os
import re
import subprocess
import sys
import tempfile

GDB_SCRIPT = """set pagination off
set confirm off
catch syscall exit_group
run
python
import gdb
pid = gdb.selected_inferior().pid
open({out!r}, 'w').write(open(f'/proc/{{pid}}/smaps').read())
end
kill
quit
"""


class Breakdown:
    """Resident KiB per mapping name at exit: `rss[name]` and `anonymous[name]`."""

    def __init__(self, smaps_text):
        self.rss = collections.Counter()
        self.anonymous = collections.Counter()
        name = None
        for line in smaps_text.splitlines():
            header = re.match(r"^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$", line)
            if header:
                path = header.group(1)
                name = os.path.basename(path) if path.startswith("/") else (path or "[anon]")
                continue
            key, _, value = line.partition(":")
            if key == "Rss":
                self.rss[name] += int(value.split()[0])
            elif key == "Anonymous":
                self.anonymous[name] += int(value.split()[0])

    @property
    def total_kb(self):
        return sum(self.rss.values())

    @property
    def anonymous_kb(self):
        return sum(self.anonymous.values())

    @property
    def file_kb(self):
        return self.total_kb - self.anonymous_kb

    def file_kb_of(self, name):
        return self.rss[name] - self.anonymous[name]

    def rows(self):
        """(name, rss, anonymous) by decreasing RSS."""
        return [(name, kb, self.anonymous[name]) for name, kb in self.rss.most_common()]


def measure(cmd, env=None):
    """The Breakdown of `cmd` at exit, or None when gdb is missing or the process never exited."""
    with tempfile.TemporaryDirectory() as scratch:
        out = os.path.join(scratch, "smaps")
        script = os.path.join(scratch, "stop-at-exit.gdb")
        with open(script, "w") as handle:
            handle.write(GDB_SCRIPT.format(out=out))
        try:
            subprocess.run(["gdb", "-q", "-batch", "-nx", "--readnever", "-x", script, "--args", *cmd], env=env,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL,
                           timeout=300)
        except (FileNotFoundError, subprocess.TimeoutExpired):
            return None
        if not os.path.exists(out):
            return None
        with open(out) as handle:
            return Breakdown(handle.read())


def main(argv):
    if len(argv) < 2:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    breakdown = measure(argv[1:])
    if breakdown is None:
        print("could not stop the process at exit (is gdb installed?)", file=sys.stderr)
        return 1
    print(f"{'mapping':44} {'RSS KiB':>8} {'anon':>8} {'file':>8}")
    for name, kb, anonymous in breakdown.rows():
        if kb >= 64:
            print(f"{name[:44]:44} {kb:8} {anonymous:8} {kb - anonymous:8}")
    print(f"{'total':44} {breakdown.total_kb:8} {breakdown.anonymous_kb:8} {breakdown.file_kb:8}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
