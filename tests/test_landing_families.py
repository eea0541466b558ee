"""The landing chain for every rules family in ``data/``: the 1906 and 1913 movement rules
clause by clause, the movement policies (DECISIONs in ``landlord/engine/landing.py``), agreement with
the real engine (bots that play as the chain assumes) and with the chain's own simulator (for
policies no bot plays), and ``landlord landing --ruleset R`` for every ruleset."""

from __future__ import annotations

import dataclasses
import functools
import io
import math
from typing import Any

import numpy as np
import pandas as pd
import pytest
from landing_helpers import disagreements, engine_games, run_cli, simulated
from monopoly_reference import available, monopoly_reference

import landlord
from landlord.data.loader import load_ruleset
from landlord.engine import landing as L
from landlord.rules.families import FAMILIES, movement_for


# -- 1906 ---------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def m1906() -> L.Movement:
    return movement_for(load_ruleset("magie-1906"))


def test_1906_estates_are_trespass(m1906: L.Movement) -> None:
    """Rule 5: on the estates "he is 'trespassing' and must go to JAIL" — they are never a
    stopping place; single-tax rule 5: "until the colleges are erected" (DECISION: the chain
    takes the phase as it begins; ``colleges=True`` for after they stand)."""
    rs = load_ruleset("magie-1906")
    assert m1906.go_to_jail == frozenset(rs.board.indices("estate")) == {4, 30}
    probs = L.exact(m1906)
    assert probs[4] == 0.0 and probs[30] == 0.0
    assert movement_for(rs, "single_tax").go_to_jail == {4, 30}
    built = L.exact(movement_for(rs, "single_tax", colleges=True))
    assert built[4] > 0.02 and built[30] > 0.02
    # colleges only exist under the single tax
    assert movement_for(rs, "landlord", colleges=True).go_to_jail == {4, 30}


def test_1906_jail_three_missed_turns_then_pay(m1906: L.Movement) -> None:
    """Rule 6: "He cannot, however, miss more than three turns": three failed throws, and on the
    fourth turn he pays and moves by the throw; he counts from the Shelter (10)."""
    assert m1906.jail_exit == 10 and m1906.jail_tries == 4
    P, cells = L.transition_matrix(m1906, "stay")
    jails = [i for i, c in enumerate(cells) if c == L.JAIL]
    assert len(jails) == 4
    for k in range(3):  # a failed throw: one more missed turn
        assert P[jails[k], jails[k + 1]] == pytest.approx(5 / 6)
    last = P[jails[3]]
    assert last[jails[1:]].sum() == 0.0  # out on the fourth, whatever the throw
    # ... and moved by it from the Shelter: a 7 (never a double) to 17
    assert last[cells.index(17)] == pytest.approx(6 / 36)


def test_1906_fine_paid_moves_without_an_extra_throw(m1906: L.Movement) -> None:
    """Rule 6 as the engine plays it: "the fine is paid before the throw that moves him; a double
    that frees him moves him by that throw (no extra throw)": the jail row (pay) equals the row
    of a token on the Shelter making its one extra throw (which earns no further throw)."""
    assert not m1906.released_throws_again
    P, cells = L.transition_matrix(m1906, "pay")
    jail_row = P[cells.index(L.JAIL)]
    extra_at_10 = [i for i, c in enumerate(cells) if c == 10][1]
    assert np.allclose(jail_row, P[extra_at_10])


def test_1906_a_double_throws_once_more_never_twice(m1906: L.Movement) -> None:
    """RECONSTRUCTED rule 17 (``double_throws_again``): a double earns one extra throw, "never
    more than one extra throw a turn", and no jail for doubles."""
    assert m1906.doubles_again and m1906.extra_throws == 1 and m1906.doubles_limit == 0
    P, cells = L.transition_matrix(m1906, "stay")
    first, extra = [i for i, c in enumerate(cells) if c == 1]  # Wayback: no card, no trespass
    # from the first throw 3+3 (to 7) goes to the extra-throw state, 1+5 / 2+4 (and back) not;
    # from the extra throw every 6 ends the turn
    at7 = [i for i, c in enumerate(cells) if c == 7]
    assert P[first, at7[1]] == pytest.approx(1 / 36) and P[first, at7[0]] == pytest.approx(4 / 36)
    assert P[extra, at7[1]] == 0.0 and P[extra, at7[0]] == pytest.approx(5 / 36)
    # without the rule, the same board has one state per space
    plain = dataclasses.replace(m1906, doubles_again=False, extra_throws=0)
    assert L.transition_matrix(plain, "stay")[0].shape[0] == 40 + 4
    # analytic: on a bare ring the cap keeps every space at 1/n
    ring = L.Movement("ring", 40, frozenset(), jail_exit=10, doubles_again=True, extra_throws=1)
    assert all(p == pytest.approx(1 / 40) for k, p in L.exact(ring).items() if k != L.JAIL)


def test_1906_reconstructed_chance_cards_move_tokens(m1906: L.Movement) -> None:
    """Rule 11 with the RECONSTRUCTED red pack: of eight cards, one sends to Jail, one advances to
    Mother Earth, one goes back three spaces; the other five move nothing. Drawn with
    replacement ("the card drawn is returned to the pack")."""
    assert set(m1906.decks) == {22, 37}
    res = L._Resolver(m1906)
    assert res.land(22, 0) == pytest.approx({22: 5 / 8, L.JAIL: 1 / 8, 0: 1 / 8, 19: 1 / 8})
    assert res.land(37, 0) == pytest.approx({37: 5 / 8, L.JAIL: 1 / 8, 0: 1 / 8, 34: 1 / 8})


def test_1906_either_way_between_the_chances() -> None:
    """Rule 2: "If a player is on any of the spaces between the Chances he may move in either
    direction." DECISION: strictly between (23-36); policy ``forward`` (the bots' answer,
    default), ``either`` (a fair coin) or ``backward``."""
    rs = load_ruleset("magie-1906")
    fwd = movement_for(rs)
    assert fwd.either_way == frozenset(range(23, 37)) and fwd.backward == 0.0
    assert L._Resolver(fwd).throw(24, 4, False) == {28: 1.0}
    back = movement_for(rs, direction="backward")
    assert L._Resolver(back).throw(24, 4, False) == {20: 1.0}
    assert L._Resolver(back).throw(22, 4, False) == {26: 1.0}  # on a Chance: forward only
    either = L._Resolver(movement_for(rs, direction="either"))
    # from 31 a 6: forward to Chance (37, which draws) or back to Gee Whiz R.R. (25), half each
    assert either.throw(31, 6, False) == pytest.approx({37: 5 / 16, L.JAIL: 1 / 16, 0: 1 / 16,
                                                         34: 1 / 16, 25: 1 / 2})
    with pytest.raises(ValueError, match="direction policy"):
        movement_for(rs, direction="sideways")


def test_1906_speculation_may_be_refused() -> None:
    """Rule 8: "If a player's throw would bring him to this space he may refuse to move --
    remaining where he is". DECISION: policy ``play`` (default) or ``stay`` (always refuses)."""
    rs = load_ruleset("magie-1906")
    play, stay = movement_for(rs), movement_for(rs, speculation="stay")
    assert L._Resolver(play).move(0, 8, False) == {8: 1.0}
    assert L._Resolver(stay).move(0, 8, False) == {0: 1.0}
    assert L.exact(stay)[8] == 0.0 < L.exact(play)[8]
    with pytest.raises(ValueError, match="speculation policy"):
        movement_for(rs, speculation="maybe")


# -- 1913 ---------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def m1913() -> L.Movement:
    return movement_for(load_ruleset("british-1913-part1"))


def test_1913_gaol_squares_by_part(m1913: L.Movement) -> None:
    """Parts 1-2: "on Lord Broadacres' Estate must go to Gaol without alternative", and on the
    Solway Fisheries and the Grouse Moor "must go to Gaol, unless he can strike a private
    bargain" (DECISION: policy ``gaol``, default, or ``bargain``). Part 3: the Estate "has now
    been turned into a Public Park" and the trespass penalties are gone."""
    rs = load_ruleset("british-1913-part1")
    assert m1913.go_to_jail == {4, 13, 30}
    assert movement_for(rs, trespass="bargain").go_to_jail == {30}
    assert movement_for(rs, "part2").go_to_jail == {4, 13, 30}
    part3 = movement_for(rs, "part3")
    assert part3.go_to_jail == frozenset()
    probs = L.exact(part3)
    assert min(probs[4], probs[13], probs[30]) > 0.02
    assert L.exact(m1913)[30] == 0.0
    with pytest.raises(ValueError, match="trespass policy"):
        movement_for(rs, trespass="fight")


def test_1913_gaol_three_throws(m1913: L.Movement) -> None:
    """Gaol (DECISION in the rules, after 1904): a double frees and moves him; after
    ``gaol_throws`` (3) throws without one he comes out and moves by the last; he counts from
    the corner the Gaol stands beside (10)."""
    assert m1913.jail_exit == 10 and m1913.jail_tries == 3 and not m1913.doubles_again
    P, cells = L.transition_matrix(m1913, "stay")
    jails = [i for i, c in enumerate(cells) if c == L.JAIL]
    assert len(jails) == 3
    assert P[jails[0], jails[1]] == pytest.approx(5 / 6) and P[jails[1], jails[2]] == pytest.approx(5 / 6)
    assert P[jails[2], jails[1]] == 0.0 and P[jails[2], jails[2]] == 0.0
    # the last throw moves him: a 7 to 17 (the Asylum)
    assert P[jails[2], cells.index(17)] == pytest.approx(6 / 36)


def test_1913_a_double_may_be_used_as_one_die_or_both() -> None:
    """"If he throws a double he has the option of using the number on one or both of the
    dice." DECISION: policy ``both`` (the bots' answer, default), ``one``, or ``either``."""
    rs = load_ruleset("british-1913-part1")
    both = L._Resolver(movement_for(rs))
    one = L._Resolver(movement_for(rs, double="one"))
    either = L._Resolver(movement_for(rs, double="either"))
    assert both.throw(0, 6, True) == {6: 1.0} and one.throw(0, 6, True) == {3: 1.0}
    assert either.throw(0, 6, True) == pytest.approx({3: 0.5, 6: 0.5})
    assert one.throw(0, 7, False) == {7: 1.0}  # not a double: both dice
    # out of Gaol too: 1+1 from 10 reaches 11 only by one die, 5+5 reaches 20 only by both
    for policy, eleven, twenty in (("both", 0.0, 1 / 36), ("one", 1 / 36, 0.0)):
        P, cells = L.transition_matrix(movement_for(rs, double=policy), "stay")
        j = cells.index(L.JAIL)
        assert P[j, cells.index(11)] == pytest.approx(eleven) and P[j, cells.index(20)] == pytest.approx(twenty)
    with pytest.raises(ValueError, match="double policy"):
        movement_for(rs, double="three")


def test_1913_cards_move_tokens(m1913: L.Movement) -> None:
    """"A player alighting on Luxury or Chance draws a ... card ... follows the directions upon it
    and returns it to the pack" (RECONSTRUCTED cards): Chance sends to Gaol, advances to Mother
    Earth or goes back three; Luxury cards only cost money."""
    assert set(m1913.decks) == {5, 22, 37, 8, 39}
    res = L._Resolver(m1913)
    assert res.land(8, 0) == pytest.approx({8: 1.0}) and res.land(39, 0) == pytest.approx({39: 1.0})
    assert res.land(5, 0) == pytest.approx({5: 5 / 8, L.JAIL: 1 / 8, 0: 1 / 8, 2: 1 / 8})
    assert res.land(22, 0) == pytest.approx({22: 5 / 8, L.JAIL: 1 / 8, 0: 1 / 8, 19: 1 / 8})


def test_1913_asylum_wait_adds_no_throw(m1913: L.Movement) -> None:
    """"Any player alighting on Dottyville Lunatic Asylum must wait there" (RECONSTRUCTED: two
    turns). DECISION: those turns have no throw, so no observation: per throw, the Asylum is an
    ordinary stopping place, left from where it stands (the engine comparison below checks the
    engine's waits add no throws)."""
    assert 17 not in m1913.go_to_jail and 17 not in m1913.decks
    P, cells = L.transition_matrix(m1913, "stay")
    row = P[cells.index(17)]
    assert row[cells.index(17)] == 0.0  # no throw ends "still waiting"
    assert row[cells.index(20)] == pytest.approx(2 / 36) and row[cells.index(24)] == pytest.approx(6 / 36)


# -- policies and the registry -----------------------------------------------------------------
def test_policies_reach_the_frame() -> None:
    """A policy given to ``movement_for`` builds the chain it names, and its frame."""
    rs = load_ruleset("magie-1906")
    fwd = L.landing_frame(rs, movement_for(rs), "stay")
    either = L.landing_frame(rs, movement_for(rs, direction="either"), "stay")
    assert fwd["probability"].iloc[25] < 0.03 < either["probability"].iloc[25]  # Gee Whiz R.R.
    assert either["probability"].tolist() == pytest.approx(
        [*(L.exact(movement_for(rs, direction="either"), "stay")[i] for i in range(40)),
         L.exact(movement_for(rs, direction="either"), "stay")[L.JAIL]])


def test_policies_are_checked() -> None:
    with pytest.raises(ValueError, match="no such movement policy"):
        movement_for(load_ruleset("magie-1904"), direction="either")
    with pytest.raises(ValueError, match="between 0 and 1"):
        L.Movement("x", 40, frozenset(), jail_exit=10, backward=1.5)
    with pytest.raises(ValueError, match="extra_throws needs doubles_again"):
        L.Movement("x", 40, frozenset(), jail_exit=10, extra_throws=1)


def test_every_family_in_data_has_movement_rules() -> None:
    families = {load_ruleset(r).family for r in landlord.ruleset_ids()}
    assert families <= {f.name for f in FAMILIES}
    assert all(callable(f.movement) for f in FAMILIES)


# -- the chain against its own simulator, for the policies no bot plays -------------------------
@pytest.mark.parametrize("rid, policy, jail", [
    ("magie-1906", {"direction": "either", "speculation": "stay"}, "stay"),
    ("magie-1906", {"direction": "backward", "colleges": True}, "pay"),
    ("british-1913-part1", {"double": "either", "trespass": "bargain"}, "stay"),
    ("british-1913-part3", {"double": "one"}, "pay"),
])
def test_policies_exact_agrees_with_simulation(rid: str, policy: dict[str, Any], jail: str) -> None:
    """Policies no bot plays, checked against the chain's own step-by-step simulator (independent
    runs, every cell within 5 standard errors)."""
    phase = "single_tax" if policy.get("colleges") else None
    m = movement_for(load_ruleset(rid), phase, **policy)
    assert not disagreements(L.exact(m, jail), simulated(m, jail))


@pytest.mark.parametrize("rid, policy", [("magie-1906", {"direction": "backward"}),
                                         ("british-1913-part1", {"double": "one"})])
def test_a_wrong_policy_would_be_caught(rid: str, policy: dict[str, str]) -> None:
    """The check can fail: the default chain disagrees with a simulation of another policy."""
    rs = load_ruleset(rid)
    assert disagreements(L.exact(movement_for(rs), "stay"), simulated(movement_for(rs, **policy), "stay"))


# -- the chain against the engine itself --------------------------------------------------------
class ChainBot:
    """Plays as the chain's default policies assume and never buys land (so no Broker can be
    caught in a skin game, and no owner bargains over a trespass): forward between the Chances,
    plays Speculation, buys every luxury (the chain's token always stops on a Luxury; a refusal
    would lose the move), both dice of a double, and in jail throws for doubles (stay) or pays
    (pay)."""

    name = "chain"

    def __init__(self, jail: str) -> None:
        self.jail = {"stay": "throw", "pay": "pay"}[jail]

    def choose(self, view: Any, d: Any) -> str:
        want = {"jail": self.jail, "gaol": self.jail, "direction": "forward", "speculate": "play",
                "use_double": "both", "ticket": "return", "buy": "decline", "bid": "pass",
                "luxury": "buy", "build": "none", "repay": "keep", "trust": "decline",
                "site_card": "decline", "buy_from_pack": "decline", "bid_up": "none",
                "improve_site": "none"}
        choice = want.get(d.kind)
        return choice if choice in d.options else d.options[0]


def engine_observations(game: Any) -> dict[int, int]:
    """Per throw that moves a token (after the game starts), where the token ended: the space of
    its last move, or JAIL. The Speculation throw (1906) moves nothing and is dropped; turns of
    waiting in the Asylum (1913) have no throw."""
    started, obs = False, []
    for e in game.events:
        if e.kind == "start":
            started = True
        elif not started:
            continue
        elif e.kind == "throw":
            obs.append([e.seat, None])
        elif obs and e.seat == obs[-1][0]:
            if e.kind == "move":
                obs[-1][1] = e.get("to")
            elif e.kind in ("jail", "jail_stay", "gaol", "gaol_stay"):
                obs[-1][1] = L.JAIL
            elif e.kind in ("speculation", "skin_game"):
                assert obs.pop()[1] is None
            else:
                assert e.kind not in ("poorhouse", "speculation_refused", "natural_opportunity",
                                      "free_land", "unpaid"), e
    assert obs and all(o[1] is not None for o in obs)
    out = dict.fromkeys([*range(40), L.JAIL], 0)
    for _seat, where in obs:
        out[where] += 1
    return out


def _rich(rid: str) -> Any:
    # 1,000 rounds are about 175 circuits of the board: 10,000 (the schema's ceiling) never ends it first.
    rs = load_ruleset(rid)
    if rs.family == "magie1906":
        return rs.override(start_cash_by_players=[10_000_000] * 5, circuits=10_000, max_rounds=1000)
    return rs.override(start_cash=10_000_000, notes=[10_000_000], circuits=10_000, max_rounds=1000)


@functools.cache
def engine_runs(rid: str, jail: str) -> tuple[list[dict[int, float]], list[float]]:
    """12 games of 1,000 rounds between two rich ChainBots: per game, the share of throws ending
    in each cell, and the share of throws that were an extra throw for a double."""
    rs = _rich(rid)
    rows, extra = [], []
    for g, shares, n in engine_games(rs, lambda: ChainBot(jail), 12, engine_observations):
        rows.append(shares)
        extra.append(sum(1 for e in g.events if e.kind == "double_again") / n)
    return rows, extra


@pytest.mark.slow
@pytest.mark.parametrize("rid", ["magie-1906", "british-1913-part1"])
@pytest.mark.parametrize("jail", L.JAIL_MODES)
def test_engine_lands_as_the_chain_says(rid: str, jail: str) -> None:
    """Two rich players who play as the chain assumes, 12 games of 1,000 rounds: per throw,
    the engine's tokens end where the exact chain says, within 5 standard errors in every cell.
    The same check rejects a chain whose cards move nobody (so it can fail)."""
    rows, _ = engine_runs(rid, jail)
    m = movement_for(_rich(rid))
    assert not disagreements(L.exact(m, jail), rows)
    assert disagreements(L.exact(dataclasses.replace(m, decks={}), jail), rows)


@pytest.mark.parametrize("jail", L.JAIL_MODES)
def test_1906_engine_extra_throws_as_the_chain_says(jail: str) -> None:
    """RECONSTRUCTED rule 17 in the engine and the chain: the share of throws that are a double's
    extra throw is the chain's stationary mass on its extra-throw states (about 1/7), within 5
    standard errors; a chain with Monopoly's doubles rules instead is rejected."""
    _, extra = engine_runs("magie-1906", jail)
    mean, se = float(np.mean(extra)), float(np.std(extra, ddof=1)) / math.sqrt(len(extra))

    def extra_mass(m: L.Movement) -> float:
        P, cells = L.transition_matrix(m, jail)
        pi = L.stationary(P)
        levels = (len(cells) - cells.count(L.JAIL)) // m.spaces
        return float(sum(pi[pos * levels + d] for pos in range(m.spaces) for d in range(1, levels)))

    m = movement_for(_rich("magie-1906"))
    assert abs(extra_mass(m) - mean) <= 5 * se + 1e-3
    monopoly_like = dataclasses.replace(m, extra_throws=0, doubles_limit=3, released_throws_again=True)
    assert abs(extra_mass(monopoly_like) - mean) > 5 * se + 1e-3
    # a turn on the track has 1 + 1/6 throws, so at most 1/7 of throws are extra ones; jail
    # turns (no extra throw) bring it lower
    assert 0.10 < mean < 1 / 7


# -- every ruleset: CLI and location value -------------------------------------------------------
@pytest.mark.parametrize("rid", landlord.ruleset_ids())
def test_cli_landing_every_ruleset(rid: str) -> None:
    """``landlord landing --ruleset R`` prints ``index,name,probability`` for every space and the
    in-jail row, summing to 1, for every ruleset in ``data/``."""
    rs = load_ruleset(rid)
    for jail in L.JAIL_MODES:
        df = pd.read_csv(io.StringIO(run_cli(["landing", "--ruleset", rid, "--jail", jail])), dtype={"index": str})
        assert list(df.columns) == ["index", "name", "probability"]
        assert df["index"].tolist() == [str(s.index) for s in rs.board.spaces] + ["jail"]
        assert df["probability"].sum() == pytest.approx(1.0, abs=1e-8)
        assert (df["probability"] >= 0).all() and df["probability"].iloc[-1] > 0
    sim = run_cli(["landing", "--ruleset", rid, "--simulate", "3000", "--seed", "5"])
    assert sim == run_cli(["landing", "--ruleset", rid, "--simulate", "3000", "--seed", "5"])
    sdf = pd.read_csv(io.StringIO(sim), dtype={"index": str})
    assert sdf["probability"].sum() == pytest.approx(1.0, abs=1e-8)
    # squares that only send to jail are never a stopping place, exact or simulated
    never = df["probability"] == 0.0
    assert (sdf.loc[never, "probability"] == 0.0).all()


@pytest.mark.parametrize("rid", landlord.ruleset_ids())
def test_location_value_every_ruleset(rid: str) -> None:
    """Location value (probability × the printed rent) for every ruleset, in each of its phases."""
    rs = load_ruleset(rid)
    for phase in rs.phases:
        probs = L.exact(movement_for(rs, phase), "stay")
        lv = L.location_values(rs, probs, phase)
        assert len(lv) == sum(1 for s in rs.board.spaces if s.rent) > 0
        assert np.allclose(lv["expected_rent"], lv["probability"] * lv["rent"])
        assert (lv["phase"] == phase).all()


# -- Monopoly and Mucker Monopoly (the monopoly family, from its shipped board and decks) ---------
def test_monopoly_chain_from_shipped_data() -> None:
    """The family's chain is built from ``data/boards/monopoly-us.toml`` and the decks in
    ``data/decks/``: Go to Jail (30), jail exit from Jail (10), three doubles to jail, three
    tries; Chance and Community Chest with 16 cards each; and it agrees exactly with the chain
    built from the independent reference CSVs (``shared/reference/boards``), when present."""
    m = movement_for(load_ruleset("monopoly"))
    assert m.go_to_jail == {30} and m.jail_exit == 10
    assert m.doubles_again and m.doubles_limit == 3 and m.jail_tries == 3 and m.released_throws_again
    assert set(m.decks) == {2, 7, 17, 22, 33, 36}
    assert all(len(deck) == 16 for deck in m.decks.values())
    res = L._Resolver(m)
    # Chance on 7: Go, Illinois, St. Charles, Reading, Boardwalk, nearest utility (12), nearest
    # railroad twice (15), back three (4, Income Tax), jail — each 1/16, the rest stay
    out = res.land(7, 0)
    assert out[15] == pytest.approx(2 / 16) and out[L.JAIL] == pytest.approx(1 / 16)
    assert out[7] == pytest.approx(6 / 16) and out[4] == pytest.approx(1 / 16)
    if available():
        _, ref = monopoly_reference()
        for jail in L.JAIL_MODES:
            assert L.exact(m, jail) == pytest.approx(L.exact(ref, jail), abs=1e-12)


def test_mucker_short_one_throw_in_jail() -> None:
    """Mucker short game: "exit on your next turn ... you may try to roll doubles and, failing to
    do so, pay the $50 on the same turn" (``jail_throws`` = 1): one jail state, every throw from
    it leaves; the other Mucker variants move as Monopoly does."""
    m = movement_for(load_ruleset("mucker-short"))
    assert m.jail_tries == 1
    P, cells = L.transition_matrix(m, "stay")
    j = cells.index(L.JAIL)
    assert cells.count(L.JAIL) == 1
    # straight back only by a jail card: 7 to Community Chest (17) or 6+6 to Chance (22), 1/16 each
    assert P[j, j] == pytest.approx((6 / 36 + 1 / 36) / 16)
    assert movement_for(load_ruleset("mucker")) == dataclasses.replace(
        movement_for(load_ruleset("monopoly")), name="mucker")
    stay = L.exact(movement_for(load_ruleset("monopoly")), "stay")[L.JAIL]
    assert L.exact(m, "stay")[L.JAIL] < stay / 2


def test_mucker_frame_shows_theme_names() -> None:
    """Mucker Monopoly's own names ("Coincidence", the 28th Precinct Jail) in the landing frame
    and the location values."""
    rs = load_ruleset("mucker")
    df = L.landing_frame(rs, movement_for(rs), "pay")
    assert df.loc[df["index"] == "7", "name"].item() == "Coincidence"
    assert df.loc[df["index"] == "30", "name"].item() == "Go to the 28th Precinct Jail"
    lv = L.location_values(rs, L.exact(movement_for(rs), "pay"))
    assert lv.loc[lv["index"] == 39, "name"].item() == "Grand"


class MonopolyChainBot:
    """Plays Monopoly as the chain assumes and never buys or builds: in jail it pays (or uses a
    Get Out of Jail Free card, the same move: out at once, an ordinary turn, and the card goes
    back to its deck) or throws for doubles."""

    name = "chain"

    def __init__(self, jail: str) -> None:
        self.jail = jail

    def choose(self, view: Any, d: Any) -> str:
        if d.kind == "jail_exit":
            if self.jail == "pay":
                return next(o for o in ("card", "pay", "throw") if o in d.options)
            return "throw"
        want = {"manage": "done", "buy_deed": "auction", "auction_bid": "pass", "ask_rent": "forget",
                "income_tax": "flat", "trade_reply": "reject", "bribe_reply": "refuse",
                "lift_mortgage": "keep"}
        return want[d.kind]


@pytest.mark.slow
@pytest.mark.parametrize("rid, jail", [("monopoly", "pay"), ("mucker-short", "stay")])
def test_monopoly_engine_lands_as_the_chain_says(rid: str, jail: str) -> None:
    """Two rich players who never buy (no deeds dealt), 12 games of 1,000 rounds: the engine's
    tokens end where the chain says, every cell within 5 standard errors; the Monopoly chain with
    three tries is rejected by the Mucker short game's engine data."""
    rs = load_ruleset(rid).override(start_cash=10_000_000, max_rounds=1000, deal_deeds=0)
    rows = [shares for _, shares, _ in engine_games(rs, lambda: MonopolyChainBot(jail), 12, engine_observations)]
    m = movement_for(rs)
    assert not disagreements(L.exact(m, jail), rows)
    if rid == "mucker-short":
        assert disagreements(L.exact(dataclasses.replace(m, jail_tries=3), jail), rows)
