"""Widget snapshots: whole-pipeline cost per family at scale 3 against libpng's default-settings
encode of the same pixels, PNG sizes, the snapshot cache on `render --all`, and peak RSS.

The pipeline (read cards, build the timeline, lay out, draw, encode) is timed in-process by
`wallet-bench render W --repeat N` (Sources/WalletBench) with the cache off; the same run dumps the
drawn pixels as straight RGBA (`--dump-rgba`), which bench/png_default_encode.c encodes
with libpng's defaults (zlib level 6, adaptive filters) in-process as well.
"""
import os
import subprocess

TITLE = "Widget snapshots"
RUNS = 20
FAMILY_CARDS = {
    "small": "Green Grocer",
    "medium": "Coffee Corner,Book Nook,Пятёрочка,Pet Pals",
    "large": "ファミリーマート,كارفور,Fit Club ☕,Cinema Paradiso,City Library,Corner Bakery,Museum Friends,Gift Card",
}


def _load_sample_wallet(ctx, env):
    sample = ctx.root / "Samples" / "sample-wallet.tsv"
    for line in sample.read_text().splitlines():
        if not line or line.startswith("#"):
            continue
        store, code, fmt, color, favorite = line.split("\t")
        cmd = [ctx.wallet, "card", "add", "--store", store, "--code", code, "--color", color]
        if fmt != "-":
            cmd += ["--format", fmt]
        if favorite == "yes":
            cmd.append("--favorite")
        subprocess.run(cmd, env=env, check=True, capture_output=True)


def _wallet(ctx, env, *args):
    return subprocess.run([ctx.wallet, *map(str, args)], env=env, check=True, capture_output=True, text=True)


def _reference_encoder(ctx):
    binary = ctx.work / "png_default_encode"
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "libpng"], capture_output=True, text=True,
                           check=True).stdout.split()
    subprocess.run(["cc", "-O2", "-o", str(binary), str(ctx.root / "bench" / "png_default_encode.c"), *flags],
                   check=True)
    return binary


def _profile_row(ctx, fields, process):
    """Where a cold medium render's time goes: process start (`wallet --help`), the first
    in-process render's extra cost (font discovery, first database read), then the warm stages."""
    start = ctx.time([ctx.wallet, "--help"], runs=5)
    first_extra = float(fields["first_ms"]) - float(fields["pipeline_ms"])
    stages = ["database", "timeline", "barcodes", "draw", "palette", "encode"]
    parts = ", ".join(f"{stage} {float(fields[stage + '_ms']):.1f}" for stage in stages)
    return ("medium @3x profile (ms; barcodes are part of draw)",
            f"whole process {process * 1000:.0f}; of it: process start {start * 1000:.0f} + first-render setup "
            f"{first_extra:.0f} (fonts) + {parts}")


def run(ctx):
    home = ctx.work / "widgets-home"
    env = dict(os.environ, WALLET_HOME=str(home), WALLET_NOW="2026-11-22T09:30:00Z")
    _load_sample_wallet(ctx, env)
    reference = _reference_encoder(ctx)
    rows = []
    widgets = {}
    for family, cards in FAMILY_CARDS.items():
        widgets[family] = _wallet(ctx, env, "widget", "add", "--family", family, "--cards", cards).stdout.strip()
    for family, widget in widgets.items():
        png = ctx.work / f"{family}.png"
        raw = ctx.work / f"{family}.rgba"
        run = subprocess.run([ctx.wallet_bench, "render", widget, "--scale", "3", "--repeat", str(RUNS),
                              "--dump-rgba", str(raw)], env=env, check=True, capture_output=True, text=True)
        line = next(line for line in run.stderr.splitlines() if line.startswith("bench:"))
        fields = dict(part.split("=") for part in line[len("bench:"):].split())
        pipeline = float(fields["pipeline_ms"])
        out = subprocess.run([str(reference), str(raw), fields["width"], fields["height"], str(RUNS)],
                             capture_output=True, text=True, check=True).stdout.split()
        libpng_ms, libpng_size = float(out[0]), int(out[1])
        process = ctx.time([ctx.wallet, "widget", "render", widget, "--output", str(png), "--no-cache"], runs=5,
                           env=env)
        rows.append((f"{family} @3x ({fields['width']}x{fields['height']}): whole pipeline / libpng-default encode",
                     f"{pipeline / libpng_ms:.2f}x (pipeline {pipeline:.1f} ms, libpng defaults {libpng_ms:.1f} ms; "
                     f"whole process {process * 1000:.0f} ms)"))
        if family == "medium":
            rows.append(_profile_row(ctx, fields, process))
        rows.append((f"{family} @3x PNG size, wallet / libpng defaults",
                     f"{png.stat().st_size / libpng_size:.2f}x ({png.stat().st_size / 1024:.1f} KB vs "
                     f"{libpng_size / 1024:.1f} KB)"))

    many = ctx.work / "widgets-12"
    # No WALLET_NOW here: a real widget refresh runs on the system clock (parsing WALLET_NOW
    # costs an ICU date-formatter setup that is not part of the widget's work).
    env12 = dict(os.environ, WALLET_HOME=str(many))
    _load_sample_wallet(ctx, env12)
    families = ["small", "medium", "large"] * 4
    for index, family in enumerate(families):
        mode = ["manual", "recent", "suggested"][index % 3]
        args = ["--mode", mode] + (["--cards", FAMILY_CARDS[family]] if mode == "manual" else [])
        _wallet(ctx, env12, "widget", "add", "--family", family, *args)
    out_dir = ctx.work / "render-all"
    render_all = [ctx.wallet, "widget", "render", "--all", "--output", str(out_dir)]
    _wallet(ctx, env12, *render_all[1:])  # fills the cache
    cached = ctx.time(render_all, runs=30, env=env12)  # a short command: more runs steady the median
    cold = ctx.time(render_all + ["--no-cache"], runs=3, env=env12)
    rows.append(("render --all, 12 unchanged widgets: cached / cold",
                 f"{cached / cold:.3f}x (cached {cached * 1000:.1f} ms, cold {cold * 1000:.0f} ms)"))

    system_clock = {key: value for key, value in env.items() if key != "WALLET_NOW"}
    peak = ctx.peak_rss_kb([ctx.wallet, "widget", "render", widgets["medium"], "--output",
                            str(ctx.work / "rss.png"), "--no-cache"], env=system_clock)
    baseline = ctx.peak_rss_kb([ctx.wallet, "--help"], env=system_clock)
    rows.append(("peak RSS, wallet widget render (one medium widget, cold) / 30 MB budget",
                 f"{peak / (30 * 1024):.2f}x ({peak / 1024:.1f} MB; the process baseline, wallet --help, "
                 f"is {baseline / 1024:.1f} MB, so rendering adds {(peak - baseline) / 1024:.1f} MB)"))
    return rows
