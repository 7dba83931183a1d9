"""Memory: peak RSS (GNU time) of the paths with a budget, against the platform's 30 MB
widget-extension limit, plus where the resident memory of a process is at exit
(bench/rss_breakdown.py: file-backed code and data vs anonymous memory).

The 10,000-card home is built the way the cards section builds its own (its module is reused).
Widget rows appear when the binary has `wallet widget` (the widget commands); until then the
section says so in one row instead of measuring nothing silently.

The release binary these rows measure is linked for memory (Makefile RELEASE_FLAGS and the wallet
target's linker settings in Package.swift): Swift runtime and Foundation static, packed relative
relocations, and the functions these commands run laid out together (bench/link_order.py).

What was found (and decided what was cut or left):
- File pages dominate: a fault maps its whole 64 KiB fault-around window, so RSS follows how many
  libraries and scattered code pages a command touches, not its data. Anonymous memory (heap,
  stacks, relocated data) is 4-6 MB of a render or a 10,000-card list; glibc arenas are not worth
  tuning (MALLOC_ARENA_MAX left alone).
- No ICU-backed API runs on these paths (gdb breakpoints on every ICU entry point during card
  list/search/add, barcode, widget render/options/timeline): `import Foundation` stays where it
  is. GRDB needs Foundation anyway, and with Foundation linked statically the import no longer
  decides what is mapped; only what runs is paid for.
- A large widget at scale 3 peaked about 5 MB above what the process holds at exit: its Cairo
  canvas (1092x1146 ARGB32, 5.0 MB, massif) was the only big heap block. It is now drawn in
  horizontal bands of at most 1 MB (WidgetRenderer/PictureBands.swift): each band paints the whole
  picture on a band-sized image surface whose device offset moves it into place, so the pixels are
  byte for byte those of one canvas (a recording surface would have changed the text's pixels).
  The palette needs the whole picture's histogram before the first PNG row, so bands are drawn
  twice; bands skip tiles and logos wholly outside them. Measured with logos at scale 3 (peak,
  before -> after, with the link order regenerated for logos and -function-sections): large
  35.0 -> 31.1 MB, medium 32.1 -> 30.8 MB, small (one band) 30.4 -> 28.6 MB, the host's peak
  35.6 -> 30.9 MB. Cost: CPU time of a cold render, large 52 -> 85 ms, medium 36 -> 48 ms
  (re-decoding and re-scaling the logos of the tiles each band crosses is most of it); 256 KB
  bands would save another 0.5 MB at 2.1x the large render's CPU time, so the bands are 1 MB.
- What is left above 30 MB is file pages: the executable's code (the prebuilt static Swift
  runtime and Foundation are not split into function sections, so the link order cannot pack
  their functions: 7.3 MB of .text resident for a render), each Inter face mapped twice
  (FreeType and HarfBuzz each map the file: 1.35 MB resident for three 270 KB files),
  libstdc++ 1.5 MB.
- Clean code pages released before drawing (WidgetRenderer/CleanPages.swift, C in
  Sources/CResidentPages): madvise(MADV_DONTNEED) of the never-written ELF segments (code and
  read-only data, executable and libraries) before the picture is drawn and again after a
  multi-band picture's first painting; what the render touches faults back from the page cache.
  Done at the first render of a process, of each host batch and of each widget of render --all,
  not before every render (repeated in-process renders then faulted the same code back each time,
  4-12 ms per render on a loaded machine). It lowers the peak RSS Linux counts (clean,
  reclaimable pages, which iOS's footprint does not count), not what a render writes: the "clean
  pages kept" row (WALLET_KEEP_CLEAN_PAGES=1) is the same binary without it. Side by side (one run,
  5 runs each, median, logos, scale 3): small 29.7 -> 27.2 MB, medium 31.0 -> 28.5, large
  32.0 -> 29.7, render --all 32.1 -> 28.8; the host (60_host) 32.0 -> 26.5. CPU: about 1-3 ms
  per release (render --all 232 -> 264 ms). The render itself still touches about 7.5 MB of the
  executable's code (64 KiB fault-around windows over the unsplit static runtime and
  Foundation), so a large widget stays within about 0.3-0.5 MB of the budget.
- Each logo is decoded once per render (WidgetRenderer/DecodedLogos.swift) instead of at every
  band painting: cold large render 95 -> 63 ms of CPU, medium 63 -> 56 ms (same run, loaded
  machine), pixels unchanged.
- Pango/cairo/GLib, zint, libqrencode, libpng and the libraries behind them now load only in the
  commands that call them (Sources/CLibrariesOnDemand; bench/sections/05_startup.py); a non-PIE
  executable would save 1.6 MB more but gives up address-space randomisation of the executable,
  which parses imported files.
"""
import importlib.util
import os
import re
import shutil
import subprocess
from pathlib import Path

TITLE = "Memory (peak RSS) and start-up"
BUDGET_KB = 30 * 1024
BENCH = Path(__file__).resolve().parents[1]


def _module(path):
    spec = importlib.util.spec_from_file_location(path.stem.lstrip("0123456789_"), path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


cards = _module(BENCH / "sections" / "30_cards.py")
card_art = _module(BENCH / "sections" / "85_card_art.py")
rss_breakdown = _module(BENCH / "rss_breakdown.py")


def budget(kb):
    return f"{kb / BUDGET_KB:.2f}x of 30 MB ({kb / 1024:.1f} MB)"


def split(breakdown, top=4):
    """'23.4 MB file-backed (wallet 13.8, libstdc++ 1.5, ...), 2.6 MB anonymous' of a Breakdown."""
    if breakdown is None:
        return "not measured (gdb missing)"
    files = sorted(((kb - anon, name) for name, kb, anon in breakdown.rows() if kb - anon > 0), reverse=True)
    named = ", ".join(f"{name.split('.so')[0]} {kb / 1024:.1f}" for kb, name in files[:top])
    return (f"{breakdown.file_kb / 1024:.1f} MB file-backed ({named} ...), "
            f"{breakdown.anonymous_kb / 1024:.1f} MB anonymous")


def wallet(ctx, env, *args):
    return subprocess.run([ctx.wallet, *map(str, args)], env=dict(os.environ, **env), check=True,
                          capture_output=True, text=True).stdout.strip()


def has_widgets(ctx):
    """Whether `wallet --help` lists the widget subcommand."""
    usage = subprocess.run([ctx.wallet, "--help"], capture_output=True, text=True).stdout
    return re.search(r"^\s+widget\s", usage, re.MULTILINE) is not None


def barcode_rows(ctx):
    out = ctx.work / "memory-barcode.png"
    qr = ctx.peak_rss_kb([ctx.wallet, "barcode", "--format", "qr", "--output", str(out), "https://example.com/member/0042"])
    ean = ctx.peak_rss_kb([ctx.wallet, "barcode", "--format", "ean13", "--output", str(out), "400000000001"])
    help_kb = ctx.peak_rss_kb([ctx.wallet, "--help"])
    startup = ctx.time([ctx.wallet, "--help"], runs=9)
    zint = ctx.time(["zint", "--help"], runs=9) if shutil.which("zint") else None
    versus = f", zint --help {zint * 1000:.1f} ms: {startup / zint:.2f}x" if zint else ""
    return [
        ("wallet --help (process baseline)", f"{budget(help_kb)}; start-up {startup * 1000:.1f} ms{versus}"),
        ("wallet barcode --format qr --output", budget(qr)),
        ("wallet barcode --format ean13 --output", budget(ean)),
    ]


def card_rows(ctx, env):
    listed = ctx.peak_rss_kb([ctx.wallet, "card", "list"], env=env)
    search = ctx.peak_rss_kb([ctx.wallet, "card", "list", "--search", "kase"], env=env)
    where = rss_breakdown.measure([ctx.wallet, "card", "list"], env=dict(os.environ, **env))
    return [
        ("card list, 10,000 cards", budget(listed)),
        ("card list --search kase, 10,000 cards", budget(search)),
        ("card list, 10,000 cards: resident at exit", split(where)),
    ]


def widget_home(ctx, name, env10k, logos=True):
    """A wallet of 8 cards (each with a logo when `logos`) and 12 widgets, 4 of each family, in
    manual, recent and suggested modes: (env, [(family, widget id)])."""
    home = ctx.work / name
    env = {"WALLET_HOME": str(home), "WALLET_NOW": env10k["WALLET_NOW"]}
    logo = ctx.work / "memory-logo.png"
    logo.write_bytes(card_art.logo_png())
    art = ["--logo", logo] if logos else []
    ids = [wallet(ctx, env, *cards.add_args(cards.card(index)), *art) for index in range(8)]
    families = {"small": 1, "medium": 4, "large": 8}
    widgets = []
    for index, family in enumerate(list(families) * 4):
        mode = ["manual", "recent", "suggested"][index % 3]
        chosen = ["--cards", ",".join(ids[:families[family]])] if mode == "manual" else []
        widgets.append((family, wallet(ctx, env, "widget", "add", "--family", family, "--mode", mode, *chosen)))
    return env, widgets


def cold_render(ctx, widgets, family):
    """The command rendering the first widget of `family` at scale 3, cold."""
    widget = next(widget for kind, widget in widgets if kind == family)
    return [ctx.wallet, "widget", "render", widget, "--output", str(ctx.work / f"memory-{family}.png"),
            "--scale", "3", "--no-cache"]


def family_rows(ctx, env, widgets, env10k):
    """Peak RSS of each family's cold render with logos, without logos, and with the clean code
    pages kept resident (WALLET_KEEP_CLEAN_PAGES=1, as before WidgetRenderer/CleanPages.swift);
    and the anonymous memory (what a phone's footprint counts) each holds at exit."""
    plain_env, plain = widget_home(ctx, "memory-widgets-plain", env10k, logos=False)
    keep = dict(env, WALLET_KEEP_CLEAN_PAGES="1")
    figures = {"with logos": [], "without logos": [], "with logos, clean pages kept": [], "anonymous at exit": []}
    for family in ("small", "medium", "large"):
        figures["with logos"].append(ctx.peak_rss_kb(cold_render(ctx, widgets, family), env=env))
        figures["without logos"].append(ctx.peak_rss_kb(cold_render(ctx, plain, family), env=plain_env))
        figures["with logos, clean pages kept"].append(ctx.peak_rss_kb(cold_render(ctx, widgets, family), env=keep))
        where = rss_breakdown.measure(cold_render(ctx, widgets, family), env=dict(os.environ, **env))
        figures["anonymous at exit"].append(where.anonymous_kb if where else None)
    return [(f"widget render @3x cold, small / medium / large, {name}",
             " / ".join("not measured" if kb is None else f"{kb / 1024:.1f}" for kb in kbs) + " MB")
            for name, kbs in figures.items()]


def widget_rows(ctx, env10k):
    rows = []
    # Every card has a logo (card art is drawn on tiles, decoded from PNG once per render).
    env, widgets = widget_home(ctx, "memory-widgets", env10k)
    medium = next(widget for family, widget in widgets if family == "medium")
    png = ctx.work / "memory-medium.png"
    render = [ctx.wallet, "widget", "render", medium, "--output", str(png), "--scale", "3"]
    cold = ctx.peak_rss_kb(render + ["--no-cache"], env=env)
    wallet(ctx, env, *render[1:])
    cached = ctx.peak_rss_kb(render, env=env)
    where = rss_breakdown.measure(render + ["--no-cache"], env=dict(os.environ, **env))
    large_cold = ctx.peak_rss_kb(cold_render(ctx, widgets, "large"), env=env)
    small_cold = ctx.peak_rss_kb(cold_render(ctx, widgets, "small"), env=env)
    rows += [
        ("widget render, one small widget @3x with a logo, cold", budget(small_cold)),
        ("widget render, one large widget @3x with logos, cold", budget(large_cold)),
        ("widget render, one medium widget @3x with logos, cold", budget(cold)),
        ("widget render, one medium widget @3x with logos, cached", budget(cached)),
        ("widget render medium, cold: resident at exit", split(where)),
    ]
    rows += family_rows(ctx, env, widgets, env10k)
    render_all = [ctx.wallet, "widget", "render", "--all", "--output", str(ctx.work / "memory-all")]
    all_cold = ctx.peak_rss_kb(render_all + ["--no-cache"], env=env)
    wallet(ctx, env, *render_all[1:])
    all_cached = ctx.peak_rss_kb(render_all, env=env)
    rows.append(("widget render --all, 12 widgets: cached / cold",
                 f"{all_cached / all_cold:.2f}x (cached {all_cached / 1024:.1f} MB, cold {all_cold / 1024:.1f} MB)"))

    chooser = wallet(ctx, env10k, "widget", "add", "--family", "large", "--mode", "recent")
    options = [ctx.wallet, "widget", "options", chooser, "--json"]
    options_kb = ctx.peak_rss_kb(options, env=env10k)
    options_s = ctx.time(options, runs=5, env=env10k)
    listed_s = ctx.time([ctx.wallet, "card", "list", "--json"], runs=5, env=env10k)
    rows += [
        ("widget options --json, 10,000 cards", budget(options_kb)),
        ("widget options --json / card list --json, 10,000 cards",
         f"{options_s / listed_s:.2f}x ({options_s * 1000:.0f} ms / {listed_s * 1000:.0f} ms)"),
    ]
    return rows


def run(ctx):
    home = ctx.work / "memory-home10k"
    env = {"WALLET_HOME": str(home), "WALLET_NOW": "2026-11-22T09:30:00Z"}
    if not cards.build_by_import(ctx, env):
        cards.build_by_adds(ctx, env)
    rows = barcode_rows(ctx) + card_rows(ctx, env)
    if has_widgets(ctx):
        rows += widget_rows(ctx, env)
    else:
        rows.append(("widget rows", "not measured: this build has no `wallet widget` command"))
    return rows

