"""The Debian package (`make deb`) on a clean Debian 12 root: `make deb-test` runs this file with
WALLET_DEB naming the .deb (without it, or without root for chroot, the chroot tests are
skipped; the last test, that debian/rules refuses a version other than the binary's, needs only
the release build).

In a fresh minbase bookworm root (debian_root.py: debootstrap, cached), `apt-get install
--no-install-recommends ./wallet.deb` must pull every library the everyday commands open, so
that without any Recommends `wallet --version`, a card added, a widget rendered (by
`widget render` and by the widget host's own unit command) and the snapshot scanned back all
work; the PNG is copied out and decoded by zxing-cpp and zbar. systemd cannot run in a chroot
(it is not PID 1 there and no user manager starts), so the user units are checked as files:
present under /usr/lib/systemd/user, every command they run present and working. Removing and
purging the package must leave the root's files exactly as they were before it was installed.
"""
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from debian_root import DebianRoot
from oracle import zbar_decode_symbols, zxing_decode

DEB = os.environ.get("WALLET_DEB")
REPOSITORY = Path(__file__).resolve().parents[2]
RELEASE_WALLET = REPOSITORY / ".build/release/wallet"
USER = "tester"
UNITS = ("wallet-widgets.service", "wallet-sync.service", "wallet-sync.timer")
CARDS = [("Debian", "qr", "DEB-PACKAGE-4006381333931"), ("Bookworm", "code128", "BOOKWORM-12")]


def chroot_test(test):
    """Marks a test that runs in the Debian root: it needs the .deb and root."""
    test = pytest.mark.skipif(not DEB, reason="WALLET_DEB is not set: `make deb-test` builds the package and runs this file")(test)
    return pytest.mark.skipif(os.geteuid() != 0, reason="chroot into the Debian root needs root")(test)


def field(name):
    return subprocess.run(["dpkg-deb", "--field", DEB, name], capture_output=True, text=True, check=True).stdout.strip()


def package_names(relation):
    """Every package named in a Depends/Recommends/Suggests value (each alternative too)."""
    names = []
    for group in relation.split(","):
        for alternative in group.split("|"):
            name = alternative.strip().split(" ")[0].split(":")[0]
            if name:
                names.append(name)
    return names


@pytest.fixture(scope="module")
def root():
    """The clean root with the package installed by apt, and `before`: its files with the
    package's dependencies installed but not the package (installed, removed, reinstalled)."""
    system = DebianRoot(log=lambda line: print(line, flush=True))
    try:
        shutil.copyfile(DEB, system.path / "tmp" / Path(DEB).name)
        system.deb = f"/tmp/{Path(DEB).name}"
        system.run("apt-get", "update")
        system.restore_archives()
        system.first_install = system.run("apt-get", "install", "-y", "--no-install-recommends", system.deb)
        system.keep_archives()
        system.run("useradd", "--create-home", USER)
        system.run("apt-get", "remove", "-y", "wallet")
        system.before = system.files()
        system.second_install = system.run("apt-get", "install", "-y", "--no-install-recommends", system.deb)
        yield system
    finally:
        system.close()


@chroot_test
def test_apt_pulls_the_dependencies_and_the_second_install_needs_none(root):
    assert "Setting up wallet (" in root.first_install.stdout
    installed = root.run("dpkg-query", "--show", "--showformat", "${Status} ${Version}", "wallet").stdout
    assert installed == f"install ok installed {field('Version')}"
    for group in field("Depends").split(","):
        alternatives = package_names(group)
        statuses = [root.run("dpkg-query", "--show", "--showformat", "${Status}", name, check=False).stdout for name in alternatives]
        assert "install ok installed" in statuses, f"no package of Depends {group.strip()!r} was installed"
    assert " 1 newly installed" in root.second_install.stdout
    assert "The following NEW packages will be installed:\n  wallet\n" in root.second_install.stdout
    # Without Recommends: what follows shows the everyday commands need nothing more.
    for name in ("libpoppler-glib8", "libgtk-4-1", "libcurl4", "git"):
        assert root.run("dpkg-query", "--show", "--showformat", "${Status}", name, check=False).stdout != "install ok installed"


@chroot_test
def test_every_package_named_exists_in_debian_12(root):
    """The hand-written names (Recommends and Suggests are not installed above) are real bookworm packages."""
    for relation in ("Depends", "Recommends", "Suggests"):
        for name in package_names(field(relation)):
            policy = root.run("apt-cache", "policy", name).stdout
            assert policy.strip() and "Candidate: (none)" not in policy, f"{relation} names {name}, which bookworm does not have"


@chroot_test
def test_version_is_the_packages(root):
    run = root.run("wallet", "--version", user=USER)
    assert run.stdout.strip() == field("Version")
    assert root.run("sh", "-c", "LD_BIND_NOW=1 wallet --help", user=USER).returncode == 0


@chroot_test
def test_cards_added_and_widget_rendered_decode(root, tmp_path):
    """A QR code (libqrencode) and a Code 128 (libzint) in one medium widget (Pango, cairo, libpng)."""
    cards = [root.run("wallet", "card", "add", "--store", store, "--code", code, "--format", fmt, user=USER).stdout.strip()
             for store, fmt, code in CARDS]
    widget = root.run("wallet", "widget", "add", "--family", "medium", "--cards", ",".join(cards), user=USER).stdout.strip()
    root.run("wallet", "widget", "render", widget, "--output", f"/home/{USER}/medium.png", "--scale", "2", user=USER)
    snapshot = tmp_path / "medium.png"
    shutil.copyfile(root.path / "home" / USER / "medium.png", snapshot)
    codes = sorted(code for _, _, code in CARDS)
    assert sorted(symbol.text for symbol in zxing_decode(snapshot)) == codes
    assert sorted(symbol.text for symbol in zbar_decode_symbols(snapshot)) == codes
    # The package's own reader (libWalletScan.so, through gdk-pixbuf) reads them back inside the root.
    scanned = json.loads(root.run("wallet", "card", "scan", f"/home/{USER}/medium.png", "--json", user=USER).stdout)
    assert sorted(barcode["text"] for barcode in scanned) == codes


@chroot_test
def test_user_units_are_installed_and_run_what_exists(root, tmp_path):
    """systemd cannot run in the chroot (no PID 1 systemd, no user manager), so `systemctl --user
    cat` is replaced by reading the unit files dpkg installed and running their commands."""
    directory = root.path / "usr/lib/systemd/user"
    assert set(UNITS) <= {path.name for path in directory.iterdir()}
    owned = root.run("dpkg-query", "--search", *(f"/usr/lib/systemd/user/{unit}" for unit in UNITS)).stdout
    assert all(f"wallet: /usr/lib/systemd/user/{unit}" in owned for unit in UNITS)
    commands = {}
    for unit in UNITS:
        for line in (directory / unit).read_text().splitlines():
            key, _, value = line.partition("=")
            if key in ("ExecStart", "ExecCondition"):
                commands[(unit, key)] = value.split()
    assert "Unit=wallet-sync.service" in (directory / "wallet-sync.timer").read_text()
    for command in commands.values():
        assert command[0] == "/usr/bin/wallet"
    # The host's command as the unit runs it (%t is $XDG_RUNTIME_DIR), once instead of for ever.
    host = [part.replace("%t", f"/home/{USER}") for part in commands[("wallet-widgets.service", "ExecStart")]]
    events = root.run(*host, "--once", user=USER).stdout.splitlines()
    rendered = [json.loads(line) for line in events if '"rendered"' in line]
    assert rendered, f"the widget host rendered nothing: {events}"
    snapshot = tmp_path / "host.png"
    shutil.copyfile(root.path / rendered[0]["file"].lstrip("/"), snapshot)
    assert sorted(symbol.text for symbol in zxing_decode(snapshot)) == sorted(code for _, _, code in CARDS)
    # Before `sync init` the sync unit's condition fails, so the timer's runs are skipped.
    condition = root.run(*commands[("wallet-sync.service", "ExecCondition")], user=USER, check=False)
    assert condition.returncode != 0 and len(condition.stderr.strip().splitlines()) == 1


@chroot_test
def test_remove_and_purge_leave_no_file(root):
    packaged = set(root.run("dpkg-query", "--listfiles", "wallet").stdout.split())
    assert "/usr/bin/wallet" in packaged and "/usr/lib/wallet/libWalletScan.so" in packaged
    installed = root.files()
    added = {"/" + path.rstrip("/") for path in installed - root.before}
    assert added and added <= packaged, f"installed beside dpkg's list: {sorted(added - packaged)}"
    files = {path for path in packaged if not (root.path / path.lstrip("/")).is_dir()}
    assert files <= added, f"dpkg lists files that were there before the package: {sorted(files - added)}"
    root.run("apt-get", "remove", "-y", "wallet")
    assert root.files() == root.before
    # No conffiles and no maintainer scripts: remove already forgets the package, purge has nothing left.
    assert root.run("dpkg-query", "--show", "wallet", check=False).returncode != 0
    assert not list((root.path / "var/lib/dpkg/info").glob("wallet.*"))
    root.run("dpkg", "--purge", "wallet")
    assert root.files() == root.before


@pytest.mark.skipif(not RELEASE_WALLET.exists(), reason="no release build: `make release` (or `make deb`) makes one")
@pytest.mark.skipif(not shutil.which("dpkg-parsechangelog"), reason="no dpkg-dev: `make deps-deb` installs it")
def test_a_changelog_version_other_than_the_binarys_stops_the_build():
    """debian/rules refuses to package a binary whose `--version` is not debian/changelog's."""
    run = subprocess.run(["make", "--no-print-directory", "-f", "debian/rules", "override_dh_auto_install", "DEB_VERSION=0.0.1"],
                         cwd=REPOSITORY, capture_output=True, text=True, timeout=120)
    built = subprocess.run([RELEASE_WALLET, "--version"], capture_output=True, text=True, timeout=60).stdout.strip()
    assert run.returncode != 0
    assert (f"debian/changelog says 0.0.1 but .build/release/wallet --version says {built}: "
            f"add a debian/changelog entry for {built} (dch -v {built})") in run.stderr.splitlines()
    assert "install.py" not in run.stdout
