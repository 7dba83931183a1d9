"""`make install` / `make uninstall`: puts wallet on a desktop and takes it off again.

    install.py install   --prefix PREFIX --binary WALLET [--destdir DIR] [--packaged] [--screenshot-url URL]
    install.py uninstall --prefix PREFIX [--destdir DIR]

Install writes, under PREFIX: bin/wallet; lib/wallet/libWalletScan.so (the barcode reader,
zxing-cpp), taken from beside the binary, which loads it from there on demand; the app
(bin/wallet-app, its desktop entry, the one handler of wallet:// links, AppStream metainfo, icons
and compiled translations from po/) when it was built beside the binary; bash, zsh and fish
completions and man pages generated from the binary's own command definitions; wallet.desktop
(hidden: `wallet open URL` by desktop id, which starts the app); a systemd user unit for the
widget host. Everything is generated into a staging directory first, so a
failure installs nothing; each file is then replaced atomically. The files and the directories
install had to create are listed in PREFIX/share/wallet/install-manifest.txt, which uninstall
reads to remove exactly those (directories only when they are empty). DESTDIR is prepended to
every written path but not to the paths written into the files (for packagers). --packaged
writes no manifest: a package manager keeps the file list (debian/rules installs with
--prefix /usr --destdir debian/wallet --packaged). The metainfo carries the screenshots the tests took (dist/screenshots/) under
--screenshot-url (the Makefile's APPSTREAM_SCREENSHOT_URL) when one is given, and none otherwise
(dist/metainfo.py); the PNGs themselves are served from there, not installed.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

import metainfo

HERE = os.path.dirname(os.path.abspath(__file__))
MANIFEST = "share/wallet/install-manifest.txt"
# The libraries the binary opens with dlopen, built by `make libraries`.
LIBRARIES = ("libWalletScan.so",)
COMPLETIONS = {
    "bash": "share/bash-completion/completions/wallet",
    "zsh": "share/zsh/site-functions/_wallet",
    "fish": "share/fish/vendor_completions.d/wallet.fish",
}
TEMPLATES = {
    "wallet.desktop.in": "share/applications/wallet.desktop",
    "wallet-widgets.service.in": "lib/systemd/user/wallet-widgets.service",
    "wallet-sync.service.in": "lib/systemd/user/wallet-sync.service",
    "wallet-sync.timer.in": "lib/systemd/user/wallet-sync.timer",
}


# The app (`wallet-app`, GTK4/libadwaita), installed with its desktop entry, AppStream metainfo
# and icons when it was built beside the binary (`swift build --product wallet-app`).
APP = "wallet-app"
METAINFO = "share/metainfo/app.wallet.Wallet.metainfo.xml"
APP_FILES = {
    "icons/app.wallet.Wallet.svg": "share/icons/hicolor/scalable/apps/app.wallet.Wallet.svg",
    "icons/app.wallet.Wallet-symbolic.svg": "share/icons/hicolor/symbolic/apps/app.wallet.Wallet-symbolic.svg",
    "wallet-app.1": "share/man/man1/wallet-app.1",
}
APP_TEMPLATES = {"app.wallet.Wallet.desktop.in": "share/applications/app.wallet.Wallet.desktop"}


class InstallError(Exception):
    """A problem a person can fix; printed as one line."""


def stage(binary, prefix, staging, screenshot_url=""):
    """Every file to install as {relative path: (staged file, mode)}."""
    files = {"bin/wallet": (binary, 0o755)}
    for library in LIBRARIES:
        files["lib/wallet/" + library] = (os.path.join(os.path.dirname(binary), library), 0o644)
    for shell, target in COMPLETIONS.items():
        staged = os.path.join(staging, os.path.basename(target))
        script = run([binary, "--generate-completion-script", shell])
        if shell == "bash" and script.startswith("#!"):
            # bash-completion sources the file; argument-parser's "#!/bin/bash" line would say it is run.
            script = script.partition("\n")[2]
        with open(staged, "w", encoding="utf-8") as file:
            file.write(script)
        files[target] = (staged, 0o644)
    man = os.path.join(staging, "man")
    names = run([sys.executable, os.path.join(HERE, "manpages.py"), binary, man]).split()
    for name in names:
        files["share/man/man1/" + name] = (os.path.join(man, name), 0o644)
    templates = dict(TEMPLATES)
    app = os.path.join(os.path.dirname(binary), APP)
    if os.path.isfile(app):
        files["bin/" + APP] = (app, 0o755)
        for source, target in APP_FILES.items():
            files[target] = (os.path.join(HERE, source), 0o644)
        files[METAINFO] = (staged_metainfo(staging, screenshot_url), 0o644)
        templates.update(APP_TEMPLATES)
        files.update(translations(staging))
    for template, target in templates.items():
        with open(os.path.join(HERE, template), encoding="utf-8") as file:
            text = file.read().replace("@BINDIR@", os.path.join(prefix, "bin"))
        staged = os.path.join(staging, os.path.basename(target))
        with open(staged, "w", encoding="utf-8") as file:
            file.write(text)
        files[target] = (staged, 0o644)
    return files


def staged_metainfo(staging, screenshot_url):
    """The AppStream metainfo, with the screenshots under `screenshot_url` when it is given."""
    staged = os.path.join(staging, os.path.basename(METAINFO))
    try:
        text = metainfo.metainfo(screenshot_url)
    except metainfo.MetainfoError as error:
        raise InstallError(str(error))
    with open(staged, "w", encoding="utf-8") as file:
        file.write(text)
    return staged


def translations(staging):
    """The app's compiled message catalogs (po/LANG.po -> share/locale/LANG/LC_MESSAGES/wallet.mo)."""
    po = os.path.join(HERE, "..", "po")
    files = {}
    with open(os.path.join(po, "LINGUAS"), encoding="utf-8") as linguas:
        for language in linguas.read().split():
            staged = os.path.join(staging, f"{language}.mo")
            run(["msgfmt", "--check", "-o", staged, os.path.join(po, f"{language}.po")])
            files[f"share/locale/{language}/LC_MESSAGES/wallet.mo"] = (staged, 0o644)
    return files


def run(command):
    try:
        return subprocess.run(command, check=True, capture_output=True, text=True).stdout
    except (OSError, subprocess.CalledProcessError) as error:
        detail = getattr(error, "stderr", "") or str(error)
        raise InstallError(f"{' '.join(command[:2])} failed: {detail.strip().splitlines()[-1] if detail.strip() else error}")


def read_manifest(root):
    """(files, directories) relative to PREFIX from an earlier install, or None."""
    path = os.path.join(root, MANIFEST)
    if not os.path.exists(path):
        return None
    files, directories = [], []
    with open(path, encoding="utf-8") as manifest:
        for line in manifest:
            kind, _, relative = line.rstrip("\n").partition(" ")
            if not relative or relative.startswith("/") or ".." in relative.split("/"):
                raise InstallError(f"{path} has a line that is not 'file|dir RELATIVE-PATH': {line.strip()!r}")
            (files if kind == "file" else directories).append(relative)
    return files, directories


def make_parents(root, relative, created):
    """Creates the missing directories above `relative`, recording each one made."""
    missing = []
    parent = os.path.dirname(relative)
    while parent and not os.path.isdir(os.path.join(root, parent)):
        missing.append(parent)
        parent = os.path.dirname(parent)
    for directory in reversed(missing):
        os.mkdir(os.path.join(root, directory), 0o755)
        created.append(directory)


def place(source, destination, mode):
    """Copies `source` next to `destination`, then renames it over: never a half-written file."""
    directory = os.path.dirname(destination)
    handle, temporary = tempfile.mkstemp(dir=directory, prefix=".wallet-install-")
    try:
        with os.fdopen(handle, "wb") as target, open(source, "rb") as origin:
            shutil.copyfileobj(origin, target)
        os.chmod(temporary, mode)
        os.replace(temporary, destination)
    except BaseException:
        os.unlink(temporary)
        raise


def check_prefix(prefix):
    """PREFIX goes unquoted into Exec= and ExecStart= lines: only characters that need no quoting."""
    unsafe = sorted({c for c in prefix if not (c.isascii() and (c.isalnum() or c in "/._+-@,:"))})
    if unsafe:
        raise InstallError(f"PREFIX {prefix!r} has characters the desktop entry and the systemd unit cannot "
                           f"take unquoted ({''.join(unsafe)!r}): choose a PREFIX without them")


def install(prefix, root, binary, packaged=False, screenshot_url=""):
    check_prefix(prefix)
    if not (os.path.isfile(binary) and os.access(binary, os.X_OK)):
        raise InstallError(f"no executable wallet at {binary}: run `make install` (it builds one) or pass WALLET_BINARY=PATH")
    for library in LIBRARIES:
        if not os.path.isfile(os.path.join(os.path.dirname(binary), library)):
            configuration = "debug" if os.path.basename(os.path.dirname(os.path.abspath(binary))) == "debug" else "release"
            raise InstallError(f"no {library} beside {binary}: build it with `make libraries CONFIG={configuration}`")
    previous = read_manifest(root) or ([], [])
    with tempfile.TemporaryDirectory(prefix="wallet-install-") as staging:
        files = stage(os.path.abspath(binary), prefix, staging, screenshot_url)
        created = list(previous[1])
        if not os.path.isdir(root):
            os.makedirs(root)
            created.append(".")
        for relative, (source, mode) in sorted(files.items()):
            make_parents(root, relative, created)
            place(source, os.path.join(root, relative), mode)
        if packaged:
            listed = sorted(files)
        else:
            make_parents(root, MANIFEST, created)
            listed = sorted(set(files) | {MANIFEST})
            lines = [f"file {path}\n" for path in listed] + [f"dir {path}\n" for path in created]
            manifest = os.path.join(staging, "manifest")
            with open(manifest, "w", encoding="utf-8") as file:
                file.writelines(lines)
            place(manifest, os.path.join(root, MANIFEST), 0o644)
    for path in listed:
        print(os.path.join(prefix, path))


def uninstall(prefix, root):
    found = read_manifest(root)
    if found is None:
        raise InstallError(f"nothing to uninstall: no {os.path.join(prefix, MANIFEST)} (was wallet installed with this PREFIX?)")
    files, directories = found
    for relative in sorted(files, key=lambda path: path == MANIFEST):
        path = os.path.join(root, relative)
        if os.path.lexists(path):
            os.unlink(path)
            print("removed " + os.path.join(prefix, relative))
    for relative in sorted(directories, key=lambda path: -1 if path == "." else path.count("/"), reverse=True):
        try:
            os.rmdir(os.path.normpath(os.path.join(root, relative)))
        except OSError:
            pass  # not empty (something else lives there now) or already gone: leave it


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("action", choices=["install", "uninstall"])
    parser.add_argument("--prefix", required=True)
    parser.add_argument("--destdir", default="")
    parser.add_argument("--binary")
    parser.add_argument("--packaged", action="store_true", help="write no install manifest (a package manager lists the files)")
    parser.add_argument("--screenshot-url", default="", help="where the app's screenshots are served (empty: none in the metainfo)")
    arguments = parser.parse_args()
    prefix = os.path.abspath(os.path.expanduser(arguments.prefix))
    root = arguments.destdir.rstrip("/") + prefix if arguments.destdir else prefix
    try:
        if arguments.action == "install":
            install(prefix, root, arguments.binary or "", arguments.packaged, arguments.screenshot_url)
        else:
            uninstall(prefix, root)
    except InstallError as error:
        sys.exit(f"wallet {arguments.action}: {error}")
    except OSError as error:
        sys.exit(f"wallet {arguments.action}: {error.filename or prefix}: {error.strerror} (check PREFIX and its permissions)")


if __name__ == "__main__":
    main()
