"""The teacher's dashboard: the class code, every table live, the class-wide controls and the
pooled debrief charts, and the room-wide class vote (opened and closed by the teacher, its
count live).

Only the teacher's secret (carried by the teacher's address) opens it: without it the page says
so and shows nothing else. Every control acts through :class:`landlord.apps.classroom.Classroom` with
the secret, and the store checks the secret again on every append.
"""

from __future__ import annotations

import asyncio
import base64
import html
import os
import time
from pathlib import Path
from typing import Any

import altair as alt
import ipywidgets as W
import pandas as pd

from landlord.apps.classroom import Classroom, SqliteStore, VoteInfo, folder_from_env
from landlord.apps.classroom import debrief as db
from landlord.apps.classroom.server import STUDENT_URL_ENV
from landlord.charts import figures as charts
from landlord.errors import LandlordError

from .board_view import blank
from .classroom_student import query


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def tables_html(rows: list[dict[str, Any]]) -> str:
    """The live table of tables: round, rules in force, Gini, richest seat, who is away."""
    if not rows:
        return "<i>No table yet: students appear here as they join.</i>"
    head = ("<tr><th>table</th><th>students</th><th>round</th><th>rules in force</th><th>Gini</th>"
            "<th>richest</th><th>to choose</th><th>away</th></tr>")
    body = []
    for r in rows:
        body.append(
            f"<tr><td>{r['table']}</td><td>{html.escape(r['students'])}</td><td>{r.get('round', '')}</td>"
            f"<td>{html.escape(r.get('rules_short', 'not started'))}</td>"
            f"<td>{'' if r.get('gini') is None else format(r['gini'], '.2f')}</td>"
            f"<td>{html.escape(r.get('richest', ''))}</td><td>{html.escape(r.get('to_choose_name', ''))}</td>"
            f"<td>{html.escape(r.get('away', ''))}</td></tr>")
    return (f'<table class="ll-class-tables" style="border-collapse:collapse" border="1" cellpadding="4">'
            f"{head}{''.join(body)}</table>")


AUTO = W.Layout(width="auto")


class ClassroomTeacher(W.VBox):
    """The dashboard of the class whose teacher's secret is ``secret``, in ``folder`` (default:
    the class server's). ``poll`` is the seconds between looks at the tables."""

    def __init__(self, folder: str | Path | None = None, secret: str = "", poll: float = 1.0) -> None:
        where = Path(folder) if folder else folder_from_env()
        self.secret = secret
        self.poll = poll
        self.room: Classroom | None = None
        self._task: asyncio.Task[None] | None = None
        self.message = W.HTML()
        self.rows: list[dict[str, Any]] = []
        try:
            if where is None or not (where / "class.sqlite").is_file():
                raise LandlordError("No class is running on this server")
            store = SqliteStore(where)
            self.room = Classroom(store, store.teacher_class(secret).id)
        except LandlordError as exc:
            super().__init__([W.HTML(f'<div style="color:#b00000">{html.escape(str(exc))}. '
                                     "Open the teacher's address that <code>landlord class</code> printed."
                                     "</div>")])
            return
        room = self.room
        url = os.environ.get(STUDENT_URL_ENV, "")
        self.header = W.HTML()
        self.student_address = url
        self.start_button = W.Button(description="Start play", button_style="success", icon="play", layout=AUTO)
        self.joining_button = W.Button(description="Close joining", icon="lock", layout=AUTO)
        phases = [(ph.title, name) for name, ph in room.ruleset.phases.items()]
        self.phase_pick = W.Dropdown(options=phases, value=phases[-1][1], description="Rules",
                                     layout=W.Layout(width="520px"))
        self.switch_button = W.Button(description="Switch every table now", button_style="warning",
                                      icon="exchange", layout=AUTO)
        self.vote_button = W.Button(description="Open a class vote on these rules", icon="hand-paper-o",
                                    layout=AUTO)
        self.close_vote_button = W.Button(description="Close the vote", icon="check-square-o", layout=AUTO)
        self.class_vote = W.HTML()
        self.class_vote.add_class("ll-class-vote")
        self.debrief_button = W.Button(description="Debrief: draw the class charts", icon="bar-chart", layout=AUTO)
        self.export_button = W.Button(description="Export results (CSV, Parquet)", icon="download", layout=AUTO)
        self.downloads = W.HTML()
        self.tables = W.HTML()
        self.move_who = W.Dropdown(description="Move", layout=W.Layout(width="300px"))
        self.move_to = W.Dropdown(description="to", layout=W.Layout(width="260px"))
        self.move_button = W.Button(description="Move", icon="arrows", layout=AUTO)
        self.move_button.on_click(lambda _: self.move(self.move_who.value, self.move_to.value))
        charts.enable_offline()
        self.gini_chart = alt.JupyterChart(blank())
        self.final_chart = alt.JupyterChart(blank())
        self.votes = W.HTML()
        self.start_button.on_click(lambda _: self.start())
        self.joining_button.on_click(lambda _: self.toggle_joining())
        self.switch_button.on_click(lambda _: self.switch_all(self.phase_pick.value))
        self.vote_button.on_click(lambda _: self.open_vote(self.phase_pick.value))
        self.close_vote_button.on_click(lambda _: self.close_vote())
        self.debrief_button.on_click(lambda _: self.debrief())
        self.export_button.on_click(lambda _: self.export())
        super().__init__([
            self.header,
            W.HBox([self.start_button, self.joining_button], layout=W.Layout(flex_flow="row wrap")),
            W.HBox([self.phase_pick, self.switch_button], layout=W.Layout(flex_flow="row wrap")),
            W.HBox([self.vote_button, self.close_vote_button], layout=W.Layout(flex_flow="row wrap")),
            self.class_vote, self.message, W.HTML("<h3>Tables</h3>"), self.tables,
            W.HBox([self.move_who, self.move_to, self.move_button], layout=W.Layout(flex_flow="row wrap")),
            W.HTML("<h3>Debrief</h3>"), W.HBox([self.debrief_button, self.export_button]), self.downloads,
            self.gini_chart, self.final_chart, self.votes,
        ])
        self.refresh()
        loop = _running_loop()
        if loop is not None:
            self._task = loop.create_task(self._follow())

    # -- following ------------------------------------------------------------------------------
    async def _follow(self) -> None:
        while self.room is not None:
            try:
                self.refresh()
            except LandlordError as exc:
                self._say(str(exc), error=True)
            await asyncio.sleep(self.poll)

    def close(self) -> None:
        """Stop following the class, then close the widget."""
        if self._task is not None:
            self._task.cancel()
            self._task = None
        self.room = None
        super().close()

    def table_rows(self) -> list[dict[str, Any]]:
        """One row per table: its students, and (once started) round, rules, Gini, richest,
        whose decision it is and which students are away."""
        room = self.room
        assert room is not None
        now = time.time()
        seats = room.seats_by_table()
        games = {tg.table.table_no: tg for tg in room.tables()}
        rows = []
        for t in room.store.tables(room.id):
            at = seats.get(t.table_no, {})
            row: dict[str, Any] = {"table": t.table_no,
                                   "students": ", ".join(s.name for _, s in sorted(at.items()))}
            tg = games.get(t.table_no)
            if tg is not None:
                st = tg.status()
                row.update(st)
                row["rules_short"] = db.regime_words(tg.game) + (" (game over)" if st["over"] else "")
                row["to_choose_name"] = "" if st["to_choose"] is None else tg.game.names[st["to_choose"]]
            row["away"] = ", ".join(s.name for s in at.values() if now - s.last_seen > room.spec.away_after)
            rows.append(row)
        return rows

    def refresh(self) -> None:
        """Re-read the class and redraw the header and the live tables."""
        room = self.room
        if room is None:
            return
        info = room.reload()
        self.rows = self.table_rows()
        url = (f' — students open <b><code>{html.escape(self.student_address)}</code></b>'
               if self.student_address else "")
        joining = "open" if info.joining else "closed"
        self.header.value = (f'<div style="font-size:1.4em">Class code <b style="font-size:1.6em;letter-spacing:.1em">'
                             f"{html.escape(info.join_code)}</b>{url}</div>"
                             f"<div>{html.escape(room.ruleset.title)} · {room.spec.table_size} seats a table · "
                             f"joining {joining} · {len(room.store.seats(room.id))} students · "
                             f"state: <b>{html.escape(info.state)}</b></div>")
        self.joining_button.description = "Close joining" if info.joining else "Reopen joining"
        self.start_button.disabled = info.state != "joining"
        self.tables.value = tables_html(self.rows)
        self._fill_moves()
        self._show_vote()

    def _show_vote(self) -> None:
        """The class vote's live count (closed, with the switch, once every student has voted)
        or the last vote's result."""
        room = self.room
        assert room is not None
        settled = room.settle_class_vote(self.secret) if any(v.open for v in room.class_votes()) else None
        if settled is not None:
            self._said_vote(*settled)
        votes = room.class_votes()
        last = votes[-1] if votes else None
        self.vote_button.disabled = (last is not None and last.open) or room.info.state != "playing"
        self.close_vote_button.disabled = last is None or not last.open
        if last is None:
            self.class_vote.value = ""
            return
        students = len(room.store.seats(room.id))
        cast = f" — {last.yes + last.no} of {students} students have voted" if last.open else ""
        self.class_vote.value = (f"<div><b>Class vote {last.vote_no}</b>{cast}: "
                                 f"{html.escape(db.class_vote_words(room, last))}</div>")

    def _fill_moves(self) -> None:
        """The students and the free seats of the move control (redrawn only when they change,
        so a choice being made is not reset)."""
        room = self.room
        assert room is not None
        seats = room.store.seats(room.id)
        taken = {(s.table_no, s.seat) for s in seats}
        who = [(f"{s.name} (table {s.table_no}, seat {s.seat + 1})", (s.table_no, s.seat)) for s in seats]
        free = [(f"table {t.table_no}, seat {k + 1}", (t.table_no, k)) for t in room.store.tables(room.id)
                for k in range(room.spec.table_size) if (t.table_no, k) not in taken]
        if who != list(self.move_who.options):
            self.move_who.options = who
        if free != list(self.move_to.options):
            self.move_to.options = free
        self.move_button.disabled = not who or not free
    # -- controls -------------------------------------------------------------------------------
    def _say(self, text: str, error: bool = False) -> None:
        colour = "#b00000" if error else "#225522"
        self.message.value = f'<div style="color:{colour}">{html.escape(text)}</div>' if text else ""

    def start(self) -> None:
        """Start every table's game."""
        assert self.room is not None
        started = self.room.start(self.secret)
        self._say(f"Play has started at {len(started)} table{'s' if len(started) != 1 else ''}.")
        self.refresh()

    def toggle_joining(self) -> None:
        """Close the join code (or open it again)."""
        assert self.room is not None
        info = self.room.store.set_class(self.room.id, self.secret, joining=not self.room.reload().joining)
        self._say("Joining is open again." if info.joining else "Joining is closed: the code seats nobody new.")
        self.refresh()

    def switch_all(self, phase: str) -> list[int]:
        """The class-wide switch: ``phase``'s rules at every table still playing."""
        assert self.room is not None
        try:
            done = self.room.switch_all(self.secret, phase)
        except LandlordError as exc:
            self._say(str(exc), error=True)
            return []
        title = self.room.ruleset.phases[phase].title
        self._say(f"{title} — now in force at {len(done)} table{'s' if len(done) != 1 else ''}.")
        self.refresh()
        return done

    def open_vote(self, phase: str) -> bool:
        """Ask the whole room whether every table switches to ``phase``'s rules; students vote
        once each from their seat page."""
        assert self.room is not None
        try:
            self.room.open_class_vote(self.secret, phase)
        except LandlordError as exc:
            self._say(str(exc), error=True)
            return False
        self._say(f"The class votes now: switch every table to {self.room.ruleset.phases[phase].title}?")
        self.refresh()
        return True

    def close_vote(self) -> bool:
        """Close the class vote: on a majority of yes every table switches."""
        assert self.room is not None
        try:
            vote, done = self.room.close_class_vote(self.secret)
        except LandlordError as exc:
            self._say(str(exc), error=True)
            return False
        self._said_vote(vote, done)
        self.refresh()
        return True

    def _said_vote(self, vote: VoteInfo, done: list[int]) -> None:
        title = self.room.ruleset.phases[vote.phase].title if self.room else vote.phase
        if vote.passed:
            self._say(f"The class voted yes ({vote.yes} for, {vote.no} against): {title} — now in force "
                      f"at {len(done)} table{'s' if len(done) != 1 else ''}.")
        else:
            self._say(f"The class voted no ({vote.yes} for, {vote.no} against): the rules stay.")

    def move(self, who: tuple[int, int] | None, to: tuple[int, int] | None) -> bool:
        """Move the student in seat ``who`` (table, seat) to the free seat ``to``; their page
        follows them (their seat key now acts for the new seat)."""
        room = self.room
        assert room is not None
        if who is None or to is None:
            self._say("Choose a student and a free seat.", error=True)
            return False
        try:
            info = room.store.move_seat(room.id, self.secret, who[0], who[1], to[0], to[1])
        except LandlordError as exc:
            self._say(str(exc), error=True)
            return False
        self._say(f"{info.name} now sits at table {info.table_no}, seat {info.seat + 1}.")
        self.refresh()
        return True

    def debrief(self) -> None:
        """Draw the pooled charts: every table's Gini over turns; the final Gini per rules in
        force beside bot games on the same seeds and rules; what each table voted and when."""
        room = self.room
        assert room is not None
        if room.reload().state == "playing":
            room.store.set_class(room.id, self.secret, state="debrief")
        frame = db.gini_over_turns(room)
        if frame.empty:
            self._say("No table has played yet.", error=True)
            return
        self.gini_chart.chart = charts.tables_gini_chart(frame)
        self._fill_band(room)
        v = db.votes(room)
        self.votes.value = ("<b>Votes and rule changes</b>" + v.to_html(index=False, border=1)) if not v.empty \
            else "<i>No table voted or changed its rules.</i>"
        self._say("The class charts are drawn below.")

    BAND_REDRAW = 0.5
    """Seconds at least between two redraws of the bot games' band as it fills in."""

    def _fill_band(self, room: Classroom) -> None:
        """The class's final Ginis beside the bot games' band, the band filled in table by table
        while the teacher talks (from a task between whose steps the kernel answers the page; at
        once with no event loop), its title saying how many bot games it stands on so far."""
        rows, tables = db.results(room), room.tables()
        per = len(db.BOT_MIXES) + db.RANDOM_GAMES

        def draw(band: list[Any]) -> None:
            frame = pd.concat(band, ignore_index=True) if band else db.bot_band(room, [])
            done = len(frame)
            more = "" if done == per * len(tables) else f" — {done} of {per * len(tables)} so far"
            self.final_chart.chart = charts.class_final_gini_chart(
                rows, frame, f"{charts.CLASS_FINAL_TITLE}: {done} bot games{more}")

        loop = _running_loop()
        if loop is None:
            draw([db.bot_band(room, tables)])
            return
        draw([])

        async def fill() -> None:
            band: list[Any] = []
            drawn = loop.time()
            for i, tg in enumerate(tables):
                await asyncio.sleep(0)  # the page's messages first
                band.append(db.bot_band(room, [tg]))
                if loop.time() - drawn >= self.BAND_REDRAW or i == len(tables) - 1:
                    draw(band)
                    drawn = loop.time()

        self._band_task = loop.create_task(fill())

    def export(self) -> tuple[Path, Path]:
        """Write the results into the class folder and offer them as downloads."""
        room = self.room
        assert room is not None
        folder = Path(getattr(room.store, "folder", ".")) / "exports"
        csv, parquet = db.export(room, folder)
        links = []
        for f, mime in ((csv, "text/csv"), (parquet, "application/octet-stream")):
            b64 = base64.b64encode(f.read_bytes()).decode("ascii")
            name = html.escape(f.name)
            links.append(f'<a download="{name}" href="data:{mime};base64,{b64}">⬇ {name}</a>')
        self.downloads.value = " · ".join(links)
        games = db.export_games(room, folder)
        self._say(f"Results of {len(db.results(room))} tables exported; each table's game is saved beside "
                  f"them in the class folder's exports ({len(games)} files: landlord replay --game FILE).")
        return csv, parquet


def teacher_app() -> ClassroomTeacher:
    """The dashboard as the teacher's address opens it (the secret comes from the address)."""
    return ClassroomTeacher(secret=query().get("secret", ""))
