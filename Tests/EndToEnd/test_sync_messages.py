"""What sync says (issue 37, items 14, 14b and 15): conflicts name the card and quote the values;
"1 card", not "1 cards"; `sync log` lists the cards each entry changed; a removed card is restored
by the name it had; a clone of a new bare remote checks the wallet out; `sync init` to a missing
remote says what is wrong and that nothing was set up."""
from conftest import refused
from sync_devices import Device, git
from test_sync import devices, laptop, remote, sealing  # noqa: F401 (fixtures)


def test_a_conflict_names_the_card_and_quotes_the_values(devices):
    laptop, desk, phone = devices
    laptop.at("2026-11-22T11:00:00Z").run("card", "edit", "Lidl", "--note", "edited on laptop")
    laptop.sync()
    desk.sync()
    laptop.at("2026-11-22T11:30:00Z").run("card", "edit", "Lidl", "--note", "edited again on laptop")
    laptop.sync()
    desk.at("2026-11-22T12:00:00Z").run("card", "edit", "Lidl", "--note", "edited on desk")
    lidl = desk.card("Lidl")["id"]
    shown = desk.run("sync").stdout
    assert (f"conflict: Lidl ({lidl[:8]}) note: kept 'edited on desk', set aside 'edited again on laptop' "
            "(edited on both devices: the later edit is kept)") in shown, shown
    assert "1 card in" in shown or "cards in" in shown, shown
    assert "1 cards" not in shown


def test_log_names_the_cards_and_restore_takes_a_removed_card_by_name(devices):
    laptop, desk, phone = devices
    laptop.sync()
    desk.sync()
    lidl = desk.card("Lidl")["id"]
    desk.run("card", "remove", "Lidl")
    desk.at("2026-11-24T09:00:00Z").sync()
    log = desk.run("sync", "log").stdout
    assert f"    Lidl ({lidl[:8]}): removed" in log, log
    assert "desk: 1 card changed" in log and "1 cards" not in log, log
    restored = desk.run("sync", "restore", "Lidl").stdout
    assert restored.startswith("restored Lidl"), restored
    assert desk.card("Lidl")["note"] == "bring bags"
    refused(desk, "sync", "restore", "Nothing Like It", fragment="no card 'Nothing Like It' in the sync history")


def test_a_clone_of_a_new_bare_remote_checks_the_wallet_out(tmp_path):
    bare = tmp_path / "plain.git"
    git("init", "-q", "--bare", "-b", "master", bare)  # what `git init --bare` gives by default
    device = Device(tmp_path / "laptop", "laptop", str(bare), plain=True)  # reads the card's plain file
    card = device.add("Tesco", "1111")
    device.join()
    clone = tmp_path / "clone"
    git("clone", "-q", bare, clone)
    assert (clone / "cards" / f"{card}.json").exists()
    assert git("symbolic-ref", "HEAD", cwd=clone).strip() == "refs/heads/main"


def test_init_to_a_missing_remote_says_nothing_was_set_up(tmp_path):
    lonely = Device(tmp_path / "lonely", "lonely", "nowhere")
    missing = tmp_path / "missing.git"
    line = refused(lonely, "sync", "init", missing, "--device", "x", fragment=f"cannot reach {missing}")
    assert "does not appear to be a git repository" in line, line
    assert "nothing was set up" in line and "next sync" not in line and "repository exists" not in line, line
    assert not (lonely.home / "sync").exists()
