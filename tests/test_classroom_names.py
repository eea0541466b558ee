"""One seat per page and per person (issue 26, point 4): names normalised (NFKC), hidden
characters and look-alikes of a classmate's or a bot's name refused, with the names the issue
reproduced; the teacher removes, renames, moves and rebalances students."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from store_backends import both_stores, class_store

from landlord.apps.classroom import Classroom, ClassSpec, Referee, Refused, StoreError, StudentSeat
from landlord.apps.classroom.names import BadName, check, normal
from landlord.apps.classroom.store import SqlStore

SECRET = "t" * 24


def room_of(tmp_path: Path, size: int = 4, names: tuple[str, ...] = ()) -> tuple[SqlStore, Classroom,
                                                                                list[StudentSeat]]:
    store = class_store(tmp_path)
    room, _ = Classroom.create(store, ClassSpec(table_size=size, rounds=4, bot_delay=0.0, seed=3), SECRET)
    return store, room, [StudentSeat.join(store, room.info.join_code, n) for n in names]


@pytest.mark.parametrize(("name", "why"), [
    ("Zoe\u200b", "invisible formatting character (U+200B, character 4)"),   # zero-width space
    ("evil\u202e", "invisible formatting character (U+202E"),                 # right-to-left override
    ("live\u2066x", "invisible formatting character (U+2066"),                # an isolate
    ("Ann\x07", "control character"),
    ("Ann\ue000", "private-use character"),
])
def test_hidden_characters_are_refused(name: str, why: str) -> None:
    with pytest.raises(BadName, match=re.escape(why)):
        normal(name)


def test_names_are_put_in_nfkc_form() -> None:
    assert normal("\uff21nn") == "Ann"              # a full-width letter
    assert normal("  Mary \u00a0 Ann ") == "Mary Ann"  # a no-break space, runs of spaces
    assert normal("\ufb01ona") == "fiona"           # the fi ligature
    with pytest.raises(BadName, match="at most 24"):
        normal("x" * 25)


@pytest.mark.parametrize("name", ["Zoe", "zoe", "Zöe", "Zоe"])  # the last with a Cyrillic o
def test_look_alikes_of_a_classmate_are_refused(name: str) -> None:
    with pytest.raises(BadName, match="someone in this class"):
        check(name, ["Zoe"])


@pytest.mark.parametrize("name", ["Bot 4", "bot4", "B0t 4", "Bot 12", "Вот 1", "Bank", "you"])
def test_look_alikes_of_the_bots_and_the_game_are_refused(name: str) -> None:
    with pytest.raises(BadName, match="a name the game uses"):
        check(name, [], ("Bank", "Public Treasury"), most_bots=40)


def test_ordinary_names_pass() -> None:
    assert check("Zoé Martin", ["Zoe"]) == "Zoé Martin"
    assert check("Botan", []) == "Botan"
    assert check("Bo", ["Ann"]) == "Bo"


@both_stores
def test_the_store_refuses_the_issues_names(tmp_path: Path) -> None:
    store, room, _ = room_of(tmp_path, names=("Zoe",))
    for name in ("Zoe\u200b", "Bot 4", "evil\u202elive"):
        with pytest.raises(StoreError):
            StudentSeat.join(store, room.info.join_code, name)
    assert [s.name for s in store.seats(room.id)] == ["Zoe"]


@both_stores
def test_the_teacher_removes_renames_and_moves(tmp_path: Path) -> None:
    store, room, seats = room_of(tmp_path, size=2, names=("Ann", "Bo", "Cy"))
    with pytest.raises(Refused):
        store.remove_seat(room.id, "wrong" * 5, 1, 0)
    assert store.rename_seat(room.id, SECRET, 1, 1, "Bob").name == "Bob"
    with pytest.raises(StoreError, match="someone in this class"):
        store.rename_seat(room.id, SECRET, 1, 1, "ann")
    room.start(SECRET)
    assert room.names(1) == ["Ann", "Bob"]
    store.rename_seat(room.id, SECRET, 1, 0, "Annie")
    tg = room.table(1)
    assert tg is not None
    assert Classroom(store, room.id).table(1).game.names[0] == "Annie"  # type: ignore[union-attr]
    removed = store.remove_seat(room.id, SECRET, 2, 0)
    assert removed.name == "Cy"
    with pytest.raises(Refused, match="not known"):
        seats[2].heartbeat()
    # a bot plays the removed student's seat: the referee answers table 2's decisions alone
    ref = Referee(store, room.id, SECRET)
    for _ in range(20):
        ref.tick(now=1e12)
    assert any(r.by == "bot" and r.seat == 0 for r in room.table(2).entries)  # type: ignore[union-attr]
    moved = store.move_seat(room.id, SECRET, 1, 1, 2, 0)
    assert (moved.table_no, moved.seat, moved.name) == (2, 0, "Bob")
    assert seats[1].table().table.table_no == 2  # type: ignore[union-attr]


@both_stores
def test_play_starts_with_tables_as_even_as_the_room_allows(tmp_path: Path) -> None:
    store, room, seats = room_of(tmp_path, size=4, names=("Ann", "Bo", "Cy", "Di", "Ed"))
    assert [(s.table_no, s.seat) for s in store.seats(room.id)] == [(1, 0), (1, 1), (1, 2), (1, 3), (2, 0)]
    room.start(SECRET)
    assert [(s.name, s.table_no, s.seat) for s in store.seats(room.id)] == [
        ("Ann", 1, 0), ("Bo", 1, 1), ("Cy", 1, 2), ("Di", 2, 0), ("Ed", 2, 1)]
    assert room.names(1)[:3] == ["Ann", "Bo", "Cy"] and room.names(2)[:2] == ["Di", "Ed"]
    assert seats[3].table_no == 1 and seats[3].table().table.table_no == 2  # type: ignore[union-attr]
    # a latecomer takes the first bot seat
    late = StudentSeat.join(store, room.info.join_code, "Flo")
    assert (late.table_no, late.seat) == (1, 3)


@both_stores
def test_rebalance_removes_emptied_tables(tmp_path: Path) -> None:
    store, room, _ = room_of(tmp_path, size=2, names=("Ann", "Bo", "Cy", "Di"))
    store.remove_seat(room.id, SECRET, 1, 0)
    store.remove_seat(room.id, SECRET, 2, 0)
    store.rebalance(room.id, SECRET)
    assert [(s.name, s.table_no, s.seat) for s in store.seats(room.id)] == [("Bo", 1, 0), ("Di", 1, 1)]
    assert [t.table_no for t in store.tables(room.id)] == [1]
