"""Play the lessons' reveals' measurements and keep their games in ``data/played/``
(:mod:`landlord.runs.kept`)::

    python3 -m landlord.runs.keep_lessons

Run it after a change to the rules, their data, or a measurement (``tests/test_kept.py`` says
when a kept file no longer answers)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import Any

from landlord.runs import decompose
from landlord.runs.kept import recording, write
from landlord.runs.measures import finals_by_cell, simulated, single_tax_1906, switch_games
from landlord.runs.scenario import Scenario, scenario_from_dict

RICHEST_KEPT = "magie-1904-richest"
"""The kept games of lesson 1's reveal."""
SINGLE_TAX_KEPT = "magie-1906-single-tax-finals"
"""The kept games of lesson 2's final reveal."""
WAGES_KEPT = "magie-1904-wages-finals"
"""The kept games of lesson 5's reveal."""


def wages_scenario(strategies: Sequence[str], games: int = 100) -> Scenario:
    """Lesson 5's reveal: the 1904 game at four wages, under landlord rules and under the single
    tax from the start, ``games`` games a cell on shared seeds (root 1904)."""
    return scenario_from_dict({
        "scenario": {"title": "wages and the single tax", "ruleset": "magie-1904", "players": 4,
                     "strategies": list(strategies), "games": games, "seed": 1904, "seeds": "shared"},
        "tax": {"phase": "single_tax"}, "grid": {"wages": [50, 100, 150, 200], "tax.start": ["never", "start"]}})


LESSON_BOTS = ("landlord", "tenant", "speculator")
"""The computer players of the lessons' games (``landlord.widgets.reveals.BOTS``; a fourth seat a
second landlord)."""


def lesson_measurements(games: int | None = None) -> list[Callable[[], Any]]:
    """The measurements the lessons' reveals make, called as the reveals call them (with
    ``games`` games, or seeds, each instead of the lesson's, if given)."""
    def n(lesson: int) -> int:
        return games or lesson

    bots = list(LESSON_BOTS)
    return [lambda: simulated("magie-1904", [*bots, "landlord"], range(n(200)), kept=RICHEST_KEPT),
            lambda: switch_games("magie-1906", [*bots, "landlord"], range(n(200)), "round:15"),
            lambda: finals_by_cell(single_tax_1906(bots, n(100)), kept=SINGLE_TAX_KEPT),
            lambda: decompose.british1913_parts(n(200)), lambda: decompose.british1913(n(100)),
            lambda: decompose.british1913_in_order(n(100)), lambda: decompose.rates_paid_by_visitors(n(100)),
            lambda: finals_by_cell(wages_scenario(bots, n(100)), kept=WAGES_KEPT)]


def main() -> int:
    """Play every lesson measurement and write its kept file."""
    with recording() as made:
        for measure in lesson_measurements():
            measure()
    for name, (args, records, what) in sorted(made.items()):
        path = write(name, args, records, what)
        print(f"wrote {path} ({len(records)} seeds)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
