"""A pointer for a wlroots compositor with no input device of its own (phoc on the headless
backend): a Wayland client speaking the wire protocol directly (no binding library) that binds
`zwlr_virtual_pointer_manager_v1` (wlr-virtual-pointer-unstable-v1, which phoc offers) and sends
what a mouse or a touchpad would: absolute motion, button clicks, and two-finger scrolls.

A scroll is sent with the axis source `finger`, so GTK 3 reports it from its touchpad device:
libhandy's swipe tracker (HdyDeck, HdyCarousel) follows touchpad scrolls only, and that is how a
swipe reaches a page that only a swipe brings on screen. wlroots 0.15 keeps one pending axis
event per frame and sets the source on the last axis named, so each frame is axis, then
axis_source, then frame. Every frame of a scroll is followed by a round trip (wl_display.sync,
read with a deadline), as every other request is: a finger's frames reach the shell one by one.
Sent in one burst, a swipe carried the lock screen's deck in 5 runs of 8; with a round trip
after each frame, in every run measured. A protocol error from the compositor is
raised with its message."""
import os
import select
import socket
import struct
import time
from pathlib import Path

DISPLAY_ID = 1
BTN_LEFT = 0x110
AXIS_VERTICAL, AXIS_HORIZONTAL = 0, 1
SOURCE_FINGER = 1
MANAGER = "zwlr_virtual_pointer_manager_v1"

# requests by opcode (wayland.xml; wlr-virtual-pointer-unstable-v1.xml)
DISPLAY_SYNC, DISPLAY_GET_REGISTRY = 0, 1
REGISTRY_BIND = 0
MANAGER_CREATE = 0
MOTION_ABSOLUTE, BUTTON, AXIS, FRAME, AXIS_SOURCE, AXIS_STOP, DESTROY = 1, 2, 3, 4, 5, 6, 8
# events
DISPLAY_ERROR, REGISTRY_GLOBAL, CALLBACK_DONE = 0, 0, 0


def wire_message(sender, opcode, payload=b""):
    """One message on the wire: the sender's object id, the size and opcode, the arguments."""
    return struct.pack("=II", sender, (8 + len(payload)) << 16 | opcode) + payload


def wire_string(text):
    """A string argument: its length with the NUL, the bytes, padding to 32 bits."""
    data = text.encode() + b"\0"
    return struct.pack("=I", len(data)) + data + b"\0" * (-len(data) % 4)


def _read_string(payload, offset):
    (length,) = struct.unpack_from("=I", payload, offset)
    text = payload[offset + 4:offset + 4 + length - 1].decode(errors="replace")
    return text, offset + 4 + length + (-length % 4)


def _fixed(value):
    return struct.pack("=i", round(value * 256))


class VirtualPointer:
    """One virtual pointer on the compositor named by `env` (XDG_RUNTIME_DIR, WAYLAND_DISPLAY),
    in the coordinates of an output of `size` (width, height) at the layout's origin."""

    def __init__(self, env, size, deadline=30):
        self.size, self.deadline = size, deadline
        self.socket = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            self._connect(env)
        except BaseException:
            self.socket.close()
            raise

    def _connect(self, env):
        """Binds the seat and the virtual pointer manager, and makes this client's pointer."""
        self.socket.connect(str(Path(env["XDG_RUNTIME_DIR"]) / env["WAYLAND_DISPLAY"]))
        self.next_id, self.received = 2, b""
        self.registry = self._new_id()
        self._send(DISPLAY_ID, DISPLAY_GET_REGISTRY, struct.pack("=I", self.registry))
        globals_ = {}
        for sender, opcode, payload in self._roundtrip():
            if sender == self.registry and opcode == REGISTRY_GLOBAL:
                (name,) = struct.unpack_from("=I", payload)
                interface, offset = _read_string(payload, 4)
                (version,) = struct.unpack_from("=I", payload, offset)
                globals_[interface] = (name, version)
        if MANAGER not in globals_ or "wl_seat" not in globals_:
            raise AssertionError(f"the compositor offers no {MANAGER} or wl_seat: {sorted(globals_)}")
        manager, seat = self._bind(MANAGER, *globals_[MANAGER]), self._bind("wl_seat", *globals_["wl_seat"])
        self.pointer = self._new_id()
        self._send(manager, MANAGER_CREATE, struct.pack("=II", seat, self.pointer))
        self._roundtrip()

    def close(self):
        """The virtual pointer destroyed (acknowledged by the compositor), then the connection."""
        try:
            self._send(self.pointer, DESTROY, b"")
            self._roundtrip()
        finally:
            self.socket.close()

    def __enter__(self):
        return self

    def __exit__(self, kind, error, trace):
        if kind is None:
            self.close()
        else:  # the compositor may be what failed: no round trip to hide the first error behind
            self.socket.close()

    def move(self, x, y):
        """The pointer to (x, y) on the output."""
        width, height = self.size
        self._send(self.pointer, MOTION_ABSOLUTE, struct.pack("=IIIII", self._time(), round(x), round(y), width, height))
        self._send(self.pointer, FRAME, b"")
        self._roundtrip()

    def click(self, x, y):
        """A left click at (x, y)."""
        self.move(x, y)
        for state in (1, 0):
            self._send(self.pointer, BUTTON, struct.pack("=III", self._time(), BTN_LEFT, state))
            self._send(self.pointer, FRAME, b"")
        self._roundtrip()

    def swipe(self, x, y, dx, dy, steps=12, step_ms=8):
        """A two-finger touchpad scroll over (x, y) by (dx, dy) in `steps` frames `step_ms` apart
        (in the events' timestamps), each one acknowledged, then the fingers lifted (axis_stop)."""
        self.move(x, y)
        start = self._time()
        axes = [(axis, delta) for axis, delta in ((AXIS_HORIZONTAL, dx), (AXIS_VERTICAL, dy)) if delta]
        for step in range(1, steps + 1):
            for axis, delta in axes:
                self._send(self.pointer, AXIS, struct.pack("=II", start + step * step_ms, axis) + _fixed(delta / steps))
                self._send(self.pointer, AXIS_SOURCE, struct.pack("=I", SOURCE_FINGER))
                self._send(self.pointer, FRAME, b"")
            self._roundtrip()
        for axis, _ in axes:
            self._send(self.pointer, AXIS_STOP, struct.pack("=II", start + (steps + 1) * step_ms, axis))
            self._send(self.pointer, AXIS_SOURCE, struct.pack("=I", SOURCE_FINGER))
            self._send(self.pointer, FRAME, b"")
        self._roundtrip()

    @staticmethod
    def _time():
        return int(time.monotonic() * 1000) & 0xFFFFFFFF

    def _new_id(self):
        self.next_id += 1
        return self.next_id - 1

    def _bind(self, interface, name, version):
        new = self._new_id()
        version = min(version, 2 if interface == MANAGER else 1)
        self._send(self.registry, REGISTRY_BIND,
                   struct.pack("=I", name) + wire_string(interface) + struct.pack("=II", version, new))
        return new

    def _send(self, sender, opcode, payload):
        try:
            self.socket.sendall(wire_message(sender, opcode, payload))
        except (BrokenPipeError, ConnectionResetError):
            raise AssertionError("the compositor closed the connection") from None

    def _roundtrip(self):
        """Sends wl_display.sync and returns the events read until its callback is done."""
        callback = self._new_id()
        self._send(DISPLAY_ID, DISPLAY_SYNC, struct.pack("=I", callback))
        events, deadline = [], time.monotonic() + self.deadline
        while True:
            while len(self.received) >= 8:
                sender, word = struct.unpack_from("=II", self.received)
                size, opcode = word >> 16, word & 0xFFFF
                if size < 8:
                    raise AssertionError(f"a Wayland message of {size} bytes (fewer than its header's 8)")
                if len(self.received) < size:
                    break
                payload, self.received = self.received[8:size], self.received[size:]
                if sender == DISPLAY_ID and opcode == DISPLAY_ERROR:
                    object_id, code = struct.unpack_from("=II", payload)
                    raise AssertionError(f"Wayland error {code} on object {object_id}: {_read_string(payload, 8)[0]}")
                if sender == callback and opcode == CALLBACK_DONE:
                    return events
                events.append((sender, opcode, payload))
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.socket], [], [], left)[0]:
                raise AssertionError(f"the compositor did not answer within {self.deadline} s")
            try:
                chunk = os.read(self.socket.fileno(), 65536)
            except ConnectionResetError:
                chunk = b""
            if not chunk:
                raise AssertionError("the compositor closed the connection")
            self.received += chunk
