"""A family's params declared once, as a typed, frozen dataclass (see ``magie1904.params``,
``magie1906.params``, ``british1913.params``, ``monopoly.params``): the family reads them as
attributes, mypy checks every read, and the ``PARAMS`` the loader checks a ruleset against are
derived from the same declaration.

A field whose plain value must be read into a type of its own (a deck of cards as typed data)
declares its reader (``cards: tuple[Card, ...] = field(metadata=reads(read_cards))``); the
reader raises ValueError naming what is wrong, and the loader and every override call it (:func:`readers`, through
:attr:`landlord.rules.family.Family.readers`), so a bad value is refused before play with the
file, entry and field named.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any, TypeVar

from landlord.data.schema import type_problem
from landlord.errors import DataError
from landlord.rules.memo import Same
from landlord.rules.needs import check_needs

if TYPE_CHECKING:
    from landlord.data.ruleset import Ruleset
    from landlord.rules.family import Family

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
    and a field declared with :func:`reads` is read by its reader. A value missing, of another
    type than the field's (the loader's check: :func:`type_problem`) or refused by its reader
    raises :class:`ParamError` naming the field."""
    types = declared_types(cls)
    read = readers(cls)
    lists = frozenset(n for n, t in types.items() if t is list and n not in read)
    how: tuple[tuple[str, type, Reader | None], ...] = tuple(
        (n, t, read.get(n) or (tuple if n in lists else None)) for n, t in types.items())

    def build(values: Mapping[str, Any]) -> T:
        args: dict[str, Any] = {}
        for name, typ, reader in how:
            if name not in values:
                raise ParamError(name, "missing")
            value = values[name]
            if name not in read and (problem := type_problem(value, typ)):
                raise ParamError(name, problem)
            try:
                args[name] = value if reader is None else reader(value)
            except (TypeError, ValueError) as exc:
                raise ParamError(name, str(exc)) from None
        return cls(**args)

    return build


class ParamError(ValueError):
    """A phase's plain values cannot be built into a family's params: ``field`` is missing, of
    the wrong type or refused by its reader (``problem`` says which)."""

    def __init__(self, field: str, problem: str) -> None:
        super().__init__(f"field {field!r}: {problem}")
        self.field = field
        self.problem = problem


def check_ruleset(ruleset: Ruleset, family: Family) -> None:
    """Refuse ``ruleset`` unless its params are those its rules ``family`` declares
    (:attr:`~landlord.rules.family.Family.declared`: each param's plain type;
    :attr:`~landlord.rules.family.Family.readers`: the params read into types of their own, each
    with its reader) and its data has what the family's rules need
    (:attr:`~landlord.rules.family.Family.needs`, :func:`~landlord.rules.needs.check_needs`): an
    unknown param, a param missing, a value of another type, out of the family's own range or
    refused by its reader, params that do not agree or a board the rules cannot play raise
    :class:`~landlord.errors.DataError` naming the file, the entry and the field. What the data
    alone can say (the ranges declared by name, the lots of a board) the loader checks."""
    declared, read = family.declared, family.readers
    where = ruleset.where or f"ruleset {ruleset.id!r}"
    tables = [("params", ruleset.params)] + [(f"phases.{n}.params", ph.params) for n, ph in ruleset.phases.items()]
    for at, table in tables:
        for key, param in table.items():
            if key not in declared:
                raise DataError(where, f"{at}.{key}", None,
                                f"unknown param for family {family.name!r} (known: {', '.join(sorted(declared))})")
            if problem := type_problem(param.value, declared[key]):
                raise DataError(where, f"{at}.{key}", "value", problem)
    for key in declared:
        if key not in ruleset.params:
            raise DataError(where, f"params.{key}", None, "missing")
    check_needs(ruleset, family)
    for at, table in tables:
        for key, param in table.items():
            if key in read:
                try:
                    read[key](param.value)
                except ValueError as exc:
                    raise DataError(where, f"{at}.{key}", "value", str(exc)) from None


def per_phase(build: Callable[[Mapping[str, Any]], T]) -> Callable[[Ruleset, str | None], T]:
    """``build`` over the values ``ruleset`` has in force in a phase (None: its default
    phase), built once per ruleset and phase and shared (the params are frozen): a game's
    params at its start and at each switch are ``in_phase(game.ruleset, game.phase)``, which
    is what ``game.p`` holds. Building them afresh cost 45-190 us a game (the cards read each
    time); the look-up costs well under 1 us. Values the params cannot be built from (a
    ruleset made in code, or changed, past the loader's checks: a param missing or of the
    wrong type) raise one :class:`~landlord.errors.DataError` naming the ruleset, the phase
    and the field."""

    @lru_cache(maxsize=64)
    def cached(ruleset: Same[Ruleset], phase: str) -> T:
        try:
            return build(ruleset.obj.values(phase))
        except ParamError as exc:  # a ruleset made or changed past the loader's checks
            raise DataError(f"ruleset {ruleset.obj.id!r}", f"phase {phase!r}", exc.field, exc.problem) from None

    def in_phase(ruleset: Ruleset, phase: str | None = None) -> T:
        return cached(Same(ruleset), phase or ruleset.default_phase)

    return in_phase
