"""The numbers behind a chart, for a reader who does not see it: its text alternative (words
from its data, by the chart library) and the table of its numbers folded under "show as a
table" (:func:`numbers_html`), for the table's charts, the class's and the lab's."""

from __future__ import annotations

import html

import pandas as pd

from landlord.charts import figures as lib

TABLE_ROWS = 20
"""A chart's "show as a table" lists at most about this many rows (every n-th turn, and the last)."""


def fewer_rows(df: pd.DataFrame, most: int = TABLE_ROWS) -> pd.DataFrame:
    """``df`` cut to about ``most`` rows, evenly spaced, the last row always kept."""
    if len(df) <= most:
        return df
    step = -(-len(df) // most)
    return pd.concat([df.iloc[::step], df.iloc[[-1]]]).drop_duplicates()


def numbers_html(words: str, table: pd.DataFrame | None, caption: str = "", most: int = TABLE_ROWS) -> str:
    """A chart's text alternative (``words``, from its data) and its numbers folded under a
    "show as a table" control (a native ``<details>``: keyboard and screen reader work as is)."""
    out = f'<p class="ll-chart-words" style="font-size:12px;margin:2px 0">{html.escape(words)}</p>'
    if table is None or table.empty:
        return out
    rows = fewer_rows(table, most)
    note = f" (one row in {-(-len(table) // most)}, and the last)" if len(rows) < len(table) else ""
    cap = html.escape(caption + note)
    return out + ('<details class="ll-numbers"><summary>Show as a table</summary>'
                  + rows.to_html(index=False, border=0, na_rep="", float_format=lambda x: f"{x:,.2f}")
                  .replace('<table class="dataframe">', f'<table class="dataframe"><caption>{cap}</caption>', 1)
                  + "</details>")


Numbers = tuple[str, pd.DataFrame | None]
"""A chart's text alternative and the table of its numbers."""


def wealth_numbers(frames: dict[str, pd.DataFrame]) -> Numbers:
    """The table's wealth chart in words and as a table: each player's net worth, turn by turn."""
    panel = frames["panel"]
    table = panel.pivot_table(index="turn", columns="player", values="net_worth", aggfunc="last")
    return lib.wealth_words(panel), table.rename_axis(columns=None).reset_index()


def gini_numbers(frames: dict[str, pd.DataFrame]) -> Numbers:
    """The table's Gini chart in words and as a table: the Gini, turn by turn."""
    return lib.gini_words(frames["gini"], frames["changes"]), frames["gini"][["turn", "gini"]].set_axis(
        ["turn", "Gini"], axis=1)


def flows_numbers(frames: dict[str, pd.DataFrame], by: str) -> Numbers:
    """The table's money-flows chart in words and as a table: the money moved by kind so far."""
    flows = frames["flows"]
    totals = pd.DataFrame(flows.groupby("flow", as_index=False)["amount"].sum()).set_axis(
        ["kind of flow", "money moved so far"], axis=1)
    return lib.flows_words(flows, by), totals


def tables_gini_numbers(frame: pd.DataFrame) -> Numbers:
    """The class's every-table Gini chart in words and as a table: each table's Gini, turn by turn."""
    table = frame.pivot_table(index="turn", columns="table", values="gini", aggfunc="last")
    table = table.rename(columns=lambda t: f"table {t}").rename_axis(columns=None).reset_index()
    return lib.tables_gini_words(frame), table


def class_final_numbers(room_rows: pd.DataFrame, band: pd.DataFrame) -> Numbers:
    """The class's final-Gini chart in words and as a table: per rules in force at the end, each
    table's final Gini and the bot games' number, lowest, middle and highest."""
    groups = list(dict.fromkeys([*room_rows["regime"], *band["regime"]]))
    rows = []
    for regime in groups:
        mine = room_rows[room_rows["regime"] == regime]
        bots = band.loc[band["regime"] == regime, "gini"]
        rows.append({"rules in force at the end": regime,
                     "tables' final Gini": ", ".join(f"table {r['table']}: {r['gini_population']:.2f}"
                                                     for _, r in mine.iterrows()),
                     "bot games": len(bots), "lowest": bots.min(), "middle": bots.median(), "highest": bots.max()})
    return lib.class_final_gini_words(room_rows, band), pd.DataFrame(rows)
