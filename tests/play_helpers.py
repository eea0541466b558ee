"""A student at a lesson's table in a running asyncio loop, as in Voilà's kernel (issue 27.2): they
answer whenever asked, and the helpers fail if the table ever sits with a computer player to move
and nothing moving it, or says anything but waiting or playing while the student has not paused."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable

import pytest

from landlord.widgets import GameTable


def answer_first(table: GameTable) -> None:
    """The student clicks the first button (or the menu's first option)."""
    if table.choices.option_picker is not None:
        table.choices.option_picker[1].click()
    else:
        next(iter(table.option_buttons().values())).click()


async def until(cond: Callable[[], bool], seconds: float = 30.0) -> bool:
    """Wait in the loop (the bots' task runs meanwhile) until ``cond()`` or ``seconds`` pass."""
    for _ in range(int(seconds / 0.005)):
        if cond():
            return True
        await asyncio.sleep(0.005)
    return cond()


def shown_state(table: GameTable) -> str:
    """The state the table's activity line shows (what the student reads), by its class."""
    m = re.search(r"ll-activity-(\w+)", table.narration.activity.value)
    assert m, table.narration.activity.value
    return m.group(1)


async def play_as_student(table: GameTable, upto_turn: int, poke: Callable[[GameTable], None] | None = None,
                          seconds: float = 90.0) -> list[str]:
    """The student answers whenever asked, until ``upto_turn`` or the end; ``poke`` is called every
    25 turns (a slider moved, a chart brushed). Returns every state the table showed; fails if
    the table ever sits with a computer player to move and nothing moving it, stops the bots
    by itself, or says anything but what it is doing while nothing moves."""
    seen: list[str] = []
    last_poke = 0
    for _ in range(int(seconds / 0.005)):
        g = table.game
        if g.over or g.turn >= upto_turn:
            return seen
        state = shown_state(table)
        seen.append(state)
        assert state in ("person", "playing"), (state, table.narration.activity.value, g.turn)
        bots = table.bots
        assert bots.playing and bots.stopped_by is None, (bots.stopped_by, table.narration.activity.value, g.turn)
        if table.bots.task is None or table.bots.task.done():  # nothing moving: what it says is what it is doing
            assert state == table.activity_state, (state, table.activity_state, g.turn)
        if state == "person":
            answer_first(table)
        elif table.bots.task is None or table.bots.task.done():
            await asyncio.sleep(0.02)  # a task can finish between two looks: look again
            assert shown_state(table) != "playing" or (table.bots.task is not None and not table.bots.task.done()), \
                f"stalled at turn {table.game.turn}: {table.narration.activity.value}"
        if poke is not None and g.turn - last_poke >= 25:
            last_poke = g.turn
            poke(table)
        await asyncio.sleep(0.002)
    pytest.fail(f"the game did not reach turn {upto_turn} in {seconds} s (at turn {table.game.turn})")


def slider_to_the_end(table: GameTable) -> None:
    """The student moves the Turn slider back a little and then to its end (mouse or End key)."""
    table.rewind_bar.slider.value = max(0, table.rewind_bar.slider.max - 3)
    table.rewind_bar.slider.value = table.rewind_bar.slider.max
