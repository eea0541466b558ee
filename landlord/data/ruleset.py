"""Rulesets: the numbers of a game (with provenance), its phases, and overrides of them."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from landlord.data.board import Board

OVERRIDE = "override"
"""The provenance shown for a param replaced by :meth:`Ruleset.override` (the code reads the
typed mark, :attr:`Param.overridden`)."""


@dataclass(frozen=True, slots=True)
class Param:
    """One rule number or switch, with where it comes from."""

    value: Any
    source: str
    provenance: str
    overridden: bool = False
    """Replaced by :meth:`Ruleset.override` (a variant's, a scenario's or a class's value, not the
    ruleset's own): a game's record keeps it among its overrides."""

    @property
    def reconstructed(self) -> bool:
        """True where the value is a reconstruction rather than read from a source."""
        return self.provenance.startswith("reconstructed")


@dataclass(frozen=True, slots=True)
class Phase:
    """A named set of rules in force; a phase overrides some of the ruleset's params."""

    name: str
    title: str
    params: dict[str, Param] = field(default_factory=dict)
    what_if: bool = False
    """A what-if the sources do not have (``what_if = true`` in the data): offered for
    comparison, never part of the ruleset's phases "in order"."""


@dataclass(frozen=True, slots=True)
class Ruleset:
    """A playable ruleset: a rules family, a board, params and phases.

    A variant or a scenario is an *override* of a ruleset (:meth:`override`), never a copy.
    """

    id: str
    title: str
    family: str
    board: Board
    players_min: int
    players_max: int
    default_phase: str
    source: str
    provenance: str
    params: dict[str, Param]
    phases: dict[str, Phase]
    extends: str | None = None
    where: str = ""
    """The file it was read from (named in its errors); empty for a ruleset made in code."""

    def values(self, phase: str | None = None) -> dict[str, Any]:
        """Plain param values in force in ``phase`` (the default phase if None)."""
        merged = {k: p.value for k, p in self.params.items()}
        ph = self.phases[phase or self.default_phase]
        merged.update({k: p.value for k, p in ph.params.items()})
        return merged

    def overrides(self) -> dict[str, Any]:
        """The params replaced by :meth:`override`, with their values (a game's record keeps
        them as its ``overrides``)."""
        return {k: p.value for k, p in self.params.items() if p.overridden}

    def reconstructed_items(self) -> tuple[list[str], list[str]]:
        """What this ruleset takes from no source, for showing to users: the reconstructed
        params (``phase.param`` for a phase's own) and the reconstructed board places."""
        params = [k for k, v in self.params.items() if v.reconstructed]
        params += [f"{name}.{k}" for name, ph in self.phases.items() for k, v in ph.params.items()
                   if v.reconstructed]
        places = [s.name for s in self.board.spaces if s.reconstructed]
        places += [a.name for a in self.board.annexes if a.provenance.startswith("reconstructed")]
        return params, places

    def override(self, note: str = "scenario override", **values: Any) -> Ruleset:
        """A new ruleset with some params replaced; each replaced param records ``note``.

        Raises KeyError naming the param if it is not one of this ruleset's params,
        TypeError if the new value's type differs from the old one's, and ValueError if it is
        out of the range declared for its name (:mod:`landlord.data.schema`). What only the
        ruleset's family can say (a range of its own, params that must agree) is checked where
        the new ruleset meets its family, as a file's values are.
        """
        from landlord.data.schema import Bounds, check_param

        bounds = Bounds(len(self.board), self.players_min, self.players_max)
        params = dict(self.params)
        for key, value in values.items():
            if key not in params:
                raise KeyError(f"ruleset {self.id!r} has no param {key!r}; it has {sorted(params)}")
            old = params[key].value
            if type(value) is not type(old) and not (isinstance(old, float) and isinstance(value, int)):
                raise TypeError(
                    f"param {key!r} of ruleset {self.id!r} takes {type(old).__name__}, got {value!r}"
                )
            problem = check_param(key, value, bounds)
            if problem:
                raise ValueError(f"param {key!r} of ruleset {self.id!r}: {problem}")
            params[key] = Param(value, f"{note} (was {old!r})", OVERRIDE, overridden=True)
        return replace(self, params=params)
