"""Which renderer draws the app (Sources/App/RendererChoice.swift): on a machine without a GPU
device node GTK's Cairo renderer, with no GL library loaded at all (Mesa's software llvmpipe
costs 130-145 MB and a slower first frame there), and the card's code drawn by it read back by
zxing-cpp and zbar; a `GSK_RENDERER` the person set always wins, untouched. The renderer is the
one the app's bench mode reports (`WALLET_APP_BENCH=1`, the list's "drawn" line), the libraries
those /proc/PID/maps shows."""
import glob
import os
import subprocess
from contextlib import ExitStack, contextmanager

import pytest
from PIL import ImageGrab

from app_session import LineProcess, app_binary
from screen import decode_until
from session_bus import SessionBus
from xserver import xvfb

pytestmark = pytest.mark.skipif(not app_binary().exists(), reason="wallet-app is not built (make e2e-test builds it)")

DEADLINE = 30
WALLET = os.environ.get("WALLET_BIN", "wallet")
GL_LIBRARIES = ("libGL.so", "libEGL.so", "libGLX", "swrast_dri", "libLLVM")


def has_gpu():
    """The app's own rule: a DRI render node or NVIDIA's control device this user may open."""
    nodes = glob.glob("/dev/dri/renderD*") + ["/dev/nvidiactl"]
    return any(os.access(node, os.R_OK | os.W_OK) for node in nodes)


@contextmanager
def running_app(home, **extra_env):
    """The app on a private Xvfb and session bus, in its bench mode; yields (app, display, the
    list's "drawn" line)."""
    with ExitStack() as stack:
        display = stack.enter_context(xvfb(DEADLINE, size="360x720"))
        bus = SessionBus(notifications=False)
        stack.callback(bus.stop)
        env = dict(bus.env, DISPLAY=display, WALLET_HOME=str(home), WALLET_APP_SIZE="360x720", GDK_BACKEND="x11",
                   GTK_A11Y="none", GSETTINGS_BACKEND="memory", LC_ALL="C.UTF-8", WALLET_APP_BENCH="1")
        for name in ("WAYLAND_DISPLAY", "GSK_RENDERER", "GDK_DEBUG"):
            env.pop(name, None)
        env.update(extra_env)
        app = LineProcess([str(app_binary())], env)
        stack.callback(app.stop)
        drawn = app.wait_for(lambda event: event.get("event") == "drawn" and event.get("what") == "list")
        yield app, display, drawn


def gl_libraries(app):
    """The GL (and LLVM) libraries mapped into the app's process."""
    maps = open(f"/proc/{app.process.pid}/maps").read()
    return sorted({line.split()[-1] for line in maps.splitlines() if any(name in line for name in GL_LIBRARIES)})


def tap_first_row(app, display, bounds):
    """Clicks the list's first row until the card's page is shown (a click sent while the window
    is still being mapped can be lost), each wait with a deadline."""
    x, y, width, _ = bounds
    for _ in range(3):
        subprocess.run(["xdotool", "mousemove", str(int(x + width / 2)), str(int(y + 28)), "click", "1"],
                       env=dict(os.environ, DISPLAY=display), check=True, timeout=DEADLINE)
        try:
            return app.wait_for(lambda event: event.get("event") == "shown" and event.get("page") == "card", 10)
        except AssertionError:
            continue
    raise AssertionError(f"three clicks on the list opened no card; seen {app.seen[-10:]}")


def add_card(home):
    subprocess.run([WALLET, "card", "add", "--store", "Corner Bakery", "--code", "CB-2040-77", "--format", "code128"],
                   env=dict(os.environ, WALLET_HOME=str(home)), check=True, capture_output=True, timeout=60)


@pytest.mark.skipif(has_gpu(), reason="this machine has a GPU: GTK chooses its renderer itself")
def test_without_a_gpu_the_app_draws_with_cairo_and_loads_no_gl(tmp_path):
    add_card(tmp_path)
    with running_app(tmp_path) as (app, display, drawn):
        assert drawn["renderer"] == "GskCairoRenderer"
        assert gl_libraries(app) == []
        tap_first_row(app, display, drawn["bounds"])
        app.wait_for(lambda event: event.get("event") == "barcode" and event["moduleSize"] > 0)
        decode_until(lambda: ImageGrab.grab(xdisplay=display), {"CB-2040-77"}, 20, zbar_scratch=tmp_path / "card.png")
        assert gl_libraries(app) == [], "drawing the code opened GL"


@pytest.mark.parametrize("renderer, expected", [("gl", "GskGLRenderer"), ("cairo", "GskCairoRenderer")])
def test_a_renderer_the_person_set_always_wins(tmp_path, renderer, expected):
    add_card(tmp_path)
    with running_app(tmp_path, GSK_RENDERER=renderer) as (app, _, drawn):
        assert drawn["renderer"] == expected
        # The app added nothing: GDK's X11 backend opens its GL context as it always does.
        assert any("libGL" in library or "libEGL" in library for library in gl_libraries(app))
