"""The one door for every file the kit reads: bytes from a file or an upload become text, TOML
or JSON here, and nowhere else.

Every board, ruleset, deck, position, scenario and saved game comes in through this module,
whether it is a file on disk (:func:`read_toml`, :func:`read_json`, :func:`read_text`) or the
bytes of an upload (:func:`parse_toml`, :func:`parse_json`, :func:`decode`). Each is refused in
one :class:`~landlord.errors.DataError` line naming the file (and the entry where known) when it

* is missing, not a file (a folder) or unreadable;
* is larger than :data:`~landlord.limits.MAX_FILE_BYTES`;
* is not UTF-8 text;
* is not TOML, or not JSON (empty, truncated, garbage, a number too long to read);
* nests tables and lists deeper than :data:`~landlord.limits.MAX_DEPTH`;
* holds a whole number wider than 64 bits (:data:`~landlord.limits.MAX_INT`), or a number that is not finite
  (``inf``, ``nan``).

What the parsed value must hold (its fields and their types and ranges) is each reader's own
check: the loader's, the deck's, the scenario's, the position's and the record's.
"""

from __future__ import annotations

import json
import math
import tomllib
from pathlib import Path
from typing import Any

from landlord.errors import DataError
from landlord.limits import MAX_DEPTH, MAX_FILE_BYTES, MAX_INT

__all__ = ["NotJSON", "check_size", "check_values", "decode", "parse_json", "parse_toml", "read_bytes",
           "read_json", "read_text", "read_toml"]


Source = str | bytes


class NotJSON(DataError):
    """Text that is not JSON at all (empty, or bad JSON): what :func:`parse_json` raises for it,
    so a reader that also takes plain text (``landlord class --param NAME=VALUE``) can tell it
    from JSON the door refuses (too deep, a number out of range)."""


def check_size(size: int, where: object, limit: int = MAX_FILE_BYTES, unit: str = "bytes",
               what: str | None = None) -> None:
    """Refuse ``size`` (of a file or an upload named ``where``; ``what`` it should be) when it
    is over ``limit``."""
    if size > limit:
        raise DataError(where, None, None, f"too large{' for ' + what if what else ''} ({size:,} {unit}; "
                                           f"at most {limit:,})")


def read_bytes(path: str | Path, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of the file at ``path``, refused in one line when it is missing, not a file,
    unreadable or larger than ``limit``."""
    p = Path(path)
    try:
        if not p.is_file():
            raise DataError(p, None, None, "file not found" if not p.exists() else "not a file")
        check_size(p.stat().st_size, p, limit)
        with p.open("rb") as f:
            raw = f.read(limit + 1)
    except OSError as exc:
        raise DataError(p, None, None, f"cannot read ({exc.strerror or exc})") from None
    check_size(len(raw), p, limit)  # grew while read
    return raw


def decode(raw: Source, where: object) -> str:
    """``raw`` as text: refused when over :data:`~landlord.limits.MAX_FILE_BYTES` or not UTF-8."""
    if isinstance(raw, str):
        check_size(len(raw), where, unit="characters")
        return raw
    check_size(len(raw), where)
    try:
        return bytes(raw).decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DataError(where, None, None, f"not UTF-8 text (byte {exc.start})") from None


def read_text(path: str | Path) -> str:
    """The text of the file at ``path`` (:func:`read_bytes`, then :func:`decode`)."""
    return decode(read_bytes(path), path)


def parse_toml(raw: Source, where: object) -> dict[str, Any]:
    """TOML text or bytes as a table; one DataError for anything :func:`decode` refuses, bad
    TOML, nesting too deep or a number out of range."""
    text = decode(raw, where)
    try:
        value = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError(where, None, None, f"not valid TOML ({exc})") from None
    except RecursionError:
        raise DataError(where, None, None, _TOO_DEEP) from None
    except ValueError as exc:  # a whole number too long for Python to read
        raise DataError(where, None, None, f"not valid TOML (a number too long to read: {_first(exc)})") from None
    check_values(value, where)
    return value


def parse_json(raw: Source, where: object, kind: str | None = None) -> Any:
    """JSON text or bytes as a value; one DataError for anything :func:`decode` refuses, bad
    JSON, nesting too deep or a number out of range. ``kind`` names what the file should be
    (``"a saved landlord game"``): bad JSON is then "not <kind> (not JSON: …)"."""
    text = decode(raw, where)
    if not text.strip():
        raise NotJSON(where, None, None, f"not {kind} (an empty file)" if kind else "not JSON (an empty file)")
    try:
        value = json.loads(text)
    except RecursionError:
        raise DataError(where, None, None, _TOO_DEEP) from None
    except json.JSONDecodeError as exc:
        raise NotJSON(where, None, None, f"not {kind} (not JSON: {exc})" if kind else f"not JSON ({exc})") from None
    except ValueError as exc:  # a whole number too long for Python to read
        raise DataError(where, None, None, f"{'not ' + kind + ' ' if kind else ''}(a number too long to read: "
                                           f"{_first(exc)})") from None
    check_values(value, where)
    return value


def read_toml(path: str | Path) -> dict[str, Any]:
    """The table in the TOML file at ``path`` (:func:`read_bytes`, then :func:`parse_toml`)."""
    return parse_toml(read_bytes(path), path)


def read_json(path: str | Path, kind: str | None = None) -> Any:
    """The value in the JSON file at ``path`` (:func:`read_bytes`, then :func:`parse_json`)."""
    return parse_json(read_bytes(path), path, kind)


_TOO_DEEP = f"nested too deeply (at most {MAX_DEPTH} levels)"


def _first(exc: Exception) -> str:
    return str(exc).split(";")[0].split(":")[0]


def check_values(value: Any, where: object) -> None:
    """Refuse a parsed ``value`` nested deeper than :data:`~landlord.limits.MAX_DEPTH` or
    holding a number outside :data:`~landlord.limits.MAX_INT` or not finite; the entry says where in the file."""
    stack: list[tuple[Any, int, Any]] = [(value, 1, None)]
    while stack:
        v, d, at = stack.pop()
        if isinstance(v, dict):
            if d > MAX_DEPTH:
                raise DataError(where, None, None, _TOO_DEEP)
            stack.extend((x, d + 1, (at, k)) for k, x in v.items())
        elif isinstance(v, list):
            if d > MAX_DEPTH:
                raise DataError(where, None, None, _TOO_DEEP)
            stack.extend((x, d + 1, (at, i)) for i, x in enumerate(v))
        elif isinstance(v, bool):
            continue
        elif isinstance(v, int) and not -MAX_INT <= v <= MAX_INT:
            raise DataError(where, *_label(at), f"number out of range ({len(str(abs(v)))} digits; "
                                                     f"at most {MAX_INT:,} either way)")
        elif isinstance(v, float) and not math.isfinite(v):
            raise DataError(where, *_label(at), f"{v!r} is not a number the kit can use")


def _label(at: Any) -> tuple[str | None, str | None]:
    """Where a value sits, from its chain of (parent, key), as (entry, field): a table's key is
    the field (``params.wages``, ``value``), a list's item the entry (``entries[3]``)."""
    keys: list[Any] = []
    while at is not None:
        at, k = at
        keys.append(k)
    keys.reverse()
    field = None if not keys or isinstance(keys[-1], int) else str(keys.pop())
    out = ""
    for k in keys:
        out += f"[{k}]" if isinstance(k, int) else f".{k}" if out else str(k)
    return out or None, field
