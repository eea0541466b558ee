"""Property tests: random games (random and named bots, random seeds, seat counts and phase
triggers) of the 1906 game and the 1904 patent board, in both phases, with every invariant
checked after every decision."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from landlord.data.loader import load_ruleset
from landlord.engine.count import ranks
from landlord.engine.game import Game
from landlord.engine.phases import parse_trigger
from landlord.engine.strategies import SeatView
from landlord.players.characters import make_strategy
from landlord.rules.families import FamilyGame, replay
from landlord.rules.magie1906 import CARD_KINDS, JAIL, NATURAL, POOR

TRIGGERS = st.sampled_from(["never", "start", "vote", "turn:1", "turn:17", "turn:60", "round:9",
                            "gini:0.1", "gini:0.3"])
BOTS = st.sampled_from(["random", "random", "landlord", "tenant", "speculator"])


def check_money(g: Game) -> None:
    """The ledger sums to zero; only the issuers (Bank, Wages box) go below zero."""
    led = g.ledger
    assert led.total() == 0
    for i, b in enumerate(led.balances):
        assert b >= 0 or i in led.issuers, (led.names[i], b)


def check_1906(g: Game) -> None:
    """Holdings, houses, places and single-tax state are consistent."""
    r: Any = g.rules.state  # type: ignore[attr-defined]
    st_on = g.p["single_tax"]
    for i, k in enumerate(r.kinds):
        assert 0 <= r.houses[i] <= g.p["max_houses"]
        assert (r.houses[i] == 0) == (r.house_owner[i] == -1)
        if r.houses[i]:
            assert k == "lot"
        if r.owner[i] >= 0:
            assert k in CARD_KINDS and i in g.players[r.owner[i]].cards
        if i in r.public:
            assert r.owner[i] == -1 and k in ("railroad", "franchise")
    for pl in g.players:
        assert all(r.owner[i] == pl.seat for i in pl.cards)
        if pl.place == JAIL:
            assert pl.pos == r.jail_corner
        if pl.place == POOR:
            assert not st_on and pl.pos == r.poor_corner
        if pl.place == NATURAL:
            assert st_on and pl.pos in r.naturals
        assert 0 <= pl.pos < len(r.kinds)
        assert pl.education < g.p["education_for_professor"]
    assert r.colleges <= {4, 30}
    if r.colleges:
        assert all(i in r.public for i in g.p["buyout_order"])
    if r.wage_bonus:
        assert r.colleges == {4, 30}
    if r.trust is not None:
        assert {r.owner[x] for x in r.railroads} == set(r.trust)
    if st_on:
        assert g.ledger.balance("Public Treasury") < g.p["treasury_step"] or g.pending is not None


def check_1904(g: Game) -> None:
    """Lots, charters, loans and places are consistent."""
    r: Any = g.rules.state  # type: ignore[attr-defined]
    st_on = g.p["single_tax"]
    for pl in g.players:
        assert all(r.owner[i] == pl.seat for i in pl.lots)
        if pl.place == 2:
            assert not st_on
        if pl.place == 3:
            assert st_on and pl.pos in r.corners
    for i, s in enumerate(r.owner):
        if s >= 0:
            assert i in g.players[s].lots
    assert all(i not in r.charter for i in r.public)
    assert r.mortgaged <= {i for pl in g.players for i in pl.lots}


def play_checked(ruleset: str, seed: int, bots: list[str], trigger: str) -> Game:
    """Play a game decision by decision, checking every invariant after each."""
    rs = load_ruleset(ruleset)
    trig = [] if trigger == "never" else [parse_trigger(trigger, "single_tax")]
    strategies = [make_strategy(b, f"{seed}-{i}") for i, b in enumerate(bots)]
    g = FamilyGame(rs, [None] * len(bots), seed, triggers=trig)
    views = [SeatView(g, i) for i in range(len(bots))]
    check = check_1906 if rs.family == "magie1906" else check_1904
    check_money(g)
    while (d := g.pending) is not None:
        assert d.options and len(set(d.options)) == len(d.options), d
        g.act(strategies[d.seat].choose(views[d.seat], d))
        check_money(g)
        check(g)
    assert g.over and len(g.switches) <= 1
    results = g.results()
    assert min(ranks(results)) == 1
    assert all(isinstance(r.total, int) for r in results)
    return g


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), bots=st.lists(BOTS, min_size=2, max_size=4), trigger=TRIGGERS,
       ruleset=st.sampled_from(["magie-1906", "magie-1906", "magie-1906-monarch", "magie-1906-prosperity",
                              "magie-1906-beginners"]))
def test_random_1906_games_keep_every_invariant(seed: int, bots: list[str], trigger: str, ruleset: str) -> None:
    """Random 1906 games in either phase: zero invariant breaks."""
    play_checked(ruleset, seed, bots, trigger)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), bots=st.lists(BOTS, min_size=2, max_size=6), trigger=TRIGGERS,
       ruleset=st.sampled_from(["magie-1904", "magie-1904-no-tickets"]))
def test_random_1904_games_keep_every_invariant(seed: int, bots: list[str], trigger: str, ruleset: str) -> None:
    """Random games on the patent board, with the single tax switched in at random points."""
    play_checked(ruleset, seed, bots, trigger)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6), trigger=TRIGGERS)
def test_random_games_replay_identically(seed: int, trigger: str) -> None:
    """Seed + recorded choices (+ triggers) rebuild the game event for event."""
    g = play_checked("magie-1906", seed, ["random", "landlord", "random"], trigger)
    trig = [] if trigger == "never" else [parse_trigger(trigger, "single_tax")]
    again = replay(load_ruleset("magie-1906"), seed, g.actions, n_players=3, triggers=trig)
    assert again.log_text() == g.log_text()
