"""A running `wallet widget host` re-renders a widget of EVERY family (small, medium, large and
each accessory family) when the card it shows is edited, with reason `data`.

Issue 27: every host test that edited a card used small or medium widgets, so a host that never
re-rendered large (or lock-screen) widgets after a data change passed them all. Event lines are
read with a deadline (test_widget_host.Host); the edited snapshots are decoded with zxing-cpp
wherever the family draws a barcode.
"""
import hashlib
import signal

from test_widget_host import Host, add_card, add_widget, decoded_texts, snapshot

FAMILIES = ["small", "medium", "large", "accessory-circular", "accessory-rectangular", "accessory-inline"]


def digest(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_an_edit_re_renders_the_widgets_of_every_family_showing_the_card(wallet, tmp_path):
    out = tmp_path / "desktop"
    # The store name and the code both change: the inline family shows them as text, the
    # circular one a monogram or the QR code itself, the others the barcode.
    edited = add_card(wallet, "Alpha", "ALPHA-1")
    other = add_card(wallet, "Beta", "BETA-1")
    showing = {family: add_widget(wallet, family, "--cards", edited) for family in FAMILIES}
    bystander = add_widget(wallet, "large", "--cards", other)
    with Host(wallet, out) as host:
        host.wait_for(event="ready")
        before = {family: digest(snapshot(out, widget, family)) for family, widget in showing.items()}
        barcoded = {family for family, widget in showing.items()
                    if decoded_texts(snapshot(out, widget, family)) == ["ALPHA-1"]}
        assert {"small", "medium", "large", "accessory-rectangular"} <= barcoded, barcoded
        wallet.run("card", "edit", edited, "--store", "Omega", "--code", "OMEGA-2")
        # Two intent renders in turn mark the point by which the host has handled the edit
        # (the batch serving the first is printed whole): no waiting out a deadline for a
        # widget the host forgot.
        for _ in range(2):
            wallet.run("widget", "request-reload", bystander)
            host.wait_for(event="rendered", reason="intent", widget=bystander)
        data = {event["widget"]: event for event in host.seen if event.get("reason") == "data"}
        for family, widget in showing.items():
            assert widget in data, f"the {family} widget showing the edited card was not re-rendered: {host.seen}"
            path = snapshot(out, widget, family)
            assert data[widget]["file"] == str(path)
            assert digest(path) != before[family], family
            if family in barcoded:
                assert decoded_texts(path) == ["OMEGA-2"], family
        assert bystander not in data  # its card did not change
        assert host.signal(signal.SIGTERM) == 0
