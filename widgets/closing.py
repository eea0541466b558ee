"""Closing the widgets a page has stopped showing.

A page that draws new buttons at every turn (a class seat's choices, the 1906 market's form)
would otherwise keep every one it ever drew: ipywidgets keeps a widget, its layout and its
style until each is closed, in the kernel and in the page's widget manager, and sends them
all again when the page reloads. Measured before this module (2026-12-04, a 1906 class table
of two pages): 2,478 widgets alive after 159 clicks, none of them shown.
"""

from __future__ import annotations

from collections.abc import Sequence

import ipywidgets as W


def close_tree(widget: W.Widget) -> None:
    """Close ``widget`` with what it was made with: its children (each likewise), its layout
    and its style. For widgets made for one drawing only: a layout or style shared with a
    widget still shown must not be handed to them."""
    for child in getattr(widget, "children", ()):
        close_tree(child)
    for part in (getattr(widget, "layout", None), getattr(widget, "style", None)):
        if isinstance(part, W.Widget):
            part.close()
    widget.close()


def replace_children(box: W.Box, children: Sequence[W.Widget]) -> None:
    """Show ``children`` in ``box`` and close the ones it showed before that are not among
    them (:func:`close_tree`): the box's children must be widgets made for it alone."""
    old = [w for w in box.children if all(w is not n for n in children)]
    box.children = tuple(children)
    for w in old:
        close_tree(w)
