"""A private Xvfb for the desktop tests, its display name read from -displayfd with a deadline.

`-noreset`: an X server resets when its last client disconnects, and refuses connections while
it does; a window that closes on a key press leaves xdotool's key release (and the next test's
window) facing that reset ("Can't open display"), which made the window tests flaky."""
import os
import selectors
import subprocess
from contextlib import contextmanager


class Display(str):
    """A display name (":N") that also knows its server's process id."""
    pid: int


@contextmanager
def xvfb(deadline, size="1024x768"):
    """Yields the ``Display`` (":N") of a new Xvfb; stops it on exit."""
    read, write = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", f"{size}x24", "-nolisten", "tcp", "-noreset"],
        pass_fds=[write], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    try:
        with os.fdopen(read) as pipe:
            ready = selectors.DefaultSelector()
            ready.register(pipe, selectors.EVENT_READ)
            assert ready.select(deadline), "Xvfb did not start"
            name = Display(":" + pipe.readline().strip())
        name.pid = server.pid
        yield name
    finally:
        server.terminate()
        server.wait(deadline)
