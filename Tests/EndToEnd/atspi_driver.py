"""Drives the app through its accessibility tree (AT-SPI), as a screen reader or a person with a
switch would: run with the system python3 (python3-pyatspi) under the test's session bus (the
accessibility bus is found through it) and DISPLAY. Reads one JSON command a line on stdin,
answers one JSON line on stdout:

  {"op": "find", "name": N, "role": R?, "nth": I?, "timeout": S}
                                                       -> {"ok", "role", "extents", "states"} of the
                                                          Ith element so named (from 0; default 0)
  {"op": "gone", "name": N, "role": R?, "timeout": S}   -> {"ok"} once nothing is named N
  {"op": "click", "name": N, "role": R?, "timeout": S}  -> its action ("click"/"activate"), else a
                                                          pointer click at its centre (xdotool)
  {"op": "type", "name": N, "text": T, "timeout": S}    -> clicks into the entry N, selects all, types T,
                                                          and retries until the entry reads T
     with "secret": true                                -> a password entry: until it holds as many
                                                          characters as T (it may show them masked)
  {"op": "point", "name": N, "role": R?, "timeout": S} -> moves the pointer to its centre once settled (no
                                                          click): on the bare Xvfb the keyboard goes to
                                                          the window under the pointer (a dialog)
  {"op": "settled", "name": N, "role": R?, "nth": I?, "timeout": S}
                                                       -> as find, once its box has stayed put: for a
                                                          click by a pointer of the test's own (phoc's
                                                          virtual pointer)
  {"op": "key", "keys": K}                             -> xdotool key K (e.g. "Return")
  {"op": "write", "text": T}                            -> types T where the keyboard focus is
  {"op": "reads", "name": N, "role": R?, "text": T, "timeout": S}
                                                       -> {"ok"} once the entry N reads T (AT-SPI's
                                                          Text interface): what "write" typed landed
  {"op": "windows", "count": C, "timeout": S}         -> {"ok", "count"} once the app shows C windows (its
                                                          child count only: GTK 4.8 answers a window that
                                                          is going away without an object path, which
                                                          crashes it, so a walk waits until it has gone)
  {"op": "labels", "contains": T, "timeout": S}         -> {"ok", "text"} once a label contains T
  {"op": "names", "within": N?}                        -> every (role, name) (under the first
                                                          element named N, when given)
  {"op": "focus", "name": N, "role": R?, "key": K?, "presses": P?, "timeout": S}
                                                       -> presses K (default "Tab") until the element
                                                          named N holds the keyboard focus (AT-SPI
                                                          "focused"), each press waited out (the focus
                                                          moved) before the next; at most P presses
  {"op": "audit", "anchors": [N or [N, R]...], "timeout": S}
                                                       -> once every anchor (an element only the shown
                                                          pages hold) is laid out (a box with a size,
                                                          within its window's width): {"ok", "offenders",
                                                          "checked"}, every control on those pages
                                                          without a name or with a vague role
                                                          (accessible_audit.py)

GTK 4.8 sets no SHOWING state and keeps a GtkStack's hidden pages in the tree, so names are
looked up in the whole tree (the app's names are unique to their page; card rows are found by
their role, "list item"), and the tests follow which page is shown through the app's event lines.
GTK 4.8 reports positions relative to the window only (at 0,0 on the test's bare Xvfb).
Every wait polls the tree until its deadline: AT-SPI state is the thing waited for.
"""
import json
import os
import subprocess
import sys
import time

import pyatspi

from accessible_audit import audit_tree

APP_NAME = os.environ.get("WALLET_APP_ACCESSIBLE_NAME", "wallet-app")


def application():
    desktop = pyatspi.Registry.getDesktop(0)
    for index in range(desktop.childCount):
        app = desktop.getChildAtIndex(index)
        if app is not None and app.name == APP_NAME:
            return app
    return None


def walk(accessible, depth=0):
    """Every descendant, depth first."""
    if accessible is None or depth > 60:
        return
    try:
        count = accessible.childCount
    except Exception:
        return
    for index in range(count):
        try:
            child = accessible.getChildAtIndex(index)
        except Exception:
            continue
        if child is None:
            continue
        yield child
        yield from walk(child, depth + 1)


def matches(accessible, name, role):
    try:
        return accessible.name == name and (role is None or accessible.getRoleName() == role)
    except Exception:
        return False


def lookup(name, role, nth=0):
    """The element named `name` (with `role`, when given), the `nth` such in the tree (from 0)."""
    app = application()
    if app is None:
        return None
    for accessible in walk(app):
        if matches(accessible, name, role):
            if nth == 0:
                return accessible
            nth -= 1
    return None


def until(deadline, probe, interval=0.05):
    while True:
        found = probe()
        if found is not None or time.monotonic() >= deadline:
            return found
        time.sleep(interval)


def extents(accessible):
    try:
        box = accessible.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        return [box.x, box.y, box.width, box.height]
    except Exception:
        return None


def entry_text(accessible):
    """What the entry holds, read through AT-SPI's Text interface (the entry's or its text field's)."""
    for candidate in [accessible, *walk(accessible)]:
        try:
            text = candidate.queryText()
            return text.getText(0, text.characterCount)
        except Exception:
            continue
    return None


def type_into(name, role, text, deadline, secret=False):
    """Clicks into the entry once it has settled, replaces what it holds with text, and checks the
    entry reads text (AT-SPI's Text interface; a `secret` one, which may mask what it holds, as
    many characters as text): typing that went elsewhere is tried again until the deadline rather
    than passing unnoticed."""
    def holds(found):
        read = entry_text(found)
        return read is not None and (len(read) == len(text) if secret else read == text)

    while True:
        found = until(deadline, lambda: lookup(name, role))
        if found is None:
            return {"ok": False, "error": f"nothing named {name!r}"}
        pointer_click(found)
        subprocess.run(["xdotool", "key", "--clearmodifiers", "ctrl+a", "BackSpace"], check=True, timeout=10)
        subprocess.run(["xdotool", "type", "--delay", "20", text], check=True, timeout=60)
        if until(min(deadline, time.monotonic() + 2), lambda: True if holds(found) else None):
            return {"ok": True}
        if time.monotonic() >= deadline:
            return {"ok": False, "error": f"the entry {name!r} reads {entry_text(found)!r}, not {text!r}"}


def describe(accessible):
    states = accessible.getState().getStates()
    return {"ok": True, "role": accessible.getRoleName(), "extents": extents(accessible),
            "states": sorted(pyatspi.stateToString(state) for state in states)}


def on_screen(accessible):
    """Laid out in its window: a box with a size, its centre within the window's width (a page
    scrolls, so it may lie above or below). A page never shown has an empty box; the leaflet's
    folded-away page lies beside the window."""
    box = extents(accessible) if accessible is not None else None
    window = accessible
    try:
        while window is not None and window.parent is not None and window.parent.getRoleName() != "application":
            window = window.parent
    except Exception:
        return False
    frame = extents(window) if window is not None else None
    if not box or not frame or box[2] <= 0 or box[3] <= 0:
        return False
    return 0 <= box[0] + box[2] / 2 < frame[2]


def settled_extents(accessible, seconds=3):
    """Its box once it has stayed put for 150 ms: a page that slides in (AdwLeaflet at narrow widths)
    moves its entries under the pointer, and a person waits for the motion to stop before clicking."""
    deadline = time.monotonic() + seconds
    last = extents(accessible)
    while time.monotonic() < deadline:
        time.sleep(0.15)
        box = extents(accessible)
        if box == last:
            return box
        last = box
    return last


def pointer_click(accessible, click=True):
    box = settled_extents(accessible)
    if not box:
        return False
    x, y = box[0] + box[2] // 2, box[1] + box[3] // 2
    subprocess.run(["xdotool", "mousemove", str(x), str(y), *(["click", "1"] if click else [])], check=True, timeout=10)
    return True


def click(accessible):
    try:
        action = accessible.queryAction()
        for index in range(action.nActions):
            if action.getName(index) in ("click", "activate", "press", "toggle"):
                action.doAction(index)
                return "action"
    except NotImplementedError:
        pass
    return "pointer" if pointer_click(accessible) else None


def missing(command):
    names = [(a.getRoleName(), a.name) for a in walk(application())] if application() else []
    return {"ok": False, "error": f"nothing named {command.get('name')!r}", "showing": names[:200]}


def run(command):
    deadline = time.monotonic() + float(command.get("timeout", 10))
    op, name, role = command["op"], command.get("name"), command.get("role")
    if op == "find":
        found = until(deadline, lambda: lookup(name, role, command.get("nth", 0)))
        return describe(found) if found is not None else missing(command)
    if op == "gone":
        gone = until(deadline, lambda: True if lookup(name, role) is None else None)
        return {"ok": gone is not None}
    if op == "click":
        found = until(deadline, lambda: lookup(name, role))
        return {"ok": True, "how": click(found)} if found is not None else missing(command)
    if op == "point":
        found = until(deadline, lambda: lookup(name, role))
        return {"ok": pointer_click(found, click=False)} if found is not None else missing(command)
    if op == "settled":
        found = until(deadline, lambda: lookup(name, role, command.get("nth", 0)))
        return dict(describe(found), extents=settled_extents(found)) if found is not None else missing(command)
    if op == "type":
        return type_into(name, role, command["text"], deadline, secret=bool(command.get("secret")))
    if op == "write":
        subprocess.run(["xdotool", "type", "--delay", "20", command["text"]], check=True, timeout=60)
        return {"ok": True}
    if op == "key":
        subprocess.run(["xdotool", "key", command["keys"]], check=True, timeout=10)
        return {"ok": True}
    if op == "windows":
        def windows():
            app = application()
            try:
                return app.childCount if app is not None else None
            except Exception:
                return None
        settled = until(deadline, lambda: True if windows() == int(command["count"]) else None)
        return {"ok": settled is not None, "count": windows()}
    if op == "reads":
        read = until(deadline, lambda: True if entry_text(lookup(name, role)) == command["text"] else None)
        return {"ok": True} if read else {"ok": False, "error": f"{name!r} reads {entry_text(lookup(name, role))!r}"}
    if op == "labels":
        def label():
            app = application()
            for accessible in walk(app) if app else []:
                if accessible.getRoleName() == "label" and command["contains"] in (accessible.name or ""):
                    return accessible.name
            return None
        text = until(deadline, label)
        return {"ok": text is not None, "text": text}
    if op == "focus":
        return focus(name, role, command.get("key", "Tab"), int(command.get("presses", 40)), deadline)
    if op == "audit":
        anchors = [(anchor, None) if isinstance(anchor, str) else tuple(anchor) for anchor in command["anchors"]]
        if not until(deadline, lambda: True if all(on_screen(lookup(*anchor)) for anchor in anchors) else None):
            return {"ok": False, "error": "not laid out: " + ", ".join(
                f"{anchor!r} {extents(lookup(*anchor)) if lookup(*anchor) else 'missing'}"
                for anchor in anchors if not on_screen(lookup(*anchor)))}
        return audit_tree(application(), anchors)
    if op == "names":
        root = lookup(command["within"], None) if command.get("within") else application()
        return {"ok": True, "showing": [(a.getRoleName(), a.name) for a in walk(root)] if root else []}
    return {"ok": False, "error": f"unknown op {op}"}


def focused_among(candidates, after=None):
    """The candidate that holds the focus, looked for from the one after `after` on (the focus
    moves to a neighbour in the tree's order, most often)."""
    first = candidates.index(after) + 1 if after in candidates else 0
    for candidate in candidates[first:] + candidates[:first]:
        if holds_focus(candidate):
            return candidate
    return None


class Focusable:
    """The focusable elements, read once and again only when the focus goes to one not among them
    (reading the whole tree takes longer than a key press)."""

    elements = []

    @classmethod
    def read(cls):
        cls.elements = []
        for accessible in walk(application()):
            try:
                if accessible.getState().contains(pyatspi.STATE_FOCUSABLE):
                    cls.elements.append(accessible)
            except Exception:
                continue
        return cls.elements

    @classmethod
    def focused(cls, after=None):
        return focused_among(cls.elements, after) or focused_among(cls.read(), after)


def holds_focus(accessible):
    try:
        return accessible.getState().contains(pyatspi.STATE_FOCUSED)
    except Exception:
        return False


def typing_lands_in(target):
    """For an entry that reports no focus (libadwaita 1.2's AdwEntryRow): a character typed shows
    in it (read back through AT-SPI's Text interface) and is taken back out."""
    before = entry_text(target)
    subprocess.run(["xdotool", "type", "#"], check=True, timeout=10)
    landed = until(time.monotonic() + 1, lambda: True if entry_text(target) != before else None)
    subprocess.run(["xdotool", "key", "BackSpace"], check=True, timeout=10)
    if landed:
        until(time.monotonic() + 2, lambda: True if entry_text(target) == before else None)
    return landed is not None


def focus(name, role, key, presses, deadline):
    """Presses `key` until the element named `name` is focused. After each press it waits until the
    focus has left the element that held it, so a slow window never gets two presses for one step;
    the focusable elements are read again when the focus goes to one unseen. An entry whose focus
    GTK does not report is known focused when a character typed lands in it."""
    target = until(deadline, lambda: lookup(name, role))
    if target is None:
        return {"ok": False, "error": f"nothing named {name!r}"}
    silent_entry = target.getRoleName() in ("text", "entry", "password text")
    held = Focusable.focused()
    path = []
    for _ in range(presses + 1):
        if held is not None and matches(held, name, role):
            return {"ok": True, "presses": len(path), "path": path}
        if held is None and silent_entry and path and typing_lands_in(target):
            return {"ok": True, "presses": len(path), "path": path}
        if time.monotonic() >= deadline:
            break
        subprocess.run(["xdotool", "key", key], check=True, timeout=10)
        # GTK moves the focus in one step: once the old holder reports it lost, the new one has it.
        step = min(deadline, time.monotonic() + 3)
        if held is not None and until(step, lambda: True if not holds_focus(held) else None, 0.01):
            held = Focusable.focused(after=held)
        else:
            held = until(min(deadline, time.monotonic() + 1), lambda: focused_among(Focusable.elements), 0.01)
            held = held or Focusable.focused()
        path.append([held.getRoleName(), held.name] if held is not None else None)
    return {"ok": False, "error": f"{name!r} never took the focus with {key}", "path": path}


def main():
    print(json.dumps({"ready": True}), flush=True)
    for line in sys.stdin:
        try:
            answer = run(json.loads(line))
        except Exception as error:
            answer = {"ok": False, "error": f"{type(error).__name__}: {error}"}
        print(json.dumps(answer), flush=True)


if __name__ == "__main__":
    main()
