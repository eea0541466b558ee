"""Plain words in everything a lesson shows besides its table (issue 27.5): every lesson's cells
are run as Voilà runs them, each reveal is opened (its games played, on a few games), the lab is
run, and every text shown is read — HTML, labels, menus, accordion titles, tables, and the
charts' titles, legends, descriptions and data — for ids, parameter names, raw values and
cut-off labels. (The tables are walked by ``test_widgets_table_words``.)"""

from __future__ import annotations

import ast
import re
from typing import Any

import altair as alt
import ipywidgets as W
import landlord.widgets.classroom_lesson as classroom_lesson
import pytest
from IPython.display import HTML
from lesson_helpers import LESSONS, chart_texts, code_cells, problems, run_cell, shown_texts, widgets_in

from landlord.widgets import Reveal, ScenarioLab

GAMES = 4
"""Games a reveal or the lab plays here (the lessons play 100 or 200)."""
NOT_HERE = ("GameTable(", "student_app()", "teacher_app()")
"""Cells walked elsewhere: the tables (``test_widgets_table_words``) and the class apps, which
need a class server (``test_classroom_*``)."""
KNOWN: dict[str, re.Pattern[str]] = {}
"""What a walk finds and the kit keeps on purpose, with the reason."""


class FewGames(ast.NodeTransformer):
    """A cell's ``games=N`` and ``range(N)`` as :data:`GAMES`."""

    def visit_Call(self, node: ast.Call) -> ast.Call:
        self.generic_visit(node)
        for kw in node.keywords:
            if kw.arg == "games" and isinstance(kw.value, ast.Constant):
                kw.value = ast.Constant(GAMES)
        if isinstance(node.func, ast.Name) and node.func.id == "range" and len(node.args) == 1:
            node.args = [ast.Constant(GAMES)]
        return node


def shown(value: Any) -> list[str]:
    """Every text a cell's shown value shows, its reveal opened and its lab run first."""
    if isinstance(value, HTML):
        return shown_texts(W.HTML(value.data))
    assert isinstance(value, W.Widget), f"a lesson cell shows {type(value).__name__}"
    if isinstance(value, Reveal):
        texts = shown_texts(W.HTML(value._waiting))  # what it says while it plays
        value.selected_index = 0
        assert value.built and value.error is None, value.error
    elif isinstance(value, ScenarioLab):
        value.games.value = GAMES
        value.runner.run_button.click()
        assert value.runner.progress.value == value.runner.progress.max > 0
        texts = []
    else:
        texts = []
    charts = [c for c in widgets_in(value) if isinstance(c, alt.JupyterChart)]
    return texts + shown_texts(value) + chart_texts(*charts)


def lesson_texts(name: str) -> list[list[str]]:
    """What each of the lesson's cells shows, the tables and class apps left out."""
    ns: dict[str, Any] = {}
    out = []
    for src in code_cells(name):
        if any(s in src for s in NOT_HERE):
            continue
        tree = FewGames().visit(ast.parse(src))
        value = run_cell(src, ns, name, ast.fix_missing_locations(tree))
        if value is not None:
            out.append(shown(value))
    return out


WALKED = sorted(p.name for p in LESSONS.glob("*.ipynb")
                if any(not any(s in src for s in NOT_HERE) for src in code_cells(p.name)))
"""The notebooks with something to walk here (the class teacher's holds its app alone)."""


@pytest.mark.parametrize("name", WALKED)
def test_every_lesson_reveal_and_widget_shows_plain_words(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(classroom_lesson, "COMPARE_GAMES", GAMES)
    cells = lesson_texts(name)
    assert cells and all(cells)
    seen = set().union(*(problems(texts) for texts in cells))
    seen = {s for s in seen if not any(known.search(s) for known in KNOWN.values())}
    assert not seen, "\n".join(sorted(seen))


def test_the_walk_reads_every_reveal_its_charts_and_cited_files() -> None:
    """The walk opens each reveal and reads what its games drew; a cited file of the kit is a
    citation, a cited file that is not there is not."""
    texts = [t for cell in lesson_texts("01-landlords-game-1904.ipynb") for t in cell]
    assert any("richest player at the end of 4 games" in t for t in texts)
    assert any(t.startswith("Final Gini of each game: landlord rules, 4 games") for t in texts)  # the chart's words
    assert "landlord rules" in texts  # its data, as its rows are labelled
    lab = [t for cell in lesson_texts("05-what-if-lab.ipynb") for t in cell]
    assert any("over wages 50 to 200" in t for t in lab) and not any("wagess" in t for t in lab)
    assert problems(shown_texts(W.HTML("<code>docs/sources/magie-1906-rules.md</code>"))) == set()
    assert problems(shown_texts(W.HTML("<code>data/rulesets/magie-1904-old.toml</code>")))
