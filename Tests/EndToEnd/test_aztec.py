"""The Aztec encoder written in Swift, read by an independent decoder: a few hundred varied
payloads (aztec_payloads.py) through `wallet barcode --format aztec --batch`, each decoded by
zxing-cpp to exactly its text (and bytes, for Latin-1); and its symbol sizes against libzint's,
which drew Aztec before (the `zint` CLI, from `make deps-test`)."""
import subprocess

import pytest
from PIL import Image

from aztec_payloads import ARGUMENT_PAYLOADS, batch_payloads, capacity_edges, latin1_payloads
from oracle import zxing_decode


def write_batch(path, lines):
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def decoded(path):
    return [(d.format, d.text) for d in zxing_decode(path)]


def reads_as(path, text):
    """zxing-cpp finds one Aztec symbol at `path` whose bytes are `text` in UTF-8, and whose text
    is `text` (zxing-cpp shows control characters as <ESC>, <HT>, ...: those compare by bytes)."""
    found = zxing_decode(path)
    if len(found) != 1 or found[0].format != "Aztec" or found[0].raw != text.encode():
        return False
    return found[0].text == text or any(ord(c) < 0x20 or c == "\x7f" for c in text)


def test_every_payload_decodes_exactly(wallet, tmp_path):
    payloads = batch_payloads()
    assert len(payloads) > 300
    out = tmp_path / "out"
    wallet.run("barcode", "--format", "aztec", "--batch", write_batch(tmp_path / "in.txt", payloads),
               "--output-dir", out, "--module-size", 2)
    wrong = [(number, text, decoded(out / f"{number:05}.png"))
             for number, text in enumerate(payloads, start=1) if not reads_as(out / f"{number:05}.png", text)]
    assert wrong == [], f"{len(wrong)} of {len(payloads)} misread, first: {wrong[:3]}"


def test_latin1_payloads_decode_with_their_bytes(wallet, tmp_path):
    payloads = latin1_payloads()
    out = tmp_path / "out"
    wallet.run("barcode", "--format", "aztec", "--encoding", "ISO-8859-1", "--batch",
               write_batch(tmp_path / "in.txt", payloads), "--output-dir", out, "--module-size", 2)
    for number, text in enumerate(payloads, start=1):
        found = zxing_decode(out / f"{number:05}.png")
        assert [(d.text, d.raw) for d in found] == [(text, text.encode("latin-1"))], number


@pytest.mark.parametrize("text", ARGUMENT_PAYLOADS)
def test_line_breaks_decode(wallet, tmp_path, text):
    png = tmp_path / "a.png"
    wallet.run("barcode", "--format", "aztec", "--output", png, "--module-size", 2, "--", text)
    assert reads_as(png, text)


def zint_side(text, codec, eci):
    """Modules per side of libzint's default Aztec symbol for `text` (ECI only for non-ASCII, as
    the wallet writes it)."""
    data = text.encode(codec)
    eci_option = [f"--eci={eci}"] if any(b >= 0x80 for b in data) else []
    run = subprocess.run(["zint", "-b", "92", "--dump", "--binary", *eci_option, "-d", data],
                         capture_output=True, check=True, timeout=30)
    return len(run.stdout.splitlines())


@pytest.mark.parametrize("encoding,codec,eci,payloads", [
    ("UTF-8", "utf-8", 26, batch_payloads()), ("ISO-8859-1", "latin-1", 3, latin1_payloads())])
def test_sizes_are_libzints_or_smaller(wallet, tmp_path, encoding, codec, eci, payloads):
    """The size rule is libzint's, so a symbol is never larger than the one users had; it is smaller
    when the optimal mode search needs fewer bits than libzint 2.11's heuristic (punctuation
    mixtures, binary shifts). At every size's capacity edge (uppercase letters, encoded the same
    by both) the sizes are equal."""
    out = tmp_path / "out"
    wallet.run("barcode", "--format", "aztec", "--encoding", encoding, "--batch",
               write_batch(tmp_path / "in.txt", payloads), "--output-dir", out, "--module-size", 1)
    sides = []
    for number, text in enumerate(payloads, start=1):
        with Image.open(out / f"{number:05}.png") as image:
            sides.append((image.size[0] - 2, zint_side(text, codec, eci), text))  # 1-module quiet zones
    larger = [entry for entry in sides if entry[0] > entry[1]]
    assert larger == [], f"{len(larger)} symbols larger than libzint's: {larger[:3]}"
    edges = set(capacity_edges())
    at_edges = [entry for entry in sides if entry[2] in edges]
    assert encoding != "UTF-8" or len(at_edges) == len(edges) > 60
    assert [entry for entry in at_edges if entry[0] != entry[1]] == []


def opened_libraries(wallet, *args):
    """The shared objects the dynamic loader opened while `wallet args` ran (LD_DEBUG=files)."""
    run = wallet.run(*args, env={"LD_DEBUG": "files"})
    return {line.split("file=")[1].split()[0] for line in run.stderr.splitlines() if "file=" in line}


def test_aztec_never_loads_libzint(wallet, tmp_path):
    batch = write_batch(tmp_path / "in.txt", ["MEMBER-12345678 Gold Tier", "Grüße"])
    aztec_batch = opened_libraries(wallet, "barcode", "--format", "aztec", "--batch", batch, "--output-dir", tmp_path / "a")
    aztec_one = opened_libraries(wallet, "barcode", "--format", "aztec", "--output", tmp_path / "a.png", "AZ-1")
    pdf417 = opened_libraries(wallet, "barcode", "--format", "pdf417", "--output", tmp_path / "p.png", "P-1")
    assert any("libzint" in name for name in pdf417), pdf417  # the check sees libzint when it is opened
    for opened in (aztec_batch, aztec_one):
        assert not any("libzint" in name for name in opened), opened
