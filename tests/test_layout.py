"""House rules of the library's layout (issue 50), checked on the source with :mod:`ast`.

- No module under ``src/asobi`` is over :data:`MAX_LINES` lines.
- No module takes an underscore name (``_foo``, not a dunder) from another asobi module:
  ``from asobi.x import _foo``, ``from . import _foo``, ``import asobi.x._foo``, or an
  attribute ``x._foo`` of an asobi module it imported. What another room needs is public API.
- No import circle among the asobi modules. Every import counts: absolute and relative ones,
  at module level and inside functions (a deferred import hides a circle, it does not undo
  it). ``from pkg import name`` is an arrow to the submodule ``pkg.name`` when that is a
  module, else to ``pkg`` (its ``__init__``); a package's ``__init__`` is not counted as
  imported by its submodules (Python loads it first, but that is not an arrow of the code).

Each check runs once per sub-package of ``asobi`` (``asobi`` itself stands for the top-level
modules), so that a failure names its package, and the message names the modules.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"
MAX_LINES = 600


@dataclass(frozen=True)
class Module:
    """One source file: its dotted name, whether it is a package's ``__init__``, its path."""

    name: str
    is_package: bool
    path: Path

    @property
    def package(self) -> str:
        """The sub-package of the top package it belongs to (the top package for its own
        top-level modules).

        >>> Module("asobi.core.tables", False, Path()).package
        'core'
        >>> Module("asobi.cli", False, Path()).package, Module("asobi", True, Path()).package
        ('asobi', 'asobi')
        """
        parts = self.name.split(".")
        if len(parts) > 2 or (len(parts) == 2 and self.is_package):
            return parts[1]
        return parts[0]


def find_modules(src: Path, top: str = "asobi") -> dict[str, Module]:
    """Every ``.py`` file under ``src/top``, by dotted name."""
    modules = {}
    for path in sorted((src / top).rglob("*.py")):
        parts = list(path.relative_to(src).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        if is_package:
            parts.pop()
        modules[".".join(parts)] = Module(".".join(parts), is_package, path)
    return modules


@dataclass(frozen=True)
class Import:
    """One imported name: ``module`` is the module it is taken from (or the module itself,
    ``name`` None, for ``import a.b``); ``alias`` its ``as`` name; ``line`` where it stands."""

    module: str
    name: str | None
    alias: str | None
    line: int

    @property
    def bound(self) -> tuple[str, str]:
        """(local name, what it stands for): ``import a.b`` binds ``a`` to ``a``."""
        if self.name is None:
            if self.alias:
                return self.alias, self.module
            top = self.module.split(".")[0]
            return top, top
        return self.alias or self.name, f"{self.module}.{self.name}"


def _absolute(module: Module, node: ast.ImportFrom) -> str:
    """The dotted module an ``ImportFrom`` names, relative imports resolved."""
    if not node.level:
        return node.module or ""
    parts = module.name.split(".")
    base = parts if module.is_package else parts[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, node.module] if node.module else base)


@cache
def syntax_tree(path: Path) -> ast.Module:
    """The parsed source of ``path`` (parsed once)."""
    return ast.parse(path.read_text(encoding="utf-8"), str(path))


def imports_of(module: Module) -> Iterator[Import]:
    """Every import anywhere in ``module`` (module level, functions, ``if`` blocks)."""
    for node in ast.walk(syntax_tree(module.path)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield Import(alias.name, None, alias.asname, node.lineno)
        elif isinstance(node, ast.ImportFrom):
            source = _absolute(module, node)
            for alias in node.names:
                yield Import(source, alias.name, alias.asname, node.lineno)


def _known(name: str, modules: Mapping[str, Module]) -> str | None:
    """The longest prefix of ``name`` that is one of ``modules`` (None: not ours)."""
    parts = name.split(".")
    while parts:
        if ".".join(parts) in modules:
            return ".".join(parts)
        parts.pop()
    return None


def import_graph(modules: Mapping[str, Module]) -> dict[str, set[str]]:
    """module -> the asobi modules it imports (see the module doc for what is an arrow)."""
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for module in modules.values():
        for found in imports_of(module):
            submodule = f"{found.module}.{found.name}" if found.name else found.module
            target = submodule if submodule in modules else _known(found.module, modules)
            if target is not None and target != module.name:
                graph[module.name].add(target)
    return graph


def is_private(name: str) -> bool:
    """An underscore name, not a dunder.

    >>> is_private("_claim"), is_private("__version__"), is_private("claim")
    (True, False, False)
    """
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def private_imports(modules: Mapping[str, Module]) -> dict[str, list[str]]:
    """module -> what it takes by an underscore name from other asobi modules, each as
    ``"line N: source.name"``."""
    found: dict[str, list[str]] = defaultdict(list)
    for module in modules.values():
        bound: dict[str, str] = {}  # local name -> asobi module it stands for
        for entry in imports_of(module):
            if _known(entry.module, modules) is None:
                continue
            if entry.name is None:
                if any(is_private(part) for part in entry.module.split(".")):
                    found[module.name].append(f"line {entry.line}: {entry.module}")
            elif entry.module != module.name and is_private(entry.name):
                found[module.name].append(f"line {entry.line}: {entry.module}.{entry.name}")
            local, target = entry.bound
            if target in modules:
                bound[local] = target
        found[module.name].extend(_private_attributes(module, bound, modules))
    return {name: hits for name, hits in found.items() if hits}


def _private_attributes(
    module: Module, bound: Mapping[str, str], modules: Mapping[str, Module]
) -> Iterator[str]:
    """``m._x`` (or ``asobi.a.b._x``) where ``m`` names an imported asobi module."""
    for node in ast.walk(syntax_tree(module.path)):
        if not (isinstance(node, ast.Attribute) and is_private(node.attr)):
            continue
        dotted, value = [], node.value
        while isinstance(value, ast.Attribute):
            dotted.insert(0, value.attr)
            value = value.value
        if not (isinstance(value, ast.Name) and value.id in bound):
            continue
        owner = ".".join([bound[value.id], *dotted])
        if owner in modules and owner != module.name:
            yield f"line {node.lineno}: {owner}.{node.attr}"


def strongly_connected(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """The import circles: strongly connected components of more than one module (Tarjan).

    >>> strongly_connected({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}})
    [['a', 'b', 'c']]
    """
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph.get(node, ())):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                other = stack.pop()
                on_stack.discard(other)
                component.append(other)
                if other == node:
                    break
            if len(component) > 1:
                circles.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(circles)


def line_count(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


# --- the house's checks, one case per package --------------------------------------------------

MODULES = find_modules(SRC)
PACKAGES = sorted({module.package for module in MODULES.values()})


@cache
def house_private_imports() -> dict[str, list[str]]:
    """:func:`private_imports` of the whole house (computed once for every case)."""
    return private_imports(MODULES)


@cache
def house_circles() -> list[list[str]]:
    """The import circles of the whole house (a circle may cross packages)."""
    return strongly_connected(import_graph(MODULES))


def per_package() -> list[object]:
    """One parameter per package, named after it."""
    return [pytest.param(package, id=package) for package in PACKAGES]


def in_package(package: str) -> dict[str, Module]:
    """The house's modules that belong to ``package``."""
    return {name: m for name, m in MODULES.items() if m.package == package}


@pytest.mark.parametrize("package", per_package())
def test_no_module_is_over_the_line_limit(package: str) -> None:
    long = {
        name: lines
        for name, m in in_package(package).items()
        if (lines := line_count(m.path)) > MAX_LINES
    }
    assert not long, f"over {MAX_LINES} lines (split along meaning): {long}"


@pytest.mark.parametrize("package", per_package())
def test_no_underscore_name_is_imported_from_another_module(package: str) -> None:
    mine = in_package(package)
    taken = {name: hits for name, hits in house_private_imports().items() if name in mine}
    assert not taken, f"underscore names taken from other modules (make them public): {taken}"


@pytest.mark.parametrize("package", per_package())
def test_no_import_circle(package: str) -> None:
    mine = in_package(package)
    circles = [c for c in house_circles() if set(c) & set(mine)]
    assert not circles, f"import circles: {circles}"


def test_every_package_is_checked() -> None:
    assert {"core", "chopsticks", "fivelines", "contraposition", "daifugo", "report"} <= set(
        PACKAGES
    )
    assert "asobi" in PACKAGES  # the top-level modules (cli.py, __main__.py)


# --- the checker on a small synthetic package ------------------------------------------------


def write_package(root: Path, files: Mapping[str, str]) -> dict[str, Module]:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return find_modules(root, "toy")


def test_checker_finds_a_circle_through_a_relative_import_inside_a_function(
    tmp_path: Path,
) -> None:
    modules = write_package(
        tmp_path,
        {
            "toy/__init__.py": "",
            "toy/a.py": "from toy.b import run\n",
            "toy/b.py": "def run():\n    from . import c\n    return c\n",
            "toy/c.py": "import toy.a\n",
            "toy/d.py": "from toy import a\n",
        },
    )
    graph = import_graph(modules)
    assert graph["toy.b"] == {"toy.c"} and graph["toy.d"] == {"toy.a"}
    assert strongly_connected(graph) == [["toy.a", "toy.b", "toy.c"]]


def test_checker_finds_a_circle_through_a_package_init(tmp_path: Path) -> None:
    modules = write_package(
        tmp_path,
        {
            "toy/__init__.py": "from toy.games.chess import Board\n",
            "toy/games/__init__.py": "from ..games.chess import Board\n",
            "toy/games/chess.py": "from toy import VERSION\n",
        },
    )
    assert strongly_connected(import_graph(modules)) == [["toy", "toy.games.chess"]]


def test_checker_finds_no_circle_in_a_tree(tmp_path: Path) -> None:
    modules = write_package(
        tmp_path,
        {
            "toy/__init__.py": "",
            "toy/a.py": "import os\nfrom toy import b\nfrom toy.c import f\n",
            "toy/b.py": "from .c import f\n",
            "toy/c.py": "def f():\n    return 1\n",
        },
    )
    assert strongly_connected(import_graph(modules)) == []


def test_checker_finds_every_kind_of_underscore_import(tmp_path: Path) -> None:
    modules = write_package(
        tmp_path,
        {
            "toy/__init__.py": "__version__ = '1'\n",
            "toy/a.py": "_x = 1\ndef _helper():\n    return _x\n",
            "toy/_hidden.py": "",
            "toy/b.py": "from toy.a import (\n    _helper,\n)\nfrom toy import __version__\n",
            "toy/c.py": "def f():\n    from .a import _x\n    return _x\n",
            "toy/d.py": "import toy._hidden\n",
            "toy/e.py": "from toy import a\nimport toy.a as alias\nprint(a._x, alias._helper)\n",
            "toy/f.py": "from toy.a import _x as public_x  # renamed, still private\n",
            "toy/g.py": "import toy.a\nprint(toy.a._x)\n",
        },
    )
    assert private_imports(modules) == {
        "toy.b": ["line 1: toy.a._helper"],
        "toy.c": ["line 2: toy.a._x"],
        "toy.d": ["line 1: toy._hidden"],
        "toy.e": ["line 3: toy.a._x", "line 3: toy.a._helper"],
        "toy.f": ["line 1: toy.a._x"],
        "toy.g": ["line 2: toy.a._x"],
    }


def test_checker_lets_a_module_use_its_own_private_names(tmp_path: Path) -> None:
    modules = write_package(
        tmp_path,
        {
            "toy/__init__.py": "",
            "toy/a.py": "from toy.a import _x\n_x = 1\nimport sys\nsys._getframe\n",
        },
    )
    assert private_imports(modules) == {}


def test_line_limit_counts_lines(tmp_path: Path) -> None:
    path = tmp_path / "long.py"
    path.write_text("x = 1\n" * (MAX_LINES + 1), encoding="utf-8")
    assert line_count(path) == MAX_LINES + 1 > MAX_LINES
