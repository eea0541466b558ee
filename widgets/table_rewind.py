"""The game table's rewind: the Turn slider (and the Gini chart's brush) shows the game as it
stood at an earlier turn, read-only; Back to the present, or Play on from here, which takes back
every choice after it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as W

from landlord.charts.dressing import BRUSH

from .layout import AUTO, WRAP
from .session import TableSession
from .table_bots import BotPlay


class RewindBar:
    """The Turn slider and its two buttons (:attr:`box`). ``session()`` is the table's game,
    ``bots`` its computer players (the past holds them), ``render()`` redraws the table,
    ``say(text, error)`` tells the student."""

    def __init__(self, session: Callable[[], TableSession], bots: BotPlay, render: Callable[[], None],
                 say: Callable[[str, bool], None]) -> None:
        self._session, self._bots, self._render, self._say = session, bots, render, say
        self.slider = W.IntSlider(value=0, min=0, max=0, description="Turn", continuous_update=False,
                                  layout=W.Layout(width="460px", max_width="100%"))
        self.present_button = W.Button(description="Back to the present", icon="forward", layout=AUTO)
        self.branch_button = W.Button(description="Play on from here", icon="code-fork", layout=AUTO,
                                      tooltip="take back every choice after this point")
        self.box = W.HBox([self.slider, self.present_button, self.branch_button], layout=WRAP)
        self._busy = False
        """True while the bar sets its slider itself (its observer waits)."""
        self.slider.observe(self._on_slider, "value")
        self.present_button.on_click(lambda _: self.back_to_present())
        self.branch_button.on_click(lambda _: self.play_on_from_here())

    def _on_slider(self, change: dict[str, Any]) -> None:
        if self._busy:
            return
        self.rewind_to(int(change["new"]))

    def rewind_to(self, turn: int) -> None:
        """Show the game as it stood at ``turn`` (the present when ``turn`` is the latest).

        The past holds the bots while it is on view; the present lets them go on as they were
        (a slider moved to its end, by mouse or keyboard, used to pause them for good)."""
        s = self._session()
        if turn >= s.game.turn:
            s.view(None)
            if not self._bots.advance():
                self._render()
            return
        self._bots.stop_task()
        s.view(s.choices_at_turn(turn))
        self._render()

    def on_brush(self, change: dict[str, Any]) -> None:
        """The Gini chart's brush moved: rewind to the last turn it spans."""
        sel = (change["new"] or {}).get(BRUSH) or {}
        value = sel.get("value") or {}
        span = value.get("turn") if isinstance(value, dict) else None
        if span:
            self.slider.value = int(max(span))

    def back_to_present(self) -> None:
        """Leave the past and show the present game again."""
        self._session().view(None)
        self._say("", False)
        if not self._bots.advance():
            self._render()

    def play_on_from_here(self) -> None:
        """Make the rewound point the present (later choices are taken back) and play on."""
        s = self._session()
        if s.viewing is None:
            self._say("Move the Turn slider into the past first.", True)
            return
        s.play_on_from_here()
        self._bots.go_on()
        self._say("Playing on from here: later choices were taken back.", False)
        if not self._bots.advance():
            self._render()

    def draw(self, session: TableSession) -> None:
        """The slider at the turn on view, as long as the present game."""
        self._busy = True
        try:
            self.slider.max = max(session.game.turn, 0)
            self.slider.value = session.shown.turn if session.viewing is not None else session.game.turn
        finally:
            self._busy = False
