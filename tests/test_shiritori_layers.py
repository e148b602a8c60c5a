"""The shiritori package keeps its layers (issue 50): no module imports another's underscore
names, no two modules import each other (directly or in a loop, imports inside functions
included), and no module is over 600 lines."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "asobi" / "shiritori"
MODULES = sorted(PACKAGE.glob("*.py"))
MAX_LINES = 600


def module_name(path: Path) -> str:
    return "asobi.shiritori" if path.stem == "__init__" else f"asobi.shiritori.{path.stem}"


def private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def imports(path: Path) -> tuple[set[str], list[str]]:
    """The asobi modules ``path`` imports (anywhere in it), and the underscore names it takes
    from other asobi modules (imported, or read as attributes of an imported module)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    modules: set[str] = set()
    private_names: list[str] = []
    aliases: dict[str, str] = {}  # a name bound to an asobi module → that module
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("asobi"):
                    modules.add(alias.name)
                    aliases[alias.asname or alias.name] = alias.name
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("asobi"):
            for alias in node.names:
                child = f"{node.module}.{alias.name}"
                if (PACKAGE / f"{alias.name}.py").exists() and node.module == "asobi.shiritori":
                    modules.add(child)  # a module of the package
                    aliases[alias.asname or alias.name] = child
                else:
                    modules.add(node.module)  # type: ignore[arg-type]
                if private(alias.name):
                    private_names.append(f"{node.module}.{alias.name}")
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in aliases
            and private(node.attr)
        ):
            private_names.append(f"{aliases[node.value.id]}.{node.attr}")
    modules.discard(module_name(path))
    return modules, private_names


GRAPH = {module_name(path): imports(path)[0] for path in MODULES}


@pytest.mark.parametrize("path", MODULES, ids=[path.name for path in MODULES])
def test_no_module_imports_an_underscore_name_of_another(path):
    assert imports(path)[1] == []


@pytest.mark.parametrize("path", MODULES, ids=[path.name for path in MODULES])
def test_no_module_is_over_600_lines(path):
    assert len(path.read_text(encoding="utf-8").splitlines()) <= MAX_LINES


def test_no_import_circle():
    inside = {name: {m for m in targets if m in GRAPH} for name, targets in GRAPH.items()}
    # the package's __init__ is imported with any of its modules: only its own imports count
    circles = []
    state: dict[str, int] = {}  # 1: on the current path, 2: done

    def visit(name: str, path: list[str]) -> None:
        state[name] = 1
        for target in sorted(inside[name]):
            if target == "asobi.shiritori":
                continue
            if state.get(target) == 1:
                circles.append(path[path.index(target) :] + [target])
            elif target not in state:
                visit(target, [*path, target])
        state[name] = 2

    for name in sorted(inside):
        if name not in state:
            visit(name, [name])
    assert circles == []


def test_the_checks_see_a_circle_and_an_underscore_import(tmp_path):
    # the checks themselves: an underscore import and a module attribute are found
    sample = tmp_path / "sample.py"
    sample.write_text(
        "from asobi.shiritori.solver import _INF\n"
        "from asobi.shiritori import proofstore\n"
        "x = proofstore._scan\n",
        encoding="utf-8",
    )
    modules, names = imports(sample)
    assert names == ["asobi.shiritori.solver._INF", "asobi.shiritori.proofstore._scan"]
    assert {"asobi.shiritori.solver", "asobi.shiritori.proofstore"} <= modules
