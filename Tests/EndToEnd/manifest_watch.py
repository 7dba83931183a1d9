"""Watches a widget host's output directory with inotify (through libc, as
Samples/desktop/wallet-desktop does) and checks, at every replacement of manifest.json, that every
file the manifest names exists and holds the bytes its `sha256` says.

Reading a file after an inotify event can see a LATER version than the event announced, so the
order of the kernel's events is what decides, not timing:

- a consistent view is taken: the manifest and every file it names are read, then the queue is
  drained again; if anything moved meanwhile the reading is done again;
- the manifest then read is the one of the LAST manifest replacement seen (only a rename replaces
  it), and every PNG replaced after that replacement is known by name.

A named file that was not replaced since the manifest must match its digest now. A named file
replaced after the manifest must NOT match it (its new bytes are another render's): if its new
bytes are exactly the ones the manifest already named, the manifest was published before the PNG
it names was in place. The host writes a PNG only when its bytes change, so a rename always means
new bytes.
"""
import ctypes
import hashlib
import json
import os
import select
import struct
import time

IN_CLOSE_WRITE = 0x008
IN_MOVED_FROM = 0x040
IN_MOVED_TO = 0x080
IN_DELETE = 0x200
MANIFEST = "manifest.json"


class ManifestWatch:
    """inotify on `directory`; ``settle()`` checks the manifest against the files it names."""

    def __init__(self, directory):
        self.directory = directory
        libc = ctypes.CDLL(None, use_errno=True)
        self.fd = libc.inotify_init1(os.O_CLOEXEC | os.O_NONBLOCK)
        if self.fd < 0:
            raise OSError(ctypes.get_errno(), "inotify_init1")
        mask = IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE
        if libc.inotify_add_watch(self.fd, bytes(directory), mask) < 0:
            raise OSError(ctypes.get_errno(), f"inotify_add_watch {directory}")
        # Files (visible names only: the host's temporaries start with a dot) replaced or removed
        # since the last manifest replacement.
        self.since_manifest = set()
        self.replacements = 0
        self.checked = 0

    def close(self):
        os.close(self.fd)

    def _drain(self):
        """Takes every queued event; True when there were any."""
        moved = False
        while True:
            try:
                data = os.read(self.fd, 65536)
            except BlockingIOError:
                return moved
            offset = 0
            while offset + 16 <= len(data):
                _, mask, _, length = struct.unpack_from("iIII", data, offset)
                name = data[offset + 16:offset + 16 + length].rstrip(b"\0").decode()
                offset += 16 + length
                if not name or name.startswith("."):
                    continue
                moved = True
                if name == MANIFEST and mask & (IN_MOVED_TO | IN_CLOSE_WRITE):
                    self.replacements += 1
                    self.since_manifest.clear()
                elif name != MANIFEST:
                    self.since_manifest.add(name)

    def _read(self):
        """The manifest's entries and each named file's digest (None: missing), as one view."""
        entries = json.loads((self.directory / MANIFEST).read_bytes())["widgets"]
        digests = {}
        for entry in entries:
            try:
                digests[entry["file"]] = hashlib.sha256(open(entry["file"], "rb").read()).hexdigest()
            except FileNotFoundError:
                digests[entry["file"]] = None
        return entries, digests

    def settle(self, deadline=20):
        """Waits (up to `deadline` s) for a manifest replacement since the last call, then checks
        the manifest of the last replacement against the files it names; returns its entries."""
        end = time.monotonic() + deadline
        seen = self.replacements
        while True:
            self._drain()
            if self.replacements > seen:
                break
            remaining = end - time.monotonic()
            assert remaining > 0, f"manifest.json was not replaced within {deadline} s"
            select.select([self.fd], [], [], remaining)
        while True:
            entries, digests = self._read()
            if not self._drain():
                break  # nothing moved while reading: one consistent view
            assert time.monotonic() < end, f"{self.directory} never stood still for a reading"
        for entry in entries:
            name, now = os.path.basename(entry["file"]), digests[entry["file"]]
            if name in self.since_manifest:
                assert now != entry["sha256"], (
                    f"manifest.json named {name} (sha256 {entry['sha256'][:12]}...) before that PNG was in place")
            else:
                assert now is not None, f"manifest.json names {name}, which does not exist"
                assert now == entry["sha256"], f"manifest.json's sha256 of {name} does not match the file"
        self.checked += 1
        return entries
