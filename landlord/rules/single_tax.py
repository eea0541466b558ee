"""Magie's Single Tax rules (1906 rule sheet, Single Tax rules 1-8) where the two Magie families
play them alike: the 1906 game (:mod:`landlord.rules.magie1906`) and their documented mapping
onto the 1904 patent board (:mod:`landlord.rules.magie1904`, ``SINGLE_TAX_MAPPING``).

What differs between the two boards (what the public buys out and whom it pays, what the
second use of the treasury opens, where the Natural Opportunities are) stays in each family,
beside the rule it plays.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from landlord.engine import flows
from landlord.engine.rulebook import RoundsOfTurns, SharedParams

if TYPE_CHECKING:
    from landlord.engine.in_play import GameInPlay


@dataclass(frozen=True, slots=True)
class SingleTaxParams(SharedParams):
    """The params both Magie families declare alike, for the wages and the Single Tax they play
    alike: declared once here, the first fields of ``Params1904`` and ``Params1906`` (after the
    engine's :class:`~landlord.engine.rulebook.SharedParams`)."""

    wages: int
    single_tax: bool
    vote_min: int
    treasury_step: int
    wage_rise: int
    buyout_order: tuple[int, ...]
    natural_wages: int
    natural_rent: int


TRACK, JAIL, POOR, NATURAL = 0, 1, 2, 3
"""Where a Magie token can be (``Token.place``): the track, the jail, the Poor House and, under the
single tax, a Natural Opportunity."""

PLACES = ("track", "jail", "poorhouse", "natural_opportunity")
"""The names of those places (``Token.PLACES`` of both Magie families)."""

PHASE_PARAMS: dict[str, str] = {
    k: "single_tax" for k in ("vote_min", "treasury_step", "wage_rise", "buyout_order", "annul_order",
                              "college_order", "education_for_professor", "professor_value",
                              "natural_wages", "natural_rent", "prosperity_end", "prosperity_factor")}
"""The single-tax rules' numbers (rules 5-8, the vote that brings them in, the prosperity
end): read only under the single tax or in a vote on it."""


class SingleTaxRules(RoundsOfTurns):
    """Rules of a Magie family whose ``single_tax`` phase plays the 1906 Single Tax: the params
    read only under it (:data:`PHASE_PARAMS`) and the vote that brings it in."""

    params: SingleTaxParams
    """The params in force, typed (the family's own params class)."""

    PHASE_PARAMS: ClassVar[dict[str, str]] = PHASE_PARAMS

    def votes_needed(self) -> int:
        """The seats that must vote the single tax in: the ruleset's ``vote_min``."""
        return self.params.vote_min


class SingleTaxState:
    """What a Magie family keeps for the Single Tax: the game (``g``), the params in force, the
    ledger accounts both families pay through (``bank``, ``treasury``, looked up when play
    begins), the spaces the public has bought out (``public``) and the raise in wages the
    treasury has paid for (``wage_bonus``). The functions below play the rules over it."""

    params: SingleTaxParams
    """The params in force, typed (the family's own params class)."""

    def __init__(self, game: GameInPlay) -> None:
        self.g = game
        self.public: set[int] = set()
        """Spaces the public has bought out (single-tax rule 6): free from then on."""
        self.wage_bonus = 0
        """What single-tax rule 6(d) has added to the wages so far."""
        self.bank = self.treasury = -1


def begin_single_tax(s: SingleTaxState, old: str, rule: str) -> bool:
    """At a switch from phase ``old`` into the single tax: "Begin game under single tax with
    empty PUBLIC TREASURY" — its cash goes to the Bank, logged under ``rule`` (so money is
    conserved). Returns False (and does nothing) when this is not a switch into the single
    tax."""
    g = s.g
    if not s.params.single_tax or g.ruleset.values(old)["single_tax"]:
        return False
    if s.treasury >= 0 and g.ledger.balances[s.treasury] > 0:
        g.pay(s.treasury, s.bank, g.ledger.balances[s.treasury], flows.TREASURY_EMPTIED,
              "treasury emptied", rule)
    return True


def eliminate_poor_house(s: SingleTaxState, corner: int, **logged: object) -> None:
    """Single tax, rule 8, at the switch into it: "the Poor House is eliminated" — a token in the
    Poor House moves to the Natural Opportunity beside that corner (``corner``), logged as
    ``natural_opportunity`` with the corner and what the family adds (``logged``)."""
    g = s.g
    for pl in g.players:
        if pl.place == POOR:
            pl.place, pl.natural = NATURAL, corner
            g.emit("natural_opportunity", pl.seat, corner=corner, **logged)


def spend_treasury(s: SingleTaxState, sites: Sequence[int], opened: set[int], buy_out: Callable[[int, int], None],
                   open_site: Callable[[int, int], None]) -> None:
    """Single tax, rule 6: each time the Public Treasury holds ``treasury_step`` ($50) it
    buys out the next space of ``buyout_order`` not yet public (``buy_out(space, step)``:
    the family pays the holder and takes it over); when all are public, it opens the next of
    ``sites`` not yet in ``opened`` (``open_site(space, step)``); then "raising wages $10
    for every $50 in the TREASURY" (``wage_rise``), the $50 going to the Bank.

    DECISION: the treasury is counted at the end of every turn (the caller's turn), and all
    its cash counts."""
    g, p = s.g, s.params
    step = p.treasury_step
    while g.ledger.balances[s.treasury] >= step:
        pending = [i for i in p.buyout_order if i not in s.public]
        if pending:
            buy_out(pending[0], step)
            continue
        closed = [i for i in sites if i not in opened]
        if closed:
            open_site(closed[0], step)
            continue
        g.pay(s.treasury, s.bank, step, flows.PUBLIC_SPENDING, "wages raised",
              "Single tax 6(d): wages raised")
        s.wage_bonus += p.wage_rise
        g.emit("wages_raised", -1, wages=p.wages + s.wage_bonus)
