"""The 1913 family's params, declared once, typed and frozen: :class:`Params1913`.

The family class reads its numbers as attributes of ``self.params`` (:func:`in_phase`: built by
:func:`of` from the ruleset's values once per ruleset and phase, taken when the game starts and
again at each switch of Part), so mypy checks every read; ``PARAMS`` (the names and types a
ruleset of the family must give, checked by the loader) is derived from the same declaration
(:mod:`landlord.rules.params`). The Luxury and Chance cards are typed data
(:class:`~landlord.rules.british1913.cards.Card1913`), read from their rows when the params are
built and checked when the ruleset is loaded. The bots read them off the land's prospects
(:attr:`~landlord.rules.british1913.prospects.LandProspects.params`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from landlord.engine.rulebook import SharedParams
from landlord.rules.british1913.cards import Card1913, read_cards
from landlord.rules.params import Reader, builder, declared_types, per_phase, readers, reads


@dataclass(frozen=True, slots=True)
class Params1913(SharedParams):
    """The numbers of the 1913 game in force in one Part (``data/rulesets/british-1913-*.toml``),
    after the engine's :class:`~landlord.engine.rulebook.SharedParams`."""

    part: int
    start_cash: int
    notes: tuple[int, ...]
    further_cash: int
    advised_reserve: int
    wages: int
    part3_wages: int
    wages_from_free_land: bool
    improved_wages: int
    pension: int
    pension_after: int
    scarcity_doubling: bool
    improvements: bool
    rates_on_improvements: bool
    land_value_tax: bool
    gaol_penalties: bool
    duties: bool
    bankrupt_to: str
    improve_undeveloped: bool
    circuits: int
    gaol_fine: int
    gaol_throws: int
    asylum_wait: int
    bargain_prices: tuple[int, ...]
    forced_bid_percents: tuple[int, ...]
    offer_percents: tuple[int, ...]
    pack_bid_percents: tuple[int, ...]
    land_tax_assessed: bool
    small_holdings: bool
    government_price_percent: int
    free_land_wages: int
    sequence: tuple[str, ...]
    luxury_cards: tuple[Card1913, ...] = field(metadata=reads(read_cards))
    chance_cards: tuple[Card1913, ...] = field(metadata=reads(read_cards))
    industry_taxes: bool


of = builder(Params1913)
"""The params of a Part from its plain values (:meth:`landlord.data.ruleset.Ruleset.values`)."""

in_phase = per_phase(of)
"""The params a ruleset has in force in a Part, built once per ruleset and Part."""

PARAMS: dict[str, type] = declared_types(Params1913)
"""The params a ruleset of the 1913 family must give, with their types."""

READERS: dict[str, Reader] = readers(Params1913)
"""The params read into types of their own (the Luxury and Chance cards), checked by the loader."""
