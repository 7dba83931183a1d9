"""The conky sample (Samples/desktop/conky.conf and wallet.lua) on a real conky under Xvfb, with
the widget host drawing for `--device desktop`: the screen shows every code the widget shows and
zxing-cpp reads them from a screenshot, an edit reaches the screen within conky's update
interval, a click on a card opens that card (a recording `xdg-open`) and a click on a star, even
on its edge, toggles that card's favorite. conky 1.18 calls the mouse hook by the name the
configuration gives, later releases add `conky_`: both spellings are run."""
import json
import os
import re
import shutil
import subprocess
import time

import pytest
from PIL import ImageGrab

from conftest import WALLET_BIN
from screen import content_box, decode_until
from test_desktop_samples import DESKTOP, SAMPLES
from test_widget_host import DEADLINE, Host, add_card, add_widget, manifest
from xserver import xvfb

pytestmark = pytest.mark.skipif(
    not all(shutil.which(tool) for tool in ("conky", "Xvfb", "xdotool")),
    reason="needs conky, xvfb and xdotool (make deps-test)")

CONFIG = (SAMPLES / "conky.conf").read_text()
INTERVAL = float(re.search(r"update_interval = ([\d.]+)", CONFIG).group(1))
CODES = {"ALPHA-1": "qr", "4006381333931": "ean13", "GAMMA-77": "code128", "DELTA-9": "qr"}


class Conky:
    """conky running the sample in a private home, beside a host drawing for `--device desktop`."""

    def __init__(self, wallet, tmp_path, display, hook, device="desktop"):
        self.display, self.tmp = display, tmp_path
        config = tmp_path / "home" / ".config" / "conky"
        config.mkdir(parents=True)
        (config / "conky.conf").write_text(CONFIG.replace("lua_mouse_hook = 'wallet_click'", f"lua_mouse_hook = '{hook}'"))
        shutil.copy(SAMPLES / "wallet.lua", config / "wallet.lua")
        tools = tmp_path / "bin"
        tools.mkdir()
        (tools / "wallet-desktop").symlink_to(DESKTOP)
        self.opened = tmp_path / "opened"
        (tools / "xdg-open").write_text(f'#!/bin/sh\necho "$1" >> {self.opened}\n')
        (tools / "xdg-open").chmod(0o755)
        self.out = tmp_path / "widgets"
        self.env = dict(wallet.env, HOME=str(tmp_path / "home"), DISPLAY=display, WALLET=WALLET_BIN,
                        WALLET_WIDGETS_DIR=str(self.out), PATH=f"{tools}:{os.environ['PATH']}")
        self.host = Host(wallet, self.out, "--device", device)
        self.host.wait_for(event="ready")
        self.process = subprocess.Popen(["conky", "-c", str(config / "conky.conf")], env=self.env,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)

    def grab(self):
        return ImageGrab.grab(xdisplay=self.display).convert("RGB")

    def click(self, x, y):
        subprocess.run(["xdotool", "mousemove", str(x), str(y), "click", "1"], check=True, timeout=DEADLINE,
                       env=dict(os.environ, DISPLAY=self.display))

    def opened_urls(self, count):
        """The first `count` URLs the recording xdg-open got, waiting for them up to the deadline."""
        end = time.monotonic() + DEADLINE
        while time.monotonic() < end:
            urls = self.opened.read_text().split() if self.opened.exists() else []
            if len(urls) >= count:
                return urls
            time.sleep(0.05)
        raise AssertionError(f"xdg-open ran {count} time(s)? got {urls}; conky: {self.stop()}")

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(DEADLINE)
        self.host.__exit__()
        return self.process.stderr.read()


@pytest.fixture
def display():
    with xvfb(DEADLINE, "1920x1080") as name:
        yield name


@pytest.fixture
def cards(wallet):
    return {text: add_card(wallet, text.split("-")[0].title() if "-" in text else "Beta", text, fmt)
            for text, fmt in CODES.items()}


def test_the_screen_shows_every_code_and_an_edit_within_the_interval(wallet, tmp_path, display, cards):
    add_widget(wallet, "medium", "--cards", ",".join(cards.values()))
    conky = Conky(wallet, tmp_path, display, "wallet_click")
    try:
        shown, _ = decode_until(conky.grab, set(CODES), DEADLINE)
        assert shown == set(CODES)
        entry = manifest(conky.out)[0]
        left, top, right, bottom = content_box(conky.grab())
        assert (right - left, bottom - top) == (entry["width"], entry["height"]) == (728, 340), "shown at its pixel size"
        wallet.run("card", "edit", cards["GAMMA-77"], "--code", "GAMMA-78")
        conky.host.wait_for(event="rendered", reason="data")
        shown, latency = decode_until(conky.grab, {"GAMMA-78"}, INTERVAL + DEADLINE)
        assert latency <= INTERVAL + 1.0, f"the edit took {latency:.2f} s to reach the screen"
        assert shown == set(CODES) - {"GAMMA-77"} | {"GAMMA-78"}
        until = time.monotonic() + 2 * INTERVAL  # later updates draw the cached image: the new one
        while time.monotonic() < until:
            assert decode_until(conky.grab, {"GAMMA-78"}, INTERVAL)[0] == shown
    finally:
        conky.stop()


@pytest.mark.parametrize("hook", ["wallet_click", "conky_wallet_click"])
def test_a_click_opens_that_card_and_a_star_toggles_it(wallet, tmp_path, display, cards, hook):
    widget = add_widget(wallet, "medium", "--cards", ",".join(cards.values()))
    conky = Conky(wallet, tmp_path, display, hook)
    try:
        decode_until(conky.grab, set(CODES), DEADLINE)
        left, top, _, _ = content_box(conky.grab())
        links = manifest(conky.out)[0]["links"]
        tiles = [link for link in links if "url" in link]
        clicks = 0
        for tile in tiles:  # the middle of the tile, then just inside its bottom-left corner
            for x, y in [(tile["x"] + tile["width"] // 2, tile["y"] + tile["height"] // 2),
                         (tile["x"] + 2, tile["y"] + tile["height"] - 3)]:
                conky.click(left + x, top + y)
                clicks += 1
                conky.opened_urls(clicks)  # one at a time: each click's handler runs in the background
        assert conky.opened_urls(clicks) == [tile["url"] for tile in tiles for _ in range(2)]
        star = next(link for link in links if link.get("intent") == "toggle-favorite" and link["card"] == cards["DELTA-9"])
        conky.click(left + star["x"] + 1, top + star["y"] + 1)  # its top-left edge, where conky's border used to send it elsewhere
        conky.host.wait_for(event="rendered", reason="intent", widget=widget)
        favorites = {card["id"] for card in json.loads(wallet.run("card", "list", "--json").stdout) if card["favorite"]}
        assert favorites == {cards["DELTA-9"]}
        assert len(conky.opened.read_text().split()) == 2 * len(tiles), "the star opened a card as well"
    finally:
        conky.stop()
