"""A stand-in for GNOME's session manager (org.gnome.SessionManager on the session bus), for the
app tests: GTK 4.8's gtk_application_inhibit() calls its Inhibit(app_id, toplevel_xid, reason,
flags) and gtk_application_uninhibit() its Uninhibit(cookie) when that name has an owner (else it
tries the portal's org.freedesktop.portal.Inhibit). It prints one JSON line per call
({"call": "Inhibit", "cookie", "app", "reason", "flags"} / {"call": "Uninhibit", "cookie"}), and
{"ready": true} once it owns the name.

Run with the system python3 (python3-dbus, python3-gi) under DBUS_SESSION_BUS_ADDRESS.
"""
import json

import dbus
import dbus.service
from dbus.mainloop.glib import DBusGMainLoop
from gi.repository import GLib

NAME = "org.gnome.SessionManager"
PATH = "/org/gnome/SessionManager"


class SessionManager(dbus.service.Object):
    def __init__(self, bus):
        super().__init__(bus, PATH)
        self.next_cookie = 1
        self.held = {}

    @dbus.service.method(NAME, in_signature="susu", out_signature="u")
    def Inhibit(self, app, toplevel, reason, flags):
        cookie = self.next_cookie
        self.next_cookie += 1
        self.held[cookie] = int(flags)
        print(json.dumps({"call": "Inhibit", "cookie": cookie, "app": str(app), "reason": str(reason),
                          "flags": int(flags)}), flush=True)
        return cookie

    @dbus.service.method(NAME, in_signature="u", out_signature="")
    def Uninhibit(self, cookie):
        self.held.pop(int(cookie), None)
        print(json.dumps({"call": "Uninhibit", "cookie": int(cookie)}), flush=True)

    @dbus.service.method(NAME, in_signature="u", out_signature="b")
    def IsInhibited(self, flags):
        return any(held & int(flags) for held in self.held.values())


def main():
    DBusGMainLoop(set_as_default=True)
    bus = dbus.SessionBus()
    name = dbus.service.BusName(NAME, bus)
    manager = SessionManager(bus)
    print(json.dumps({"ready": True}), flush=True)
    GLib.MainLoop().run()
    del name, manager


if __name__ == "__main__":
    main()
