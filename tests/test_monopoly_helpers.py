"""Helpers for the Monopoly clause tests: a game at a set position, scripted dice, and a driver
that answers one piece of rules (a generator) from a list of answers or a function."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from conftest import game_of_people, play_out, scripted, set_cash

from landlord.data.decks import load_deck
from landlord.engine.decisions import Decision
from landlord.engine.game import Game
from landlord.rules.monopoly import Monopoly


def fresh(ruleset: str = "monopoly", n: int = 4, **overrides: Any) -> tuple[Game, Monopoly]:
    """A game of people (nothing is answered) just after set-up."""
    g = game_of_people(ruleset, n, seed=1, names=None, **overrides)
    assert isinstance(g.rules, Monopoly)
    return g, g.rules


def dice(rules: Monopoly, *pairs: tuple[int, int]) -> None:
    """Make the next throws come out as ``pairs`` (then fail loudly if more are thrown)."""
    it: Iterator[tuple[int, int]] = iter(pairs)

    def throw(seat: int) -> tuple[int, int]:
        a, b = next(it)
        rules.g.emit("throw", seat, dice=f"{a}+{b}", total=a + b, double=a == b)
        return a, b

    rules.throw = throw  # type: ignore[method-assign]


def run(gen: Any, answers: Iterable[str] | Callable[[Decision], str] = ()) -> tuple[Any, list[Decision]]:
    """Drive a rules generator to its end, answering from the list ``answers`` (and failing on
    a decision after them) or with the function ``answers``; returns (its return value, the
    decisions asked)."""
    asked, value = play_out(gen, answers if callable(answers) else scripted(list(answers)))
    return value, asked


def always(**by_kind: str) -> Callable[[Decision], str]:
    """Answer each decision kind with a fixed option (``done``/``pass``/``ask`` by default)."""
    defaults = {"manage": "done", "auction_bid": "pass", "ask_rent": "ask", "manage_lot": "back",
                "buy_deed": "auction", "lift_mortgage": "keep", "trade_reply": "reject"}
    defaults.update(by_kind)

    def pick(d: Decision) -> str:
        want = defaults.get(d.kind)
        if want in d.options:
            return want  # type: ignore[return-value]
        if want is not None and want.endswith(":"):
            for o in d.options:
                if o.startswith(want):
                    return o
        return d.options[0]

    return pick


def own(rules: Monopoly, seat: int, *idx: int) -> None:
    """Give deeds to a seat without payment (setting up a position)."""
    for i in idx:
        rules.state.give_deed(seat, i)


def three_houses_on_the_dark_blues(rules: Monopoly) -> None:
    """Every dealt deed back to the Bank, then seat 0 holds 37 and 39 (a complete colour group)
    with three houses on each: the short game's hotel position."""
    for pl in rules.g.players:
        for i in list(pl.deeds):
            rules.state.give_deed(-1, i)
    own(rules, 0, 37, 39)
    rules.state.houses[37] = rules.state.houses[39] = 3


def stack(rules: Monopoly, key: str, *names: str) -> None:
    """Put the named cards on top of a deck (in this order), the rest of the deck after them."""
    deck = list(load_deck(rules.state.deck_ids[key], rules.g.p["edition"]).cards)
    top = [next(c for c in deck if c.name == n) for n in names]
    rest = [c for c in deck if c not in top]
    rules.state.decks[key] = deque(top + rest)


def test_helpers_drive_a_landing() -> None:
    """The driver answers a buy decision and returns (sanity check of the helpers)."""
    g, r = fresh()
    set_cash(g, 0, 500)
    _, asked = run(r.land(0, 1, 0, 1), ["buy"])
    assert [d.kind for d in asked] == ["buy_deed"]
    assert r.state.owner[1] == 0 and g.cash(0) == 440
