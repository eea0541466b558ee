"""A rules family as a value: everything the engine, the loader and the runners used to fetch
by the family's name, held in one frozen record (:class:`Family`).

Each family package exports its own, ``landlord.rules.<family>.family.FAMILY``, built only from
that package; the list of them is kept once, in :mod:`landlord.rules.families`. Whoever knows a
ruleset and its family hands the parts down: the engine's :class:`~landlord.engine.game.Game`
is given the family (its rules class and its words) and never looks one up. (OpenSpiel's core
never names a game; python-chess keeps its ``VARIANTS`` above the board.)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from landlord.data.board import Board
    from landlord.data.ruleset import Ruleset
    from landlord.data.schema import Spec
    from landlord.engine.events import Event
    from landlord.engine.landing import Movement
    from landlord.engine.rulebook import Rules, SharedParams


Together = Callable[[Mapping[str, Any]], "tuple[str, str] | None"]
"""What is wrong with a phase's params in force taken together, as (param, problem), or None."""

BoardValues = Callable[["Board", Mapping[str, Any]], "tuple[str, str, str] | None"]
"""What is wrong with a board's values for the family's rules (with a phase's params in force),
as the first problem, (entry, field, problem), or None."""


@dataclass(frozen=True)
class Needs:
    """What a family's rules need of a ruleset's data beyond its params' types, that the data
    alone cannot say (none by default): checked where a ruleset meets its family
    (:func:`landlord.rules.needs.check_needs`), so the data layer names no family."""

    ranges: Mapping[str, Spec] = field(default_factory=dict)
    """The family's own range for a param it reads differently (its cards): where the data's
    shared table (:data:`landlord.data.schema.SPECS`) names it too, that line says only that it
    is a list, and the family says what its items are."""
    together: Together | None = None
    """Params that must agree with each other."""
    annexes: tuple[str, ...] = ()
    """The kinds of annex beside a corner its rules send tokens to."""
    spaces: tuple[str, ...] = ()
    """The kinds of space its rules send tokens to."""
    board: BoardValues | None = None
    """What its rules need of a board's values that the board file alone cannot say."""


@dataclass(frozen=True)
class Family:
    """One rules family (a ruleset's ``family`` names it): the class that plays it, its typed
    params and how they are read, its words for the events only it emits, its movement for
    the landing chain, and what its rules need of a ruleset's data that the data alone cannot say.

    A family is pickled by reference, as the ``FAMILY`` of the module that holds it (``home``),
    as a class or a function is: a worker process handed one (a sweep's chunk) imports that
    family's package alone."""

    name: str
    """The family's name, as a ruleset's ``family`` gives it (``magie1904`` …)."""
    rules: type[Rules]
    """The class that plays it, bound to one game: ``rules(game)``."""
    params: Callable[[Ruleset, str | None], SharedParams]
    """The typed params of a ruleset in a phase (None: its default phase), built once and
    shared (``landlord.rules.<family>.params.in_phase``)."""
    declared: Mapping[str, type]
    """The params a ruleset of this family must give, with their plain types (its ``PARAMS``)."""
    readers: Mapping[str, Callable[[Any], Any]]
    """The params read into types of their own (its cards as typed data), each with its
    reader: a reader raises ValueError naming what is wrong (none: ``{}``)."""
    events: frozenset[str]
    """The event kinds only this family emits (its ``words.EVENTS``)."""
    narrate: Callable[[Event, Sequence[str], Board], str]
    """One of its own events as a sentence (its ``words.narrate``)."""
    movement: Callable[..., Movement]
    """``movement(ruleset, phase, **policy)``: its movement rules for the landing chain."""
    home: str
    """The module whose ``FAMILY`` this is (its package's ``family`` module: ``__name__`` there)."""
    needs: Needs
    """What its rules need of a ruleset's data beyond its params' types (its own ranges, params
    that must agree, a board's places and values), checked where a ruleset meets its family."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "__module__", self.home)  # where pickle finds it by its name

    def __reduce__(self) -> str:
        return "FAMILY"
