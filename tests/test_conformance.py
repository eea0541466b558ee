"""One conformance suite over every ruleset in data/rulesets (issue 13), as OpenSpiel runs one
random-simulation test over every game.

Random bots play games of every size the ruleset allows (2 to 6 players), and where a
ruleset has more than one phase the rules are switched at random points by every route: a
trigger, a vote, the table's button (``Game.switch_phase``, while a decision waits) and a
scenario's switch from the start. After every decision money is conserved and every lot, site,
deed and improvement has at most one holder (the one the board says holds it). Every transfer
has a kind from :class:`~landlord.engine.flows.Flow` (a test names the first that has none) and the
ledger's running totals per kind are the transfers' sums (no money moved outside ``Game.pay``).
Each game is
saved as the table saves it and loaded through the command line's path
(``landlord.players.savefile.load_game``), giving the identical event log; and every game ends within
the round bound its ruleset states (``max_rounds``).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from landlord.data.loader import load_ruleset, ruleset_ids
from landlord.engine import flows
from landlord.engine.flows import Flow
from landlord.engine.game import Game
from landlord.engine.phases import Trigger
from landlord.players import savefile
from landlord.players.characters import make_strategy
from landlord.rules.families import FamilyGame

HOLDINGS = {"magie1904": ("lots",), "magie1906": ("cards",), "british1913": ("sites", "improvements"),
            "monopoly": ("deeds",)}
"""Each family's per-seat sets of spaces held (title cards; the 1913 improvement cards)."""
TITLES = {"magie1904": "lots", "british1913": "sites", "monopoly": "deeds"}
"""The set whose spaces the board reports as the seat's (``space_state`` owner)."""
ROUTES = ("trigger", "vote", "table", "scenario")
GAMES = 4
"""Games per ruleset (each of a different size and route), within the suite's CPU budget."""


def _holders(game: Game) -> None:
    family = game.ruleset.family
    held: dict[tuple[str, int], int] = {}
    for pl, seat in zip(game.players, range(len(game.players)), strict=True):
        for attr in HOLDINGS[family]:
            for idx in getattr(pl, attr):
                key = (attr, idx)
                assert key not in held, f"{attr} {idx} held by seats {held[key]} and {seat}"
                held[key] = seat
    title = TITLES.get(family)
    if title:
        for (attr, idx), seat in held.items():
            if attr == title:
                assert game.rules.space_state(idx)["owner"] == seat, (attr, idx, seat)


def _kinds(game: Game) -> None:
    """Every transfer of the game's log has a kind from the closed list :class:`Flow` (the
    message names the first that has none), and the ledger moved no money the log does not
    show: its running totals per kind are the transfers' sums."""
    moved: Counter[Flow] = Counter()
    for e in game.events or ():
        if e.kind != "transfer":
            continue
        kind = e.get("kind")
        assert isinstance(kind, Flow), (
            f"{game.ruleset.id} turn {e.turn}: the transfer of {e.get('amount')} from {e.get('from')} to "
            f"{e.get('to')} for {e.get('reason')!r} ({e.get('rule')}) has no kind of money flow: {kind!r}")
        moved[kind] += e.get("amount")
    ledger = {k: v for k, v in game.ledger.flows.items() if v}
    assert dict(moved) == ledger, (f"{game.ruleset.id}: money moved per kind by the ledger {ledger} "
                                   f"is not the transfers' {dict(moved)}")


def _play(rid: str, k: int) -> None:
    rs = load_ruleset(rid)
    sizes = [n for n in range(2, 7) if rs.players_min <= n <= rs.players_max]
    n = sizes[k % len(sizes)]
    rng = random.Random(f"{rid}-{k}")
    seed = rng.randrange(2**32)
    bots = ["random"] * n
    others = [p for p in rs.phases if p != rs.default_phase]
    route = ROUTES[k % len(ROUTES)] if others else ""
    triggers: tuple[Trigger, ...] = ()
    phase = rng.choice(others) if others else ""
    if route == "trigger":
        triggers = (Trigger(phase, "turn", rng.randrange(1, 60)),)
    elif route == "vote":
        triggers = (Trigger(phase, "vote"),)
    elif route == "scenario":
        triggers = (Trigger(phase, "start"),)
    game = FamilyGame(rs, [make_strategy(b, f"{seed}-{i}") for i, b in enumerate(bots)], seed, triggers=triggers)
    table_at = rng.randrange(1, 400) if route == "table" else -1
    decisions = 0
    while game.pending is not None:
        if decisions == table_at and phase != game.phase:
            game.switch_phase(phase, "table")
        else:
            game.run(max_decisions=1)
            decisions += 1
        assert game.ledger.total() == 0, f"money not conserved after decision {decisions}"
        _holders(game)
    assert game.over
    assert game.round <= game.p["max_rounds"], f"{game.round} rounds, bound {game.p['max_rounds']}"
    _kinds(game)
    saved = json.loads(json.dumps(savefile.to_dict(game, bots)))
    again = savefile.load_game(saved, f"{rid} game {k}")
    seats = again.record.seats
    assert seats == bots
    assert again.log_text() == game.log_text() and again.entries == game.entries
    assert again.ledger.balances == game.ledger.balances


@pytest.mark.slow
@pytest.mark.parametrize("rid", ruleset_ids())
def test_random_games_conform(rid: str) -> None:
    for k in range(GAMES):
        _play(rid, k)


def test_every_route_is_played() -> None:
    """The suite switches phases by every route on the rulesets that have phases."""
    routes: dict[str, Any] = {}
    for rid in ruleset_ids():
        if len(load_ruleset(rid).phases) > 1:
            for k in range(GAMES):
                routes.setdefault(ROUTES[k % len(ROUTES)], []).append(rid)
    assert set(routes) == set(ROUTES)


def test_a_transfer_without_a_kind_fails_naming_it() -> None:
    """The kind check can fail: a transfer paid with a bare string instead of a Flow is named
    (turn, amount, accounts, reason, rule), and money moved outside ``Game.pay`` (no event)
    shows as a gap between the ledger's totals and the transfers'."""
    game = FamilyGame(load_ruleset("magie-1904"), [make_strategy("random", "k") for _ in range(2)], 7)
    _kinds(game)
    game.pay(0, game.account("Bank"), 1, "rent", "a tip", "Nowhere")  # type: ignore[arg-type]
    with pytest.raises(AssertionError, match=r"transfer of 1 from Player 1 to Bank for 'a tip' \(Nowhere\)"):
        _kinds(game)
    game = FamilyGame(load_ruleset("magie-1904"), [make_strategy("random", "k") for _ in range(2)], 7)
    game.ledger.transfer(0, game.account("Bank"), 1, flows.RENT, "unlogged")
    with pytest.raises(AssertionError, match="money moved per kind by the ledger"):
        _kinds(game)
