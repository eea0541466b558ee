"""The rules families the kit knows, by name: a ruleset's ``family`` names one of them.

Each family is a package, ``landlord.rules.<family>`` (its turns, state, words, count and
movement; :mod:`landlord.rules`), and its computer players a module, ``landlord.players.<family>``.
They are registered here, once (:data:`REGISTERED`), by name and class name only: the layers
below the rules (the loader checking a ruleset's params, the engine building a game's rules,
its bots and the landing chain asking for a family's part) meet a family through this registry,
which imports the family's package by name when first asked, as a plugin registry does. No
static import runs from a lower layer up to the rules.
"""


from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from importlib import import_module
from types import ModuleType
from typing import Any


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

    def players(self) -> ModuleType:
        """The family's computer players, ``landlord.players.<name>`` (above the rules: they
        decide from what the rules pay)."""
        return import_module(f"landlord.players.{self.name}")

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


def registered(family: str) -> Family:
    """The registered family called ``family``; KeyError names the known families."""
    for f in REGISTERED:
        if f.name == family:
            return f
    raise KeyError(f"unknown rules family {family!r} (known: {', '.join(sorted(FAMILIES))})")


def rules_class(family: str) -> type[Any]:
    """The rules class of ``family`` (a :class:`landlord.engine.rulebook.Rules`); KeyError names
    the known families."""
    f = registered(family)
    cls: type[Any] = getattr(import_module(f.package), f.cls)
    return cls


def family_params(family: str) -> dict[str, type]:
    """The params a ruleset of ``family`` must give, with their types."""
    return rules_class(family).PARAMS


def family_readers(family: str) -> dict[str, Callable[[Any], Any]]:
    """The params of ``family`` read into types of their own (its cards as typed data), each
    with its reader: a reader raises ValueError naming what is wrong (none: ``{}``)."""
    readers: dict[str, Callable[[Any], Any]] = getattr(rules_class(family), "READERS", {})
    return readers


@cache
def family_parts(module: str) -> tuple[ModuleType, ...]:
    """Module ``module`` of every registered family, in registration order (loaded once)."""
    return tuple(f.part(module) for f in REGISTERED)
