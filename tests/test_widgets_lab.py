"""The scenario lab driven as an instructor would: set values, click Run / Cancel, download."""

from __future__ import annotations

import asyncio
import io
import json
import math
from dataclasses import replace

import pandas as pd

from landlord import load_ruleset, ruleset_ids
from landlord.simulate import play_one, summary_row
from widgets import ScenarioLab
from widgets.lab import Scenario, gini_bands, mean_interval, paired_difference, play_traced


def small_lab(games: int = 6) -> ScenarioLab:
    lab = ScenarioLab(games=games, seed=100)
    lab.a.name.value = "with tickets"
    lab.b.name.value = "no tickets"
    lab.b.ruleset.value = "magie-1904-no-tickets"
    return lab


def test_run_compare_two_scenarios_on_the_same_seeds() -> None:
    """Run by clicking: both scenarios play the same seeds; each row is the engine's own game."""
    lab = small_lab()
    lab.run_button.click()
    res = lab.run.results
    assert len(res) == 12 and lab.progress.value == 12 == lab.progress.max
    by = {name: sorted(part["seed"]) for name, part in res.groupby("scenario")}
    assert by["with tickets"] == by["no tickets"] == list(range(100, 106))
    # a lab row is exactly what the engine's own runner gives for that seed
    strategies = ("landlord", "tenant", "speculator", "random")
    for scen, rid in (("with tickets", "magie-1904"), ("no tickets", "magie-1904-no-tickets")):
        row = res[(res["scenario"] == scen) & (res["seed"] == 103)].iloc[0].to_dict()
        ref = summary_row(play_one(load_ruleset(rid), strategies, 103), strategies)
        for k, v in ref.items():
            assert row[k] == v, (scen, k)
    assert "Paired on the same 6 seeds" in lab.summary.value
    for chart in (lab.final, lab.band, lab.winners, lab.flows):
        assert chart.spec and chart.spec.get("datasets")


def test_wages_and_start_cash_are_overrides() -> None:
    """Wages and start cash typed into a scenario reach the games as ruleset overrides."""
    lab = small_lab(games=2)
    lab.compare.value = False
    lab.a.wages.value = 250
    lab.a.start_cash.value = 900
    scn = lab.scenarios()[0]
    assert scn.overrides == {"wages": 250, "start_cash": 900}
    game, _ = play_traced(scn, scn.resolve(), 5)
    wages = [e.get("amount") for e in game.events if e.kind == "transfer" and e.get("reason") == "wages"]
    start = [e.get("amount") for e in game.events if e.kind == "transfer" and e.get("reason") == "start cash"]
    assert wages and set(wages) == {250} and set(start) == {900}


def test_gini_trajectory_matches_the_final_gini() -> None:
    """The traced Gini at the game's last turn is the game's final Gini."""
    scn = Scenario("A", "magie-1904")
    for seed in (1, 2, 3):
        game, trace = play_traced(scn, scn.resolve(), seed)
        row = summary_row(game, scn.strategies)
        assert trace[-1][0] == game.turn
        assert math.isclose(trace[-1][1], row["gini_population"])
        assert [t for t, _ in trace] == sorted({t for t, _ in trace})


def test_interval_arithmetic() -> None:
    """Mean ± 1.96·s/√n, worked by hand."""
    m, h = mean_interval([1.0, 2.0, 3.0, 4.0])
    assert m == 2.5 and math.isclose(h, 1.96 * math.sqrt(5 / 3) / 2)
    assert mean_interval([0.3]) == (0.3, 0.0)
    traj = pd.DataFrame({"scenario": ["A"] * 4, "turn": [0, 0, 10, 10], "gini": [0.2, 0.4, 0.5, 0.5]})
    bands = gini_bands(traj).set_index("turn")
    assert math.isclose(bands.loc[0, "mean"], 0.3) and bands.loc[10, "lo"] == bands.loc[10, "hi"] == 0.5
    assert bands.loc[0, "games"] == 2


def test_paired_difference_uses_common_seeds() -> None:
    """The comparison subtracts per seed."""
    lab = small_lab(games=3)
    lab.run_button.click()
    res = lab.run.results
    a = res[res["scenario"] == "with tickets"].set_index("seed")["gini_population"]
    b = res[res["scenario"] == "no tickets"].set_index("seed")["gini_population"]
    m, _, n = paired_difference(lab.run, "with tickets", "no tickets")
    assert n == 3 and math.isclose(m, float((b - a).mean()))


def test_downloads_and_scenario_file_reproduce_the_run(tmp_path) -> None:
    """CSV and Parquet hold the results; the scenario file, loaded into a new lab, reproduces them."""
    lab = small_lab(games=4)
    lab.a.wages.value = 120
    lab.run_button.click()
    assert all(x in lab.downloads.value for x in ("results.csv", "results.parquet", "scenario.json"))
    csv = pd.read_csv(io.BytesIO(lab.results_csv()))
    pq = pd.read_parquet(io.BytesIO(lab.results_parquet()))
    assert len(csv) == len(pq) == len(lab.run.results)
    assert list(pq["gini_population"]) == list(lab.run.results["gini_population"])
    files = lab.save(tmp_path)
    assert all(f.exists() for f in files)
    fresh = ScenarioLab(games=1, seed=1)
    assert fresh.load_scenario((tmp_path / "scenario.json").read_bytes(), "scenario.json")
    assert fresh.scenarios() == lab.scenarios()
    fresh.run_button.click()
    pd.testing.assert_frame_equal(fresh.run.results, lab.run.results)


def test_bad_scenarios_are_refused_with_a_message() -> None:
    """An unknown bot, too many seats or a bad scenario file change nothing."""
    lab = small_lab(games=2)
    lab.a.strategies.value = "landlord,astrologer"
    lab.run_button.click()
    assert "unknown strategy" in lab.message.value and lab.run.rows == []
    lab.a.strategies.value = ",".join(["tenant"] * 9)
    lab.run_button.click()
    assert "players" in lab.message.value and lab.run.rows == []
    lab.a.strategies.value = "landlord,tenant"
    lab.a.custom.value = "single_tax@sometime"
    lab.run_button.click()
    assert "unknown trigger" in lab.message.value and lab.run.rows == []
    lab.a.custom.value = "no_such_phase@turn:3"
    lab.run_button.click()
    assert "has no phase &#x27;no_such_phase&#x27;" in lab.message.value and lab.run.rows == []
    brit = [r for r in ruleset_ids() if r.startswith("british-1913")]
    if brit:  # the 1913 rules refuse a start cash their notes do not add up to
        lab.a.custom.value = ""
        lab.a.ruleset.value = brit[0]
        lab.a.start_cash.value += 1
        lab.run_button.click()
        assert "Cannot run" in lab.message.value and lab.run.rows == []
    assert not lab.load_scenario(b"{not json", "x.json")
    assert not lab.load_scenario(json.dumps({"format": "other"}).encode(), "y.json")
    assert "not a landlord scenario file" in lab.message.value


def test_run_in_a_task_can_be_cancelled_and_keeps_the_loop_free() -> None:
    """In a running event loop the lab plays in a task: other coroutines run meanwhile, the
    progress bar moves, and Cancel stops it with the games so far shown."""

    async def scenario() -> tuple[int, int, int]:
        lab = small_lab(games=400)
        lab.run_button.click()
        ticks = 0
        while lab.progress.value < 20:
            await asyncio.sleep(0.005)
            ticks += 1
        lab.cancel_button.click()
        while lab.running:
            await asyncio.sleep(0.005)
        return ticks, len(lab.run.rows), lab.progress.max

    ticks, played, total = asyncio.run(scenario())
    assert ticks > 0 and 20 <= played < total


def test_regimes_come_from_the_ruleset_phases(tmp_path) -> None:
    """A one-phase ruleset offers only 'as printed'; each other phase adds 'from the start',
    'by vote' (every family now has the shared voting rule) and 'from turn N', and several phases
    'every phase in order'; a regime played in the lab switches through the engine's trigger."""
    from landlord.loader import ruleset_from_file
    from widgets.table import regimes

    rs0 = load_ruleset("magie-1904")
    one = replace(rs0, phases={rs0.default_phase: rs0.phases[rs0.default_phase]})
    assert [v for _, v in regimes(one)] == [()]
    p = tmp_path / "two.toml"
    p.write_text(TWO_PHASE, encoding="utf-8")
    rs = ruleset_from_file(p)
    later = [p for p in rs.phases if p != rs.default_phase]
    expect = [()]
    for ph in later:
        expect += [(f"{ph}@start",), (f"{ph}@vote",), (f"{ph}@turn:12",)]
    expect.append(tuple(f"{ph}@turn:{12 * (i + 1)}" for i, ph in enumerate(later)))
    assert [v for _, v in regimes(rs, turn=12)] == expect
    game, _ = play_traced(Scenario("T", rs.id, regime=("higher_wages@turn:12",)), rs, 3)
    ev = [e for e in game.events if e.kind == "phase"]
    assert len(ev) == 1 and ev[0].turn == 12 and game.phase == "higher_wages"


TWO_PHASE = """
[ruleset]
id = "two"
extends = "magie-1904"
title = "Test: 1904 rules with a second phase"
source = "test fixture"
provenance = "kit_decision"

[phases.higher_wages]
title = "Higher wages"

[phases.higher_wages.params.wages]
value = 150
source = "test fixture"
provenance = "kit_decision"
"""
