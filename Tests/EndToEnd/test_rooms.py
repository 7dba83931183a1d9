"""The rooms rule, held by the build: every `import` of a package target names a dependency the
target declares in Package.swift, and docs/ARCHITECTURE.md's "may import" column says exactly
what each Swift target imports and links, both ways: every module it imports (its declared
dependencies and Glibc) is listed, every module listed is imported, and a dependency declared only
to be linked (never imported: `CLibrariesOnDemand`'s forwarders) stands apart, after "link only:".

SwiftPM's own `--explicit-target-dependency-import-check error` (which `make test` also passes)
skips every target that depends, even indirectly, on a target with generated sources: GRDB and
ZIPFoundation generate resource accessors, so WalletCore and everything above it went unchecked
(a WidgetHost import of an undeclared WalletCore built without a word). This check reads the
manifest as SwiftPM does (`swift package dump-package`) and the sources' import lines.
"""
import json
import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
IMPORT = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?"
                    r"import\s+(?:(?:class|struct|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_]\w*)", re.M)


@pytest.fixture(scope="module")
def manifest():
    run = subprocess.run(["swift", "package", "dump-package"], cwd=ROOT, capture_output=True, text=True, timeout=300,
                         check=True)
    return json.loads(run.stdout)


def declared(target):
    """Names a target may import: its target dependencies and the modules of its product dependencies."""
    names = set()
    for dependency in target["dependencies"]:
        kind, value = next(iter(dependency.items()))
        names.add(value[0])
    return names


def source_dir(target):
    default = "Tests" if target["type"] == "test" else "Sources"
    return ROOT / (target.get("path") or f"{default}/{target['name']}")


def test_every_import_of_a_package_target_is_declared(manifest):
    targets = {t["name"]: t for t in manifest["targets"]}
    products = {"GRDB", "ArgumentParser", "ZIPFoundation"}
    missing = []
    for name, target in targets.items():
        if target["type"] == "system":
            continue
        allowed = declared(target)
        for source in source_dir(target).rglob("*.swift"):
            for module in IMPORT.findall(source.read_text(encoding="utf-8")):
                if (module in targets or module in products) and module != name and module not in allowed:
                    missing.append(f"{source.relative_to(ROOT)} imports {module}, not declared by {name}")
    assert missing == [], "\n".join(sorted(set(missing)))


PRODUCTS = {"GRDB", "ArgumentParser", "ZIPFoundation", "SystemPackage", "Crypto"}
# System modules a room must list when it imports them (Foundation and Dispatch go without saying).
LISTED_SYSTEM_MODULES = {"Glibc"}
LINK_ONLY = "link only:"


def names_in(cell):
    return set(re.findall(r"`([^`]+)`", cell)) | set(re.findall(r"\b(GRDB|ZIPFoundation|ArgumentParser|Glibc)\b", cell))


def architecture_cells():
    """{room: its "may import" cell} from docs/ARCHITECTURE.md's rooms table."""
    cells_by_room = {}
    for line in (ROOT / "docs/ARCHITECTURE.md").read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 3 or not cells[0].startswith("`"):
            continue
        for room in re.findall(r"`([^`]+)`", cells[0].split("(")[0]):
            cells_by_room[room] = cells[2]
    return cells_by_room


def architecture_rows():
    """{room: set of backticked names in its "may import" cell}."""
    return {room: names_in(cell) for room, cell in architecture_cells().items()}


def imports_of(target):
    return {module for source in source_dir(target).rglob("*.swift")
            for module in IMPORT.findall(source.read_text(encoding="utf-8"))}


def test_architecture_table_says_what_each_room_imports_and_links_both_ways(manifest):
    """For each Swift target with a row: the modules its cell names before "link only:" are the
    modules it imports (declared ones and Glibc), those after it are declared and not imported."""
    targets = {t["name"]: t for t in manifest["targets"]}
    modules = set(targets) | PRODUCTS | LISTED_SYSTEM_MODULES
    cells = architecture_cells()
    wrong = []
    for name, target in targets.items():
        if target["type"] in ("test", "system") or name not in cells or name == "wallet":
            continue
        if not any(source_dir(target).rglob("*.swift")):
            continue  # a C target: its includes are the compiler's to check
        may_import, _, link_only = cells[name].partition(LINK_ONLY)
        listed = (names_in(may_import) & modules) - {name}
        listed_links = (names_in(link_only) & modules) - {name}
        declared_names = declared(target)
        imported = imports_of(target) & (declared_names | LISTED_SYSTEM_MODULES)
        for module in sorted(imported - listed):
            wrong.append(f"{name} imports {module}, which its 'may import' cell does not list")
        for module in sorted(listed - imported):
            wrong.append(f"{name}'s cell lists {module}, which {name} does not import"
                         + (" (declared only to link: put it after 'link only:')" if module in declared_names else ""))
        for module in sorted(listed_links - (declared_names - imported)):
            wrong.append(f"{name}'s cell lists {module} as link only, but it is "
                         + ("imported" if module in imported else "not declared"))
        for module in sorted(declared_names - imported - listed_links - listed - {"ArgumentParser"}):
            wrong.append(f"{name} declares {module} without importing it: list it after 'link only:' or drop it")
    assert wrong == [], "\n".join(wrong)


def test_architecture_table_lists_every_declared_dependency(manifest):
    rows = architecture_rows()
    unlisted = []
    for target in manifest["targets"]:
        name = target["name"]
        if target["type"] in ("test", "system") or name not in rows or name == "wallet":
            continue  # test targets mirror their room; `wallet` may import "all of the above"
        for dependency in sorted(declared(target) - rows[name]):
            unlisted.append(f"{name} depends on {dependency}, which its 'may import' cell does not list")
    assert unlisted == [], "\n".join(unlisted)
