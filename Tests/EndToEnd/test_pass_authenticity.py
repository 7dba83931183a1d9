"""Real passes from other projects' test suites (real_passes/SOURCES.md) and tampered copies of
them are imported as a new user would, each with the authenticity an independent check expects:
the manifest's SHA-1 digests computed here with hashlib, the signature checked by the `openssl
cms` command against Apple's root (the certificate file from walt-passes-android, not the
wallet's bundled copy). A pass that is not verified is kept with a one-line warning; a bundle
brings every pass it can."""
import hashlib
import io
import json
import re
import subprocess
import zipfile
from pathlib import Path

import pytest

from oracle import zxing_decode
from test_interop import all_cards, write_zip

REAL = Path(__file__).parent / "real_passes"
PASSES = sorted(REAL.glob("*.pkpass"))
APPLE_ROOT_CA_SHA256 = "b0b1730ecbc7ff4505142c49f1295e6eda6bcaed7e2c68c5be91b5a11001f024"
APPLE_WWDR_G4_SHA256 = "ea4757885538dd8cb59ff4556f676087d83c85e70902c122e42c0808b5bce14c"


def members(path):
    with zipfile.ZipFile(path) as archive:
        return {name: archive.read(name) for name in archive.namelist() if not name.endswith("/")}


def openssl(*arguments, data=None):
    return subprocess.run(["openssl", *map(str, arguments)], input=data, capture_output=True)


def signing_time(signature_path):
    """The signature's signingTime as openssl prints it, for `-attime`."""
    printed = openssl("cms", "-cmsout", "-print", "-inform", "DER", "-in", signature_path).stdout.decode()
    match = re.search(r"signingTime.*?(?:UTCTIME|GENERALIZEDTIME):(\w+ +\d+ [\d:]+ \d+ GMT)", printed, re.S)
    if not match:
        return None
    from datetime import datetime, timezone
    when = datetime.strptime(re.sub(" +", " ", match.group(1)), "%b %d %H:%M:%S %Y GMT")
    return int(when.replace(tzinfo=timezone.utc).timestamp())


def pem(tmp_path, name, der):
    path = tmp_path / f"{name}.pem"
    path.write_bytes(openssl("x509", "-inform", "DER", data=der).stdout)
    return path


def apple_root_pem(tmp_path):
    """Apple Root CA as PEM, from another project's copy (apple_root.py), not the wallet's."""
    from apple_root import APPLE_ROOT_CA_DER
    assert hashlib.sha256(APPLE_ROOT_CA_DER).hexdigest() == APPLE_ROOT_CA_SHA256
    return pem(tmp_path, "apple-root", APPLE_ROOT_CA_DER)


def wwdr_g4_pem(tmp_path):
    """Apple's WWDR G4 intermediate (a real pass here signs under G4 but embeds the older WWDR)."""
    from apple_root import APPLE_WWDR_G4_DER
    assert hashlib.sha256(APPLE_WWDR_G4_DER).hexdigest() == APPLE_WWDR_G4_SHA256
    return pem(tmp_path, "wwdr-g4", APPLE_WWDR_G4_DER)


def expected_state(path, tmp_path):
    """What the independent check says of the pass at `path`."""
    files = members(path)
    if "manifest.json" not in files:
        return "unsigned"
    try:
        digests = json.loads(files["manifest.json"])
    except ValueError:
        return "altered"
    listed = {name for name in files if name not in ("manifest.json", "signature")}
    if set(digests) != listed or any(hashlib.sha1(files[n]).hexdigest() != digests[n].lower() for n in listed):
        return "altered"
    if "signature" not in files:
        return "unsigned"
    folder = tmp_path / f"check-{path.stem}"
    folder.mkdir(exist_ok=True)
    (folder / "manifest.json").write_bytes(files["manifest.json"])
    (folder / "signature").write_bytes(files["signature"])
    base = ["cms", "-verify", "-binary", "-inform", "DER", "-in", folder / "signature",
            "-content", folder / "manifest.json", "-out", "/dev/null"]
    if openssl(*base, "-noverify").returncode != 0:
        return "altered"
    when = signing_time(folder / "signature")
    anchors = tmp_path / "apple.pem"  # without partial chains, G4 is trusted only through the root
    anchors.write_bytes(apple_root_pem(tmp_path).read_bytes() + wwdr_g4_pem(tmp_path).read_bytes())
    chained = openssl(*base, "-CAfile", anchors, "-purpose", "any", "-auth_level", "0",
                      *(["-attime", when] if when else [])).returncode == 0
    signer = openssl("pkcs7", "-inform", "DER", "-in", folder / "signature", "-print_certs", "-noout").stdout.decode()
    pass_json = json.loads(files["pass.json"])
    names = f"UID = {pass_json.get('passTypeIdentifier')},", f"OU = {pass_json.get('teamIdentifier')},"
    matches = any(all(name in line for name in names) for line in signer.splitlines())
    return "verified" if chained and matches else "untrusted"


def import_pass(wallet, path):
    run = wallet.run("card", "import", path)
    return run.stdout.strip(), run.stderr


@pytest.mark.parametrize("path", PASSES, ids=[p.name for p in PASSES])
def test_real_pass_imports_with_the_independent_verdict(wallet, tmp_path, path):
    expected = expected_state(path, tmp_path)
    summary, stderr = import_pass(wallet, path)
    assert summary == "added 1, skipped 0"
    (card,) = all_cards(wallet).values()
    assert card["authenticity"]["state"] == expected, card["authenticity"]
    warnings = [line for line in stderr.splitlines() if "the pass is" in line]
    if expected == "verified":
        assert warnings == [] and card["authenticity"]["reason"] is None
    else:
        assert len(warnings) == 1 and f"the pass is {expected}: " in warnings[0] and "imported anyway" in warnings[0]
    shown = wallet.run("card", "show", card["id"]).stdout
    assert f"Pass: {expected}" in shown
    if card["format"]:
        png = tmp_path / "code.png"
        wallet.run("card", "show", card["id"], "--png", png)
        assert [d.text for d in zxing_decode(png)] == [card["barcodeValue"] or card["code"]]


def test_skyport_coupon_is_verified_with_its_signer(wallet, tmp_path):
    path = REAL / "skyport-coupon.pkpass"
    assert expected_state(path, tmp_path) == "verified"
    import_pass(wallet, path)
    authenticity = all_cards(wallet)["Skyport Airways"]["authenticity"]
    assert authenticity == {"state": "verified", "organization": "Ben Ku", "teamIdentifier": "3QPV894C33",
                            "signedAt": authenticity["signedAt"], "reason": None}
    assert authenticity["signedAt"] == "2022-12-01T16:56:46Z"


def tampered(tmp_path, name, change):
    """A copy of the signed Skyport coupon with `change(files)` applied."""
    files = members(REAL / "skyport-coupon.pkpass")
    change(files)
    return write_zip(tmp_path / name, files)


def edit_pass_json(files):
    files["pass.json"] = files["pass.json"].replace(b"Skyport Airways", b"Skyport Airwayz", 1)


def edit_pass_json_and_manifest(files):
    edit_pass_json(files)
    manifest = json.loads(files["manifest.json"])
    manifest["pass.json"] = hashlib.sha1(files["pass.json"]).hexdigest()
    files["manifest.json"] = json.dumps(manifest).encode()


def other_signature(files):
    files["signature"] = (REAL / "tixly-signature" / "signature").read_bytes()


def truncated_signature(files):
    files["signature"] = files["signature"][: len(files["signature"]) // 2]


@pytest.mark.parametrize("change, reason", [
    (edit_pass_json, "pass.json does not match its SHA-1 digest in manifest.json"),
    (edit_pass_json_and_manifest, "the signature does not match manifest.json"),
    (other_signature, "the signature does not match manifest.json"),
    (truncated_signature, "the signature is not a CMS signed-data structure"),
])
def test_tampered_copies_are_kept_as_altered(wallet, tmp_path, change, reason):
    path = tampered(tmp_path, f"{change.__name__}.pkpass", change)
    assert expected_state(path, tmp_path) == "altered"
    summary, stderr = import_pass(wallet, path)
    assert summary == "added 1, skipped 0"
    (card,) = all_cards(wallet).values()
    assert card["authenticity"]["state"] == "altered"
    assert card["authenticity"]["reason"].startswith(reason)
    assert [line for line in stderr.splitlines() if "the pass is altered" in line] != []


def test_pass_signed_by_an_unknown_root_is_untrusted(wallet, tmp_path):
    """A CA of the test's own (openssl) signs a copy of the coupon with a proper UID and team."""
    for command in (["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=Own Root",
                     "-keyout", tmp_path / "ca.key", "-out", tmp_path / "ca.pem"],
                    ["req", "-new", "-newkey", "rsa:2048", "-nodes", "-keyout", tmp_path / "pass.key",
                     "-out", tmp_path / "pass.csr", "-subj",
                     "/UID=pass.com.kudit.generic/CN=Pass Type ID: pass.com.kudit.generic/OU=3QPV894C33/O=Not Ben/C=US"],
                    ["x509", "-req", "-in", tmp_path / "pass.csr", "-CA", tmp_path / "ca.pem", "-CAkey",
                     tmp_path / "ca.key", "-CAcreateserial", "-days", "2", "-out", tmp_path / "pass.pem"]):
        assert openssl(*command).returncode == 0

    def resign(files):
        (tmp_path / "manifest.json").write_bytes(files["manifest.json"])
        signed = openssl("cms", "-sign", "-binary", "-in", tmp_path / "manifest.json", "-signer", tmp_path / "pass.pem",
                         "-inkey", tmp_path / "pass.key", "-outform", "DER")
        files["signature"] = signed.stdout

    path = tampered(tmp_path, "resigned.pkpass", resign)
    assert expected_state(path, tmp_path) == "untrusted"
    import_pass(wallet, path)
    authenticity = all_cards(wallet)["Skyport Airways"]["authenticity"]
    assert (authenticity["state"], authenticity["organization"], authenticity["teamIdentifier"]) == (
        "untrusted", "Not Ben", "3QPV894C33")
    assert authenticity["reason"] == (
        "the signer certificate does not chain to Apple's root: unable to get local issuer certificate")


def test_bundle_of_two_real_passes_brings_both_and_leaves_out_a_broken_one(wallet, tmp_path):
    bundle = write_zip(tmp_path / "trip.pkpasses", {
        "coupon.pkpass": (REAL / "skyport-coupon.pkpass").read_bytes(),
        "united.pkpass": (REAL / "kde-united-scrubbed.pkpass").read_bytes(),
        "broken.pkpass": b"PK\x03\x04 not a zip"})
    run = wallet.run("card", "import", bundle)
    assert run.stdout.strip() == "added 2, skipped 0"
    assert any("broken.pkpass" in line and "that pass was left out" in line for line in run.stderr.splitlines())
    cards = all_cards(wallet)
    assert cards["Skyport Airways"]["authenticity"]["state"] == "verified"
    assert cards["United Airlines"]["authenticity"]["state"] == "unsigned"


def test_bundle_of_one_pass_in_two_format_versions_reads_both_and_keeps_one(wallet, tmp_path):
    """KDE's v1 and v2 boarding passes are one pass (same serial, type and barcode): both are
    read (neither is refused for its missing manifest), the second is the first's duplicate."""
    bundle = write_zip(tmp_path / "kde.pkpasses", {
        "v1.pkpass": (REAL / "kde-boardingpass-v1.pkpass").read_bytes(),
        "v2.pkpass": (REAL / "kde-boardingpass-v2.pkpass").read_bytes()})
    run = wallet.run("card", "import", bundle)
    assert run.stdout.strip() == "added 1, skipped 1"
    assert [line.count("the pass is unsigned") for line in run.stderr.splitlines()] == [1, 1]
    (card,) = all_cards(wallet).values()
    assert card["authenticity"]["state"] == "unsigned"


def test_control_character_in_a_location_text_drops_that_text_with_a_warning(wallet, tmp_path):
    def escape_in_location(files):
        pass_json = json.loads(files["pass.json"])
        pass_json["locations"] = [{"latitude": 37.6, "longitude": -122.4, "relevantText": "Gate \x1b[31m12"},
                                  {"latitude": 40.6, "longitude": -73.8, "relevantText": "Welcome"}]
        files["pass.json"] = json.dumps(pass_json).encode()
    path = tampered(tmp_path, "escape.pkpass", escape_in_location)
    summary, stderr = import_pass(wallet, path)
    assert summary == "added 1, skipped 0"
    assert any("pass location relevantText contains the control character U+001B: that text was left out" in line
               for line in stderr.splitlines())
    card = all_cards(wallet)["Skyport Airways"]
    assert card["authenticity"]["state"] == "altered"


def test_issuer_updates_must_keep_the_signer_of_the_pass_they_replace(wallet, tmp_path):
    """Each card's issuer answers with a new version: signed by the same test certificate (applied),
    by another team's, for another pass type, unsigned, or altered (each refused, logged to the
    issuer, the card unchanged)."""
    from test_interop import PassSigner, pkpass
    from test_live_failures import TYPE, pass_json, serving

    own = PassSigner(tmp_path / "own", TYPE, "TEAMOWN123")
    other_team = PassSigner(tmp_path / "team", TYPE, "TEAMOTHER1")
    other_type = PassSigner(tmp_path / "type", "pass.example.other", "TEAMOWN123")
    updates = {}

    def behave(handler):
        if handler.command == "POST":
            return handler.reply(200 if handler.path == "/v1/log" else 201)
        if "/registrations/" in handler.path:
            return handler.reply(404)
        handler.reply(200, updates[handler.path.rsplit("/", 1)[-1]])

    with serving("127.0.0.1", behave) as issuer:
        kinds = ["same", "team", "type", "unsigned", "altered"]
        for kind in kinds:
            wallet.run("card", "import", own.sign(pkpass(tmp_path / f"{kind}.pkpass", pass_json(kind, issuer.url))))
            new = pkpass(tmp_path / f"new-{kind}.pkpass", pass_json(kind, issuer.url, balance=2))
            if kind == "unsigned":
                with zipfile.ZipFile(new) as archive:
                    files = {name: archive.read(name) for name in archive.namelist() if name != "signature"}
                new = write_zip(new, files)
            else:
                new = {"team": other_team, "type": other_type}.get(kind, own).sign(new)
            if kind == "altered":
                files = members(new)
                files["pass.json"] = files["pass.json"].replace(b'"value": 2', b'"value": 9')
                new = write_zip(new, files)
            updates[kind] = new.read_bytes()
        before = all_cards(wallet)
        assert {card["authenticity"]["state"] for card in before.values()} == {"untrusted"}
        run = wallet.run("card", "update", "--all", "--json", check=False)
        outcomes = {outcome["store"].removeprefix("Shop "): outcome for outcome in json.loads(run.stdout)}
        assert outcomes["same"]["status"] == "changed"
        reasons = {kind: outcomes[kind]["reason"] for kind in kinds[1:]}
        assert "the update is signed by team TEAMOTHER1, not TEAMOWN123" in reasons["team"]
        assert f"the update is signed for pass type pass.example.other, not {TYPE}" in reasons["type"]
        assert "the update is unsigned: the pass has no signature" in reasons["unsigned"]
        assert "the update is altered: pass.json does not match its SHA-1 digest" in reasons["altered"]
        after = all_cards(wallet)
        assert after["Shop same"]["balance"] == "2"
        for kind in kinds[1:]:
            assert after[f"Shop {kind}"] == before[f"Shop {kind}"], kind
        logged = [path for method, path, _ in issuer.seen if method == "POST" and path == "/v1/log"]
        assert len(logged) == 4


def test_libcrypto_is_loaded_only_to_check_a_signature(wallet, tmp_path):
    """OpenSSL's libcrypto is opened on demand: not linked, not loaded by `--help`, a card list or
    an unsigned pass's import, loaded by a signed pass's import."""
    from test_live_failures import loaded_libraries
    from conftest import WALLET_BIN
    linked = subprocess.run(["ldd", WALLET_BIN], capture_output=True, text=True, check=True).stdout
    assert "libcrypto" not in linked
    assert "libcrypto" not in loaded_libraries(wallet, "--help")
    assert "libcrypto" not in loaded_libraries(wallet, "card", "import", REAL / "kde-united-scrubbed.pkpass")
    assert "libcrypto" not in loaded_libraries(wallet, "card", "list", "--json")
    assert "libcrypto.so.3" in loaded_libraries(wallet, "card", "import", REAL / "skyport-coupon.pkpass")


def test_widget_layout_report_names_each_shown_cards_authenticity(wallet, tmp_path):
    import_pass(wallet, REAL / "skyport-coupon.pkpass")
    import_pass(wallet, REAL / "kde-united-scrubbed.pkpass")
    plain = wallet.run("card", "add", "--store", "Gym", "--code", "12345").stdout.strip()
    cards = all_cards(wallet)
    shown = [cards["Skyport Airways"]["id"], cards["United Airlines"]["id"], plain]
    widget = wallet.run("widget", "add", "--family", "large", "--cards", ",".join(shown)).stdout.strip()
    layout = tmp_path / "layout.json"
    wallet.run("widget", "render", widget, "--output", tmp_path / "w.png", "--layout", layout)
    report = json.loads(layout.read_text())
    by_store = {card["store"]: card for card in report["cards"]}
    assert [card["id"] for card in report["cards"]] == shown
    assert by_store["Skyport Airways"]["authenticity"] == cards["Skyport Airways"]["authenticity"]
    assert by_store["Skyport Airways"]["authenticity"]["state"] == "verified"
    assert by_store["United Airlines"]["authenticity"]["state"] == "unsigned"
    assert by_store["Gym"]["authenticity"] is None


def test_bundle_leaves_out_a_pass_the_card_rules_refuse_and_keeps_the_others(wallet, tmp_path):
    from test_interop import pkpass
    good = pkpass(tmp_path / "good.pkpass", {"logoText": "Good", "barcodes": [{"format": "PKBarcodeFormatQR",
                                                                                 "message": "G-1"}]})
    evil = pkpass(tmp_path / "evil.pkpass", {"logoText": "Ev\u001bil", "barcodes": [{"format": "PKBarcodeFormatQR",
                                                                                      "message": "E-1"}]})
    bundle = write_zip(tmp_path / "mixed.pkpasses", {"good.pkpass": good.read_bytes(), "evil.pkpass": evil.read_bytes()})
    run = wallet.run("card", "import", bundle)
    assert run.stdout.strip() == "added 1, skipped 0"
    assert any("evil.pkpass: store name contains the control character U+001B" in line and "left out" in line
               for line in run.stderr.splitlines())
    assert "\x1b" not in run.stderr
    assert list(all_cards(wallet)) == ["Good"]
