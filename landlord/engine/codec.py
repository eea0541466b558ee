"""The record's one codec: every form the kit has written a game's inputs in, read here, and
the current one written.

* A saved game (``"format": "landlord-game"``, :data:`FORMAT`), versions :data:`READS`:
  :func:`read_record` reads any of them into a :class:`~landlord.engine.record.Record`,
  :func:`write_record` writes one in the current version, :data:`VERSION`. Version 3 is this
  format; version 2 lacked trigger entries; version 1 (before chance and switches were recorded)
  kept only the answers, under ``actions``, and the table's switches under ``table.switches``
  ([answers before it, phase]).
* One entry (:mod:`landlord.engine.entries`): :func:`encode` writes its saved form, :func:`decode`
  reads it (the saved forms are listed in :mod:`landlord.engine.record`).
* A row of a class store written before the store had its ``seat``/``by``/``decision`` columns
  (a JSON object with ``kind``): :func:`old_row`.

Raw input never enters a record: it comes through this module, and what is not a saved form is
one :class:`~landlord.errors.DataError` naming the file (or store) and the entry.
"""

from __future__ import annotations

from typing import Any

from landlord.engine.entries import CHANCE, Answer, Chance, Entry, Switch, TriggerAdded
from landlord.engine.record import VERSION, Record, kit_version
from landlord.errors import DataError, LandlordError
from landlord.limits import MAX_SEED

__all__ = ["FORMAT", "READS", "VERSION", "decode", "encode", "old_row", "read_record", "write_record"]

FORMAT = "landlord-game"
"""The ``format`` of a saved game (the version this kit writes: :data:`VERSION`)."""
READS = (1, 2, 3)
"""The saved-game versions this kit reads."""
_FIELDS = ("format", "version", "kit", "ruleset", "overrides", "seed", "names", "seats", "triggers",
           "entries", "position")
"""The fields of a version 2 or 3 saved game."""


def encode(entry: Entry) -> Any:
    """The saved (JSON-able) form of ``entry``: an answer's text, a chance outcome as a list
    (kind first), a switch's or a trigger's object."""
    if isinstance(entry, Answer):
        return entry.option
    if isinstance(entry, Chance):
        return list(entry)
    if isinstance(entry, (Switch, TriggerAdded)):
        return dict(entry)
    raise TypeError(f"not a record entry: {entry!r}")


def decode(raw: Any, where: str, i: int, version: int = VERSION) -> Entry:
    """The entry whose saved form is ``raw`` (``entries[i]`` of a version ``version`` record
    read from ``where``); DataError names what is wrong. Version 2 had no trigger entries."""
    if isinstance(raw, str):
        return Answer(raw)
    if isinstance(raw, (list, tuple)) and raw and raw[0] in CHANCE:
        return Chance(raw[0], *(tuple(v) if isinstance(v, list) else v for v in raw[1:]))
    if isinstance(raw, dict) and isinstance(raw.get("cause"), str):
        if isinstance(raw.get("switch"), str):
            return Switch(raw["switch"], raw["cause"], bool(raw.get("fired")))
        if version >= 3 and isinstance(raw.get("trigger"), str) and set(raw) == {"trigger", "cause"}:
            return TriggerAdded(raw["trigger"], raw["cause"])
    also = ", a switch ({switch, cause}) or a trigger ({trigger, cause})" if version >= 3 \
        else " or a switch ({switch, cause})"
    raise DataError(where, f"entries[{i}]", None,
                    f"expected an answer (text), a chance outcome ([{', '.join(CHANCE)}, ...])"
                    f"{also}, got {raw!r}")


def write_record(record: Record) -> dict[str, Any]:
    """The saved form of ``record`` (JSON-able), always in the current version; LandlordError
    for a record whose chance was not recorded (replay it and save the game's record)."""
    if not record.chance:
        raise LandlordError(f"a version {record.version} record cannot be written as version "
                            f"{VERSION}: replay it and save the game's record")
    data: dict[str, Any] = {
        "format": FORMAT, "version": VERSION, "kit": record.kit or kit_version(), "ruleset": record.ruleset,
        "overrides": dict(record.overrides), "seed": record.seed, "names": list(record.names),
        "seats": list(record.seats), "triggers": list(record.triggers),
        "entries": [encode(e) for e in record.entries],
    }
    if record.position is not None:
        data["position"] = record.position
    return data


def read_record(data: Any, where: str = "<saved game>") -> Record:
    """Read a saved game (any version of :data:`READS`) read from ``where``; DataError names what
    is wrong and where."""
    if not isinstance(data, dict):
        raise DataError(where, None, None, "not a saved landlord game (expected a JSON object)")
    if data.get("format") != FORMAT:
        raise DataError(where, None, "format", f"not a saved landlord game (format {data.get('format')!r})")
    version = data.get("version")
    if version not in READS or isinstance(version, bool):
        raise DataError(where, None, "version", f"a version {version!r} saved game: this kit reads "
                                                f"versions {', '.join(map(str, READS))}")
    for key in data if version != 1 else ():
        if key not in _FIELDS:
            raise DataError(where, None, key, f"unknown field of a version {version} saved game "
                                              f"(known: {', '.join(sorted(_FIELDS))})")
    spec: dict[str, type] = {"ruleset": str, "seed": int, "names": list, "seats": list, "overrides": dict}
    spec["actions" if version == 1 else "entries"] = list
    for key, typ in spec.items():
        value = data.get(key)
        if not isinstance(value, typ) or isinstance(value, bool):
            raise DataError(where, None, key, f"expected {typ.__name__}, got {value!r}")
    if not 0 <= data["seed"] <= MAX_SEED:
        raise DataError(where, None, "seed", f"must be 0 to 2**63 - 1, got {data['seed']}")
    names, seats = data["names"], data["seats"]
    if len(names) != len(seats):
        raise DataError(where, None, "seats", f"{len(seats)} seats for {len(names)} names")
    for i, s in enumerate(seats):
        if s is not None and not isinstance(s, str):
            raise DataError(where, f"seats[{i}]", None, f"expected a bot's name or null, got {s!r}")
    triggers = data.get("triggers", [])
    if not isinstance(triggers, list) or not all(isinstance(t, str) for t in triggers):
        raise DataError(where, None, "triggers", f"expected a list of phase@trigger texts, got {triggers!r}")
    position = data.get("position")
    if position is not None and not isinstance(position, dict):
        raise DataError(where, None, "position", f"expected an object, got {position!r}")
    kit = data.get("kit")
    if kit is not None and not isinstance(kit, str):
        raise DataError(where, None, "kit", f"expected the kit's version (text), got {kit!r}")
    entries = _v1_entries(data, where) if version == 1 else \
        [decode(e, where, i, int(version)) for i, e in enumerate(data["entries"])]
    return Record(data["ruleset"], data["seed"], [str(n) for n in names], list(seats), entries,
                  list(triggers), dict(data["overrides"]), position, int(version), kit)


def _v1_entries(data: dict[str, Any], where: str) -> list[Entry]:
    """A version 1 record's answers, with the table's phase switches put back where they were
    made (``table.switches``: [answers before it, phase])."""
    actions = data["actions"]
    for i, a in enumerate(actions):
        if not isinstance(a, str):
            raise DataError(where, f"actions[{i}]", None, f"expected a string, got {a!r}")
    extra = data.get("table", {})
    try:
        switches = sorted((int(k), str(p)) for k, p in extra.get("switches", []))
    except (AttributeError, TypeError, ValueError) as exc:
        raise DataError(where, "table", None, f"unreadable phase switches ({exc})") from None
    out: list[Entry] = []
    for i in range(len(actions) + 1):
        out += [Switch(p, "table") for k, p in switches if k == i]
        if i < len(actions):
            out.append(Answer(actions[i]))
    return out


def old_row(raw: Any, where: str, seq: int) -> tuple[Entry, int | None, str | None, str | None]:
    """A class store's row ``seq`` as written before the store's columns (a JSON object with
    ``kind``: ``act``, ``switch`` or ``open_vote``), as (entry, seat, by, decision); DataError
    names the store (``where``) and the row."""
    kind = raw.get("kind") if isinstance(raw, dict) else None
    try:
        if kind == "act":
            return Answer(str(raw["option"])), int(raw["seat"]), str(raw.get("by", "student")), raw.get("decision")
        if kind == "switch":
            return Switch(str(raw["phase"]), str(raw.get("cause", "teacher"))), None, None, None
        if kind == "open_vote":
            return TriggerAdded(f"{raw['phase']}@vote", "class plan"), None, None, None
    except (KeyError, TypeError, ValueError) as exc:
        raise DataError(where, f"entries[{seq}]", None, f"unreadable {kind} row ({exc})") from None
    raise DataError(where, f"entries[{seq}]", "kind", f"unknown row kind {kind!r}")
