"""The game table's set-up: the rules, the players and who plays each seat, the rules at the start
and each change of rules, a described position to start from, and the seed — and the new game
they make (:meth:`TableSetup.session`)."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import ipywidgets as W

from landlord.data.loader import load_ruleset, ruleset_ids
from landlord.data.position import Position, example_positions, load_position
from landlord.data.ruleset import Ruleset
from landlord.errors import LandlordError
from landlord.players.characters import STRATEGIES

from .layout import AUTO, WRAP
from .phase_switches import PhaseSwitches, about
from .session import Seat, TableSession
from .words import menu_words, rules_label

PERSON = "person"
"""What a seat's "plays" menu says for a person (any other choice is a bot)."""
DEFAULT_NAMES = ("Ada", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hal")
DEFAULT_SEATS = (("Ada", None), ("Ben", None), ("Cleo", "landlord"), ("Dan", "speculator"))
OPENING = "the rules' own opening"
"""The set-up's "Start from" choice for a game that starts as the rules set it up."""
OWN_POSITION = "a position of your own"
"""How the set-up names a position that has no title."""


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


def fresh_seed() -> int:
    """A new seed for a visitor's game (shown on the table and kept in its saved file)."""
    return secrets.randbelow(1_000_000)


class TableSetup:
    """The set-up panel (:attr:`box`) of a table. ``ruleset``, ``seats``, ``seed``, ``regime``,
    ``presets`` and ``position`` are :class:`~landlord.widgets.table.GameTable`'s; ``start`` starts
    a game as set up (a position chosen), ``new_game`` one with a fresh seed (a preset chosen),
    and ``say`` shows a refusal."""

    def __init__(self, ruleset: str | Ruleset | None, seats: Sequence[tuple[str, str | None]] | None, seed: int,
                 regime: Sequence[str], presets: Sequence[tuple[str, str]], position: Position | str | Path | None,
                 start: Callable[[], None], new_game: Callable[[], None],
                 say: Callable[[str, bool], None]) -> None:
        self._start, self._new_game, self._say = start, new_game, say
        begin = load_position(position) if isinstance(position, (str, Path)) else position
        if begin is not None and ruleset is None:
            ruleset = begin.ruleset
        self.positions: list[Position] = example_positions()
        """The positions the set-up's "Start from" menu can offer: the kit's examples, then any
        other this table was given or loaded."""
        begin = None if begin is None else self.offer(begin)
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
        self.extra: dict[str, Ruleset] = {}
        """Rulesets this table was given or loaded that are not the kit's."""
        if isinstance(ruleset, Ruleset):
            self.extra[ruleset.id] = ruleset
        ids = self.known()
        first = ruleset.id if isinstance(ruleset, Ruleset) else (ruleset or default_ruleset())
        rs = self.ruleset(first)
        if not seats:
            n = len(begin.seats) if begin is not None and begin.seats else len(DEFAULT_SEATS)
            seats = [*DEFAULT_SEATS, *((name, "landlord") for name in DEFAULT_NAMES[len(DEFAULT_SEATS):])][:n]
        seats = list(seats)
        self.busy = False
        """True while the set-up fills its own menus (their observers wait)."""
        self.ruleset_pick = W.Dropdown(options=[(self.label(r), r) for r in ids], value=first, description="Rules",
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
        self.build_seats(seats)
        self.fill_regimes(rs, regime)
        self.fill_positions(rs, begin)
        self.ruleset_pick.observe(self._on_ruleset, "value")
        self.preset_pick.observe(self._on_preset, "value")
        self.position_pick.observe(self._on_position, "value")
        self.players.observe(self._on_players, "value")
        self.box = W.VBox([
            W.HBox([self.ruleset_pick, self.players], layout=WRAP),
            self.rules_about,
            self.regime_pick,
            self.position_pick,
            self.position_about,
            self.seat_box,
            W.HBox([self.seed_box, self.seed_copy, self.new_button, self.reset_button]),
        ])
        """The set-up panel, as the table folds it."""

    def known(self) -> list[str]:
        """The ids of the rulesets this table can play: the kit's and any it was given or loaded."""
        return list(dict.fromkeys([*ruleset_ids(), *self.extra]))

    def label(self, rid: str) -> str:
        """Ruleset ``rid`` as its menu says it."""
        try:
            return rules_label(rid, self.ruleset(rid).title)
        except LandlordError:
            return rid

    def ruleset(self, rid: str) -> Ruleset:
        """The ruleset ``rid`` (one this table was given, or the kit's)."""
        return self.extra[rid] if rid in self.extra else load_ruleset(rid)

    def build_seats(self, seats: Sequence[tuple[str, str | None]]) -> None:
        """A name box and a "plays" menu for each seat."""
        plays = [PERSON, *STRATEGIES]
        self.seat_names = [W.Text(value=n, layout=W.Layout(width="140px"), continuous_update=False)
                           for n, _ in seats]
        self.seat_plays = [W.Dropdown(options=plays, value=b or PERSON, description="plays",
                                      style={"description_width": "initial"}, layout=W.Layout(width="auto"))
                           for _, b in seats]
        self.seat_box.children = [W.HBox([W.Label(f"Seat {i + 1}"), n, p])
                                  for i, (n, p) in enumerate(zip(self.seat_names, self.seat_plays, strict=True))]

    def fill_regimes(self, rs: Ruleset, chosen: Sequence[str] = ()) -> None:
        """The rules' title and their phase switches (``chosen`` ones shown)."""
        self.rules_about.value = about(rs.title)
        self.regime_pick.set_rules(rs, chosen)

    def fill_positions(self, rs: Ruleset, chosen: Position | None = None) -> None:
        """Offer the positions made for ``rs``'s board (and any that name no ruleset), each by its
        title; keep ``chosen`` (or the present choice) if it is among them."""
        keep = chosen if chosen is not None else self.start_position
        opts: list[tuple[str, int | None]] = [(OPENING, None)]
        for k, p in enumerate(self.positions):
            if p.ruleset is None or self._board_of(p.ruleset) == rs.board.id:
                opts.append((menu_words(p.title or OWN_POSITION), k))
        busy, self.busy = self.busy, True
        try:
            self.position_pick.options = opts
            ks = [v for _, v in opts]
            self.position_pick.value = next((k for k in ks if k is not None and self.positions[k] is keep), None)
        finally:
            self.busy = busy
        self.position_pick.disabled = len(opts) == 1
        self._about_position()

    def _about_position(self) -> None:
        chosen = self.start_position
        self.position_about.value = "" if chosen is None else about(chosen.title or OWN_POSITION)

    def offer(self, position: Position) -> Position:
        """``position`` as the "Start from" menu holds it: the same example (equal as saved), or
        added to the menu."""
        same = next((p for p in self.positions if p.to_dict() == position.to_dict()), None)
        if same is None:
            self.positions.append(position)
        return same or position

    def _board_of(self, rid: str) -> str | None:
        try:
            return self.ruleset(rid).board.id
        except LandlordError:
            return None

    @property
    def start_position(self) -> Position | None:
        """The position chosen in the set-up's "Start from" menu (None: the rules' own opening)."""
        k = self.position_pick.value
        return None if k is None else self.positions[k]

    def seats(self) -> list[Seat]:
        """The seats as set up: each name (or "Player N") and its bot (None for a person)."""
        return [Seat(n.value.strip() or f"Player {i + 1}", None if p.value == PERSON else p.value)
                for i, (n, p) in enumerate(zip(self.seat_names, self.seat_plays, strict=True))]

    def session(self) -> TableSession:
        """A new game as set up (LandlordError or ValueError, in words, when it cannot start)."""
        rs = self.ruleset(self.ruleset_pick.value)
        regime = custom_regime(self.regime_custom.value) or self.regime_pick.value
        return TableSession(rs, self.seats(), int(self.seed_box.value), regime, self.start_position)

    def show(self, session: TableSession) -> None:
        """Set up as ``session`` is (a loaded game): its rules, seats, phase switches, position, seed."""
        busy, self.busy = self.busy, True
        try:
            if session.ruleset.id not in [v for _, v in self.ruleset_pick.options]:
                self.extra[session.ruleset.id] = session.ruleset
                self.ruleset_pick.options = [*self.ruleset_pick.options, (self.label(session.ruleset.id),
                                                                          session.ruleset.id)]
            self.ruleset_pick.value = session.ruleset.id
            self.players.value = len(session.seats)
            self.build_seats([(s.name, s.bot) for s in session.seats])
            self.fill_regimes(session.ruleset, [f"{t.phase}@{t.text}" for t in session.triggers])
            start = None if session.position is None else self.offer(session.position)
            self.position_pick.value = None
            self.fill_positions(session.ruleset, start)
            self.seed_box.value = session.seed
        finally:
            self.busy = busy

    def show_seed(self, seed: int) -> None:
        """The game's seed, with a button that copies it."""
        self.seed_copy.value = (f'<code title="seed">{seed}</code> <button title="copy the seed" '
                                f"onclick=\"navigator.clipboard.writeText('{seed}')\">copy</button>")

    # -- the set-up's own changes ----------------------------------------------------------------
    def _on_ruleset(self, change: dict[str, Any]) -> None:
        rs = self.ruleset(change["new"])
        self.players.min, self.players.max = 1, 99
        self.players.value = min(max(self.players.value, rs.players_min), rs.players_max)
        self.players.min, self.players.max = rs.players_min, rs.players_max
        self.fill_regimes(rs)
        self.fill_positions(rs)

    def _on_position(self, change: dict[str, Any]) -> None:
        """A position chosen in the set-up: its own ruleset and seat count, and a new game from it."""
        self._about_position()
        if self.busy:
            return
        chosen = self.start_position
        if chosen is not None:
            busy, self.busy = self.busy, True
            try:
                if chosen.ruleset is not None and chosen.ruleset != self.ruleset_pick.value:
                    self.ruleset_pick.value = chosen.ruleset
                    self.fill_positions(self.ruleset(chosen.ruleset), chosen)
                if chosen.seats:
                    self.players.value = len(chosen.seats)
            except (LandlordError, ValueError) as exc:
                self._say(f"Cannot start there: {exc}", True)
                return
            finally:
                self.busy = busy
        self._start()

    def _on_preset(self, change: dict[str, Any]) -> None:
        if self.busy or change["new"] is None:
            return
        self.ruleset_pick.value = change["new"]
        self._new_game()

    def _on_players(self, change: dict[str, Any]) -> None:
        n = int(change["new"])
        old = [(t.value, None if p.value == PERSON else p.value)
               for t, p in zip(self.seat_names, self.seat_plays, strict=True)]
        seats = old[:n] + [(DEFAULT_NAMES[i % len(DEFAULT_NAMES)], "landlord") for i in range(len(old), n)]
        self.build_seats(seats)
