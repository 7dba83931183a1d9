"""Devices for the sync tests: wallet homes syncing with a bare git repository, a git on the PATH
that can SIGKILL the wallet at a chosen git command or run something before a push, and builders
of hostile remotes."""
import json
import os
import shlex
import shutil
import stat
import subprocess
from pathlib import Path

from conftest import Wallet

REAL_GIT = shutil.which("git")

# A `git` that runs the real one, then (KILL_AT=SUBCOMMAND) SIGKILLs the wallet that called it, or
# (BEFORE_PUSH=COMMAND) runs COMMAND once before the first push. The settings are written into the
# script: the wallet gives git only the environment git needs.
WRAPPER = """#!/bin/sh
KILL_AT=%s
BEFORE_PUSH=%s
BEFORE_PUSH_DONE=%s
sub=""
skip=0
for arg in "$@"; do
  if [ $skip = 1 ]; then skip=0; continue; fi
  case "$arg" in -c|-C) skip=1 ;; -*) ;; *) sub="$arg"; break ;; esac
done
if [ "$sub" = push ] && [ -n "$BEFORE_PUSH" ] && [ ! -e "$BEFORE_PUSH_DONE" ]; then
  touch "$BEFORE_PUSH_DONE"
  sh -c "$BEFORE_PUSH" >"$BEFORE_PUSH_DONE" 2>&1
fi
"%s" "$@"
status=$?
if [ "$sub" = "$KILL_AT" ]; then kill -9 $PPID; fi
exit $status
"""


def git(*args, cwd=None):
    return subprocess.run([REAL_GIT, *map(str, args)], cwd=cwd, capture_output=True, text=True, check=True, timeout=60,
                          env=dict(os.environ, GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@t", GIT_COMMITTER_NAME="t",
                                   GIT_COMMITTER_EMAIL="t@t")).stdout


def bare_remote(path):
    git("init", "-q", "--bare", "-b", "main", path)
    return path


def wrapper_dir(tmp_path, kill_at="", before_push="", before_push_done=""):
    """A directory holding the `git` wrapper, to put first on the PATH."""
    folder = tmp_path / "gitwrap"
    folder.mkdir(exist_ok=True)
    script = folder / "git"
    settings = (shlex.quote(str(value)) for value in (kill_at, before_push, before_push_done))
    script.write_text(WRAPPER % (*settings, REAL_GIT))
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return folder


class Device(Wallet):
    """A wallet home that syncs as device `name`: sealed (the default) or `plain`."""

    def __init__(self, home, name, remote, now="2026-11-22T09:30:00Z", plain=False):
        super().__init__(home, now)
        self.name = name
        self.remote = remote
        self.plain = plain

    def at(self, now):
        self.env["WALLET_NOW"] = now
        return self

    def join(self, words=None):
        """`sync init`: plain, or sealed under a new key, or (with `words`) under that key."""
        options = ["--plain"] if self.plain else ["--key", words] if words else []
        return self.run("sync", "init", self.remote, "--device", self.name, *options)

    def words(self):
        """The pairing words (`sync key`), or None for a plain device."""
        return None if self.plain else self.run("sync", "key").stdout.strip()

    def joined_by(self, home, name, **options):
        """A new device on this device's remote, joined the way this one syncs."""
        device = Device(home, name, self.remote, plain=self.plain, **options)
        device.join(self.words())
        return device

    def sync(self, check=True, env=None):
        run = self.run("sync", "--json", check=check, env=env)
        return json.loads(run.stdout) if run.returncode == 0 else run

    def add(self, store, code, *options):
        return self.run("card", "add", "--store", store, "--code", code, *options).stdout.strip()

    def cards(self):
        return json.loads(self.run("card", "list", "--json", "--archived").stdout)

    def card(self, reference):
        return json.loads(self.run("card", "show", reference, "--json").stdout)


def synced_view(device):
    """What every device must agree on: each card's id, fields and creation date."""
    keep = ("id", "store", "code", "barcodeValue", "format", "barcodeEncoding", "gs1", "color", "note", "favorite", "archived",
            "expiry", "balance", "currency", "groups", "createdAt")
    return sorted((tuple((key, json.dumps(card[key])) for key in keep) for card in device.cards()))


def push_files(remote, work, files, message="hostile"):
    """Clones `remote` into `work`, writes `files` ({path: bytes, or ("link", target)}), commits and pushes."""
    if not work.exists():
        git("clone", "-q", remote, work)
    for path, content in files.items():
        target = work / path
        target.parent.mkdir(parents=True, exist_ok=True)
        if target.exists() or target.is_symlink():
            target.unlink()
        if isinstance(content, tuple):
            os.symlink(content[1], target)
        else:
            target.write_bytes(content)
    git("add", "-A", cwd=work)
    git("commit", "-q", "-m", message, cwd=work)
    git("push", "-q", "origin", "HEAD:main", cwd=work)


def card_path(device, card_id):
    return Path(device.home) / "sync" / "cards" / f"{card_id}.json"
