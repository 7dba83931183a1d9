"""A freedesktop notification server written against the Desktop Notifications Specification
(org.freedesktop.Notifications on the session bus), for the tests: it prints one JSON line per
Notify call ({"id", "app", "summary", "body", "actions", "hints"}) and, when asked on stdin with
a line `click ID`, emits ActionInvoked(ID, "default") as a person clicking it would.

Run with the system python3 (python3-dbus, python3-gi) under DBUS_SESSION_BUS_ADDRESS.
"""
import json
import sys

import dbus
import dbus.service
from dbus.mainloop.glib import DBusGMainLoop
from gi.repository import GLib

NAME = "org.freedesktop.Notifications"
PATH = "/org/freedesktop/Notifications"


class Server(dbus.service.Object):
    def __init__(self, bus):
        super().__init__(bus, PATH)
        self.next_id = 1

    @dbus.service.method(NAME, in_signature="susssasa{sv}i", out_signature="u")
    def Notify(self, app, replaces, icon, summary, body, actions, hints, timeout):
        identifier = self.next_id
        self.next_id += 1
        print(json.dumps({"id": identifier, "app": str(app), "summary": str(summary), "body": str(body),
                          "actions": [str(a) for a in actions],
                          "hints": {str(k): str(v) for k, v in hints.items()}}), flush=True)
        return identifier

    @dbus.service.method(NAME, in_signature="", out_signature="as")
    def GetCapabilities(self):
        return ["actions", "body"]

    @dbus.service.method(NAME, in_signature="u", out_signature="")
    def CloseNotification(self, identifier):
        pass

    @dbus.service.method(NAME, in_signature="", out_signature="ssss")
    def GetServerInformation(self):
        return ("test-notifications", "wallet", "1", "1.2")

    @dbus.service.signal(NAME, signature="us")
    def ActionInvoked(self, identifier, action):
        pass


def main():
    DBusGMainLoop(set_as_default=True)
    bus = dbus.SessionBus()
    name = dbus.service.BusName(NAME, bus)
    server = Server(bus)
    loop = GLib.MainLoop()

    def on_stdin(channel, condition):
        line = sys.stdin.readline()
        if not line:
            loop.quit()
            return False
        words = line.split()
        if len(words) == 2 and words[0] == "click":
            server.ActionInvoked(dbus.UInt32(int(words[1])), "default")
        return True

    GLib.io_add_watch(sys.stdin, GLib.IO_IN | GLib.IO_HUP, on_stdin)
    print(json.dumps({"ready": name.get_name()}), flush=True)
    loop.run()


if __name__ == "__main__":
    main()
