"""The exact landing chain: analytic cases, the patent's movement clauses, Monopoly's published
figures, agreement with simulation within sampling error, and the ``landlord landing`` CLI."""

from __future__ import annotations

import dataclasses
import io

import numpy as np
import pandas as pd
import pytest
from landing_helpers import disagreements, engine_games, run_cli, simulated
from monopoly_reference import available, monopoly_reference

from landlord.apps.cli import main
from landlord.data.loader import load_ruleset
from landlord.engine import landing as L
from landlord.rules.families import movement_for

needs_reference = pytest.mark.skipif(not available(), reason="shared/reference/boards not beside the checkout")


@pytest.fixture(scope="module")
def magie() -> L.Movement:
    return movement_for(load_ruleset("magie-1904"))


# -- analytic cases -----------------------------------------------------------------------
def test_plain_ring_is_uniform() -> None:
    """No jail squares, no cards, no extra throws: the chain is doubly stochastic, so every
    space is equally likely (1/n) and nobody is ever in jail."""
    m = L.Movement("plain", 40, frozenset(), jail_exit=10)
    probs = L.exact(m)
    assert probs[L.JAIL] == 0.0
    assert all(probs[i] == pytest.approx(1 / 40) for i in range(40))


def test_three_doubles_alone_pay_strategy() -> None:
    """Only the three-doubles rule sends to jail, and the jailed token pays at once: a turn has
    1 + 1/6 + 1/36 = 43/36 throws and ends in jail with probability 1/216, so a throw ends in
    jail with probability (1/216)/(43/36) = 1/258."""
    m = L.Movement("doubles", 40, frozenset(), jail_exit=10, doubles_again=True, doubles_limit=3)
    assert L.exact(m, "pay")[L.JAIL] == pytest.approx(1 / 258, rel=1e-9)


def test_three_doubles_alone_stay_strategy_three_tries() -> None:
    """The same, staying: each jailing adds 1 + 5/6 + 25/36 = 91/36 throws in jail, 55/36 of
    them failed; a throw ends in jail with probability 91 / (43·216 + 91) = 91/9379."""
    m = L.Movement("doubles", 40, frozenset(), jail_exit=10, doubles_again=True, doubles_limit=3,
                   jail_tries=3)
    assert L.exact(m, "stay")[L.JAIL] == pytest.approx(91 / 9379, rel=1e-9)


def test_throw_distribution() -> None:
    t = {(total, double): p for total, double, p in L.throws(2, 6)}
    assert t[(7, False)] == pytest.approx(6 / 36)
    assert t[(4, True)] == pytest.approx(1 / 36) and t[(4, False)] == pytest.approx(2 / 36)
    assert sum(t.values()) == pytest.approx(1.0)


def test_rows_sum_to_one_and_stationary(magie: L.Movement) -> None:
    for jail in L.JAIL_MODES:
        P, cells = L.transition_matrix(magie, jail)
        assert np.allclose(P.sum(axis=1), 1.0)
        pi = L.stationary(P)
        assert np.allclose(pi @ P, pi) and pi.sum() == pytest.approx(1.0) and (pi >= 0).all()
        assert len(cells) == P.shape[0]


def test_bad_specs_are_refused() -> None:
    with pytest.raises(ValueError, match="not on a 40-space board"):
        L.Movement("x", 40, frozenset({40}), jail_exit=10)
    with pytest.raises(ValueError, match="needs doubles_again"):
        L.Movement("x", 40, frozenset(), jail_exit=10, doubles_limit=3)
    with pytest.raises(ValueError, match="jail strategy"):
        L.exact(L.Movement("x", 40, frozenset(), jail_exit=10), "bribe")
    with pytest.raises(ValueError, match="unknown move kind"):
        L.CardMove("teleport")


# -- the 1904 patent's movement -------------------------------------------------------------------
def test_1904_no_trespassing_sends_to_jail(magie: L.Movement) -> None:
    """No trespassing: "he must go to jail" — the squares themselves are never a stopping place."""
    board = load_ruleset("magie-1904").board
    assert magie.go_to_jail == frozenset(board.indices("no_trespassing")) == {4, 30}
    probs = L.exact(magie, "stay")
    assert probs[4] == 0.0 and probs[30] == 0.0
    assert L._Resolver(magie).move(0, 4, False) == {L.JAIL: 1.0}


def test_1904_count_from_the_space_in_front_of_the_jail(magie: L.Movement) -> None:
    """Jail: "When he comes out, he must count from the space immediately in front of the
    jail" — the Coal corner (10), beside which the Jail is drawn."""
    assert magie.jail_exit == 10
    P, cells = L.transition_matrix(magie, "pay")
    jail_row = P[cells.index(L.JAIL)]
    # paying, he throws as if standing on 10: a 7 (never a double) takes him to 17
    assert jail_row[cells.index(17)] == pytest.approx(6 / 36)
    assert np.allclose(jail_row, P[cells.index(10)])


def test_1904_stay_until_a_double_no_limit(magie: L.Movement) -> None:
    """Jail: "remain there until he throws a double or until he pays ... a fine" — with the
    stay strategy a jailed token stays with probability 5/6 each throw, with no limit — and
    comes straight back on 5+5: from 10 the pass jumps R.R. 15 → 25 and the rest of the ten
    ends on No Trespassing (30). So a jail row keeps 5/6 + 1/36."""
    P, cells = L.transition_matrix(magie, "stay")
    j = cells.index(L.JAIL)
    assert cells.count(L.JAIL) == 1
    assert L._Resolver(magie).move(10, 10, True) == {L.JAIL: 1.0}
    assert P[j, j] == pytest.approx(5 / 6 + 1 / 36)


def test_1904_railroad_pass(magie: L.Movement) -> None:
    """Railroad: a double "gets a pass" and jumps once from one railroad to the next, if in his
    ordinary move he would pass a R.R.; DECISION: the rest of the throw counts on from there."""
    res = L._Resolver(magie)
    assert res.move(0, 6, True) == {16: 1.0}  # 3+3 from Mother Earth: passes R.R. 5 → 15, then 1
    assert res.move(0, 6, False) == {6: 1.0}  # no double, no pass
    assert res.move(1, 4, True) == {5: 1.0}  # 2+2 that stops on the R.R. does not pass it
    assert res.move(33, 4, True) == {7: 1.0}  # 2+2 from 33: passes 35 → 5 (next R.R.), then 2


def test_1904_double_only_a_pass_no_extra_throw(magie: L.Movement) -> None:
    """The patent gives a double only the pass: no extra throw, no three-doubles rule."""
    assert not magie.doubles_again and magie.doubles_limit == 0
    assert magie.rr_pass == (5, 15, 25, 35)
    _P, cells = L.transition_matrix(magie, "stay")
    assert len(cells) == 40 + 1


# -- Monopoly (board and cards from the shared reference CSVs) ------------------------------------
@needs_reference
def test_monopoly_project_euler_84_modal_strings() -> None:
    """Project Euler problem 84 (jail square and "in jail" counted together, leave jail at
    once): the three most likely squares are JAIL, E3 (Illinois), GO — "102400" — with 2d6
    (the problem quotes 6.24%, 3.18%, 3.09%), and "101524" with two 4-sided dice."""
    _, m = monopoly_reference()
    probs = L.exact(m, "pay")
    probs[10] += probs.pop(L.JAIL)
    top = sorted(probs, key=lambda k: probs[k], reverse=True)[:3]
    assert top == [10, 24, 0]
    assert [probs[k] for k in top] == pytest.approx([0.0624, 0.0318, 0.0309], abs=5e-4)
    m4 = dataclasses.replace(m, sides=4)
    p4 = L.exact(m4, "pay")
    p4[10] += p4.pop(L.JAIL)
    assert sorted(p4, key=lambda k: p4[k], reverse=True)[:3] == [10, 15, 24]


@needs_reference
def test_monopoly_cards_and_squares() -> None:
    _board, m = monopoly_reference()
    assert m.go_to_jail == {30} and m.jail_exit == 10
    assert set(m.decks) == {2, 7, 17, 22, 33, 36}
    assert sum(c.weight for c in m.decks[7]) == 16 == sum(c.weight for c in m.decks[2])
    res = L._Resolver(m)
    nearest_rr = next(c for c in m.decks[36] if c.kind == "nearest" and 5 in c.targets)
    assert res.card(36, nearest_rr, 0) == {5: 1.0}  # forward past GO to Reading
    assert res.card(7, nearest_rr, 0) == {15: 1.0}
    back3 = next(c for c in m.decks[36] if c.kind == "relative")
    out = res.card(36, back3, 0)  # back to Community Chest 33, which draws again
    assert out[L.JAIL] == pytest.approx(1 / 16) and out[0] == pytest.approx(1 / 16)
    assert out[33] == pytest.approx(14 / 16)
    probs = L.exact(m, "stay")
    assert probs[30] == 0.0
    assert probs[7] < 1 / 40 and probs[36] < 1 / 40  # Chance moves tokens away


# -- exact chain against simulation -------------------------------------------------------------
def _check_agreement(m: L.Movement, jail: str) -> None:
    """12 independent simulated runs of 25,000 throws: every cell must agree within 5 standard
    errors."""
    bad = disagreements(L.exact(m, jail), simulated(m, jail, 12, 25_000))
    assert not bad, bad


@pytest.mark.parametrize("jail", L.JAIL_MODES)
def test_1904_exact_agrees_with_simulation(magie: L.Movement, jail: str) -> None:
    _check_agreement(magie, jail)


@needs_reference
@pytest.mark.parametrize("jail", L.JAIL_MODES)
def test_monopoly_exact_agrees_with_simulation(jail: str) -> None:
    _check_agreement(monopoly_reference()[1], jail)


def test_a_wrong_chain_would_be_caught(magie: L.Movement) -> None:
    """The agreement check can fail: a chain without the railroad pass disagrees with a
    simulation that has it."""
    no_pass = dataclasses.replace(magie, rr_pass=())
    assert disagreements(L.exact(no_pass, "stay"), simulated(magie, "stay", 12, 25_000))


# -- registry, frames, location value -------------------------------------------------------------
def test_a_ruleset_of_no_known_family_has_no_movement() -> None:
    other = dataclasses.replace(load_ruleset("magie-1904"), family="nofamily")
    with pytest.raises(ValueError, match="no movement rules: unknown rules family 'nofamily'"):
        movement_for(other)


def test_frame_has_an_in_jail_row() -> None:
    rs = load_ruleset("magie-1904")
    df = L.landing_frame(rs, movement_for(rs), "stay")
    assert list(df.columns) == ["index", "name", "probability"]
    assert len(df) == 41 and df.iloc[-1]["index"] == "jail" and df.iloc[-1]["name"] == "In Jail"
    assert df["probability"].sum() == pytest.approx(1.0)
    assert df.iloc[10]["name"].startswith("Absolute Necessity: Coal")  # just visiting is apart


def test_location_value_is_probability_times_rent() -> None:
    """Location value: expected rent per throw; Lot n rents for $n on the 1904 board."""
    rs = load_ruleset("magie-1904")
    probs = L.exact(movement_for(rs), "stay")
    lv = L.location_values(rs, probs)
    assert len(lv) == 22 and set(lv["kind"]) == {"lot"}
    row = lv[lv["name"] == "Lot 16"].iloc[0]
    assert row["rent"] == 16 and row["expected_rent"] == pytest.approx(16 * probs[28])
    assert (lv["phase"] == "landlord").all()


# -- the CLI --------------------------------------------------------------------------------------
def test_cli_landing_exact_csv() -> None:
    out = run_cli(["landing", "--ruleset", "magie-1904", "--jail", "pay"])
    df = pd.read_csv(io.StringIO(out), dtype={"index": str})
    assert list(df.columns) == ["index", "name", "probability"]
    assert df["index"].tolist() == [str(i) for i in range(40)] + ["jail"]
    assert df["probability"].sum() == pytest.approx(1.0, abs=1e-8)
    exact = L.exact(movement_for(load_ruleset("magie-1904")), "pay")
    assert df["probability"].iloc[-1] == pytest.approx(exact[L.JAIL], abs=1e-9)


def test_cli_landing_simulated_is_seeded_and_close() -> None:
    a = run_cli(["landing", "--simulate", "20000", "--seed", "7"])
    b = run_cli(["landing", "--simulate", "20000", "--seed", "7"])
    assert a == b
    df = pd.read_csv(io.StringIO(a), dtype={"index": str})
    assert df["probability"].sum() == pytest.approx(1.0)
    assert df.iloc[4]["probability"] == 0.0  # No Trespassing is never a stopping place


@pytest.mark.parametrize("argv, message", [
    (["landing", "--jail", "bribe"], "invalid choice"),
    (["landing", "--ruleset", "nope"], "unknown ruleset 'nope'"),
    (["landing", "--simulate", "0"], "must be at least 1"),
])
def test_cli_landing_errors(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


def test_solve_by_elimination() -> None:
    """The small solver the chain uses (no threaded BLAS): a hand system and a singular one."""
    A = np.array([[2.0, 1.0, 0.0], [1.0, 3.0, 1.0], [0.0, 1.0, 4.0]])
    x = np.array([1.0, -2.0, 0.5])
    assert np.allclose(L.solve(A, A @ x), x)
    assert np.allclose(L.solve(np.array([[0.0, 1.0], [1.0, 0.0]]), np.array([3.0, 4.0])), [4.0, 3.0])
    with pytest.raises(np.linalg.LinAlgError, match="singular"):
        L.solve(np.array([[1.0, 2.0], [2.0, 4.0]]), np.array([1.0, 1.0]))


# -- the chain against the engine itself ----------------------------------------------------------
class ChainBot:
    """Plays the way the chain assumes: always uses the pass, buys luxuries (never losing the
    move), moves forward, and in jail throws for doubles (stay) or pays (pay)."""

    name = "chain"

    def __init__(self, jail: str) -> None:
        self.jail = {"stay": "throw", "pay": "pay"}[jail]

    def choose(self, view: object, d: object) -> str:
        want = {"pass": "use_pass", "jail": self.jail, "luxury": "buy", "direction": "forward",
                "buy_lot": "rent", "ticket": "return", "repay": "keep", "lend": "decline"}
        choice = want.get(d.kind)  # type: ignore[attr-defined]
        options = d.options  # type: ignore[attr-defined]
        return choice if choice in options else options[0]


def engine_observations(game: object) -> dict[int, int]:
    """Per throw of the game proper, where the engine's token ended (space, or JAIL)."""
    started, pending, out = False, None, dict.fromkeys([*range(40), L.JAIL], 0)
    for e in game.events:  # type: ignore[attr-defined]
        if e.kind == "start":
            started = True
        elif not started:
            continue
        elif e.kind == "throw":
            if pending is not None:
                out[pending[1]] += 1
            pending = [e.seat, None]
        elif pending is not None and e.seat == pending[0]:
            if e.kind == "move":
                pending[1] = e.get("to")
            elif e.kind in ("jail", "jail_stay"):
                pending[1] = L.JAIL
            else:
                assert e.kind not in ("luxury_refused", "poorhouse_stay", "poorhouse_out", "lot_full"), e
    assert pending is not None
    out[pending[1]] += 1
    return out


@pytest.mark.parametrize("jail", L.JAIL_MODES)
def test_1904_engine_lands_as_the_chain_says(jail: str) -> None:
    """Two rich players (no luxury refused for want of money, no full lots, no poorhouse) who
    play as the chain assumes: per throw, the engine's tokens end where the exact chain says,
    within 5 standard errors over 16 independent games, in every cell."""
    rs = load_ruleset("magie-1904").override(start_cash=10_000_000, circuits=150)
    rows = [shares for _, shares, _ in engine_games(rs, lambda: ChainBot(jail), 16, engine_observations)]
    bad = disagreements(L.exact(movement_for(rs), jail), rows)
    assert not bad, bad
