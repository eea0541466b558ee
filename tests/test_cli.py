"""The ``landlord`` command: simulate, replay, rulesets; bad arguments give one line and exit 2."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest
from conftest import run_cli as run


def test_simulate_prints_summary_and_writes_one_row_per_game(capsys, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    out_file = tmp_path / "games.csv"
    code, out, _ = run(capsys, "simulate", "--ruleset", "magie-1904", "--players", "4", "--games", "30",
                       "--seed", "5", "--out", str(out_file))
    assert code == 0
    assert "winners by strategy" in out and "mean game length" in out
    assert "Gini of final wealth, population form" in out
    df = pd.read_csv(out_file)
    assert len(df) == 30 and list(df["seed"]) == list(range(5, 35))
    assert {"gini_population", "gini_sample", "winner_strategy", "turns"} <= set(df.columns)


def test_simulate_parquet_output_and_workers_give_the_same_rows(capsys, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    one, two = tmp_path / "one.parquet", tmp_path / "two.parquet"
    assert run(capsys, "simulate", "--games", "20", "--out", str(one))[0] == 0
    assert run(capsys, "simulate", "--games", "20", "--workers", "2", "--out", str(two))[0] == 0
    pd.testing.assert_frame_equal(pd.read_parquet(one), pd.read_parquet(two))


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["simulate", "--games", "0"], "--games: must be at least 1"),
        (["simulate", "--games", "many"], "--games: expected a whole number"),
        (["simulate", "--ruleset", "chess"], "unknown ruleset 'chess'"),
        (["simulate", "--players", "9"], "--players: magie-1904 takes 2 to 6 players, not 9"),
        (["simulate", "--strategies", "landlord,wizard"], "unknown strategy 'wizard'"),
        (["simulate", "--out", "x.xlsx"], "--out: give a .csv or .parquet file"),
        (["simulate", "--seed", "x"], "--seed: expected a whole number"),
        (["fly"], "invalid choice: 'fly'"),
        (["replay", "--game", "/nonexistent/game.json"], "file not found"),
    ],
)
def test_bad_arguments_one_line_message_and_exit_status_2(capsys, argv: list[str], needle: str) -> None:  # type: ignore[no-untyped-def]
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert needle in err
    assert len(err.strip().splitlines()) == 1


def test_replay_prints_a_readable_transcript(capsys) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = run(capsys, "replay", "--seed", "3", "--players", "3")
    assert code == 0
    assert "paid $500 start cash" in out and "The game is over" in out
    assert out.strip().splitlines()[-1].startswith("Player ")


def test_rulesets_lists_every_ruleset_and_phase_with_its_source(capsys) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = run(capsys, "rulesets", "--long")
    assert code == 0
    assert "magie-1904: The Landlord's Game (1904 patent)" in out
    assert "source: US Patent 748,626" in out and "phase landlord (default)" in out
    assert "magie-1904-no-tickets (override of magie-1904)" in out
