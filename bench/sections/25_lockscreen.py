"""Lock-screen widgets and widget buttons: what vibrant rendering (luminance to a gray+alpha PNG)
costs against the palette encoding of full color, the PNG sizes of each accessory family, and
what a button tap costs (run the intent, write the store) against listing the same widget's links.

The pipeline is timed in-process by `wallet-bench render W --repeat N --rendering MODE`.
"""
import importlib.util
import os
import subprocess
from pathlib import Path

TITLE = "Lock-screen widgets and buttons"
RUNS = 20

_spec = importlib.util.spec_from_file_location("widgets_section", Path(__file__).with_name("20_widgets.py"))
_widgets = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_widgets)


def _pipeline_ms(ctx, env, widget, rendering, png):
    _widgets._wallet(ctx, env, "widget", "render", widget, "--output", png, "--scale", 3, "--no-cache",
                     "--rendering", rendering)
    run = subprocess.run([ctx.wallet_bench, "render", widget, "--scale", "3", "--repeat", str(RUNS),
                          "--rendering", rendering], env=env, check=True, capture_output=True, text=True)
    line = next(line for line in run.stderr.splitlines() if line.startswith("bench:"))
    return float(dict(part.split("=") for part in line[len("bench:"):].split())["pipeline_ms"])


def run(ctx):
    home = ctx.work / "lockscreen-home"
    env = dict(os.environ, WALLET_HOME=str(home), WALLET_NOW="2026-11-22T09:30:00Z")
    _widgets._load_sample_wallet(ctx, env)
    rows = []
    for family, card in [("accessory-rectangular", "Green Grocer"), ("accessory-circular", "Coffee Corner"),
                         ("accessory-inline", "Book Nook")]:
        widget = _widgets._wallet(ctx, env, "widget", "add", "--family", family, "--cards", card).stdout.strip()
        full_png, vibrant_png = ctx.work / f"{family}-full.png", ctx.work / f"{family}-vibrant.png"
        full = _pipeline_ms(ctx, env, widget, "full-color", full_png)
        vibrant = _pipeline_ms(ctx, env, widget, "vibrant", vibrant_png)
        rows.append((f"{family} @3x: vibrant / full-color pipeline",
                     f"{vibrant / full:.2f}x (vibrant {vibrant:.1f} ms, full color {full:.1f} ms)"))
        rows.append((f"{family} @3x PNG size: vibrant gray+alpha / full-color palette",
                     f"{vibrant_png.stat().st_size / full_png.stat().st_size:.2f}x "
                     f"({vibrant_png.stat().st_size / 1024:.1f} KB vs {full_png.stat().st_size / 1024:.1f} KB)"))
    small = _widgets._wallet(ctx, env, "widget", "add", "--family", "small", "--mode", "recent").stdout.strip()
    tap = ctx.time([ctx.wallet, "widget", "tap", small, "152", "18"], runs=9, env=env)
    links = ctx.time([ctx.wallet, "widget", "links", small], runs=9, env=env)
    rows.append(("widget tap on next-card (intent + store write) / widget links (same tap map)",
                 f"{tap / links:.2f}x (tap {tap * 1000:.0f} ms, links {links * 1000:.0f} ms)"))
    medium = _widgets._wallet(ctx, env, "widget", "add", "--family", "medium", "--mode", "recent").stdout.strip()
    star = ctx.time([ctx.wallet, "widget", "tap", medium, "167", "20"], runs=9, env=env)
    rows.append(("widget tap on a star (favorite toggled in SQLite) / widget links",
                 f"{star / links:.2f}x (tap {star * 1000:.0f} ms)"))
    return rows
