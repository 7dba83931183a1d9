"""How a new user names a card (issue 37, items 11 and 12): a unique start of the store name or of
one of its words is enough (case and accents ignored) and the command says which card it took;
cards that share a name are warned of when added or imported and told apart by their short ids;
"no card matches" points at `--archived` only when something is archived."""
import json

from conftest import refused


def add(wallet, store, code, *extra):
    run = wallet.run("card", "add", "--store", store, "--code", code, *extra)
    return run.stdout.strip(), run.stderr


def test_a_unique_start_of_a_word_is_taken_and_named(wallet):
    boots, _ = add(wallet, "Boots Advantage", "1")
    add(wallet, "Tesco", "2")
    for typed in ["boots", "ADVANT", "bóo"]:
        run = wallet.run("card", "edit", typed, "--note", typed)
        assert f"note: '{typed}' is taken as Boots Advantage ({boots[:8]})" in run.stderr, run.stderr
        assert run.stdout.startswith(f"edited Boots Advantage ({boots[:8]})"), run.stdout
    shown = wallet.run("card", "show", "Tesco", "--json")
    assert shown.stderr == "" and json.loads(shown.stdout)["code"] == "2"


def test_a_start_shared_by_two_cards_names_both(wallet):
    first, _ = add(wallet, "Boots Advantage", "1")
    second, _ = add(wallet, "Boots Opticians", "2")
    line = refused(wallet, "card", "show", "boots", fragment="'boots' matches 2 cards")
    assert f"{first[:8]} Boots Advantage" in line and f"{second[:8]} Boots Opticians" in line, line
    assert json.loads(wallet.run("card", "show", "opt", "--json").stdout)["id"] == second


def test_the_archived_hint_only_when_something_is_archived(wallet):
    add(wallet, "Tesco", "1")
    line = refused(wallet, "card", "show", "Zebra", fragment="no card matches 'Zebra'")
    assert "--archived" not in line and "wallet card list" in line, line
    wallet.run("card", "edit", "Tesco", "--archive")
    line = refused(wallet, "card", "show", "Zebra", fragment="no card matches 'Zebra'")
    assert "`wallet card list --archived`" in line, line


def test_a_second_card_of_the_same_name_is_warned_of_and_picked_by_short_id(wallet, tmp_path):
    first, quiet = add(wallet, "Twin", "1")
    assert quiet == ""
    second, warned = add(wallet, "Twin", "2")
    # The clock is fixed in tests: cards added at the same time are listed in id order.
    ids = ", ".join(sorted([first[:8], second[:8]]))
    assert warned.strip() == (f"warning: 2 cards are called 'Twin' ({ids}): name one by its id "
                              f"or its first characters, e.g. `wallet card show {ids[-8:]}`"), warned
    line = refused(wallet, "card", "show", "Twin", fragment="matches 2 cards")
    assert "give the card's id or its first characters" in line, line
    assert json.loads(wallet.run("card", "show", second[:8], "--json").stdout)["code"] == "2"
    listed = wallet.run("card", "list").stdout
    assert first[:8] in listed and second[:8] in listed

    export = tmp_path / "cards.json"
    wallet.run("card", "export", export, "--format", "json")
    other = json.loads(export.read_text())
    other["cards"] = [dict(card, code="3", id=None) for card in other["cards"][:1]]
    for card in other["cards"]:
        card.pop("id")
    export.write_text(json.dumps(other))
    imported = wallet.run("card", "import", export)
    assert imported.stdout.strip() == "added 1, skipped 0"
    assert "warning: 3 cards are called 'Twin'" in imported.stderr, imported.stderr
