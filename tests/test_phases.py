"""The phase mechanism shared by every ruleset: triggers, the vote rule and the bots' voting
rule, switch_phase, and a three-part sequence of phases like the 1913 game's Parts."""

from __future__ import annotations

from dataclasses import replace

import pytest
from conftest import drive_then_first, set_cash
from magie1906_helpers import table

from landlord.apps.cli import main
from landlord.data.loader import load_ruleset
from landlord.data.ruleset import Param, Phase
from landlord.engine.decisions import Decision
from landlord.engine.inequality import gini
from landlord.engine.phases import Trigger, parse_switch, parse_trigger
from landlord.engine.strategies import VOTE_SHARE, SeatView, vote_choice
from landlord.errors import LandlordError
from landlord.players.characters import make_strategy
from landlord.rules.families import FamilyGame, replay

BOTS = ("landlord", "tenant", "speculator", "landlord")


def bots(seed: int = 0) -> list:
    return [make_strategy(s, f"{seed}-{i}") for i, s in enumerate(BOTS)]


@pytest.mark.parametrize(("text", "kind", "value"), [
    ("start", "start", 0), ("vote", "vote", 0), ("turn:30", "turn", 30), ("round:4", "round", 4),
    ("gini:0.6", "gini", 0.6)])
def test_parse_trigger(text: str, kind: str, value: float) -> None:
    """Triggers are written start / vote / turn:N / round:N / gini:X and read back the same."""
    t = parse_trigger(text, "single_tax")
    assert (t.phase, t.kind, t.value) == ("single_tax", kind, value) and t.text == text


@pytest.mark.parametrize("text", ["turn", "turn:0", "gini:1.5", "vote:3", "later", "round:x"])
def test_parse_trigger_rejects_bad_text(text: str) -> None:
    """A bad trigger is a ValueError naming it."""
    with pytest.raises(ValueError):
        parse_trigger(text, "single_tax")


@pytest.mark.parametrize("ruleset", ["magie-1906", "magie-1904"])
def test_turn_trigger_switches_at_the_start_of_that_turn(ruleset: str) -> None:
    """turn:N puts the phase in force at the start of turn N, logged as a phase event."""
    g = FamilyGame(load_ruleset(ruleset), bots(), 7, triggers=[parse_trigger("turn:25", "single_tax")])
    g.run()
    phase = [e for e in g.events or [] if e.kind == "phase"]
    assert len(phase) == 1 and phase[0].turn == 25 and phase[0].get("cause") == "turn:25"
    assert g.switches == [(25, "landlord", "single_tax", "turn:25")]
    before = [e for e in g.events or [] if e.kind == "transfer" and e.turn < 25]
    assert all(e.get("phase") == "landlord" for e in before)


def test_gini_trigger_fires_on_the_first_turn_the_gini_exceeds_x() -> None:
    """gini:X switches at the start of the first turn on which the Gini of the counts
    (population form) exceeds X, and not before."""
    rs = load_ruleset("magie-1906")
    g = FamilyGame(rs, bots(), 11, triggers=[parse_trigger("gini:0.15", "single_tax")])
    seen: list[tuple[int, float, str]] = []
    original = g.rules.phase_point

    def watch(seat: int):  # type: ignore[no-untyped-def]
        seen.append((g.turn, gini([r.total for r in g.results()]), g.phase))
        return (yield from original(seat))

    g.rules.phase_point = watch  # type: ignore[method-assign]
    g.run()
    assert g.switches, "the Gini passed 0.15 in this seeded game"
    turn = g.switches[0][0]
    for t, value, phase in seen:
        if t < turn:
            assert value <= 0.15 and phase == "landlord"
    assert next(v for t2, v, _ in seen if t2 == turn) > 0.15


def test_round_trigger() -> None:
    """round:N switches at the first turn of round N."""
    g = FamilyGame(load_ruleset("magie-1906"), bots(), 3, triggers=[parse_trigger("round:3", "single_tax")])
    g.run()
    assert g.switches[0][0] == 2 * 4 + 1


def test_unknown_phase_is_refused() -> None:
    """A trigger or switch to a phase the ruleset lacks names the phases it has."""
    with pytest.raises(LandlordError, match="no phase"):
        FamilyGame(load_ruleset("magie-1906"), bots(), 1, triggers=[Trigger("part2", "turn", 3)])
    g = table()
    with pytest.raises(LandlordError, match="single_tax"):
        g.switch_phase("part9", "test")


# -- the vote -----------------------------------------------------------------------------
def test_vote_passes_with_two_votes_for() -> None:
    """1906: "by a vote of at least two of the players": the caller's call counts as his vote;
    one more vote for passes it."""
    g = table()
    t = Trigger("single_tax", "vote")
    asked, passed = drive_then_first(g.rules.vote(1, t), "call_vote", "against", "for", "against")  # type: ignore[attr-defined]
    assert passed is True
    assert [(d.seat, d.kind) for d in asked] == [(1, "call_vote"), (2, "vote"), (3, "vote"), (0, "vote")]
    event = [e for e in g.events or [] if e.kind == "vote"][-1]
    assert (event.get("ayes"), event.get("noes"), event.get("passed")) == (2, 2, True)


def test_vote_fails_with_one_vote_for() -> None:
    """1906: a single player cannot put the single tax into operation alone."""
    g = table()
    _, passed = drive_then_first(g.rules.vote(0, Trigger("single_tax", "vote")), "call_vote",  # type: ignore[attr-defined]
                      "against", "against", "against")
    assert passed is False


def test_no_call_no_vote() -> None:
    """A player who does not call a vote is asked nothing more."""
    g = table()
    asked, passed = drive_then_first(g.rules.vote(0, Trigger("single_tax", "vote")), "no_vote")  # type: ignore[attr-defined]
    assert passed is False and len(asked) == 1


def test_vote_min_is_a_param() -> None:
    """The number of votes needed is the ruleset's vote_min."""
    g = table(vote_min=3)
    _, passed = drive_then_first(g.rules.vote(0, Trigger("single_tax", "vote")), "call_vote",  # type: ignore[attr-defined]
                      "for", "against", "against")
    assert passed is False


def test_vote_trigger_in_play_records_the_switch_and_replays() -> None:
    """A vote during play is put at the start of a turn; the switch is logged and the game
    replays from its seed and recorded choices."""
    rs = load_ruleset("magie-1906")
    trig = [parse_trigger("vote", "single_tax")]
    g = FamilyGame(rs, [None] * 3, 5, triggers=trig)
    passed_at = None
    while g.pending is not None and len(g.actions) < 4000:
        d = g.pending
        if d.kind == "call_vote":
            choice = "call_vote" if g.turn >= 12 and passed_at is None else "no_vote"
        elif d.kind == "vote":
            choice = "for"
            passed_at = g.turn
        else:
            choice = d.options[0]
        g.act(choice)
    assert g.over and passed_at == 12 and g.switches[0][:3] == (12, "landlord", "single_tax")
    again = replay(rs, 5, g.actions, n_players=3, triggers=trig)
    assert again.log_text() == g.log_text()


class _View:
    """A stand-in for SeatView with given counts."""

    def __init__(self, seat: int, totals: list[int]) -> None:
        self.seat, self._totals = seat, totals

    def totals(self) -> list[int]:
        return self._totals


@pytest.mark.parametrize(("totals", "seat", "vote"), [
    ([1000, 499, 800], 1, "for"), ([1000, 500, 800], 1, "against"), ([1000, 499, 800], 0, "against"),
    ([300, 300, 300], 2, "against")])
def test_bot_voting_rule(totals: list[int], seat: int, vote: str) -> None:
    """The bots' documented voting rule: for a change when the seat's count is below half the
    richest seat's count; they call a vote exactly when they would vote for it."""
    assert VOTE_SHARE == 0.5
    view = _View(seat, totals)
    assert vote_choice(view, Decision(seat, "vote", ("for", "against"))) == vote  # type: ignore[arg-type]
    call = vote_choice(view, Decision(seat, "call_vote", ("no_vote", "call_vote")))  # type: ignore[arg-type]
    assert call == ("call_vote" if vote == "for" else "no_vote")


def test_every_bot_uses_the_voting_rule() -> None:
    """Each named bot (random aside) answers votes by the voting rule."""
    g = table()
    set_cash(g, 0, 2000)
    set_cash(g, 1, 10)
    view = SeatView(g, 1)
    for name in ("landlord", "tenant", "speculator"):
        assert make_strategy(name).choose(view, Decision(1, "vote", ("for", "against"))) == "for"


# -- a three-part sequence (the shape of the 1913 game) ------------------------------------
def test_three_phases_in_sequence_keep_holdings_and_change_params() -> None:
    """Phases chained by triggers (Part 1 -> Part 2 -> Part 3, as in the 1913 game) switch in
    order, each once; only the params in force change."""
    base = load_ruleset("magie-1906")
    phases = dict(base.phases)
    phases["part2"] = Phase("part2", "Part 2", {"wages": Param(150, "test", "kit_decision")})
    phases["part3"] = Phase("part3", "Part 3", {"wages": Param(200, "test", "kit_decision"),
                                                "single_tax": Param(True, "test", "kit_decision")})
    rs = replace(base, phases=phases)
    trig = [Trigger("part2", "round", 6), Trigger("part3", "round", 14)]
    g = FamilyGame(rs, bots(), 2, triggers=trig)
    g.run()
    assert [(s[1], s[2]) for s in g.switches] == [("landlord", "part2"), ("part2", "part3")]
    assert [s[0] for s in g.switches] == [21, 53]
    wages = [(e.turn, e.get("amount")) for e in g.events or []
             if e.kind == "transfer" and e.get("reason") == "wages"]
    assert {a for t, a in wages if t < 21} == {100}
    assert {a for t, a in wages if 21 <= t < 53} == {150}
    late = {a for t, a in wages if t >= 53}  # Part 3: $200, raised $10 at a time by the single tax
    assert 200 in late and all(a >= 200 and a % 10 == 0 for a in late)
    assert g.phase == "part3" and g.ledger.total() == 0


def test_cli_single_tax_at(capsys: pytest.CaptureFixture[str]) -> None:
    """`landlord simulate --single-tax-at` accepts never/start/vote/turn:N/gini:X and refuses
    anything else with one line and exit status 2."""
    for when in ("never", "start", "vote", "turn:20", "gini:0.2"):
        assert main(["simulate", "--ruleset", "magie-1906", "--games", "3", "--single-tax-at", when]) == 0
    out = capsys.readouterr().out
    assert "single tax (turn:20) in force in 3 of 3 games, from turn 20.0" in out
    assert "single tax (start) in force in 3 of 3 games" in out
    with pytest.raises(SystemExit) as exc:
        main(["simulate", "--games", "2", "--single-tax-at", "soon"])
    assert exc.value.code == 2
    assert "unknown trigger" in capsys.readouterr().err


def test_cli_replay_single_tax_at(capsys: pytest.CaptureFixture[str]) -> None:
    """`landlord replay --single-tax-at turn:30` prints a transcript with the switch in it."""
    assert main(["replay", "--ruleset", "magie-1906", "--seed", "2", "--single-tax-at", "turn:30"]) == 0
    out = capsys.readouterr().out
    assert "[turn  30] The rules change: landlord → single_tax (turn:30)." in out


def test_a_switch_is_written_phase_at_trigger_and_read_by_one_parser() -> None:
    """The table, the lab, scenario grids and the 1913 ``sequence`` param all write a switch as
    ``phase@trigger``; the phase is kept, the trigger read as parse_trigger reads it."""
    assert parse_switch("part2@round:25") == Trigger("part2", "round", 25)
    assert parse_switch(" single_tax @ vote ") == Trigger("single_tax", "vote")
    for bad, words in (("turn:30", "write a switch as phase@trigger"), ("@turn:3", "phase@trigger"),
                       ("part2@round", "needs a number"), ("part2@later", "unknown trigger")):
        with pytest.raises(ValueError, match=words):
            parse_switch(bad)
