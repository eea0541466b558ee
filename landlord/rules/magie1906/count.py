"""The 1906 game's count at the end of play, and what a space shows on the table: functions over
the state (:class:`~landlord.rules.magie1906.state.Magie1906State`)."""

from __future__ import annotations

from itertools import compress

from landlord.engine.count import SeatCount
from landlord.engine.rulebook import SpaceState, space_state
from landlord.rules.magie1906.state import Magie1906State


def results(s: Magie1906State) -> list[SeatCount]:
    """"The player who has the most in cash, cards and houses at the end of the game is the
    winner ... Every card and every house counts the holder or owner 100". Under the single
    tax "the Title Deeds are of no value"; a Professor card counts 100 (single-tax rule 7).
    RECONSTRUCTED: a luxury card counts ``luxury_value``; a mortgage still owed is taken off.
    DECISION: a loan or an unpaid expense still owed (:class:`Debt`) is taken off the
    debtor's count and, when the creditor is a player, added to the creditor's (``credits``).
    Title deeds count as ``land``, houses as ``improvements``, the other cards (charters,
    the broker's licence) and Professor cards as ``cards``.
    """
    g, p = s.g, s.params
    st = p.single_tax
    houses_of = [0] * len(g.players)
    for i, h in enumerate(s.houses):
        if h:
            houses_of[s.house_owner[i]] += h
    n = len(g.players)
    owed_of = [0] * n
    lent_of = [0] * n
    for m in s.mortgages:
        owed_of[m.seat] += m.amount
    for d in s.debts:
        owed_of[d.debtor] += d.amount
        if d.creditor < n:
            lent_of[d.creditor] += d.amount
    kinds, card, bal = s.kinds, p.card_value, g.ledger.balances
    counts = []
    for pl in g.players:
        deeds = sum(1 for i in pl.cards if kinds[i] == "lot")
        other = len(pl.cards) - deeds
        counts.append(SeatCount(
            pl.seat, bal[pl.seat], 0 if st else deeds * card, houses_of[pl.seat] * p.house_value,
            owed_of[pl.seat], lent_of[pl.seat], pl.luxuries * p.luxury_value,
            other * card + pl.professors * p.professor_value, 0, pl.where))
    return counts


def pieces(s: Magie1906State, seat: int) -> dict[str, int]:
    """Title deeds and other cards held, houses, luxuries, education, Professor cards, times
    round the board, visits to the poorhouse and to a Natural Opportunity."""
    pl = s.g.players[seat]
    deeds = sum(1 for i in pl.cards if s.kinds[i] == "lot")
    return {"title deeds": deeds, "other cards": len(pl.cards) - deeds,
            "houses": sum(h for i, h in enumerate(s.houses) if h and s.house_owner[i] == seat),
            "luxuries": pl.luxuries, "education": pl.education, "Professor cards": pl.professors,
            "times round the board": pl.circuits, "visits to the poorhouse": pl.poorhouse_visits,
            "visits to a Natural Opportunity": pl.natural_visits}


def totals(s: Magie1906State) -> tuple[int, ...]:
    """:func:`results`' totals alone (the per-turn count of the lab's panel)."""
    g, p = s.g, s.params
    n = len(g.players)
    house_value = p.house_value
    houses, house_owner = s.houses, s.house_owner
    kept = s.houses_held
    if kept[0] != houses or kept[1] != house_owner:
        held = [0] * n
        for h, owner in compress(zip(houses, house_owner, strict=True), houses):
            held[owner] += h
        kept = s.houses_held = (houses.copy(), house_owner.copy(), held)
    net = [h * house_value for h in kept[2]]
    for m in s.mortgages:
        net[m.seat] -= m.amount
    for d in s.debts:
        net[d.debtor] -= d.amount
        if d.creditor < n:
            net[d.creditor] += d.amount
    deeds = s.lots if p.single_tax else frozenset()
    card_value = p.card_value
    lux, prof = p.luxury_value, p.professor_value
    cash = g.ledger.balances
    out = []
    for pl in g.players:
        cards = len(pl.cards) - len(deeds.intersection(pl.cards))
        out.append(cash[pl.seat] + cards * card_value + pl.luxuries * lux + pl.professors * prof
                   + net[pl.seat])
    return tuple(out)


def on_space(s: Magie1906State, index: int) -> SpaceState:
    """The card's holder (title deed, railroad or franchise charter, broker's licence) and
    whether it is mortgaged to the Bank (RECONSTRUCTED rule 15); the houses on a lot and
    whose they are; a card bought out by the public, or an estate become a Free College,
    under the single tax."""
    return space_state(owner=s.owner[index],
                       mortgaged=any(m.space == index for m in s.mortgages),
                       buildings=s.houses[index], building_owner=s.house_owner[index],
                       public=index in s.public or index in s.colleges)
