"""End-to-end checks of `card import --password` on password-protected Catima zips, written by
independent zip writers: pyzipper (WinZip AES-256, AE-2, as Catima's zip4j writes) and Info-ZIP's
`zip -e` (traditional ZipCrypto)."""
import struct
import subprocess
import zipfile

import pyzipper
import pytest

from oracle import as_decoded, zxing_decode
from test_card_art import png_bytes
from test_interop import all_cards, catima_v2, write_zip

PASSWORD = "s3cret pässword"
CARDS_IN_FIXTURE = 14


def aes_zip(path, files, password=PASSWORD, compression=pyzipper.ZIP_DEFLATED):
    with pyzipper.AESZipFile(path, "w", compression=compression, encryption=pyzipper.WZ_AES) as archive:
        archive.setpassword(password.encode())
        archive.setencryption(pyzipper.WZ_AES, nbits=256)
        for name, content in files.items():
            archive.writestr(name, content)
    return path


def zipcrypto_zip(path, csv_text, password=PASSWORD):
    member = path.parent / "catima.csv"
    member.write_text(csv_text)
    subprocess.run(["zip", "-q", "-j", "-e", "-P", password, str(path), str(member)], check=True)
    member.unlink()
    return path


def declare_size(path, size):
    """Rewrites the uncompressed size the only member declares, in its local header and in the
    central directory: the data (and AES's authentication code over it) stays as it was."""
    data = bytearray(path.read_bytes())
    struct.pack_into("<I", data, 22, size)
    central = data.rindex(b"PK\x01\x02")
    struct.pack_into("<I", data, central + 24, size)
    path.write_bytes(bytes(data))


def zipcrypto_password_passing_the_check_byte(path):
    """A wrong password that ZipCrypto's one-byte check accepts (about 1 in 256), found with
    Python's own zipfile, which performs the same check."""
    with zipfile.ZipFile(path) as archive:
        for attempt in range(100_000):
            candidate = f"wrong{attempt}"
            try:
                archive.read("catima.csv", pwd=candidate.encode())
            except RuntimeError as error:
                if "password" in str(error).lower():
                    continue
                return candidate
            except Exception:
                return candidate
    raise AssertionError("no wrong password passed the check byte")


def refused(wallet, path, *args, env=None):
    run = wallet.run("card", "import", path, *args, check=False, env=env)
    assert run.returncode != 0 and run.stdout == ""
    assert len(run.stderr.strip().splitlines()) == 1, run.stderr
    assert all_cards(wallet) == {}
    return run.stderr


def test_aes_256_zip_imports_every_card_and_its_barcodes_decode(wallet, tmp_path):
    path = aes_zip(tmp_path / "catima.zip", {"catima.csv": catima_v2(), "card_1_front.png": png_bytes((8, 8), (1, 2, 3))})
    run = wallet.run("card", "import", path, "--password", PASSWORD)
    assert (run.stdout.strip(), run.stderr) == (f"added {CARDS_IN_FIXTURE}, skipped 0", "")
    cards = all_cards(wallet)
    assert "Art: front" in wallet.run("card", "show", cards["QR Store"]["id"]).stdout  # an encrypted member's image
    assert len(cards) == CARDS_IN_FIXTURE
    for store, fmt in (("QR Store", "qr"), ("Store 8", "ean13")):
        card = cards[store]
        png = tmp_path / f"{card['id']}.png"
        wallet.run("card", "show", card["id"], "--png", png)
        expected = card["barcodeValue"] or card["code"]
        assert [d.text for d in zxing_decode(png)] == [as_decoded(fmt, expected)]


def test_zipcrypto_zip_imports_the_same_cards_as_the_plain_zip(wallet, tmp_path):
    path = zipcrypto_zip(tmp_path / "locked.zip", catima_v2())
    assert wallet.run("card", "import", path, "--password", PASSWORD).stdout.strip() == f"added {CARDS_IN_FIXTURE}, skipped 0"
    locked = all_cards(wallet)
    wallet.run("card", "import", write_zip(tmp_path / "plain.zip", {"catima.csv": catima_v2()}))
    assert all_cards(wallet) == locked


def test_encrypted_fidme_export_imports_its_cards(wallet, tmp_path):
    csv_text = ("Retailer;Program;Added At;Reference;Firstname;Lastname\r\n"
                "Carrefour;Carte PASS;2021-03-04 10:11:12 UTC;9130000012345;Marie;Curie\r\n")
    path = aes_zip(tmp_path / "fidme.zip", {"loyalty_programs.csv": csv_text})
    assert wallet.run("card", "import", path, "--password", PASSWORD).stdout.strip() == "added 1, skipped 0"
    assert all_cards(wallet)["Carrefour"]["code"] == "9130000012345"


def test_password_from_a_file_or_the_environment(wallet, tmp_path):
    path = aes_zip(tmp_path / "catima.zip", {"catima.csv": catima_v2()})
    password_file = tmp_path / "password"
    password_file.write_text(PASSWORD + "\n")
    assert wallet.run("card", "import", path, "--password-file", password_file).stdout.strip() == \
        f"added {CARDS_IN_FIXTURE}, skipped 0"
    run = wallet.run("card", "import", path, env={"WALLET_ZIP_PASSWORD": PASSWORD})
    assert run.stdout.strip() == f"added 0, skipped {CARDS_IN_FIXTURE}"
    both = wallet.run("card", "import", path, "--password", "x", "--password-file", password_file, check=False)
    assert both.returncode != 0 and "not both" in both.stderr
    (tmp_path / "empty").write_text("\n")
    for bad, fragment in ((tmp_path / "missing", "cannot read the password file"), (tmp_path / "empty", "empty first line")):
        run = wallet.run("card", "import", path, "--password-file", bad, check=False)
        assert run.returncode != 0 and fragment in run.stderr and len(run.stderr.splitlines()) == 1


@pytest.mark.parametrize("method", ["aes", "zipcrypto"])
def test_missing_password_is_refused_naming_the_option(wallet, tmp_path, method):
    path = tmp_path / "locked.zip"
    aes_zip(path, {"catima.csv": catima_v2()}) if method == "aes" else zipcrypto_zip(path, catima_v2())
    stderr = refused(wallet, path)
    assert "encrypted" in stderr and "--password" in stderr


@pytest.mark.parametrize("method", ["aes", "zipcrypto"])
def test_wrong_password_is_refused(wallet, tmp_path, method):
    path = tmp_path / "locked.zip"
    aes_zip(path, {"catima.csv": catima_v2()}) if method == "aes" else zipcrypto_zip(path, catima_v2())
    stderr = refused(wallet, path, "--password", "not it")
    assert stderr.startswith(f"Error: wrong password for {path}: catima.csv: ") and "Wrong password" in stderr


def test_zipcrypto_wrong_password_past_the_check_byte_says_probably_wrong(wallet, tmp_path):
    path = zipcrypto_zip(tmp_path / "locked.zip", catima_v2())
    stderr = refused(wallet, path, "--password", zipcrypto_password_passing_the_check_byte(path))
    assert stderr.startswith(f"Error: wrong password for {path}: ") and "probably wrong" in stderr


def test_stored_aes_member_libzip_cannot_verify_is_refused_as_unsupported(wallet, tmp_path):
    path = aes_zip(tmp_path / "stored.zip", {"catima.csv": catima_v2()}, compression=pyzipper.ZIP_STORED)
    stderr = refused(wallet, path, "--password", PASSWORD)
    assert stderr.startswith(f"Error: cannot import {path}: catima.csv: encrypted in a way this wallet cannot decrypt")


@pytest.mark.parametrize("method", ["aes", "zipcrypto"])
def test_member_inflating_past_its_declared_size_is_stopped(wallet, tmp_path, method):
    csv_text = catima_v2() + "\n" * 200_000
    path = tmp_path / "lying.zip"
    aes_zip(path, {"catima.csv": csv_text}) if method == "aes" else zipcrypto_zip(path, csv_text)
    declare_size(path, 100)
    stderr = refused(wallet, path, "--password", PASSWORD)
    assert "catima.csv inflates to more than the 100 bytes it declares" in stderr


def test_member_declaring_more_than_the_cap_is_refused_before_it_is_read(wallet, tmp_path):
    path = aes_zip(tmp_path / "bomb.zip", {"catima.csv": b"\0" * (64 * 1024 * 1024 + 1)})
    stderr = refused(wallet, path, "--password", PASSWORD)
    assert "over the 64 MB limit" in stderr


@pytest.mark.parametrize("method", ["aes", "zipcrypto"])
def test_truncated_encrypted_zip_is_refused(wallet, tmp_path, method):
    path = tmp_path / "cut.zip"
    aes_zip(path, {"catima.csv": catima_v2()}) if method == "aes" else zipcrypto_zip(path, catima_v2())
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])
    assert "not a readable zip" in refused(wallet, path, "--password", PASSWORD)


def test_password_for_a_plain_zip_imports_it_with_a_warning(wallet, tmp_path):
    path = write_zip(tmp_path / "plain.zip", {"catima.csv": catima_v2()})
    run = wallet.run("card", "import", path, "--password", PASSWORD)
    assert run.stdout.strip() == f"added {CARDS_IN_FIXTURE}, skipped 0"
    assert run.stderr == f"warning: {path}: the file is not password-protected: the password was not needed\n"
    quiet = wallet.run("card", "import", path, env={"WALLET_ZIP_PASSWORD": PASSWORD})
    assert (quiet.stdout.strip(), quiet.stderr) == (f"added 0, skipped {CARDS_IN_FIXTURE}", "")


def test_libzip_is_loaded_only_for_a_password(wallet, tmp_path):
    """libzip and OpenSSL's libcrypto are opened with dlopen when a password is used, never
    linked: every other wallet process would carry them (1.6 MB resident)."""
    from conftest import WALLET_BIN
    linked = subprocess.run(["ldd", WALLET_BIN], capture_output=True, text=True, check=True).stdout
    assert "libzip" not in linked and "libcrypto" not in linked, linked
    path = aes_zip(tmp_path / "backup.zip", {"catima.csv": catima_v2()})
    run = wallet.run("card", "import", path, "--password", PASSWORD)
    assert run.stdout.strip() == f"added {CARDS_IN_FIXTURE}, skipped 0"


def test_encrypted_member_after_a_plain_one_is_found(wallet, tmp_path):
    """A zip whose first member is plain and whose catima.csv is encrypted (ZIPFoundation lists
    only the plain one) is still recognized as password-protected."""
    path = tmp_path / "mixed.zip"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("readme.txt", "exported by hand")
    with pyzipper.AESZipFile(path, "a", compression=pyzipper.ZIP_DEFLATED, encryption=pyzipper.WZ_AES) as archive:
        archive.setpassword(PASSWORD.encode())
        archive.writestr("catima.csv", catima_v2())
    stderr = refused(wallet, path)
    assert "encrypted" in stderr and "--password" in stderr
    plain = write_zip(tmp_path / "plain.zip", {"readme.txt": "no cards here"})
    assert "holds no catima.csv" in refused(wallet, plain)
    run = wallet.run("card", "import", path, "--password", PASSWORD)
    assert run.stdout.strip() == f"added {CARDS_IN_FIXTURE}, skipped 0"
