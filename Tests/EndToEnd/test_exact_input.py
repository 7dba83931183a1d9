"""Input is stored as written or refused, never reinterpreted: dates with an impossible offset
or trailing text, a clock given with one, and balances with more digits than a Decimal holds."""
import json

import pytest

from conftest import one_line_failure, refused
from test_interop import all_cards, pkpass

BIG = "123456789012345678901234567890123456789012345678901234567890"


def wallet_json(path, created_at):
    path.write_text(json.dumps({"format": "wallet", "version": 1, "groups": [], "cards": [
        {"id": "3f2504e0-4f89-11d3-9a0c-0305e82c3301", "store": "Shop", "code": "1", "color": "#112233",
         "createdAt": created_at}]}))
    return path


@pytest.mark.parametrize("text", ["2026-01-01T00:00:00+25:00garbage", "2026-01-01T00:00:00+25:00",
                                  "2026-01-01T00:00:00+99:99", "2026-01-01T00:00:00Z trailing"])
def test_dates_with_impossible_offsets_or_trailing_text_are_refused(wallet, tmp_path, text):
    refused(wallet, "card", "import", wallet_json(tmp_path / "w.json", text), fragment="createdAt")
    clock = one_line_failure(wallet.run("card", "add", "--store", "S", "--code", "1", env={"WALLET_NOW": text}, check=False))
    assert "WALLET_NOW" in clock
    path = pkpass(tmp_path / "p.pkpass", {"logoText": "Air", "serialNumber": "1", "expirationDate": text})
    refused(wallet, "card", "import", path, fragment="expirationDate")
    assert wallet.run("card", "list", "--json").stdout.strip() in ("", "[]")


def test_a_real_offset_is_read_exactly(wallet, tmp_path):
    wallet.run("card", "import", wallet_json(tmp_path / "w.json", "2026-01-01T00:00:00+23:59"))
    assert all_cards(wallet)["Shop"]["createdAt"] == "2025-12-31T00:01:00Z"
    run = wallet.run("card", "add", "--store", "Clock", "--code", "2", env={"WALLET_NOW": "2026-01-01T00:00:00-09:30"})
    assert run.returncode == 0
    assert all_cards(wallet)["Clock"]["createdAt"] == "2026-01-01T09:30:00Z"


def voucher_vault(path, balance_literal):
    path.write_text('[{"uuid": "v1", "description": "Gift \\"balance\\": 1", "code": "123", "codeType": "TEXT", '
                    f'"color": "GREY", "balance": {balance_literal}, "extra": {{"balance": 5}}}}]')
    return path


def test_a_sixty_digit_voucher_vault_balance_is_kept_exactly(wallet, tmp_path):
    wallet.run("card", "import", voucher_vault(tmp_path / "vv.json", BIG + ".25"))
    card = all_cards(wallet)['Gift "balance": 1']
    assert (card["balance"], card["currency"]) == (BIG + ".25", "USD")
    exported = tmp_path / "out.json"
    wallet.run("card", "export", exported, "--format", "json")
    assert json.loads(exported.read_text())["cards"][0]["balance"] == BIG + ".25"


def test_a_sixty_digit_balance_in_exponent_form_is_refused_not_rounded(wallet, tmp_path):
    line = refused(wallet, "card", "import", voucher_vault(tmp_path / "vv.json", BIG + "e2"), fragment="[0].balance")
    assert "60 significant digits" in line
    wallet.run("card", "import", voucher_vault(tmp_path / "small.json", "1.5e2"))
    assert all_cards(wallet)['Gift "balance": 1']["balance"] == "150"
