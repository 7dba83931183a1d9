"""Scannability margin: each format's widget tile in every family at scale 2 and 3, degraded by
downscale, blur and tilt (Tests/EndToEnd/margin.py), against zint drawing the same payload at the
same module size.

Each card sits alone in a small widget, and in medium and large widgets with other (QR) cards:
with one and with three in a medium (room for a full-width row, and a 2x2 grid where there is
none), with four and with seven in a large (room for full-width rows, and every row taken).
A figure is the strongest step that still decodes with zxing-cpp: the tile as a camera sees it /
its white plate alone (the drawing without the tile around it) / zint's image; "text" is a code
shown as its number because no tile holds it.
"""
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests" / "EndToEnd"))

from margin import (LEVELS, REPRESENTATIVE, describe, margins, module_size, plate_image, tile_image,  # noqa: E402
                    zint_image)

TITLE = "Scannability margin (strongest decoding step: wallet tile / its plate / zint, same module size)"
# widget label -> (family, other cards in it)
LAYOUTS = {"small": ("small", 0), "medium+1": ("medium", 1), "medium+3": ("medium", 3),
           "large+4": ("large", 4), "large+7": ("large", 7)}
SCALES = [2, 3]


def _wallet(ctx, env, *args):
    return subprocess.run([ctx.wallet, *map(str, args)], env=env, check=True, capture_output=True, text=True)


def run(ctx):
    home = ctx.work / "margin-home"
    env = dict(os.environ, WALLET_HOME=str(home), WALLET_NOW="2026-11-22T09:30:00Z")
    partners = [_wallet(ctx, env, "card", "add", "--store", f"Partner {i}", "--code", f"P-{i}", "--format", "qr",
                        "--color", "#1565C0").stdout.strip() for i in range(max(n for _, n in LAYOUTS.values()))]
    widgets = {}
    for index, (fmt, code, payload) in enumerate(REPRESENTATIVE):
        card = _wallet(ctx, env, "card", "add", "--store", f"Card {index}", "--code", code, "--format", fmt,
                       "--color", "#C62828").stdout.strip()
        for name, (family, count) in LAYOUTS.items():
            cards = ",".join([card] + partners[:count])
            widget = _wallet(ctx, env, "widget", "add", "--family", family, "--cards", cards).stdout.strip()
            widgets[widget] = (name, family, fmt, payload, card)
    # links are in points and the same at every scale
    links = {widget: None if family == "small" else next(
        l for l in json.loads(_wallet(ctx, env, "widget", "links", widget, "--json").stdout)
        if l["url"] == f"wallet://card/{card}") for widget, (_, family, _, _, card) in widgets.items()}
    rows, within, plates_within, drawn, text = [], 0, 0, 0, 0
    for scale in SCALES:
        out = ctx.work / f"margin-{scale}"
        notes = _wallet(ctx, env, "widget", "render", "--all", "--output", out, "--scale", scale).stderr
        for widget, (name, family, fmt, payload, card) in widgets.items():
            link = links[widget]
            label = f"{name} @{scale}x {fmt} {payload}"
            if any(f"widget {widget[:8]}:" in line and "does not fit" in line for line in notes.splitlines()):
                text += 1
                rows.append((label, "text (no tile holds it)"))
                continue
            tile = tile_image(out / f"{widget}-{family}.png", link, scale)
            module = module_size(tile)
            ours = margins(tile, fmt, payload)
            plate = margins(plate_image(tile), fmt, payload)
            zint = margins(zint_image(fmt, payload, module, ctx.work / "margin-zint.png"), fmt, payload)
            drawn += 1
            worse = [f"{k} {zint[k] - ours[k]} steps worse" for k in LEVELS if ours[k] < zint[k] - 1]
            within += not worse
            plates_within += all(plate[k] >= zint[k] - 1 for k in LEVELS)
            rows.append((label, f"{module} px; " + ", ".join(
                f"{kind} {describe(kind, ours[kind])} / {describe(kind, plate[kind])} / {describe(kind, zint[kind])}"
                for kind in LEVELS) + (f" (tile: {', '.join(worse)})" if worse else "")))
    rows.append(("drawn codes within one step of zint on every degradation: tiles, plates",
                 f"{within}/{drawn}, {plates_within}/{drawn} (and {text} shown as text)"))
    return rows
