"""Saved games: a game is its ruleset, seed, seats and recorded choices; loading replays them.

A saved file is JSON::

    {"format": "landlord-game", "version": 1, "kit": "0.1.0", "ruleset": "magie-1904",
     "overrides": {}, "seed": 7, "names": [...], "seats": ["landlord", null, ...],
     "actions": ["buy", "rent", ...], "triggers": ["vote"]}

``triggers`` (optional) lists the phase triggers of the game as ``phase@trigger`` (for example
``single_tax@vote``); without them a game whose rules changed mid-way would not replay.

``seats`` gives each seat's bot by name, or null for a person. Loading replays every action, so
a loaded game is identical to the saved one, event for event.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from landlord.errors import DataError, IllegalAction, LandlordError
from landlord.game import Game
from landlord.loader import load_ruleset
from landlord.strategies import make_strategy

FORMAT = "landlord-game"
VERSION = 1


def to_dict(game: Game, seats: list[str | None], overrides: dict[str, Any] | None = None) -> dict[str, Any]:
    """The saved form of ``game`` (``seats`` names each seat's bot, None for a person)."""
    from landlord import __version__

    return {
        "format": FORMAT, "version": VERSION, "kit": __version__, "ruleset": game.ruleset.id,
        "overrides": overrides or {}, "seed": game.seed, "names": game.names, "seats": seats,
        "actions": list(game.actions),
        "triggers": [f"{t.phase}@{t.text}" for t in game.triggers],
    }


def save(game: Game, path: str | Path, seats: list[str | None], overrides: dict[str, Any] | None = None) -> None:
    """Write ``game`` to ``path`` as JSON."""
    Path(path).write_text(json.dumps(to_dict(game, seats, overrides), indent=1), encoding="utf-8")


def from_dict(data: Any, where: str = "<saved game>") -> tuple[Game, list[str | None]]:
    """Rebuild a game from its saved form; DataError names what is wrong and where."""
    if not isinstance(data, dict):
        raise DataError(where, None, None, "not a saved landlord game (expected a JSON object)")
    if data.get("format") != FORMAT:
        raise DataError(where, None, "format", f"not a saved landlord game (format {data.get('format')!r})")
    if data.get("version") != VERSION:
        raise DataError(where, None, "version",
                        f"unsupported version {data.get('version')!r} (this kit reads {VERSION})")
    spec = {"ruleset": str, "seed": int, "names": list, "seats": list, "actions": list, "overrides": dict}
    for key, typ in spec.items():
        if not isinstance(data.get(key), typ) or isinstance(data.get(key), bool):
            raise DataError(where, None, key, f"expected {typ.__name__}, got {data.get(key)!r}")
    if len(data["names"]) != len(data["seats"]):
        raise DataError(where, None, "seats", f"{len(data['seats'])} seats for {len(data['names'])} names")
    try:
        ruleset = load_ruleset(data["ruleset"])
        if data["overrides"]:
            ruleset = ruleset.override(**data["overrides"])
        seats: list[str | None] = data["seats"]
        from landlord.phases import parse_trigger

        listed = data.get("triggers", [])
        if not isinstance(listed, list) or not all(isinstance(t, str) for t in listed):
            raise DataError(where, None, "triggers", f"expected a list of \"phase@trigger\" texts, got {listed!r}")
        if not 0 <= data["seed"] <= 2**63 - 1:
            raise DataError(where, None, "seed", f"must be 0 to 2**63 - 1, got {data['seed']}")
        triggers = [parse_trigger(text.partition("@")[2], text.partition("@")[0]) for text in listed]
        game = Game(ruleset, [None] * len(seats), data["seed"], data["names"], triggers=triggers)
        for i, choice in enumerate(data["actions"]):
            if not isinstance(choice, str):
                raise DataError(where, f"actions[{i}]", None, f"expected a string, got {choice!r}")
            try:
                game.act(choice)
            except IllegalAction as exc:
                raise DataError(where, f"actions[{i}]", None, f"does not replay: {exc}") from None
        game.strategies = [make_strategy(s, f"{data['seed']}-{i}") if s else None for i, s in enumerate(seats)]
    except (KeyError, TypeError, ValueError) as exc:
        raise DataError(where, None, None, f"does not describe a game this kit can play ({exc})") from None
    except DataError:
        raise
    except LandlordError as exc:
        raise DataError(where, None, None, str(exc)) from None
    return game, seats


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
