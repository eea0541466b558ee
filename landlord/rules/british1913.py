"""The Newbie Game Company's 1913 British game, "Brer Fox an' Brer Rabbit", in three Parts.

Part 1 buys the land, Part 2 improves it (and rates the improvements), Part 3 takes the rates off
improvements and levies them on land values. Each Part is a phase (``part1``/``part2``/``part3``)
of one rules family: a ruleset starting in any phase is a complete game, and phase
:class:`~landlord.phases.Trigger` s switch Part 1 -> 2 -> 3 on the same holdings.

Each rule below quotes the clause it plays (the rules are ``docs/sources/british-1913-rules.txt``).
The board is a documented reconstruction (``data/boards/brer-fox-1913.toml``); where the rules leave
a point open the kit's decision is written beside the rule as ``DECISION:`` and has a test.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from landlord import options
from landlord.count import SeatCount
from landlord.decisions import Decision, OptionText
from landlord.errors import DataError, LandlordError
from landlord.flows import Flow
from landlord.options import option, parse_option
from landlord.phases import Trigger, parse_switch
from landlord.rules.base import Play, RoundsOfTurns, SpaceState, Token, space_state

if TYPE_CHECKING:
    from landlord.position import Position, SeatPosition

TRACK, GAOL, ASYLUM, POOR, FREE = range(5)
PLACES = ("track", "gaol", "asylum", "poorhouse", "natural_opportunity")
GOVERNMENT = -2
"""Owner mark of land held by the Government (Solway Fisheries in Part 3)."""
NOBODY = -1
LAND_KINDS = frozenset({"site", "fishery", "moor", "religious", "undeveloped"})
CARD_ACTIONS = frozenset({"pay_bank", "pay_treasury", "income_tax", "receive_bank", "gaol", "mother_earth", "back"})


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


class LandTable:
    """What every player can see of the 1913 land (``TableView.table``): who holds each site and
    improvement, the price last paid, whether every card is bought, how far the game has to
    run, and how often a throw stops on each space. Read-only; the bots value land from it."""

    MEAN_THROW: ClassVar[float] = 7.0
    """Spaces moved by an average throw of two dice (both dice of a double)."""

    def __init__(self, rules: British1913) -> None:
        self._r = rules
        self._landing: dict[str, dict[int, float]] = {}

    def owner(self, idx: int) -> int:
        """The seat holding site ``idx`` (``NOBODY``: in the pack; ``GOVERNMENT``)."""
        return self._r.owner[idx]

    def improvement_owner(self, idx: int) -> int:
        """The seat owning the improvement on site ``idx`` (``NOBODY`` if there is none)."""
        return self._r.imp_owner[idx]

    def market_price(self, idx: int) -> int:
        """The site's capital land value as the market last set it (the printed price until
        it changes hands)."""
        return self._r.value[idx]

    def may_carry(self, idx: int) -> bool:
        """Whether the site may carry its improvement card in the Part in force."""
        return self._r.may_carry(idx)

    @property
    def scarcity(self) -> int:
        """2 once every site card is bought (rents and taxes doubled), else 1."""
        return self._r.scarcity()

    def circuits_left(self) -> int:
        """Rounds of the board the leader still has to make before the count."""
        g = self._r.g
        return max(0, g.p["circuits"] - max([pl.circuits for pl in g.players]))

    def rounds_left(self) -> float:
        """Table rounds the game may still run: :meth:`circuits_left` at :data:`MEAN_THROW`
        spaces a throw."""
        return self.rounds_at(self.circuits_left())

    def rounds_at(self, circuits: int) -> float:
        """:meth:`rounds_left` for ``circuits`` rounds of the board still to make."""
        return circuits * self._r.n / self.MEAN_THROW

    def landing(self, idx: int) -> float:
        """The chance that one throw ends on space ``idx`` in the Part in force, from the exact
        landing probabilities of :func:`landlord.landing.exact` (computed once a Part)."""
        g = self._r.g
        probs = self._landing.get(g.phase)
        if probs is None:
            key = (g.ruleset.id, g.phase, repr(sorted(g.ruleset.values(g.phase).items())))
            probs = _LANDING.get(key)
            if probs is None:
                from landlord.landing import exact, movement_for

                probs = _LANDING[key] = exact(movement_for(g.ruleset, g.phase))
            self._landing[g.phase] = probs
        return probs[idx]


_LANDING: dict[tuple[str, str, str], dict[int, float]] = {}
"""Landing probabilities already computed, by ruleset id, phase and the values in force."""


class British1913(RoundsOfTurns):
    """The 1913 rules, Parts 1 to 3 (the Part in force is the ``part`` param of the phase)."""

    PARAMS: ClassVar[dict[str, type]] = {
        "part": int, "start_cash": int, "notes": list, "further_cash": int, "advised_reserve": int,
        "wages": int, "part3_wages": int, "wages_from_free_land": bool, "improved_wages": int,
        "pension": int, "pension_after": int,
        "scarcity_doubling": bool, "improvements": bool, "rates_on_improvements": bool,
        "land_value_tax": bool, "gaol_penalties": bool, "duties": bool, "bankrupt_to": str,
        "improve_undeveloped": bool, "circuits": int, "max_rounds": int, "gaol_fine": int,
        "gaol_throws": int, "asylum_wait": int, "bargain_prices": list, "forced_bid_percents": list,
        "offer_percents": list, "pack_bid_percents": list, "land_tax_assessed": bool,
        "small_holdings": bool, "government_price_percent": int, "free_land_wages": int,
        "sequence": list, "luxury_cards": list, "chance_cards": list, "industry_taxes": bool,
    }
    DECISIONS: ClassVar[dict[str, str]] = {
        "site_card": "{name} is dealt the SITE card for {space}: buy it at its CAPITAL LAND VALUE of "
                     "{cur}{amount}, paid into the Bank?",
        "pack_bid": "{space}'s card is offered from the pack, never below its printed price: what does "
                    "{name} bid? (best bid so far {cur}{amount})",
        "use_double": "{name} threw a double: use the number on one die ({amount}) or on both?",
        "name_bargain": "{name} owns {space} and has caught a trespasser: name a price to let him off, "
                        "or send him to Gaol?",
        "take_bargain": "{name} is offered a private bargain at {space}: pay {cur}{amount} to be let off, "
                        "or go to Gaol?",
        "gaol": "{name} is in Gaol: pay the {cur}{amount} fine, or throw for a double?",
        "realise": "{name} is {cur}{amount} short of what he must pay: which property to sell for what it will fetch?",
        "forced_bid": "{space} is being sold for what it will fetch: what does {name} bid? (best bid so "
                      "far {cur}{amount})",
        "bid_up": "{name} may bid for a site held by another player: make an offer?",
        "accept_bid": "{name} is offered {cur}{amount} for {space}: sell?",
        "improve_site": "{name} may improve a site, paying the improvement's CAPITAL into the Bank: which?",
    }
    OPTIONS: ClassVar[dict[str, str]] = {
        "buy": "Buy", "decline": "Decline", "both": "Both dice", "one": "One die",
        "gaol": "Go to Gaol", "price": "Let off for {cur}{arg}", "pay": "Pay",
        "throw": "Throw for a double", "refuse": "Refuse", "bid": "Bid {cur}{arg}",
        "none": "No", "accept": "Accept", "pass": "Pass",
    }

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        board = game.board
        self.n = len(board.spaces)
        self.kinds = [s.kind for s in board.spaces]
        self.owner = [NOBODY] * self.n
        self.imp_owner = [NOBODY] * self.n
        self.value = [s.price for s in board.spaces]
        """Capital land value of each site as the market sets it (printed price until traded)."""
        self.land = tuple(s.index for s in board.spaces if s.kind in LAND_KINDS)
        self.gaol_corner = board.annex("jail").beside
        self.poor_corner = board.annex("poorhouse").beside
        self.free_land = board.indices("natural_opportunity")
        self.all_bought = False
        self.treasury_debt = 0
        self.bankruptcies = [0] * len(game.strategies)
        """How many times each seat has gone bankrupt (to the Poorhouse or the free land)."""
        self.bank = self.treasury = -1
        self.table = LandTable(self)
        p = game.p
        self._check_data(p)
        self.decks = {"luxury": list(range(len(p["luxury_cards"]))),
                      "chance": list(range(len(p["chance_cards"])))}

    def _check_data(self, p: dict[str, Any]) -> None:
        """Refuse a ruleset whose notes or cards cannot be played."""
        rid = self.g.ruleset.id
        # DECISION: a what-if start cash larger than the notes' £3000 (the fair comparisons of
        # landlord.decompose start Part 1 from Part 3's £6000) pays the same notes as many times
        # over; it must be a whole number of sets.
        if not sum(p["notes"]) or p["start_cash"] % sum(p["notes"]):
            raise LandlordError(f"{rid}: the notes {p['notes']} add up to {sum(p['notes'])}; the start cash "
                                f"{p['start_cash']} is not a whole number of such sets")
        for deck in ("luxury_cards", "chance_cards"):
            for i, card in enumerate(p[deck]):
                if (not isinstance(card, dict) or set(card) != {"text", "action", "amount"}
                        or card["action"] not in CARD_ACTIONS):
                    raise LandlordError(f"{rid}: {deck}[{i}] must be {{text, action, amount}} with action "
                                        f"one of {', '.join(sorted(CARD_ACTIONS))}; got {card!r}")
        if not self.free_land:
            raise LandlordError(f"{rid}: the board has no natural_opportunity space")

    POSITION_FIELDS: ClassVar[frozenset[str]] = frozenset({"cash", "token", "holdings", "improvements", "debts"})
    DEBT_FIELDS: ClassVar[frozenset[str]] = frozenset({"to", "amount", "loan"})

    def place_seat(self, seat: int, sp: SeatPosition, where: str, entry: str) -> None:
        """A position's ``holdings`` (SITE cards: the seat holds exactly these, each at its
        printed CAPITAL LAND VALUE, whoever held them after the set-up; a site the Government
        holds is refused) and ``debts`` (what the seat could not pay, owed to a seat, the Bank
        or the Public Treasury and paid first out of any money he receives; DECISION: paid as a
        repayment). A loan is refused: "borrowing by players being strictly prohibited"."""
        g = self.g
        for k, d in enumerate(sp.debts):
            dentry = f"{entry} debts[{k}]"
            if d.loan:
                raise DataError(where, dentry, "loan", "borrowing by players is strictly prohibited "
                                "in these rules: a debt here is an unpaid one")
            to = self.creditor_named(where, dentry, seat, d.to, ("Bank", "Public Treasury"))
            g.players[seat].debts.append(Debt(to, d.amount, Flow.REPAYMENT, "debt of the position"))
        if not sp.holdings:
            return
        for idx in list(g.players[seat].sites):
            self.owner[idx] = NOBODY
        g.players[seat].sites.clear()
        for name in sp.holdings:
            idx = self.space_named(where, entry, "holdings", name)
            if idx not in self.land:
                raise DataError(where, entry, "holdings", f"{name!r} is not land: only sites are held")
            old = self.owner[idx]
            if old == GOVERNMENT:
                raise DataError(where, entry, "holdings", f"{name!r} is held by the Government")
            if old >= 0:
                g.players[old].sites.discard(idx)
            self.owner[idx] = seat
            self.value[idx] = g.board.spaces[idx].price
            g.players[seat].sites.add(idx)
        self.check_all_bought()

    def apply_position(self, position: Position) -> None:
        """Lay out the position (:meth:`Rules.apply_position`: cash, tokens, holdings and
        debts), then each seat's ``improvements``, once every seat's holdings are placed:
        IMPROVEMENT cards, one a site ("place the card representing the improvement on the site
        ... and put his Sold ticket upon it"), on a site some player holds (the improver may be
        another player: "he must allow any other player ... to improve them for him"), only
        where the Part in force lets the site carry its card (:meth:`may_carry`), and none in
        Part 1 (improving begins in Part 2). Each refused by name."""
        super().apply_position(position)
        g, where = self.g, position.where
        for seat, sp in enumerate(position.seats):
            entry = f"seat {seat + 1}"
            for name, count in sp.improvements.items():
                idx = self.space_named(where, entry, "improvements", name)
                if not g.p["improvements"]:
                    raise DataError(where, entry, "improvements", f"no site is improved in {g.phase} "
                                    f"(improving the land begins in Part 2)")
                if count != 1:
                    raise DataError(where, entry, "improvements", f"{name!r}: a site carries one improvement "
                                    f"card, got {count!r}")
                if idx not in self.land or self.owner[idx] < 0:
                    raise DataError(where, entry, "improvements", f"{name!r} is not a site a player holds")
                if not self.may_carry(idx):
                    raise DataError(where, entry, "improvements", f"{name!r} may not carry an improvement "
                                    f"card in {g.phase}")
                if self.imp_owner[idx] not in (NOBODY, seat):
                    raise DataError(where, entry, "improvements", f"{name!r} already carries another "
                                    f"player's improvement")
                self.imp_owner[idx] = seat
                g.players[seat].improvements.add(idx)

    def new_player(self, seat: int) -> BritishPlayer:
        """A pawn on Mother Earth with nothing yet."""
        return BritishPlayer(seat)

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
        p = self.g.p
        if self.kinds[idx] == "undeveloped":
            return bool(p["improve_undeveloped"])
        if self.kinds[idx] == "moor":
            return bool(p["small_holdings"])
        return True

    def improvable(self, idx: int) -> bool:
        """Whether site ``idx`` may be improved now: it may carry a card and has none yet."""
        return self.imp_owner[idx] == NOBODY and self.may_carry(idx)

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
        return 2 if self.all_bought and self.g.p["scarcity_doubling"] else 1

    def all_improved(self, seat: int) -> bool:
        """"Whenever a player's property is all improved": he holds at least one site with an
        improvement card and every such site (undeveloped sites only once they may be
        improved) carries an improvement, whoever owns it."""
        mine = [i for i in self.g.players[seat].sites if self.may_carry(i)]
        return bool(mine) and all(self.imp_owner[i] != NOBODY for i in mine)

    def wages(self, seat: int) -> int:
        """Wages on passing Mother Earth: £200 (Part 1), £300 in Part 2 for a player whose
        property is all improved, £500 in Part 3 ("WAGES are determined by the maximum which
        Labour can produce by working on free land": param ``wages_from_free_land`` switches to
        ``part3_wages``, so a what-if can change Part 3's wages apart from Part 1's); halved once
        every site is bought in Parts 1 and 2 (:meth:`scarcity`; never in Part 3)."""
        p = self.g.p
        base = p["part3_wages"] if p["wages_from_free_land"] else p["wages"]
        w = p["improved_wages"] if p["improved_wages"] and self.all_improved(seat) else base
        return w // self.scarcity()

    # -- the whole game -----------------------------------------------------------------
    def setup(self) -> Play:
        """Set-up (money, first player, the Part's arrival, the deal of SITE cards); then rounds
        of turns (:meth:`RoundsOfTurns.play`) until one player has been round the board
        ``circuits`` times (:meth:`end_reason`) or the safety bound ``max_rounds``; the Treasury
        repays the Bank after each round (:meth:`round_end`)."""
        g, p = self.g, self.g.p
        self.bank, self.treasury = g.account("Bank"), g.account("Public Treasury")
        seats = list(range(len(g.players)))
        self._sequence_triggers()
        # Part 1: "Each player receives £3000 in money tickets of the following values --- five
        # of £500, three of £100, three of £50, three of £10, four of £5".
        for s in seats:
            g.pay(self.bank, s, p["start_cash"], Flow.START_CASH, "start cash", "Part 1: money")
            g.emit("notes", s, notes="+".join(str(v) for v in p["notes"] * (p["start_cash"] // sum(p["notes"]))))
        first = self.first_player(seats)
        self.order = seats[first:] + seats[:first]
        if p["part"] >= 2:
            self.further_cash()
        if p["part"] >= 3:
            # DECISION: a game begun in Part 3 starts with Solway Fisheries already sold to the
            # Government (its card is not dealt).
            for idx in self.g.board.indices("fishery"):
                self.owner[idx] = GOVERNMENT
                g.emit("government_land", -1, space=idx)
        # a phase switched in "from the first turn" (a ``start`` trigger) is in force for the
        # deal, as in the other families; its arrival (:meth:`arrive`) follows the Part's own
        yield from self.start_point()
        if not self.dealt_by_position():
            yield from self.deal_sites()

    def _sequence_triggers(self) -> None:
        """A sequence ruleset's ``sequence`` param (``"part2@round:25"``) becomes phase
        triggers, unless the game was given triggers of its own."""
        g = self.g
        if g.triggers or not g.p["sequence"]:
            return
        triggers: list[Trigger] = []
        for text in g.p["sequence"]:
            try:
                trigger = parse_switch(str(text))
            except ValueError as exc:
                raise LandlordError(f"{g.ruleset.id}: sequence entry {text!r}: {exc}") from None
            if trigger.phase not in g.ruleset.phases:
                raise LandlordError(f"{g.ruleset.id}: sequence entry {text!r} names no phase "
                                    f"(phases: {', '.join(g.ruleset.phases)})")
            triggers.append(trigger)
        g.triggers = tuple(triggers)

    def deal_sites(self) -> Play:
        """Part 1: "The SITE cards are then shuffled and dealt round, each player having the
        right to buy any or all of the sites on the Board corresponding to the cards dealt to
        him. On buying a site each player must pay the CAPITAL LAND VALUE ... into the BANK".

        DECISION: cards are dealt one at a time from the first player round the table; then
        each player, in turn order, decides card by card in the order dealt. Cards not bought
        go back to the pack, and may be bought at their printed price by a player who alights
        on the site ("no card may be bought from the pack for less than the original sale
        price").
        """
        pack = [i for i in self.land if self.owner[i] == NOBODY]
        dealt = self.deal_round(self.order, pack, len(pack), "site_dealt")
        yield from self.offer_dealt(dealt, "site_card", "decline", self.value,
                                    lambda seat, idx, price: self.buy_from_bank(seat, idx, "dealt card"),
                                    "site_card_returned")

    def buy_from_bank(self, seat: int, idx: int, how: str, price: int | None = None) -> None:
        """Pay the CAPITAL LAND VALUE (the printed price, or what the site was bid up to) into
        the Bank and place the SOLD ticket."""
        g = self.g
        price = g.board.spaces[idx].price if price is None else price
        g.pay(seat, self.bank, price, Flow.LAND_BOUGHT, "site purchase", "Part 1: buying the land")
        self.owner[idx] = seat
        self.value[idx] = price
        g.players[seat].sites.add(idx)
        g.emit("buy", seat, space=idx, lot=g.board.spaces[idx].name, price=price, how=how)
        self.check_all_bought()

    def check_all_bought(self) -> None:
        """Set (once) the flag of "when all the Site cards are bought up"."""
        if not self.all_bought and all(self.owner[i] != NOBODY for i in self.land):
            self.all_bought = True
            self.g.emit("all_bought", -1, doubled=bool(self.g.p["scarcity_doubling"]))

    def end_reason(self) -> str:
        """"when, for example, one player has completed, say, five rounds of the Board, the
        amount of property in land and cash is reckoned up". DECISION: the game ends after the
        turn in which the first player completes ``circuits`` rounds (``circuits``; '' while
        it goes on)."""
        need = self.g.p["circuits"]
        return "circuits" if any(pl.circuits >= need for pl in self.g.players) else ""

    # -- phases (the Parts) -------------------------------------------------------------
    def arrive(self, old: str, new: str) -> Play:
        """What a Part does on arrival, however the switch came (trigger, vote, table,
        scenario): Part 2 pays the further cash, Part 3 runs :meth:`enter_part3` (a switch
        from Part 1 straight to Part 3 does both)."""
        before, after = self.g.ruleset.values(old)["part"], self.g.p["part"]
        if after >= 2 > before:
            self.further_cash()
        if after >= 3 > before:
            yield from self.enter_part3()
            self.check_all_bought()

    def further_cash(self) -> None:
        """Part 2: "In this part of the game each player receives a further £3000 from the
        Bank." """
        g = self.g
        for s in self.order or range(len(g.players)):
            g.pay(self.bank, s, g.p["further_cash"], Flow.START_CASH, "further cash", "Part 2: money")

    def enter_part3(self) -> Play:
        """Part 3 on arrival.

        Solway Fisheries: "valued at £500 ... the owner is compelled to pay the ANNUAL VALUE of
        £20 to the Public Treasury ... he is glad to sell it to the Government at half its face
        value, which is paid out of the Public Treasury, and the Gaol Penalty is thereafter
        annulled." Grouse Moor: "similarly assessed at £500, with Land Value Tax of £20, which
        causes him to let it for Small Holdings under conditions applying to other sites".

        DECISION (the schedule): each owner pays the £20 once, on arrival of Part 3, because the
        text makes the payment the cause of what follows at once --- the Fisheries' owner "now
        finds it no longer pays him to hold it, so he is glad to sell it", and the Moor's tax
        "causes him to let it for Small Holdings under conditions applying to other sites" ---
        after which neither is charged again except as other sites are (rent restored). The
        Fisheries is sold at once; if he must sell up to find the £20 he may not
        offer the Fisheries itself, which goes to the Government (so no other player can buy it
        in a forced sale before the Treasury buys it too); an unowned Fisheries passes to the Government
        for nothing; the Moor stays with its owner as an ordinary site (rent to him, restored to
        the Treasury as land value tax: his steward collects the rents for the Treasury).
        Paupers in the Poorhouse move to the nearest Natural Opportunity space. In the what-if
        without the land value tax (param ``land_value_tax`` off) neither £20 is charged and the
        Fisheries still passes to the Government, so the board is Part 3's but for the tax.
        """
        g = self.g
        taxed = g.p["land_value_tax"]
        for idx in self.g.board.indices("fishery"):
            owner = self.owner[idx]
            if owner >= 0:
                if taxed:
                    yield from self.charge(owner, self.treasury, g.board.spaces[idx].rent, Flow.LAND_RENT,
                                           "land value tax", "Part 3: Solway Fisheries assessed",
                                           keep=frozenset({option("site", idx)}))
                # "half its face value": the £500 at which the Inland Revenue values it, whatever
                # the market last paid for it.
                price = g.board.spaces[idx].price * g.p["government_price_percent"] // 100
                g.players[owner].sites.discard(idx)
                self.owner[idx] = GOVERNMENT
                self.treasury_pays(owner, price, Flow.BUYOUT, "sale to the Government", "Part 3: Solway Fisheries")
                g.emit("sold_to_government", owner, space=idx, price=price)
            elif owner == NOBODY:
                self.owner[idx] = GOVERNMENT
                g.emit("government_land", -1, space=idx)
        for idx in self.g.board.indices("moor"):
            owner = self.owner[idx]
            if owner >= 0 and taxed:
                yield from self.charge(owner, self.treasury, g.board.spaces[idx].rent, Flow.LAND_RENT,
                                       "land value tax", "Part 3: Grouse Moor assessed")
            g.emit("small_holdings", owner, space=idx)
        for pl in g.players:
            if pl.place == POOR:
                self.to_free_land(pl.seat)

    # -- a turn -------------------------------------------------------------------------
    def take_turn(self, seat: int) -> Play:
        """One turn: phase point, debts, then the place the pawn is in, then improving,
        bidding for land, and the throw."""
        g = self.g
        pl = g.players[seat]
        if g.triggers:
            yield from self.phase_point(seat)
        if pl.debts:
            self.pay_debts(seat)
        if pl.place == POOR:
            if not (yield from self.poorhouse_turn(seat)):
                return
        elif pl.place == FREE:
            yield from self.free_land_turn(seat)
            return
        elif pl.place == ASYLUM:
            if pl.wait > 0:
                pl.wait -= 1
                g.emit("asylum_wait", seat, left=pl.wait)
                return
            pl.place = TRACK
            g.emit("asylum_out", seat)
        elif pl.place == GAOL:
            yield from self.gaol_turn(seat)
            return
        if g.p["improvements"]:
            yield from self.improve(seat)
        yield from self.bid_up(seat)
        a, b = self.throw(seat)
        yield from self.move(seat, (yield from self.steps(seat, a, b)))

    def steps(self, seat: int, a: int, b: int) -> Play:
        """"If he throws a double he has the option of using the number on one or both of the
        dice." Returns the number to move."""
        if a != b:
            return a + b
        choice = yield Decision(seat, "use_double", ("both", "one"), amount=a)
        return a if choice == "one" else a + b

    def move(self, seat: int, steps: int) -> Play:
        """Move the pawn forward ``steps`` spaces, paying wages on passing Mother Earth, then
        follow the instructions of the space it stops on."""
        g = self.g
        pl = g.players[seat]
        start = pl.pos
        target = (start + steps) % self.n
        pl.pos = target
        if g.events is not None:
            g.emit("move", seat, frm=start, to=target, space=g.board.spaces[target].name)
        if start + steps >= self.n:
            yield from self.pass_mother_earth(seat)
        yield from self.land_on(seat, target)

    def pass_mother_earth(self, seat: int) -> Play:
        """"Each player, on making a complete round of the Board, is entitled to his Wages which
        he collects from the Bank each time he passes Mother Earth. After making three complete
        rounds of the Board he is entitled to an Old Age Pension every time he passes."

        DECISION: stopping on Mother Earth counts as passing it; the pension is paid from the
        fourth pass on (after three complete rounds), out of the Public Treasury (the state's
        pension), which borrows from the Bank if it is short.
        """
        g = self.g
        pl = g.players[seat]
        pl.circuits += 1
        g.emit("circuit", seat, circuits=pl.circuits)
        g.pay(self.bank, seat, self.wages(seat), Flow.WAGES, "wages", "Mother Earth: wages")
        if pl.circuits > g.p["pension_after"] and g.p["pension"]:
            self.treasury_pays(seat, g.p["pension"], Flow.PENSION, "old age pension", "Mother Earth: Old Age Pension")
        if pl.debts:
            self.pay_debts(seat)
        if g.p["land_tax_assessed"]:
            yield from self.assess_land_values(seat)

    def assessment(self, idx: int) -> int:
        """The yearly assessment of the what-if :meth:`assess_land_values` on site ``idx``: its
        ANNUAL LAND VALUE as printed, doubled with rents where the scarcity rule is in force."""
        return self.g.board.spaces[idx].rent * self.scarcity()

    def assess_land_values(self, seat: int) -> Play:
        """A what-if, not the 1913 rules (param ``land_tax_assessed``, off in every Part;
        ``scenarios/british-1913-part3-yearly-assessment.toml`` turns it on): each time a player
        passes Mother Earth (a round is the game's year) he pays, for every site he holds, its
        annual value (:meth:`assessment`) to the Public Treasury, whether or not anybody has
        alighted there, on top of the rent restored (:meth:`restore_land_value_tax`). The text
        charges an ordinary site only the rent restored ("'RENT' (ANNUAL LAND VALUE) is still paid
        to the owner of the site, but, as Rates are now levied on Land Values, the owner must
        immediately restore the equivalent amount to the Public Treasury"); an assessment paid
        outright is stated only for the Fisheries and the Moor (:meth:`enter_part3`). A player
        short of the tax sells up like any debtor.
        """
        for idx in sorted(self.g.players[seat].sites):
            yield from self.charge(seat, self.treasury, self.assessment(idx), Flow.LAND_RENT, "land value tax assessed",
                                   "Part 3: land values assessed")

    def land_on(self, seat: int, idx: int) -> Play:
        """"When alighting on any plot of land the player must follow the instructions printed
        on the Board"."""
        g, p = self.g, self.g.p
        kind = self.kinds[idx]
        space = g.board.spaces[idx]
        if kind in ("site", "religious", "undeveloped"):
            yield from self.land_on_site(seat, idx)
        elif kind in ("fishery", "moor"):
            if p["gaol_penalties"]:
                yield from self.trespass(seat, idx)
            else:
                yield from self.land_on_site(seat, idx)
        elif kind == "estate":
            if p["gaol_penalties"]:
                # "on Lord Broadacres' Estate must go to Gaol without alternative."
                self.to_gaol(seat, "Lord Broadacres' Estate")
            else:
                # Part 3: "Lord Broadacres' Estate has now been turned into a Public Park".
                g.emit("public_park", seat, space=idx)
        elif kind == "asylum":
            # "Any player alighting on Dottyville Lunatic Asylum must wait there in accordance
            # with instructions." DECISION (reconstructed instructions): he misses ``asylum_wait``
            # turns, then moves on from the Asylum.
            pl = g.players[seat]
            pl.place, pl.wait = ASYLUM, g.p["asylum_wait"]
            g.emit("asylum", seat, wait=pl.wait)
        elif kind == "duty":
            if p["duties"]:
                # "A player alighting on Imperial Taxes must pay Breakfast-table Duties or Tobacco
                # Duties into the Public Treasury" (doubled once all sites are bought).
                yield from self.charge(seat, self.treasury, space.fee * self.scarcity(),
                                       Flow.TAX, "duties", "Imperial Taxes")
            else:
                # Part 3: the duties "are abolished ... any player alighting on these spaces
                # escapes payment."
                g.emit("duty_abolished", seat, space=idx)
        elif kind in ("luxury", "chance"):
            yield from self.draw(seat, kind)
        # Mother Earth and the Natural Opportunity corners ask nothing of a player stopping.

    def land_on_site(self, seat: int, idx: int) -> Play:
        """Rent, interest, rates and land value tax on a site.

        Part 1: "paying Rent (ANNUAL LAND VALUE) to the owner of the site. Unbought sites are
        rent-free." Part 2: "paying the Rent to the owner of the site, the INTEREST (rent of
        improvement) to the owner of the improvement, and the RATES to the Public Treasury. No
        Rates are payable on Religious Edifices". Part 3: the owner "must immediately restore
        the equivalent amount to the Public Treasury ... no Rates are now payable on the
        improvement."

        Part 3: "Undeveloped Sites are now assessed at full face value for Land Value Tax, and
        their owners have now an interest in improving them to the utmost." DECISION: the land
        value tax of every site, undeveloped ones included, is its ANNUAL LAND VALUE as printed
        (4% of its printed face value, the Fisheries' own ratio), restored from the rent, whatever
        a buyer paid for it and whether or not it is improved, and never charged a second time;
        an undeveloped site may now carry its improvement (param ``improve_undeveloped``).

        DECISION: an owner alighting on his own site pays himself nothing, but interest to
        another improvement owner and the rates (the occupier's tax) are due from whoever
        alights. Government land (the Fisheries in Part 3) is let at its annual value, paid
        into the Public Treasury.
        """
        g, p = self.g, self.g.p
        space = g.board.spaces[idx]
        owner = self.owner[idx]
        if owner == NOBODY:
            # DECISION: bought from the pack by another player, the site was still unbought when
            # he alighted, so he owes no rent this time.
            if (yield from self.offer_from_pack(seat, idx)) == NOBODY:
                g.emit("rent_free", seat, space=idx)
            return
        rent = space.rent * self.scarcity()
        if owner == GOVERNMENT:
            yield from self.charge(seat, self.treasury, rent, Flow.LAND_RENT, "rent to the Government",
                                   "Part 3: public land")
        elif owner != seat:
            paid = yield from self.charge(seat, owner, rent, Flow.RENT, "rent", "Rent (ANNUAL LAND VALUE)")
            if paid and p["land_value_tax"]:
                self.restore_land_value_tax(owner, paid)
        imp = self.imp_owner[idx]
        if imp != NOBODY and g.players[seat].place == TRACK:
            info = self.improvement(idx)
            if imp != seat:
                yield from self.charge(seat, imp, int(info["improvement_interest"]), Flow.BUILDING_RENT, "interest",
                                       "Part 2: INTEREST to the improvement's owner")
            rates = int(info["rates"]) * self.scarcity()
            if p["rates_on_improvements"] and self.kinds[idx] != "religious" and rates and \
                    g.players[seat].place == TRACK:
                yield from self.charge(seat, self.treasury, rates, Flow.RATES, "rates", "Part 2: RATES")

    def restore_land_value_tax(self, owner: int, amount: int) -> None:
        """Part 3: rent "is still paid to the owner of the site, but, as Rates are now levied on
        Land Values, the owner must immediately restore the equivalent amount to the Public
        Treasury." He has just received it, so he can always pay."""
        self.g.pay(owner, self.treasury, amount, Flow.LAND_RENT, "land value tax", "Part 3: land value tax")

    def trespass(self, seat: int, idx: int) -> Play:
        """"Any player alighting on the Solway Fisheries or Lord Tomnoddy's Grouse Moor must go
        to Gaol, unless he can strike a private bargain with the owner to be let off."

        The bargain is a negotiated decision: the owner names a price (one of
        ``bargain_prices`` the trespasser can pay) or sends him to Gaol; the trespasser pays or
        goes. DECISION: an unbought Fisheries or Moor is offered from the pack like any site
        (:meth:`offer_from_pack`); if the player alighting on it buys it he trespasses on
        nothing; if another player buys it he must bargain with the new owner; if nobody buys,
        there is no owner to bargain with and he goes to Gaol. The owner alighting on his own is
        not a trespasser.
        """
        g = self.g
        owner = self.owner[idx]
        space = g.board.spaces[idx]
        if owner == seat:
            return
        if owner == NOBODY:
            owner = yield from self.offer_from_pack(seat, idx)
            if owner == seat:
                return
            if owner == NOBODY:
                self.to_gaol(seat, space.name)
                return
        prices = tuple(option("price", v) for v in g.p["bargain_prices"] if v <= g.cash(seat))
        named = (yield Decision(owner, "name_bargain", ("gaol", *prices), idx)) if prices else "gaol"
        if named == "gaol":
            g.emit("no_bargain", owner, space=idx, trespasser=g.names[seat])
            self.to_gaol(seat, space.name)
            return
        price = int(parse_option(named).arg)
        answer = yield Decision(seat, "take_bargain", ("pay", "gaol"), idx, price)
        if answer == "pay":
            g.pay(seat, owner, price, Flow.LAND_SOLD, "private bargain", "Part 1: private bargain")
            g.emit("bargain", seat, space=idx, price=price)
        else:
            self.to_gaol(seat, space.name)

    # -- cards --------------------------------------------------------------------------
    def draw(self, seat: int, deck: str) -> Play:
        """"A player alighting on Luxury or Chance draws a Luxury or Chance card, as the case may
        be, follows the directions upon it and returns it to the pack, which should then be
        re-shuffled and placed face-downwards." (Cards reconstructed: see the ruleset.)"""
        g = self.g
        pack = self.decks[deck]
        card = g.p[f"{deck}_cards"][pack[0]]
        g.shuffle(pack)  # returned to the pack and re-shuffled
        g.emit("card_drawn", seat, deck=deck, text=card["text"])
        action, amount = card["action"], int(card["amount"])
        # A Luxury card is a luxury bought ("You buy a motor-car. Pay £100."); a Chance card's
        # money is a card's windfall or charge.
        kind = Flow.LUXURY if deck == "luxury" else Flow.CARD
        if action == "income_tax" and not g.p["industry_taxes"]:
            # Part 3: "Industry and Enterprise are relieved of all Rates and Taxes".
            g.emit("tax_relieved", seat, amount=amount)
        elif action == "income_tax":
            yield from self.charge(seat, self.treasury, amount, Flow.TAX, "income tax", f"{deck.title()} card")
        elif action == "pay_bank":
            yield from self.charge(seat, self.bank, amount, kind, deck, f"{deck.title()} card")
        elif action == "pay_treasury":
            yield from self.charge(seat, self.treasury, amount, kind, deck, f"{deck.title()} card")
        elif action == "receive_bank":
            g.pay(self.bank, seat, amount, kind, deck, f"{deck.title()} card")
        elif action == "gaol":
            self.to_gaol(seat, "a Chance card")
        elif action == "mother_earth":
            yield from self.move(seat, self.n - g.players[seat].pos)
        else:  # back
            pl = g.players[seat]
            pl.pos = (pl.pos - amount) % self.n
            g.emit("move", seat, frm=(pl.pos + amount) % self.n, to=pl.pos, space=g.board.spaces[pl.pos].name)
            yield from self.land_on(seat, pl.pos)

    # -- Gaol, Poorhouse, free land -----------------------------------------------------
    def to_gaol(self, seat: int, why: str) -> None:
        """Straight to Gaol, passing nothing."""
        pl = self.g.players[seat]
        pl.place, pl.pos, pl.wait = GAOL, self.gaol_corner, 0
        self.g.emit("gaol", seat, why=why)

    def gaol_turn(self, seat: int) -> Play:
        """DECISION (the release rule is not in the text; reconstructed after 1904): pay the
        fine into the Public Treasury and throw, or throw for a double; a double frees him and
        he moves by it (one die or both, as for any double); after ``gaol_throws`` throws
        without one he comes out and moves by the last throw. He leaves from the corner the
        Gaol stands beside."""
        g = self.g
        pl = g.players[seat]
        fine = g.p["gaol_fine"]
        ask = self.fine_or_throw(seat, "gaol", self.gaol_corner, fine)
        choice = (yield ask) if ask is not None else "throw"
        if choice == "pay":
            g.pay(seat, self.treasury, fine, Flow.FINE, "gaol fine", "Gaol")
            pl.place = TRACK
            g.emit("gaol_out", seat, how="fine")
            a, b = self.throw(seat)
        else:
            a, b = self.throw(seat)
            pl.wait += 1
            if a != b and pl.wait < g.p["gaol_throws"]:
                g.emit("gaol_stay", seat, throws=pl.wait)
                return
            pl.place = TRACK
            g.emit("gaol_out", seat, how="double" if a == b else "time served")
        yield from self.move(seat, (yield from self.steps(seat, a, b)))

    def bankrupt(self, seat: int) -> None:
        """Parts 1-2: "he must go to the Poorhouse until his debts are paid." Part 3: "he can
        betake himself to the nearest NATURAL OPPORTUNITY SPACE on the Board"."""
        self.bankruptcies[seat] += 1
        if self.g.p["bankrupt_to"] == "natural_opportunity":
            self.to_free_land(seat)
        else:
            pl = self.g.players[seat]
            pl.place, pl.pos = POOR, self.poor_corner
            self.g.emit("poorhouse", seat)

    def to_free_land(self, seat: int) -> None:
        """DECISION: "nearest" is counted round the track either way; a tie goes forward."""
        pl = self.g.players[seat]
        n = self.n

        def distance(i: int) -> tuple[int, int]:
            fwd = (i - pl.pos) % n
            return (min(fwd, n - fwd), 0 if fwd <= n - fwd else 1)

        pl.place, pl.pos = FREE, min(self.free_land, key=distance)
        self.g.emit("free_land", seat, space=pl.pos)

    def poorhouse_turn(self, seat: int) -> Play:
        """In the Poorhouse "until his debts are paid". DECISION: at each of his turns the
        pauper pays what he can (rent from sites still his arrives meanwhile) and may again
        offer what he still holds for sale; once clear he leaves from the Poorhouse corner and
        plays the turn. Returns True when he is out."""
        g = self.g
        pl = g.players[seat]
        if pl.debts:
            yield from self.realise_for_debts(seat)
        if pl.debts:
            g.emit("poorhouse_wait", seat, owed=pl.owed)
            return False
        pl.place, pl.pos = TRACK, self.poor_corner
        g.emit("poorhouse_leave", seat)
        return True

    def free_land_turn(self, seat: int) -> Play:
        """Part 3: "At his next throw he receives £100 wages, and if he can then pay his debts,
        moves on, beginning at the corner space where he happens to be. If still unable ... he
        must remain on the Free Land till he has accumulated sufficient cash to clear himself.
        He receives £100 wages at each throw." DECISION: when he moves on he moves by that
        throw."""
        g = self.g
        pl = g.players[seat]
        a, b = self.throw(seat)
        g.pay(self.bank, seat, g.p["free_land_wages"], Flow.WAGES, "free-land wages", "Part 3: Natural Opportunity")
        self.pay_debts(seat)
        if pl.debts:
            g.emit("free_land_stay", seat, owed=pl.owed)
            return
        pl.place = TRACK
        g.emit("free_land_out", seat)
        yield from self.move(seat, (yield from self.steps(seat, a, b)))

    # -- money: paying, selling up, the Treasury ----------------------------------------
    def charge(self, seat: int, dst: int, amount: int, kind: Flow, reason: str, rule: str,
               keep: frozenset[str] = frozenset()) -> Play:
        """Make ``seat`` pay ``amount`` to account ``dst``; returns what was paid.

        "If a player should be unable to pay his debts he must sell his property for what it
        will fetch, borrowing by players being strictly prohibited ... If he has not sufficient
        money, and the other players refuse to buy his property at any price, he must go to the
        Poorhouse until his debts are paid." DECISION: what he cannot pay stays owed to the
        creditor (a :class:`Debt`), paid first out of any money he receives. What ``keep``
        names (``site:<space>``) is not offered for sale.
        """
        g = self.g
        refused: set[str] = set(keep)
        while g.cash(seat) < amount:
            if not (yield from self.realise(seat, amount - g.cash(seat), refused)):
                break
        if g.cash(seat) >= amount:
            g.pay(seat, dst, amount, kind, reason, rule)
            return amount
        have = self.pay_what_he_has(seat, dst, amount, kind, reason, rule)
        g.players[seat].debts.append(Debt(dst, amount - have, kind, reason))
        if g.players[seat].place in (TRACK, GAOL, ASYLUM):
            self.bankrupt(seat)
        return have

    def property_of(self, seat: int) -> list[str]:
        """What ``seat`` could sell: ``site:<space>`` and ``imp:<space>`` (improvements)."""
        pl = self.g.players[seat]
        return [option("site", i) for i in sorted(pl.sites)] + [option("imp", i) for i in sorted(pl.improvements)]

    def realise(self, seat: int, short: int, refused: set[str]) -> Play:
        """Sell one property "for what it will fetch": the debtor chooses which; the other
        players bid for it in an :meth:`auction` (shares of its current value,
        ``forced_bid_percents``, from the lowest up) or refuse; the highest bid buys it and the
        seller must take it, however low ("whatever the others offer"); when all refuse it
        fetches nothing. Returns False when nothing is left that the others have not refused.

        "sites may be bought at a very low price from a bankrupt who is compelled to realise":
        the price paid becomes the site's capital land value."""
        g = self.g
        offer = [o for o in self.property_of(seat) if o not in refused]
        if not offer:
            return False
        choice = yield Decision(seat, "realise", tuple(offer), amount=short)
        head, arg = parse_option(choice)
        idx = int(arg)
        worth = self.value[idx] if head == "site" else int(self.improvement(idx)["improvement_capital"])
        prices = sorted({max(1, worth * pc // 100) for pc in g.p["forced_bid_percents"]})
        at = self.order.index(seat) if seat in self.order else 0
        first = (self.order[at + 1:] + self.order[:at + 1])[0]
        buyer, best = yield from self.auction(first, seat, idx, prices, "forced_bid", "refuse")
        if buyer < 0:
            refused.add(choice)
            g.emit("sale_refused", seat, space=idx, what=head)
            return True
        kind = Flow.LAND_SOLD if head == "site" else Flow.IMPROVEMENT
        g.pay(buyer, seat, best, kind, "forced sale", "Part 1: sell for what it will fetch")
        self.transfer(seat, buyer, head, idx, best)
        g.emit("forced_sale", seat, space=idx, what=head, buyer=g.names[buyer], price=best)
        return True

    def realise_for_debts(self, seat: int) -> Play:
        """A pauper offers his remaining property again to pay what he owes."""
        refused: set[str] = set()
        pl = self.g.players[seat]
        while pl.debts:
            if not (yield from self.realise(seat, pl.owed, refused)):
                return
            self.pay_debts(seat)

    def transfer(self, seller: int, buyer: int, what: str, idx: int, price: int) -> None:
        """Hand a site or an improvement from ``seller`` to ``buyer``; a site's capital land
        value becomes the price it fetched."""
        s, b = self.g.players[seller], self.g.players[buyer]
        if what == "site":
            s.sites.discard(idx)
            b.sites.add(idx)
            self.owner[idx] = buyer
            self.value[idx] = price
        else:
            s.improvements.discard(idx)
            b.improvements.add(idx)
            self.imp_owner[idx] = buyer

    def pay_debts(self, seat: int) -> None:
        """Pay what can be paid of ``seat``'s debts, oldest first (rent paid late to a Part 3
        landlord is restored to the Treasury as land value tax like any rent)."""
        g = self.g
        pl = g.players[seat]
        while pl.debts and g.cash(seat) > 0:
            debt = pl.debts[0]
            part = min(debt.amount, g.cash(seat))
            g.pay(seat, debt.creditor, part, debt.kind, f"{debt.reason} (debt)", "Debts")
            if debt.reason == "rent" and g.p["land_value_tax"] and debt.creditor < len(g.players):
                self.restore_land_value_tax(debt.creditor, part)
            debt.amount -= part
            if debt.amount == 0:
                pl.debts.pop(0)
                g.emit("debt_cleared", seat, to=g.ledger.names[debt.creditor])

    def treasury_pays(self, dst: int, amount: int, kind: Flow, reason: str, rule: str) -> None:
        """"the Public Treasury may, if necessary, borrow from the Bank": it borrows what it
        lacks, then pays."""
        g = self.g
        short = amount - g.ledger.balances[self.treasury]
        if short > 0:
            g.pay(self.bank, self.treasury, short, Flow.LOAN, "Treasury loan", "The Treasury borrows from the Bank")
            self.treasury_debt += short
            g.emit("treasury_borrows", -1, amount=short, owed=self.treasury_debt)
        g.pay(self.treasury, dst, amount, kind, reason, rule)

    def round_end(self) -> None:
        """After each table round the Treasury repays the Bank (:meth:`treasury_repays`)."""
        self.treasury_repays()

    def treasury_repays(self) -> None:
        """DECISION: at the end of each table round the Treasury repays the Bank as much of its
        loans as it holds."""
        g = self.g
        back = min(self.treasury_debt, g.ledger.balances[self.treasury])
        if back > 0:
            g.pay(self.treasury, self.bank, back, Flow.REPAYMENT, "Treasury loan repaid",
                  "The Treasury repays the Bank")
            self.treasury_debt -= back

    # -- the land market and improvements -----------------------------------------------
    def auction(self, first: int, seller: int, idx: int, prices: list[int], kind: str, no: str) -> Play:
        """An open auction of site (or improvement) ``idx`` among the players other than
        ``seller``, in turn order from ``first``: each in turn bids one of ``prices`` above the
        best bid so far that he has in hand (cash only: "borrowing by players being strictly
        prohibited") or says ``no``; round after round until nobody raises. Returns
        ``(buyer, price)``, or ``(NOBODY, 0)`` when nobody bids.

        DECISION: a player who says ``no`` is out of this auction; a player in the Poorhouse or
        on the free land (who owes debts) does not bid; bids are steps of the price list, which
        in a game of people stands for "as high as the players please".
        """
        g = self.g
        at = self.order.index(first) if first in self.order else 0
        bidders = [s for s in self.order[at:] + self.order[:at]
                   if s != seller and g.players[s].place not in (POOR, FREE)]
        best, buyer = 0, NOBODY
        raised = True
        while raised and bidders and bidders != [buyer]:
            raised = False
            for s in list(bidders):
                if s == buyer:
                    continue
                bids = tuple(option("bid", p) for p in prices if best < p <= g.cash(s))
                answer = (yield Decision(s, kind, (no, *bids), idx, best)) if bids else no
                if answer == no:
                    bidders.remove(s)
                else:
                    best, buyer, raised = int(parse_option(answer).arg), s, True
        return buyer, best

    def offer_from_pack(self, seat: int, idx: int) -> Play:
        """Part 1: "After play has begun the CAPITAL LAND VALUE (sale price of land) is regulated
        by the demand, and though no card may be bought from the pack for less than the original
        sale price, this may be bid up as high as the players please".

        DECISION: a card still in the pack is offered when a player alights on its site: every
        player may bid (an :meth:`auction` from the player alighting, round the table), from
        the printed price up (``pack_bid_percents`` of it); the highest bid buys the card and
        becomes the site's capital land value. Returns the new owner (``NOBODY`` when nobody
        bids: the card stays in the pack).
        """
        g = self.g
        printed = g.board.spaces[idx].price
        prices = sorted({printed * pc // 100 for pc in g.p["pack_bid_percents"] if pc >= 100})
        buyer, price = yield from self.auction(seat, NOBODY, idx, prices, "pack_bid", "pass")
        if buyer != NOBODY:
            self.buy_from_bank(buyer, idx, "from the pack", price)
        return buyer

    def bid_up(self, seat: int) -> Play:
        """"After play has begun the CAPITAL LAND VALUE (sale price of land) is regulated by the
        demand ... this may be bid up as high as the players please".

        DECISION: before his throw a player may bid for one site held by another player, at a
        share of its current capital land value (``offer_percents``, never below it); the owner
        accepts or refuses. A sale makes the price the site's capital land value. Improvements
        stay with their owner. Borrowing is prohibited, so he bids only cash in hand.
        """
        g = self.g
        cash = g.cash(seat)
        offers = []
        owners, values, players, percents = self.owner, self.value, g.players, g.p["offer_percents"]
        for idx in self.land:
            owner = owners[idx]
            if owner < 0 or owner == seat or players[owner].place in (POOR, FREE):
                continue
            value = values[idx]
            for pc in percents:
                price = value * pc // 100
                if 0 < price <= cash:
                    offers.append(option("offer", idx, price))
        if not offers:
            return
        choice = yield Decision(seat, "bid_up", ("none", *offers))
        if choice == "none":
            return
        idx, price = parse_option(choice).ints()
        owner = self.owner[idx]
        answer = yield Decision(owner, "accept_bid", ("accept", "refuse"), idx, price)
        if answer == "refuse":
            g.emit("bid_refused", seat, space=idx, price=price, owner=g.names[owner])
            return
        g.pay(seat, owner, price, Flow.LAND_SOLD, "site sale", "Capital land value follows demand")
        self.transfer(owner, seat, "site", idx, price)
        g.emit("site_sold", seat, space=idx, seller=g.names[owner], price=price)

    def improve(self, seat: int) -> Play:
        """Part 2: "A player must pay the CAPITAL (sale price of improvement) to the Bank, place
        the card representing the improvement on the site he wishes to improve, and put his
        Sold ticket upon it. If he is unable to improve all his sites he must allow any other
        player, who so wishes, to improve them for him."

        DECISION: at the start of his turn a player may improve, one at a time, his own sites,
        and any unimproved site of an owner who is "unable to improve all his sites": his cash is
        below the capital of all his sites still to improve, taken together (:meth:`short_of`);
        the improver owns the improvement.
        """
        g = self.g
        while True:
            cash = g.cash(seat)
            opts = []
            short: dict[int, bool] = {}
            for idx in self.land:
                owner = self.owner[idx]
                if owner < 0 or not self.improvable(idx):
                    continue
                cost = int(self.improvement(idx)["improvement_capital"])
                if cost > cash:
                    continue
                if owner != seat and owner not in short:
                    short[owner] = self.short_of(owner)
                if owner == seat or short[owner]:
                    opts.append(option("improve", idx))
            if not opts:
                return
            choice = yield Decision(seat, "improve_site", ("none", *opts))
            if choice == "none":
                return
            idx = int(parse_option(choice).arg)
            info = self.improvement(idx)
            g.pay(seat, self.bank, int(info["improvement_capital"]), Flow.IMPROVEMENT, "improvement",
                  "Part 2: improving the land")
            self.imp_owner[idx] = seat
            g.players[seat].improvements.add(idx)
            g.emit("improve", seat, space=idx, improvement=info.get("improvement", ""),
                   site_owner=g.names[self.owner[idx]])

    def short_of(self, owner: int) -> bool:
        """Whether ``owner`` is "unable to improve all his sites": his cash is below the summed
        capital of the improvements his sites may still carry."""
        need = sum(int(self.improvement(i)["improvement_capital"])
                   for i in self.g.players[owner].sites if self.improvable(i))
        return need > 0 and self.g.cash(owner) < need

    # -- wording --------------------------------------------------------------------------
    def option_text(self, d: Decision, option: OptionText) -> str:
        """Labels naming the spaces of improvement, sale and bid options."""
        head, arg = options.Option.parse(option, f"{d.kind} option")
        spaces, cur = self.g.board.spaces, self.g.board.currency
        if head in ("improve", "site", "imp"):
            idx = int(arg)
            what = "the improvement on " if head == "imp" else ""
            return f"{'Improve ' if head == 'improve' else 'Sell '}{what}{spaces[idx].name}"
        if head == "offer":
            idx, price = parse_option(option).ints()
            return f"Bid {cur}{price} for {spaces[idx].name}"
        return super().option_text(d, option)

    # -- counting up ----------------------------------------------------------------------
    COUNT_RULE: ClassVar[str] = (
        "At the end each site counts at its printed price (its face value), whatever was paid for "
        "it; each improvement at what it cost; debts count against the debtor and for the player "
        "owed.")
    """How property is reckoned up at the end, in the words students read."""

    def results(self) -> list[SeatCount]:
        """"the amount of property in land and cash is reckoned up, and the player holding the
        most is the winner." DECISION (:data:`COUNT_RULE`): land counts at its printed CAPITAL
        LAND VALUE (face value), not at the last price paid; improvements at their capital;
        unpaid debts against the debtor and for a player creditor. The rules value land at face
        value where they value it at all (Part 3: the Fisheries "valued at £500 by the Inland
        Revenue Department", sold "at half its face value"; undeveloped sites "assessed at full
        face value"); and counted at the last price paid, a site bid up to any price would count
        for just what was paid, so bidding "as high as the players please" would cost nothing
        and the market would have no check. At face value a player who overbids loses the
        difference and one who buys "at a very low price from a bankrupt" gains it; in every
        Part alike."""
        g = self.g
        receivable = [0] * len(g.players)
        for pl in g.players:
            for d in pl.debts:
                if d.creditor < len(g.players):
                    receivable[d.creditor] += d.amount
        spaces, bal = g.board.spaces, g.ledger.balances
        counts = []
        for pl in g.players:
            land = sum(spaces[i].price for i in pl.sites)
            imps = sum(int(self.improvement(i)["improvement_capital"]) for i in pl.improvements)
            counts.append(SeatCount(pl.seat, bal[pl.seat], land, imps, pl.owed, receivable[pl.seat],
                                    where=pl.where))
        return counts

    def pieces(self, seat: int) -> dict[str, int]:
        """Sites and improvements held, times round the board, bankruptcies."""
        pl = self.g.players[seat]
        return {"sites": len(pl.sites), "improvements": len(pl.improvements),
                "times round the board": pl.circuits, "bankruptcies": self.bankruptcies[seat]}

    def totals(self) -> tuple[int, ...]:
        """:meth:`results`' totals alone (the per-turn count of the lab's panel)."""
        g = self.g
        n = len(g.players)
        net = [0] * n
        for pl in g.players:
            for d in pl.debts:
                if d.creditor < n:
                    net[d.creditor] += d.amount
        spaces = g.board.spaces
        cash = g.ledger.balances
        return tuple(cash[pl.seat] + sum(spaces[i].price for i in pl.sites)
                     + sum(int(spaces[i].extra["improvement_capital"]) for i in pl.improvements)
                     + net[pl.seat] - pl.owed for pl in g.players)

    def space_state(self, index: int) -> SpaceState:
        """The site's holder (its SOLD ticket), its improvement (one card at most, counted as
        one building) and who owns that, and Government land (the Fisheries in Part 3). The
        1913 game has no mortgages ("borrowing by players being strictly prohibited")."""
        imp = self.imp_owner[index]
        return space_state(owner=self.owner[index], buildings=int(imp != NOBODY),
                           building_owner=imp, public=self.owner[index] == GOVERNMENT)
