"""Card art: a card's images (logo, icon, strip, thumbnail, front, back) and pass colors, taken in
from untrusted files (bounded, re-encoded), carried by imports and exports, and `--logo`."""
import base64
import hashlib
import io
import json
import os
import zipfile
import zlib

from PIL import Image

from conftest import Wallet, one_line_failure
from oracle import zxing_decode
from test_interop import write_zip

# One color per variant, so the stored pixels tell which variant was kept.
VARIANT_COLORS = {"": (255, 0, 0), "@2x": (0, 255, 0), "@3x": (0, 0, 255)}


def png_bytes(size, color, mode="RGB"):
    buffer = io.BytesIO()
    Image.new(mode, size, color).save(buffer, "PNG")
    return buffer.getvalue()


def jpeg_bytes(size, color):
    buffer = io.BytesIO()
    Image.new("RGB", size, color).save(buffer, "JPEG", quality=95)
    return buffer.getvalue()


def real_pkpass(path, pass_json, images):
    """A pass laid out as Apple's format has it: pass.json, its images, manifest.json (SHA-1 of
    every file) and a signature member."""
    files = {"pass.json": json.dumps(pass_json).encode(), **images}
    manifest = {name: hashlib.sha1(data).hexdigest() for name, data in files.items()}
    files["manifest.json"] = json.dumps(manifest).encode()
    files["signature"] = b"not checked"
    return write_zip(path, files)


def coffee_pass(**extra):
    return {"formatVersion": 1, "passTypeIdentifier": "pass.example.coffee", "serialNumber": "C-1",
            "organizationName": "Coffee House", "description": "Coffee card",
            "backgroundColor": "rgb(60, 30, 20)", "foregroundColor": "rgb(255, 255, 255)",
            "labelColor": "#aabbcc",
            "barcodes": [{"format": "PKBarcodeFormatQR", "message": "COFFEE-1", "messageEncoding": "iso-8859-1"}],
            **extra}


def logo_variants(base=(160, 50)):
    return {f"logo{suffix}.png": png_bytes((base[0] * scale, base[1] * scale), color)
            for scale, (suffix, color) in zip((1, 2, 3), VARIANT_COLORS.items())}


def exported_art(wallet, tmp_path, name="out.json"):
    """{store: {"foregroundColor", "labelColor", "images": {role: PIL image}}} from the wallet JSON export."""
    path = tmp_path / name
    wallet.run("card", "export", path)
    document = json.loads(path.read_text())
    stores = {card["id"]: card["store"] for card in document["cards"]}
    art = {}
    for entry in document.get("art", []):
        images = {image["role"]: Image.open(io.BytesIO(base64.b64decode(image["png"]))) for image in entry["images"]}
        for role, image in images.items():
            entry_image = next(i for i in entry["images"] if i["role"] == role)
            assert (entry_image["width"], entry_image["height"]) == image.size
        art[stores[entry["card"]]] = {"foregroundColor": entry["foregroundColor"], "labelColor": entry["labelColor"], "images": images}
    return art


def cards(wallet):
    return {card["store"]: card for card in json.loads(wallet.run("card", "list", "--json", "--archived").stdout)}


def test_pass_keeps_its_largest_logo_bounded_and_its_colors(wallet, tmp_path):
    images = {**logo_variants(base=(320, 100)),  # @3x is 960x300: over the 480x150 logo bound
              "icon.png": png_bytes((29, 29), (1, 2, 3)), "icon@2x.png": png_bytes((58, 58), (4, 5, 6)),
              "strip@2x.png": png_bytes((750, 246), (7, 8, 9)), "thumbnail.png": png_bytes((90, 90), (10, 11, 12))}
    path = real_pkpass(tmp_path / "coffee.pkpass", coffee_pass(), images)
    run = wallet.run("card", "import", path)
    assert "added 1" in run.stdout
    assert [line for line in run.stderr.splitlines() if "the pass is altered" not in line] == []  # its signature is a stand-in
    card = cards(wallet)["Coffee House"]
    assert card["logo"] is True
    show = wallet.run("card", "show", card["id"]).stdout
    assert "Art: logo, icon, strip, thumbnail; pass colors: foreground #FFFFFF, label #AABBCC" in show
    art = exported_art(wallet, tmp_path)["Coffee House"]
    assert (art["foregroundColor"], art["labelColor"]) == ("#FFFFFF", "#AABBCC")
    logo = art["images"]["logo"]
    assert logo.mode == "RGBA" and logo.size == (480, 150)
    assert logo.getpixel((240, 75)) == (0, 0, 255, 255)  # the @3x variant
    assert art["images"]["icon"].size == (58, 58) and art["images"]["icon"].getpixel((0, 0)) == (4, 5, 6, 255)
    assert art["images"]["strip"].size == (750, 246) and art["images"]["thumbnail"].size == (90, 90)


def test_a_broken_image_in_a_pass_warns_and_the_card_comes_in_without_it(wallet, tmp_path):
    images = {"logo@3x.png": b"this is not a PNG at all\n", "logo.png": png_bytes((160, 50), (255, 0, 0)),
              "icon.png": png_bytes((29, 29), (1, 2, 3))}
    path = real_pkpass(tmp_path / "broken.pkpass", coffee_pass(foregroundColor="bright"), images)
    run = wallet.run("card", "import", path)
    assert "added 1" in run.stdout
    assert "logo@3x.png is not a PNG or JPEG" in run.stderr and "without its logo" in run.stderr
    assert "foregroundColor bright is not a color" in run.stderr
    card = cards(wallet)["Coffee House"]
    assert card["logo"] is False
    art = exported_art(wallet, tmp_path)["Coffee House"]
    assert set(art["images"]) == {"icon"} and art["foregroundColor"] is None and art["labelColor"] == "#AABBCC"


def test_a_localized_pass_gives_the_logo_of_the_users_language(wallet, tmp_path):
    images = {**logo_variants(), "de.lproj/logo@2x.png": png_bytes((320, 100), (0, 128, 0)),
              "de.lproj/pass.strings": "\"x\" = \"y\";".encode("utf-16")}
    path = real_pkpass(tmp_path / "c.pkpass", coffee_pass(), images)
    wallet.run("card", "import", path, env={"LANGUAGE": "de_DE", "LC_ALL": "", "LANG": ""})
    other = Wallet(tmp_path / "other")
    other.run("card", "import", path, env={"LANGUAGE": "", "LC_ALL": "C", "LANG": ""})
    german = exported_art(wallet, tmp_path, "de.json")["Coffee House"]["images"]["logo"]
    assert german.size == (320, 100) and german.getpixel((0, 0)) == (0, 128, 0, 255)
    # No language matches: the pass's only folder is still its choice, as for its strings.
    assert exported_art(other, tmp_path, "c.json")["Coffee House"]["images"]["logo"].getpixel((0, 0)) == (0, 128, 0, 255)


def test_pkpasses_bundle_carries_each_passes_art(wallet, tmp_path):
    one = real_pkpass(tmp_path / "1.pkpass", coffee_pass(), logo_variants()).read_bytes()
    two = real_pkpass(tmp_path / "2.pkpass", coffee_pass(organizationName="Tea Room", serialNumber="T-1"),
                      {"logo@2x.png": png_bytes((320, 100), (9, 9, 9))}).read_bytes()
    bundle = write_zip(tmp_path / "both.pkpasses", {"1.pkpass": one, "2.pkpass": two})
    wallet.run("card", "import", bundle)
    art = exported_art(wallet, tmp_path)
    assert art["Coffee House"]["images"]["logo"].getpixel((0, 0)) == (0, 0, 255, 255)
    assert art["Tea Room"]["images"]["logo"].size == (320, 100)


def catima_zip(path, images):
    csv = ("2\n\n_id\n\n_id,store,note,validfrom,expiry,balance,balancetype,cardid,barcodeid,barcodetype,"
           "barcodeencoding,headercolor,starstatus,lastused,archive\n"
           "1,Bakery,,,,0,,B-1,,QR_CODE,,-16776961,0,0,0\n"
           "2,Books,,,,0,,K-2,,CODE_128,,-65536,0,0,0\n\ncardId,groupId\n")
    return write_zip(path, {"catima.csv": csv, **images})


def test_catima_zip_images_survive_export_and_reimport(wallet, tmp_path):
    front = Image.effect_noise((1600, 1000), 60).convert("RGB")  # detail, scaled to 1200 wide
    buffer = io.BytesIO()
    front.save(buffer, "PNG")
    source = catima_zip(tmp_path / "catima.zip", {
        "card_1_front.png": buffer.getvalue(), "card_1_back.png": jpeg_bytes((600, 380), (20, 120, 220)),
        "card_1_icon.png": png_bytes((200, 200), (0, 128, 0, 128), mode="RGBA"),
        "card_2_back.png": b"\x89PNG\r\n\x1a\n truncated"})
    run = wallet.run("card", "import", source)
    assert "added 2" in run.stdout and "card_2_back.png" in run.stderr
    first = exported_art(wallet, tmp_path, "first.json")
    assert set(first) == {"Bakery"}
    bakery = first["Bakery"]["images"]
    assert bakery["front"].size == (1200, 750) and bakery["back"].size == (600, 380) and bakery["icon"].size == (87, 87)
    assert cards(wallet)["Bakery"]["logo"] is False

    exported = tmp_path / "again.zip"
    wallet.run("card", "export", exported)
    with zipfile.ZipFile(exported) as archive:
        names = set(archive.namelist())
    assert {"catima.csv", "card_1_front.png", "card_1_back.png", "card_1_icon.png"} <= names

    other = Wallet(tmp_path / "other")
    other.run("card", "import", exported)
    second = exported_art(other, tmp_path, "second.json")
    for role, image in bakery.items():
        again = second["Bakery"]["images"][role]
        assert again.size == image.size and again.tobytes() == image.tobytes(), role


def test_wallet_json_round_trip_keeps_images_and_colors(wallet, tmp_path):
    wallet.run("card", "import", real_pkpass(tmp_path / "c.pkpass", coffee_pass(), logo_variants()))
    exported = tmp_path / "wallet.json"
    wallet.run("card", "export", exported)
    other = Wallet(tmp_path / "other")
    other.run("card", "import", exported)
    again = tmp_path / "again.json"
    other.run("card", "export", again)
    assert json.loads(exported.read_text())["art"] == json.loads(again.read_text())["art"]
    assert cards(other)["Coffee House"]["logo"] is True


def test_a_bad_image_in_wallet_json_imports_nothing(wallet, tmp_path):
    wallet.run("card", "import", real_pkpass(tmp_path / "c.pkpass", coffee_pass(), logo_variants()))
    exported = tmp_path / "wallet.json"
    wallet.run("card", "export", exported)
    document = json.loads(exported.read_text())
    document["art"][0]["images"][0]["png"] = base64.b64encode(b"GIF89a not really").decode()
    exported.write_text(json.dumps(document))
    other = Wallet(tmp_path / "other")
    line = one_line_failure(other.run("card", "import", exported, check=False))
    assert "art[0].images[0].png" in line and "not a PNG or JPEG" in line
    assert json.loads(other.run("card", "list", "--json").stdout) == []


def test_logo_option_takes_png_and_jpeg_and_none(wallet, tmp_path):
    (tmp_path / "wide.png").write_bytes(png_bytes((1000, 100), (200, 10, 10, 255), mode="RGBA"))
    (tmp_path / "logo.jpg").write_bytes(jpeg_bytes((300, 120), (10, 10, 200)))
    card = wallet.run("card", "add", "--store", "Shop", "--code", "1", "--logo", tmp_path / "wide.png").stdout.strip()
    assert cards(wallet)["Shop"]["logo"] is True
    assert exported_art(wallet, tmp_path)["Shop"]["images"]["logo"].size == (480, 48)
    wallet.run("card", "edit", card, "--logo", tmp_path / "logo.jpg")
    logo = exported_art(wallet, tmp_path)["Shop"]["images"]["logo"]
    assert logo.size == (300, 120) and logo.mode == "RGBA"
    assert all(abs(a - b) <= 3 for a, b in zip(logo.getpixel((150, 60)), (10, 10, 200, 255)))
    link = tmp_path / "link.png"
    link.symlink_to(tmp_path / "wide.png")
    wallet.run("card", "edit", card, "--logo", link)
    assert exported_art(wallet, tmp_path)["Shop"]["images"]["logo"].size == (480, 48)
    wallet.run("card", "edit", card, "--logo", "none")
    assert cards(wallet)["Shop"]["logo"] is False
    assert "Art:" not in wallet.run("card", "show", card).stdout


def test_bad_logo_files_are_one_line_errors_and_change_nothing(wallet, tmp_path):
    card = wallet.run("card", "add", "--store", "Shop", "--code", "1").stdout.strip()
    good = png_bytes((200, 60), (1, 2, 3))
    (tmp_path / "cut.png").write_bytes(good[: len(good) // 2])
    huge = bytearray(png_bytes((10, 10), (1, 2, 3)))
    huge[16:24] = (10000).to_bytes(4, "big") * 2  # IHDR says 10000x10000: 100 megapixels,
    huge[29:33] = zlib.crc32(bytes(huge[12:29])).to_bytes(4, "big")  # with a valid CRC
    (tmp_path / "huge.png").write_bytes(bytes(huge))
    (tmp_path / "notes.png").write_text("shopping list\n")
    (tmp_path / "dangling.png").symlink_to(tmp_path / "nowhere.png")
    (tmp_path / "dir.png").mkdir()
    before = wallet.run("card", "list", "--json").stdout
    cases = {
        "cut.png": "is a damaged PNG",
        "huge.png": "is 10000x10000, over the 40-megapixel limit",
        "notes.png": "is not a PNG or JPEG",
        "dangling.png": "cannot read image",
        "dir.png": "is not a regular file",
        "missing.png": "cannot read image",
    }
    for name, fragment in cases.items():
        path = tmp_path / name
        for args in (["card", "edit", card, "--logo", path], ["card", "add", "--store", "New", "--code", "2", "--logo", path]):
            line = one_line_failure(wallet.run(*args, check=False))
            assert line.startswith("Error: ") and str(path) in line and fragment in line, line
    assert wallet.run("card", "list", "--json").stdout == before


def test_widget_render_works_for_a_card_with_a_logo(wallet, tmp_path):
    (tmp_path / "logo.png").write_bytes(png_bytes((480, 150), (0, 90, 200)))
    card = wallet.run("card", "add", "--store", "Logo Shop", "--code", "LOGO-42", "--format", "qr",
                      "--logo", tmp_path / "logo.png").stdout.strip()
    widget = wallet.run("widget", "add", "--family", "small", "--cards", card).stdout.strip()
    out = tmp_path / "small.png"
    wallet.run("widget", "render", widget, "--output", out, "--scale", "3")
    assert [(d.format, d.text) for d in zxing_decode(out)] == [("QRCode", "LOGO-42")]


def loaded_libraries(wallet, *args):
    """The shared objects the dynamic loader opened while `wallet args` ran (LD_DEBUG=files)."""
    run = wallet.run(*args, env={"LD_DEBUG": "files"})
    return run, {line.split("file=")[1].split()[0] for line in run.stderr.splitlines() if "file=" in line}


def test_gdk_pixbuf_is_loaded_only_when_an_image_is_taken_in(wallet, tmp_path):
    (tmp_path / "logo.png").write_bytes(png_bytes((100, 40), (1, 2, 3)))
    _, plain = loaded_libraries(wallet, "card", "add", "--store", "Plain", "--code", "1", "--format", "qr")
    run, with_logo = loaded_libraries(wallet, "card", "add", "--store", "Art", "--code", "2", "--logo", tmp_path / "logo.png")
    card = run.stdout.strip().splitlines()[-1]
    widget = wallet.run("widget", "add", "--family", "small", "--cards", card).stdout.strip()
    _, render = loaded_libraries(wallet, "widget", "render", widget, "--output", tmp_path / "w.png")
    _, listing = loaded_libraries(wallet, "card", "list", "--json")
    assert any("libgdk_pixbuf" in name for name in with_logo), with_logo
    for libraries in (plain, render, listing):
        assert not any("libgdk_pixbuf" in name for name in libraries), libraries
    assert os.path.exists(tmp_path / "w.png")
