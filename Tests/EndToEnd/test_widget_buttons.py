"""End-to-end checks of widget buttons: previous/next on small widgets in ranked modes, the star
on medium and large tiles, the `favorites` mode, and that no button covers a barcode.

A tap on a button runs its intent on the shared store and reloads the widget; the effect is read
back through `widget timeline --json` and `card list --json`, never assumed.
"""
import json
import subprocess

import pytest
import zxingcpp
from PIL import Image

from conftest import WALLET_BIN
from oracle import zxing_decode
from test_widgets import FORMATS, add_card, add_widget, all_links, links, widgets


def timeline_cards(wallet, widget):
    return json.loads(wallet.run("widget", "timeline", widget, "--json").stdout)["entries"][0]["cards"]


def buttons(wallet, widget):
    return [link for link in all_links(wallet, widget) if "intent" in link]


def tap(wallet, button):
    """Taps the centre of a button; returns what `widget tap` printed."""
    x, y = button["x"] + button["width"] / 2, button["y"] + button["height"] / 2
    return wallet.run("widget", "tap", button["widget"], x, y).stdout.strip()


def button(wallet, widget, intent, card=None):
    found = [b for b in buttons(wallet, widget) if b["intent"] == intent and b.get("card") == card]
    assert len(found) == 1, (intent, card, buttons(wallet, widget))
    return dict(found[0], widget=widget)


def favorites(wallet):
    return {card["store"]: card["favorite"] for card in json.loads(wallet.run("card", "list", "--json").stdout)}


@pytest.fixture
def three(wallet):
    """Three cards; Alpha was used last, then Beta, then Gamma (the recent ranking)."""
    ids = {name: add_card(wallet, name, code, "code128") for name, code in
           [("Gamma", "333"), ("Beta", "222"), ("Alpha", "111")]}
    for minute, name in enumerate(("Gamma", "Beta", "Alpha")):
        use(wallet, ids[name], minute)
    return ids


def use(wallet, card_id, minute):
    """Opens the card in the app at 09:0<minute> (before the fixed clock's 09:30)."""
    wallet.run("open", f"wallet://card/{card_id}", env={"WALLET_NOW": f"2026-11-22T09:{minute:02d}:00Z"})


def test_next_and_previous_step_through_the_ranking_and_wrap(wallet, three):
    widget = add_widget(wallet, "small", "--mode", "recent")
    assert timeline_cards(wallet, widget) == [three["Alpha"]]
    assert [b["intent"] for b in buttons(wallet, widget)] == ["previous-card", "next-card"]
    assert all("card" not in b for b in buttons(wallet, widget))
    assert tap(wallet, button(wallet, widget, "next-card")) == "intent:next-card"
    assert timeline_cards(wallet, widget) == [three["Beta"]]
    tap(wallet, button(wallet, widget, "next-card"))
    assert timeline_cards(wallet, widget) == [three["Gamma"]]
    tap(wallet, button(wallet, widget, "next-card"))
    assert timeline_cards(wallet, widget) == [three["Alpha"]]  # wrapped around
    assert tap(wallet, button(wallet, widget, "previous-card")) == "intent:previous-card"
    assert timeline_cards(wallet, widget) == [three["Gamma"]]


def test_the_position_is_per_widget_and_starts_over_when_the_ranking_changes(wallet, three):
    first = add_widget(wallet, "small", "--mode", "recent")
    second = add_widget(wallet, "small", "--mode", "recent")
    tap(wallet, button(wallet, first, "next-card"))
    assert timeline_cards(wallet, first) == [three["Beta"]]
    assert timeline_cards(wallet, second) == [three["Alpha"]]
    use(wallet, three["Gamma"], 20)  # Gamma is now the most recent: a new ranking
    assert timeline_cards(wallet, first) == [three["Gamma"]]
    # reconfiguring forgets the position too
    tap(wallet, button(wallet, second, "next-card"))
    wallet.run("widget", "configure", second, "--mode", "recent")
    assert timeline_cards(wallet, second) == [three["Gamma"]]


def test_a_tap_reloads_the_widget(wallet, three, tmp_path):
    widget = add_widget(wallet, "small", "--mode", "recent")
    wallet.run("widget", "render", widget, "--output", tmp_path / "before.png")
    assert not next(w for w in widgets(wallet) if w["id"] == widget)["needsReload"]
    tap(wallet, button(wallet, widget, "next-card"))
    assert next(w for w in widgets(wallet) if w["id"] == widget)["needsReload"]
    wallet.run("widget", "render", widget, "--output", tmp_path / "after.png")
    with Image.open(tmp_path / "before.png") as before, Image.open(tmp_path / "after.png") as after:
        assert before.convert("RGBA").tobytes() != after.convert("RGBA").tobytes()


def test_no_step_buttons_without_several_ranked_cards(wallet, three):
    manual = add_widget(wallet, "small", "--cards", "Alpha")
    assert buttons(wallet, manual) == []
    wallet.run("card", "edit", "Alpha", "--favorite")
    favorites_widget = add_widget(wallet, "small", "--mode", "favorites")
    assert timeline_cards(wallet, favorites_widget) == [three["Alpha"]]
    assert buttons(wallet, favorites_widget) == []  # one favorite: nothing to step to
    assert all_links(wallet, add_widget(wallet, "medium")) == []  # the empty state: no links, no buttons


def test_favorites_mode_shows_the_favorites_in_the_apps_order(wallet, three):
    for name in ("Gamma", "Alpha"):
        wallet.run("card", "edit", name, "--favorite")
    medium = add_widget(wallet, "medium", "--mode", "favorites")
    assert timeline_cards(wallet, medium) == [three["Alpha"], three["Gamma"]]
    small = add_widget(wallet, "small", "--mode", "favorites")
    assert timeline_cards(wallet, small) == [three["Alpha"]]
    tap(wallet, button(wallet, small, "next-card"))
    assert timeline_cards(wallet, small) == [three["Gamma"]]
    assert [w["mode"] for w in widgets(wallet) if w["id"] == small] == ["favorites"]


def test_the_star_toggles_the_favorite_on_the_shared_store(wallet, three):
    widget = add_widget(wallet, "medium", "--mode", "recent")
    stars = buttons(wallet, widget)
    assert sorted(b["card"] for b in stars) == sorted(three.values())
    assert {b["intent"] for b in stars} == {"toggle-favorite"}
    before = json.loads(wallet.run("widget", "list", "--json").stdout)
    assert favorites(wallet) == {"Alpha": False, "Beta": False, "Gamma": False}
    assert tap(wallet, button(wallet, widget, "toggle-favorite", three["Beta"])) == "intent:toggle-favorite"
    assert favorites(wallet) == {"Alpha": False, "Beta": True, "Gamma": False}
    # the data generation moved: every widget showing cards reloads
    assert all(w["needsReload"] for w in widgets(wallet)) and before
    tap(wallet, button(wallet, widget, "toggle-favorite", three["Beta"]))
    assert favorites(wallet) == {"Alpha": False, "Beta": False, "Gamma": False}


def test_a_favorites_widget_drops_a_card_whose_star_is_cleared(wallet, three):
    for name in ("Alpha", "Beta"):
        wallet.run("card", "edit", name, "--favorite")
    widget = add_widget(wallet, "large", "--mode", "favorites")
    assert timeline_cards(wallet, widget) == [three["Alpha"], three["Beta"]]
    tap(wallet, button(wallet, widget, "toggle-favorite", three["Alpha"]))
    assert timeline_cards(wallet, widget) == [three["Beta"]]


def decoded_boxes(path):
    """Each symbol zxing-cpp finds in the PNG, with its bounding box in pixels."""
    with Image.open(path) as image:
        rgba = image.convert("RGBA")
    opaque = Image.alpha_composite(Image.new("RGBA", rgba.size, "white"), rgba).convert("RGB")
    boxes = []
    for result in zxingcpp.read_barcodes(opaque, try_rotate=False, try_downscale=False):
        p = result.position
        xs = [p.top_left.x, p.top_right.x, p.bottom_right.x, p.bottom_left.x]
        ys = [p.top_left.y, p.top_right.y, p.bottom_right.y, p.bottom_left.y]
        boxes.append((result.text, min(xs), min(ys), max(xs), max(ys)))
    return boxes


@pytest.mark.parametrize("scale", [2, 3])
@pytest.mark.parametrize("family", ["small", "medium", "large"])
def test_no_button_covers_a_barcode(wallet, tmp_path, family, scale):
    for index, (fmt, code, _) in enumerate(FORMATS):
        add_card(wallet, f"Store {index}", code, fmt, "--color", ["#1565C0", "#FFFFFF", "#000000"][index % 3])
    widget = add_widget(wallet, family, "--mode", "recent")
    steps = 13 if family == "small" else 1
    for step in range(steps):
        path = tmp_path / f"{family}-{step}.png"
        wallet.run("widget", "render", widget, "--output", path, "--scale", scale)
        shown = timeline_cards(wallet, widget)
        boxes = decoded_boxes(path)
        assert len(boxes) >= 1, path
        rects = buttons(wallet, widget)
        assert len(rects) == (2 if family == "small" else len(shown))
        for text, left, top, right, bottom in boxes:
            for b in rects:
                bx, by = b["x"] * scale, b["y"] * scale
                bw, bh = b["width"] * scale, b["height"] * scale
                overlaps = left < bx + bw and bx < right and top < by + bh and by < bottom
                assert not overlaps, (path, text, b)
        if family == "small":
            tap(wallet, button(wallet, widget, "next-card"))


def test_tapping_beside_the_buttons_still_opens_the_card(wallet, three):
    widget = add_widget(wallet, "small", "--mode", "recent")
    assert wallet.run("widget", "tap", widget, 20, 120).stdout.strip() == f"wallet://card/{three['Alpha']}"
    medium = add_widget(wallet, "medium", "--mode", "recent")
    tile = next(link for link in links(wallet, medium) if "url" in link)
    assert wallet.run("widget", "tap", medium, tile["x"] + 2, tile["y"] + tile["height"] - 2).stdout.strip() == tile["url"]


def test_a_star_for_a_card_removed_meanwhile_fails_and_changes_nothing(wallet, three):
    widget = add_widget(wallet, "medium", "--mode", "recent")
    star = button(wallet, widget, "toggle-favorite", three["Gamma"])
    wallet.run("card", "remove", three["Gamma"])
    # the widget now shows two cards: the old star's place is Beta's or empty; tapping where a
    # removed card's star was never writes to another card by accident
    remaining = {b["card"] for b in buttons(wallet, widget)}
    assert three["Gamma"] not in remaining
    before = favorites(wallet)
    printed = tap(wallet, star)
    if printed == "intent:toggle-favorite":
        target = next(b for b in buttons(wallet, widget) if b["x"] == star["x"] and b["y"] == star["y"])
        store = next(name for name, card_id in three.items() if card_id == target["card"])
        before[store] = not before[store]
    assert favorites(wallet) == before


def test_quick_taps_from_several_processes_each_step_once(wallet):
    ids = [add_card(wallet, f"Store {n}", f"{n}{n}{n}", "code128") for n in range(6)]
    for minute, card_id in enumerate(ids):
        use(wallet, card_id, minute)
    widget = add_widget(wallet, "small", "--mode", "recent")
    ranked = list(reversed(ids))  # most recent first
    assert timeline_cards(wallet, widget) == [ranked[0]]
    next_button = button(wallet, widget, "next-card")
    x, y = next_button["x"] + 12, next_button["y"] + 12
    processes = [subprocess.Popen([WALLET_BIN, "widget", "tap", widget, str(x), str(y)], env=wallet.env,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(4)]
    for process in processes:
        out, err = process.communicate(timeout=60)
        assert process.returncode == 0 and out.strip() == "intent:next-card", err
    assert timeline_cards(wallet, widget) == [ranked[4]]


def test_with_a_host_running_a_tap_re_renders_that_widget_with_reason_intent(wallet, three, tmp_path):
    from test_widget_host import Host
    widget = add_widget(wallet, "small", "--mode", "recent")
    other = add_widget(wallet, "small", "--mode", "recent")
    out = tmp_path / "desktop"
    with Host(wallet, out) as host:
        host.wait_for(event="ready")
        started = len(host.seen)
        assert tap(wallet, button(wallet, widget, "next-card")) == "intent:next-card"
        event = host.wait_for(event="rendered", widget=widget)
        assert event["reason"] == "intent"
        assert [d.text for d in zxing_decode(event["file"])] == ["222"]  # Beta, the second most recent
        # stepping is not a reconfiguration, and the other widget is left alone; a second intent
        # render marks the point by which the host has handled every change the tap made
        wallet.run("widget", "request-reload", widget)
        host.wait_for(event="rendered", reason="intent", widget=widget)
        after = host.seen[started:]
        assert not [e for e in after if e.get("event") == "configured" or e.get("widget") == other], after
        host.process.terminate()
        assert host.process.wait(timeout=20) == 0
