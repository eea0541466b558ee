"""The lessons' own cells run as Voilà runs them, and what the words tests read and look for
(issue 27.5): every text a widget shows, the words its charts draw, the patterns no student
should read."""

from __future__ import annotations

import ast
import html
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import ipywidgets as W

from landlord.data.loader import load_ruleset, ruleset_ids
from landlord.widgets import GameTable

ROOT = Path(__file__).resolve().parent.parent
LESSONS = ROOT / "lessons"
TABLE_LESSONS = ("01-landlords-game-1904.ipynb", "02-single-tax.ipynb", "03-british-game-1913.ipynb",
                 "04-magie-to-monopoly.ipynb")
"""The lessons that give the student a table."""
PHASE_IDS = sorted({name for rid in ruleset_ids() for name in load_ruleset(rid).phases})
BAD = {
    "an id": re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b"),
    "a phase switch": re.compile(r"\w@\w"),
    "a ruleset id": re.compile("|".join(re.escape(r) for r in ruleset_ids())),
    "a phase id": re.compile(r"\((?:" + "|".join(PHASE_IDS) + r")\)|\bpart[123]\b"),
    "a cut-off label": re.compile(r"\w…"),
    "a raw value": re.compile(r"\d\.\d{4,}"),
    "developer words": re.compile(r"redraw every|\(circuits\)|axis 0 to|is a bot|\bregimes?\b"),
}
"""What no student should read, by what it is."""
SHOWN = ("player", "phase", "flow", "old", "new", "label", "kind", "space", "rules")
"""Chart data columns drawn as words (legends, tooltips, labels) besides those an encoding names."""
CITED = re.compile(r"<code>([^<]*)</code>")
"""A file of the kit a text cites as its source (the lessons cite the copies of the rules so)."""


def cited(text: str) -> str:
    """``text`` with each file of the kit it cites in ``<code>`` put as "[a file of the kit]": a
    citation, not an id. A cited path that is not a file of the kit stays, for the patterns to find."""
    return CITED.sub(lambda m: "[a file of the kit]" if (ROOT / m.group(1)).is_file() else m.group(1), text)


def shown_texts(w: W.Widget) -> list[str]:
    """Every text ``w`` and its children show (tags stripped), hidden ones left out."""
    if getattr(getattr(w, "layout", None), "display", None) == "none":
        return []
    out: list[str] = []
    if isinstance(w, W.HTML):
        out.append(re.sub(r"<style>.*?</style>|<[^>]+>", " ", html.unescape(cited(w.value)), flags=re.S))
    if isinstance(w, W.Label):
        out.append(w.value)
    for attr in ("description", "tooltip", "placeholder"):
        text = getattr(w, attr, None)
        if text and not isinstance(w, W.HTML):
            out.append(str(text))
    if isinstance(w, (W.Dropdown, W.RadioButtons, W.Select, W.ToggleButtons)):
        out += [str(label) for label in w._options_labels]
    if isinstance(w, W.Accordion):
        out += [str(t) for t in w.titles]
    for child in getattr(w, "children", ()):
        out += shown_texts(child)
    return out


def widgets_in(w: W.Widget) -> Iterator[W.Widget]:
    """``w`` and every widget inside it."""
    yield w
    for child in getattr(w, "children", ()):
        yield from widgets_in(child)


def chart_texts(*charts: Any) -> list[str]:
    """The words the charts draw: titles, legends, descriptions, and the string values of their
    data in the columns they draw (:data:`SHOWN`, and every column an encoding or tooltip names)."""
    out: list[str] = []
    drawn: set[str] = set(SHOWN)

    def fields(node: Any) -> None:
        if isinstance(node, dict):
            for k, v in node.items():
                if k == "field" and isinstance(v, str):
                    drawn.add(v)
                else:
                    fields(v)
        elif isinstance(node, list):
            for v in node:
                fields(v)

    def walk(node: Any, key: str = "") -> None:
        if isinstance(node, dict):
            for k, v in node.items():
                if k not in ("field", "type", "name", "data", "$schema", "params", "param", "scale", "format",
                             "aggregate", "sort", "stack", "datasets", "config", "transform", "mark", "condition",
                             "value", "interpolate", "strokeDash", "selection", "select", "encodings", "empty"):
                    walk(v, k)
                elif k in ("datasets",):
                    for rows in v.values():
                        for row in rows:
                            out.extend(str(x) for c, x in row.items() if isinstance(x, str) and c in drawn)
        elif isinstance(node, list):
            for v in node:
                walk(v, key)
        elif isinstance(node, str) and key in ("title", "text", "labelExpr", "description", "subtitle"):
            out.append(node)

    for chart in charts:
        fields(chart.spec)
    for chart in charts:
        walk(chart.spec)
    return out


def problems(texts: list[str]) -> set[str]:
    """What of :data:`BAD` the ``texts`` hold, each with the words around it."""
    found = set()
    for text in texts:
        for what, pattern in BAD.items():
            m = pattern.search(text)
            if m:
                found.add(f"{what}: …{text[max(0, m.start() - 50):m.end() + 30]}…")
    return found


def code_cells(name: str) -> list[str]:
    """The sources of a lesson's code cells, in order."""
    nb = json.loads((LESSONS / name).read_text(encoding="utf-8"))
    return ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]


def run_cell(src: str, ns: dict[str, Any], name: str, tree: ast.Module | None = None) -> Any:
    """Run a cell in ``ns`` as a kernel does and return the value it shows (its last expression's,
    None if it ends otherwise); ``tree``: the cell's parsed source, changed."""
    tree = tree or ast.parse(src)
    last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    exec(compile(tree, name, "exec"), ns)
    return eval(compile(ast.Expression(last.value), name, "eval"), ns) if last else None


def lesson_table(name: str) -> GameTable:
    """The table the lesson's own cell builds (its last expression), as Voilà runs it."""
    for src in code_cells(name):
        if "GameTable(" in src:
            table = run_cell(src, {}, name)
            assert isinstance(table, GameTable)
            return table
    raise AssertionError(f"{name} builds no table")
