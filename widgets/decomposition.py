"""Lesson 3's two reveals: the 1913 game's Parts played alone, and Part 3 taken apart.

Each view plays its games when a student opens the reveal (:class:`landlord.widgets.reveal.Reveal`) and
says what they show in plain words beside the figures, with the 1913 text's own claims quoted
beside what the kit measures. Numbers come from :mod:`landlord.runs.decompose`; this module only
words and lays them out.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from typing import Any, NamedTuple

import ipywidgets as w
import pandas as pd

from landlord.analysis import metrics
from landlord.charts import figures as charts
from landlord.data.loader import load_ruleset
from landlord.runs.decompose import (
    Change,
    Decomposition,
    InOrder,
    british1913,
    british1913_in_order,
    british1913_parts,
    british1913_parts_summary,
    rates_paid_by_visitors,
)

from .measures import table_html
from .words import final_gini_title, strategy_words

BOARD_NOTE = ("These are the kit's reconstructed board and computer players (a landlord in two seats, a "
              "tenant who buys no land, a speculator), not the 1913 board, which does not survive.")
"""Said under every figure of the 1913 game."""


def _money(x: float) -> str:
    return f"£{x:,.0f}"


def _share(x: float) -> str:
    return f"{x:.0%}"


def _list(items: Sequence[str]) -> str:
    return "<ul>" + "".join(f"<li>{escape(i)}</li>" for i in items) + "</ul>"


class Claim(NamedTuple):
    """A claim about what a rule does, paired with the measurement that tests it: ``said`` (the
    words of the claim: the 1913 text's, quoted, or the lesson's) and ``measured`` (what the
    kit's games show, in words, computed from the measurement the reveal has just made). A
    reveal shows every claim's row by running its ``measured``; a claim with no measurement
    cannot be written (``tests/test_lesson_claims.py``)."""

    said: str
    measured: Callable[[Any], str]


def claims_html(caption: str, head: tuple[str, str], claims: Sequence[Claim], measurement: object) -> str:
    """The table of ``claims``, each beside its measurement run on ``measurement``."""
    return table_html(caption, list(head), [[c.said, c.measured(measurement)] for c in claims])


def _interval(c: Change, money: bool = False) -> str:
    f = _money if money else (lambda x: f"{x:+.2f}")
    sign = "+" if money and c.diff >= 0 else ""
    return f"{sign}{f(c.diff)} (95% interval {f(c.low)} to {f(c.high)})"


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
    base = t.iloc[0]
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
    return (table + "<p><b>What these games show</b></p>" + _list(d.findings())
            + "<p><b>Why the differences are small</b></p>" + _list(small)
            + claims_html("What the 1913 rules say, beside what the kit measured",
                          ("the 1913 rules (Part 3)", "what the kit measured"), PART3_CLAIMS, d)
            + f"<p>{escape(BOARD_NOTE)} An interval that includes 0 means these games cannot tell the rule "
              "from no change.</p>")


def _p3(d: Decomposition) -> pd.Series:
    return d.row("Part 3 as written")


PART3_CLAIMS = (
    Claim("\u201cIt will now pay the players to improve their properties as fast as possible.\u201d",
          lambda d: (f"Improvements standing at the end of Part 3: {_money(_p3(d)['improvements'])} a game; of Part 3 "
                     f"without its land value tax: "
                     f"{_money(d.row('Part 3 without its land value tax')['improvements'])}.")),
    Claim("\u201cWAGES is Part 3, therefore, rise to £500 on passing Mother Earth\u201d",
          lambda d: (f"Wages paid in Part 3: {_money(_p3(d)['wages'])} a game. "
                     + d.findings()[list(d.table["rules"]).index("Part 1 with Part 3's £500 wages alone")])),
    Claim("\u201c... whilst Poverty and Unemployment disappear for ever.\u201d",
          lambda d: (f"Players ending in the Poorhouse or on the free land: {_share(_p3(d)['destitute'])} in Part 3, "
                     f"{_share(d.table.iloc[0]['destitute'])} in Part 1 from the same £6000.")),
)
"""The 1913 text's claims for Part 3, each with its measurement (:func:`decomposition_html`)."""


def decomposition_view(games: int = 100) -> w.Widget:
    """:func:`decomposition_html` of ``games`` paired games a row, played now."""
    return w.HTML(decomposition_html(british1913(games=games)))


class InOrderMeasured(NamedTuple):
    """What :func:`in_order_view` measures: the three Parts in order with and without Part 3's
    land value tax, and Part 2 with and without its rates."""

    order: InOrder
    rates: dict[str, Change]


def _rates_said(m: InOrderMeasured) -> str:
    cards, rates = m.rates["cards"], m.rates["rates"]
    return (f"Part 2 played alone, {cards.games} games on the same dice, with its rates and without them: "
            f"{cards.second:.1f} improvement cards standing at the end with the rates, {cards.first:.1f} without, "
            f"a difference of {_interval(cards)}, {abs(cards.relative):.0%} "
            f"{'fewer' if cards.diff < 0 else 'more'}. The visitors paid {_money(rates.second)} of rates a game. "
            "A builder earns the same with or without rates (the visitor pays them, and the count at the end "
            "values an improvement at what it cost), so the rates reach building only through the cash the "
            "visitors have left to build with.")


def _who(r: pd.Series) -> str:
    return f"{strategy_words(str(r['player']))} (seat {int(r['seat']) + 1})"


def _payers_said(m: InOrderMeasured) -> str:
    p = m.order.payers
    shares = "; ".join(f"{_who(r)} {_share(r['share of the tax'])}, on average in place "
                       f"{r['place when Part 3 began']:.1f} of {len(p)} when Part 3 began"
                       for _, r in p.iterrows())
    return (f"In the three Parts in order, each player's share of the tax (1 the richest): {shares}. Each hands "
            "on the rent his sites bring him (the table below sets the rent each received in Part 3 beside the "
            "tax each paid): a player who holds no land pays none, whatever his wealth.")


def _gini_said(m: InOrderMeasured) -> str:
    r = m.order.measures.iloc[0]
    verdict = ("more evenly spread" if r["high"] < 0 else "less evenly spread" if r["low"] > 0 else
               "neither more nor less evenly spread, as far as these games can tell,")
    return (f"With the tax wealth ends {verdict} than without it: mean Gini {r['with the tax']:.3f} against "
            f"{r['without it']:.3f}, a difference of {r['difference']:+.3f} (95% interval {r['low']:+.3f} to "
            f"{r['high']:+.3f}), in {m.order.games} games of the three Parts in order.")


def _treasury_said(m: InOrderMeasured) -> str:
    t = m.order.treasury
    out = "; ".join(f"{r['flow']} {_money(r['amount'])}" for _, r in t[t["direction"] == "out"].iterrows())
    taken = t.loc[t["direction"] == "in", "amount"].sum()
    row = m.order.measures[m.order.measures["key"] == "total"].iloc[0]
    total = {k: float(row[k]) for k in ("difference", "low", "high")}
    return (f"In Part 3 the Treasury took in {_money(taken)} a game and paid out: {out or 'nothing'}. It still "
            f"held {_share(m.order.kept)} of what it took in when the game ended. The pensions are paid with or "
            "without the tax (without it the Treasury borrows from the Bank), so the tax does not come back to "
            f"the players: their wealth at the end is {_money(abs(total['difference']))} "
            f"{'lower' if total['difference'] < 0 else 'higher'} with it (95% interval {_money(total['low'])} to "
            f"{_money(total['high'])}).")


IN_ORDER_CLAIMS = (
    Claim("Part 2: \u201cWhen a player alights on an improved site he ... [pays] the RATES to the Public "
          "Treasury.\u201d The rates are the visitor's to pay, not the builder's: do they put people off building?",
          _rates_said),
    Claim("Part 3: \u201cthe owner must immediately restore the equivalent amount to the Public Treasury.\u201d The "
          "land value tax is the rent a site brings its owner, so it falls on whoever holds land that earns rent.",
          _payers_said),
    Claim("Does Part 3's land value tax leave wealth more evenly spread in the game as it was designed, its three "
          "Parts played in order on the same holdings?", _gini_said),
    Claim("Part 3: the rent is restored \u201cto the Public Treasury\u201d; the 1913 text names no use for the "
          "money beyond the pensions and the purchase of the Solway Fisheries.", _treasury_said),
)
"""Lesson 3's claims about the rates and the land value tax, each with its measurement
(:func:`in_order_html`)."""

GINI_NOTE = ("The Gini shown first is the population form, used throughout the kit: with four players it can "
             "reach only 0.75 (one player holding everything). The sample form multiplies it by 4/3 so that it "
             "reaches 1; between tables of four players both forms rank games alike, so either is fair here.")


MEASURE_FORMATS = {"gini": "{:.3f}", "gini_sample": "{:.3f}", "poorest_share": "{:.1%}", "bankrupt": "{:.2f}"}
"""How each measure of the table is written (the others: whole pounds)."""


def in_order_html(m: InOrderMeasured) -> str:
    """The three Parts in order with and without Part 3's land value tax, and Part 2's rates, in
    plain words: the claims beside their measurements, measures beyond one Gini, who paid the
    tax, and where the Treasury's money went."""
    o = m.order
    rows = []
    for _, r in o.measures.iterrows():
        f = MEASURE_FORMATS.get(str(r["key"]), "{:,.0f}")
        d = f.replace("{:", "{:+")
        rows.append([r["measure"], f.format(r["with the tax"]), f.format(r["without it"]),
                     f"{d.format(r['difference'])} ({d.format(r['low'])} to {d.format(r['high'])})"])
    measures = table_html(f"The three Parts in order, {o.games} games with Part 3's land value tax and the same games "
                          "without it (the owner keeps the rent): means a game",
                          ["measure", "with the tax", "without it", "difference (95% interval)"], rows)
    payers = table_html("Who paid the land value tax in Part 3 (place in wealth when Part 3 began: 1 the richest)",
                        ["player", "place when Part 3 began, on average", "wealth when Part 3 began",
                         "rent received in Part 3 a game", "tax paid a game", "share of the tax"],
                        [[_who(r), f"{r['place when Part 3 began']:.1f}", _money(r["wealth at Part 3's start"]),
                          _money(r["rent received in Part 3"]), _money(r["tax paid"]), _share(r["share of the tax"])]
                         for _, r in o.payers.iterrows()])
    treasury = table_html("Part 3's public money, a game", ["money", "into the Treasury", "out of the Treasury"],
                          [[str(r["flow"]), _money(r["amount"]) if r["direction"] == "in" else "",
                            _money(r["amount"]) if r["direction"] == "out" else ""] for _, r in o.treasury.iterrows()])
    return (claims_html("What the lesson says, beside what the kit measured", ("the claim", "what the kit measured"),
                        IN_ORDER_CLAIMS, m)
            + measures + f"<p>{escape(GINI_NOTE)}</p>" + payers + treasury + f"<p>{escape(BOARD_NOTE)}</p>")


def in_order_view(games: int = 100) -> w.Widget:
    """:func:`in_order_html` of ``games`` games a side, played now."""
    return w.HTML(in_order_html(InOrderMeasured(british1913_in_order(games), rates_paid_by_visitors(games))))
