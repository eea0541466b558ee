"""The lessons' reveals (:mod:`landlord.widgets.reveals`) build their widgets from a few games,
and what they show a student is in plain words (no column ids such as ``expected_rent``)."""

from __future__ import annotations

import ipywidgets as w

from landlord.widgets import reveals


def test_lesson_4_streets_table_is_in_plain_words() -> None:
    box = reveals.streets_landed_on_most(top=3)
    html = box.children[0].value
    for plain in reveals.STREET_COLUMNS.values():
        assert plain in html
    for raw in ("expected_rent", "probability", ">name<"):
        assert raw not in html
    assert html.count("<tr>") == 4  # a header row and three streets


def test_each_reveal_builds_its_widget_from_a_few_games() -> None:
    assert isinstance(reveals.richest_in_games(games=4), w.VBox)
    for built in (reveals.single_tax_final_gini(games=2), reveals.wages_against_single_tax(games=2),
                  reveals.location_value_boards()):
        assert isinstance(built, w.DOMWidget)
