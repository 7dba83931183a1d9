"""Card store at scale: `wallet card list` over 10,000 cards, whole process, against the
150 ms budget of issue 3 and against the process's own start-up (`wallet --help`).

How the 10,000-card home is built (no sqlite3, only the wallet's own commands):
`wallet card import` of a generated wallet JSON when that command exists, otherwise
10,000 `wallet card add` processes run in parallel (slow: ~30 ms of CPU each, most of it
Swift/dynamic-linker start-up; reported as its own row).
"""
import json
import os
import subprocess
import time
import uuid
from concurrent.futures import ThreadPoolExecutor

TITLE = "Cards (10,000-card wallet)"
COUNT = 10_000
BUDGET = 0.150
STORES = ["Käse Haus", "Bäckerei Müller", "Café Crème", "Tesco", "Lidl", "Żabka", "Åhléns", "Boots",
          "Migros", "Coop", "Carrefour", "Fnac", "Décathlon", "Škoda Club", "Ikea", "Rossmann"]
FORMATS = ["code128", "qr", "ean13", None]


def card(index):
    """Card `index` of the generated wallet (deterministic)."""
    store = f"{STORES[index % len(STORES)]} {index:05d}"
    fmt = FORMATS[index % len(FORMATS)]
    code = f"{400000000000 + index:012d}" if fmt == "ean13" else f"M-{index:07d}"
    return {"store": store, "code": code, "format": fmt, "favorite": index % 25 == 0,
            "note": "Käsetheke Mittwochs" if index % 7 == 0 else ""}


def add_args(spec):
    args = ["card", "add", "--store", spec["store"], "--code", spec["code"]]
    if spec["format"]:
        args += ["--format", spec["format"]]
    if spec["note"]:
        args += ["--note", spec["note"]]
    if spec["favorite"]:
        args.append("--favorite")
    return args


def count_cards(ctx, env):
    run = subprocess.run([ctx.wallet, "card", "list", "--json", "--archived"], env=dict(os.environ, **env),
                         capture_output=True, text=True)
    return len(json.loads(run.stdout)) if run.returncode == 0 else -1


def build_by_import(ctx, env):
    """Through `wallet card import` of a wallet JSON; False when the command is not there."""
    if subprocess.run([ctx.wallet, "card", "import", "--help"], capture_output=True).returncode != 0:
        return False
    cards = []
    for index in range(COUNT):
        spec = card(index)
        cards.append(dict(spec, id=str(uuid.UUID(int=index + 1)), createdAt="2026-11-22T09:30:00Z"))
    for document in ({"format": "wallet", "version": 1, "groups": [], "cards": cards, "usage": []}, cards):
        path = ctx.work / "cards10k.json"
        path.write_text(json.dumps(document, ensure_ascii=False))
        run = subprocess.run([ctx.wallet, "card", "import", str(path)], env=dict(os.environ, **env),
                             capture_output=True)
        if run.returncode == 0 and count_cards(ctx, env) == COUNT:
            return True
    return False


def build_by_adds(ctx, env):
    full_env = dict(os.environ, **env)

    def one(index):
        subprocess.run([ctx.wallet, *add_args(card(index))], env=full_env, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

    with ThreadPoolExecutor(max_workers=(os.cpu_count() or 2) * 2) as pool:
        list(pool.map(one, range(COUNT)))


def budget(seconds, startup):
    return f"{seconds / BUDGET:.2f}x of the 150 ms budget ({seconds * 1000:.0f} ms; start-up {startup * 1000:.0f} ms)"


def run(ctx):
    home = ctx.work / "home10k"
    env = {"WALLET_HOME": str(home), "WALLET_NOW": "2026-11-22T09:30:00Z"}
    started = time.perf_counter()
    if build_by_import(ctx, env):
        how = "wallet card import (wallet JSON)"
    else:
        build_by_adds(ctx, env)
        how = f"{COUNT:,} parallel wallet card add"
    built = time.perf_counter() - started
    stored = count_cards(ctx, env)
    assert stored == COUNT, f"expected {COUNT} cards, found {stored}"

    startup = ctx.time([ctx.wallet, "--help"], runs=5)
    listed = ctx.time([ctx.wallet, "card", "list", "--json"], runs=5, env=env)
    search = ctx.time([ctx.wallet, "card", "list", "--json", "--search", "kase"], runs=5, env=env)
    nothing = ctx.time([ctx.wallet, "card", "list", "--search", "no such store"], runs=5, env=env)
    table = ctx.time([ctx.wallet, "card", "list"], runs=5, env=env)
    hits = len(json.loads(subprocess.run([ctx.wallet, "card", "list", "--json", "--search", "kase"],
                                         env=dict(os.environ, **env), capture_output=True, text=True).stdout))

    empty_env = {"WALLET_HOME": str(ctx.work / "home-empty")}
    add = [ctx.wallet, "card", "add", "--store", "Bench", "--code", "12345", "--format", "code128"]
    add_empty = ctx.time(add, runs=5, env=empty_env)
    add_full = ctx.time(add, runs=5, env=env)
    rss = ctx.peak_rss_kb([ctx.wallet, "card", "list", "--json"], env=env)
    return [
        ("10,000-card home built", f"{built:.1f} s via {how}"),
        ("card list --json", budget(listed, startup)),
        (f"card list --json --search kase ({hits:,} hits)", budget(search, startup)),
        ("card list --search, no hit", budget(nothing, startup)),
        ("card list (table)", budget(table, startup)),
        ("card list --json peak RSS", f"{rss / 1024:.0f} MiB"),
        ("card add, 10,000-card / empty wallet", f"{add_full / add_empty:.2f}x ({add_full * 1000:.0f} ms / {add_empty * 1000:.0f} ms)"),
    ]
