"""The 1913 game's state: its places, debts, tokens, the land's prospects and the params it reads."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, NamedTuple

from landlord.engine.flows import Flow
from landlord.engine.rulebook import Token
from landlord.errors import LandlordError
from landlord.rules.british1913.movement import british1913_movement
from landlord.rules.british1913.params import Params1913, in_phase
from landlord.rules.memo import landing_odds

TRACK, GAOL, ASYLUM, POOR, FREE = range(5)


PLACES = ("track", "gaol", "asylum", "poorhouse", "natural_opportunity")


GOVERNMENT = -2
"""Owner mark of land held by the Government (Solway Fisheries in Part 3)."""


NOBODY = -1


LAND_KINDS = frozenset({"site", "fishery", "moor", "religious", "undeveloped"})


@dataclass(slots=True)
class Debt:
    """What a seat could not pay: ``amount`` still owed to ledger account ``creditor``."""

    creditor: int
    amount: int
    kind: Flow
    reason: str


@dataclass(frozen=True, slots=True)
class SiteTerms:
    """What the 1913 rules in force pay on one site held by a player (the players' valuation
    reads these numbers, never the rule flags behind them: :mod:`landlord.engine.valuation`).

    * ``face``: what the site counts its holder at the end (its printed price: ``COUNT_RULE``).
    * ``rent_paid``: the rent a player alighting pays its holder (the ANNUAL LAND VALUE,
      doubled once every card is bought in Parts 1-2); 0 on the Fisheries and the Moor while
      they send trespassers to Gaol.
    * ``rent_kept``: what the holder keeps of that rent, less what he must restore to the
      Public Treasury (Part 3: all of it, :meth:`British1913State.rent_restored`).
    * ``yearly``: what the holder pays each time he passes Mother Earth, whoever alights
      (the yearly-assessment what-if, :meth:`British1913State.assessment`; 0 in the rules).
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


class Offers(NamedTuple):
    """The offers for one site (:meth:`~landlord.rules.british1913.market.Market.offers_at`): at its capital land
    ``value`` and the ``percents`` of it offered, the option of each positive price in the
    percents' order (``texts``); ``low`` and ``top``, the lowest and the highest of those
    prices (0 if none); ``levels``, the distinct prices, rising; ``within[k]``, the options
    priced at most the ``k``-th level, in the same order (``within[0]`` has none)."""

    value: int
    percents: tuple[int, ...]
    texts: tuple[str, ...]
    low: int
    top: int
    levels: list[int]
    within: list[tuple[str, ...]]


@dataclass(slots=True)
class BritishPlayer(Token):
    """A seat's state: token (``where``: ``track``, ``gaol``, ``asylum``, ``poorhouse`` or
    ``natural_opportunity``), circuits of the board, sites and improvements held, debts."""

    PLACES: ClassVar[tuple[str, ...]] = PLACES

    wait: int = 0
    sites: set[int] = field(default_factory=set)
    improvements: set[int] = field(default_factory=set)
    debts: list[Debt] = field(default_factory=list)

    @property
    def owed(self) -> int:
        """Total of this seat's unpaid debts."""
        return sum(d.amount for d in self.debts)


class LandProspects:
    """What every player can see of the 1913 land (``SeatView.prospects``): who holds each site and
    improvement, the price last paid, whether every card is bought, how far the game has to
    run, and how often a throw stops on each space. Read-only; the bots value land from it."""

    MEAN_THROW: ClassVar[float] = 7.0
    """Spaces moved by an average throw of two dice (both dice of a double)."""

    def __init__(self, rules: British1913State) -> None:
        self._r = rules
        self._landing: dict[str, Mapping[int, float]] = {}
        """The landing chances of each Part this game has valued land in (:func:`landing_odds`)."""
        self._terms: tuple[list[SiteTerms | None], list[SiteTerms | None]] = ([], [])
        self._terms_of: tuple[Params1913, bool] | None = None
        """Each site's :class:`SiteTerms` unimproved and improved, by space, under the params and
        the all-bought flag ``_terms_of`` (:meth:`terms`)."""

    @property
    def params(self) -> Params1913:
        """The params in force, typed (every player knows the rules)."""
        return self._r.params

    def owner(self, idx: int) -> int:
        """The seat holding site ``idx`` (``NOBODY``: in the pack; ``GOVERNMENT``)."""
        return self._r.owner[idx]

    def improvement_owner(self, idx: int) -> int:
        """The seat owning the improvement on site ``idx`` (``NOBODY`` if there is none)."""
        return self._r.imp_owner[idx]

    def may_carry(self, idx: int) -> bool:
        """Whether the site may carry its improvement card in the Part in force."""
        return self._r.may_carry(idx)

    @property
    def scarcity(self) -> int:
        """2 once every site card is bought (rents and taxes doubled), else 1."""
        return self._r.scarcity()

    def circuits_left(self) -> int:
        """Rounds of the board the leader still has to make before the count."""
        r = self._r
        return max(0, r.params.circuits - r.most_circuits)

    def valuation_key(self) -> tuple[object, ...]:
        """What a player's value of a site or an improvement reads off the table besides his own
        cash and holdings: the Part and its params, the scarcity and who owns each improvement
        (what :meth:`terms` is kept by), and the rounds of the board still to make. Equal keys,
        equal terms, landing chances and horizon."""
        r = self._r
        return (r.g.phase, r.params, r.scarcity(), self.circuits_left(), tuple(r.imp_owner))

    def rounds_left(self) -> float:
        """Table rounds the game may still run: :meth:`circuits_left` at :data:`MEAN_THROW`
        spaces a throw."""
        return self.rounds_at(self.circuits_left())

    def rounds_at(self, circuits: int) -> float:
        """:meth:`rounds_left` for ``circuits`` rounds of the board still to make."""
        return circuits * self._r.n / self.MEAN_THROW

    @property
    def land(self) -> tuple[int, ...]:
        """The spaces that are land (sites, the Fisheries, the Moor, ...)."""
        return self._r.land

    @property
    def size(self) -> int:
        """Spaces on the track."""
        return self._r.n

    def terms(self, idx: int) -> SiteTerms:
        """What the rules in force pay on site ``idx`` (:class:`SiteTerms`), kept while the
        Part, the scarcity and the site's improvement stand."""
        r = self._r
        of = self._terms_of
        if of is None or of[0] is not r.params or of[1] != r.all_bought:  # (what the scarcity reads)
            self._terms_of = (r.params, r.all_bought)
            self._terms = ([None] * r.n, [None] * r.n)
        kept = self._terms[r.imp_owner[idx] >= 0]
        hit = kept[idx]
        if hit is None:
            hit = kept[idx] = r.site_terms(idx)
        return hit

    def visit_cost(self, seat: int, idx: int) -> int:
        """What ``seat`` pays now on alighting on space ``idx`` (:meth:`British1913State.visit_cost`)."""
        return self._r.visit_cost(seat, idx)

    def wages(self, seat: int, all_improved: bool | None = None) -> int:
        """``seat``'s wages on passing Mother Earth now, or as they would be with its property
        all improved (``all_improved``): :meth:`British1913State.wages`."""
        return self._r.wages(seat, all_improved)

    def landing(self, idx: int) -> float:
        """The chance that one throw ends on space ``idx`` in the Part in force (:meth:`odds`)."""
        return self.odds()[idx]

    def odds(self) -> Mapping[int, float]:
        """The chance that one throw ends on each space in the Part in force, from the exact
        landing probabilities of :func:`landlord.engine.landing.exact`, worked out once per ruleset
        and Part (:func:`landlord.rules.memo.landing_odds`). Shared: read only."""
        g = self._r.g
        probs = self._landing.get(g.phase)
        if probs is None:
            probs = self._landing[g.phase] = landing_odds(british1913_movement, g.ruleset, g.phase)
        return probs


class British1913State:
    """The 1913 game as it stands (the family's parts read and write it): the table it is played
    on (``g``: board, ledger, seats), the params of the Part in force, the turn order, who holds
    each site and improvement and at what capital land value, the Bank and the Public Treasury
    and what the Treasury owes, the Luxury and Chance packs, the land's prospects the players read;
    and what the rules in force make of it (a site's terms, the wages, the scarcity)."""

    __slots__ = ("_carriers", "all_bought", "bank", "bankruptcies", "capital", "decks", "face", "free_land", "g",
                 "gaol_corner", "imp_owner", "kinds", "land", "most_circuits", "n", "order", "owner", "params",
                 "poor_corner", "prospects", "treasury", "treasury_debt", "value")

    def __init__(self, game: Any) -> None:
        self.g = game
        """The table the game is played on (board, ledger, seats, log)."""
        board = game.board
        spaces = board.spaces
        self.n = len(spaces)
        """How many spaces the board has."""
        self.kinds = [s.kind for s in spaces]
        """Each space's kind, in board order."""
        self.order: list[int] = []
        """The seats in turn order, from the first player (set when play begins)."""
        self.owner = [NOBODY] * self.n
        """The seat holding each site's SITE card (``NOBODY``: in the pack; ``GOVERNMENT``)."""
        self.imp_owner = [NOBODY] * self.n
        """The seat owning the improvement on each site (``NOBODY``: none)."""
        self.value = [s.price for s in spaces]
        """Capital land value of each site as the market sets it (printed price until traded)."""
        self.face = tuple(s.price for s in spaces)
        """Each space's printed price: what a site counts at the end (``COUNT_RULE``)."""
        self.land = tuple(s.index for s in spaces if s.kind in LAND_KINDS)
        self.capital = {s.index: int(s.extra["improvement_capital"]) for s in spaces
                        if "improvement_capital" in s.extra}
        """Each IMPROVEMENT card's capital (its sale price), by site (:meth:`improvement`)."""
        self.gaol_corner = board.annex("jail").beside
        self.poor_corner = board.annex("poorhouse").beside
        self.free_land = board.indices("natural_opportunity")
        self.all_bought = False
        self.most_circuits = 0
        """The most rounds of the board any player has made (counted by ``pass_mother_earth``)."""
        self.treasury_debt = 0
        self.bankruptcies = [0] * len(game.strategies)
        """How many times each seat has gone bankrupt (to the Poorhouse or the free land)."""
        self.bank = self.treasury = -1
        """The ledger accounts of the Bank and the Public Treasury (opened at the set-up)."""
        self.prospects = LandProspects(self)
        """What every player can see of the land (the players' view: ``SeatView.prospects``)."""
        self._carriers: tuple[Params1913, tuple[bool, ...]] | None = None
        """:meth:`carriers` and the params they were worked out under."""
        if not self.free_land:
            raise LandlordError(f"{game.ruleset.id}: the board has no natural_opportunity space")
        self.params = in_phase(game.ruleset, game.phase)
        """The params in force, typed (built again at each switch of Part: ``arrive``)."""
        self.decks = {"luxury": list(range(len(self.params.luxury_cards))),
                      "chance": list(range(len(self.params.chance_cards)))}
        """The Luxury and Chance packs, as indices of the Part's cards, top first."""

    # -- reading the board --------------------------------------------------------------
    def improvement(self, idx: int) -> dict[str, Any]:
        """The IMPROVEMENT card of site ``idx`` (``{}`` if it has none)."""
        extra = self.g.board.spaces[idx].extra
        return extra if "improvement_capital" in extra else {}

    def may_carry(self, idx: int) -> bool:
        """Whether site ``idx`` may carry its improvement card in the Part in force.

        "Undeveloped Sites are not improved till Part 3." Part 3, the Grouse Moor: the Land Value
        Tax "causes him to let it for Small Holdings under conditions applying to other sites"
        (param ``small_holdings``): its improvement card (Small Holdings, reconstructed) may be
        placed from then on. The Solway Fisheries has no improvement card (DECISION: sporting
        land, not a building plot; in Part 3 it is the Government's).
        """
        if not self.improvement(idx):
            return False
        p = self.params
        if self.kinds[idx] == "undeveloped":
            return bool(p.improve_undeveloped)
        if self.kinds[idx] == "moor":
            return bool(p.small_holdings)
        return True

    def carriers(self) -> tuple[bool, ...]:
        """:meth:`may_carry` of every space under the params in force, worked out again only
        when they change (a switch of Part)."""
        kept = self._carriers
        if kept is None or kept[0] is not self.params:
            kept = self._carriers = (self.params, tuple(self.may_carry(i) for i in range(self.n)))
        return kept[1]

    def improvable(self, idx: int) -> bool:
        """Whether site ``idx`` may be improved now: it may carry a card and has none yet."""
        return self.imp_owner[idx] == NOBODY and self.carriers()[idx]

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
        return 2 if self.all_bought and self.params.scarcity_doubling else 1

    def all_improved(self, seat: int) -> bool:
        """"Whenever a player's property is all improved": he holds at least one site with an
        improvement card and every such site (undeveloped sites only once they may be
        improved) carries an improvement, whoever owns it."""
        carry, imp_owner = self.carriers(), self.imp_owner
        mine = [i for i in self.g.players[seat].sites if carry[i]]
        return bool(mine) and all(imp_owner[i] != NOBODY for i in mine)

    def rent_restored(self, rent: int) -> int:
        """What a site's holder must restore to the Public Treasury of ``rent`` just paid him:
        Part 3, "as Rates are now levied on Land Values, the owner must immediately restore the
        equivalent amount to the Public Treasury" (param ``land_value_tax``); else nothing."""
        return rent if self.params.land_value_tax else 0

    def assessment(self, idx: int) -> int:
        """The yearly assessment of the what-if (``land_tax_assessed``) on site ``idx``: its
        ANNUAL LAND VALUE as printed, doubled with rents where the scarcity rule is in force
        (charged by ``assess_land_values``); 0 where the what-if is off."""
        if not self.params.land_tax_assessed:
            return 0
        return self.g.board.spaces[idx].rent * self.scarcity()

    def trespass_square(self, idx: int) -> bool:
        """Whether alighting on ``idx`` is trespass (the Fisheries and the Moor while the Gaol
        penalties are in force): no rent, a bargain or Gaol."""
        return self.kinds[idx] in ("fishery", "moor") and bool(self.params.gaol_penalties)

    def site_terms(self, idx: int) -> SiteTerms:
        """What the rules in force pay on site ``idx`` held by a player (:class:`SiteTerms`),
        as ``land_on_site`` charges it."""
        space = self.g.board.spaces[idx]
        rent = 0 if self.trespass_square(idx) else space.rent * self.scarcity()
        imp = self.improvement(idx)
        rates = 0
        if imp and self.params.rates_on_improvements and self.kinds[idx] != "religious":
            rates = int(imp["rates"]) * self.scarcity()
        carries = self.imp_owner[idx] != NOBODY or (bool(self.params.improvements) and self.may_carry(idx))
        return SiteTerms(face=space.price, rent_paid=rent, rent_kept=rent - self.rent_restored(rent),
                         yearly=self.assessment(idx),
                         capital=int(imp.get("improvement_capital", 0)) if carries else 0,
                         interest=int(imp.get("improvement_interest", 0)), rates=rates)

    def visit_cost(self, seat: int, idx: int) -> int:
        """What ``seat`` pays now on alighting on space ``idx``: rent to another holder (or the
        Government), interest to another improvement's owner, rates, duties; the Gaol fine for
        the Estate and an unbargained trespass (the fine buys him out at his next turn). Cards
        and sales are left out (a card's mean is small; a sale is a choice)."""
        p, kind = self.params, self.kinds[idx]
        if kind == "duty":
            return self.g.board.spaces[idx].fee * self.scarcity() if p.duties else 0
        if kind == "estate" or (self.trespass_square(idx) and self.owner[idx] != seat):
            return p.gaol_fine if p.gaol_penalties else 0
        if kind not in LAND_KINDS or self.owner[idx] == NOBODY:
            return 0
        t = self.prospects.terms(idx)
        cost = t.rent_paid if self.owner[idx] != seat else 0
        if self.imp_owner[idx] != NOBODY:
            cost += t.rates + (t.interest if self.imp_owner[idx] != seat else 0)
        return cost

    def wages(self, seat: int, all_improved: bool | None = None) -> int:
        """Wages on passing Mother Earth: £200 (Part 1), £300 in Part 2 for a player whose
        property is all improved, £500 in Part 3 ("WAGES are determined by the maximum which
        Labour can produce by working on free land": param ``wages_from_free_land`` switches to
        ``part3_wages``, so a what-if can change Part 3's wages apart from Part 1's); halved once
        every site is bought in Parts 1 and 2 (:meth:`scarcity`; never in Part 3).
        ``all_improved``: the wages as they would be with (True) or without (False) his
        property all improved, for the players' valuation (None: as it stands)."""
        p = self.params
        base = p.part3_wages if p.wages_from_free_land else p.wages
        if all_improved is None:
            all_improved = self.all_improved(seat)
        w = p.improved_wages if p.improved_wages and all_improved else base
        return w // self.scarcity()

    def check_all_bought(self) -> None:
        """Set (once) the flag of "when all the Site cards are bought up"."""
        if not self.all_bought and all(self.owner[i] != NOBODY for i in self.land):
            self.all_bought = True
            self.g.emit("all_bought", -1, doubled=bool(self.params.scarcity_doubling))
