"""Closing the widgets a page has stopped showing.

A page that draws new buttons at every turn (a class seat's choices, the 1906 market's form, a
lesson table's choices and "Rules now" buttons) would otherwise keep every one it ever drew:
ipywidgets keeps a widget, its layout and its style until each is closed, in the kernel and in
the page's widget manager, and sends them all again when the page reloads. Measured before this
module (2026-12-04, a 1906 class table of two pages): 2,478 widgets alive after 159 clicks, none
of them shown.

A replaced widget is closed a little later (:data:`RETIRE_AFTER`), not at once: a click already
on its way to it still reaches its handler, which refuses it as stale with the usual line (closed
at once, such a click was dropped without a word: 5 of 7,134 clicks in a 30-student class, each
made as the class vote's switch redrew the table).
"""

from __future__ import annotations

import time
import weakref
from collections.abc import Sequence

import ipywidgets as W

RETIRE_AFTER = 10.0
"""Seconds a replaced widget stays open (hidden) for a click already on its way to it; it is
closed at the box's first redraw after that."""


_SHARED: weakref.WeakSet[W.Widget] = weakref.WeakSet()


def shared_part(part: W.Widget) -> W.Widget:
    """Mark ``part`` (a layout or a style) as drawn with many widgets, one drawing after
    another: :func:`close_tree` leaves it open. A page's choice buttons share theirs, so a new
    button is one widget sent (and later closed), not three (its layout and style)."""
    _SHARED.add(part)
    return part


def close_tree(widget: W.Widget) -> None:
    """Close ``widget`` with what it was made with: its children (each likewise), its layout
    and its style, unless that is a :func:`shared_part`. For widgets made for one drawing only:
    any other layout or style shared with a widget still shown must not be handed to them."""
    for child in getattr(widget, "children", ()):
        close_tree(child)
    for part in (getattr(widget, "layout", None), getattr(widget, "style", None)):
        if isinstance(part, W.Widget) and part not in _SHARED:
            part.close()
    widget.close()


def replace_children(box: W.Box, children: Sequence[W.Widget], keep: Sequence[W.Widget] = ()) -> None:
    """Show ``children`` in ``box``; the ones it showed before that are not among them, nor in
    ``keep`` (a widget the page shows again later), are retired, and those retired at least
    :data:`RETIRE_AFTER` seconds ago are closed (:func:`close_tree`). The box's other children
    must be widgets made for it alone."""
    now = time.monotonic()
    shown = (*children, *keep)
    old = [w for w in box.children if all(w is not n for n in shown)]
    box.children = tuple(children)
    retired: list[tuple[float, W.Widget]] = [*getattr(box, "_retired", ()), *((now, w) for w in old)]
    box._retired = [(t, w) for t, w in retired if now - t < RETIRE_AFTER]
    for t, w in retired:
        if now - t >= RETIRE_AFTER and all(w is not n for n in shown):
            close_tree(w)
