"""A clean Debian 12 (bookworm) root for the package test (test_deb.py).

Made once by `debootstrap --variant=minbase` from the Debian mirror this machine's own apt uses
(its /etc/apt/sources.list and sources.list.d/*.sources), kept as a tarball in .build/deb-root
(a few minutes the first time), and unpacked fresh for every run, so each run starts from the
same clean system. The chroot gets the same bookworm sources as the host. The .debs apt
downloads into it are kept in .build/deb-root/archives and handed to the next run, so a rerun
downloads nothing. Commands run in it with chroot(8): root only. Only /proc is mounted in it
(wallet finds its libraries through /proc/self/exe), and the root is deleted only once nothing
is mounted under it. One run at a time holds .build/deb-root/lock; a run that was killed leaves
its root behind, and the next one deletes it.
"""
import fcntl
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[2]
CACHE = REPOSITORY / ".build/deb-root"
SUITE = "bookworm"
TARBALL = CACHE / f"{SUITE}-minbase.tar"
ARCHIVES = CACHE / "archives"
# Seconds: debootstrap downloads and unpacks ~90 packages; apt installs a few hundred MB at most.
DEBOOTSTRAP_TIMEOUT = 1200
COMMAND_TIMEOUT = 900
# Paths whose contents change by themselves (logs, apt's and dpkg's state, caches, scratch): left
# out of the file lists compared before and after the package is installed and removed.
VOLATILE = ("proc/", "dev/", "sys/", "run/", "tmp/", "root/", "home/", "var/log/", "var/cache/",
            "var/lib/apt/", "var/lib/dpkg/", "var/tmp/")
ENVIRONMENT = {"PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "LANG": "C.UTF-8", "DEBIAN_FRONTEND": "noninteractive"}


def host_sources():
    """This machine's apt sources for SUITE (its -updates and -security too), as deb822 stanzas.

    Read from /etc/apt/sources.list.d/*.sources and the one-line /etc/apt/sources.list; other
    suites (third-party repositories) are left out."""
    stanzas = []
    directory = Path("/etc/apt/sources.list.d")
    for path in sorted(directory.glob("*.sources")) if directory.is_dir() else []:
        for block in path.read_text().split("\n\n"):
            fields = deb822_fields(block)
            suites = fields.get("Suites", "").split()
            if suites and all(suite.split("-")[0] == SUITE for suite in suites) and "deb" in fields.get("Types", ""):
                stanzas.append(fields)
    one_line = Path("/etc/apt/sources.list")
    for line in one_line.read_text().splitlines() if one_line.exists() else []:
        words = line.split("#")[0].split()
        if words[:1] == ["deb"]:
            options = [word for word in words[1:] if word.startswith("[")]
            uri, suite, *components = [word for word in words[1:] if word not in options]
            if suite.split("-")[0] == SUITE:
                stanzas.append({"Types": "deb", "URIs": uri, "Suites": suite, "Components": " ".join(components)})
    if not stanzas:
        raise RuntimeError(f"this machine's apt has no {SUITE} source in /etc/apt: the package test needs a Debian 12 mirror")
    return stanzas


def deb822_fields(block):
    """The fields of one deb822 stanza (comments dropped, continuation lines joined)."""
    fields, name = {}, None
    for line in block.splitlines():
        if line.startswith("#") or not line.strip():
            continue
        if line[0] in " \t" and name:
            fields[name] += " " + line.strip()
        else:
            name, _, value = line.partition(":")
            fields[name.strip()] = value.strip()
    return fields


def main_mirror(stanzas):
    """The URI of the stanza holding SUITE itself (not -updates or -security): debootstrap's mirror."""
    for fields in stanzas:
        if SUITE in fields["Suites"].split():
            return fields["URIs"].split()[0]
    raise RuntimeError(f"no source in /etc/apt carries the {SUITE} suite itself")


def run(command, timeout=COMMAND_TIMEOUT, **options):
    """Runs a host command; its output in the error when it fails."""
    result = subprocess.run(command, capture_output=True, text=True, timeout=timeout, **options)
    if result.returncode != 0:
        raise AssertionError(f"{' '.join(map(str, command))} exited {result.returncode}:\n{result.stdout[-3000:]}{result.stderr[-3000:]}")
    return result


def mounts_under(path):
    """Mount points at or below `path` (from /proc/mounts), deepest first."""
    prefix = os.path.realpath(path)
    with open("/proc/mounts", encoding="utf-8") as mounts:
        points = [line.split()[1].replace("\\040", " ") for line in mounts]
    return sorted((p for p in points if p == prefix or p.startswith(prefix + "/")), key=len, reverse=True)


def remove_tree(path):
    """Deletes `path` after unmounting whatever is mounted below it; refuses while anything is."""
    for point in mounts_under(path):
        subprocess.run(["umount", "--lazy", point], check=False, timeout=60)
    if mounts_under(path):
        raise RuntimeError(f"{path} still has mounts under it ({mounts_under(path)}): not deleting it")
    shutil.rmtree(path, ignore_errors=True)


def ensure_tarball(log):
    """The cached minbase root, made with debootstrap when missing (staged, then renamed)."""
    if TARBALL.exists():
        return TARBALL
    CACHE.mkdir(parents=True, exist_ok=True)
    mirror = main_mirror(host_sources())
    stage = Path(tempfile.mkdtemp(prefix="stage-", dir=CACHE))
    try:
        log(f"debootstrap --variant=minbase {SUITE} from {mirror} (once; cached in {TARBALL})")
        run(["debootstrap", "--variant=minbase", SUITE, stage, mirror], timeout=DEBOOTSTRAP_TIMEOUT)
        os.chmod(stage, 0o755)  # a root file system's / (mkdtemp made it 0700: no user could run anything)
        run(["tar", "-C", stage, "--numeric-owner", "-cf", f"{TARBALL}.partial", "."])
        os.replace(f"{TARBALL}.partial", TARBALL)
    finally:
        remove_tree(stage)
    return TARBALL


class DebianRoot:
    """A fresh bookworm root unpacked from the cached tarball, with /proc mounted and the host's
    bookworm sources; `close()` unmounts and deletes it."""

    def __init__(self, log=print):
        CACHE.mkdir(parents=True, exist_ok=True)
        self.lock = open(CACHE / "lock", "w")
        try:
            fcntl.flock(self.lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            self.lock.close()
            raise RuntimeError(f"another package test holds {CACHE / 'lock'}: wait for it to finish") from None
        for stale in [*CACHE.glob("root-*"), *CACHE.glob("stage-*")]:
            remove_tree(stale)
        tarball = ensure_tarball(log)
        self.path = Path(tempfile.mkdtemp(prefix="root-", dir=CACHE))
        try:
            run(["tar", "-C", self.path, "--numeric-owner", "-xpf", tarball])
            os.chmod(self.path, 0o755)  # / of the root, whatever mode the tarball's "." has
            self.write_sources()
            shutil.copyfile("/etc/resolv.conf", self.path / "etc/resolv.conf")
            run(["mount", "-t", "proc", "proc", self.path / "proc"])
        except BaseException:
            self.close()
            raise

    def write_sources(self):
        """The host's bookworm stanzas replace debootstrap's one-line sources.list."""
        text = "\n".join("".join(f"{name}: {value}\n" for name, value in fields.items()) for fields in host_sources())
        (self.path / "etc/apt/sources.list").write_text("")
        (self.path / "etc/apt/sources.list.d/debian.sources").write_text(text)

    def run(self, *command, user=None, env=None, check=True, timeout=COMMAND_TIMEOUT):
        """`command` inside the root (as `user` when given), with a clean environment."""
        environment = dict(ENVIRONMENT, HOME=f"/home/{user}" if user else "/root", **(env or {}))
        prefix = ["chroot"] + ([f"--userspec={user}:{user}"] if user else []) + [str(self.path), "/usr/bin/env", "-i"]
        arguments = prefix + [f"{name}={value}" for name, value in environment.items()] + list(map(str, command))
        result = subprocess.run(arguments, capture_output=True, text=True, timeout=timeout)
        if check and result.returncode != 0:
            raise AssertionError(f"in the chroot, {' '.join(map(str, command))} exited {result.returncode}:\n"
                                 f"{result.stdout[-3000:]}{result.stderr[-3000:]}")
        return result

    def restore_archives(self):
        """Hands the .debs an earlier run downloaded to apt (hard links, same file system)."""
        target = self.path / "var/cache/apt/archives"
        for deb in ARCHIVES.glob("*.deb") if ARCHIVES.is_dir() else []:
            if not (target / deb.name).exists():
                os.link(deb, target / deb.name)

    def keep_archives(self):
        """Keeps the .debs apt downloaded for the next run."""
        ARCHIVES.mkdir(parents=True, exist_ok=True)
        for deb in (self.path / "var/cache/apt/archives").glob("*.deb"):
            if not (ARCHIVES / deb.name).exists():
                os.link(deb, ARCHIVES / deb.name)

    def files(self):
        """Every path in the root outside VOLATILE, relative; directories end with '/'."""
        listed = set()
        for directory, subdirectories, names in os.walk(self.path):
            relative = os.path.relpath(directory, self.path)
            relative = "" if relative == "." else relative + "/"
            subdirectories[:] = [d for d in subdirectories if not (relative + d + "/").startswith(VOLATILE)]
            listed.update(relative + d + "/" for d in subdirectories)
            listed.update(relative + name for name in names)
        return listed

    def close(self):
        """Unmounts and deletes the root, then lets the next run in."""
        try:
            remove_tree(self.path)
        finally:
            self.lock.close()
