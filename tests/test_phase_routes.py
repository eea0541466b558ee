"""A phase switch does the same thing on every route (issue 13): whether it comes by a trigger,
a vote, the table's button (:meth:`Game.switch_phase`, also while a decision waits) or a
scenario's switch, each family's arrival rules run. Monopoly has one phase and no switch.

Each family's arrival, checked the moment it ends:
* Magie 1904 and 1906, into the single tax: "Begin game under single tax with empty PUBLIC
  TREASURY", and a token in the Poor House moves to a Natural Opportunity (rule 8).
* 1913, into Part 2: "each player receives a further £3000 from the Bank".
* 1913, into Part 3: Solway Fisheries passes to the Government, paupers move to the free land.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from british1913_helpers import BEN, FISHERIES, btable, own, payments
from conftest import set_cash

from landlord.data.loader import load_ruleset
from landlord.engine import flows
from landlord.engine.decisions import Decision
from landlord.engine.game import Game
from landlord.engine.phases import Trigger
from landlord.engine.rulebook import Rules
from landlord.players.characters import make_strategy
from landlord.rules.families import FamilyGame
from landlord.runs.scenario import load_scenario
from landlord.runs.sweep import play_cell_game

BOTS = ("landlord", "tenant", "speculator", "landlord")
ROUTES = ("trigger", "vote", "table", "scenario")

Check = Callable[[Game, dict[str, Any]], None]


def _before(g: Game) -> dict[str, Any]:
    return {"treasury": g.ledger.balance("Public Treasury"), "events": len(g.events or [])}


def _single_tax(g: Game, before: dict[str, Any]) -> None:
    assert before["treasury"] > 0 and g.ledger.balance("Public Treasury") == 0
    assert not any(pl.where == "poorhouse" for pl in g.players)


def _part2(g: Game, before: dict[str, Any]) -> None:
    paid = [e.get("to") for e in (g.events or [])[before["events"]:]
            if e.kind == "transfer" and e.get("reason") == "further cash"]
    assert sorted(paid) == sorted(g.names), paid


def _part3(g: Game, before: dict[str, Any]) -> None:
    for idx in g.board.indices("fishery"):
        assert g.rules.space_state(idx)["public"], "Solway Fisheries is the Government's"
        assert not any(idx in pl.sites for pl in g.players)
    assert not any(pl.where == "poorhouse" for pl in g.players)


CASES: list[tuple[str, str, Check]] = [
    ("magie-1904", "single_tax", _single_tax),
    ("magie-1906", "single_tax", _single_tax),
    ("british-1913-part1", "part2", _part2),
    ("british-1913-part2", "part3", _part3),
]


def _families() -> list[type[Rules]]:
    from landlord.rules.families import family_named

    return [family_named(f).rules for f in ("magie1904", "magie1906", "british1913")]


@pytest.fixture
def arrivals(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """Every arrival of every game, checked the moment it ends: ``watch["check"]`` is called
    with the game and its state when the switch began; ``watch["seen"]`` lists the phases."""
    watch: dict[str, Any] = {"seen": [], "check": None}
    enter = Game.enter_phase
    arrive_of = {cls: cls.arrive for cls in _families()}

    def entering(g: Game, phase: str, cause: str) -> Iterator[Decision]:
        watch["before"] = _before(g)
        return enter(g, phase, cause)

    def arriving(rules: Rules, old: str, new: str) -> Iterator[Decision]:
        yield from arrive_of[type(rules)](rules, old, new)
        watch["check"](rules.g, watch["before"])
        watch["seen"].append(new)

    monkeypatch.setattr(Game, "enter_phase", entering)
    for cls in arrive_of:
        monkeypatch.setattr(cls, "arrive", arriving)
    return watch


def _answer(g: Game, prefer: tuple[str, ...] = ()) -> None:
    d = g.pending
    assert d is not None
    for option in prefer:
        if option in d.options:
            g.act(option)
            return
    g.run(max_decisions=1)


@pytest.mark.parametrize("route", ROUTES)
@pytest.mark.parametrize(("ruleset", "phase", "check"), CASES)
def test_arrival_runs_on_every_route(ruleset: str, phase: str, check: Check, route: str,
                                     arrivals: dict[str, Any], tmp_path: Path) -> None:
    arrivals["check"] = check
    seen = arrivals["seen"]
    rs = load_ruleset(ruleset)
    bots = [make_strategy(b, f"3-{i}") for i, b in enumerate(BOTS)]
    if route == "scenario":
        # a scenario cell's switch, played by the sweep
        path = tmp_path / "s.toml"
        strategies = ", ".join(f'"{b}"' for b in BOTS)
        path.write_text(f'[scenario]\ntitle = "t"\nruleset = "{ruleset}"\nplayers = 4\n'
                        f'strategies = [{strategies}]\ngames = 1\nseed = 1\n'
                        f'[tax]\nphase = "{phase}"\nstart = "turn:40"\n', encoding="utf-8")
        g = play_cell_game(load_scenario(path), 0, 0)
    elif route == "trigger":
        g = FamilyGame(rs, bots, 3, triggers=(Trigger(phase, "turn", 40),))
        g.run()
    elif route == "vote":
        g = FamilyGame(rs, bots, 3, triggers=(Trigger(phase, "vote"),))
        # from turn 40 the seat asked calls the vote, and the others vote for it
        while g.pending is not None and phase not in seen:
            _answer(g, ("call_vote", "for") if g.turn >= 40 else ("no_vote",))
        g.run()
    else:
        # the table's button is pressed while a decision waits (the game always waits on one)
        g = FamilyGame(rs, bots, 3)
        while g.pending is not None and g.turn < 40:
            g.run(max_decisions=1)
        assert g.pending is not None
        g.switch_phase(phase, "table")
        assert seen == [phase]
        g.run()
    assert seen == [phase], f"{route}: the switch to {phase} did not come"
    assert g.over and g.ledger.total() == 0


def test_table_switch_while_a_decision_waits_asks_the_arrivals_decisions_first() -> None:
    """Part 3 arrives from the table while another player must decide on a dealt SITE card: Ben
    owes the Grouse Moor's £20 with no money, so he is first asked what to sell (the others
    refuse to bid; the £20 stays owed); then the waiting decision is asked again, unchanged."""
    from british1913_helpers import MOOR

    g = btable("british-1913-part1", phase="part2")
    own(g, BEN, MOOR)
    set_cash(g, BEN, 0)
    waiting = g.pending
    assert waiting is not None and waiting.kind == "site_card" and waiting.seat != BEN
    g.switch_phase("part3", "table")
    assert g.pending == Decision(BEN, "realise", (f"site:{MOOR}",), amount=20)
    g.act(f"site:{MOOR}")
    while g.pending is not None and g.pending.kind == "forced_bid":
        g.act("refuse")
    assert g.pending == waiting
    assert payments(g, "land value tax") == []
    assert g.players[BEN].owed == 20


def test_1913_fisheries_is_not_sold_twice() -> None:
    """The double sale (issue 13): Ben holds Solway Fisheries and nothing else and has no money
    when Part 3 arrives. He cannot pay its £20 out of his cash; he may not sell the Fisheries to
    another player to find it, since the Government buys it: it is sold once, to the
    Government, for half its face value, and no player holds it."""
    g = btable("british-1913-part1", phase="part2")
    own(g, BEN, FISHERIES)
    set_cash(g, BEN, 0)
    g.switch_phase("part3", "table")
    assert g.pending is None or g.pending.kind != "realise" or all(
        o != f"site:{FISHERIES}" for o in g.pending.options)
    assert payments(g, "sale to the Government") == [("Public Treasury", "Ben", 250)]
    assert payments(g, "forced sale") == []
    assert g.rules.owner[FISHERIES] < 0 and not any(FISHERIES in pl.sites for pl in g.players)


def test_1906_mortgage_asked_before_the_single_tax_raises_nothing_after_it() -> None:
    """A switch from the table while Ada is asked how to raise money: she chooses to mortgage a
    lot, but under the single tax a title deed "is of no value" and secures nothing — no loan of
    $0 is made, and she is asked again without that lot."""
    from magie1906_helpers import give, table


    g = table()
    lot = next(i for i, s in enumerate(g.board.spaces) if s.kind == "lot")
    give(g, 0, lot)
    set_cash(g, 0, 0)
    ask = g.rules.money.charge(0, g.account("Bank"), 30, flows.FINE, "test", "test")  # type: ignore[attr-defined]
    d = next(ask)
    assert d.kind == "shortfall" and f"mortgage:{lot}" in d.options
    g.switch_phase("single_tax", "table")
    try:
        again = ask.send(f"mortgage:{lot}")
    except StopIteration:
        again = None
    assert not g.rules.state.mortgages  # type: ignore[attr-defined]
    assert again is None or f"mortgage:{lot}" not in again.options
