"""The 1906 family's params, declared once, typed and frozen: :class:`Params1906`.

The family class reads its numbers as attributes of ``self.params`` (:func:`in_phase`: built by
:func:`of` from the ruleset's values once per ruleset and phase, taken when the game starts and
again at each switch of phase), so mypy checks every read; ``PARAMS`` (the names and types a
ruleset of the family must give, checked by the loader) is derived from the same declaration
(:mod:`landlord.rules.params`). The Chance cards are typed data
(:class:`~landlord.rules.magie1906.cards.Chance1906`), read from their texts when the params are
built and checked when the ruleset is loaded.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from landlord.rules.magie1906.cards import Chance1906, read_cards
from landlord.rules.params import Reader, builder, declared_types, per_phase, readers, reads
from landlord.rules.single_tax import SingleTaxParams


def _hands(hands: Sequence[Sequence[int]]) -> tuple[tuple[int, ...], ...]:
    """The average hands, each a tuple of spaces (frozen)."""
    return tuple(tuple(h) for h in hands)


@dataclass(frozen=True, slots=True)
class Params1906(SingleTaxParams):
    """The numbers of the 1906 game in force in one phase (``data/rulesets/magie-1906*.toml``),
    after those of :class:`~landlord.rules.single_tax.SingleTaxParams`."""

    start_cash_by_players: tuple[int, ...]
    cards_dealt: int
    bid_step: int
    jail_fine: int
    jail_max_missed: int
    advanced_rules: bool
    tax_steps: tuple[int, ...]
    speculation_table: tuple[int, ...]
    speculation_double: int
    broker_percent: int
    railroad_fares: tuple[int, ...]
    trust_fare: int
    cinch_rate: int
    house_price: int
    house_rent: int
    max_houses: int
    card_value: int
    house_value: int
    luxury_value: int
    mortgage_percent: int
    mortgage_interest_percent: int
    house_sale_percent: int
    double_throws_again: bool
    chance_cards: tuple[Chance1906, ...] = field(metadata=reads(read_cards))
    circuits: int
    # the single-tax phase's own (rules 1-8 of the Single Tax)
    college_order: tuple[int, ...]
    education_for_professor: int
    professor_value: int
    monarch: bool
    prosperity_end: bool
    prosperity_factor: int
    average_hands: bool
    average_hand_cards: tuple[tuple[int, ...], ...] = field(metadata=reads(_hands))
    average_hand_cash: int
    market_prices: tuple[int, ...]


of = builder(Params1906)
"""The params of a phase from its plain values (:meth:`landlord.data.ruleset.Ruleset.values`)."""

in_phase = per_phase(of)
"""The params a ruleset has in force in a phase, built once per ruleset and phase."""

PARAMS: dict[str, type] = declared_types(Params1906)
"""The params a ruleset of the 1906 family must give, with their types."""

READERS: dict[str, Reader] = readers(Params1906)
"""The params read into types of their own (the Chance cards), checked by the loader."""
