"""The app on a private desktop, for the app tests: Xvfb, a private session D-Bus with the
accessibility bus (at-spi-bus-launcher) and a session manager stand-in on it
(session_manager.py: records the idle inhibitor), the app (`wallet-app`, its event lines read
with deadlines) and the AT-SPI driver (atspi_driver.py, system python3). Everything started is
stopped at the end, in reverse order."""
import json
import os
import selectors
import subprocess
import time
from contextlib import ExitStack, contextmanager
from pathlib import Path

from session_bus import SYSTEM_PYTHON, SessionBus, stop_process
from xserver import xvfb

HERE = Path(__file__).parent
DEADLINE = 30


def app_binary():
    return Path(os.environ.get("WALLET_APP_BIN", Path(os.environ["WALLET_BIN"]).with_name("wallet-app")))


class LineProcess:
    """A child speaking JSON lines on stdout (and taking commands on stdin). Its stdout is read
    with os.read into our own buffer: a buffered reader would hold lines the selector no longer
    sees."""

    def __init__(self, arguments, env):
        self.process = subprocess.Popen(arguments, stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env)
        self.buffer = b""
        self.seen = []

    def line(self, deadline):
        selector = selectors.DefaultSelector()
        selector.register(self.process.stdout, selectors.EVENT_READ)
        try:
            while b"\n" not in self.buffer:
                remaining = deadline - time.monotonic()
                if remaining <= 0 or not selector.select(remaining):
                    return None
                chunk = os.read(self.process.stdout.fileno(), 65536)
                if not chunk:
                    return None
                self.buffer += chunk
        finally:
            selector.close()
        line, self.buffer = self.buffer.split(b"\n", 1)
        return line.decode()

    def next(self, seconds=DEADLINE):
        line = self.line(time.monotonic() + seconds)
        if not line:
            return None
        event = json.loads(line)
        self.seen.append(event)
        return event

    def wait_for(self, predicate, seconds=DEADLINE):
        """The first line (from now on) that `predicate` accepts; fails at the deadline."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            event = self.next(max(0.0, deadline - time.monotonic()))
            if event is None:
                break
            if predicate(event):
                return event
        raise AssertionError(f"no matching line within {seconds} s; seen {self.seen[-20:]}")

    def ask(self, **command):
        self.process.stdin.write((json.dumps(command) + "\n").encode())
        self.process.stdin.flush()
        answer = self.next(float(command.get("timeout", 10)) + 20)
        assert answer is not None, f"no answer to {command}"
        return answer

    def stop(self):
        stop_process(self.process)


class AppSession:
    """What a test drives: `app` (event lines), `driver` (AT-SPI), `session` (inhibit calls), and
    `must(op, ...)`, a driver command that has to succeed."""

    def __init__(self, display, env, app, driver, session):
        self.display, self.env, self.app, self.driver, self.session = display, env, app, driver, session

    def must(self, op, **command):
        answer = self.driver.ask(op=op, **command)
        assert answer.get("ok"), f"{op} {command}: {answer}"
        return answer

    def launch(self, *arguments):
        """A second `wallet-app` (with `arguments`), which hands them to the running one and exits."""
        return subprocess.run([str(app_binary()), *arguments], env=self.env, capture_output=True, text=True,
                              timeout=DEADLINE)


@contextmanager
def app_session(home, size="360x720", dark=False, extra_env=None):
    width, height = size.split("x")
    with ExitStack() as stack:
        display = stack.enter_context(xvfb(DEADLINE, size=size))
        bus = SessionBus(notifications=False)
        stack.callback(bus.stop)
        env = dict(bus.env, DISPLAY=display, WALLET_HOME=str(home), WALLET_APP_SIZE=f"{width}x{height}",
                   GTK_A11Y="atspi", GSETTINGS_BACKEND="memory", NO_AT_BRIDGE="0", GDK_BACKEND="x11",
                   ADW_DEBUG_COLOR_SCHEME="prefer-dark" if dark else "prefer-light", LC_ALL="C.UTF-8")
        env.pop("WAYLAND_DISPLAY", None)
        env.pop("LANGUAGE", None)
        env.update(extra_env or {})
        launcher = subprocess.Popen(["/usr/libexec/at-spi-bus-launcher", "--launch-immediately"], env=env,
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        stack.callback(stop_process, launcher)
        session = LineProcess([SYSTEM_PYTHON, str(HERE / "session_manager.py")], env)
        stack.callback(session.stop)
        assert session.next() == {"ready": True}, "the session manager stand-in did not start"
        wait_for_name(env, "org.a11y.Bus")
        app = LineProcess([str(app_binary())], env)
        stack.callback(app.stop)
        app.wait_for(lambda event: event.get("event") == "ready")
        driver = LineProcess([SYSTEM_PYTHON, str(HERE / "atspi_driver.py")], env)
        stack.callback(driver.stop)
        assert driver.next() == {"ready": True}, "the AT-SPI driver did not start"
        yield AppSession(display, env, app, driver, session)


def wait_for_name(env, name, seconds=DEADLINE):
    """Waits until `name` has an owner on the session bus (gdbus, with a deadline)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        result = subprocess.run(["gdbus", "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path",
                                 "/org/freedesktop/DBus", "--method", "org.freedesktop.DBus.NameHasOwner", name],
                                env=env, capture_output=True, text=True, timeout=10)
        if "true" in result.stdout:
            return
        time.sleep(0.05)
    raise AssertionError(f"{name} never appeared on the session bus")
