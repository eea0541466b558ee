"""Strict loading: each kind of broken data file raises one DataError naming the file, the entry
and the field — never a traceback from deep inside the engine."""

from __future__ import annotations

from pathlib import Path

import pytest

from landlord import DataError, load_board, load_ruleset, ruleset_ids
from landlord.data.loader import board_path, ruleset_from_file, ruleset_path
from landlord.rules.families import family_of

BOARD = board_path("landlords-game-1904").read_text(encoding="utf-8")
RULES = ruleset_path("magie-1904").read_text(encoding="utf-8")


def broken_board(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "broken.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_every_shipped_ruleset_and_board_loads() -> None:
    ids = ruleset_ids()
    assert "magie-1904" in ids and "magie-1904-no-tickets" in ids
    for rid in ids:
        rs = load_ruleset(rid)
        assert rs.params and rs.board.spaces
        assert all(p.source and p.provenance for p in rs.params.values())


def test_variant_is_an_override_not_a_copy() -> None:
    base, variant = load_ruleset("magie-1904"), load_ruleset("magie-1904-no-tickets")
    assert variant.extends == "magie-1904"
    assert variant.params["start_cash"].value == 100 and variant.params["lot_tickets"].value is False
    assert variant.params["wages"] == base.params["wages"]
    text = ruleset_path("magie-1904-no-tickets").read_text(encoding="utf-8")
    assert "[params.wages]" not in text and "family" not in text


@pytest.mark.parametrize(
    ("edit", "entry", "field", "problem"),
    [
        (lambda t: t.replace('kind = "lot"\nlot = 5', 'kind = "lot"\ncolour = "green"\nlot = 5'),
         "space 9 (Lot 5)", "colour", "unknown key"),
        (lambda t: t.replace('index = 9\nname = "Lot 5"\n', 'index = 9\n'), "space 9 (entry #10)", "name", "missing"),
        (lambda t: t.replace("rent = 7\n", 'rent = "seven"\n'), "space 12 (Lot 7)", "rent", "expected int"),
        (lambda t: t.replace("index = 12\n", "index = 11\n"), "space 11 (Lot 7)", "index", "duplicate index 11"),
        (lambda t: t.replace("index = 39\n", "index = 41\n"), "[[space]]", "index", "missing [39]"),
        (lambda t: t.replace("beside = 20", "beside = 77"), "annex #2 (Poor House)", "beside",
         "refers to unknown space 77"),
        (lambda t: t.replace('kind = "legacy"', 'kind = "lottery"'), "space 37 (Legacy)", "kind",
         "unknown kind 'lottery'"),
        (lambda t: t.replace('lot = 22\n', 'lot = 21\n'), "space 38 (Lot 22)", "lot", "lot number 21 used twice"),
        (lambda t: t.replace('provenance = "verified_primary"\nnote = "drawn \'BREAD',
                             'provenance = "guess"\nnote = "drawn \'BREAD'), "space 2", "provenance",
         "unknown provenance 'guess'"),
        (lambda t: t.replace("price = 30\n", "price = -30\n"), "space 6 (Lot 3)", "price", "out of range"),
        (lambda t: t + "\n[extras]\nx = 1\n", None, "extras", "unknown top-level table"),
        (lambda t: t.replace("[board]", "[board\n"), None, None, "not valid TOML"),
    ],
    ids=["unknown-key", "missing-field", "wrong-type", "duplicate-index", "missing-index",
         "unknown-space-reference", "unknown-kind", "duplicate-lot", "bad-provenance",
         "negative-money", "unknown-table", "bad-toml"],
)
def test_broken_board_names_file_entry_and_field(tmp_path: Path, edit, entry, field, problem) -> None:  # type: ignore[no-untyped-def]
    text = edit(BOARD)
    assert text != BOARD, "the edit must change the file"
    path = broken_board(tmp_path, text)
    with pytest.raises(DataError) as info:
        load_board(path)
    err = info.value
    message = str(err)
    assert str(path) in message and problem in message
    if entry:
        assert err.entry is not None and err.entry.startswith(entry)
    assert err.field == field


def test_a_group_is_named_in_letters_digits_spaces_dashes_and_underscores(tmp_path: Path) -> None:
    """A group names the sell-all option of Monopoly's buildings: an empty or odd name is refused
    at load, naming the space (found by the mutation test: ``group = ""`` gave ``sell_all:``)."""
    text = board_path("monopoly-us").read_text(encoding="utf-8")
    for bad in ('""', '"é"', '" brown"', '"brown:2"'):
        path = broken_board(tmp_path, text.replace('group = "brown"', f"group = {bad}", 1))
        with pytest.raises(DataError) as info:
            load_board(path)
        assert info.value.field == "group" and info.value.entry == "space 1 (Mediterranean Avenue)"


def test_a_monopoly_deed_needs_a_group_its_sell_all_option_can_name(tmp_path: Path) -> None:
    from landlord import Game, make_strategy
    from landlord.errors import LandlordError

    text = board_path("monopoly-us").read_text(encoding="utf-8")
    for edit in ('group = "section 1"', ""):
        folder = tmp_path / ("spaced" if edit else "none")
        (folder / "boards").mkdir(parents=True)
        (folder / "boards" / "monopoly-us.toml").write_text(text.replace('group = "brown"', edit, 1),
                                                            encoding="utf-8")
        rs = load_ruleset("monopoly", data=folder)
        with pytest.raises(LandlordError, match=r"space 1 \(Mediterranean Avenue\): a Monopoly deed needs a group"):
            Game(rs, [make_strategy("landlord", "a"), make_strategy("tenant", "b")], 1)


def write_rules(tmp_path: Path, text: str) -> Path:
    rules = tmp_path / "rulesets"
    rules.mkdir(exist_ok=True)
    path = rules / "broken.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("edit", "entry", "problem"),
    [
        (lambda t: t.replace("[params.wages]\nvalue = 100", "[params.wages]\nvalue = true"),
         "params.wages", "expected int"),
        (lambda t: t.replace("[params.jail_fine]", "[params.bail]\nvalue = 1\nsource = \"x\"\n"
                             "provenance = \"kit_decision\"\n\n[params.jail_fine]"),
         "params.bail", "unknown param"),
        (lambda t: t.replace("[params.circuits]\nvalue = 5\n", "[params.circuits]\n"), "params.circuits",
         "missing"),
        (lambda t: t.replace('board = "landlords-game-1904"', 'board = "atlantis"'), "[ruleset]",
         "unknown board 'atlantis'"),
        (lambda t: t.replace('family = "magie1904"', 'family = "chess"'), "[ruleset]", "unknown rules family"),
        (lambda t: t.replace('default_phase = "landlord"', 'default_phase = "anarchy"'), "[ruleset]",
         "unknown phase 'anarchy'"),
        (lambda t: t.replace('players_min = 2', 'players_min = 9'), "[ruleset]", "players_min <= players_max"),
        (lambda t: t.replace('[phases.landlord]\ntitle', '[phases.landlord]\ntitel'), "phases.landlord",
         "unknown key"),
    ],
    ids=["param-type", "unknown-param", "missing-param", "unknown-board", "unknown-family",
         "unknown-default-phase", "player-range", "phase-key"],
)
def test_broken_ruleset_names_file_entry_and_field(tmp_path: Path, edit, entry, problem) -> None:  # type: ignore[no-untyped-def]
    text = edit(RULES)
    assert text != RULES
    path = write_rules(tmp_path, text)
    with pytest.raises(DataError) as info:
        family_of(ruleset_from_file(path))  # the data's checks, then its family's (params, their types)
    assert str(path) in str(info.value) and problem in str(info.value)
    assert info.value.entry is not None and info.value.entry.startswith(entry)


def test_ruleset_extending_an_unknown_ruleset(tmp_path: Path) -> None:
    path = write_rules(tmp_path, '[ruleset]\nextends = "magie-1066"\n')
    with pytest.raises(DataError, match=r"extends.*unknown ruleset 'magie-1066'"):
        ruleset_from_file(path)


def test_unknown_ruleset_id_lists_the_known_ones() -> None:
    with pytest.raises(DataError, match=r"unknown ruleset 'monopolee'.*magie-1904"):
        load_ruleset("monopolee")


def test_override_rejects_unknown_params_and_wrong_types() -> None:
    rs = load_ruleset("magie-1904")
    with pytest.raises(KeyError, match="no param 'salary'"):
        rs.override(salary=5)
    with pytest.raises(TypeError, match="takes int"):
        rs.override(wages="lots")
    changed = rs.override(wages=150)
    assert changed.values()["wages"] == 150 and changed.params["wages"].provenance == "override"
    assert rs.values()["wages"] == 100


def test_an_override_has_a_typed_mark_the_record_keeps() -> None:
    """Issue 39: an overridden param is found by its typed mark (``Param.overridden``), not by
    the provenance's text: a param whose provenance merely reads "override" is the ruleset's own."""
    from dataclasses import replace

    from landlord.data.ruleset import Param
    from landlord.rules.families import FamilyGame as Game

    rs = load_ruleset("magie-1904")
    changed = rs.override(wages=150)
    assert changed.params["wages"].overridden and not rs.params["wages"].overridden
    assert changed.overrides() == {"wages": 150} and rs.overrides() == {}
    assert Game(changed, [None] * 2, 1).record.overrides == {"wages": 150}
    worded = replace(rs, params={**rs.params, "wages": Param(150, "a test", "override")})
    assert worded.overrides() == {} and Game(worded, [None] * 2, 1).record.overrides == {}


def test_a_phase_what_if_flag_must_be_true_or_false(tmp_path) -> None:
    """``what_if`` marks a phase the sources do not have; any other type is refused by name."""
    src = (Path(__file__).parents[1] / "data/rulesets/british-1913-part1.toml").read_text(encoding="utf-8")
    bad = src.replace("what_if = true", 'what_if = "yes"')
    assert bad != src
    (tmp_path / "whatif.toml").write_text(bad, encoding="utf-8")
    with pytest.raises(DataError, match=r"phases\.\w+.*what_if.*expected bool"):
        ruleset_from_file(tmp_path / "whatif.toml")


def test_a_phase_that_extends_another_takes_its_params_and_replaces_some() -> None:
    """A what-if phase is an override of a phase, never a copy: ``part3_rent_kept`` is Part 3 with
    its land value tax off."""
    rs = load_ruleset("british-1913-part1")
    part3, kept = rs.values("part3"), rs.values("part3_rent_kept")
    assert part3["land_value_tax"] and not kept["land_value_tax"]
    assert {k: v for k, v in kept.items() if k != "land_value_tax"} == {
        k: v for k, v in part3.items() if k != "land_value_tax"}
    assert rs.phases["part3_rent_kept"].what_if


@pytest.mark.parametrize(("extends", "problem"), [
    ('"part9"', "unknown phase 'part9'"),
    ('"part3_rent_kept"', "in a ring"),
    ("3", "expected str"),
])
def test_a_phase_extends_only_a_known_phase_and_never_in_a_ring(tmp_path, extends: str, problem: str) -> None:
    src = (Path(__file__).parents[1] / "data/rulesets/british-1913-part1.toml").read_text(encoding="utf-8")
    bad = src.replace('extends = "part3"', f"extends = {extends}")
    if "ring" in problem:
        bad = bad.replace("[phases.part3]\n", '[phases.part3]\nextends = "part3_rent_kept"\n')
    assert bad != src
    (tmp_path / "ext.toml").write_text(bad, encoding="utf-8")
    with pytest.raises(DataError, match=problem):
        ruleset_from_file(tmp_path / "ext.toml")


def test_a_value_the_kit_chose_is_never_labelled_verified_primary() -> None:
    """Issue 22: "Provenance labels say what they are: a kit decision is never
    `verified_primary`". A param whose source names a kit decision is `kit_decision` (the value
    is the kit's) or `mixed` (a verified rule with details the kit chose)."""
    wrong = []
    for rid in ruleset_ids():
        rs = load_ruleset(rid)
        params = [(k, p) for k, p in rs.params.items()]
        params += [(f"{n}.{k}", p) for n, ph in rs.phases.items() for k, p in ph.params.items()]
        wrong += [f"{rid}: {k}" for k, p in params
                  if p.provenance == "verified_primary" and "decision" in p.source.lower()]
    assert not wrong, wrong
