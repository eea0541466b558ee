"""The game behind a table: seats, seed, phase triggers, the record, history, rewind, saving.

:class:`TableSession` holds no widgets and no rules. It drives a :class:`landlord.Game` only
through the public engine API — ``Game``, ``Game.act``, ``Game.run``, ``Game.switch_phase``,
``Game.record``, :func:`landlord.engine.record.replay` and :mod:`landlord.players.savefile` — and keeps what
the table needs to draw the past: one snapshot (turn, phase, each seat's total) per answered
decision or phase switch, labelled ``k``: the number of the record's entries at that point.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, ClassVar

from landlord.data.loader import load_ruleset
from landlord.data.position import Position
from landlord.data.ruleset import Ruleset
from landlord.engine.decisions import Decision, OptionText
from landlord.engine.game import Game
from landlord.engine.phases import Trigger, parse_switch
from landlord.engine.record import Record
from landlord.engine.strategies import VOTE_KINDS, SeatView, Strategy
from landlord.errors import IllegalAction
from landlord.players import savefile
from landlord.players.characters import make_strategy
from landlord.rules.families import FamilyGame, replay

from .state import snapshot


@dataclass(frozen=True)
class Seat:
    """Who sits in a seat: a name and a bot's name, or ``None`` for a person."""

    name: str
    bot: str | None = None


class StandIn:
    """A bot that keeps a person's seat without casting the person's vote: every decision as
    ``inner`` would answer it, except a vote on changing the rules, where it keeps them."""

    KEEP: ClassVar[dict[str, str]] = {"call_vote": "no_vote", "vote": "against"}

    def __init__(self, inner: Strategy) -> None:
        self.inner = inner
        self.name = inner.name

    def choose(self, view: SeatView, decision: Decision) -> OptionText:
        """``inner``'s answer, or the answer that keeps the rules on a vote."""
        if decision.kind in VOTE_KINDS and self.KEEP.get(decision.kind) in decision.options:
            return self.KEEP[decision.kind]
        return self.inner.choose(view, decision)


class TableSession:
    """One game at a table, with everything needed to rewind, resume, save and load it: the
    game's record (answers, chance, phase switches from the table too, the position it started
    from) is all it keeps. ``position``: start from a described position instead of the
    rules' own opening."""

    def __init__(
        self,
        ruleset: Ruleset | str,
        seats: Sequence[Seat],
        seed: int,
        triggers: Sequence[Trigger | str] = (),
        position: Position | None = None,
        game: Game | None = None,
        history: list[dict[str, Any]] | None = None,
    ) -> None:
        """``game``: the session's game as it stands (a loaded game; none is built), with its
        ``history`` of snapshots (default: the game's present one alone)."""
        self.ruleset = load_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
        self.position = position
        """The described position the game starts from (:mod:`landlord.data.position`), or None."""
        self.seats = list(seats)
        self.seed = int(seed)
        self.triggers = tuple(t if isinstance(t, Trigger) else parse_switch(t) for t in triggers)
        self.history: list[dict[str, Any]] = []
        self.viewing: int | None = None
        self._past: Game | None = None
        self.game = self._fresh() if game is None else game
        self.history = list(history) if history else [snapshot(self.game)]

    # -- building games -------------------------------------------------------------------
    @property
    def names(self) -> list[str]:
        """Seat names in seat order."""
        return [s.name for s in self.seats]

    @property
    def bots(self) -> list[str | None]:
        """Each seat's bot name, or None for a person."""
        return [s.bot for s in self.seats]

    def _strategies(self) -> list[Any]:
        return [make_strategy(s.bot, f"{self.seed}-{i}") if s.bot else None for i, s in enumerate(self.seats)]

    def _fresh(self) -> Game:
        return FamilyGame(self.ruleset, self._strategies(), self.seed, self.names, triggers=self.triggers,
                    position=self.position)

    def rebuild(self, record: Record, upto: int | None = None, history: bool = False) -> Game:
        """The game after the first ``upto`` entries of ``record`` (all when None), replayed;
        ``history`` refills :attr:`history` on the way."""
        part = replace(record, entries=record.entries[:upto])
        if history:
            self.history = []
        g = replay(part, strategies=self._strategies(), ruleset=self.ruleset,
                   each=(lambda game: self.history.append(snapshot(game))) if history else None)
        return g

    # -- playing --------------------------------------------------------------------------
    @property
    def shown(self) -> Game:
        """The game on view: the present, or a past point while rewound."""
        return self._past if self.viewing is not None and self._past is not None else self.game

    @property
    def pending(self) -> Decision | None:
        """The decision waiting in the present game."""
        return self.game.pending

    def is_person(self, seat: int) -> bool:
        """True when a person (not a bot) plays ``seat``."""
        return self.seats[seat].bot is None

    def act(self, choice: str, asked_at: int | None = None) -> None:
        """A person answers the pending decision.

        ``asked_at`` is how many choices had been made when the button was drawn; a click from
        an older button (double click, stale screen) raises IllegalAction and changes nothing.
        """
        g = self.game
        if self.viewing is not None:
            raise IllegalAction("you are looking at the past: go back to the present to play")
        if asked_at is not None and asked_at != len(g.entries):
            raise IllegalAction("that button belonged to a decision already answered; nothing was changed")
        d = g.pending
        if d is not None and not self.is_person(d.seat):
            raise IllegalAction(f"it is {g.names[d.seat]}'s decision, and a bot plays that seat")
        g.act(choice)
        self.history.append(snapshot(g))

    def bot_step(self) -> bool:
        """Let the bot whose decision is pending answer it; False if a person must answer
        (or the game is over, or the table is rewound)."""
        g = self.game
        if self.viewing is not None or g.pending is None or self.is_person(g.pending.seat):
            return False
        before = len(g.entries)
        g.run(max_decisions=1)
        if len(g.entries) == before:
            return False
        self.history.append(snapshot(g))
        return True

    def bot_takes_seat(self, seat: int, bot: str) -> None:
        """From now on ``bot`` plays ``seat`` (a student leaves the table); earlier choices stay."""
        self.seats[seat] = Seat(self.seats[seat].name, bot)
        self.game.strategies[seat] = make_strategy(bot, f"{self.seed}-{seat}")

    def stand_in(self, seat: int, bot: str = "landlord") -> None:
        """A computer player keeps a person's ``seat`` for a while (a lesson's Skip ahead): it
        plays as ``bot`` but leaves every vote on the rules to the person: it calls none and votes
        against, so the change stays the person's to call (:class:`StandIn`)."""
        self.seats[seat] = Seat(self.seats[seat].name, bot)
        self.game.strategies[seat] = StandIn(make_strategy(bot, f"{self.seed}-{seat}"))

    def person_takes_seat(self, seat: int) -> None:
        """From now on a person plays ``seat`` again (after a bot kept it for a while)."""
        self.seats[seat] = Seat(self.seats[seat].name, None)
        self.game.strategies[seat] = None

    def switch_phase(self, phase: str) -> None:
        """Put ``phase``'s rules in force now (through the engine), recorded for rewind/saving."""
        if self.viewing is not None:
            raise IllegalAction("you are looking at the past: go back to the present first")
        if self.game.over:
            raise IllegalAction("the game is over")
        if phase == self.game.phase:
            raise IllegalAction(f"the rules of {phase!r} are already in force")
        self.game.switch_phase(phase, "table")
        self.history.append(snapshot(self.game))

    # -- rewinding ------------------------------------------------------------------------
    def view(self, k: int | None) -> Game:
        """Show the game after the record's first ``k`` entries (None or the present count: the
        present)."""
        if k is None or k >= len(self.game.entries):
            self.viewing, self._past = None, None
            return self.game
        k = max(0, k)
        self._past = self.rebuild(self.game.record, k)
        self.viewing = k
        return self._past

    def choices_at_turn(self, turn: int) -> int:
        """The number of the record's entries at the last snapshot at or before ``turn``."""
        best = 0
        for snap in self.history:
            if snap["turn"] <= turn:
                best = max(best, snap["k"])
        return best

    def play_on_from_here(self) -> None:
        """Make the rewound point the present: later choices are taken back."""
        if self.viewing is None:
            return
        k = self.viewing
        self.history = [h for h in self.history if h["k"] <= k]
        self.game = self.rebuild(self.game.record, k)
        self.viewing, self._past = None, None

    # -- saving ---------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The saved form: the game's record (landlord.players.savefile's), the same file the command
        line loads."""
        return savefile.to_dict(self.game, self.bots)

    def save(self, path: str | Path) -> None:
        """Write the game to ``path`` (JSON)."""
        Path(path).write_text(json.dumps(self.to_dict(), indent=1), encoding="utf-8")

    @classmethod
    def from_game(cls, game: Game, history: list[dict[str, Any]] | None = None) -> TableSession:
        """The session of ``game`` as it stands (a loaded game): its ruleset, seats, seed,
        triggers and position are the game's, and no other game is built."""
        seats = [Seat(n, b) for n, b in zip(game.names, game.record.seats, strict=True)]
        triggers = [t for t in game.triggers if t not in game.added]
        return cls(game.ruleset, seats, game.seed, triggers, game.position, game=game, history=history)

    @classmethod
    def from_saved(cls, source: bytes | str | Path | Any, where: str | None = None,
                   rulesets: Collection[str] | None = None) -> TableSession:
        """Load a saved game (the bytes of a file, a path, or its parsed JSON) through
        :func:`landlord.players.savefile.load_game`, the one way a saved game comes in, refilling the
        history on the way; ``rulesets``: the only ruleset ids it may name. DataError, one line
        naming the file, says what is wrong."""
        history: list[dict[str, Any]] = []
        game = savefile.load_game(source, where, rulesets=rulesets, each=lambda g: history.append(snapshot(g)))
        return cls.from_game(game, history)

    @classmethod
    def from_dict(cls, data: Any, where: str = "<saved game>") -> TableSession:
        """Rebuild a session from its saved form (:meth:`from_saved`)."""
        return cls.from_saved(data, where)

    @classmethod
    def from_bytes(cls, raw: bytes, where: str = "<saved game>") -> TableSession:
        """Load a saved game from the bytes of a file (:meth:`from_saved`)."""
        return cls.from_saved(bytes(raw), where)

    @classmethod
    def load(cls, path: str | Path) -> TableSession:
        """Load a saved game from ``path`` (:meth:`from_saved`)."""
        return cls.from_saved(Path(path))
