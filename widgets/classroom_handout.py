"""The class's debrief on one printable page: an HTML document with a print style (A4 or
Letter, one page) the teacher downloads from the dashboard, prints and hands out.

It holds what the dashboard's debrief shows, drawn from the same frames
(:mod:`landlord.apps.classroom.debrief`): the rules and the switch in words, every table's
result (the rules' final count: the richest; the final Gini; the moves made by bots), the two
class charts as SVG (made offline), the pooled predictions, the votes and the lesson's
questions. No name of a student is printed: tables are numbers.
"""

from __future__ import annotations

import datetime as dt
import html
from collections.abc import Sequence

from landlord.apps.classroom import Classroom
from landlord.apps.classroom import debrief as db
from landlord.charts.figures import Chart, svg_text
from landlord.engine.count import winners

from .classroom_lesson import ClassLesson

CHART_MM = 93
"""Millimetres each class chart is printed wide (the two side by side on A4)."""
PRINT_FONT = 24
"""Pixels of the smallest text in a printed chart: drawn about 800 px wide and printed
:data:`CHART_MM` wide, its text prints at 2.5 mm (7 pt) or more (tested). With the dashboard's
10–11 px it printed at 1.4 mm (4 pt), too small to read on paper."""
PRINT_HEIGHT = 170
"""Pixels each chart's plot is drawn high on paper at most (the dashboard's is 260), so that the
page keeps room for the rest: a class of 30 at 8 tables prints on one A4 page (tested)."""

PRINT_CSS = """
@page { size: A4; margin: 10mm; }
body { font: 10pt/1.3 system-ui, sans-serif; color: #111; margin: 0 auto; max-width: 190mm; }
h1 { font-size: 15pt; margin: 0 0 2mm; } h2 { font-size: 11pt; margin: 3mm 0 1mm; }
p { margin: 1mm 0; }
table { border-collapse: collapse; font-size: 9pt; } th, td { border: 1px solid #777; padding: 1px 5px; }
.charts { display: flex; gap: 4mm; align-items: flex-start; } .charts div { width: CHART_MMmm; }
.charts svg { display: block; width: 100%; height: auto; }
.cols { display: flex; gap: 6mm; } .cols > div { flex: 1; }
@media print { a { color: inherit; text-decoration: none; } }
""".replace("CHART_MM", str(CHART_MM))


def printed(chart: Chart) -> Chart:
    """``chart`` as the handout prints it: its plot at most :data:`PRINT_HEIGHT` pixels high and
    every text at least :data:`PRINT_FONT` pixels (axes, legend, title)."""
    height = chart.to_dict().get("height", PRINT_HEIGHT)
    return chart.properties(height=min(PRINT_HEIGHT, height)).configure_axis(
        labelFontSize=PRINT_FONT, titleFontSize=PRINT_FONT).configure_legend(
        labelFontSize=PRINT_FONT, titleFontSize=PRINT_FONT).configure_title(fontSize=PRINT_FONT + 2)


def table_rows_html(room: Classroom) -> str:
    """Every table's result: rounds played, rules at the end, final Gini, the richest seat (by
    the rules' count; a seat, not a name), students and moves made by bots."""
    df = db.results(room)
    digits = 3 if len(df) and df["gini_population"].max() < 0.1 else 2
    rows = []
    for tg, r in zip(room.tables(), df.to_dict("records"), strict=True):
        who = db.plays(room, tg)
        best = ", ".join(f"seat {s + 1} ({'a student' if who[s] == 'student' else 'a computer player'})"
                         for s in winners(tg.game.results()))
        rows.append(f"<tr><td>{r['table']}</td><td>{r['students']}</td><td>{tg.game.round}"
                    f"{'' if tg.game.over else ' (playing)'}</td><td>{html.escape(str(r['regime']))}</td>"
                    f"<td>{r['gini_population']:.{digits}f}</td><td>{html.escape(best)}</td>"
                    f"<td>{r['moves_bots']} of {r['moves_bots'] + r['moves_students']}</td></tr>")
    return ("<table><tr><th>table</th><th>students</th><th>rounds</th><th>rules at the end</th><th>final Gini</th>"
            "<th>richest (the rules' count)</th><th>moves by bots</th></tr>" + "".join(rows) + "</table>")


def handout_html(room: Classroom, lesson: ClassLesson, charts: Sequence[Chart]) -> str:
    """The one-page debrief of ``room`` (a whole HTML document), with ``charts`` drawn as SVG."""
    words = lesson.answers()
    pooled = db.pooled_predictions(room)
    total = sum(pooled.values())
    predicted = ("; ".join(f"{html.escape(words[c])}: {n}" for c, n in pooled.items()) + f" (of {total})"
                 if total else "no student made a prediction")
    votes = db.votes(room)
    votes_html = (votes.drop(columns=["turn"]).to_html(index=False, border=0) if not votes.empty
                  else "<p>No table voted or changed its rules.</p>")
    figures = "".join(f"<div>{svg_text(printed(c))}</div>" for c in charts)
    asked = "".join(f"<li>{html.escape(q)}</li>" for q in lesson.questions())
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Class {room.info.join_code}: '
            f"debrief</title><style>{PRINT_CSS}</style></head><body>"
            f"<h1>{html.escape(lesson.ruleset.title)}: what our class found</h1>"
            f"<p>Class {html.escape(room.info.join_code)} · {dt.date.today():%d %B %Y} · "
            f"{len(room.store.seats(room.id))} students at {len(room.tables())} tables · "
            f"{room.spec.table_size} seats a table, computer players ({html.escape(room.spec.bots)}) in the others</p>"
            f"{lesson.intro_html()}"
            f'<div class="charts">{figures}</div>'
            f"<h2>Every table</h2>{table_rows_html(room)}"
            f'<div class="cols"><div><h2>Our predictions</h2><p>{lesson.question()}</p><p>{predicted}</p></div>'
            f"<div><h2>Votes and rule changes</h2>{votes_html}</div></div>"
            f"<h2>Questions</h2><ol>{asked}</ol>"
            "</body></html>")
