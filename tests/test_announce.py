"""Issue 25.3/25.4 without a browser: what the table's live region says, and the words each
chart gives as its text alternative, written from its data."""

from __future__ import annotations

import pandas as pd
from landlord.widgets.announce import MOST_LINES, LiveRegion, summary
from landlord.widgets.table import GameTable

from landlord.charts import figures


def test_a_few_events_are_read_one_by_one_then_what_is_asked() -> None:
    said = summary(["Ben threw 3+4", "Ben moved to Lot 7."], "Your turn: buy Lot 9?")
    assert said == "Ben threw 3+4. Ben moved to Lot 7. Your turn: buy Lot 9?"


def test_many_events_are_summarised_with_the_last() -> None:
    lines = [f"event {k}" for k in range(MOST_LINES + 5)]
    said = summary(lines, "Your turn.")
    assert said == f"{MOST_LINES + 5} things happened; the last: event {MOST_LINES + 4}. Your turn."


def test_the_table_announces_what_happened_and_what_is_asked_in_plain_words() -> None:
    table = GameTable("magie-1904", [("You", None), ("Ben", "landlord")], seed=3, speed=0.0)
    before = table.narration.live.focus_request
    choice = next(iter(table.option_buttons().values()))
    choice.click()
    text = table.narration.live.text
    assert "Your turn:" in text and text.endswith("choices.")
    assert "You paid" in text or "You put" in text, text  # the answer's own event, in words
    assert "_" not in text and "seat" not in text, text  # no ids
    assert table.narration.live.focus_request > before  # the focus is sent back to the new first choice


def test_a_new_question_in_the_same_words_is_announced_again_and_a_redraw_is_not() -> None:
    """Found in the keyboard test: a turn can end with the same words as the one before ("12
    things happened; the last: Speculator stays in Jail. Your turn: ... repay which?"); a
    screen reader reads only a change, so a new question is counted and said again, while a
    redraw of the same question says nothing."""
    region = LiveRegion()
    region.say("Your turn: buy Lot 9? 2 choices.")
    region.say("Your turn: buy Lot 9? 2 choices.")
    assert region.said == 1  # a redraw: nothing said again
    region.say("Your turn: buy Lot 9? 2 choices.", again=True)
    assert region.said == 2 and region.text == "Your turn: buy Lot 9? 2 choices."
    table = GameTable("magie-1904", [("You", None), ("Ben", "landlord")], seed=3, speed=0.0)
    said = table.narration.live.said
    table.render()
    assert table.narration.live.said == said  # the same question drawn again


def test_a_redraw_keeps_the_buttons_of_the_same_question() -> None:
    """A key pressed on a choice as it was redrawn would be lost with it: the same question
    drawn again keeps its buttons; a new question gets new ones."""
    table = GameTable("magie-1904", [("You", None), ("Ben", "landlord")], seed=3, speed=0.0)
    first = list(table.choices.options.children)
    table.render()
    assert all(a is b for a, b in zip(first, table.choices.options.children, strict=True))
    first[0].click()
    assert all(b not in first for b in table.choices.options.children)


def test_a_refused_click_is_announced() -> None:
    table = GameTable("magie-1904", [("You", None), ("Ben", "landlord")], seed=3, speed=0.0)
    assert not table.choose("not-an-option")
    assert table.narration.live.text.startswith("Not allowed")


def test_gini_words_say_where_it_started_ended_and_when_the_rules_changed() -> None:
    gini = pd.DataFrame({"turn": [0, 20, 40], "gini": [0.05, 0.40, 0.31], "form": ["population"] * 3})
    changes = pd.DataFrame({"turn": [20], "old": ["landlord"], "new": ["single_tax"], "cause": ["vote"]})
    assert figures.gini_words(gini, changes) == ("Gini over 40 turns: rose from 0.05 to 0.31 (highest 0.40); "
                                                 "the rules changed to single tax at turn 20.")
    chart = figures.gini_over_time(gini, changes)
    # the title asks the chart's question; the description says the Gini's form (issue 38.4)
    assert chart.to_dict()["description"] == figures.gini_words(gini, changes) + (
        " Measured as the Gini (population form; debts count as 0).")
    assert "form" not in chart.to_dict()["title"]


def test_wealth_and_flow_words_rank_what_the_chart_shows() -> None:
    panel = pd.DataFrame({"turn": [0, 0, 9, 9], "player": ["Ann", "Bo", "Ann", "Bo"],
                          "net_worth": [500, 500, 420, 880]})
    assert figures.wealth_words(panel) == "Wealth over 9 turns; at the end: Bo 880, Ann 420."
    flows = pd.DataFrame({"turn": [1, 2, 2], "flow": ["wages", "rent", "wages"], "amount": [100, 30, 100],
                          "cumulative": [100, 30, 200]})
    assert figures.flows_words(flows) == "Money moved over 2 turns, by kind: wages 200, rent 30."


def test_a_saved_svg_carries_the_charts_title_and_words(tmp_path) -> None:
    gini = pd.DataFrame({"turn": [0, 10], "gini": [0.1, 0.1], "form": ["population"] * 2})
    out = figures.save(figures.gini_over_time(gini), tmp_path / "g.svg").read_text()
    assert '<svg' in out and 'role="img"' in out.split(">", 1)[0]
    assert ("<desc>Gini over 10 turns: stayed near 0.10. Measured as the Gini (population form; debts count as 0)."
            "</desc>") in out
    assert "<title>How evenly is wealth spread? 0 = everyone equal, 1 = one player has everything</title>" in out
