"""Property tests of the 1913 game: random seeds, random mixes of bots (the random bot tries
every legal option), every ruleset of the family. Checked at every logged event and transfer:
the ledger sums to zero, no account but an issuer (Bank, Wages box) is ever below zero, every
site and every improvement has exactly one owner; and every game ends.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from landlord import Game, load_ruleset, make_strategy, replay
from landlord.engine.count import ranks
from landlord.engine.flows import Flow
from landlord.rules.british1913 import GOVERNMENT, NOBODY

RULESETS = ["british-1913-part1", "british-1913-part2", "british-1913-part3", "british-1913-sequence"]
BOTS = ["landlord", "tenant", "speculator", "random"]


class CheckedGame(Game):
    """A game that checks the invariants at every event and every transfer."""

    checks = 0

    def emit(self, kind: str, seat: int = -1, **data: Any) -> None:
        super().emit(kind, seat, **data)
        self.check()

    def pay(self, src: int, dst: int, amount: int, kind: Flow, reason: str, rule: str) -> None:
        super().pay(src, dst, amount, kind, reason, rule)
        self.check()

    def check(self) -> None:
        if not hasattr(self, "players"):
            return
        CheckedGame.checks += 1
        led = self.ledger
        assert led.total() == 0
        for i, b in enumerate(led.balances):
            assert b >= 0 or i in led.issuers, (led.names[i], b)
        r = self.rules
        for idx in r.state.land:
            holders = [pl.seat for pl in self.players if idx in pl.sites]
            assert len(holders) <= 1, (idx, holders)
            owner = r.owner[idx]
            assert holders == ([owner] if owner >= 0 else []), (idx, owner, holders)
            assert owner in (NOBODY, GOVERNMENT) or 0 <= owner < len(self.players)
            improvers = [pl.seat for pl in self.players if idx in pl.improvements]
            assert improvers == ([r.state.imp_owner[idx]] if r.state.imp_owner[idx] >= 0 else [])
            if r.state.imp_owner[idx] >= 0:
                assert owner != NOBODY  # an improvement stands on a bought site
        assert r.state.treasury_debt >= 0


@settings(max_examples=100, deadline=None)
@given(
    ruleset=st.sampled_from(RULESETS),
    seed=st.integers(min_value=0, max_value=2**31),
    bots=st.lists(st.sampled_from(BOTS), min_size=2, max_size=4),
)
def test_random_games_keep_every_invariant_and_end(ruleset: str, seed: int, bots: list[str]) -> None:
    rs = load_ruleset(ruleset)
    before = CheckedGame.checks
    g = CheckedGame(rs, [make_strategy(b, f"{seed}-{i}") for i, b in enumerate(bots)], seed)
    g.run()
    assert CheckedGame.checks - before >= len(g.events or [])  # every event was checked
    assert g.over and g.pending is None
    assert g.round <= rs.values()["max_rounds"]
    ends = [e for e in g.events or [] if e.kind == "end"]
    assert len(ends) == 1
    rows = g.results()
    assert min(ranks(rows)) == 1


@settings(max_examples=10, deadline=None)
@given(ruleset=st.sampled_from(RULESETS), seed=st.integers(min_value=0, max_value=10_000))
def test_same_seed_and_choices_replay_the_same_game(ruleset: str, seed: int) -> None:
    rs = load_ruleset(ruleset)
    g = Game(rs, [make_strategy(b, f"{seed}-{i}") for i, b in enumerate(BOTS)], seed)
    g.run()
    again = replay(rs, seed, g.actions, n_players=4)
    assert again.log_text() == g.log_text() and again.over
