"""What the teacher's steering of a class costs, and whether the printable debrief fits a page.

* A student's look at the table (``StudentSeat.table()``, what a seat page does every 0.25 s)
  now also reads the table's last round (the teacher's end of play): microseconds a look, best
  of 5 runs of 2,000 looks, at a 4-seat table 30 moves in. Run it with ``PYTHONPATH`` set to
  another checkout to compare side by side.
* The class lesson's comparison with computer players (opened by the student: 100 games each
  way, 12 rounds): seconds per ruleset.
* The printable debrief of a class of STUDENTS (default 30) whose tables are played to the end
  by bots: pages when Chromium prints it (``/usr/bin/chromium``; skipped without it).

    python3 studies/class_steering.py          # 30 students
    python3 studies/class_steering.py 12

CPU time of this process is reported where it says so (the machine may be shared).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from landlord.widgets.classroom_lesson import COMPARE_GAMES, lesson_of

from landlord.apps.classroom import Classroom, ClassSpec, Referee, SqliteStore, StudentSeat
from landlord.runs.measures import switch_games

SECRET = "b" * 24
CHROMIUM = Path("/usr/bin/chromium")


def look_cost() -> float:
    """Microseconds of one student's look at the table (best of 5 x 2,000)."""
    folder = Path(tempfile.mkdtemp())
    store = SqliteStore(folder)
    room, _ = Classroom.create(store, ClassSpec(table_size=4, rounds=12, bot_delay=0, seed=3), SECRET)
    seats = [StudentSeat.join(store, room.info.join_code, f"S{i}") for i in range(4)]
    room.start(SECRET)
    ref = Referee(store, room.id, SECRET)
    for _ in range(30):
        ref.tick(now=1e12)
    seat = seats[0]
    seat.table()
    best = []
    for _ in range(5):
        t = time.perf_counter()
        for _ in range(2000):
            seat.table()
        best.append((time.perf_counter() - t) / 2000 * 1e6)
    return min(best)


def compare_seconds(ruleset: str) -> float:
    """CPU seconds of the lesson's comparison for a class of ``ruleset`` (its own next phase)."""
    lesson = lesson_of(ClassSpec(ruleset=ruleset))
    bots = [lesson.bots] * lesson.table_size
    t = time.process_time()
    switch_games(ruleset, bots, range(COMPARE_GAMES), rounds=lesson.rounds)
    if lesson.switch is not None:
        switch_games(ruleset, bots, range(COMPARE_GAMES), f"round:{lesson.rounds // 2}", lesson.switch, lesson.rounds)
    return time.process_time() - t


def handout_pages(students: int) -> tuple[int, int, int]:
    """Tables, bytes and printed pages of the debrief of a class of ``students`` (pages 0
    without Chromium)."""
    from landlord.widgets.classroom_student import ClassroomStudent
    from landlord.widgets.classroom_teacher import ClassroomTeacher

    folder = Path(tempfile.mkdtemp())
    store = SqliteStore(folder)
    room, _ = Classroom.create(store, ClassSpec(ruleset="magie-1906", table_size=4, rounds=12, bot_delay=0,
                                                seed=5), SECRET)
    for i in range(students):
        page = ClassroomStudent(folder)
        page.join(room.info.join_code, f"P{i}")
        page.predict_pick.value = ("grows", "shrinks", "same")[i % 3]
    teacher = ClassroomTeacher(folder, SECRET)
    teacher.start()
    ref = Referee(store, room.id, SECRET)
    for _ in range(40):
        ref.tick(now=1e12)
    teacher.switch_all(teacher.phase_pick.value)
    for _ in range(50_000):
        if not ref.tick(now=1e12):
            break
    teacher.print_debrief()
    html_file = folder / "exports" / f"class-{room.info.join_code}-debrief.html"
    pages = 0
    if CHROMIUM.is_file():
        pdf = folder / "debrief.pdf"
        subprocess.run([str(CHROMIUM), "--headless", "--no-sandbox", "--disable-gpu", f"--print-to-pdf={pdf}",
                        "--no-pdf-header-footer", html_file.as_uri()], capture_output=True, timeout=120, check=False)
        pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf.read_bytes())) if pdf.is_file() else 0
    out = len(room.tables()), len(html_file.read_bytes()), pages
    teacher.close()
    shutil.rmtree(folder, ignore_errors=True)
    return out


def main(argv: list[str]) -> int:
    students = int(argv[0]) if argv else 30
    print(f"a student's look at the table: {look_cost():.0f} µs (best of 5 x 2,000)")
    for ruleset in ("magie-1904", "magie-1906", "british-1913-part1", "british-1913-part2", "monopoly"):
        print(f"the lesson's comparison, {ruleset}: {compare_seconds(ruleset):.1f} CPU-s "
              f"({COMPARE_GAMES} games each way)")
    tables, size, pages = handout_pages(students)
    print(f"the printable debrief of {students} students at {tables} tables: {size:,} bytes, "
          f"{pages or 'no Chromium, not'} printed page{'s' if pages != 1 else ''}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
