"""The scenario lab's numbers and stop rule on plain values (:mod:`landlord.analysis.lab`,
:mod:`landlord.analysis.tally`): no sweep, no widget — final Ginis and net worths in, the
comparisons, the Gini band and the tables out."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from landlord.analysis.lab import LabRun, class_beside, paired_difference, summary_table
from landlord.analysis.stats import MIN_VALUES, mean_interval, sums_interval
from landlord.analysis.tally import Tally
from landlord.engine.inequality import gini


def spread(centre: float, n: int, seed: int) -> list[float]:
    """``n`` final Ginis around ``centre`` (a small spread, as a clear comparison has)."""
    return list(centre + np.random.default_rng(seed).normal(0.0, 0.02, n))


def test_the_stop_rule_stops_at_the_first_count_that_answers() -> None:
    """Fed ten games of each cell at a time, the tally gives no answer before MIN_VALUES games
    and stops at the first count at which every comparison is clear: here B ends lower."""
    tally = Tally([0, 1], {0: "A", 1: "B"}, smallest=0.01, paired=True)
    a, b = spread(0.5, 200, 1), spread(0.4, 200, 2)
    stopped = None
    for start in range(0, 200, 10):
        tally.add(0, a[start:start + 10])
        if tally.add(1, b[start:start + 10]):
            stopped = tally.played
            break
    assert stopped == MIN_VALUES == tally.settled_at
    (c,) = tally.comparisons()
    assert (c.base, c.name, c.paired, c.verdict, c.n) == ("A", "B", True, "direction", MIN_VALUES)
    assert math.isclose(c.mean, float(np.mean(np.subtract(b[:100], a[:100]))))


def test_the_same_games_under_both_rules_show_no_difference_and_a_failed_game_counts_in_neither() -> None:
    tally = Tally([0, 1], {0: "A", 1: "B"}, smallest=0.01, paired=True)
    same = spread(0.5, MIN_VALUES + 1, 3)
    tally.add(0, [math.nan, *same[1:]])
    assert tally.add(1, same)
    (c,) = tally.comparisons()
    assert c.verdict == "no difference" and c.n == MIN_VALUES and c.mean == 0.0


def test_until_clear_off_never_stops_and_one_cell_compares_nothing() -> None:
    tally = Tally([0, 1], {0: "A", 1: "B"}, smallest=0.01, paired=False, until_clear=False)
    assert not tally.add(0, spread(0.5, 150, 4)) and not tally.add(1, spread(0.3, 150, 5))
    assert tally.settled_at is None and tally.comparisons()[0].verdict == "direction"
    alone = Tally([0], {0: "A"}, smallest=0.01, paired=True)
    assert not alone.add(0, spread(0.5, 150, 6)) and alone.comparisons() == []


def test_the_band_is_each_turns_mean_gini_over_the_games() -> None:
    """Two games of two seats, turn by turn: the band's mean is the mean of the two Ginis of each
    turn, its n the games that reached it."""
    tally = Tally([0], {0: "A"}, smallest=0.01, paired=True)
    turns = np.array([0, 1, 2, 0, 1])
    worths = np.array([[100.0, 100.0], [150.0, 50.0], [200.0, 0.0], [100.0, 100.0], [120.0, 80.0]])
    tally.add(0, [0.5, 0.1], turns, worths)
    band = tally.band()
    assert band["n"].tolist() == [2, 2, 1] and set(band["scenario"]) == {"A"}
    expect = (gini([150, 50], "population") + gini([120, 80], "population")) / 2
    assert math.isclose(band.loc[band["turn"] == 1, "mean"].iloc[0], expect)
    assert (band["lo"] <= band["mean"]).all() and (band["mean"] <= band["hi"]).all()


def test_the_run_tables_read_plain_rows() -> None:
    """The summary, the paired difference (on the seeds both played) and the class beside the
    simulated games, from a run's rows."""
    rows = pd.DataFrame({"scenario": ["A", "A", "A", "B", "B"], "seed": [1, 2, 3, 1, 2],
                         "gini_population": [0.5, 0.6, 0.7, 0.4, 0.4], "turns": [10, 20, 30, 10, 10],
                         "in_poorhouse": [0, 1, 0, 0, 0]})
    run = LabRun(rows)
    table = summary_table(run)
    assert table["scenario"].tolist() == ["A", "B"] and table["games"].tolist() == [3, 2]
    assert table["final Gini (mean)"].tolist() == [0.6, 0.4] and table["turns (mean)"].tolist() == [20.0, 10.0]
    m, _, n = paired_difference(run, "A", "B")
    assert n == 2 and math.isclose(m, ((0.4 - 0.5) + (0.4 - 0.6)) / 2)
    classes = pd.DataFrame({"table": [1], "regime": ["The Single Tax"], "gini_population": [0.3]})
    mine, bots = class_beside(classes, run)
    assert mine["regime"].tolist() == ["Your class: The Single Tax"]
    assert bots["regime"].tolist() == ["Simulated: A"] * 3 + ["Simulated: B"] * 2


def test_the_interval_from_running_sums_is_the_interval_of_the_values() -> None:
    values = [[0.2, 0.4, 0.9], [0.5]]
    n = np.array([len(v) for v in values], dtype=float)
    mean, half = sums_interval(n, np.array([sum(v) for v in values]), np.array([sum(x * x for x in v) for v in values]))
    for k, v in enumerate(values):
        m, h = mean_interval(v)
        assert math.isclose(mean[k], m) and math.isclose(half[k], h, abs_tol=1e-12)
