"""`--id` picks one of several cards that share a name (issue 37, item 11): it takes a card's id or
its first characters (the ID column of `card list`), never a store name, on every command that takes
a CARD, and the "matches 2 cards" error names the short ids and suggests it."""
import json

from conftest import refused


def add(wallet, store, code):
    return wallet.run("card", "add", "--store", store, "--code", code).stdout.strip()


def twins(wallet):
    first, second = add(wallet, "Twin", "1"), add(wallet, "Twin", "2")
    return first, second


def test_the_ambiguity_error_names_the_short_ids_and_suggests_id(wallet):
    first, second = twins(wallet)
    line = refused(wallet, "card", "show", "Twin", fragment="'Twin' matches 2 cards")
    assert f"{first[:8]} Twin" in line and f"{second[:8]} Twin" in line, line
    suggested = line.split("`--id ")[1].split("`")[0]
    assert suggested in (first[:8], second[:8]), line
    shown = json.loads(wallet.run("card", "show", "--id", suggested, "--json").stdout)
    assert shown["id"] in (first, second) and shown["id"].startswith(suggested)


def test_id_picks_one_twin_on_every_card_command(wallet):
    first, second = twins(wallet)
    assert json.loads(wallet.run("card", "show", "--id", second[:8], "--json").stdout)["code"] == "2"
    assert json.loads(wallet.run("card", "show", "--id", first.upper(), "--json").stdout)["code"] == "1"
    edited = wallet.run("card", "edit", "--id", first[:8], "--note", "the first")
    assert edited.stdout.startswith(f"edited Twin ({first[:8]})"), edited.stdout
    assert "catima.app/share#" in wallet.run("card", "share", "--id", second[:6]).stdout
    refused(wallet, "card", "update", "--id", second[:8], fragment="card 'Twin' is not a live pass")
    assert wallet.run("card", "history", "--id", second[:8]).stdout.startswith("No history")
    wallet.run("card", "remove", "--id", second[:8], "--quiet")
    cards = json.loads(wallet.run("card", "list", "--json").stdout)
    assert [(card["id"], card["note"]) for card in cards] == [(first, "the first")]
    # One Twin left: the name finds it again.
    assert json.loads(wallet.run("card", "show", "Twin", "--json").stdout)["id"] == first


def test_id_never_matches_a_store_name(wallet):
    add(wallet, "beef", "1")
    other = add(wallet, "Tesco", "2")
    assert json.loads(wallet.run("card", "show", "beef", "--json").stdout)["code"] == "1"
    if not other.startswith("beef"):
        refused(wallet, "card", "show", "--id", "beef", fragment="no card matches 'beef'")
    refused(wallet, "card", "show", "--id", "Tesco",
            fragment="--id takes a card id or its first characters (hex digits")


def test_card_and_id_are_one_or_the_other(wallet):
    card = add(wallet, "Tesco", "1")
    refused(wallet, "card", "show", "Tesco", "--id", card[:8], fragment="CARD and --id contradict each other")
    refused(wallet, "card", "edit", "--note", "x", fragment="missing CARD: give the card's name or id, or --id ID")
    assert json.loads(wallet.run("card", "list", "--json").stdout)[0]["note"] == ""
