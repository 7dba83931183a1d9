"""The PDF ticket's number and fields (issue 37, item 2): the number shown at the till is fitted
(smaller type, or two lines at a separator), never cut; one field a line."""
import subprocess

import pytest

from oracle import zxing_decode
from test_pdf import rasterize


def ticket_lines(wallet, tmp_path, *add):
    card = wallet.run("card", "add", *add).stdout.strip()
    pdf = tmp_path / "ticket.pdf"
    wallet.run("card", "show", card, "--pdf", pdf)
    text = subprocess.run(["pdftotext", "-layout", pdf, "-"], capture_output=True, text=True, check=True,
                          timeout=60).stdout
    return [line.strip() for line in text.splitlines() if line.strip()], pdf


@pytest.mark.parametrize("number", ["AQ7X-9KLM-22QP-XR4T-77HB", "AQ7X9KLM22QPXR4T77HB55", "AQ7X-9KLM-22QP-XR4T-77HB-5501-7788-9900"])
def test_the_number_is_whole_and_each_field_has_its_line(wallet, tmp_path, number):
    lines, pdf = ticket_lines(wallet, tmp_path, "--store", "Gift", "--code", number, "--format", "qr",
                              "--balance", "17.49", "--currency", "GBP", "--expiry", "2026-12-02")
    assert not any("…" in line for line in lines), lines
    joined = "".join(line.replace(" ", "") for line in lines)
    assert number in joined, lines
    assert "Balance: 17.49 GBP" in lines and "Expires: 2026-12-02" in lines, lines
    assert [d.text for d in zxing_decode(rasterize(pdf, 150))] == [number]
