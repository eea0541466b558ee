"""The 1906 card market (Magie 1906, rule 1: players offer to buy and sell cards between
themselves) as a person meets it: a "Trade cards" toggle and, when it is on, a short form
instead of one button per legal offer (some thirty of them, before every throw).

Shared by the single-player table (:class:`landlord.widgets.table.GameTable`) and a class student's
page (:class:`landlord.widgets.classroom_student.ClassroomStudent`); each passes the form its own way of
recording an answer, so the record holds exactly the answers the rules ask for: ``pass``,
``offer_card:N``, or ``buy_card:N`` followed by ``price:P``. Only ipywidgets and the engine's
option names are imported here (a student's kernel does not load the table's charts).
"""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as W

from landlord.engine.decisions import Decision
from landlord.engine.game import Game
from landlord.engine.options import parse_option
from landlord.engine.replay import child

MARKET = "market"
"""The kind of decision of the 1906 card market (rule 1): offer to buy or sell a card, or pass."""
MARKET_PASS = "pass"
"""The market's option for making no offer."""


def auto() -> W.Layout:
    """A layout of its own for one of the form's buttons, so that a page can close the form
    whole when it draws the next question (:func:`landlord.widgets.closing.close_tree`)."""
    return W.Layout(width="auto")


def wrap() -> W.Layout:
    """A layout of its own for one of the form's rows."""
    return W.Layout(flex_flow="row wrap", max_width="100%")


def has_market(g: Game) -> bool:
    """True while ``g``'s rules can ask the card market question (a 1906 game not yet over)."""
    return MARKET in g.rules.DECISIONS and not g.over


def passes_unasked(d: Decision | None, trading: bool) -> bool:
    """True when ``d`` is the card market question put to a seat whose person does not trade
    cards: the answer is the market's pass, given without asking."""
    return d is not None and d.kind == MARKET and not trading and MARKET_PASS in d.options


def trade_toggle(description: str, tooltip: str) -> W.ToggleButton:
    """A "Trade cards" toggle (off)."""
    return W.ToggleButton(value=False, description=description, icon="exchange", tooltip=tooltip,
                          layout=W.Layout(width="auto", max_width="100%"))


def card_label(g: Game, buy: str) -> str:
    """The card a ``buy_card`` option names, in words with its holder: "Lot 12 (Ben's)"."""
    idx = int(parse_option(buy).arg)
    holder = g.rules.space_state(idx)["owner"]
    return g.board.spaces[idx].name + ("" if holder is None else f" ({g.names[holder]}'s)")


class MarketForm:
    """The card market's form for the person asked: a card to offer to buy (named with its
    holder) and a price, a card to offer for sale, or no offer this turn. :attr:`picker` holds
    the widgets of the form last built (``buy``, ``price``, ``buy_button``, ``sell``,
    ``sell_button``, ``pass``)."""

    def __init__(self) -> None:
        self.picker: dict[str, W.Widget] = {}
        self._prices: tuple[tuple[int, int], tuple[str, ...]] | None = None

    def prices(self, g: Game, buy: str) -> tuple[str, ...]:
        """The prices the rules let the buyer offer (asked of a copy of the game after ``buy``:
        the same for every card), without the option to withdraw."""
        key = (id(g), len(g.entries))
        if self._prices is None or self._prices[0] != key:
            offer = child(g, buy).pending
            opts = () if offer is None else tuple(o for o in offer.options if parse_option(o).kind == "price")
            self._prices = (key, opts)
        return self._prices[1]

    def refusal(self, g: Game, card: str, price: str) -> str:
        """Why an offer to buy ``card`` at ``price`` is not legal now ("" when it is)."""
        d = g.pending
        if d is None or d.kind != MARKET or card not in d.options:
            return "that offer belonged to a decision already answered"
        if price not in self.prices(g, card):
            return "that price cannot be offered now"
        return ""

    def build(self, g: Game, asked_at: int, choose: Callable[[str, int], object],
              offer: Callable[[str, str, int], object]) -> W.VBox:
        """The form for ``g``'s pending market question (asked when the record was
        ``asked_at`` long): its buttons call ``offer(card, price, asked_at)`` (the rules' two
        answers ``buy_card`` then ``price``) or ``choose(option, asked_at)`` (``offer_card`` or
        ``pass``)."""
        d = g.pending
        assert d is not None and d.kind == MARKET
        buys = [o for o in d.options if parse_option(o).kind == "buy_card"]
        sells = [o for o in d.options if parse_option(o).kind == "offer_card"]
        rows: list[W.Widget] = []
        self.picker = {}
        if buys:
            prices = self.prices(g, buys[0])
            if prices:
                card = W.Dropdown(options=[(card_label(g, o), o) for o in buys], value=buys[0],
                                  description="Buy", layout=W.Layout(width="300px", max_width="100%"))
                price = W.Dropdown(options=[(g.board.currency + parse_option(o).arg, o) for o in prices],
                                   value=prices[0], description="for", layout=W.Layout(width="150px"))
                go = W.Button(description="Offer to buy", button_style="primary", icon="check", layout=auto())
                go.on_click(lambda _b: offer(card.value, price.value, asked_at))
                self.picker.update(buy=card, price=price, buy_button=go)
                rows.append(W.HBox([card, price, go], layout=wrap()))
        if sells:
            mine = W.Dropdown(options=[(g.board.spaces[int(parse_option(o).arg)].name, o) for o in sells],
                              value=sells[0], description="Sell", layout=W.Layout(width="300px", max_width="100%"))
            sell = W.Button(description="Offer for sale", button_style="primary", icon="check", layout=auto(),
                            tooltip="the other players bid; you then sell to the best bid or keep the card")
            sell.on_click(lambda _b: choose(mine.value, asked_at))
            self.picker.update(sell=mine, sell_button=sell)
            rows.append(W.HBox([mine, sell], layout=wrap()))
        none = W.Button(description="No offer this turn", layout=auto())
        none.on_click(lambda _b: choose(MARKET_PASS, asked_at))
        self.picker["pass"] = none
        rows.append(none)
        return W.VBox(rows)
