"""The desktop samples in Samples/desktop work against a running host: `wallet-desktop` (the
glue Waybar, eww and conky call) finds the snapshots, follows taps to the right deep link and
reports manifest replacements as they happen; the configuration files parse."""
import json
import os
import queue
import re
import signal
import subprocess
import threading
from pathlib import Path

from conftest import WALLET_BIN
from test_widget_host import DEADLINE, Host, add_card, add_widget, decoded_texts

SAMPLES = Path(__file__).resolve().parents[2] / "Samples" / "desktop"
DESKTOP = SAMPLES / "wallet-desktop"


def desktop(out, *args, env=None):
    return subprocess.run([str(DESKTOP), *map(str, args)], capture_output=True, text=True, timeout=DEADLINE,
                          env=dict(os.environ, WALLET_WIDGETS_DIR=str(out), **(env or {})))


def fake_xdg_open(tmp_path):
    """An `xdg-open` on PATH that records the URL it was given."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    script = bin_dir / "xdg-open"
    script.write_text(f'#!/bin/sh\necho "$1" >> {tmp_path / "opened"}\n')
    script.chmod(0o755)
    return {"PATH": f"{bin_dir}:{os.environ['PATH']}"}, tmp_path / "opened"


def test_wallet_desktop_shows_snapshots_and_opens_tapped_cards(wallet, tmp_path):
    out = tmp_path / "desktop"
    alpha = add_card(wallet, "Alpha", "ALPHA-1")
    beta = add_card(wallet, "Beta", "BETA-1")
    small = add_widget(wallet, "small", "--cards", alpha)
    medium = add_widget(wallet, "medium", "--cards", f"{alpha},{beta}")
    env, opened = fake_xdg_open(tmp_path)
    with Host(wallet, out) as host:
        host.wait_for(event="ready")
        path = desktop(out, "path", 1)
        assert path.returncode == 0, path.stderr
        assert path.stdout.splitlines()[0] == str(out / f"{small}-small.png")
        assert decoded_texts(path.stdout.splitlines()[0]) == ["ALPHA-1"]
        assert desktop(out, "info", 2).stdout.split()[1:] == ["364", "170"]
        beta_link = json.loads(wallet.run("widget", "links", medium, "--json").stdout)[1]
        desktop(out, "open", 1, env=env)
        desktop(out, "open", 2, beta_link["x"] + 1, beta_link["y"] + 1, env=env)
        desktop(out, "open", 2, env=env)
        assert opened.read_text().split() == [f"wallet://card/{alpha}", f"wallet://card/{beta}", "wallet://"]
        missing = desktop(out, "path", 3)
        assert missing.returncode != 0 and "no widget 3" in missing.stderr
        assert host.signal(signal.SIGTERM) == 0



def test_wallet_desktop_presses_the_buttons_the_manifest_lists(wallet, tmp_path):
    out = tmp_path / "desktop"
    alpha = add_card(wallet, "Alpha", "ALPHA-1")
    beta = add_card(wallet, "Beta", "BETA-1")
    medium = add_widget(wallet, "medium", "--cards", f"{alpha},{beta}")
    with Host(wallet, out) as host:
        host.wait_for(event="ready")
        entry = json.loads((out / "manifest.json").read_text())["widgets"][0]
        assert entry["links"] == json.loads(wallet.run("widget", "links", medium, "--json").stdout)
        star = next(link for link in entry["links"] if link.get("intent") == "toggle-favorite" and link["card"] == beta)
        env = {"WALLET": WALLET_BIN, "WALLET_HOME": str(wallet.home), "WALLET_NOW": wallet.env["WALLET_NOW"]}
        pressed = desktop(out, "open", 1, star["x"] + star["width"] / 2, star["y"] + star["height"] / 2, env=env)
        assert pressed.returncode == 0 and pressed.stdout.strip() == "intent:toggle-favorite", pressed.stderr
        host.wait_for(event="rendered", reason="intent", widget=medium)
        cards = {card["id"]: card for card in json.loads(wallet.run("card", "list", "--json").stdout)}
        assert cards[beta]["favorite"] and not cards[alpha]["favorite"]
        assert host.signal(signal.SIGTERM) == 0

def test_wallet_desktop_manifest_follows_the_host_without_polling(wallet, tmp_path):
    out = tmp_path / "desktop"
    alpha = add_card(wallet, "Alpha", "ALPHA-1")
    widget = add_widget(wallet, "small", "--cards", alpha)
    with Host(wallet, out) as host:
        host.wait_for(event="ready")
        listener = subprocess.Popen([str(DESKTOP), "manifest"], stdout=subprocess.PIPE, text=True,
                                    env=dict(os.environ, WALLET_WIDGETS_DIR=str(out)))
        lines = queue.Queue()
        threading.Thread(target=lambda: [lines.put(line) for line in listener.stdout], daemon=True).start()
        try:
            first = json.loads(lines.get(timeout=DEADLINE))
            assert [w["id"] for w in first["widgets"]] == [widget]
            wallet.run("card", "edit", alpha, "--code", "ALPHA-2")
            host.wait_for(event="rendered", reason="data")
            second = json.loads(lines.get(timeout=DEADLINE))
            assert second["widgets"][0]["sha256"] != first["widgets"][0]["sha256"]
        finally:
            listener.kill()
            listener.wait(timeout=DEADLINE)
        assert host.signal(signal.SIGTERM) == 0


def test_the_configurations_parse_and_name_the_glue():
    for name, module in (("waybar-config.jsonc", "image#wallet-1"), ("waybar-config-0.9.17.jsonc", "image/wallet-1")):
        modules = json.loads(re.sub(r"^\s*//.*$", "", (SAMPLES / name).read_text(), flags=re.M))
        assert modules[module]["path"].endswith("/wallet-desktop/widget-1.png")
        assert modules[module]["on-click"] == "wallet-desktop open 1"
    yuck = (SAMPLES / "eww.yuck").read_text()
    code = re.sub(r'"(?:\\.|[^"\\])*"', '""', yuck)  # strings first: they may hold a ';'
    code = re.sub(r";.*$", "", code, flags=re.M)
    assert code.count("(") == code.count(")")
    assert "wallet-desktop manifest" in yuck and "xdg-open" in yuck
    assert "lua_mouse_hook = 'wallet_click'" in (SAMPLES / "conky.conf").read_text()
    unit = (SAMPLES / "wallet-widgets.service").read_text()
    assert re.search(r"^ExecStart=\S+ widget host --output ", unit, flags=re.M)
