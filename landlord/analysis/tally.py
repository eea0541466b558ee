"""The scenario lab's stop rule: a run's games counted in as they arrive (:class:`Tally`), each
scenario against the first (:class:`Comparison`) at 95% over them all, and a stop at the first
count at which every comparison is answered (:func:`landlord.analysis.stats.verdict`). It takes
plain values — each game's final Gini, each turn's net worths — never a sweep."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

from landlord.analysis.stats import ALPHA, difference_interval, sums_interval, verdict
from landlord.engine.inequality import measures_array


@dataclass(frozen=True)
class Comparison:
    """One cell against the first: the mean of (final Gini of ``name`` − of ``base``), its
    half-width valid under repeated looks, the games it stands on, whether on the same seeds,
    and the stop rule's verdict (:func:`landlord.analysis.stats.verdict`) or None."""

    base: str
    name: str
    mean: float
    half: float
    n: int
    paired: bool
    verdict: str | None


class Tally:
    """A run's games so far, counted in a cell's games at a time in seed order: each cell's final
    Ginis in game order, each turn's Gini summed per cell (the mean Gini over turns without going
    over the panel again), and, after every count that completes a game count for every cell,
    the stop rule: each cell against the first, at 95% over them all (α split between the
    comparisons), paired when the cells play the same seeds. It stops at the first count at
    which every comparison is answered, so where it stops depends on the seeds only, never on
    how fast games came."""

    def __init__(self, cells: Sequence[int], names: Mapping[int, str], smallest: float, paired: bool,
                 until_clear: bool = True) -> None:
        """``cells``: the cells' indexes, the first the one the others are compared with;
        ``names``: each cell's name; ``smallest``: the smallest difference in final Gini that
        matters; ``paired``: every cell plays the same seeds; ``until_clear``: stop once clear."""
        self.cells, self.names = list(cells), dict(names)
        self.smallest, self.paired, self.until_clear = smallest, paired, until_clear
        self.gini: dict[int, list[float]] = {c: [] for c in self.cells}
        self.by_turn: dict[int, np.ndarray] = {}
        self.settled_at: int | None = None
        self.checked = 0

    @property
    def played(self) -> int:
        """Games played in every cell (the count the comparisons stand on)."""
        return min(len(v) for v in self.gini.values())

    @property
    def total(self) -> int:
        """Games played over all cells."""
        return sum(len(v) for v in self.gini.values())

    def add(self, cell: int, gini: Iterable[float], turns: np.ndarray | None = None,
            worths: np.ndarray | None = None) -> bool:
        """Count games of ``cell`` in: their final Ginis in game order (NaN for a game that
        failed), and, given, their per-turn panel as each row's turn and the seats' net worths
        after it (a 2-D array, one row per game × turn: what
        :func:`landlord.engine.inequality.measures_array` takes). True when with them the stop
        rule says the answer is clear."""
        self.gini[cell].extend(gini)
        if turns is not None and worths is not None:
            x = measures_array(worths, ["gini_population"])["gini_population"]
            sums = np.stack([np.bincount(turns).astype(float), np.bincount(turns, x), np.bincount(turns, x * x)])
            old = self.by_turn.get(cell)
            if old is not None and old.shape[1] < sums.shape[1]:
                old = np.pad(old, ((0, 0), (0, sums.shape[1] - old.shape[1])))
            elif old is not None:
                sums = np.pad(sums, ((0, 0), (0, old.shape[1] - sums.shape[1])))
            self.by_turn[cell] = sums if old is None else old + sums
        if self.until_clear and self.settled_at is None and len(self.cells) > 1 and self.played > self.checked:
            self.checked = self.played
            if all(c.verdict for c in self.comparisons()):
                self.settled_at = self.played
                return True
        return False

    def comparisons(self) -> list[Comparison]:
        """Each cell against the first, on the games every cell has played so far."""
        n = self.played
        first = self.cells[0]
        alpha = ALPHA / max(1, len(self.cells) - 1)
        out = []
        for c in self.cells[1:]:
            a, b = np.asarray(self.gini[first][:n]), np.asarray(self.gini[c][:n])
            if self.paired:
                keep = ~(np.isnan(a) | np.isnan(b))
                m, h, k = difference_interval(a[keep], b[keep], True, alpha)
            else:
                m, h, k = difference_interval(a[~np.isnan(a)], b[~np.isnan(b)], False, alpha)
            out.append(Comparison(self.names[first], self.names[c], m, h, k, self.paired,
                                  verdict(m, h, self.smallest, k)))
        return out

    def band(self) -> pd.DataFrame:
        """The mean Gini over turns so far (:func:`landlord.analysis.metrics.gini_by_turn`'s frame:
        ``scenario, turn, mean, lo, hi, n``, mean ± 1.96·s/√n clipped to [0, 1]:
        :func:`landlord.analysis.stats.sums_interval` of each turn's sums)."""
        frames = []
        for cell in self.cells:
            sums = self.by_turn.get(cell)
            if sums is None:
                continue
            n, s1, s2 = sums
            turns = np.flatnonzero(n)
            n, s1, s2 = n[turns], s1[turns], s2[turns]
            mean, half = sums_interval(n, s1, s2)
            frames.append(pd.DataFrame({"scenario": self.names[cell], "turn": turns, "mean": mean,
                                        "lo": np.clip(mean - half, 0, 1), "hi": np.clip(mean + half, 0, 1),
                                        "n": n.astype(int)}))
        if not frames:
            return pd.DataFrame(columns=["scenario", "turn", "mean", "lo", "hi", "n"])
        return pd.concat(frames, ignore_index=True)
