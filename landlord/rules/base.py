"""What every rules family shares: dice, first player, and the decision vocabulary."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Generator
from typing import TYPE_CHECKING, Any, ClassVar

from landlord.decisions import Decision, Option
from landlord.phases import Trigger

if TYPE_CHECKING:
    from landlord.game import Game

Play = Generator[Decision, Option, Any]
"""A piece of rules that may put decisions to seats: ``yield Decision`` returns the choice."""


class Rules(ABC):
    """Base class of a rules family, bound to one game.

    Subclasses declare ``PARAMS`` (the params their data file must give, with types),
    ``DECISIONS`` (a sentence in the game's own language for each decision kind) and
    ``OPTIONS`` (a phrase for each option prefix), and implement :meth:`play`,
    :meth:`new_player` and :meth:`results`.
    """

    PARAMS: ClassVar[dict[str, type]] = {}
    EXTRA_ACCOUNTS: ClassVar[tuple[str, ...]] = ()
    DECISIONS: ClassVar[dict[str, str]] = {}
    OPTIONS: ClassVar[dict[str, str]] = {}
    VOTE_DECISIONS: ClassVar[dict[str, str]] = {
        "call_vote": "{name} may call a vote to change the rules now: call one?",
        "vote": "{name} is asked to vote on changing the rules: for or against?",
    }
    VOTE_OPTIONS: ClassVar[dict[str, str]] = {
        "no_vote": "Play on", "call_vote": "Call a vote", "for": "Vote for", "against": "Vote against",
    }

    def __init__(self, game: Game) -> None:
        self.g = game

    @abstractmethod
    def new_player(self, seat: int) -> Any:
        """The per-seat state object of this family."""

    @abstractmethod
    def play(self) -> Play:
        """The whole game, from set-up to the final count."""

    @abstractmethod
    def results(self) -> list[dict[str, Any]]:
        """The final count, one dict per seat, with at least ``total`` and ``rank``."""

    # -- shared mechanics ----------------------------------------------------------------
    def throw(self, seat: int) -> tuple[int, int]:
        """Throw two dice with the game's RNG, and log the throw."""
        r = self.g.rng.random
        a = int(r() * 6) + 1
        b = int(r() * 6) + 1
        g = self.g
        if g.events is not None:
            g.emit("throw", seat, dice=f"{a}+{b}", total=a + b, double=a == b)
        return a, b

    def first_player(self, seats: list[int]) -> int:
        """Highest throw starts; tied seats throw again (logged as ``first`` events)."""
        contenders = list(seats)
        while True:
            totals = {s: sum(self.throw(s)) for s in contenders}
            best = max(totals.values())
            contenders = [s for s in contenders if totals[s] == best]
            if len(contenders) == 1:
                self.g.emit("first", contenders[0], throw=best)
                return contenders[0]

    def phase_point(self, seat: int) -> Play:
        """At the start of ``seat``'s turn: fire any phase trigger that is due.

        ``start``, ``turn:N``, ``round:N`` and ``gini:X`` switch at once; ``vote`` puts the
        question to the table through the family's ``vote(seat, trigger)`` rule.
        """
        from landlord.inequality import gini

        g = self.g
        for t in g.triggers:
            if t in g.fired or t.phase == g.phase:
                continue
            due = (
                t.kind == "start"
                or (t.kind == "turn" and g.turn >= t.value)
                or (t.kind == "round" and g.round >= t.value)
                or (t.kind == "gini" and gini([r["total"] for r in self.results()]) > t.value)
            )
            if t.kind == "vote":
                due = yield from self.vote(seat, t)
            if due:
                g.fired.add(t)
                g.switch_phase(t.phase, t.text)

    def start_point(self) -> None:
        """Before set-up (a deal of cards or tickets): fire the ``start`` triggers, so that a
        game played under a phase "from turn 1" also deals under that phase's rules."""
        g = self.g
        for t in g.triggers:
            if t.kind == "start" and t not in g.fired and t.phase != g.phase:
                g.fired.add(t)
                g.switch_phase(t.phase, t.text)

    def vote(self, seat: int, trigger: Trigger) -> Play:
        """The voting rule shared by every family (Magie 1906: "they may at any time during the
        game put the single tax into operation by a vote of at least two of the players").

        At the start of each of his turns the player whose turn it is may call a vote on the
        change (``call_vote``); calling counts as his vote for it. Then every other seat, in seat
        order from the caller's left, votes ``for`` or ``against``. The change passes when at
        least ``vote_min`` seats (the ruleset's param; 2 where a family has none) vote for it.
        Returns True when it passes. Logged as a ``vote`` event either way.

        DECISION: the question can be put on every turn (Magie: "at any time"); a failed vote
        may be called again on a later turn.
        """
        g = self.g
        call = yield Decision(seat, "call_vote", ("no_vote", "call_vote"))
        if call != "call_vote":
            return False
        n = len(g.players)
        ayes: list[int] = [seat]
        noes: list[int] = []
        for k in range(1, n):
            other = (seat + k) % n
            choice = yield Decision(other, "vote", ("for", "against"))
            (ayes if choice == "for" else noes).append(other)
        need = int(g.p.get("vote_min", 2))
        passed = len(ayes) >= need
        g.emit("vote", seat, phase=trigger.phase, ayes=len(ayes), noes=len(noes), need=need,
               passed=passed, voters_for=",".join(g.names[s] for s in ayes))
        return passed

    def explain(self, d: Decision) -> str:
        """The decision in a sentence of the game's own language."""
        g = self.g
        text = self.DECISIONS.get(d.kind) or self.VOTE_DECISIONS.get(d.kind, d.kind)
        space = g.board.spaces[d.space].name if d.space >= 0 else ""
        return text.format(name=g.names[d.seat], space=space, amount=d.amount,
                           cur=g.board.currency)

    def option_text(self, d: Decision, option: Option) -> str:
        """A short label for one option of ``d``."""
        head, _, arg = option.partition(":")
        label = self.OPTIONS.get(head) or self.VOTE_OPTIONS.get(head, head.replace("_", " "))
        if arg and head == "ask":
            return label.format(arg=self.g.names[int(arg)])
        return label.format(arg=arg, cur=self.g.board.currency)


def rank(totals: list[int]) -> list[int]:
    """Competition ranks (1 = richest; equal totals share a rank)."""
    return [1 + sum(1 for u in totals if u > t) for t in totals]
