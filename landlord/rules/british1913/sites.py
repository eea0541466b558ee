"""The 1913 game's moves and landings: Mother Earth, sites, rent, land values, trespass and the cards."""

from __future__ import annotations

from landlord.engine import flows
from landlord.engine.decisions import Decision
from landlord.engine.options import option, parse_option
from landlord.engine.rulebook import Play
from landlord.rules.british1913.debts import Debts
from landlord.rules.british1913.market import Market
from landlord.rules.british1913.state import ASYLUM, GAOL, GOVERNMENT, NOBODY, TRACK, British1913State
from landlord.rules.british1913.terms import Terms


class Sites:
    """Moving and landing over the game's :class:`British1913State`: passing Mother Earth, a
    site (rent, land values, trespass, an offer from the pack through the :class:`Market`), a
    card space, Gaol; what is charged is what the rules' :class:`Terms` make it, paid through the
    :class:`Debts`."""

    def __init__(self, state: British1913State, terms: Terms, market: Market, debts: Debts) -> None:
        self.state = state
        self.g = state.g
        self.terms = terms
        self.market = market
        self.debts = debts

    def move(self, seat: int, steps: int) -> Play:
        """Move the pawn forward ``steps`` spaces, paying wages on passing Mother Earth, then
        follow the instructions of the space it stops on."""
        g, n = self.g, self.state.n
        pl = g.players[seat]
        start = pl.pos
        target = (start + steps) % n
        pl.pos = target
        if g.events is not None:
            g.emit("move", seat, frm=start, to=target, space=g.board.spaces[target].name)
        if start + steps >= n:
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
        g, st = self.g, self.state
        p = st.params
        pl = g.players[seat]
        pl.circuits += 1
        st.most_circuits = max(st.most_circuits, pl.circuits)
        g.emit("circuit", seat, circuits=pl.circuits)
        g.pay(st.bank, seat, self.terms.wages(seat), flows.WAGES, "wages", "Mother Earth: wages")
        if pl.circuits > p.pension_after and p.pension:
            self.debts.treasury_pays(seat, p.pension, flows.PENSION, "old age pension",
                                     "Mother Earth: Old Age Pension")
        if pl.debts:
            self.debts.pay_debts(seat)
        if p.land_tax_assessed:
            yield from self.assess_land_values(seat)

    def assess_land_values(self, seat: int) -> Play:
        """A what-if, not the 1913 rules (param ``land_tax_assessed``, off in every Part;
        ``scenarios/british-1913-part3-yearly-assessment.toml`` turns it on): each time a player
        passes Mother Earth (a round is the game's year) he pays, for every site he holds, its
        annual value (:meth:`Terms.assessment`) to the Public Treasury, whether or not anybody has
        alighted there, on top of the rent restored (:meth:`Debts.restore_land_value_tax`). The text
        charges an ordinary site only the rent restored ("'RENT' (ANNUAL LAND VALUE) is still paid
        to the owner of the site, but, as Rates are now levied on Land Values, the owner must
        immediately restore the equivalent amount to the Public Treasury"); an assessment paid
        outright is stated only for the Fisheries and the Moor (``enter_part3``). A player
        short of the tax sells up like any debtor.
        """
        treasury, assessment = self.state.treasury, self.terms.assessment
        for idx in sorted(self.g.players[seat].sites):
            yield from self.debts.charge(seat, treasury, assessment(idx), flows.LAND_RENT,
                                         "land value tax assessed", "Part 3: land values assessed")

    def land_on(self, seat: int, idx: int) -> Play:
        """"When alighting on any plot of land the player must follow the instructions printed
        on the Board"."""
        g, st = self.g, self.state
        p = st.params
        kind = st.kinds[idx]
        space = g.board.spaces[idx]
        if kind in ("site", "religious", "undeveloped"):
            yield from self.land_on_site(seat, idx)
        elif kind in ("fishery", "moor"):
            if p.gaol_penalties:
                yield from self.trespass(seat, idx)
            else:
                yield from self.land_on_site(seat, idx)
        elif kind == "estate":
            if p.gaol_penalties:
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
            pl.place, pl.wait = ASYLUM, p.asylum_wait
            g.emit("asylum", seat, wait=pl.wait)
        elif kind == "duty":
            if p.duties:
                # "A player alighting on Imperial Taxes must pay Breakfast-table Duties or Tobacco
                # Duties into the Public Treasury" (doubled once all sites are bought).
                yield from self.debts.charge(seat, st.treasury, space.fee * self.terms.scarcity(),
                                             flows.TAX, "duties", "Imperial Taxes")
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
        g, st, charge = self.g, self.state, self.debts.charge
        owner = st.owner[idx]
        if owner == NOBODY:
            # DECISION: bought from the pack by another player, the site was still unbought when
            # he alighted, so he owes no rent this time.
            if (yield from self.market.offer_from_pack(seat, idx)) == NOBODY:
                g.emit("rent_free", seat, space=idx)
            return
        terms = self.terms.site(idx)
        rent = terms.rent_paid
        if owner == GOVERNMENT:
            yield from charge(seat, st.treasury, rent, flows.LAND_RENT, "rent to the Government",
                              "Part 3: public land")
        elif owner != seat:
            paid = yield from charge(seat, owner, rent, flows.RENT, "rent", "Rent (ANNUAL LAND VALUE)")
            restored = self.terms.rent_restored(paid)
            if restored:
                self.debts.restore_land_value_tax(owner, restored)
        imp = st.imp_owner[idx]
        if imp != NOBODY and g.players[seat].place == TRACK:
            if imp != seat:
                yield from charge(seat, imp, terms.interest, flows.BUILDING_RENT, "interest",
                                  "Part 2: INTEREST to the improvement's owner")
            if terms.rates and g.players[seat].place == TRACK:
                yield from charge(seat, st.treasury, terms.rates, flows.RATES, "rates", "Part 2: RATES")

    def trespass(self, seat: int, idx: int) -> Play:
        """"Any player alighting on the Solway Fisheries or Lord Tomnoddy's Grouse Moor must go
        to Gaol, unless he can strike a private bargain with the owner to be let off."

        The bargain is a negotiated decision: the owner names a price (one of
        ``bargain_prices`` the trespasser can pay) or sends him to Gaol; the trespasser pays or
        goes. DECISION: an unbought Fisheries or Moor is offered from the pack like any site
        (:meth:`Market.offer_from_pack`); if the player alighting on it buys it he trespasses on
        nothing; if another player buys it he must bargain with the new owner; if nobody buys,
        there is no owner to bargain with and he goes to Gaol. The owner alighting on his own is
        not a trespasser.
        """
        g = self.g
        owner = self.state.owner[idx]
        space = g.board.spaces[idx]
        if owner == seat:
            return
        if owner == NOBODY:
            owner = yield from self.market.offer_from_pack(seat, idx)
            if owner == seat:
                return
            if owner == NOBODY:
                self.to_gaol(seat, space.name)
                return
        prices = tuple(option("price", v) for v in self.state.params.bargain_prices if v <= g.cash(seat))
        named = (yield Decision(owner, "name_bargain", ("gaol", *prices), idx)) if prices else "gaol"
        if named == "gaol":
            g.emit("no_bargain", owner, space=idx, trespasser=g.names[seat])
            self.to_gaol(seat, space.name)
            return
        price = int(parse_option(named).arg)
        answer = yield Decision(seat, "take_bargain", ("pay", "gaol"), idx, price)
        if answer == "pay":
            g.pay(seat, owner, price, flows.LAND_SOLD, "private bargain", "Part 1: private bargain")
            g.emit("bargain", seat, space=idx, price=price)
        else:
            self.to_gaol(seat, space.name)

    # -- cards --------------------------------------------------------------------------
    def draw(self, seat: int, deck: str) -> Play:
        """"A player alighting on Luxury or Chance draws a Luxury or Chance card, as the case may
        be, follows the directions upon it and returns it to the pack, which should then be
        re-shuffled and placed face-downwards." (Cards reconstructed: see the ruleset.)"""
        g, st, charge = self.g, self.state, self.debts.charge
        p = st.params
        pack = st.decks[deck]
        cards = p.luxury_cards if deck == "luxury" else p.chance_cards
        card = cards[pack[0]]
        g.shuffle(pack)  # returned to the pack and re-shuffled
        g.emit("card_drawn", seat, deck=deck, text=card.text)
        action, amount = card.action, card.amount
        # A Luxury card is a luxury bought ("You buy a motor-car. Pay £100."); a Chance card's
        # money is a card's windfall or charge.
        kind = flows.LUXURY if deck == "luxury" else flows.CARD
        if action == "income_tax" and not p.industry_taxes:
            # Part 3: "Industry and Enterprise are relieved of all Rates and Taxes".
            g.emit("tax_relieved", seat, amount=amount)
        elif action == "income_tax":
            yield from charge(seat, st.treasury, amount, flows.TAX, "income tax", f"{deck.title()} card")
        elif action == "pay_bank":
            yield from charge(seat, st.bank, amount, kind, deck, f"{deck.title()} card")
        elif action == "pay_treasury":
            yield from charge(seat, st.treasury, amount, kind, deck, f"{deck.title()} card")
        elif action == "receive_bank":
            g.pay(st.bank, seat, amount, kind, deck, f"{deck.title()} card")
        elif action == "gaol":
            self.to_gaol(seat, "a Chance card")
        elif action == "mother_earth":
            yield from self.move(seat, st.n - g.players[seat].pos)
        else:  # back
            pl = g.players[seat]
            pl.pos = (pl.pos - amount) % st.n
            g.emit("move", seat, frm=(pl.pos + amount) % st.n, to=pl.pos, space=g.board.spaces[pl.pos].name)
            yield from self.land_on(seat, pl.pos)

    # -- Gaol ---------------------------------------------------------------------------
    def to_gaol(self, seat: int, why: str) -> None:
        """Straight to Gaol, passing nothing."""
        pl = self.g.players[seat]
        pl.place, pl.pos, pl.wait = GAOL, self.state.gaol_corner, 0
        self.g.emit("gaol", seat, why=why)
