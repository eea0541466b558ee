"""The scenario lab driven as an instructor would: set values, click Run / Cancel, download."""

from __future__ import annotations

import asyncio
import io
import math
import tomllib
from dataclasses import replace

import pandas as pd

from landlord import load_ruleset, ruleset_ids
from landlord.inequality import gini
from landlord.metrics import panel
from landlord.scenario import load_scenario, scenario_from_dict
from landlord.simulate import play_one, summary_row
from landlord.sweep import play_cell_game, run_sweep
from widgets import ScenarioLab
from widgets.lab import Scenario, gini_bands, mean_interval, paired_difference, trajectories


def small_lab(games: int = 6) -> ScenarioLab:
    lab = ScenarioLab(games=games, seed=100)
    lab.a.name.value = "with tickets"
    lab.b.name.value = "no tickets"
    lab.b.ruleset.value = "magie-1904-no-tickets"
    return lab


def test_run_compare_two_scenarios_on_the_same_seeds() -> None:
    """Run by clicking: both scenarios play the same seeds (the sweep's "shared" seeds derived
    from the root seed); each row is the engine's own game for that seed."""
    lab = small_lab()
    lab.run_button.click()
    res = lab.run.results
    assert len(res) == 12 and lab.progress.value == 12 == lab.progress.max
    scn = lab.sweep_scenario()
    assert scn.seeds == "shared" and scn.seed == 100 and len(scn.cells) == 2
    derived = [scn.game_seed(scn.cells[0], g) for g in range(6)]
    assert len(set(derived)) == 6 and derived != list(range(100, 106))
    by = {name: list(part["seed"]) for name, part in res.groupby("scenario")}
    assert by["with tickets"] == by["no tickets"] == derived
    # a lab row is exactly what the engine's own runner gives for that seed
    strategies = ("landlord", "tenant", "speculator", "random")
    for scen, rid in (("with tickets", "magie-1904"), ("no tickets", "magie-1904-no-tickets")):
        row = res[(res["scenario"] == scen) & (res["seed"] == derived[3])].iloc[0].to_dict()
        ref = summary_row(play_one(load_ruleset(rid), strategies, derived[3]), strategies)
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
    raw = tomllib.loads(lab.scenario_toml().decode())
    assert raw["overrides"] == {"wages": 250, "start_cash": 900}
    cell = lab.sweep_scenario().cells[0]
    game = play_one(cell.resolve(), cell.seats, 5, log=True, triggers=cell.triggers)
    wages = [e.get("amount") for e in game.events if e.kind == "transfer" and e.get("reason") == "wages"]
    start = [e.get("amount") for e in game.events if e.kind == "transfer" and e.get("reason") == "start cash"]
    assert wages and set(wages) == {250} and set(start) == {900}


def test_gini_trajectory_matches_the_final_gini() -> None:
    """The Gini over turns (from the sweep's per-turn panel) is the Gini of the seats' net worth
    every 10 turns, and at the game's last turn it is the game's final Gini."""
    strategies = ("landlord", "tenant", "speculator", "random")
    for seed in (1, 2, 3):
        game = play_one(load_ruleset("magie-1904"), strategies, seed, log=True)
        row = summary_row(game, strategies)
        pan = panel(game).drop(columns=["game"]).assign(cell=0, game=0, seed=seed)
        trace = trajectories(pan, {0: "A"})
        assert [t["turn"] for t in trace][-1] == game.turn
        assert math.isclose(trace[-1]["gini"], row["gini_population"])
        turns = [t["turn"] for t in trace]
        assert turns == sorted(set(turns)) and all(t % 10 == 0 for t in turns[:-1])
        at10 = pan[pan["turn"] == 10]["net_worth"].tolist()
        assert math.isclose(next(t["gini"] for t in trace if t["turn"] == 10), gini(at10, "population"))


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
    """CSV and Parquet hold the results; the scenario file is a landlord.scenario TOML that the
    sweep runner (``landlord sweep FILE``) runs to the same rows, and that a new lab loads and
    runs to the same results."""
    lab = small_lab(games=4)
    lab.a.wages.value = 120
    lab.run_button.click()
    assert all(x in lab.downloads.value for x in ("results.csv", "results.parquet", "scenario.toml"))
    csv = pd.read_csv(io.BytesIO(lab.results_csv()))
    pq = pd.read_parquet(io.BytesIO(lab.results_parquet()))
    assert len(csv) == len(pq) == len(lab.run.results)
    assert list(pq["gini_population"]) == list(lab.run.results["gini_population"])
    files = lab.save(tmp_path)
    assert all(f.exists() for f in files)
    # A and B differ in ruleset and wages: the grid crosses them, the lab names the A and B cells
    swept = run_sweep(load_scenario(tmp_path / "scenario.toml"))
    assert swept.complete and len(swept.games) == len(lab.run.results) == 16
    ours = lab.run.results.drop(columns="scenario")
    pd.testing.assert_frame_equal(swept.games, ours)
    names = set(lab.run.results["scenario"])
    assert {"with tickets", "no tickets"} <= names and len(names) == 4
    fresh = ScenarioLab(games=1, seed=1)
    assert not fresh.load_scenario((tmp_path / "scenario.toml").read_bytes(), "scenario.toml")
    assert "one or two scenarios" in fresh.message.value
    # with one field differing the file has the two cells, and a new lab reproduces the run
    lab.a.wages.value = 100
    saved_file_reproduces(lab, tmp_path)


def saved_file_reproduces(lab: ScenarioLab, folder) -> dict:
    """Run ``lab``, save, and check that ``landlord sweep FILE`` (``run_sweep``) gives the lab's
    rows and that a new lab loading the file gets the same scenarios and results. Returns the
    saved file read as TOML."""
    lab.run_button.click()
    assert lab.run.complete and len(lab.run.results), lab.message.value
    lab.save(folder)
    path = folder / "scenario.toml"
    swept = run_sweep(load_scenario(path))
    pd.testing.assert_frame_equal(swept.games, lab.run.results.drop(columns="scenario"))
    fresh = ScenarioLab(games=1, seed=1)
    assert fresh.load_scenario(path.read_bytes(), "scenario.toml"), fresh.message.value
    assert fresh.scenarios() == lab.scenarios()
    fresh.run_button.click()
    pd.testing.assert_frame_equal(fresh.run.results, lab.run.results)
    return tomllib.loads(path.read_text(encoding="utf-8"))


def test_a_regime_of_several_switches_is_saved_and_reproduced(tmp_path) -> None:
    """The lab runs a regime of several phase switches (the 1913 game's Parts in order) and saves
    it as a scenario file: ``[[tax]]`` switches when A runs alone, a grid ``tax`` over whole
    regimes when B differs; ``landlord sweep FILE`` and a new lab reproduce the lab's rows, and
    the games switch Parts at the regime's turns, in order."""
    lab = ScenarioLab(games=3, seed=1913)
    for editor in (lab.a, lab.b):
        editor.ruleset.value = "british-1913-part1"
    lab.a.name.value, lab.b.name.value = "Parts in order", "Part 1 throughout"
    in_order = ("part2@turn:30", "part3@turn:60")
    assert in_order in [v for _, v in lab.a.regime.options]  # the ruleset's "every phase in order"
    lab.a.regime.value, lab.b.regime.value = in_order, ()
    raw = saved_file_reproduces(lab, tmp_path / "ab")
    assert raw["grid"]["tax"] == [list(in_order), "never"] and "tax" not in raw
    scn = lab.sweep_scenario()
    assert [c.regime_text for c in scn.cells] == ["part2@turn:30 → part3@turn:60", "never"]
    assert set(lab.run.results["scenario"]) == {"Parts in order", "Part 1 throughout"}
    for game in range(3):
        assert play_cell_game(scn, 0, game, log=False).switches == [
            (30, "part1", "part2", "turn:30"), (60, "part2", "part3", "turn:60")]
    # B with a regime of one switch typed by hand: still one grid over whole regimes
    lab.b.custom.value = "part3@turn:40"
    raw = saved_file_reproduces(lab, tmp_path / "typed")
    assert raw["grid"]["tax"] == [list(in_order), ["part3@turn:40"]]
    # A alone: the regime is fixed, written as [[tax]] switches
    lab.compare.value = False
    raw = saved_file_reproduces(lab, tmp_path / "alone")
    assert raw["tax"] == [{"phase": "part2", "start": "turn:30"}, {"phase": "part3", "start": "turn:60"}]
    assert "grid" not in raw


def test_bad_scenarios_are_refused_with_a_message() -> None:
    """An unknown bot, too many seats or a bad scenario file change nothing."""
    lab = small_lab(games=2)
    lab.a.strategies.value = "landlord,astrologer"
    lab.run_button.click()
    assert "unknown strategy" in lab.message.value and lab.run.rows == []
    lab.a.custom.value = "single_tax@turn:3, single_tax@turn:9"
    lab.a.strategies.value = "landlord,tenant"
    lab.run_button.click()
    assert "switches to &#x27;single_tax&#x27; again right after switch #1" in lab.message.value
    assert lab.run.rows == []
    lab.a.custom.value = "single_tax@turn:9, landlord@turn:3"  # back to rent before the tax came
    lab.run_button.click()
    assert "out of order: &#x27;turn:3&#x27; after switch #1&#x27;s &#x27;turn:9&#x27;" in lab.message.value
    assert lab.run.rows == []
    lab.a.custom.value = ""
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
    assert not lab.load_scenario(b"[scenario\nnot toml", "x.toml")
    assert "not valid TOML" in lab.message.value
    assert not lab.load_scenario(b"[scenario]\ngames = 2\n", "y.toml")
    assert "seed" in lab.message.value and "missing" in lab.message.value
    assert lab.a.strategies.value == "landlord,tenant"  # the bad files changed nothing


def test_run_in_a_task_can_be_cancelled_and_keeps_the_loop_free() -> None:
    """In a running event loop the lab's task polls the sweep (running in its thread): other
    coroutines run meanwhile, the progress bar moves, and Cancel stops the sweep with the games
    finished so far shown."""

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
        assert lab._sweep is not None and lab._sweep.cancelled
        assert not lab.run.complete and "Cancelled after" in lab.message.value
        return ticks, len(lab.run.rows), lab.progress.max

    ticks, played, total = asyncio.run(scenario())
    assert ticks > 0 and 20 <= played < total


def test_regimes_come_from_the_ruleset_phases(tmp_path, two_phase_file) -> None:
    """A one-phase ruleset offers only 'as printed'; each other phase adds 'from the start',
    'by vote' (every family now has the shared voting rule) and 'from turn N', and several phases
    'every phase in order'; a regime played in the lab switches through the engine's trigger."""
    from landlord.loader import ruleset_from_file
    from widgets.table import regimes

    rs0 = load_ruleset("magie-1904")
    one = replace(rs0, phases={rs0.default_phase: rs0.phases[rs0.default_phase]})
    assert [v for _, v in regimes(one)] == [()]
    p = two_phase_file
    rs = ruleset_from_file(p)
    later = [p for p in rs.phases if p != rs.default_phase]
    expect = [()]
    for ph in later:
        expect += [(f"{ph}@start",), (f"{ph}@vote",), (f"{ph}@turn:12",)]
    expect.append(tuple(f"{ph}@turn:{12 * (i + 1)}" for i, ph in enumerate(later)))
    assert [v for _, v in regimes(rs, turn=12)] == expect
    fields = Scenario("T", rs.id, regime=("higher_wages@turn:12",)).fields()
    assert (fields["tax.phase"], fields["tax.start"]) == ("higher_wages", "turn:12")
    cell = scenario_from_dict({"scenario": {"ruleset": str(p), "games": 1, "seed": 3, "players": 4,
                                            "strategies": fields["strategies"]},
                               "tax": {"phase": fields["tax.phase"], "start": fields["tax.start"]}},
                              tmp_path / "s.toml").cells[0]
    game = play_one(cell.resolve(), cell.seats, 3, log=True, triggers=cell.triggers)
    ev = [e for e in game.events if e.kind == "phase"]
    assert len(ev) == 1 and ev[0].turn == 12 and game.phase == "higher_wages"
