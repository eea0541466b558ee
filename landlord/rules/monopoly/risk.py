"""What could ruin a seat at Monopoly's table: the dearest charges a landing could make once the
holders of whole colour groups build what their cash pays for, and the chance a throw meets one
beyond what a seat can pay (read by the players' valuation of bankruptcy)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from landlord.rules.monopoly.static import HOTEL

if TYPE_CHECKING:
    from landlord.rules.monopoly.static import DeedTerms


class RuinRisk:
    """The ruin part of :class:`~landlord.rules.monopoly.table.MonopolyTable` (its base; the
    table's ``__init__`` sets the state kept here)."""

    __slots__ = ("_threats", "_threats_at", "_whole")  # (set by the table's __init__)

    _whole: tuple[int, tuple[tuple[int, ...], ...], tuple[int, ...]]
    _threats: tuple[tuple[int, tuple[int, ...]], list[tuple[int, float, float]], list[float]]
    _threats_at: tuple[int, tuple[int, ...]]

    if TYPE_CHECKING:
        _rules: Any
        owner: list[int]
        mortgaged: list[bool]
        houses: list[int]
        street_groups: Sequence[tuple[int, ...]]
        deed_terms: list[DeedTerms | None]
        hotel_after: int

        @property
        def version(self) -> int: ...
        def odds(self) -> list[float]: ...
        def landing_charges(self) -> list[tuple[int, float, float, float, int]]: ...

    def threats(self) -> list[tuple[int, float, float]]:
        """Every charge a landing could make once each holder of a whole colour group has built on
        it what his cash now pays for: (to whom: a seat, or -1 for a tax; how much; the chance a
        throw ends there). A street of a whole group, none of it mortgaged, charges the rent of
        the buildings its holder could put up (BUILDING: evenly, a house on every lot before a
        second on any, up to the hotel; each at its price); every other charge as it stands
        (:meth:`landing_charges`). Kept while the table and what those holders' cash pays for stand."""
        return self._threats_now()[1]

    def _threats_now(self) -> tuple[tuple[int, tuple[int, ...]], list[tuple[int, float, float]], list[float]]:
        """(the state key, :meth:`threats`, :meth:`threat` by seat), worked out once a state."""
        bal = self._rules.g.ledger.balances
        seats = len(self._rules.g.players)
        version = self.version
        whole = self._whole
        if whole[0] != version:  # the whole colour groups, none of them mortgaged, and their holders
            own, mort = self.owner, self.mortgaged
            groups = tuple(g for g in self.street_groups
                           if own[g[0]] >= 0 and not any(own[j] != own[g[0]] or mort[j] for j in g))
            whole = self._whole = (version, groups, tuple(own[g[0]] for g in groups))
        cash = (version, tuple(bal[o] for o in whole[2]))
        if self._threats_at == cash:
            return self._threats
        self._threats_at = cash
        houses, terms, top = self.houses, self.deed_terms, self.hotel_after
        levels: list[int] = []
        for group, o in zip(whole[1], whole[2], strict=True):
            level = [houses[j] for j in group]
            budget = bal[o]
            while True:  # the lowest lot first, as the rules' even building asks
                k = level.index(min(level))
                h = level[k]
                if h >= HOTEL:
                    break
                d = terms[group[k]]
                assert d is not None
                cost = d.hotel_cost if h >= top else d.house_cost
                if cost > budget:
                    break
                budget -= cost
                level[k] = HOTEL if h >= top else h + 1
            levels += level
        key = (version, tuple(levels))
        if self._threats[0] == key:
            return self._threats
        odds, built = self.odds(), set()
        out: list[tuple[int, float, float]] = []
        at = 0
        for group, o in zip(whole[1], whole[2], strict=True):
            for j in group:
                d = terms[j]
                assert d is not None
                h = levels[at]
                at += 1
                out.append((o, d.rents[1 + h] if h else d.rents[1], odds[j]))
                built.add(j)
        for o, c, _, p, i in self.landing_charges():
            if i not in built:
                out.append((o, c, p))
        top1 = top2 = 0.0  # the dearest charge, and the dearest made by another than its maker
        maker = -2
        for o, c, _ in out:
            if c > top1:
                if o != maker:
                    top2 = top1
                top1, maker = c, o
            elif c > top2 and o != maker:
                top2 = c
        tops = [top2 if s == maker else top1 for s in range(seats)]
        self._threats = (key, out, tops)
        return self._threats

    def ruin_chance(self, seat: int, wealth: float) -> float:
        """The chance that one throw of ``seat`` ends where a landing could charge him more than
        ``wealth`` (:meth:`threats`; BANKRUPTCY: "A player is bankrupt when he owes more than he
        can pay": his cash and all he can raise, :meth:`raisable`): Σ :meth:`chance` of those
        spaces. The cards' charges are left out."""
        _, out, tops = self._threats_now()
        q = 0.0
        if wealth >= tops[seat]:
            return q
        for o, c, p in out:
            if c > wealth and o != seat:
                q += p
        return q

    def ruin_chances(self, wealth: Sequence[float]) -> list[float]:
        """:meth:`ruin_chance` of every seat at once, each at its ``wealth``."""
        _, out, tops = self._threats_now()
        chances = []
        for seat, w in enumerate(wealth):
            q = 0.0
            if w < tops[seat]:
                for o, c, p in out:
                    if c > w and o != seat:
                        q += p
            chances.append(q)
        return chances

    def threat(self, seat: int) -> float:
        """The most one landing could charge ``seat`` (:meth:`threats`)."""
        return self._threats_now()[2][seat]
