"""Decisions: a choice the rules put to one seat, with exactly the legal options, and an answer
checked legal (:class:`Checked`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

OptionText = str
"""An option as decisions, records and saves carry it: its wire text (``"buy"``, ``"build:12"``);
:class:`landlord.engine.options.Option` reads and makes it."""


class Decision(NamedTuple):
    """A question for ``seat``. ``kind`` names the rule asking (``"buy_lot"``, ``"jail"``, …);
    ``options`` are the legal answers; ``space`` and ``amount`` give the context (-1/0 if none).
    Immutable, so a widget holding a stale decision cannot change the game.
    """

    seat: int
    kind: str
    options: tuple[OptionText, ...]
    space: int = -1
    amount: int = 0


@dataclass(frozen=True)
class Checked:
    """An answer :meth:`landlord.engine.game.Game.check` found legal: ``choice`` answers
    ``decision``, checked when the game's record held ``at`` entries. The game that checked it
    takes it without checking again while it still :meth:`~landlord.engine.game.Game.holds`
    (the same pending decision, the record not moved): one answer, checked once, from where it
    comes in to where it is applied."""

    choice: OptionText
    decision: Decision
    at: int
