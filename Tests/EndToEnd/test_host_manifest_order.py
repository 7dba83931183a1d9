"""The host publishes manifest.json only after the PNGs it names are in place.

Issue 27: a host that wrote the manifest before the PNG it names was caught only by timing. A
desktop reading the manifest the moment it is replaced must find every file it names, with the
bytes its sha256 says. The output directory is watched with inotify (manifest_watch.py) and the
order of the kernel's events decides, so the check holds however fast or slow the machine is.
"""
import signal

from manifest_watch import ManifestWatch
from test_widget_host import Host, add_card, add_widget, decoded_texts


def wait_for_data_renders(host, widgets):
    """Waits (each event with the host's deadline) until every widget in `widgets` was rendered
    with reason `data` since the call; returns those events by widget."""
    mark = len(host.seen)
    while True:
        rendered = {e["widget"]: e for e in host.seen[mark:] if e.get("event") == "rendered" and e.get("reason") == "data"}
        if set(widgets) <= set(rendered):
            return rendered
        host.wait_for(event="rendered", reason="data")


def test_every_manifest_replacement_names_files_already_in_place(wallet, tmp_path):
    out = tmp_path / "desktop"
    alpha = add_card(wallet, "Alpha", "ALPHA-0")
    beta = add_card(wallet, "Beta", "BETA-0", "code128")
    showing = {alpha: [add_widget(wallet, "small", "--cards", alpha)],
               beta: [add_widget(wallet, "large", "--cards", beta)]}
    both = add_widget(wallet, "medium", "--cards", f"{alpha},{beta}")
    for card in (alpha, beta):
        showing[card].append(both)
    with Host(wallet, out) as host:
        host.wait_for(event="ready")
        watch = ManifestWatch(out)
        try:
            for step in range(1, 7):
                card, name = (alpha, "ALPHA") if step % 2 else (beta, "BETA")
                wallet.run("card", "edit", card, "--code", f"{name}-{step}")
                rendered = wait_for_data_renders(host, showing[card])
                entries = watch.settle()
                assert {e["id"] for e in entries} == {showing[alpha][0], showing[beta][0], both}
                assert f"{name}-{step}" in decoded_texts(rendered[showing[card][0]]["file"])
            added = add_widget(wallet, "accessory-rectangular", "--cards", alpha)
            host.wait_for(event="rendered", reason="configuration", widget=added)
            assert added in {e["id"] for e in watch.settle()}
            wallet.run("widget", "remove", both)
            host.wait_for(event="removed", widget=both)
            assert both not in {e["id"] for e in watch.settle()}
            assert watch.checked == 8
        finally:
            watch.close()
        assert host.signal(signal.SIGTERM) == 0
