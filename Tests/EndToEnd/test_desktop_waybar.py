"""The Waybar sample (Samples/desktop/waybar-config-0.9.17.jsonc, Debian 12's Waybar 0.9.17) in a
headless sway, run as an unprivileged user (sway refuses root), with `wallet-desktop
signal-waybar` and the widget host drawing for `--device desktop`: grim's screenshots show every
code the widgets show, an edit reaches the screen within the sample's `interval` (0.9.17's image
module ignores signals, so it re-reads its files), and the glue, running while each Waybar
starts and edits land, never kills one."""
import os
import pwd
import re
import shutil
import subprocess
import tempfile
import time
from io import BytesIO
from pathlib import Path

import pytest
from PIL import Image

from conftest import RUN_TIMEOUT, WALLET_BIN
from other_user import runnable_copy
from screen import decode_until
from test_desktop_samples import DESKTOP, SAMPLES
from test_widget_host import DEADLINE

pytestmark = pytest.mark.skipif(
    not all(shutil.which(tool) for tool in ("sway", "swaymsg", "waybar", "grim")),
    reason="needs sway, waybar and grim (make deps-test)")

WAYBAR_SAMPLE = SAMPLES / "waybar-config-0.9.17.jsonc"
INTERVAL = int(re.search(r'"interval": (\d+)', WAYBAR_SAMPLE.read_text()).group(1))
RECTANGULAR, CIRCULAR = "4006381333931", "COFFEE-42"


class Session:
    """A headless sway session of one unprivileged user (nobody when the tests run as root), the
    widget host and the glue in it; every process is stopped by its id at the end."""

    def __init__(self):
        self.user = pwd.getpwnam("nobody") if os.geteuid() == 0 else pwd.getpwuid(os.geteuid())
        self.base = Path(tempfile.mkdtemp(prefix="wallet-sway-"))
        for name in ("run", "home", "widgets", "bin"):
            (self.base / name).mkdir(mode=0o700)
        # Copies the session's user can run wherever the clone lives (a 0700 clone included).
        self.wallet_bin = runnable_copy(WALLET_BIN, self.base / "wallet")
        self.desktop = runnable_copy(DESKTOP, self.base / "bin")
        (self.base / "style.css").write_text("")
        config = WAYBAR_SAMPLE.read_text().replace("/run/user/1000", str(self.base / "run"))
        (self.base / "waybar.jsonc").write_text(config.replace("{", '{"position": "top", "layer": "top",', 1))
        (self.base / "sway.conf").write_text("output HEADLESS-1 resolution 1280x800\n")
        for path in [self.base, *self.base.rglob("*")]:
            os.lchown(path, self.user.pw_uid, self.user.pw_gid)
        self.env = dict(
            PATH=f"{self.base / 'bin'}:/usr/bin:/bin", HOME=str(self.base), XDG_RUNTIME_DIR=str(self.base / "run"),
            WALLET_HOME=str(self.base / "home"), WALLET_NOW="2026-11-22T09:30:00Z", WALLET=self.wallet_bin,
            WALLET_WIDGETS_DIR=str(self.base / "widgets"), WLR_BACKENDS="headless", WLR_LIBINPUT_NO_DEVICES="1",
            WLR_RENDERER="pixman", WAYLAND_DISPLAY="wayland-1")
        self.processes = []
        self.sway = self.start("sway", "-c", self.base / "sway.conf")
        end = time.monotonic() + DEADLINE
        while not self.run("swaymsg", "-s", self.sway_socket(), "-t", "get_outputs", check=False).returncode == 0:
            assert time.monotonic() < end and self.sway.poll() is None, "sway did not start"
            time.sleep(0.05)

    def demote(self):
        if os.geteuid() == 0:
            os.setgroups([])
            os.setgid(self.user.pw_gid)
            os.setuid(self.user.pw_uid)

    def start(self, *args, read=False):
        """Starts a process of the session; its output goes to a log file unless `read`."""
        log = self.base / f"{Path(str(args[0])).name}.log"
        with open(log, "a") as output:
            process = subprocess.Popen(list(map(str, args)), env=self.env, preexec_fn=self.demote, text=True,
                                       stdout=subprocess.PIPE if read else output, stderr=subprocess.STDOUT)
        process.log = log
        self.processes.append(process)
        return process

    def run(self, *args, check=True):
        run = subprocess.run(list(map(str, args)), env=self.env, preexec_fn=self.demote, capture_output=True,
                             text=True, timeout=RUN_TIMEOUT)
        assert not check or run.returncode == 0, f"{args} exited {run.returncode}: {run.stderr}"
        return run

    def wallet(self, *args):
        return self.run(self.wallet_bin, *args).stdout.strip()

    def sway_socket(self):
        return next(iter((self.base / "run").glob("sway-ipc.*.sock")), "")

    def grab(self):
        shot = subprocess.run(["grim", "-"], env=self.env, preexec_fn=self.demote, capture_output=True,
                              timeout=DEADLINE, check=True)
        return Image.open(BytesIO(shot.stdout)).convert("RGB")

    def waybar(self):
        return self.start("waybar", "-c", self.base / "waybar.jsonc", "-s", self.base / "style.css")

    def stop(self, process):
        if process.poll() is None:
            process.terminate()
            try:
                process.wait(DEADLINE)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(DEADLINE)

    def close(self):
        for process in reversed(self.processes):
            self.stop(process)
        shutil.rmtree(self.base, ignore_errors=True)


@pytest.fixture
def session():
    session = Session()
    try:
        alpha = session.wallet("card", "add", "--store", "Alpha", "--code", RECTANGULAR, "--format", "ean13")
        coffee = session.wallet("card", "add", "--store", "Coffee", "--code", CIRCULAR, "--format", "qr")
        session.wallet("widget", "add", "--family", "accessory-rectangular", "--cards", alpha)
        session.wallet("widget", "add", "--family", "accessory-circular", "--cards", coffee)
        host = session.start(session.wallet_bin, "widget", "host", "--output", session.base / "widgets", "--device", "desktop", read=True)
        assert '"ready"' in next(line for line in host.stdout if '"ready"' in line or '"error"' in line)
        session.glue = session.start(session.desktop, "signal-waybar", "8")
        yield session
    finally:
        session.close()


def test_the_bar_shows_every_code_and_follows_an_edit(session):
    session.waybar()
    decode_until(session.grab, {RECTANGULAR, CIRCULAR}, DEADLINE)
    session.wallet("card", "edit", "Alpha", "--code", "4006381333948")
    shown, latency = decode_until(session.grab, {"4006381333948", CIRCULAR}, DEADLINE)
    assert RECTANGULAR not in shown
    assert latency <= INTERVAL + 1.0, f"the edit took {latency:.2f} s to reach the bar"


def test_the_refresh_signal_never_kills_a_starting_waybar(session):
    codes = ["4006381333948", "4006381333955", "4006381333962"]
    for code in codes:  # edits (and the glue's signals) while each Waybar starts
        waybar = session.waybar()
        session.wallet("card", "edit", "Alpha", "--code", code)

        def grab_while_alive():
            assert waybar.poll() is None, f"waybar died ({waybar.returncode}): {waybar.log.read_text()}"
            return session.grab()

        decode_until(grab_while_alive, {code, CIRCULAR}, DEADLINE)
        session.stop(waybar)
