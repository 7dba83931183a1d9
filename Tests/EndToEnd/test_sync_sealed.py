"""A sealed sync remote learns nothing: after syncs from three devices no card value (store,
number, note, balance, group, logo bytes, card id) is in any git object of the remote, loose or
packed; the devices converge; pairing is by 24 words (and a terminal QR code that zxing-cpp and
zbar read back to the same words); wrong words, a remote sealed under another key, a tampered
file and a file sealed under another key are refused in one line with nothing applied; `sync
rekey` re-seals the remote, and turns a plain remote into a sealed one whose branch holds no
plain file; a rekey killed before or after its push leaves one key that opens the remote.
"""
import base64
import json
import subprocess
from pathlib import Path

import pytest

from conftest import refused, run_in_terminal
from oracle import terminal_to_png, zbar_decode_symbols, zxing_decode
from sync_devices import Device, bare_remote, git, synced_view
from test_sync import converge

SECRETS = {
    "store": "Zanzibar Pantry", "code": "7390215548806", "note": "gate code 4471 behind the bins",
    "balance": "9731.58", "group": "Quokka Club",
}


@pytest.fixture
def remote(tmp_path):
    return str(bare_remote(tmp_path / "remote.git"))


def all_objects(remote):
    """Every object of the repository, loose or packed, as (type, bytes)."""
    out = subprocess.run(["git", "-C", remote, "cat-file", "--batch-all-objects", "--batch"], capture_output=True,
                         check=True, timeout=60).stdout
    objects, offset = [], 0
    while offset < len(out):
        newline = out.index(b"\n", offset)
        _, kind, size = out[offset:newline].split(b" ")
        start = newline + 1
        objects.append((kind.decode(), out[start:start + int(size)]))
        offset = start + int(size) + 1
    return objects


def leaks(remote, secrets):
    """The secrets (bytes) found in any object of `remote`, with the object's type."""
    found = []
    for kind, data in all_objects(remote):
        for secret in secrets:
            if secret in data or secret.lower() in data.lower():
                found.append((kind, secret[:40]))
    return found


def card_secrets(device, *stores):
    """What each card's values are, as bytes a leak would show: its texts, id and logo PNG."""
    exported = Path(device.home) / "export.json"
    device.run("card", "export", exported, "--format", "json")
    document = json.loads(exported.read_text())
    secrets = [value.encode() for value in SECRETS.values()]
    for card in document["cards"]:
        if card["store"] in stores:
            secrets.append(card["id"].encode())
    pngs = [base64.b64decode(text) for text in _strings_in(document["art"]) if text.startswith("iVBOR")]
    assert pngs, "the export carries the logo"
    for png in pngs:
        secrets += [png, png[len(png) // 2:len(png) // 2 + 32]]
    return secrets


def _strings_in(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings_in(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings_in(item)


def noisy_png(path, size):
    """A logo whose bytes are its own: seeded noise (a solid color would compress to a few bytes)."""
    import random
    from PIL import Image
    rng = random.Random(34)
    image = Image.new("RGB", size)
    image.putdata([(rng.randrange(256), rng.randrange(256), rng.randrange(256)) for _ in range(size[0] * size[1])])
    image.save(path)
    return path


def test_after_three_devices_sync_no_card_value_is_in_any_object_of_the_remote(tmp_path, remote):
    laptop = Device(tmp_path / "laptop", "laptop", remote)
    laptop.add(SECRETS["store"], SECRETS["code"], "--note", SECRETS["note"], "--balance", SECRETS["balance"],
               "--currency", "EUR", "--group", SECRETS["group"],
               "--logo", noisy_png(tmp_path / "logo.png", (90, 30)))
    laptop.join()
    desk = laptop.joined_by(tmp_path / "desk", "desk")
    phone = Device(tmp_path / "phone", "phone", remote)
    phone.add("Yellowhammer Books", "5512")
    phone.join(laptop.words())
    desk.at("2026-11-22T10:00:00Z").run("card", "edit", SECRETS["store"], "--note", SECRETS["note"] + " (desk)")
    phone.at("2026-11-22T10:05:00Z").run("card", "edit", "Yellowhammer Books", "--balance", "66.01")
    laptop.run("open", f"wallet://card/{laptop.card(SECRETS['store'])['id']}")
    view = converge(laptop, desk, phone)
    assert {dict(card)["store"] for card in view} == {json.dumps(SECRETS["store"]), json.dumps("Yellowhammer Books")}
    assert desk.card(SECRETS["store"])["note"] == SECRETS["note"] + " (desk)"
    assert "Art: logo" in phone.run("card", "show", SECRETS["store"]).stdout
    secrets = card_secrets(laptop, SECRETS["store"], "Yellowhammer Books") + [b"Yellowhammer", b"66.01"]
    assert leaks(remote, secrets) == []
    # Packed too: after a gc everything is in a pack, and still nothing shows.
    git("-C", remote, "gc", "-q", "--aggressive")
    assert not list((Path(remote) / "objects").glob("[0-9a-f][0-9a-f]/*"))
    assert leaks(remote, secrets) == []
    # The tree holds sealed files only, under names that are keyed hashes.
    names = git("-C", remote, "ls-tree", "-r", "--name-only", "main").split()
    assert "sealed/wallet.json" in names
    assert all(name == "sealed/wallet.json" or name.startswith(("sealed/cards/", "sealed/images/", "sealed/usage/"))
               for name in names), names
    # The history still reads on the devices: the log names what changed, restore by id prefix works.
    card_log = desk.run("sync", "log", SECRETS["store"]).stdout
    assert "note" in card_log and "added" in card_log, card_log
    yellow = phone.card("Yellowhammer Books")["id"]
    phone.run("card", "remove", "Yellowhammer Books")
    phone.at("2026-11-23T09:00:00Z").sync()
    laptop.sync()
    assert "Yellowhammer Books" not in {card["store"] for card in laptop.cards()}
    assert "removed" in laptop.run("sync", "log", yellow[:8]).stdout
    laptop.run("sync", "restore", yellow[:8])
    assert laptop.card("Yellowhammer Books")["balance"] == "66.01"


def test_the_key_file_is_private_and_outside_the_repository(tmp_path, remote):
    laptop = Device(tmp_path / "laptop", "laptop", remote)
    laptop.add("Tesco", "1111")
    laptop.join()
    key = Path(laptop.home) / "sync.key"
    assert key.stat().st_mode & 0o777 == 0o600
    words = laptop.words().split()
    assert len(words) == 24
    history = subprocess.run(["git", "-C", remote, "log", "-p", "--all", "--format=%B"], capture_output=True,
                             check=True, timeout=60).stdout
    assert key.read_text().strip().encode() not in history
    assert leaks(remote, [key.read_text().strip().encode()]) == []
    assert laptop.words() == " ".join(words)  # shown again on demand: the same key


def test_sync_key_draws_the_words_as_a_qr_code_on_a_terminal(tmp_path, remote):
    laptop = Device(tmp_path / "laptop", "laptop", remote)
    laptop.join()
    words = laptop.words()
    status, _, shown = run_in_terminal(laptop, "sync", "key", columns=100)
    assert status == 0
    assert shown.splitlines()[0].strip() == words
    png = terminal_to_png(shown, tmp_path / "key.png", two_dimensional=True)
    assert [result.text for result in zxing_decode(png)] == [words]
    assert [symbol.text for symbol in zbar_decode_symbols(png)] == [words]
    # On a pipe: the words alone.
    assert laptop.run("sync", "key").stdout == words + "\n"


def test_wrong_words_a_plain_join_or_a_new_key_on_a_sealed_remote_are_refused(tmp_path, remote):
    laptop = Device(tmp_path / "laptop", "laptop", remote)
    laptop.add("Tesco", "1111")
    laptop.join()
    stranger = Device(tmp_path / "other", "other", str(bare_remote(tmp_path / "other.git")))
    stranger.join()
    desk = Device(tmp_path / "desk", "desk", remote)
    desk.add("Lidl", "2222")
    before = desk.cards()
    refused(desk, "sync", "init", remote, "--key", stranger.words(), fragment="sealed under another key")
    refused(desk, "sync", "init", remote, fragment="sealed under another key")
    refused(desk, "sync", "init", remote, "--plain", fragment="holds a sealed wallet")
    words = laptop.words().split()
    refused(desk, "sync", "init", remote, "--key", " ".join(words[:-1]), fragment="23 words instead of 24")
    refused(desk, "sync", "init", remote, "--key", " ".join(words[1:] + words[:1]), fragment="not valid")
    refused(desk, "sync", "init", remote, "--plain", "--key", " ".join(words), fragment="do not go together")
    assert desk.cards() == before
    assert not (Path(desk.home) / "sync").exists() and not (Path(desk.home) / "sync.key").exists()
    # A sealed wallet meeting a plain remote.
    plain = Device(tmp_path / "plain", "plain", str(bare_remote(tmp_path / "plain.git")), plain=True)
    plain.add("Aldi", "3333")
    plain.join()
    refused(desk, "sync", "init", plain.remote, fragment="holds a plain (unencrypted) wallet")
    desk.join(" ".join(words))
    assert {card["store"] for card in desk.cards()} == {"Tesco", "Lidl"}


def sealed_files(remote):
    return [name for name in git("-C", remote, "ls-tree", "-r", "--name-only", "main").split()
            if name.startswith("sealed/cards/")]


@pytest.mark.parametrize("case", ["tampered", "another key", "another name", "marker"])
def test_a_tampered_or_foreign_sealed_file_is_refused_with_nothing_applied(tmp_path, remote, case):
    laptop = Device(tmp_path / "laptop", "laptop", remote)
    laptop.add("Tesco", "1111")
    laptop.add("Lidl", "2222")
    laptop.join()
    desk = laptop.joined_by(tmp_path / "desk", "desk")
    # A real change from a device with the key rides along: it must not be applied either.
    desk.at("2026-11-22T10:00:00Z").run("card", "edit", "Lidl", "--note", "from the desk")
    desk.sync()
    work = tmp_path / "attacker"
    git("clone", "-q", remote, work)
    victim, other = sealed_files(remote)[:2]
    data = (work / victim).read_bytes()
    if case == "tampered":
        data = data[:-20] + bytes([data[-20] ^ 1]) + data[-19:]
        named, reason = victim, "altered or damaged"
    elif case == "another key":
        stranger = Device(tmp_path / "other", "other", str(bare_remote(tmp_path / "other.git")))
        stranger.add("Tesco", "1111")
        stranger.join()
        data = subprocess.run(["git", "-C", stranger.remote, "show", f"main:{sealed_files(stranger.remote)[0]}"],
                              capture_output=True, check=True).stdout
        named, reason = victim, "sealed under another key"
    elif case == "another name":
        data = (work / other).read_bytes()
        named, reason = victim, "altered or damaged"
    else:
        victim = "sealed/wallet.json"
        data = b'{"format": 1, "key": "0011223344556677"}\n'
        named, reason = None, "sealed under another key"
    (work / victim).write_bytes(data)
    git("commit", "-q", "-am", "hostile", cwd=work)
    git("push", "-q", "origin", "HEAD:main", cwd=work)
    before = laptop.cards()
    line = refused(laptop, "sync", fragment=reason)
    assert "nothing of this sync was applied" in line
    if named:
        assert named in line
    assert laptop.cards() == before
    assert laptop.card("Lidl")["note"] != "from the desk"


def test_rekey_reseals_the_remote_and_other_devices_join_again_with_the_new_words(tmp_path, remote):
    laptop = Device(tmp_path / "laptop", "laptop", remote)
    laptop.add("Tesco", "1111", "--note", "old secret note")
    laptop.join()
    desk = laptop.joined_by(tmp_path / "desk", "desk")
    old_words = laptop.words()
    desk.at("2026-11-22T10:00:00Z").run("card", "edit", "Tesco", "--balance", "4.20")
    laptop.run("sync", "rekey")
    new_words = laptop.words()
    assert new_words != old_words
    # The desk's key no longer opens the remote: refused, its edit kept for later.
    refused(desk, "sync", fragment="sealed under another key")
    assert desk.card("Tesco")["balance"] == "4.20"
    refused(Device(tmp_path / "late", "late", remote), "sync", "init", remote, "--key", old_words,
            fragment="sealed under another key")
    desk.join(new_words)
    converge(laptop, desk)
    assert laptop.card("Tesco")["balance"] == "4.20"
    assert len(git("-C", remote, "rev-list", "main").split()) >= 1


def test_rekey_turns_a_plain_remote_into_a_sealed_one(tmp_path, remote):
    laptop = Device(tmp_path / "laptop", "laptop", remote, plain=True)
    laptop.add(SECRETS["store"], SECRETS["code"], "--note", SECRETS["note"])
    laptop.join()
    desk = laptop.joined_by(tmp_path / "desk", "desk")
    assert leaks(remote, [SECRETS["note"].encode()]) != []
    refused(laptop, "sync", "key", fragment="plain text and has no key")
    laptop.run("sync", "rekey")
    names = git("-C", remote, "ls-tree", "-r", "--name-only", "main").split()
    assert all(name.startswith("sealed/") for name in names), names
    branch = git("-C", remote, "rev-list", "--objects", "main").split()
    contents = b"".join(subprocess.run(["git", "-C", remote, "cat-file", "-p", name], capture_output=True).stdout
                        for name in branch if len(name) == 40)
    assert SECRETS["note"].encode() not in contents and SECRETS["store"].encode() not in contents
    # Once the host drops what no branch reaches, nothing plain is left at all.
    git("-C", remote, "gc", "-q", "--prune=now")
    assert leaks(remote, [SECRETS["note"].encode(), SECRETS["store"].encode(), SECRETS["code"].encode()]) == []
    refused(desk, "sync", fragment="holds a sealed wallet")
    laptop.plain = desk.plain = False
    desk.join(laptop.words())
    converge(laptop, desk)


@pytest.mark.parametrize("step", ["commit-tree", "push"])
def test_a_rekey_killed_before_or_after_its_push_leaves_one_key_that_opens_the_remote(tmp_path, remote, step):
    import signal
    from sync_devices import wrapper_dir
    laptop = Device(tmp_path / "laptop", "laptop", remote)
    laptop.add("Tesco", "1111")
    laptop.join()
    desk = laptop.joined_by(tmp_path / "desk", "desk")
    old_words = laptop.words()
    env = {"PATH": f"{wrapper_dir(tmp_path, kill_at=step)}:{laptop.env['PATH']}"}
    run = laptop.run("sync", "rekey", check=False, env=env)
    assert run.returncode == -signal.SIGKILL, run.stderr
    # The next sync finishes what the rekey left: the new key once its push landed, else the old one.
    laptop.at("2026-11-22T10:00:00Z").run("card", "edit", "Tesco", "--note", "after the rekey")
    laptop.sync()
    assert not (Path(laptop.home) / "sync.key.next").exists()
    if step == "push":
        assert laptop.words() != old_words
        refused(desk, "sync", fragment="sealed under another key")
        desk.join(laptop.words())
    else:
        assert laptop.words() == old_words
    converge(laptop, desk)
    assert desk.card("Tesco")["note"] == "after the rekey"
