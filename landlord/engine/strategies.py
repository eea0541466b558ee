"""What a player decides from: what one seat can see (:class:`SeatView`), what a strategy is
(:class:`Strategy`), the voting rule every character shares, and the random bot.

A strategy sees what a player at the table could see (cash and holdings are on the table;
the order of the face-down cards is not) and the legal options of the decision before it. The
characters (landlord, tenant, speculator) are the players' (:mod:`landlord.players.characters`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from landlord.data.board import Space
from landlord.engine.decisions import Decision, OptionText

if TYPE_CHECKING:
    from landlord.engine.in_play import GameInPlay
    from landlord.engine.rulebook import SharedParams


class SeatView:
    """What seat ``seat`` can see: public state and its own holdings. Read-only."""

    __slots__ = ("_g", "prospects", "seat")

    def __init__(self, game: GameInPlay, seat: int) -> None:
        self._g = game
        self.seat = seat
        self.prospects: Any = getattr(game.rules, "prospects", None)
        """The public prospects of the rules family (Monopoly: deeds, buildings, mortgages, the
        trade on offer), or None where the family has none."""

    @property
    def cash(self) -> int:
        """This seat's cash in hand."""
        return self._g.ledger.balances[self.seat]

    def cash_of(self, seat: int) -> int:
        """Another seat's cash (money lies on the table)."""
        return self._g.ledger.balances[seat]

    @property
    def params(self) -> SharedParams:
        """The rule numbers in force, typed: the family's params class (``Params1904``, …, each a
        :class:`~landlord.engine.rulebook.SharedParams`), as its rules read them."""
        params: SharedParams = self._g.rules.params
        return params

    @property
    def player(self) -> Any:
        """This seat's own state (position, holdings, circuits, …)."""
        return self._g.players[self.seat]

    @property
    def n_players(self) -> int:
        """How many seats there are."""
        return len(self._g.players)

    @property
    def phase(self) -> str:
        """The phase in force."""
        return self._g.phase

    def price(self, space: int) -> int:
        """The printed price of a space."""
        return self._g.board.spaces[space].price

    def totals(self) -> list[int]:
        """Every seat's count as it would stand now (cash and holdings lie on the table)."""
        return [c.total for c in self._g.results()]
    def space(self, index: int) -> Space:
        """A space of the board (printed on the board, so public)."""
        return self._g.board.spaces[index]


class Strategy(Protocol):
    """Anything with a ``name`` and a ``choose(view, decision)`` returning a legal option."""

    name: str

    def choose(self, view: SeatView, decision: Decision) -> OptionText:
        """Pick one of ``decision.options``."""
        ...


VOTE_SHARE = 0.5
"""The bots' voting rule: a seat votes for a change of the rules (and calls such a vote) when
its count is below ``VOTE_SHARE`` of the richest seat's count, i.e. when the game has left it
far behind; otherwise it votes to keep the rules in force."""


def vote_choice(view: SeatView, d: Decision) -> OptionText:
    """Answer a ``call_vote`` or ``vote`` decision by the bots' voting rule (see VOTE_SHARE)."""
    totals = view.totals()
    behind = totals[view.seat] < VOTE_SHARE * max(totals)
    if d.kind == "call_vote":
        return "call_vote" if behind else "no_vote"
    return "for" if behind else "against"


BotAnswer = Callable[[str, Any, "SeatView", Decision], OptionText]
"""A family's bots' answer: ``answer(character, bot, view, decision)``."""

VOTE_KINDS = frozenset({"call_vote", "vote"})
"""The decisions every family with votes asks the same way, answered by :func:`vote_choice`."""


class RandomBot:
    """Picks uniformly among the legal options with its own seeded RNG (for tests)."""

    name = "random"

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: SeatView, d: Decision) -> OptionText:
        return d.options[int(self.rng.random() * len(d.options))]
