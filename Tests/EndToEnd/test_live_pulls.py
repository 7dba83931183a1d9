"""What a pull costs the issuer (issue 38, item 11): against the real PassKit web service of
test_live_passes.py, an unchanged pass asked for with If-Modified-Since is answered 304 and not
downloaded again, and the host pulls a pass type no more often than its daily budget allows."""
import time
import uuid
from pathlib import Path

import pytest

import passkit_server
from test_live_passes import card_json, issue
from test_widget_host import DEADLINE, Host

pytest.importorskip("django_walletpass")


def requests(issuer, serial=None):
    """The server's log lines ([method, path, authorization, status, If-Modified-Since]), of one
    pass's fetches when `serial` is given."""
    lines = []
    for line in (issuer.directory / "requests.log").read_text().splitlines():
        request, *rest = line.split("\t")
        lines.append(request.split(" ", 1) + rest)
    if serial is None:
        return lines
    return [line for line in lines if line[0] == "GET" and line[1] == f"/v1/passes/{passkit_server.PASS_TYPE}/{serial}"]


def list_requests(issuer, device_part="/v1/devices/"):
    return [line for line in requests(issuer)
            if line[0] == "GET" and line[1].startswith(device_part) and "/registrations/" in line[1]]


@pytest.fixture
def no_list(issuer):
    """The issuer's changed-serials list answers 503 while the test runs."""
    switch = Path(issuer.directory) / passkit_server.LIST_OFF
    switch.touch()
    yield
    switch.unlink()


def test_an_unchanged_pass_is_answered_304_and_not_downloaded_again(wallet, issuer, tmp_path, no_list):
    serial = f"M-{uuid.uuid4().hex[:8]}"
    wallet.run("card", "import", issue(tmp_path, serial))
    first = wallet.run("card", "update", "--all")
    assert first.stdout == "Coffee Club: unchanged\n"
    fetched = requests(issuer, serial)
    assert [line[3] for line in fetched] == ["200"]  # no list: the pass itself, whole, once
    second = wallet.run("card", "update", "--all")
    assert second.stdout == "Coffee Club: unchanged\n"
    again = requests(issuer, serial)[1:]
    assert len(again) == 1, again
    method, path, authorization, status, since = again[0]
    assert since != "-", "the second fetch did not send If-Modified-Since"
    assert status == "304", f"an unchanged pass was downloaded again (HTTP {status})"
    assert card_json(wallet)["updatedAt"] is not None


def test_the_host_keeps_to_the_daily_pull_budget(wallet, issuer, tmp_path):
    """A fast clock (300 times real time) with a pull every 60 clock seconds and a budget of 3:
    the host lists the type's changes 3 times, then not again for the rest of the clock's day."""
    serial = f"B-{uuid.uuid4().hex[:8]}"
    wallet.run("card", "import", issue(tmp_path, serial))
    before = len(list_requests(issuer))
    clock = {"WALLET_NOW": "2026-11-22T09:30:00Z", "WALLET_CLOCK_RATE": "300", "TZ": "UTC"}
    with Host(wallet, tmp_path / "out", "--pull-interval", "60", "--pull-budget", "3", env=clock) as host:
        host.wait_for(event="ready")
        deadline = time.monotonic() + DEADLINE
        while len(list_requests(issuer)) - before < 3:
            assert time.monotonic() < deadline, f"3 pulls within {DEADLINE} s; saw {requests(issuer)[-5:]}"
            time.sleep(0.05)
        # Three seconds are 15 minutes of the host's clock: 15 more pulls at its interval, none
        # within the budget (it frees up 24 clock hours after the first pull).
        time.sleep(3)
        assert len(list_requests(issuer)) - before == 3
        assert host.signal(15) == 0
