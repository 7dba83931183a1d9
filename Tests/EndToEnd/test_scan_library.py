"""zxing-cpp and gdk-pixbuf are loaded only when something is scanned: the barcode reader is
libWalletScan.so (opened with dlopen from PREFIX/lib/wallet or beside the executable), and
gdk-pixbuf is opened by its soname. Linked, they were resident in every wallet process."""
import json
import shutil
import subprocess
from pathlib import Path

from conftest import RUN_TIMEOUT, WALLET_BIN, one_line_failure


def qr_png(wallet, tmp_path, code):
    path = tmp_path / "code.png"
    wallet.run("barcode", "--format", "qr", "--output", path, code)
    return path


def test_zxing_and_gdk_pixbuf_are_loaded_only_for_a_scan(wallet, tmp_path):
    linked = subprocess.run(["ldd", WALLET_BIN], capture_output=True, text=True, check=True).stdout
    for library in ("libZXing", "libgdk_pixbuf", "libjpeg", "libWalletScan"):
        assert library not in linked, linked
    found = json.loads(wallet.run("card", "scan", qr_png(wallet, tmp_path, "LAZY-1"), "--json").stdout)
    assert [(code["format"], code["text"]) for code in found] == [("qr", "LAZY-1")]


def test_the_readers_are_inside_the_library():
    """zxing-cpp (built from its pinned release) and zbar are linked into libWalletScan.so
    statically: an installed wallet needs neither Debian's libzxing nor libzbar."""
    library = Path(WALLET_BIN).parent / "libWalletScan.so"
    needed = subprocess.run(["ldd", library], capture_output=True, text=True, check=True).stdout
    assert "libZXing" not in needed and "libzbar" not in needed, needed


def test_scan_without_its_library_is_one_line_error(wallet, tmp_path):
    """A wallet with no libWalletScan.so beside it (nor in ../lib/wallet) says what is missing and
    how to get it, exits 1, and adds no card."""
    image = qr_png(wallet, tmp_path, "ALONE-1")
    alone = tmp_path / "bin" / "wallet"
    alone.parent.mkdir()
    shutil.copy(WALLET_BIN, alone)

    def run_alone(*args):
        return subprocess.run([alone, *map(str, args)], capture_output=True, text=True, env=wallet.env, timeout=RUN_TIMEOUT)

    for args in (["card", "scan", image], ["card", "add", "--store", "Alone", "--scan", image]):
        run = run_alone(*args)
        line = one_line_failure(run)
        assert run.returncode == 1
        assert line.startswith(f"Error: cannot scan {image}: the barcode reader is missing (no libWalletScan.so at "
                               f"{tmp_path}/lib/wallet/libWalletScan.so or {alone.parent}/libWalletScan.so); "), line
        assert "`make libraries`" in line and "`make install`" in line
    assert json.loads(wallet.run("card", "list", "--json").stdout) == []
