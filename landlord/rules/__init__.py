"""Rules families. A ruleset's ``family`` names the Python rules that read its params.

Rules hold only behaviour; every number comes from the ruleset's data file. Each family is a
package, ``landlord.rules.<family>``: its turns (the family class, with the rules quoted), its
state, the words students see (``words``), its count, its bots (``bots``) and its movement for
the landing chain (``movement``). The families are registered here, once (:data:`REGISTERED`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import import_module
from types import ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from landlord.rules.base import Rules


@dataclass(frozen=True, slots=True)
class Family:
    """A registered rules family: its name (a ruleset's ``family``), the class that plays it,
    and whether its bots answer the decision kinds no other family's bots claim."""

    name: str
    cls: str
    answers_the_rest: bool = False

    @property
    def package(self) -> str:
        """The family's package, ``landlord.rules.<name>``."""
        return f"landlord.rules.{self.name}"

    def part(self, module: str) -> ModuleType:
        """One module of the family's package (``words``, ``bots``, ``movement``, …)."""
        return import_module(f"{self.package}.{module}")


REGISTERED: tuple[Family, ...] = (
    Family("magie1904", "Magie1904", answers_the_rest=True),
    Family("magie1906", "Magie1906"),
    Family("british1913", "British1913"),
    Family("monopoly", "Monopoly"),
)
"""Every rules family, once."""

FAMILIES: dict[str, str] = {f.name: f"{f.package}:{f.cls}" for f in REGISTERED}


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


@cache
def family_parts(module: str) -> tuple[ModuleType, ...]:
    """Module ``module`` of every registered family, in registration order (loaded once)."""
    return tuple(f.part(module) for f in REGISTERED)
