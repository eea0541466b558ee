"""Plain words everywhere a student looks at a lesson's table (issue 27.5): each lesson's own
table (built by the lesson's own cell) is played to its end by clicks, and every few redraws
every text it shows is read — HTML, labels, buttons, menus, tooltips, placeholders and the
charts' data and legends — for ids, parameter names, raw values and cut-off labels."""

from __future__ import annotations

import pytest
from landlord.widgets.words import no_ids, phase_news_text, plain, short_title
from lesson_helpers import TABLE_LESSONS, chart_texts, lesson_table, problems, shown_texts

from landlord.widgets import GameTable


@pytest.mark.slow
@pytest.mark.parametrize("name", TABLE_LESSONS)
def test_every_lesson_table_shows_plain_words_from_start_to_end(name: str) -> None:
    table = lesson_table(name)
    table.files.keeper.set_state({"found": "", "ready": True})
    charts = table.charts
    seen: set[str] = problems(shown_texts(table)) | problems(chart_texts(charts.wealth_slot.widget,
                                                                       charts.gini_slot.widget,
                                                                       charts.flows_slot.widget))
    renders = [0]

    def look() -> None:
        renders[0] += 1
        if renders[0] % 7 == 0:
            seen.update(problems(shown_texts(table)))
    table.on_render = look
    for k in range(600):
        if table.game.over:
            break
        if table.choices.option_picker is not None:
            table.choices.option_picker[1].click()
        elif table.option_buttons():
            buttons = list(table.option_buttons().values())
            buttons[k % len(buttons)].click()
        else:
            break
    if not table.game.over:
        table.bots.end_button.click()
    seen |= problems(shown_texts(table)) | problems(chart_texts(charts.wealth_slot.widget, charts.gini_slot.widget,
                                                                charts.flows_slot.widget))
    table.rewind_bar.slider.value = table.rewind_bar.slider.max // 2  # the past, too
    seen |= problems(shown_texts(table))
    assert not seen, "\n".join(sorted(seen))


def test_the_words_themselves() -> None:
    """The helpers the walk relies on say things whole and plainly."""
    assert short_title("Part 1, Buying the Land: rent to the landlord, duties to the Treasury") == \
        "Part 1, Buying the Land"
    assert "…" not in short_title("What-if, not in the 1913 rules: Part 3 without its land value tax (the owner)")
    assert no_ids("Sell all buildings of the dark_blue group") == "Sell all buildings of the dark blue group"
    assert plain("You may offer to buy another player's card, or offer one of his own for sale") == \
        "You may offer to buy another player's card, or offer one of your own for sale"
    assert "further £3,000 from the Bank" in phase_news_text("Part 2, Improving the Land", "£", [3000])


def test_the_1913_part_2_further_cash_is_explained_where_it_appears() -> None:
    table = GameTable("british-1913-sequence", [("You", None), ("B", "landlord"), ("C", "tenant")], seed=3,
                      keep=None)
    for _ in range(3000):
        if table.game.phase == "part2" or table.game.over:
            break
        if table.choices.option_picker is not None:
            table.choices.option_picker[1].click()
        else:
            next(iter(table.option_buttons().values())).click()
    assert table.game.phase == "part2"
    assert "Now in force: Part 2, Improving the Land" in table.message.value
    assert "a further £3,000 from the Bank" in table.message.value
