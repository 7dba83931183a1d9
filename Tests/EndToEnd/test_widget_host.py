"""End-to-end checks of `wallet widget host`: the long-running process that keeps a directory of
widget snapshots current, and `wallet widget events`.

The host runs as a subprocess; a reader thread puts its event lines on a queue and every wait
has a deadline (nothing sleeps and hopes). Every snapshot the checks look at is decoded with
zxing-cpp and must carry exactly the code of the card it shows.
"""
import hashlib
import json
import os
import queue
import signal
import subprocess
import threading
import time
from datetime import datetime, timedelta

import pytest

from conftest import WALLET_BIN, one_line_failure, refused
from oracle import zxing_decode

DEADLINE = 20  # seconds any single expected event may take on a loaded 2-core machine
MANIFEST_KEYS = {"id", "family", "file", "sha256", "width", "height", "scale", "device", "entryDate", "nextReload",
                 "relevance", "url", "links"}


class Host:
    """A `wallet widget host` subprocess and the event lines it prints."""

    def __init__(self, wallet, out, *args, env=None):
        self.process = subprocess.Popen(
            [WALLET_BIN, "widget", "host", "--output", str(out), *map(str, args)],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=dict(wallet.env, **(env or {})))
        self.events = queue.Queue()
        self.seen = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.process.stdout:
            self.events.put(json.loads(line))
        self.events.put(None)

    def wait_for(self, timeout=DEADLINE, **fields):
        """The next event whose keys have these values; fails at the deadline or at exit."""
        deadline = time.monotonic() + timeout
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise AssertionError(f"no event {fields} within {timeout} s; saw {self.seen}")
            try:
                event = self.events.get(timeout=remaining)
            except queue.Empty:
                continue
            if event is None:
                self.events.put(None)
                raise AssertionError(f"host exited ({self.process.wait()}) before {fields}: "
                                     f"{self.process.stderr.read()}; saw {self.seen}")
            self.seen.append(event)
            if all(event.get(key) == value for key, value in fields.items()):
                return event

    def signal(self, number):
        """Sends `number` and returns the exit status (within the deadline)."""
        self.process.send_signal(number)
        return self.process.wait(timeout=DEADLINE)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=DEADLINE)


def add_card(wallet, store, code, fmt="qr"):
    return wallet.run("card", "add", "--store", store, "--code", code, "--format", fmt).stdout.strip()


def add_widget(wallet, family, *args):
    return wallet.run("widget", "add", "--family", family, *args).stdout.strip()


def decoded_texts(path):
    return sorted(symbol.text for symbol in zxing_decode(path))


def manifest(out):
    return json.loads((out / "manifest.json").read_text())["widgets"]


def snapshot(out, widget, family):
    return out / f"{widget}-{family}.png"


@pytest.fixture
def out(tmp_path):
    return tmp_path / "desktop"


@pytest.fixture
def two_cards(wallet):
    return add_card(wallet, "Alpha", "ALPHA-1"), add_card(wallet, "Beta", "400638133393", "ean13")


def test_start_renders_every_widget_then_manifest_then_ready(wallet, out, two_cards):
    alpha, beta = two_cards
    small = add_widget(wallet, "small", "--cards", alpha)
    medium = add_widget(wallet, "medium", "--cards", f"{alpha},{beta}")
    stale = out / "0b7f4a52-8f0e-4f7c-9a0e-2b1d3c4e5f60-large.png"  # a widget removed while no host ran
    out.mkdir()
    stale.write_bytes(b"old")
    with Host(wallet, out) as host:
        started = {host.wait_for(event="rendered", reason="start")["widget"] for _ in range(2)}
        host.wait_for(event="ready")
        assert started == {small, medium}
        assert not stale.exists()
        assert decoded_texts(snapshot(out, small, "small")) == ["ALPHA-1"]
        assert decoded_texts(snapshot(out, medium, "medium")) == ["4006381333931", "ALPHA-1"]
        entries = manifest(out)
        assert [entry["id"] for entry in entries] == [small, medium]
        for entry in entries:
            assert set(entry) == MANIFEST_KEYS
            data = open(entry["file"], "rb").read()
            assert entry["sha256"] == hashlib.sha256(data).hexdigest()
            assert entry["scale"] == 3 and entry["nextReload"] is None
            listed = json.loads(wallet.run("widget", "links", entry["id"], "--json").stdout)
            assert entry["links"] == listed  # deep links and buttons alike
        assert (entries[0]["width"], entries[0]["height"]) == (510, 510)
        assert entries[0]["url"] == f"wallet://card/{alpha}"
        assert entries[1]["url"] == "wallet://"
        assert host.signal(signal.SIGTERM) == 0
    listed = json.loads(wallet.run("widget", "list", "--json").stdout)
    assert not any(widget["needsReload"] for widget in listed)


def test_a_card_edit_renders_only_the_widgets_showing_it(wallet, out, two_cards):
    alpha, beta = two_cards
    shows_alpha = add_widget(wallet, "small", "--cards", alpha)
    shows_beta = add_widget(wallet, "small", "--cards", beta)
    with Host(wallet, out) as host:
        host.wait_for(event="ready")
        before = snapshot(out, shows_beta, "small").stat()
        wallet.run("card", "edit", alpha, "--code", "ALPHA-2")
        event = host.wait_for(event="rendered", reason="data")
        assert event["widget"] == shows_alpha
        assert decoded_texts(event["file"]) == ["ALPHA-2"]
        # A change no widget shows renders nothing. Two intent renders in turn mark the point by
        # which the host has handled the edit (the batch serving the first is printed whole).
        third = add_card(wallet, "Gamma", "GAMMA-1")
        wallet.run("card", "edit", third, "--code", "GAMMA-2")
        for _ in range(2):
            wallet.run("widget", "request-reload", shows_beta)
            host.wait_for(event="rendered", reason="intent", widget=shows_beta)
        assert [e for e in host.seen if e.get("reason") == "data"] == [event]
        assert snapshot(out, shows_beta, "small").stat().st_ino == before.st_ino  # unchanged: not rewritten
        assert host.signal(signal.SIGINT) == 0


def test_add_configure_remove_are_lifecycle_events_and_files(wallet, out, two_cards):
    alpha, beta = two_cards
    with Host(wallet, out) as host:
        host.wait_for(event="ready")
        assert manifest(out) == []
        widget = add_widget(wallet, "medium", "--cards", alpha)
        host.wait_for(event="added", widget=widget)
        rendered = host.wait_for(event="rendered", widget=widget, reason="configuration")
        assert decoded_texts(rendered["file"]) == ["ALPHA-1"]
        assert [entry["id"] for entry in manifest(out)] == [widget]
        wallet.run("widget", "configure", widget, "--cards", beta)
        host.wait_for(event="configured", widget=widget)
        rendered = host.wait_for(event="rendered", widget=widget, reason="configuration")
        assert decoded_texts(rendered["file"]) == ["4006381333931"]
        wallet.run("widget", "remove", widget)
        host.wait_for(event="removed", widget=widget)
        assert not snapshot(out, widget, "medium").exists()
        assert manifest(out) == []
        assert host.signal(signal.SIGTERM) == 0
    events = json.loads(wallet.run("widget", "events", "--json").stdout)
    assert [(e["event"], e["widget"], e["family"]) for e in events] == [
        ("added", widget, "medium"), ("configured", widget, "medium"), ("removed", widget, "medium")]
    assert all(e["time"] == "2026-11-22T09:30:00Z" and set(e) == {"event", "time", "widget", "family"} for e in events)
    # People read local time (issue 37, item 17); JSON above stays UTC.
    plain = wallet.run("widget", "events", env={"TZ": "UTC"}).stdout.splitlines()
    assert plain[0].split() == ["2026-11-22", "09:30", "added", widget, "medium"]


def used_sunday_mornings_and_later(wallet):
    """Morning is opened on Sundays at 9, Late at 10: the suggestion changes at 10:00."""
    morning = add_card(wallet, "Morning", "MORNING-9")
    late = add_card(wallet, "Late", "LATE-10")
    for day in ("2026-11-08", "2026-11-15"):
        wallet.run("open", f"wallet://card/{morning}", env={"WALLET_NOW": f"{day}T09:10:00Z"})
        wallet.run("open", f"wallet://card/{late}", env={"WALLET_NOW": f"{day}T10:10:00Z"})
    return morning, late


def test_a_suggested_widget_crosses_the_hour_with_a_fast_clock(wallet, out):
    used_sunday_mornings_and_later(wallet)
    widget = add_widget(wallet, "small", "--mode", "suggested")
    clock = {"WALLET_NOW": "2026-11-22T09:50:00Z", "WALLET_CLOCK_RATE": "600", "TZ": "UTC"}
    with Host(wallet, out, env=clock) as host:
        start = host.wait_for(event="rendered", widget=widget, reason="start")
        assert decoded_texts(start["file"]) == ["MORNING-9"]
        entry = host.wait_for(event="rendered", widget=widget, reason="entry")
        assert entry["entryDate"] == "2026-11-22T10:00:00Z"
        assert decoded_texts(entry["file"]) == ["LATE-10"]
        assert manifest(out)[0]["entryDate"] == "2026-11-22T10:00:00Z"
        assert host.signal(signal.SIGTERM) == 0


def test_a_small_budget_runs_out(wallet, out):
    add_card(wallet, "Alpha", "ALPHA-1")
    widget = add_widget(wallet, "small", "--mode", "suggested")  # no usage: one entry, atEnd at the hour
    clock = {"WALLET_NOW": "2026-11-22T09:40:00Z", "WALLET_CLOCK_RATE": "1200", "TZ": "UTC"}
    with Host(wallet, out, "--budget", 1, env=clock) as host:
        host.wait_for(event="ready")
        assert manifest(out)[0]["nextReload"] == "2026-11-22T10:00:00Z"
        policy = host.wait_for(event="rendered", widget=widget, reason="policy")
        exhausted = host.wait_for(event="budget-exhausted", widget=widget)
        reloaded_at = datetime.fromisoformat(policy["entryDate"].replace("Z", "+00:00"))
        until = datetime.fromisoformat(exhausted["until"].replace("Z", "+00:00"))
        # The budget counts the reload when it ran; the entry is dated a few (fast) clock seconds later.
        assert abs(until - reloaded_at - timedelta(hours=24)) <= timedelta(minutes=2)
        assert decoded_texts(snapshot(out, widget, "small")) == ["ALPHA-1"]  # keeps its last timeline
        # App-caused reloads stay free.
        wallet.run("widget", "request-reload", widget)
        host.wait_for(event="rendered", widget=widget, reason="intent")
        assert host.signal(signal.SIGTERM) == 0


def test_a_second_host_on_the_same_directory_is_refused(wallet, out, two_cards):
    add_widget(wallet, "small", "--cards", two_cards[0])
    with Host(wallet, out) as host:
        host.wait_for(event="ready")
        line = refused(wallet, "widget", "host", "--output", out, fragment="already")
        assert str(out) in line
        assert host.process.poll() is None
        assert host.signal(signal.SIGTERM) == 0


def test_sigkill_during_a_burst_leaves_only_whole_snapshots_and_a_restart_catches_up(wallet, out, two_cards):
    alpha, beta = two_cards
    widgets = [add_widget(wallet, "small", "--cards", alpha), add_widget(wallet, "medium", "--cards", f"{alpha},{beta}")]
    with Host(wallet, out) as host:
        host.wait_for(event="ready")
        for number in range(1, 40):
            wallet.run("card", "edit", alpha, "--code", f"ALPHA-{number}")
            if number == 3:
                host.wait_for(event="rendered", reason="data")
            if number == 20:
                host.process.kill()
        host.process.wait(timeout=DEADLINE)
    for path in out.glob("*.png"):
        texts = decoded_texts(path)
        assert texts and all(text.startswith("ALPHA-") or text == "4006381333931" for text in texts), (path, texts)
    with Host(wallet, out, "--once") as again:
        again.wait_for(event="ready")
        assert again.process.wait(timeout=DEADLINE) == 0
    assert not [p.name for p in out.iterdir() if p.name.startswith(".") and p.name != ".wallet-host.lock"]
    assert decoded_texts(snapshot(out, widgets[0], "small")) == ["ALPHA-39"]
    assert decoded_texts(snapshot(out, widgets[1], "medium")) == ["4006381333931", "ALPHA-39"]


def test_once_renders_what_is_due_and_exits(wallet, out, two_cards):
    widget = add_widget(wallet, "small", "--cards", two_cards[1])
    run = wallet.run("widget", "host", "--output", out, "--once")
    lines = [json.loads(line) for line in run.stdout.splitlines()]
    assert lines[-1] == {"event": "ready"}
    assert {"event": "rendered", "reason": "start", "widget": widget}.items() <= lines[0].items()
    assert decoded_texts(snapshot(out, widget, "small")) == ["4006381333931"]
    mtime = snapshot(out, widget, "small").stat().st_mtime_ns
    wallet.run("widget", "host", "--output", out, "--once")
    assert snapshot(out, widget, "small").stat().st_mtime_ns == mtime  # unchanged: not rewritten


def test_a_corrupt_widget_store_is_reported_and_the_host_recovers(wallet, out, two_cards):
    alpha, _ = two_cards
    widget = add_widget(wallet, "small", "--cards", alpha)
    store = wallet.home / "widgets.json"
    good = store.read_bytes()
    with Host(wallet, out) as host:
        host.wait_for(event="ready")
        (wallet.home / "scratch").write_bytes(b"{not json")
        os.replace(wallet.home / "scratch", store)
        error = host.wait_for(event="error")
        assert "widgets.json" in error["message"]
        (wallet.home / "scratch").write_bytes(good)
        os.replace(wallet.home / "scratch", store)
        wallet.run("card", "edit", alpha, "--code", "ALPHA-FIXED")
        rendered = host.wait_for(event="rendered", reason="data", widget=widget)
        assert decoded_texts(rendered["file"]) == ["ALPHA-FIXED"]
        added = add_widget(wallet, "small", "--cards", alpha)
        host.wait_for(event="added", widget=added)
        assert host.signal(signal.SIGTERM) == 0


def test_a_corrupt_widget_store_at_start_keeps_the_snapshots(wallet, out, two_cards):
    widget = add_widget(wallet, "small", "--cards", two_cards[0])
    wallet.run("widget", "host", "--output", out, "--once")
    before = (out / "manifest.json").read_text()
    (wallet.home / "widgets.json").write_text("[")
    run = wallet.run("widget", "host", "--output", out, "--once", check=False)
    assert run.returncode != 0 and "error" in run.stderr  # a timer notices
    lines = [json.loads(line) for line in run.stdout.splitlines()]
    assert lines[0]["event"] == "error" and "widgets.json" in lines[0]["message"]
    assert lines[-1] == {"event": "ready"}
    assert decoded_texts(snapshot(out, widget, "small")) == ["ALPHA-1"]
    assert (out / "manifest.json").read_text() == before


def test_a_vanished_container_is_reported_and_the_host_recovers(wallet, out, two_cards):
    alpha, _ = two_cards
    widget = add_widget(wallet, "small", "--cards", alpha)
    moved = wallet.home.with_name("moved-away")
    with Host(wallet, out) as host:
        host.wait_for(event="ready")
        os.rename(wallet.home, moved)
        error = host.wait_for(event="error")
        assert str(wallet.home) in error["message"]
        assert decoded_texts(snapshot(out, widget, "small")) == ["ALPHA-1"]  # the last snapshot stays
        os.rename(moved, wallet.home)
        wallet.run("card", "edit", alpha, "--code", "ALPHA-BACK")
        rendered = host.wait_for(event="rendered", reason="data", widget=widget)
        assert decoded_texts(rendered["file"]) == ["ALPHA-BACK"]
        assert host.signal(signal.SIGTERM) == 0


@pytest.mark.parametrize("args, env, fragment", [
    (["--budget", "0"], {}, "--budget 0"),
    ([], {"WALLET_CLOCK_RATE": "fast"}, "WALLET_CLOCK_RATE 'fast'"),
    ([], {"WALLET_CLOCK_RATE": "-3"}, "positive number"),
    (["--scale", "4"], {}, "unsupported scale 4"),
])
def test_bad_host_options_fail_with_one_line_and_write_nothing(wallet, out, args, env, fragment):
    run = wallet.run("widget", "host", "--output", out, "--once", *args, check=False, env=env)
    assert fragment in one_line_failure(run)
    assert not out.exists()


def test_an_output_path_that_is_a_file_is_refused(wallet, tmp_path):
    target = tmp_path / "file"
    target.write_text("keep")
    refused(wallet, "widget", "host", "--output", target, "--once", fragment=str(target))
    assert target.read_text() == "keep"
