"""A star tap raises the wallet's data generation, so OTHER widgets showing the card reload.

Issue 27: the star test tapped before anything was delivered, when every widget needed a reload
anyway, so a star that flipped the favorite without bumping the generation passed. Here the
widgets are delivered first (`widget host --once`, or a running host's start), then the star is
tapped on one widget and another widget showing the same card is checked.
"""
import signal

from test_widget_buttons import button, buttons, favorites, tap, three  # noqa: F401 (three is a fixture)
from test_widget_host import Host
from test_widgets import add_widget, widgets


def needs_reload(wallet):
    return {widget["id"]: widget["needsReload"] for widget in widgets(wallet)}


def test_a_star_tap_after_delivery_marks_another_widget_showing_the_card(wallet, three, tmp_path):
    tapped = add_widget(wallet, "medium", "--mode", "recent")
    other = add_widget(wallet, "small", "--cards", three["Beta"])
    wallet.run("widget", "host", "--output", tmp_path / "desktop", "--once")
    assert needs_reload(wallet) == {tapped: False, other: False}  # delivered: nothing is stale
    assert tap(wallet, button(wallet, tapped, "toggle-favorite", three["Beta"])) == "intent:toggle-favorite"
    assert favorites(wallet)["Beta"] is True
    assert needs_reload(wallet)[other] is True  # only the data generation can say so


def test_a_running_host_re_renders_another_widget_showing_a_starred_card(wallet, three, tmp_path):
    tapped = add_widget(wallet, "medium", "--mode", "recent")
    other = add_widget(wallet, "large", "--cards", three["Beta"])  # draws Beta's star: its pixels change
    with Host(wallet, tmp_path / "desktop") as host:
        host.wait_for(event="ready")
        assert tap(wallet, button(wallet, tapped, "toggle-favorite", three["Beta"])) == "intent:toggle-favorite"
        host.wait_for(event="rendered", reason="intent", widget=tapped)
        # A second intent render marks the point by which the host has handled the tap's commit.
        wallet.run("widget", "request-reload", tapped)
        host.wait_for(event="rendered", reason="intent", widget=tapped)
        data = [event["widget"] for event in host.seen if event.get("reason") == "data"]
        assert other in data, host.seen
        assert [b["card"] for b in buttons(wallet, other)] == [three["Beta"]]
        assert host.signal(signal.SIGTERM) == 0
