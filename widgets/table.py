"""The game table: a board, the players, an action bar and live charts, for hot-seat play.

Everything the table does to a game goes through :class:`landlord.widgets.session.TableSession`, which
uses only the engine's public API. The action bar offers exactly ``game.pending.options``, each
labelled by ``game.rules.option_text`` under the sentence ``game.rules.explain`` gives; a click
that no longer fits the game (double click, stale button) is refused with a message and changes
nothing. Bots answer on their own at the chosen speed in an asyncio task (the kernel stays free
for clicks); outside a running event loop (tests, scripts) they answer at once.

The table is composed of its parts, each its own module: the set-up (:mod:`landlord.widgets.table_setup`),
the question and its choices (:mod:`landlord.widgets.table_choices`), the bots' pace
(:mod:`landlord.widgets.table_bots`), the words around the board (:mod:`landlord.widgets.table_narration`),
the live charts (:mod:`landlord.widgets.table_charts`), the rewind (:mod:`landlord.widgets.table_rewind`)
and save, load and the kept game (:mod:`landlord.widgets.table_files`); this module starts the game,
takes the people's clicks to it, and draws it all.
"""

from __future__ import annotations

import html
import time
from collections.abc import Callable, Collection, Sequence
from pathlib import Path

import ipywidgets as W

from landlord.charts import figures as lib
from landlord.data.position import Position
from landlord.data.ruleset import Ruleset
from landlord.engine.game import Game
from landlord.engine.phases import Trigger
from landlord.errors import IllegalAction, LandlordError

from .board import BoardView
from .layout import STYLE, full_labels
from .panels import players_html
from .session import TableSession
from .state import player_rows
from .table_bots import BotPlay
from .table_charts import TableCharts
from .table_choices import ChoiceBar
from .table_files import TableFiles
from .table_narration import TableNarration
from .table_rewind import RewindBar
from .table_setup import OWN_POSITION, TableSetup, fresh_seed
from .words import no_paths, plain_name, plays_words

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

    Its parts hold their own widgets: :attr:`setup`, :attr:`choices`, :attr:`bots`,
    :attr:`narration`, :attr:`charts`, :attr:`rewind_bar` and :attr:`files`.
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
        self.timings: list[float] = []
        """Seconds each click took, from the click to the table redrawn."""
        self.on_render: Callable[[], None] | None = None
        """Called after every redraw (a lesson's check, a test's look)."""
        self.setup = TableSetup(ruleset, seats, seed, regime, presets, position, start=self._start,
                                new_game=self.new_game, say=self._say)
        """The set-up: rules, seats, phase switches, a position to start from, the seed."""
        self.board = BoardView()
        self.players_panel = W.HTML()
        self.choices = ChoiceBar(self.choose, self.switch_phase, self.set_trading, self.offer_to_buy, self.new_game)
        """The question asked now and its choices, the card market, the phase buttons."""
        self.narration = TableNarration()
        """The status line, what the table is doing, the commentary, provenance and live region."""
        self.files = TableFiles(keep, lambda: self.session, lambda: self.activity_state, self.setup.known,
                                self.load_bytes, self._say)
        """Save, load and the game kept in the browser between visits."""
        self.bots = BotPlay(speed, redraw_every, skip_to, lambda: self.session, self.choices.automatic, self.render,
                            self._say, self.files.student_acted)
        """The computer players' pace: Play, Pause, Step, Play to the end, Skip ahead."""
        self.charts = TableCharts()
        """Wealth, Gini and money flows of the game on view."""
        self.rewind_bar = RewindBar(lambda: self.session, self.bots, self.render, self._say)
        """The Turn slider: the game as it stood at an earlier turn."""
        self.charts.gini_slot.widget.observe(self.rewind_bar.on_brush, "_vl_selections")
        self.setup.new_button.on_click(lambda _: self.new_game())
        self.setup.reset_button.on_click(lambda _: self.reset())
        self.session = self.setup.session()
        super().__init__(self._layout())
        self.add_class("ll-table")
        full_labels(self)
        if not self.bots.advance():
            self.render()

    def _layout(self) -> list[W.Widget]:
        c, ch, say = self.controls, self.choices, self.narration
        # the status line, then the question and its choices (in the reading and Tab order), the
        # board, then the players
        choice = W.VBox([say.activity, ch.decision, ch.options, ch.remember, ch.trade_bar, ch.phase_bar,
                         self.bots.skip_button, self.message], layout=W.Layout(max_width="100%"))
        choice.add_class("ll-choice")
        seats = W.VBox([self.players_panel], layout=W.Layout(max_width="100%"))
        seats.add_class("ll-seats")
        # the board beside the choice and the seats from 1024 px wide; on a phone one column,
        # the choice first, then the board, then the seats (static/board.css: .ll-play)
        play = W.Box([choice, self.board.box, seats])
        play.add_class("ll-play")
        parts: list[W.Widget] = [W.HTML(STYLE), self.files.keeper, self.files.resume_bar]
        if "setup" in c:
            parts.append(W.Accordion([self.setup.box], titles=("Set up the table",), selected_index=None))
        if self.setup.preset_pick.options:
            parts.append(self.setup.preset_pick)
        parts += [say.status, say.live, play]
        shown = {"bots": self.bots.box, "charts": self.charts.box, "rewind": self.rewind_bar.box}
        parts += [shown[k] for k in ("bots", "charts", "rewind") if k in c]
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
        self.bots.stop_task()
        self.files.student_acted()
        try:
            self.session = self.setup.session()
        except (LandlordError, ValueError) as exc:
            self._say(f"Cannot start: {no_paths(str(exc))}", error=True)
            return
        self.bots.go_on()
        self.choices.forget()
        start = self.session.position
        where = f", from “{start.title or OWN_POSITION}”" if start is not None else ""
        self._say(f"New game of {self.session.ruleset.title}, seed {self.session.seed}{where}.")
        if not self.bots.advance():
            self.render()

    # -- the people's clicks -------------------------------------------------------------------
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
        if not self.bots.advance():
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
        if not self.bots.advance():
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
        if not self.bots.advance():
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

    # -- the bots and the past: their parts' -----------------------------------------------------
    def play(self) -> None:
        """Let the bots play on at the chosen speed (:meth:`BotPlay.play`)."""
        self.bots.play()

    def pause(self) -> None:
        """Stop the bots until Play (:meth:`BotPlay.pause`)."""
        self.bots.pause()

    def step(self) -> None:
        """One bot decision, then stop (:meth:`BotPlay.step`)."""
        self.bots.step()

    def play_to_end(self, bot: str = "landlord") -> None:
        """Finish the game at once, ``bot`` bots in every person's seat (:meth:`BotPlay.play_to_end`)."""
        self.bots.play_to_end(bot)

    def skip_ahead(self) -> bool:
        """The *Skip ahead* button (:meth:`BotPlay.skip_ahead`)."""
        return self.bots.skip_ahead()

    @property
    def activity_state(self) -> str:
        """What the table is doing (:attr:`BotPlay.activity_state`): ``past``, ``over``,
        ``person``, ``playing``, ``paused`` or ``stopped`` — :data:`~landlord.widgets.words.ACTIVITY`."""
        return self.bots.activity_state

    def rewind_to(self, turn: int) -> None:
        """Show the game as it stood at ``turn`` (:meth:`RewindBar.rewind_to`)."""
        self.rewind_bar.rewind_to(turn)

    def back_to_present(self) -> None:
        """Leave the past and show the present game again."""
        self.rewind_bar.back_to_present()

    def play_on_from_here(self) -> None:
        """Make the rewound point the present and play on (:meth:`RewindBar.play_on_from_here`)."""
        self.rewind_bar.play_on_from_here()

    # -- files -------------------------------------------------------------------------------
    def _use(self, session: TableSession, where: str) -> None:
        self.bots.stop_task()
        self.files.student_acted()
        self.session = session
        self.setup.show(session)
        self.bots.playing = False
        self.bots.stopped_by = None
        self.choices.forget()
        self._say(f"Loaded {where}: turn {session.game.turn}. Press Play for the bots to go on.")
        self.render()

    def load_bytes(self, raw: bytes, name: str = "uploaded file") -> bool:
        """Load a saved game from a file's bytes (the upload button) through the one way a saved
        game comes in (:func:`landlord.players.savefile.load_game`: the kit's file door's size, text and
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
        machine = self.bots.machine_turn()
        self.choices.draw(s, machine, phases)
        self.charts.draw(g)  # charts follow turn by turn; board and cards every click
        self.narration.announce(s, g, past, d is not None and self.bots.playing and machine,
                                len(self.choices.options.children))
        self.setup.show_seed(s.seed)
        self.rewind_bar.draw(s)
        news = None if past else self.narration.phase_news(s, g)
        if news is not None:
            self._say(news)
        self.narration.show_activity(self.activity_state, s, self.bots.stopped_by or "")
        self.bots.show_skip(g, past)
        self.files.keep_in_browser()
        if self.on_render is not None:
            self.on_render()
        self.bots.keep_playing()

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
