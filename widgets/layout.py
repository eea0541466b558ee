"""The layout the table and the lab share: buttons as wide as their label, rows that wrap,
a page that shrinks to a phone, and labels as wide as their text."""

from __future__ import annotations

import ipywidgets as W

AUTO = W.Layout(width="auto")
"""Buttons as wide as their label (ipywidgets' fixed width cuts labels off)."""
WRAP = W.Layout(flex_flow="row wrap", max_width="100%")
"""A row of widgets that goes on to the next line where the screen is too narrow."""
STYLE = ("<style>.ll-table .vega-embed, .ll-table .vega-embed svg {max-width: 100%; height: auto;}"
         ".ll-table .jupyter-button {max-width: 100%; white-space: normal; height: auto; min-height: 28px;}"
         ".ll-table .widget-html-content {white-space: normal; overflow-wrap: anywhere;}"
         ".ll-table .widget-dropdown {flex-wrap: wrap; height: auto; row-gap: 2px;}"
         ".ll-table .widget-dropdown > select {flex: 1 1 auto; height: var(--jp-widgets-inline-height); "
         "max-width: 100%;}"
         "@media (max-width: 600px) {.ll-table .jupyter-widget-Collapse-contents {padding: 6px 4px;}}</style>")
"""The table shrinks to narrow screens: charts scale down, buttons and text wrap, a menu is as
wide as its longest choice, under its label where the line is too short for both (a 390 px
phone): never past the screen, never narrower than the line allows; on a phone a folding
panel's frame keeps 4 px of the line, not 15."""


def full_labels(root: W.Widget) -> None:
    """Give every described widget under ``root`` a label as wide as its text (ipywidgets'
    fixed 80 px cuts "redraw every" off)."""
    todo = [root]
    while todo:
        w = todo.pop()
        todo.extend(getattr(w, "children", ()))
        style = getattr(w, "style", None)
        if getattr(w, "description", "") and style is not None and hasattr(style, "description_width"):
            style.description_width = "initial"
