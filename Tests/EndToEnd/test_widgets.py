"""End-to-end checks of the widget side: `wallet widget add|configure|options|list|remove|
timeline|render|links|tap`.

Every rendered snapshot is decoded with zxing-cpp: it must carry exactly the barcodes of the
cards its widget shows, each one's centre inside that card's link rectangle (points x scale).
"""
import json
import os
import subprocess
from pathlib import Path

import pytest
from PIL import Image

from oracle import ZBAR_NAMES, ZXING_NAMES, zbar_decode_symbols, zxing_decode
from conftest import RUN_TIMEOUT, WALLET_BIN, refused
from test_barcodes import as_decoded
from samples import FORMATS

COLORS = ["#1565C0", "#F9A825", "#2E7D32", "#FFFFFF", "#000000", "#C62828"]
MAX_CARDS = {"small": 1, "medium": 4, "large": 8}
SIZES = {"small": (170, 170), "medium": (364, 170), "large": (364, 382)}


def add_card(wallet, store, code, fmt=None, *extra):
    args = ["card", "add", "--store", store, "--code", code, *extra]
    if fmt:
        args += ["--format", fmt]
    return wallet.run(*args).stdout.strip()


def add_widget(wallet, family, *args):
    return wallet.run("widget", "add", "--family", family, *args).stdout.strip()


def widgets(wallet):
    return json.loads(wallet.run("widget", "list", "--json").stdout)


def links(wallet, widget, *args):
    """The widget's deep links (`widget links --json` without its buttons, see test_widget_buttons.py)."""
    return [link for link in all_links(wallet, widget, *args) if "url" in link]


def all_links(wallet, widget, *args):
    """Everything `widget links --json` lists: deep links and buttons."""
    return json.loads(wallet.run("widget", "links", widget, "--json", *args).stdout)


def cached_snapshots(wallet):
    directory = wallet.home / "snapshots"
    return sorted(p.name for p in directory.glob("*.png")) if directory.exists() else []


@pytest.fixture
def all_formats(wallet):
    """A wallet holding one card per format; returns [(id, format, payload)]."""
    cards = []
    for index, (fmt, code, payload) in enumerate(FORMATS):
        card_id = add_card(wallet, f"Store {fmt}", code, fmt, "--color", COLORS[index % len(COLORS)])
        cards.append((card_id, fmt, payload))
    return cards


def decoder_names(fmt):
    """zxing-cpp's names for a format (it reports UPC-A as EAN13, the same 13 digits)."""
    return {ZXING_NAMES[fmt], "EAN13"} if fmt == "upc-a" else {ZXING_NAMES[fmt]}


def assert_decodes(path, scale, shown, link_list):
    """The PNG at `path` carries exactly the barcodes of `shown` = [(id, format, payload)],
    each one's centre inside its card's link (`link_list` = `widget links --json`, points).

    The whole snapshot is decoded first. zxing-cpp's multi-symbol PDF417 detector can be led
    astray by another code's modules above it (it scans for start patterns top to bottom and
    skips past false ones), so a code the whole-image pass misses is decoded again within its
    own tile, which is what a scanner at the till sees; it must be found there.
    """
    assert os.path.getsize(path) < 100 * 1024, f"{path} is {os.path.getsize(path)} bytes"
    decoded = zxing_decode(path)
    by_url = {link["url"]: link for link in link_list}
    expected = {(fmt, as_decoded(fmt, payload)) for _, fmt, payload in shown}
    for symbol in decoded:
        assert any(symbol.format in decoder_names(fmt) and symbol.text == text for fmt, text in expected), \
            f"{path}: unexpected {symbol.format} {symbol.text!r}"
    for card_id, fmt, payload in shown:
        text = as_decoded(fmt, payload)
        link = by_url[f"wallet://card/{card_id}"]
        box = [round(link[k] * scale) for k in ("x", "y")]
        box += [box[0] + round(link["width"] * scale), box[1] + round(link["height"] * scale)]
        matches = [d for d in decoded if d.text == text and d.format in decoder_names(fmt)]
        if not matches:
            tile = Path(str(path) + f".{card_id}.png")
            with Image.open(path) as image:
                image.convert("RGBA").crop(box).save(tile)
            matches = [d for d in zxing_decode(tile) if d.text == text and d.format in decoder_names(fmt)]
            assert len(matches) == 1, f"{path}: {fmt} {text!r} not decoded, not even in its own tile"
            continue
        assert len(matches) == 1, f"{path}: {fmt} {text!r} decoded {len(matches)} times"
        x, y = matches[0].center
        assert box[0] <= x < box[2] and box[1] <= y < box[3], (path, fmt, (x, y), link)
    zbar = [(d.format, d.text) for d in zbar_decode_symbols(path)]
    for _, fmt, payload in shown:
        if fmt in ZBAR_NAMES:  # zbar reads the linear codes and QR; it reports UPC-A/E as EAN-13
            names = {ZBAR_NAMES[fmt].upper(), "EAN-13"} if fmt.startswith("upc") else {ZBAR_NAMES[fmt].upper()}
            found = any(name.upper() in names and text == as_decoded(fmt, payload) for name, text in zbar)
            assert found, f"{path}: zbar misses {fmt} {payload!r}: {zbar}"


@pytest.mark.parametrize("scale", [2, 3])
@pytest.mark.parametrize("appearance", ["light", "dark"])
def test_every_snapshot_decodes_to_its_cards_inside_their_links(wallet, tmp_path, all_formats, scale, appearance):
    shown = {}
    for family, size in MAX_CARDS.items():
        for start in range(0, len(all_formats), size):
            chunk = all_formats[start:start + size]
            widget = add_widget(wallet, family, "--cards", ",".join(card_id for card_id, _, _ in chunk))
            shown[widget] = (family, chunk)
    out = tmp_path / "out"
    run = wallet.run("widget", "render", "--all", "--output", out, "--scale", scale, "--appearance", appearance)
    paths = run.stdout.split()
    assert sorted(paths) == sorted(str(out / f"{w}-{family}.png") for w, (family, _) in shown.items())
    # every card shows its barcode; the only notes are about codes at 2 px per module
    assert all("close range only" in line for line in run.stderr.splitlines()), run.stderr
    for widget, (family, chunk) in shown.items():
        path = out / f"{widget}-{family}.png"
        with Image.open(path) as image:
            width, height = SIZES[family]
            assert image.size == (width * scale, height * scale)
        assert_decodes(path, scale, chunk, links(wallet, widget))


def test_other_devices_and_scale_one(wallet, tmp_path):
    b = add_card(wallet, "Beta", "B-222", "qr")
    a = add_card(wallet, "Alpha", "400638133393", "ean13")
    widget = add_widget(wallet, "medium", "--cards", f"{a},{b}")
    out = tmp_path / "se.png"
    wallet.run("widget", "render", widget, "--output", out, "--device", "375x667", "--scale", "2")
    with Image.open(out) as image:
        assert image.size == (642, 296)
    rects = links(wallet, widget, "--device", "375x667")
    assert [r["url"] for r in rects] == [f"wallet://card/{a}", f"wallet://card/{b}"]
    assert all(r["x"] + r["width"] <= 321 and r["y"] + r["height"] <= 148 for r in rects)
    assert_decodes(out, 2, [(a, "ean13", "4006381333931"), (b, "qr", "B-222")], rects)
    wallet.run("widget", "render", widget, "--output", tmp_path / "one.png", "--scale", "1")
    with Image.open(tmp_path / "one.png") as image:
        assert image.size == (364, 170)


def test_add_list_configure_remove(wallet):
    a = add_card(wallet, "Alpha", "111", "code128")
    b = add_card(wallet, "Beta", "222", "qr")
    small = add_widget(wallet, "small", "--cards", "Alpha")
    large = add_widget(wallet, "large", "--cards", f"{b[:8]},none,Alpha,Beta", "--mode", "manual")
    listed = {w["id"]: w for w in widgets(wallet)}
    assert listed[small] == {"id": small, "family": "small", "mode": "manual", "cards": [a], "needsReload": True}
    assert listed[large]["cards"] == [b, "none", a]  # the duplicate Beta is dropped
    wallet.run("widget", "configure", large[:8], "--mode", "recent")
    assert {w["id"]: w for w in widgets(wallet)}[large]["mode"] == "recent"
    wallet.run("widget", "remove", small)
    assert [w["id"] for w in widgets(wallet)] == [large]


def test_too_many_cards_is_refused_and_changes_nothing(wallet):
    for name in ["A1", "A2", "A3", "A4", "A5"]:
        add_card(wallet, name, "1" + name[1], "code128")
    refused(wallet, "widget", "add", "--family", "small", "--cards", "A1,A2", fragment="at most 1")
    assert widgets(wallet) == []
    medium = add_widget(wallet, "medium", "--cards", "A1")
    before = widgets(wallet)
    refused(wallet, "widget", "configure", medium, "--cards", "A1,A2,A3,A4,A5", fragment="at most 4")
    refused(wallet, "widget", "configure", medium, "--cards", "Nope", fragment="no card matches")
    assert widgets(wallet) == before


def test_widget_and_card_commands_name_cards_by_one_rule(wallet, tmp_path):
    """Store names beat id prefixes and fold case and accents on both sides (CardReference)."""
    cards = [
        {"id": "a1000000-0000-4000-8000-000000000001", "store": "A2", "code": "A-1", "format": "qr"},
        {"id": "a2000000-0000-4000-8000-000000000002", "store": "A1", "code": "A-2", "format": "qr"},
        {"id": "b0000000-0000-4000-8000-000000000003", "store": "Käse Laden", "code": "K-3", "format": "qr"},
    ]
    source = tmp_path / "cards.json"
    source.write_text(json.dumps([dict(card, color="#112233") for card in cards]), encoding="utf-8")
    wallet.run("card", "import", source)
    for reference, expected in [("A1", cards[1]), ("A2", cards[0]), ("a1", cards[0]), ("kase laden", cards[2])]:
        shown = json.loads(wallet.run("card", "show", reference, "--json").stdout)
        widget = add_widget(wallet, "small", "--cards", reference)
        assert shown["id"] == expected["id"], reference
        assert {w["id"]: w for w in widgets(wallet)}[widget]["cards"] == [expected["id"]], reference
    refused(wallet, "widget", "add", "--family", "small", "--cards", "a", fragment="matches 2 cards")


@pytest.mark.parametrize("args, fragment", [
    (["widget", "add", "--family", "huge"], "small, medium, large, accessory-circular"),
    (["widget", "add", "--family", "small", "--mode", "random"], "manual, recent, suggested, favorites"),
    (["widget", "add", "--family", "small", "--cards", "a,,b"], "empty entry"),
    (["widget", "remove", "nope"], "no widget matches"),
    (["widget", "timeline", "nope"], "no widget matches"),
    (["widget", "render", "--output", "x.png"], "widget id or --all"),
])
def test_bad_arguments_fail_with_one_line(wallet, args, fragment):
    refused(wallet, *args, fragment=fragment)


def test_bad_render_options_fail_and_write_nothing(wallet, tmp_path):
    add_card(wallet, "Alpha", "111", "code128")
    widget = add_widget(wallet, "small", "--cards", "Alpha")
    target = tmp_path / "w.png"
    refused(wallet, "widget", "render", widget, "--output", target, "--scale", "4", fragment="1, 2 or 3")
    refused(wallet, "widget", "render", widget, "--output", target, "--device", "1x1", fragment="430x932")
    refused(wallet, "widget", "render", widget, "--output", target, "--appearance", "sepia", fragment="light or dark")
    refused(wallet, "widget", "render", widget, "--output", tmp_path / "missing" / "w.png", fragment="No such file")
    refused(wallet, "widget", "render", widget, "--output", tmp_path, fragment="Is a directory")
    target.write_bytes(b"")
    refused(wallet, "widget", "render", "--all", "--output", target, fragment="names a directory")
    assert target.read_bytes() == b""
    target.unlink()
    assert not target.exists()


def test_options_are_favorites_first_without_archived(wallet):
    add_card(wallet, "Zeta", "1", "code128", "--favorite")
    add_card(wallet, "Alpha", "2")
    old = add_card(wallet, "Old", "3", "qr")
    wallet.run("card", "edit", old, "--archive")
    widget = add_widget(wallet, "medium")
    options = json.loads(wallet.run("widget", "options", widget, "--json").stdout)
    assert [o["title"] for o in options] == ["Zeta", "Alpha"]
    assert options[0]["format"] == "code128" and options[1]["format"] is None
    assert set(options[0]) >= {"id", "title", "format"}
    refused(wallet, "widget", "configure", widget, "--cards", "Old", fragment="archived")


def test_options_json_is_one_sorted_line_that_keeps_quotes_and_non_ascii_titles(wallet):
    titles = ['Quote " back\\slash / slash', "Emoji 🎟 and <html> &amp;", "Café ☕️ 東京"]
    ids = [add_card(wallet, title, str(index), "qr" if index else None) for index, title in enumerate(titles)]
    widget = add_widget(wallet, "small")
    out = wallet.run("widget", "options", widget, "--json").stdout
    assert out.endswith("]\n") and out.count("\n") == 1
    options = json.loads(out)
    assert sorted((o["id"], o["title"], o["format"], o["favorite"]) for o in options) == sorted(
        (card_id, title, "qr" if index else None, False) for index, (card_id, title) in enumerate(zip(ids, titles)))
    assert all(list(o) == sorted(o) for o in options)


def test_taps_resolve_to_deep_links(wallet):
    a = add_card(wallet, "Alpha", "111", "code128")
    b = add_card(wallet, "Beta", "222", "qr")
    small = add_widget(wallet, "small", "--cards", "Beta")
    assert links(wallet, small) == [{"x": 0, "y": 0, "width": 170, "height": 170, "url": f"wallet://card/{b}"}]
    for x, y in [(1, 1), (85, 85), (169, 169)]:
        assert wallet.run("widget", "tap", small, x, y).stdout.strip() == f"wallet://card/{b}"
    refused(wallet, "widget", "tap", small, 171, 10, fragment="outside the widget")
    medium = add_widget(wallet, "medium", "--cards", "Alpha,none,Beta")
    rects = links(wallet, medium)
    assert [r["url"] for r in rects] == [f"wallet://card/{a}", f"wallet://card/{b}"]
    for rect in rects:
        cx, cy = rect["x"] + rect["width"] / 2, rect["y"] + rect["height"] / 2
        assert wallet.run("widget", "tap", medium, cx, cy).stdout.strip() == rect["url"]
    assert wallet.run("widget", "tap", medium, 2, 2).stdout.strip() == "wallet://"
    # the empty slot (top right of the 2x2 grid) opens the app
    assert wallet.run("widget", "tap", medium, 300, 40).stdout.strip() == "wallet://"
    # a tap routes like the app would: the card opens and its use is recorded
    wallet.run("open", wallet.run("widget", "tap", medium, 40, 40).stdout.strip())
    card = json.loads(wallet.run("card", "show", a, "--json").stdout)
    assert card["usageCount"] == 1


def test_empty_selection_renders_the_empty_state(wallet, tmp_path):
    a = add_card(wallet, "Alpha", "111", "code128")
    widget = add_widget(wallet, "medium", "--cards", f"none,{a}")
    wallet.run("card", "remove", a)
    timeline = json.loads(wallet.run("widget", "timeline", widget, "--json").stdout)
    assert timeline["entries"][0]["cards"] == []
    out = tmp_path / "empty.png"
    wallet.run("widget", "render", widget, "--output", out)
    assert zxing_decode(out) == []
    assert links(wallet, widget) == []
    assert wallet.run("widget", "tap", widget, 100, 100).stdout.strip() == "wallet://"


def test_deleted_cards_are_skipped(wallet, tmp_path):
    a = add_card(wallet, "Alpha", "111", "code128")
    b = add_card(wallet, "Beta", "B-222", "qr")
    widget = add_widget(wallet, "medium", "--cards", f"{a},{b}")
    wallet.run("card", "remove", a)
    out = tmp_path / "w.png"
    wallet.run("widget", "render", widget, "--output", out, "--scale", "2")
    assert_decodes(out, 2, [(b, "qr", "B-222")], links(wallet, widget))


def test_manual_and_recent_timelines_never_reload_by_time(wallet):
    a = add_card(wallet, "Alpha", "111", "code128")
    b = add_card(wallet, "Beta", "222", "code128")
    manual = add_widget(wallet, "medium", "--cards", f"{b},{a}")
    timeline = json.loads(wallet.run("widget", "timeline", manual, "--json").stdout)
    assert timeline["policy"] == "never"
    assert len(timeline["entries"]) == 1
    entry = timeline["entries"][0]
    assert entry["date"] == "2026-11-22T09:30:00Z"
    assert entry["cards"] == [b, a]
    assert set(entry["relevance"]) == {"score", "duration"}
    wallet.run("open", f"wallet://card/{b}", env={"WALLET_NOW": "2026-11-20T08:00:00Z"})
    wallet.run("open", f"wallet://card/{a}", env={"WALLET_NOW": "2026-11-21T08:00:00Z"})
    recent = add_widget(wallet, "medium", "--mode", "recent")
    timeline = json.loads(wallet.run("widget", "timeline", recent, "--json").stdout)
    assert timeline["policy"] == "never"
    assert timeline["entries"][0]["cards"] == [a, b]


def test_suggested_timeline_follows_the_usage_log(wallet):
    morning = add_card(wallet, "Bakery", "111", "code128")
    evening = add_card(wallet, "Gym", "222", "qr")
    favorite = add_card(wallet, "Books", "333", "qr", "--favorite")
    for day in ["2026-11-01", "2026-11-08", "2026-11-15"]:  # Sundays
        wallet.run("open", f"wallet://card/{morning}", env={"WALLET_NOW": f"{day}T09:10:00Z"})
        wallet.run("open", f"wallet://card/{evening}", env={"WALLET_NOW": f"{day}T18:20:00Z"})
    widget = add_widget(wallet, "small", "--mode", "suggested")
    timeline = json.loads(wallet.run("widget", "timeline", widget, "--json", env={"TZ": "UTC"}).stdout)
    assert timeline["policy"] == "atEnd"
    summary = [(e["date"], e["cards"]) for e in timeline["entries"]]
    assert summary == [
        ("2026-11-22T09:30:00Z", [morning]),
        ("2026-11-22T11:00:00Z", [favorite]),
        ("2026-11-22T17:00:00Z", [evening]),
        ("2026-11-22T20:00:00Z", [favorite]),
        ("2026-11-23T09:00:00Z", [morning]),
    ]
    scores = [e["relevance"]["score"] for e in timeline["entries"]]
    assert scores[0] > scores[1] and all(0 <= s <= 1 for s in scores)
    assert timeline["entries"][0]["relevance"]["duration"] == 90 * 60


def test_edits_show_up_and_the_cache_renders_only_what_changed(wallet, tmp_path):
    a = add_card(wallet, "Alpha", "A-111", "code128")
    b = add_card(wallet, "Beta", "B-222", "qr")
    wa = add_widget(wallet, "small", "--cards", a)
    wb = add_widget(wallet, "small", "--cards", b)
    out = tmp_path / "out"
    wallet.run("widget", "render", "--all", "--output", out)
    first = cached_snapshots(wallet)
    assert len(first) == 2
    before = (out / f"{wa}-small.png").read_bytes()
    wallet.run("widget", "render", "--all", "--output", out)  # unchanged: served from the cache
    assert cached_snapshots(wallet) == first
    assert (out / f"{wa}-small.png").read_bytes() == before
    wallet.run("card", "edit", a, "--code", "A-999")
    wallet.run("widget", "render", "--all", "--output", out)
    assert len(cached_snapshots(wallet)) == 3  # only Alpha's widget was drawn again
    assert_decodes(out / f"{wa}-small.png", 3, [(a, "code128", "A-999")], links(wallet, wa))
    assert_decodes(out / f"{wb}-small.png", 3, [(b, "qr", "B-222")], links(wallet, wb))
    wallet.run("widget", "render", wa, "--output", tmp_path / "dark.png", "--appearance", "dark")
    assert len(cached_snapshots(wallet)) == 4  # appearance is part of the key


def test_data_changes_mark_timelines_for_reload(wallet, tmp_path):
    a = add_card(wallet, "Alpha", "A-111", "code128")
    widget = add_widget(wallet, "small", "--cards", a)
    stale = lambda: {w["id"]: w["needsReload"] for w in widgets(wallet)}[widget]
    assert stale()  # never delivered
    wallet.run("widget", "render", widget, "--output", tmp_path / "w.png")
    assert not stale()
    wallet.run("card", "edit", a, "--note", "the app changed something")
    assert stale()
    wallet.run("widget", "timeline", widget)
    assert not stale()
    wallet.run("widget", "configure", widget, "--mode", "recent")
    assert stale()


def test_placeholder_is_redacted_and_preview_uses_samples(wallet, tmp_path):
    widget = add_widget(wallet, "medium")
    wallet.run("widget", "render", widget, "--output", tmp_path / "p.png", "--placeholder")
    assert zxing_decode(tmp_path / "p.png") == []
    wallet.run("widget", "render", widget, "--output", tmp_path / "g.png", "--preview", "--scale", "2")
    assert len(zxing_decode(tmp_path / "g.png")) == 4  # the gallery shows sample cards


def test_cards_without_barcode_or_room_show_their_number_and_say_so(wallet, tmp_path):
    add_card(wallet, "Plain", "998877")
    add_card(wallet, "Long", "CODE39 NUMBER 0123456789", "code39")
    plain = add_widget(wallet, "small", "--cards", "Plain")
    run = wallet.run("widget", "render", plain, "--output", tmp_path / "a.png")
    assert "no barcode format" in run.stderr
    long = add_widget(wallet, "small", "--cards", "Long")
    run = wallet.run("widget", "render", long, "--output", tmp_path / "b.png", "--scale", "2")
    assert "does not fit scannably" in run.stderr
    assert zxing_decode(tmp_path / "b.png") == []
    # tapping still opens the card
    assert wallet.run("widget", "tap", long, 10, 10).stdout.strip().startswith("wallet://card/")


def test_store_names_in_any_script_render_without_missing_glyphs(wallet, tmp_path):
    for name in ["Пятёрочка", "ファミリーマート", "كارفور", "Café ☕ 🛒", "A very long store name that never fits"]:
        add_card(wallet, name, "12345", "code128")
    widget = add_widget(wallet, "large", "--mode", "recent")
    run = wallet.run("widget", "render", widget, "--output", tmp_path / "w.png", "--scale", "2")
    assert "glyph" not in run.stderr


def test_glyphs_no_font_has_are_reported(wallet, tmp_path):
    add_card(wallet, "Shop \U0010FFFD", "12345", "code128")  # a private-use character: no font draws it
    widget = add_widget(wallet, "small", "--mode", "recent")
    run = wallet.run("widget", "render", widget, "--output", tmp_path / "w.png")
    assert "1 character(s) have no glyph" in run.stderr


def test_concurrent_adds_from_many_processes_are_all_kept(wallet):
    wallet.run("widget", "list")
    processes = [
        subprocess.Popen([WALLET_BIN, "widget", "add", "--family", "medium"], env=wallet.env,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for _ in range(8)
    ]
    ids = []
    for process in processes:
        out, err = process.communicate(timeout=RUN_TIMEOUT)
        assert process.returncode == 0, err
        ids.append(out.strip())
    assert sorted(w["id"] for w in widgets(wallet)) == sorted(ids)
