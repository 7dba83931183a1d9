"""`--device desktop` and `desktop-hidpi`: the default phone's widgets drawn at 2 (1x display) or
3 (2x display) device pixels a point, shown by a desktop at their pixel size: every code decoded,
without a note; links in the desktop's points; another --scale is refused."""
import json

import pytest
from PIL import Image

from conftest import refused
from test_widget_host import add_card, add_widget, decoded_texts

CODES = [("Green Grocer", "4006381333931", "ean13"), ("Coffee Corner", "COFFEE-2026-0042", "qr"),
         ("Book Nook", "BN-004213", "code128"), ("Hardware Depot", "HW-8812", "code39")]


@pytest.mark.parametrize("device, points, pixels", [("desktop", (728, 340), (728, 340)),
                                                    ("desktop-hidpi", (546, 255), (1092, 510))])
def test_a_desktop_preset_draws_at_its_scale_with_every_code_readable(wallet, tmp_path, device, points, pixels):
    medium = add_widget(wallet, "medium", "--cards", ",".join(add_card(wallet, *card) for card in CODES))
    small = add_widget(wallet, "small", "--cards", add_card(wallet, "Depot", "HW-8812", "code39"))
    for widget, expected in ((medium, sorted(code for _, code, _ in CODES)), (small, ["HW-8812"])):
        out = tmp_path / f"{widget}.png"
        run = wallet.run("widget", "render", widget, "--output", out, "--device", device)
        # No note: no code as text, none "close range only" (2 px on a desktop display are 0.5 mm).
        assert "note:" not in run.stderr, run.stderr
        assert decoded_texts(out) == expected
    assert Image.open(tmp_path / f"{medium}.png").size == pixels
    links = json.loads(wallet.run("widget", "links", medium, "--json", "--device", device).stdout)
    tiles = [link for link in links if "url" in link]
    assert max(link["x"] + link["width"] for link in tiles) == pytest.approx(points[0] - 8 * points[0] / 364)


def test_a_preset_refuses_another_scale(wallet, tmp_path):
    widget = add_widget(wallet, "small", "--cards", add_card(wallet, "Alpha", "ALPHA-1"))
    line = refused(wallet, "widget", "render", widget, "--output", tmp_path / "w.png", "--device", "desktop", "--scale", "2",
                   fragment="--device desktop is drawn at scale 1")
    assert "desktop-hidpi" in line
    assert not (tmp_path / "w.png").exists()
