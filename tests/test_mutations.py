"""Hard to break (issue 16 point 2): mutated data files, scenarios and saved games give the kit's
own one-line error, or load and play a valid game — never another exception.

Each example takes one of the kit's own files and changes it the way a hand edit or a broken
disk would: one value replaced (by a negative, huge, zero, wrong-typed or empty value), one
line deleted, the file cut short, a byte made invalid UTF-8. Boards are tried through one's own
data folder (the mutated board shadows the kit's board of that id). A game that loads is played
to its end by bots, with its round cap lowered to keep the test short.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from landlord import Game, make_strategy
from landlord.data.loader import load_ruleset, load_ruleset_ref, ruleset_ids
from landlord.data.resources import kit_dir
from landlord.data.ruleset import Ruleset
from landlord.errors import LandlordError
from landlord.players.savefile import load_game, to_dict
from landlord.rules.families import family_of
from landlord.runs.scenario import _toml_value, load_scenario

KIT = kit_dir("data")
SCENARIOS = sorted((Path(__file__).resolve().parent.parent / "scenarios").glob("*.toml"))
BOARDS = sorted((KIT / "boards").glob("*.toml"))
RULESETS = sorted((KIT / "rulesets").glob("*.toml"))
ROUND_CAP = 25
"""Rounds a game that loads is played for at most, here (its own cap if lower)."""

LINE = re.compile(r"^(\s*[A-Za-z0-9_.\"-]+\s*=\s*)(.+)$")

numbers = st.one_of(
    st.sampled_from([0, -1, 1, -100, 99, 2**31, 2**63, -(2**63), 10**12]),
    st.integers(-(2**70), 2**70),
    st.integers(-3, 50),
)
values = st.one_of(
    numbers,
    st.booleans(),
    st.floats(allow_nan=False, allow_infinity=False, width=32),
    st.text(max_size=8),
    st.lists(numbers, max_size=4),
    st.just([]),
)


def _mutate(text: str, draw: Any) -> str:
    """One change to ``text``: a value replaced, a line deleted, the file cut, a byte broken."""
    lines = text.split("\n")
    kind = draw(st.sampled_from(["value", "value", "value", "delete", "cut", "byte"]))
    if kind == "value":
        at = [i for i, line in enumerate(lines) if LINE.match(line) and not line.lstrip().startswith("#")]
        i = draw(st.sampled_from(at))
        head = LINE.match(lines[i]).group(1)  # type: ignore[union-attr]
        lines[i] = head + _toml_value(draw(values))
        return "\n".join(lines)
    if kind == "delete":
        del lines[draw(st.integers(0, len(lines) - 1))]
        return "\n".join(lines)
    if kind == "cut":
        return text[: draw(st.integers(0, len(text)))]
    return text  # "byte": done on the bytes by the caller


def _write(path: Path, text: str, broken_byte: int | None) -> None:
    data = text.encode()
    if broken_byte is not None and data:
        k = broken_byte % len(data)
        data = data[:k] + b"\xff" + data[k + 1:]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def _play(rs: Ruleset, seed: int = 3, triggers: tuple[Any, ...] = ()) -> None:
    """Play the fewest and the most players of ``rs`` once by bots; a valid game ends, with one
    result per seat. A param of the wrong type for the ruleset's family is refused by the family
    (:func:`landlord.rules.families.family_of`), before play, in the kit's own words."""
    try:
        family_of(rs)
    except LandlordError:
        return
    if "max_rounds" in rs.params:
        rs = rs.override(max_rounds=min(rs.params["max_rounds"].value, ROUND_CAP))
    for n in sorted({rs.players_min, rs.players_max}):
        bots = [make_strategy(("landlord", "tenant", "speculator")[i % 3], f"m{i}") for i in range(n)]
        try:
            game = Game(rs, bots, seed, triggers=triggers)
        except LandlordError:
            return  # refused before play, in the kit's own words
        game.run()
        assert game.over and len(game.results()) == n


def _loads_or_refuses(load: Any) -> Any:
    try:
        return load()
    except LandlordError as exc:
        assert "\n" not in str(exc), f"a one-line error, got {exc!r}"
        return None


SETTINGS = settings(max_examples=int(os.environ.get("LANDLORD_MUTATIONS", "60")), deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


@SETTINGS
@given(st.data())
def test_a_mutated_ruleset_is_refused_or_plays(tmp_path_factory: Any, data: st.DataObject) -> None:
    src = data.draw(st.sampled_from(RULESETS))
    folder = tmp_path_factory.mktemp("own")
    text = _mutate(src.read_text(encoding="utf-8"), data.draw)
    broken = data.draw(st.none() | st.integers(0, 10**6))
    path = folder / "rulesets" / src.name
    _write(path, text, broken)
    rs = _loads_or_refuses(lambda: load_ruleset_ref(str(path)))
    if rs is not None:
        _play(rs)


@SETTINGS
@given(st.data())
def test_a_mutated_board_is_refused_or_plays(tmp_path_factory: Any, data: st.DataObject) -> None:
    src = data.draw(st.sampled_from(BOARDS))
    users = [r for r in ruleset_ids() if load_ruleset(r).board.id == src.stem]
    rid = data.draw(st.sampled_from(users))
    folder = tmp_path_factory.mktemp("own")
    text = _mutate(src.read_text(encoding="utf-8"), data.draw)
    _write(folder / "boards" / src.name, text, data.draw(st.none() | st.integers(0, 10**6)))
    rs = _loads_or_refuses(lambda: load_ruleset(rid, folder))
    if rs is not None:
        _play(rs)


@SETTINGS
@given(st.data())
def test_a_mutated_scenario_is_refused_or_plays(tmp_path_factory: Any, data: st.DataObject) -> None:
    src = data.draw(st.sampled_from(SCENARIOS))
    folder = tmp_path_factory.mktemp("scen")
    path = folder / src.name
    _write(path, _mutate(src.read_text(encoding="utf-8"), data.draw), data.draw(st.none() | st.integers(0, 10**6)))
    scenario = _loads_or_refuses(lambda: load_scenario(path))
    if scenario is not None:
        cell = scenario.cells[data.draw(st.integers(0, len(scenario.cells) - 1))]
        rs = cell.resolve()
        if "max_rounds" in rs.params:
            rs = rs.override(max_rounds=min(rs.params["max_rounds"].value, ROUND_CAP))
        game = Game(rs, [make_strategy(s, f"s{i}") for i, s in enumerate(cell.seats)],
                    scenario.game_seed(cell, 0), triggers=cell.triggers)
        game.run()
        assert game.over


def _saved() -> dict[str, Any]:
    rs = load_ruleset("magie-1904")
    game = Game(rs, [make_strategy("landlord"), make_strategy("tenant")], 5, ["Ann", "Bo"])
    game.run(max_decisions=30)
    return to_dict(game, ["landlord", "tenant"])


SAVED = _saved()
json_values = st.recursive(
    st.none() | st.booleans() | numbers | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
    max_leaves=6,
)


@SETTINGS
@given(st.data())
def test_a_mutated_saved_game_is_refused_or_plays(tmp_path_factory: Any, data: st.DataObject) -> None:
    saved = json.loads(json.dumps(SAVED))
    key = data.draw(st.sampled_from(sorted(saved)))
    how = data.draw(st.sampled_from(["value", "delete", "item", "text"]))
    if how == "value":
        saved[key] = data.draw(json_values)
    elif how == "delete":
        del saved[key]
    elif how == "item" and isinstance(saved[key], list) and saved[key]:
        saved[key][data.draw(st.integers(0, len(saved[key]) - 1))] = data.draw(json_values)
    text = json.dumps(saved)
    if how == "text":
        text = text[: data.draw(st.integers(0, len(text)))]
    path = tmp_path_factory.mktemp("save") / "game.json"
    _write(path, text, data.draw(st.none() | st.integers(0, 10**6)) if how == "text" else None)
    game = _loads_or_refuses(lambda: load_game(path))
    if game is not None:
        game.strategies = [make_strategy("tenant", str(i)) for i in range(len(game.record.seats))]
        game.run()
        assert game.over


def test_saved_game_extremes_are_refused_in_one_line(tmp_path: Path) -> None:
    """The saves the issue tried: a trigger that is not text, a 5,000-digit number, 100,000-deep
    nesting, a seed below zero."""
    base = json.dumps(SAVED)
    cases = {
        "triggers": json.dumps({**SAVED, "triggers": [5]}),
        "digits": base.replace('"seed": 5', '"seed": ' + "9" * 5000),
        "deep": base[:-1] + ', "x": ' + "[" * 100_000 + "]" * 100_000 + "}",
        "negative": json.dumps({**SAVED, "seed": -5}),
    }
    for name, text in cases.items():
        path = tmp_path / f"{name}.json"
        path.write_text(text)
        try:
            load_game(path)
        except LandlordError as exc:
            assert "\n" not in str(exc) and str(path) in str(exc), name
        else:
            raise AssertionError(f"{name}: loaded")
    assert load_game(json.loads(json.dumps(SAVED))).seed == 5
