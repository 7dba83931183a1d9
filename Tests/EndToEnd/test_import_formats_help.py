"""`card import`'s help and the shells' file completion come from one list of formats (issue 38,
item 3): every format the importer detects is named with its file extension."""
import pytest

# Each application the importer reads, with the extension its files have (WalletInterop's ImportFormat).
FORMATS = {
    "Catima": [".csv", ".zip"], "Apple Wallet": [".pkpass", ".pkpasses"], "this wallet": [".json"],
    "Voucher Vault": [".json"], "FidMe": [".zip"],
}


def test_the_import_help_names_every_format(wallet):
    text = " ".join(wallet.run("card", "import", "--help").stdout.split())
    for application, extensions in FORMATS.items():
        assert f"{application} ({'/'.join(extensions)})" in text, (application, text)
    assert "Catima share link" in text
    overview = " ".join(wallet.run("card", "--help").stdout.split())
    assert "FidMe" in overview and "Voucher Vault" in overview, overview


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_completion_offers_every_imported_extension(wallet, shell):
    script = wallet.run("--generate-completion-script", shell).stdout
    import_part = script[script.index("import"):]
    for extension in ("csv", "zip", "json", "pkpass", "pkpasses"):
        assert extension in import_part, (shell, extension)
