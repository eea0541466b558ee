"""A family's params declared once, as a typed, frozen dataclass (see ``magie1904.params``,
``british1913.params``): the family reads them as attributes, mypy checks every read, and the
``PARAMS`` the loader checks a ruleset against are derived from the same declaration."""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Mapping
from typing import Any, TypeVar

T = TypeVar("T")


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


def builder(cls: type[T]) -> typing.Callable[[Mapping[str, Any]], T]:
    """The function that builds a ``cls`` from a phase's plain values
    (:meth:`landlord.data.ruleset.Ruleset.values`): a ruleset's lists become tuples (frozen)."""
    types = declared_types(cls)
    names = tuple(types)
    lists = frozenset(n for n, t in types.items() if t is list)

    def build(values: Mapping[str, Any]) -> T:
        return cls(**{n: tuple(values[n]) if n in lists else values[n] for n in names})

    return build
