"""The 1904 prospects: what the players read off the table to value a lot (:class:`Prospects1904`, over
the state)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from landlord.engine.decisions import OptionText
from landlord.engine.options import parse_option
from landlord.rules.magie1904.movement import magie1904_movement
from landlord.rules.magie1904.params import Params1904
from landlord.rules.magie1904.state import LOAN_RATES
from landlord.rules.memo import PhaseOdds

if TYPE_CHECKING:
    from landlord.rules.magie1904.money import Money1904
    from landlord.rules.magie1904.state import Magie1904State


class Prospects1904(PhaseOdds):
    """What the 1904 players read off the table to value a lot (all of it public: the deeds,
    the board, the dice, the rules in force): what a lot pays its holder and counts at the end,
    the chance a throw ends on it and the throws left (:mod:`landlord.engine.valuation`)."""

    __slots__ = ("_game", "_money", "_movement", "_odds", "_r")

    def __init__(self, state: Magie1904State, money: Money1904) -> None:
        self._r = state
        self._game = state.g
        self._money = money
        self._movement = magie1904_movement
        self._odds: dict[str, Mapping[int, float]] = {}
        """The landing chances of each phase this game has valued lots in (:meth:`PhaseOdds.odds`)."""

    @property
    def params(self) -> Params1904:
        """The params in force, typed (every player knows the rules)."""
        return self._r.params

    @property
    def size(self) -> int:
        """Spaces on the track."""
        return self._r.n

    def earning(self, idx: int, seat: int) -> float:
        """What a player stopping on ``idx`` would pay ``seat`` if ``seat`` held it: a lot's rent
        ("When a player stops upon a lot owned by any of the players, he must pay the rent to
        the owner"); nothing under the single tax ("All lot rent goes to the Public Treasury")
        and nothing on any other space (fares go to the Railroad box; a franchise is chartered
        free by the first player to stop on it, not bought)."""
        r = self._r
        if r.kinds[idx] != "lot" or r.params.single_tax:
            return 0.0
        return float(r.spaces[idx].rent)

    def end_value(self, idx: int) -> int:
        """What a lot counts at the end: its printed price ("lots, cash, and luxuries"); nothing
        under the single tax ("the Title Deeds are of no value")."""
        r = self._r
        if r.kinds[idx] != "lot" or r.params.single_tax:
            return 0
        return int(r.spaces[idx].price)

    def throws_left(self) -> float:
        """The throws each player may still expect: the game ends when the last player has
        passed the beginning-point ``circuits`` times, so the slowest player's circuits still
        to go, at one throw per seven spaces (the mean throw of two dice), within the rounds
        left."""
        r = self._r
        g = r.g
        to_go = max(0, r.params.circuits - min(pl.circuits for pl in g.players))
        return float(min(to_go * r.n / 7, max(0, r.params.max_rounds - g.round)))

    def wages_now(self) -> int:
        """The wages on passing Mother Earth now (with any rise the single tax has paid for)."""
        return self._r.params.wages + self._r.wage_bonus

    def wages_for(self, seat: int) -> int:
        """The wages ``seat`` earns each time round the board: the wages now until he has been
        round ``circuits`` times ("having passed the beginning-point the required number of
        times he receives no more wages"), then nothing."""
        done = self._r.g.players[seat].circuits >= self._r.params.circuits
        return 0 if done else self.wages_now()

    @property
    def players(self) -> int:
        """The players at the table."""
        return len(self._r.g.players)

    def last(self, seat: int) -> bool:
        """Whether the game's end waits for ``seat``: it ends "when the last player passes the
        beginning-point" the required number of times, and he is the furthest behind (rounds
        and spaces) of those who have not yet been round that often."""
        r = self._r
        need = r.params.circuits
        behind = [pl.circuits * r.n + pl.pos for pl in r.g.players if pl.circuits < need]
        me = r.g.players[seat]
        return me.circuits < need and me.circuits * r.n + me.pos == min(behind)

    def wages_lost(self, seat: int) -> int:
        """The wages a turn ``seat`` misses loses him for good: none. Wages are paid for each
        round up to the required number ("having passed the beginning-point the required
        number of times he receives no more wages") and the game lasts until every player has
        been round that often, so a missed turn delays his wages but does not take them."""
        return 0

    def paid_to(self, idx: int, seat: int) -> float:
        """What another player stopping on ``idx`` pays ``seat`` now: his lot's rent, his
        franchise's five dollars (none under the single tax's public ownership or lot rents)."""
        r = self._r
        if r.kinds[idx] == "franchise":
            return float(r.spaces[idx].fee) if r.charter.get(idx) == seat and idx not in r.public else 0.0
        return self.earning(idx, seat) if r.owner[idx] == seat else 0.0

    def payoff_key(self) -> tuple[object, ...]:
        """What every stop's charge and payment (:meth:`charge`, :meth:`paid_to`) depend on
        besides the tokens and the cash: the phase and its params, the lots' holders, the
        franchises' charters, what the public has bought out or opened, the wages it raises.
        Equal keys, equal payoffs."""
        r = self._r
        return (r.g.phase, r.params, tuple(r.owner), tuple(sorted(r.charter.items())), len(r.public),
                len(r.annulled), r.wage_bonus)

    def turn_throws(self) -> float:
        """The throws a turn makes: one (the patent gives no second throw for a double)."""
        return 1.0

    def charge(self, idx: int, seat: int) -> float:
        """What stopping on ``idx`` costs ``seat`` now (negative: what it pays him), whatever
        he chooses there that the valuation weighs on its own (buying the lot, a luxury):
        another's lot's rent ("he must pay the rent to the owner"), an unowned lot's rent to
        the Public treasury, "five dollars" on an Absolute Necessity, a railroad or a
        franchise chartered by another, the jail fine on a No Trespassing space (the most
        leaving costs), a legacy's "one hundred dollars" paid to him; under the single tax
        every lot's rent, no necessity tax, nothing on what the public has bought or opened."""
        r = self._r
        p, kind, space = r.params, r.kinds[idx], r.spaces[idx]
        if kind == "lot":
            return float(space.rent) if p.single_tax or r.owner[idx] != seat else 0.0
        if kind == "necessity":
            return 0.0 if p.single_tax else float(space.fee)
        if kind == "railroad":
            return 0.0 if idx in r.public else float(space.fee)
        if kind == "franchise":
            holder = r.charter.get(idx)
            return float(space.fee) if holder is not None and holder != seat and idx not in r.public else 0.0
        if kind == "no_trespassing":
            return 0.0 if idx in r.annulled else float(p.jail_fine)
        if kind == "legacy":
            return -float(space.fee)
        return 0.0

    def jail_terms(self, seat: int) -> tuple[int, int, int | None]:
        """The jail's terms for ``seat``: the fine, the turns he has missed and the most he may
        miss (the patent: "remain there until he throws a double or until he pays": no limit)."""
        return self._r.params.jail_fine, 0, None

    def interest_left(self, seat: int, interest: int) -> int:
        """What a loan charging ``interest`` at each of ``seat``'s wages will cost him until the
        end ("five dollars (interest) every time he receives his wages")."""
        left = max(0, self._r.params.circuits - self._r.g.players[seat].circuits)
        return interest * left

    def repayment(self, seat: int, option: OptionText) -> tuple[int, int]:
        """Repaying the loan of a ``repay:<loan id>`` option early: what it costs in cash now and what it is worth to
        ``seat``'s final count: its principal (the count takes an outstanding loan off the
        borrower) and the interest it would charge at his wages still to come ("Should a loan
        be repaid before passing the beginning-point, the borrower saves the interest")."""
        loan_id = int(parse_option(option).arg)
        loan = next(ln for ln in self._r.loans if ln.id == loan_id)
        return loan.principal, loan.principal + self.interest_left(seat, loan.interest)

    def lending_return(self, rate: int, amount: int) -> float:
        """What lending ``amount`` at ``rate`` a note to another player is expected to bring the
        lender beyond the principal (counted back to him at the end if still owed): ``rate`` a
        note at each of the borrower's wages still to come (the decision does not name the
        borrower: the mean of the players' rounds still to go)."""
        r = self._r
        notes = -(-amount // r.params.loan_unit)
        left = [max(0, r.params.circuits - pl.circuits) for pl in r.g.players]
        return notes * rate * sum(left) / len(left)

    def offer_cost(self, seat: int) -> tuple[int, int, int, int]:
        """The loan a player has offered ``seat`` (asked while he decides, ``loan_terms``): the
        lender, what ``seat`` is short, the principal, and what its interest would cost him
        until the end: the lender's interest "every time he receives his wages" still to come
        (the patent: "One player may borrow from another, giving a mortgage on any property he
        may own and making the best bargain he can as to interest, terms of payments &c."; the
        kit's terms: the interest a note at each of his wages, ``Money1904.raise_money``)."""
        offered = self._r.offered
        if offered is None:
            raise ValueError("no loan is on offer to accept or decline")
        lender, short, principal, interest = offered
        return lender, short, principal, self.interest_left(seat, interest)

    def raise_options(self, seat: int) -> list[str]:
        """What ``seat`` may do instead if he declines the loan on offer: borrow from the Bank
        (whole notes up to what his unmortgaged lots secure, "at least ten dollars more than is
        borrowed"), or, when the Bank cannot lend enough, go to the Poor House ("If at any time
        a player has no money with which to meet expenses and has no property upon which he
        can borrow, he must go to the poorhouse"). Another player asked names his own terms,
        not known in advance: left out."""
        r = self._r
        offered = r.offered
        short = offered[1] if offered is not None else 0
        unit = r.params.loan_unit
        notes, cap = -(-short // unit), self._money.bank_capacity(seat)
        opts = [f"borrow:{k * unit}" for k in range(notes, cap + 1)]
        return opts if cap >= notes else [*opts, "poorhouse"]

    def ask_cost(self, seat: int, short: int) -> int:
        """The most a loan of ``short`` from another player may cost ``seat`` until the end: the
        dearest interest a lender may name (``LOAN_RATES``) a note at each of his wages still
        to come."""
        notes = -(-short // self._r.params.loan_unit)
        return self.interest_left(seat, notes * max(LOAN_RATES))

    def pass_jump(self, here: int, backward: bool) -> int:
        """The spaces a railroad pass carries a token beyond its throw: "the privilege of
        jumping once from one railroad to another, provided he would in his ordinary moving
        pass a 'R. R.'" (from the railroad ``here`` to the next one in his direction)."""
        r = self._r
        if backward:
            return (here - r.prev_rr[here]) % r.n
        return (r.next_rr[here] - here) % r.n

    def loan_cost(self, seat: int, amount: int) -> int:
        """What borrowing ``amount`` from the Bank would cost ``seat`` until the end: the
        interest on its notes (``loan_interest`` a note) at each of his wages still to come (the
        principal counts against him at the end, as the cash counts for him)."""
        p = self._r.params
        notes = -(-amount // p.loan_unit)
        return self.interest_left(seat, notes * p.loan_interest)
