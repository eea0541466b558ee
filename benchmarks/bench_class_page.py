"""What one student's page costs its kernel and the wire, counted, not timed (issue 37): the
comm messages a :class:`~landlord.widgets.classroom_student.ClassroomStudent` sends (widget
opens, trait updates, closes; by widget and trait) and the process time it spends, for a click
(the clicking page's redraw), for the classmates' polls that bring the click in, and for a poll
with nothing new. One table of four students, in-process (the class store in a temporary
folder), its game played by clicking each asked page's first choice. A replaced widget is
closed at its box's next redraw (``RETIRE_AFTER`` 0; a page waits 10 s), so the closes a click
brings are counted with the clicks.

    PYTHONPATH=$PWD python3 benchmarks/bench_class_page.py [--clicks 40] [--repeat 5]

Prints the figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import functools
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from comm_counts import Sent, a_table, counting, page_names
from landlord.widgets.classroom_student import ClassroomStudent

from landlord.widgets import closing


def show(what: str, sent: Sent, cpu: float, n: int) -> None:
    """Print one line of totals per ``n`` events and the breakdown by widget and trait."""
    print(f"{what}: {n} × — {len(sent) / n:.2f} messages each ({sent.updates() / n:.2f} updates), "
          f"{sent.size() / n:,.0f} chars, {1000 * cpu / n:.2f} ms CPU")
    for line in sent.breakdown():
        print("   ", line)


PARTS = ("a click (the clicking page's redraw and its next poll)", "a classmate's poll that brings the click in",
         "a poll with nothing new")


def play(clicks: int) -> tuple[list[Sent], list[float], list[int]]:
    """Play ``clicks`` clicks at a new table: for each of :data:`PARTS` the messages sent, the
    process time spent and how many times."""
    sent_in = [Sent(), Sent(), Sent()]
    cpu = [0.0, 0.0, 0.0]
    times = [0, 0, 0]

    def counted(part: int, page: ClassroomStudent, *acts: Callable[[], object]) -> None:
        with counting(page_names(page)) as sent:
            t = time.process_time()
            for act in acts:
                act()
            cpu[part] += time.process_time() - t
        sent_in[part].rows += sent.rows
        times[part] += 1

    with tempfile.TemporaryDirectory() as tmp:
        pages = a_table(Path(tmp))
        while times[0] < clicks:
            mover = next((p for p in pages if p.option_buttons()), None)
            if mover is None or mover.table is None:
                break
            option, at = next(iter(mover.option_buttons())), mover.table.seq
            # the click, and the page's next look at the table, as its poll makes it
            counted(0, mover, functools.partial(mover.choose, option, at), mover.refresh)
            for p in pages:
                if p is not mover:
                    counted(1, p, p.refresh)
            for p in pages:  # every page's next poll: nothing new
                counted(2, p, p.refresh)
    return sent_in, cpu, times


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--clicks", type=int, default=40)
    ap.add_argument("--repeat", type=int, default=5, help="games played; the CPU printed is the least of them")
    args = ap.parse_args()
    closing.RETIRE_AFTER = 0.0
    runs = [play(args.clicks) for _ in range(args.repeat)]
    sent_in, _, times = runs[0]  # the messages are the same in every run
    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    print(f"One table of 4 students, {times[0]} clicks, {times[2]} polls with nothing new, "
          f"the least CPU of {args.repeat} runs ({when})")
    for k, part in enumerate(PARTS):
        show(part, sent_in[k], min(r[1][k] for r in runs), max(times[k], 1))


if __name__ == "__main__":
    main()
