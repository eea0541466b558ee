"""The house issue's shape of the rules: each family a package, registered once, its bots,
words and movement beside its rules, no file in rules/ over about 500 lines."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest

import landlord.rules as rules_pkg
from landlord.data.families import FAMILIES, REGISTERED, rules_class
from landlord.engine import landing, narrate, strategies

RULES = Path(rules_pkg.__file__).parent


def test_no_file_in_rules_is_over_about_500_lines() -> None:
    long = {str(p.relative_to(RULES)): n for p in RULES.rglob("*.py")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > 500}
    assert not long, long


@pytest.mark.parametrize("family", [f.name for f in REGISTERED])
def test_each_family_is_a_package_with_its_parts(family: str) -> None:
    folder = RULES / family
    for part in ("__init__", "state", "position", "words", "count", "turns", "bots", "movement"):
        assert (folder / f"{part}.py").is_file(), part
    f = next(f for f in REGISTERED if f.name == family)
    assert rules_class(family).__module__ == f"{f.package}.turns"
    assert callable(f.part("bots").answer) and callable(f.part("movement").build)
    assert callable(f.part("words").narrate) and f.part("words").EVENTS
    assert FAMILIES[family] == f"{f.package}:{f.cls}"


def test_the_shared_modules_have_no_family_specific_branch() -> None:
    """Their code names no family (docstrings may point to a family's bots for a character)."""
    for module in (strategies, narrate):
        tree = ast.parse(inspect.getsource(module))
        docs = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant)}
        words = [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)
                 and id(n) not in docs]
        words += [a.name for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom)) for a in n.names]
        words += [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
        words += [n.id for n in ast.walk(tree) if isinstance(n, ast.Name)]
        for f in REGISTERED:
            assert not [w for w in words if f.name in w or f.cls in w], (module.__name__, f.name)
    assert set(landing.MOVEMENTS) >= set(FAMILIES)


def test_no_event_kind_has_sentences_in_two_families() -> None:
    seen: dict[str, str] = {}
    for f in REGISTERED:
        for kind in f.part("words").EVENTS:
            assert kind not in seen, (kind, seen.get(kind), f.name)
            seen[kind] = f.name


@pytest.mark.parametrize("family, module, cls", [("magie1904", "params", "Params1904"),
                                                 ("british1913", "params", "Params1913")])
def test_typed_params_are_the_declared_params(family: str, module: str, cls: str) -> None:
    from dataclasses import fields

    from landlord.data.loader import load_ruleset

    f = next(f for f in REGISTERED if f.name == family)
    params = getattr(f.part(module), cls)
    assert list(rules_class(family).PARAMS) == [x.name for x in fields(params)]
    ruleset = load_ruleset({"magie1904": "magie-1904", "british1913": "british-1913-part1"}[family])
    for phase in ruleset.phases:
        typed = f.part(module).of(ruleset.values(phase))
        for name, value in ruleset.values(phase).items():
            if name in rules_class(family).PARAMS:
                got = getattr(typed, name)
                assert (list(got) if isinstance(got, tuple) else got) == value, (phase, name)
