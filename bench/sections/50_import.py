"""Import and export at scale: a 10,000-card Catima CSV, whole process (target < 3 s)."""
import random
import shutil
import zipfile

TITLE = "Import/export, 10,000 cards"
CARDS = 10_000
TARGET_SECONDS = 3.0

HEADER = ("_id,store,note,validfrom,expiry,balance,balancetype,cardid,barcodeid,barcodetype,"
          "barcodeencoding,headercolor,starstatus,lastused,archive")


def ean13(rng):
    digits = [rng.randrange(10) for _ in range(12)]
    total = sum(d * (3 if i % 2 else 1) for i, d in enumerate(digits))
    return "".join(map(str, digits)) + str((10 - total % 10) % 10)


def catima_csv(count, seed=50):
    """A Catima v2 export with varied formats, notes, balances, groups and links."""
    rng = random.Random(seed)
    groups = [f"Group {n}" for n in range(20)]
    lines = ["2", "", "_id", *groups, "", HEADER]
    links = []
    for card_id in range(1, count + 1):
        kind = card_id % 4
        if kind == 0:
            code, value, fmt = ean13(rng), "", "EAN_13"
        elif kind == 1:
            code, value, fmt = f"M{card_id:08d}", f"https://example.com/member/{card_id}?k={rng.randrange(10**9)}", "QR_CODE"
        elif kind == 2:
            code, value, fmt = f"CARD-{card_id:06d}", "", "CODE_128"
        else:
            code, value, fmt = str(rng.randrange(10**11, 10**12)), "", ""
        note = f'"Member since {2000 + card_id % 25}\nTier ""gold"", desk 3"' if card_id % 10 == 0 else ""
        balance, currency = (f"{rng.randrange(10000) / 100:.2f}", "EUR") if card_id % 3 == 0 else ("0", "")
        color = rng.randrange(-2**31, 2**31)
        lines.append(f"{card_id},Store {card_id},{note},,{1893456000000 if card_id % 7 == 0 else ''},"
                     f"{balance},{currency},{code},{value},{fmt},,{color},{card_id % 2},"
                     f"{1700000000 + card_id},{1 if card_id % 50 == 0 else 0}")
        if card_id % 5 == 0:
            links.append(f"{card_id},{groups[card_id % len(groups)]}")
    lines += ["", "cardId,groupId", *links, ""]
    return "\r\n".join(lines)


def run(ctx):
    csv_path = ctx.work / "catima-10000.csv"
    csv_path.write_text(catima_csv(CARDS), encoding="utf-8")
    zip_path = ctx.work / "catima-10000.zip"
    with zipfile.ZipFile(zip_path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.write(csv_path, "catima.csv")
    home = ctx.work / "import-home"
    env = {"WALLET_HOME": str(home), "WALLET_NOW": "2026-11-22T09:30:00Z"}

    def fresh():
        shutil.rmtree(home, ignore_errors=True)

    csv_seconds = ctx.time([ctx.wallet, "card", "import", str(csv_path)], env=env, setup=fresh)
    zip_seconds = ctx.time([ctx.wallet, "card", "import", str(zip_path)], env=env, setup=fresh)
    fresh()
    rss_kb = ctx.peak_rss_kb([ctx.wallet, "card", "import", str(csv_path)], env=env)
    again_seconds = ctx.time([ctx.wallet, "card", "import", str(csv_path)], env=env)
    catima_out = ctx.work / "export.csv"
    json_out = ctx.work / "export.json"
    export_catima = ctx.time([ctx.wallet, "card", "export", str(catima_out), "--format", "catima"], env=env)
    export_json = ctx.time([ctx.wallet, "card", "export", str(json_out), "--format", "json"], env=env)
    json_import = ctx.time([ctx.wallet, "card", "import", str(json_out)], env=env, setup=fresh)
    return [
        ("Catima CSV import, 10,000 cards, whole process / 3 s target",
         f"{csv_seconds / TARGET_SECONDS:.2f}x ({csv_seconds:.2f} s, peak RSS {rss_kb / 1024:.0f} MiB)"),
        ("Catima zip import / CSV import", f"{zip_seconds / csv_seconds:.2f}x ({zip_seconds:.2f} s)"),
        ("re-import, all duplicates skipped / first import", f"{again_seconds / csv_seconds:.2f}x ({again_seconds:.2f} s)"),
        ("wallet JSON import / Catima CSV import", f"{json_import / csv_seconds:.2f}x ({json_import:.2f} s)"),
        ("export 10,000 cards, Catima CSV / JSON",
         f"{export_catima / export_json:.2f}x (catima {export_catima:.2f} s, json {export_json:.2f} s)"),
    ]
