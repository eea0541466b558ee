"""The lessons' measurements in plain words: what :mod:`landlord.runs.measures` computes, as the HTML
a reveal shows beside the claim it measures. No rules and no computing here."""

from __future__ import annotations

import html
from collections.abc import Sequence
from html import escape
from typing import Any

import ipywidgets as w
import pandas as pd

from landlord.runs import measures

from .words import strategy_words


def _share(part: float) -> str:
    """A share as a whole per cent, or with one decimal where it is not whole: 24.5%."""
    pct = 100 * part
    return f"{pct:.0f}%" if abs(pct - round(pct)) < 0.05 else f"{pct:.1f}%"


def wins_per_seat_html(rows: pd.DataFrame) -> str:
    """Who was richest over the games of ``rows``, per seat (:func:`landlord.runs.measures.wins_per_seat`),
    as a sentence and a small table in words: a strategy with two seats has its wins shared
    between them."""
    table = measures.wins_per_seat(rows)
    games = int(table["games"].iloc[0]) if len(table) else 0
    seats = int(table["seats"].sum())
    lines = []
    r: Any  # a row of the table (itertuples: its columns as attributes)
    for r in table.itertuples():
        n = int(r.seats)
        if n == 1:
            won = f"{r.wins} of {games}"
        else:
            won = f"{r.wins} of {games} for its {n} seats together, {r.wins_per_seat:g} for each seat"
        lines.append(f"<tr><td>{html.escape(strategy_words(str(r.strategy)))}</td><td>{n}</td><td>{won}</td>"
                     f"<td><b>{_share(float(r.share_per_seat))}</b></td></tr>")
    return (f"<p>The richest player at the end of {games} games. Some players sit in more than one seat, so "
            f"the last column counts <b>each seat</b>: if luck alone decided, each of the {seats} seats would "
            f"be richest in about {_share(1 / seats) if seats else '0%'} of the games.</p>"
            "<table><tr><th>player</th><th>seats at the table</th><th>games won</th>"
            "<th>share of games one seat won</th></tr>" + "".join(lines) + "</table>")


def land_buyers_html(rows: pd.DataFrame) -> str:
    """In how many games, each with its own dice, a player who buys land was richest
    (:func:`landlord.runs.measures.land_buyer_wins`), and the tenant's count beside it."""
    won, games = measures.land_buyer_wins(rows)
    return (f"<p>A player who buys land (a landlord or the speculator) was richest in <b>{won} of {games}</b> "
            f"games ({_share(won / games) if games else '0%'}), each game with its own throws of the dice; the "
            f"tenant, who buys no land, in {games - won} {'game' if games - won == 1 else 'games'}.</p>")


def jumps_html(games: pd.DataFrame, at: str) -> str:
    """How the Gini moved at the switch over the games of :func:`landlord.runs.measures.switch_games`
    (:func:`landlord.runs.measures.jump_counts`), in a sentence; ``at`` says when, in words."""
    c = measures.jump_counts(games)
    same = f", and stayed the same in {c['same']}" if c["same"] else ""
    return (f"<p>In {c['switched']} games of the computer players with the single tax coming in {html.escape(at)}, "
            f"the Gini jumped <b>up</b> at the switch in <b>{c['up']}</b> and <b>down</b> in <b>{c['down']}</b>"
            f"{same}.</p>")


def table_html(caption: str, head: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """An HTML table with a caption and column headers (screen readers announce both), in a
    region that scrolls sideways on a narrow screen and can be reached by keyboard."""
    th = "".join(f'<th scope="col">{escape(h)}</th>' for h in head)
    body = "".join("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in r) + "</tr>" for r in rows)
    return (f'<div role="region" aria-label="{escape(caption)}" tabindex="0" style="overflow-x:auto">'
            f'<table class="ll-findings" style="border-collapse:collapse" border="1" cellpadding="4">'
            f"<caption>{escape(caption)}</caption><thead><tr>{th}</tr></thead><tbody>{body}</tbody></table></div>")


def html_box(*parts: str) -> w.HTML:
    """Parts of HTML in one widget."""
    return w.HTML("".join(parts))


