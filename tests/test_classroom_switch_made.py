"""The class's lesson follows the switch the teacher made (issue 37, point 4): a 1913 class
switched from Part 1 straight to Part 3 was taught Part 2 (the ruleset's own next phase) in the
lesson's text, the prediction, the computer players' comparison and the handout. The 1913 rules
say the Parts may be played apart ("The game may be found too long to play through all its"
Parts, ``docs/sources/british-1913-rules.txt``), so a class may well skip to Part 3."""

from __future__ import annotations

import html
from pathlib import Path

import ipywidgets as W
from landlord.widgets.classroom_lesson import class_lesson, lesson_of, switch_made
from landlord.widgets.classroom_student import ClassroomStudent
from landlord.widgets.classroom_teacher import ClassroomTeacher

from landlord.apps.classroom import Classroom, ClassSpec, Referee, SqliteStore

SECRET = "m" * 24
PART2, PART3 = "Part 2, Improving the Land", "Part 3, Taxing Land Values"


def text_of(widget: W.Widget) -> str:
    """Every HTML value and accordion title under ``widget``."""
    out = [getattr(widget, "value", "")] if isinstance(widget, W.HTML) else []
    out += [str(t) for t in getattr(widget, "titles", ()) or ()]
    for child in getattr(widget, "children", ()):
        out.append(text_of(child))
    return html.unescape(" ".join(out))


def test_a_1913_class_switched_to_part_3_is_taught_part_3(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path)
    room, _ = Classroom.create(store, ClassSpec(ruleset="british-1913-part1", table_size=2, rounds=5, seed=3,
                                                bot_delay=0.0), SECRET)
    shown = {part: class_lesson(tmp_path).show(part) for part in ("intro", "question", "after", "compare")}
    assert PART2 in text_of(shown["intro"])  # before any switch: the rules' own next Part
    ann, bo = ClassroomStudent(tmp_path), ClassroomStudent(tmp_path)
    assert ann.join(room.info.join_code, "Ann") and bo.join(room.info.join_code, "Bo")
    ann.predict_pick.value = "grows"
    teacher = ClassroomTeacher(tmp_path, SECRET)
    teacher.start()
    assert teacher.open_vote("part3")  # the class is asked about Part 3: its prediction names Part 3
    ann.refresh()
    assert PART3 in html.unescape(ann.predict_question.value) and PART2 not in ann.predict_question.value
    teacher.close_vote()
    assert teacher.switch_all("part3")
    ref = Referee(store, room.id, SECRET)
    for _ in range(5):
        ref.tick(now=1e12)
    for page in (ann, bo):
        page.refresh()
        assert page.lesson is not None and page.lesson.switch == "part3"
    for part in ("intro", "compare"):  # the lesson's parts the page showed are told again
        said = text_of(shown[part])
        assert PART3 in said and PART2 not in said, (part, said)
    assert "From Part 3 the rent" in text_of(shown["after"]) and "In Part 2" not in text_of(shown["after"])
    assert "rise to £500 on passing Mother Earth" in text_of(shown["intro"])
    assert PART3 in html.unescape(text_of(shown["question"]))
    teacher.print_debrief()
    page = (tmp_path / "exports" / f"class-{room.info.join_code}-debrief.html").read_text(encoding="utf-8")
    assert PART3 in html.unescape(page) and PART2 not in html.unescape(page)
    teacher.debrief()
    assert PART3 in html.unescape(teacher.predictions.value)


def test_the_switch_made_is_the_one_in_force_else_the_last_asked() -> None:
    rs = ClassSpec(ruleset="british-1913-part1").resolve()
    assert switch_made(rs, ["part1", "part1"]) is None
    assert switch_made(rs, ["part1", "part3", "part3", "part2"]) == "part3"
    assert switch_made(rs, ["part1"], ["part2", "part3"]) == "part3"
    assert switch_made(rs, ["part2"], ["part3"]) == "part2"  # what the tables play wins over a vote
    spec = ClassSpec(ruleset="british-1913-part1", switches=("part3@round:3",))
    assert (lesson_of(spec).switch, lesson_of(spec).switch_round) == ("part3", 3)
    assert (lesson_of(spec, "part2").switch, lesson_of(spec, "part2").switch_round) == ("part2", None)
    assert lesson_of(spec, "part3").switch_round == 3


def test_the_projector_shows_no_developer_prose_and_no_play_before_start(tmp_path: Path) -> None:
    """Issue 37.4: the projector (the dashboard's notebook with the projector's key) showed the
    notebook's prose for the teacher (a command, a repository path) and "Play is running" before
    the teacher pressed Start."""
    import json
    import re

    from landlord.widgets.classroom_projector import ProjectorView

    from landlord.apps.classroom.room import projector_key
    from landlord.data.resources import kit_dir

    nb = json.loads((kit_dir("lessons") / "class-teacher.ipynb").read_text(encoding="utf-8"))
    prose = " ".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    assert not re.search(r"`|docs/|landlord class|secret", prose), prose
    store = SqliteStore(tmp_path)
    room, _ = Classroom.create(store, ClassSpec(table_size=2, rounds=4, seed=1), SECRET)
    store.set_viewer(room.id, SECRET, projector_key(SECRET))  # as the dashboard does
    wall = ProjectorView(tmp_path, projector_key(SECRET), student_address="http://10.0.0.5:8866/x?code=A")
    said = html.unescape(wall.status.value)
    assert "Play has not started yet" in said and "running" not in said
    room.start(SECRET)
    wall.refresh()
    assert "Play is running" in wall.status.value


def test_only_a_1906_class_reads_about_trading_cards() -> None:
    """Issue 37.4: every class's page showed the 1906 card market's "Trade cards" paragraph; now it
    is the lesson's, shown for a 1906 class only."""
    import json

    from landlord.data.resources import kit_dir

    nb = json.loads((kit_dir("lessons") / "class-single-tax.ipynb").read_text(encoding="utf-8"))
    prose = " ".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    assert "Trade cards" not in prose
    assert any("".join(c["source"]) == 'lesson.show("play")' for c in nb["cells"])
    for ruleset in ("magie-1904", "british-1913-part1", "monopoly"):
        assert "Trade cards" not in text_of(lesson_of(ClassSpec(ruleset=ruleset)).show("play"))
    assert "switch on Trade cards to be asked" in html.unescape(
        text_of(lesson_of(ClassSpec(ruleset="magie-1906")).show("play"))).replace("<b>", "").replace("</b>", "")
