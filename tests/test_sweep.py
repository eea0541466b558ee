"""The sweep runner: same rows whatever the workers, chunking or backend; failed games;
resume; cancellation and partial results; reproducibility metadata; the CLI and report."""

from __future__ import annotations

import sys
import threading
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_scenario import TEST_RULESET

import landlord.runs.sweep as sweep_mod
from landlord import __version__
from landlord.apps.cli import main
from landlord.data.loader import load_ruleset
from landlord.engine.phases import Trigger
from landlord.errors import LandlordError
from landlord.runs.scenario import Scenario, load_scenario, scenario_from_text
from landlord.runs.simulate import play_one, summary_row
from landlord.runs.sweep import Sweep, play_cell_game, read_metadata, run_sweep, scenario_of

SMALL = """
[scenario]
title = "small"
ruleset = "magie-1904"
games = 12
seed = 42

[grid]
wages = [100, 150]
players = [3, 4]
"""


@pytest.fixture
def small(tmp_path: Path) -> Scenario:
    path = tmp_path / "small.toml"
    path.write_text(SMALL)
    return load_scenario(path)


# Regimes of several switches, on the test-only ruleset with a second phase (higher_wages): rent
# then high wages then rent then high wages again, by turns; high wages from the start, then rent
# from round 4; and no switch at all.
REGIMES = """
[scenario]
title = "regimes"
ruleset = "phased.toml"
games = 5
seed = 7
seeds = "shared"

[grid]
tax = ["never", ["higher_wages@turn:5", "landlord@turn:10", "higher_wages@turn:15"],
       ["higher_wages@start", "landlord@round:4"]]
"""


def regimes_scenario(folder: Path) -> Scenario:
    (folder / "phased.toml").write_text(TEST_RULESET)
    (folder / "regimes.toml").write_text(REGIMES)
    return load_scenario(folder / "regimes.toml")


@pytest.fixture(scope="module")
def regimes_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("regimes")


@pytest.fixture(scope="module")
def regimes_reference(regimes_dir: Path) -> pd.DataFrame:
    """The regimes sweep in this process, one game per chunk."""
    return run_sweep(regimes_scenario(regimes_dir), workers=1, chunk_size=1).games


@pytest.fixture(scope="module")
def reference() -> pd.DataFrame:
    """The small sweep, in this process, one game per chunk: what every other way must match."""
    import tempfile

    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "small.toml"
        path.write_text(SMALL)
        return run_sweep(load_scenario(path), workers=1, chunk_size=1).games


# -- identical results however the work is split ------------------------------------------------
def test_one_row_per_game_sorted_by_cell_and_game(small: Scenario, reference: pd.DataFrame) -> None:
    assert len(reference) == 48
    assert list(reference[["cell", "game"]].itertuples(index=False, name=None)) == \
        [(c, g) for c in range(4) for g in range(12)]
    assert (reference["status"] == "ok").all()
    assert list(reference.columns[:6]) == ["cell", "game", "seed", "status", "error", "cell_label"]
    assert reference["seed"].tolist() == [small.game_seed(c, g) for c in small.cells for g in range(12)]


def test_rows_are_the_engines_own_summary_rows(small: Scenario, reference: pd.DataFrame) -> None:
    """Each row is ``summary_row(play_one(...))`` of the cell's ruleset, seats and seed."""
    for cell_idx, game in ((0, 0), (3, 11)):
        c = small.cells[cell_idx]
        seed = small.game_seed(c, game)
        expected = summary_row(play_one(c.resolve(), c.seats, seed), c.seats)
        row = reference[(reference["cell"] == cell_idx) & (reference["game"] == game)].iloc[0]
        for key, value in expected.items():
            assert row[key] == value, key
        flows = [k for k in reference.columns if k.startswith("flow_") and k not in expected]
        assert all(row[k] == 0 for k in flows)  # a flow this game never had counts 0


def test_cell_settings_are_columns(reference: pd.DataFrame) -> None:
    first = reference.iloc[0]
    assert (first["cell_label"], first["wages"], first["players"]) == ("wages=100, players=3", 100, 3)
    last = reference.iloc[-1]
    assert (last["cell_label"], last["wages"], last["players"]) == ("wages=150, players=4", 150, 4)
    assert (reference["tax_start"] == "never").all()
    assert reference["wages"].dtype == "int64" and reference["total_0"].dtype == "int64"
    assert reference.loc[reference["players"] == 3, "total_3"].isna().all()  # no fourth seat


@pytest.mark.parametrize(("workers", "chunk"), [(1, 5), (2, 5), (2, 7)])
def test_same_rows_whatever_workers_and_chunking(small: Scenario, reference: pd.DataFrame,
                                                 workers: int, chunk: int) -> None:
    got = run_sweep(small, workers=workers, chunk_size=chunk).games
    pd.testing.assert_frame_equal(got, reference)


@pytest.mark.server  # a dask scheduler and two worker processes on 127.0.0.1
def test_dask_localcluster_gives_the_local_backends_rows(small: Scenario, reference: pd.DataFrame,
                                                        regimes_dir: Path, regimes_reference: pd.DataFrame) -> None:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=None) as cluster:
        seen: list[int] = []
        by_address = run_sweep(small, scheduler=cluster.scheduler_address, chunk_size=5,
                               progress=lambda done, total: seen.append(done))
        regimes = run_sweep(regimes_scenario(regimes_dir), scheduler=cluster.scheduler_address, chunk_size=2)
        pd.testing.assert_frame_equal(regimes.games, regimes_reference)  # several switches alike
        with distributed.Client(cluster) as client:
            by_client = run_sweep(small, scheduler=client, chunk_size=7).games
            assert client.status == "running"  # a client handed in is left open
    pd.testing.assert_frame_equal(by_address.games, reference)
    pd.testing.assert_frame_equal(by_client, reference)
    assert seen[0] == 0 and seen[-1] == 48 and seen == sorted(seen)


def test_missing_dask_gives_a_clear_error(small: Scenario, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)
    with pytest.raises(LandlordError, match=r"pip install 'landlord-kit\[dask\]'"):
        run_sweep(small, scheduler="tcp://127.0.0.1:1")


def test_unreachable_scheduler_is_a_one_line_error(small: Scenario, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("distributed")
    monkeypatch.setattr(sweep_mod, "CONNECT_TIMEOUT", "1s")
    with pytest.raises(LandlordError, match="cannot reach the Dask scheduler"):
        Sweep(small, scheduler="tcp://127.0.0.1:9").run()


# -- tax regimes reach the games -------------------------------------------------------------
def test_tax_trigger_switches_the_phase_in_the_games(tmp_path: Path) -> None:
    (tmp_path / "phased.toml").write_text(TEST_RULESET)
    (tmp_path / "s.toml").write_text(
        '[scenario]\nruleset = "phased.toml"\ngames = 6\nseed = 5\nseeds = "shared"\n'
        '[tax]\nphase = "higher_wages"\n[grid]\ntax.start = ["never", "start", "turn:20"]\n')
    s = load_scenario(tmp_path / "s.toml")
    df = run_sweep(s, workers=1, chunk_size=4).games
    by = {k: g.reset_index(drop=True) for k, g in df.groupby("tax_start")}
    assert (by["never"]["phase"] == "landlord").all()
    assert (by["start"]["phase"] == "higher_wages").all() and (by["turn:20"]["phase"] == "higher_wages").all()
    assert (by["start"]["tax_phase"] == "higher_wages").all() and by["never"]["tax_phase"].isna().all()
    # same seeds ("shared"): wages paid at 150 from the start exceed wages at 100 throughout
    assert (by["start"]["seed"] == by["never"]["seed"]).all()
    assert (by["start"]["flow_wages"] > by["never"]["flow_wages"]).all()
    # switching at turn 20 plays the first 19 turns exactly as landlord rules would
    game = play_cell_game(s, 2, 0)
    switch = [e for e in game.events if e.kind == "phase"]
    assert [(e.turn, e.get("new"), e.get("cause")) for e in switch] == [(20, "higher_wages", "turn:20")]


def test_a_regime_of_several_switches_switches_in_order_at_its_turns(regimes_dir: Path,
                                                                     regimes_reference: pd.DataFrame) -> None:
    """Every game of a cell plays its regime's switches in order at their turns (the engine's own
    record, ``game.switches``); a phase comes back; the rows name the whole regime."""
    s = regimes_scenario(regimes_dir)
    df = regimes_reference
    assert (df["status"] == "ok").all() and len(df) == 15
    by_turns = [(5, "landlord", "higher_wages", "turn:5"), (10, "higher_wages", "landlord", "turn:10"),
                (15, "landlord", "higher_wages", "turn:15")]
    # "start" fires before set-up (turn 0); round 4 of four seats begins at turn 3 * 4 + 1
    from_start = [(0, "landlord", "higher_wages", "start"), (13, "higher_wages", "landlord", "round:4")]
    for cell, expected in ((0, []), (1, by_turns), (2, from_start)):
        rows = df[df["cell"] == cell]
        assert (rows["turns"] > 20).all()  # every game lasted past its last switch
        for game in range(s.games):
            assert play_cell_game(s, cell, game, log=False).switches == expected, (cell, game)
    assert df.groupby("cell")["phase"].unique().map(list).tolist() == [["landlord"], ["higher_wages"], ["landlord"]]
    first = df.drop_duplicates("cell").set_index("cell")
    assert first["cell_label"].tolist() == [
        "tax=never", "tax=higher_wages@turn:5 → landlord@turn:10 → higher_wages@turn:15",
        "tax=higher_wages@start → landlord@round:4"]
    assert first["tax_regime"].tolist() == [
        "never", "higher_wages@turn:5 → landlord@turn:10 → higher_wages@turn:15",
        "higher_wages@start → landlord@round:4"]
    assert first["tax_start"].tolist() == ["never", "turn:5 → turn:10 → turn:15", "start → round:4"]
    assert first.loc[2, "tax_phase"] == "higher_wages → landlord" and pd.isna(first.loc[0, "tax_phase"])
    assert "tax" not in df.columns  # the grid's tax is the tax_regime column
    # a row is the engine's game with those triggers, written out by hand
    seats = s.cells[1].seats
    triggers = (Trigger("higher_wages", "turn", 5), Trigger("landlord", "turn", 10),
                Trigger("higher_wages", "turn", 15))
    row = df[(df["cell"] == 1) & (df["game"] == 2)].iloc[0]
    expected_row = summary_row(play_one(s.cells[1].resolve(), seats, int(row["seed"]), triggers=triggers), seats)
    assert {k: row[k] for k in expected_row} == expected_row


@pytest.mark.parametrize(("workers", "chunk"), [(1, 4), (2, 3)])
def test_regime_rows_are_the_same_whatever_workers_and_chunking(regimes_dir: Path, regimes_reference: pd.DataFrame,
                                                                workers: int, chunk: int) -> None:
    got = run_sweep(regimes_scenario(regimes_dir), workers=workers, chunk_size=chunk).games
    pd.testing.assert_frame_equal(got, regimes_reference)


def test_example_1913_parts_in_order_are_the_sequence_rulesets_games() -> None:
    """scenarios/british-1913-parts.toml: its Parts cell (part2@round:25 → part3@round:50 on Part 1
    with 15 circuits) plays exactly the games of british-1913-sequence, the kit's own Parts-in-order
    ruleset, seed for seed; its other cell stays in Part 1 throughout."""
    path = Path(__file__).resolve().parents[1] / "scenarios" / "british-1913-parts.toml"
    text = path.read_text(encoding="utf-8")
    s = scenario_from_text(text.replace("games = 1000", "games = 3"), path)
    assert [c.regime_text for c in s.cells] == ["never", "part2@round:25 → part3@round:50"]
    df = run_sweep(s).games
    sequence = load_ruleset("british-1913-sequence")
    for game in range(3):
        parts = df[(df["cell"] == 1) & (df["game"] == game)].iloc[0]
        seats = s.cells[1].seats
        own = play_one(sequence, seats, int(parts["seed"]), log=False)
        assert [(old, new) for _, old, new, _ in own.switches] == [("part1", "part2"), ("part2", "part3")]
        expected = {k: v for k, v in summary_row(own, seats).items() if k != "ruleset"}
        assert {k: parts[k] for k in expected} == expected
        assert play_cell_game(s, 0, game, log=False).switches == []
    assert (df.loc[df["cell"] == 0, "phase"] == "part1").all() and (df.loc[df["cell"] == 1, "phase"] == "part3").all()


# -- a game that raises ---------------------------------------------------------------------
def test_a_failing_game_is_recorded_and_the_sweep_goes_on(small: Scenario, reference: pd.DataFrame,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    bad_seed = small.game_seed(small.cells[1], 3)
    real = sweep_mod.play_one

    def flaky(ruleset: Any, strategies: Any, seed: int, **kw: Any) -> Any:
        if seed == bad_seed:
            raise ZeroDivisionError("the dice fell off the table")
        return real(ruleset, strategies, seed, **kw)

    monkeypatch.setattr(sweep_mod, "play_one", flaky)
    result = run_sweep(small, workers=1, chunk_size=5)
    df = result.games
    assert len(df) == 48 and result.complete
    failed = result.failed
    assert len(failed) == 1
    row = failed.iloc[0]
    assert (row["cell"], row["game"], row["seed"]) == (1, 3, bad_seed)
    assert row["error"].startswith("ZeroDivisionError: the dice fell off the table (at test_sweep.py:")
    assert pd.isna(row["turns"]) and row["players"] == 4 and row["ruleset"] == "magie-1904"
    others = df[df["status"] == "ok"].reset_index(drop=True)
    expected = reference.drop(index=failed.index).reset_index(drop=True)
    pd.testing.assert_frame_equal(others, expected, check_dtype=False)


# -- resume, cancellation, partial results --------------------------------------------------------
def _die_on_cell_1(chunk: Any) -> Any:
    """A work function whose process dies on the last chunk, a while after taking it (runs in
    a worker process, which imports it from this module by name)."""
    import os
    import time

    if chunk.cell == 3 and chunk.start == 10:
        time.sleep(2)  # time for the other chunks' results to reach the parent
        os._exit(3)
    return sweep_mod.run_chunk(chunk)  # in the worker process, the real work function


def counting(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    played: list[str] = []
    real = sweep_mod.run_chunk

    def run_chunk(chunk: Any) -> Any:
        played.append(chunk.name)
        return real(chunk)

    monkeypatch.setattr(sweep_mod, "run_chunk", run_chunk)
    return played


def test_interrupted_sweep_resumes_skipping_done_chunks(small: Scenario, reference: pd.DataFrame,
                                                        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    played = counting(monkeypatch)
    out = tmp_path / "r.parquet"
    first = Sweep(small, workers=1, out=out, chunk_size=5)
    first.progress = lambda done, total: first.cancel() if done >= 12 else None
    partial = first.run()  # cell 0's chunks hold 5, 5 and 2 games
    assert not partial.complete and partial.done == 12 and partial.total == 48
    assert not out.exists() and (tmp_path / "r.parquet.parts").is_dir()
    assert len(played) == 3
    played.clear()
    resumed = run_sweep(small, workers=1, out=out, chunk_size=5)
    assert resumed.complete and len(played) == 12 - 3  # 4 cells x 3 chunks, 3 done before
    assert "c00000-g0000000" not in played
    pd.testing.assert_frame_equal(resumed.games, reference)
    pd.testing.assert_frame_equal(pd.read_parquet(out), reference)
    assert not (tmp_path / "r.parquet.parts").exists()
    played.clear()
    again = run_sweep(small, workers=1, out=out, chunk_size=5)  # already finished: nothing to play
    assert played == [] and again.complete
    pd.testing.assert_frame_equal(again.games, reference)


def test_parts_of_another_sweep_are_not_mixed_in(small: Scenario, tmp_path: Path) -> None:
    out = tmp_path / "r.parquet"
    first = Sweep(small, workers=1, out=out, chunk_size=5)
    first.progress = lambda done, total: first.cancel() if done else None
    first.run()
    with pytest.raises(LandlordError, match="different sweep"):
        run_sweep(small, workers=1, out=out, chunk_size=6)


def test_background_sweep_cancels_and_keeps_partial_rows(small: Scenario, reference: pd.DataFrame) -> None:
    reached = threading.Event()
    release = threading.Event()

    def progress(done: int, total: int) -> None:
        if done >= 10:
            reached.set()
            release.wait(10)

    sw = Sweep(small, workers=2, chunk_size=5, progress=progress).start()
    assert reached.wait(60)
    rows = sw.partial()
    assert 10 <= len(rows) < 48 and sw.running
    # the rows so far are the full sweep's rows (flows no finished game had are not columns yet)
    pd.testing.assert_frame_equal(rows, reference.merge(rows[["cell", "game"]])[list(rows.columns)],
                                  check_dtype=False)
    sw.cancel()
    release.set()
    result = sw.wait(60)
    assert result is not None and not result.complete and not sw.running
    assert len(result.games) == result.done < 48
    key = result.games[["cell", "game"]]
    pd.testing.assert_frame_equal(result.games, reference.merge(key)[list(result.games.columns)],
                                  check_dtype=False)


# -- reproducibility --------------------------------------------------------------------------
def test_result_file_carries_scenario_version_and_seeds(small: Scenario, tmp_path: Path) -> None:
    out = tmp_path / "r.parquet"
    result = run_sweep(small, workers=1, out=out)
    meta = read_metadata(out)
    assert meta["version"] == __version__
    assert meta["scenario"] == SMALL and meta["root_seed"] == "42" and meta["seed_rule"] == "per_cell"
    assert meta["fingerprint"] == small.fingerprint
    again = scenario_of(out)
    assert again.fingerprint == small.fingerprint
    rerun = run_sweep(again, workers=2)
    pd.testing.assert_frame_equal(rerun.games, result.games)


def test_panel_is_the_metrics_panel_of_every_game(small: Scenario, tmp_path: Path) -> None:
    from landlord.analysis.metrics import panel as metrics_panel

    out = tmp_path / "r.parquet"
    result = run_sweep(small, workers=2, out=out, panel=True, chunk_size=5)
    panel = result.panel
    assert panel is not None
    pd.testing.assert_frame_equal(pd.read_parquet(tmp_path / "r.panel.parquet"), panel)
    game = play_cell_game(small, 2, 5)
    mine = panel[(panel["cell"] == 2) & (panel["game"] == 5)].reset_index(drop=True)
    want = metrics_panel(game)
    assert (mine["seed"] == want["game"]).all()
    pd.testing.assert_frame_equal(mine.drop(columns=["cell", "game", "seed"]), want.drop(columns=["game"]),
                                  check_dtype=False)
    players = len(game.players)
    assert len(mine) == (game.turn + 1) * players
    last = mine[mine["turn"] == game.turn].sort_values("seat")
    assert last["cash"].tolist() == [game.cash(s) for s in range(players)]
    assert last["net_worth"].tolist() == [r.total for r in game.results()]
    assert len(panel) == sum((t + 1) * p for t, p in zip(result.games["turns"], result.games["players"], strict=True))


# -- the command line ---------------------------------------------------------------------------
@pytest.mark.slow
def test_cli_sweep_writes_results_and_report(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                             reference: pd.DataFrame) -> None:
    (tmp_path / "small.toml").write_text(SMALL)
    out, rep = tmp_path / "out" / "r.parquet", tmp_path / "rep"
    code = main(["sweep", str(tmp_path / "small.toml"), "--workers", "2", "--out", str(out),
                 "--report", str(rep), "--chunk", "5", "--panel", "--mkdir"])  # out/ is made
    assert code == 0
    text = capsys.readouterr().out
    assert "4 cell(s) x 12 games, root seed 42" in text and "wages=150, players=4" in text
    pd.testing.assert_frame_equal(pd.read_parquet(out), reference)
    for name in ("final_gini", "gini_quartiles", "wins", "flows", "gini_over_turns"):
        for fmt in ("png", "svg", "html"):
            assert (rep / f"{name}.{fmt}").stat().st_size > 1000
    assert (rep / "final_gini.png").read_bytes()[:4] == b"\x89PNG"
    assert "<svg" in (rep / "final_gini.svg").read_text()
    assert "cdn.jsdelivr" not in (rep / "final_gini.html").read_text()  # opens offline
    # the tables behind the charts are the rows' own aggregates
    quart = pd.read_csv(rep / "gini_quartiles.csv")
    means = reference.groupby("cell")["gini_population"].mean()
    assert quart["mean"].round(12).tolist() == means.round(12).tolist()
    hist = pd.read_csv(rep / "final_gini.csv")
    assert hist.groupby("cell_label")["count"].sum().tolist() == [12, 12, 12, 12]
    band = pd.read_csv(rep / "gini_over_turns.csv")
    assert (band[band["turn"] == 0]["n"] == 12).all()  # every game is there at the set-up


@pytest.mark.parametrize(("args", "message"), [
    (["--out", "r.csv"], "--out: give a .parquet file"),
    (["--workers", "-1"], "--workers: must be at least 0"),
    (["--panel"], "--panel: give --out too"),
])
def test_cli_sweep_bad_arguments(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                 args: list[str], message: str) -> None:
    (tmp_path / "small.toml").write_text(SMALL)
    with pytest.raises(SystemExit) as info:
        main(["sweep", str(tmp_path / "small.toml"), *args])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err


def test_cli_sweep_invalid_scenario_is_one_line_naming_file_and_field(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(SMALL.replace("players = [3, 4]", "players = [3, 9]"))
    with pytest.raises(SystemExit) as info:
        main(["sweep", str(path)])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert f"{path}: [grid]: field 'players'" in err and "not 9" in err




@settings(max_examples=12, deadline=None)
@given(chunk=st.integers(1, 13), games=st.integers(1, 12))
def test_rows_do_not_depend_on_the_chunk_size(reference: pd.DataFrame, chunk: int, games: int) -> None:
    """Any chunk size gives the reference rows; fewer games per cell give its first games."""
    from landlord.runs.scenario import scenario_from_text

    s = scenario_from_text(SMALL.replace("games = 12", f"games = {games}"))
    got = run_sweep(s, workers=1, chunk_size=chunk).games
    want = reference[reference["game"] < games].reset_index(drop=True)
    pd.testing.assert_frame_equal(got, want[list(got.columns)], check_dtype=False)


@pytest.mark.slow
def test_ctrl_c_stops_the_command_and_the_same_command_resumes(tmp_path: Path) -> None:
    """Ctrl-C (SIGINT to the whole process group, as a terminal sends it) stops the sweep with
    exit status 130 and a message; the workers do not hang; running it again finishes it."""
    import os
    import signal
    import subprocess
    import time

    path = tmp_path / "s.toml"
    # enough chunks (75) that the sweep is still playing when the signal comes, on a loaded
    # machine too (with 600 games it once finished first in the fast tier: exit status 0)
    path.write_text('[scenario]\nruleset = "magie-1904"\ngames = 1500\nseed = 11\n')
    out = tmp_path / "r.parquet"
    parts = tmp_path / "r.parquet.parts"
    cmd = [sys.executable, "-m", "landlord", "sweep", str(path), "--workers", "2", "--out", str(out), "--chunk", "20"]
    root = Path(__file__).resolve().parents[1]
    proc = subprocess.Popen(cmd, cwd=root, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and not (parts.is_dir() and len(list(parts.glob("c*.parquet"))) >= 2):
        time.sleep(0.05)
    os.killpg(proc.pid, signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "interrupted after" in err and "run the same command again to resume" in err
    assert not out.exists()
    done_before = len(list(parts.glob("c*.parquet")))
    assert 2 <= done_before < 75
    assert main(cmd[3:]) == 0
    full = run_sweep(load_scenario(path), workers=1)
    pd.testing.assert_frame_equal(pd.read_parquet(out), full.games)


def test_a_lost_worker_is_a_clear_error_and_finished_chunks_are_kept(small: Scenario, tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """A failure outside any game (here: a worker process killed) stops the sweep with a
    LandlordError naming the chunk; what finished stays in the .parts folder."""
    chunks = sweep_mod.plan(small, 5)
    monkeypatch.setattr(sweep_mod, "run_chunk", _die_on_cell_1)
    out = tmp_path / "r.parquet"
    # every chunk still pending in a broken pool is lost; the first one seen is named
    lost = r"chunk c\d{5}-g\d{7} \(cell \d, games \d+\.\.\d+\) was lost outside any game: BrokenProcessPool"
    with pytest.raises(LandlordError, match=lost):
        run_sweep(small, workers=2, out=out, chunk_size=5)
    assert not out.exists()
    kept = {p.name.removesuffix(".parquet") for p in (tmp_path / "r.parquet.parts").glob("c*.parquet")}
    assert kept and kept <= {c.name for c in chunks[:-1]}


@pytest.mark.parametrize("method", ["fork", "forkserver"])
def test_both_start_methods_give_the_same_rows(small: Scenario, reference: pd.DataFrame,
                                               monkeypatch: pytest.MonkeyPatch, method: str) -> None:
    monkeypatch.setattr(sweep_mod, "start_method", lambda: method)
    pd.testing.assert_frame_equal(run_sweep(small, workers=2, chunk_size=6).games, reference)


def test_fork_only_from_a_single_threaded_process() -> None:
    """DECISION: fork (instant) only when no other Python thread runs; else the fork server."""
    assert sweep_mod.start_method() in ("fork", "forkserver")
    seen: list[str] = []
    worker = threading.Thread(target=lambda: seen.append(sweep_mod.start_method()))
    blocker = threading.Event()
    idle = threading.Thread(target=blocker.wait)
    idle.start()
    try:
        worker.start()
        worker.join()
    finally:
        blocker.set()
        idle.join()
    assert seen == ["forkserver"]


def test_gini_over_turns_is_the_mean_of_each_games_gini() -> None:
    """Worked by hand: two 2-seat games; after turn 1 one game is (0, 100) — Gini (n−1)/n = 0.5
    in the population form — and the other (100, 100) — Gini 0 — so the mean is 0.25."""
    from landlord.runs.report import gini_by_turn

    panel = pd.DataFrame({
        "cell": [0] * 8, "game": [0, 0, 0, 0, 1, 1, 1, 1], "turn": [0, 0, 1, 1] * 2,
        "seat": [0, 1] * 4, "net_worth": [100, 100, 0, 100, 100, 100, 100, 100],
    })
    games = pd.DataFrame({"cell": [0, 0], "cell_label": ["base", "base"]})
    band = gini_by_turn(panel, games)
    assert band["turn"].tolist() == [0, 1] and band["n"].tolist() == [2, 2]
    assert band["mean"].tolist() == [0.0, 0.25]
    assert band.loc[1, "lo"] < 0.25 < band.loc[1, "hi"]
