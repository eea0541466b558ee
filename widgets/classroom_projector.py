"""The class's projector view: what the room may see on the wall, and nothing to press.

It opens from the dashboard's address with the projector's key (``?view=…``, made from the
teacher's secret by :func:`landlord.apps.classroom.room.projector_key`) in place of the secret:
the key opens this read-only view and nothing else. It shows the class code, the students'
address as text and as a QR code (made here by ``segno``, no internet), and every table's live
progress: round, rules in force, paused or over, when play ends.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import html
import os
import urllib.parse
from pathlib import Path

import ipywidgets as W
import segno

from landlord.apps.classroom import Classroom
from landlord.apps.classroom import debrief as db
from landlord.apps.classroom.room import open_room, projector_key
from landlord.apps.classroom.server import STUDENT_URL_ENV, TEACHER_NOTEBOOK
from landlord.apps.classroom.store import Steering
from landlord.errors import LandlordError


def refusal(exc: Exception, hint: str) -> W.HTML:
    """A page's one line when its address opens no class: what was wrong, and what to open."""
    return W.HTML(f'<div style="color:#b00000">{html.escape(str(exc))}. {hint}</div>')


def projector_address(student_address: str, secret: str) -> str:
    """The projector view's address on the same server as the students' ("" without one)."""
    if not student_address:
        return ""
    parts = urllib.parse.urlsplit(student_address)
    path = parts.path.rsplit("/", 1)[0] + "/" + TEACHER_NOTEBOOK
    return urllib.parse.urlunsplit((parts.scheme, parts.netloc, path,
                                    urllib.parse.urlencode({"view": projector_key(secret)}), ""))


def qr_svg(text: str, scale: int = 6) -> str:
    """``text`` as a QR code in inline SVG (segno; error correction M), dark on white."""
    return str(segno.make(text, error="m").svg_inline(scale=scale, dark="#000", light="#fff"))


def steering_words(room: Classroom, steer: Steering) -> str:
    """The class's pause and end of play in plain words (before the teacher starts play: that
    play has not started, never that it is running)."""
    if room.info.state != "playing":
        first = "Play has not started yet"
    else:
        first = "Play is paused" if steer.paused is not None else "Play is running"
    parts = [first]
    if steer.end_round is not None:
        parts.append(f"every game ends after round {steer.end_round}")
    else:
        parts.append(f"every game ends after round {room.round_cap} at the latest")
    if steer.end_at is not None:
        when = dt.datetime.fromtimestamp(steer.end_at).strftime("%H:%M")
        parts.append(f"play ended at {when}" if steer.ended is not None else f"play ends at {when}")
    return "; ".join(parts) + "."


def progress_html(room: Classroom) -> str:
    """Every table's progress, for the wall: round, rules in force, over (with the richest)."""
    rows = []
    for tg in room.tables():
        st = tg.status()
        state = f"game over: richest {st['richest']}" if st["over"] else f"round {st['round']}"
        rows.append(f"<tr><td>Table {tg.table.table_no}</td><td>{html.escape(state)}</td>"
                    f"<td>{html.escape(db.regime_words(tg.game))}</td></tr>")
    if not rows:
        return "<p>Waiting for the teacher to start play.</p>"
    return ('<table class="ll-projector-tables" style="font-size:1.4em;border-collapse:collapse" cellpadding="6">'
            "<tr><th>table</th><th>where</th><th>rules in force</th></tr>" + "".join(rows) + "</table>")


class RoomPage(W.VBox):
    """A page that follows a class (the dashboard, the projector): its ``room`` and the task
    that looks at the tables; :meth:`close` stops both."""

    room: Classroom | None = None
    _task: asyncio.Task[None] | None = None

    def close(self) -> None:
        """Stop following the class, then close the widget."""
        if self._task is not None:
            self._task.cancel()
            self._task = None
        self.room = None
        super().close()


class ProjectorView(RoomPage):
    """The read-only projector view of the class whose projector key is ``key``, in ``folder``
    (default: the class server's); ``poll``: seconds between looks at the tables."""

    def __init__(self, folder: str | Path | None = None, key: str = "", poll: float = 2.0,
                 student_address: str | None = None) -> None:
        self.poll = poll
        self.room: Classroom | None = None
        self._task: asyncio.Task[None] | None = None
        try:
            self.room = open_room(folder, lambda store: store.viewer_class(key))
        except LandlordError as exc:
            super().__init__([refusal(exc, "Open the projector address the teacher's dashboard shows.")])
            return
        address = os.environ.get(STUDENT_URL_ENV, "") if student_address is None else student_address
        code = html.escape(self.room.info.join_code)
        qr = (f'<div role="img" aria-label="QR code of the students\' address">{qr_svg(address)}</div>'
              if address else "")
        self.join = W.HTML(
            f'<div style="display:flex;flex-wrap:wrap;gap:2em;align-items:center">{qr}<div>'
            f'<div style="font-size:2em">Class code <b style="letter-spacing:.15em">{code}</b></div>'
            f'<div style="font-size:1.3em">Open <code>{html.escape(address)}</code></div>'
            "<div>or scan the code with your phone's camera, then type your first name.</div></div></div>")
        self.status = W.HTML()
        self.status.add_class("ll-projector-status")
        self.progress = W.HTML()
        super().__init__([W.HTML(f"<h2>{html.escape(self.room.ruleset.title)}</h2>"), self.join, self.status,
                          self.progress])
        self.refresh()
        try:
            self._task = asyncio.get_running_loop().create_task(self._follow())
        except RuntimeError:
            self._task = None

    async def _follow(self) -> None:
        while self.room is not None:
            with contextlib.suppress(LandlordError):  # the next look tries again; the wall keeps the last view
                self.refresh()
            await asyncio.sleep(self.poll)

    def refresh(self) -> None:
        """Re-read the class: joining, pause and end of play, every table's progress."""
        room = self.room
        if room is None:
            return
        info = room.reload()
        joining = "Joining is open" if info.joining else "Joining is closed"
        n = len(room.store.seats(room.id))
        self.status.value = (f'<div style="font-size:1.3em">{joining} · {n} student{"s" if n != 1 else ""} · '
                             f"{html.escape(steering_words(room, room.steering()))}</div>")
        self.progress.value = progress_html(room)
