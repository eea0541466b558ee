"""Bots never stop unasked (issue 27.2), under stress: every lesson's own table, on several seeds,
played in a running asyncio loop as Voilà's kernel plays it (the bots in a task, at speed 0), the
student answering whenever asked and doing everything that used to stop the bots — the Turn
slider touched and put back, the rules switched mid-game, a rewind and *Play on from here*,
*Skip ahead*, *Play to the end*, *Play again*, *New game*. Each game reaches its end or the
student's next decision every time, the bots never pause by themselves, and the table says
what it is doing (:func:`play_helpers.play_as_student` checks each look)."""

from __future__ import annotations

import asyncio

import pytest
from lesson_helpers import TABLE_LESSONS, lesson_table
from play_helpers import play_as_student, shown_state, slider_to_the_end, until

from landlord.widgets import GameTable

SEEDS = (11, 2026)
"""The games each lesson's table plays here, by their seeds (the second under the last rules its
menu offers: lesson 3's all three Parts in order)."""


def other_rules(table: GameTable) -> str | None:
    """A phase of the game's rules not in force now (None with one phase)."""
    g = table.game
    return next((p for p in g.ruleset.phases if p != g.phase), None)


async def one_game(table: GameTable, seed: int) -> list[str]:
    """A new game on ``seed`` through everything a student may do to it; every state shown."""
    table.new_game(seed=seed)
    assert table.session.seed == seed and table.activity_state in ("person", "playing")
    seen = await play_as_student(table, 30, poke=slider_to_the_end)
    if table.bots.skip_button.layout.display != "none":
        table.bots.skip_button.click()
        seen += await play_as_student(table, table.game.turn + 20)
    phase = other_rules(table)
    if phase is not None and not table.game.over:
        assert table.switch_phase(phase), table.message.value
        seen += await play_as_student(table, table.game.turn + 30, poke=slider_to_the_end)
    if not table.game.over:
        table.rewind_bar.slider.value = table.rewind_bar.slider.max // 2
        assert table.activity_state == "past" == shown_state(table)
        table.rewind_bar.branch_button.click()
        assert table.activity_state in ("person", "playing"), table.narration.activity.value
        seen += await play_as_student(table, table.game.turn + 30, poke=slider_to_the_end)
    table.bots.end_button.click()
    assert await until(lambda: table.game.over, 60), f"Play to the end stopped at turn {table.game.turn}"
    await asyncio.sleep(0.02)
    assert table.activity_state == "over" == shown_state(table) and table.bots.stopped_by is None
    assert "The game is over." in table.narration.activity.value
    table.choices.again_button.click()
    assert table.game.turn <= 1 and table.activity_state in ("person", "playing")
    seen += await play_as_student(table, 20)
    return seen


@pytest.mark.slow
@pytest.mark.parametrize("name", TABLE_LESSONS)
def test_every_lesson_table_plays_on_through_everything_a_student_does(name: str) -> None:
    table = lesson_table(name)
    table.files.keeper.set_state({"found": "", "ready": True})
    table.bots.speed.value = 0

    rules = [value for _, value in table.setup.ruleset_pick.options]  # lesson 3: each Part alone, or all three

    async def scenario() -> list[str]:
        seen = []
        for k, seed in enumerate(SEEDS):
            table.setup.ruleset_pick.value = rules[-k % len(rules)]
            seen += await one_game(table, seed)
            assert table.game.ruleset.id == rules[-k % len(rules)]
        return seen

    seen = asyncio.run(scenario())
    assert "person" in seen and "playing" in seen
