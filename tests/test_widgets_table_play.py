"""The table as a student alone with a lesson meets it (issue 27): the computer players never stop
unasked, the table says in words whether it waits, plays or is paused, a refresh gives the game
back from the browser's own storage, and Save is one click.

The stall reproduced first (these tests failed on main): moving the Turn slider to its end or
pressing *Back to the present* paused the bots for good with only "X is a bot; press Play or
Step" on screen; *Play on from here* left them paused; an error inside their task stopped them
without a word. Each scenario runs in a real asyncio loop, as in Voilà's kernel.
"""

from __future__ import annotations

import asyncio
import json

import pytest
from landlord.widgets.words import ACTIVITY, activity_text
from play_helpers import answer_first, play_as_student, shown_state, slider_to_the_end, until

from landlord import replay
from landlord.charts.dressing import BRUSH
from landlord.engine.codec import read_record
from landlord.widgets import GameTable

SEATS = [("You", None), ("Landlord", "landlord"), ("Tenant", "tenant"), ("Speculator", "speculator")]


def test_slider_at_its_end_and_back_to_present_keep_the_bots_playing() -> None:
    """The stall of issue 27: a look at the past used to pause the bots for good."""

    async def scenario() -> None:
        table = GameTable("magie-1904", SEATS, seed=5, speed=0.0, keep=None)
        seen = await play_as_student(table, 60, poke=slider_to_the_end)
        assert "playing" in seen and "person" in seen
        table.rewind_bar.slider.value = table.rewind_bar.slider.max // 2
        assert table.activity_state == "past" and "Looking back" in table.narration.activity.value
        table.rewind_bar.present_button.click()
        assert table.activity_state in ("playing", "person")
        await play_as_student(table, 100)

    asyncio.run(scenario())


@pytest.mark.slow
def test_lesson_3_all_three_parts_fast_bots_past_turn_135() -> None:
    """Lesson 3's table, all three Parts, fast bots, the student answering and brushing the Gini
    chart now and then: nothing stops until the student does."""

    def brush(table: GameTable) -> None:
        t = table.game.turn
        brush = {"value": {"turn": [max(0, t - 5), t + 50]}, "store": []}
        table.charts.gini_slot.widget._vl_selections = {BRUSH: brush}
        table.back_to_present()

    async def scenario() -> None:
        table = GameTable("british-1913-sequence", SEATS, seed=135, speed=0.02, keep=None)
        await play_as_student(table, 160, poke=brush, seconds=120)

    asyncio.run(scenario())


def test_play_again_then_the_bots_play_the_new_game() -> None:
    """Lesson 1: a game finished, *Play again*, the slider touched: the new game plays on."""

    async def scenario() -> None:
        table = GameTable("magie-1904", SEATS, seed=24, speed=0.0, keep=None)
        table.bots.end_button.click()
        assert await until(lambda: table.game.over)
        assert table.activity_state == "over" and table.choices.again_button in table.choices.options.children
        table.choices.again_button.click()
        assert table.game.turn <= 1 and table.activity_state in ("person", "playing")
        slider_to_the_end(table)
        await play_as_student(table, 40, poke=slider_to_the_end)

    asyncio.run(scenario())


def test_play_on_from_here_plays_on() -> None:
    """After a rewind, *Play on from here* lets the bots go on from that point."""
    table = GameTable("magie-1904", SEATS, seed=9, keep=None)
    for _ in range(12):
        answer_first(table)
    present_turn = table.game.turn
    for turn in range(present_turn - 1, 0, -1):  # a point where a computer player is to move
        table.rewind_bar.slider.value = turn
        shown = table.session.shown
        if shown.pending is not None and not table.session.is_person(shown.pending.seat):
            break
    assert table.activity_state == "past"
    table.rewind_bar.branch_button.click()
    # no event loop here: the bots answer at once, up to the student's next decision
    d = table.game.pending
    assert d is not None and table.session.is_person(d.seat), table.narration.activity.value
    assert table.activity_state == "person" and "Waiting for you" in table.narration.activity.value


def test_the_table_says_what_it_is_doing() -> None:
    """Waiting for the student, playing, paused, the past, over: one sentence each, in words."""

    async def scenario() -> list[str]:
        table = GameTable("magie-1904", SEATS, seed=3, speed=0.3, keep=None)
        assert await until(lambda: shown_state(table) == "person")
        states = [table.activity_state]
        assert "Waiting for you: choose below." in table.narration.activity.value
        for _ in range(20):  # the student may have several questions in a row
            answer_first(table)
            if await until(lambda: table.activity_state == "playing", 0.3):
                break
        states.append(table.activity_state)
        assert "Playing" in table.narration.activity.value
        table.bots.pause_button.click()
        states.append(table.activity_state)
        assert "Paused: press Play" in table.narration.activity.value
        await asyncio.sleep(0.8)
        assert table.activity_state == "paused"  # paused means paused
        table.bots.play_button.click()
        assert table.activity_state == "playing"
        table.bots.end_button.click()
        assert await until(lambda: table.game.over)
        states.append(table.activity_state)
        assert "The game is over." in table.narration.activity.value
        return states

    assert asyncio.run(scenario()) == ["person", "playing", "paused", "over"]
    assert activity_text("person", "Ada") == "Waiting for Ada: choose below."
    assert all("bot" not in text and "press Play or Step" not in text for text in ACTIVITY.values())


def test_an_error_in_the_bots_task_is_said_not_swallowed(monkeypatch: pytest.MonkeyPatch) -> None:
    """A computer player that fails stops the bots with a plain message; Play tries again."""

    async def scenario() -> None:
        table = GameTable("magie-1904", SEATS, seed=4, speed=0.0, keep=None)
        assert await until(lambda: shown_state(table) == "person")
        good = table.session.bot_step
        monkeypatch.setattr(table.session, "bot_step", lambda: (_ for _ in ()).throw(RuntimeError("dice lost")))
        for _ in range(20):
            answer_first(table)
            if await until(lambda: table.activity_state == "stopped", 0.3):
                break
        said = table.narration.activity.value
        assert "stopped (dice lost)" in said and "Press Play" in said
        monkeypatch.setattr(table.session, "bot_step", good)
        table.bots.play_button.click()
        assert await until(lambda: table.activity_state == "person")

    asyncio.run(scenario())


# -- the game kept in the browser ---------------------------------------------------------------

def browser_opens(table: GameTable, kept: str = "") -> None:
    """What the keeper's script does when the page opens: it reads the browser's storage and
    says what it found (nothing: an empty string)."""
    table.files.keeper.set_state({"found": kept, "ready": True})


def test_a_refresh_offers_the_kept_game_back() -> None:
    """Turn 20 of a game, the page reloaded: the new page offers it, and Resume brings it back."""
    first = GameTable("magie-1904", SEATS, seed=71)
    browser_opens(first)
    for _ in range(20):
        answer_first(first)
    kept = first.files.keeper.record
    assert kept and json.loads(kept)["seed"] == 71
    assert read_record(json.loads(kept)).entries == first.game.record.entries

    again = GameTable("magie-1904", SEATS, seed=5)  # the refreshed page: a fresh game
    browser_opens(again, kept)
    assert again.files.resume_bar.layout.display != "none"
    assert f"at turn {first.game.turn}" in again.files.resume_text.value
    assert again.files.keeper.record == ""  # nothing written over the kept game while it is on offer
    again.files.resume_button.click()
    assert again.game.log_text() == first.game.log_text() and again.session.seed == 71
    assert again.files.resume_bar.layout.display == "none" and again.activity_state == "person"
    answer_first(again)
    assert replay(read_record(json.loads(again.files.keeper.record))).log_text() == again.game.log_text()


def test_start_a_new_game_instead_forgets_the_kept_one() -> None:
    first = GameTable("magie-1904", SEATS, seed=8)
    browser_opens(first)
    for _ in range(5):
        answer_first(first)
    again = GameTable("magie-1904", SEATS, seed=6)
    browser_opens(again, first.files.keeper.record)
    again.files.fresh_button.click()
    assert again.files.resume_bar.layout.display == "none"
    assert json.loads(again.files.keeper.record)["seed"] == 6


def test_nothing_is_written_before_the_browser_has_been_read() -> None:
    table = GameTable("magie-1904", SEATS, seed=2)
    for _ in range(5):
        answer_first(table)
    assert table.files.keeper.record == ""
    browser_opens(table)
    assert json.loads(table.files.keeper.record)["seed"] == 2


def test_what_the_browser_sends_back_is_loaded_through_the_door() -> None:
    """A kept record that is not a game (edited storage, another kit) is forgotten, not offered."""
    for junk in ("{", "[]", json.dumps({"ruleset": "../../etc/passwd", "seed": 1}), "x" * 100):
        table = GameTable("magie-1904", SEATS, seed=2)
        browser_opens(table, junk)
        assert table.files.resume_bar.layout.display == "none" and table.files.kept_offer is None, junk
        assert table.game.turn <= 1


def test_save_is_one_click_and_leaves_no_link() -> None:
    """Save sends the file to the browser to download at once; no link stays on the page (after
    a load either)."""
    table = GameTable("magie-1904", SEATS, seed=30)
    for _ in range(6):
        answer_first(table)
    table.files.save_button.click()
    sent = table.files.keeper.sent
    assert sent is not None and sent["name"] == table.saved_name()
    assert replay(read_record(json.loads(sent["text"]))).log_text() == table.game.log_text()

    def html_of(w: object) -> list[str]:
        out = [str(getattr(w, "value", ""))] if type(w).__name__ == "HTML" else []
        for c in getattr(w, "children", ()):
            out += html_of(c)
        return out

    assert not any("href=" in h for h in html_of(table))
    assert table.load_bytes(sent["text"].encode(), "saved.json")
    assert not any("href=" in h for h in html_of(table))


def test_skip_ahead_to_the_vote_then_the_student_calls_it() -> None:
    """Lesson 2: Skip ahead plays the student's seat to round 15 at once and gives it back; the
    student is then asked, in the rules' words, whether to call the vote the lesson speaks of."""
    table = GameTable("magie-1906", SEATS, seed=15, regime=("single_tax@vote",), skip_to=15, keep=None)
    skip = table.bots.skip_button
    assert skip.layout.display != "none" and skip.description == "Skip ahead to round 15"
    table.bots.skip_button.click()
    g = table.game
    assert g.round >= 15
    # the computer player in the student's seat called no vote and voted for none
    assert not [e for e in g.events if e.kind == "vote" and (e.seat == 0 or "You" in dict(e.data)["voters_for"])]
    assert table.session.bots[0] is None and table.bots.skipping == []  # the seat is the student's again
    assert table.bots.skip_button.layout.display == "none"
    for _ in range(200):  # the student plays on, and calls the vote when asked
        d = table.game.pending
        if d is None or table.game.phase == "single_tax":
            break
        buttons = table.option_buttons()
        if d.kind == "call_vote":
            assert "call a vote to put the Single Tax into operation" in table.choices.decision.value
            buttons["call_vote"].click()
        else:
            answer_first(table)
    assert table.game.phase == "single_tax"
    votes = [e for e in table.game.events if e.kind == "vote"]
    last = dict(votes[-1].data)
    assert last["passed"] and "You" in last["voters_for"].split(",")  # the student's vote was one of those for


@pytest.mark.slow
def test_a_lesson_table_keeps_only_the_widgets_it_shows(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each drawing's choice buttons and "Rules now" buttons are closed once the next are drawn
    (widgets/closing.py; no grace here: the bots play faster than it), and *Play again* is kept
    for the next game's end: over a game of lesson 3's three Parts the table's widgets stay as
    many as in its first turns."""
    from ipywidgets.widgets.widget import _instances  # ipywidgets' registry of open widgets

    from landlord.widgets import closing

    monkeypatch.setattr(closing, "RETIRE_AFTER", 0.0)

    async def scenario() -> None:
        table = GameTable("british-1913-sequence", SEATS, seed=135, speed=0.0, keep=None)
        counts = []
        for turn in range(10, 130, 10):
            await play_as_student(table, turn)
            counts.append(len(_instances))
        assert table.game.turn >= 100, table.game.turn
        assert max(counts[3:]) <= max(counts[:3]) + 30, counts  # (a menu of many choices now and then: +15)
        table.bots.end_button.click()
        assert await until(lambda: table.game.over)
        table.choices.again_button.click()  # kept open through the game: it starts the next
        assert table.game.turn <= 1 and table.choices.again_button.comm is not None

    asyncio.run(scenario())
