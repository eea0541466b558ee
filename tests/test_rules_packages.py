"""The house issue's shape of the rules: each family a package, registered once, its words and
movement beside its rules, its players in ``landlord/players/`` (issue 36: the rules say what is
legal and what it pays; the players decide), no file in rules/ over about 500 lines."""

from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path

import pytest
from class_shapes import kit_classes

import landlord.rules as rules_pkg
from landlord.engine import narrate, strategies
from landlord.players.registry import PLAYERS
from landlord.rules.families import FAMILIES, family_named

RULES = Path(rules_pkg.__file__).parent


def test_no_file_in_rules_is_over_about_500_lines() -> None:
    long = {str(p.relative_to(RULES)): n for p in RULES.rglob("*.py")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > 500}
    assert not long, long


@pytest.mark.parametrize("family", [f.name for f in FAMILIES])
def test_no_class_of_a_family_inherits_more_than_three_of_the_kits_classes(family: str) -> None:
    """Issue 39, point 2: each family a state and its parts, not a chain of classes each holding
    one concern of one object (the 1906 family was ten deep): no class defined in a family's
    package inherits more than three of the kit's own classes."""
    deep = {}
    for path in sorted((RULES / family).glob("*.py")):
        module = importlib.import_module(f"landlord.rules.{family}.{path.stem}")
        for name, cls in inspect.getmembers(module, inspect.isclass):
            kit = [c.__name__ for c in kit_classes(cls)[1:]]
            if cls.__module__ == module.__name__ and len(kit) > 3:
                deep[name] = kit
    assert not deep, deep


@pytest.mark.parametrize("family", [f.name for f in FAMILIES])
def test_each_family_is_a_package_with_its_parts(family: str) -> None:
    folder = RULES / family
    for part in ("__init__", "state", "position", "words", "count", "turns", "movement", "family"):
        assert (folder / f"{part}.py").is_file(), part
    assert not (folder / "bots.py").exists()  # the players left the rules (issue 36)
    f = family_named(family)
    package = f"landlord.rules.{family}"
    assert f.rules.__module__ == f"{package}.turns" and f.movement.__module__ == f"{package}.movement"
    assert f.narrate.__module__ == f"{package}.words" and f.events
    assert callable(PLAYERS[family].answer) and PLAYERS[family].__name__ == f"landlord.players.{family}"
    assert list(PLAYERS) == [f.name for f in FAMILIES]


def test_a_family_value_imports_only_its_own_package() -> None:
    """``landlord.rules.<family>.family`` builds the family's value from its own package (and the
    record it is, :mod:`landlord.rules.family`), never another family's."""
    for f in FAMILIES:
        tree = ast.parse((RULES / f.name / "family.py").read_text(encoding="utf-8"))
        names = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)} - {"__future__"}
        assert all(m == "landlord.rules.family" or m.startswith(f"landlord.rules.{f.name}") for m in names), names


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
        for f in FAMILIES:
            assert not [w for w in words if f.name in w or f.rules.__name__ in w], (module.__name__, f.name)


def test_no_event_kind_has_sentences_in_two_families() -> None:
    seen: dict[str, str] = {}
    for f in FAMILIES:
        for kind in f.events:
            assert kind not in seen, (kind, seen.get(kind), f.name)
            seen[kind] = f.name


TYPED = [("magie1904", "Params1904", "magie-1904"), ("magie1906", "Params1906", "magie-1906"),
         ("british1913", "Params1913", "british-1913-sequence"), ("monopoly", "ParamsMonopoly", "mucker")]


@pytest.mark.parametrize("family, cls, ruleset_id", TYPED)
def test_typed_params_are_the_declared_params(family: str, cls: str, ruleset_id: str) -> None:
    """Each family's params are declared once, as a frozen dataclass: the loader's PARAMS are
    its fields, and every phase's values come through unchanged (lists as tuples; the cards
    read into their types)."""
    from dataclasses import FrozenInstanceError, fields

    from landlord.data.loader import load_ruleset

    module = __import__(f"landlord.rules.{family}.params", fromlist=["in_phase"])
    params = getattr(module, cls)
    assert list(family_named(family).declared) == [x.name for x in fields(params)]
    assert family_named(family).params is module.in_phase
    readers = getattr(module, "READERS", {})
    ruleset = load_ruleset(ruleset_id)
    assert ruleset.family == family
    for phase in ruleset.phases:
        values = ruleset.values(phase)
        typed = module.of(values)
        for name in family_named(family).declared:
            got = getattr(typed, name)
            if name in readers:
                assert got == readers[name](values[name]) and isinstance(got, tuple), (phase, name)
            else:
                assert (list(got) if isinstance(got, tuple) else got) == values[name], (phase, name)
        with pytest.raises(FrozenInstanceError):
            typed.max_rounds = 1
        # built once per ruleset and phase, and shared (it is frozen)
        assert module.in_phase(ruleset, phase) is module.in_phase(ruleset, phase)
        assert module.in_phase(ruleset, phase) == typed


def plain_reads(path: Path) -> list[int]:
    """Lines of ``path`` reading a param by name from plain values: ``g.p["x"]``, ``p["x"]``,
    ``view.params["x"]``, ``g.p.get("x")`` (building the typed params, ``of(g.p)``, is not a read)."""
    def plain(v: ast.expr) -> bool:
        return (isinstance(v, ast.Attribute) and v.attr in ("p", "params")) or (isinstance(v, ast.Name) and v.id == "p")

    lines = []
    for n in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (isinstance(n, ast.Subscript) and isinstance(n.slice, ast.Constant) and isinstance(n.slice.value, str)
                and plain(n.value)):
            lines.append(n.lineno)
        if isinstance(n, ast.Attribute) and n.attr == "get" and plain(n.value):
            lines.append(n.lineno)
    return lines


@pytest.mark.parametrize("family", [f.name for f in FAMILIES])
def test_the_rules_read_no_param_from_the_plain_values(family: str) -> None:
    """Every param read in a family's rules and bots is an attribute of its typed params (mypy
    checks it)."""
    found = {p.name: lines for p in sorted((RULES / family).glob("*.py")) if (lines := plain_reads(p))}
    assert not found, found
    assert not plain_reads(RULES / "single_tax.py")


ENGINE = Path(strategies.__file__).parent


def test_the_engine_reads_no_param_from_the_plain_values() -> None:
    """The shared rules (the round cap, the votes a change needs), the bots' view of the params
    and the Bank's lending read typed params too: the engine's own (``SharedParams``, the first
    fields of every family's params) or a family's rule (``votes_needed``, ``bank_lends``)."""
    found = {p.name: lines for p in sorted(ENGINE.glob("*.py")) if (lines := plain_reads(p))}
    assert not found, found


@pytest.mark.parametrize("family, cls, ruleset_id", TYPED)
def test_every_family_params_are_the_engine_shared_params(family: str, cls: str, ruleset_id: str) -> None:
    from landlord.data.loader import load_ruleset
    from landlord.engine.rulebook import SharedParams
    from landlord.engine.strategies import SeatView
    from landlord.players.characters import make_strategy
    from landlord.rules.families import FamilyGame

    module = __import__(f"landlord.rules.{family}.params", fromlist=["in_phase"])
    assert issubclass(getattr(module, cls), SharedParams)
    rs = load_ruleset(ruleset_id)
    g = FamilyGame(rs, [make_strategy("random", str(i)) for i in range(rs.players_min)], 1)
    assert g.rules.params is module.in_phase(rs, g.phase) is SeatView(g, 0).params
    assert g.rules.params.max_rounds == rs.values(g.phase)["max_rounds"]


BAD_ROUNDS = [("magie-1904", "ten", "expected int, got 'ten'"), ("monopoly", None, "missing"),
              ("british-1913-part1", True, "expected int, got True"), ("magie-1906", 2.5, "expected int, got 2.5")]


@pytest.mark.parametrize(("ruleset_id", "value", "words"), BAD_ROUNDS, ids=[b[0] for b in BAD_ROUNDS])
def test_a_ruleset_made_past_the_loader_with_a_bad_max_rounds_is_refused_in_one_line(
        ruleset_id: str, value: object, words: str) -> None:
    """A ruleset made (or changed) in code, past the loader's checks, whose round cap is of
    the wrong type or missing: refused when the game is made, in one line naming the ruleset,
    the phase and the field (the engine's untyped read met it only at the end of a round, as
    a TypeError comparing a round with a string, or a KeyError)."""
    from dataclasses import replace

    from landlord.data.loader import load_ruleset
    from landlord.data.ruleset import Param
    from landlord.errors import DataError
    from landlord.players.characters import make_strategy

    rs = load_ruleset(ruleset_id)
    params = dict(rs.params)
    if value is None:
        del params["max_rounds"]
    else:
        params["max_rounds"] = Param(value, "a test", "override")
    bad = replace(rs, id=f"{ruleset_id}-bad", params=params)
    from landlord.engine.game import Game
    from landlord.rules.families import FamilyGame, family_named

    seats = [make_strategy("random", str(i)) for i in range(rs.players_min)]
    with pytest.raises(DataError) as info:  # the family checks the ruleset it is handed
        FamilyGame(bad, seats, 1)
    message = str(info.value)
    field = "" if value is None else ": field 'value'"
    assert message == f"{rs.where}: params.max_rounds{field}: {words}"  # the file it was read from
    with pytest.raises(DataError) as info:  # the engine's game, handed the family: its params refuse it
        Game(bad, seats, 1, family=family_named(rs.family))
    message = str(info.value)
    assert message == f"ruleset '{ruleset_id}-bad': phase '{rs.default_phase}': field 'max_rounds': {words}"
    assert "\n" not in message


CARDS = [
    ("magie-1906", "chance_cards", '["collect:50|A week of overtime", "win:5|A car"]',
     "card 2: 'win:5|A car': its action 'win'"),
    ("magie-1906", "chance_cards", '["pay 25, doctor"]', "card 1: 'pay 25, doctor' is not a chance card"),
    ("british-1913-part1", "chance_cards",
     '[{ text = "Income tax.", action = "income_tax", amount = 20 }, { text = "Fly.", action = "fly", amount = 0 }]',
     "card 2: its action 'fly' is none of"),
    ("british-1913-part1", "luxury_cards", '[{ text = "A hat.", action = "pay_bank" }]', "card 1: no 'amount'"),
    ("british-1913-part1", "luxury_cards", '[{ text = "A hat.", action = "pay_bank", amount = 10, cost = 3 }]',
     "card 1: unknown key 'cost'"),
]


@pytest.mark.parametrize(("base", "name", "value", "words"), CARDS, ids=[f"{c[0]}-{c[3][:12]}" for c in CARDS])
def test_a_bad_card_is_refused_at_load_in_one_line_naming_file_entry_and_field(
        tmp_path: Path, base: str, name: str, value: str, words: str) -> None:
    """Cards are typed data read once: a card the rules could not play is refused when its
    family is handed the ruleset (:func:`landlord.rules.families.family_of`: a game made, a
    scenario checked; and when an override changes the deck), in one line naming the file, the
    param and the card."""
    from landlord.data.loader import load_ruleset, load_ruleset_ref
    from landlord.errors import DataError

    rs = load_ruleset(base)
    path = tmp_path / "rulesets" / "mine.toml"
    path.parent.mkdir()
    path.write_text(
        f'[ruleset]\nid = "mine"\ntitle = "Mine"\nfamily = "{rs.family}"\nboard = "{rs.board.id}"\n'
        f'players_min = 2\nplayers_max = 4\ndefault_phase = "{rs.default_phase}"\nsource = "a test"\n'
        f'provenance = "kit_decision"\nextends = "{base}"\n\n[params.{name}]\nvalue = {value}\n'
        f'source = "a test"\nprovenance = "kit_decision"\n', encoding="utf-8")
    from landlord.rules.families import family_of

    with pytest.raises(DataError) as info:
        family_of(load_ruleset_ref(str(path)))
    message = str(info.value)
    assert message.startswith(str(path)) and f"params.{name}: field 'value': " in message, message
    assert words in message and "\n" not in message, message
    import tomllib

    with pytest.raises(DataError, match=words.replace("(", r"\(")[:20]):
        family_of(rs.override(**{name: tomllib.loads(f"v = {value}")["v"]}))


def test_cards_are_read_once_into_frozen_types_the_rules_play() -> None:
    from dataclasses import FrozenInstanceError

    from landlord.data.loader import load_ruleset
    from landlord.rules.british1913.cards import Card1913
    from landlord.rules.magie1906.cards import Chance1906, read_card
    from landlord.rules.magie1906.params import of

    deck = of(load_ruleset("magie-1906").values()).chance_cards
    assert all(isinstance(c, Chance1906) for c in deck)
    assert read_card("back:3|  Lost your way  ") == Chance1906("back", 3, "Lost your way")
    assert read_card("jail:|Caught") == Chance1906("jail", 0, "Caught")
    with pytest.raises(FrozenInstanceError):
        deck[0].amount = 1  # type: ignore[misc]
    from landlord.rules.british1913.params import of as of1913

    p = of1913(load_ruleset("british-1913-part1").values())
    assert all(isinstance(c, Card1913) for c in (*p.luxury_cards, *p.chance_cards))
    assert p.chance_cards[-1] == Card1913("Go back three spaces.", "back", 3)


def test_the_apps_read_the_round_cap_typed_through_the_family() -> None:
    """The class and its widgets read a ruleset's round cap as the family's typed params give
    it (``shared_params``), not from the ruleset's plain values: the same number for every
    ruleset the kit ships, an int, in each of its phases."""
    from landlord.data.loader import load_ruleset, ruleset_ids
    from landlord.rules.families import shared_params

    for rid in ruleset_ids():
        rs = load_ruleset(rid)
        for phase in rs.phases:
            cap = shared_params(rs, phase).max_rounds
            assert type(cap) is int and cap == rs.values(phase)["max_rounds"], (rid, phase)
