"""Property tests over many seeded random-bot 1904 games (hypothesis chooses seeds, seat
counts and strategy mixes). Invariants checked at every event of every game:

* money is conserved: the ledger's balances always sum to zero;
* no account but the issuers (Bank, Wages box) is ever below zero — the 1904 rules have no
  debt state in cash: debts are loans, and what cannot be paid sends a player to the Poor House;
* each lot has at most one holder, and the holder's own record agrees;
* every game ends, within the stated bound of ``max_rounds`` (1000) rounds — in practice far
  sooner (asserted: under 200 rounds).
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from landlord import Game, load_ruleset, make_strategy
from landlord.engine.flows import Flow
from landlord.engine.ledger import Ledger

BOTS = ["random", "landlord", "tenant", "speculator"]


class CheckedLedger(Ledger):
    """A ledger that checks the money invariants after every transfer."""

    __slots__ = ()

    def transfer(self, src: int, dst: int, amount: int, kind: Flow, reason: str) -> None:
        super().transfer(src, dst, amount, kind, reason)
        assert sum(self.balances) == 0, "money not conserved"
        for i, b in enumerate(self.balances):
            assert b >= 0 or i in self.issuers, f"{self.names[i]} below zero: {b}"


def play_checked(ruleset: str, seed: int, bots: list[str]) -> Game:
    rs = load_ruleset(ruleset)
    game = Game(rs, [make_strategy(b, f"{seed}-{i}") for i, b in enumerate(bots)], seed, log=False)
    game.ledger.__class__ = CheckedLedger
    game.run()
    return game


def check_holdings(game: Game) -> None:
    owner = game.rules.owner
    for pl in game.players:
        for idx in pl.lots:
            assert owner[idx] == pl.seat
    held = [i for i, o in enumerate(owner) if o >= 0]
    assert sorted(held) == sorted(i for pl in game.players for i in pl.lots)
    assert len(held) == len(set(held))


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**31 - 1),
    bots=st.lists(st.sampled_from(BOTS), min_size=2, max_size=6),
)
def test_random_games_keep_every_invariant(seed: int, bots: list[str]) -> None:
    game = play_checked("magie-1904", seed, bots)
    assert game.over and game.round < 200
    check_holdings(game)


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), n=st.integers(2, 6))
def test_random_games_without_tickets_keep_every_invariant(seed: int, n: int) -> None:
    game = play_checked("magie-1904-no-tickets", seed, ["random"] * n)
    assert game.over and game.round < 200
    check_holdings(game)


def test_holdings_hold_at_every_event_of_logged_games() -> None:
    """The same invariants checked event by event (not only at the end) over 20 full logs."""
    for seed in range(20):
        rs = load_ruleset("magie-1904")
        game = Game(rs, [make_strategy("random", f"{seed}-{i}") for i in range(4)], seed)
        game.ledger.__class__ = CheckedLedger
        while game.pending is not None:
            d = game.pending
            game.act(game.strategies[d.seat].choose(None, d))  # type: ignore[arg-type,union-attr]
            check_holdings(game)
        assert game.over
