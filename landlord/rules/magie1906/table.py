"""What the 1906 bots read off the table to value a card."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from landlord import landing

if TYPE_CHECKING:
    from landlord.rules.magie1906.state import Magie1906State


_CHANCES: dict[tuple[int, str], tuple[Any, dict[int, float]]] = {}


class Table1906:
    """What the 1906 bots read off the table to value a card (all of it public: the cards, the
    houses, the board, the dice): :mod:`landlord.rules.magie1906_bots` turns it into a price."""

    __slots__ = ("_r", "franchises", "paired")

    def __init__(self, rules: Magie1906State) -> None:
        self._r = rules
        self.paired = tuple(i for i, k in enumerate(rules.kinds) if k in ("railroad", "franchise"))
        """The railroads and franchises: cards worth more to the holder of others of their kind."""
        self.franchises = tuple(rules.g.board.indices("franchise"))

    def holder(self, idx: int) -> int:
        """Who holds the card of space ``idx`` (-1: the pack)."""
        return self._r.owner[idx]

    def pack_sale(self, idx: int) -> bool:
        """Whether a ``bid`` or ``buy`` decision on space ``idx`` is the sale of a card from the
        pack (rules 1 and 7), not the single tax's building privilege (rule 4), which asks with
        the same kinds and is only ever on a lot under the single tax."""
        r = self._r
        return not (r.g.p["single_tax"] and r.kinds[idx] == "lot")

    def printed_price(self, idx: int) -> int:
        """The card's "original sale price", printed on the card and the board (rule 1)."""
        return int(self._r.g.board.spaces[idx].price)

    def chance(self, idx: int) -> float:
        """The exact chance that a throw ends on space ``idx`` (:func:`landlord.landing.exact`
        on the 1906 movement of the phase in force), worked out once per ruleset and phase."""
        g = self._r.g
        key = (id(g.ruleset), g.phase)
        hit = _CHANCES.get(key)
        if hit is None or hit[0] is not g.ruleset:
            hit = (g.ruleset, landing.exact(landing.movement_for(g.ruleset, g.phase)))
            _CHANCES[key] = hit
        return hit[1].get(idx, 0.0)

    def earning(self, idx: int, seat: int) -> float:
        """What a player stopping on ``idx`` would pay ``seat`` if ``seat`` held its card
        (rules 7, 8 and 9; nothing for a deed under the single tax or a card the public owns).
        Speculation: the $10 ante plus the broker's 10 percent of the mean winnings."""
        r = self._r
        g = r.g
        p = g.p
        kind = r.kinds[idx]
        if idx in r.public or (kind == "lot" and p["single_tax"]):
            return 0.0
        if kind == "lot":
            return float(r.land_rent(idx) + r.house_rent(idx))
        if kind == "railroad":
            held = sum(1 for i in r.railroads if r.owner[i] == seat or i == idx)
            return float(p["railroad_fares"][min(held, len(p["railroad_fares"])) - 1])
        if kind == "franchise":
            both = all(r.owner[i] == seat or i == idx for i in self.franchises)
            return float(p["cinch_rate"] if both else g.board.spaces[idx].fee)
        if kind == "speculation":
            table = p["speculation_table"]
            mean = sum(p["speculation_double"] if a == b else table[a + b]
                       for a in range(1, 7) for b in range(1, 7)) / 36
            return g.board.spaces[idx].fee + mean * p["broker_percent"] / 100
        return 0.0

    def end_value(self, idx: int) -> int:
        """What the card counts at the end: "Every card ... counts the holder or owner 100";
        a title deed nothing under the single tax ("the Title Deeds are of no value")."""
        r = self._r
        if r.kinds[idx] == "lot" and r.g.p["single_tax"]:
            return 0
        return int(r.g.p["card_value"])

    def throws_left(self) -> float:
        """The throws each player may still expect: the game ends when every player has been
        round Mother Earth ``circuits`` times, so the slowest player's circuits still to go,
        at one throw per seven spaces (the mean throw of two dice), within the rounds left."""
        r = self._r
        g = r.g
        to_go = max(0, g.p["circuits"] - min(pl.circuits for pl in g.players))
        return float(min(to_go * r.n / 7, max(0, g.p["max_rounds"] - g.round)))
