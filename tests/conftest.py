"""Shared test helpers: scripted dice and a driver for rule generators."""

from __future__ import annotations

from collections.abc import Generator, Sequence
from typing import Any

from landlord import Game, load_ruleset
from landlord.decisions import Decision


class ScriptedDice:
    """Stands in for a game's RNG: ``random()`` yields the given die faces in order, and
    ``shuffle`` leaves a list as it is. Running out of faces fails the test loudly."""

    def __init__(self, faces: Sequence[int]) -> None:
        self.faces = list(faces)

    def random(self) -> float:
        if not self.faces:
            raise AssertionError("the test ran out of scripted dice")
        return (self.faces.pop(0) - 1) / 6 + 0.01

    def shuffle(self, items: list[Any]) -> None:
        return None


def drive(gen: Generator[Decision, str, Any], *answers: str) -> tuple[list[Decision], Any]:
    """Run a rules generator to its end, answering its decisions with ``answers`` in order.
    Returns the decisions asked and the generator's return value."""
    asked: list[Decision] = []
    try:
        d = next(gen)
        while True:
            asked.append(d)
            if len(asked) > len(answers):
                raise AssertionError(f"unexpected decision {d}")
            assert answers[len(asked) - 1] in d.options, (answers[len(asked) - 1], d)
            d = gen.send(answers[len(asked) - 1])
    except StopIteration as stop:
        return asked, stop.value


def table(ruleset: str = "magie-1904", n: int = 4, seed: int = 0, **overrides: Any) -> Game:
    """A 1904-family game laid out for a clause test: people in every seat, set-up done, then
    the table cleared — every token on Mother Earth with no circuits, nothing owned or
    chartered, no loans, each player holding exactly the start cash — and the event log
    emptied. Tests then call rule pieces directly with :func:`drive` and scripted dice."""
    rs = load_ruleset(ruleset)
    if overrides:
        rs = rs.override(**overrides)
    game = Game(rs, [None] * n, seed, names=["Ada", "Ben", "Cy", "Dot", "Eve", "Fay"][:n])
    rules = game.rules
    for pl in game.players:
        pl.pos, pl.place, pl.circuits, pl.luxuries, pl.legacies = 0, 0, 0, 0, 0
        pl.lots.clear()
    rules.owner[:] = [-1] * len(rules.owner)
    rules.charter.clear()
    rules.loans.clear()
    rules.mortgaged.clear()
    bank = game.account("Bank")
    for seat in range(n):
        diff = game.cash(seat) - rs.values()["start_cash"]
        if diff > 0:
            game.pay(seat, bank, diff, "test reset", "test")
        elif diff < 0:
            game.pay(bank, seat, -diff, "test reset", "test")
    game.events = []
    return game


def give(game: Game, seat: int, *spaces: int) -> None:
    """Hand ``seat`` the deeds of ``spaces`` (without payment) for a test."""
    for idx in spaces:
        game.rules.owner[idx] = seat
        game.players[seat].lots.add(idx)


def set_cash(game: Game, seat: int, amount: int) -> None:
    """Move money between ``seat`` and the Bank until ``seat`` holds ``amount``."""
    bank = game.account("Bank")
    diff = game.cash(seat) - amount
    if diff > 0:
        game.pay(seat, bank, diff, "test reset", "test")
    elif diff < 0:
        game.pay(bank, seat, -diff, "test reset", "test")


def kinds(game: Game) -> list[str]:
    """The kinds of the events logged so far."""
    return [e.kind for e in game.events or []]
