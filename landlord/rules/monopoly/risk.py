"""What could ruin a seat at Monopoly's table: the dearest charges a landing could make once the
holders of whole colour groups build what their cash pays for, and the chance a throw meets one
beyond what a seat can pay (read by the players' valuation of bankruptcy).

Both are step functions of cash, worked out once a step: what a holder's cash pays for changes
only where it crosses the price of his next building (:class:`Build`), and the charges beyond a
seat's means only where his means cross one of them (:class:`Threats`)."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from typing import TYPE_CHECKING

from landlord.rules.monopoly.static import HOTEL

if TYPE_CHECKING:
    from landlord.rules.monopoly.state import MonopolyState
    from landlord.rules.monopoly.static import DeedTerms


class Build:
    """How the holder of a whole colour group builds on it as his cash grows (BUILDING: evenly, a
    house on every lot before a second on any, up to the hotel; the lowest lot first): the
    buildings standing after each purchase, and what the purchases cost in all."""

    __slots__ = ("costs", "group", "levels")

    def __init__(self, group: tuple[int, ...], houses: Sequence[int], terms: Sequence[DeedTerms | None],
                 top: int) -> None:
        self.group = group
        level = [houses[j] for j in group]
        self.levels: list[tuple[int, ...]] = [tuple(level)]
        """the buildings on each lot of ``group`` after 0, 1, 2 … purchases"""
        self.costs: list[int] = []
        """what the first 1, 2 … purchases cost together"""
        spent = 0
        while True:
            k = level.index(min(level))
            h = level[k]
            if h >= HOTEL:
                break
            d = terms[group[k]]
            assert d is not None
            spent += d.hotel_cost if h >= top else d.house_cost
            level[k] = HOTEL if h >= top else h + 1
            self.costs.append(spent)
            self.levels.append(tuple(level))

    def bought(self, cash: int) -> int:
        """How many purchases ``cash`` pays for (each in turn while what they cost together is
        within it)."""
        return bisect_right(self.costs, cash)


class Threats:
    """Every charge a landing could make at one state of the table and of what the whole groups'
    holders can build (:meth:`RuinRisk.threats`), the dearest by seat, and each seat's chance of
    meeting one beyond his means, worked out once for each step of his means."""

    __slots__ = ("_chances", "_charges", "key", "out", "tops")

    def __init__(self, key: tuple[int, tuple[int, ...]], out: list[tuple[int, float, float]], seats: int) -> None:
        self.key, self.out = key, out
        top1 = max([c for _, c, _ in out], default=0.0)  # the dearest charge
        maker = next((o for o, c, _ in out if c == top1), -2) if top1 > 0.0 else -2  # the first to make it
        top2 = max([c for o, c, _ in out if o != maker], default=0.0) if top1 > 0.0 else top1
        self.tops = [top2 if s == maker else top1 for s in range(seats)]
        """the dearest charge each seat could meet (:meth:`RuinRisk.threat`)"""
        self._charges: list[float] | None = None
        self._chances: dict[tuple[int, int], float] = {}

    @property
    def charges(self) -> list[float]:
        """Every amount charged, once, the lowest first: the steps of a seat's chance of ruin
        (sorted on the first chance asked below a seat's dearest charge)."""
        if self._charges is None:
            self._charges = sorted({c for _, c, _ in self.out})
        return self._charges

    def chance(self, seat: int, wealth: float) -> float:
        """:meth:`RuinRisk.ruin_chance`: Σ the chance of the charges above ``wealth`` that another
        than ``seat`` makes, the same for every ``wealth`` between two charges."""
        if wealth >= self.tops[seat]:
            return 0.0
        step = (seat, bisect_right(self.charges, wealth))
        q = self._chances.get(step)
        if q is None:
            q = 0.0
            for o, c, p in self.out:
                if c > wealth and o != seat:
                    q += p
            self._chances[step] = q
        return q


class RuinRisk:
    """The ruin part of :class:`~landlord.rules.monopoly.prospects.MonopolyProspects` (its base; the
    prospects' ``__init__`` sets the state kept here)."""

    __slots__ = ("_paths", "_threats", "_whole")  # (set by the prospects' __init__)

    _whole: tuple[int, list[tuple[int, Build]], list[tuple[int, float, float]]]
    _paths: dict[tuple[tuple[int, ...], tuple[int, ...]], Build]
    _threats: Threats

    if TYPE_CHECKING:
        _state: MonopolyState
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
        the buildings its holder could put up (:class:`Build`: evenly, a house on every lot before
        a second on any, up to the hotel; each at its price); every other charge as it stands
        (:meth:`landing_charges`). Kept while the table and what those holders' cash pays for stand."""
        return self.risk().out

    def risk(self) -> Threats:
        """:class:`Threats` at the table as it stands, worked out again only when the table or
        the buildings a whole group's holder can pay for change, and then kept where the charges
        come out as they were."""
        version = self.version
        whole = self._whole
        if whole[0] != version:
            whole = self._whole = self._builders(version)
        bal = self._state.g.ledger.balances
        key = (version, tuple([b.bought(bal[o]) for o, b in whole[1]]))
        kept = self._threats
        if kept.key == key:
            return kept
        odds, terms = self.odds(), self.deed_terms
        out: list[tuple[int, float, float]] = []
        for (o, b), n in zip(whole[1], key[1], strict=True):
            for j, h in zip(b.group, b.levels[n], strict=True):
                d = terms[j]
                assert d is not None
                out.append((o, d.rents[1 + h] if h else d.rents[1], odds[j]))
        out += whole[2]
        if out == kept.out:  # the same charges: kept, with the chances worked out
            kept.key = key
            return kept
        self._threats = Threats(key, out, len(self._state.g.players))
        return self._threats

    def _builders(self, version: int) -> tuple[int, list[tuple[int, Build]], list[tuple[int, float, float]]]:
        """(``version``; (holder, how he builds) of every whole colour group none of whose lots is
        mortgaged; every other charge a landing makes, as it stands): what :meth:`risk` reads of
        the table while it stands (a deed, a mortgage or a building changes its ``version``)."""
        own, mort, houses, paths = self.owner, self.mortgaged, self.houses, self._paths
        builds = []
        built: set[int] = set()
        for g in self.street_groups:
            o = own[g[0]]
            if o < 0:
                continue
            for j in g:
                if own[j] != o or mort[j]:
                    break
            else:
                at = (g, tuple([houses[j] for j in g]))
                path = paths.get(at)
                if path is None:
                    path = paths[at] = Build(g, houses, self.deed_terms, self.hotel_after)
                builds.append((o, path))
                built.update(g)
        rest = [(o, c, p) for o, c, _, p, i in self.landing_charges() if i not in built]
        return version, builds, rest

    def ruin_chance(self, seat: int, wealth: float) -> float:
        """The chance that one throw of ``seat`` ends where a landing could charge him more than
        ``wealth`` (:meth:`threats`; BANKRUPTCY: "A player is bankrupt when he owes more than he
        can pay": his cash and all he can raise, :meth:`raisable`): Σ :meth:`chance` of those
        spaces. The cards' charges are left out."""
        return self.risk().chance(seat, wealth)

    def threat(self, seat: int) -> float:
        """The most one landing could charge ``seat`` (:meth:`threats`)."""
        return self.risk().tops[seat]
