"""Benchmark (issue 36, point 3): the players who value every option by what the rules pay,
head to head against the characters they replaced, and their speed.

    python3 studies/players_head_to_head.py [seeds] [ruleset ...]

For each ruleset (default: every family whose players changed) and each character (landlord,
speculator, tenant), four seats: two new players and two old ones of the same character,
alternating, in both seatings (new first, old first) on each seed 0..seeds-1 (default 100), so
seat order favours neither. Prints the new players' share of the wins (a tie shares the win)
with its 95% interval (Wilson), then games per CPU-second of the lessons' seats (landlord,
tenant, speculator, landlord) all new and all old, alternating rounds of the same seeds
(``time.process_time``: other programs on a busy machine cost neither side, but a loaded
machine still slows both; compare the two figures of one run, not runs).

The old characters: the families' bots as they were before issue 36, kept as frozen copies
under ``studies/`` (``frozen_british1913_bots.py``, ``frozen_magie1904_bots.py``: the
Magie answers 1904 and 1906 share; ``frozen_monopoly_bots.py``: every Monopoly decision, the
Mucker games' too), because the old code is gone from the kit and the comparison needs both in
one process; an old player answers the decisions whose players changed as before, every other
as the kit now does.
"""

from __future__ import annotations

import math
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import frozen_british1913_bots
import frozen_magie1904_bots
import frozen_monopoly_bots

from landlord.data.loader import load_ruleset
from landlord.engine.decisions import Decision, OptionText
from landlord.engine.strategies import SeatView, Strategy
from landlord.players.characters import make_strategy
from landlord.rules.families import FamilyGame

Answer = Callable[[str, Any, SeatView, Decision], OptionText]
Asks = Callable[[SeatView, Decision], bool]



def _old1913(name: str, bot: Any, view: SeatView, d: Decision) -> OptionText:
    answer: OptionText = frozen_british1913_bots.choose(name, view, d)
    return answer


def _old1913_asks(view: SeatView, d: Decision) -> bool:
    return d.kind in frozen_british1913_bots.KINDS


def _old_monopoly_asks(view: SeatView, d: Decision) -> bool:
    return d.kind in frozen_monopoly_bots.KINDS


FROZEN: dict[str, tuple[Asks, Answer]] = {
    "british1913": (_old1913_asks, _old1913),
    "magie1904": (frozen_magie1904_bots.answers, frozen_magie1904_bots.answer),
    "magie1906": (frozen_magie1904_bots.answers, frozen_magie1904_bots.answer),
    "monopoly": (_old_monopoly_asks, frozen_monopoly_bots.answer),
}
"""Each family whose players changed: which decisions changed (``asks(view, decision)``), and
the old answer (``answer(character, bot, view, decision)``) to them."""
DEFAULT = ("magie-1904", "magie-1906", "british-1913-part1", "british-1913-part2", "british-1913-part3",
           "british-1913-sequence", "monopoly", "monopoly-short", "monopoly-time-limit", "mucker", "mucker-short")
CHARACTERS = ("landlord", "speculator", "tenant")
LESSON_SEATS = ("landlord", "tenant", "speculator", "landlord")


class Old:
    """The old character ``name``: the frozen answer of ``family`` to the decisions whose
    players changed, the kit's (unchanged) answer to any other."""

    def __init__(self, name: str, family: str) -> None:
        self.name = name
        self.asks, self.old = FROZEN[family]
        self.rest: Strategy = make_strategy(name)

    def choose(self, view: SeatView, d: Decision) -> OptionText:
        if self.asks(view, d):
            return self.old(self.name, self.rest, view, d)
        return self.rest.choose(view, d)


def wilson(wins: float, n: int) -> tuple[float, float]:
    """The 95% Wilson interval of a share ``wins / n``."""
    z = 1.96
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def new_wins(ruleset: str, character: str, seeds: int) -> tuple[float, int]:
    """The new players' wins (ties shared) and the games, over both seatings of each seed."""
    rs = load_ruleset(ruleset)
    won, games = 0.0, 0
    for seed in range(seeds):
        for new_first in (True, False):
            new = [(i % 2 == 0) == new_first for i in range(4)]
            bots: list[Strategy] = [make_strategy(character) if n else Old(character, rs.family) for n in new]
            g = FamilyGame(rs, bots, seed)
            g.run()
            totals = [c.total for c in g.results()]
            top = max(totals)
            winners = [i for i, t in enumerate(totals) if t == top]
            won += sum(1 for i in winners if new[i]) / len(winners)
            games += 1
    return won, games


def speed(ruleset: str, seeds: int, rounds: int = 3) -> tuple[float, float]:
    """Games per CPU-second of the lessons' seats, all new and all old (alternating rounds)."""
    rs = load_ruleset(ruleset)
    cpu = {True: 0.0, False: 0.0}
    for _ in range(rounds):
        for new in (True, False):
            t0 = time.process_time()
            for seed in range(seeds):
                bots: list[Strategy] = [make_strategy(s) if new else Old(s, rs.family) for s in LESSON_SEATS]
                FamilyGame(rs, bots, seed).run()
            cpu[new] += time.process_time() - t0
    return rounds * seeds / cpu[True], rounds * seeds / cpu[False]


def main() -> None:
    args = sys.argv[1:]
    seeds = int(args.pop(0)) if args and args[0].isdigit() else 100
    for ruleset in args or DEFAULT:
        for character in CHARACTERS:
            won, games = new_wins(ruleset, character, seeds)
            low, high = wilson(won, games)
            print(f"{ruleset:24} {character:10} new players' win share {won / games:6.1%} "
                  f"[{low:.1%}, {high:.1%}]  ({games} games, 2 new and 2 old seats)", flush=True)
        new, old = speed(ruleset, max(10, seeds // 5))
        print(f"{ruleset:24} games per CPU-second, lessons' seats: new {new:6.1f}  old {old:6.1f}", flush=True)


if __name__ == "__main__":
    main()
