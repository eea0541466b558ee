"""Monopoly as Parker Brothers published it (seed 000), its short and time-limit games, and
the Mucker Monopoly variant (seed 002) — one rules family, told apart by ruleset params.

Each rule below quotes the clause it plays. Where the rules leave a point open, the kit's
decision is written beside the rule as ``DECISION:`` and has a test of its own
(``tests/test_monopoly*.py``, ``tests/test_mucker*.py``).

How play is put to the seats (all as :class:`~landlord.engine.decisions.Decision` s):

* ``manage`` — at the start of his turn (in Jail too) a player may build, sell buildings back,
  mortgage, lift mortgages, propose a trade (``trade:<seat>``) or, in Mucker Monopoly, offer
  the Banker a bribe; one action per decision until he answers ``done`` (``sell`` /
  ``mortgage`` / ``unmortgage`` open a ``manage_lot`` menu naming the lot, or ``back``).
  DECISION: "at any time" is played as "at the start of one's own turn, and whenever one must
  raise money"; other seats act in their own turns.
* ``buy_deed`` (buy / auction), ``auction_bid`` (see :func:`~landlord.rules.monopoly.market.auction`),
  ``ask_rent``, ``income_tax``, ``jail_exit``, ``raise_cash``, ``lift_mortgage``,
  ``trade_item`` / ``trade_reply`` (see :meth:`~landlord.rules.monopoly.market.Market.trade`), ``place_building``,
  ``bribe_reply``.

The hot path (throw, move, land, pay) uses plain lists indexed by space and seat and creates no
objects per turn; events are only built when the game keeps a log.

Themes (Mucker Monopoly): the ruleset's ``theme_words`` and ``theme_space_names`` rename words
and spaces; :meth:`MonopolyState.space_name`, :meth:`MonopolyState.word`, :meth:`Monopoly.explain`,
:meth:`Monopoly.option_text` and the event log use them.

The family class :class:`Monopoly` (:mod:`~landlord.rules.monopoly.turns`) plays the turns and
composes the game's :class:`~landlord.rules.monopoly.state.MonopolyState` and its parts over it:
``building``, ``debts``, ``market``, ``manage``; the count, the words and the position layout
are functions of the state; the players read the state through :class:`MonopolyProspects`.
"""

from __future__ import annotations

from landlord.rules.monopoly.pieces import MonopolyPlayer, TradeOffer
from landlord.rules.monopoly.prospects import MonopolyProspects
from landlord.rules.monopoly.static import ASK, BRIBE, BUY, HOTEL, LIFT, REPLY, TAX
from landlord.rules.monopoly.turns import Monopoly

__all__ = [
    "ASK",
    "BRIBE",
    "BUY",
    "HOTEL",
    "LIFT",
    "REPLY",
    "TAX",
    "Monopoly",
    "MonopolyPlayer",
    "MonopolyProspects",
    "TradeOffer",
]
