"""The rooms rule, held by the build: every `import` of a package target names a dependency the
target declares in Package.swift, and docs/ARCHITECTURE.md's "may import" column lists every
target dependency declared there.

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


def architecture_rows():
    """{room: set of backticked names in its "may import" cell} from docs/ARCHITECTURE.md's rooms table."""
    rows = {}
    for line in (ROOT / "docs/ARCHITECTURE.md").read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 3 or not cells[0].startswith("`"):
            continue
        for room in re.findall(r"`([^`]+)`", cells[0].split("(")[0]):
            rows[room] = set(re.findall(r"`([^`]+)`", cells[2])) | set(re.findall(r"\b(GRDB|ZIPFoundation|ArgumentParser)\b", cells[2]))
    return rows


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
