"""Property tests over random Monopoly and Mucker games (1,000 games in all): money is conserved
at every transfer, each deed has one owner, the 32 houses / 12 hotels are never exceeded, and
every game ends.

Games are kept short by ruleset overrides: ``max_rounds`` (the kit's safety bound, provenance
``kit_decision``) is set to 60 rounds here; the time-limit games stop at their own limit.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from landlord.data.loader import load_ruleset
from landlord.engine.flows import Flow
from landlord.engine.game import Game
from landlord.engine.ledger import Ledger
from landlord.engine.strategies import SeatView
from landlord.players.characters import make_strategy
from landlord.rules.families import FamilyGame
from landlord.rules.monopoly import HOTEL, Monopoly

RULESETS = ("monopoly", "monopoly-short", "monopoly-time-limit", "mucker", "mucker-short", "mucker-time-limit")
BOTS = ("random", "landlord", "speculator", "tenant")
ROUND_CAP = 60

pytestmark = pytest.mark.slow  # 1,000 checked games


class CheckedLedger(Ledger):
    """A ledger that checks conservation after every transfer."""

    __slots__ = ()

    def transfer(self, src: int, dst: int, amount: int, kind: Flow, reason: str) -> None:
        super().transfer(src, dst, amount, kind, reason)
        assert sum(self.balances) == 0, f"money not conserved after {reason}"
        for i, b in enumerate(self.balances):
            assert b >= 0 or i in self.issuers, f"{self.names[i]} below zero after {reason}"


def check_table(r: Monopoly) -> None:
    """One owner per deed; supply never exceeded; buildings only on wholly owned groups."""
    g = r.g
    seen: dict[int, int] = {}
    for pl in g.players:
        if pl.out:
            assert not pl.deeds, "a bankrupt player holds deeds"
        for i in pl.deeds:
            assert i not in seen, f"deed {i} held by two players"
            seen[i] = pl.seat
    for i in r.state.ownable:
        assert r.state.owner[i] == seen.get(i, -1), f"deed {i}: owner list and holdings disagree"
    houses = sum(h for h in r.state.houses if h != HOTEL)
    hotels = sum(1 for h in r.state.houses if h == HOTEL)
    assert r.state.houses_left >= 0 and houses + r.state.houses_left == g.p["houses"] == 32
    assert r.state.hotels_left >= 0 and hotels + r.state.hotels_left == g.p["hotels"] == 12
    for i in r.state.ownable:
        if r.state.houses[i]:
            assert all(r.state.owner[j] == r.state.owner[i] for j in r.state.members[i]), "buildings on a split group"
            assert not any(r.state.mortgaged[j] for j in r.state.members[i]), "buildings on a mortgaged group"


def play_checked(ruleset: str, seats: list[str], seed: int) -> Game:
    """Play one bot game checking the invariants at every transfer and every decision."""
    rs = load_ruleset(ruleset).override(note="property test bound", max_rounds=ROUND_CAP)
    bots = [make_strategy(s, f"{seed}-{i}") for i, s in enumerate(seats)]
    g = FamilyGame(rs, [None] * len(seats), seed, log=False)
    # swap in the checking ledger (same accounts and balances) and restart the rules on it
    g.ledger.__class__ = CheckedLedger
    r = g.rules
    assert isinstance(r, Monopoly)
    views = [SeatView(g, i) for i in range(len(seats))]
    decisions = 0
    while (d := g.pending) is not None:
        check_table(r)
        g.act(bots[d.seat].choose(views[d.seat], d))
        decisions += 1
        assert decisions < 200_000, "a game that does not end"
    check_table(r)
    assert g.over and r.ended
    assert g.ledger.total() == 0
    return g


def _run(data: Any) -> None:
    ruleset, seats, seed = data
    play_checked(ruleset, seats, seed)


games = st.tuples(
    st.sampled_from(RULESETS),
    st.lists(st.sampled_from(BOTS), min_size=2, max_size=6),
    st.integers(min_value=0, max_value=2**31),
)


@settings(max_examples=500, deadline=None, derandomize=True)
@given(games)
def test_random_games_keep_money_deeds_and_supply_and_end(data: Any) -> None:
    """500 games of any ruleset with any mix of 2-6 bots."""
    _run(data)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.sampled_from(RULESETS), st.integers(2, 6), st.integers(0, 2**31))
def test_random_bot_games_keep_invariants(ruleset: str, n: int, seed: int) -> None:
    """300 games of random bots only (every legal option gets tried)."""
    play_checked(ruleset, ["random"] * n, seed)


@settings(max_examples=200, deadline=None, derandomize=True)
@given(st.sampled_from(("monopoly", "mucker")), st.integers(0, 2**31))
def test_full_four_bot_games_keep_invariants(ruleset: str, seed: int) -> None:
    """200 full games of the four bots (building, trading, auctions, bankruptcies)."""
    play_checked(ruleset, ["landlord", "speculator", "tenant", "random"], seed)
