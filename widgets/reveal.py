"""A lesson's reveal: a closed accordion whose content is built when the student first opens it.

A reveal's content (the games behind its chart or table) is computed only when a student opens
it, after making the prediction, so a served lesson's pre-run kernel does not pay for it before
its page is ready.
"""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as w

from .words import REVEAL_FAILED as FAILED
from .words import REVEAL_WAITING as WAITING

__all__ = ["FAILED", "WAITING", "Reveal"]


class Reveal(w.Accordion):
    """A closed accordion with one section, ``title``, whose content ``build()`` makes the first
    time the student opens it.

    While ``build`` runs the section shows ``waiting`` (plain words). The content is built once;
    if ``build`` raises, the section shows :data:`FAILED` (one line, no traceback) and the next
    opening (close, then open again) tries again. The exception is kept in :attr:`error`.
    """

    def __init__(self, title: str, build: Callable[[], w.Widget], waiting: str = WAITING) -> None:
        self._build = build
        self._waiting = waiting
        self._box = w.VBox()
        self.built = False
        """Whether the content has been built (once built, never again)."""
        self.error: Exception | None = None
        """The exception of the last failed build, if the last build failed."""
        super().__init__(children=[self._box], titles=(title,), selected_index=None)
        self.observe(self._opened, names="selected_index")

    def _opened(self, change: dict[str, object]) -> None:
        """Build the content when the section is opened and not yet built."""
        if change["new"] is None or self.built:
            return
        self._box.children = (w.HTML(f"<p><i>{self._waiting}</i></p>"),)
        try:
            content = self._build()
        except Exception as exc:  # any failure of the lesson's games becomes one plain line
            self.error = exc
            self._box.children = (w.HTML(f"<p>{FAILED}</p>"),)
            return
        self.error = None
        self.built = True
        self._box.children = (content,)
