"""Load and validate boards and rulesets from the TOML files in ``data/``.

Loading is strict: unknown keys, missing fields, wrong types, duplicate or missing indices and
references to unknown spaces each raise one :class:`~landlord.errors.DataError` naming the file,
the entry and the field.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from landlord.data.board import Annex, Board, Space
from landlord.data.files import read_toml
from landlord.data.resources import kit_dir
from landlord.data.ruleset import Param, Phase, Ruleset
from landlord.errors import DataError

if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping

    from landlord.data.decks import Card, Deck
from landlord.data.schema import (
    Bounds,
    TableSpec,
    check_lots,
    check_param,
    check_table,
)
from landlord.limits import MAX_AMOUNT, MAX_PLAYERS

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


_BOARD: TableSpec = {
    "id": (str, True), "title": (str, True), "currency": (str, True), "source": (str, True),
    "provenance": (str, True),
}
_SPACE: TableSpec = {
    "index": (int, True), "name": (str, True), "kind": (str, True), "provenance": (str, True),
    "note": (str, False), "lot": (int, False), "price": (int, False), "rent": (int, False),
    "fee": (int, False), "group": (str, False), "extra": (dict, False),
}
_ANNEX: TableSpec = {
    "kind": (str, True), "name": (str, True), "beside": (int, True), "provenance": (str, True),
    "note": (str, False),
}
_RULESET: TableSpec = {
    "id": (str, True), "title": (str, True), "family": (str, True), "board": (str, True),
    "players_min": (int, True), "players_max": (int, True), "default_phase": (str, True),
    "source": (str, True), "provenance": (str, True), "extends": (str, False),
}
_PARAM: TableSpec = {
    "value": ((int, float, bool, str, list), True), "source": (str, True),
    "provenance": (str, True),
}
_PHASE: TableSpec = {"title": (str, True), "what_if": (bool, False), "extends": (str, False), "params": (dict, False)}


def _extend_phases(path: Path, phases: dict[str, Phase], parents: dict[str, str | None]) -> dict[str, Phase]:
    """Phases with ``extends = "<phase>"`` take that phase's params and replace some of them
    (a what-if such as "Part 3 without its land value tax" is an override, never a copy)."""
    done: dict[str, Phase] = {}

    def resolve(name: str, seen: tuple[str, ...]) -> Phase:
        if name in done:
            return done[name]
        parent = parents.get(name)
        ph = phases[name]
        if parent is not None:
            if parent not in phases:
                raise DataError(path, f"phases.{name}", "extends",
                                f"unknown phase {parent!r} (known: {', '.join(phases)})")
            if parent in seen:
                raise DataError(path, f"phases.{name}", "extends", f"phases extend each other in a ring: "
                                f"{' -> '.join((*seen, parent))}")
            base = resolve(parent, (*seen, parent))
            ph = replace(ph, params={**base.params, **ph.params})
        done[name] = ph
        return ph

    return {name: resolve(name, (name,)) for name in phases}


def _label(entry: Any, n: int) -> str:
    """How an entry is named in errors: by index and name where it has them."""
    if isinstance(entry, dict) and isinstance(entry.get("index"), int) and isinstance(entry.get("name"), str):
        return f"space {entry['index']} ({entry['name']})"
    if isinstance(entry, dict) and isinstance(entry.get("index"), int):
        return f"space {entry['index']} (entry #{n})"
    return f"space #{n}"


ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*")
"""What an id of a board, ruleset or deck looks like: letters, digits, ``-`` and ``_`` (so an
id can never name a path outside its folder)."""


GROUP = re.compile(r"[A-Za-z0-9][A-Za-z0-9_ -]*")
"""What a space's group is named: like an id, with spaces (the 1913 board's "section 1")."""


def check_id(ident: str, kind: str, path: object = "<id>", entry: str | None = None,
             field: str | None = None) -> str:
    """``ident`` if it is a well-formed id; else a DataError naming where it was written."""
    if not isinstance(ident, str) or not ID.fullmatch(ident):
        raise DataError(path, entry, field, f"{ident!r} is not a {kind} id (letters, digits, - and _ only)")
    return ident


def roots(data: Path | None = None) -> tuple[Path, ...]:
    """The folders ids are looked up in, first match wins: ``data`` (one's own folder, laid
    out like the kit's: ``boards/``, ``rulesets/``), then the kit's own (:func:`landlord.data.resources.kit_dir`)."""
    kit = kit_dir("data")
    if data is None or data.resolve() == kit.resolve():
        return (kit,)
    return (data.resolve(), kit)


def own_root(path: Path) -> Path | None:
    """One's own data folder a ruleset file sits in (``<folder>/rulesets/x.toml``), if any."""
    parent = path.resolve().parent
    if parent.name == "rulesets" and parent.parent.resolve() != kit_dir("data").resolve():
        return parent.parent
    return None


def find(kind: str, ident: str, data: Path | None = None, skip: Path | None = None) -> Path | None:
    """The file of the ``kind`` (``boards``, ``rulesets``) named ``ident`` in :func:`roots`
    (None if none has it); ``skip`` is passed over (a file extending the built-in of its name)."""
    check_id(ident, kind[:-1])
    for root in roots(data):
        candidate = root / kind / f"{ident}.toml"
        if candidate.is_file() and (skip is None or candidate.resolve() != skip.resolve()):
            return candidate
    return None


def board_path(board_id: str, data: Path | None = None) -> Path:
    """Where the board ``board_id`` lives (in ``data`` first, if given)."""
    return find("boards", board_id, data) or kit_dir("data") / "boards" / f"{board_id}.toml"


def load_board(board_id: str | Path, data: Path | None = None) -> Board:
    """Load and validate a board by id (looked up in ``data`` first, if given) or from a path."""
    path = Path(board_id) if isinstance(board_id, Path) else board_path(board_id, data)
    raw = read_toml(path)
    for key in raw:
        if key not in ("board", "space", "annex"):
            raise DataError(path, None, key, "unknown top-level table (known: annex, board, space)")
    head = check_table(path, "[board]", raw.get("board"), _BOARD)
    spaces_raw = raw.get("space")
    if not isinstance(spaces_raw, list) or not spaces_raw:
        raise DataError(path, "[[space]]", None, "a board needs a list of [[space]] entries")
    spaces: dict[int, Space] = {}
    lots: set[int] = set()
    for n, entry in enumerate(spaces_raw, 1):
        label = _label(entry, n)
        t = check_table(path, label, entry, _SPACE)
        if t["index"] in spaces:
            raise DataError(path, label, "index", f"duplicate index {t['index']}")
        if t["kind"] not in SPACE_KINDS:
            raise DataError(path, label, "kind", f"unknown kind {t['kind']!r}")
        for money in ("price", "rent", "fee"):
            if not 0 <= t.get(money, 0) <= MAX_AMOUNT:
                raise DataError(path, label, money, f"out of range: an amount runs from 0 to {MAX_AMOUNT}, "
                                                    f"got {t[money]}")
        if "group" in t and not GROUP.fullmatch(t["group"]):
            raise DataError(path, label, "group", f"{t['group']!r} is not a group name (letters, digits, "
                                                  f"spaces, - and _, starting with a letter or digit)")
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
        t = check_table(path, f"annex #{n}", entry, _ANNEX)
        if t["kind"] not in ANNEX_KINDS:
            raise DataError(path, f"annex #{n}", "kind", f"unknown kind {t['kind']!r}")
        if t["beside"] not in spaces:
            raise DataError(path, f"annex #{n} ({t['name']})", "beside",
                            f"refers to unknown space {t['beside']}")
        annexes.append(Annex(t["kind"], t["name"], t["beside"], t["provenance"], t.get("note", "")))
    return Board(
        id=head["id"], title=head["title"], currency=head["currency"], source=head["source"],
        provenance=head["provenance"], spaces=tuple(spaces[i] for i in range(len(spaces))),
        annexes=tuple(annexes), where=str(path),
    )


def ruleset_path(ruleset_id: str, data: Path | None = None) -> Path:
    """Where the ruleset ``ruleset_id`` lives (in ``data`` first, if given)."""
    return find("rulesets", ruleset_id, data) or kit_dir("data") / "rulesets" / f"{ruleset_id}.toml"


def _params(path: Path, where: str, table: Any) -> dict[str, Param]:
    if not isinstance(table, dict):
        raise DataError(path, where, None, "expected a table of params")
    out = {}
    for key, entry in table.items():
        t = check_table(path, f"{where}.{key}", entry, _PARAM)
        out[key] = Param(t["value"], t["source"], t["provenance"])
    return out


def _merge_raw(path: Path, raw: dict[str, Any], seen: tuple[Path, ...], data: Path | None) -> dict[str, Any]:
    """Resolve ``extends``: the base's tables, overridden key by key by this file's. A file
    extending the id it is itself named (one's own ``magie-1904.toml`` over the kit's) extends
    the next file of that id in :func:`roots`, not itself."""
    head = raw.get("ruleset")
    if not isinstance(head, dict) or "extends" not in head:
        return raw
    base_id = head["extends"]
    if not isinstance(base_id, str):
        raise DataError(path, "[ruleset]", "extends", f"expected str, got {base_id!r}")
    check_id(base_id, "ruleset", path, "[ruleset]", "extends")
    base_path = find("rulesets", base_id, data, skip=path if base_id == path.stem else None)
    if base_path is None:
        raise DataError(path, "[ruleset]", "extends", f"unknown ruleset {base_id!r}")
    if base_path.resolve() in seen:
        chain = " -> ".join(p.stem for p in (*seen, base_path.resolve()))
        raise DataError(path, "[ruleset]", "extends", f"circular: {chain}")
    base = _merge_raw(base_path, read_toml(base_path), (*seen, base_path.resolve()), data)
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


def load_ruleset(ruleset_id: str, data: Path | None = None) -> Ruleset:
    """Load and validate a ruleset (resolving ``extends``) and its board, by id; with ``data``
    (one's own folder of ``boards/`` and ``rulesets/``) ids are looked up there first.
    The kit's own rulesets are loaded once per process (the same object every time); one's own
    are read afresh each time, so an edited file is seen at once."""
    if data is None:
        return _load_kit_ruleset(ruleset_id)
    return _load_ruleset(ruleset_id, data)


@cache
def _load_kit_ruleset(ruleset_id: str) -> Ruleset:
    return _load_ruleset(ruleset_id, None)


def _load_ruleset(ruleset_id: str, data: Path | None) -> Ruleset:
    check_id(ruleset_id, "ruleset", "<ruleset>")
    path = find("rulesets", ruleset_id, data)
    if path is None:
        known = ", ".join(ruleset_ids(data)) or "none"
        raise DataError(ruleset_id, None, None, f"unknown ruleset {ruleset_id!r} (known: {known})")
    return ruleset_from_file(path, data)


def load_ruleset_ref(ref: str | Path, data: Path | None = None) -> Ruleset:
    """A ruleset by id, or from a ``.toml`` path (what a scenario, a sweep's worker or the
    command line's ``--ruleset`` hold); a path is read afresh each time."""
    text = str(ref)
    if text.endswith(".toml"):
        return ruleset_from_file(Path(text), data)
    return load_ruleset(text, data)


def resolve_ruleset(ref: str | Path, overrides: Mapping[str, Any] | Iterable[tuple[str, Any]] = (),
                    note: str = "scenario override", data: Path | None = None) -> Ruleset:
    """The ruleset ``ref`` names (an id or a ``.toml`` path, :func:`load_ruleset_ref`) with its
    param ``overrides`` applied, each replaced param noting ``note``: the one place a ruleset
    and its overrides are put together (simulations, sweeps, records, the class room, the lab).
    No overrides: the loaded ruleset itself. Errors are :meth:`Ruleset.override`'s."""
    rs = load_ruleset_ref(ref, data)
    values = dict(overrides)
    return rs.override(note, **values) if values else rs


def ruleset_from_file(path: Path, data: Path | None = None) -> Ruleset:
    """Load and validate the ruleset in ``path``. Its board and ``extends`` ids are looked up
    in ``data`` (default: the folder the file is in when that is laid out like the kit's
    ``data/``, ``<folder>/rulesets/<file>``), then in the kit's own data."""
    data = data if data is not None else own_root(path)
    raw = _merge_raw(path, read_toml(path), (path.resolve(),), data)
    for key in raw:
        if key not in ("ruleset", "params", "phases"):
            raise DataError(path, None, key, "unknown top-level table (known: params, phases, ruleset)")
    head = check_table(path, "[ruleset]", raw.get("ruleset"), _RULESET)
    params = _params(path, "params", raw.get("params", {}))
    phases_raw = raw.get("phases")
    if not isinstance(phases_raw, dict) or not phases_raw:
        raise DataError(path, "[phases]", None, "a ruleset needs at least one phase")
    phases = {}
    for name, ph in phases_raw.items():
        t = check_table(path, f"phases.{name}", ph, _PHASE)
        pp = _params(path, f"phases.{name}.params", t.get("params", {}))
        phases[name] = Phase(name, t["title"], pp, t.get("what_if", False))
    phases = _extend_phases(path, phases, {n: ph.get("extends") for n, ph in phases_raw.items()})
    if head["default_phase"] not in phases:
        raise DataError(path, "[ruleset]", "default_phase",
                        f"unknown phase {head['default_phase']!r} (known: {', '.join(phases)})")
    if not 1 <= head["players_min"] <= head["players_max"] <= MAX_PLAYERS:
        raise DataError(path, "[ruleset]", "players_max", f"need 1 <= players_min <= players_max <= {MAX_PLAYERS}")
    check_id(head["board"], "board", path, "[ruleset]", "board")
    try:
        board = load_board(head["board"], data)
    except DataError as exc:
        if exc.problem == "file not found":
            raise DataError(path, "[ruleset]", "board", f"unknown board {head['board']!r}") from None
        raise
    bounds = Bounds(len(board), head["players_min"], head["players_max"])
    for where, table in [("params", params)] + [(f"phases.{n}.params", ph.params) for n, ph in phases.items()]:
        for key, param in table.items():
            problem = check_param(key, param.value, bounds)
            if problem:
                raise DataError(path, f"{where}.{key}", "value", problem)
    wrong = check_lots(board)
    if wrong:
        raise DataError(board.where, *wrong)
    for key, param in params.items():
        if key.endswith("_deck") and isinstance(param.value, str):
            _check_deck(path, f"params.{key}", param.value, params, len(board))
    return Ruleset(
        id=head["id"], title=head["title"], family=head["family"], board=board,
        players_min=head["players_min"], players_max=head["players_max"],
        default_phase=head["default_phase"], source=head["source"],
        provenance=head["provenance"], params=params, phases=phases, extends=head.get("extends"),
        where=str(path),
    )




def _check_deck(path: Path, where: str, deck_id: str, params: dict[str, Param], board_size: int) -> None:
    """A param naming a deck: the deck loads (for the ruleset's edition) and its cards move
    only to spaces of this board."""
    from landlord.data.decks import deck_path, load_deck

    edition = params["edition"].value if "edition" in params else "classic"
    if not deck_path(deck_id).is_file():
        raise DataError(path, where, "value", f"unknown deck {deck_id!r}")
    try:
        deck = load_deck(deck_id, str(edition))
    except DataError as exc:
        raise DataError(path, where, "value", f"deck {deck_id!r} is invalid: {exc}") from None
    wrong = off_board(deck, board_size)
    if wrong is not None:
        raise DataError(deck_path(deck_id), f"card {wrong.name!r}", "target",
                        f"space {wrong.target} is not on the board of {path.stem} (spaces 0..{board_size - 1})")


def off_board(deck: Deck, board_size: int) -> Card | None:
    """The first card of ``deck`` that moves a token to a space a board of ``board_size``
    spaces does not have (None if every card fits)."""
    for card in deck.cards:
        if isinstance(card.target, int) and card.target >= board_size:
            return card
    return None


def ruleset_ids(data: Path | None = None) -> list[str]:
    """Ids of every ruleset in the kit's ``data/rulesets`` (and in ``data``'s, if given), sorted."""
    return sorted({p.stem for root in roots(data) for p in (root / "rulesets").glob("*.toml")
                   if ID.fullmatch(p.stem)})
