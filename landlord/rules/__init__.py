"""Rules families. A ruleset's ``family`` names the Python rules that read its params.

Rules hold only behaviour; every number comes from the ruleset's data file.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from landlord.rules.base import Rules

FAMILIES: dict[str, str] = {
    "magie1904": "landlord.rules.magie1904:Magie1904",
    "magie1906": "landlord.rules.magie1906:Magie1906",
    "british1913": "landlord.rules.british1913:British1913",
    "monopoly": "landlord.rules.monopoly:Monopoly",
}


def rules_class(family: str) -> type[Rules]:
    """The rules class of ``family``; KeyError names the known families."""
    try:
        target = FAMILIES[family]
    except KeyError:
        raise KeyError(f"unknown rules family {family!r} (known: {', '.join(sorted(FAMILIES))})") from None
    module, name = target.split(":")
    cls: type[Rules] = getattr(import_module(module), name)
    return cls


def family_params(family: str) -> dict[str, type]:
    """The params a ruleset of ``family`` must give, with their types."""
    return rules_class(family).PARAMS
