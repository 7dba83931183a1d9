"""Phosh, the phone shell of Debian 12, for the tests: phoc (wlroots) on its headless backend, one
360x720 output `HEADLESS-1` drawn by the pixman renderer, with phosh on it, on a private session
bus and runtime directory; screenshots with grim.

wlroots' headless backend has no input device, and phoc creates its seat only for the first
device, so on headless alone GTK finds no wl_seat and phosh aborts at start
("gdk_seat_get_keyboard: assertion 'GDK_IS_SEAT (seat)' failed", then SIGSEGV). So phoc runs
with the X11 backend too, on a private Xvfb, creating no output (`WLR_X11_OUTPUTS=0`): it only
brings the seat's keyboard and pointer. GSettings are a keyfile under the test's XDG_CONFIG_HOME
(phosh's own schemas, from the phosh package), so `gsettings set` before the start is what
phosh reads. Everything started is stopped at the end, in reverse order."""
import os
import selectors
import shutil
import subprocess
import time
from contextlib import ExitStack, contextmanager
from pathlib import Path

from app_session import wait_for_name
from session_bus import SessionBus, stop_process
from xserver import xvfb

DEADLINE = 30
OUTPUT = "HEADLESS-1"
WIDTH, HEIGHT = 360, 720
PHOSH = "/usr/libexec/phosh"
PHOC_INI = f"""[core]
xwayland=false

[output:{OUTPUT}]
mode = {WIDTH}x{HEIGHT}
scale = 1
"""


def missing_tools():
    """What this machine lacks to run Phosh (empty when nothing)."""
    tools = {"phoc": shutil.which("phoc"), "grim": shutil.which("grim"), "Xvfb": shutil.which("Xvfb"),
             "gsettings": shutil.which("gsettings"), "phosh": os.access(PHOSH, os.X_OK)}
    return sorted(name for name, found in tools.items() if not found)


class Phosh:
    """A running phoc + phosh: `env` for clients (WAYLAND_DISPLAY, the bus), `screenshot(path)`,
    and what phosh wrote (`log()`), for failure messages."""

    def __init__(self, root, env, phosh_log, xdisplay):
        self.root, self.env, self.phosh_log, self.xdisplay = root, env, phosh_log, xdisplay

    def log(self):
        return self.phosh_log.read_text(errors="replace")[-3000:] if self.phosh_log.exists() else ""

    def screenshot(self, path):
        """The output as a PNG at `path` (grim, through wlroots' screencopy)."""
        run = subprocess.run(["grim", "-o", OUTPUT, str(path)], env=self.env, capture_output=True, text=True,
                             timeout=DEADLINE)
        assert run.returncode == 0, f"grim: {run.stderr}"
        return Path(path)


def gsettings_env(root, base):
    """GSettings in a keyfile under `root` (read by phosh and by `wallet widget host`)."""
    (root / "config").mkdir(exist_ok=True)
    (root / "home").mkdir(exist_ok=True)
    return dict(base, GSETTINGS_BACKEND="keyfile", XDG_CONFIG_HOME=str(root / "config"), HOME=str(root / "home"))


def set_settings(env, settings):
    for schema, key, value in settings:
        subprocess.run(["gsettings", "set", schema, key, value], env=env, check=True, timeout=DEADLINE)


def wait_for_line(process, marker, seconds, what):
    """Reads `process`'s output (raw, with a deadline) until a line holds `marker`; returns it."""
    selector = selectors.DefaultSelector()
    selector.register(process.stdout, selectors.EVENT_READ)
    seen = b""
    deadline = time.monotonic() + seconds
    try:
        while time.monotonic() < deadline:
            if not selector.select(max(0.0, deadline - time.monotonic())):
                continue
            chunk = os.read(process.stdout.fileno(), 65536)
            if not chunk:
                break
            seen += chunk
            for line in seen.decode(errors="replace").splitlines():
                if marker in line:
                    return line
    finally:
        selector.close()
    raise AssertionError(f"{what} did not start within {seconds} s: {seen.decode(errors='replace')[-2000:]}")


@contextmanager
def phosh_session(root, base_env, locked, settings=(), prepare=None):
    """Phosh on a 360x720 output, locked or not, with `settings` ((schema, key, value), ...) set
    before it starts and then `prepare(env)` run (what phosh reads at start, such as the ticket
    box's folder). `root` is a scratch directory; `base_env` the tests' environment."""
    root = Path(root)
    root.mkdir(parents=True, exist_ok=True)
    runtime = root / "runtime"
    runtime.mkdir(mode=0o700)
    (root / "phoc.ini").write_text(PHOC_INI)
    with ExitStack() as stack:
        xdisplay = stack.enter_context(xvfb(DEADLINE, size="640x480"))
        bus = SessionBus(notifications=False)
        stack.callback(bus.stop)
        env = gsettings_env(root, dict(base_env, DBUS_SESSION_BUS_ADDRESS=bus.address, XDG_RUNTIME_DIR=str(runtime)))
        for name in ("DISPLAY", "WAYLAND_DISPLAY", "LANGUAGE"):
            env.pop(name, None)
        set_settings(env, settings)
        if prepare:
            prepare(env)
        phoc = subprocess.Popen(
            ["phoc", "-C", str(root / "phoc.ini")], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            env=dict(env, DISPLAY=xdisplay, WLR_BACKENDS="headless,x11", WLR_RENDERER="pixman", WLR_X11_OUTPUTS="0",
                     WLR_HEADLESS_OUTPUTS="1"))
        stack.callback(stop_process, phoc)
        line = wait_for_line(phoc, "Running compositor on wayland display", DEADLINE, "phoc")
        env["WAYLAND_DISPLAY"] = line.split("'")[1]
        stack.callback(phoc.stdout.close)
        phosh_log = root / "phosh.log"
        with open(phosh_log, "wb") as log:
            phosh = subprocess.Popen([PHOSH, "--locked" if locked else "--unlocked"], stdin=subprocess.DEVNULL,
                                     stdout=log, stderr=subprocess.STDOUT,
                                     env=dict(env, GDK_BACKEND="wayland", NO_AT_BRIDGE="0"))
        stack.callback(stop_process, phosh)
        session = Phosh(root, env, phosh_log, xdisplay)
        try:
            wait_for_name(env, "org.gnome.ScreenSaver", DEADLINE)
        except AssertionError as error:
            raise AssertionError(f"phosh did not start ({phosh.poll()}): {error}; it said: {session.log()}") from None
        yield session
