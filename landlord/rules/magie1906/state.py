"""The 1906 game's state: its mortgages, debts, tokens, and :class:`Magie1906State` (the table, the
cards and houses, the mortgages and debts, the public's, the family's counters and the params in
force, with the plain questions of who holds what), which the family's parts
(:mod:`~landlord.rules.magie1906.money`, ``market``, ``public``, ``houses``, ``pays``, ``count``,
``position``, ``words``, ``prospects``) and its turns read and write. What the rules in force pay
and cost over it is :class:`~landlord.rules.magie1906.pays.Pays1906`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

from landlord.engine.flows import Flow
from landlord.engine.options import option
from landlord.engine.rulebook import Token
from landlord.rules.magie1906.cards import CARD_KINDS
from landlord.rules.magie1906.params import Params1906, in_phase
from landlord.rules.single_tax import PLACES, SingleTaxState

if TYPE_CHECKING:
    from landlord.engine.in_play import GameInPlay


@dataclass(slots=True)
class Mortgage:
    """RECONSTRUCTED rule 15: a card mortgaged to the Bank for ``amount`` by ``seat``."""

    seat: int
    space: int
    amount: int


@dataclass(slots=True)
class Debt:
    """What ``debtor`` owes ``creditor`` (a ledger account): a loan from another player
    (``loan``, RECONSTRUCTED rule 16) or the unpaid rest of an expense (rule 12) of money-flow
    ``kind`` (what it is paid as, when it is paid)."""

    debtor: int
    creditor: int
    amount: int
    loan: bool
    kind: Flow


@dataclass(slots=True)
class Player1906(Token):
    """A seat's state: position (``where``: ``track``, ``jail``, ``poorhouse`` or
    ``natural_opportunity``), circuits, the cards it holds and the single-tax cards."""

    PLACES: ClassVar[tuple[str, ...]] = PLACES

    cards: set[int] = field(default_factory=set)
    jail_missed: int = 0
    natural: int = -1
    luxuries: int = 0
    education: int = 0
    professors: int = 0
    stake: int = 0
    poorhouse_visits: int = 0
    natural_visits: int = 0


class Magie1906State(SingleTaxState):
    """The 1906 state: the cards and houses, the mortgages and debts, what the public has bought
    out or opened, the board's sections and corners, the params in force (built again at each
    switch of phase), and the plain questions over them (the cards, those that may change hands
    or be built on, the corners behind a space). What the rules in force make of them (rents,
    fares, taxes, wages, what a card secures) is :class:`~landlord.rules.magie1906.pays.Pays1906`."""

    params: Params1906

    def __init__(self, game: GameInPlay, kinds: list[str], owner: list[int]) -> None:
        super().__init__(game)
        self.params = in_phase(game.ruleset, game.phase)
        """The params in force, typed (built again at each switch of phase: ``SingleTax1906.arrive``)."""
        board = game.board
        self.n = len(kinds)
        """How many spaces the board has."""
        self.kinds = kinds
        """Each space's kind, in board order (``RoundsOfTurns.kinds``)."""
        self.owner = owner
        """The seat holding each green card, -1: the pack (``RoundsOfTurns.owner``: one list)."""
        self.houses = [0] * self.n
        self.house_owner = [-1] * self.n
        self.mortgages: list[Mortgage] = []
        self.debts: list[Debt] = []
        """Loans between players and unpaid expenses still owed."""
        self.colleges: set[int] = set()
        self.trust: tuple[int, int] | None = None
        self.offered: tuple[int, int, int, int] | None = None
        """The terms a lending player has named, while the borrower is asked to accept them:
        the lender, what the borrower is short, the principal lent, the interest added once to
        what he owes."""
        self.check_trust_pending = False
        self.railroads = board.indices("railroad")
        self.franchises = board.indices("franchise")
        self.lots = frozenset(board.indices("lot"))
        """The lots (title deeds)."""
        self.build_order = sorted(self.lots, key=lambda i: (-board.spaces[i].rent, i))
        """The lots in the order they are offered to build on: dearest rent first."""
        chances = board.indices("chance")
        # Rule 2: "If a player is on any of the spaces between the Chances he may move in
        # either direction." DECISION: strictly between the two Chance spaces (23-36 on the
        # 1906 board), not on the Chance spaces themselves.
        self.between = frozenset(range(chances[0] + 1, chances[1])) if len(chances) == 2 else frozenset()
        self.sections: dict[str, list[int]] = {}
        for s in board.spaces:
            if s.kind == "lot" and s.group:
                self.sections.setdefault(s.group, []).append(s.index)
        self.section_of = [self.sections.get(s.group, [s.index]) for s in board.spaces]
        """Each space's section (advanced rules): the lots of its group, or the space alone."""
        self.jail_corner = board.annex("jail").beside
        self.poor_corner = board.annex("poorhouse").beside
        self.naturals = {a.beside: a.name for a in board.annexes if a.kind == "natural_opportunity"}
        self.houses_held: tuple[list[int], list[int], list[int]] = ([], [], [])
        """The houses each seat owns (``count.totals``), kept with the houses and their owners
        they were counted from."""
        self.buy_options = tuple(option("buy_card", i) for i in range(self.n))
        self.sell_options = tuple(option("offer_card", i) for i in range(self.n))
        """Each space's market options (rule 1, ``Market1906.market``), made once."""

    def cards(self) -> list[int]:
        """Every green card's space: title deeds, franchise and railroad charters, the broker's
        licence (under the single tax, deeds are of no value and are not dealt)."""
        st = self.params.single_tax
        return [i for i, k in enumerate(self.kinds)
                if k in CARD_KINDS and i not in self.public and not (st and k == "lot")]

    def tradeable(self, *seats: int) -> list[int]:
        """The cards ``seats`` hold that may change hands, in the board's order: rule 1's "cards
        then in use by the players". DECISION: a card mortgaged to the Bank, or a lot with
        houses on it, does not change hands (lift the mortgage or sell the houses first); under
        the single tax a title deed is "of no value" and is not traded."""
        held = {m.space for m in self.mortgages}
        deeds = self.lots if self.params.single_tax else frozenset()
        houses, players = self.houses, self.g.players
        return sorted([i for seat in seats for i in players[seat].cards
                       if not houses[i] and i not in held and i not in deeds])

    # -- houses --------------------------------------------------------------------------
    def buildable(self, seat: int) -> list[int]:
        """Where ``seat`` may build now. RECONSTRUCTED rule 14 (buying houses): on his own
        lots, at most ``max_houses`` ("limited to three"). Single tax, rule 4: on "any unimproved
        lot he chooses" (DECISION: under the single tax only unimproved lots). Dearest rent
        first."""
        houses = self.houses
        if self.params.single_tax:
            return [i for i in self.build_order if not houses[i]]
        cards, most = self.g.players[seat].cards, self.params.max_houses
        return [i for i in self.build_order if i in cards and houses[i] < most]

    # -- the Natural Opportunities -------------------------------------------------------
    def behind(self, target: int) -> list[int]:
        """The inner corners "back of" space ``target``: DECISION: those from Mother Earth's
        corner up to the target, on the lap of the board the throw ends in."""
        return sorted(c for c in self.naturals if c <= target)
