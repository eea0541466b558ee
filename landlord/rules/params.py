"""A family's params declared once, as a typed, frozen dataclass (see ``magie1904.params``,
``magie1906.params``, ``british1913.params``, ``monopoly.params``): the family reads them as
attributes, mypy checks every read, and the ``PARAMS`` the loader checks a ruleset against are
derived from the same declaration.

A field whose plain value must be read into a type of its own (a deck of cards as typed data)
declares its reader (``cards: tuple[Card, ...] = field(metadata=reads(read_cards))``); the
reader raises ValueError naming what is wrong, and the loader and every override call it (:func:`readers`, through
:func:`landlord.data.families.family_readers`), so a bad value is refused before play with the
file, entry and field named.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any, TypeVar

from landlord.rules.memo import Same

if TYPE_CHECKING:
    from landlord.data.ruleset import Ruleset

T = TypeVar("T")

Reader = Callable[[Any], Any]
"""What reads a param's plain value into its typed form (ValueError naming what is wrong)."""


def reads(reader: Reader) -> dict[str, Reader]:
    """The metadata of a params field whose plain value ``reader`` reads:
    ``field(metadata=reads(reader))`` (required like any other field)."""
    return {"reader": reader}


def readers(cls: type) -> dict[str, Reader]:
    """The fields of a params dataclass declared with :func:`reads`, and their readers."""
    return {f.name: f.metadata["reader"] for f in dataclasses.fields(cls) if "reader" in f.metadata}


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
    (:meth:`landlord.data.ruleset.Ruleset.values`): a ruleset's lists become tuples (frozen),
    and a field declared with :func:`reads` is read by its reader."""
    types = declared_types(cls)
    read = readers(cls)
    lists = frozenset(n for n, t in types.items() if t is list and n not in read)
    how: tuple[tuple[str, Reader | None], ...] = tuple(
        (n, read.get(n) or (tuple if n in lists else None)) for n in types)

    def build(values: Mapping[str, Any]) -> T:
        return cls(**{n: values[n] if r is None else r(values[n]) for n, r in how})

    return build


def per_phase(build: Callable[[Mapping[str, Any]], T]) -> Callable[[Ruleset, str | None], T]:
    """``build`` over the values ``ruleset`` has in force in a phase (None: its default
    phase), built once per ruleset and phase and shared (the params are frozen): a game's
    params at its start and at each switch are ``in_phase(game.ruleset, game.phase)``, which
    is what ``game.p`` holds. Building them afresh cost 45-190 us a game (the cards read each
    time); the look-up costs well under 1 us."""

    @lru_cache(maxsize=64)
    def cached(ruleset: Same[Ruleset], phase: str) -> T:
        return build(ruleset.obj.values(phase))

    def in_phase(ruleset: Ruleset, phase: str | None = None) -> T:
        return cached(Same(ruleset), phase or ruleset.default_phase)

    return in_phase
