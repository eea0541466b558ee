"""The per-turn net worth alone (``Game(worths=True)``, the rules' ``totals()``, a sweep's
``panel="worth"``): the same numbers as the whole count's ``total`` at every turn."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from landlord.data.loader import load_ruleset, ruleset_ids
from landlord.engine.phases import parse_switch
from landlord.runs.scenario import load_scenario
from landlord.runs.simulate import play_one
from landlord.runs.sweep import run_sweep

BOTS = ("landlord", "tenant", "speculator", "random")


def _switches(rid: str) -> list[tuple[str, ...]]:
    """As printed, and every other phase from turn 12 (the single tax, the 1913 Parts, ...)."""
    rs = load_ruleset(rid)
    return [(), *((f"{name}@turn:12",) for name in rs.phases if name != rs.default_phase)]


@pytest.mark.parametrize("rid", ruleset_ids())
def test_totals_are_the_counts_total_at_every_turn(rid: str) -> None:
    """``totals()`` after every turn (and now) is each seat's ``total`` in ``results()`` then,
    in seat order, in every ruleset and phase, over whole bot games."""
    rs = load_ruleset(rid)
    for regime in _switches(rid):
        for seed in (3, 4):
            game = play_one(rs, BOTS[:rs.players_max], seed, snapshots=True, worths=True,
                            triggers=[parse_switch(t) for t in regime])
            assert game.snapshots is not None and game.worths is not None
            assert len(game.worths) == len(game.snapshots) == game.turn > 0
            for (turn, totals), snap in zip(game.worths, game.snapshots, strict=True):
                assert [c.seat for c in snap.rows] == list(range(len(game.players)))
                assert turn == snap.turn and totals == tuple(c.total for c in snap.rows), (rid, regime, seed, turn)
            assert game.rules.totals() == tuple(c.total for c in game.results())


def test_worths_do_not_change_the_game() -> None:
    """Keeping the net worths plays the same game (same turns, same count)."""
    rs = load_ruleset("magie-1906")
    a = play_one(rs, BOTS, 7)
    b = play_one(rs, BOTS, 7, worths=True)
    assert a.entries == b.entries and a.results() == b.results()


def test_worth_panel_is_the_full_panels_net_worth(tmp_path: Path) -> None:
    """A sweep's ``panel="worth"`` is the full panel's ``cell, game, seed, turn, seat,
    net_worth``, row for row."""
    path = tmp_path / "s.toml"
    path.write_text('[scenario]\ntitle = "w"\nruleset = "magie-1904"\nplayers = 4\ngames = 6\nseed = 5\n'
                    '[grid]\n"tax.start" = ["never", "turn:10"]\n[tax]\nphase = "single_tax"\n')
    scenario = load_scenario(path)
    full = run_sweep(scenario, workers=1, panel=True, chunk_size=4).panel
    worth = run_sweep(scenario, workers=1, panel="worth", chunk_size=4).panel
    assert full is not None and worth is not None
    cols = ["cell", "game", "seed", "turn", "seat", "net_worth"]
    assert list(worth.columns) == cols
    pd.testing.assert_frame_equal(worth, full[cols], check_dtype=False)
