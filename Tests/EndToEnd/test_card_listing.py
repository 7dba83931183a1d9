"""What `card list` and `card show` print for people (issue 37, item 17): a balance column when a
card has a balance; times in the local time zone (JSON stays UTC); a long note (a pass's back
fields) cut to its first lines with a count, `--all` for the rest."""
import json

from conftest import refused


def add(wallet, *args):
    return wallet.run("card", "add", *args).stdout.strip()


def test_list_has_a_balance_column_only_when_a_card_has_a_balance(wallet):
    add(wallet, "--store", "Tesco", "--code", "1")
    assert wallet.run("card", "list").stdout.splitlines()[0].split() == ["ID", "STORE", "NUMBER", "FORMAT", "EXPIRY"]
    add(wallet, "--store", "Amazon", "--code", "2", "--balance", "17.49", "--currency", "GBP")
    add(wallet, "--store", "Boots", "--code", "3", "--balance", "120")
    table = wallet.run("card", "list").stdout.splitlines()
    assert table[0].split() == ["ID", "STORE", "NUMBER", "FORMAT", "EXPIRY", "BALANCE"]
    rows = {line.split()[1]: line for line in table[1:]}
    assert rows["Amazon"].endswith("17.49 GBP") and rows["Boots"].endswith("120 points"), table
    assert rows["Tesco"].rstrip().endswith("-"), table


def test_times_are_local_in_text_and_utc_in_json(wallet):
    card = add(wallet, "--store", "Tesco", "--code", "1")
    wallet.run("open", f"wallet://card/{card}", env={"WALLET_NOW": "2026-11-27T15:41:44Z"})
    tokyo = {"TZ": "Asia/Tokyo"}
    shown = wallet.run("card", "show", "Tesco", env=tokyo).stdout
    assert "Used 1 time, last 2026-11-28 00:41" in shown, shown
    assert "T15:41:44Z" not in shown
    assert json.loads(wallet.run("card", "show", "Tesco", "--json", env=tokyo).stdout)["lastUsed"] == "2026-11-27T15:41:44Z"
    history = wallet.run("card", "history", "Tesco", env=tokyo).stdout
    assert "Z " not in history and "T" not in history.split()[1], history


def test_a_long_note_shows_its_first_lines_and_a_count(wallet):
    note = "\n".join(f"Field {n}: value {n}" for n in range(1, 21))
    add(wallet, "--store", "Organic Produce", "--code", "1", "--note", note)
    shown = wallet.run("card", "show", "Organic Produce").stdout
    assert "Field 8: value 8" in shown and "Field 9:" not in shown, shown
    assert "(12 more lines: `wallet card show 'Organic Produce' --all`)" in shown, shown
    whole = wallet.run("card", "show", "Organic Produce", "--all").stdout
    assert "Field 20: value 20" in whole and "more lines" not in whole
    assert json.loads(wallet.run("card", "show", "Organic Produce", "--json").stdout)["note"] == note
    refused(wallet, "card", "show", "Organic Produce", "--bogus")
