"""Phase changes: when the rules in force switch (Magie's single tax, the 1913 game's Parts).

A trigger names the phase to switch to and when::

    start      from the first turn
    turn:N     at the start of turn N (turns count every player's turn from 1)
    round:N    at the start of round N
    gini:X     at the start of the first turn on which the Gini of net worth (population form)
               exceeds X
    vote       when enough players vote for it (the rules family puts the vote to the seats;
               see its ``vote`` rule)

A switch is logged as a ``phase`` event; holdings, cash, positions and debts carry over.
"""

from __future__ import annotations

from dataclasses import dataclass

KINDS = ("start", "turn", "round", "gini", "vote")


@dataclass(frozen=True, slots=True)
class Trigger:
    """Switch to ``phase`` when ``kind`` (``start``/``turn``/``round``/``gini``/``vote``)
    reaches ``value``."""

    phase: str
    kind: str
    value: float = 0

    @property
    def text(self) -> str:
        """The trigger as it is written (``turn:30``)."""
        if self.kind in ("start", "vote"):
            return self.kind
        shown = int(self.value) if self.kind != "gini" else self.value
        return f"{self.kind}:{shown}"


def parse_trigger(text: str, phase: str) -> Trigger:
    """Read ``start``, ``turn:N``, ``round:N``, ``gini:X`` or ``vote``; ValueError says why not."""
    kind, _, arg = text.strip().partition(":")
    if kind not in KINDS:
        raise ValueError(f"unknown trigger {text!r}: use start, vote, turn:N, round:N or gini:X")
    if kind in ("start", "vote"):
        if arg:
            raise ValueError(f"trigger {kind!r} takes no value, got {text!r}")
        return Trigger(phase, kind)
    try:
        value = float(arg) if kind == "gini" else int(arg)
    except ValueError:
        raise ValueError(f"trigger {text!r}: {kind} needs a number after the colon") from None
    if kind == "gini" and not 0 < value < 1:
        raise ValueError(f"trigger {text!r}: a Gini threshold lies between 0 and 1")
    if kind != "gini" and value < 1:
        raise ValueError(f"trigger {text!r}: {kind} numbers start at 1")
    return Trigger(phase, kind, value)


def parse_switch(text: str) -> Trigger:
    """A phase switch written ``phase@trigger`` (``"single_tax@vote"``, ``"part2@round:25"``), as
    the game table, the lab, scenario grids and the 1913 ``sequence`` param write it; ValueError
    says what is wrong."""
    phase, sep, when = text.partition("@")
    if not sep or not phase.strip():
        raise ValueError(f"{text!r}: write a switch as phase@trigger, e.g. single_tax@turn:30")
    return parse_trigger(when, phase.strip())
