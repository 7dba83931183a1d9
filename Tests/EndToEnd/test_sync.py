"""`wallet sync` with real git: a bare repository as the remote and wallet homes as devices.

Edits on three devices with offline stretches converge (compared through `card list --json`);
the same field edited on two devices keeps the later edit and reports the other; an edit beats
a removal; hostile remotes are refused naming the file with nothing applied; a SIGKILL at any
git step leaves a wallet the next sync completes; a push someone beat is merged again; no
network keeps the local change; the history logs and restores.
"""
import json
import signal
from pathlib import Path

import pytest

from conftest import refused
from sync_devices import REAL_GIT, Device, bare_remote, card_path, git, push_files, synced_view, wrapper_dir


@pytest.fixture
def remote(tmp_path):
    return str(bare_remote(tmp_path / "remote.git"))


@pytest.fixture
def sealing():
    """How the laptop starts the remote: sealed (the default); tests that write a plain remote's
    files themselves say `plain` by parametrizing this."""
    return "sealed"


@pytest.fixture
def laptop(tmp_path, remote, sealing):
    """The device that starts the wallet on the remote."""
    device = Device(tmp_path / "laptop", "laptop", remote, plain=sealing == "plain")
    device.add("Tesco", "1111")
    device.add("Lidl", "2222", "--note", "bring bags")
    device.join()
    return device


@pytest.fixture
def devices(tmp_path, remote, laptop):
    """Three devices on one remote: the laptop starts the wallet, the others join it."""
    desk = laptop.joined_by(tmp_path / "desk", "desk")
    phone = Device(tmp_path / "phone", "phone", remote, plain=laptop.plain)
    phone.add("Aldi", "3333")
    phone.join(laptop.words())
    return laptop, desk, phone


def converge(*devices):
    for device in devices + devices:
        device.sync()
    views = [synced_view(device) for device in devices]
    assert all(view == views[0] for view in views), views
    return views[0]


@pytest.mark.parametrize("sealing", ["sealed", "plain"])
def test_edits_on_three_devices_with_offline_stretches_converge(devices):
    laptop, desk, phone = devices
    assert {card["store"] for card in desk.cards()} == {"Tesco", "Lidl"}
    laptop.sync()
    assert {card["store"] for card in laptop.cards()} == {"Tesco", "Lidl", "Aldi"}
    # Offline stretch: each edits a different field of the same card, and adds or removes cards.
    laptop.at("2026-11-22T10:00:00Z").run("card", "edit", "Tesco", "--note", "laptop note")
    desk.at("2026-11-22T10:05:00Z").run("card", "edit", "Tesco", "--balance", "12.50")
    phone.at("2026-11-22T10:10:00Z").run("card", "edit", "Tesco", "--favorite")
    phone.run("card", "remove", "Lidl")
    desk.add("Rewe", "4444")
    view = converge(laptop, desk, phone)
    tesco = laptop.card("Tesco")
    assert (tesco["note"], tesco["balance"], tesco["favorite"]) == ("laptop note", "12.50", True)
    assert {dict(card)["store"] for card in view} == {'"Tesco"', '"Aldi"', '"Rewe"'}
    assert laptop.run("sync", "--json").stdout.strip() == '{"conflicts":[],"pulled":0,"pushed":0}'
    assert laptop.run("sync").stdout == ""  # quiet when in sync


@pytest.mark.parametrize("sealing", ["sealed", "plain"])
def test_the_same_field_on_two_devices_keeps_the_later_edit_and_reports_the_other(devices):
    laptop, desk, phone = devices
    converge(laptop, desk, phone)
    laptop.at("2026-11-22T11:00:00Z").run("card", "edit", "Lidl", "--note", "earlier")
    laptop.sync()
    desk.at("2026-11-22T12:00:00Z").run("card", "edit", "Lidl", "--note", "later")
    report = desk.sync()
    lidl = desk.card("Lidl")["id"]
    assert report["conflicts"] == [{"card": lidl, "field": "note", "kept": "later", "other": "earlier",
                                    "reason": "edited on both devices: the later edit is kept"}]
    converge(laptop, desk, phone)
    assert {device.card("Lidl")["note"] for device in devices} == {"later"}
    if laptop.plain:  # The value set aside stays in the history.
        assert "earlier" in git("log", "-p", "--all", cwd=laptop.home / "sync")


@pytest.mark.parametrize("sealing", ["plain"])  # reads the card file's lines
def test_the_later_edit_wins_by_when_it_was_made_not_when_it_was_synced(laptop, tmp_path, remote):
    desk = laptop.joined_by(tmp_path / "desk", "desk")
    # The laptop edits first but syncs last: its edit is older, so the desk's value stays.
    laptop.at("2026-11-22T10:00:00Z").run("card", "edit", "Tesco", "--store", "Tesco Extra")
    desk.at("2026-11-22T11:00:00Z").run("card", "edit", "Tesco", "--store", "Tesco Metro", "--favorite")
    desk.sync()
    report = laptop.at("2026-11-22T12:00:00Z").sync()
    tesco = laptop.card("Tesco Metro")
    assert report["conflicts"] == [{"card": tesco["id"], "field": "store", "kept": "Tesco Metro", "other": "Tesco Extra",
                                    "reason": "edited on both devices: the later edit is kept"}]
    assert (tesco["store"], tesco["favorite"]) == ("Tesco Metro", True)
    # Each field's file line keeps the time of its edit, not of the sync that carried it.
    lines = card_path(laptop, tesco["id"]).read_text()
    assert '"store": {"edited": "2026-11-22T11:00:00Z"' in lines
    assert '"favorite": {"edited": "2026-11-22T11:00:00Z"' in lines
    desk.at("2026-11-22T12:00:00Z").sync()
    assert synced_view(desk) == synced_view(laptop)


def test_an_edit_beats_a_removal(devices):
    laptop, desk, phone = devices
    converge(laptop, desk, phone)
    laptop.run("card", "remove", "Tesco")
    laptop.sync()
    desk.run("card", "edit", "Tesco", "--note", "still used")
    report = desk.sync()
    assert [(c["field"], c["kept"], c["other"]) for c in report["conflicts"]] == [("card", "edited", "removed")]
    converge(laptop, desk, phone)
    assert laptop.card("Tesco")["note"] == "still used"


def test_a_removal_without_an_edit_reaches_every_device(devices):
    laptop, desk, phone = devices
    converge(laptop, desk, phone)
    phone.run("card", "remove", "Aldi")
    view = converge(phone, laptop, desk)
    assert '"Aldi"' not in {dict(card)["store"] for card in view}


@pytest.mark.parametrize("sealing", ["sealed", "plain"])
def test_opens_travel_in_one_append_only_file_per_device(devices):
    laptop, desk, phone = devices
    converge(laptop, desk, phone)
    tesco = laptop.card("Tesco")["id"]
    laptop.run("open", f"wallet://card/{tesco}")
    desk.at("2026-11-22T09:31:00Z").run("open", f"wallet://card/{tesco}")
    converge(laptop, desk, phone)
    assert {device.card("Tesco")["usageCount"] for device in devices} == {2}
    if laptop.plain:
        usage = sorted(p.name for p in (laptop.home / "sync" / "usage").iterdir())
        assert usage == ["desk.jsonl", "laptop.jsonl"]
    else:
        assert len(list((laptop.home / "sync" / "sealed" / "usage").iterdir())) == 2


def test_no_network_keeps_the_local_change_until_the_remote_is_back(devices, tmp_path, remote):
    laptop, desk, phone = devices
    converge(laptop, desk, phone)
    laptop.run("card", "edit", "Aldi", "--note", "offline edit")
    moved = tmp_path / "away.git"
    (tmp_path / "remote.git").rename(moved)
    line = refused(laptop, "sync", fragment="cannot reach")
    assert "local changes are kept" in line
    assert laptop.card("Aldi")["note"] == "offline edit"
    moved.rename(tmp_path / "remote.git")
    assert laptop.sync()["pushed"] == 1
    converge(laptop, desk, phone)
    assert desk.card("Aldi")["note"] == "offline edit"


def test_a_push_someone_beat_is_merged_and_pushed_again(devices, tmp_path):
    laptop, desk, phone = devices
    converge(laptop, desk, phone)
    desk.run("card", "edit", "Lidl", "--balance", "3.00")
    laptop.run("card", "edit", "Lidl", "--expiry", "2027-01-31")
    # Just before the laptop pushes, the desk pushes its own change.
    wrapper = wrapper_dir(tmp_path, before_push=f"WALLET_HOME={desk.home} WALLET_NOW=2026-11-22T09:30:00Z {desk_binary()} sync",
                          before_push_done=tmp_path / "pushed-once")
    env = {"PATH": f"{wrapper}:{laptop.env['PATH']}"}
    report = laptop.sync(env=env)
    assert report["pushed"] == 1 and report["pulled"] == 1
    converge(laptop, desk, phone)
    lidl = phone.card("Lidl")
    assert (lidl["balance"], lidl["expiry"]) == ("3.00", "2027-01-31")


def desk_binary():
    from conftest import WALLET_BIN
    return WALLET_BIN


@pytest.mark.parametrize("step", ["commit", "fetch", "commit-tree", "update-ref", "push"])
def test_a_sigkill_at_any_git_step_leaves_a_wallet_the_next_sync_completes(laptop, tmp_path, remote, step):
    desk = laptop.joined_by(tmp_path / "desk", "desk")
    laptop.at("2026-11-22T10:00:00Z").run("card", "edit", "Tesco", "--note", "laptop")
    desk.at("2026-11-22T10:00:00Z").run("card", "edit", "Lidl", "--note", "desk")
    desk.sync()
    env = {"PATH": f"{wrapper_dir(tmp_path, kill_at=step)}:{laptop.env['PATH']}"}
    run = laptop.at("2026-11-22T10:30:00Z").run("sync", check=False, env=env)
    assert run.returncode == -signal.SIGKILL, run.stderr
    converge(laptop, desk)
    assert (desk.card("Tesco")["note"], laptop.card("Lidl")["note"]) == ("laptop", "desk")


def hostile_files(card_id, card_text):
    good = json.loads(card_text)
    malformed = card_text.replace('"value": "Tesco"', '"value": ')
    renamed = "cards/not-an-id.json"
    return {
        "symlink": ({f"cards/{card_id}.json": ("link", "/etc/passwd")}, f"cards/{card_id}.json"),
        "path outside cards": ({"hooks/post-merge": b"#!/bin/sh\n"}, "hooks/post-merge"),
        "oversized": ({f"cards/{card_id}.json": card_text.encode() + b" " * 70_000}, f"cards/{card_id}.json"),
        "malformed": ({f"cards/{card_id}.json": malformed.encode()}, f"cards/{card_id}.json"),
        "bad id": ({renamed: card_text.encode()}, renamed),
        "id mismatch": ({"cards/00000000-0000-4000-8000-000000000000.json": card_text.encode()},
                        "cards/00000000-0000-4000-8000-000000000000.json"),
        "empty store": ({f"cards/{card_id}.json": card_text.replace('"value": "Tesco"', '"value": "  "').encode()},
                        f"cards/{card_id}.json"),
        "bad usage": ({"usage/evil.jsonl": b'{"card": 1}\n'}, "usage/evil.jsonl"),
    } if good else {}


@pytest.mark.parametrize("sealing", ["plain"])  # writes the remote's plain files itself
@pytest.mark.parametrize("case", ["symlink", "path outside cards", "oversized", "malformed", "bad id", "id mismatch",
                                  "empty store", "bad usage"])
def test_a_hostile_remote_is_refused_naming_the_file_with_nothing_applied(laptop, tmp_path, remote, case):
    tesco = laptop.card("Tesco")["id"]
    text = card_path(laptop, tesco).read_text()
    files, named = hostile_files(tesco, text)[case]
    # A harmless change rides along: it must not be applied either.
    lidl = laptop.card("Lidl")["id"]
    harmless = card_path(laptop, lidl).read_text().replace('"value": "bring bags"', '"value": "changed"')
    push_files(remote, tmp_path / "attacker", {f"cards/{lidl}.json": harmless.encode(), **files})
    before = laptop.cards()
    line = refused(laptop, "sync", fragment=named)
    assert "nothing of this sync was applied" in line
    assert laptop.cards() == before
    assert not (laptop.home / "sync" / "hooks").exists()
    # The next sync refuses again: the remote is still what it is.
    refused(laptop, "sync", fragment=named)


def test_log_and_restore_bring_back_a_removed_card_and_an_older_version(devices):
    laptop, desk, phone = devices
    converge(laptop, desk, phone)
    lidl = laptop.card("Lidl")["id"]
    laptop.at("2026-11-23T09:00:00Z").run("card", "edit", "Lidl", "--note", "second")
    laptop.sync()
    desk.sync()
    desk.run("card", "remove", "Lidl")
    desk.at("2026-11-24T09:00:00Z").sync()
    assert [card["store"] for card in desk.cards()].count("Lidl") == 0
    log = desk.run("sync", "log").stdout.splitlines()
    assert any("  desk  " in line for line in log) and any("  laptop  " in line for line in log)
    card_log = laptop.run("sync", "log", "Lidl").stdout.splitlines()
    assert any("note" in line for line in card_log), card_log
    refused(desk, "sync", "restore", "nothing-like-it", fragment="no card")
    assert any("removed" in line for line in desk.run("sync", "log", lidl[:8]).stdout.splitlines())
    desk.run("sync", "restore", lidl[:8])
    assert desk.card("Lidl")["note"] == "second"
    desk.run("sync", "restore", lidl, "--at", "2026-11-22")
    assert desk.card("Lidl")["note"] == "bring bags"
    desk.at("2026-11-25T09:00:00Z").sync()
    converge(laptop, desk, phone)
    assert laptop.card("Lidl")["note"] == "bring bags"


def test_status_and_set_up_errors(laptop, tmp_path):
    laptop.run("card", "edit", "Tesco", "--note", "pending")
    status = laptop.run("sync", "status").stdout
    assert "device: laptop" in status and "pending: 1 changed cards" in status
    refused(laptop, "sync", "init", "elsewhere", fragment="already syncs")
    lonely = Device(tmp_path / "lonely", "lonely", "nowhere")
    refused(lonely, "sync", fragment="sync init")
    refused(lonely, "sync", "init", str(tmp_path / "missing.git"), "--device", "x", fragment="cannot reach")
    assert not (lonely.home / "sync").exists() and not (lonely.home / "sync.key").exists()
    refused(lonely, "sync", "init", str(tmp_path / "r"), "--device", "bad name", fragment="device name")


def test_the_host_re_renders_when_a_sync_brings_a_change(devices, tmp_path):
    from test_widget_host import Host, add_widget, decoded_texts, snapshot
    laptop, desk, phone = devices
    converge(laptop, desk, phone)
    tesco = desk.card("Tesco")["id"]
    laptop.run("card", "edit", "Tesco", "--code", "9999-NEW", "--format", "qr")
    laptop.sync()
    widget = add_widget(desk, "small", "--cards", tesco)
    out = tmp_path / "desk-widgets"
    with Host(desk, out) as host:
        host.wait_for(event="ready")
        assert decoded_texts(snapshot(out, widget, "small")) == []  # no barcode yet: the number as text
        assert desk.sync()["pulled"] == 1
        event = host.wait_for(event="rendered", widget=widget, reason="sync")
        assert event["file"] == str(snapshot(out, widget, "small"))
        assert decoded_texts(snapshot(out, widget, "small")) == ["9999-NEW"]
        assert host.signal(signal.SIGTERM) == 0


def solid_png(path, size, color):
    from PIL import Image
    Image.new("RGBA", size, color).save(path)
    return path


@pytest.mark.parametrize("sealing", ["plain"])  # writes the remote's plain files itself
def test_images_travel_beside_the_card_and_merge_like_fields(laptop, tmp_path, remote):
    desk = laptop.joined_by(tmp_path / "desk", "desk")
    tesco = laptop.card("Tesco")["id"]
    laptop.at("2026-11-22T10:00:00Z").run("card", "edit", "Tesco", "--logo", solid_png(tmp_path / "red.png", (60, 20), "red"))
    laptop.sync()
    desk.sync()
    image = Path("sync") / "cards" / tesco / "logo.png"
    assert "Art: logo" in desk.run("card", "show", "Tesco").stdout
    assert (desk.home / image).read_bytes() == (laptop.home / image).read_bytes()
    # The same image changed on both devices: the later edit wins, wherever it was synced from.
    laptop.at("2026-11-22T10:30:00Z").run("card", "edit", "Tesco", "--logo", solid_png(tmp_path / "green.png", (60, 20), "green"))
    desk.at("2026-11-22T11:00:00Z").run("card", "edit", "Tesco", "--logo", solid_png(tmp_path / "blue.png", (60, 20), "blue"))
    desk.sync()
    report = laptop.at("2026-11-22T12:00:00Z").sync()
    assert [(c["field"], c["reason"]) for c in report["conflicts"]] == [
        ("image.logo", "edited on both devices: the later edit is kept")]
    assert (laptop.home / image).read_bytes() == (desk.home / image).read_bytes()
    desk.at("2026-11-22T12:00:00Z").sync()
    assert desk.run("card", "show", "Tesco").stdout == laptop.run("card", "show", "Tesco").stdout
    # A removed image leaves every device.
    laptop.at("2026-11-22T13:00:00Z").run("card", "edit", "Tesco", "--logo", "none")
    laptop.sync()
    desk.sync()
    assert "Art:" not in desk.run("card", "show", "Tesco").stdout
    assert not (desk.home / image).exists()


@pytest.mark.parametrize("sealing", ["plain"])  # writes the remote's plain files itself
def test_restore_brings_a_removed_card_back_with_its_logo(laptop, tmp_path):
    logo = solid_png(tmp_path / "red.png", (60, 20), "red")
    tesco = laptop.card("Tesco")["id"]
    laptop.at("2026-11-22T10:00:00Z").run("card", "edit", "Tesco", "--logo", logo)
    laptop.sync()
    image = laptop.home / "sync" / "cards" / tesco / "logo.png"
    stored = image.read_bytes()
    laptop.run("card", "remove", "Tesco")
    laptop.at("2026-11-22T11:00:00Z").sync()
    assert not image.exists()
    laptop.run("sync", "restore", tesco[:8])
    assert "Art: logo" in laptop.run("card", "show", "Tesco").stdout
    laptop.at("2026-11-22T12:00:00Z").sync()
    assert image.read_bytes() == stored


@pytest.mark.parametrize("sealing", ["plain"])  # writes the remote's plain files itself
@pytest.mark.parametrize("case", ["not a PNG", "oversized", "symlink", "larger than its role"])
def test_a_hostile_image_is_refused_naming_the_file_with_nothing_applied(laptop, tmp_path, remote, case):
    import hashlib
    tesco = laptop.card("Tesco")["id"]
    path = f"cards/{tesco}/logo.png"
    image = {
        "not a PNG": b"GIF89a" + b"\0" * 64,
        "oversized": b"\x89PNG\r\n\x1a\n" + b"\0" * (7 << 20),
        "symlink": ("link", "/etc/passwd"),
        "larger than its role": solid_png(tmp_path / "wide.png", (2000, 100), "red").read_bytes(),
    }[case]
    digest = hashlib.sha256(b"" if isinstance(image, tuple) else image).hexdigest()
    text = card_path(laptop, tesco).read_text().replace(
        "{\n", '{\n"image.logo": {"edited": "2026-11-22T10:00:00Z", "value": "%s"},\n' % digest, 1)
    push_files(remote, tmp_path / "attacker", {f"cards/{tesco}.json": text.encode(), path: image})
    before = laptop.cards()
    line = refused(laptop, "sync", fragment=path)
    assert "nothing of this sync was applied" in line
    assert {"not a PNG": "not a PNG", "oversized": "over 6 MiB", "symlink": "a symbolic link",
            "larger than its role": "2000x100 px, larger than a logo"}[case] in line, line
    assert laptop.cards() == before
    assert "Art:" not in laptop.run("card", "show", "Tesco").stdout


def test_git_gets_only_the_environment_it_needs(laptop, tmp_path):
    """The wallet's own variables (a zip password) and GIT_* settings that would point git at
    another repository never reach git; what git needs (HOME, PATH) and the wallet's own
    GIT_TERMINAL_PROMPT=0 do."""
    seen = tmp_path / "git-env.txt"
    folder = tmp_path / "envgit"
    folder.mkdir()
    script = folder / "git"
    script.write_text(f"#!/bin/sh\nenv >> {seen}\nexec {REAL_GIT} \"$@\"\n")
    script.chmod(0o755)
    laptop.run("card", "edit", "Tesco", "--note", "env")
    env = {"PATH": f"{folder}:{laptop.env['PATH']}", "WALLET_ZIP_PASSWORD": "secret-words",
           "GIT_DIR": str(tmp_path / "elsewhere.git"), "LD_PRELOAD": ""}
    laptop.sync(env=env)
    variables = {line.split("=", 1)[0] for line in seen.read_text().splitlines() if "=" in line}
    assert {"HOME", "PATH", "GIT_TERMINAL_PROMPT"} <= variables
    assert not variables & {"WALLET_ZIP_PASSWORD", "GIT_DIR", "LD_PRELOAD", "WALLET_HOME", "WALLET_NOW"}
    assert "secret-words" not in seen.read_text()
