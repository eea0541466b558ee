"""What Monopoly's prospects keep between decisions (each holder's rents, the whole groups and how
their holders build, the charges that could ruin a seat and each seat's chance of meeting one, a
seat's count besides his cash) is what the prospects work out afresh: played games checked at
every decision against new prospects read off the same rules, so a cache that outlives the state
it was worked out at fails here."""

from __future__ import annotations

from typing import Any

import pytest

from landlord.data.loader import load_ruleset
from landlord.engine.decisions import Decision, OptionText
from landlord.engine.strategies import SeatView, Strategy
from landlord.players.characters import make_strategy
from landlord.rules.families import FamilyGame
from landlord.rules.monopoly import count
from landlord.rules.monopoly.prospects import MonopolyProspects

SEATS = ("landlord", "speculator", "tenant", "landlord")


def _ruin_naive(t: MonopolyProspects, seat: int, wealth: float) -> float:
    """BANKRUPTCY's chance as :meth:`MonopolyProspects.ruin_chance` states it: Σ the chance of every
    charge above ``wealth`` another than ``seat`` makes."""
    return sum(p for o, c, p in t.threats() if c > wealth and o != seat)


class Checking(Strategy):
    """A bot that, before answering, compares what the game's prospects have kept with new ones."""

    def __init__(self, name: str, seen: list[int]) -> None:
        self.bot, self.seen = make_strategy(name), seen

    def choose(self, view: SeatView, d: Decision) -> OptionText:
        kept: MonopolyProspects = view.prospects
        if d.kind in ("manage", "buy_deed", "auction_bid", "raise_cash"):
            state: Any = kept._state  # new prospects over the same state
            new = MonopolyProspects(state)
            assert kept.landing_charges() == new.landing_charges()
            assert kept.threats() == new.threats()
            for s, pl in enumerate(kept.players):
                assert kept.count(s) == count.totals(state)[s]
                assert kept.takings(s) == new.takings(s)
                assert kept.threat(s) == new.threat(s)
                if pl.out:
                    continue
                means = kept.cash(s) + kept.raisable(s)
                for w in {0.0, float(means), means / 2.0, means + 150.0, *(c for _, c, _ in new.threats())}:
                    assert kept.ruin_chance(s, w) == _ruin_naive(new, s, w), (s, w)
            self.seen[0] += 1
        return self.bot.choose(view, d)


@pytest.mark.parametrize("ruleset", ["monopoly", "mucker-short"])
def test_what_the_prospects_keep_is_what_they_work_out_afresh(ruleset: str) -> None:
    """Seeds 0-3, at each manage, purchase, bid and shortfall: the landing charges, the threats,
    each seat's count, takings, dearest threat and chance of ruin (at nothing, his means, half
    and above them, and at each charge's own amount, where the steps lie) as new prospects have them."""
    rs = load_ruleset(ruleset)
    seen = [0]
    for seed in range(4):
        FamilyGame(rs, [Checking(s, seen) for s in SEATS], seed, log=False).run()
    assert seen[0] > 200
