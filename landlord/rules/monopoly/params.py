"""Monopoly's params (the Parker Brothers game, its short and time-limit games and the Mucker
variant), declared once, typed and frozen: :class:`ParamsMonopoly`.

The family class reads its numbers as attributes of ``self.params`` (:func:`in_phase`: built by
:func:`of` from the ruleset's values once per ruleset and phase, taken when the game starts and
again at a switch of phase), so mypy checks every read; ``PARAMS`` (the names and types a
ruleset of the family must give, checked by the loader) is derived from the same declaration
(:mod:`landlord.rules.params`). The decks are data files of their own (``chance_deck``,
``chest_deck``: :mod:`landlord.data.decks`).
"""

from __future__ import annotations

from dataclasses import dataclass

from landlord.engine.rulebook import SharedParams
from landlord.rules.params import builder, declared_types, per_phase


@dataclass(frozen=True, slots=True)
class ParamsMonopoly(SharedParams):
    """The numbers of a Monopoly game in force (``data/rulesets/monopoly*.toml``, ``mucker*.toml``),
    after the engine's :class:`~landlord.engine.rulebook.SharedParams`."""

    edition: str
    chance_deck: str
    chest_deck: str
    start_cash: int
    go_salary: int
    jail_fine: int
    jail_throws: int
    fine_before_throw_turns: int
    houses: int
    hotels: int
    hotel_after: int
    mortgage_interest_percent: int
    income_tax_choice: bool
    rent_must_be_asked: bool
    deal_deeds: int
    deal_paid: bool
    end_after_bankruptcies: int
    final_turnover: bool
    round_limit: int
    # Mucker Monopoly's house rules (seed 002)
    free_parking_pot: bool
    jail_card_bribe: bool
    bribe_refused_amount: int
    banker_seat: int
    auction_steps: tuple[int, ...]
    trade_cash_steps: tuple[int, ...]
    trade_max_items: int
    theme: str
    theme_words: tuple[str, ...]
    theme_space_names: tuple[str, ...]


of = builder(ParamsMonopoly)
"""The params of a phase from its plain values (:meth:`landlord.data.ruleset.Ruleset.values`)."""

in_phase = per_phase(of)
"""The params a ruleset has in force in a phase, built once per ruleset and phase."""

PARAMS: dict[str, type] = declared_types(ParamsMonopoly)
"""The params a ruleset of the Monopoly family must give, with their types."""
