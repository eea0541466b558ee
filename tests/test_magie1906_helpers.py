"""Helpers shared by the Magie 1906 / single-tax / phase tests: a quiet table to set up a
position on, and a driver that answers a rules generator's decisions."""

from __future__ import annotations

from collections.abc import Generator, Sequence
from typing import Any

from landlord.decisions import Decision
from landlord.game import Game
from landlord.loader import load_ruleset


def table(ruleset: str = "magie-1906", players: int = 4, seed: int = 1, **overrides: Any) -> Game:
    """A game with people in every seat, stopped at its first decision, with no cards dealt
    (1906) or tickets drawn (1904) unless overridden: a blank table to arrange a position on."""
    rs = load_ruleset(ruleset)
    defaults: dict[str, Any] = {"cards_dealt": 0} if rs.family == "magie1906" else {"lot_tickets": False}
    defaults.update(overrides)
    return Game(rs.override(**defaults), [None] * players, seed)


def drive(gen: Generator[Decision, str, Any], *answers: str) -> tuple[Any, list[Decision]]:
    """Run a rules generator to its end, answering its decisions with ``answers`` in order and
    then with each decision's first option. Returns (the generator's value, decisions asked)."""
    queue = list(answers)
    asked: list[Decision] = []
    try:
        d = next(gen)
        while True:
            asked.append(d)
            choice = queue.pop(0) if queue else d.options[0]
            assert choice in d.options, f"{choice!r} not in {d.options}"
            d = gen.send(choice)
    except StopIteration as stop:
        return stop.value, asked


class FixedDice:
    """Replace a game's dice: ``throw`` returns the given pairs in order."""

    def __init__(self, game: Game, *pairs: tuple[int, int]) -> None:
        self.pairs = list(pairs)
        game.rules.throw = self  # type: ignore[method-assign]

    def __call__(self, seat: int) -> tuple[int, int]:
        return self.pairs.pop(0)


def give(game: Game, seat: int, *spaces: int) -> None:
    """Hand ``seat`` the cards of ``spaces`` (1906) without payment."""
    r = game.rules
    for i in spaces:
        r.owner[i] = seat  # type: ignore[attr-defined]
        game.players[seat].cards.add(i)


def set_cash(game: Game, seat: int, amount: int) -> None:
    """Bring ``seat``'s cash to ``amount`` through the Bank (money stays conserved)."""
    bank = game.account("Bank")
    have = game.cash(seat)
    if amount > have:
        game.pay(bank, seat, amount - have, "test", "test")
    elif amount < have:
        game.pay(seat, bank, have - amount, "test", "test")


def transfers(game: Game, reason: str | None = None) -> list[tuple[str, str, int, str]]:
    """Logged transfers as (from, to, amount, reason), optionally of one reason."""
    out = []
    for e in game.events or []:
        if e.kind == "transfer" and (reason is None or e.get("reason") == reason):
            out.append((e.get("from"), e.get("to"), e.get("amount"), e.get("reason")))
    return out


def kinds(game: Game) -> Sequence[str]:
    """The kinds of the logged events, in order."""
    return [e.kind for e in game.events or []]
