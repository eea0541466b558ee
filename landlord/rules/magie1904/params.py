"""The 1904 family's params, declared once, typed and frozen: :class:`Params1904`.

The family class reads its numbers as attributes of ``self.params`` (built from the ruleset's
values when the game starts and again at each switch of phase), so mypy checks every read;
``PARAMS`` (the names and types a ruleset of the family must give, checked by the loader) is
derived from the same declaration.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Params1904:
    """The numbers of the 1904 patent game in force in one phase (``data/rulesets/magie-1904*.toml``)."""

    start_cash: int
    lot_tickets: bool
    tickets_drawn: int
    wages: int
    circuits: int
    jail_fine: int
    luxury_value: int
    legacy_ticket_value: int
    loan_unit: int
    loan_margin: int
    loan_interest: int
    max_rounds: int
    # the single-tax phase mapped onto the patent board (see SINGLE_TAX_MAPPING)
    single_tax: bool
    vote_min: int
    treasury_step: int
    wage_rise: int
    buyout_order: tuple[int, ...]
    annul_order: tuple[int, ...]
    natural_wages: int
    natural_rent: int

    @classmethod
    def of(cls, values: Mapping[str, Any]) -> Params1904:
        """The params of a phase from its plain values (:meth:`landlord.ruleset.Ruleset.values`)."""
        kw = {f.name: values[f.name] for f in dataclasses.fields(cls)}
        kw["buyout_order"] = tuple(kw["buyout_order"])
        kw["annul_order"] = tuple(kw["annul_order"])
        return cls(**kw)


def declared_types(cls: type) -> dict[str, type]:
    """Each field of a params dataclass and the plain type a ruleset gives it (``list`` for a
    tuple), in declaration order: the family's ``PARAMS``."""
    hints = typing.get_type_hints(cls)
    out: dict[str, type] = {}
    for f in dataclasses.fields(cls):
        hint = hints[f.name]
        origin = typing.get_origin(hint)
        out[f.name] = list if origin in (tuple, list) else hint
    return out


PARAMS: dict[str, type] = declared_types(Params1904)
"""The params a ruleset of the 1904 family must give, with their types."""
