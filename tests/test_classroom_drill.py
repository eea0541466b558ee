"""A class drill (issue 26, point 8): ``landlord class`` started as a teacher starts it, and a
scripted class of 12 students over the real HTTP and websocket path
(``tests/classclient.py``, driven by ``tests/class_load.py``, the machinery of
``benchmarks/bench_class.py``), with a tenth of the
pages frozen mid-game, one restart of the server and one hostile page doing each flood of the
issue (widget updates, second ballots, a binary frame, an oversized frame); once on each class
store (SQLite in the class folder, PostgreSQL with ``--store``: issue 37, point 5).

It asserts what must hold, never a time: no click lost or recorded twice, no table stalled,
the frozen pages' seats played by a bot and then by their students again, no bot move in the
restart's grace, every page back on its seat, the hostile page holding one seat and one ballot,
the server's log appended. The other students' p95 under each flood is a figure the benchmark
prints (``python3 benchmarks/bench_class.py --faults``), measured, not asserted."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.server



@pytest.fixture(scope="module", params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def drill(request: pytest.FixtureRequest) -> dict[str, Any]:
    """The drill on each class store: the class folder's SQLite, and a PostgreSQL database
    (``landlord class --store``; the floods' refused writes and the restart go through it)."""
    import class_load

    store = [] if request.param == "sqlite" else ["--store", request.getfixturevalue("postgres_server").new_database()]
    args = class_load.parser().parse_args([
        "--students", "12", "--browsers", "0", "--join-within", "10", "--rounds", "200", "--close", "0",
        "--think", "0.7", "--play-limit", "1500", "--circuits", "30",
        "--faults", "--fault-at", "20", "--freeze-for", "25", "--flood-for", "20", "--cool-down", "8", *store])
    figures = class_load.measure(args)
    class_load.report(args, figures)  # the figures, in the test's output
    return figures


def test_every_student_was_seated_and_no_page_failed(drill: dict[str, Any]) -> None:
    assert drill["joined"] == 13 and not drill["failed_students"] and not drill["error_pages"]  # + the hostile
    assert drill.get("faults_done"), drill.get("fault_error")


def test_no_click_lost_or_duplicated_and_no_table_stalled(drill: dict[str, Any]) -> None:
    assert drill["clicks"] > 0 and drill["lost"] == 0 and drill["duplicated"] == 0, drill.get("lost_detail")
    assert drill["tables"] == 4 and drill["stalled"] == 0  # no table waited beyond the decision limit


def test_a_frozen_page_is_away_and_comes_back(drill: dict[str, Any]) -> None:
    assert len(drill["frozen_seats"]) == 1
    assert drill["frozen_away_moves"] > 0  # a bot played the frozen page's seat
    assert drill["frozen_back_moves"] > 0  # and its student played it again after the thaw


def test_a_restart_resumes_the_room(drill: dict[str, Any]) -> None:
    """Every page reloads itself onto its seat, those whose game had ended too (the bug
    measured 2026-12-02, 7 of 13 back, was the scripted page closing itself at its game's end)."""
    assert drill["back"] == drill["back_of"] == 13


def test_a_restart_plays_no_bot_move_in_its_grace_and_appends_its_log(drill: dict[str, Any]) -> None:
    """The grace lasts until every page is back (the server's log says when it ended; the
    benchmark counted over a fixed 60 s before, and so counted the bot seats' moves made once the
    pages were back and play went on)."""
    assert drill["grace_bot_moves"] == 0
    assert drill["log_runs"] == 2  # the second run's log followed the first's


def test_the_hostile_page_holds_one_seat_and_one_ballot(drill: dict[str, Any]) -> None:
    assert drill["hostile_seats"] == 1 and drill["hostile_ballots"] == 1
    labels = [w["label"] for w in drill["windows"]]
    sent = dict(drill["floods"])
    # each window waits out the server's cool-down for the page to be back from the last cut-off
    # (before the cool-down, the oversized frame was sent in only 2 of 7 runs: the page was
    # still reloading from the binary frame's cut-off)
    for flood in ("widget update flood", "second-ballot flood (refused writes)", "binary frames",
                  "oversized frames"):
        assert flood in labels and sent[flood] > 0, (flood, sent)
    # every flood cut the page off (the oversized frame too: it had reloaded at once onto a new
    # kernel), and its kernel was shut down
    assert drill["cut_offs"] >= 4


def test_the_others_played_on_in_every_window(drill: dict[str, Any]) -> None:
    """The games outlast the faults (``--circuits 30``): every window holds the other students'
    clicks, each flood's and the calm one just before it (their p95 is printed, not asserted)."""
    measured = {w["label"]: w["n"] for w in drill["windows"]}
    for flood in ("widget update flood", "second-ballot flood (refused writes)", "binary frames",
                  "oversized frames"):
        assert measured[flood] > 0 and measured[f"calm before the {flood}"] > 0, measured
    assert drill["calm"]["n"] > 0
