"""Saved games: a game is its record (:mod:`landlord.engine.record`); loading replays it.

A saved file is the record as JSON::

    {"format": "landlord-game", "version": 2, "kit": "0.1.0", "ruleset": "magie-1904",
     "overrides": {}, "seed": 7, "names": [...], "seats": ["landlord", null, ...],
     "triggers": ["single_tax@vote"],
     "entries": [["dice", 3, 5], ["shuffle", [2, 0, 1, ...]], "buy", {"switch": ...}, ...]}

``seats`` gives each seat's bot by name, or null for a person. Loading replays every entry, so a
loaded game is identical to the saved one, event for event. A version 1 file (answers only,
under ``actions``, and the table's switches under ``table``) loads too; any other version gets
a one-line error naming it.

:func:`load_game` is the one way in, for the command line, the game table and every other
reader: bytes or a path through the kit's file door (:mod:`landlord.data.files`), the record read
(:func:`landlord.engine.codec.read_record`, which reads every version) and replayed.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from landlord.engine.codec import FORMAT, VERSION, read_record, write_record
from landlord.engine.game import Game
from landlord.engine.record import Record, version_note
from landlord.errors import DataError, IllegalAction, LandlordError
from landlord.players.characters import make_strategy
from landlord.rules.families import replay

__all__ = ["FORMAT", "VERSION", "from_record", "load_game", "save", "to_dict"]


def to_dict(game: Game, seats: list[str | None]) -> dict[str, Any]:
    """The saved form of ``game``'s record, ``seats`` naming each seat's bot (None for a person)."""
    return write_record(replace(game.record, seats=list(seats)))


def save(game: Game, path: str | Path, seats: list[str | None]) -> None:
    """Write ``game`` to ``path`` as JSON."""
    Path(path).write_text(json.dumps(to_dict(game, seats), indent=1), encoding="utf-8")


def load_game(source: bytes | str | Path | Mapping[str, Any], where: str | None = None, *,
              rulesets: Collection[str] | None = None, each: Callable[[Game], None] | None = None) -> Game:
    """The one way a saved game comes in: ``source`` is the bytes of a file (an upload), a
    path, or the file's JSON already parsed; the game comes back replayed, its bots in their
    seats (``game.record.seats`` names them).

    ``where`` names the file in errors (default: the path, or ``<saved game>``); ``rulesets``,
    when given, are the only ruleset ids the file may name (a table offers no others); ``each``
    is called with the game after its set-up and after every entry replayed (the table's
    history). Every failure is one :class:`~landlord.errors.DataError` line naming the file:
    the door's (:mod:`landlord.data.files`: size, UTF-8, JSON, depth, numbers), the record's fields,
    and an entry that does not replay, with the kit version the game was played under when it
    is not this one."""
    from landlord.data.files import check_values, parse_json, read_json

    if isinstance(source, str | Path):
        where = str(source) if where is None else where
        data = read_json(source, KIND)
    elif isinstance(source, bytes | bytearray | memoryview):
        where = "<saved game>" if where is None else where
        data = parse_json(bytes(source), where, KIND)
    else:
        where = "<saved game>" if where is None else where
        check_values(source, where)
        data = source
    record = read_record(data, where)
    if rulesets is not None and record.ruleset not in rulesets:
        raise DataError(where, "ruleset", None, f"unknown ruleset {record.ruleset[:60]!r} "
                                                f"(known: {', '.join(rulesets)}){version_note(record.kit)}")
    return from_record(record, where, each)


KIND = "a saved landlord game"
"""What a file that is not JSON is said not to be."""


def from_record(record: Record, where: str = "<saved game>", each: Callable[[Game], None] | None = None) -> Game:
    """Replay ``record``, its bots taking their seats; DataError names what is wrong and where,
    and the kit version the record was played under when it is not this one."""
    note = version_note(record.kit)
    try:
        strategies = [make_strategy(s, f"{record.seed}-{i}") if s else None for i, s in enumerate(record.seats)]
        return replay(record, strategies=strategies, where=where, each=each)
    except IllegalAction as exc:  # replay has added the versions
        raise DataError(where, None, None, str(exc).removeprefix(f"{where}: ")) from None
    except (KeyError, TypeError, ValueError) as exc:
        raise DataError(where, None, None, f"does not describe a game this kit can play ({exc}){note}") from None
    except DataError as exc:
        if exc.path == record.ruleset:  # no such ruleset: the saved file's field is at fault
            raise DataError(where, None, "ruleset", exc.problem + note) from None
        if not note or note in exc.problem:
            raise
        raise DataError(exc.path, exc.entry, exc.field, exc.problem + note) from None
    except LandlordError as exc:
        raise DataError(where, None, None, str(exc).removeprefix(f"{where}: ") + note) from None
