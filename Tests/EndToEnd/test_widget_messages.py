"""What the widget commands say (issue 37, item 16): an empty `widget list` says how to add one;
widgets are listed by short id with their cards' names, without jargon; `widget configure` and
`widget remove` say what they did; a tap on a star says which card it starred and its new state
(stdout stays `intent:toggle-favorite` for scripts)."""
import json

from test_widget_buttons import button, favorites
from test_widgets import add_card, add_widget


def test_an_empty_list_says_how_to_add_one(wallet):
    run = wallet.run("widget", "list")
    assert run.stdout == "No widgets: add one with `wallet widget add --family small --cards CARD`.\n"
    assert json.loads(wallet.run("widget", "list", "--json").stdout) == []


def test_list_configure_and_remove_name_widgets_and_cards(wallet):
    add_card(wallet, "Tesco", "111", "code128")
    boots = add_card(wallet, "Boots Advantage", "222", "code128")
    widget = add_widget(wallet, "medium", "--cards", "Tesco,none")
    listed = wallet.run("widget", "list").stdout
    assert listed.startswith(f"{widget[:8]}  medium  manual  Tesco, empty slot"), listed
    assert widget not in listed and "timeline" not in listed

    configured = wallet.run("widget", "configure", widget[:8], "--cards", f"{boots[:8]},Tesco").stdout
    assert configured == f"configured widget {widget[:8]} (medium): manual, Boots Advantage, Tesco\n", configured
    assert json.loads(wallet.run("widget", "list", "--json").stdout)[0]["cards"] == [
        boots, json.loads(wallet.run("card", "show", "Tesco", "--json").stdout)["id"]]

    removed = wallet.run("widget", "remove", widget[:8]).stdout
    assert removed == f"removed widget {widget[:8]} (medium)\n", removed
    assert json.loads(wallet.run("widget", "list", "--json").stdout) == []


def test_a_tapped_star_names_the_card_and_its_new_state(wallet):
    beta = add_card(wallet, "Beta", "222", "code128")
    add_card(wallet, "Alpha", "111", "code128")
    widget = add_widget(wallet, "medium", "--cards", "Alpha,Beta")
    star = button(wallet, widget, "toggle-favorite", beta)
    x, y = star["x"] + star["width"] / 2, star["y"] + star["height"] / 2
    run = wallet.run("widget", "tap", widget, x, y)
    assert run.stdout == "intent:toggle-favorite\n"
    assert run.stderr == f"Beta ({beta[:8]}) is now a favorite (★)\n", run.stderr
    assert favorites(wallet)["Beta"] is True
    star = button(wallet, widget, "toggle-favorite", beta)
    x, y = star["x"] + star["width"] / 2, star["y"] + star["height"] / 2
    run = wallet.run("widget", "tap", widget, x, y)
    assert run.stderr == f"Beta ({beta[:8]}) is no longer a favorite\n", run.stderr
    assert favorites(wallet)["Beta"] is False
