"""The package's layers: imports point down the layers, never up or sideways, and never in a circle.

Every import is read from the source, including the ones inside functions and under
``TYPE_CHECKING``, so a cycle cannot hide behind a late import.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "scorekeeper"

#: Lowest first. A module may import modules of its own layer or of a layer below it.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("errors", "_version", "_words", "i18n", "_frozen", "_json"),
    ("cards", "notation", "documents", "_yaml", "_marks", "config"),
    ("rules",),
    ("scoring",),
    ("play", "match"),
    ("tournament", "ratings"),
    ("history",),
    ("output",),
    ("",),  # the front door: scorekeeper/__init__.py
    ("cli", "web", "__main__"),
)
#: Neighbours on one layer that must not know each other.
APART = {("play", "match"), ("match", "play"), ("cli", "web"), ("web", "cli"),
         ("tournament", "ratings"), ("ratings", "tournament")}


def unit(module: str) -> str:
    """The layer unit of a dotted module name inside the package: 'play' for scorekeeper.play.replay."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def level(name: str) -> int:
    return next(i for i, layer in enumerate(LAYERS) if name in layer)


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path) -> set[str]:
    """Every scorekeeper module a file imports, wherever the import statement stands."""
    own = module_name(path)
    package = own if path.name == "__init__.py" else own.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names if alias.name.split(".")[0] == "scorekeeper"}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join([*base, node.module] if node.module else base)
            else:
                target = node.module or ""
            if target.split(".")[0] != "scorekeeper":
                continue
            # "from scorekeeper.play import replay" imports the module scorekeeper.play.replay
            for alias in node.names:
                candidate = f"{target}.{alias.name}"
                found.add(candidate if _exists(candidate) else target)
    found.discard(own)
    return found


def _exists(module: str) -> bool:
    rel = Path(*module.split(".")[1:])
    return (PACKAGE / rel).with_suffix(".py").is_file() or (PACKAGE / rel / "__init__.py").is_file()


GRAPH = {module_name(p): imports_of(p) for p in sorted(PACKAGE.rglob("*.py"))}


def test_every_module_belongs_to_a_layer() -> None:
    names = {name for layer in LAYERS for name in layer}
    assert sorted({unit(m) for m in GRAPH} - names) == []


@pytest.mark.parametrize("module", sorted(GRAPH))
def test_imports_point_down_the_layers(module: str) -> None:
    here = unit(module)
    wrong = [target for target in sorted(GRAPH[module])
             if level(unit(target)) > level(here) or (here, unit(target)) in APART]
    assert wrong == [], f"{module} imports upwards or sideways: {wrong}"


def test_no_import_cycles() -> None:
    cycles: list[list[str]] = []
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(module: str) -> None:
        state[module] = 1
        path.append(module)
        for target in sorted(GRAPH.get(module, ())):
            if state.get(target) == 1:
                cycles.append([*path[path.index(target):], target])
            elif target not in state:
                visit(target)
        path.pop()
        state[module] = 2

    for module in sorted(GRAPH):
        if module not in state:
            visit(module)
    assert cycles == []


def test_the_graph_sees_imports_inside_functions() -> None:
    # scorekeeper.rules.catalog reads rule files (PyYAML, pydantic) only on a cache miss, inside a function.
    assert "scorekeeper.rules.extends" in GRAPH["scorekeeper.rules.catalog"]


def test_no_sql_outside_the_history_layer() -> None:
    words = ("sqlite3", ".execute(", "SELECT ", "INSERT ")
    offenders = [str(p.relative_to(PACKAGE)) for p in PACKAGE.rglob("*.py")
                 if unit(module_name(p)) != "history" and any(w in p.read_text(encoding="utf-8") for w in words)]
    assert offenders == []
