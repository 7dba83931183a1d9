"""virtual_pointer.py's failures, against a stand-in compositor on a Unix socket (the happy path
runs on phoc in test_phosh.py): a compositor without the virtual pointer manager, one that
answers with a protocol error, one that closes the connection and one that never answers each
give a one-line error saying so, within the deadline."""
import socket
import struct
import threading
import time

import pytest

from virtual_pointer import VirtualPointer, wire_message, wire_string


def requests(connection):
    """(object, opcode, payload) for each request the client sends, until it hangs up."""
    received = b""
    while True:
        chunk = connection.recv(65536)
        if not chunk:
            return
        received += chunk
        while len(received) >= 8:
            sender, word = struct.unpack_from("=II", received)
            if len(received) < word >> 16:
                break
            yield sender, word & 0xFFFF, received[8:word >> 16]
            received = received[word >> 16:]


def registry_with(interfaces):
    """A compositor offering `interfaces` and answering every wl_display.sync."""
    def serve(connection):
        for sender, opcode, payload in requests(connection):
            if (sender, opcode) == (1, 1):  # get_registry
                (registry,) = struct.unpack("=I", payload)
                for name, interface in enumerate(interfaces, 1):
                    connection.sendall(wire_message(registry, 0, struct.pack("=I", name) + wire_string(interface)
                                               + struct.pack("=I", 1)))
            if (sender, opcode) == (1, 0):  # sync
                connection.sendall(wire_message(struct.unpack("=I", payload)[0], 0, struct.pack("=I", 0)))
    return serve


def protocol_error(connection):
    """The error on the first request; the connection stays open until the client leaves."""
    received = requests(connection)
    next(received)
    connection.sendall(wire_message(1, 0, struct.pack("=II", 1, 3) + wire_string("no such thing")))
    for _ in received:
        pass


def silent(connection):
    for _ in requests(connection):
        pass


@pytest.mark.parametrize("serve, error", [
    (registry_with(["wl_seat", "wl_output"]), "offers no zwlr_virtual_pointer_manager_v1 or wl_seat"),
    (protocol_error, "Wayland error 3 on object 1: no such thing"),
    (lambda connection: None, "the compositor closed the connection"),
    (silent, "the compositor did not answer within 1 s"),
])
def test_a_compositor_that_cannot_give_a_pointer_says_why(tmp_path, serve, error):
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(str(tmp_path / "wayland-test"))
    listener.listen(1)

    def accept():
        connection, _ = listener.accept()
        with connection:
            serve(connection)

    server = threading.Thread(target=accept, daemon=True)
    server.start()
    started = time.monotonic()
    try:
        with pytest.raises(AssertionError, match=error):
            VirtualPointer({"XDG_RUNTIME_DIR": str(tmp_path), "WAYLAND_DISPLAY": "wayland-test"}, (360, 720), deadline=1)
        assert time.monotonic() - started < 5
    finally:
        listener.close()
    server.join(5)
    assert not server.is_alive()
