"""The libraries `wallet` loads only on demand stay out of the executable's link: GTK and
libadwaita (windows are the app's, `wallet-app`, which `wallet open --window` starts), poppler-glib and gdk-pixbuf (scans, card images), zxing-cpp (libWalletScan.so)
and libzip (password-protected zips). `ldd` lists everything the dynamic loader maps at start,
directly linked or pulled in by another library; one of these there would be resident in every
wallet process."""
import subprocess

import pytest

from conftest import WALLET_BIN

ON_DEMAND = {
    "GTK": "libgtk-4.so",
    "poppler": "libpoppler",
    "gdk-pixbuf": "libgdk_pixbuf",
    "zxing-cpp": "libZXing.so",
    "libzip": "libzip.so",
    "libadwaita": "libadwaita-1.so",
    "the scan library": "libWalletScan.so",
}


@pytest.fixture(scope="module")
def loaded():
    run = subprocess.run(["ldd", WALLET_BIN], capture_output=True, text=True, timeout=60, check=True)
    return run.stdout


def test_ldd_lists_what_the_executable_loads(loaded):
    # The guard below means something only if ldd read the binary: libc and libm are linked (SQLite
    # too in a debug build; the release build links SQLite and zlib into the executable).
    assert "libc.so.6" in loaded and "libm.so.6" in loaded, loaded


@pytest.mark.parametrize("name", sorted(ON_DEMAND))
def test_on_demand_library_stays_out_of_the_executable(loaded, name):
    lines = [line.strip() for line in loaded.splitlines() if ON_DEMAND[name] in line]
    assert lines == [], f"{name} is loaded by every wallet process: {lines}"
