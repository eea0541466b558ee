"""The game behind a table: seats, seed, phase triggers, the record, history, rewind, saving.

:class:`TableSession` holds no widgets and no rules. It drives a :class:`landlord.Game` only
through the public engine API — ``Game``, ``Game.act``, ``Game.run``, ``Game.switch_phase``,
:func:`landlord.game.replay` and :mod:`landlord.savefile` — and keeps what the table needs to
draw the past: one snapshot (turn, phase, each seat's total) per answered decision.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from landlord import savefile
from landlord.decisions import Decision
from landlord.errors import DataError, IllegalAction, LandlordError
from landlord.game import Game, replay
from landlord.loader import load_ruleset
from landlord.phases import Trigger, parse_switch
from landlord.ruleset import Ruleset
from landlord.strategies import make_strategy
from widgets.state import snapshot


@dataclass(frozen=True)
class Seat:
    """Who sits in a seat: a name and a bot's name, or ``None`` for a person."""

    name: str
    bot: str | None = None


class TableSession:
    """One game at a table, with everything needed to rewind, resume, save and load it.

    ``switches`` records phase switches made from the table through
    :meth:`landlord.Game.switch_phase` as ``(decisions answered so far, phase)``, so that rewinding
    and loading put them back at the same point of the record.
    """

    def __init__(
        self,
        ruleset: Ruleset | str,
        seats: Sequence[Seat],
        seed: int,
        triggers: Sequence[Trigger | str] = (),
        switches: Sequence[tuple[int, str]] = (),
    ) -> None:
        self.ruleset = load_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
        self.seats = list(seats)
        self.seed = int(seed)
        self.triggers = tuple(t if isinstance(t, Trigger) else parse_switch(t) for t in triggers)
        self.switches: list[tuple[int, str]] = [(int(k), str(p)) for k, p in switches]
        self.history: list[dict[str, Any]] = []
        self.viewing: int | None = None
        self._past: Game | None = None
        self.game = self._fresh()
        self.history = [snapshot(self.game)]

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
        return Game(self.ruleset, self._strategies(), self.seed, self.names, triggers=self.triggers)

    def rebuild(self, actions: Sequence[str], upto: int | None = None, record: bool = False) -> Game:
        """The game after the first ``upto`` recorded choices (all when None), with the table's
        phase switches put back where they were made. ``record`` refills :attr:`history`."""
        upto = len(actions) if upto is None else upto
        cuts = sorted(k for k, _ in self.switches if k <= upto)
        if record:
            g = Game(self.ruleset, [None] * len(self.seats), self.seed, self.names, triggers=self.triggers)
            self.history = [snapshot(g)]
            for i in range(upto + 1):
                for k, phase in self.switches:
                    if k == i:
                        g.switch_phase(phase, "table")
                        self.history.append(snapshot(g))
                if i < upto:
                    g.act(actions[i])
                    self.history.append(snapshot(g))
        else:
            first = cuts[0] if cuts else upto
            g = replay(self.ruleset, self.seed, actions[:first], self.names, n_players=len(self.seats),
                       triggers=self.triggers)
            for i in range(first, upto + 1):
                for k, phase in self.switches:
                    if k == i:
                        g.switch_phase(phase, "table")
                if i < upto:
                    g.act(actions[i])
        g.strategies = self._strategies()
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
        if asked_at is not None and asked_at != len(g.actions):
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
        before = len(g.actions)
        g.run(max_decisions=1)
        if len(g.actions) == before:
            return False
        self.history.append(snapshot(g))
        return True

    def bots_until_person(self, limit: int | None = None) -> int:
        """Bots answer until a person must choose or the game ends; returns how many answered."""
        n = 0
        while (limit is None or n < limit) and self.bot_step():
            n += 1
        return n

    def bot_takes_seat(self, seat: int, bot: str) -> None:
        """From now on ``bot`` plays ``seat`` (a student leaves the table); earlier choices stay."""
        self.seats[seat] = Seat(self.seats[seat].name, bot)
        self.game.strategies[seat] = make_strategy(bot, f"{self.seed}-{seat}")

    def switch_phase(self, phase: str) -> None:
        """Put ``phase``'s rules in force now (through the engine), recorded for rewind/saving."""
        if self.viewing is not None:
            raise IllegalAction("you are looking at the past: go back to the present first")
        if self.game.over:
            raise IllegalAction("the game is over")
        if phase == self.game.phase:
            raise IllegalAction(f"the rules of {phase!r} are already in force")
        self.game.switch_phase(phase, "table")
        self.switches.append((len(self.game.actions), phase))
        self.history.append(snapshot(self.game))

    # -- rewinding ------------------------------------------------------------------------
    def view(self, k: int | None) -> Game:
        """Show the game after ``k`` recorded choices (None or the present count: the present)."""
        if k is None or k >= len(self.game.actions):
            self.viewing, self._past = None, None
            return self.game
        k = max(0, k)
        self._past = self.rebuild(self.game.actions, k)
        self.viewing = k
        return self._past

    def choices_at_turn(self, turn: int) -> int:
        """The number of recorded choices at the last snapshot at or before ``turn``."""
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
        actions = list(self.game.actions[:k])
        self.switches = [(j, p) for j, p in self.switches if j <= k]
        self.history = [h for h in self.history if h["k"] <= k]
        self.game = self.rebuild(actions)
        self.viewing, self._past = None, None

    # -- saving ---------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The saved form: landlord.savefile's (which records the triggers), plus the phase
        switches made from the table, when there are any, under ``table``."""
        data = savefile.to_dict(self.game, self.bots)
        data["triggers"] = [f"{t.phase}@{t.text}" for t in self.triggers]
        if self.switches:
            data["table"] = {"switches": [[k, p] for k, p in self.switches]}
        return data

    def save(self, path: str | Path) -> None:
        """Write the game to ``path`` (JSON)."""
        Path(path).write_text(json.dumps(self.to_dict(), indent=1), encoding="utf-8")

    @classmethod
    def from_dict(cls, data: Any, where: str = "<saved game>") -> TableSession:
        """Rebuild a session from its saved form; DataError says what is wrong."""
        if not isinstance(data, dict):
            raise DataError(where, None, None, "not a saved landlord game (expected a JSON object)")
        # the header is checked by landlord.savefile (format, version, types, ruleset, seats)
        _, bots = savefile.from_dict({**data, "actions": []}, where)
        extra = data.get("table", {})
        if not isinstance(extra, dict):
            raise DataError(where, "table", None, "expected an object")
        try:
            triggers = [parse_switch(t) for t in data.get("triggers", [])]
            switches = [(int(k), str(p)) for k, p in extra.get("switches", [])]
        except (TypeError, ValueError) as exc:
            raise DataError(where, "table", None, f"unreadable phase switches ({exc})") from None
        actions = data["actions"]
        for i, a in enumerate(actions):
            if not isinstance(a, str):
                raise DataError(where, f"actions[{i}]", None, f"expected a string, got {a!r}")
        ruleset = load_ruleset(data["ruleset"])
        if data["overrides"]:
            ruleset = ruleset.override(**data["overrides"])
        seats = [Seat(str(n), b) for n, b in zip(data["names"], bots, strict=True)]
        try:
            s = cls(ruleset, seats, data["seed"], triggers, switches)
            s.game = s.rebuild(actions, record=True)
        except IllegalAction as exc:
            raise DataError(where, "actions", None, f"does not replay: {exc}") from None
        except (KeyError, TypeError, ValueError) as exc:
            raise DataError(where, None, None, f"does not describe a game this kit can play ({exc})") from None
        except DataError:
            raise
        except LandlordError as exc:
            raise DataError(where, None, None, str(exc)) from None
        return s

    @classmethod
    def from_bytes(cls, raw: bytes, where: str = "<saved game>") -> TableSession:
        """Load a saved game from the bytes of a file."""
        try:
            data = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise DataError(where, None, None, f"not a saved landlord game (not JSON: {exc})") from None
        return cls.from_dict(data, where)

    @classmethod
    def load(cls, path: str | Path) -> TableSession:
        """Load a saved game from ``path``."""
        p = Path(path)
        try:
            raw = p.read_bytes()
        except FileNotFoundError:
            raise DataError(p, None, None, "file not found") from None
        except OSError as exc:
            raise DataError(p, None, None, f"cannot be read ({exc.strerror})") from None
        return cls.from_bytes(raw, str(p))
