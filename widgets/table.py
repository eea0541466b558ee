"""The game table: a board, the players, an action bar and live charts, for hot-seat play.

Everything the table does to a game goes through :class:`landlord.widgets.session.TableSession`, which
uses only the engine's public API. The action bar offers exactly ``game.pending.options``, each
labelled by ``game.rules.option_text`` under the sentence ``game.rules.explain`` gives; a click
that no longer fits the game (double click, stale button) is refused with a message and changes
nothing. Bots answer on their own at the chosen speed in an asyncio task (the kernel stays free
for clicks); outside a running event loop (tests, scripts) they answer at once.
"""

from __future__ import annotations

import asyncio
import html
import json
import re
import secrets
import time
from collections.abc import Callable, Collection, Sequence
from pathlib import Path
from typing import Any

import ipywidgets as W
import pandas as pd

from landlord.analysis import metrics
from landlord.charts import figures as lib
from landlord.charts.dressing import BRUSH, sized, with_brush
from landlord.charts.numbers import flows_numbers, gini_numbers, wealth_numbers
from landlord.data.loader import load_ruleset, ruleset_ids
from landlord.data.position import Position, example_positions, load_position
from landlord.data.ruleset import Ruleset
from landlord.engine import flows
from landlord.engine.count import winners as winners_of
from landlord.engine.decisions import Decision
from landlord.engine.game import Game
from landlord.engine.phases import Trigger
from landlord.engine.strategies import STRATEGIES
from landlord.errors import IllegalAction, LandlordError

from .announce import LiveRegion, summary
from .board import BoardView
from .board_view import FrameSlot
from .closing import replace_children
from .keeper import BrowserKeeper
from .market import MARKET, MARKET_PASS, MarketForm, has_market, passes_unasked, trade_toggle
from .panels import commentary_html, commentary_lines, events_since, players_html, provenance_html
from .phase_switches import PhaseSwitches, about
from .session import Seat, TableSession
from .state import player_rows
from .words import (
    activity_html,
    computer_players_words,
    menu_words,
    phase_news_text,
    plain,
    plays_words,
    resume_offer_html,
    rules_label,
    short_title,
)

AUTO = W.Layout(width="auto")
WRAP = W.Layout(flex_flow="row wrap", max_width="100%")
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
"""Buttons as wide as their label (ipywidgets' fixed width cuts labels off)."""
PERSON = "person"
MAX_BUTTONS = 12
"""Up to this many options are buttons; more (bids, loans of many sizes) are one menu."""
KEEP_EVERY = 2.0
"""While the bots play, the game kept in the browser is brought up to date at most this often (s)."""
LONG_GAME_ROWS = 4000
"""Above this many panel rows a table's charts go per round (Altair's row limit is 5000)."""
SPEEDS = (("slow (1 s a decision)", 1.0), ("normal", 0.3), ("fast", 0.02), ("instant", 0.0))
CONTROLS = ("setup", "bots", "phases", "rewind", "files", "charts", "commentary")
"""Table controls a lesson may show: the set-up panel, the bots' speed and buttons, the
"Rules now" phase buttons, the rewind slider, save/load, the charts and the commentary."""
DEFAULT_NAMES = ("Ada", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hal")
DEFAULT_SEATS = (("Ada", None), ("Ben", None), ("Cleo", "landlord"), ("Dan", "speculator"))
OPENING = "the rules' own opening"
"""The set-up's "Start from" choice for a game that starts as the rules set it up."""
OWN_POSITION = "a position of your own"
"""How the set-up names a position that has no title."""


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


def custom_regime(text: str) -> tuple[str, ...]:
    """Phase switches typed as ``phase@trigger`` separated by commas; ValueError says what is wrong."""
    from landlord.engine.phases import parse_switch

    parts = tuple(t.strip() for t in text.split(",") if t.strip())
    for t in parts:
        parse_switch(t)
    return parts


def default_ruleset() -> str:
    """The ruleset a new table or lab opens with: Magie's 1904 patent game when it is there."""
    ids = ruleset_ids()
    return "magie-1904" if "magie-1904" in ids else ids[0]


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


def fresh_seed() -> int:
    """A new seed for a visitor's game (shown on the table and kept in its saved file)."""
    return secrets.randbelow(1_000_000)


def plain_name(name: str) -> str:
    """An uploaded file's name as shown: its last part only, printable, at most 80 characters."""
    base = str(name).replace("\\", "/").rsplit("/", 1)[-1]
    base = "".join(c for c in base if c.isprintable())[:80]
    return base or "uploaded file"


_PATH = re.compile(r"(?:[A-Za-z]:)?(?:[/\\][\w.@+-]+){2,}[/\\]?")


def no_paths(text: str) -> str:
    """``text`` with every file path on the server cut to its last part."""
    return _PATH.sub(lambda m: m.group(0).rstrip("/\\").replace("\\", "/").rsplit("/", 1)[-1], text)


def phases_in_words(frame: pd.DataFrame, ruleset: Ruleset, columns: Sequence[str]) -> pd.DataFrame:
    """``frame`` with the phase ids in ``columns`` replaced by the phases' titles, shortened for a
    legend ("part1" → "Part 1: buying the land"): students never read a phase's id."""
    words = {name: short_title(ph.title) for name, ph in ruleset.phases.items()}
    out = frame.copy()
    for col in columns:
        if col in out:
            out[col] = out[col].map(lambda v: words.get(v, v))
    return out


def phase_titles(text: str, ruleset: Ruleset) -> str:
    """``text`` with any phase id in parentheses given as the phase's short title: "a vote on the
    rules (single_tax)" → "a vote on the rules (The Single Tax)"."""
    for name, ph in ruleset.phases.items():
        text = text.replace(f"({name})", f"({short_title(ph.title)})")
    return text


def whole_labels(chart: Any) -> Any:
    """A chart whose legend labels are never cut off ("land rent and land value tax to th…")."""
    return chart.configure_legend(labelLimit=0, titleLimit=0)


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
        start = load_position(position) if isinstance(position, (str, Path)) else position
        if start is not None and ruleset is None:
            ruleset = start.ruleset
        self.positions: list[Position] = example_positions()
        """The positions the set-up's "Start from" menu can offer: the kit's examples, then any
        other this table was given or loaded."""
        start = None if start is None else self._offer(start)
        self.preset_pick = W.Dropdown(options=list(presets), description="Play",
                                      layout=W.Layout(width="auto", max_width="100%"))
        if presets:
            ids_now = ruleset_ids()
            bad = [rid for _, rid in presets if rid not in ids_now]
            if bad:
                raise ValueError(f"unknown ruleset ids in presets: {bad}")
            if ruleset is None:
                ruleset = presets[0][1]
            if not isinstance(ruleset, Ruleset) and ruleset in [r for _, r in presets]:
                self.preset_pick.value = ruleset
        self._extra: dict[str, Ruleset] = {}
        if isinstance(ruleset, Ruleset):
            self._extra[ruleset.id] = ruleset
        ids = list(dict.fromkeys([*ruleset_ids(), *self._extra]))
        first = ruleset.id if isinstance(ruleset, Ruleset) else (ruleset or default_ruleset())
        rs = self._ruleset(first)
        if not seats:
            n = len(start.seats) if start is not None and start.seats else len(DEFAULT_SEATS)
            seats = [*DEFAULT_SEATS, *((name, "landlord") for name in DEFAULT_NAMES[len(DEFAULT_SEATS):])][:n]
        seats = list(seats)
        self._busy = False
        self._chart_key: tuple[int, int, str, bool] | None = None
        self.option_picker: tuple[W.Dropdown, W.Button] | None = None
        self._asked: tuple[object, ...] | None = None
        """The question whose choices the action bar shows (a redraw keeps those buttons)."""
        self._announced: tuple[object, ...] | None = None
        """The question the live region last announced (a new one is said even in the same words)."""
        self._task: asyncio.Task[None] | None = None
        self.playing = True
        self.timings: list[float] = []
        self.on_render: Callable[[], None] | None = None

        # -- set-up ------------------------------------------------------------------------
        self.ruleset_pick = W.Dropdown(options=[(self._label(r), r) for r in ids], value=first, description="Rules",
                                       layout=W.Layout(width="auto", max_width="100%"))
        self.rules_about = W.HTML(about(rs.title))
        """The chosen rules' whole title, under their menu."""
        self.players = W.BoundedIntText(value=len(seats), min=rs.players_min, max=rs.players_max,
                                        description="Players", layout=W.Layout(width="160px"))
        self.seat_names: list[W.Text] = []
        self.seat_plays: list[W.Dropdown] = []
        self.seat_box = W.VBox()
        self.regime_pick = PhaseSwitches(rs)
        """The rules at the start and each change of rules, chosen from menus."""
        self.regime_custom = W.Text(description="or type", placeholder="phase@turn:30, phase@vote, …",
                                    continuous_update=False,
                                    tooltip="phase switches as phase@trigger (start, vote, turn:N, round:N, gini:X)")
        self.seed_box = W.IntText(value=int(seed), description="Seed", layout=W.Layout(width="200px"))
        self.seed_copy = W.HTML()
        self.new_button = W.Button(description="New game", icon="plus", tooltip="a new game with a fresh seed",
                                   layout=AUTO)
        self.reset_button = W.Button(description="Reset", icon="undo", layout=AUTO,
                                     tooltip="start again from the seed in the box, same seats")
        self.position_pick = W.Dropdown(description="Start from", layout=W.Layout(width="auto", max_width="100%"),
                                        tooltip="a described position to start from instead of the rules' own opening")
        self.position_about = W.HTML()
        """The chosen position's whole title, under its menu."""
        self._build_seats(seats)
        self._fill_regimes(rs, regime)
        self._fill_positions(rs, start)

        # -- the table ----------------------------------------------------------------------
        self.status = W.HTML()
        self.board = BoardView()
        self.players_panel = W.HTML()
        self.decision = W.HTML()
        self.options = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.options.add_class("ll-options")
        self.live = LiveRegion()
        """The table's live region: what happened and what is asked now, for a screen reader."""
        self._heard: tuple[int, int] = (0, 0)
        """(the game on view, its events already announced)."""
        self.remember = W.Checkbox(value=False, description="don't ask me this again this game", indent=False,
                                   layout=W.Layout(width="auto", display="none"))
        self.remembered: dict[tuple[int, str], str] = {}
        self.trading: set[int] = set()
        """Seats whose person has "Trade cards" on: asked the card market question (1906 rule 1)
        before each throw; the others make no offer without being asked."""
        self.trade_bar = W.HBox(layout=WRAP)
        self.market = MarketForm()
        """The card market's form while a trading person is asked (its widgets: ``market.picker``)."""
        self._toggles: dict[int, W.ToggleButton] = {}
        self.phase_bar = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.message = W.HTML()
        self.provenance = W.HTML()

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
        self.again_button = W.Button(description="Play again", icon="redo", layout=AUTO, button_style="success",
                                     tooltip="a new game with the same players and a fresh seed")

        # -- charts, rewind, commentary, files ------------------------------------------------
        self.wealth_slot, self.gini_slot, self.flows_slot = FrameSlot(), FrameSlot(), FrameSlot()
        self.wealth, self.gini, self.flows = self.wealth_slot.widget, self.gini_slot.widget, self.flows_slot.widget
        self.rewind = W.IntSlider(value=0, min=0, max=0, description="Turn", continuous_update=False,
                                  layout=W.Layout(width="460px", max_width="100%"))
        self.present_button = W.Button(description="Back to the present", icon="forward", layout=AUTO)
        self.branch_button = W.Button(description="Play on from here", icon="code-fork", layout=AUTO,
                                      tooltip="take back every choice after this point")
        self.commentary = W.HTML()
        self.save_button = W.Button(description="Save to my computer", icon="download",
                                    layout=W.Layout(width="auto"),
                                    tooltip="your browser downloads the game as a file")
        self.upload = W.FileUpload(accept=".json", multiple=False, description="Load from my computer",
                                   layout=W.Layout(width="auto"))
        self.keeper = BrowserKeeper(key=keep or "")
        """The game kept in the student's browser, and the Save button's downloads."""
        self.keeping = keep is not None
        self.kept_offer: bytes | None = None
        """A game this browser kept from an earlier visit, while the table offers to resume it."""
        self._kept_at = 0.0
        self._hold_store = True
        self._browser_read = False
        self.resume_text = W.HTML()
        self.resume_button = W.Button(description="Resume that game", icon="play", button_style="success",
                                      layout=AUTO)
        self.fresh_button = W.Button(description="Start a new game", icon="plus", layout=AUTO)
        self.resume_bar = W.HBox([self.resume_text, self.resume_button, self.fresh_button],
                                 layout=W.Layout(flex_flow="row wrap", max_width="100%", display="none"))
        self.activity = W.HTML()
        """What the table is doing, in words: waiting for a person, playing, paused, the past, over."""
        self._news_phase: tuple[int, str] | None = None
        self.stopped_by: str | None = None
        """Why the computer players stopped by themselves (an error), until Play is pressed again."""

        self.session = TableSession(rs, self._seats(), int(seed), self.regime_pick.value, self.start_position)
        self._wire()
        super().__init__(self._layout())
        self.add_class("ll-table")
        full_labels(self)
        if not self._advance():
            self.render()

    # -- construction helpers -----------------------------------------------------------------
    def _label(self, rid: str) -> str:
        try:
            return rules_label(rid, self._ruleset(rid).title)
        except LandlordError:
            return rid

    def _ruleset(self, rid: str) -> Ruleset:
        return self._extra[rid] if rid in self._extra else load_ruleset(rid)

    def _build_seats(self, seats: Sequence[tuple[str, str | None]]) -> None:
        plays = [PERSON, *STRATEGIES]
        self.seat_names = [W.Text(value=n, layout=W.Layout(width="140px"), continuous_update=False)
                           for n, _ in seats]
        self.seat_plays = [W.Dropdown(options=plays, value=b or PERSON, description="plays",
                                      style={"description_width": "initial"}, layout=W.Layout(width="auto"))
                           for _, b in seats]
        self.seat_box.children = [W.HBox([W.Label(f"Seat {i + 1}"), n, p])
                                  for i, (n, p) in enumerate(zip(self.seat_names, self.seat_plays, strict=True))]

    def _fill_regimes(self, rs: Ruleset, chosen: Sequence[str] = ()) -> None:
        self.rules_about.value = about(rs.title)
        self.regime_pick.set_rules(rs, chosen)

    def _fill_positions(self, rs: Ruleset, chosen: Position | None = None) -> None:
        """Offer the positions made for ``rs``'s board (and any that name no ruleset), each by its
        title; keep ``chosen`` (or the present choice) if it is among them."""
        keep = chosen if chosen is not None else self.start_position
        opts: list[tuple[str, int | None]] = [(OPENING, None)]
        for k, p in enumerate(self.positions):
            if p.ruleset is None or self._board_of(p.ruleset) == rs.board.id:
                opts.append((menu_words(p.title or OWN_POSITION), k))
        busy, self._busy = self._busy, True
        try:
            self.position_pick.options = opts
            ks = [v for _, v in opts]
            self.position_pick.value = next((k for k in ks if k is not None and self.positions[k] is keep), None)
        finally:
            self._busy = busy
        self.position_pick.disabled = len(opts) == 1
        self._about_position()

    def _about_position(self) -> None:
        chosen = self.start_position
        self.position_about.value = "" if chosen is None else about(chosen.title or OWN_POSITION)

    def _offer(self, position: Position) -> Position:
        """``position`` as the "Start from" menu holds it: the same example (equal as saved), or
        added to the menu."""
        same = next((p for p in self.positions if p.to_dict() == position.to_dict()), None)
        if same is None:
            self.positions.append(position)
        return same or position

    def _board_of(self, rid: str) -> str | None:
        try:
            return self._ruleset(rid).board.id
        except LandlordError:
            return None

    @property
    def start_position(self) -> Position | None:
        """The position chosen in the set-up's "Start from" menu (None: the rules' own opening)."""
        k = self.position_pick.value
        return None if k is None else self.positions[k]

    def _seats(self) -> list[Seat]:
        return [Seat(n.value.strip() or f"Player {i + 1}", None if p.value == PERSON else p.value)
                for i, (n, p) in enumerate(zip(self.seat_names, self.seat_plays, strict=True))]

    def _wire(self) -> None:
        self.ruleset_pick.observe(self._on_ruleset, "value")
        self.preset_pick.observe(self._on_preset, "value")
        self.position_pick.observe(self._on_position, "value")
        self.players.observe(self._on_players, "value")
        self.new_button.on_click(lambda _: self.new_game())
        self.reset_button.on_click(lambda _: self.reset())
        self.play_button.on_click(lambda _: self.play())
        self.pause_button.on_click(lambda _: self.pause())
        self.step_button.on_click(lambda _: self.step())
        self.end_button.on_click(lambda _: self.play_to_end())
        self.again_button.on_click(lambda _: self.new_game())
        self.skip_button.on_click(lambda _: self.skip_ahead())
        self.rewind.observe(self._on_rewind, "value")
        self.present_button.on_click(lambda _: self.back_to_present())
        self.branch_button.on_click(lambda _: self.play_on_from_here())
        self.save_button.on_click(lambda _: self.save_to_computer())
        self.keeper.observe(self._on_kept, ["found", "ready"])
        self.resume_button.on_click(lambda _: self.resume_kept())
        self.fresh_button.on_click(lambda _: self.forget_kept())
        self.upload.observe(self._on_upload, "value")
        self.gini.observe(self._on_brush, "_vl_selections")

    def _layout(self) -> list[W.Widget]:
        setup = W.VBox([
            W.HBox([self.ruleset_pick, self.players], layout=WRAP),
            self.rules_about,
            self.regime_pick,
            self.position_pick,
            self.position_about,
            self.seat_box,
            W.HBox([self.seed_box, self.seed_copy, self.new_button, self.reset_button]),
        ])
        # the status line, then the question and its choices (in the reading and Tab order), the
        # board, then the players
        choice = W.VBox([self.activity, self.decision, self.options, self.remember, self.trade_bar, self.phase_bar,
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
        files = W.HBox([self.save_button, self.upload], layout=WRAP)
        c = self.controls
        parts: list[W.Widget] = [W.HTML(STYLE), self.keeper, self.resume_bar]
        if "setup" in c:
            parts.append(W.Accordion([setup], titles=("Set up the table",), selected_index=None))
        if self.preset_pick.options:
            parts.append(self.preset_pick)
        parts += [self.status, self.live, play]
        if "bots" in c:
            parts.append(bots)
        if "charts" in c:
            parts.append(W.HBox([self.wealth_slot.box, self.gini_slot.box, self.flows_slot.box], layout=WRAP))
        if "rewind" in c:
            parts.append(W.HBox([self.rewind, self.present_button, self.branch_button], layout=WRAP))
        if "commentary" in c:
            parts += [W.HTML("<b>Commentary</b>"), self.commentary]
        if "files" in c:
            parts.append(files)
        parts.append(self.provenance)
        return parts

    # -- set-up actions ------------------------------------------------------------------------
    def _on_ruleset(self, change: dict[str, Any]) -> None:
        rs = self._ruleset(change["new"])
        self.players.min, self.players.max = 1, 99
        self.players.value = min(max(self.players.value, rs.players_min), rs.players_max)
        self.players.min, self.players.max = rs.players_min, rs.players_max
        self._fill_regimes(rs)
        self._fill_positions(rs)

    def _on_position(self, change: dict[str, Any]) -> None:
        """A position chosen in the set-up: its own ruleset and seat count, and a new game from it."""
        self._about_position()
        if self._busy:
            return
        chosen = self.start_position
        if chosen is not None:
            busy, self._busy = self._busy, True
            try:
                if chosen.ruleset is not None and chosen.ruleset != self.ruleset_pick.value:
                    self.ruleset_pick.value = chosen.ruleset
                    self._fill_positions(self._ruleset(chosen.ruleset), chosen)
                if chosen.seats:
                    self.players.value = len(chosen.seats)
            except (LandlordError, ValueError) as exc:
                self._say(f"Cannot start there: {exc}", error=True)
                return
            finally:
                self._busy = busy
        self._start()

    def _on_preset(self, change: dict[str, Any]) -> None:
        if self._busy or change["new"] is None:
            return
        self.ruleset_pick.value = change["new"]
        self.new_game()

    def _on_players(self, change: dict[str, Any]) -> None:
        n = int(change["new"])
        old = [(t.value, None if p.value == PERSON else p.value)
               for t, p in zip(self.seat_names, self.seat_plays, strict=True)]
        seats = old[:n] + [(DEFAULT_NAMES[i % len(DEFAULT_NAMES)], "landlord") for i in range(len(old), n)]
        self._build_seats(seats)

    def new_game(self, seed: int | None = None) -> None:
        """Start a new game with the set-up shown and a fresh seed (or ``seed``)."""
        self.seed_box.value = int(seed) if seed is not None else secrets.randbelow(1_000_000)
        self._start()

    def reset(self) -> None:
        """Start again from the seed in the seed box, with the set-up shown."""
        self._start()

    def _start(self) -> None:
        self._stop_task()
        self._student_acted()
        try:
            rs = self._ruleset(self.ruleset_pick.value)
            regime = custom_regime(self.regime_custom.value) or self.regime_pick.value
            start = self.start_position
            self.session = TableSession(rs, self._seats(), int(self.seed_box.value), regime, start)
        except (LandlordError, ValueError) as exc:
            self._say(f"Cannot start: {no_paths(str(exc))}", error=True)
            return
        self.playing = True
        self.stopped_by = None
        self.remembered = {}
        self.trading = set()
        where = f", from “{start.title or OWN_POSITION}”" if start is not None else ""
        self._say(f"New game of {rs.title}, seed {self.session.seed}{where}.")
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
        self._student_acted()
        self._say("")
        if self.remember.value and d is not None:
            self.remembered[(d.seat, d.kind)] = option
            self._say(f"{self.session.game.names[d.seat]}: “{self.session.game.rules.option_text(d, option)}” "
                      "from now on this game, without asking.")
        self.remember.value = False
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
        self._student_acted()
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
            answer = self._automatic(d)
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
        return self._automatic(d) in d.options

    def _automatic(self, d: Decision) -> str | None:
        """A person's answer given without asking: "no offer" to the card market while the seat
        does not trade cards, or the answer remembered for this kind of question."""
        if passes_unasked(d, d.seat in self.trading):
            return MARKET_PASS
        return self.remembered.get((d.seat, d.kind))

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

    def _phase_news(self, g: Game) -> None:
        """When other rules come into force during play, say so where the student looks, and
        explain money the new rules hand out (the 1913 Part 2 "further £3000 from the Bank",
        which would otherwise show only as a jump in every player's wealth)."""
        now = (id(self.session), g.phase)
        before, self._news_phase = self._news_phase, now
        if before is None or before == now or before[0] != now[0] or g.events is None:
            return  # the same rules, or another game (new, loaded): nothing has come into force
        since = max((i for i, e in enumerate(g.events) if e.kind == "phase"), default=None)
        if since is None:
            return
        paid = [dict(e.data) for e in g.events[since:] if e.kind == "transfer"
                and dict(e.data).get("kind") == flows.START_CASH]
        self._say(phase_news_text(short_title(g.ruleset.phases[g.phase].title), g.board.currency,
                                  sorted({int(p["amount"]) for p in paid})))

    def _show_skip(self, g: Game, past: bool) -> None:
        """The Skip ahead button shows while there is something to skip and nobody is skipping."""
        show = (self.skip_to is not None and not past and not g.over and g.round < self.skip_to
                and not self.skipping)
        self.skip_button.layout.display = None if show else "none"

    def _activity_details(self) -> dict[str, str]:
        """The names and numbers :func:`activity_html` puts in its sentence."""
        s = self.session
        d = s.game.pending
        return {"name": s.game.names[d.seat] if d is not None else "", "turn": str(s.shown.turn),
                "why": self.stopped_by or ""}

    # -- files -------------------------------------------------------------------------------
    # Saving and loading go through the browser: a save is a download the browser makes at one
    # click, a load is the bytes of an uploaded file, and the game kept between visits lives in
    # the browser's own storage (landlord.widgets.keeper says why there). Nothing typed at the
    # table becomes a path on the server, and no message shown names one.
    def saved_name(self) -> str:
        """The file name a saved game downloads as: ruleset, seed and turn."""
        s = self.session
        return f"landlord-{s.ruleset.id}-seed{s.seed}-turn{s.game.turn}.json"

    def save_to_computer(self) -> None:
        """The Save button: the student's browser downloads the game as a JSON file at once."""
        text = json.dumps(self.session.to_dict(), indent=1)
        self.keeper.download(self.saved_name(), text)
        self._say(f"Saved: your browser downloads {self.saved_name()}.")

    def _student_acted(self) -> None:
        """A click that makes this page's game the student's own (a choice, a new game, a load):
        from now on it is kept in the browser, over any game kept from an earlier visit."""
        self._hold_store = False

    def _keep_in_browser(self, force: bool = False) -> None:
        """Write the game to the browser's storage: at once when the table stops (a person to
        choose, paused, over), every :data:`KEEP_EVERY` seconds while the bots play. Nothing is
        written before the page has read what the browser kept, nor while a kept game is on offer
        and the student has not yet clicked anything of this page's game."""
        if not self.keeping or not self.keeper.ready or (self._hold_store and self.kept_offer is not None):
            return
        now = time.monotonic()
        if not force and self.activity_state == "playing" and now - self._kept_at < KEEP_EVERY:
            return
        if not force and not self.session.game.entries and not self.keeper.record:
            return  # an untouched new game is not worth keeping
        self.keeper.record = json.dumps(self.session.to_dict(), separators=(",", ":"))
        self._kept_at = now

    def _on_kept(self, change: dict[str, Any]) -> None:
        """The browser has said what it kept from an earlier visit (once a page): offer to resume
        it; nothing kept, keep this page's game from now on."""
        if not self.keeper.ready or self._browser_read:
            return
        self._browser_read = True
        raw = self.keeper.found
        if not raw:
            self._keep_in_browser()
            return
        known = list(dict.fromkeys([*ruleset_ids(), *self._extra]))
        try:
            kept = TableSession.from_saved(raw.encode("utf-8"), "the game kept in this browser", rulesets=known)
        except LandlordError:
            self.keeper.record = ""  # not a game the kit can read: forget it rather than offer it
            return
        self.kept_offer = raw.encode("utf-8")
        self.resume_text.value = resume_offer_html(kept.ruleset.title, kept.game.turn, kept.game.over)
        self.resume_bar.layout.display = None

    def resume_kept(self) -> bool:
        """Play on with the game this browser kept (the offer's Resume button)."""
        raw = self.kept_offer
        if raw is None:
            return False
        self._close_offer()
        return self.load_bytes(raw, "the game kept in this browser")

    def forget_kept(self) -> None:
        """Leave the kept game and play this page's own (the offer's Start a new game button)."""
        self._close_offer()
        self._student_acted()
        self._keep_in_browser(force=True)

    def _close_offer(self) -> None:
        self.kept_offer = None
        self.resume_bar.layout.display = "none"

    def _use(self, session: TableSession, where: str) -> None:
        self._stop_task()
        self._student_acted()
        self.session = session
        self._busy = True
        try:
            if session.ruleset.id not in [v for _, v in self.ruleset_pick.options]:
                self._extra[session.ruleset.id] = session.ruleset
                self.ruleset_pick.options = [*self.ruleset_pick.options, (self._label(session.ruleset.id),
                                                                          session.ruleset.id)]
            self.ruleset_pick.value = session.ruleset.id
            self.players.value = len(session.seats)
            self._build_seats([(s.name, s.bot) for s in session.seats])
            self._fill_regimes(session.ruleset, [f"{t.phase}@{t.text}" for t in session.triggers])
            start = None if session.position is None else self._offer(session.position)
            self.position_pick.value = None
            self._fill_positions(session.ruleset, start)
            self.seed_box.value = session.seed
        finally:
            self._busy = False
        self.playing = False
        self.stopped_by = None
        self.remembered = {}
        self.trading = set()
        self._say(f"Loaded {where}: turn {session.game.turn}. Press Play for the bots to go on.")
        self.render()

    def load_bytes(self, raw: bytes, name: str = "uploaded file") -> bool:
        """Load a saved game from a file's bytes (the upload button) through the one way a saved
        game comes in (:func:`landlord.engine.savefile.load_game`: the kit's file door's size, text and
        depth limits, then the record, replayed); a bad file changes nothing. Only the rulesets
        this table offers can be named (never a path), and no message names a file on the server."""
        name = plain_name(name)
        known = list(dict.fromkeys([*ruleset_ids(), *self._extra]))
        try:
            session = TableSession.from_saved(bytes(raw), name, rulesets=known)
        except LandlordError as exc:
            self._say(f"Could not load: {no_paths(str(exc))}. The current game is kept.", error=True)
            return False
        self._use(session, name)
        return True

    def _on_upload(self, change: dict[str, Any]) -> None:
        files = change["new"]
        if not files:
            return
        try:
            f = files[0]
            raw, name = bytes(f["content"]), str(f.get("name", "uploaded file"))
        except (TypeError, KeyError, AttributeError, IndexError, ValueError):
            self._say("Could not load: that upload is not a file. The current game is kept.", error=True)
            return
        self.load_bytes(raw, name)

    # -- drawing -----------------------------------------------------------------------------
    def _say(self, text: str, error: bool = False) -> None:
        colour = "#b00000" if error else "#225522"
        self.message.value = f'<div style="color:{colour}">{html.escape(text)}</div>' if text else ""
        if text and error:
            self.live.say(text, again=True)

    def _option_buttons(self, g: Game) -> list[W.Widget]:
        d = g.pending
        if d is None:
            return []
        asked_at = len(g.entries)
        if len(d.options) > MAX_BUTTONS:
            # a long list (bids, loans of many sizes): one menu of exactly the legal options
            pick = W.Dropdown(options=[(plain(g.rules.option_text(d, o)), o) for o in d.options], value=d.options[0],
                              layout=W.Layout(width="260px"))
            go = W.Button(description="Choose", button_style="primary", icon="check")
            go.on_click(lambda _b, k=asked_at: self.choose(pick.value, k))
            self.option_picker = (pick, go)
            return [pick, go]
        self.option_picker = None
        buttons = []
        for opt in d.options:
            b = W.Button(description=plain(g.rules.option_text(d, opt)), tooltip=plain(g.rules.option_text(d, opt)),
                         layout=W.Layout(width="auto", max_width="100%"), button_style="primary")
            b.option = opt
            b.on_click(lambda _b, o=opt, k=asked_at: self.choose(o, k))
            buttons.append(b)
        return buttons

    # -- the 1906 card market (rule 1) --------------------------------------------------------
    def set_trading(self, seat: int, on: bool) -> None:
        """Turn "Trade cards" on or off for ``seat``: on, its person is asked the card market
        question before each throw; off, the seat makes no offer (the market's "pass" is
        recorded for it, as if clicked)."""
        if on:
            self.trading.add(seat)
        else:
            self.trading.discard(seat)
        if not self._advance():
            self.render()

    def _trade_toggles(self, g: Game) -> list[W.Widget]:
        if not has_market(g):
            return []
        out: list[W.Widget] = []
        for seat, name in enumerate(g.names):
            if not self.session.is_person(seat):
                continue
            t = self._toggles.get(seat)
            if t is None or t.description != f"Trade cards: {name}":
                t = trade_toggle(f"Trade cards: {name}", f"on: {name} is asked before each throw whether to offer "
                                                         f"to buy or sell a card; off: {name} makes no offer")
                t.seat = seat
                t.observe(lambda c, k=seat: None if self._busy else self.set_trading(k, bool(c["new"])), "value")
                self._toggles[seat] = t
            if t.value != (seat in self.trading):
                busy, self._busy = self._busy, True
                try:
                    t.value = seat in self.trading
                finally:
                    self._busy = busy
            out.append(t)
        return out

    def trade_toggles(self) -> dict[int, W.ToggleButton]:
        """The "Trade cards" toggles by seat (a 1906 game's people only)."""
        return {t.seat: t for t in self.trade_bar.children}

    @property
    def market_picker(self) -> dict[str, W.Widget]:
        """The widgets of the card market's form last drawn (:attr:`landlord.widgets.market.MarketForm.picker`)."""
        return self.market.picker

    def offer_to_buy(self, card: str, price: str, asked_at: int | None = None) -> bool:
        """A trading person offers to buy ``card`` (a ``buy_card`` option of the market) at
        ``price`` (a ``price`` option): the two answers the rules ask for, recorded as clicked.
        False (with a message, game untouched) if either is not legal now."""
        g = self.session.game
        refusal = self.market.refusal(g, card, price)
        if refusal:
            self._say(f"Not allowed: {refusal}; nothing was changed", error=True)
            return False
        if not self.choose(card, asked_at):
            return False
        return self.choose(price, len(g.entries))

    def _phase_buttons(self, g: Game) -> list[W.Button]:
        if len(g.ruleset.phases) < 2 or g.over or "phases" not in self.controls:
            return []
        out = []
        for name, ph in g.ruleset.phases.items():
            if name == g.phase:
                continue
            b = W.Button(description=f"Rules now: {short_title(ph.title)}", tooltip=ph.title,
                         layout=W.Layout(width="auto", max_width="100%"), button_style="warning")
            b.phase = name
            b.on_click(lambda _b, p=name: self.switch_phase(p))
            out.append(b)
        return out

    def render(self) -> None:
        """Redraw everything from the game on view (present or past)."""
        s = self.session
        g = s.shown
        d = g.pending
        past = s.viewing is not None
        self.board.update(g)
        cur = g.board.currency
        self.players_panel.value = players_html(player_rows(g, [plays_words(b) for b in s.bots]), d.seat if d else None,
                                                cur)
        when = f"turn {g.turn}, round {g.round}"
        phase = g.ruleset.phases[g.phase].title
        self.status.value = (f"<b>{html.escape(g.ruleset.title)}</b> — {when} — rules in force: "
                             f"<i>{html.escape(phase)}</i>" + (" — <b>viewing the past</b>" if past else ""))
        asked: tuple[object, ...] | None = None
        if past:
            self.decision.value = (f"<i>Viewing {when} (read-only). Move the slider to the end or press "
                                   "‘Back to the present’ to play on.</i>")
            replace_children(self.options, [], keep=(self.again_button,))
            replace_children(self.phase_bar, [])
        elif d is None:
            winners = [g.names[s] for s in winners_of(g.results())]
            self.decision.value = f"<b>The game is over.</b> Richest: {html.escape(', '.join(winners))}."
            replace_children(self.options, [self.again_button])
            replace_children(self.phase_bar, [])
        else:
            text = html.escape(plain(g.rules.explain(d)))
            if s.is_person(d.seat) and not self._machine_turn():  # an answer given unasked draws no buttons
                self.decision.value = f"<b>{text}</b>"
                trading = d.kind == MARKET and d.seat in self.trading
                asked = None if trading else (id(g), len(g.entries), g.phase, d)
                if trading:
                    market = self.market.build(g, len(g.entries), self.choose, self.offer_to_buy)
                    replace_children(self.options, [market], keep=(self.again_button,))
                elif asked != self._asked:  # the same question drawn again keeps its buttons: a key
                    # pressed on one as it was redrawn would be lost with it
                    replace_children(self.options, self._option_buttons(g), keep=(self.again_button,))
            else:
                self.decision.value = f"<i>{text}</i>"
                replace_children(self.options, [], keep=(self.again_button,))
            replace_children(self.phase_bar, self._phase_buttons(g))
        self._asked = asked
        asking = not past and d is not None and s.is_person(d.seat) and len(d.options) > 1 and d.kind != MARKET
        self.remember.layout.display = None if asking else "none"
        toggles = [] if past else self._trade_toggles(g)
        if list(self.trade_bar.children) != toggles:
            self.trade_bar.children = toggles
        chart_key = (id(g), g.turn, g.phase, g.over)
        if chart_key != self._chart_key:  # charts follow turn by turn; board and cards every click
            self._draw_charts(g)
            self._chart_key = chart_key
        self.commentary.value = commentary_html([plain(phase_titles(x, g.ruleset)) for x in commentary_lines(g)])
        self._announce(g, past)
        self.provenance.value = provenance_html(g, g.ruleset.phases if "phases" in self.controls else ())
        self.seed_copy.value = (f'<code title="seed">{s.seed}</code> <button title="copy the seed" '
                                f"onclick=\"navigator.clipboard.writeText('{s.seed}')\">copy</button>")
        self._busy = True
        try:
            self.rewind.max = max(s.game.turn, 0)
            self.rewind.value = g.turn if past else s.game.turn
        finally:
            self._busy = False
        if not past:
            self._phase_news(g)
        self.activity.value = activity_html(self.activity_state, self._activity_details())
        self._show_skip(g, past)
        self._keep_in_browser()
        if self.on_render is not None:
            self.on_render()
        self._keep_playing()

    def _announce(self, g: Game, past: bool) -> None:
        """Tell the live region what happened since it last spoke and what is asked now; quiet
        while the bots play on (their moves are summarised when a person is asked, the game ends
        or the bots stop); the focus goes to the first choice when a person is asked anew."""
        s = self.session
        d = g.pending
        if past:
            self.live.say(f"Viewing turn {g.turn}, round {g.round}, read-only.")
            self._announced = None  # back in the present, the question is said again
            return
        if d is not None and self.playing and self._machine_turn():
            return  # bots at play: say it all when they stop
        seen = self._heard[1] if self._heard[0] == id(g) else 0
        lines = [plain(x) for x in events_since(g, min(seen, len(g.events or ())))]
        self._heard = (id(g), len(g.events or ()))
        if d is None:
            now = "The game is over. Richest: " + ", ".join(g.names[k] for k in winners_of(g.results()))
        elif s.is_person(d.seat):
            n = len(self.options.children)
            now = plain(f"{g.names[d.seat]}'s turn: {g.rules.explain(d)}") + f" {n} choice{'s' if n != 1 else ''}."
            self.live.focus_choice()  # the choices are new buttons: keep a keyboard user on them
        else:
            now = f"{g.names[d.seat]}, a bot, is to choose: press Play or Step."
        asked = (id(g), len(g.entries), d)
        if asked == self._announced and not lines:
            return  # the same question drawn again, nothing new since: said already
        self.live.say(summary(lines, now), again=asked != self._announced)
        self._announced = asked

    def _draw_charts(self, g: Game) -> None:
        """Wealth, Gini and money flows of the game on view, by the chart library from the
        metrics frames (per turn; per round when a game is too long for Altair's row limit)."""
        panel = metrics.panel(g)
        if len(panel) > LONG_GAME_ROWS:
            panel = metrics.round_ends(panel)
        panel = phases_in_words(panel, g.ruleset, ("phase",))
        by = "turn" if g.turn * 5 <= LONG_GAME_ROWS else "round"
        names = tuple(g.names)
        frames = {"panel": panel, "spans": metrics.phase_spans(panel)}  # phases already in words
        self.wealth_slot.show_frames(("wealth", names), lambda f: whole_labels(sized(
            lib.wealth_over_time(f["panel"], f["spans"], title="Wealth of each player"), names)), frames,
            wealth_numbers)
        gframes = {"gini": metrics.gini_frame(panel),
                   "changes": phases_in_words(metrics.phase_changes(g), g.ruleset, ("old", "new"))}
        top = lib.gini_axis_top(float(gframes["gini"]["gini"].max()) if len(gframes["gini"]) else 0.0)
        self.gini_slot.show_frames(("gini", top), lambda f: whole_labels(with_brush(
            lib.gini_over_time(f["gini"], f["changes"]))), gframes,
            gini_numbers)
        tr = metrics.transfers(g)
        flows = metrics.money_flows(tr, by=by) if not tr.empty else pd.DataFrame(
            columns=["game", by, "flow", "amount", "cumulative"])
        self.flows_slot.show_frames(("flows", by), lambda f: whole_labels(sized(
            lib.money_flows_chart(f["flows"], by=by, title="Where the money went"))), {"flows": flows},
            lambda f: flows_numbers(f, by))

    # -- reading (for notebooks and tests) ------------------------------------------------------
    @property
    def game(self) -> Game:
        """The present game."""
        return self.session.game

    def option_buttons(self) -> dict[str, W.Button]:
        """The action bar's buttons by option string (empty when the options are a menu)."""
        return {b.option: b for b in self.options.children if hasattr(b, "option")}

    def phase_buttons(self) -> dict[str, W.Button]:
        """The phase-switch buttons by phase name."""
        return {b.phase: b for b in self.phase_bar.children}

    @property
    def triggers(self) -> tuple[Trigger, ...]:
        """The phase triggers of the game at the table."""
        return self.session.triggers
