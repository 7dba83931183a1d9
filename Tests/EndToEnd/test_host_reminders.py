"""Expiry reminders of the widget host (issue 37, item 9): days counted in the local calendar as
the widget counts them, and each reminder raised once per threshold per card across
`widget host --once` runs (the README's systemd-timer recipe)."""
import json

NO_BUS = {"DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/bus"}


def once(wallet, out, now, tz="UTC"):
    """The `notified` events of one `widget host --once` run at `now`."""
    run = wallet.run("widget", "host", "--output", out, "--once", env=dict(NO_BUS, WALLET_NOW=now, TZ=tz))
    events = [json.loads(line) for line in run.stdout.splitlines()]
    return [(e["card"], e["kind"], e["text"]) for e in events if e["event"] == "notified"]


def test_a_reminder_counts_local_days_and_is_raised_once(wallet, tmp_path):
    card = wallet.run("card", "add", "--store", "Amazon", "--code", "1", "--expiry", "2026-12-02").stdout.strip()
    out = tmp_path / "out"
    # 22:30 on 11-27 in New York is 03:30 on 11-28 in UTC: the widget there says 5 days left.
    assert once(wallet, out, "2026-11-28T03:30:00Z", tz="America/New_York") == [(card, "expiry", "Expires in 5 days.")]
    assert once(wallet, out, "2026-11-28T04:00:00Z", tz="America/New_York") == []
    assert once(wallet, out, "2026-11-29T12:00:00Z", tz="America/New_York") == []
    # The next threshold, the day before, is raised once too.
    assert once(wallet, out, "2026-12-01T14:00:00Z", tz="America/New_York") == [(card, "expiry", "Expires tomorrow.")]
    assert once(wallet, out, "2026-12-01T15:00:00Z", tz="America/New_York") == []


def test_a_host_off_for_a_week_raises_only_the_nearest_threshold(wallet, tmp_path):
    card = wallet.run("card", "add", "--store", "Boots", "--code", "1", "--expiry", "2026-12-02").stdout.strip()
    out = tmp_path / "out"
    assert once(wallet, out, "2026-12-01T09:00:00Z") == [(card, "expiry", "Expires tomorrow.")]
    assert once(wallet, out, "2026-12-01T10:00:00Z") == []
    # A new expiry is a new reminder.
    wallet.run("card", "edit", card, "--expiry", "2026-12-08")
    assert once(wallet, out, "2026-12-01T11:00:00Z") == [(card, "expiry", "Expires in 7 days.")]
