"""Scanning photos as people take them (photo_set.py: perspective, rotation, blur, noise and JPEG,
glare, low contrast, inversion, a code beside other codes), every format: the code is found,
and the scan never reports a text that is not in the picture. A sliver of a code is not a code,
and where the readers disagree `card add --scan` stores nothing and lists what it saw."""
import json

import pytest
from PIL import Image

from conftest import Wallet, refused
from photo_set import CODES, EFFECTS, build

# Each format under three of the effects (rotating through them, so every effect meets about five
# formats): 39 scans keep the test within seconds; bench/sections/80_scan.py scans the whole set.
CHOSEN = {fmt: [EFFECTS[(index + step) % len(EFFECTS)] for step in (0, 3, 5)] for index, (fmt, _, _) in enumerate(CODES)}

# Pictures neither zxing-cpp 3.1 nor zbar reads (checked with both when the set was made): these
# must still give no wrong text.
KNOWN_MISSES = {("pdf417", "rotated"), ("pdf417", "inverted"), ("code39", "rotated"), ("code39", "inverted"),
                ("codabar", "inverted"), ("itf", "inverted")}


@pytest.fixture(scope="module")
def photos(tmp_path_factory):
    directory = tmp_path_factory.mktemp("photos")
    wallet = Wallet(directory / "home")

    def render(fmt, code, module, path):
        wallet.run("barcode", "--format", fmt, "--module-size", module, "--output", path, code)

    return wallet, build(render, directory, CHOSEN)


def scanned(wallet, path):
    run = wallet.run("card", "scan", path, "--json", check=False)
    if run.returncode != 0:
        assert run.stderr.startswith("Error: no barcode found in"), run.stderr
        return []
    return json.loads(run.stdout)


def test_every_format_is_found_in_photos_and_no_text_is_wrong(photos):
    wallet, chosen = photos
    missed, wrong = [], []
    for fmt, effect, path, truth in chosen:
        found = scanned(wallet, path)
        wrong += [(fmt, effect, code["format"], code["text"]) for code in found
                  if (code["format"], code["text"]) not in truth or code["disputed"]]
        if not any(code["format"] == fmt and (fmt, code["text"]) in truth for code in found) and (fmt, effect) not in KNOWN_MISSES:
            missed.append((fmt, effect))
    assert not wrong, wrong
    assert not missed, missed
    assert {fmt for fmt, _, _, _ in chosen} == {fmt for fmt, _, _ in CODES}
    assert {effect for _, effect, _, _ in chosen} == set(EFFECTS)


def test_a_sliver_of_a_code_is_not_reported(wallet, tmp_path):
    """Three pixel rows of an EAN-13 (zbar and zxing-cpp 3.1 alone both report it) are not a code."""
    code = tmp_path / "ean13.png"
    wallet.run("barcode", "--format", "ean13", "--module-size", 3, "--output", code, "590123412345")
    with Image.open(code) as image:
        strip = image.convert("L").crop((0, 20, image.width, 23))
    sliver = Image.new("L", (strip.width + 100, 200), 255)
    sliver.paste(strip, (50, 100))
    sliver.save(tmp_path / "sliver.png")
    refused(wallet, "card", "scan", tmp_path / "sliver.png", fragment="no barcode found in")


def test_readers_that_disagree_store_nothing_and_list_what_they_saw(wallet, tmp_path):
    """An EAN-13 whose lower part carries another number (a relabelled product): each reader may
    take either; both readings are listed as disputed and `card add --scan` refuses."""
    halves = []
    for number in ("590123412345", "400638133393"):
        path = tmp_path / f"{number}.png"
        wallet.run("barcode", "--format", "ean13", "--module-size", 3, "--output", path, number)
        with Image.open(path) as image:
            halves.append(image.convert("L"))
    upper, lower = halves
    cut = upper.height * 55 // 100
    upper.paste(lower.crop((0, cut, lower.width, lower.height)), (0, cut))
    split = Image.new("L", (upper.width + 100, upper.height + 100), 255)
    split.paste(upper, (50, 50))
    split.save(tmp_path / "split.png")
    found = scanned(wallet, tmp_path / "split.png")
    assert sorted((code["format"], code["text"], code["disputed"]) for code in found) == [
        ("ean13", "4006381333931", True), ("ean13", "5901234123457", True)]
    line = refused(wallet, "card", "add", "--store", "Split", "--scan", tmp_path / "split.png",
                   fragment=f"the barcode readers disagree on {tmp_path / 'split.png'}: 1 ean13 ")
    assert '"4006381333931" (disputed)' in line and '"5901234123457" (disputed)' in line and "nothing stored" in line
    refused(wallet, "card", "add", "--store", "Split", "--scan", tmp_path / "split.png", "--pick", 1, fragment="disagree")
    assert json.loads(wallet.run("card", "list", "--json").stdout) == []
