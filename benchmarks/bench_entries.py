"""Benchmark: what a record entry costs to make, as the kit makes it and as a frozen dataclass.

The record's entries (:mod:`landlord.engine.entries`) are immutable subclasses of ``str``,
``tuple`` and ``dict`` (the DECISION in that module). This prints, side by side in one run, the
CPU time to make one answer and one throw of the dice each way, the entries a bot game records
per ruleset, and what the frozen dataclasses would add to a game's CPU time
(``python3 benchmarks/bench_entries.py``).
"""

from __future__ import annotations

import time
import timeit
from dataclasses import dataclass

from landlord.data.loader import load_ruleset
from landlord.engine.entries import Answer, Chance
from landlord.players.characters import make_strategy
from landlord.rules.families import FamilyGame

RULESETS = ("magie-1904", "magie-1906", "british-1913-part1", "monopoly")


@dataclass(frozen=True, slots=True)
class FrozenAnswer:
    option: str


@dataclass(frozen=True, slots=True)
class FrozenChance:
    kind: str
    values: tuple[int, ...]


def per_call(make: object, n: int = 200_000) -> float:
    """The best of five runs of ``n`` calls, in nanoseconds a call."""
    return min(timeit.repeat(make, number=n, repeat=5)) / n * 1e9  # type: ignore[arg-type]


def main() -> None:
    kit_answer = per_call(lambda: Answer("buy"))
    dc_answer = per_call(lambda: FrozenAnswer("buy"))
    kit_dice = per_call(lambda: Chance("dice", 3, 5))
    dc_dice = per_call(lambda: FrozenChance("dice", (3, 5)))
    print(f"{'make one':<22}{'kit (ns)':>10}{'frozen dataclass (ns)':>24}")
    print(f"{'answer':<22}{kit_answer:>10.0f}{dc_answer:>24.0f}")
    print(f"{'throw of the dice':<22}{kit_dice:>10.0f}{dc_dice:>24.0f}")
    extra = max(dc_answer - kit_answer, dc_dice - kit_dice) / 1e6  # ms an entry, the larger gap
    print(f"\n{'ruleset':<22}{'entries/game':>13}{'ms/game':>10}{'dataclasses add':>17}")
    for rid in RULESETS:
        rs = load_ruleset(rid)
        n = max(rs.players_min, min(4, rs.players_max))
        entries = 0
        start = time.process_time()
        for seed in range(40):
            g = FamilyGame(rs, [make_strategy("landlord", f"{seed}-{i}") for i in range(n)], seed, log=False)
            g.run()
            entries += len(g.entries)
        ms = (time.process_time() - start) / 40 * 1000
        per_game = entries / 40
        print(f"{rid:<22}{per_game:>13.0f}{ms:>10.2f}{per_game * extra / ms:>16.1%}")


if __name__ == "__main__":
    main()
