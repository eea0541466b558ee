"""``--position FILE`` on the commands that play games (simulate, replay, chart): games start
from the described position through the same API the tests use (``load_position``,
``Game(position=...)``); a bad file gives one line naming file, entry and field, status 2."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest
from conftest import run_cli as run

from landlord.data.loader import load_ruleset
from landlord.data.position import load_position
from landlord.engine.narrate import transcript
from landlord.runs.simulate import play_one, seat_strategies

ROOT = Path(__file__).resolve().parents[1]
BUILT_UP = ROOT / "data" / "positions" / "monopoly-built-up.toml"
HOUSES = ROOT / "data" / "positions" / "magie-1906-houses-and-loans.toml"
BOTS = ("landlord", "tenant", "speculator")


def _game(path: Path, seed: int, ruleset: str | None = None):  # type: ignore[no-untyped-def]
    position = load_position(path)
    rs = load_ruleset(ruleset or position.ruleset or "")
    return play_one(rs, seat_strategies(BOTS, len(position.seats)), seed, log=True, position=position)


def test_replay_from_a_position_is_the_game_the_api_plays_on_the_positions_own_ruleset(capsys) -> None:  # type: ignore[no-untyped-def]
    """No --ruleset and no --players: the position's own ruleset (Monopoly) and its four seats;
    the transcript is the one of ``Game(position=...)`` with the same bots and seed, and not the
    one of the rules' own opening."""
    code, out, err = run(capsys, "replay", "--position", str(BUILT_UP), "--seed", "3")
    assert code == 0, err
    g = _game(BUILT_UP, 3)
    assert out.startswith(transcript(g.events or [], g.names, g.board, g.family))
    plain = play_one(load_ruleset("monopoly"), seat_strategies(BOTS, 4), 3, log=True)
    assert not out.startswith(transcript(plain.events or [], plain.names, plain.board, plain.family))


def test_simulate_from_a_position_plays_every_game_from_it(capsys, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    out_file = tmp_path / "games.csv"
    code, out, err = run(capsys, "simulate", "--position", str(HOUSES), "--games", "4", "--seed", "7",
                         "--out", str(out_file))
    assert code == 0, err
    assert "from the position “Houses on a whole section" in out and "4 players" in out
    assert "Landlord's Game" in out or "1906" in out
    df = pd.read_csv(out_file)
    assert list(df["turns"]) == [_game(HOUSES, s).turn for s in range(7, 11)]


def test_chart_from_a_position_draws_that_game(capsys, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    svg = tmp_path / "wealth.svg"
    code, out, err = run(capsys, "chart", "wealth", "--position", str(BUILT_UP), "--out", str(svg))
    assert code == 0, err
    assert svg.stat().st_size > 0 and "wrote" in out


def _bad_seat_file(tmp_path: Path) -> Path:
    p = tmp_path / "bad.toml"
    p.write_text('title = "Too rich"\nruleset = "magie-1904"\n[[seat]]\ncash = "lots"\n[[seat]]\n', "utf-8")
    return p


@pytest.mark.parametrize(
    ("argv", "needles"),
    [
        (["replay", "--position", "{tmp}/missing.toml"], ["--position: no position file", "missing.toml"]),
        (["simulate", "--position", "{bad}"], ["bad.toml: seat 1: field 'cash': expected a whole number"]),
        (["replay", "--position", str(HOUSES), "--players", "3"],
         ["magie-1906-houses-and-loans.toml", "field 'seat'", "4 seats described for a game of 3"]),
        (["replay", "--position", str(HOUSES), "--ruleset", "monopoly"],
         ["magie-1906-houses-and-loans.toml: seat 1: field 'luxuries'", "monopoly rules have no rule"]),
        (["replay", "--position", str(HOUSES), "--game", "{tmp}/saved.json"],
         ["--position: a saved game (--game) starts from its own position"]),
        (["chart", "landing", "--position", str(HOUSES), "--out", "{tmp}/x.svg"],
         ["--position: the landing chart plays no game"]),
    ],
)
def test_a_bad_position_gives_one_line_naming_file_entry_and_field(  # type: ignore[no-untyped-def]
        capsys, tmp_path: Path, argv: list[str], needles: list[str]) -> None:
    bad = _bad_seat_file(tmp_path)
    code, out, err = run(capsys, *[a.format(tmp=tmp_path, bad=bad) for a in argv])
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1
    for needle in needles:
        assert needle in err


def test_simulate_from_a_position_on_two_workers_gives_the_same_rows(capsys, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """The position travels to the worker processes with each batch of games."""
    one, two = tmp_path / "one.csv", tmp_path / "two.csv"
    two_landlords = str(ROOT / "data" / "positions" / "magie-1904-two-landlords.toml")
    assert run(capsys, "simulate", "--position", two_landlords, "--games", "4", "--out", str(one))[0] == 0
    assert run(capsys, "simulate", "--position", two_landlords, "--games", "4", "--workers", "2",
               "--out", str(two))[0] == 0
    pd.testing.assert_frame_equal(pd.read_csv(one), pd.read_csv(two))
    plain = tmp_path / "plain.csv"
    assert run(capsys, "simulate", "--ruleset", "magie-1904-no-tickets", "--games", "4", "--out", str(plain))[0] == 0
    assert not pd.read_csv(one).equals(pd.read_csv(plain))
