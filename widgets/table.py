"""The game table: a board, the players, an action bar and live charts, for hot-seat play.

Everything the table does to a game goes through :class:`landlord.widgets.session.TableSession`, which
uses only the engine's public API. The action bar offers exactly ``game.pending.options``, each
labelled by ``game.rules.option_text`` under the sentence ``game.rules.explain`` gives; a click
that no longer fits the game (double click, stale button) is refused with a message and changes
nothing. Bots answer on their own at the chosen speed in an asyncio task (the kernel stays free
for clicks); outside a running event loop (tests, scripts) they answer at once.

The table is composed of its parts, each its own module: the set-up (:mod:`landlord.widgets.table_setup`),
the question and its choices (:mod:`landlord.widgets.table_choices`), the words around the board
(:mod:`landlord.widgets.table_narration`), the live charts (:mod:`landlord.widgets.table_charts`) and
save, load and the kept game (:mod:`landlord.widgets.table_files`); this module plays the game
through them: the bots' pace, rewinding, and drawing it all.
"""

from __future__ import annotations

import asyncio
import html
import time
from collections.abc import Callable, Collection, Sequence
from pathlib import Path
from typing import Any

import ipywidgets as W

from landlord.charts import figures as lib
from landlord.charts.dressing import BRUSH
from landlord.data.position import Position
from landlord.data.ruleset import Ruleset
from landlord.engine.game import Game
from landlord.engine.phases import Trigger
from landlord.errors import IllegalAction, LandlordError

from .board import BoardView
from .layout import AUTO, STYLE, WRAP, full_labels
from .panels import players_html
from .session import TableSession
from .state import player_rows
from .table_charts import TableCharts
from .table_choices import ChoiceBar
from .table_files import TableFiles
from .table_narration import TableNarration
from .table_setup import OWN_POSITION, TableSetup, fresh_seed
from .words import computer_players_words, no_paths, plain_name, plays_words

SPEEDS = (("slow (1 s a decision)", 1.0), ("normal", 0.3), ("fast", 0.02), ("instant", 0.0))
CONTROLS = ("setup", "bots", "phases", "rewind", "files", "charts", "commentary")
"""Table controls a lesson may show: the set-up panel, the bots' speed and buttons, the
"Rules now" phase buttons, the rewind slider, save/load, the charts and the commentary."""


def regimes(ruleset: Ruleset, turn: int = 30) -> list[tuple[str, tuple[str, ...]]]:
    """The phase regimes a table can start with: as printed, or another phase from the start,
    by vote or at turn ``turn``. Values are trigger texts."""
    out: list[tuple[str, tuple[str, ...]]] = [
        (f"{ruleset.phases[ruleset.default_phase].title} (as printed)", ())]
    for name, ph in ruleset.phases.items():
        if name == ruleset.default_phase:
            continue
        out.append((f"{ph.title}: from the start", (f"{name}@start",)))
        out.append((f"{ph.title}: when the players vote for it", (f"{name}@vote",)))
        out.append((f"{ph.title}: from turn {turn}", (f"{name}@turn:{turn}",)))
    later = [n for n, ph in ruleset.phases.items() if n != ruleset.default_phase and not ph.what_if]
    if len(later) > 1:
        steps = tuple(f"{n}@turn:{turn * (i + 1)}" for i, n in enumerate(later))
        out.append((f"every phase in order, one every {turn} turns", steps))
    return out


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class GameTable(W.VBox):
    """A table for one game of any ruleset in ``data/`` with people and bots in the seats.

    ``GameTable()`` opens the first ruleset with two people and two bots; pass ``ruleset`` (an id
    or a :class:`~landlord.data.ruleset.Ruleset`), ``seats`` (``[(name, bot or None), ...]``),
    ``seed`` (a fresh one, shown and saved, when None) and ``regime`` (trigger texts such as
    ``("single_tax@vote",)``) to choose. ``controls`` names the controls a lesson shows (of
    :data:`CONTROLS`; e.g. no ``"phases"`` buttons where the rules must not change by a click).
    ``presets`` offers a menu above the board of ``(label, ruleset id)`` games to play (e.g. one
    1913 Part that fits a lesson, or all three); choosing one starts a new game of it.
    ``position`` (a :class:`~landlord.data.position.Position` or the path of a position file) starts
    the game from a described position (a teacher's "what if you start here"), on the ruleset it
    was made for and with as many seats as it describes unless ``ruleset``/``seats`` say
    otherwise; the set-up's "Start from" menu offers it and the kit's example positions.
    ``keep`` is the name under which the student's browser keeps this table's game between
    visits (:mod:`landlord.widgets.keeper`; tables of one page need different names), offered
    back after a refresh; None keeps nothing (a class table, whose game the server keeps).
    ``skip_to`` offers a *Skip ahead to round N* button (while the game is before round N): a
    computer player (the landlord) takes the people's seats until then and plays at once, so a
    lesson about a later moment does not wait minutes for it.
    """

    def __init__(
        self,
        ruleset: str | Ruleset | None = None,
        seats: Sequence[tuple[str, str | None]] | None = None,
        seed: int | None = None,
        regime: Sequence[str] = (),
        speed: float = 0.3,
        redraw_every: int = 10,
        controls: Collection[str] = CONTROLS,
        presets: Sequence[tuple[str, str]] = (),
        position: Position | str | Path | None = None,
        keep: str | None = "table",
        skip_to: int | None = None,
    ) -> None:
        lib.enable_offline()
        unknown = set(controls) - set(CONTROLS)
        if unknown:
            raise ValueError(f"unknown table controls {sorted(unknown)} (known: {', '.join(CONTROLS)})")
        self.controls = frozenset(controls)
        seed = fresh_seed() if seed is None else int(seed)
        self.message = W.HTML()
        self.setup = TableSetup(ruleset, seats, seed, regime, presets, position, start=self._start,
                                new_game=self.new_game, say=self._say)
        """The set-up: rules, seats, phase switches, a position to start from, the seed."""
        self._busy = False
        """True while the table sets its rewind slider itself (its observer waits)."""
        self._task: asyncio.Task[None] | None = None
        self.playing = True
        self.timings: list[float] = []
        self.on_render: Callable[[], None] | None = None
        self.stopped_by: str | None = None
        """Why the computer players stopped by themselves (an error), until Play is pressed again."""

        # -- the table ----------------------------------------------------------------------
        self.board = BoardView()
        self.players_panel = W.HTML()
        self.choices = ChoiceBar(self.choose, self.switch_phase, self.set_trading, self.offer_to_buy, self.new_game)
        """The question asked now and its choices, the card market, the phase buttons."""
        self.narration = TableNarration()
        """The status line, what the table is doing, the commentary, provenance and live region."""

        # -- bots ---------------------------------------------------------------------------
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

        # -- charts, rewind, files -------------------------------------------------------------
        self.charts = TableCharts()
        """Wealth, Gini and money flows of the game on view."""
        self.rewind = W.IntSlider(value=0, min=0, max=0, description="Turn", continuous_update=False,
                                  layout=W.Layout(width="460px", max_width="100%"))
        self.present_button = W.Button(description="Back to the present", icon="forward", layout=AUTO)
        self.branch_button = W.Button(description="Play on from here", icon="code-fork", layout=AUTO,
                                      tooltip="take back every choice after this point")
        self.files = TableFiles(keep, lambda: self.session, lambda: self.activity_state, self.setup.known,
                                self.load_bytes, self._say)
        """Save, load and the game kept in the browser between visits."""

        self.session = self.setup.session()
        self._wire()
        super().__init__(self._layout())
        self.add_class("ll-table")
        full_labels(self)
        if not self._advance():
            self.render()

    def _wire(self) -> None:
        self.setup.new_button.on_click(lambda _: self.new_game())
        self.setup.reset_button.on_click(lambda _: self.reset())
        self.play_button.on_click(lambda _: self.play())
        self.pause_button.on_click(lambda _: self.pause())
        self.step_button.on_click(lambda _: self.step())
        self.end_button.on_click(lambda _: self.play_to_end())
        self.skip_button.on_click(lambda _: self.skip_ahead())
        self.rewind.observe(self._on_rewind, "value")
        self.present_button.on_click(lambda _: self.back_to_present())
        self.branch_button.on_click(lambda _: self.play_on_from_here())
        self.charts.gini_slot.widget.observe(self._on_brush, "_vl_selections")

    def _layout(self) -> list[W.Widget]:
        c, ch, say = self.controls, self.choices, self.narration
        # the status line, then the question and its choices (in the reading and Tab order), the
        # board, then the players
        choice = W.VBox([say.activity, ch.decision, ch.options, ch.remember, ch.trade_bar, ch.phase_bar,
                         self.skip_button, self.message], layout=W.Layout(max_width="100%"))
        choice.add_class("ll-choice")
        seats = W.VBox([self.players_panel], layout=W.Layout(max_width="100%"))
        seats.add_class("ll-seats")
        # the board beside the choice and the seats from 1024 px wide; on a phone one column,
        # the choice first, then the board, then the seats (static/board.css: .ll-play)
        play = W.Box([choice, self.board.box, seats])
        play.add_class("ll-play")
        bots = W.HBox([self.speed, self.play_button, self.pause_button, self.step_button,
                       self.end_button], layout=WRAP)
        parts: list[W.Widget] = [W.HTML(STYLE), self.files.keeper, self.files.resume_bar]
        if "setup" in c:
            parts.append(W.Accordion([self.setup.box], titles=("Set up the table",), selected_index=None))
        if self.setup.preset_pick.options:
            parts.append(self.setup.preset_pick)
        parts += [say.status, say.live, play]
        if "bots" in c:
            parts.append(bots)
        if "charts" in c:
            parts.append(self.charts.box)
        if "rewind" in c:
            parts.append(W.HBox([self.rewind, self.present_button, self.branch_button], layout=WRAP))
        if "commentary" in c:
            parts += [W.HTML("<b>Commentary</b>"), say.commentary]
        if "files" in c:
            parts.append(self.files.files)
        parts.append(say.provenance)
        return parts

    # -- starting ------------------------------------------------------------------------------

    def new_game(self, seed: int | None = None) -> None:
        """Start a new game with the set-up shown and a fresh seed (or ``seed``)."""
        self.setup.seed_box.value = int(seed) if seed is not None else fresh_seed()
        self._start()

    def reset(self) -> None:
        """Start again from the seed in the seed box, with the set-up shown."""
        self._start()

    def _start(self) -> None:
        self._stop_task()
        self.files.student_acted()
        try:
            self.session = self.setup.session()
        except (LandlordError, ValueError) as exc:
            self._say(f"Cannot start: {no_paths(str(exc))}", error=True)
            return
        self.playing = True
        self.stopped_by = None
        self.choices.forget()
        start = self.session.position
        where = f", from “{start.title or OWN_POSITION}”" if start is not None else ""
        self._say(f"New game of {self.session.ruleset.title}, seed {self.session.seed}{where}.")
        if not self._advance():
            self.render()

    # -- playing ---------------------------------------------------------------------------

    def choose(self, option: str, asked_at: int | None = None) -> bool:
        """A person's click on ``option`` (drawn when ``asked_at`` choices had been made).
        Returns False (with a message, game untouched) if it is not a legal choice now."""
        t0 = time.perf_counter()
        d = self.session.game.pending
        try:
            self.session.act(option, asked_at)
        except IllegalAction as exc:
            self._say(f"Not allowed: {exc}", error=True)
            return False
        self.files.student_acted()
        self._say("")
        if self.choices.remember.value and d is not None:
            self.choices.remembered[(d.seat, d.kind)] = option
            self._say(f"{self.session.game.names[d.seat]}: “{self.session.game.rules.option_text(d, option)}” "
                      "from now on this game, without asking.")
        self.choices.remember.value = False
        if not self._advance():
            self.render()
        self.timings.append(time.perf_counter() - t0)
        return True

    def switch_phase(self, phase: str) -> bool:
        """Put another phase's rules in force now (through the engine); False with a message if not."""
        try:
            self.session.switch_phase(phase)
        except (IllegalAction, LandlordError) as exc:
            self._say(f"Not allowed: {exc}", error=True)
            return False
        self._say(f"The rules change: {self.session.game.ruleset.phases[phase].title}.")
        if not self._advance():
            self.render()
        return True

    def set_trading(self, seat: int, on: bool) -> None:
        """Turn "Trade cards" on or off for ``seat``: on, its person is asked the card market
        question before each throw; off, the seat makes no offer (the market's "pass" is
        recorded for it, as if clicked)."""
        if on:
            self.choices.trading.add(seat)
        else:
            self.choices.trading.discard(seat)
        if not self._advance():
            self.render()

    def offer_to_buy(self, card: str, price: str, asked_at: int | None = None) -> bool:
        """A trading person offers to buy ``card`` (a ``buy_card`` option of the market) at
        ``price`` (a ``price`` option): the two answers the rules ask for, recorded as clicked.
        False (with a message, game untouched) if either is not legal now."""
        g = self.session.game
        refusal = self.choices.market.refusal(g, card, price)
        if refusal:
            self._say(f"Not allowed: {refusal}; nothing was changed", error=True)
            return False
        if not self.choose(card, asked_at):
            return False
        return self.choose(price, len(g.entries))

    def play(self) -> None:
        """Let the bots play on at the chosen speed."""
        self.playing = True
        self.stopped_by = None
        if not self._advance():
            self.render()

    def pause(self) -> None:
        """The student's Pause: the bots stop after the decision they are on, and stay stopped
        until Play (or Play on from here, Play to the end, a new game). Nothing else pauses them:
        looking at the past only holds them while it lasts (:meth:`_stop_task`)."""
        self.playing = False
        self._stop_task()
        self.render()

    def _stop_task(self) -> None:
        """Cancel the bots' task (a new game, a load, a look at the past); :attr:`playing` stays."""
        if self._task is not None and not self._task.done():
            self._task.cancel()
        self._task = None

    def step(self) -> None:
        """One bot decision, then stop."""
        self.playing = False
        self._stop_task()
        if not self.session.bot_step():
            self._say("No computer player is to choose now." if self.session.game.pending else "The game is over.")
        self.render()

    def play_to_end(self, bot: str = "landlord") -> None:
        """Finish the game at once: ``bot`` bots take every person's seat and play to the end."""
        if self.session.viewing is not None:
            self._say("Go back to the present first.", error=True)
            return
        people = [seat for seat in range(len(self.session.seats)) if self.session.is_person(seat)]
        for seat in people:
            self.session.bot_takes_seat(seat, bot)
        if people:
            who = computer_players_words(bot)
            self._say(f"{who[:1].upper()}{who[1:]}, take the seats of "
                      f"{', '.join(self.session.names[i] for i in people)} and finish the game.")
        self._stop_task()
        self.playing = True
        self.stopped_by = None
        self._advance(delay=0.0)

    def skip_ahead(self) -> bool:
        """The *Skip ahead* button: a computer player (the landlord) keeps every person's seat
        until round :attr:`skip_to`, playing at once, then gives the seats back; it casts no vote
        on the rules for them (:meth:`TableSession.stand_in`). False (with a message) when there
        is nothing to skip."""
        s = self.session
        if self.skip_to is None or s.viewing is not None or s.game.over or s.game.round >= self.skip_to:
            self._say(f"Nothing to skip: the game is already at round {s.game.round}.", error=True)
            return False
        self.files.student_acted()
        self.skipping = [seat for seat in range(len(s.seats)) if s.is_person(seat)]
        for seat in self.skipping:
            s.stand_in(seat, "landlord")
        self._say(f"A computer player plays for {', '.join(s.names[i] for i in self.skipping)} until round "
                  f"{self.skip_to}.")
        self._stop_task()
        self.playing = True
        self.stopped_by = None
        if not self._advance(delay=0.0):
            self.render()
        return True

    def _end_skip(self) -> None:
        """Give the people their seats back once the game has reached round :attr:`skip_to`."""
        s = self.session
        if not self.skipping or (self.skip_to is not None and s.game.round < self.skip_to and not s.game.over):
            return
        for seat in self.skipping:
            s.person_takes_seat(seat)
        self.skipping = []
        self._say(f"Round {s.game.round}: your seat is yours again.")

    def _machine_step(self) -> bool:
        """One answer nobody has to click: a bot's, or a person's remembered answer ("don't ask
        me this again this game"). False when a person must choose (or the game is over)."""
        self._end_skip()
        s = self.session
        d = s.game.pending
        if s.viewing is None and d is not None and s.is_person(d.seat):
            answer = self.choices.automatic(d)
            if answer is None or answer not in d.options:
                return False
            s.act(answer)
            return True
        return s.bot_step()

    def _machine_turn(self) -> bool:
        """True when the pending decision is answered without a click (bot or remembered)."""
        s = self.session
        d = s.game.pending
        if d is None:
            return False
        if not s.is_person(d.seat):
            return True
        return self.choices.automatic(d) in d.options

    def _advance(self, delay: float | None = None) -> bool:
        """After any change: if playing, let the bots answer (in a task when a loop runs).
        Returns True when it has redrawn the table."""
        if not self.playing or self.session.viewing is not None:
            return False
        if not self._machine_turn():
            return False
        loop = _running_loop()
        if loop is None:
            while self._machine_step():
                pass
            self.render()
            return True
        if self._task is None or self._task.done():
            self._task = loop.create_task(self._autoplay(delay))
        return False

    async def _autoplay(self, delay: float | None) -> None:
        """The bots' task: answer, redraw, wait; until a person must choose, the game ends, the
        student pauses or looks at the past. An error stops the bots with a plain message on
        the table (never silently: a stopped task would leave the bots waiting for nobody)."""
        last_draw = self.session.game.turn
        cancelled = False
        try:
            while self.playing and self.session.viewing is None:
                wait = float(self.speed.value) if delay is None else delay
                burst = 1 if wait > 0 else 25
                moved = 0
                while moved < burst and self._machine_step():
                    moved += 1
                if moved == 0:
                    if self._machine_turn():  # a machine is to answer and did not: say so, never spin
                        self.playing = False
                        self.stopped_by = "a computer player found no answer to give"
                    break
                turn = self.session.game.turn
                if wait >= 0.1 or turn - last_draw >= int(self.redraw_every.value):
                    self.render()
                    last_draw = turn
                await asyncio.sleep(wait)
        except asyncio.CancelledError:
            cancelled = True  # stopped from outside: whoever stopped it decides what plays next
            raise
        except Exception as exc:  # any error must reach the student's screen
            self.playing = False
            self.stopped_by = no_paths(str(exc)) or type(exc).__name__
        finally:
            if not cancelled and _running_loop() is not None and self._task is asyncio.current_task():
                self._task = None
            self.render()

    def _keep_playing(self) -> None:
        """After a redraw: if the bots should be playing and no task is playing them (an event
        loop runs, the present is on view, a machine answers next), start one."""
        loop = _running_loop()
        if loop is None or not self.playing or self.session.viewing is not None or not self._machine_turn():
            return
        if self._task is None or self._task.done():
            self._task = loop.create_task(self._autoplay(None))

    @property
    def activity_state(self) -> str:
        """What the table is doing: ``past``, ``over``, ``person`` (waiting for a person's
        click), ``playing``, ``paused`` or ``stopped`` (by an error) — :data:`ACTIVITY`."""
        s = self.session
        if s.viewing is not None:
            return "past"
        d = s.game.pending
        if d is None:
            return "over"
        if not self._machine_turn():
            return "person"
        if self.stopped_by is not None:
            return "stopped"
        return "playing" if self.playing else "paused"

    # -- rewinding ---------------------------------------------------------------------------

    def _on_rewind(self, change: dict[str, Any]) -> None:
        if self._busy:
            return
        self.rewind_to(int(change["new"]))

    def rewind_to(self, turn: int) -> None:
        """Show the game as it stood at ``turn`` (the present when ``turn`` is the latest).

        The past holds the bots while it is on view; the present lets them go on as they were
        (a slider moved to its end, by mouse or keyboard, used to pause them for good)."""
        s = self.session
        if turn >= s.game.turn:
            s.view(None)
            if not self._advance():
                self.render()
            return
        self._stop_task()
        s.view(s.choices_at_turn(turn))
        self.render()

    def _on_brush(self, change: dict[str, Any]) -> None:
        sel = (change["new"] or {}).get(BRUSH) or {}
        value = sel.get("value") or {}
        span = value.get("turn") if isinstance(value, dict) else None
        if span:
            self.rewind.value = int(max(span))

    def back_to_present(self) -> None:
        """Leave the past and show the present game again."""
        self.session.view(None)
        self._say("")
        if not self._advance():
            self.render()

    def play_on_from_here(self) -> None:
        """Make the rewound point the present (later choices are taken back) and play on."""
        if self.session.viewing is None:
            self._say("Move the Turn slider into the past first.", error=True)
            return
        self.session.play_on_from_here()
        self.playing = True
        self.stopped_by = None
        self._say("Playing on from here: later choices were taken back.")
        if not self._advance():
            self.render()

    # -- files -------------------------------------------------------------------------------

    def _use(self, session: TableSession, where: str) -> None:
        self._stop_task()
        self.files.student_acted()
        self.session = session
        self.setup.show(session)
        self.playing = False
        self.stopped_by = None
        self.choices.forget()
        self._say(f"Loaded {where}: turn {session.game.turn}. Press Play for the bots to go on.")
        self.render()

    def load_bytes(self, raw: bytes, name: str = "uploaded file") -> bool:
        """Load a saved game from a file's bytes (the upload button) through the one way a saved
        game comes in (:func:`landlord.engine.savefile.load_game`: the kit's file door's size, text and
        depth limits, then the record, replayed); a bad file changes nothing. Only the rulesets
        this table offers can be named (never a path), and no message names a file on the server."""
        name = plain_name(name)
        try:
            session = TableSession.from_saved(bytes(raw), name, rulesets=self.setup.known())
        except LandlordError as exc:
            self._say(f"Could not load: {no_paths(str(exc))}. The current game is kept.", error=True)
            return False
        self._use(session, name)
        return True

    def saved_name(self) -> str:
        """The file name a saved game downloads as: ruleset, seed and turn."""
        return self.files.saved_name()

    def save_to_computer(self) -> None:
        """The Save button: the student's browser downloads the game as a JSON file at once."""
        self.files.save()

    # -- drawing -----------------------------------------------------------------------------

    def _say(self, text: str, error: bool = False) -> None:
        colour = "#b00000" if error else "#225522"
        self.message.value = f'<div style="color:{colour}">{html.escape(text)}</div>' if text else ""
        if text and error:
            self.narration.live.say(text, again=True)

    def render(self) -> None:
        """Redraw everything from the game on view (present or past)."""
        s = self.session
        g = s.shown
        d = g.pending
        past = s.viewing is not None
        self.board.update(g)
        self.players_panel.value = players_html(player_rows(g, [plays_words(b) for b in s.bots]), d.seat if d else None,
                                                g.board.currency)
        phases = "phases" in self.controls
        self.narration.draw(g, past, phases)
        machine = self._machine_turn()
        self.choices.draw(s, machine, phases)
        self.charts.draw(g)  # charts follow turn by turn; board and cards every click
        self.narration.announce(s, g, past, d is not None and self.playing and machine,
                                len(self.choices.options.children))
        self.setup.show_seed(s.seed)
        self._busy = True
        try:
            self.rewind.max = max(s.game.turn, 0)
            self.rewind.value = g.turn if past else s.game.turn
        finally:
            self._busy = False
        news = None if past else self.narration.phase_news(s, g)
        if news is not None:
            self._say(news)
        self.narration.show_activity(self.activity_state, s, self.stopped_by or "")
        self._show_skip(g, past)
        self.files.keep_in_browser()
        if self.on_render is not None:
            self.on_render()
        self._keep_playing()

    def _show_skip(self, g: Game, past: bool) -> None:
        """The Skip ahead button shows while there is something to skip and nobody is skipping."""
        show = (self.skip_to is not None and not past and not g.over and g.round < self.skip_to
                and not self.skipping)
        self.skip_button.layout.display = None if show else "none"

    # -- reading (for notebooks and tests) ------------------------------------------------------

    @property
    def game(self) -> Game:
        """The present game."""
        return self.session.game

    @property
    def triggers(self) -> tuple[Trigger, ...]:
        """The phase triggers of the game at the table."""
        return self.session.triggers

    def option_buttons(self) -> dict[str, W.Button]:
        """The action bar's buttons by option string (empty when the options are a menu)."""
        return self.choices.option_buttons()

    def phase_buttons(self) -> dict[str, W.Button]:
        """The phase-switch buttons by phase name."""
        return self.choices.phase_buttons()

    def trade_toggles(self) -> dict[int, W.ToggleButton]:
        """The "Trade cards" toggles by seat (a 1906 game's people only)."""
        return self.choices.trade_toggles()

    @property
    def market_picker(self) -> dict[str, W.Widget]:
        """The widgets of the card market's form last drawn (:attr:`landlord.widgets.market.MarketForm.picker`)."""
        return self.choices.market.picker
