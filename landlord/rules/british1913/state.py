"""The 1913 game's state: its places, debts, tokens, and :class:`British1913State` (the table, who
holds each site and improvement, the Bank's and the Treasury's accounts, the packs and the params in
force), which the family's parts read and write; what the rules make of it is
:mod:`~landlord.rules.british1913.terms`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from landlord.engine.flows import Flow
from landlord.engine.rulebook import Token
from landlord.errors import LandlordError
from landlord.rules.british1913.params import in_phase

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


class British1913State:
    """The 1913 game as it stands (the family's parts read and write it): the table it is played
    on (``g``: board, ledger, seats), the params of the Part in force, the turn order, who holds
    each site and improvement and at what capital land value, the Bank and the Public Treasury
    and what the Treasury owes, the Luxury and Chance packs; and plain questions about it (a site's
    improvement card, whether every site card is bought). What the rules in force make of it (a
    site's terms, the wages, the scarcity) is the :class:`~landlord.rules.british1913.terms.Terms`."""

    __slots__ = ("all_bought", "bank", "bankruptcies", "capital", "decks", "face", "free_land", "g",
                 "gaol_corner", "imp_owner", "kinds", "land", "most_circuits", "n", "order", "owner", "params",
                 "poor_corner", "treasury", "treasury_debt", "value")

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

    def check_all_bought(self) -> None:
        """Set (once) the flag of "when all the Site cards are bought up"."""
        if not self.all_bought and all(self.owner[i] != NOBODY for i in self.land):
            self.all_bought = True
            self.g.emit("all_bought", -1, doubled=bool(self.params.scarcity_doubling))
