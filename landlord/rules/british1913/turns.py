"""The 1913 game's turns, part by part (the family class)."""

from __future__ import annotations

from landlord.engine import flows
from landlord.engine.decisions import Decision
from landlord.engine.options import option
from landlord.engine.phases import Trigger, parse_switch
from landlord.engine.rulebook import Play
from landlord.errors import LandlordError
from landlord.rules.british1913.params import in_phase
from landlord.rules.british1913.sites import British1913Sites
from landlord.rules.british1913.state import ASYLUM, FREE, GAOL, GOVERNMENT, NOBODY, POOR, TRACK


class British1913(British1913Sites):
    """The 1913 rules, Parts 1 to 3 (the Part in force is the ``part`` param of the phase)."""

    # -- the whole game -----------------------------------------------------------------
    def setup(self) -> Play:
        """Set-up (money, the Luxury and Chance packs shuffled, first player, the Part's arrival,
        the deal of SITE cards); then rounds of turns (:meth:`RoundsOfTurns.play`) until one
        player has been round the board ``circuits`` times (:meth:`end_reason`) or the safety
        bound ``max_rounds``; the Treasury repays the Bank after each round (:meth:`round_end`)."""
        g, p = self.g, self.params
        self.bank, self.treasury = g.account("Bank"), g.account("Public Treasury")
        seats = list(range(len(g.players)))
        self._sequence_triggers()
        # Part 1: "Each player receives £3000 in money tickets of the following values --- five
        # of £500, three of £100, three of £50, three of £10, four of £5".
        for s in seats:
            g.pay(self.bank, s, p.start_cash, flows.START_CASH, "start cash", "Part 1: money")
            g.emit("notes", s, notes="+".join(str(v) for v in p.notes * (p.start_cash // sum(p.notes))))
        # "returns it to the pack, which should then be re-shuffled and placed face-downwards":
        # each pack is shuffled and placed face down before play, as after every draw
        # (:meth:`draw`), so the first card drawn is any card, not the first one listed
        for deck in ("luxury", "chance"):
            g.opening_shuffle(self.decks[deck])
        first = self.first_player(seats)
        self.order = seats[first:] + seats[:first]
        if p.part >= 2:
            self.further_cash()
        if p.part >= 3:
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
        if g.triggers or not self.params.sequence:
            return
        triggers: list[Trigger] = []
        for text in self.params.sequence:
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
        return "circuits" if self.table.circuits_left() == 0 else ""

    # -- phases (the Parts) -------------------------------------------------------------
    def arrive(self, old: str, new: str) -> Play:
        """What a Part does on arrival, however the switch came (trigger, vote, table,
        scenario): Part 2 pays the further cash, Part 3 runs :meth:`enter_part3` (a switch
        from Part 1 straight to Part 3 does both)."""
        self.params = in_phase(self.g.ruleset, self.g.phase)  # the numbers of the Part now in force
        before, after = in_phase(self.g.ruleset, old).part, self.params.part
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
            g.pay(self.bank, s, self.params.further_cash, flows.START_CASH, "further cash", "Part 2: money")

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
        taxed = self.params.land_value_tax
        for idx in self.g.board.indices("fishery"):
            owner = self.owner[idx]
            if owner >= 0:
                if taxed:
                    yield from self.charge(owner, self.treasury, g.board.spaces[idx].rent, flows.LAND_RENT,
                                           "land value tax", "Part 3: Solway Fisheries assessed",
                                           keep=frozenset({option("site", idx)}))
                # "half its face value": the £500 at which the Inland Revenue values it, whatever
                # the market last paid for it.
                price = g.board.spaces[idx].price * self.params.government_price_percent // 100
                g.players[owner].sites.discard(idx)
                self.owner[idx] = GOVERNMENT
                self.treasury_pays(owner, price, flows.BUYOUT, "sale to the Government", "Part 3: Solway Fisheries")
                g.emit("sold_to_government", owner, space=idx, price=price)
            elif owner == NOBODY:
                self.owner[idx] = GOVERNMENT
                g.emit("government_land", -1, space=idx)
        for idx in self.g.board.indices("moor"):
            owner = self.owner[idx]
            if owner >= 0 and taxed:
                yield from self.charge(owner, self.treasury, g.board.spaces[idx].rent, flows.LAND_RENT,
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
        if self.params.improvements:
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
        self.most_circuits = max(self.most_circuits, pl.circuits)
        g.emit("circuit", seat, circuits=pl.circuits)
        g.pay(self.bank, seat, self.wages(seat), flows.WAGES, "wages", "Mother Earth: wages")
        if pl.circuits > self.params.pension_after and self.params.pension:
            self.treasury_pays(seat, self.params.pension, flows.PENSION, "old age pension",
                               "Mother Earth: Old Age Pension")
        if pl.debts:
            self.pay_debts(seat)
        if self.params.land_tax_assessed:
            yield from self.assess_land_values(seat)

    def gaol_turn(self, seat: int) -> Play:
        """DECISION (the release rule is not in the text; reconstructed after 1904): pay the
        fine into the Public Treasury and throw, or throw for a double; a double frees him and
        he moves by it (one die or both, as for any double); after ``gaol_throws`` throws
        without one he comes out and moves by the last throw. He leaves from the corner the
        Gaol stands beside."""
        g = self.g
        pl = g.players[seat]
        paid, a, b = yield from self.fine_or_throw_out(seat, "gaol", self.gaol_corner, self.params.gaol_fine,
                                                       self.treasury, "Gaol")
        if not paid:
            pl.wait += 1
            if a != b and pl.wait < self.params.gaol_throws:
                g.emit("gaol_stay", seat, throws=pl.wait)
                return
            pl.place = TRACK
            g.emit("gaol_out", seat, how="double" if a == b else "time served")
        yield from self.move(seat, (yield from self.steps(seat, a, b)))

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
        g.pay(self.bank, seat, self.params.free_land_wages, flows.WAGES, "free-land wages",
              "Part 3: Natural Opportunity")
        self.pay_debts(seat)
        if pl.debts:
            g.emit("free_land_stay", seat, owed=pl.owed)
            return
        pl.place = TRACK
        g.emit("free_land_out", seat)
        yield from self.move(seat, (yield from self.steps(seat, a, b)))
