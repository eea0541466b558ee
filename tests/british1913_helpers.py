"""Helpers for the 1913 game's tests: a cleared table and the board's landmarks."""

from __future__ import annotations

from typing import Any

from conftest import game_of_people, set_cash, transfers

from landlord import Game
from landlord.engine import flows
from landlord.rules.british1913 import NOBODY, TRACK

ADA, BEN, CY, DOT = 0, 1, 2, 3
# landmarks of the reconstructed board (data/boards/brer-fox-1913.toml)
BREAKFAST, FISHERIES, CHANCE1, LUXURY1, NO1 = 2, 4, 5, 8, 10
MOOR, UNDEVELOPED, NO2 = 13, 15, 20
ABBEY, BROADACRES, TOBACCO = 25, 30, 32
SITE_A, SITE_B = 19, 23  # Site No. 14 (capital 400) and Site No. 16 (capital 450)


def btable(ruleset: str = "british-1913-part1", n: int = 4, seed: int = 0, phase: str | None = None,
           **overrides: Any) -> Game:
    """A 1913 game laid out for a clause test: people in every seat, then the table cleared —
    every pawn on Mother Earth, nothing owned or improved, no debts, £3000 each, an empty
    Public Treasury, the turn order Ada, Ben, Cy, Dot — and the log emptied. ``phase`` puts
    that Part's rules in force (its arrival runs first; the table is then cleared)."""
    game = game_of_people(ruleset, n, seed, **overrides)
    r = game.rules
    if phase:
        game.switch_phase(phase, "test")
    for pl in game.players:
        pl.pos, pl.place, pl.circuits, pl.wait = 0, TRACK, 0, 0
        pl.sites.clear()
        pl.improvements.clear()
        pl.debts.clear()
    r.owner[:] = [NOBODY] * len(r.owner)
    r.state.imp_owner[:] = [NOBODY] * len(r.state.imp_owner)
    r.state.value[:] = [s.price for s in game.board.spaces]
    r.state.all_bought = False
    r.state.treasury_debt = 0
    r.order = list(range(n))
    for seat in range(n):
        set_cash(game, seat, 3000)
    t = game.ledger.balance("Public Treasury")
    if t:
        game.pay(game.account("Public Treasury"), game.account("Bank"), t, flows.TREASURY_EMPTIED, "test reset", "test")
    game.events = []
    return game


def own(game: Game, seat: int, *spaces: int) -> None:
    """Give ``seat`` the SITE cards of ``spaces`` (without payment)."""
    for idx in spaces:
        game.rules.owner[idx] = seat
        game.players[seat].sites.add(idx)


def improve(game: Game, seat: int, *spaces: int) -> None:
    """Give ``seat`` the improvements on ``spaces`` (without payment)."""
    for idx in spaces:
        game.rules.state.imp_owner[idx] = seat
        game.players[seat].improvements.add(idx)


def treasury(game: Game) -> int:
    """The Public Treasury's balance."""
    return game.ledger.balance("Public Treasury")


def bank(game: Game) -> int:
    """The Bank's balance (an issuer: negative by what it has paid out)."""
    return game.ledger.balance("Bank")


def payments(game: Game, reason: str) -> list[tuple[str, str, int]]:
    """(from, to, amount) of every logged transfer for ``reason``."""
    return [(src, dst, amount) for src, dst, amount, _ in transfers(game, reason)]
