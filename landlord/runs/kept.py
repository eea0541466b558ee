"""Games the lessons' reveals show, played once and kept in ``data/played/``, so a reveal shows its
figures when it is opened instead of playing a hundred games first (issue 38.6: lesson 3's
reveals took 9–24 s to build, 13–29 s in a browser).

A measurement that plays one game (or one set of paired games) per seed asks
:func:`per_seed` for its seeds' records. Where a kept file answers — the same measurement
(``name``), the same arguments, every seed asked for, and played by this kit's rules
(:func:`landlord.engine.record.kit_version`: a digest of the rules' code and data) — its
records are returned as they were played; otherwise the games are played now. A record is what
the measurement keeps of one seed's game, as JSON, so a kept record and one played now are the
same values (``tests/test_kept.py`` plays the first seeds again and compares).

Each file is JSON lines: the first line its provenance (what it measures, the arguments, the
seeds, the kit version, when and by which command it was made), then one line a seed. The
command that writes them all, playing the lessons' measurements as the lessons call them::

    python3 -m landlord.runs.keep_lessons
"""

from __future__ import annotations

import functools
import json
import math
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from landlord.data import files
from landlord.data.resources import kit_dir

COMMAND = "python3 -m landlord.runs.keep_lessons"
"""The command that plays and writes every kept file."""

_recording: dict[str, tuple[dict[str, Any], dict[int, Any], str]] | None = None


def folder() -> Path:
    """Where the kept games are: ``data/played`` (inside the wheel too)."""
    return kit_dir("data") / "played"


def _plain(x: Any) -> Any:
    item = getattr(x, "item", None)  # a numpy scalar
    if callable(item):
        return item()
    raise TypeError(f"a kept record holds only JSON values, not {type(x).__name__}")


def as_json(x: Any) -> Any:
    """``x`` as it reads back from a kept file (numpy scalars as Python numbers)."""
    return json.loads(json.dumps(x, default=_plain))


@functools.cache
def _records(path: Path, mtime: float) -> tuple[dict[str, Any], dict[int, Any]]:
    """A kept file's head and its records by seed, read through the kit's one door for files."""
    lines = files.read_text(path).splitlines()
    head = files.parse_json(lines[0], f"{path}, line 1")
    rows = (files.parse_json(line, f"{path}, line {n}") for n, line in enumerate(lines[1:], start=2))
    return head, {int(r["seed"]): r["record"] for r in rows}


def kept(name: str, args: dict[str, Any]) -> dict[int, Any]:
    """The records of the kept file ``name`` by seed, if it was made with ``args`` by this kit's
    rules; else empty."""
    from landlord.engine.record import kit_version

    path = folder() / f"{name}.jsonl"
    if not path.is_file():
        return {}
    head, records = _records(path, path.stat().st_mtime)
    if head.get("args") != as_json(args) or head.get("kit") != kit_version():
        return {}
    return records


def per_seed(name: str, args: dict[str, Any], seeds: Sequence[int], play: Callable[[int], Any],
             what: str = "") -> list[Any]:
    """``play(seed)`` for each of ``seeds`` (as JSON: :func:`as_json`), from the kept file
    ``name`` where it holds every one of them for ``args`` (:func:`kept`), else played now.
    ``what`` says in words what a record holds (the file's provenance)."""
    records = kept(name, args)
    if _recording is None and all(s in records for s in seeds):
        return [records[s] for s in seeds]
    played = [as_json(play(s)) for s in seeds]
    if _recording is not None:
        _recording[name] = (as_json(args), dict(zip(seeds, played, strict=True)), what)
    return played


@contextmanager
def recording() -> Iterator[dict[str, tuple[dict[str, Any], dict[int, Any], str]]]:
    """Within it, :func:`per_seed` plays every game (reading no kept file) and keeps what it
    played, by name: what :func:`write` writes."""
    global _recording
    _recording = {}
    try:
        yield _recording
    finally:
        _recording = None


def write(name: str, args: dict[str, Any], records: dict[int, Any], what: str) -> Path:
    """Write the kept file ``name``: its provenance line, then ``records`` a seed a line."""
    from landlord.engine.record import kit_version

    seeds = sorted(records)
    head = {"what": what, "args": args, "seeds": f"{seeds[0]} to {seeds[-1]}" if seeds else "none",
            "kit": kit_version(), "made": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"), "command": COMMAND,
            "provenance": "kit_measurement: games played by the kit's computer players on these seeds"}
    path = folder() / f"{name}.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join([json.dumps(head), *(json.dumps({"seed": s, "record": records[s]}) for s in seeds)])
                    + "\n", encoding="utf-8")
    return path


def same(a: Any, b: Any) -> bool:
    """Whether two records are equal (NaN equal to NaN)."""
    if isinstance(a, float) and isinstance(b, float):
        return a == b or (math.isnan(a) and math.isnan(b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b) and type(a) is type(b)
