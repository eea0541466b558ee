"""The game as its rules and its bots see it: :class:`GameInPlay`, the one interface the rules
families (:mod:`landlord.engine.rulebook`, :mod:`landlord.rules`) and the bots' view
(:class:`landlord.engine.strategies.SeatView`) are written against.

:class:`landlord.engine.game.Game` provides it (mypy checks this where a game hands itself to
its rules and its bots). Written as a protocol so that the rules need not import the game that
drives them: the game imports its rules' base, never the other way round.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, Protocol

from landlord.data.board import Board
from landlord.data.position import Position
from landlord.data.ruleset import Ruleset
from landlord.engine.count import SeatCount
from landlord.engine.decisions import Decision
from landlord.engine.events import Event
from landlord.engine.flows import Flow
from landlord.engine.ledger import Ledger
from landlord.engine.phases import Trigger


class GameInPlay(Protocol):
    """A game in play: its ruleset and board, the seats and their state, the params in force,
    the ledger and the log, chance, and the phase triggers."""

    ruleset: Ruleset
    board: Board
    names: list[str]
    players: list[Any]
    """Each seat's state, as the family's ``new_player`` made it."""
    strategies: list[Any]
    """Each seat's bot (None for a person)."""
    rules: Any
    """The family's rules playing this game."""
    p: dict[str, Any]
    """The params in force (the phase's values)."""
    phase: str
    round: int
    turn: int
    over: bool
    events: list[Event] | None
    ledger: Ledger
    triggers: tuple[Trigger, ...]
    fired: set[Trigger]
    position: Position | None

    def emit(self, kind: str, seat: int = -1, **data: Any) -> None:
        """Log an event (nothing when the game keeps no log)."""

    def pay(self, src: int, dst: int, amount: int, kind: Flow, reason: str, rule: str) -> None:
        """Move money through the ledger, logged with its kind, reason and rule."""

    def account(self, name: str) -> int:
        """The ledger index of the account called ``name``."""

    def cash(self, seat: int) -> int:
        """Cash in hand of ``seat``."""

    def results(self) -> list[SeatCount]:
        """The count of every seat now."""

    def fire(self, trigger: Trigger) -> Iterator[Decision]:
        """Switch phase on a trigger that is due (recorded, and checked in a replay)."""

    def dice(self) -> tuple[int, int]:
        """Two dice thrown from the game's one RNG, recorded."""

    def shuffle(self, items: list[Any]) -> None:
        """Shuffle ``items`` in place from the game's one RNG, recorded."""

    def opening_shuffle(self, items: list[Any]) -> None:
        """A shuffle at the set-up the rules did not always make: :meth:`shuffle`, except in the
        replay of a record played before it (the items keep their order)."""

    def pick(self, n: int) -> int:
        """One of ``n`` things picked from the game's one RNG, recorded."""

    def script_dice(self, throws: Sequence[tuple[int, int]]) -> None:
        """The next throws of the dice are ``throws``, in order."""
