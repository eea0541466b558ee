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
import datetime as dt
import html
import os
import time
from pathlib import Path
from typing import Any

import altair as alt
import ipywidgets as W
import pandas as pd

from landlord.apps.classroom import Classroom, VoteInfo, folder_from_env
from landlord.apps.classroom import debrief as db
from landlord.apps.classroom.names import look_alikes
from landlord.apps.classroom.room import moves_by, next_phase, open_room, projector_key
from landlord.apps.classroom.server import STUDENT_URL_ENV
from landlord.charts import figures as charts
from landlord.charts.dressing import blank
from landlord.charts.numbers import class_final_numbers, numbers_html, tables_gini_numbers
from landlord.errors import LandlordError
from landlord.rules.families import shared_params

from .board import BoardView
from .board_view import described
from .classroom_handout import handout_html
from .classroom_lesson import ClassLesson, lesson_of, switch_made
from .classroom_projector import ProjectorView, RoomPage, projector_address, refusal, steering_words
from .classroom_student import query
from .panels import players_html
from .phase_switches import about
from .state import player_rows
from .words import phase_label


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def tables_html(rows: list[dict[str, Any]]) -> str:
    """The live table of tables: round and last round, rules in force, Gini, richest seat (the
    rules' count at the end), who is away, and how many moves students and bots made."""
    if not rows:
        return "<i>No table yet: students appear here as they join.</i>"
    head = ("<tr><th>table</th><th>students</th><th>round</th><th>last round</th><th>rules in force</th><th>Gini</th>"
            "<th>richest</th><th>to choose</th><th>away</th><th>moves by students</th><th>moves by bots</th></tr>")
    body = []
    for r in rows:
        body.append(
            f"<tr><td>{r['table']}</td><td>{html.escape(r['students'])}</td><td>{r.get('round', '')}</td>"
            f"<td>{r.get('last_round', '')}</td>"
            f"<td>{html.escape(r.get('rules_short', 'not started'))}</td>"
            f"<td>{'' if r.get('gini') is None else format(r['gini'], '.2f')}</td>"
            f"<td>{html.escape(r.get('richest', ''))}</td><td>{html.escape(r.get('to_choose_name', ''))}</td>"
            f"<td>{html.escape(r.get('away', ''))}</td><td>{r.get('moves_students', '')}</td>"
            f"<td>{r.get('moves_bots', '')}</td></tr>")
    return (f'<table class="ll-class-tables" style="border-collapse:collapse" border="1" cellpadding="4">'
            f"{head}{''.join(body)}</table>")


AUTO = W.Layout(width="auto")


def class_folder(room: Classroom) -> Path:
    """The folder of the class server the dashboard runs on (a SQLite store's class folder, else
    the one the server names; a PostgreSQL store has none of its own)."""
    return Path(getattr(room.store, "folder", None) or folder_from_env() or ".")


class ClassroomTeacher(RoomPage):
    """The dashboard of the class whose teacher's secret is ``secret``, in ``folder`` (default:
    the class server's). ``poll`` is the seconds between looks at the tables."""

    def __init__(self, folder: str | Path | None = None, secret: str = "", poll: float = 1.0) -> None:
        self.secret = secret
        self.poll = poll
        self.room: Classroom | None = None
        self._task: asyncio.Task[None] | None = None
        self.message = W.HTML()
        self.rows: list[dict[str, Any]] = []
        try:
            self.room = open_room(folder, lambda store: store.teacher_class(secret))
        except LandlordError as exc:
            super().__init__([refusal(exc, "Open the teacher's address that landlord class printed.")])
            return
        room = self.room
        url = os.environ.get(STUDENT_URL_ENV, "")
        self.header = W.HTML()
        self.student_address = url
        self.start_button = W.Button(description="Start play", button_style="success", icon="play", layout=AUTO)
        self.joining_button = W.Button(description="Close joining", icon="lock", layout=AUTO)
        phases = [(phase_label(ph.title), name) for name, ph in room.ruleset.phases.items()]
        own = next_phase(room.ruleset) or room.ruleset.default_phase
        self.phase_pick = W.Dropdown(options=phases, value=own, description="Rules",
                                     layout=W.Layout(width="auto", max_width="100%"))
        self.phase_about = W.HTML()
        """The chosen rules' whole title, under their menu."""
        self.phase_pick.observe(
            lambda _c: setattr(self.phase_about, "value", about(room.ruleset.phases[self.phase_pick.value].title)),
            "value")
        self.phase_about.value = about(room.ruleset.phases[own].title)
        self.switch_button = W.Button(description="Switch every table now", button_style="warning",
                                      icon="exchange", layout=AUTO)
        self.vote_button = W.Button(description="Open a class vote on these rules", icon="hand-paper-o",
                                    layout=AUTO)
        self.close_vote_button = W.Button(description="Close the vote", icon="check-square-o", layout=AUTO)
        self.class_vote = W.HTML()
        self.class_vote.add_class("ll-class-vote")
        self.pause_button = W.Button(description="Pause every table", icon="pause", layout=AUTO)
        self.pause_button.on_click(lambda _: self.pause(not self._paused()))
        self.end_round = W.BoundedIntText(value=room.round_cap, min=1, max=room.round_cap,
                                          description="Last round", layout=W.Layout(width="200px"))
        self.end_round_button = W.Button(description="End every game after this round", icon="flag-checkered",
                                         layout=AUTO)
        self.end_round_button.on_click(lambda _: self.end_after_round(self.end_round.value))
        self.end_time = W.Text(placeholder="HH:MM", description="End at", layout=W.Layout(width="200px"),
                               continuous_update=False)
        self.end_time_button = W.Button(description="End every game at this time", icon="clock-o", layout=AUTO)
        self.end_time_button.on_click(lambda _: self.end_at(self.end_time.value))
        self.steering = W.HTML()
        self.steering.add_class("ll-class-steering")
        self.board_pick = W.Dropdown(description="Table", layout=W.Layout(width="200px"))
        self.board_pick.observe(lambda _: self.show_board(), "value")
        self.board = BoardView(30)
        self.board_players = W.HTML()
        self._board_drawn: tuple[int, int, tuple[str, ...]] | None = None
        self.predictions = W.HTML()
        self.handout = W.HTML()
        self.print_button = W.Button(description="Printable debrief (one page)", icon="print", layout=AUTO)
        self.print_button.on_click(lambda _: self.print_debrief())
        self.debrief_button = W.Button(description="Debrief: draw the class charts", icon="bar-chart", layout=AUTO)
        self.export_button = W.Button(description="Export results (CSV, Parquet)", icon="download", layout=AUTO)
        self.downloads = W.HTML()
        self.tables = W.HTML()
        self.move_who = W.Dropdown(description="Move", layout=W.Layout(width="300px"))
        self.move_to = W.Dropdown(description="to", layout=W.Layout(width="260px"))
        self.move_button = W.Button(description="Move", icon="arrows", layout=AUTO)
        self.move_button.on_click(lambda _: self.move(self.move_who.value, self.move_to.value))
        self.rename_to = W.Text(placeholder="a new name", description="Rename to", layout=W.Layout(width="260px"),
                                continuous_update=False)
        self.rename_button = W.Button(description="Rename", icon="pencil", layout=AUTO)
        self.rename_button.on_click(lambda _: self.rename(self.move_who.value, self.rename_to.value))
        self.remove_button = W.Button(description="Remove from the class", icon="user-times", layout=AUTO,
                                      tooltip="their seat key stops working; a bot plays their seat")
        self.remove_button.on_click(lambda _: self.remove(self.move_who.value))
        self.rebalance_button = W.Button(description="Even out the tables", icon="balance-scale", layout=AUTO,
                                         tooltip="deal the students of the tables not yet started as evenly as the "
                                                 "room allows")
        self.rebalance_button.on_click(lambda _: self.rebalance())
        charts.enable_offline()
        self.gini_chart = alt.JupyterChart(blank())
        self.final_chart = alt.JupyterChart(blank())
        self.gini_words, self.final_words = W.HTML(), W.HTML()
        """Each class chart's sentence and "show as a table" (below it)."""
        self.votes = W.HTML()
        self.start_button.on_click(lambda _: self.start())
        self.joining_button.on_click(lambda _: self.toggle_joining())
        self.switch_button.on_click(lambda _: self.switch_all(self.phase_pick.value))
        self.vote_button.on_click(lambda _: self.open_vote(self.phase_pick.value))
        self.close_vote_button.on_click(lambda _: self.close_vote())
        self.debrief_button.on_click(lambda _: self.debrief())
        self.export_button.on_click(lambda _: self.export())
        super().__init__([
            W.HTML("<p>Your dashboard. Its address carries the class's secret: keep it off the projector and "
                   "show the projector's address (below) on the wall instead.</p>"),
            self.header,
            W.HBox([self.start_button, self.joining_button], layout=W.Layout(flex_flow="row wrap")),
            W.HBox([self.phase_pick, self.switch_button], layout=W.Layout(flex_flow="row wrap")),
            self.phase_about,
            W.HBox([self.vote_button, self.close_vote_button], layout=W.Layout(flex_flow="row wrap")),
            self.class_vote,
            W.HBox([self.pause_button, self.end_round, self.end_round_button, self.end_time, self.end_time_button],
                   layout=W.Layout(flex_flow="row wrap")),
            self.steering, self.message, W.HTML("<h3>Tables</h3>"), self.tables,
            W.HBox([self.move_who, self.move_to, self.move_button], layout=W.Layout(flex_flow="row wrap")),
            W.HBox([self.rename_to, self.rename_button, self.remove_button, self.rebalance_button],
                   layout=W.Layout(flex_flow="row wrap")),
            W.HTML("<h3>A table's board (to look at only)</h3>"), self.board_pick,
            W.HBox([self.board.widget, self.board_players], layout=W.Layout(flex_flow="row wrap")),
            W.HTML("<h3>Debrief</h3>"), W.HBox([self.debrief_button, self.print_button, self.export_button],
                                               layout=W.Layout(flex_flow="row wrap")), self.downloads,
            described(self.gini_chart, self.gini_words), described(self.final_chart, self.final_words),
            self.predictions, self.votes, self.handout,
        ])
        self.switchable = len(phases) > 1
        """Whether the class's rules have another phase to switch to (Monopoly has none)."""
        if not self.switchable:
            self.switch_button.disabled = True
            self.switch_button.tooltip = self.vote_button.tooltip = "these rules have no other phase to switch to"
        room.store.set_viewer(room.id, secret, projector_key(secret))
        self.projector = projector_address(self.student_address, secret)
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
                row["last_round"] = shared_params(tg.ruleset).max_rounds
                moves = moves_by(tg)
                row["moves_students"], row["moves_bots"] = moves["students"], moves["bots"]
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
        shown = (f'<div>Projector (no controls, no secret: safe to show): <a href="{html.escape(self.projector)}" '
                 f'target="_blank"><code>{html.escape(self.projector)}</code></a></div>' if self.projector else "")
        self.header.value = (f'<div style="font-size:1.4em">Class code <b style="font-size:1.6em;letter-spacing:.1em">'
                             f"{html.escape(info.join_code)}</b>{url}</div>"
                             f"<div>{html.escape(room.ruleset.title)} · {room.spec.table_size} seats a table · "
                             f"joining {joining} · {len(room.store.seats(room.id))} students · "
                             f"state: <b>{html.escape(info.state)}</b></div>{shown}")
        steer = room.steer(self.secret)
        alike = look_alikes(s.name for s in room.store.seats(room.id))
        self.steering.value = f"<div><b>{html.escape(steering_words(room, steer))}</b></div>" + (
            "<div>Names that look the same: " + "; ".join(f"{html.escape(a)} and {html.escape(b)}" for a, b in alike)
            + " (rename one below if the class mixes them up)</div>" if alike else "")
        self.pause_button.description = "Resume play" if steer.paused is not None else "Pause every table"
        self.pause_button.icon = "play" if steer.paused is not None else "pause"
        self.joining_button.description = "Close joining" if info.joining else "Reopen joining"
        self.start_button.disabled = info.state != "joining"
        self.tables.value = tables_html(self.rows)
        self._fill_moves()
        self._show_vote()
        started = [(f"table {r['table']}", r["table"]) for r in self.rows if "round" in r]
        if started != list(self.board_pick.options):
            keep = self.board_pick.value
            self.board_pick.options = started
            if keep in dict(started).values():
                self.board_pick.value = keep
        self.show_board()

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
        self.vote_button.disabled = (not self.switchable or (last is not None and last.open)
                                     or room.info.state != "playing")
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
        self.rename_button.disabled = self.remove_button.disabled = not who
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

    @property
    def lesson(self) -> ClassLesson:
        """The class's lesson as it stands: it follows the switch made (the rules most tables
        left their first rules for, else the last class vote's: :func:`switch_made`)."""
        assert self.room is not None
        room = self.room
        made = switch_made(room.ruleset, [tg.game.phase for tg in room.tables()],
                           [v.phase for v in room.class_votes()])
        return lesson_of(room.spec, made)

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

    def rename(self, who: tuple[int, int] | None, name: str) -> bool:
        """Rename the student in seat ``who`` (table, seat); the name is checked as at joining."""
        room = self.room
        assert room is not None
        if who is None or not name.strip():
            self._say("Choose a student and write the new name.", error=True)
            return False
        try:
            info = room.store.rename_seat(room.id, self.secret, who[0], who[1], name.strip())
        except LandlordError as exc:
            self._say(str(exc), error=True)
            return False
        self.rename_to.value = ""
        self._say(f"Table {info.table_no}, seat {info.seat + 1} is now called {info.name}.")
        self.refresh()
        return True

    def remove(self, who: tuple[int, int] | None) -> bool:
        """Remove the student in seat ``who`` from the class: their seat key stops working and,
        at a table already playing, a bot plays the seat."""
        room = self.room
        assert room is not None
        if who is None:
            self._say("Choose a student.", error=True)
            return False
        try:
            info = room.store.remove_seat(room.id, self.secret, who[0], who[1])
        except LandlordError as exc:
            self._say(str(exc), error=True)
            return False
        self._say(f"{info.name} has left the class (table {info.table_no}, seat {info.seat + 1}).")
        self.refresh()
        return True

    def rebalance(self) -> list[str]:
        """Even out the tables that have not started; returns who sits where now, in words."""
        room = self.room
        assert room is not None
        try:
            seats = room.store.rebalance(room.id, self.secret)
        except LandlordError as exc:
            self._say(str(exc), error=True)
            return []
        said = [f"{s.name} at table {s.table_no}" for s in seats]
        self._say("Tables evened out: " + ", ".join(said) + "." if said else "No table is waiting to start.")
        self.refresh()
        return said

    def _paused(self) -> bool:
        assert self.room is not None
        return self.room.steering().paused is not None

    def pause(self, paused: bool = True) -> bool:
        """Pause every table (no move is recorded, by a student or a bot) or resume play."""
        assert self.room is not None
        self.room.pause(self.secret, paused)
        self._say("Play is paused at every table: nobody can move until you resume." if paused else
                  "Play resumes at every table; every decision's clock starts again.")
        self.refresh()
        return paused

    def end_after_round(self, last_round: int) -> dict[int, int]:
        """Every game ends after round ``last_round`` (a table past it ends after the round it
        is in) and the rules take their final count."""
        assert self.room is not None
        try:
            done = self.room.end_at_round(self.secret, int(last_round))
        except LandlordError as exc:
            self._say(str(exc), error=True)
            return {}
        later = sorted(t for t, r in done.items() if r > last_round)
        self._say(f"Every game ends after round {last_round}, then the rules count who is richest"
                  + (f" (table{'s' if len(later) > 1 else ''} {', '.join(map(str, later))} already past it: "
                     "after the round in play)" if later else "") + ".")
        self.refresh()
        return done

    def end_at(self, text: str, now: dt.datetime | None = None) -> bool:
        """Every game ends at the time ``text`` (HH:MM, this computer's clock; the next such
        time): each table then finishes the round it is in and the rules count."""
        assert self.room is not None
        try:
            at = dt.datetime.strptime(text.strip(), "%H:%M").time()
        except ValueError:
            self._say(f"End at: write the time as HH:MM (for example 10:40), not {text!r}.", error=True)
            return False
        now = now or dt.datetime.now()
        when = dt.datetime.combine(now.date(), at)
        if when <= now:
            when += dt.timedelta(days=1)
        self.room.end_at_time(self.secret, when.timestamp())
        self._say(f"Every game ends at {when:%H:%M}: each table finishes the round it is in, then the rules count.")
        self.refresh()
        return True

    def show_board(self) -> None:
        """Draw the chosen table's board and players (to look at only: no control acts on it),
        redrawn when its game moves."""
        room = self.room
        if room is None or self.board_pick.value is None:
            return
        tg = room.table(int(self.board_pick.value))
        if tg is None or self._board_drawn == (tg.table.table_no, tg.seq, tuple(tg.names)):
            return
        self._board_drawn = (tg.table.table_no, tg.seq, tuple(tg.names))
        g = tg.game
        self.board.update(g)
        who: list[str | None] = [None if p == "student" else "bot" for p in db.plays(room, tg)]
        self.board_players.value = players_html(player_rows(g, who), None if g.pending is None else g.pending.seat,
                                                g.board.currency)

    def debrief(self) -> None:
        """Draw the pooled charts: every table's Gini over turns; the final Gini per rules in
        force beside bot games on the same seeds and rules; what each table voted and when."""
        room = self.room
        assert room is not None
        frame = db.gini_over_turns(room)
        if frame.empty:
            self._say("No table has played yet.", error=True)
            return
        self.gini_chart.chart = charts.tables_gini_chart(frame)
        self.gini_words.value = numbers_html(*tables_gini_numbers(frame), charts.spec_title(self.gini_chart.spec))
        self._fill_band(room)
        v = db.votes(room)
        self.votes.value = ("<b>Votes and rule changes</b>" + v.to_html(index=False, border=1)) if not v.empty \
            else "<i>No table voted or changed its rules.</i>"
        self.predictions.value = predictions_html(self.lesson.answers(), db.pooled_predictions(room),
                                                  self.lesson.question())
        self._say("The class charts are drawn below; play goes on where a game is not over, and an open "
                  "class vote stays open until you close it.")

    def print_debrief(self) -> Path | None:
        """The debrief on one printable page (its own charts, drawn from the class as it is now,
        the bot games included), written into the class folder's exports and offered as a
        download; None (with a line) before any table has played."""
        room = self.room
        assert room is not None
        frame = db.gini_over_turns(room)
        if frame.empty:
            self._say("No table has played yet.", error=True)
            return None
        drawn = [charts.tables_gini_chart(frame), charts.class_final_gini_chart(db.results(room), db.bot_band(room))]
        page = handout_html(room, self.lesson, drawn)
        folder = class_folder(room) / "exports"
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"class-{room.info.join_code}-debrief.html"
        path.write_text(page, encoding="utf-8")
        b64 = base64.b64encode(page.encode("utf-8")).decode("ascii")
        self.handout.value = (f'<a download="{html.escape(path.name)}" href="data:text/html;base64,{b64}">'
                              f"⬇ The debrief on one page, to print and hand out ({html.escape(path.name)})</a>")
        self._say(f"The debrief on one page is ready below and in the class folder ({path.name}).")
        return path

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
            self.final_words.value = numbers_html(*class_final_numbers(rows, frame),
                                                  charts.spec_title(self.final_chart.spec))

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
        folder = class_folder(room) / "exports"
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


def predictions_html(words: dict[str, str], pooled: dict[str, int], question: str) -> str:
    """The class's predictions pooled: the question, and how many students gave each answer."""
    total = sum(pooled.values())
    if not total:
        return "<p><b>Predictions</b>: no student made a prediction.</p>"
    rows = "".join(f"<tr><td>{html.escape(words[c])}</td><td>{n}</td><td>{100 * n / total:.0f}%</td></tr>"
                   for c, n in pooled.items())
    return (f"<p><b>Predictions</b> ({total} student{'s' if total != 1 else ''}): {question}</p>"
            f'<table border="1" cellpadding="4" style="border-collapse:collapse"><tr><th>answer</th>'
            f"<th>students</th><th>share</th></tr>{rows}</table>")


def teacher_app() -> ClassroomTeacher | ProjectorView:
    """The dashboard as the teacher's address opens it (the secret comes from the address), or
    the projector view when the address carries the projector's key (``?view=…``) instead."""
    q = query()
    if "view" in q and "secret" not in q:
        return ProjectorView(key=q["view"])
    return ClassroomTeacher(secret=q.get("secret", ""))
