"""Every rules family the kit knows, kept once (:data:`FAMILIES`), above the engine: a ruleset's
``family`` names one of them, and this is where a ruleset meets its family.

Each family is a value, :class:`~landlord.rules.family.Family`, exported by its own package
(``landlord.rules.<family>.family.FAMILY``). Whoever knows a ruleset hands its family down:
:class:`FamilyGame` is the engine's :class:`~landlord.engine.game.Game` handed the family's parts,
:func:`replay` rebuilds one (and :mod:`landlord.players.savefile` a saved one), :func:`movement_for`
builds the landing chain's movement. The engine names no family and looks none up; a worker given a family's value (a
pickled reference to its package) imports that family alone.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from landlord.data.loader import resolve_ruleset
from landlord.engine.game import Game
from landlord.engine.record import Record
from landlord.engine.replay import replay as replay_with
from landlord.errors import DataError
from landlord.rules.british1913.family import FAMILY as BRITISH1913
from landlord.rules.family import Family
from landlord.rules.magie1904.family import FAMILY as MAGIE1904
from landlord.rules.magie1906.family import FAMILY as MAGIE1906
from landlord.rules.memo import Same
from landlord.rules.monopoly.family import FAMILY as MONOPOLY
from landlord.rules.params import check_ruleset

if TYPE_CHECKING:
    from landlord.data.ruleset import Ruleset
    from landlord.engine.decisions import OptionText
    from landlord.engine.landing import Movement
    from landlord.engine.rulebook import SharedParams
    from landlord.engine.strategies import Strategy

__all__ = ["FAMILIES", "FamilyGame", "family_named", "family_of", "movement_for", "replay", "shared_params"]

FAMILIES: tuple[Family, ...] = (MAGIE1904, MAGIE1906, BRITISH1913, MONOPOLY)
"""Every rules family, once."""

_BY_NAME = {f.name: f for f in FAMILIES}


def family_named(name: str) -> Family:
    """The family called ``name`` (a ruleset's ``family``); KeyError names the known families."""
    try:
        return _BY_NAME[name]
    except KeyError:
        raise KeyError(f"unknown rules family {name!r} (known: {', '.join(sorted(_BY_NAME))})") from None


def family_of(ruleset: Ruleset) -> Family:
    """The family that plays ``ruleset``, its params checked against the family's declaration
    and its data against what the family's rules need, once per ruleset
    (:func:`~landlord.rules.params.check_ruleset`): DataError names the ruleset's file (or its
    board's), the entry and the field, or the known families."""
    return _checked(Same(ruleset))


@lru_cache(maxsize=64)
def _checked(ruleset: Same[Ruleset]) -> Family:
    rs = ruleset.obj
    try:
        family = family_named(rs.family)
    except KeyError as exc:
        raise DataError(rs.where or f"ruleset {rs.id!r}", "[ruleset]", "family", exc.args[0]) from None
    check_ruleset(rs, family)
    return family


class FamilyGame(Game):
    """The engine's :class:`~landlord.engine.game.Game` of ``ruleset``, played by the ruleset's own
    family (:func:`family_of` hands it in): the same arguments as the game's, but ``family``. The
    package face's ``landlord.Game``."""

    def __init__(self, ruleset: Ruleset, strategies: Sequence[Strategy | None], seed: int, *args: Any,
                 **kwargs: Any) -> None:
        super().__init__(ruleset, strategies, seed, *args, family=family_of(ruleset), **kwargs)


def replay(source: Record | Ruleset, seed: int | None = None, actions: Sequence[OptionText] | None = None,
           *args: Any, ruleset: Ruleset | None = None, **kwargs: Any) -> Game:
    """:func:`landlord.engine.replay.replay`, handed the family of the ruleset replayed (the
    record's, with its overrides, unless ``ruleset`` stands for it). The face's ``landlord.replay``."""
    if isinstance(source, Record):
        rs = ruleset if ruleset is not None else resolve_ruleset(source.ruleset, source.overrides)
        return replay_with(source, seed, actions, *args, ruleset=rs, family=family_of(rs), **kwargs)
    return replay_with(source, seed, actions, *args, ruleset=ruleset, family=family_of(source), **kwargs)


def movement_for(ruleset: Ruleset, phase: str | None = None, **policy: Any) -> Movement:
    """The :class:`~landlord.engine.landing.Movement` of ``ruleset`` (in ``phase``), from its
    family's builder; ``policy`` picks the family's movement policies (e.g.
    ``direction="either"`` for 1906, ``double="one"`` for 1913), ValueError for one the family
    does not have."""
    try:
        build: Callable[..., Movement] = family_named(ruleset.family).movement
    except KeyError as exc:
        raise ValueError(f"ruleset {ruleset.id!r}: no movement rules: {exc.args[0]}") from None
    if not policy:
        return build(ruleset, phase)
    try:
        return build(ruleset, phase, **policy)
    except TypeError as exc:
        raise ValueError(f"family {ruleset.family!r}: no such movement policy among "
                         f"{', '.join(sorted(policy))} ({exc})") from None


def shared_params(ruleset: Ruleset, phase: str | None = None) -> SharedParams:
    """The params the engine's shared rules read (the round cap) of ``ruleset`` in ``phase``
    (None: its default phase), typed: its family's own params (``landlord.rules.<family>.params``),
    whose first fields they are."""
    return family_of(ruleset).params(ruleset, phase)
