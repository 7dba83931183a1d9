"""Messages that say what really happened: the limit a member broke is its own, a wallet
directory that is a file is said plainly, an encrypted PDF is encrypted (not damaged), an
invisible character after a card id shows, and a huge argument makes a bounded error line."""
import os

from conftest import one_line_failure, refused
from test_interop import pkpass

DEADLINE = 30


def encrypted_pdf(path):
    """A one-page PDF behind the standard security handler whose user password is not empty:
    no reader opens it without the password."""
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>",
        b"<< /Filter /Standard /V 1 /R 2 /P -4 /O <" + b"11" * 32 + b"> /U <" + b"22" * 32 + b"> >>",
    ]
    data = b"%PDF-1.4\n"
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(data))
        data += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(data)
    data += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    data += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    data += (b"trailer\n<< /Size %d /Root 1 0 R /Encrypt 4 0 R /ID [<%s> <%s>] >>\nstartxref\n%d\n%%%%EOF\n"
             % (len(objects) + 1, b"ab" * 16, b"ab" * 16, xref))
    path.write_bytes(data)
    return path


def test_a_large_pass_strings_names_its_own_one_megabyte_limit(wallet, tmp_path):
    path = pkpass(tmp_path / "big.pkpass", {"logoText": "brand", "serialNumber": "1"},
                  extra={"en.lproj/pass.strings": '"brand" = "Shop";\n' + "/* padding */\n" * 130_000})
    line = refused(wallet, "card", "import", path, fragment="en.lproj/pass.strings")
    assert "over the 1 MB limit for a pass's strings file" in line and "64 MB" not in line


def test_a_wallet_home_that_is_a_file_is_said_plainly_by_the_host(wallet, tmp_path):
    blocker = tmp_path / "not-a-directory"
    blocker.write_text("a file")
    line = one_line_failure(wallet.run("widget", "host", "--output", tmp_path / "out", "--once",
                                       env={"WALLET_HOME": str(blocker)}, check=False))
    assert str(blocker) in line and "Not a directory" in line and "WALLET_HOME" in line
    assert "FileError" not in line and "error 1" not in line


def test_an_encrypted_pdf_is_said_to_be_encrypted(wallet, tmp_path):
    line = refused(wallet, "card", "scan", encrypted_pdf(tmp_path / "locked.pdf"), fragment="locked.pdf")
    assert "encrypted" in line and "damaged" not in line


def test_an_invisible_character_after_a_card_id_is_shown_escaped(wallet):
    card = wallet.run("card", "add", "--store", "Shop", "--code", "1").stdout.strip()
    for text in (card + "\u200b", card + "\ufeff", card[:8] + "\u00a0x"):
        line = refused(wallet, "open", f"wallet://card/{text}")
        assert "\u200b" not in line and "\ufeff" not in line and "\u00a0" not in line
        assert any(code in line for code in ("\\u{200B}", "\\u{FEFF}", "\\u{A0}")), line


def test_a_huge_deep_link_gives_a_bounded_error_line(wallet):
    for url in ("wallet://card/" + "a" * 100_000, "wallet://" + "x" * 100_000, "http://" + "y" * 100_000):
        line = refused(wallet, "open", url)
        assert len(line) < 1_000, len(line)
    huge = "z" * 100_000
    assert len(refused(wallet, "card", "show", huge)) <= len("Error: ") + 1_000
