"""The scenario lab's scenarios and the scenario file they make: what an editor holds
(:class:`LabScenario`: a ruleset, a phase regime, bots by seat, param overrides), the lab's A and B
as one :mod:`landlord.runs.scenario` (the fields they share fixed, those they differ in a
``[grid]``, every cell on the same seeds), each cell's name, and a scenario file read back."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from landlord.data.loader import load_ruleset, resolve_ruleset, ruleset_ids
from landlord.data.ruleset import Ruleset
from landlord.engine.phases import parse_switch
from landlord.errors import DataError, LandlordError
from landlord.players.characters import STRATEGIES, make_strategy
from landlord.rules.families import FamilyGame
from landlord.runs.scenario import NEVER, scenario_from_dict
from landlord.runs.scenario import Scenario as SweepScenario

_NAMES = re.compile(r"^Scenario lab: A = «(?P<a>.*?)»(?:, B = «(?P<b>.*)»)?$")


@dataclass(frozen=True)
class LabScenario:
    """What to play: a ruleset, a phase regime (trigger texts), bots by seat, param overrides."""

    name: str
    ruleset: str
    strategies: tuple[str, ...] = ("landlord", "tenant", "speculator", "random")
    regime: tuple[str, ...] = ()
    overrides: dict[str, Any] = field(default_factory=dict)

    def resolve(self) -> Ruleset:
        """The ruleset with this scenario's overrides."""
        return resolve_ruleset(self.ruleset, self.overrides, f"scenario {self.name}")

    def check(self) -> None:
        """Raise ValueError/LandlordError naming what is wrong before any game is played."""
        rs = self.resolve()
        if not rs.players_min <= len(self.strategies) <= rs.players_max:
            raise ValueError(f"{self.name}: {rs.id} takes {rs.players_min}–{rs.players_max} players, "
                             f"not {len(self.strategies)}")
        for s in self.strategies:
            if s not in STRATEGIES:
                raise ValueError(f"{self.name}: unknown strategy {s!r} (known: {', '.join(STRATEGIES)})")
        for t in self.regime:
            phase = parse_switch(t).phase
            if phase not in rs.phases:
                raise ValueError(f"{self.name}: {rs.id} has no phase {phase!r} (phases: {', '.join(rs.phases)})")
        if len(self.regime) > 1:  # several switches: in an order the scenario file can keep
            try:
                scenario_from_dict({"scenario": {"ruleset": self.ruleset, "strategies": list(self.strategies),
                                                 "players": len(self.strategies), "games": 1, "seed": 0},
                                    "grid": {"tax": [self.fields()["tax"]]}})
            except DataError as exc:
                raise ValueError(f"{self.name}: phase switches {exc.problem}") from None
        # set a game up (not played) so that the rules can refuse what they cannot play
        bots = [make_strategy(s, 0) for s in self.strategies]
        try:
            FamilyGame(rs, bots, 0, log=False, triggers=[parse_switch(t) for t in self.regime])
        except LandlordError as exc:
            raise ValueError(f"{self.name}: {exc}") from None

    def fields(self) -> dict[str, Any]:
        """The scenario's settings as ``landlord.runs.scenario`` fields (``ruleset``, ``players``,
        ``strategies``, ``tax.phase`` and ``tax.start`` for a regime of one switch or ``tax``
        (its ``phase@trigger`` switches) for several, and the overridden params)."""
        out: dict[str, Any] = {"ruleset": self.ruleset, "players": len(self.strategies),
                               "strategies": list(self.strategies)}
        if len(self.regime) > 1:
            out["tax"] = [f"{t.phase}@{t.text}" for t in map(parse_switch, self.regime)]
        elif self.regime:
            t = parse_switch(self.regime[0])
            out["tax.phase"], out["tax.start"] = t.phase, t.text
        else:
            out["tax.start"] = NEVER
        out.update(self.overrides)
        return out


_SPECIAL = ("ruleset", "players", "strategies", "tax", "tax.phase", "tax.start")


def _fields(scenarios: Sequence[LabScenario]) -> list[dict[str, Any]]:
    """Each scenario's fields, with a param another scenario overrides filled in with this
    scenario's own value (so every side names the same fields)."""
    fields = [s.fields() for s in scenarios]
    params = list(dict.fromkeys(k for f in fields for k in f if k not in _SPECIAL))
    for f, s in zip(fields, scenarios, strict=True):  # a param one side leaves as printed
        values = s.resolve().values()
        for k in params:
            if k not in values:
                raise ValueError(f"{s.name}: {s.ruleset} has no param {k!r} for the other scenario's override")
            f.setdefault(k, values[k])
    if any("tax" in f for f in fields):  # a regime of several switches: every side names its whole regime
        for f in fields:
            if "tax" not in f:
                phase, start = f.pop("tax.phase", None), f.pop("tax.start")
                f["tax"] = NEVER if start == NEVER else [f"{phase}@{start}"]
    elif any(f["tax.start"] == NEVER for f in fields) and any("tax.phase" in f for f in fields):
        phase = next(f["tax.phase"] for f in fields if "tax.phase" in f)
        for f in fields:  # never checks no phase; give it the other side's so only start varies
            f.setdefault("tax.phase", phase)
    return fields


def scenario_dict(scenarios: Sequence[LabScenario], games: int, seed: int) -> dict[str, Any]:
    """One ``landlord.runs.scenario`` dict for the lab's scenarios: the fields they share fixed, the
    fields they differ in as a ``[grid]`` (A's value first), every cell on the same seeds."""
    names = ", B = ".join(f"«{s.name}»" for s in scenarios)
    head: dict[str, Any] = {"title": " vs ".join(s.name for s in scenarios),
                            "description": f"Scenario lab: A = {names}",
                            "games": games, "seed": seed, "seeds": "shared"}
    fields = _fields(scenarios)
    raw: dict[str, Any] = {"scenario": head, "overrides": {}, "tax": {}, "grid": {}}
    for key in dict.fromkeys(k for f in fields for k in f):
        values = [f[key] for f in fields if key in f]
        if any(v != values[0] for v in values):
            raw["grid"][key] = values
        elif key in ("ruleset", "players", "strategies"):
            head[key] = values[0]
        elif key == "tax":  # the same regime of several switches on every side: [[tax]]
            raw["tax"] = [{"phase": t.phase, "start": t.text} for t in map(parse_switch, values[0])]
        elif key.startswith("tax."):
            raw["tax"][key[4:]] = values[0]
        else:
            raw["overrides"][key] = values[0]
    if "tax.phase" in raw["grid"] or "tax.start" in raw["grid"]:
        raw["grid"]["tax"] = {k[4:]: raw["grid"].pop(k) for k in ("tax.phase", "tax.start") if k in raw["grid"]}
    return {k: v for k, v in raw.items() if v or k == "scenario"}


def cell_names(sweep: SweepScenario, scenarios: Sequence[LabScenario]) -> dict[int, str]:
    """Each cell's name: A's or B's for the cells that are exactly A or B, else its grid label
    (when A and B differ in several fields the grid also crosses them)."""
    want = _fields(scenarios)
    out: dict[int, str] = {}
    for cell in sweep.cells:
        have = {"ruleset": cell.ruleset, "players": cell.players, "strategies": list(cell.seats),
                "tax.start": cell.tax_start, "tax": [s.text for s in cell.regime] or NEVER,
                **dict(cell.overrides)}
        if cell.tax_start != NEVER:
            have["tax.phase"] = cell.tax_phase
        name = cell.label
        for w, s in zip(want, scenarios, strict=True):
            if all(have.get(k, v) == v for k, v in w.items() if k != "tax.phase" or w["tax.start"] != NEVER):
                name = s.name
                break
        out[cell.index] = name
    return out


def lab_scenarios(sweep: SweepScenario) -> list[LabScenario]:
    """The scenarios of a scenario's cells (any number), named as the lab named them when the
    lab wrote the file, else by their settings in plain words (:func:`file_names`)."""
    names = file_names(sweep)
    out = []
    for cell in sweep.cells:
        rs = load_ruleset(cell.ruleset)
        values = rs.values()
        regime = tuple(s.text for s in cell.regime)
        over = {k: v for k, v in cell.overrides if values.get(k) != v}
        out.append(LabScenario(names[cell.index], cell.ruleset, tuple(cell.seats), regime, over))
    return out


def lab_file(sweep: SweepScenario) -> bool:
    """Whether a scenario is one the lab wrote and its editors hold (A, or A and B, on the
    same seeds): else the lab plays it as it is."""
    return bool(_NAMES.match(sweep.description)) and sweep.seeds == "shared" and len(sweep.cells) <= 2


_FIELD_WORDS = {"tax.start": "tax starts", "tax.phase": "tax phase", "tax": "phases", "strategies": "bots",
                "start_cash": "start cash", "go_salary": "salary at GO"}


def plain_cell(label: str) -> str:
    """A cell's grid label in plain words: ``wages=150, tax.start=turn:20`` → ``wages 150, tax
    starts turn 20``; ``strategies=landlord+tenant`` → ``bots landlord + tenant``."""
    parts = []
    for item in label.split(", "):
        key, _, value = item.partition("=")
        words = _FIELD_WORDS.get(key, key.replace("_", " "))
        value = value.replace("+", " + ").replace("@", " from ").replace(":", " ").replace("never", "never")
        parts.append(f"{words} {value}".strip())
    return ", ".join(parts)


def file_names(sweep: SweepScenario) -> dict[int, str]:
    """Each cell's name: as the lab named A and B when it wrote the file, else its settings in
    plain words (:func:`plain_cell`; "as printed" for a scenario of one cell)."""
    m = _NAMES.match(sweep.description)
    names = [m["a"], m["b"]] if m else []
    out = {}
    for cell in sweep.cells:
        name = names[cell.index] if cell.index < len(names) and names[cell.index] else plain_cell(cell.label)
        out[cell.index] = name or sweep.title or "as printed"
    return out


def replace_games(sweep: SweepScenario, games: int) -> SweepScenario:
    """``sweep`` with ``games`` games a cell (the same seeds for the games both have)."""
    return dataclasses.replace(sweep, games=games)


def only_kit_rulesets(raw: dict[str, Any], where: str) -> None:
    """Refuse a scenario (its TOML, parsed) that names a ruleset other than the kit's own (a
    path would read a file on the server)."""
    head = raw.get("scenario")
    grid = raw.get("grid")
    named = [head.get("ruleset")] if isinstance(head, dict) else []
    if isinstance(grid, dict) and isinstance(grid.get("ruleset"), list):
        named += grid["ruleset"]
    known = ruleset_ids()
    for rid in named:
        if rid is not None and rid not in known:
            raise DataError(where, "ruleset", None, f"{str(rid)[:60]!r} is not one of the kit's rulesets "
                                                    f"({', '.join(known)})")
