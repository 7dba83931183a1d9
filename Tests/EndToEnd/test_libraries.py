"""libWalletScan.so is C and C++ (`make libraries`, linked by c++): it needs nothing from the
Swift toolchain, so an installed wallet scans without it. Checked with ldd, and by loading the
library (dlopen, every symbol bound at once) in a mount namespace where the toolchain's
libraries are hidden. (The wallet's windows are the app's, wallet-app: no window library.)"""
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import WALLET_BIN

LIBRARIES = {"libWalletScan.so": ["czx_read", "czx_results_free"]}
TIMEOUT = 30


def library(name):
    path = Path(WALLET_BIN).parent / name
    if not path.exists():
        pytest.skip(f"{path} is not built (make libraries)")
    return path


@pytest.mark.parametrize("name", LIBRARIES)
def test_ldd_shows_no_swift_library(name):
    ldd = subprocess.run(["ldd", str(library(name))], capture_output=True, text=True, timeout=TIMEOUT, check=True)
    assert "libswift" not in ldd.stdout and "not found" not in ldd.stdout, ldd.stdout


def swift_runtime_directory():
    swift = shutil.which("swift")
    runtime = swift and Path(os.path.realpath(swift)).parents[1] / "lib" / "swift"
    return runtime if runtime and runtime.is_dir() else None


@pytest.mark.skipif(os.geteuid() != 0 or not shutil.which("unshare") or not swift_runtime_directory(),
                    reason="needs root, unshare and a Swift toolchain to hide")
@pytest.mark.parametrize("name", LIBRARIES)
def test_each_library_loads_with_the_toolchain_out_of_reach(name):
    hidden = swift_runtime_directory()
    probe = (
        "import ctypes, os, sys\n"
        f"assert not os.listdir({str(hidden)!r}), 'the toolchain is still there'\n"
        "lib = ctypes.CDLL(sys.argv[1], mode=os.RTLD_NOW)\n"
        "for symbol in sys.argv[2:]: getattr(lib, symbol)\n"
        "print('loaded', ' '.join(line.split()[-1] for line in open('/proc/self/maps') if 'libswift' in line))\n")
    run = subprocess.run(
        ["unshare", "--mount", "--propagation", "private", "sh", "-c",
         f'mount -t tmpfs none "$1" && shift && exec "$@"', "sh", str(hidden),
         "/usr/bin/python3", "-c", probe, str(library(name)), *LIBRARIES[name]],
        capture_output=True, text=True, timeout=TIMEOUT, env={"PATH": "/usr/bin:/bin"})
    assert run.returncode == 0 and run.stdout.strip() == "loaded", run.stdout + run.stderr
