"""The 1913 game's Luxury and Chance cards as typed data: :class:`Card1913`, read once from
the ruleset's ``luxury_cards``/``chance_cards`` rows (``{text, action, amount}``) by
:func:`read_cards`.

Reconstructed decks: the 1913 cards are not transcribed (``data/rulesets/british-1913-part1.toml``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, cast

from landlord.rules.cards import Goes, MovingCard, read_deck

Action = Literal["pay_bank", "pay_treasury", "income_tax", "receive_bank", "gaol", "mother_earth", "back"]
"""What a card does: pay ``amount`` to the Bank or the Public Treasury, pay it as income tax
(to the Treasury; relieved in Part 3), receive it from the Bank, go to Gaol, advance to Mother
Earth, or go back ``amount`` spaces."""

ACTIONS: tuple[Action, ...] = ("pay_bank", "pay_treasury", "income_tax", "receive_bank", "gaol",
                               "mother_earth", "back")

_KEYS = ("text", "action", "amount")

_GOES: dict[Action, Goes] = {"gaol": "jail", "mother_earth": "mother_earth", "back": "back"}
"""Where a card sends a token (the others stay: cards of money)."""


@dataclass(frozen=True, slots=True)
class Card1913(MovingCard):
    """One Luxury or Chance card: the words it shows, what it does and its amount (pounds, or
    spaces for ``back``)."""

    GOES: ClassVar[Mapping[Any, Goes]] = _GOES
    """``gaol`` → jail, ``mother_earth`` → to Mother Earth, ``back`` → that many spaces back."""
    text: str
    action: Action
    amount: int


def read_card(row: Mapping[str, Any]) -> Card1913:
    """One card from its row ``{text, action, amount}``; ValueError naming the key that is wrong."""
    if not isinstance(row, Mapping):
        raise ValueError(f"expected a table of {', '.join(_KEYS)}, got {row!r}")
    for key in row:
        if key not in _KEYS:
            raise ValueError(f"unknown key {key!r} (a card has {', '.join(_KEYS)})")
    for key in _KEYS:
        if key not in row:
            raise ValueError(f"no {key!r} (a card has {', '.join(_KEYS)})")
    text, action, amount = row["text"], row["action"], row["amount"]
    if not isinstance(text, str):
        raise ValueError(f"its text must be words, got {text!r}")
    if action not in ACTIONS:
        raise ValueError(f"its action {action!r} is none of {', '.join(ACTIONS)}")
    if not isinstance(amount, int) or isinstance(amount, bool) or amount < 0:
        raise ValueError(f"its amount must be a whole number, 0 or more, got {amount!r}")
    return Card1913(text, cast(Action, action), amount)


def read_cards(rows: Sequence[Mapping[str, Any]]) -> tuple[Card1913, ...]:
    """A deck of rows, in order; ValueError naming the card that is wrong."""
    return read_deck(read_card, rows)
