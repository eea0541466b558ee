"""Golden transcripts of seeded 1904 games, replayed from their recorded choices.

The transcript of seed 7 was read through by hand against the patent's rules when it was
recorded (start cash, ticket draws in turn, lot prices 10n to the treasury, rents n to holders,
$5 necessities and fares, wages at each pass, the end at the last fifth circuit).
"""

from __future__ import annotations

import pytest
from golden_io import GOLDEN, check, read

CASES = {
    "magie-1904_seed7.txt": ("magie-1904", 7, ["landlord", "tenant", "speculator", "landlord"]),
    "magie-1904_seed2024.txt": ("magie-1904", 2024, ["speculator", "random", "tenant"]),
    "magie-1904-no-tickets_seed3.txt": ("magie-1904-no-tickets", 3, ["landlord", "speculator", "random", "tenant"]),
}


@pytest.mark.parametrize("filename", sorted(CASES))
def test_golden_transcript_replays_byte_for_byte(filename: str) -> None:
    check(filename, *CASES[filename])


def test_golden_seed7_spot_checks_against_the_rules() -> None:
    """Facts of the recorded game checked line by line against the patent."""
    _, text = read(GOLDEN / "magie-1904_seed7.txt")
    lines = text.splitlines()
    assert sum("paid $500 start cash" in ln for ln in lines) == 4
    assert sum("drew the lot ticket" in ln for ln in lines) == 12
    # every wage is $100 from the Wages box, and no player is paid more than five
    wages = [ln for ln in lines if "wages to" in ln]
    assert all("Wages box paid $100 wages" in ln for ln in wages)
    assert len(wages) == 4 * 5
    assert lines[-1].endswith("The game is over (circuits).")
