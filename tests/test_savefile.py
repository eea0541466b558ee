"""Saved games: save, load identical; corrupt or foreign files give a clear error."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from landlord import DataError, Game, __version__, load_ruleset, make_strategy
from landlord.players.savefile import load_game, save


def half_played(seed: int = 4) -> Game:
    rs = load_ruleset("magie-1904")
    game = Game(rs, [None, make_strategy("landlord"), make_strategy("speculator")], seed, ["Ada", "Ben", "Cy"])
    while game.pending is not None and len(game.actions) < 40:
        d = game.pending
        if d.seat == 0:
            game.act(d.options[-1])
        else:
            game.run(max_decisions=1)
    return game


def test_save_and_load_round_trip_is_identical(tmp_path: Path) -> None:
    game = half_played()
    path = tmp_path / "game.json"
    save(game, path, [None, "landlord", "speculator"])
    loaded = load_game(path)
    seats = loaded.record.seats
    assert seats == [None, "landlord", "speculator"]
    assert loaded.log_text() == game.log_text()
    assert loaded.pending == game.pending and loaded.ledger.balances == game.ledger.balances
    assert loaded.strategies[0] is None and loaded.strategies[1].name == "landlord"


def test_overrides_are_saved_and_restored(tmp_path: Path) -> None:
    rs = load_ruleset("magie-1904").override(wages=150)
    game = Game(rs, [make_strategy("tenant")] * 2, 9)
    game.run()
    path = tmp_path / "g.json"
    save(game, path, ["tenant", "tenant"])  # the record's overrides are the ruleset's (Param.overridden)
    loaded = load_game(path)
    assert loaded.p["wages"] == 150 and loaded.log_text() == game.log_text()


@pytest.mark.parametrize(
    ("content", "needle"),
    [
        ("{not json", "not JSON"),
        ('["a list"]', "expected a JSON object"),
        ('{"format": "chess-pgn"}', "format 'chess-pgn'"),
        ('{"format": "landlord-game", "version": 99}', "a version 99 saved game"),
        ('{"format": "landlord-game", "version": 1, "ruleset": "magie-1904", "seed": "x", "names": [],'
         ' "seats": [], "actions": [], "overrides": {}}', "field 'seed'"),
        ('{"format": "landlord-game", "version": 1, "ruleset": "magie-1904", "seed": 1, "names": ["A", "B"],'
         ' "seats": [null, null], "actions": ["buy", "teleport"], "overrides": {}}', "actions[1]"),
        ('{"format": "landlord-game", "version": 1, "ruleset": "nope", "seed": 1, "names": ["A", "B"],'
         ' "seats": [null, null], "actions": [], "overrides": {}}', "unknown ruleset 'nope'"),
    ],
    ids=["not-json", "not-object", "foreign-format", "future-version", "wrong-type", "bad-action",
         "unknown-ruleset"],
)
def test_corrupt_or_foreign_file_gives_a_clear_error(tmp_path: Path, content: str, needle: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(DataError) as info:
        load_game(path)
    assert needle in str(info.value)


def test_saved_file_is_plain_readable_json(tmp_path: Path) -> None:
    game = half_played()
    path = tmp_path / "game.json"
    save(game, path, [None, "landlord", "speculator"])
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == "landlord-game" and data["version"] == 3
    assert data["kit"].startswith(__version__ + "+rules.")
    # every input in order: the answers, the chance outcomes as lists, nothing else
    assert [e for e in data["entries"] if isinstance(e, str)] == game.actions
    assert [tuple(e) for e in data["entries"] if isinstance(e, list) and e[0] == "dice"] == \
        [e for e in game.entries if isinstance(e, tuple) and e[0] == "dice"]
