"""What one student's page costs its kernel and the wire, counted, not timed (issue 37): the
comm messages a :class:`~landlord.widgets.classroom_student.ClassroomStudent` sends (widget
opens, trait updates, closes; by widget and trait) and the process time it spends, for a click
(the clicking page's redraw), for the classmates' polls that bring the click in, and for a poll
with nothing new. One table of four students, in-process (the class store in a temporary
folder), its game played by clicking each asked page's first choice. A replaced widget is
closed at its box's next redraw (``RETIRE_AFTER`` 0; a page waits 10 s), so the closes a click
brings are counted with the clicks.

    PYTHONPATH=$PWD python3 benchmarks/bench_class_page.py [--clicks 40]

Prints the figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from comm_counts import Sent, counting, page_names
from landlord.widgets.classroom_student import ClassroomStudent
from landlord.widgets.classroom_teacher import ClassroomTeacher

from landlord.apps.classroom import Classroom, ClassSpec, SqliteStore
from landlord.widgets import closing

SECRET = "b" * 24


def a_table(folder: Path) -> list[ClassroomStudent]:
    """A started table of four students, each page drawn."""
    store = SqliteStore(folder)
    room, _ = Classroom.create(store, ClassSpec(table_size=4, rounds=20, seed=5, bot_delay=0.0), SECRET)
    pages = [ClassroomStudent(folder) for _ in range(4)]
    for p, name in zip(pages, ("Ann", "Bo", "Cy", "Di"), strict=True):
        assert p.join(room.info.join_code, name)
    ClassroomTeacher(folder, SECRET).start()
    for p in pages:
        p.refresh()
    return pages


def show(what: str, sent: Sent, cpu: float, n: int) -> None:
    """Print one line of totals per ``n`` events and the breakdown by widget and trait."""
    print(f"{what}: {n} × — {len(sent) / n:.2f} messages each ({sent.updates() / n:.2f} updates), "
          f"{sent.size() / n:,.0f} chars, {1000 * cpu / n:.2f} ms CPU")
    for line in sent.breakdown():
        print("   ", line)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--clicks", type=int, default=40)
    args = ap.parse_args()
    closing.RETIRE_AFTER = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        pages = a_table(Path(tmp))
        clicks = follows = polls = 0
        click_cpu = follow_cpu = poll_cpu = 0.0
        at_click, at_follow, at_poll = Sent(), Sent(), Sent()
        while clicks < args.clicks:
            mover = next((p for p in pages if p.option_buttons()), None)
            if mover is None:
                break
            option = next(iter(mover.option_buttons()))
            with counting(page_names(mover)) as sent:
                t = time.process_time()
                mover.choose(option, mover.table.seq if mover.table else None)
                mover.refresh()  # the page's next look at the table, as its poll makes it
                click_cpu += time.process_time() - t
            at_click.rows += sent.rows
            clicks += 1
            for p in pages:
                if p is mover:
                    continue
                with counting(page_names(p)) as sent:
                    t = time.process_time()
                    p.refresh()
                    follow_cpu += time.process_time() - t
                at_follow.rows += sent.rows
                follows += 1
            for p in pages:  # every page's next poll: nothing new
                with counting(page_names(p)) as sent:
                    t = time.process_time()
                    p.refresh()
                    poll_cpu += time.process_time() - t
                at_poll.rows += sent.rows
                polls += 1
    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    print(f"One table of 4 students, {clicks} clicks, {polls} polls with nothing new ({when})")
    show("a click (the clicking page's redraw and its next poll)", at_click, click_cpu, max(clicks, 1))
    show("a classmate's poll that brings the click in", at_follow, follow_cpu, max(follows, 1))
    show("a poll with nothing new", at_poll, poll_cpu, max(polls, 1))


if __name__ == "__main__":
    main()
