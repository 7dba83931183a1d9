"""Programs run as another user (nobody, when the tests run as root) are copies the test makes in
a directory of its own, with modes that user can read and execute: the clone may live in a private
directory (0700, as `mktemp -d` makes, or a 0750 home as Ubuntu and Fedora give), which that user
cannot traverse to reach `.build/debug/wallet` or the samples."""
import os
import shutil
from pathlib import Path

from conftest import WALLET_BIN

# The wallet's own libraries, opened with dlopen from beside the executable in a build directory.
LIBRARIES_BESIDE_WALLET = ("libWalletScan.so",)


def runnable_copy(program, directory):
    """A copy of `program` in `directory` (made 0755, with the program 0755), so another user can
    run it wherever the clone lives; for the wallet, its libraries come along. Returns the copy's path."""
    directory = Path(directory)
    directory.mkdir(mode=0o755, parents=True, exist_ok=True)
    os.chmod(directory, 0o755)
    program = Path(program)
    copy = directory / program.name
    shutil.copy2(program, copy)
    os.chmod(copy, 0o755)
    if program == Path(WALLET_BIN):
        for library in LIBRARIES_BESIDE_WALLET:
            if (program.parent / library).exists():
                shutil.copy2(program.parent / library, directory / library)
                os.chmod(directory / library, 0o755)
    return str(copy)
