"""The lessons' reveals that play or compute when a student opens them (lessons 1, 2, 4 and 5):
each returns the widget a :class:`landlord.widgets.reveal.Reveal` shows. The games and numbers
come from the kit's runners and analysis; this module only chooses them and lays them out.
(Lesson 3's reveals are :mod:`landlord.widgets.decomposition`.)"""

from __future__ import annotations

import html

import ipywidgets as w
import pandas as pd

from landlord.analysis import metrics, stats
from landlord.charts import figures as charts
from landlord.charts.dressing import sized
from landlord.charts.fit import PLOT, projector
from landlord.data.loader import load_ruleset
from landlord.engine import landing
from landlord.rules.families import movement_for
from landlord.runs import measures
from landlord.runs.keep_lessons import LESSON_BOTS, RICHEST_KEPT, SINGLE_TAX_KEPT, WAGES_KEPT, wages_scenario

from .measures import html_box, land_buyers_html, table_html, wins_per_seat_html
from .words import final_gini_title, no_ids

FIT = "<style>.ll-fit .vega-embed, .ll-fit .vega-embed svg {max-width: 100%; height: auto;}</style>"
"""A chart in a :func:`fitted` box is drawn no wider than the box (smaller, never cut off)."""


def fitted(chart: w.DOMWidget) -> w.VBox:
    """``chart`` in a box that shrinks it to the width it is given when it is wider."""
    box = w.VBox([chart, w.HTML(FIT)], layout=w.Layout(max_width="100%"))
    box.add_class("ll-fit")
    return box


BOTS = list(LESSON_BOTS)
"""The computer players of every lesson's games (the fourth seat, where there is one, a second
landlord)."""


def richest_in_games(games: int = 200) -> w.Widget:
    """Lesson 1: who ended richest in ``games`` games of the 1904 patent game played by the bots,
    and the histogram of their final Gini."""
    rows = measures.simulated("magie-1904", [*BOTS, "landlord"], range(games), kept=RICHEST_KEPT)
    hist = metrics.histogram(rows.assign(regime="landlord rules"), "gini_population", "regime")
    return w.VBox([html_box(wins_per_seat_html(rows), land_buyers_html(rows)),
                   charts.jupyter_chart(charts.final_gini_chart(hist, title=final_gini_title()))])


SINGLE_TAX_WHEN = {"never": "landlord rules all game", "start": "single tax from the start",
                   "turn:20": "single tax from turn 20"}
"""Lesson 2's three ways to play the 1906 game, in plain words."""


def single_tax_final_gini(games: int = 100) -> w.Widget:
    """Lesson 2: the final Gini of ``games`` games of Magie's 1906 game on the same dice, under
    landlord rules all game, the single tax from the start and from turn 20."""
    scenario = measures.single_tax_1906(BOTS, games, list(SINGLE_TAX_WHEN))
    rows = measures.finals_by_cell(scenario, kept=SINGLE_TAX_KEPT).assign(
        rules=lambda g: g["tax_start"].map(SINGLE_TAX_WHEN))
    hist = metrics.histogram(rows, "gini_population", "rules", bins=15)
    chart = charts.final_gini_chart(hist, by="rules", form="population form", title=final_gini_title())
    return w.VBox([charts.jupyter_chart(chart), w.HTML(finals_html(rows, games))])


def finals_html(rows: pd.DataFrame, games: int) -> str:
    """Lesson 2's final reveal in numbers: each way's mean final Gini with its 95% interval, its
    lowest and highest, and which way left wealth most evenly spread."""
    table = stats.interval_table(rows, x="rules", y="gini_population", bounds=(0.0, 1.0))
    spread = rows.groupby("rules")["gini_population"].agg(["min", "max"])
    ways: dict[str, dict[str, float]] = {
        str(r["rules"]): {"mean": float(r["mean"]), "lo": float(r["lo"]), "hi": float(r["hi"]),
                          "min": float(spread.loc[r["rules"], "min"]), "max": float(spread.loc[r["rules"], "max"])}
        for _, r in table.iterrows()}
    order = [r for r in SINGLE_TAX_WHEN.values() if r in ways]
    body = [[k, f"{ways[k]['mean']:.3f}", f"{ways[k]['lo']:.3f} to {ways[k]['hi']:.3f}",
             f"{ways[k]['min']:.3f} to {ways[k]['max']:.3f}"] for k in order]
    low, nxt = sorted(order, key=lambda k: ways[k]["mean"])[:2]
    said = (f"In these {games} games a way, on the same dice, wealth ended most evenly spread with {low}: mean "
            f"final Gini {ways[low]['mean']:.3f} (0 = everyone equal, 1 = one player has everything), "
            f"against {ways[nxt]['mean']:.3f} with {nxt}.")
    said += (" Their 95% intervals overlap, so these games cannot tell those two apart."
             if ways[low]["hi"] >= ways[nxt]["lo"] else " Their 95% intervals do not overlap.")
    return (f"<p>{html.escape(said)}</p>"
            + table_html(f"Final Gini of {games} games each way (the same dice)",
                         ["rules", "mean final Gini", "95% interval", "lowest to highest"], body))


STREET_COLUMNS = {"name": "street", "probability": "share of throws ending here", "rent": "printed rent ($)",
                  "expected_rent": "rent it earns per throw, on average ($)"}
"""Lesson 4's table of streets, its columns in plain words."""


def streets_landed_on_most(top: int = 5) -> w.Widget:
    """Lesson 4: Monopoly's ``top`` streets by the long-run share of throws that end on them
    (the exact landing chain of the board, its cards and Jail), with the rent each earns per
    throw, and the chart of every space."""
    monopoly = load_ruleset("monopoly")
    chances = landing.exact(movement_for(monopoly))
    value = landing.location_values(monopoly, chances)
    streets = value[value["kind"] == "street"].sort_values("probability", ascending=False).head(top)
    rows = [(str(s["name"]), f"{s['probability']:.2%}", f"{s['rent']:,}", f"{s['expected_rent']:.2f}")
            for _, s in streets.iterrows()]
    html = table_html(f"The {top} streets landed on most", list(STREET_COLUMNS.values()), rows)
    return w.VBox([w.HTML(html), charts.jupyter_chart(charts.landing_chart(landing.frame(monopoly.board, chances)))])


WAGE_RULES = {"never": "landlord rules", "start": "single tax from the start"}
"""Lesson 5's two ways to play, in plain words."""


def wages_against_single_tax(games: int = 100) -> w.Widget:
    """Lesson 5: the mean final Gini (± its 95% interval) of ``games`` games of the 1904 game at
    each of four wages, under landlord rules and under the single tax from the start."""
    rows = measures.finals_by_cell(wages_scenario(BOTS, games), kept=WAGES_KEPT).assign(
        rules=lambda g: g["tax_start"].map(WAGE_RULES))
    band = stats.interval_table(rows, x="wages", y="gini_population", by="rules").rename(columns={"wages": "wage"})
    chart = charts.mean_interval_chart(band, x="wage", by="rules", y_title="final Gini",
                                       title="Mean final Gini ± 95% interval, by wages and tax")
    # on the lab's page, drawn as the lab's charts are: whole on a phone (its legend below it)
    return fitted(charts.jupyter_chart(projector(sized(chart, width=PLOT, height=220), words=band["rules"])))


def location_value_boards() -> w.Widget:
    """Lesson 4: Magie's 1904 board and Monopoly's side by side, each lot coloured by the rent it
    earns per throw on average (its exact landing share × its printed rent; each board its own
    colour scale)."""
    frames = []
    for rid in ("magie-1904", "monopoly"):
        rs = load_ruleset(rid)
        value = landing.location_values(rs, landing.exact(movement_for(rs)))
        board = metrics.board_frame(rs.board, value=dict(zip(value["index"], value["expected_rent"], strict=True)))
        frames.append(board.assign(kind=board["kind"].map(no_ids)))  # the tooltip's kind of space, in words
    pair = [charts.board_chart(b, color="value", title=f"{t}: expected rent per throw", cell=26)
            for b, t in zip(frames, ("Magie 1904", "Monopoly"), strict=True)]
    return charts.jupyter_chart((pair[0] | pair[1]).resolve_scale(color="independent"))
