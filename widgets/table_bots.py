"""The computer players' pace at a game table: Play, Pause, Step, Play to the end and Skip ahead,
and the task that lets them answer at the chosen speed (outside a running event loop, at once)
while the kernel stays free for clicks."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import ipywidgets as W

from landlord.engine.decisions import Decision
from landlord.engine.game import Game

from .layout import AUTO, WRAP
from .session import TableSession
from .words import computer_players_words, no_paths

SPEEDS = (("slow (1 s a decision)", 1.0), ("normal", 0.3), ("fast", 0.02), ("instant", 0.0))


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class BotPlay:
    """The bots' controls (:attr:`box`, :attr:`skip_button`) and their play. ``session()`` is the
    table's game, ``automatic(d)`` a person's answer given without asking (or None),
    ``render()`` redraws the table, ``say(text, error)`` tells the student, ``acted()`` marks the
    game as the student's own (:meth:`landlord.widgets.table_files.TableFiles.student_acted`)."""

    def __init__(self, speed: float, redraw_every: int, skip_to: int | None, session: Callable[[], TableSession],
                 automatic: Callable[[Decision], str | None], render: Callable[[], None],
                 say: Callable[[str, bool], None], acted: Callable[[], None]) -> None:
        self._session, self._automatic, self._render, self._say, self._acted = session, automatic, render, say, acted
        self.task: asyncio.Task[None] | None = None
        """The task in which the bots play (None outside an event loop and while they wait)."""
        self.playing = True
        self.stopped_by: str | None = None
        """Why the computer players stopped by themselves (an error), until Play is pressed again."""
        self.speed = W.Dropdown(options=list(SPEEDS), value=speed if speed in dict(SPEEDS).values() else 0.3,
                                description="Bots")
        self.redraw_every = W.BoundedIntText(value=redraw_every, min=1, max=1000, description="redraw every",
                                             layout=W.Layout(width="180px"))
        self.play_button = W.Button(description="Play", icon="play", layout=AUTO,
                                    tooltip="the computer players move at the chosen speed")
        self.pause_button = W.Button(description="Pause", icon="pause", layout=AUTO)
        self.step_button = W.Button(description="Step", icon="step-forward", layout=AUTO,
                                    tooltip="one computer player's decision")
        self.end_button = W.Button(description="Play to the end", icon="fast-forward", layout=AUTO,
                                   tooltip="computer players take every seat and finish the game at once")
        self.skip_to = skip_to
        self.skipping: list[int] = []
        """The people's seats a computer player keeps until round :attr:`skip_to` (Skip ahead)."""
        self.skip_button = W.Button(description=f"Skip ahead to round {skip_to}", icon="forward",
                                    layout=W.Layout(width="auto", display="none"),
                                    tooltip=f"a computer player plays your seat until round {skip_to}, at once; "
                                            "then it is yours again")
        self.box = W.HBox([self.speed, self.play_button, self.pause_button, self.step_button, self.end_button],
                          layout=WRAP)
        """The speed and the buttons, in a row."""
        self.play_button.on_click(lambda _: self.play())
        self.pause_button.on_click(lambda _: self.pause())
        self.step_button.on_click(lambda _: self.step())
        self.end_button.on_click(lambda _: self.play_to_end())
        self.skip_button.on_click(lambda _: self.skip_ahead())

    def go_on(self) -> None:
        """The bots play on (a new game, Play, play on from the past), whatever stopped them."""
        self.playing = True
        self.stopped_by = None

    def play(self) -> None:
        """Let the bots play on at the chosen speed."""
        self.go_on()
        if not self.advance():
            self._render()

    def pause(self) -> None:
        """The student's Pause: the bots stop after the decision they are on, and stay stopped
        until Play (or Play on from here, Play to the end, a new game). Nothing else pauses them:
        looking at the past only holds them while it lasts (:meth:`stop_task`)."""
        self.playing = False
        self.stop_task()
        self._render()

    def stop_task(self) -> None:
        """Cancel the bots' task (a new game, a load, a look at the past); :attr:`playing` stays."""
        if self.task is not None and not self.task.done():
            self.task.cancel()
        self.task = None

    def step(self) -> None:
        """One bot decision, then stop."""
        self.playing = False
        self.stop_task()
        s = self._session()
        if not s.bot_step():
            self._say("No computer player is to choose now." if s.game.pending else "The game is over.", False)
        self._render()

    def play_to_end(self, bot: str = "landlord") -> None:
        """Finish the game at once: ``bot`` bots take every person's seat and play to the end."""
        s = self._session()
        if s.viewing is not None:
            self._say("Go back to the present first.", True)
            return
        people = [seat for seat in range(len(s.seats)) if s.is_person(seat)]
        for seat in people:
            s.bot_takes_seat(seat, bot)
        if people:
            who = computer_players_words(bot)
            self._say(f"{who[:1].upper()}{who[1:]}, take the seats of "
                      f"{', '.join(s.names[i] for i in people)} and finish the game.", False)
        self.stop_task()
        self.go_on()
        self.advance(delay=0.0)

    def skip_ahead(self) -> bool:
        """The *Skip ahead* button: a computer player (the landlord) keeps every person's seat
        until round :attr:`skip_to`, playing at once, then gives the seats back; it casts no vote
        on the rules for them (:meth:`TableSession.stand_in`). False (with a message) when there
        is nothing to skip."""
        s = self._session()
        if self.skip_to is None or s.viewing is not None or s.game.over or s.game.round >= self.skip_to:
            self._say(f"Nothing to skip: the game is already at round {s.game.round}.", True)
            return False
        self._acted()
        self.skipping = [seat for seat in range(len(s.seats)) if s.is_person(seat)]
        for seat in self.skipping:
            s.stand_in(seat, "landlord")
        self._say(f"A computer player plays for {', '.join(s.names[i] for i in self.skipping)} until round "
                  f"{self.skip_to}.", False)
        self.stop_task()
        self.go_on()
        if not self.advance(delay=0.0):
            self._render()
        return True

    def _end_skip(self) -> None:
        """Give the people their seats back once the game has reached round :attr:`skip_to`."""
        s = self._session()
        if not self.skipping or (self.skip_to is not None and s.game.round < self.skip_to and not s.game.over):
            return
        for seat in self.skipping:
            s.person_takes_seat(seat)
        self.skipping = []
        self._say(f"Round {s.game.round}: your seat is yours again.", False)

    def _machine_step(self) -> bool:
        """One answer nobody has to click: a bot's, or a person's remembered answer ("don't ask
        me this again this game"). False when a person must choose (or the game is over)."""
        self._end_skip()
        s = self._session()
        d = s.game.pending
        if s.viewing is None and d is not None and s.is_person(d.seat):
            answer = self._automatic(d)
            if answer is None or answer not in d.options:
                return False
            s.act(answer)
            return True
        return s.bot_step()

    def machine_turn(self) -> bool:
        """True when the pending decision is answered without a click (bot or remembered)."""
        s = self._session()
        d = s.game.pending
        if d is None:
            return False
        if not s.is_person(d.seat):
            return True
        return self._automatic(d) in d.options

    def advance(self, delay: float | None = None) -> bool:
        """After any change: if playing, let the bots answer (in a task when a loop runs).
        Returns True when it has redrawn the table."""
        if not self.playing or self._session().viewing is not None:
            return False
        if not self.machine_turn():
            return False
        loop = _running_loop()
        if loop is None:
            while self._machine_step():
                pass
            self._render()
            return True
        if self.task is None or self.task.done():
            self.task = loop.create_task(self._autoplay(delay))
        return False

    async def _autoplay(self, delay: float | None) -> None:
        """The bots' task: answer, redraw, wait; until a person must choose, the game ends, the
        student pauses or looks at the past. An error stops the bots with a plain message on
        the table (never silently: a stopped task would leave the bots waiting for nobody)."""
        last_draw = self._session().game.turn
        cancelled = False
        try:
            while self.playing and self._session().viewing is None:
                wait = float(self.speed.value) if delay is None else delay
                burst = 1 if wait > 0 else 25
                moved = 0
                while moved < burst and self._machine_step():
                    moved += 1
                if moved == 0:
                    if self.machine_turn():  # a machine is to answer and did not: say so, never spin
                        self.playing = False
                        self.stopped_by = "a computer player found no answer to give"
                    break
                turn = self._session().game.turn
                if wait >= 0.1 or turn - last_draw >= int(self.redraw_every.value):
                    self._render()
                    last_draw = turn
                await asyncio.sleep(wait)
        except asyncio.CancelledError:
            cancelled = True  # stopped from outside: whoever stopped it decides what plays next
            raise
        except Exception as exc:  # any error must reach the student's screen
            self.playing = False
            self.stopped_by = no_paths(str(exc)) or type(exc).__name__
        finally:
            if not cancelled and _running_loop() is not None and self.task is asyncio.current_task():
                self.task = None
            self._render()

    def keep_playing(self) -> None:
        """After a redraw: if the bots should be playing and no task is playing them (an event
        loop runs, the present is on view, a machine answers next), start one."""
        loop = _running_loop()
        if loop is None or not self.playing or self._session().viewing is not None or not self.machine_turn():
            return
        if self.task is None or self.task.done():
            self.task = loop.create_task(self._autoplay(None))

    @property
    def activity_state(self) -> str:
        """What the table is doing: ``past``, ``over``, ``person`` (waiting for a person's
        click), ``playing``, ``paused`` or ``stopped`` (by an error) — :data:`ACTIVITY`."""
        s = self._session()
        if s.viewing is not None:
            return "past"
        d = s.game.pending
        if d is None:
            return "over"
        if not self.machine_turn():
            return "person"
        if self.stopped_by is not None:
            return "stopped"
        return "playing" if self.playing else "paused"

    def show_skip(self, g: Game, past: bool) -> None:
        """The Skip ahead button shows while there is something to skip and nobody is skipping."""
        show = (self.skip_to is not None and not past and not g.over and g.round < self.skip_to
                and not self.skipping)
        self.skip_button.layout.display = None if show else "none"
