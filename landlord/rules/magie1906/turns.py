"""The 1906 game's turns, rule by rule: the family class, :class:`Magie1906`, which lands a token
on its space (:meth:`Magie1906.land`, the lots, railroads and franchises, Speculation and Chance
in :mod:`~landlord.rules.magie1906.landings`) and composes the state
(:mod:`~landlord.rules.magie1906.state`) and its parts: what the rules pay
(:mod:`~landlord.rules.magie1906.pays`), the money
(:mod:`~landlord.rules.magie1906.money`), the card market (:mod:`~landlord.rules.magie1906.market`),
the single tax (:mod:`~landlord.rules.magie1906.public`), the houses
(:mod:`~landlord.rules.magie1906.houses`), the count (:mod:`~landlord.rules.magie1906.count`), the
words (:mod:`~landlord.rules.magie1906.words`), the position layout
(:mod:`~landlord.rules.magie1906.position`) and the players' prospects
(:mod:`~landlord.rules.magie1906.prospects`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import landlord.rules.magie1906.count as count
import landlord.rules.magie1906.landings as landings
import landlord.rules.magie1906.position as position
import landlord.rules.magie1906.words as words
from landlord.engine import flows
from landlord.engine.decisions import Decision, OptionText
from landlord.engine.rulebook import Play, SharedParams, SpaceState
from landlord.rules.magie1906.houses import Building1906
from landlord.rules.magie1906.market import Market1906
from landlord.rules.magie1906.money import Money1906
from landlord.rules.magie1906.params import PARAMS, READERS, Params1906
from landlord.rules.magie1906.pays import Pays1906
from landlord.rules.magie1906.prospects import Prospects1906
from landlord.rules.magie1906.public import SingleTax1906
from landlord.rules.magie1906.state import Magie1906State, Player1906
from landlord.rules.single_tax import JAIL, NATURAL, POOR, TRACK, SingleTaxRules

if TYPE_CHECKING:
    from landlord.data.position import Position, SeatPosition
    from landlord.engine.count import SeatCount
    from landlord.engine.in_play import GameInPlay
    from landlord.rules.params import Reader


class Magie1906(SingleTaxRules):
    """The 1906 rules; the single tax is the ``single_tax`` phase: the turns and the landings,
    over the state and its parts."""

    PARAMS: ClassVar[dict[str, type]] = PARAMS
    """The params a ruleset of the family must give (declared once, by :class:`Params1906`)."""
    READERS: ClassVar[dict[str, Reader]] = READERS
    """The params read into types of their own (the Chance cards), checked at load."""
    DECISIONS: ClassVar[dict[str, str]] = words.DECISIONS
    OPTIONS: ClassVar[dict[str, str]] = words.OPTIONS
    POSITION_FIELDS: ClassVar[frozenset[str]] = position.POSITION_FIELDS
    DEBT_FIELDS: ClassVar[frozenset[str]] = position.DEBT_FIELDS

    def __init__(self, game: GameInPlay) -> None:
        super().__init__(game)
        self.state = s = Magie1906State(game, self.kinds, self.owner)
        """The table, the cards and houses, the mortgages and debts, the public's, the counters
        and the params in force."""
        self.pays = pays = Pays1906(s)
        """What the rules in force pay and cost: rents, fares, taxes, wages, what a card secures."""
        self.single_tax = SingleTax1906(s)
        """The single-tax phase: the switch and the Public Treasury's works."""
        self.market = Market1906(s)
        """The green cards changing hands: the hands given, the market, sales from the pack."""
        self.money = Money1906(s, pays, self, self.market)
        """Paying, raising money, borrowing and repaying, the Poor House, the Natural Opportunities."""
        self.building = Building1906(s, pays)
        """Putting up houses."""
        self.prospects = Prospects1906(s, pays)
        """What the players read off the table to value a card (``SeatView.prospects``)."""

    @property
    def params(self) -> Params1906:
        """The params in force, typed (the state's: built again at each switch of phase)."""
        return self.state.params

    @params.setter
    def params(self, value: SharedParams) -> None:
        if not isinstance(value, Params1906):
            raise TypeError(f"the 1906 rules take a Params1906, not {type(value).__name__}")
        self.state.params = value

    def new_player(self, seat: int) -> Player1906:
        """A checker on Mother Earth with nothing yet."""
        return Player1906(seat)

    def results(self) -> list[SeatCount]:
        """The count (:func:`~landlord.rules.magie1906.count.results`)."""
        return count.results(self.state)

    def totals(self) -> tuple[int, ...]:
        """The count's totals alone (:func:`~landlord.rules.magie1906.count.totals`)."""
        return count.totals(self.state)

    def pieces(self, seat: int) -> dict[str, int]:
        """What ``seat`` holds besides money (:func:`~landlord.rules.magie1906.count.pieces`)."""
        return count.pieces(self.state, seat)

    def space_state(self, index: int) -> SpaceState:
        """What lies on space ``index`` (:func:`~landlord.rules.magie1906.count.on_space`)."""
        return count.on_space(self.state, index)

    def place_seat(self, seat: int, sp: SeatPosition, where: str, entry: str) -> None:
        """Lay out a position's seat (:func:`~landlord.rules.magie1906.position.place_seat`)."""
        position.place_seat(self.state, self.pays, self, seat, sp, where, entry)

    def apply_position(self, position: Position) -> None:
        """Lay out the position (:meth:`Rules.apply_position`); each player's stake (his count
        when play begins) is then counted again."""
        super().apply_position(position)
        for pl, c in zip(self.g.players, self.results(), strict=True):
            pl.stake = c.total

    def option_text(self, d: Decision, option: OptionText) -> str:
        """A short label for one option of ``d`` (:func:`~landlord.rules.magie1906.words.option_text`
        for those naming a space, a player or a Natural Opportunity)."""
        label = words.option_text(self.state, d, option)
        return label if label is not None else super().option_text(d, option)

    def arrive(self, old: str, new: str) -> Play:
        """At a switch of phase: the single tax's (:meth:`SingleTax1906.arrive`); asks nothing."""
        self.single_tax.arrive(old)
        yield from ()

    # -- the whole game ------------------------------------------------------------------
    def setup(self) -> Play:
        """Set-up (start cash, first player, the deal of green cards); then turns in order
        (:meth:`RoundsOfTurns.play`) until :meth:`end_reason`.

        DECISION (RECONSTRUCTED end): the 1906 sheet gives no end of the game; as in the 1904
        patent it ends when every player who earns wages (:meth:`Pays1906.awaited`) has
        passed Mother Earth ``circuits`` times (or after ``max_rounds`` rounds), or, with
        ``prosperity_end``, under the single tax when the poorest player has doubled his stake.
        """
        s = self.state
        g = s.g
        s.bank, s.treasury = g.account("Bank"), g.account("Public Treasury")
        seats = list(range(len(g.players)))
        # "if there are two players, each provides himself with $600; if three players, each
        # $500; if four players, each $400." The MISCELLANEOUS pile is the Bank.
        cash = s.params.start_cash_by_players[len(seats) - 2]
        if s.params.average_hands:
            cash = s.params.average_hand_cash
        for seat in seats:
            g.pay(s.bank, seat, cash, flows.START_CASH, "start cash", "Setup")
        first = self.first_player(seats)
        self.order = seats[first:] + seats[:first]
        yield from self.start_point()
        if self.dealt_by_position():
            pass  # the position says what each seat holds (:meth:`place_seat`)
        elif s.params.monarch:
            self.market.monarch_deal()
        elif s.params.average_hands:
            self.market.average_hands()
        else:
            yield from self.deal()
        for pl, c in zip(g.players, self.results(), strict=True):
            pl.stake = c.total

    def deal(self) -> Play:
        """Rule 1: "Shuffle the green cards and deal out one around, to the left, until 24 have
        been dealt ... Each player has the privilege or option of buying any or all of the cards
        which have been dealt to him, the sale price of the cards being paid into the PUBLIC
        TREASURY. Cards not purchased must be returned to the pack."

        DECISION: the deal starts with the first player; then each player in turn order decides
        card by card in the order dealt.
        """
        s = self.state
        take = self.market.take_card
        dealt = self.deal_round(self.order, s.cards(), s.params.cards_dealt, "dealt", "card")
        yield from self.offer_dealt(dealt, "ticket", "return", [sp.price for sp in s.g.board.spaces],
                                    lambda seat, idx, price: take(seat, idx, price, "dealt"),
                                    "card_returned")

    def end_reason(self) -> str:
        """Why the game ends now ('' while it goes on)."""
        s = self.state
        g = s.g
        need = s.params.circuits
        if all([pl.circuits >= need for pl in self.pays.awaited()]):
            return "circuits"
        if s.params.prosperity_end and s.params.single_tax:
            # RECONSTRUCTED "Prosperity" end (later descriptions of the anti-monopolist game):
            # "the game ends when the poorest player has doubled his original stake".
            # DECISION: a player's stake is his count when play begins (after the deal); the
            # poorest player is the one with the lowest count now.
            counts = self.results()
            low = min(c.total for c in counts)
            poorest = [c.seat for c in counts if c.total == low]
            if all(low >= s.params.prosperity_factor * g.players[seat].stake for seat in poorest):
                return "prosperity"
        return ""

    # -- a turn --------------------------------------------------------------------------
    def take_turn(self, seat: int) -> Play:
        """One turn: the phase point, then jail, Poor House, Natural Opportunity, or business
        (lift mortgages, build) and a throw; under the single tax the treasury is then counted."""
        s = self.state
        g = s.g
        pl = g.players[seat]
        if g.triggers:
            yield from self.phase_point(seat)
        self.money.settle_debts(seat)
        if pl.place == JAIL:
            yield from self.jail_turn(seat)
        elif pl.place == POOR:
            yield from self.poor_turn(seat)
        elif pl.place == NATURAL:
            yield from self.natural_turn(seat)
        else:
            yield from self.business(seat)
            yield from self.throw_and_move(seat)
        if s.params.single_tax:
            self.single_tax.works()

    def business(self, seat: int) -> Play:
        """Before the throw: lift a mortgage or repay a loan (:meth:`Money1906.offer_repayment`),
        trade a card with another player (rule 1, :meth:`Market1906.market`), build a house
        (RECONSTRUCTED rule 14; single-tax rule 4, :meth:`Building1906.offer_building`), and form
        a Trust if one may be formed.

        DECISION: one repayment and one market offer a turn, before building."""
        yield from self.money.offer_repayment(seat)
        yield from self.market.market(seat)
        yield from self.building.offer_building(seat)
        yield from self.market.offer_trust()

    def throw_and_move(self, seat: int, again: bool = True) -> Play:
        """Throw and move (rule 2), choosing the direction between the Chances.

        RECONSTRUCTED rule 17 (doubles, not transcribed): with ``double_throws_again`` a player
        who throws a double and is still on the track after his move throws once more (never
        more than one extra throw a turn).
        """
        s = self.state
        g = s.g
        pl = g.players[seat]
        a, b = self.throw(seat)
        backward = False
        if pl.pos in s.between:
            way = yield Decision(seat, "direction", ("forward", "backward"), pl.pos, a + b)
            backward = way == "backward"
        yield from self.move(seat, a + b, backward)
        if a == b and again and s.params.double_throws_again and pl.place == TRACK and not g.over:
            g.emit("double_again", seat, reconstructed=True)
            yield from self.throw_and_move(seat, again=False)

    def move(self, seat: int, steps: int, backward: bool = False) -> Play:
        """Move ``steps`` spaces and follow the rule of the space stopped on."""
        s = self.state
        g = s.g
        pl = g.players[seat]
        start = pl.pos
        target = (start - steps) % s.n if backward else (start + steps) % s.n
        # Rule 3: "When a player reaches or passes the beginning point, MOTHER EARTH".
        passes = not backward and start + steps >= s.n
        if s.kinds[target] == "speculation":
            # Rule 8: "If a player's throw would bring him to this space he may refuse to move --
            # remaining where he is -- and the next player proceeds."
            choice = yield Decision(seat, "speculate", ("play", "stay"), target)
            if choice == "stay":
                g.emit("speculation_refused", seat)
                return
        luxury = s.kinds[target] == "luxury"
        if luxury:
            # RECONSTRUCTED rule 13 (luxury, not transcribed), from the 1904 patent, whose rule the
            # 1906 board's Luxury space descends from: "if a player stops on a 'Luxury' he pays
            # fifty [here the printed $75] dollars to the 'Public treasury,' receiving in return a
            # luxury ticket ... The player may purchase the luxury or not, as he chooses or can
            # afford; but if he does not purchase it he loses his move."
            # DECISION (applied whole): losing the move is played as the 1906 sheet's own words
            # for a space one may refuse (rule 8, Speculation): "remaining where he is"; so
            # the question comes before the move, and a player who cannot afford the luxury
            # stays where he is too (the Luxury is the last space before Mother Earth: no move
            # onto it earns wages).
            price = g.board.spaces[target].fee
            opts = ("buy", "refuse") if g.cash(seat) >= price else ("refuse",)
            choice = (yield Decision(seat, "luxury", opts, target, price)) if len(opts) > 1 else "refuse"
            if choice == "refuse":
                g.emit("luxury_refused", seat, space=target, reconstructed=True)
                return
        if s.params.single_tax:
            # Single tax, rule 8: "If a player cannot afford to make the move called for by his
            # throw, he puts his checker upon any NATURAL OPPORTUNITY space ... back of the space
            # to which his throw would bring him." DECISION: he can afford it when his cash plus
            # the wages the move earns covers what the target space charges.
            income = self.pays.wages_for(seat) if passes else 0
            if self.pays.landing_cost(seat, target) > g.cash(seat) + income:
                corner = yield from self.money.choose_natural(seat, target)
                self.money.to_natural(seat, target, corner)
                return
        pl.pos = target
        if g.events is not None:
            g.emit("move", seat, frm=start, to=target, space=g.board.spaces[target].name,
                   backward=backward)
        if passes:
            self.pay_wages(seat)
        if luxury:
            g.pay(seat, s.treasury, g.board.spaces[target].fee, flows.LUXURY, "luxury",
                  "Rule 13 (reconstructed): luxury")
            g.players[seat].luxuries += 1
            g.emit("luxury", seat, cards=g.players[seat].luxuries, reconstructed=True)
            return
        yield from self.land(seat, target)

    def pay_wages(self, seat: int) -> None:
        """Rule 3: "his 'wages,' is paid to him from MISCELLANEOUS pile" (the Bank)."""
        s = self.state
        g = s.g
        pl = g.players[seat]
        pl.circuits += 1
        g.emit("circuit", seat, circuits=pl.circuits)
        amount = self.pays.wages_for(seat)
        if amount:
            g.pay(s.bank, seat, amount, flows.WAGES, "wages", "Rule 3: wages")
        else:
            g.emit("no_wages", seat, rule="Monarch of the World: the landlord gets no wages")

    def jail_turn(self, seat: int) -> Play:
        """Rule 6: "he may come out upon paying into the PUBLIC TREASURY a fine of $50, or if he
        throws a double ... he may come out without paying the fine ... He cannot, however, miss
        more than three turns if he has sufficient property on which to realize the amount of his
        fine. When he does come out of JAIL he must begin to count his move on the space
        immediately in front of the JAIL (Shelter)."

        DECISION: after three missed turns he must pay the fine (mortgaging or selling to raise
        it) when his cash and what he could raise cover it; the fine is paid before the throw
        that moves him; a double that frees him moves him by that throw (no extra throw).
        """
        s = self.state
        g = s.g
        pl = g.players[seat]
        fine = s.params.jail_fine
        forced = pl.jail_missed >= s.params.jail_max_missed and g.cash(seat) + self.pays.raisable(seat) >= fine
        if forced:
            choice = "pay"
            g.emit("jail_time_up", seat, missed=pl.jail_missed)
        else:
            ask = self.fine_or_throw(seat, "jail", s.jail_corner, fine)
            choice = (yield ask) if ask is not None else "throw"
        if choice == "pay":
            yield from self.money.charge(seat, s.treasury, fine, flows.FINE, "jail fine", "Rule 6: jail")
            if pl.place != JAIL:
                return
            pl.place, pl.jail_missed = TRACK, 0
            g.emit("jail_out", seat, how="fine")
            a, b = self.throw(seat)
        else:
            a, b = self.throw(seat)
            if a != b:
                pl.jail_missed += 1
                g.emit("jail_stay", seat, missed=pl.jail_missed)
                return
            pl.place, pl.jail_missed = TRACK, 0
            g.emit("jail_out", seat, how="double")
        yield from self.move(seat, a + b)

    def poor_turn(self, seat: int) -> Play:
        """Rule 12: "Then he throws again and moves out if he can afford to make the move."
        DECISION: he can afford it when his cash (plus wages the move would earn) covers what the
        target space charges; he counts from the Central Park corner."""
        s = self.state
        g = s.g
        pl = g.players[seat]
        a, b = self.throw(seat)
        target = (s.poor_corner + a + b) % s.n
        income = self.pays.wages_for(seat) if s.poor_corner + a + b >= s.n else 0
        if self.pays.landing_cost(seat, target) > g.cash(seat) + income:
            g.emit("poorhouse_stay", seat, target=target)
            return
        pl.place = TRACK
        g.emit("poorhouse_out", seat)
        yield from self.move(seat, a + b)

    def natural_turn(self, seat: int) -> Play:
        """Single tax, rule 8: "just before throwing in his next turn he takes from the
        MISCELLANEOUS pile the wages called for by the NATURAL OPPORTUNITY space upon which he has
        placed his checker, pays his rent for such space into the PUBLIC TREASURY, throws his
        dice, and moves out. A player must make the move, if possible, even if it takes him to
        JAIL." The wages and rent are RECONSTRUCTED (``natural_wages``, ``natural_rent``)."""
        s = self.state
        g = s.g
        pl = g.players[seat]
        g.pay(s.bank, seat, s.params.natural_wages, flows.WAGES, "natural opportunity wages",
              "Single tax 8: Natural Opportunity (reconstructed wages)")
        pl.place, pl.pos = TRACK, pl.natural
        yield from self.money.charge(seat, s.treasury, s.params.natural_rent, flows.LAND_RENT,
                                     "natural opportunity rent",
                                     "Single tax 8: Natural Opportunity (reconstructed rent)")
        if pl.place == TRACK:
            yield from self.throw_and_move(seat)

    # -- landing ------------------------------------------------------------------------
    def land(self, seat: int, idx: int) -> Play:
        """Apply the rule of the space the checker stopped on."""
        s = self.state
        g = s.g
        kind = s.kinds[idx]
        st = s.params.single_tax
        if kind == "lot":
            yield from landings.land_on_lot(self, seat, idx)
        elif kind == "necessity":
            if st:
                g.emit("untaxed", seat, space=idx, rule="Single tax 1: no taxes on necessities")
                return
            # Rule 4: "he pays $10 taxes into the PUBLIC TREASURY"; advanced rules: doubled at
            # ten houses on the board, doubled again at twenty-five.
            yield from self.money.charge(seat, s.treasury, self.pays.necessity_tax(idx), flows.TAX,
                                         "necessity tax", "Rule 4: taxes")
        elif kind == "estate":
            if idx in s.colleges:
                # Single tax, rule 7: "if a player goes to college he takes a blue card marked
                # Education and when he gets four of these cards he exchanges them for a card
                # marked Professor".
                pl = g.players[seat]
                pl.education += 1
                g.emit("education", seat, space=idx, cards=pl.education)
                if pl.education >= s.params.education_for_professor:
                    pl.education -= s.params.education_for_professor
                    pl.professors += 1
                    g.emit("professor", seat, professors=pl.professors)
            else:
                # Rule 5: "he is 'trespassing' and must go to JAIL"; single tax, rule 5: "until
                # the colleges are erected a player ... is trespassing and must go to JAIL".
                self.to_jail(seat)
        elif kind in ("railroad", "franchise"):
            yield from landings.land_on_utility(self, seat, idx)
        elif kind == "speculation":
            yield from landings.speculate(self, seat, idx)
        elif kind == "chance":
            yield from landings.chance(self, seat)

    def to_jail(self, seat: int) -> None:
        """Rule 5: "put his checker on the JAIL space"."""
        s = self.state
        pl = s.g.players[seat]
        pl.place, pl.pos, pl.jail_missed = JAIL, s.jail_corner, 0
        s.g.emit("jail", seat, space=s.jail_corner)
