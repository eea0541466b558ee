"""A student's view of a class table: join with the class code and a display name, then the
board, the table's players and only this seat's legal choices.

Every change goes through :class:`landlord.apps.classroom.StudentSeat` (the store checks the seat key
on each append). An asyncio task follows the table: it reads the record's new rows every
``poll`` seconds and redraws, and tells the class the student is here. After joining, the page's
address carries the seat key (``?seat=…``), so a refresh — or a kernel that was culled — puts
the student back in the same seat with nothing lost.

At a 1906 table the card market (rule 1) asks the seat before every throw whether to offer to
buy or sell a card. A "Trade cards" toggle (off by default; kept in the address as
``&trade=1``) decides how: off, the page answers the market's "pass" for this seat through the
same path as a click; on, the question is the table's short form (:mod:`landlord.widgets.market`).
"""

from __future__ import annotations

import asyncio
import dataclasses
import html
import os
import time
import urllib.parse
from pathlib import Path

import ipywidgets as W

from landlord.apps.classroom import SqlStore, StoreError, StudentSeat, TableGame, store_at
from landlord.apps.classroom.room import SLOW_DOWN, kernel_id, missed_text
from landlord.apps.classroom.store import LookAlikeName
from landlord.charts.figures import enable_offline
from landlord.engine.count import winners as winners_of
from landlord.errors import LandlordError

from .announce import LiveRegion, summary
from .board import BoardView
from .classroom_lesson import ClassLesson, lesson_of, retell, switch_made
from .closing import replace_children, shared_part
from .market import MARKET, MARKET_PASS, MarketForm, has_market, passes_unasked, trade_toggle
from .panels import EventWords, commentary_html, commentary_lines, events_since, players_html
from .state import player_rows
from .words import plain

HEARTBEAT = 2.0
"""Seconds between the page's signs of life (its pulse) and the kernel's reports of them to the
class (the referee's away clock)."""
PAGE_QUIET = 3 * HEARTBEAT + 1
"""Seconds without a pulse (or a click) from the page after which the kernel stops telling the
class the student is here: a frozen, crashed or sleeping page stops its pulse, so after the
class's away limit a bot plays the seat (issue 26, point 1). The kernel alone proves nothing: it
runs on while the browser is gone."""
WATCH_EVERY = 3.0
"""Seconds between the page's looks at its kernel on the server (the server-gone notice)."""

WATCH_JS = """if(!window.__llWatch){window.__llWatch=1;var gone=0,bar=document.createElement('div');
bar.setAttribute('role','alert');bar.className='ll-class-gone';bar.style.cssText='display:none;position:fixed;top:0;
left:0;right:0;z-index:9999;padding:.6em 1em;background:#7a4b00;color:#fff;font-weight:bold;font-size:1.1em';
document.body.appendChild(bar);var base=location.pathname.split('/voila/')[0];
var cfg=document.getElementById('jupyter-config-data'),kid='';
try{kid=JSON.parse(cfg.textContent).kernelId||'';}catch(e){}
var again=function(words){if(window.__llReloading)return;window.__llReloading=1;bar.style.display='block';
bar.textContent=words;clearInterval(t);location.reload();};
var look=function(){fetch(base+'/voila/static/voila.js?t='+Date.now(),{method:'HEAD',cache:'no-store'}).then(
function(r){if(!r.ok)throw r.status;if(gone){again('The class server is back: opening your seat again\u2026');return;}
if(kid)fetch(base+'/api/kernels/'+kid+'?t='+Date.now(),{cache:'no-store'}).then(function(k){if(k.status===404)
again('This page was disconnected from the class server. Your seat is kept: opening it again\u2026');
}).catch(function(){});}).catch(function(){gone=1;bar.style.display='block';
bar.textContent='The class server is not answering. Your seat is kept: this page '+
'reconnects by itself when the server is back.';});};var t=setInterval(look,WATCH_MS);}"""
"""The page's watch on the class server (run once a page, by the student app's first drawing):
every :data:`WATCH_EVERY` seconds it asks the server for Voilà's own script (a ``HEAD``, never
cached; the file the servers' readiness check asks for); while the server does not answer a
notice says so (a screen reader announces it); when it answers again (a restarted server,
whose kernels are new), the page reloads itself, and its address carries the seat key, so the
student is back in the same seat (issue 26, point 2). While the server answers, it also asks for
the page's own kernel (``/api/kernels/<id>``, a line of JSON): when that is gone (the page was cut
off for flooding, or its kernel was shut down) the page says so and reloads itself; a page kept
away for the cool-down then shows the server's "come back in N s" page, which opens the seat
again by itself when allowed (issue 37, point 4). (Asking a kernel that is gone logs one
warning line on the server, no traceback.) A page reloads once: the template's kernel watch, which
may see the same restart, does not reload it again (``window.__llReloading``)."""


def query() -> dict[str, str]:
    """The page address's query (``?code=…&seat=…``) as Voilà gives it to the kernel; with a
    warm (pre-run) kernel this waits for the visitor's request. Empty outside Voilà."""
    if os.environ.get("VOILA_PREHEAT", "False") == "True":
        from voila.utils import get_query_string

        text = get_query_string() or ""
    else:
        text = os.environ.get("QUERY_STRING", "")
    return {k: v[-1] for k, v in urllib.parse.parse_qs(text).items()}


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class ClassroomStudent(W.VBox):
    """The student's app. ``folder`` is the class folder or the class store's database address
    (default: the class server's, ``LANDLORD_CLASS_STORE`` or ``LANDLORD_CLASS_DIR``); ``code``
    prefills the join code; ``seat_key`` resumes a seat (a refresh). ``poll`` is the seconds
    between looks at the table. ``trade`` starts with "Trade cards" on (the address's ``trade=1``
    after a refresh)."""

    def __init__(self, folder: str | Path | None = None, code: str = "", seat_key: str = "",
                 poll: float = 0.25, trade: bool = False) -> None:
        self.store: SqlStore | None = store_at(folder)
        self.poll = poll
        self.seat: StudentSeat | None = None
        self.table: TableGame | None = None
        self._task: asyncio.Task[None] | None = None
        self._drawn: tuple[int, tuple[str, ...]] | None = None
        """The record length and the seats' names last drawn (a rename or move redraws)."""

        self.code = W.Text(value=code.upper(), description="Class code", placeholder="e.g. K7P2QX",
                           continuous_update=False)
        self.name = W.Text(description="Your name", placeholder="first name or nickname", continuous_update=False)
        """Sent when the field is left (Tab, a click on *Join*), so the click never overtakes the last
        keys: typed keys are sent one message at a time, a click at once."""
        self.join_button = W.Button(description="Join the class", button_style="primary", icon="sign-in")
        self.join_box = W.VBox([W.HTML("<b>Type the class code your teacher shows, and your name.</b>"),
                                self.code, self.name, self.join_button])
        self.message = W.HTML()
        self.address = W.HTML(layout=W.Layout(display="none"))
        self.status = W.HTML()
        self.missed = W.HTML()
        self.board: BoardView | None = None
        self.players_panel = W.HTML()
        self.decision = W.HTML()
        self.options = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.options.add_class("ll-class-choices")
        self._button_layout = shared_part(W.Layout(width="auto"))
        self._button_style = shared_part(W.ButtonStyle())
        """What every choice button is drawn with (one of each for the page: :func:`shared_part`)."""
        self._asked: tuple[int, int, int, bool, bool] | None = None
        """The table, the seat, the record's length, whether this seat was asked and "Trade
        cards" when the choices were last drawn: the same again keeps the choices shown."""
        self.status.add_class("ll-class-status")
        self.commentary = W.HTML()
        self.trading = trade
        """"Trade cards" is on: this seat is asked the card market question (as a form)."""
        self.trade = trade_toggle("Trade cards", "on: you are asked before each throw whether to offer to buy "
                                                 "or sell a card; off: you make no offer")
        self.trade.value = trade
        self.trade.layout.display = "none"
        self.trade.observe(lambda c: self.set_trading(bool(c["new"])), "value")
        self.market = MarketForm()
        """The card market's form while this seat trades (its widgets: ``market.picker``)."""
        self.vote_question = W.HTML()
        self.yes_button = W.Button(description="Yes", button_style="success", layout=W.Layout(width="auto"))
        self.no_button = W.Button(description="No", button_style="danger", layout=W.Layout(width="auto"))
        self.yes_button.on_click(lambda _: self.vote(True))
        self.no_button.on_click(lambda _: self.vote(False))
        self.vote_box = W.VBox([self.vote_question, W.HBox([self.yes_button, self.no_button])],
                               layout=W.Layout(display="none"))
        self.vote_box.add_class("ll-class-vote")
        self._vote_seen: tuple[int, bool | None] | None = None
        self.lesson: ClassLesson | None = None
        self._lesson_seen: tuple[str | None, object] = (None, None)
        """The table's phase and the class vote when the lesson was last looked at."""
        self.predict_question = W.HTML()
        self.predict_pick = W.RadioButtons(options=[], value=None, description="The gap:",
                                           layout=W.Layout(width="auto"))
        self._showing_prediction = False
        self.predict_pick.observe(
            lambda c: None if self._showing_prediction or not c["new"] else self.predict(c["new"]), "value")
        self.predict_box = W.VBox([self.predict_question, self.predict_pick], layout=W.Layout(display="none"))
        self.predict_box.add_class("ll-class-prediction")
        self.paused = W.HTML()
        self._pause_looked = -HEARTBEAT
        self.play_paused = False
        """Whether the teacher has paused play (this seat's choices are disabled meanwhile)."""
        self._thawed = False
        self._alike_asked: tuple[str, str] | None = None
        """The code and name this page was told look like a classmate's (a second Join keeps it)."""
        """The page showed a sign of life after a silence: say what a bot did meanwhile."""
        self.table_box = W.VBox()
        self.table_box.add_class("ll-table")
        self.live = LiveRegion()
        """The seat's live region: what happened, whose turn it is, what is asked (a screen reader's)."""
        self._heard: tuple[int, int] = (0, 0)
        self._event_words = EventWords()
        """The table's events in words, each worded once (the commentary and the live region read them)."""
        self.join_button.on_click(lambda _: self.join(self.code.value, self.name.value))
        self.pulse = W.Play(value=0, min=0, max=10**9, step=1, interval=int(HEARTBEAT * 1000), repeat=True,
                            playing=False, layout=W.Layout(display="none"))
        """The page's pulse: a timer that runs in the browser (a Play widget) and sends its value
        every :data:`HEARTBEAT` seconds; it stops when the page is frozen, crashed or asleep."""
        self.pulse.observe(lambda _: self.seen_page(), "value")
        self.page_seen = time.monotonic()
        """When the page last showed a sign of life (its pulse, a click): monotonic seconds."""
        self._kicked = 0.0
        self.watch = W.HTML(f'<img src="data:," alt="" style="display:none" onerror="{html.escape(self.watch_js())}">',
                            layout=W.Layout(display="none"))
        super().__init__([self.join_box, self.message, self.address, self.status, self.paused, self.missed,
                          self.vote_box, self.predict_box, self.table_box, self.pulse, self.watch])
        if self.store is None:
            self.join_box.layout.display = "none"
            self._say("No class is running on this server: ask your teacher for the class address.", error=True)
        elif seat_key:
            self.resume(seat_key)

    # -- the page's presence (issue 26, points 1 and 2) ----------------------------------------
    @staticmethod
    def watch_js() -> str:
        """The page's watch on the class server (:data:`WATCH_JS`), as one line of script."""
        return WATCH_JS.replace("\n", "").replace("WATCH_MS", str(int(WATCH_EVERY * 1000)))

    def seen_page(self) -> None:
        """The page showed a sign of life (its pulse ticked, the student clicked or typed);
        after a silence (a frozen or sleeping page thawed) the next look at the table says what
        a bot did for this seat meanwhile."""
        now = time.monotonic()
        if not self.page_here(now):
            self._thawed = True
        self.page_seen = now

    def page_here(self, now: float | None = None) -> bool:
        """Whether the page has shown a sign of life within :data:`PAGE_QUIET` seconds."""
        return (time.monotonic() if now is None else now) - self.page_seen <= PAGE_QUIET

    def kick_pulse(self) -> None:
        """(Re)start the page's pulse: the timer starts when the page sees ``playing`` turn on,
        so a page that connected after the kernel set it (a warm kernel, a reconnect) is
        started by turning it off and on again."""
        with self.pulse.hold_sync():
            self.pulse.playing = False
        self.pulse.playing = True

    # -- joining -----------------------------------------------------------------------------
    def join(self, code: str, name: str) -> bool:
        """Join the class with ``code`` as ``name``; False with a one-line message if refused
        (also when this page already holds a seat: one seat a page)."""
        if self.store is None:
            return False
        self.seen_page()
        if self.seat is not None:
            self._say(f"This page already holds {self.seat.seat_info.name}'s seat: one seat a page.", error=True)
            return False
        asked = (code.strip().upper(), " ".join(name.split()))
        try:
            seat = StudentSeat.join(self.store, code, name, self.store.page_address(kernel_id()),
                                    alike=self._alike_asked == asked)
        except LookAlikeName as exc:  # the student may keep the name: a second Join does
            self._alike_asked = asked
            self._say(str(exc)[:1].upper() + str(exc)[1:] + ".", error=True)
            return False
        except LandlordError as exc:
            self._say(str(exc)[:1].upper() + str(exc)[1:] + ".", error=True)
            return False
        self._enter(seat)
        self._say(f"Welcome, {seat.seat_info.name}: you sit at table {seat.table_no}, seat {seat.seat + 1}.")
        return True

    def resume(self, seat_key: str) -> bool:
        """Sit down again in the seat of ``seat_key`` (a refresh or a reopened tab)."""
        if self.store is None:
            return False
        try:
            seat = StudentSeat(self.store, seat_key)
        except LandlordError as exc:
            self._say(f"{exc}.", error=True)
            return False
        self._enter(seat)
        self._say(f"Welcome back, {seat.seat_info.name}: table {seat.table_no}, seat {seat.seat + 1}.")
        return True

    def _enter(self, seat: StudentSeat) -> None:
        self.seat = seat
        self.join_box.layout.display = "none"
        self._remember_address()
        self._ask_prediction()
        enable_offline()
        self.board = BoardView(30)
        # the question and its choices first (in the reading and Tab order, and above the board
        # on a phone), then the players, then the board
        self.options.add_class("ll-options")
        self.table_box.children = [
            self.live,
            W.HBox([W.VBox([self.decision, self.options, self.trade, self.players_panel],
                           layout=W.Layout(width="420px", max_width="100%")), self.board.box],
                   layout=W.Layout(flex_flow="row wrap")),
            W.HTML("<b>What happened</b>"), self.commentary]
        self.refresh(first=True)
        loop = _running_loop()
        if loop is not None and self._task is None:
            self._task = loop.create_task(self._follow())

    def _remember_address(self) -> None:
        """Put the seat key (and "Trade cards" when on) in the page's address, so a refresh
        comes back to this seat as it was."""
        assert self.seat is not None
        query = f"?seat={urllib.parse.quote(self.seat.token)}" + ("&amp;trade=1" if self.trading else "")
        self.address.value = (f'<img src="data:," alt="" style="display:none" '
                              f"onerror=\"history.replaceState(null, '', '{query}')\">")

    # -- the prediction -------------------------------------------------------------------------
    def _ask_prediction(self) -> None:
        """Ask this class's prediction (its words follow the class's rules and switch), showing
        the answer this seat already gave, if any."""
        assert self.seat is not None
        self.lesson = self.lesson_now()
        words = self.lesson.answers()
        made = self.seat.prediction()
        self.predict_question.value = f"<b>Your prediction.</b> {self.lesson.question()}"
        self._showing_prediction = True
        self.predict_pick.options = [(w, c) for c, w in words.items()]
        self.predict_pick.value = None if made is None else made.choice
        self._showing_prediction = False
        self.predict_box.layout.display = "flex"

    def lesson_now(self, tg: TableGame | None = None) -> ClassLesson:
        """The class's lesson as it stands: it follows the switch made at this seat's table, or
        the rules the class was last asked to vote on (:func:`switch_made`)."""
        assert self.seat is not None
        room = self.seat.room
        made = switch_made(room.ruleset, [tg.game.phase] if tg is not None else [],
                           [v.phase for v in room.class_votes()])
        return dataclasses.replace(lesson_of(room.spec, made), class_id=room.id)

    def follow_lesson(self, tg: TableGame | None) -> None:
        """When the table's rules or the class vote changed: the lesson's words, the prediction's
        question and the lesson's parts on the page follow the switch made."""
        seen = (tg.game.phase if tg is not None else None, self._vote_seen)
        if seen == self._lesson_seen or self.seat is None:
            return
        self._lesson_seen = seen
        lesson = self.lesson_now(tg)
        if self.lesson is not None and lesson.switch == self.lesson.switch:
            return
        self.lesson = lesson
        self.predict_question.value = f"<b>Your prediction.</b> {lesson.question()}"
        self._showing_prediction = True
        keep = self.predict_pick.value
        self.predict_pick.options = [(w, c) for c, w in lesson.answers().items()]
        self.predict_pick.value = keep
        self._showing_prediction = False
        retell(lesson)

    def predict(self, choice: str) -> bool:
        """Store this student's prediction with their seat (a later one replaces it until play
        starts); a refused one shows one line."""
        if self.seat is None:
            return False
        if self.seat.table() is not None:
            self._say("Play has started: your prediction is kept as you made it.", error=True)
            return False
        message = self.seat.predict(choice)
        self._say(message or "Your prediction is saved: the class sees everyone's at the debrief.",
                  error=bool(message))
        return not message

    # -- following the table -------------------------------------------------------------------
    async def _follow(self) -> None:
        last_beat = 0.0
        self.kick_pulse()
        self._kicked = time.monotonic()
        while self.seat is not None:
            try:
                now = time.monotonic()
                if now - last_beat >= HEARTBEAT and self.page_here(now):
                    self.seat.heartbeat()
                    last_beat = now
                elif not self.page_here(now) and now - self._kicked >= PAGE_QUIET:
                    self.kick_pulse()  # a page that reconnected starts its pulse again
                    self._kicked = now
                self.refresh()
            except (StoreError, LandlordError) as exc:
                self._say(str(exc), error=True)
            await asyncio.sleep(self.poll)

    def close(self) -> None:
        """Stop following the table, then close the widget."""
        if self._task is not None:
            self._task.cancel()
            self._task = None
        self.seat = None
        super().close()

    def refresh(self, first: bool = False) -> bool:
        """Read the table's new rows and redraw if anything changed; True when redrawn."""
        if self.seat is None:
            return False
        self.show_vote()
        self.show_pause()
        tg = self.seat.table()
        self.follow_lesson(tg)
        if tg is None:
            names = [s.name for s in self.seat.room.store.seats(self.seat.room.id)
                     if s.table_no == self.seat.table_no]
            self.status.value = (f"<b>Table {self.seat.table_no}</b>: {html.escape(', '.join(names))}. "
                                 "Waiting for your teacher to start the game…")
            return False
        self.table = tg
        self.predict_pick.disabled = True
        if first or self._thawed:
            self._thawed = False
            since = tg.last_own(self.seat.seat)
            text = missed_text(tg, self.seat.seat, since)
            self.missed.value = (f'<div role="status" style="color:#7a4b00">{html.escape(text)}</div>'
                                 if text else "")
        self.pass_unasked()
        if self.table is None or (self._drawn == (self.table.seq, tuple(self.table.names)) and not first):
            return False
        self.render()
        return True

    def show_pause(self) -> None:
        """Say so while the teacher has paused play (looked up at most every
        :data:`HEARTBEAT` seconds)."""
        assert self.seat is not None
        now = time.monotonic()
        if now - self._pause_looked < HEARTBEAT:
            return
        self._pause_looked = now
        paused = self.seat.room.steering().paused is not None
        self.paused.value = ('<div role="status" style="color:#7a4b00"><b>Your teacher has paused the game.</b> '
                             "Nobody can move until play resumes.</div>" if paused else "")
        if paused != self.play_paused:
            self.play_paused = paused
            self._choices_live()

    def _choices_live(self) -> None:
        """This seat's choices (buttons, the card market's form) take clicks unless play is paused."""
        stack: list[W.Widget] = list(self.options.children)
        while stack:
            w = stack.pop()
            stack.extend(getattr(w, "children", ()))
            if w.has_trait("disabled"):
                w.disabled = self.play_paused

    def show_vote(self) -> None:
        """Show the class vote while it is open: the question and Yes/No until this student
        has voted, then their ballot; hidden when no vote is open."""
        assert self.seat is not None
        now = self.seat.class_vote()
        seen = None if now is None else (now[0].vote_no, now[1])
        if seen == self._vote_seen:
            return
        self._vote_seen = seen
        if now is None:
            self.vote_box.layout.display = "none"
            return
        vote, ballot = now
        title = self.seat.room.ruleset.phases[vote.phase].title
        ask = f"<b>Class vote: should every table switch to <i>{html.escape(title)}</i> now?</b>"
        if ballot is None:
            self.vote_question.value = f"{ask} Your teacher asks the whole class; you vote once."
        else:
            self.vote_question.value = (f"{ask} You voted <b>{'yes' if ballot else 'no'}</b>. "
                                        "The majority decides when the vote closes.")
        self.yes_button.disabled = self.no_button.disabled = ballot is not None
        self.vote_box.layout.display = "flex"

    def vote(self, yes: bool) -> bool:
        """Vote in the class vote; a refused ballot shows one line."""
        if self.seat is None:
            return False
        self.seen_page()
        message = self.seat.vote(yes)
        self._say(message, error=bool(message))
        if message != SLOW_DOWN:  # turned away before the store: nothing changed to look up
            self.show_vote()
        return not message

    # -- acting ------------------------------------------------------------------------------
    def choose(self, option: str, asked_at: int | None = None) -> bool:
        """Answer this seat's decision; a refused click shows one line and changes nothing."""
        if self.seat is None:
            return False
        self.seen_page()
        return self._answered(self.seat.act(option, asked_at))

    def _answered(self, message: str) -> bool:
        """After this seat's answer (``message`` "" when recorded): say why it was refused, if
        it was; pass the card market unasked if that comes next; redraw."""
        assert self.seat is not None
        self._say(message, error=bool(message))
        self.missed.value = ""
        self.table = self.seat.table()
        self.pass_unasked()
        self.render()
        return not message

    # -- the 1906 card market (rule 1) --------------------------------------------------------
    def set_trading(self, on: bool) -> None:
        """Turn "Trade cards" on or off for this seat: on, the card market question is asked
        as a form; off, the page answers it "pass" (no offer) without asking."""
        self.trading = on
        if self.trade.value != on:
            self.trade.value = on  # its observer calls here again, and finds nothing to change
            return
        if self.seat is None:
            return
        self._remember_address()
        self.pass_unasked()
        self.render()

    def pass_unasked(self) -> int:
        """While "Trade cards" is off, answer this seat's card market question with the
        market's pass, through the same path as a click (:meth:`StudentSeat.act`: an append
        conditioned on the record's length, for this seat only). When a bot (an away seat, an
        overdue decision) or anyone else answered first, that answer stands and nothing is
        shown: the page follows the table. Returns how many passes were recorded."""
        done = 0
        while self.seat is not None and self.table is not None:
            d = self.table.game.pending
            if d is None or d.seat != self.seat.seat or not passes_unasked(d, self.trading):
                break
            if self.seat.act(MARKET_PASS, self.table.seq):
                break  # refused: the table moved on (or the store was busy: the next look tries again)
            done += 1
            self.table = self.seat.table()
        return done

    def offer_to_buy(self, card: str, price: str, asked_at: int | None = None) -> bool:
        """This seat offers to buy ``card`` (a ``buy_card`` option of the market) at ``price``
        (a ``price`` option): the two answers the rules ask for, each appended as a click is.
        False with a one-line message (nothing changed) if the offer is not legal now."""
        if self.seat is None or self.table is None:
            return False
        refusal = self.market.refusal(self.table.game, card, price)
        if refusal:
            self._say(f"Not allowed: {refusal}; nothing was changed.", error=True)
            return False
        message = self.seat.act(card, asked_at)
        if not message:
            tg = self.seat.table()
            message = self.seat.act(price, None if tg is None else tg.seq)
        return self._answered(message)

    # -- drawing -----------------------------------------------------------------------------
    def _say(self, text: str, error: bool = False) -> None:
        colour = "#b00000" if error else "#225522"
        self.message.value = f'<div style="color:{colour}">{html.escape(text)}</div>' if text else ""

    def plays(self) -> list[str]:
        """Who plays each seat, in words: you, a classmate, a bot."""
        assert self.seat is not None and self.table is not None
        taken = self.seat.room.seats_by_table().get(self.seat.table_no, {})
        return ["you" if s == self.seat.seat else ("classmate" if s in taken else "bot")
                for s in range(len(self.table.game.players))]

    def render(self) -> None:
        """Redraw the board, the players and this seat's choices from the table's game."""
        if self.seat is None or self.table is None or self.board is None:
            return
        g = self.table.game
        d = g.pending
        self._drawn = (self.table.seq, tuple(self.table.names))
        self.board.update(g)
        self.players_panel.value = players_html(player_rows(g, list(self.plays())), d.seat if d else None,
                                                g.board.currency)
        rules = g.ruleset.phases[g.phase].title
        self.status.value = (f"<b>Table {self.seat.table_no}</b> — turn {g.turn}, round {g.round} — "
                             f"rules in force: <i>{html.escape(rules)}</i>")
        self.trade.layout.display = None if has_market(g) else "none"
        asked = (self.seat.table_no, self.seat.seat, self.table.seq, d is not None and d.seat == self.seat.seat,
                 self.trading)
        if asked != self._asked:  # a refused click, "Trade cards" turned on a question not the market's: kept
            self._asked = asked
            words, choices = self._decision()
            # the record length the page shows goes before the choices it belongs to
            self.decision.value = words + f'<span class="ll-seq" data-seq="{self.table.seq}"></span>'
            replace_children(self.options, choices)
        if self.play_paused:
            self._choices_live()
        self.commentary.value = commentary_html(commentary_lines(g, last=12, words=self._event_words))
        with self.live.hold_sync():  # what is said and the focus's move: one message
            self._announce()

    def _decision(self) -> tuple[str, list[W.Widget]]:
        """This seat's question in words and its choices (new buttons, the card market's form,
        or none)."""
        assert self.seat is not None and self.table is not None
        g = self.table.game
        d = g.pending
        if d is None:
            best = [g.names[s] for s in winners_of(g.results())]
            return f"<b>The game is over.</b> Richest: {html.escape(', '.join(best))}.", []
        if d.seat == self.seat.seat and d.kind == MARKET and not self.trading:
            return "<i>No offer to buy or sell a card from you this turn (Trade cards is off).</i>", []
        if d.seat == self.seat.seat and d.kind == MARKET:
            return (f"<b>Your turn: {html.escape(g.rules.explain(d))}</b>",
                    [self.market.build(g, self.table.seq, self.choose, self.offer_to_buy)])
        if d.seat == self.seat.seat:
            at = self.table.seq
            buttons = []
            for opt in d.options:
                b = W.Button(description=g.rules.option_text(d, opt), button_style="primary",
                             disabled=self.play_paused, layout=self._button_layout, style=self._button_style)
                b.option = opt
                b.on_click(lambda _b, o=opt, k=at: self.choose(o, k))
                buttons.append(b)
            return f"<b>Your turn: {html.escape(g.rules.explain(d))}</b>", buttons
        return f"<i>Waiting: {html.escape(g.rules.explain(d))}</i>", []

    def _announce(self) -> None:
        """Tell the live region what happened since it last spoke and what is asked now (the
        events since, summarised past a few; whose turn; this seat's question), and put the
        keyboard focus back on the first choice when this seat is asked anew."""
        if self.seat is None or self.table is None:
            return
        g = self.table.game
        seen = self._heard[1] if self._heard[0] == id(g) else 0
        lines = [plain(x) for x in events_since(g, min(seen, len(g.events or ())), self._event_words)]
        if self._heard == (id(g), len(g.events or ())) and self.live.text:
            return  # nothing new: say nothing again
        self._heard = (id(g), len(g.events or ()))
        d = g.pending
        if d is None:
            now = "The game is over."
        elif d.seat == self.seat.seat and self.options.children:
            n = len(self.option_buttons()) or 1
            now = plain(f"Your turn: {g.rules.explain(d)}") + f" {n} choice{'s' if n != 1 else ''}."
            self.live.focus_choice()
        else:
            now = plain(f"Waiting for {g.names[d.seat]}: {g.rules.explain(d)}")
        self.live.say(summary(lines, now), again=True)  # something happened since it last spoke

    def option_buttons(self) -> dict[str, W.Button]:
        """This seat's choice buttons by option (empty when it is not this seat's decision)."""
        return {b.option: b for b in self.options.children if hasattr(b, "option")}


def student_app() -> ClassroomStudent:
    """The student's app as a class lesson opens it: the class folder from the server, the
    join code and seat key from the page's address. The offline charts are set up first: in a
    warm kernel that is before the visitor comes (it took 2 CPU-s, 6 s on a busy server, at
    every join)."""
    enable_offline()
    q = query()
    return ClassroomStudent(code=q.get("code", ""), seat_key=q.get("seat", ""), trade=q.get("trade") == "1")

