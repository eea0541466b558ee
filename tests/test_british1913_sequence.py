"""Part 1 -> Part 2 -> Part 3 in sequence on the same holdings (british-1913-sequence): phases
switched by round triggers; at each switch holdings carry over and money is conserved (the
only money that moves is what the arriving Part's rules say: a further £3000 each from the
Bank for Part 2; the Fisheries' £20 and its sale to the Government, the Moor's £20, for Part 3).
"""

from __future__ import annotations

from typing import Any

import pytest
from british1913_helpers import FISHERIES, MOOR

from landlord import Game, load_ruleset, make_strategy
from landlord.engine.phases import Trigger
from landlord.rules.british1913 import GOVERNMENT, NOBODY


def snapshot(g: Game) -> dict[str, Any]:
    r = g.rules
    return {
        "phase": g.phase, "owner": list(r.owner), "imp": list(r.state.imp_owner), "value": list(r.state.value),
        "balances": list(g.ledger.balances), "pos": [pl.pos for pl in g.players],
        "place": [pl.place for pl in g.players], "total": g.ledger.total(),
    }


def play_sequence(seed: int, bots: list[str]) -> tuple[Game, list[tuple[dict[str, Any], dict[str, Any]]]]:
    g = Game(load_ruleset("british-1913-sequence"), [make_strategy(b, f"{seed}-{i}") for i, b in enumerate(bots)],
             seed)
    switches: list[tuple[dict[str, Any], dict[str, Any]]] = []
    inner = g.rules.phase_point

    def watched(seat: int) -> Any:
        before = snapshot(g)
        result = yield from inner(seat)
        if g.phase != before["phase"]:
            switches.append((before, snapshot(g)))
        return result

    g.rules.phase_point = watched  # type: ignore[method-assign]
    g.run()
    return g, switches


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_sequence_part1_part2_part3_holdings_carry_over_and_money_is_conserved(seed: int) -> None:
    g, switches = play_sequence(seed, ["landlord", "tenant", "speculator", "random"])
    assert g.over and g.phase == "part3"
    assert g.triggers == (Trigger("part2", "round", 25), Trigger("part3", "round", 50))
    assert [(b["phase"], a["phase"]) for b, a in switches] == [("part1", "part2"), ("part2", "part3")]
    n = len(g.players)
    bank = g.account("Bank")
    treasury = g.account("Public Treasury")
    # Part 1 -> Part 2: the same holdings, improvements, values and pawns; £3000 more each
    before, after = switches[0]
    assert after["owner"] == before["owner"] and after["imp"] == before["imp"]
    assert after["value"] == before["value"] and after["pos"] == before["pos"]
    assert [after["balances"][s] - before["balances"][s] for s in range(n)] == [3000] * n
    assert after["balances"][bank] - before["balances"][bank] == -3000 * n
    assert after["balances"][treasury] == before["balances"][treasury]
    assert before["total"] == after["total"] == 0
    # Part 2 -> Part 3: the same holdings, but the Fisheries now the Government's
    before, after = switches[1]
    for idx, (o0, o1) in enumerate(zip(before["owner"], after["owner"], strict=True)):
        if idx == FISHERIES:
            assert o1 == GOVERNMENT
        else:
            assert o1 == o0
    assert after["imp"] == before["imp"]
    expected = [0] * n
    fish_owner, moor_owner = before["owner"][FISHERIES], before["owner"][MOOR]
    if fish_owner >= 0:
        expected[fish_owner] += 250 - 20
    if moor_owner >= 0:
        expected[moor_owner] -= 20
    deltas = [after["balances"][s] - before["balances"][s] for s in range(n)]
    # a bankrupt owner may have paid less of the £20; nobody else's cash moves
    for s in range(n):
        if s not in (fish_owner, moor_owner):
            assert deltas[s] == 0
    if fish_owner >= 0 and fish_owner != moor_owner:
        assert deltas[fish_owner] <= 230
    assert sum(after["balances"]) == sum(before["balances"]) == 0
    assert before["owner"][FISHERIES] != NOBODY or after["owner"][FISHERIES] == GOVERNMENT


def test_sequence_a_single_part_played_alone_has_no_triggers() -> None:
    g = Game(load_ruleset("british-1913-part1"), [make_strategy("landlord")] * 2, 3)
    g.run()
    assert g.triggers == () and g.phase == "part1"


def test_sequence_given_triggers_take_precedence_over_the_rulesets() -> None:
    g = Game(load_ruleset("british-1913-sequence"), [make_strategy("landlord"), make_strategy("tenant")], 3,
             triggers=(Trigger("part3", "round", 2),))
    g.run()
    assert g.triggers == (Trigger("part3", "round", 2),)
    assert [e.get("new") for e in g.events or [] if e.kind == "phase"] == ["part3"]
