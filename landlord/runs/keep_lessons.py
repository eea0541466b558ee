"""Play the lessons' reveals' measurements and keep their games in ``data/played/``
(:mod:`landlord.runs.kept`)::

    python3 -m landlord.runs.keep_lessons

Run it after a change to the rules, their data, or a measurement (``tests/test_kept.py`` says
when a kept file no longer answers)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from landlord.runs import decompose
from landlord.runs.kept import recording, write
from landlord.runs.measures import finals_by_cell, single_tax_1906, switch_games

SINGLE_TAX_KEPT = "magie-1906-single-tax-finals"
"""The kept games of lesson 2's final reveal."""


LESSON_BOTS = ("landlord", "tenant", "speculator")
"""The computer players of the lessons' games (``landlord.widgets.reveals.BOTS``; a fourth seat a
second landlord)."""


def lesson_measurements(games: int | None = None) -> list[Callable[[], Any]]:
    """The measurements the lessons' reveals make, called as the reveals call them (with
    ``games`` games, or seeds, each instead of the lesson's, if given)."""
    def n(lesson: int) -> int:
        return games or lesson

    bots = list(LESSON_BOTS)
    return [lambda: switch_games("magie-1906", [*bots, "landlord"], range(n(200)), "round:15"),
            lambda: finals_by_cell(single_tax_1906(bots, n(100)), kept=SINGLE_TAX_KEPT),
            lambda: decompose.british1913_parts(n(200)), lambda: decompose.british1913(n(100)),
            lambda: decompose.british1913_in_order(n(100)), lambda: decompose.rates_paid_by_visitors(n(100))]


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
