"""The house's layers hold (issue 23, point 4): the folders under ``landlord/`` are the layers,
data flows one way through them, and no module imports another that imports it back.

    base (errors, version) → data → engine → rules → players → analysis → charts → runs → apps → widgets

A module may import its own layer and those below it, never one above; every import counts,
at the top of a module, inside a function, or under ``TYPE_CHECKING``. The package's face,
``landlord/__init__.py`` (the public API lessons and users import), stands above them all and
no module of the kit imports it. No module looks a rules family up by name below the rules:
each family is a value (:mod:`landlord.rules.family`), listed once in :mod:`landlord.rules.families`
and handed down (issue 39, point 1).
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

LAYERS = ("base", "data", "engine", "rules", "players", "analysis", "charts", "runs", "apps", "widgets", "face")
BASE = {"landlord.errors", "landlord.limits", "landlord.version"}


def modules() -> dict[str, Path]:
    """Every module of the kit by its dotted name (``widgets/`` is ``landlord.widgets``)."""
    out: dict[str, Path] = {}
    for path in sorted((ROOT / "landlord").rglob("*.py")) + sorted((ROOT / "widgets").glob("*.py")):
        rel = path.relative_to(ROOT).with_suffix("")
        parts = list(rel.parts)
        if parts[0] == "widgets":
            parts.insert(0, "landlord")
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def layer_of(name: str) -> str:
    """The layer a module stands in: its folder under ``landlord/``."""
    if name == "landlord":
        return "face"
    if name in BASE:
        return "base"
    if name == "landlord.__main__":
        return "apps"
    layer = name.split(".")[1]
    if layer not in LAYERS:
        raise AssertionError(f"{name} stands in no layer (its folder {layer!r} is not one of {LAYERS})")
    return layer


def imports(name: str, path: Path, known: Iterable[str]) -> set[str]:
    """The kit's modules ``name`` imports, anywhere in its code (relative imports resolved)."""
    known = set(known)
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    out: set[str] = set()
    for node in ast.walk(tree):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package[: len(package) - node.level + 1] + ([base] if base else []))
            if base == "widgets" or base.startswith("widgets."):
                base = "landlord." + base
            targets = [f"{base}.{a.name}" for a in node.names] + [base]
        for t in targets:
            if t.startswith("widgets"):
                t = "landlord." + t
            while t and t not in known:
                t = t.rpartition(".")[0]
            if t and t != name:
                out.add(t)
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module == "landlord":
            # ``from landlord import X``: X a submodule is that module; any other name is the face's
            out.discard("landlord")
            for a in node.names:
                out.add(f"landlord.{a.name}" if f"landlord.{a.name}" in known else "landlord")
    return out


def graph() -> dict[str, set[str]]:
    mods = modules()
    return {name: imports(name, path, mods) for name, path in mods.items()}


def upward(edges: Mapping[str, set[str]]) -> list[str]:
    """Every import from a lower layer into a higher one, as ``a (layer) -> b (layer)``."""
    rank = {layer: i for i, layer in enumerate(LAYERS)}
    return sorted(f"{a} ({layer_of(a)}) -> {b} ({layer_of(b)})" for a, targets in edges.items()
                  for b in targets if rank[layer_of(b)] > rank[layer_of(a)])


def cycles(edges: Mapping[str, set[str]]) -> list[list[str]]:
    """The circles: each strongly connected set of two or more modules (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def test_every_module_stands_in_a_layer() -> None:
    flat = [n for n in modules() if n.count(".") == 1 and n not in BASE and n != "landlord.__main__"
            and n.split(".")[1] not in LAYERS]
    assert not flat, f"modules beside the layers: {flat}"
    for name in modules():
        layer_of(name)


def test_no_import_runs_from_a_lower_layer_into_a_higher_one() -> None:
    assert not upward(graph())


def test_no_module_imports_one_that_imports_it_back() -> None:
    assert not cycles(graph())


def test_the_kit_never_imports_its_own_face() -> None:
    importers = sorted(a for a, targets in graph().items() if "landlord" in targets)
    assert not importers, importers


def test_only_the_widgets_face_and_the_forking_server_import_by_name() -> None:
    """``import_module`` is how ``landlord.widgets`` loads a front end when first used (each named
    in its ``TYPE_CHECKING`` block too, so this test sees them); anywhere else it would hide an
    import from this test. DECISION (issue 37): ``landlord.apps.forking`` too: its warmed parent,
    a process of its own, imports by name what the pages' kernels will import (the kit's front
    ends among them) and uses none of it itself."""
    users = sorted(n for n, p in modules().items()
                   if any(w in p.read_text(encoding="utf-8") for w in ("import_module", "__import__(")))
    assert users == ["landlord.apps.forking", "landlord.widgets"], users


def named_modules(path: Path) -> list[str]:
    """The strings in ``path``'s code (its docstrings apart) that name a module of the rules or
    the players: a lookup by name the import graph cannot see (an ``import_module``, a plugin
    path, ``f"landlord.rules.{family}"``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant)}
    return [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)
            and id(n) not in docs and ("landlord.rules" in n.value or "landlord.players" in n.value)]


def test_no_module_below_the_rules_names_a_rules_or_players_module() -> None:
    """The lookups the import test would miss (issue 39): no string built into the data or the
    engine names a module of the rules or the players, and none in the rules names the players'."""
    rank = {layer: i for i, layer in enumerate(LAYERS)}
    found = {}
    for name, path in modules().items():
        layer = layer_of(name)
        if rank[layer] < rank["rules"]:
            hits = named_modules(path)
        elif layer == "rules":
            hits = [w for w in named_modules(path) if "landlord.players" in w]
        else:
            continue
        if hits:
            found[name] = hits
    assert not found, found


def family_names(path: Path, families: Iterable[str]) -> list[str]:
    """The rules families ``path``'s text names (code, strings, comments and docstrings alike)."""
    text = path.read_text(encoding="utf-8")
    return [f for f in families if f in text]


def test_the_data_names_no_rules_family() -> None:
    """Issue 39, point 1: ``data/`` checks only what a data file alone can say; what a family
    needs (its own ranges, params that must agree, a board's places and values) is the family's
    (:class:`landlord.rules.needs.Needs`), so no module of the data names a family."""
    from landlord.rules.families import FAMILIES

    names = [f.name for f in FAMILIES]
    assert {"magie1904", "magie1906", "british1913", "monopoly"} <= set(names)
    found = {n: hits for n, p in modules().items() if layer_of(n) == "data" and (hits := family_names(p, names))}
    assert not found, found


def test_the_family_name_check_can_fail(tmp_path: Path) -> None:
    path = tmp_path / "m.py"
    path.write_text('NEEDS = {"monopoly": ("space:jail",)}\n', encoding="utf-8")
    assert family_names(path, ["magie1904", "monopoly"]) == ["monopoly"]


def test_the_named_module_check_can_fail(tmp_path: Path) -> None:
    path = tmp_path / "m.py"
    path.write_text('"""Doc naming landlord.rules.x."""\nf = "magie"\nx = f"landlord.rules.{f}"\n', encoding="utf-8")
    assert named_modules(path) == ["landlord.rules."]


@pytest.mark.parametrize("source, name, found", [
    ("def f():\n    from landlord.apps import cli\n", "landlord.engine.game", "landlord.apps.cli"),
    ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from landlord.runs.sweep import Sweep\n",
     "landlord.data.loader", "landlord.runs.sweep"),
    ("from landlord import Game\n", "landlord.engine.replay", "landlord"),
])
def test_the_checks_see_function_level_type_only_and_face_imports(tmp_path: Path, source: str, name: str,
                                                                  found: str) -> None:
    """The checks can fail: a function-level, a type-only and a face import are each found, and
    reported as running up (or as a circle)."""
    path = tmp_path / "m.py"
    path.write_text(source, encoding="utf-8")
    known = set(modules())
    edges = {name: imports(name, path, known)}
    assert found in edges[name]
    assert upward(edges)
    assert cycles({"a": {"b"}, "b": {"a"}, "c": set()}) == [["a", "b"]]
