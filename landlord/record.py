"""A game is its record: the ruleset, the seed, the seats and every input in order.

An input is an *entry* of one of three forms (each as it is written in a saved file, JSON):

* an answer of a seat to the decision put to it: the option, a string (``"buy"``);
* a chance outcome, a list naming what chance decided: ``["dice", 3, 5]`` (a throw of two
  dice), ``["shuffle", [2, 0, 1]]`` (a pack shuffled: the new order, as the cards' places in
  the old order), ``["pick", 4]`` (one of several things picked, here the fifth);
* a phase switch, an object: ``{"switch": "single_tax", "cause": "table"}`` for a switch made
  from outside the rules (a person at the table, a teacher), ``{"switch": "part2",
  "cause": "round:25", "fired": true}`` for one the rules made (a trigger or a vote).

Chance is drawn from the game's seeded RNG with the kit's own algorithms (two dice from
``random()``, Fisher-Yates shuffles on ``random()``), and recorded as it is drawn (by appending:
no decision round trip). :func:`replay` rebuilds any game from its record: answers and
switches from outside are fed in order, chance outcomes are taken from the record (so a record
replays alike on every Python), and what the rules do themselves is checked against it.

A record in a file carries ``"format": "landlord-game"`` and ``"version"``. Version 2 is this
one. Version 1 (before chance and switches were recorded) kept only the answers, under
``actions``, and the table's switches under ``table.switches``: it still loads, its chance
being drawn again from the seed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from landlord.errors import DataError, IllegalAction, LandlordError
from landlord.loader import load_ruleset

if TYPE_CHECKING:
    from landlord.game import Game
    from landlord.ruleset import Ruleset
    from landlord.strategies import Strategy

FORMAT = "landlord-game"
VERSION = 2
READS = (1, 2)
"""The record versions this kit loads."""

Entry = Any
"""An answer (``str``), a chance outcome (``tuple``/``list``: kind first) or a phase switch
(``dict``)."""

CHANCE = ("dice", "shuffle", "pick")


@dataclass
class Record:
    """Everything needed to rebuild a game: ``ruleset`` (its id) and ``overrides`` (params
    replaced), ``seed``, seat ``names``, ``seats`` (each seat's bot by name, None for a person),
    ``triggers`` (``phase@trigger``), the ``entries`` in order, and the ``position`` the game
    started from (None: the rules' own set-up). ``version`` 1 marks a record whose chance was
    not recorded."""

    ruleset: str
    seed: int
    names: list[str]
    seats: list[str | None]
    entries: list[Entry] = field(default_factory=list)
    triggers: list[str] = field(default_factory=list)
    overrides: dict[str, Any] = field(default_factory=dict)
    position: dict[str, Any] | None = None
    version: int = VERSION

    def to_dict(self) -> dict[str, Any]:
        """The saved form (JSON-able), always in the current version."""
        from landlord import __version__

        if self.version != VERSION:
            raise LandlordError(f"a version {self.version} record cannot be written as version "
                                f"{VERSION}: replay it and save the game's record")
        data: dict[str, Any] = {
            "format": FORMAT, "version": VERSION, "kit": __version__, "ruleset": self.ruleset,
            "overrides": dict(self.overrides), "seed": self.seed, "names": list(self.names),
            "seats": list(self.seats), "triggers": list(self.triggers),
            "entries": [list(e) if isinstance(e, tuple) else e for e in self.entries],
        }
        if self.position is not None:
            data["position"] = self.position
        return data

    @classmethod
    def from_dict(cls, data: Any, where: str = "<saved game>") -> Record:
        """Read a saved record (version 1 or 2); DataError names what is wrong and where."""
        if not isinstance(data, dict):
            raise DataError(where, None, None, "not a saved landlord game (expected a JSON object)")
        if data.get("format") != FORMAT:
            raise DataError(where, None, "format", f"not a saved landlord game (format {data.get('format')!r})")
        version = data.get("version")
        if version not in READS or isinstance(version, bool):
            raise DataError(where, None, "version", f"a version {version!r} saved game: this kit reads "
                                                    f"versions {', '.join(map(str, READS))}")
        known = {"format", "version", "kit", "ruleset", "overrides", "seed", "names", "seats", "triggers",
                 "entries", "position"}
        for key in data if version == VERSION else ():
            if key not in known:
                raise DataError(where, None, key, f"unknown field of a version {VERSION} saved game "
                                                  f"(known: {', '.join(sorted(known))})")
        spec: dict[str, type] = {"ruleset": str, "seed": int, "names": list, "seats": list, "overrides": dict}
        spec["actions" if version == 1 else "entries"] = list
        for key, typ in spec.items():
            value = data.get(key)
            if not isinstance(value, typ) or isinstance(value, bool):
                raise DataError(where, None, key, f"expected {typ.__name__}, got {value!r}")
        if not 0 <= data["seed"] <= 2**63 - 1:
            raise DataError(where, None, "seed", f"must be 0 to 2**63 - 1, got {data['seed']}")
        names, seats = data["names"], data["seats"]
        if len(names) != len(seats):
            raise DataError(where, None, "seats", f"{len(seats)} seats for {len(names)} names")
        for i, s in enumerate(seats):
            if s is not None and not isinstance(s, str):
                raise DataError(where, f"seats[{i}]", None, f"expected a bot's name or null, got {s!r}")
        triggers = data.get("triggers", [])
        if not isinstance(triggers, list) or not all(isinstance(t, str) for t in triggers):
            raise DataError(where, None, "triggers", f"expected a list of phase@trigger texts, got {triggers!r}")
        position = data.get("position")
        if position is not None and not isinstance(position, dict):
            raise DataError(where, None, "position", f"expected an object, got {position!r}")
        entries = _v1_entries(data, where) if version == 1 else _entries(data["entries"], where)
        return cls(data["ruleset"], data["seed"], [str(n) for n in names], list(seats), entries,
                   list(triggers), dict(data["overrides"]), position, int(version))

    def answers(self) -> list[str]:
        """The seats' answers alone, in order."""
        return [e for e in self.entries if isinstance(e, str)]


def _entries(raw: list[Any], where: str) -> list[Entry]:
    out: list[Entry] = []
    for i, e in enumerate(raw):
        if isinstance(e, str):
            out.append(e)
        elif isinstance(e, list) and e and e[0] in CHANCE:
            out.append(tuple(tuple(v) if isinstance(v, list) else v for v in e))
        elif isinstance(e, dict) and isinstance(e.get("switch"), str) and isinstance(e.get("cause"), str):
            out.append(dict(e))
        else:
            raise DataError(where, f"entries[{i}]", None,
                            f"expected an answer (text), a chance outcome ([{', '.join(CHANCE)}, ...]) "
                            f"or a switch ({{switch, cause}}), got {e!r}")
    return out


def _v1_entries(data: dict[str, Any], where: str) -> list[Entry]:
    """A version 1 record's answers, with the table's phase switches put back where they were
    made (``table.switches``: [answers before it, phase])."""
    actions = data["actions"]
    for i, a in enumerate(actions):
        if not isinstance(a, str):
            raise DataError(where, f"actions[{i}]", None, f"expected a string, got {a!r}")
    extra = data.get("table", {})
    try:
        switches = sorted((int(k), str(p)) for k, p in extra.get("switches", []))
    except (AttributeError, TypeError, ValueError) as exc:
        raise DataError(where, "table", None, f"unreadable phase switches ({exc})") from None
    out: list[Entry] = []
    for i in range(len(actions) + 1):
        out += [{"switch": p, "cause": "table"} for k, p in switches if k == i]
        if i < len(actions):
            out.append(actions[i])
    return out


def replay(record: Record, strategies: Sequence[Strategy | None] | None = None, log: bool = True,
           where: str = "the record", ruleset: Ruleset | None = None,
           each: Callable[[Game], None] | None = None) -> Game:
    """Rebuild the game of ``record``: every entry fed in order (answers through
    :meth:`Game.act`, switches from outside through :meth:`Game.switch_phase`, chance outcomes
    and the rules' own switches taken and checked where the rules come to them).

    Seats are people unless ``strategies`` is given (then they play on from where the record
    ends). IllegalAction names the entry that does not replay; a LandlordError says what else
    is wrong. ``ruleset`` stands for the record's ruleset and overrides when given; ``each`` is
    called with the game after its set-up and after each answer or switch fed.
    """
    from landlord.game import Game
    from landlord.phases import parse_switch
    from landlord.position import Position

    if ruleset is None:
        ruleset = load_ruleset(record.ruleset)
        if record.overrides:
            ruleset = ruleset.override(**record.overrides)
    try:
        triggers = [parse_switch(t) for t in record.triggers]
    except ValueError as exc:
        raise LandlordError(f"{where}: triggers: {exc}") from None
    feed = record.entries
    n = len(record.names)
    position = None if record.position is None else Position.from_dict(record.position, f"{where}: position")
    try:
        game = Game(ruleset, [None] * n, record.seed, record.names, log=log, triggers=triggers,
                    feed=feed, chance=record.version >= 2, position=position)
    except IllegalAction as exc:  # a chance outcome of the set-up
        raise IllegalAction(f"{where}: {exc}") from None
    try:
        if each is not None:
            each(game)
        while game.fed < len(feed):
            e = feed[game.fed]
            game.fed += 1
            if isinstance(e, str):
                game.act(e)
            elif isinstance(e, dict) and not e.get("fired"):
                if game.over:
                    raise IllegalAction("the game is over: its rules can no longer change")
                game.switch_phase(e["switch"], e["cause"])
            else:
                raise IllegalAction(f"the game waits for {_waiting(game)}, but the record has {e!r}")
            if each is not None:
                each(game)
    except IllegalAction as exc:
        text = str(exc)
        if not text.startswith("entries["):
            text = f"{_place(record, game.fed - 1)} does not replay: {text}"
        raise IllegalAction(f"{where}: {text}") from None
    finally:
        game.end_feed()
    if strategies is not None:
        game.strategies = list(strategies)
    return game


def _place(record: Record, i: int) -> str:
    """Where entry ``i`` is written in the saved file (a version 1 file lists answers only)."""
    if record.version == 1 and isinstance(record.entries[i], str):
        return f"actions[{sum(isinstance(e, str) for e in record.entries[:i])}]"
    return f"entries[{i}]"


def _waiting(game: Game) -> str:
    d = game.pending
    return "nothing (the game is over)" if d is None else f"{game.names[d.seat]}'s {d.kind!r} answer"
