"""The mid-game switch to the single tax: holdings, cash, debts and positions are unchanged by
the switch itself, and money is conserved across it (1906 game and the 1904 patent board)."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import pytest

from landlord.data.loader import load_ruleset
from landlord.engine.decisions import Decision
from landlord.engine.game import Game
from landlord.engine.phases import parse_trigger
from landlord.players.characters import make_strategy
from landlord.rules.families import FamilyGame

BOTS = ("landlord", "tenant", "speculator", "random")


def snapshot(g: Game) -> dict[str, Any]:
    """Everything a switch must leave alone (and the money)."""
    r: Any = g.rules
    n = len(g.players)
    snap: dict[str, Any] = {
        "cash": [g.cash(s) for s in range(n)],
        "pos": [pl.pos for pl in g.players],
        "place": [pl.where for pl in g.players],
        "owner": list(r.owner),
        "total": g.ledger.total(),
        "bank+treasury": g.ledger.balance("Bank") + g.ledger.balance("Public Treasury"),
        "treasury": g.ledger.balance("Public Treasury"),
        "others": {name: g.ledger.balance(name) for name in g.ledger.names[n:]
                   if name not in ("Bank", "Public Treasury")},
    }
    if g.ruleset.family == "magie1906":
        s = r.state
        snap.update(houses=list(s.houses), house_owner=list(s.house_owner),
                    debts=[(m.seat, m.space, m.amount) for m in s.mortgages],
                    cards=[sorted(pl.cards) for pl in g.players],
                    luxuries=[pl.luxuries for pl in g.players])
    else:
        s = r.state
        snap.update(charter=dict(s.charter), debts=[(ln.debtor, ln.lender, ln.principal) for ln in s.loans],
                    lots=[sorted(pl.lots) for pl in g.players], mortgaged=sorted(s.mortgaged))
    return copy.deepcopy(snap)


@pytest.mark.parametrize("ruleset", ["magie-1906", "magie-1904"])
@pytest.mark.parametrize("seed", range(6))
def test_mid_game_switch_changes_only_the_rules(ruleset: str, seed: int) -> None:
    """Switching at turn 60: everything held, owed and where it stands is the same just before
    and just after; the treasury's cash moves to the Bank (the treasury "begins empty"), so
    Bank + Treasury is unchanged and the sum of all accounts stays 0; the game goes on to its
    end with money conserved."""
    rs = load_ruleset(ruleset)
    g = FamilyGame(rs, [make_strategy(s, f"{seed}-{i}") for i, s in enumerate(BOTS)], seed,
             triggers=[parse_trigger("turn:60", "single_tax")])
    seen: list[tuple[dict[str, Any], dict[str, Any]]] = []
    original = g.enter_phase

    def watched(phase: str, cause: str) -> Iterator[Decision]:
        before = snapshot(g)
        yield from original(phase, cause)
        seen.append((before, snapshot(g)))

    g.enter_phase = watched  # type: ignore[method-assign]
    g.run()
    assert len(seen) == 1
    before, after = seen[0]
    poor = [i for i, p in enumerate(before["place"]) if p == "poorhouse"]
    for key in before:
        if key in ("place", "bank+treasury", "treasury"):
            continue
        assert before[key] == after[key], key
    # the only place that changes: the Poor House is eliminated (single-tax rule 8)
    assert [p for i, p in enumerate(after["place"]) if i not in poor] == \
        [p for i, p in enumerate(before["place"]) if i not in poor]
    assert all(after["place"][i] == "natural_opportunity" for i in poor)
    assert after["bank+treasury"] == before["bank+treasury"] and after["total"] == 0
    assert before["treasury"] > 0 and after["treasury"] == 0
    assert g.over and g.ledger.total() == 0
