"""What a student's page sends its browser (issue 37): counted, not timed
(:mod:`comm_counts`). A poll with nothing new sends nothing; a click sends each widget that
changed one message, a new choice button is one widget (its layout and style are the page's,
shared), and a refused click keeps the buttons shown. The commentary, whose events the page
words once each, reads as if worded again."""

from __future__ import annotations

from pathlib import Path

import pytest
from comm_counts import Sent, a_table, counting
from landlord.widgets.classroom_student import ClassroomStudent
from landlord.widgets.panels import commentary_html, commentary_lines

from landlord.widgets import closing

CLICK_UPDATES = 8
"""Measured (``benchmarks/bench_class_page.py``, 40 clicks at a table of four): a click redraws
at most eight widgets of the clicking page, each once — the decision (with the record-length
marker), the choices' box, the commentary, the players, the status (on a new turn), the live
region (what is said and the focus's move: one message), the board (one message) and the
message line (a refusal's line cleared); 7 at most were seen, 9 before (the live region's focus
went apart, the status changed with every row)."""

REDRAW_UPDATES = 7
"""A classmate's redraw: the same widgets but the message line (9 at most before, 7 seen)."""


def asked(pages: list[ClassroomStudent]) -> ClassroomStudent:
    """The page whose seat is asked now."""
    return next(p for p in pages if p.option_buttons())


def marker_first(page: ClassroomStudent, sent: Sent) -> bool:
    """The record length the page shows (the decision's ``ll-seq`` marker) reached the browser
    before the choices drawn for it (a client reads which record length a button answers from
    it: found by the class load benchmark, whose clicks were counted lost and duplicated when
    the buttons came first)."""
    order = [r[4] for r in sent.rows if r[0] == "update"]
    if page.options.model_id not in order:
        return True
    return page.decision.model_id in order and order.index(page.decision.model_id) < order.index(page.options.model_id)


def test_a_poll_with_nothing_new_sends_nothing(tmp_path: Path) -> None:
    pages = a_table(tmp_path)
    with counting() as sent:
        for p in pages * 3:
            assert not p.refresh()
    assert len(sent) == 0


def test_a_click_sends_each_changed_widget_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(closing, "RETIRE_AFTER", 0.0)  # a replaced button is closed at the next redraw
    pages = a_table(tmp_path)
    for _ in range(30):
        mover = asked(pages)
        drawn = len(mover.option_buttons())
        assert mover.table is not None
        with counting() as sent:
            assert mover.choose(next(iter(mover.option_buttons())), mover.table.seq)
            mover.refresh()
        new = len(mover.option_buttons())
        assert sent.updates() <= CLICK_UPDATES and sent.most_updates() == 1, sent.breakdown()
        assert sent.count("open") == new and sent.count("close") == drawn, sent.breakdown()  # one widget a button
        assert marker_first(mover, sent), sent.breakdown()
        for p in pages:
            if p is not mover:
                with counting() as sent:
                    p.refresh()
                assert sent.updates() <= REDRAW_UPDATES and sent.most_updates() == 1, sent.breakdown()
                assert sent.count("open") == len(p.option_buttons()), sent.breakdown()
                assert marker_first(p, sent), sent.breakdown()
        for p in pages:  # each event worded once (the page keeps the words), as if worded again
            assert p.table is not None
            assert p.commentary.value == commentary_html(commentary_lines(p.table.game, last=12))


def test_a_refused_click_keeps_the_buttons(tmp_path: Path) -> None:
    pages = a_table(tmp_path)
    mover = asked(pages)
    assert mover.table is not None
    buttons = list(mover.option_buttons().values())
    with counting() as sent:
        assert not mover.choose(next(iter(mover.option_buttons())), mover.table.seq - 1)  # a stale click
    assert "Someone else acted first" in mover.message.value
    assert list(mover.option_buttons().values()) == buttons and sent.count("open") == 0, sent.breakdown()
