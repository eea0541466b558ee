"""One conformance suite over every ruleset in data/rulesets (issue 13), as OpenSpiel runs one
random-simulation test over every game.

Random bots play games of every size the ruleset allows (2 to 6 players), and where a
ruleset has more than one phase the rules are switched at random points by every route: a
trigger, a vote, the table's button (``Game.switch_phase``, while a decision waits) and a
scenario's switch from the start. After every decision money is conserved and every lot, site,
deed and improvement has at most one holder (the one the board says holds it). Each game is
saved as the table saves it and loaded through the command line's path
(``landlord.savefile.from_dict``), giving the identical event log; and every game ends within
the round bound its ruleset states (``max_rounds``).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from landlord import savefile
from landlord.game import Game
from landlord.loader import load_ruleset, ruleset_ids
from landlord.phases import Trigger
from landlord.strategies import make_strategy

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
    game = Game(rs, [make_strategy(b, f"{seed}-{i}") for i, b in enumerate(bots)], seed, triggers=triggers)
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
    saved = json.loads(json.dumps(savefile.to_dict(game, bots)))
    again, seats = savefile.from_dict(saved, f"{rid} game {k}")
    assert seats == bots
    assert again.log_text() == game.log_text() and again.entries == game.entries
    assert again.ledger.balances == game.ledger.balances


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
