"""End-to-end checks of `make install` / `make uninstall` into a temporary PREFIX.

The test installs the binary under test (WALLET_BINARY=..., so no release build here) and checks
every path CLI.md names, that bin/wallet runs, that each completion script parses in its shell,
that the man pages render, that the desktop entry validates and the systemd unit verifies; then
uninstall must leave nothing behind, and a failed install must leave nothing half-done.
"""
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import WALLET_BIN

TIMEOUT = 120  # seconds for any one tool run; a hang fails the test

REPO = Path(__file__).resolve().parents[2]
PATHS = [
    "bin/wallet",
    "lib/wallet/libWalletScan.so",
    "share/man/man1/wallet.1",
    "share/bash-completion/completions/wallet",
    "share/zsh/site-functions/_wallet",
    "share/fish/vendor_completions.d/wallet.fish",
    "share/applications/wallet.desktop",
    "lib/systemd/user/wallet-widgets.service",
    "lib/systemd/user/wallet-sync.service",
    "lib/systemd/user/wallet-sync.timer",
]
SUBCOMMAND_PAGES = ["wallet-card.1", "wallet-card-add.1", "wallet-card-show.1", "wallet-open.1",
                    "wallet-widget.1", "wallet-widget-render.1", "wallet-barcode.1"]


def make(*args, check=True):
    run = subprocess.run(["make", "--no-print-directory", "-C", str(REPO), *args], capture_output=True, timeout=TIMEOUT, text=True)
    if check and run.returncode != 0:
        raise AssertionError(f"make {' '.join(args)} exited {run.returncode}: {run.stderr}")
    return run


def everything_under(root):
    return sorted(str(path.relative_to(root)) for path in root.rglob("*"))


@pytest.fixture
def installed(tmp_path):
    prefix = tmp_path / "prefix"
    make("install", f"PREFIX={prefix}", f"WALLET_BINARY={WALLET_BIN}")
    return prefix


def test_install_puts_every_contract_path_in_place(installed):
    for relative in PATHS:
        assert (installed / relative).is_file(), relative
    for page in SUBCOMMAND_PAGES:
        assert (installed / "share/man/man1" / page).is_file(), page
    assert os.access(installed / "bin/wallet", os.X_OK)
    assert oct((installed / "share/applications/wallet.desktop").stat().st_mode & 0o777) == "0o644"


@pytest.mark.skipif(not (Path(WALLET_BIN).parent / "wallet-app").exists(), reason="wallet-app is not built")
def test_installed_binary_starts_the_installed_app(installed, tmp_path):
    """`wallet open --window` finds bin/wallet-app beside it (PATH holds no other): with a display
    that cannot be opened, the app itself says so in one line."""
    env = dict(os.environ, WALLET_HOME=str(tmp_path / "home"), DISPLAY=":99999", WAYLAND_DISPLAY="", PATH=str(tmp_path))
    run = subprocess.run([installed / "bin/wallet", "open", "wallet://", "--window"], capture_output=True, timeout=TIMEOUT, text=True, env=env)
    assert run.returncode != 0 and run.stderr.startswith("wallet-app: ") and "no graphical display" in run.stderr, run.stderr
    assert len(run.stderr.splitlines()) == 1, run.stderr


def test_installed_binary_scans_with_its_reader_library(installed, tmp_path):
    env = dict(os.environ, WALLET_HOME=str(tmp_path / "home"))
    image = tmp_path / "code.png"
    for args in (["barcode", "--format", "ean13", "--output", image, "400638133393"], ["card", "scan", image]):
        run = subprocess.run([installed / "bin/wallet", *map(str, args)], capture_output=True, timeout=TIMEOUT, text=True, env=env)
        assert run.returncode == 0, run.stderr
    fields = run.stdout.split()
    assert len(run.stdout.splitlines()) == 1 and (fields[1], fields[-1]) == ("ean13", '"4006381333931"'), run.stdout


def test_installed_binary_runs(installed, tmp_path):
    env = dict(os.environ, WALLET_HOME=str(tmp_path / "home"))
    run = subprocess.run([installed / "bin/wallet", "card", "add", "--store", "Installed", "--code", "1"],
                         capture_output=True, timeout=TIMEOUT, text=True, env=env)
    assert run.returncode == 0, run.stderr
    assert "Installed" in subprocess.run([installed / "bin/wallet", "card", "list"], capture_output=True, timeout=TIMEOUT,
                                         text=True, env=env).stdout


@pytest.mark.parametrize("shell, relative", [
    ("bash", "share/bash-completion/completions/wallet"),
    ("zsh", "share/zsh/site-functions/_wallet"),
    ("fish", "share/fish/vendor_completions.d/wallet.fish"),
])
def test_completion_scripts_parse(installed, shell, relative):
    if not shutil.which(shell):
        pytest.skip(f"{shell} is not installed (make deps-test installs it)")
    script = installed / relative
    assert "card" in script.read_text() and "widget" in script.read_text()
    run = subprocess.run([shell, "-n", str(script)], capture_output=True, timeout=TIMEOUT, text=True)
    assert run.returncode == 0 and run.stderr == "", run.stderr


def test_bash_completion_offers_the_subcommands(installed):
    script = installed / "share/bash-completion/completions/wallet"
    probe = (f"source {script}; COMP_WORDS=(wallet ca); COMP_CWORD=1; COMP_LINE='wallet ca'; COMP_POINT=9; "
             "_wallet; printf '%s\\n' \"${COMPREPLY[@]}\"")
    run = subprocess.run(["bash", "-c", probe], capture_output=True, timeout=TIMEOUT, text=True)
    assert "card" in run.stdout.split(), run.stdout + run.stderr


def test_man_pages_render_without_warnings(installed):
    pages = sorted((installed / "share/man/man1").glob("*.1"))
    assert len(pages) >= len(SUBCOMMAND_PAGES) + 1
    lint = subprocess.run(["mandoc", "-T", "lint", "-W", "warning", *map(str, pages)], capture_output=True, timeout=TIMEOUT, text=True)
    assert lint.returncode == 0 and lint.stdout == "", lint.stdout
    rendered = subprocess.run(["man", "-l", str(installed / "share/man/man1/wallet-card-add.1")],
                              capture_output=True, timeout=TIMEOUT, text=True, env=dict(os.environ, MANPAGER="cat", MANWIDTH="100"))
    assert rendered.returncode == 0
    assert "wallet card add" in rendered.stdout and "--store" in rendered.stdout


def test_desktop_entry_opens_links_by_desktop_id_and_leaves_the_scheme_to_the_app(installed):
    """wallet.desktop stays (`gtk-launch wallet URL` runs `wallet open URL`), hidden; the one
    handler of wallet:// is the app's entry."""
    entry = installed / "share/applications/wallet.desktop"
    run = subprocess.run(["desktop-file-validate", str(entry)], capture_output=True, timeout=TIMEOUT, text=True)
    assert run.returncode == 0 and run.stdout == "", run.stdout
    lines = entry.read_text().splitlines()
    assert f"Exec={installed}/bin/wallet open %u" in lines and "NoDisplay=true" in lines
    handlers = [path.name for path in (installed / "share/applications").glob("*.desktop")
                if "MimeType=x-scheme-handler/wallet;" in path.read_text().splitlines()]
    assert handlers == (["app.wallet.Wallet.desktop"] if (installed / "bin/wallet-app").exists() else [])


def test_systemd_unit_runs_the_widget_host(installed, tmp_path):
    unit = installed / "lib/systemd/user/wallet-widgets.service"
    assert f"ExecStart={installed}/bin/wallet widget host --output %t/wallet-widgets --device desktop" in unit.read_text().splitlines()
    if not shutil.which("systemd-analyze"):
        pytest.skip("systemd-analyze is not installed")
    runtime = tmp_path / "runtime"
    runtime.mkdir(mode=0o700)
    run = subprocess.run(["systemd-analyze", "verify", "--user", "--man=no", str(unit)], capture_output=True, timeout=TIMEOUT,
                         text=True, env=dict(os.environ, XDG_RUNTIME_DIR=str(runtime)))
    assert run.returncode == 0, run.stderr


def test_systemd_timer_syncs_a_wallet_that_has_a_remote(installed, tmp_path):
    service = (installed / "lib/systemd/user/wallet-sync.service").read_text().splitlines()
    assert f"ExecStart={installed}/bin/wallet sync" in service
    assert f"ExecCondition={installed}/bin/wallet sync status" in service
    timer = installed / "lib/systemd/user/wallet-sync.timer"
    assert "Unit=wallet-sync.service" in timer.read_text().splitlines()
    if not shutil.which("systemd-analyze"):
        pytest.skip("systemd-analyze is not installed")
    runtime = tmp_path / "runtime"
    runtime.mkdir(mode=0o700)
    run = subprocess.run(["systemd-analyze", "verify", "--user", "--man=no", str(timer), str(timer.with_suffix(".service"))],
                         capture_output=True, timeout=TIMEOUT, text=True, env=dict(os.environ, XDG_RUNTIME_DIR=str(runtime)))
    assert run.returncode == 0, run.stderr


def test_uninstall_removes_exactly_what_install_put_there(tmp_path):
    prefix = tmp_path / "prefix"
    (prefix / "share/applications").mkdir(parents=True)
    other = prefix / "share/applications/other.desktop"
    other.write_text("[Desktop Entry]\n")
    make("install", f"PREFIX={prefix}", f"WALLET_BINARY={WALLET_BIN}")
    manifest = (prefix / "share/wallet/install-manifest.txt").read_text()
    assert "file bin/wallet" in manifest
    make("uninstall", f"PREFIX={prefix}")
    assert everything_under(prefix) == ["share", "share/applications", "share/applications/other.desktop"]


def test_uninstall_of_a_fresh_prefix_leaves_nothing(tmp_path):
    prefix = tmp_path / "fresh" / "prefix"
    make("install", f"PREFIX={prefix}", f"WALLET_BINARY={WALLET_BIN}")
    make("uninstall", f"PREFIX={prefix}")
    assert everything_under(tmp_path) == ["fresh"]


def test_uninstall_without_an_install_is_one_line_error(tmp_path):
    run = make("uninstall", f"PREFIX={tmp_path}", check=False)
    assert run.returncode != 0
    assert "nothing to uninstall" in run.stderr and "install-manifest.txt" in run.stderr
    assert everything_under(tmp_path) == []


def test_install_of_a_missing_binary_installs_nothing(tmp_path):
    prefix = tmp_path / "prefix"
    run = make("install", f"PREFIX={prefix}", f"WALLET_BINARY={tmp_path}/no-such-wallet", check=False)
    assert run.returncode != 0 and "no executable wallet" in run.stderr
    assert not prefix.exists()


@pytest.mark.parametrize("library", ["libWalletScan.so"])
def test_install_without_a_library_beside_the_binary_installs_nothing(tmp_path, library):
    build = tmp_path / "build"
    build.mkdir()
    for name in ("wallet", "libWalletScan.so"):
        if name != library:
            shutil.copy(Path(WALLET_BIN).parent / name, build / name)
    prefix = tmp_path / "prefix"
    run = make("install", f"PREFIX={prefix}", f"WALLET_BINARY={build}/wallet", check=False)
    assert run.returncode != 0 and f"no {library} beside" in run.stderr and "`make libraries CONFIG=release`" in run.stderr
    assert not prefix.exists()


def test_prefix_with_a_space_is_refused_before_anything_is_written(tmp_path):
    prefix = tmp_path / "my apps"
    run = make("install", f"PREFIX={prefix}", f"WALLET_BINARY={WALLET_BIN}", check=False)
    assert run.returncode != 0 and "choose a PREFIX without them" in run.stderr
    assert not prefix.exists()


def test_reinstall_keeps_one_manifest_and_uninstall_still_cleans_up(tmp_path):
    prefix = tmp_path / "prefix"
    make("install", f"PREFIX={prefix}", f"WALLET_BINARY={WALLET_BIN}")
    first = (prefix / "share/wallet/install-manifest.txt").read_text()
    make("install", f"PREFIX={prefix}", f"WALLET_BINARY={WALLET_BIN}")
    assert (prefix / "share/wallet/install-manifest.txt").read_text() == first
    make("uninstall", f"PREFIX={prefix}")
    assert not prefix.exists()


def test_packaged_install_into_a_destdir_writes_no_manifest(tmp_path):
    """debian/rules' call: the files under DESTDIR/usr, paths inside them for /usr, no manifest."""
    destdir = tmp_path / "package"
    run = subprocess.run([sys.executable, str(REPO / "dist/install.py"), "install", "--prefix", "/usr", "--destdir", str(destdir),
                          "--binary", WALLET_BIN, "--packaged"], capture_output=True, timeout=TIMEOUT, text=True)
    assert run.returncode == 0, run.stderr
    for relative in PATHS:
        assert (destdir / "usr" / relative).is_file(), relative
    assert not (destdir / "usr/share/wallet").exists()
    assert "/usr/share/wallet/install-manifest.txt" not in run.stdout.split()
    assert sorted(run.stdout.split()) == sorted("/" + path for path in everything_under(destdir) if (destdir / path).is_file())
    assert "ExecStart=/usr/bin/wallet widget host" in (destdir / "usr/lib/systemd/user/wallet-widgets.service").read_text()


@pytest.mark.skipif(not (Path(WALLET_BIN).parent / "wallet-app").exists(), reason="wallet-app is not built")
def test_the_app_installs_with_its_desktop_entry_metainfo_and_icons(installed):
    assert os.access(installed / "bin/wallet-app", os.X_OK)
    entry = installed / "share/applications/app.wallet.Wallet.desktop"
    lines = entry.read_text().splitlines()
    assert f"Exec={installed}/bin/wallet-app %u" in lines
    assert "X-Purism-FormFactor=Workstation;Mobile;" in lines
    assert "MimeType=x-scheme-handler/wallet;" in lines
    run = subprocess.run(["desktop-file-validate", str(entry)], capture_output=True, timeout=TIMEOUT, text=True)
    assert run.returncode == 0 and run.stdout == "", run.stdout + run.stderr
    metainfo = installed / "share/metainfo/app.wallet.Wallet.metainfo.xml"
    run = subprocess.run(["appstreamcli", "validate", "--no-net", str(metainfo)], capture_output=True,
                         timeout=TIMEOUT, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    assert '<display_length compare="ge">360</display_length>' in metainfo.read_text()
    assert "<screenshots>" not in metainfo.read_text()  # no APPSTREAM_SCREENSHOT_URL given
    assert (installed / "share/man/man1/wallet-app.1").is_file()  # lintian: every command has a manual page
    for icon in ("scalable/apps/app.wallet.Wallet.svg", "symbolic/apps/app.wallet.Wallet-symbolic.svg"):
        assert (installed / "share/icons/hicolor" / icon).is_file(), icon


@pytest.mark.skipif(not (Path(WALLET_BIN).parent / "wallet-app").exists(), reason="wallet-app is not built")
def test_a_release_url_puts_the_screenshots_in_the_installed_metainfo(tmp_path):
    prefix = tmp_path / "prefix"
    make("install", f"PREFIX={prefix}", f"WALLET_BINARY={WALLET_BIN}",
         "APPSTREAM_SCREENSHOT_URL=https://screenshots.invalid/wallet/")
    metainfo = prefix / "share/metainfo/app.wallet.Wallet.metainfo.xml"
    assert "https://screenshots.invalid/wallet/cards.png</image>" in metainfo.read_text()
    run = subprocess.run(["appstreamcli", "validate", "--no-net", str(metainfo)], capture_output=True,
                         timeout=TIMEOUT, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    assert not list(prefix.rglob("*.png")), "the screenshots are served from the URL, not installed"
