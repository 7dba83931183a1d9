"""The command line a new user expects: --version, --home over $WALLET_HOME, "did you mean" for
mistyped subcommands, option values checked by the parser and listed by help and completion
(in the wallet's own one-line messages), completions of card and widget names."""
import json

import pytest

from conftest import refused


def test_version_alone_on_stdout(wallet):
    run = wallet.run("--version")
    assert run.returncode == 0 and run.stderr == ""
    version = run.stdout.strip()
    assert run.stdout == version + "\n" and version.count(".") == 2 and all(p.isdigit() for p in version.split("."))


def test_home_option_beats_wallet_home(wallet, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    card = wallet.run("card", "add", "--home", elsewhere, "--store", "Here", "--code", "1").stdout.strip()
    assert (elsewhere / "wallet.sqlite").exists()
    assert not (wallet.home / "wallet.sqlite").exists()
    assert [c["id"] for c in json.loads(wallet.run("card", "list", "--json", "--home", elsewhere).stdout)] == [card]


@pytest.mark.parametrize("home_first", [["--home", "{dir}"], ["--home={dir}"]])
def test_home_before_the_subcommand(wallet, tmp_path, home_first):
    elsewhere = tmp_path / "elsewhere"
    option = [word.format(dir=elsewhere) for word in home_first]
    card = wallet.run(*option, "card", "add", "--store", "Here", "--code", "1").stdout.strip()
    assert (elsewhere / "wallet.sqlite").exists() and not (wallet.home / "wallet.sqlite").exists()
    assert [c["id"] for c in json.loads(wallet.run(*option, "card", "list", "--json").stdout)] == [card]
    assert "Here" in wallet.run(*option, "card", "list").stdout


def test_pull_interval_help_states_the_range_it_checks(wallet):
    assert "(1-86400)" in wallet.run("widget", "host", "--help").stdout
    refused(wallet, "widget", "host", "--output", "x", "--pull-interval", "0", fragment="give 1 to 86400 seconds")


def test_help_says_where_data_lives(wallet):
    shown = wallet.run("--help").stdout
    for words in ["--home DIR", "$WALLET_HOME", "$XDG_DATA_HOME/wallet", "~/.local/share/wallet"]:
        assert words in shown, shown


@pytest.mark.parametrize("args, meant", [
    (["card", "lst"], "`wallet card list`"),
    (["crad", "list"], "`wallet card list`"),
    (["widget", "rendr", "W 1", "--output", "x.png"], "`wallet widget render 'W 1' --output x.png`"),
    (["card", "remvoe", "Tesco"], "`wallet card remove Tesco`"),
])
def test_mistyped_subcommand_suggests_the_nearest(wallet, args, meant):
    line = refused(wallet, *args)
    assert f"did you mean {meant}?" in line, line


def test_unknown_subcommand_far_from_any_lists_them(wallet):
    line = refused(wallet, "card", "frobnicate")
    assert "unknown command 'wallet card frobnicate': use one of add, scan, list, show" in line, line


def test_arguments_of_a_leaf_command_are_not_mistaken_for_subcommands(wallet):
    refused(wallet, "card", "show", "lst", fragment="no card matches 'lst'")


@pytest.mark.parametrize("args, fragment", [
    (["card", "list", "--sort", "price"], "unknown sort 'price': use one of name, recent, expiry, added"),
    (["widget", "add", "--family", "huge"], "unknown widget family 'huge': use one of small, medium, large"),
    (["widget", "add", "--family", "small", "--mode", "random"], "unknown selection mode 'random'"),
    (["barcode", "--format", "qr-codez", "--", "1"], "unknown format 'qr-codez': use one of qr, aztec"),
    (["card", "add", "--store", "X", "--code", "1", "--format", "none"], "unknown format 'none'"),
    (["card", "export", "x.json", "--format", "xml"], "unknown export format 'xml': use catima or json"),
    (["widget", "render", "W", "--output", "x.png", "--appearance", "sepia"], "unknown appearance 'sepia': use light or dark"),
    (["widget", "render", "W", "--output", "x.png", "--rendering", "sepia"], "use one of full-color, accented, vibrant"),
    (["widget", "render", "W", "--output", "x.png", "--device", "1x1"], "unknown device '1x1': use one of 430x932"),
])
def test_bad_choice_values_keep_the_one_line_domain_message(wallet, args, fragment):
    line = refused(wallet, *args)
    assert fragment in line and "Please provide" not in line, line


def test_choice_values_accept_any_case_and_aliases(wallet, tmp_path):
    wallet.run("card", "add", "--store", "A", "--code", "12345", "--format", "QR_CODE")
    wallet.run("card", "list", "--sort", "RECENT")
    assert json.loads(wallet.run("card", "list", "--json").stdout)[0]["format"] == "qr"


@pytest.mark.parametrize("command, values", [
    (["card", "list"], "(values: name, recent, expiry, added; default: name)"),
    (["widget", "add"], "accessory-inline"),
    (["widget", "render"], "(values: light, dark; default: light)"),
    (["widget", "render"], "(values: full-color, accented, vibrant)"),
    (["widget", "render"], "430x932"),
    (["card", "export"], "(values: catima, json)"),
    (["barcode"], "data-matrix"),
])
def test_help_lists_the_values(wallet, command, values):
    help_text = " ".join(wallet.run(*command, "--help").stdout.split())
    assert values in help_text, help_text


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_completion_scripts_offer_values_files_and_cards(wallet, shell):
    script = wallet.run("--generate-completion-script", shell).stdout
    for value in ("full-color", "accessory-rectangular", "favorites", "expiry", "catima", "data-matrix", "430x932"):
        assert value in script, (shell, value)
    assert "---completion card show" in script  # cards are completed by asking wallet itself
    assert "---completion widget render" in script


def test_custom_completion_lists_cards_and_widgets(wallet, tmp_path):
    tesco = wallet.run("card", "add", "--store", "Tesco", "--code", "1").stdout.strip()
    spaced = wallet.run("card", "add", "--store", "Käse Laden", "--code", "2").stdout.strip()
    widget = wallet.run("widget", "add", "--family", "small", "--cards", "Tesco").stdout.strip()
    cards = wallet.run("---completion", "card", "show", "--", "positional@0", "3", "0",
                       "wallet", "card", "show", "").stdout.split("\n")
    assert "Tesco" in cards and tesco[:8] in cards and spaced[:8] in cards
    assert "Käse Laden" not in cards  # a name the shell would split is offered by its id
    widgets = wallet.run("---completion", "widget", "render", "--", "positional@0", "3", "0",
                         "wallet", "widget", "render", "").stdout.split()
    assert widgets == [widget]
    other = tmp_path / "other"
    listed = wallet.run("---completion", "card", "show", "--", "positional@0", "5", "0",
                        "wallet", "card", "show", "--home", other, "").stdout.split()
    assert listed == [] and not other.exists()  # completion reads, never creates
