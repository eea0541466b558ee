"""A game is its record: the ruleset, the seed, the seats and every input in order.

An input is an *entry* of one of four types (:mod:`landlord.engine.entries`: :class:`Answer`,
:class:`Chance`, :class:`Switch`, :class:`TriggerAdded`), each written in a saved file (JSON) as:

* an answer of a seat to the decision put to it: the option, a string (``"buy"``);
* a chance outcome, a list naming what chance decided: ``["dice", 3, 5]`` (a throw of two
  dice), ``["shuffle", [2, 0, 1]]`` (a pack shuffled: the new order, as the cards' places in
  the old order), ``["pick", 4]`` (one of several things picked, here the fifth);
* a phase switch, an object: ``{"switch": "single_tax", "cause": "table"}`` for a switch made
  from outside the rules (a person at the table, a teacher), ``{"switch": "part2",
  "cause": "round:25", "fired": true}`` for one the rules made (a trigger or a vote);
* a trigger added from outside during the game, an object: ``{"trigger": "single_tax@vote",
  "cause": "class plan"}`` (a class's phase plan opens a vote at round N: from this entry on
  the rules hold that vote as if the game had been given the trigger).

Chance is drawn from the game's seeded RNG with the kit's own algorithms (two dice from
``random()``, Fisher-Yates shuffles on ``random()``), and recorded as it is drawn (by appending:
no decision round trip). :func:`landlord.engine.replay.replay` rebuilds any game from its record: answers and
switches from outside are fed in order, chance outcomes are taken from the record (so a record
replays alike on every Python), and what the rules do themselves is checked against it.

A record in a file carries ``"format": "landlord-game"``, ``"version"`` (of the file format)
and ``"kit"``: the version of the kit it was played under, :func:`kit_version` (the package
version and a digest of the rules' code and data, so it changes whenever the rules may have).
A record from another kit version loads when it replays; when it does not, the one-line error
says under which version it was played and which this is.

Version 3 is this format. Version 2 lacked trigger entries; it loads as it is. Version 1
(before chance and switches were recorded) kept only the answers, under ``actions``, and the
table's switches under ``table.switches``: it still loads, its chance being drawn again from
the seed.
"""

from __future__ import annotations

import functools
import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from landlord.engine.entries import CHANCE, Answer, Chance, Entry, Switch, TriggerAdded, coerce, decode, encode

__all__ = ["CHANCE", "FORMAT", "READS", "VERSION", "Answer", "Chance", "Entry", "Record", "Switch", "TriggerAdded",
           "kit_version", "version_files", "version_note"]
from landlord.errors import DataError, LandlordError

FORMAT = "landlord-game"
VERSION = 3
READS = (1, 2, 3)
"""The record versions this kit loads."""

LAYERS = ("data", "engine", "rules", "players")
"""The kit's layers whose code decides how a record replays or what its bots answered, digested
whole: reading the data, the engine (the game, its record, chance, the triggers and the Gini
they read), the rules, and the computer players (games kept for the lessons' reveals are bot
games: :mod:`landlord.runs.kept` uses them only under the version that played them)."""


def version_files() -> list[tuple[str, Path]]:
    """The files :func:`kit_version` digests, each with its name inside the kit (the same from a
    checkout and from the wheel): every module under ``landlord/data/``, ``landlord/engine/``,
    ``landlord/rules/`` and ``landlord/players/`` (:data:`LAYERS`), and the boards, decks and
    rulesets."""
    from landlord.data.resources import kit_dir

    package = Path(__file__).resolve().parent.parent
    files = [(f"landlord/{f.relative_to(package).as_posix()}", f)
             for layer in LAYERS for f in sorted((package / layer).rglob("*.py"))]
    data = kit_dir("data")
    for sub in ("boards", "decks", "rulesets"):
        files += [(f"data/{sub}/{f.name}", f) for f in sorted((data / sub).glob("*.toml"))]
    return files


@functools.cache
def kit_version() -> str:
    """This kit's version for records: the package version and the first 8 hex digits of a
    SHA-256 over the code of the layers that decide a replay or a bot's answers (:data:`LAYERS`:
    data, engine, rules and players, whole) and the data (boards, decks, rulesets), each file
    named by its path inside the kit, e.g. ``"0.1.0+rules.3fa2b1c0"``."""
    from landlord.version import __version__

    h = hashlib.sha256()
    for name, f in version_files():
        h.update(name.encode("utf-8") + b"\0" + f.read_bytes() + b"\0")
    return f"{__version__}+rules.{h.hexdigest()[:8]}"


def version_note(kit: str | None) -> str:
    """What to add to an error about a record played under kit version ``kit`` ("" when it is
    this kit's)."""
    now = kit_version()
    if kit == now:
        return ""
    then = "an earlier version of the kit (before records named it)" if kit is None else f"version {kit} of the kit"
    return f" (it was played under {then}, and this is version {now})"


@dataclass
class Record:
    """Everything needed to rebuild a game: ``ruleset`` (its id) and ``overrides`` (params
    replaced), ``seed``, seat ``names``, ``seats`` (each seat's bot by name, None for a person),
    ``triggers`` (``phase@trigger``, those given at the start), the ``entries`` in order, the
    ``position`` the game started from (None: the rules' own set-up) and ``kit``, the kit
    version it was played under (:func:`kit_version`; None: not known). ``version`` 1 marks a
    record whose chance was not recorded; so does ``drawn=False`` (a class table's record: its
    chance is drawn from the seed again, the class store keeping the people's inputs only)."""

    ruleset: str
    seed: int
    names: list[str]
    seats: list[str | None]
    entries: list[Entry] = field(default_factory=list)
    triggers: list[str] = field(default_factory=list)
    overrides: dict[str, Any] = field(default_factory=dict)
    position: dict[str, Any] | None = None
    version: int = VERSION
    kit: str | None = field(default_factory=kit_version)
    drawn: bool = True

    def __post_init__(self) -> None:
        self.entries = [lenient(e) for e in self.entries]

    @property
    def chance(self) -> bool:
        """Whether the entries hold the chance outcomes (replay takes them from the record)."""
        return self.version >= 2 and self.drawn

    def to_dict(self) -> dict[str, Any]:
        """The saved form (JSON-able), always in the current version."""
        if not self.chance:
            raise LandlordError(f"a version {self.version} record cannot be written as version "
                                f"{VERSION}: replay it and save the game's record")
        data: dict[str, Any] = {
            "format": FORMAT, "version": VERSION, "kit": self.kit or kit_version(), "ruleset": self.ruleset,
            "overrides": dict(self.overrides), "seed": self.seed, "names": list(self.names),
            "seats": list(self.seats), "triggers": list(self.triggers),
            "entries": [encode(coerce(e)) for e in self.entries],
        }
        if self.position is not None:
            data["position"] = self.position
        return data

    @classmethod
    def from_dict(cls, data: Any, where: str = "<saved game>") -> Record:
        """Read a saved record (any version of :data:`READS`); DataError names what is wrong and
        where."""
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
        for key in data if version != 1 else ():
            if key not in known:
                raise DataError(where, None, key, f"unknown field of a version {version} saved game "
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
        kit = data.get("kit")
        if kit is not None and not isinstance(kit, str):
            raise DataError(where, None, "kit", f"expected the kit's version (text), got {kit!r}")
        entries = _v1_entries(data, where) if version == 1 else _entries(data["entries"], where, int(version))
        return cls(data["ruleset"], data["seed"], [str(n) for n in names], list(seats), entries,
                   list(triggers), dict(data["overrides"]), position, int(version), kit)

    def answers(self) -> list[str]:
        """The seats' answers alone, in order."""
        return [e.option for e in self.entries if isinstance(e, Answer)]


def lenient(raw: Any) -> Entry:
    """``raw`` as an entry when it is one or the saved form of one; else as it is (a record made
    in code with something else in it: its replay says where it does not replay)."""
    try:
        return coerce(raw)
    except DataError:
        return raw


def _entries(raw: list[Any], where: str, version: int = VERSION) -> list[Entry]:
    return [decode(e, where, i, version) for i, e in enumerate(raw)]


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
        out += [Switch(p, "table") for k, p in switches if k == i]
        if i < len(actions):
            out.append(Answer(actions[i]))
    return out
