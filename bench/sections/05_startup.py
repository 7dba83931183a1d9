"""Start-up: the commands a desktop runs often (a click handler, a conky or Waybar refresh), whole
process, side by side with `zint --help` (a C tool) in one hyperfine run; goal <= 5 ms each
(issue 26). hyperfine (Debian package, in the Makefile's APT_BENCH) runs each command without a
shell (-N) after warm-up runs; the figure is its median, with the fastest run beside it (on a
loaded machine the median includes waiting for a CPU). Without hyperfine the bench's own timing
loop measures the same commands (said in the row).

What start-up cost, and what was cut (release build; `perf stat` task-clock, `LD_DEBUG=statistics`):
- Before: 8-9 ms of CPU for `wallet --help` (perf stat): ~5.4 ms loading and relocating 45 shared
  libraries (an empty C program linking the same libraries takes as long), ~2 ms relocating and
  faulting in the executable, ~1.6 ms in ArgumentParser building the command tree.
- Pango, cairo, GLib, GObject, GIO, zint, libqrencode and libpng (and through them fontconfig,
  freetype, harfbuzz, X11, xcb, pixman, libmount, selinux ...: 38 libraries) are no longer linked:
  Sources/CLibrariesOnDemand forwards each call to the library it opens at the first call, so
  only drawing a barcode or widget, writing a PNG, notifying and hashing a pass load them.
- libstdc++ is linked statically (Makefile STATIC_CXX): 0.6-1 ms less per start.
- After, in one run beside the old binary: `--help` 8.1 -> 3.1 ms of CPU, `card list` (3 cards)
  10.9 -> 6.4 ms, `widget tap` 12.9 -> 8.1 ms, zint --help 0.7 ms; 45 -> 6 shared libraries.
- The executable is linked at a fixed address (Makefile RELEASE_FLAGS, -no-pie): as a PIE the
  loader relocated its 181 RELRO pages (745 KB of Swift metadata pointers) at every start, copying
  each; fixed, they stay shared with the page cache. In one run beside the PIE binary (perf stat,
  60 runs, loaded machine): `--help` 4.0 -> 3.0 ms of CPU, `card list` 7.2 -> 6.1 ms, `widget tap`
  8.4 -> 6.0 ms, 615 -> 352 page faults. It gives up ASLR for the executable's own code only.
- Left, measured: ArgumentParser is 25-30% of what is left (type metadata by mangled name, Mirror
  reflection, and protocol-conformance lookups, each miss a linear scan of the 7,000 conformance
  records of the static runtime, Foundation and GRDB); opening the database through GRDB (set-up,
  authorizer, Dispatch queue) ~0.5 ms. Static
  sqlite3 and zlib are not reachable from RELEASE_FLAGS: pkg-config's -L/usr/lib/x86_64-linux-gnu
  comes first on swiftc's link line, so -lsqlite3 finds the shared library before libsqlite3.a.
"""
import json
import os
import shutil
import subprocess

TITLE = "Start-up (hyperfine, against zint --help)"
GOAL_S = 0.005
RUNS = 200
WARMUP = 20


def small_wallet(ctx):
    """A 3-card wallet with one medium widget; its environment and the widget's id."""
    env = dict(os.environ, WALLET_HOME=str(ctx.work / "home-startup"), WALLET_NOW="2026-11-22T09:30:00Z")

    def wallet(*args):
        return subprocess.run([ctx.wallet, *args], env=env, check=True, capture_output=True,
                              text=True).stdout.strip()

    cards = [wallet("card", "add", "--store", store, "--code", code, "--format", "qr")
             for store, code in (("Alpha", "111"), ("Beta", "222"), ("Gamma", "333"))]
    widget = wallet("widget", "add", "--family", "medium", "--cards", ",".join(cards))
    return env, widget


def hyperfine(ctx, commands, env):
    """(median, fastest) seconds of each command (a list of argv lists), from one hyperfine run."""
    report = ctx.work / "startup-hyperfine.json"
    argv = ["hyperfine", "-N", "--style", "none", "--warmup", str(WARMUP), "--runs", str(RUNS),
            "--export-json", str(report)]
    argv += [" ".join(command) for command in commands]
    subprocess.run(argv, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    return [(result["median"], result["min"]) for result in json.loads(report.read_text())["results"]]


def run(ctx):
    env, widget = small_wallet(ctx)
    commands = {
        "wallet --help": [ctx.wallet, "--help"],
        "wallet card list (3 cards)": [ctx.wallet, "card", "list"],
        "wallet widget tap (medium widget)": [ctx.wallet, "widget", "tap", widget, "10", "10"],
    }
    if not shutil.which("zint"):
        return [("zint --help", "not measured: zint is not installed (make deps-bench)")]
    argv = [*commands.values(), ["zint", "--help"]]
    if shutil.which("hyperfine"):
        *times, zint = hyperfine(ctx, argv, env)
        how = "hyperfine median"
    else:
        *times, zint = [(ctx.time(command, runs=51, env=env), None) for command in argv]
        how = "median of 51 runs (hyperfine missing)"
    rows = [(label, f"{seconds / GOAL_S:.2f}x of the 5 ms goal ({seconds * 1000:.1f} ms{fastest_text(fastest)}; "
                    f"{seconds / zint[0]:.1f}x zint --help)")
            for label, (seconds, fastest) in zip(commands, times)]
    return rows + [("zint --help", f"{zint[0] * 1000:.2f} ms{fastest_text(zint[1])} ({how})")]


def fastest_text(seconds):
    return "" if seconds is None else f", fastest {seconds * 1000:.1f} ms"
