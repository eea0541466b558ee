"""Load and validate boards and rulesets from the TOML files in ``data/``.

Loading is strict: unknown keys, missing fields, wrong types, duplicate or missing indices and
references to unknown spaces each raise one :class:`~landlord.errors.DataError` naming the file,
the entry and the field.
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any

from landlord.board import Annex, Board, Space
from landlord.errors import DataError
from landlord.ruleset import Param, Phase, Ruleset

PROVENANCE = frozenset(
    {
        "verified_primary",
        "verified_2_sources",
        "multi_source+rules",
        "multi_source",
        "multi_source_no_rules",
        "single_source_plus_memory",
        "card_verified_amount_edition_dependent",
        "reconstructed_inference",
        "reconstructed",
        "kit_decision",
        "mixed",
    }
)

SPACE_KINDS = frozenset(
    {
        "mother_earth", "lot", "necessity", "no_trespassing", "railroad", "luxury", "franchise",
        "park", "legacy", "go", "street", "utility", "tax", "chance", "community_chest", "jail",
        "free_parking", "go_to_jail", "speculation", "broker", "site", "fishery", "moor",
        "estate", "asylum", "duty", "religious", "undeveloped", "natural_opportunity",
        "poorhouse", "college",
    }
)
ANNEX_KINDS = frozenset({"jail", "poorhouse", "natural_opportunity"})

_Spec = dict[str, tuple[type | tuple[type, ...], bool]]  # key -> (type, required)

_BOARD: _Spec = {
    "id": (str, True), "title": (str, True), "currency": (str, True), "source": (str, True),
    "provenance": (str, True),
}
_SPACE: _Spec = {
    "index": (int, True), "name": (str, True), "kind": (str, True), "provenance": (str, True),
    "note": (str, False), "lot": (int, False), "price": (int, False), "rent": (int, False),
    "fee": (int, False), "group": (str, False), "extra": (dict, False),
}
_ANNEX: _Spec = {
    "kind": (str, True), "name": (str, True), "beside": (int, True), "provenance": (str, True),
    "note": (str, False),
}
_RULESET: _Spec = {
    "id": (str, True), "title": (str, True), "family": (str, True), "board": (str, True),
    "players_min": (int, True), "players_max": (int, True), "default_phase": (str, True),
    "source": (str, True), "provenance": (str, True), "extends": (str, False),
}
_PARAM: _Spec = {
    "value": ((int, float, bool, str, list), True), "source": (str, True),
    "provenance": (str, True),
}
_PHASE: _Spec = {"title": (str, True), "params": (dict, False)}


def data_dir() -> Path:
    """The folder holding ``boards/`` and ``rulesets/``: inside the installed package, or the
    checkout's top-level ``data/`` when running from a source tree."""
    here = Path(__file__).resolve().parent
    packaged = here / "data"
    return packaged if packaged.is_dir() else here.parent / "data"


def _read(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise DataError(path, None, None, "file not found") from None
    except tomllib.TOMLDecodeError as exc:
        raise DataError(path, None, None, f"not valid TOML ({exc})") from None


def _check(path: Path, entry: str, table: Any, spec: _Spec) -> dict[str, Any]:
    if not isinstance(table, dict):
        raise DataError(path, entry, None, f"expected a table, got {type(table).__name__}")
    for key in table:
        if key not in spec:
            raise DataError(path, entry, key, f"unknown key (known: {', '.join(sorted(spec))})")
    for key, (typ, required) in spec.items():
        if key not in table:
            if required:
                raise DataError(path, entry, key, "missing")
            continue
        value = table[key]
        bad_bool = isinstance(value, bool) and typ is int
        if bad_bool or not isinstance(value, typ):
            want = typ.__name__ if isinstance(typ, type) else "/".join(t.__name__ for t in typ)
            raise DataError(path, entry, key, f"expected {want}, got {value!r}")
    if "provenance" in spec and table.get("provenance") not in PROVENANCE:
        raise DataError(
            path, entry, "provenance",
            f"unknown provenance {table.get('provenance')!r} (known: {', '.join(sorted(PROVENANCE))})",
        )
    return table


def _label(entry: Any, n: int) -> str:
    """How an entry is named in errors: by index and name where it has them."""
    if isinstance(entry, dict) and isinstance(entry.get("index"), int) and isinstance(entry.get("name"), str):
        return f"space {entry['index']} ({entry['name']})"
    if isinstance(entry, dict) and isinstance(entry.get("index"), int):
        return f"space {entry['index']} (entry #{n})"
    return f"space #{n}"


def board_path(board_id: str) -> Path:
    """Where the board ``board_id`` lives."""
    return data_dir() / "boards" / f"{board_id}.toml"


def load_board(board_id: str | Path) -> Board:
    """Load and validate a board by id (or from a path)."""
    path = Path(board_id) if isinstance(board_id, Path) else board_path(board_id)
    raw = _read(path)
    for key in raw:
        if key not in ("board", "space", "annex"):
            raise DataError(path, None, key, "unknown top-level table (known: annex, board, space)")
    head = _check(path, "[board]", raw.get("board"), _BOARD)
    spaces_raw = raw.get("space")
    if not isinstance(spaces_raw, list) or not spaces_raw:
        raise DataError(path, "[[space]]", None, "a board needs a list of [[space]] entries")
    spaces: dict[int, Space] = {}
    lots: set[int] = set()
    for n, entry in enumerate(spaces_raw, 1):
        label = _label(entry, n)
        t = _check(path, label, entry, _SPACE)
        if t["index"] in spaces:
            raise DataError(path, label, "index", f"duplicate index {t['index']}")
        if t["kind"] not in SPACE_KINDS:
            raise DataError(path, label, "kind", f"unknown kind {t['kind']!r}")
        for money in ("price", "rent", "fee"):
            if t.get(money, 0) < 0:
                raise DataError(path, label, money, f"must not be negative, got {t[money]}")
        if "lot" in t:
            if t["lot"] in lots:
                raise DataError(path, label, "lot", f"lot number {t['lot']} used twice")
            lots.add(t["lot"])
            if "price" not in t or "rent" not in t:
                raise DataError(path, label, "price" if "price" not in t else "rent",
                                "missing (a lot needs a price and a rent)")
        spaces[t["index"]] = Space(
            index=t["index"], name=t["name"], kind=t["kind"], provenance=t["provenance"],
            note=t.get("note", ""), lot=t.get("lot"), price=t.get("price", 0),
            rent=t.get("rent", 0), fee=t.get("fee", 0), group=t.get("group", ""),
            extra=t.get("extra", {}),
        )
    missing = sorted(set(range(len(spaces))) - set(spaces))
    if missing:
        raise DataError(path, "[[space]]", "index",
                        f"indices must run 0..{len(spaces) - 1}; missing {missing}")
    annexes = []
    for n, entry in enumerate(raw.get("annex", []), 1):
        t = _check(path, f"annex #{n}", entry, _ANNEX)
        if t["kind"] not in ANNEX_KINDS:
            raise DataError(path, f"annex #{n}", "kind", f"unknown kind {t['kind']!r}")
        if t["beside"] not in spaces:
            raise DataError(path, f"annex #{n} ({t['name']})", "beside",
                            f"refers to unknown space {t['beside']}")
        annexes.append(Annex(t["kind"], t["name"], t["beside"], t["provenance"], t.get("note", "")))
    return Board(
        id=head["id"], title=head["title"], currency=head["currency"], source=head["source"],
        provenance=head["provenance"], spaces=tuple(spaces[i] for i in range(len(spaces))),
        annexes=tuple(annexes),
    )


def ruleset_path(ruleset_id: str) -> Path:
    """Where the ruleset ``ruleset_id`` lives."""
    return data_dir() / "rulesets" / f"{ruleset_id}.toml"


def _params(path: Path, where: str, table: Any) -> dict[str, Param]:
    if not isinstance(table, dict):
        raise DataError(path, where, None, "expected a table of params")
    out = {}
    for key, entry in table.items():
        t = _check(path, f"{where}.{key}", entry, _PARAM)
        out[key] = Param(t["value"], t["source"], t["provenance"])
    return out


def _merge_raw(path: Path, raw: dict[str, Any], seen: tuple[str, ...]) -> dict[str, Any]:
    """Resolve ``extends``: the base's tables, overridden key by key by this file's."""
    head = raw.get("ruleset")
    if not isinstance(head, dict) or "extends" not in head:
        return raw
    base_id = head["extends"]
    if not isinstance(base_id, str):
        raise DataError(path, "[ruleset]", "extends", f"expected str, got {base_id!r}")
    if base_id in seen:
        raise DataError(path, "[ruleset]", "extends", f"circular: {' -> '.join(seen + (base_id,))}")
    base_path = ruleset_path(base_id)
    if not base_path.exists():
        raise DataError(path, "[ruleset]", "extends", f"unknown ruleset {base_id!r}")
    base = _merge_raw(base_path, _read(base_path), seen + (base_id,))
    merged: dict[str, Any] = {k: dict(v) if isinstance(v, dict) else v for k, v in base.items()}
    for key, value in raw.items():
        if key == "phases" and isinstance(value, dict):
            phases = dict(merged.get("phases", {}))
            for name, ph in value.items():
                old = dict(phases.get(name, {}))
                if isinstance(ph, dict):
                    params = {**old.get("params", {}), **ph.get("params", {})}
                    old.update(ph)
                    if params:
                        old["params"] = params
                    phases[name] = old
                else:
                    phases[name] = ph
            merged["phases"] = phases
        elif isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = {**merged[key], **value}
        else:
            merged[key] = value
    return merged


@cache
def load_ruleset(ruleset_id: str) -> Ruleset:
    """Load and validate a ruleset (resolving ``extends``) and its board, by id."""
    path = ruleset_path(ruleset_id)
    if not path.exists():
        known = ", ".join(ruleset_ids()) or "none"
        raise DataError(path, None, None, f"unknown ruleset {ruleset_id!r} (known: {known})")
    return ruleset_from_file(path)


def ruleset_from_file(path: Path) -> Ruleset:
    """Load and validate the ruleset in ``path``."""
    from landlord.rules import family_params  # rules know which params each family needs

    raw = _merge_raw(path, _read(path), (path.stem,))
    for key in raw:
        if key not in ("ruleset", "params", "phases"):
            raise DataError(path, None, key, "unknown top-level table (known: params, phases, ruleset)")
    head = _check(path, "[ruleset]", raw.get("ruleset"), _RULESET)
    try:
        schema = family_params(head["family"])
    except KeyError as exc:
        raise DataError(path, "[ruleset]", "family", str(exc.args[0])) from None
    params = _params(path, "params", raw.get("params", {}))
    for key, param in params.items():
        if key not in schema:
            raise DataError(path, f"params.{key}", None,
                            f"unknown param for family {head['family']!r} (known: {', '.join(sorted(schema))})")
        _check_type(path, f"params.{key}", param.value, schema[key])
    for key in schema:
        if key not in params:
            raise DataError(path, f"params.{key}", None, "missing")
    phases_raw = raw.get("phases")
    if not isinstance(phases_raw, dict) or not phases_raw:
        raise DataError(path, "[phases]", None, "a ruleset needs at least one phase")
    phases = {}
    for name, ph in phases_raw.items():
        t = _check(path, f"phases.{name}", ph, _PHASE)
        pp = _params(path, f"phases.{name}.params", t.get("params", {}))
        for key, param in pp.items():
            if key not in schema:
                raise DataError(path, f"phases.{name}.params.{key}", None,
                                f"unknown param for family {head['family']!r}")
            _check_type(path, f"phases.{name}.params.{key}", param.value, schema[key])
        phases[name] = Phase(name, t["title"], pp)
    if head["default_phase"] not in phases:
        raise DataError(path, "[ruleset]", "default_phase",
                        f"unknown phase {head['default_phase']!r} (known: {', '.join(phases)})")
    if not 1 <= head["players_min"] <= head["players_max"]:
        raise DataError(path, "[ruleset]", "players_max", "need 1 <= players_min <= players_max")
    try:
        board = load_board(head["board"])
    except DataError as exc:
        if exc.problem == "file not found":
            raise DataError(path, "[ruleset]", "board", f"unknown board {head['board']!r}") from None
        raise
    return Ruleset(
        id=head["id"], title=head["title"], family=head["family"], board=board,
        players_min=head["players_min"], players_max=head["players_max"],
        default_phase=head["default_phase"], source=head["source"],
        provenance=head["provenance"], params=params, phases=phases, extends=head.get("extends"),
    )


def _check_type(path: Path, where: str, value: Any, typ: type) -> None:
    ok = isinstance(value, typ) and not (typ is int and isinstance(value, bool))
    if typ is float and isinstance(value, int) and not isinstance(value, bool):
        ok = True
    if not ok:
        raise DataError(path, where, "value", f"expected {typ.__name__}, got {value!r}")


def ruleset_ids() -> list[str]:
    """Ids of every ruleset in ``data/rulesets``, sorted."""
    return sorted(p.stem for p in (data_dir() / "rulesets").glob("*.toml"))
