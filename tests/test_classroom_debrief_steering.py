"""Issue 26, points 6 and 7, below the widgets: the teacher's pause and end of play, the
students' predictions, the projector's key, bot move counts, the ruleset's own next phase, the
debrief's axes and words, and the class lesson's words for each ruleset."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from landlord.widgets.classroom_lesson import lesson_of

from landlord.apps.classroom import Classroom, ClassSpec, Conflict, Referee, SqliteStore, StudentSeat
from landlord.apps.classroom import debrief as db
from landlord.apps.classroom import store as store_module
from landlord.apps.classroom.room import next_phase, projector_key
from landlord.charts import figures
from landlord.data.loader import load_ruleset
from landlord.errors import LandlordError
from landlord.players import savefile

SECRET = "t" * 24
ROOT = Path(__file__).resolve().parents[1]


def a_room(tmp_path: Path, students: int = 1, **spec: object) -> tuple[Classroom, list[StudentSeat]]:
    store = SqliteStore(tmp_path)
    room, _ = Classroom.create(store, ClassSpec(**{"table_size": 2, "rounds": 8, "bot_delay": 0.0, "seed": 3,
                                                   **spec}), SECRET)
    seats = [StudentSeat.join(store, room.info.join_code, f"S{i}") for i in range(students)]
    return room, seats


def play(room: Classroom, ticks: int, now: float = 1e12) -> int:
    ref = Referee(room.store, room.id, SECRET)
    done = 0
    for _ in range(ticks):
        n = ref.tick(now=now)
        if not n:
            break
        done += n
    return done


# -- pause ---------------------------------------------------------------------------------------
def test_a_paused_class_records_no_move_by_a_student_or_a_bot(tmp_path: Path) -> None:
    room, (ann,) = a_room(tmp_path)
    room.start(SECRET)
    room.pause(SECRET)
    assert play(room, 5) == 0
    tg = room.table(1)
    assert tg is not None and tg.seq == 0
    assert "paused" in ann.act("anything")
    room.pause(SECRET, False)
    assert play(room, 5) > 0


def test_resuming_restarts_the_decision_clock(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A student whose decision was pending through a long pause is not timed out at the resume:
    the referee counts the decision's wait from the resume, not from the last move."""
    clock = [1000.0]
    monkeypatch.setattr(store_module.time, "time", lambda: clock[0])
    room, (ann,) = a_room(tmp_path, decide_limit=120.0)
    room.start(SECRET)
    ref = Referee(room.store, room.id, SECRET)
    for _ in range(200):  # bots play the empty seat until the student's decision comes up
        if ann.my_decision() is not None:
            break
        ref.tick(now=clock[0])
    assert ann.my_decision() is not None
    seq = room.table(1).seq  # type: ignore[union-attr]
    room.pause(SECRET)
    clock[0] = 1500.0
    room.pause(SECRET, False)
    ann.heartbeat()
    assert ref.tick(now=1501.0) == 0, "the student was timed out for the time the pause took"
    assert room.table(1).seq == seq  # type: ignore[union-attr]
    assert ref.tick(now=1500.0 + 121) == 1  # the limit still holds after the resume


# -- the end of play -----------------------------------------------------------------------------
def test_ending_after_a_round_ends_every_game_by_the_round_limit_and_the_rules_count(tmp_path: Path) -> None:
    room, _ = a_room(tmp_path, students=3)
    room.start(SECRET)
    ref = Referee(room.store, room.id, SECRET)
    for _ in range(12):
        ref.tick(now=1e12)
    at = {tg.table.table_no: tg.game.round for tg in room.tables()}
    assert all(r < 8 for r in at.values())
    done = room.end_at_round(SECRET, 2)
    assert done == {t: max(2, r) for t, r in at.items()}
    play(room, 5000)
    for tg in room.tables():
        g = tg.game
        assert g.over and g.round == done[tg.table.table_no]
        assert [e.get("reason") for e in g.events if e.kind == "end"] == ["round limit"]
    room.end_at_round(SECRET, 8)  # a later last round: a game over stays over
    assert all(tg.game.over and tg.game.round == done[tg.table.table_no] for tg in room.tables())
    assert play(room, 5) == 0
    paths = db.export_games(room, tmp_path / "exports")
    for path, tg in zip(paths, room.tables(), strict=True):
        again = savefile.load_game(path)
        assert again.over and again.round == tg.game.round
        assert [c.total for c in again.results()] == [c.total for c in tg.game.results()]


def test_the_end_round_must_be_within_the_class_rounds(tmp_path: Path) -> None:
    room, _ = a_room(tmp_path)
    for bad in (0, 9):
        with pytest.raises(LandlordError, match=r"a round from 1 to 8 .*not " + str(bad)):
            room.end_at_round(SECRET, bad)


def test_the_end_time_is_applied_once_each_table_finishing_its_round(tmp_path: Path) -> None:
    room, _ = a_room(tmp_path)
    room.start(SECRET)
    ref = Referee(room.store, room.id, SECRET)
    for _ in range(6):
        ref.tick(now=1e12)
    round_now = room.table(1).game.round  # type: ignore[union-attr]
    room.end_at_time(SECRET, 5000.0)
    assert not room.store.claim_end(room.id, 4999.0)
    assert room.steer(SECRET, 5000.0).ended == 5000.0
    assert room.store.table_ends(room.id) == {1: max(round_now, 1)}  # a game still in its set-up plays round 1
    assert not room.store.claim_end(room.id, 6000.0), "the end time was applied twice"
    play(room, 5000)
    assert room.table(1).game.over and room.table(1).game.round == max(round_now, 1)  # type: ignore[union-attr]


def test_a_table_end_set_against_a_stale_record_is_refused(tmp_path: Path) -> None:
    room, _ = a_room(tmp_path)
    room.start(SECRET)
    play(room, 3)
    with pytest.raises(Conflict):
        room.store.set_table_end(room.id, SECRET, 1, 1, 0)


# -- predictions, the projector, moves by bots ------------------------------------------------------
def test_predictions_are_stored_with_the_seat_and_pooled(tmp_path: Path) -> None:
    room, (a, b, c) = a_room(tmp_path, students=3)
    assert a.predict("grows") == "" and b.predict("shrinks") == "" and c.predict("grows") == ""
    assert c.predict("shrinks") == ""  # a later prediction replaces the first
    assert "Choose one of the answers" in a.predict("maybe")
    assert [(p.table_no, p.seat, p.choice) for p in room.store.predictions(room.id)] == [
        (1, 0, "grows"), (1, 1, "shrinks"), (2, 0, "shrinks")]
    assert db.pooled_predictions(room) == {"grows": 1, "shrinks": 2, "same": 0}


def test_the_projector_key_opens_the_class_read_only_and_is_not_the_secret(tmp_path: Path) -> None:
    room, _ = a_room(tmp_path)
    key = projector_key(SECRET)
    assert SECRET not in key and key != projector_key("u" * 24)
    room.store.set_viewer(room.id, SECRET, key)
    assert room.store.viewer_class(key).id == room.id
    with pytest.raises(LandlordError, match="not the projector address"):
        room.store.viewer_class("x" * 32)
    with pytest.raises(LandlordError, match="only the teacher"):
        room.store.set_viewer(room.id, "x" * 24, key)


def test_moves_are_counted_by_students_and_by_bots(tmp_path: Path) -> None:
    room, (ann,) = a_room(tmp_path)
    room.start(SECRET)
    ref = Referee(room.store, room.id, SECRET)
    acted = 0
    for _ in range(300):  # the student is present: bots play the empty seat, the student their own
        mine = ann.my_decision()
        if mine is not None:
            assert ann.act(mine.options[0]) == ""
            acted += 1
        elif not ref.tick(now=time.time() + 1):
            break
    tg = room.table(1)
    assert tg is not None
    bots = sum(1 for r in tg.entries if r.answer is not None and r.by != "student")
    people = sum(1 for r in tg.entries if r.answer is not None and r.by == "student")
    row = db.results(room).iloc[0]
    assert (row["moves_bots"], row["moves_students"]) == (bots, people) and bots > 0 and people == acted > 0


# -- point 7: the ruleset's own next phase, the axes, plain words, the lesson's words -------------------
@pytest.mark.parametrize(("ruleset", "phase"), [
    ("magie-1904", "single_tax"), ("magie-1906", "single_tax"), ("british-1913-part1", "part2"),
    ("british-1913-part2", "part3"), ("british-1913-part3", None), ("monopoly", None)])
def test_the_next_phase_is_the_rulesets_own_never_a_what_if(ruleset: str, phase: str | None) -> None:
    rs = load_ruleset(ruleset)
    assert next_phase(rs) == phase
    assert phase is None or not rs.phases[phase].what_if


def test_the_final_gini_axis_fits_the_1913_tables() -> None:
    """The 1913 tables' Ginis of 0.02-0.06 (issue 26) fill the chart: the axis runs 0 to 0.1, not
    0 to 1, and says so; values up to 0.6 keep the whole 0-1 axis."""
    import pandas as pd

    def x_domain(rows: list[float], band: list[float]) -> tuple[list[float], str]:
        chart = figures.class_final_gini_chart(
            pd.DataFrame({"table": range(1, len(rows) + 1), "regime": "Part 3", "gini_population": rows}),
            pd.DataFrame({"table": 1, "regime": "Part 3", "bots": "landlord", "gini": band}))
        x = chart.to_dict()["layer"][0]["encoding"]["x"]
        return x["scale"]["domain"], x["title"]

    domain, title = x_domain([0.02, 0.04, 0.06], [0.03, 0.05])
    assert domain == [0, 0.1] and "shown from 0 to 0.1" in title
    assert x_domain([0.3, 0.6], [0.4])[0] == [0, 1.0]
    assert x_domain([0.02], [0.03, 0.14])[0] == [0, 0.2], "the bot games' band must fit too"


def test_the_debrief_lines_fit_the_data_and_name_the_rules_in_words(tmp_path: Path) -> None:
    room, _ = a_room(tmp_path, students=3)
    room.start(SECRET)
    play(room, 10)
    room.switch_all(SECRET, "single_tax")
    play(room, 5000)
    frame = db.gini_over_turns(room)
    spec = figures.tables_gini_chart(frame).to_dict()
    assert spec["encoding"]["y"]["scale"]["domain"] == [0, figures.gini_axis_top(float(frame["gini"].max()))]
    assert spec["encoding"]["strokeDash"]["field"] == "rules"
    assert set(frame["rules"]) == {"Landlord rules", "Single tax"} and "single_tax" not in set(frame["rules"])


@pytest.mark.parametrize("ruleset", ["monopoly", "british-1913-part1", "british-1913-part2"])
def test_no_single_tax_text_at_a_monopoly_or_1913_class(ruleset: str) -> None:
    lesson = lesson_of(ClassSpec(ruleset=ruleset))
    text = " ".join([lesson.intro_html(), lesson.question(), lesson.after_html(), lesson.sources_html(),
                     *lesson.answers().values()])
    assert "single tax" not in text.lower() and "single_tax" not in text


def test_the_lesson_names_each_class_switch_from_its_source() -> None:
    sources = {p.name: re.sub(r"\s+", " ", p.read_text(encoding="utf-8"))
               for p in (ROOT / "docs" / "sources").glob("*")}
    cases = {"magie-1906": ("The Single Tax", "magie-1906-rules.md"),
             "british-1913-part1": ("Part 2, Improving the Land", "british-1913-rules.txt"),
             "british-1913-part2": ("Part 3, Taxing Land Values", "british-1913-rules.txt")}
    for ruleset, (words, source) in cases.items():
        lesson = lesson_of(ClassSpec(ruleset=ruleset))
        intro, note = lesson.intro_html(), lesson.sources_html()
        assert words in intro and f"docs/sources/{source}" in lesson.cited()
        for quoted in re.findall(r'"([^"]+)"', intro + note):
            assert quoted in sources[source], f"{ruleset}: {quoted!r} is not in {source}"
    for family in ("magie-1904", "magie-1906", "british-1913-part1", "monopoly"):
        lesson = lesson_of(ClassSpec(ruleset=family))
        for path in lesson.cited():
            assert (ROOT / path).exists(), f"{family}: the lesson follows {path}, which does not exist"
        # issue 37.4: students' pages and the handout name their sources without repository paths
        shown = " ".join([lesson.intro_html(), lesson.sources_html(), lesson.after_html()])
        assert not re.search(r"\b(docs|data|tests)/|\.(md|txt|toml)\b|<code>", shown), (family, shown)
    monopoly = lesson_of(ClassSpec(ruleset="monopoly"))
    assert monopoly.switch is None and "stay the same all game" in monopoly.intro_html()
    planned = lesson_of(ClassSpec(switches=("single_tax@round:6",)))
    assert planned.switch_round == 6 and "At round 6" in planned.intro_html()
