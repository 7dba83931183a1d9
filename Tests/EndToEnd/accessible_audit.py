"""Checks the app's accessible tree the way a screen reader meets it (atspi_driver.py's "audit" op):
every control on the pages shown must have a name and a role that says what it is.

What shows: GTK 4.8 sets no SHOWING state, keeps a GtkStack's hidden pages and an AdwLeaflet's
folded-away child in the tree, and leaves them their last (stale) boxes. So the caller names
`anchors`, elements only the shown pages hold (a page-specific button, entry or row; the driver
first waits until each is laid out: a page never shown has an empty box); where a
GtkStack or AdwLeaflet holds several pages, only those holding an anchor are checked (all of
them when none does: the check errs towards checking more). Elements with an empty box (never
laid out) are not shown and are skipped. A hidden widget leaves GTK 4.8's tree by itself.

Offenders: a control (INTERACTIVE roles; a list item only when it takes the focus) whose name is
empty or only its class's ("GtkButton": GTK 4.8's fallback), and anything focusable whose role
is VAGUE. A combo box's own parts (its list of the one item shown) are the combo box's: skipped.
"""
import re

import pyatspi

INTERACTIVE = {"push button", "toggle button", "check box", "radio button", "entry", "text", "password text",
               "combo box", "menu item", "check menu item", "radio menu item", "link", "spin button", "switch",
               "slider", "page tab"}
VAGUE = {"unknown", "filler", "panel", "invalid", "redundant object"}
CLASS_NAME = re.compile(r"^(Gtk|Adw|Gdk)[A-Z][A-Za-z]*$")
MAX_DEPTH = 60


class Node:
    """One element as read once: where it is (indexes from the application), role, name, states."""

    def __init__(self, accessible, path):
        self.path = path
        self.role = accessible.getRoleName()
        self.name = accessible.name or ""
        states = accessible.getState()
        self.focusable = states.contains(pyatspi.STATE_FOCUSABLE)
        try:
            box = accessible.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
            self.empty = box.width <= 0 or box.height <= 0
        except Exception:
            self.empty = False
        self.children = []


def read(accessible, path=(), depth=0):
    """The tree under `accessible`, read once (AT-SPI calls are slow: nothing is asked twice)."""
    nodes = []
    try:
        count = accessible.childCount
    except Exception:
        return nodes
    for index in range(count):
        try:
            child = accessible.getChildAtIndex(index)
            node = Node(child, path + (index,))
        except Exception:
            continue
        if depth < MAX_DEPTH:
            node.children = read(child, node.path, depth + 1)
        nodes.append(node)
    return nodes


def every(nodes):
    for node in nodes:
        yield node
        yield from every(node.children)


def switches_pages(node):
    """A GtkStack (its children are GtkStackPage panels) or an AdwLeaflet."""
    return node.name == "AdwLeaflet" or any(child.name == "GtkStackPage" for child in node.children)


def shown(nodes, anchored):
    """The nodes on the pages shown: at a stack or leaflet, only the pages holding an anchor."""
    for node in nodes:
        if node.empty and node.name != "GtkStackPage":
            continue
        yield node
        children = node.children
        if switches_pages(node) and any(child.path in anchored for child in children):
            children = [child for child in children if child.path in anchored]
        if node.role != "combo box":
            yield from shown(children, anchored)


def offence(node):
    vague_name = not node.name.strip() or CLASS_NAME.match(node.name)
    if vague_name and (node.role in INTERACTIVE or (node.role == "list item" and node.focusable)):
        return "no accessible name"
    if node.focusable and node.role in VAGUE:
        return f"focusable with the vague role {node.role!r}"
    return None


def label(nodes, path):
    """'frame "Wallet" > push button "Share"': the element at `path` and its named ancestors."""
    parts, level = [], nodes
    for depth, index in enumerate(path):
        node = next(child for child in level if child.path[-1] == index)
        if node.name or depth == len(path) - 1:
            parts.append(f'{node.role} "{node.name}"')
        level = node.children
    return " > ".join(parts)


def audit_tree(application, anchors):
    """The offenders on the pages holding `anchors`, (name, role) pairs (role None: any role)."""
    if application is None:
        return {"ok": False, "error": "the app is not on the accessibility bus"}
    tree = read(application)
    anchored = set()
    missing = set(anchors)
    for node in every(tree):
        for anchor in [(node.name, None), (node.name, node.role)]:
            if anchor in anchors:
                missing.discard(anchor)
                anchored.update(node.path[:length] for length in range(1, len(node.path) + 1))
    if missing:
        return {"ok": False, "error": f"no element named {sorted(missing)}"}
    checked, offenders = 0, []
    for node in shown(tree, anchored):
        checked += 1
        problem = offence(node)
        if problem:
            offenders.append(f"{label(tree, node.path)}: {problem}")
    return {"ok": True, "checked": checked, "offenders": offenders}
