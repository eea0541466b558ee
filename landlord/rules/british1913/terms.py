"""What the 1913 rules in force pay (:class:`Terms`, a part over the state): the terms of a site,
what alighting on a space costs, the wages, the assessment, the rent restored, the scarcity and
which sites may carry an improvement. The state holds the game's data; this part reads the rules
over it."""

from __future__ import annotations

from dataclasses import dataclass

from landlord.rules.british1913.params import Params1913
from landlord.rules.british1913.state import LAND_KINDS, NOBODY, British1913State


@dataclass(frozen=True, slots=True)
class SiteTerms:
    """What the 1913 rules in force pay on one site held by a player (the players' valuation
    reads these numbers, never the rule flags behind them: :mod:`landlord.engine.valuation`).

    * ``face``: what the site counts its holder at the end (its printed price: ``COUNT_RULE``).
    * ``rent_paid``: the rent a player alighting pays its holder (the ANNUAL LAND VALUE,
      doubled once every card is bought in Parts 1-2); 0 on the Fisheries and the Moor while
      they send trespassers to Gaol.
    * ``rent_kept``: what the holder keeps of that rent, less what he must restore to the
      Public Treasury (Part 3: all of it, :meth:`Terms.rent_restored`).
    * ``yearly``: what the holder pays each time he passes Mother Earth, whoever alights
      (the yearly-assessment what-if, :meth:`Terms.assessment`; 0 in the rules).
    * ``capital``: the improvement's CAPITAL, if the site carries one or may be improved in the
      Part in force (Parts 2-3; 0 if not); it counts its owner that much at the end (``COUNT_RULE``).
    * ``interest``: what a player alighting pays the improvement's owner.
    * ``rates``: what a player alighting on the improved site pays the Public Treasury (Part 2;
      0 in Part 3, on a Religious Edifice, or with the rates off). The visitor pays them, the
      owner of the improvement only when he alights there himself.
    """

    face: int
    rent_paid: int
    rent_kept: int
    yearly: int
    capital: int
    interest: int
    rates: int


class Terms:
    """What the rules in force make of the game's :class:`British1913State` (``state``): which
    sites may carry an improvement, the scarcity, what a site pays (:meth:`site`), what alighting
    costs, the wages, the assessment and the rent restored. Read by the moves and landings, the
    debts, the market and the players' prospects; it writes nothing of the state."""

    __slots__ = ("_carriers", "_kept", "_kept_of", "g", "state")

    def __init__(self, state: British1913State) -> None:
        self.state = state
        self.g = state.g
        self._carriers: tuple[Params1913, tuple[bool, ...]] | None = None
        """:meth:`carriers` and the params they were worked out under."""
        self._kept: tuple[list[SiteTerms | None], list[SiteTerms | None]] = ([], [])
        self._kept_of: tuple[Params1913, bool] | None = None
        """Each site's :class:`SiteTerms` unimproved and improved, by space, under the params and
        the all-bought flag ``_kept_of`` (:meth:`site`)."""

    # -- improving the land -------------------------------------------------------------
    def may_carry(self, idx: int) -> bool:
        """Whether site ``idx`` may carry its improvement card in the Part in force.

        "Undeveloped Sites are not improved till Part 3." Part 3, the Grouse Moor: the Land Value
        Tax "causes him to let it for Small Holdings under conditions applying to other sites"
        (param ``small_holdings``): its improvement card (Small Holdings, reconstructed) may be
        placed from then on. The Solway Fisheries has no improvement card (DECISION: sporting
        land, not a building plot; in Part 3 it is the Government's).
        """
        st = self.state
        if not st.improvement(idx):
            return False
        p = st.params
        if st.kinds[idx] == "undeveloped":
            return bool(p.improve_undeveloped)
        if st.kinds[idx] == "moor":
            return bool(p.small_holdings)
        return True

    def carriers(self) -> tuple[bool, ...]:
        """:meth:`may_carry` of every space under the params in force, worked out again only
        when they change (a switch of Part)."""
        kept, params = self._carriers, self.state.params
        if kept is None or kept[0] is not params:
            kept = self._carriers = (params, tuple(self.may_carry(i) for i in range(self.state.n)))
        return kept[1]

    def improvable(self, idx: int) -> bool:
        """Whether site ``idx`` may be improved now: it may carry a card and has none yet."""
        return self.state.imp_owner[idx] == NOBODY and self.carriers()[idx]

    def all_improved(self, seat: int) -> bool:
        """"Whenever a player's property is all improved": he holds at least one site with an
        improvement card and every such site (undeveloped sites only once they may be
        improved) carries an improvement, whoever owns it."""
        carry, imp_owner = self.carriers(), self.state.imp_owner
        mine = [i for i in self.g.players[seat].sites if carry[i]]
        return bool(mine) and all(imp_owner[i] != NOBODY for i in mine)

    # -- what the land pays -------------------------------------------------------------
    def scarcity(self) -> int:
        """2 once every site card is bought (while the rule is in force), else 1.

        "when all the Site cards are bought up, Wages are halved, and Rents and Taxes are
        doubled" (Part 2: "Rents, Taxes and Rates are doubled").
        DECISION: once all are bought the rule stays in force through Parts 1 and 2 (sites are
        never put back in the pack); land the Government holds counts as bought. In Part 3 none
        of it holds (param ``scarcity_doubling`` false in the ``part3`` phase): the text states
        the wage outright, "WAGES is Part 3, therefore, rise to £500 on passing Mother Earth", and
        gives the reason, "Natural Opportunities being now freely available to Labour" --- there
        is free land, so the sites are no longer all there is to be had, and halving the wage
        would contradict the one figure Part 3 prints. Rents are not doubled either: the doubling
        is the same clause, and the rent of Part 3 is the land value tax restored to the
        Treasury, which the text sets at the ANNUAL LAND VALUE ("the equivalent amount")."""
        st = self.state
        return 2 if st.all_bought and st.params.scarcity_doubling else 1

    def rent_restored(self, rent: int) -> int:
        """What a site's holder must restore to the Public Treasury of ``rent`` just paid him:
        Part 3, "as Rates are now levied on Land Values, the owner must immediately restore the
        equivalent amount to the Public Treasury" (param ``land_value_tax``); else nothing."""
        return rent if self.state.params.land_value_tax else 0

    def assessment(self, idx: int) -> int:
        """The yearly assessment of the what-if (``land_tax_assessed``) on site ``idx``: its
        ANNUAL LAND VALUE as printed, doubled with rents where the scarcity rule is in force
        (charged by ``assess_land_values``); 0 where the what-if is off."""
        if not self.state.params.land_tax_assessed:
            return 0
        return self.g.board.spaces[idx].rent * self.scarcity()

    def trespass_square(self, idx: int) -> bool:
        """Whether alighting on ``idx`` is trespass (the Fisheries and the Moor while the Gaol
        penalties are in force): no rent, a bargain or Gaol."""
        st = self.state
        return st.kinds[idx] in ("fishery", "moor") and bool(st.params.gaol_penalties)

    def site(self, idx: int) -> SiteTerms:
        """What the rules in force pay on site ``idx`` held by a player (:class:`SiteTerms`),
        as ``land_on_site`` charges it; kept while the Part, the scarcity and the site's
        improvement stand."""
        st = self.state
        of = self._kept_of
        if of is None or of[0] is not st.params or of[1] != st.all_bought:  # (what the scarcity reads)
            self._kept_of = (st.params, st.all_bought)
            self._kept = ([None] * st.n, [None] * st.n)
        kept = self._kept[st.imp_owner[idx] >= 0]
        hit = kept[idx]
        if hit is None:
            hit = kept[idx] = self._work_out(idx)
        return hit

    def _work_out(self, idx: int) -> SiteTerms:
        """:meth:`site`, worked out afresh."""
        st = self.state
        p = st.params
        space = self.g.board.spaces[idx]
        rent = 0 if self.trespass_square(idx) else space.rent * self.scarcity()
        imp = st.improvement(idx)
        rates = 0
        if imp and p.rates_on_improvements and st.kinds[idx] != "religious":
            rates = int(imp["rates"]) * self.scarcity()
        carries = st.imp_owner[idx] != NOBODY or (bool(p.improvements) and self.may_carry(idx))
        return SiteTerms(face=space.price, rent_paid=rent, rent_kept=rent - self.rent_restored(rent),
                         yearly=self.assessment(idx),
                         capital=int(imp.get("improvement_capital", 0)) if carries else 0,
                         interest=int(imp.get("improvement_interest", 0)), rates=rates)

    def visit_cost(self, seat: int, idx: int) -> int:
        """What ``seat`` pays now on alighting on space ``idx``: rent to another holder (or the
        Government), interest to another improvement's owner, rates, duties; the Gaol fine for
        the Estate and an unbargained trespass (the fine buys him out at his next turn). Cards
        and sales are left out (a card's mean is small; a sale is a choice)."""
        st = self.state
        p, kind = st.params, st.kinds[idx]
        if kind == "duty":
            return self.g.board.spaces[idx].fee * self.scarcity() if p.duties else 0
        if kind == "estate" or (self.trespass_square(idx) and st.owner[idx] != seat):
            return p.gaol_fine if p.gaol_penalties else 0
        if kind not in LAND_KINDS or st.owner[idx] == NOBODY:
            return 0
        t = self.site(idx)
        cost = t.rent_paid if st.owner[idx] != seat else 0
        if st.imp_owner[idx] != NOBODY:
            cost += t.rates + (t.interest if st.imp_owner[idx] != seat else 0)
        return cost

    def wages(self, seat: int, all_improved: bool | None = None) -> int:
        """Wages on passing Mother Earth: £200 (Part 1), £300 in Part 2 for a player whose
        property is all improved, £500 in Part 3 ("WAGES are determined by the maximum which
        Labour can produce by working on free land": param ``wages_from_free_land`` switches to
        ``part3_wages``, so a what-if can change Part 3's wages apart from Part 1's); halved once
        every site is bought in Parts 1 and 2 (:meth:`scarcity`; never in Part 3).
        ``all_improved``: the wages as they would be with (True) or without (False) his
        property all improved, for the players' valuation (None: as it stands)."""
        p = self.state.params
        base = p.part3_wages if p.wages_from_free_land else p.wages
        if all_improved is None:
            all_improved = self.all_improved(seat)
        w = p.improved_wages if p.improved_wages and all_improved else base
        return w // self.scarcity()
