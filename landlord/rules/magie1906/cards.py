"""The 1906 game's Chance cards as typed data: :class:`Chance1906`, read once from the
ruleset's ``chance_cards`` texts (``action:amount|text``) by :func:`read_cards`.

RECONSTRUCTED rule 11 deck: no 1906 card is transcribed (``data/rulesets/magie-1906.toml``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, cast

from landlord.rules.cards import Goes, MovingCard, read_deck

CARD_KINDS = ("lot", "railroad", "franchise", "speculation")
"""The kinds of space a green card is for (rule 1: title deeds, charters, the broker's licence)."""

Action = Literal["collect", "pay", "fine", "jail", "mother_earth", "back"]
"""What a card does: ``collect`` (from the Bank), ``pay`` (to the Bank), ``fine`` (to the
Public Treasury), ``jail``, ``mother_earth`` (advance to Mother Earth) or ``back`` (go back
``amount`` spaces)."""

ACTIONS: tuple[Action, ...] = ("collect", "pay", "fine", "jail", "mother_earth", "back")

_GOES: dict[Action, Goes] = {"jail": "jail", "mother_earth": "mother_earth", "back": "back"}
"""Where a card sends a token (the others stay: cards of money)."""

_CARD = re.compile(r"([A-Za-z_]+):(\d{0,7})\|(.*)", re.DOTALL)


@dataclass(frozen=True, slots=True)
class Chance1906(MovingCard):
    """One Chance card: what it does, its amount (dollars, or spaces for ``back``) and the
    words it shows (the text after ``|``, trimmed)."""

    GOES: ClassVar[Mapping[Any, Goes]] = _GOES
    """``jail`` → Jail, ``mother_earth`` → to Mother Earth, ``back`` → that many spaces back."""
    action: Action
    amount: int
    text: str


def read_card(text: str) -> Chance1906:
    """One card from its text ``action:amount|text``; ValueError naming the part that is wrong."""
    m = _CARD.fullmatch(text) if isinstance(text, str) else None
    if m is None:
        raise ValueError(f"{text!r} is not a chance card: write it action:amount|text "
                         f"(e.g. 'pay:25|Doctor's bill'), the amount a whole number of at most 7 digits")
    if m[1] not in ACTIONS:
        raise ValueError(f"{text!r}: its action {m[1]!r} is none of {', '.join(ACTIONS)} "
                         f"(a card is action:amount|text)")
    return Chance1906(cast(Action, m[1]), int(m[2] or 0), m[3].strip())


def read_cards(texts: Sequence[str]) -> tuple[Chance1906, ...]:
    """The deck of ``chance_cards`` texts, in order; ValueError naming the card that is wrong."""
    return read_deck(read_card, texts)
