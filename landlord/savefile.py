"""Saved games: a game is its record (:mod:`landlord.record`); loading replays it.

A saved file is the record as JSON::

    {"format": "landlord-game", "version": 2, "kit": "0.1.0", "ruleset": "magie-1904",
     "overrides": {}, "seed": 7, "names": [...], "seats": ["landlord", null, ...],
     "triggers": ["single_tax@vote"],
     "entries": [["dice", 3, 5], ["shuffle", [2, 0, 1, ...]], "buy", {"switch": ...}, ...]}

``seats`` gives each seat's bot by name, or null for a person. Loading replays every entry, so a
loaded game is identical to the saved one, event for event. A version 1 file (answers only,
under ``actions``, and the table's switches under ``table``) loads too; any other version gets
a one-line error naming it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from landlord.errors import DataError, IllegalAction, LandlordError
from landlord.game import Game
from landlord.record import FORMAT, VERSION, Record, replay
from landlord.strategies import make_strategy

__all__ = ["FORMAT", "VERSION", "from_dict", "load", "save", "to_dict"]


def to_dict(game: Game, seats: list[str | None], overrides: dict[str, Any] | None = None) -> dict[str, Any]:
    """The saved form of ``game`` (``seats`` names each seat's bot, None for a person;
    ``overrides`` the params replaced, if the game's ruleset does not say)."""
    record = game.record
    record.seats = list(seats)
    if overrides is not None:
        record.overrides = dict(overrides)
    return record.to_dict()


def save(game: Game, path: str | Path, seats: list[str | None], overrides: dict[str, Any] | None = None) -> None:
    """Write ``game`` to ``path`` as JSON."""
    Path(path).write_text(json.dumps(to_dict(game, seats, overrides), indent=1), encoding="utf-8")


def from_dict(data: Any, where: str = "<saved game>") -> tuple[Game, list[str | None]]:
    """Rebuild a game from its saved form; DataError names what is wrong and where."""
    record = Record.from_dict(data, where)
    return from_record(record, where), record.seats


def from_record(record: Record, where: str = "<saved game>") -> Game:
    """Replay ``record``, its bots taking their seats; DataError names what is wrong and where."""
    try:
        strategies = [make_strategy(s, f"{record.seed}-{i}") if s else None for i, s in enumerate(record.seats)]
        return replay(record, strategies, where=where)
    except IllegalAction as exc:
        raise DataError(where, None, None, str(exc).removeprefix(f"{where}: ")) from None
    except (KeyError, TypeError, ValueError) as exc:
        raise DataError(where, None, None, f"does not describe a game this kit can play ({exc})") from None
    except DataError:
        raise
    except LandlordError as exc:
        raise DataError(where, None, None, str(exc)) from None


def load(path: str | Path) -> tuple[Game, list[str | None]]:
    """Load a saved game from ``path``."""
    from landlord.loader import read_text

    p = Path(path)
    return from_dict(parse_json(read_text(p), p), str(p))


def parse_json(text: str, where: object) -> Any:
    """Parse a saved game's JSON text; one DataError for bad JSON, numbers too long, or nesting
    deeper than :data:`~landlord.schema.MAX_DEPTH`."""
    from landlord.schema import MAX_DEPTH, MAX_FILE_BYTES, depth

    if len(text) > MAX_FILE_BYTES:
        raise DataError(where, None, None, f"too large ({len(text)} characters; at most {MAX_FILE_BYTES})")
    try:
        data = json.loads(text)
    except RecursionError:
        raise DataError(where, None, None, f"nested too deeply (at most {MAX_DEPTH} levels)") from None
    except ValueError as exc:  # bad JSON, or a number too long to read
        raise DataError(where, None, None, f"not a saved landlord game (not JSON: {exc})") from None
    if depth(data) > MAX_DEPTH:
        raise DataError(where, None, None, f"nested too deeply (at most {MAX_DEPTH} levels)")
    return data
