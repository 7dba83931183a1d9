"""A number beside a 2D code shrinks before it breaks (issue 37, item 7).

In a 4-card medium widget the column beside a QR or Aztec code is about 93 pt wide: at 11 pt
`FM-1029384756` is a little too wide and used to break inside (`FM-` / `1029384756`); it now
shrinks towards the 10 pt floor and stays one line. `COFFEE-2026-0042` does not fit even at the
floor: it breaks, at its most even separator (`COFFEE-` / `2026-0042`, not `COFFEE-2026-` /
`0042`). The same lines at 2x and 3x, and every code still decodes with zxing-cpp and zbar.
"""
import json

from oracle import zbar_decode_symbols, zxing_decode

CARDS = [("Family Mart", "FM-1029384756", "qr"), ("Coffee Corner", "COFFEE-2026-0042", "qr"),
         ("Lufthansa Miles", "LH-992-7781", "aztec"), ("Museum Friends", "MUS-2026-44", "qr")]


def test_numbers_shrink_to_the_floor_before_they_break(wallet, tmp_path):
    ids = [wallet.run("card", "add", "--store", store, "--code", code, "--format", fmt).stdout.strip()
           for store, code, fmt in CARDS]
    widget = wallet.run("widget", "add", "--family", "medium", "--cards", ",".join(ids)).stdout.strip()
    lines = {}
    for scale in (2, 3):
        png, layout = tmp_path / f"medium-{scale}.png", tmp_path / f"medium-{scale}.json"
        wallet.run("widget", "render", widget, "--output", png, "--layout", layout, "--scale", str(scale))
        runs = json.loads(layout.read_text())["texts"]
        numbers = [run for run in runs if run["font"] == "Inter, DejaVu Sans Mono"]  # Theme.numberFamily
        lines[scale] = [(run["text"], run["size"]) for run in numbers]
        one_line = next(run for run in numbers if run["text"] == "FM-1029384756")
        assert 10 <= one_line["size"] < 11, one_line
        assert "FM-" not in [run["text"] for run in numbers]
        broken = [run for run in numbers if run["text"] in ("COFFEE-", "2026-0042")]
        assert [run["text"] for run in broken] == ["COFFEE-", "2026-0042"], lines[scale]
        assert all(run["size"] >= 10 for run in broken)
        # Two lines, one under the other, in the same column.
        assert broken[0]["x"] == broken[1]["x"] and broken[1]["y"] > broken[0]["y"]
        assert {d.text for d in zxing_decode(png)} == {code for _, code, _ in CARDS}
        assert {d.text for d in zbar_decode_symbols(png)} >= {"FM-1029384756", "COFFEE-2026-0042", "MUS-2026-44"}
    assert lines[2] == lines[3]
