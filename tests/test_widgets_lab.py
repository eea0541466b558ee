"""The scenario lab driven as an instructor would: set values, click Run / Cancel, download."""

from __future__ import annotations

import asyncio
import html
import io
import json
import math
import re
import tomllib
from dataclasses import replace
from pathlib import Path

import ipywidgets as W
import pandas as pd
import pytest
from landlord.widgets.lab_scenarios import LabScenario
from lesson_helpers import widgets_in

from landlord import load_ruleset, ruleset_ids
from landlord.analysis import metrics as M
from landlord.analysis.lab import LabRun, paired_difference
from landlord.analysis.metrics import panel
from landlord.analysis.stats import mean_interval
from landlord.charts.figures import spec_title
from landlord.charts.lab import BAND_NOTE, lab_charts
from landlord.engine import flows
from landlord.engine.flows import Flow
from landlord.engine.inequality import GINI_FORMS, gini
from landlord.players.characters import STRATEGIES
from landlord.runs.scenario import load_scenario, scenario_from_dict
from landlord.runs.simulate import play_one, summary_row
from landlord.runs.sweep import play_cell_game, run_sweep
from landlord.widgets import ScenarioLab

ROOT = Path(__file__).resolve().parents[1]


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
    lab.runner.run_button.click()
    res = lab.run.results
    assert len(res) == 12 and lab.runner.progress.value == 12 == lab.runner.progress.max
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
    assert "6 games of each on the same seeds" in lab.view.answer.value


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


def _data(spec: dict, name: str) -> list[dict]:
    """The rows of the named dataset a chart's (layer's) ``data`` points at."""
    return spec["datasets"][name]


def _layers(spec: dict) -> list[dict]:
    return spec.get("layer", [spec])


def _encoding(spec: dict) -> dict:
    """Every channel of the chart, its own and over its layers: channel → field (or datum)."""
    out: dict = {}
    for layer in [spec, *spec.get("layer", [])]:
        for channel, enc in layer.get("encoding", {}).items():
            if isinstance(enc, dict):
                out.setdefault(channel, enc.get("field", enc.get("datum")))
    return out


def _rows(spec: dict) -> list[dict]:
    """The rows the chart draws (one named dataset for every layer)."""
    names = {layer.get("data", spec.get("data", {})).get("name") for layer in _layers(spec)}
    names.discard(None)
    assert len(names) == 1, names
    return _data(spec, names.pop())


@pytest.fixture(scope="module")
def ran() -> ScenarioLab:
    lab = small_lab(games=8)
    lab.runner.run_button.click()
    return lab


def test_final_gini_chart_is_the_histogram_of_the_final_ginis(ran: ScenarioLab) -> None:
    """Chart 1: the share of each scenario's games in each 0.04-wide bin of final Gini
    (population form, named in its description, issue 38.4), one row of bars per scenario — counted here by hand."""
    spec = ran.view.final.spec
    rows = _rows(spec)
    enc = _encoding(spec)
    assert (enc["x"], enc["x2"], enc["y"], enc["row"]) == ("bin_start", "bin_end", "share", "scenario")
    assert GINI_FORMS["population"] in spec["description"] and "form" not in spec["encoding"]["x"]["title"]
    res = ran.run.results
    for name, part in res.groupby("scenario"):
        mine = [r for r in rows if r["scenario"] == name]
        assert len(mine) == 25 and mine[0]["bin_start"] == 0 and math.isclose(mine[-1]["bin_end"], 1.0)
        for r in mine:
            inside = [g for g in part["gini_population"]
                      if r["bin_start"] < g <= r["bin_end"] or (r["bin_start"] == 0 and g == 0)]
            assert r["count"] == len(inside) and math.isclose(r["share"], len(inside) / len(part))
        assert sum(r["count"] for r in mine) == len(part) == 8


def test_gini_band_chart_is_the_mean_over_the_games_still_running(ran: ScenarioLab) -> None:
    """Chart 2: at every turn, the mean Gini of net worth over the scenario's games still
    running, with mean ± 1.96·s/√n (clipped to [0, 1]); worked by hand from the per-turn panel
    for two turns; each game's last turn is its final Gini."""
    spec = ran.view.band.spec
    enc = _encoding(spec)
    assert (enc["x"], enc["y"], enc["y2"], enc["color"]) == ("turn", "lo", "hi", "scenario")
    assert [lay["mark"]["type"] for lay in _layers(spec)] == ["area", "line"]
    # the Gini's form in the description, not in the title (issue 38.4); the note in lines a phone holds
    assert " ".join(spec["title"]["subtitle"]) == BAND_NOTE and "Mean Gini" in spec["title"]["text"]
    assert GINI_FORMS["population"] in spec["description"]
    rows = {(r["scenario"], r["turn"]): r for r in _rows(spec)}
    pan = ran.run.panel
    res = ran.run.results
    for name in ("with tickets", "no tickets"):
        part = pan[pan["scenario"] == name]
        for turn in (0, 20):
            ginis = [gini(g["net_worth"].tolist(), "population")
                     for _, g in part[part["turn"] == turn].groupby("game")]
            r = rows[(name, turn)]
            m = sum(ginis) / len(ginis)
            sd = math.sqrt(sum((x - m) ** 2 for x in ginis) / (len(ginis) - 1))
            assert r["n"] == len(ginis) == 8 and math.isclose(r["mean"], m)
            assert math.isclose(r["hi"], min(1.0, m + 1.96 * sd / math.sqrt(8)))
            assert math.isclose(r["lo"], max(0.0, m - 1.96 * sd / math.sqrt(8)))
        # in a run of 8 the line stops where the first game ends: every point stands on all 8
        shortest = int(res[res["scenario"] == name]["turns"].min())
        assert max(t for s, t in rows if s == name) == shortest
        assert all(0 <= x["lo"] <= x["mean"] <= x["hi"] <= 1 for x in rows.values())


def test_winners_chart_counts_the_games_each_strategy_won(ran: ScenarioLab) -> None:
    """Chart 3: per scenario, the share of games each strategy won (shares add up to 1) against
    its share of the seats (a tick), the strategy's shape at its bar's end (its second cue, issue
    25.5); a strategy that won nothing still has its row."""
    spec = ran.view.winners.spec
    enc = _encoding(spec)
    assert (enc["x"], enc["y"], enc["yOffset"], enc["color"]) == ("win_share", "scenario", "strategy", "strategy")
    assert [lay["mark"]["type"] if isinstance(lay["mark"], dict) else lay["mark"] for lay in _layers(spec)] == [
        "bar", "tick", "point"]
    assert _layers(spec)[1]["encoding"]["x"]["field"] == "seat_share"
    assert _layers(spec)[2]["encoding"]["shape"]["field"] == "strategy"
    rows = _rows(spec)
    res = ran.run.results
    for name, part in res.groupby("scenario"):
        mine = {r["strategy"]: r for r in rows if r["scenario"] == name}
        assert set(mine) == {"landlord", "tenant", "speculator", "random"}
        won = part["winner_strategy"].value_counts().to_dict()
        for strategy, r in mine.items():
            assert r["wins"] == won.get(strategy, 0) and r["games"] == 8
            assert math.isclose(r["win_share"], won.get(strategy, 0) / 8) and r["seat_share"] == 0.25
        assert math.isclose(sum(r["win_share"] for r in mine.values()), 1.0)


def test_flows_chart_is_the_mean_money_per_game_by_kind_of_flow(ran: ScenarioLab) -> None:
    """Chart 4: per scenario and kind of flow (in its words), the money moved divided by every
    game played (a game in which nothing moved of a kind counts as 0) — the per-game totals are
    the ledger's."""
    spec = ran.view.flows.spec
    enc = _encoding(spec)
    assert (enc["x"], enc["y"], enc["yOffset"], enc["color"]) == ("mean_per_game", "flow", "scenario", "scenario")
    assert "kind of flow" in spec_title(spec)
    rows = {(r["scenario"], r["flow"]): r["mean_per_game"] for r in _rows(spec)}
    res = ran.run.results
    kinds = [c for c in res.columns if c.startswith("flow_")]
    assert len(rows) == 2 * len(kinds)
    for name, part in res.groupby("scenario"):
        for col in kinds:
            total = sum(v for v in part[col] if not pd.isna(v))
            assert math.isclose(rows[(name, Flow(col[5:]).words)], total / len(part))
    # the wages of a game are the ledger's: one game played again by hand
    one = res[res["scenario"] == "with tickets"].iloc[0]
    game = play_one(load_ruleset("magie-1904"), ("landlord", "tenant", "speculator", "random"), int(one["seed"]))
    assert one["flow_wages"] == game.ledger.flows[flows.WAGES]


def test_charts_of_a_run_whose_games_all_failed_draw_empty() -> None:
    """A run with rows but no played game (every game failed) draws four empty charts."""
    failed = pd.DataFrame({"cell": [0], "game": [0], "seed": [1], "status": ["failed"], "scenario": ["A"],
                           "gini_population": [None], "winner_strategy": [None], "strategy_0": [None]})
    charts = lab_charts(LabRun(failed))
    assert [sum(len(v) for v in c.to_dict()["datasets"].values()) for c in charts] == [0, 0, 0, 0]


def test_gini_over_turns_ends_at_the_final_gini() -> None:
    """The Gini over turns (from the sweep's per-turn panel) is the Gini of the seats' net worth
    at every turn, and at the game's last turn it is the game's final Gini."""
    strategies = ("landlord", "tenant", "speculator", "random")
    for seed in (1, 2, 3):
        game = play_one(load_ruleset("magie-1904"), strategies, seed, log=True)
        row = summary_row(game, strategies)
        pan = panel(game).drop(columns=["game"]).assign(cell=0, game=0, seed=seed, scenario="A")
        band = M.gini_by_turn(pan, "scenario")
        assert band["turn"].tolist() == list(range(game.turn + 1)) and set(band["n"]) == {1}
        assert math.isclose(band["mean"].iloc[-1], row["gini_population"])
        at10 = pan[pan["turn"] == 10]["net_worth"].tolist()
        assert math.isclose(band.set_index("turn").loc[10, "mean"], gini(at10, "population"))


def test_interval_arithmetic() -> None:
    """Mean ± 1.96·s/√n, worked by hand."""
    m, h = mean_interval([1.0, 2.0, 3.0, 4.0])
    assert m == 2.5 and math.isclose(h, 1.96 * math.sqrt(5 / 3) / 2)
    assert mean_interval([0.3]) == (0.3, 0.0)


def test_paired_difference_uses_common_seeds() -> None:
    """The comparison subtracts per seed."""
    lab = small_lab(games=3)
    lab.runner.run_button.click()
    res = lab.run.results
    a = res[res["scenario"] == "with tickets"].set_index("seed")["gini_population"]
    b = res[res["scenario"] == "no tickets"].set_index("seed")["gini_population"]
    m, _, n = paired_difference(lab.run, "with tickets", "no tickets")
    assert n == 3 and math.isclose(m, float((b - a).mean()))


def test_downloads_and_scenario_file_reproduce_the_run(tmp_path) -> None:
    """CSV and Parquet hold the results; the scenario file is a landlord.runs.scenario TOML that the
    sweep runner (``landlord sweep FILE``) runs to the same rows, and that a new lab loads and
    runs to the same results."""
    lab = small_lab(games=4)
    lab.a.wages.value = 120
    lab.runner.run_button.click()
    assert all(x in lab.files.downloads.value for x in ("results.csv", "results.parquet", "scenario.toml"))
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
    # a file of four cells opens too, and is played as it is: the same rows
    fresh = ScenarioLab(games=1, seed=1)
    assert fresh.load_scenario((tmp_path / "scenario.toml").read_bytes(), "scenario.toml"), fresh.message.value
    assert fresh.files.use_file.value and "4 scenarios" in fresh.message.value
    fresh.runner.run_button.click()
    pd.testing.assert_frame_equal(fresh.run.results.drop(columns="scenario"), swept.games)
    # with one field differing the file has the two cells, and a new lab reproduces the run
    lab.a.wages.value = 100
    saved_file_reproduces(lab, tmp_path)


def saved_file_reproduces(lab: ScenarioLab, folder) -> dict:
    """Run ``lab``, save, and check that ``landlord sweep FILE`` (``run_sweep``) gives the lab's
    rows and that a new lab loading the file gets the same scenarios and results. Returns the
    saved file read as TOML."""
    lab.runner.run_button.click()
    assert lab.run.complete and len(lab.run.results), lab.message.value
    lab.save(folder)
    path = folder / "scenario.toml"
    swept = run_sweep(load_scenario(path))
    pd.testing.assert_frame_equal(swept.games, lab.run.results.drop(columns="scenario"))
    fresh = ScenarioLab(games=1, seed=1)
    assert fresh.load_scenario(path.read_bytes(), "scenario.toml"), fresh.message.value
    assert fresh.scenarios() == lab.scenarios()
    fresh.runner.run_button.click()
    pd.testing.assert_frame_equal(fresh.run.results, lab.run.results)
    return tomllib.loads(path.read_text(encoding="utf-8"))


@pytest.mark.slow
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
    lab.a.regime.value, lab.b.regime.value = in_order, ()  # the 1913 rules have a 4th phase
    raw = saved_file_reproduces(lab, tmp_path / "ab")
    assert raw["grid"]["tax"] == [list(in_order), "never"] and "tax" not in raw
    scn = lab.sweep_scenario()
    assert [c.regime_text for c in scn.cells] == ["part2@turn:30 → part3@turn:60", "never"]
    assert set(lab.run.results["scenario"]) == {"Parts in order", "Part 1 throughout"}
    for game in range(3):
        assert play_cell_game(scn, 0, game, log=False).switches == [
            (30, "part1", "part2", "turn:30"), (60, "part2", "part3", "turn:60")]
    # B with a regime of one switch chosen in its menus: still one grid over whole regimes
    lab.b.regime.value = ("part3@turn:40",)
    raw = saved_file_reproduces(lab, tmp_path / "typed")
    assert raw["grid"]["tax"] == [list(in_order), ["part3@turn:40"]]
    # A alone: the regime is fixed, written as [[tax]] switches
    lab.compare.value = False
    raw = saved_file_reproduces(lab, tmp_path / "alone")
    assert raw["tax"] == [{"phase": "part2", "start": "turn:30"}, {"phase": "part3", "start": "turn:60"}]
    assert "grid" not in raw


def test_bad_scenarios_are_refused_with_a_message() -> None:
    """Bad phase switches or a bad scenario file change nothing; bots and seats are chosen from
    menus (the kit's bots, the ruleset's numbers of players), and a scenario made in code with
    an unknown bot or too many seats is refused before any game."""
    lab = small_lab(games=2)
    assert list(lab.a.players.options) == [2, 3, 4, 5, 6] and lab.a.seats[0].options == tuple(STRATEGIES)
    with pytest.raises(ValueError, match="unknown strategy"):
        LabScenario("X", "magie-1904", ("landlord", "astrologer")).check()
    with pytest.raises(ValueError, match="players"):
        LabScenario("X", "magie-1904", ("tenant",) * 9).check()
    lab.a.regime.value = ("single_tax@turn:3", "single_tax@turn:9")
    lab.a.players.value = 2
    lab.runner.run_button.click()
    assert ("change 2 (Single tax from turn 9) brings back the rules change 1 brought in: it changes nothing"
            in lab.message.value)
    assert lab.run.rows == []
    lab.a.regime.value = ("single_tax@turn:9", "landlord@turn:3")  # back to rent before the tax came
    lab.runner.run_button.click()
    assert ("change 2 (Landlord rules from turn 3) cannot follow change 1 (Single tax from turn 9)"
            in lab.message.value)
    assert lab.run.rows == []
    lab.a.regime.changes[0].number.value = "soon"
    lab.runner.run_button.click()
    assert "change 1: the turn is a whole number from 1, such as 30 (not “soon”)" in lab.message.value
    assert lab.run.rows == [] and lab.a.regime.changes[0].number.value == "soon"  # what was typed is kept
    brit = [r for r in ruleset_ids() if r.startswith("british-1913")]
    if brit:  # the 1913 rules refuse a start cash their notes do not add up to
        lab.a.ruleset.value = brit[0]
        lab.a.start_cash.value += 1
        lab.runner.run_button.click()
        assert "Cannot run" in lab.message.value and lab.run.rows == []
    assert not lab.load_scenario(b"[scenario\nnot toml", "x.toml")
    assert "not valid TOML" in lab.message.value
    assert not lab.load_scenario(b"[scenario]\ngames = 2\n", "y.toml")
    assert "seed" in lab.message.value and "missing" in lab.message.value
    assert lab.a.bots == ("landlord", "tenant")  # the bad files changed nothing


@pytest.mark.slow
def test_run_in_a_task_can_be_cancelled_and_keeps_the_loop_free() -> None:
    """In a running event loop the lab's task polls the sweep (running in its thread): other
    coroutines run meanwhile, the progress bar moves, and Cancel stops the sweep with the games
    finished so far shown."""

    async def scenario() -> tuple[int, int, int]:
        lab = small_lab(games=400)
        lab.view.summary.value = "old results"
        lab.runner.run_button.click()
        assert lab.view.summary.value == "" and "running" in json.dumps(lab.view.final.spec)  # old results cleared
        ticks = 0
        while lab.runner.progress.value < 20:
            await asyncio.sleep(0.005)
            ticks += 1
        lab.runner.cancel_button.click()
        while lab.runner.running:
            await asyncio.sleep(0.005)
        assert lab.runner._sweep is not None and lab.runner._sweep.cancelled
        assert not lab.run.complete and "Stopped after" in lab.message.value
        # the arms take turns, chunk by chunk: a cancel leaves games of both scenarios
        assert lab.run.games["scenario"].nunique() == 2
        played = len(lab.run.rows)
        # Play more games goes on from each scenario's own last game: none twice, none missing
        lab.runner.more_button.click()
        while lab.runner.running:
            await asyncio.sleep(0.005)
        games = lab.run.games
        assert not games.duplicated(["cell", "game"]).any() and len(games) > played
        for _, part in games.groupby("cell"):
            assert list(part["game"]) == list(range(len(part)))
        return ticks, played, lab.runner.progress.max

    ticks, played, total = asyncio.run(scenario())
    assert ticks > 0 and 20 <= played < total


def test_lab_text_is_projector_sized(ran: ScenarioLab) -> None:
    """Issue 17.5: the lab's chart text is large enough to project (labels 13 px, titles 16 px)."""
    for slot in (ran.view.final, ran.view.band, ran.view.winners, ran.view.flows):
        cfg = slot.spec["config"]
        assert cfg["axis"]["labelFontSize"] >= 13 and cfg["title"]["fontSize"] >= 16
        assert cfg["legend"]["labelFontSize"] >= 13


def test_each_lab_chart_says_what_it_shows_below_it(ran: ScenarioLab) -> None:
    """Issue 25.4: below each of the lab's charts, its sentence (also its Vega description) and a
    "Show as a table"; the final Gini's sentence counts each scenario's 8 games, and the winners'
    names the strategy that won most of each scenario's games (counted here from the rows)."""
    words = {"final": ran.view.final_words, "band": ran.view.band_words, "winners": ran.view.winners_words,
             "flows": ran.view.flows_words}
    for name, box in words.items():
        chart = getattr(ran.view, name)
        said = chart.spec["description"]
        assert said and html.escape(said) in box.value, name
        assert "<details" in box.value and "<summary>Show as a table</summary>" in box.value, name
    final = ran.view.final.spec["description"]
    for name, part in ran.run.results.groupby("scenario"):
        assert f"{name}, 8 games between " in final
        top = part["winner_strategy"].value_counts()
        if (top == top.max()).sum() == 1:  # a tie goes to the first strategy by name
            best = f"{name}, {top.index[0]} won most: {top.iloc[0] / 8:.0%} of 8 games"
            assert best in ran.view.winners.spec["description"]
    assert ran.view.band.spec["description"].startswith("Mean Gini over turns: ")
    assert "mean per game" in ran.view.flows_words.value and "mean_per_game" not in ran.view.flows_words.value


def test_regimes_come_from_the_ruleset_phases(tmp_path, two_phase_file) -> None:
    """A one-phase ruleset offers only 'as printed'; each other phase adds 'from the start',
    'by vote' (every family now has the shared voting rule) and 'from turn N', and several phases
    'every phase in order'; a regime played in the lab switches through the engine's trigger."""
    from landlord.widgets.table import regimes

    from landlord.data.loader import ruleset_from_file

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
    fields = LabScenario("T", rs.id, regime=("higher_wages@turn:12",)).fields()
    assert (fields["tax.phase"], fields["tax.start"]) == ("higher_wages", "turn:12")
    cell = scenario_from_dict({"scenario": {"ruleset": str(p), "games": 1, "seed": 3, "players": 4,
                                            "strategies": fields["strategies"]},
                               "tax": {"phase": fields["tax.phase"], "start": fields["tax.start"]}},
                              tmp_path / "s.toml").cells[0]
    game = play_one(cell.resolve(), cell.seats, 3, log=True, triggers=cell.triggers)
    ev = [e for e in game.events if e.kind == "phase"]
    assert len(ev) == 1 and ev[0].turn == 12 and game.phase == "higher_wages"


def test_sweep_streams_chunks_in_seed_order_and_simulate_in_chunks() -> None:
    """The incremental API: a sweep's finished chunks come in the plan's order whatever order
    two workers finish them in, and add up to the rows of the whole sweep; simulate_chunks
    gives simulate's rows a chunk at a time."""
    from landlord.runs.simulate import simulate, simulate_chunks
    from landlord.runs.sweep import Sweep, assemble

    scn = replace(load_scenario(ROOT / "scenarios" / "wages-higher.toml"), games=9)
    sweep = Sweep(scn, workers=2, chunk_size=4)
    got = list(sweep.stream())
    assert [(d.chunk.cell, d.chunk.start) for d in got] == [(c.cell, c.start) for c in sweep.chunks]
    pd.testing.assert_frame_equal(assemble(scn, [d.games for d in got]), run_sweep(scn, chunk_size=9).games)
    rows = list(simulate_chunks("magie-1904", ["landlord", "tenant"], list(range(7)), chunk=3))
    assert [len(r) for r in rows] == [3, 3, 1]
    assert [r for part in rows for r in part] == list(simulate("magie-1904", ["landlord", "tenant"], range(7)))


def stopping_lab() -> ScenarioLab:
    lab = ScenarioLab(games=1000, seed=1, workers=2)
    for e in (lab.a, lab.b):
        e.ruleset.value = "magie-1906"
    lab.b.regime.value = ("single_tax@start",)
    return lab


@pytest.mark.slow
def test_the_lab_stops_when_the_answer_is_clear_and_plays_on_when_asked() -> None:
    """Issue 24.2: the single tax from the start against the 1906 rules as printed is clear at
    the rule's first look (100 games of each: the paired interval lies within ±25% of its
    estimate); it says which way in plain words and after how many games, and Play more games
    plays as many again, the same games a fixed run of 200 plays."""
    lab = stopping_lab()
    lab.runner.run_button.click()
    tally = lab.tally
    assert tally is not None and tally.settled_at == 100 and len(lab.run.games) == 200
    (c,) = tally.comparisons()
    assert c.verdict == "direction" and c.paired and c.half <= 0.25 * abs(c.mean)
    assert "Clear after 100 games of each scenario" in lab.view.answer.value
    assert "<b>B</b> ends more equal than <b>A</b>" in lab.view.answer.value
    lab.runner.more_button.click()
    assert len(lab.run.games) == 400
    fixed = stopping_lab()
    fixed.until_clear.value = False
    fixed.games.value = 200
    fixed.runner.run_button.click()
    pd.testing.assert_frame_equal(lab.run.results, fixed.run.results)


def test_every_scenario_file_the_kit_ships_opens() -> None:
    """Issue 24.5: the lab opens every scenario file the kit ships, a grid of any size shown as
    its cells in plain words (never ``wages=150``)."""
    lab = ScenarioLab(games=3, seed=1, workers=1)
    files = sorted((ROOT / "scenarios").glob("*.toml"))
    assert len(files) >= 12
    for path in files:
        assert lab.load_scenario(path.read_bytes(), path.name), lab.message.value
        names = [s.name for s in lab.scenarios()]
        assert len(names) == len(load_scenario(path).cells) and not any("=" in n for n in names), names


def test_a_ruleset_s_own_amounts_are_shown_and_overridden() -> None:
    """The 1906 rules give start cash by the number of players ($400 each for 4, $500 for 3;
    no "Start cash 0"); a changed amount overrides that entry only. Monopoly pays a salary at
    GO ($200), shown as such; the 1904 patent's wages and start cash are its own."""
    lab = ScenarioLab(games=2, seed=1, workers=1)
    e = lab.a
    e.ruleset.value = "magie-1906"
    assert (e.start_cash.value, e.start_cash.disabled, e.wages.value) == (400, False, 100)
    e.players.value = 3
    assert e.start_cash.value == 500 and len(e.seats) == 3
    e.start_cash.value = 650
    assert e.scenario().overrides == {"start_cash_by_players": [600, 650, 400]}
    e.ruleset.value = "monopoly"
    assert (e.wages.description, e.wages.value, e.start_cash.value) == ("Salary at GO", 200, 1500)
    e.ruleset.value = "magie-1904"
    assert (e.wages.description, e.wages.value, e.start_cash.value) == ("Wages", 100, 500)


def test_the_band_stops_where_too_few_games_remain(ran: ScenarioLab) -> None:
    """Issue 24.5: the mean Gini over turns has no point on fewer games than the rule's (all 8,
    in a run of 8), and says so under its title; every chart names how many games it stands on."""
    rows = _rows(ran.view.band.spec)
    assert rows and min(r["n"] for r in rows) == 8
    assert BAND_NOTE in " ".join(ran.view.band.spec["title"]["subtitle"])  # in lines a phone holds
    for slot in (ran.view.final, ran.view.winners, ran.view.flows):
        assert "8 games of each scenario" in " ".join(slot.spec["title"]["subtitle"])


def test_the_debrief_band_of_bot_games_fills_in_table_by_table(tmp_path) -> None:
    """Issue 24.3: in a running event loop the dashboard's final-Gini chart shows the class's
    tables at once and the band of bot games fills in table by table, its title counting the
    bot games so far; at the end it holds every table's bot games (those of bot_band)."""
    from landlord.widgets.classroom_teacher import ClassroomTeacher
    from test_classroom_widgets import SECRET, a_class

    from landlord.apps.classroom import Referee
    from landlord.apps.classroom import debrief as db

    room, _, teacher = a_class(tmp_path)
    teacher.start()
    ref = Referee(room.store, room.id, SECRET)
    for _ in range(3000):
        if not ref.tick(now=1e12):
            break
    per = len(db.BOT_MIXES) + db.RANDOM_GAMES
    total = per * len(room.tables())

    async def watch() -> list[str]:
        page = ClassroomTeacher(tmp_path, SECRET)
        page.debrief()
        titles = [str(page.final_chart.spec["title"])]
        while not page._band_task.done():
            await asyncio.sleep(0.01)
        titles.append(str(page.final_chart.spec["title"]))
        return titles

    titles = asyncio.run(watch())
    assert f"0 bot games — 0 of {total} so far" in titles[0]
    assert f": {total} bot games" in titles[-1] and "so far" not in titles[-1]
    teacher.debrief()  # with no event loop: at once, the same games
    assert f": {total} bot games" in str(teacher.final_chart.spec["title"])
    assert len(db.bot_band(room)) == total


def test_a_run_opens_with_a_few_games_of_each_scenario_then_grows_its_chunks() -> None:
    """Issue 24.1 (the first view within about a second): each scenario's first chunk is its
    first FIRST games alone, the rest of the lab's first GROW_AFTER games come CHUNK at a time,
    later games BIG_CHUNK at a time; every game is played once, in turns of the scenarios; a
    run that plays on (Play more games) opens the same way from the games it holds."""
    from landlord.widgets.lab_sweep import BIG_CHUNK, CHUNK, FIRST, GROW_AFTER, after, grown, interleaved

    from landlord.runs.sweep import Sweep

    lab = ScenarioLab(games=300, seed=1, workers=1)
    sweep = Sweep(lab.sweep_scenario(), workers=1, chunk_size=CHUNK)
    for have in ({0: 0, 1: 0}, {0: 150, 1: 150}):
        chunks = interleaved(grown(after(sweep.chunks, have)))
        assert [(c.cell, c.start, len(c.seeds)) for c in chunks[:2]] == [(0, have[0], FIRST), (1, have[1], FIRST)]
        assert [(c.cell, c.start) for c in chunks[2:4]] == [(0, have[0] + FIRST), (1, have[1] + FIRST)]
        for cell in (0, 1):
            mine = [c for c in chunks if c.cell == cell]
            seeds = [s for c in mine for s in c.seeds]
            assert seeds == [s for c in sweep.chunks if c.cell == cell for s in c.seeds][have[cell]:]
            assert all(len(c.seeds) <= (CHUNK if c.start < GROW_AFTER else BIG_CHUNK) for c in mine)
        assert max(len(c.seeds) for c in chunks) == BIG_CHUNK


def test_the_players_menu_shows_its_choice() -> None:
    """Issue 38.4: the Players menu shows the number chosen (its index, what the page draws, follows
    its value; it was left blank when the rules changed the counts on offer), and the menus give
    no syntax as a hint."""
    from landlord.widgets.lab_editor import ScenarioEditor

    editor = ScenarioEditor("A", "magie-1904", ("landlord", "tenant", "speculator", "random"))
    for rules in ("magie-1904", "monopoly", "british-1913-part1"):
        editor.ruleset.value = rules
        state = editor.players.get_state()
        assert state["index"] is not None and editor.players.options[state["index"]] == editor.players.value
    editor.players.value = 3
    assert len(editor.seats) == 3 and editor.players.get_state()["index"] == list(editor.players.options).index(3)



def test_phase_changes_are_chosen_in_words() -> None:
    """Issue 38.6: the lab's phase regime is chosen from menus in words — which rules, when, and a
    number where one is needed — never typed as ``phase@trigger``; every regime an instructor
    could type before is still chosen (a Gini level, rounds, several changes, a what-if), a bad
    number or an order the games cannot keep is refused in words naming the change, and what
    was chosen is kept."""
    from landlord.widgets.lab_editor import ScenarioEditor

    editor = ScenarioEditor("A", "british-1913-part1", ("landlord", "tenant", "speculator", "random"))
    assert not hasattr(editor, "custom")
    editor.regime.add.click()
    editor.regime.add.click()
    first, second = editor.regime.changes
    first.phase.value, first.when.value, first.number.value = "part2", "round", "15"
    second.phase.value, second.when.value, second.number.value = "part3", "round", "40"
    assert editor.scenario().regime == ("part2@round:15", "part3@round:40")
    shown: list[str] = []
    for w in widgets_in(editor):
        shown += [str(getattr(w, k, "") or "") for k in ("description", "placeholder", "tooltip", "value")
                  if k != "value" or isinstance(w, (W.HTML, W.Label))]
        if isinstance(w, W.Dropdown):
            shown += list(w._options_labels)
    said = " ".join(shown)
    assert "@" not in said and "part2" not in said and "land_tax" not in said and "turn:" not in said
    assert "What-if: Part 3 without its land value tax" in said and "Part 3, Taxing Land Values" in said
    second.phase.value, second.when.value, second.number.value = "land_tax", "gini", "0.45"
    order = re.escape("cannot follow change 1 (Part 2, Improving the Land from round 15)")
    with pytest.raises(ValueError, match=order):
        editor.scenario()
    first.when.value, first.number.value = "gini", "0.3"
    assert editor.scenario().regime == ("part2@gini:0.3", "land_tax@gini:0.45")
    second.number.value = "half"
    with pytest.raises(ValueError, match="change 2: the Gini level is a number between 0 and 1"):
        editor.scenario()
    assert second.number.value == "half" and second.phase.value == "land_tax"  # nothing lost
    first.remove.click()
    assert len(editor.regime.changes) == 1 and editor.regime.changes[0].phase.description == "Change 1: to"
    editor.show(LabScenario("B", "british-1913-part1", ("landlord", "tenant"), ("part2@vote",)))
    (only,) = editor.regime.changes
    assert (only.phase.value, only.when.value, only.number.layout.display) == ("part2", "vote", "none")


def test_long_labels_are_drawn_in_lines_not_cut_short() -> None:
    """Issue 38.6: a label longer than a line of a phone's chart is drawn whole on several lines
    (a Vega expression that looks up the long labels, any character escaped as JSON), a short
    one as it is; a chart with a row per label is tall enough for the longest label's lines."""
    from landlord.charts.fit import LABEL_LINE, LINE, label_lines, lines, rows_height

    name = 'Landlord rules all game, as Magie’s "patent" printed them'
    assert lines(name, LINE["label"]) == ["Landlord rules all game,", "as Magie’s \"patent\"", "printed them"]
    assert lines("wages", LINE["label"]) == "wages"
    expr = label_lines([name, "wages"])
    lookup, rest = expr.split("[datum.label]")
    assert json.loads(lookup) == {name: lines(name, LINE["label"])} and rest == " || datum.label"
    assert lookup.isascii()  # "’" as \\u2019: the parser reads it whatever the page's encoding
    assert label_lines(["wages", "fines"]) == "datum.label"
    assert rows_height(["wages", name]) == 2 * (3 * LABEL_LINE + LABEL_LINE // 2)
