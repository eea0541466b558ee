"""Lesson 3's two reveals: the 1913 game's Parts played alone, and Part 3 taken apart.

Each view plays its games when a student opens the reveal (:class:`landlord.widgets.reveal.Reveal`) and
says what they show in plain words beside the figures, with the 1913 text's own claims quoted
beside what the kit measures. Numbers come from :mod:`landlord.runs.decompose`; this module only
words and lays them out.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

import ipywidgets as w

from landlord.analysis import metrics
from landlord.charts import figures as charts
from landlord.data.loader import load_ruleset
from landlord.runs.decompose import Decomposition, british1913, british1913_parts, british1913_parts_summary

from .measures import table_html
from .words import final_gini_title

BOARD_NOTE = ("These are the kit's reconstructed board and computer players (a landlord in two seats, a "
              "tenant who buys no land, a speculator), not the 1913 board, which does not survive.")
"""Said under every figure of the 1913 game."""


def _money(x: float) -> str:
    return f"£{x:,.0f}"


def _share(x: float) -> str:
    return f"{x:.0%}"


def _list(items: Sequence[str]) -> str:
    return "<ul>" + "".join(f"<li>{escape(i)}</li>" for i in items) + "</ul>"


def parts_view(games: int = 200) -> w.Widget:
    """Each Part played alone ``games`` times on the same dice: the histogram of final Gini by
    Part, and which Part ended most evenly spread, with the spending on improvements."""
    frame = british1913_parts(games)
    s = british1913_parts_summary(frame)
    chart = charts.jupyter_chart(charts.final_gini_chart(
        metrics.histogram(frame, "gini_population", "part", bins=15), by="part", form="population form",
        title=final_gini_title()))
    order = ", then ".join(f"{r['part']} ({r['mean Gini']:.3f})" for _, r in s.iterrows())
    top, nxt = s.iloc[0], s.iloc[1]
    close = top["high"] >= nxt["low"]
    said = [f"In these {games} games a Part, wealth ended most evenly spread in {top['part']}: mean Gini {order}.",
            (f"{top['part']} and {nxt['part']} are close: their 95% intervals overlap "
             f"({top['low']:.3f} to {top['high']:.3f} and {nxt['low']:.3f} to {nxt['high']:.3f}), so these "
             "games cannot tell them apart." if close else
             f"The 95% intervals do not overlap ({top['low']:.3f} to {top['high']:.3f} against "
             f"{nxt['low']:.3f} to {nxt['high']:.3f})."),
            "Played alone, Parts 2 and 3 start each player with £6000 (Part 1's £3000 and Part 2's further "
            "£3000), Part 1 with £3000: the Parts differ in their cash as well as their rules. The next "
            "reveal compares them from the same start."]
    rows = [[r["part"], f"{r['mean Gini']:.3f}", f"{r['low']:.3f} to {r['high']:.3f}", _money(r["start cash"]),
             _money(r["improvements"]), _share(r["landless won"])] for _, r in s.iterrows()]
    table = table_html(f"The three Parts played alone, {games} games each (same dice)",
                   ["Part", "mean Gini", "95% interval", "start cash a player", "spent on improvements a game",
                    "games won by the player who buys no land"], rows)
    return w.VBox([chart, w.HTML(_list(said) + table + f"<p>{escape(BOARD_NOTE)}</p>")])


def decomposition_html(d: Decomposition) -> str:
    """Part 3 taken apart, in plain words: the table, what it shows, why the differences are
    small, and the 1913 text's claims beside what the kit measured."""
    t = d.table
    games = int(t["games"].iloc[0])
    rows = [[r["rules"], f"{r['mean Gini']:.3f}",
             "—" if i == 0 else f"{r['difference']:+.3f} ({r['low']:+.3f} to {r['high']:+.3f})",
             _money(r["wages"]), _money(r["public"]), _money(r["rent"]), _money(r["improvements"]),
             _share(r["landless won"])] for i, (_, r) in enumerate(t.iterrows())]
    table = table_html(f"Part 3 taken apart: {games} games a row, the same dice and deal in every row",
                   ["rules", "mean Gini", "difference from the first row (95% interval)", "wages a game",
                    "land rent and land value tax to the public a game", "rent to landowners a game",
                    "improvements at the end", "games won by the player who buys no land"], rows)
    base, p3, untaxed = t.iloc[0], d.row("Part 3 as written"), d.row("Part 3 without its land value tax")
    alone = t[t["rules"] == "Part 1 from its own £3000 (the start cash alone)"].iloc[0]
    sites = [sp for sp in load_ruleset("british-1913-part1").board.spaces if sp.kind == "site"]
    share = sum(sp.rent for sp in sites) / sum(sp.price for sp in sites)
    rules = t.iloc[1:][t["rules"].iloc[1:] != alone["rules"]]
    biggest = rules.loc[rules["difference"].abs().idxmax()]
    small = [f"On the kit's board a site's rent is {share:.0%} of its price, paid each time someone lands there. "
             f"In Part 1 from £6000 the landowners receive {_money(base['rent'])} of rent a game in all, while the "
             f"four players hold {_money(base['cash'])} of cash at the end: rent moves little wealth, so every "
             f"mean Gini here is small (the largest is {t['mean Gini'].max():.3f}, on a scale from 0, everyone "
             "equal, to 1, one player holding everything).",
             f"The start cash alone moves the mean Gini by {alone['difference']:+.3f} (Part 1 from £3000 against "
             f"£6000); the largest change any rule makes here is {biggest['difference']:+.3f} "
             f"({biggest['rules']})."]
    claims = [
        ["\u201cIt will now pay the players to improve their properties as fast as possible.\u201d",
         f"Improvements standing at the end of Part 3: {_money(p3['improvements'])} a game; of Part 3 without its "
         f"land value tax: {_money(untaxed['improvements'])}."],
        ["\u201cWAGES is Part 3, therefore, rise to £500 on passing Mother Earth\u201d",
         f"Wages paid in Part 3: {_money(p3['wages'])} a game. "
         + d.findings()[list(t["rules"]).index("Part 1 with Part 3's £500 wages alone")]],
        ["\u201c... whilst Poverty and Unemployment disappear for ever.\u201d",
         f"Players ending in the Poorhouse or on the free land: {_share(p3['destitute'])} in Part 3, "
         f"{_share(alone['destitute'])} in Part 1 from £3000."],
    ]
    return (table + "<p><b>What these games show</b></p>" + _list(d.findings())
            + "<p><b>Why the differences are small</b></p>" + _list(small)
            + table_html("What the 1913 rules say, beside what the kit measured", ["the 1913 rules (Part 3)",
                                                                                "what the kit measured"], claims)
            + f"<p>{escape(BOARD_NOTE)} An interval that includes 0 means these games cannot tell the rule "
              "from no change.</p>")


def decomposition_view(games: int = 100) -> w.Widget:
    """:func:`decomposition_html` of ``games`` paired games a row, played now."""
    return w.HTML(decomposition_html(british1913(games=games)))
