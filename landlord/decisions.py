"""Decisions: a choice the rules put to one seat, with exactly the legal options."""

from __future__ import annotations

from dataclasses import dataclass

Option = str


@dataclass(frozen=True, slots=True)
class Decision:
    """A question for ``seat``. ``kind`` names the rule asking (``"buy_lot"``, ``"jail"``, …);
    ``options`` are the legal answers; ``space`` and ``amount`` give the context (-1/0 if none).
    """

    seat: int
    kind: str
    options: tuple[Option, ...]
    space: int = -1
    amount: int = 0
