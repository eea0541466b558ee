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

Version 3 is this format; :mod:`landlord.engine.codec` reads it and every earlier version (a
version 1 record's chance is drawn again from the seed) and writes it. A :class:`Record` holds
typed entries only.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from landlord.engine.entries import ENTRY_TYPES, Answer, Entry

if TYPE_CHECKING:
    from landlord.data.position import Position
    from landlord.data.ruleset import Ruleset
    from landlord.engine.phases import Trigger

__all__ = ["VERSION", "Record", "game_record", "kit_version", "version_files", "version_note"]

VERSION = 3
"""The version of the saved form of a record this kit makes (:mod:`landlord.engine.codec` reads
every version the kit has written)."""

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
        for i, e in enumerate(self.entries):
            if type(e) not in ENTRY_TYPES:
                raise TypeError(f"entries[{i}] is not a record entry: {e!r} (a record holds typed entries "
                                f"only; read a saved form with landlord.engine.codec)")

    @property
    def chance(self) -> bool:
        """Whether the entries hold the chance outcomes (replay takes them from the record)."""
        return self.version >= 2 and self.drawn

    def answers(self) -> list[str]:
        """The seats' answers alone, in order."""
        return [e.option for e in self.entries if isinstance(e, Answer)]


def game_record(ruleset: Ruleset, seed: int, names: Sequence[str], seats: Sequence[str | None],
                entries: Iterable[Entry] = (), triggers: Iterable[Trigger] = (), position: Position | None = None,
                *, kit: str | None, drawn: bool = True) -> Record:
    """The one way a game's record is built (the game's own, a class table's, a replay's from
    answers alone): ``ruleset`` gives its id and its overrides (the params marked
    :attr:`~landlord.data.ruleset.Param.overridden`), ``triggers`` (given at the start) are
    written ``phase@trigger``, ``position`` in its saved form; ``kit`` is the kit version it was
    played under (None: not known), ``drawn`` whether its entries hold the chance outcomes."""
    return Record(ruleset.id, seed, list(names), list(seats), list(entries),
                  [f"{t.phase}@{t.text}" for t in triggers], ruleset.overrides(),
                  None if position is None else position.to_dict(), kit=kit, drawn=drawn)
