"""The desktop samples on real hosts (issue 22): conky 1.18 under Xvfb and Waybar 0.9.17 in a
headless sway, with the release host drawing for `--device desktop` and `desktop-hidpi`.

Figures: screenshots decoded by zxing-cpp (codes read / codes shown, over several shots), an
edit's latency from `card edit` to the screen (conky and Waybar 0.9.17 re-read on their
intervals), the desktop side's CPU while idle for 60 s (conky + Xvfb; Waybar + sway + wallet-desktop),
click accuracy (points inside each card tile and each star, through conky's mouse hook), and the
host's resident and peak memory with a large desktop widget. Uses the end-to-end tests' helpers.
"""
import json
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

TITLE = "Desktop samples (conky 1.18 / Xvfb, Waybar 0.9.17 / headless sway)"
IDLE_SECONDS = 60
SHOTS = 10
EDITS = 5
LARGE = [("Green Grocer", "4006381333931", "ean13"), ("Coffee Corner", "COFFEE-2026-0042", "qr"),
         ("Book Nook", "BN-004213", "code128"), ("Cinema Paradiso", "CINE MEMBER 0042", "pdf417"),
         ("City Library", "A123456B", "codabar"), ("Museum Friends", "MUS-2026-44", "data-matrix"),
         ("Hardware Depot", "HW-8812", "code39"), ("Fit Club", "FIT-2026-7781", "aztec")]


def ticks(pid):
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def idle_cpu(processes):
    """Percent of one core each process ({name: pid}) and all together used over IDLE_SECONDS."""
    before = {name: ticks(pid) for name, pid in processes.items()}
    time.sleep(IDLE_SECONDS)
    used = {name: 100.0 * (ticks(pid) - before[name]) / os.sysconf("SC_CLK_TCK") / IDLE_SECONDS
            for name, pid in processes.items()}
    return f"{sum(used.values()):.2f} % of a core (" + ", ".join(f"{name} {share:.2f}" for name, share in used.items()) + ")"


def memory(pid, field):
    line = next(line for line in Path(f"/proc/{pid}/status").read_text().splitlines() if line.startswith(field + ":"))
    return int(line.split()[1]) / 1024


def decode_rate(grab, shown):
    import zxingcpp
    read = sum(len(shown & {symbol.text for symbol in zxingcpp.read_barcodes(grab())}) for _ in range(SHOTS))
    return f"{read}/{SHOTS * len(shown)} ({100.0 * read / (SHOTS * len(shown)):.0f} %)"


def conky_rows(ctx, device, work, family="large"):
    from conftest import Wallet
    from screen import content_box, decode_until
    from test_desktop_conky import INTERVAL, Conky
    from test_widget_host import add_card, add_widget
    from xserver import xvfb

    rows = []
    wallet = Wallet(work / "home")
    shown_cards = LARGE if family == "large" else LARGE[:4]
    cards = [add_card(wallet, store, code, fmt) for store, code, fmt in shown_cards]
    add_widget(wallet, family, "--cards", ",".join(cards))
    with xvfb(30, "1920x1200") as display:
        conky = Conky(wallet, work, display, "wallet_click", device=device)
        try:
            shown = {code for _, code, _ in shown_cards}
            decode_until(conky.grab, shown, 30)
            if family != "large":
                rows.append((f"conky + Xvfb: idle CPU over 60 s ({family} widget)",
                             idle_cpu({"conky": conky.process.pid, "Xvfb": display.pid})))
                return rows
            rows.append((f"conky, {device}: screen decode rate (large widget, 8 codes)", decode_rate(conky.grab, shown)))
            latencies = []
            for edit in range(EDITS):
                code = f"BN-0099{edit:02d}"
                time.sleep(random.uniform(0, INTERVAL))  # not in step with conky's updates
                start = time.perf_counter()
                wallet.run("card", "edit", cards[2], "--code", code)
                decode_until(conky.grab, {code}, INTERVAL + 30)
                latencies.append(time.perf_counter() - start)
            rows.append((f"conky, {device}: edit -> screen (update_interval {INTERVAL:g} s)",
                         f"median {statistics.median(latencies):.2f} s, max {max(latencies):.2f} s"))
            host = conky.host.process.pid
            rows.append((f"host, {device}: RSS / peak RSS (large widget, release)",
                         f"{memory(host, 'VmRSS'):.1f} / {memory(host, 'VmHWM'):.1f} MB"))
            if device == "desktop":
                rows.append(("conky + Xvfb: idle CPU over 60 s (large widget)", idle_cpu({"conky": conky.process.pid, "Xvfb": display.pid})))
                rows.append(("conky: click accuracy (tile points, stars)", click_accuracy(conky, wallet, content_box)))
        finally:
            conky.stop()
    return rows


def click_accuracy(conky, wallet, content_box):
    """Clicks 5 points inside each card tile (middle, corners 2 px in) and 5 inside each star
    (middle, corners 1 px in); a tile click must open its card, a star click toggle its card."""
    left, top, _, _ = content_box(conky.grab())
    links = json.loads((conky.out / "manifest.json").read_text())["widgets"][0]["links"]
    stars = [link for link in links if link.get("intent") == "toggle-favorite"]
    tiles = [link for link in links if "url" in link]

    def points(link, inset):
        x, y, w, h = link["x"], link["y"], link["width"], link["height"]
        return [(x + w / 2, y + h / 2), (x + inset, y + inset), (x + w - 1 - inset, y + inset),
                (x + inset, y + h - 1 - inset), (x + w - 1 - inset, y + h - 1 - inset)]

    def inside_star(x, y):
        return any(s["x"] <= x < s["x"] + s["width"] and s["y"] <= y < s["y"] + s["height"] for s in stars)

    expected = []
    for tile in tiles:
        for x, y in points(tile, 2):
            if not inside_star(x, y):
                conky.click(left + int(x), top + int(y))
                expected.append(tile["url"])
                conky.opened_urls(len(expected))  # one at a time: the URLs come in click order
    tiles_right = sum(a == b for a, b in zip(conky.opened_urls(len(expected)), expected))
    stars_right = 0
    for star in stars:
        for x, y in points(star, 1):
            before = favorites(wallet)
            conky.click(left + int(x), top + int(y))
            conky.host.wait_for(event="rendered", reason="intent")
            stars_right += favorites(wallet) ^ before == {star["card"]}
    return f"tiles {tiles_right}/{len(expected)}, stars {stars_right}/{5 * len(stars)}"


def favorites(wallet):
    return {card["id"] for card in json.loads(wallet.run("card", "list", "--json").stdout) if card["favorite"]}


def waybar_rows(ctx, device):
    from screen import decode_until
    from test_desktop_waybar import CIRCULAR, RECTANGULAR, Session

    session = Session()
    rows = []
    try:
        alpha = session.wallet("card", "add", "--store", "Alpha", "--code", RECTANGULAR, "--format", "ean13")
        coffee = session.wallet("card", "add", "--store", "Coffee", "--code", CIRCULAR, "--format", "qr")
        session.wallet("widget", "add", "--family", "accessory-rectangular", "--cards", alpha)
        session.wallet("widget", "add", "--family", "accessory-circular", "--cards", coffee)
        host = session.start(ctx.wallet, "widget", "host", "--output", session.base / "widgets", "--device", device, read=True)
        next(line for line in host.stdout if '"ready"' in line)
        glue = session.start(str(Path(ctx.root) / "Samples" / "desktop" / "wallet-desktop"), "signal-waybar", "8")
        waybar = session.waybar()
        shown = {RECTANGULAR, CIRCULAR}
        decode_until(session.grab, shown, 30)
        rows.append((f"Waybar, {device}: screen decode rate (2 lock-screen widgets)", decode_rate(session.grab, shown)))
        latencies = []
        for edit, code in enumerate(["4006381333948", "4006381333955", "4006381333962", "4006381333979", "4006381333986"][:EDITS]):
            time.sleep(random.uniform(0, 2))  # not in step with Waybar's interval
            start = time.perf_counter()
            session.wallet("card", "edit", "Alpha", "--code", code)
            decode_until(session.grab, {code}, 30)
            latencies.append(time.perf_counter() - start)
        rows.append((f"Waybar, {device}: edit -> screen (image interval 2 s)",
                     f"median {statistics.median(latencies):.2f} s, max {max(latencies):.2f} s"))
        if device == "desktop":
            rows.append(("Waybar + sway + wallet-desktop: idle CPU over 60 s",
                         idle_cpu({"waybar": waybar.pid, "sway": session.sway.pid, "wallet-desktop": glue.pid})))
    finally:
        session.close()
    return rows


def run(ctx):
    if not all(shutil.which(tool) for tool in ("Xvfb", "conky", "xdotool", "sway", "waybar", "grim")):
        return [("desktop samples", "skipped: needs xvfb, conky-std, xdotool, sway, waybar, grim (make deps-test)")]
    os.environ["WALLET_BIN"] = ctx.wallet
    sys.path.insert(0, str(Path(ctx.root) / "Tests" / "EndToEnd"))
    rows = []
    for device in ("desktop", "desktop-hidpi"):
        with tempfile.TemporaryDirectory(dir=ctx.work) as work:
            rows += conky_rows(ctx, device, Path(work))
        rows += waybar_rows(ctx, device)
    with tempfile.TemporaryDirectory(dir=ctx.work) as work:
        rows += conky_rows(ctx, "desktop", Path(work), family="medium")
    return rows
