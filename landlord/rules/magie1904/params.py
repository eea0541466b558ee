"""The 1904 family's params, declared once, typed and frozen: :class:`Params1904`.

The family class reads its numbers as attributes of ``self.params`` (:func:`in_phase`: built by
:func:`of` from the ruleset's values once per ruleset and phase, taken when the game starts and
again at each switch of phase), so mypy checks every read; ``PARAMS`` (the names and types a
ruleset of the family must give, checked by the loader) is derived from the same declaration
(:mod:`landlord.rules.params`).
"""

from __future__ import annotations

from dataclasses import dataclass

from landlord.rules.params import builder, declared_types, per_phase
from landlord.rules.single_tax import SingleTaxParams


@dataclass(frozen=True, slots=True)
class Params1904(SingleTaxParams):
    """The numbers of the 1904 patent game in force in one phase (``data/rulesets/magie-1904*.toml``),
    after those of :class:`~landlord.rules.single_tax.SingleTaxParams` (the single-tax phase
    mapped onto the patent board: see ``SINGLE_TAX_MAPPING``)."""

    start_cash: int
    lot_tickets: bool
    tickets_drawn: int
    circuits: int
    jail_fine: int
    luxury_value: int
    legacy_ticket_value: int
    loan_unit: int
    loan_margin: int
    loan_interest: int
    # the single-tax phase's own
    annul_order: tuple[int, ...]


of = builder(Params1904)
"""The params of a phase from its plain values (:meth:`landlord.data.ruleset.Ruleset.values`)."""

in_phase = per_phase(of)
"""The params a ruleset has in force in a phase, built once per ruleset and phase."""

PARAMS: dict[str, type] = declared_types(Params1904)
"""The params a ruleset of the 1904 family must give, with their types."""
