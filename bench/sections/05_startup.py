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
- The executable stays position-independent (a fixed address, -no-pie, measured 1 ms faster, was
  turned down: the code that parses imported files would sit where an attacker knows to look).
  What that costs, counted with `perf record -e page-faults`: the loader's relocations copy the
  190 pages of .data.rel.ro and 89 of .data at every start, 280 of the 690 page faults of `card
  list`; a process that only starts and exits takes 2.2 ms against zint's 0.9 ms.
- Round 3 (callgrind instruction counts, `widget tap` on a medium widget of 3 QR cards,
  16.4 -> 11.5 million; hyperfine means at the start and the end of the round, same wallet:
  `card list` 6.5 -> 3.9-4.5 ms, `widget tap` 7.8 -> 4.6-5.1 ms; this section's medians in the
  round's last `make bench` runs, on a busier machine: 4.4-4.7 and 5.3-5.5 ms):
  - `card list [--json]` and `widget tap W X Y [--device D]` skip ArgumentParser
    (Sources/wallet/FrequentCommand.swift): building the command tree by reflection, with a
    protocol-conformance lookup scanning all 7,300 conformance records at every first (type,
    protocol) pair, was 1.9 ms of `card list`;
  - the swift driver's -export-dynamic is undone (-Xlinker --no-export-dynamic): the executable
    exported 11,400 symbols that the loader's lookups and the runtime's dladdr walked;
  - the release binary's RUNPATH ($ORIGIN) is removed: 37 failed opens and stats per start;
  - environment variables are read by name (ProcessEnvironment): ProcessInfo's `environment`
    builds the whole dictionary at each call, 2.2 million instructions over four calls;
  - readers are left open to the exit (ProcessLifetime): closing GRDB's queue started two
    Dispatch threads at the end of every read;
  - a widget whose codes are all 2D (QR, Aztec, Data Matrix) is laid out without encoding them:
    only a linear code or PDF417 can get a full-width row (1.8 million instructions, and
    libqrencode is no longer loaded by a tap on such a widget);
  - the timeline makes its Calendar only when a shown card is still to expire (0.5 million).
- Round 3, session 4 (same wallet; `widget tap` 11.6 -> 7.5 million instructions, hyperfine
  means 4.7 -> 3.8 ms; `card list` 4.3 -> 3.3 ms):
  - most of those conformance lookups came from concrete generic types whose metadata our code
    fetched by mangled name (the runtime demangles it and scans the records for each conformance
    the name implies); the release build has the compiler call their metadata accessors instead
    (-disable-concrete-type-metadata-mangled-name-accessors): 10 scans -> 3 in a tap;
  - SQLite and zlib are linked into the executable: two shared libraries fewer to map, relocate
    and bind (the loader's symbol lookups 1.0 -> 0.14 million instructions).
- Left, measured (`widget tap`, 7.5 million instructions): the process floor above (the loader's
  relocation of the PIE 0.9 million, its copied pages, the runtime's static initialisers); 3
  conformance scans in Foundation's and GRDB's own generic code (a URL's path, the JSON decoder's
  key dictionary, GRDB's `joined`); `TimeZone.current` 1.0 million (Foundation builds the whole
  environment dictionary to read TZ); the first statement's preparation 2.1 million (SQLite's
  schema parse, and GRDB's statement authorizer at 16,000 instructions for each of the 60 columns
  the card query reads).
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
