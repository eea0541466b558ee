"""The scenario lab's answers in plain words (HTML): a comparison's interval and verdict
(:mod:`landlord.analysis.tally`), and a class's results beside the simulated games."""

from __future__ import annotations

import html

import pandas as pd

from landlord.analysis.lab import LabRun
from landlord.analysis.tally import Comparison, Tally


def _spread(values: pd.Series) -> str:
    return f"from {values.min():.2f} to {values.max():.2f} (average {values.mean():.2f})"


def class_words(classes: pd.DataFrame, run: LabRun) -> str:
    """The class's results beside the simulated games, in plain words (HTML)."""
    parts = ["<p>The Gini measures how unequal the players' money is at the end of a game: 0 means "
             "everyone ends equally rich, 1 means one player has everything.</p><ul>"]
    for regime, part in classes.groupby("regime", sort=False):
        n = len(part)
        parts.append(f"<li>Your class, with <i>{html.escape(str(regime))}</i> in force at the end: {n} "
                     f"table{'s' if n != 1 else ''}, final Gini {_spread(part['gini_population'])}.</li>")
    games = run.results
    if not games.empty:
        g = classes["gini_population"]
        for name, part in games.groupby("scenario", sort=False):
            sims = part["gini_population"].dropna()
            if sims.empty:
                continue
            inside = int(((g >= sims.min()) & (g <= sims.max())).sum())
            parts.append(f"<li>Computer players, <i>{html.escape(str(name))}</i>: {len(sims)} games, final Gini "
                         f"{_spread(sims)}. {inside} of your class's {len(g)} tables ended inside that "
                         f"range.</li>")
    else:
        parts.append("<li>Press <b>Run</b> to play the computer players' games beside your class.</li>")
    return "".join(parts) + "</ul>"


def interval_words(c: Comparison) -> str:
    """A comparison's difference and its interval in plain words (HTML), with the games it
    stands on and whether on the same seeds."""
    lo, hi = c.mean - c.half, c.mean + c.half
    how = "on the same seeds" if c.paired else "on different seeds"
    return (f"final Gini of <b>{html.escape(c.name)}</b> minus <b>{html.escape(c.base)}</b>: {c.mean:+.3f} "
            f"± {c.half:.3f} (from {lo:+.3f} to {hi:+.3f}), {c.n} games of each {how}")


def verdict_words(c: Comparison, smallest: float) -> str:
    """A comparison's answer in plain words (HTML)."""
    name, base = html.escape(c.name), html.escape(c.base)
    lo, hi = c.mean - c.half, c.mean + c.half
    if c.verdict == "direction":
        more = "less equal" if c.mean > 0 else "more equal"
        side = "higher" if c.mean > 0 else "lower"
        a, b = sorted((abs(lo), abs(hi)))
        small = f" — smaller than the {smallest:g} you said matters" if b < smallest else ""
        return (f"<b>{name}</b> ends {more} than <b>{base}</b>: its final Gini is {side} by "
                f"{a:.3f} to {b:.3f}{small}.")
    if c.verdict == "no difference":
        return (f"No difference as large as {smallest:g} between <b>{name}</b> and <b>{base}</b>: "
                f"the difference in final Gini lies between {lo:+.3f} and {hi:+.3f}.")
    return f"Not clear yet for <b>{name}</b> against <b>{base}</b>."


def answer_html(tally: Tally | None, running: bool = False) -> str:
    """The comparison in plain words: each scenario against the first, with its interval,
    and whether (and after how many games) the answer is clear (HTML; nothing before two
    scenarios have played)."""
    if tally is None or len(tally.cells) < 2 or not tally.played:
        return ""
    comps = tally.comparisons()
    smallest = tally.smallest
    lines = [f"<li>{interval_words(c)} (95%, valid however often you look).</li>" for c in comps]
    if tally.settled_at is not None:
        head = (f"<p><b>Clear after {tally.settled_at} games of each scenario.</b> "
                + " ".join(verdict_words(c, smallest) for c in comps)
                + " Press <b>Play more games</b> to go on.</p>")
    elif running:
        head = (f"<p>Not clear yet after {tally.played} games of each scenario: the lab stops itself once "
                f"it knows which way and about how much, or that there is no difference as large as "
                f"{smallest:g}.</p>" if tally.until_clear else f"<p>{tally.played} games of each so far.</p>")
    else:
        said = " ".join(verdict_words(c, smallest) for c in comps)
        head = f"<p>After {tally.played} games of each scenario: {said}</p>"
    return head + "<ul>" + "".join(lines) + "</ul>"
