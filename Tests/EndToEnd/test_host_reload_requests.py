"""Reload requests that pile up while the host is busy are served once per widget and reason.

Found by `make mutants` (host-duplicate-requests-served-twice): no test had two requests for one
widget pending at once. The host is stopped (SIGSTOP) while the requests are written, so both are
in the file when it wakes: no timing involved. Event lines are read with a deadline.
"""
import os
import signal

from test_widget_host import Host, add_card, add_widget


def wait_until_stopped(process):
    """Returns once the kernel reports the child stopped (waitid, left waitable for Popen)."""
    state = os.waitid(os.P_PID, process.pid, os.WSTOPPED | os.WEXITED | os.WNOWAIT)
    assert state.si_code == os.CLD_STOPPED, f"the host exited instead of stopping: {state}"


def test_requests_pending_together_render_each_widget_once(wallet, tmp_path):
    card = add_card(wallet, "Alpha", "ALPHA-1")
    twice = add_widget(wallet, "small", "--cards", card)
    other = add_widget(wallet, "medium", "--cards", card)
    with Host(wallet, tmp_path / "desktop") as host:
        host.wait_for(event="ready")
        host.process.send_signal(signal.SIGSTOP)
        wait_until_stopped(host.process)
        try:
            for widget in (twice, twice, other):
                wallet.run("widget", "request-reload", widget)
        finally:
            host.process.send_signal(signal.SIGCONT)
        host.wait_for(event="rendered", reason="intent", widget=other)  # the pile's batch
        # That batch is printed whole before the next one: a request made now is served in a
        # later batch, so once it is rendered every line the pile caused has been read.
        wallet.run("widget", "request-reload", other)
        host.wait_for(event="rendered", reason="intent", widget=other)
        intents = [e["widget"] for e in host.seen if e.get("event") == "rendered" and e.get("reason") == "intent"]
        assert intents.count(twice) == 1, host.seen
        assert intents.count(other) == 2, host.seen  # once for the pile, once for the mark
        assert host.signal(signal.SIGTERM) == 0
