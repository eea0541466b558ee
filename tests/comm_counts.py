"""Counting what the kernel sends a page: every comm message a widget sends (``comm_open``,
an ``update`` of its traits, ``comm_close``), by widget and trait, as the wire would carry it.
Outside a kernel ipywidgets' comms are ``comm.DummyComm``, whose ``publish_msg`` drops the
message; :func:`counting` counts it there instead, so the figures are the same on every machine
(no timing)."""

from __future__ import annotations

import collections
import contextlib
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import comm
import ipywidgets as W
from ipywidgets.widgets.widget import _instances
from landlord.widgets.classroom_student import ClassroomStudent
from landlord.widgets.classroom_teacher import ClassroomTeacher

from landlord.apps.classroom import Classroom, ClassSpec, SqliteStore

SECRET = "c" * 24
"""The teacher's secret of :func:`a_table`'s class."""


@dataclass
class Sent:
    """The messages counted: one ``(kind, widget, traits, size, model id)`` row each, ``kind``
    being ``open``, ``update`` or ``close``, ``size`` the JSON's characters."""

    rows: list[tuple[str, str, tuple[str, ...], int, str]] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.rows)

    def updates(self) -> int:
        """The trait updates among them (what a redraw of widgets already shown sends)."""
        return self.count("update")

    def count(self, kind: str) -> int:
        """How many messages of ``kind`` (``open``, ``update``, ``close``)."""
        return sum(1 for r in self.rows if r[0] == kind)

    def most_updates(self) -> int:
        """The most updates any one widget was sent (1: each widget's changes went as one)."""
        return max(collections.Counter(r[4] for r in self.rows if r[0] == "update").values(), default=0)

    def size(self) -> int:
        """Characters of JSON sent."""
        return sum(r[3] for r in self.rows)

    def breakdown(self) -> list[str]:
        """One line per (kind, widget, traits), most frequent first."""
        count = collections.Counter((k, w, t) for k, w, t, _, _ in self.rows)
        return [f"{n:4d} × {k:6s} {w}: {', '.join(t)}" for (k, w, t), n in count.most_common()]


def _who(comm_id: str, data: dict[str, Any], names: dict[str, str]) -> str:
    """What sent: the widget's class and its name in ``names``, or its model's name."""
    widget = _instances.get(comm_id)
    if widget is not None:
        return type(widget).__name__ + (f" {names[comm_id]}" if comm_id in names else "")
    state = data.get("state", {})
    return str(state.get("_model_name", "a widget")).removesuffix("Model")


@contextlib.contextmanager
def counting(names: dict[str, str] | None = None) -> Iterator[Sent]:
    """Count every comm message sent while inside (see the module's docstring); ``names``
    (model id → a name) names the widgets in the breakdown (:func:`page_names`)."""
    sent = Sent()
    before = comm.DummyComm.publish_msg

    def publish(self: comm.DummyComm, msg_type: str, data: dict[str, Any] | None = None,
                metadata: dict[str, Any] | None = None, buffers: Any = None, **keys: Any) -> None:
        data = data or {}
        kind = {"comm_open": "open", "comm_close": "close"}.get(msg_type, str(data.get("method", msg_type)))
        traits = tuple(sorted(data.get("state", {}))) if kind == "update" else ()
        sent.rows.append((kind, _who(self.comm_id, data, names or {}), traits, len(json.dumps(data, default=str)),
                          self.comm_id))

    comm.DummyComm.publish_msg = publish  # type: ignore[method-assign]
    try:
        yield sent
    finally:
        comm.DummyComm.publish_msg = before  # type: ignore[method-assign]


def page_names(page: W.Widget) -> dict[str, str]:
    """A page's widgets named by the attribute that holds them (``status``, ``board.widget``):
    the model id → the attribute's name, for :func:`counting`."""
    out: dict[str, str] = {}
    for name, value in vars(page).items():
        if isinstance(value, W.Widget) and value.model_id:
            out.setdefault(value.model_id, name)
        for sub, part in vars(value).items() if hasattr(value, "__dict__") and not isinstance(value, W.Widget) else ():
            if isinstance(part, W.Widget) and part.model_id:
                out.setdefault(part.model_id, f"{name}.{sub}")
    return out


def a_table(folder: Path) -> list[ClassroomStudent]:
    """A started table of four students in a class stored in ``folder``, each page drawn: what
    the counts are taken on (the wire tests and ``benchmarks/bench_class_page.py``)."""
    store = SqliteStore(folder)
    room, _ = Classroom.create(store, ClassSpec(table_size=4, rounds=20, seed=5, bot_delay=0.0), SECRET)
    pages = [ClassroomStudent(folder) for _ in range(4)]
    for p, name in zip(pages, ("Ann", "Bo", "Cy", "Di"), strict=True):
        assert p.join(room.info.join_code, name)
    ClassroomTeacher(folder, SECRET).start()
    for p in pages:
        p.refresh()
    return pages
