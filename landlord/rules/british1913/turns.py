"""The 1913 game's turns, part by part: the family class, composing the game's state and its parts."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from landlord.engine import flows
from landlord.engine.count import SeatCount
from landlord.engine.decisions import Decision, OptionText
from landlord.engine.options import option
from landlord.engine.phases import Trigger, parse_switch
from landlord.engine.rulebook import Play, RoundsOfTurns, SharedParams, SpaceState
from landlord.errors import LandlordError
from landlord.rules.british1913.count import COUNT_RULE, Count
from landlord.rules.british1913.debts import Debts
from landlord.rules.british1913.market import Market
from landlord.rules.british1913.params import PARAMS, READERS, Params1913, in_phase
from landlord.rules.british1913.position import DEBT_FIELDS, POSITION_FIELDS, place_improvements, place_seat
from landlord.rules.british1913.prospects import LandProspects
from landlord.rules.british1913.sites import Sites
from landlord.rules.british1913.state import (
    ASYLUM,
    FREE,
    GAOL,
    GOVERNMENT,
    NOBODY,
    POOR,
    TRACK,
    British1913State,
    BritishPlayer,
)
from landlord.rules.british1913.terms import Terms
from landlord.rules.british1913.words import DECISIONS, OPTIONS, space_label
from landlord.rules.params import Reader

if TYPE_CHECKING:
    from landlord.data.position import Position, SeatPosition


class British1913(RoundsOfTurns):
    """The 1913 rules, Parts 1 to 3 (the Part in force is the ``part`` param of the phase): the
    turns, the set-up and the switches of Part, played over the game's :class:`British1913State`
    (``state``) through its parts: what the rules pay (``terms``), the land ``market``, the
    ``debts``, the moves and landings (``sites``) and the ``count``; what the players see is the
    ``prospects``; the words are :mod:`~landlord.rules.british1913.words`, the
    position layout :mod:`~landlord.rules.british1913.position`."""

    PARAMS: ClassVar[dict[str, type]] = PARAMS
    """The params a ruleset of the family must give (declared once, by :class:`Params1913`)."""
    READERS: ClassVar[dict[str, Reader]] = READERS
    """The params read into types of their own (the Luxury and Chance cards), checked at load."""
    DECISIONS: ClassVar[dict[str, str]] = DECISIONS
    OPTIONS: ClassVar[dict[str, str]] = OPTIONS
    POSITION_FIELDS: ClassVar[frozenset[str]] = POSITION_FIELDS
    DEBT_FIELDS: ClassVar[frozenset[str]] = DEBT_FIELDS
    COUNT_RULE: ClassVar[str] = COUNT_RULE

    def __init__(self, game: Any) -> None:
        self.state = st = British1913State(game)
        """The game as it stands (made first: the shared rules' turn order and titles are its own)."""
        super().__init__(game)
        self.terms = Terms(st)
        self.market = Market(st, self.terms)
        self.debts = Debts(st, self.terms, self.market, self.pay_what_he_has)
        self.sites = Sites(st, self.terms, self.market, self.debts)
        self.count = Count(st)
        self.prospects = LandProspects(st, self.terms)
        """What every player can see of the land (``SeatView.prospects``)."""

    @property
    def order(self) -> list[int]:
        """The seats in turn order (the state's: ``RoundsOfTurns`` plays them, the parts read them)."""
        return self.state.order

    @order.setter
    def order(self, seats: list[int]) -> None:
        self.state.order = seats

    @property
    def owner(self) -> list[int]:
        """The seat holding each site (the state's, which ``RoundsOfTurns`` keeps)."""
        return self.state.owner

    @owner.setter
    def owner(self, seats: list[int]) -> None:
        self.state.owner = seats

    @property
    def params(self) -> Params1913:
        """The params of the Part in force (the state's)."""
        return self.state.params

    @params.setter
    def params(self, params: SharedParams) -> None:
        if not isinstance(params, Params1913):
            raise TypeError(f"the 1913 rules read Params1913, not {type(params).__name__}")
        self.state.params = params

    def new_player(self, seat: int) -> BritishPlayer:
        """A pawn on Mother Earth with nothing yet."""
        return BritishPlayer(seat)

    # -- what the engine reads: words, count, position ------------------------------------
    def option_text(self, d: Decision, option: OptionText) -> str:
        """The labels naming spaces (:func:`~landlord.rules.british1913.words.space_label`), else
        the shared ones."""
        return space_label(self.g.board, d, option) or super().option_text(d, option)

    def results(self) -> list[SeatCount]:
        """The count at the end of play (:meth:`Count.results`)."""
        return self.count.results()

    def pieces(self, seat: int) -> dict[str, int]:
        """What ``seat`` holds besides money (:meth:`Count.pieces`)."""
        return self.count.pieces(seat)

    def totals(self) -> tuple[int, ...]:
        """Every seat's count total (:meth:`Count.totals`)."""
        return self.count.totals()

    def space_state(self, index: int) -> SpaceState:
        """What lies on space ``index`` (:meth:`Count.space_state`)."""
        return self.count.space_state(index)

    def place_seat(self, seat: int, sp: SeatPosition, where: str, entry: str) -> None:
        """A position's holdings and debts (:func:`~landlord.rules.british1913.position.place_seat`)."""
        place_seat(self, self.state, seat, sp, where, entry)

    def apply_position(self, position: Position) -> None:
        """Lay out the position (``Rules.apply_position``), then its improvements
        (:func:`~landlord.rules.british1913.position.place_improvements`)."""
        super().apply_position(position)
        place_improvements(self, self.state, self.terms, position)

    # -- the whole game -----------------------------------------------------------------
    def setup(self) -> Play:
        """Set-up (money, the Luxury and Chance packs shuffled, first player, the Part's arrival,
        the deal of SITE cards); then rounds of turns (:meth:`RoundsOfTurns.play`) until one
        player has been round the board ``circuits`` times (:meth:`end_reason`) or the safety
        bound ``max_rounds``; the Treasury repays the Bank after each round (:meth:`round_end`)."""
        g, st = self.g, self.state
        p = st.params
        st.bank, st.treasury = g.account("Bank"), g.account("Public Treasury")
        seats = list(range(len(g.players)))
        self._sequence_triggers()
        # Part 1: "Each player receives £3000 in money tickets of the following values --- five
        # of £500, three of £100, three of £50, three of £10, four of £5".
        for s in seats:
            g.pay(st.bank, s, p.start_cash, flows.START_CASH, "start cash", "Part 1: money")
            g.emit("notes", s, notes="+".join(str(v) for v in p.notes * (p.start_cash // sum(p.notes))))
        # "returns it to the pack, which should then be re-shuffled and placed face-downwards":
        # each pack is shuffled and placed face down before play, as after every draw
        # (:meth:`Sites.draw`), so the first card drawn is any card, not the first one listed
        for deck in ("luxury", "chance"):
            g.opening_shuffle(st.decks[deck])
        first = self.first_player(seats)
        self.order = seats[first:] + seats[:first]
        if p.part >= 2:
            self.further_cash()
        if p.part >= 3:
            # DECISION: a game begun in Part 3 starts with Solway Fisheries already sold to the
            # Government (its card is not dealt).
            for idx in g.board.indices("fishery"):
                st.owner[idx] = GOVERNMENT
                g.emit("government_land", -1, space=idx)
        # a phase switched in "from the first turn" (a ``start`` trigger) is in force for the
        # deal, as in the other families; its arrival (:meth:`arrive`) follows the Part's own
        yield from self.start_point()
        if not self.dealt_by_position():
            yield from self.deal_sites()

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
        st, buy = self.state, self.market.buy_from_bank
        pack = [i for i in st.land if st.owner[i] == NOBODY]
        dealt = self.deal_round(st.order, pack, len(pack), "site_dealt")
        yield from self.offer_dealt(dealt, "site_card", "decline", st.value,
                                    lambda seat, idx, price: buy(seat, idx, "dealt card"), "site_card_returned")

    def _sequence_triggers(self) -> None:
        """A sequence ruleset's ``sequence`` param (``"part2@round:25"``) becomes phase
        triggers, unless the game was given triggers of its own."""
        g = self.g
        if g.triggers or not self.state.params.sequence:
            return
        triggers: list[Trigger] = []
        for text in self.state.params.sequence:
            try:
                trigger = parse_switch(str(text))
            except ValueError as exc:
                raise LandlordError(f"{g.ruleset.id}: sequence entry {text!r}: {exc}") from None
            if trigger.phase not in g.ruleset.phases:
                raise LandlordError(f"{g.ruleset.id}: sequence entry {text!r} names no phase "
                                    f"(phases: {', '.join(g.ruleset.phases)})")
            triggers.append(trigger)
        g.triggers = tuple(triggers)

    def end_reason(self) -> str:
        """"when, for example, one player has completed, say, five rounds of the Board, the
        amount of property in land and cash is reckoned up". DECISION: the game ends after the
        turn in which the first player completes ``circuits`` rounds (``circuits``; '' while
        it goes on)."""
        return "circuits" if self.prospects.circuits_left() == 0 else ""

    # -- phases (the Parts) -------------------------------------------------------------
    def arrive(self, old: str, new: str) -> Play:
        """What a Part does on arrival, however the switch came (trigger, vote, table,
        scenario): Part 2 pays the further cash, Part 3 runs :meth:`enter_part3` (a switch
        from Part 1 straight to Part 3 does both)."""
        st = self.state
        st.params = in_phase(self.g.ruleset, self.g.phase)  # the numbers of the Part now in force
        before, after = in_phase(self.g.ruleset, old).part, st.params.part
        if after >= 2 > before:
            self.further_cash()
        if after >= 3 > before:
            yield from self.enter_part3()
            st.check_all_bought()

    def round_end(self) -> None:
        """After each table round the Treasury repays the Bank (:meth:`Debts.treasury_repays`)."""
        self.debts.treasury_repays()

    def further_cash(self) -> None:
        """Part 2: "In this part of the game each player receives a further £3000 from the
        Bank." """
        g, st = self.g, self.state
        for s in st.order or range(len(g.players)):
            g.pay(st.bank, s, st.params.further_cash, flows.START_CASH, "further cash", "Part 2: money")

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
        g, st, debts = self.g, self.state, self.debts
        taxed = st.params.land_value_tax
        for idx in g.board.indices("fishery"):
            owner = st.owner[idx]
            if owner >= 0:
                if taxed:
                    yield from debts.charge(owner, st.treasury, g.board.spaces[idx].rent, flows.LAND_RENT,
                                            "land value tax", "Part 3: Solway Fisheries assessed",
                                            keep=frozenset({option("site", idx)}))
                # "half its face value": the £500 at which the Inland Revenue values it, whatever
                # the market last paid for it.
                price = g.board.spaces[idx].price * st.params.government_price_percent // 100
                g.players[owner].sites.discard(idx)
                st.owner[idx] = GOVERNMENT
                debts.treasury_pays(owner, price, flows.BUYOUT, "sale to the Government", "Part 3: Solway Fisheries")
                g.emit("sold_to_government", owner, space=idx, price=price)
            elif owner == NOBODY:
                st.owner[idx] = GOVERNMENT
                g.emit("government_land", -1, space=idx)
        for idx in g.board.indices("moor"):
            owner = st.owner[idx]
            if owner >= 0 and taxed:
                yield from debts.charge(owner, st.treasury, g.board.spaces[idx].rent, flows.LAND_RENT,
                                        "land value tax", "Part 3: Grouse Moor assessed")
            g.emit("small_holdings", owner, space=idx)
        for pl in g.players:
            if pl.place == POOR:
                debts.to_free_land(pl.seat)

    # -- a turn -------------------------------------------------------------------------
    def take_turn(self, seat: int) -> Play:
        """One turn: phase point, debts, then the place the pawn is in, then improving,
        bidding for land, and the throw."""
        g = self.g
        pl = g.players[seat]
        if g.triggers:
            yield from self.phase_point(seat)
        if pl.debts:
            self.debts.pay_debts(seat)
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
        market = self.market
        if self.state.params.improvements:
            yield from market.improve(seat)
        yield from market.bid_up(seat)
        a, b = self.throw(seat)
        yield from self.sites.move(seat, (yield from self.steps(seat, a, b)))

    def steps(self, seat: int, a: int, b: int) -> Play:
        """"If he throws a double he has the option of using the number on one or both of the
        dice." Returns the number to move."""
        if a != b:
            return a + b
        choice = yield Decision(seat, "use_double", ("both", "one"), amount=a)
        return a if choice == "one" else a + b

    def gaol_turn(self, seat: int) -> Play:
        """DECISION (the release rule is not in the text; reconstructed after 1904): pay the
        fine into the Public Treasury and throw, or throw for a double; a double frees him and
        he moves by it (one die or both, as for any double); after ``gaol_throws`` throws
        without one he comes out and moves by the last throw. He leaves from the corner the
        Gaol stands beside."""
        g, st = self.g, self.state
        pl = g.players[seat]
        paid, a, b = yield from self.fine_or_throw_out(seat, "gaol", st.gaol_corner, st.params.gaol_fine,
                                                       st.treasury, "Gaol")
        if not paid:
            pl.wait += 1
            if a != b and pl.wait < st.params.gaol_throws:
                g.emit("gaol_stay", seat, throws=pl.wait)
                return
            pl.place = TRACK
            g.emit("gaol_out", seat, how="double" if a == b else "time served")
        yield from self.sites.move(seat, (yield from self.steps(seat, a, b)))

    def poorhouse_turn(self, seat: int) -> Play:
        """In the Poorhouse "until his debts are paid". DECISION: at each of his turns the
        pauper pays what he can (rent from sites still his arrives meanwhile) and may again
        offer what he still holds for sale; once clear he leaves from the Poorhouse corner and
        plays the turn. Returns True when he is out."""
        g = self.g
        pl = g.players[seat]
        if pl.debts:
            yield from self.debts.realise_for_debts(seat)
        if pl.debts:
            g.emit("poorhouse_wait", seat, owed=pl.owed)
            return False
        pl.place, pl.pos = TRACK, self.state.poor_corner
        g.emit("poorhouse_leave", seat)
        return True

    def free_land_turn(self, seat: int) -> Play:
        """Part 3: "At his next throw he receives £100 wages, and if he can then pay his debts,
        moves on, beginning at the corner space where he happens to be. If still unable ... he
        must remain on the Free Land till he has accumulated sufficient cash to clear himself.
        He receives £100 wages at each throw." DECISION: when he moves on he moves by that
        throw."""
        g, st = self.g, self.state
        pl = g.players[seat]
        a, b = self.throw(seat)
        g.pay(st.bank, seat, st.params.free_land_wages, flows.WAGES, "free-land wages",
              "Part 3: Natural Opportunity")
        self.debts.pay_debts(seat)
        if pl.debts:
            g.emit("free_land_stay", seat, owed=pl.owed)
            return
        pl.place = TRACK
        g.emit("free_land_out", seat)
        yield from self.sites.move(seat, (yield from self.steps(seat, a, b)))
