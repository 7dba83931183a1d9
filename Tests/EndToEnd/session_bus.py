"""A private session D-Bus (`dbus-daemon --session`) with the test notification server on it."""
import json
import os
import selectors
import subprocess
import time
from pathlib import Path

SYSTEM_PYTHON = "/usr/bin/python3"


def read_line(process, deadline):
    """The next stdout line of `process`, or None past `deadline` (time.monotonic)."""
    selector = selectors.DefaultSelector()
    selector.register(process.stdout, selectors.EVENT_READ)
    try:
        while time.monotonic() < deadline:
            if selector.select(timeout=max(0.0, deadline - time.monotonic())):
                return process.stdout.readline() or None
        return None
    finally:
        selector.close()


class SessionBus:
    """Starts dbus-daemon and, with `notifications=True`, the notification server."""

    def __init__(self, notifications=True):
        self.daemon = subprocess.Popen(
            ["dbus-daemon", "--session", "--nofork", "--print-address=1"], stdout=subprocess.PIPE, text=True)
        address = read_line(self.daemon, time.monotonic() + 20)
        assert address, "dbus-daemon did not start"
        self.address = address.strip()
        self.env = dict(os.environ, DBUS_SESSION_BUS_ADDRESS=self.address)
        self.server = None
        if notifications:
            self.server = subprocess.Popen(
                [SYSTEM_PYTHON, str(Path(__file__).with_name("notification_server.py"))],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=self.env)
            ready = read_line(self.server, time.monotonic() + 20)
            assert ready and "ready" in json.loads(ready), "the notification server did not start"

    def next_notification(self, seconds=20):
        line = read_line(self.server, time.monotonic() + seconds)
        return json.loads(line) if line else None

    def click(self, identifier):
        self.server.stdin.write(f"click {identifier}\n")
        self.server.stdin.flush()

    def stop(self):
        for process in (self.server, self.daemon):
            if process:
                stop_process(process)


def stop_process(process):
    """Terminates `process` (killed after 10 s) and reaps it."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
