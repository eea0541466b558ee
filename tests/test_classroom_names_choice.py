"""Names as the name rules intend (issue 37, point 4): "Bot 99" reads as a computer player at any
table (it was accepted: only "Bot N" up to the class's seats was refused); a stack of accents on
one letter draws over the text around the name (it was accepted up to the 24-character limit);
an earlier "lan" no longer blocks a later, real "Ian": the later student may keep their name
(their page asks once), the teacher sees the pair and may rename one (the teacher's rename
allows it), and the very same name stays refused."""

from __future__ import annotations

import html
from pathlib import Path

import pytest
from landlord.widgets.classroom_student import ClassroomStudent
from landlord.widgets.classroom_teacher import ClassroomTeacher

from landlord.apps.classroom import Classroom, ClassSpec, SqliteStore, StoreError, StudentSeat
from landlord.apps.classroom.names import MOST_MARKS, BadName, LookAlike, check, look_alikes, normal

SECRET = "q" * 24


@pytest.mark.parametrize("name", ["Bot 99", "bot 1000", "B0t 7O", "Вот 12"])
def test_any_bot_number_reads_as_a_computer_player(name: str) -> None:
    with pytest.raises(BadName, match="a name the game uses"):
        check(name, [], most_bots=4)
    assert check("Botany 2", []) == "Botany 2" and check("Bo 99", []) == "Bo 99"


def test_stacked_accents_are_refused_two_on_a_letter_pass() -> None:
    zalgo = "Ann" + "\u0301\u0300\u0302\u0303\u0308" * 3
    with pytest.raises(BadName, match=f"more than {MOST_MARKS} accents on one letter"):
        normal(zalgo)
    assert normal("Nguye\u0302\u0303n") == "Nguyễn"  # two marks: composed, as typed in Vietnamese
    assert normal("Ja\u0331\u0301na") == "J\u00e1\u0331na"  # two marks on one letter pass (NFKC composes one)


def test_a_later_ian_is_not_blocked_by_an_earlier_lan(tmp_path: Path) -> None:
    with pytest.raises(LookAlike, match="press Join again"):
        check("Ian", ["lan"])
    assert check("Ian", ["lan"], alike=True) == "Ian"
    with pytest.raises(BadName, match="already called 'lan'"):
        check("LAN", ["lan"], alike=True)  # the same name is never kept twice
    assert look_alikes(["lan", "Bo", "Ian"]) == [("lan", "Ian")]

    store = SqliteStore(tmp_path)
    room, _ = Classroom.create(store, ClassSpec(table_size=4, rounds=4, seed=2), SECRET)
    StudentSeat.join(store, room.info.join_code, "lan")
    page = ClassroomStudent(tmp_path)
    assert not page.join(room.info.join_code, "Ian")
    said = html.unescape(page.message.value)
    assert "looks the same: 'lan'" in said and "press Join again" in said
    assert page.join(room.info.join_code, "Ian")  # the student keeps their own name
    assert sorted(s.name for s in store.seats(room.id)) == ["Ian", "lan"]
    other = ClassroomStudent(tmp_path)
    assert not other.join(room.info.join_code, "ian")  # the same letters as Ian's: refused
    teacher = ClassroomTeacher(tmp_path, SECRET)
    assert "Names that look the same: lan and Ian" in teacher.steering.value
    assert teacher.rename((1, 0), "Lana")
    teacher.refresh()
    assert "look the same" not in teacher.steering.value
    with pytest.raises(StoreError):
        StudentSeat.join(store, room.info.join_code, "Bot 99")
