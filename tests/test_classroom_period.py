"""A Monopoly class game fits a period (issue 37, point 4): a class round of Monopoly took about
4.5 minutes with quick students, and the class's default of 12 rounds made a 54-minute game in a
period with about 30 minutes of play (the class guide's minutes 8-38). ``landlord class`` now
sets 6 rounds for Monopoly by default (about 27 minutes), says why in its help, and keeps 12 for
the other games; the teacher's ``--rounds`` still decides."""

from __future__ import annotations

import argparse

import pytest

from landlord.apps.classroom.room import PERIOD_ROUNDS, class_rounds
from landlord.apps.classroom.server import add_arguments, spec_from

PLAY_MINUTES = 30
"""Minutes of play in the class guide's period (8-38)."""
MONOPOLY_ROUND_MINUTES = 4.5
"""Minutes a Monopoly class round took with quick students (issue 37's trial)."""


def parse(*argv: str) -> argparse.Namespace:
    p = argparse.ArgumentParser()
    add_arguments(p)
    return p.parse_args(list(argv))


@pytest.mark.parametrize("ruleset, rounds", [("monopoly", 6), ("monopoly-short", 6), ("monopoly-time-limit", 6),
                                             ("magie-1904", 12), ("magie-1906", 12), ("british-1913-part1", 12)])
def test_a_class_game_fits_a_period_by_default(ruleset: str, rounds: int) -> None:
    assert spec_from(parse("--ruleset", ruleset)).rounds == rounds == class_rounds(ruleset)
    assert spec_from(parse("--ruleset", ruleset, "--rounds", "9")).rounds == 9  # the teacher decides


def test_the_monopoly_default_fits_the_play_and_says_why() -> None:
    n, _ = PERIOD_ROUNDS["monopoly"]
    assert n * MONOPOLY_ROUND_MINUTES <= PLAY_MINUTES < (n + 1) * MONOPOLY_ROUND_MINUTES  # the most that fit
    p = argparse.ArgumentParser()
    add_arguments(p)
    helped = " ".join(p.format_help().split())
    assert "6 for monopoly" in helped and "4.5 minutes" in helped and "30 minutes of play" in helped
