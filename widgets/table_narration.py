"""The game table's narration: the status line, what the table is doing, the commentary, the
rules' provenance, the news that other rules are in force, and the live region that tells a
screen reader what happened and what is asked now."""

from __future__ import annotations

import html

import ipywidgets as W

from landlord.data.ruleset import Ruleset
from landlord.engine import flows
from landlord.engine.count import winners as winners_of
from landlord.engine.game import Game

from .announce import LiveRegion, summary
from .panels import commentary_html, commentary_lines, events_since, provenance_html
from .session import TableSession
from .words import activity_html, phase_news_text, plain, short_title


def phase_titles(text: str, ruleset: Ruleset) -> str:
    """``text`` with any phase id in parentheses given as the phase's short title: "a vote on the
    rules (single_tax)" → "a vote on the rules (The Single Tax)"."""
    for name, ph in ruleset.phases.items():
        text = text.replace(f"({name})", f"({short_title(ph.title)})")
    return text


class TableNarration:
    """The table's words around the board: :attr:`status`, :attr:`activity`,
    :attr:`commentary`, :attr:`provenance` and the live region :attr:`live`."""

    def __init__(self) -> None:
        self.status = W.HTML()
        self.live = LiveRegion()
        """The table's live region: what happened and what is asked now, for a screen reader."""
        self._heard: tuple[int, int] = (0, 0)
        """(the game on view, its events already announced)."""
        self._announced: tuple[object, ...] | None = None
        """The question the live region last announced (a new one is said even in the same words)."""
        self.commentary = W.HTML()
        self.provenance = W.HTML()
        self.activity = W.HTML()
        """What the table is doing, in words: waiting for a person, playing, paused, the past, over."""
        self._news_phase: tuple[int, str] | None = None

    def draw(self, g: Game, past: bool, phases: bool) -> None:
        """The status line, the commentary and the provenance of the game on view (the phases'
        provenance too when ``phases``: a lesson whose rules change by a click)."""
        when = f"turn {g.turn}, round {g.round}"
        phase = g.ruleset.phases[g.phase].title
        self.status.value = (f"<b>{html.escape(g.ruleset.title)}</b> — {when} — rules in force: "
                             f"<i>{html.escape(phase)}</i>" + (" — <b>viewing the past</b>" if past else ""))
        self.commentary.value = commentary_html([plain(phase_titles(x, g.ruleset)) for x in commentary_lines(g)])
        self.provenance.value = provenance_html(g, g.ruleset.phases if phases else ())

    def show_activity(self, state: str, session: TableSession, why: str) -> None:
        """What the table is doing (``state``, :data:`landlord.widgets.words.ACTIVITY`), with the
        name and turn its sentence puts in, and ``why`` the computer players stopped."""
        d = session.game.pending
        self.activity.value = activity_html(state, {"name": session.game.names[d.seat] if d is not None else "",
                                                    "turn": str(session.shown.turn), "why": why})

    def phase_news(self, session: TableSession, g: Game) -> str | None:
        """When other rules come into force during play, what to say where the student looks,
        explaining money the new rules hand out (the 1913 Part 2 "further £3000 from the Bank",
        which would otherwise show only as a jump in every player's wealth); else None."""
        now = (id(session), g.phase)
        before, self._news_phase = self._news_phase, now
        if before is None or before == now or before[0] != now[0] or g.events is None:
            return None  # the same rules, or another game (new, loaded): nothing has come into force
        since = max((i for i, e in enumerate(g.events) if e.kind == "phase"), default=None)
        if since is None:
            return None
        paid = [dict(e.data) for e in g.events[since:] if e.kind == "transfer"
                and dict(e.data).get("kind") == flows.START_CASH]
        return phase_news_text(short_title(g.ruleset.phases[g.phase].title), g.board.currency,
                               sorted({int(p["amount"]) for p in paid}))

    def announce(self, session: TableSession, g: Game, past: bool, quiet: bool, choices: int) -> None:
        """Tell the live region what happened since it last spoke and what is asked now (a person
        is asked with ``choices`` choices); ``quiet`` while the bots play on (their moves are
        summarised when a person is asked, the game ends or the bots stop); the focus goes to the
        first choice when a person is asked anew."""
        d = g.pending
        if past:
            self.live.say(f"Viewing turn {g.turn}, round {g.round}, read-only.")
            self._announced = None  # back in the present, the question is said again
            return
        if quiet:
            return  # bots at play: say it all when they stop
        seen = self._heard[1] if self._heard[0] == id(g) else 0
        lines = [plain(x) for x in events_since(g, min(seen, len(g.events or ())))]
        self._heard = (id(g), len(g.events or ()))
        if d is None:
            now = "The game is over. Richest: " + ", ".join(g.names[k] for k in winners_of(g.results()))
        elif session.is_person(d.seat):
            now = plain(f"{g.names[d.seat]}'s turn: {g.rules.explain(d)}") + (f" {choices} "
                                                                               f"choice{'s' if choices != 1 else ''}.")
            self.live.focus_choice()  # the choices are new buttons: keep a keyboard user on them
        else:
            now = f"{g.names[d.seat]}, a bot, is to choose: press Play or Step."
        asked = (id(g), len(g.entries), d)
        if asked == self._announced and not lines:
            return  # the same question drawn again, nothing new since: said already
        self.live.say(summary(lines, now), again=asked != self._announced)
        self._announced = asked
