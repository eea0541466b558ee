"""What-if scenario files: a base ruleset, small overrides, a tax regime, and a grid.

A scenario is a TOML file an instructor writes to ask "what if wages were higher / the single
tax came at turn 20 / there were six players?"::

    [scenario]
    title = "Higher wages, tax at turn 20"
    ruleset = "magie-1904"        # a ruleset id, or a path to a ruleset .toml (relative to this file)
    players = 4                   # default 4
    strategies = ["landlord", "tenant", "speculator"]   # cycled over the seats (default these three)
    games = 1000                  # games per cell
    seed = 1904                   # root seed
    seeds = "per_cell"            # or "shared": every cell plays the same seeds (paired comparison)

    [overrides]                   # params of the ruleset, applied with Ruleset.override (never a copy)
    wages = 150

    [tax]                         # the tax regime and when it starts
    phase = "single_tax"          # a phase of the ruleset (default "single_tax")
    start = "turn:20"             # never | start | turn:N | round:N | gini:X | vote (default never)

    [grid]                        # every combination of these values is one cell
    wages = [100, 150, 200]
    tax.start = ["never", "start", "turn:20"]

**Regimes of several switches.** A regime is a list of phase switches played in order. One
switch is the ``[tax]`` table above; several are an array of tables, each switch a ``phase``
and a ``start`` (both required; ``never`` has no place in a list)::

    [[tax]]                       # the 1913 game's Parts in order
    phase = "part2"
    start = "round:25"
    [[tax]]
    phase = "part3"
    start = "round:50"

A ``[[tax]]`` of one entry means exactly what a ``[tax]`` table with the same phase and start
means (same cell, same seeds). The grid varies a whole regime with the key ``tax``: each value
is ``"never"`` or a non-empty list of switches written ``"phase@trigger"`` (the lab's and the
game table's notation)::

    [grid]
    tax = ["never", ["part2@round:25", "part3@round:50"], ["part3@start"]]

``tax.phase`` / ``tax.start`` in the grid vary the one switch of a ``[tax]`` table, as before;
they cannot be combined with ``[[tax]]`` or with a grid ``tax`` (one place per field).

DECISION (order): the engine fires each phase trigger on its own as soon as it is due (see
:meth:`landlord.engine.rulebook.Rules.phase_point`; triggers due together fire in list order). So a
regime of several switches is accepted only where that *is* its order: a ``start`` switch may
come only first; the switches after it are one switch of any kind, or all ``turn:N``, all
``round:N`` or all ``gini:X`` with growing numbers (``turn:30`` after ``turn:10``, never
before). A mix (``turn`` then ``round``, ``gini`` then ``turn``, two votes) is refused: which
comes first would depend on the game, not on the file. Two switches in a row to the same phase
are refused (the second changes nothing), and so is a first switch, in a regime of several, to
the phase the game starts in (it could only fire later, out of order); a phase may come back
later (rent, the single tax, then rent again).

Grid keys are ``ruleset``, ``players``, ``strategies``, ``tax``, ``tax.phase``, ``tax.start`` or
a param of the ruleset. A field is set in one place: fixed (in ``[scenario]``/``[overrides]``/
``[tax]``) or varied (in ``[grid]``), never both. Every mistake raises one
:class:`~landlord.errors.DataError` naming the file, the table (``[[tax]] #2`` for the second
switch of a list) and the field.

Each game's seed is derived from the root seed, the cell's settings and the game's index
(:meth:`Scenario.game_seed`), so a game's result does not depend on how the sweep is split up.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from landlord.data.ruleset import Ruleset
from landlord.engine.phases import Trigger, parse_trigger
from landlord.engine.phases import parse_switch as parse_phase_switch
from landlord.errors import DataError
from landlord.limits import MAX_GAMES, MAX_SEED

NEVER = "never"
"""The ``tax.start`` value meaning the tax phase never comes (landlord rules throughout); as a
grid ``tax`` value, the regime of no switch at all."""
THEN = " → "
"""Between the switches of a regime when it is shown (``part2@round:25 → part3@round:50``)."""

DEFAULT_PLAYERS = 4
DEFAULT_STRATEGIES = ("landlord", "tenant", "speculator")
DEFAULT_TAX_PHASE = "single_tax"
SEED_RULES = ("per_cell", "shared")

_SCENARIO_KEYS: dict[str, tuple[type | tuple[type, ...], bool]] = {
    "title": (str, False), "description": (str, False), "ruleset": (str, False),
    "players": (int, False), "strategies": (list, False), "games": (int, True),
    "seed": (int, True), "seeds": (str, False),
}
_TAX_KEYS = ("phase", "start")
_TOP = ("scenario", "overrides", "tax", "grid")
_SPECIAL_GRID = ("ruleset", "players", "strategies", "tax", "tax.phase", "tax.start")

@dataclass(frozen=True)
class RegimeSwitch:
    """One phase switch of a scenario's tax regime, typed from the scenario file to the game: the
    ``phase`` switched to, its ``start`` as the file writes it (a cell's key, from which its
    games' seeds are derived, and its labels keep the words as written) and the engine
    :class:`~landlord.engine.phases.Trigger` the game is handed. Made checked by
    :func:`parse_switch` (``phase@trigger``) or :func:`regime_switch` (phase and start apart)."""

    phase: str
    start: str
    trigger: Trigger = field(compare=False, repr=False)

    @property
    def text(self) -> str:
        """The switch written ``phase@trigger``."""
        return f"{self.phase}@{self.start}"


@dataclass(frozen=True)
class Cell:
    """One combination of settings in a scenario: every game of a cell is played alike.

    ``ruleset`` is as written in the scenario (an id or a path relative to it);
    ``ruleset_ref`` is what loads it (the id, or the absolute path). ``regime`` is the tax
    regime's phase switches in order (:class:`RegimeSwitch`); none when the tax never comes.
    ``varied`` holds the grid fields and their values in this cell, in grid order.
    """

    index: int
    ruleset: str
    ruleset_ref: str
    players: int
    strategies: tuple[str, ...]
    overrides: tuple[tuple[str, Any], ...]
    regime: tuple[RegimeSwitch, ...] = ()
    varied: tuple[tuple[str, Any], ...] = ()

    @property
    def tax_phase(self) -> str:
        """The regime's phases in order, joined by ``THEN`` (empty when the tax never comes)."""
        return THEN.join(s.phase for s in self.regime)

    @property
    def tax_start(self) -> str:
        """The regime's start triggers in order, joined by ``THEN`` (``never`` for no switch)."""
        return THEN.join(s.start for s in self.regime) if self.regime else NEVER

    @property
    def regime_text(self) -> str:
        """The whole regime in words: ``never``, or ``phase@trigger`` switches joined by ``THEN``."""
        return regime_text(self.regime)

    @property
    def key(self) -> str:
        """The cell's settings as canonical JSON (what its seeds are derived from). A regime of
        one switch is ``[phase, start]``, as it was before regimes could hold several."""
        tax: Any = NEVER
        if len(self.regime) == 1:
            tax = [self.regime[0].phase, self.regime[0].start]
        elif self.regime:
            tax = [[s.phase, s.start] for s in self.regime]
        return json.dumps({
            "ruleset": self.ruleset, "players": self.players, "strategies": list(self.strategies),
            "overrides": dict(sorted(self.overrides)), "tax": tax,
        }, sort_keys=True, separators=(",", ":"))

    @property
    def label(self) -> str:
        """A short human label: the grid fields with their values (``base`` if none)."""
        if not self.varied:
            return "base"
        return ", ".join(f"{k}={self.regime_text if k == 'tax' else _show(v)}" for k, v in self.varied)

    @property
    def seats(self) -> tuple[str, ...]:
        """The bot in each seat: ``strategies`` cycled over ``players`` seats."""
        return tuple(self.strategies[i % len(self.strategies)] for i in range(self.players))

    @property
    def triggers(self) -> tuple[Trigger, ...]:
        """The phase triggers of this cell's tax regime, in order (none when the tax never comes)."""
        return tuple(s.trigger for s in self.regime)

    def resolve(self) -> Ruleset:
        """The cell's ruleset with its overrides applied (an override, never a copy)."""
        from landlord.data.loader import resolve_ruleset

        return resolve_ruleset(self.ruleset_ref, self.overrides)


@dataclass(frozen=True)
class Scenario:
    """A validated scenario: its cells, games per cell, root seed and seed rule.

    ``text`` is the TOML it was read from, kept so a result can be reproduced.
    """

    path: str
    text: str
    title: str
    description: str
    games: int
    seed: int
    seeds: str
    cells: tuple[Cell, ...] = field(default_factory=tuple)

    @property
    def total_games(self) -> int:
        """Games in the whole sweep."""
        return self.games * len(self.cells)

    @property
    def grid_fields(self) -> tuple[str, ...]:
        """The fields the grid varies, in file order."""
        return tuple(k for k, _ in self.cells[0].varied) if self.cells else ()

    def game_seed(self, cell: Cell, game: int) -> int:
        """The seed of game ``game`` (0-based) of ``cell``.

        A 63-bit number from BLAKE2b over the root seed, the cell's settings (``Cell.key``; left
        out when ``seeds = "shared"``, so every cell plays the same games) and the game index.
        It depends on nothing else, so results are the same whatever the number of workers or
        the backend, and adding a value to the grid leaves the other cells' seeds unchanged.
        """
        cell_part = "" if self.seeds == "shared" else cell.key
        digest = hashlib.blake2b(f"{self.seed}|{cell_part}|{game}".encode(), digest_size=8).digest()
        return int.from_bytes(digest, "big") >> 1

    @cached_property
    def fingerprint(self) -> str:
        """A hash of everything that decides the results (cells, games, seeds)."""
        plan = {"games": self.games, "seed": self.seed, "seeds": self.seeds,
                "cells": [c.key for c in self.cells]}
        return hashlib.blake2b(json.dumps(plan, sort_keys=True).encode(), digest_size=12).hexdigest()


# -- loading -----------------------------------------------------------------------------
def load_scenario(path: str | Path, games: int | None = None, data: Path | None = None) -> Scenario:
    """Read and validate the scenario file at ``path`` (with ``games`` per cell instead of the
    file's, if given; ruleset ids looked up in one's own ``data`` folder first, if given)."""
    from landlord.data.files import read_text

    p = Path(path)
    return scenario_from_text(read_text(p), p, games, data)


def scenario_from_text(text: str, path: str | Path = "<scenario>", games: int | None = None,
                       data: Path | None = None) -> Scenario:
    """Validate a scenario given as TOML text; ``path`` names it in errors and anchors any
    relative ruleset path (the current folder for ``<scenario>``). ``games`` replaces the
    file's games per cell (the scenario's ``text`` is then rewritten to say so); ``data`` is
    one's own folder of ``boards/`` and ``rulesets/``, searched first for ruleset ids."""
    from landlord.data.files import parse_toml

    raw = parse_toml(text, path)
    if games is not None and isinstance(raw.get("scenario"), dict):
        raw["scenario"]["games"] = games
        try:
            text = scenario_to_toml(raw)
        except ValueError as exc:
            raise DataError(path, None, None, str(exc)) from None
    return _build(raw, text, Path(path), data)


def scenario_from_dict(raw: dict[str, Any], path: str | Path = "<scenario>") -> Scenario:
    """Validate a scenario given as a dict shaped like the file (e.g. built by a widget); its
    ``text`` is the equivalent TOML (:func:`scenario_to_toml`)."""
    return scenario_from_text(scenario_to_toml(raw), path)


def _build(raw: dict[str, Any], text: str, path: Path, data: Path | None = None) -> Scenario:
    for key in raw:
        if key not in _TOP:
            raise DataError(path, None, key, f"unknown top-level table (known: {', '.join(_TOP)})")
    head = raw.get("scenario")
    if not isinstance(head, dict):
        raise DataError(path, "[scenario]", None, "missing (a scenario needs a [scenario] table)")
    for key in head:
        if key not in _SCENARIO_KEYS:
            raise DataError(path, "[scenario]", key, f"unknown key (known: {', '.join(sorted(_SCENARIO_KEYS))})")
    for key, (typ, required) in _SCENARIO_KEYS.items():
        if key not in head:
            if required:
                raise DataError(path, "[scenario]", key, "missing")
            continue
        value = head[key]
        if (isinstance(value, bool) and typ is int) or not isinstance(value, typ):
            raise DataError(path, "[scenario]", key, f"expected {_tname(typ)}, got {value!r}")
    if not 1 <= head["games"] <= MAX_GAMES:
        raise DataError(path, "[scenario]", "games", f"must be 1 to {MAX_GAMES:,}, got {head['games']:,}")
    if not -MAX_SEED - 1 <= head["seed"] <= MAX_SEED:
        raise DataError(path, "[scenario]", "seed", f"must be a 64-bit whole number, got {head['seed']}")
    seeds = head.get("seeds", "per_cell")
    if seeds not in SEED_RULES:
        raise DataError(path, "[scenario]", "seeds", f"unknown seed rule {seeds!r} (known: {', '.join(SEED_RULES)})")

    overrides = raw.get("overrides", {})
    if not isinstance(overrides, dict):
        raise DataError(path, "[overrides]", None, "expected a table of param = value")
    for key, value in overrides.items():
        if isinstance(value, dict):
            raise DataError(path, "[overrides]", key, "expected a value, got a table")
    checker = _Checker(path, data)
    tax = raw.get("tax", {})
    listed: tuple[RegimeSwitch, ...] | None = None  # the switches of a [[tax]] list
    if isinstance(tax, list):
        listed, tax = checker.listed_regime(tax), {}
    elif not isinstance(tax, dict):
        raise DataError(path, "[tax]", None, "expected a table with phase and start, or [[tax]] switches")
    for key, value in tax.items():
        if key not in _TAX_KEYS:
            raise DataError(path, "[tax]", key, f"unknown key (known: {', '.join(_TAX_KEYS)})")
        if not isinstance(value, str):
            raise DataError(path, "[tax]", key, f"expected str, got {value!r}")

    grid_raw = raw.get("grid", {})
    if not isinstance(grid_raw, dict):
        raise DataError(path, "[grid]", None, "expected a table of field = [values]")
    grid = _flatten(grid_raw)
    for key, values in grid.items():
        if not isinstance(values, list) or not values:
            raise DataError(path, "[grid]", key, f"expected a non-empty list of values, got {values!r}")
        if len({json.dumps(v, sort_keys=True) for v in values}) != len(values):
            raise DataError(path, "[grid]", key, f"a value is listed twice in {values!r}")
        if (key == "tax" or key.startswith("tax.")) and listed is not None:
            raise DataError(path, "[grid]", key, "the [[tax]] list fixes the whole regime; give each field in one "
                                                 "place (vary whole regimes with the grid key tax instead)")
        fixed = (key in head and key in _SPECIAL_GRID) or key in overrides or (
            key.startswith("tax.") and key[4:] in tax) or (key == "tax" and "tax" in raw)
        if fixed:
            raise DataError(path, "[grid]", key, "also set outside the grid; give each field in one place")

    if "ruleset" not in head and "ruleset" not in grid:
        raise DataError(path, "[scenario]", "ruleset", "missing (name a ruleset here or vary it in [grid])")
    base = {
        "ruleset": head.get("ruleset", ""),
        "players": head.get("players", DEFAULT_PLAYERS),
        "strategies": head.get("strategies", list(DEFAULT_STRATEGIES)),
        "tax.phase": tax.get("phase", DEFAULT_TAX_PHASE),
        "tax.start": tax.get("start", NEVER),
    }
    where_fixed = {"ruleset": "[scenario]", "players": "[scenario]", "strategies": "[scenario]",
                   "tax.phase": "[tax]", "tax.start": "[tax]"}
    for key in _SPECIAL_GRID:
        if key in grid:
            for value in grid[key]:
                checker.field(key, value, "[grid]")
        elif key in base:
            checker.field(key, base[key], where_fixed[key])
    if "tax" in grid and len({checker.grid_regime(v) for v in grid["tax"]}) != len(grid["tax"]):
        raise DataError(path, "[grid]", "tax", f"a regime is listed twice (spelt two ways) in {grid['tax']!r}")

    def regime_at(k: int, fld: str = "phase") -> tuple[str, str]:
        """Where switch ``k`` (0-based) of every cell's regime is written: table and field."""
        if "tax" in grid:
            return "[grid]", "tax"
        if listed is not None:
            return f"[[tax]] #{k + 1}", fld
        return ("[grid]", f"tax.{fld}") if f"tax.{fld}" in grid else ("[tax]", fld)

    keys = list(grid)
    n_cells = math.prod(len(grid[k]) for k in keys)
    if n_cells * head["games"] > MAX_GAMES:
        raise DataError(path, "[scenario]", "games", f"{n_cells:,} cell(s) x {head['games']:,} games is more than "
                                                     f"{MAX_GAMES:,} games in one sweep; split the study")
    cells = []
    for n, combo in enumerate(itertools.product(*(grid[k] for k in keys))):
        chosen = dict(zip(keys, combo, strict=True))
        settings = {**base, **{k: v for k, v in chosen.items() if k in _SPECIAL_GRID}}
        params = {**overrides, **{k: v for k, v in chosen.items() if k not in _SPECIAL_GRID}}
        if "tax" in chosen:
            regime = checker.grid_regime(chosen["tax"])
        elif listed is not None:
            regime = listed
        else:
            regime = () if settings["tax.start"] == NEVER else \
                (regime_switch(settings["tax.phase"], settings["tax.start"]),)
        cell = Cell(
            index=n, ruleset=settings["ruleset"], ruleset_ref=checker.ref(settings["ruleset"]),
            players=settings["players"], strategies=tuple(settings["strategies"]),
            overrides=tuple(params.items()), regime=regime, varied=tuple(chosen.items()),
        )
        checker.cell(cell, where={k: ("[grid]" if k in grid else "[overrides]") for k in params},
                     sources={k: ("[grid]" if k in grid else where_fixed[k]) for k in where_fixed},
                     regime_at=regime_at)
        cells.append(cell)
    return Scenario(
        path=str(path), text=text, title=head.get("title", path.stem), description=head.get("description", ""),
        games=head["games"], seed=head["seed"], seeds=seeds, cells=tuple(cells),
    )


class _Checker:
    """Checks one field or one cell at a time, naming the file, table and field on error."""

    def __init__(self, path: Path, data: Path | None = None) -> None:
        self.path = path
        self.anchor = path.parent if path.name != "<scenario>" else Path.cwd()
        self.data = data

    def ref(self, ruleset: str) -> str:
        """What loads ``ruleset``: the id, or an absolute path for a ``.toml`` path or an id
        found in one's own data folder."""
        from landlord.data.loader import find
        from landlord.data.resources import kit_dir

        if ruleset.endswith(".toml"):
            return str((self.anchor / ruleset).resolve())
        if self.data is not None:
            try:
                found = find("rulesets", ruleset, self.data)
            except DataError as exc:
                raise DataError(self.path, "[scenario]", "ruleset", exc.problem) from None
            if found is not None and found.resolve().parent.parent != kit_dir("data").resolve():
                return str(found.resolve())
        return ruleset

    def ruleset(self, ruleset: str, where: str, key: str) -> Ruleset:
        from landlord.rules.families import family_of

        try:
            rs = load_ruleset_ref(self.ref(ruleset))
            family_of(rs)  # the data's checks, then its family's (its params, their types)
            return rs
        except DataError as exc:
            if exc.problem == "file not found" or exc.problem.startswith("unknown ruleset"):
                raise DataError(self.path, where, key, f"unknown ruleset {ruleset!r} ({exc.problem})") from None
            raise DataError(self.path, where, key, f"ruleset {ruleset!r} is invalid: {exc}") from None

    def field(self, key: str, value: Any, where: str) -> None:
        """Check one value of a scenario-level field on its own."""
        shown = f"{value!r}: " if where == "[grid]" else ""
        name = key[4:] if where == "[tax]" else key  # [tax] holds phase/start; [grid] tax.phase/tax.start
        if key == "ruleset":
            if not isinstance(value, str):
                raise DataError(self.path, where, name, f"expected str, got {value!r}")
            self.ruleset(value, where, key)
        elif key == "players":
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise DataError(self.path, where, name, f"{shown}expected a whole number of players, got {value!r}")
        elif key == "strategies":
            from landlord.players.characters import STRATEGIES

            if not isinstance(value, list) or not value or not all(isinstance(s, str) for s in value):
                raise DataError(self.path, where, name, f"expected a non-empty list of bot names, got {value!r}")
            for s in value:
                if s not in STRATEGIES:
                    raise DataError(self.path, where, name,
                                    f"{shown}unknown strategy {s!r} (known: {', '.join(STRATEGIES)})")
        elif key == "tax.phase":
            if not isinstance(value, str) or not value:
                raise DataError(self.path, where, name, f"expected a phase name, got {value!r}")
        elif key == "tax.start":
            if not isinstance(value, str):
                raise DataError(self.path, where, name, f"expected a trigger text, got {value!r}")
            if value != NEVER:
                try:
                    parse_trigger(value, "")
                except ValueError as exc:
                    raise DataError(self.path, where, name, f"{exc} (or {NEVER!r})") from None
        elif key == "tax":
            self.grid_regime(value)

    def listed_regime(self, entries: list[Any]) -> tuple[RegimeSwitch, ...]:
        """Check the switches of a ``[[tax]]`` list on their own and in order."""
        if not entries:
            raise DataError(self.path, "[[tax]]", None,
                            "an empty list of switches (leave tax out for the rules as printed)")
        regime: list[RegimeSwitch] = []
        for k, entry in enumerate(entries, 1):
            at = f"[[tax]] #{k}"
            if not isinstance(entry, dict):
                raise DataError(self.path, at, None, f"expected a table with phase and start, got {entry!r}")
            for key in entry:
                if key not in _TAX_KEYS:
                    raise DataError(self.path, at, key, f"unknown key (known: {', '.join(_TAX_KEYS)})")
            for key in _TAX_KEYS:
                if key not in entry:
                    raise DataError(self.path, at, key, "missing (each switch of a list names its phase and start)")
                if not isinstance(entry[key], str) or not entry[key]:
                    raise DataError(self.path, at, key, f"expected a non-empty str, got {entry[key]!r}")
            try:
                regime.append(regime_switch(entry["phase"], entry["start"]))
            except ValueError as exc:
                raise DataError(self.path, at, "start", str(exc)) from None
        wrong = order_problem(regime)
        if wrong:
            k, fld, problem = wrong
            raise DataError(self.path, f"[[tax]] #{k + 1}", fld, problem)
        return tuple(regime)

    def grid_regime(self, value: Any) -> tuple[RegimeSwitch, ...]:
        """Check one grid ``tax`` value (``"never"`` or a list of ``"phase@trigger"``) and
        return its switches in order."""
        if value == NEVER:
            return ()
        if not isinstance(value, list) or not value or not all(isinstance(t, str) for t in value):
            raise DataError(self.path, "[grid]", "tax",
                            f"{value!r}: expected {NEVER!r} or a non-empty list of switches "
                            f"written \"phase@trigger\" (e.g. [\"part2@round:25\", \"part3@round:50\"])")
        regime: list[RegimeSwitch] = []
        for k, text in enumerate(value, 1):
            try:
                regime.append(parse_switch(text))
            except ValueError as exc:
                raise DataError(self.path, "[grid]", "tax", f"{value!r}: switch #{k}: {exc}") from None
        wrong = order_problem(regime)
        if wrong:
            k, _, problem = wrong
            raise DataError(self.path, "[grid]", "tax", f"{value!r}: switch #{k + 1} ({value[k]}): {problem}")
        return tuple(regime)

    def cell(self, cell: Cell, where: dict[str, str], sources: dict[str, str],
             regime_at: Callable[[int], tuple[str, str]]) -> None:
        """Check the settings of one cell together against its ruleset (``regime_at(k)``: the
        table and field where switch ``k`` of its regime is written)."""
        from landlord.rules.families import family_of

        rs = self.ruleset(cell.ruleset, sources["ruleset"], "ruleset")
        in_cell = f" (cell {cell.label})" if cell.varied else ""
        if not rs.players_min <= cell.players <= rs.players_max:
            raise DataError(self.path, sources["players"], "players",
                            f"{rs.id} takes {rs.players_min} to {rs.players_max} players, not {cell.players}{in_cell}")
        for key, value in cell.overrides:
            try:
                family_of(rs.override(**{key: value}))  # the family reads it (its cards, typed)
            except KeyError:
                known = ", ".join(sorted(rs.params))
                raise DataError(self.path, where[key], key,
                                f"{rs.id} has no param {key!r} (params: {known}){in_cell}") from None
            except TypeError:
                old = rs.params[key].value
                raise DataError(self.path, where[key], key,
                                f"{rs.id} takes {type(old).__name__} here, got {value!r}{in_cell}") from None
            except ValueError as exc:
                problem = str(exc).partition(": ")[2] or str(exc)
                raise DataError(self.path, where[key], key, f"{problem}{in_cell}") from None
            except DataError as exc:
                raise DataError(self.path, where[key], key, f"{exc.problem}{in_cell}") from None
        for k, s in enumerate(cell.regime):
            if s.phase not in rs.phases:
                raise DataError(self.path, *regime_at(k),
                                f"{rs.id} has no phase {s.phase!r} (phases: {', '.join(rs.phases)}){in_cell}")
        if len(cell.regime) > 1 and cell.regime[0].phase == rs.default_phase:
            # the engine skips a trigger to the phase in force and keeps it for later, so this
            # switch would fire after the others, out of order
            raise DataError(self.path, *regime_at(0),
                            f"{rs.default_phase!r} is the phase a {rs.id} game starts in: a first switch "
                            f"to it changes nothing (leave it out){in_cell}")


def load_ruleset_ref(ref: str) -> Ruleset:
    """Load a ruleset by id, or from an absolute ``.toml`` path (cached per process)."""
    from landlord.data.loader import load_ruleset_ref as load

    return load(ref)


# -- regimes ---------------------------------------------------------------------------------
def parse_switch(text: str) -> RegimeSwitch:
    """``"phase@trigger"`` (e.g. ``"part2@round:25"``) as a regime's switch; ValueError says
    what is wrong. ``never`` is no switch, so it is refused here."""
    phase, _, start = (part.strip() for part in text.partition("@"))
    if not (phase and start == NEVER):  # never is refused by regime_switch, with its own message
        parse_phase_switch(text)  # the phase@trigger shape
    return regime_switch(phase, start)


def regime_switch(phase: str, start: str) -> RegimeSwitch:
    """The switch to ``phase`` at ``start`` (a trigger text, kept as written); ValueError says
    what is wrong (``never`` is no switch)."""
    if start == NEVER:
        raise ValueError(f"{NEVER!r} has no place in a list of switches (leave the switch out)")
    return RegimeSwitch(phase, start, parse_trigger(start, phase))


def order_problem(regime: Sequence[RegimeSwitch]) -> tuple[int, str, str] | None:
    """The first switch that breaks the regime's order, as (index, field, problem), or None.

    The engine fires every trigger on its own as soon as it is due (triggers due together in
    list order), so only an order that follows from the triggers themselves can be kept: see
    the module's DECISION (order).
    """
    for k in range(1, len(regime)):
        (p0, s0, t0), (p1, s1, t1) = ((s.phase, s.start, s.trigger) for s in regime[k - 1:k + 1])
        if p1 == p0:
            return k, "phase", f"switches to {p1!r} again right after switch #{k} switched to it (changes nothing)"
        if t1.kind == "start":
            return k, "start", f"'start' can only be the first switch (this one follows switch #{k}'s {s0!r})"
        if t0.kind == "start":
            continue
        if t1.kind != t0.kind or t1.kind == "vote":
            return k, "start", (
                f"{s1!r} cannot be put in order after switch #{k}'s {s0!r}: the game fires each switch when its "
                f"own trigger is due, so after a first 'start' the switches of a regime must be all turn:N, "
                f"all round:N or all gini:X with growing numbers")
        if t1.value <= t0.value:
            return k, "start", f"out of order: {s1!r} after switch #{k}'s {s0!r} (the numbers must grow)"
    return None


def regime_text(regime: Sequence[RegimeSwitch]) -> str:
    """A regime in words: ``never``, or its ``phase@trigger`` switches joined by ``THEN``."""
    return THEN.join(s.text for s in regime) if regime else NEVER


WHEN_WORDS = {"start": "from the start", "vote": "by vote", "turn": "from turn {}", "round": "from round {}",
              "gini": "once the Gini reaches {}"}
"""A switch's start trigger in words."""


def switch_words(text: str) -> str:
    """A phase switch in words: ``single_tax@turn:20`` → "single tax from turn 20",
    ``part2@round:25`` → "part 2 from round 25"."""
    phase, _, when = text.partition("@")
    kind, _, arg = when.partition(":")
    name = re.sub(r"([a-z])(\d)", r"\1 \2", phase.replace("_", " ").strip())  # "part2" → "part 2"
    return f"{name} {WHEN_WORDS.get(kind, kind).format(arg)}".strip()


def label_words(label: str) -> str:
    """A cell's label as a report shows it, in words: ``tax=never`` → "no tax switch",
    ``tax=part2@round:25 → part3@round:50, wages=150`` → "part 2 from round 25, then part 3 from
    round 50; wages 150"."""
    if label == "base":
        return label
    out = []
    for part in re.split(r", (?=[\w.]+=)", label):
        key, _, value = part.partition("=")
        if key == "tax":
            out.append("no tax switch" if value == NEVER else ", then ".join(
                switch_words(v) for v in value.split(THEN)))
        else:
            out.append(f"{key.replace('_', ' ').replace('.', ' ')} {value.replace('+', ', ')}")
    return "; ".join(out)


def _flatten(table: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in table.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            out.update(_flatten(value, f"{name}."))
        else:
            out[name] = value
    return out


def _tname(typ: type | tuple[type, ...]) -> str:
    return typ.__name__ if isinstance(typ, type) else "/".join(t.__name__ for t in typ)


def _show(value: Any) -> str:
    if isinstance(value, list):
        return "+".join(str(v) for v in value)
    return str(value)


# -- writing -----------------------------------------------------------------------------
def scenario_to_toml(raw: dict[str, Any]) -> str:
    """Write a scenario dict (shaped like the file) as TOML text that reads back the same.

    Supports what scenarios hold: tables of strings, whole numbers, finite floats, booleans and
    lists of those (or lists of lists, for a grid over strategy mixes or regimes); a list of
    dicts under ``tax`` is written as ``[[tax]]`` switches.
    """
    lines: list[str] = []
    for table in _TOP:
        if table not in raw:
            continue
        body = raw[table]
        if table == "tax" and isinstance(body, list) and all(isinstance(b, dict) for b in body):
            for switch in body:
                lines.append(f"[[{table}]]")
                lines += [f"{_toml_key(k)} = {_toml_value(v)}" for k, v in switch.items()]
                lines.append("")
            continue
        if not isinstance(body, dict):
            raise ValueError(f"scenario table {table!r} must be a dict, got {body!r}")
        lines.append(f"[{table}]")
        for key, value in _flatten(body).items():
            name = ".".join(_toml_key(part) for part in key.split("."))
            lines.append(f"{name} = {_toml_value(value)}")
        lines.append("")
    unknown = set(raw) - set(_TOP)
    if unknown:
        raise ValueError(f"unknown scenario tables {sorted(unknown)} (known: {', '.join(_TOP)})")
    return "\n".join(lines)


def _toml_key(key: str) -> str:
    bare = key.replace("_", "").replace("-", "").isalnum() and key.isascii()
    return key if bare else _toml_str(key)


def _toml_str(text: str) -> str:
    """A TOML basic string: quote and backslash escaped, control characters as ``\\uXXXX``."""
    out = []
    for ch in text:
        if ch in ('"', "\\"):
            out.append("\\" + ch)
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04X}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"cannot write {value!r} in a scenario")
        return repr(value)
    if isinstance(value, str):
        return _toml_str(value)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    raise ValueError(f"cannot write {value!r} ({type(value).__name__}) in a scenario")
