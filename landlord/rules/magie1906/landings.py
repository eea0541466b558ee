"""The 1906 game's landings on the spaces that ask more than a charge: a lot (rule 7; single-tax
rule 4), a railroad or franchise (rule 9; single-tax rule 3), Speculation (rule 8) and Chance
(rule 11): functions over the family class (:class:`~landlord.rules.magie1906.turns.Magie1906`,
as far as :class:`Turns` says), whose :meth:`~landlord.rules.magie1906.turns.Magie1906.land`
calls them."""

from __future__ import annotations

from typing import Protocol

from landlord.engine import flows
from landlord.engine.decisions import Decision
from landlord.engine.options import option
from landlord.engine.rulebook import Play
from landlord.rules.magie1906.houses import Building1906
from landlord.rules.magie1906.market import Market1906
from landlord.rules.magie1906.money import Money1906
from landlord.rules.magie1906.pays import Pays1906
from landlord.rules.magie1906.state import Magie1906State
from landlord.rules.single_tax import TRACK


class Turns(Protocol):
    """What a landing asks of the family class (:class:`~landlord.rules.magie1906.turns.Magie1906`):
    the state, what the rules pay and the parts that pay, the dice, the jail, a move and the
    wages."""

    state: Magie1906State
    pays: Pays1906
    money: Money1906
    market: Market1906
    building: Building1906

    def throw(self, seat: int) -> tuple[int, int]: ...

    def to_jail(self, seat: int) -> None: ...

    def move(self, seat: int, steps: int, backward: bool = False) -> Play: ...

    def pay_wages(self, seat: int) -> None: ...


def land_on_lot(r: Turns, seat: int, idx: int) -> Play:
    """Rule 7 (land rent, sale of an unowned lot) or single-tax rule 4."""
    s = r.state
    g = s.g
    if s.params.single_tax:
        # Single tax, rule 4: "When a player stops upon an unimproved lot ... he first pays
        # the full land rent into the PUBLIC TREASURY, and then, if he so desires and can
        # afford it, he may improve the lot by the erection of a house thereon. But if the
        # space ... is already improved by another player's house, he first pays the full land
        # rent into the PUBLIC TREASURY and then pays the full house rent to the owner".
        # DECISION: every player pays the land rent, the deed holder too (deeds are "of no
        # value"); a player on his own house pays the land rent only.
        yield from r.money.charge(seat, s.treasury, r.pays.land_rent(idx), flows.LAND_RENT, "land rent",
                                  "Single tax 2/4: land rent to the Public Treasury")
        holder = s.house_owner[idx]
        if s.houses[idx] and holder not in (seat, -1):
            yield from r.money.charge(seat, holder, r.pays.house_rent(idx), flows.BUILDING_RENT, "house rent",
                                      "Single tax 4: house rent to the house owner")
        if (not s.houses[idx] and g.players[seat].place == TRACK
                and g.cash(seat) >= s.params.house_price):
            # DECISION: no bidding against a player building where he stands.
            choice = yield Decision(seat, "build", ("none", option("build", idx)), idx, s.params.house_price)
            if choice != "none":
                r.building.build(seat, idx)
        return
    owner = s.owner[idx]
    if owner == seat:
        return  # Rule 7: "If he stops upon one of his own lots he pays nothing."
    if owner < 0:
        owner = yield from r.market.auction(seat, idx)
        if owner == seat:
            return
    rent = r.pays.land_rent(idx) + r.pays.house_rent(idx)
    if owner >= 0:
        # Rule 7: "When a player stops upon a lot owned by another player, he must pay the land
        # rent to the owner ... If the first player does not buy the lot and some other player
        # does, the first player pays the land rent to the purchaser."
        yield from r.money.charge(seat, owner, rent, flows.RENT, "rent", "Rule 7: land rent")
    else:
        # Rule 7: "If no player buys it the land rent is paid into the PUBLIC TREASURY."
        yield from r.money.charge(seat, s.treasury, rent, flows.LAND_RENT, "rent to treasury",
                                  "Rule 7: land rent")


def land_on_utility(r: Turns, seat: int, idx: int) -> Play:
    """Rule 9 (and single-tax rule 3: fares to the owners "until the public takes control of
    them ..., when they are FREE")."""
    s = r.state
    g = s.g
    if idx in s.public:
        g.emit("free_ride", seat, space=idx, rule="Single tax 3: public, free")
        return
    if s.owner[idx] < 0:
        buyer = yield from r.market.auction(seat, idx)
        if buyer == seat:
            return
    amount, payees = r.pays.fare(idx, seat)
    if not amount:
        return
    why = "fare" if s.kinds[idx] == "railroad" else "franchise rate"
    share = amount // len(payees)
    for k, dst in enumerate(payees):
        part = amount - share * (len(payees) - 1) if k == 0 else share
        yield from r.money.charge(seat, dst, part, flows.FARE, why, "Rule 9: franchises")
        if g.players[seat].place != TRACK:
            return


def speculate(r: Turns, seat: int, idx: int) -> Play:
    """Rule 8: ownership of the Broker's License is settled as for lots; the player pays a
    $10 "ante" to the Broker (or the MISCELLANEOUS pile); "then he throws his dice again, and
    if he throws a double, he wins $100; an 11, $90; a 10, $80; 9, $70; 8, $60; 7, $50; 6, $40;
    5, $30; and pays 10 percent of his winnings to holder of the Speculation card ... If a 3
    or 4 is thrown the Broker is supposed to be caught in a 'skin game,' -- the speculator
    wins nothing, and the Broker ... goes to JAIL and the card is returned to the pack."
    Winnings come from the MISCELLANEOUS pile (the Bank)."""
    s = r.state
    g = s.g
    if s.owner[idx] < 0:
        yield from r.market.auction(seat, idx)
    broker = s.owner[idx]
    ante = g.board.spaces[idx].fee
    if broker != seat:
        yield from r.money.charge(seat, s.bank if broker < 0 else broker, ante, flows.SPECULATION, "ante",
                                  "Rule 8: speculation")
        if g.players[seat].place != TRACK:
            return
    a, b = r.throw(seat)
    total = a + b
    # DECISION: a double 2+2 is a double (wins $100), not the skin game's "4".
    win = s.params.speculation_double if a == b else s.params.speculation_table[total]
    if total in (3, 4) and a != b:
        g.emit("skin_game", seat, broker=g.names[broker] if broker >= 0 else "")
        if broker >= 0:
            s.owner[idx] = -1
            g.players[broker].cards.discard(idx)
            r.to_jail(broker)
        return
    if win:
        g.pay(s.bank, seat, win, flows.SPECULATION, "speculation winnings", "Rule 8: speculation")
        cut = win * s.params.broker_percent // 100
        if broker >= 0 and broker != seat and cut:
            g.pay(seat, broker, cut, flows.SPECULATION, "broker's commission", "Rule 8: speculation")
        elif broker < 0 and cut:
            g.pay(seat, s.bank, cut, flows.SPECULATION, "broker's commission", "Rule 8: speculation")
    g.emit("speculation", seat, throw=total, double=a == b, won=win)


def chance(r: Turns, seat: int) -> Play:
    """Rule 11: "he draws a card from the red pack and follows directions on same. In each case
    the card drawn is returned to the pack." RECONSTRUCTED deck (``chance_cards``): no 1906
    card is transcribed; each card (:class:`~landlord.rules.magie1906.cards.Chance1906`,
    written ``action:amount|text``) says what it does: ``collect`` (from the Bank), ``pay``
    (to the Bank), ``fine`` (to the Public Treasury), ``jail``, ``mother_earth`` (advance to
    Mother Earth) or ``back`` (go back that many spaces)."""
    s = r.state
    g = s.g
    deck = s.params.chance_cards
    card = deck[g.pick(len(deck))]
    action, amount = card.action, card.amount
    g.emit("chance", seat, card=card.text, reconstructed=True)
    if action == "collect":
        g.pay(s.bank, seat, amount, flows.CARD, "chance", "Rule 11: Chance (reconstructed card)")
    elif action == "pay":
        yield from r.money.charge(seat, s.bank, amount, flows.CARD, "chance",
                                  "Rule 11: Chance (reconstructed card)")
    elif action == "fine":
        yield from r.money.charge(seat, s.treasury, amount, flows.CARD, "chance fine",
                                  "Rule 11: Chance (reconstructed card)")
    elif action == "jail":
        r.to_jail(seat)
    elif action == "mother_earth":
        pl = g.players[seat]
        pl.pos = 0
        g.emit("move", seat, frm=-1, to=0, space=g.board.spaces[0].name, backward=False)
        r.pay_wages(seat)
    elif action == "back":
        yield from r.move(seat, amount, backward=True)
