"""The game table's choices: the question asked now and exactly its legal options (a button
each, or one menu when there are many), "don't ask me this again", the card market's form and
"Trade cards" toggles (1906 rule 1), and the "Rules now" phase buttons. A click goes to the
table (``choose``, ``switch_phase``, ``set_trading``); nothing here changes the game."""

from __future__ import annotations

import html
from collections.abc import Callable

import ipywidgets as W

from landlord.engine.count import winners as winners_of
from landlord.engine.decisions import Decision
from landlord.engine.game import Game

from .closing import replace_children
from .layout import AUTO, WRAP
from .market import MARKET, MARKET_PASS, MarketForm, has_market, passes_unasked, trade_toggle
from .session import TableSession
from .words import plain, short_title

MAX_BUTTONS = 12
"""Up to this many options are buttons; more (bids, loans of many sizes) are one menu."""


class ChoiceBar:
    """The table's question and its choices (:attr:`box`). ``choose(option, asked_at)`` answers,
    ``switch_phase(phase)`` puts other rules in force, ``set_trading(seat, on)`` turns "Trade
    cards" on or off, ``offer(card, price, asked_at)`` makes a market offer, ``new_game()``
    is "Play again"."""

    def __init__(self, choose: Callable[[str, int], bool], switch_phase: Callable[[str], bool],
                 set_trading: Callable[[int, bool], None], offer: Callable[[str, str, int], bool],
                 new_game: Callable[[], None]) -> None:
        self._choose, self._switch_phase, self._set_trading, self._offer = choose, switch_phase, set_trading, offer
        self.decision = W.HTML()
        self.options = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.options.add_class("ll-options")
        self.option_picker: tuple[W.Dropdown, W.Button] | None = None
        self.asked: tuple[object, ...] | None = None
        """The question whose choices the action bar shows (a redraw keeps those buttons)."""
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
        self.busy = False
        """True while the bar sets its toggles itself (their observers wait)."""
        self.phase_bar = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.again_button = W.Button(description="Play again", icon="redo", layout=AUTO, button_style="success",
                                     tooltip="a new game with the same players and a fresh seed")
        self.again_button.on_click(lambda _: new_game())

    def forget(self) -> None:
        """A new game: no remembered answers, nobody trading cards."""
        self.remembered = {}
        self.trading = set()

    def automatic(self, d: Decision) -> str | None:
        """A person's answer given without asking: "no offer" to the card market while the seat
        does not trade cards, or the answer remembered for this kind of question."""
        if passes_unasked(d, d.seat in self.trading):
            return MARKET_PASS
        return self.remembered.get((d.seat, d.kind))

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
            go.on_click(lambda _b, k=asked_at: self._choose(pick.value, k))
            self.option_picker = (pick, go)
            return [pick, go]
        self.option_picker = None
        buttons = []
        for opt in d.options:
            b = W.Button(description=plain(g.rules.option_text(d, opt)), tooltip=plain(g.rules.option_text(d, opt)),
                         layout=W.Layout(width="auto", max_width="100%"), button_style="primary")
            b.option = opt
            b.on_click(lambda _b, o=opt, k=asked_at: self._choose(o, k))
            buttons.append(b)
        return buttons

    def _trade_toggles(self, g: Game, session: TableSession) -> list[W.Widget]:
        if not has_market(g):
            return []
        out: list[W.Widget] = []
        for seat, name in enumerate(g.names):
            if not session.is_person(seat):
                continue
            t = self._toggles.get(seat)
            if t is None or t.description != f"Trade cards: {name}":
                t = trade_toggle(f"Trade cards: {name}", f"on: {name} is asked before each throw whether to offer "
                                                         f"to buy or sell a card; off: {name} makes no offer")
                t.seat = seat
                t.observe(lambda c, k=seat: None if self.busy else self._set_trading(k, bool(c["new"])), "value")
                self._toggles[seat] = t
            if t.value != (seat in self.trading):
                busy, self.busy = self.busy, True
                try:
                    t.value = seat in self.trading
                finally:
                    self.busy = busy
            out.append(t)
        return out

    def _phase_buttons(self, g: Game, phases: bool) -> list[W.Button]:
        if len(g.ruleset.phases) < 2 or g.over or not phases:
            return []
        out = []
        for name, ph in g.ruleset.phases.items():
            if name == g.phase:
                continue
            b = W.Button(description=f"Rules now: {short_title(ph.title)}", tooltip=ph.title,
                         layout=W.Layout(width="auto", max_width="100%"), button_style="warning")
            b.phase = name
            b.on_click(lambda _b, p=name: self._switch_phase(p))
            out.append(b)
        return out

    def draw(self, session: TableSession, machine_turn: bool, phases: bool) -> None:
        """The question of the game on view and its choices: none in the past, "Play again" once
        the game is over, buttons for a person asked (the same question drawn again keeps its
        buttons), the phase buttons when ``phases`` (a lesson's "Rules now"). ``machine_turn``:
        the pending decision is answered without a click."""
        g = session.shown
        d = g.pending
        past = session.viewing is not None
        asked: tuple[object, ...] | None = None
        if past:
            when = f"turn {g.turn}, round {g.round}"
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
            if session.is_person(d.seat) and not machine_turn:  # an answer given unasked draws no buttons
                self.decision.value = f"<b>{text}</b>"
                trading = d.kind == MARKET and d.seat in self.trading
                asked = None if trading else (id(g), len(g.entries), g.phase, d)
                if trading:
                    market = self.market.build(g, len(g.entries), self._choose, self._offer)
                    replace_children(self.options, [market], keep=(self.again_button,))
                elif asked != self.asked:  # the same question drawn again keeps its buttons: a key
                    # pressed on one as it was redrawn would be lost with it
                    replace_children(self.options, self._option_buttons(g), keep=(self.again_button,))
            else:
                self.decision.value = f"<i>{text}</i>"
                replace_children(self.options, [], keep=(self.again_button,))
            replace_children(self.phase_bar, self._phase_buttons(g, phases))
        self.asked = asked
        asking = not past and d is not None and session.is_person(d.seat) and len(d.options) > 1 and d.kind != MARKET
        self.remember.layout.display = None if asking else "none"
        toggles = [] if past else self._trade_toggles(g, session)
        if list(self.trade_bar.children) != toggles:
            self.trade_bar.children = toggles

    def option_buttons(self) -> dict[str, W.Button]:
        """The action bar's buttons by option string (empty when the options are a menu)."""
        return {b.option: b for b in self.options.children if hasattr(b, "option")}

    def phase_buttons(self) -> dict[str, W.Button]:
        """The phase-switch buttons by phase name."""
        return {b.phase: b for b in self.phase_bar.children}

    def trade_toggles(self) -> dict[int, W.ToggleButton]:
        """The "Trade cards" toggles by seat (a 1906 game's people only)."""
        return {t.seat: t for t in self.trade_bar.children}
