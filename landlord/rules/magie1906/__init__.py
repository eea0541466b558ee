"""Lizzie J. Magie's Landlord's Game, 1906 edition (Economic Game Co.): the monopolist rules
1–12, the rules "for advanced and scientific players", and the Single Tax rules 1–8.

Each rule below quotes the 1906 rule sheet (a copy: ``docs/sources/magie-1906-rules.md``). Rules
13–17 (luxury, buying houses, mortgages, borrowing, doubles) and the Chance deck are missing
from every transcription: what play needs of them is reconstructed, marked ``RECONSTRUCTED``
beside the rule here and ``reconstructed`` in ``data/rulesets/magie-1906.toml``, and shown to
the user (the events of a reconstructed rule carry ``reconstructed=True``; the narration and
``landlord rulesets`` say so). Where the sheet leaves a point open, the kit's decision is
written beside the rule as ``DECISION:`` and has a test of its own.

The Single Tax is the phase ``single_tax`` (param ``single_tax``); it is put in force by a
phase trigger (``vote``, ``start``, ``turn:N``, ``gini:X``) and everything the players hold
carries over: "Players are left in possession of their holdings and, with the exception that
the Title Deeds are of no value, the gain [game] goes on as before" (the transcription in
``docs/sources/magie-1906-rules.md`` reads "gain"; "game" is the evident sense).

Between the players (rule 1: "After the game has begun the sale prices of all cards then in use
by the players are regulated by the demand"; rule 12: a player who "has not enough money to pay
his expenses" may "borrow ... (see Rule 16) or ... sell or mortgage ... his property"): a card
market (:meth:`Market1906.market`, the family's ``market`` part), sales to the other players and
player loans when short (:meth:`Money1906.charge`, its ``money`` part), and the unpaid rest of a
debt kept as a debt (:meth:`Money1906.broke`).
The bots' valuations are in :mod:`landlord.players.magie1906`.

The package's shape: the family class :class:`Magie1906` (``turns.py``: the turns, the landing on
a space) holds the state (``state.py``: ``Magie1906State``, the cards, houses, mortgages, debts and
the plain questions of who holds what) and composes the parts over it: ``pays`` (``pays.py``: what
the rules in force pay and cost, rents, fares, taxes, wages, what a card secures, read by the
others), ``money`` (``money.py``), ``market`` (``market.py``), ``single_tax`` (``public.py``) and
``building`` (``houses.py``); the landings
that ask more than a charge (``landings.py``), the count (``count.py``), the words (``words.py``)
and the position layout (``position.py``) are functions; what the players read off the table is
:class:`Prospects1906` (``prospects.py``, with ``terms.py`` and ``building.py``).
"""

from __future__ import annotations

from landlord.rules.magie1906.cards import CARD_KINDS
from landlord.rules.magie1906.prospects import Prospects1906
from landlord.rules.magie1906.state import Debt, Mortgage, Player1906
from landlord.rules.magie1906.terms import LOAN_RATES
from landlord.rules.magie1906.turns import Magie1906
from landlord.rules.single_tax import JAIL, NATURAL, PLACES, POOR, TRACK

__all__ = [
    "CARD_KINDS",
    "JAIL",
    "LOAN_RATES",
    "NATURAL",
    "PLACES",
    "POOR",
    "TRACK",
    "Debt",
    "Magie1906",
    "Mortgage",
    "Player1906",
    "Prospects1906",
]
