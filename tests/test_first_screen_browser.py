"""A first screen that says what to do (issue 38.3: "each lesson opens with its question and the
prediction within the first 1366×768 screen, and the table follows after at most one more screen
of text"), in Debian's Chromium with every request off this machine blocked.

Each lesson with a prediction and a table is loaded at 1366×768 as it opens (nothing scrolled,
nothing opened): the prediction's choices end within the first 768 px of the page and the
table's top lies within the first two screens (1536 px).
"""

from __future__ import annotations

from typing import Any

import pytest
from test_accessibility_browser import lessons, open_page, ready  # noqa: F401 (the served lessons)

pytestmark = pytest.mark.browser

SCREEN = (1366, 768)
LESSONS = ["01-landlords-game-1904.ipynb", "02-single-tax.ipynb", "03-british-game-1913.ipynb",
           "04-magie-to-monopoly.ipynb"]

WHERE_JS = """() => {
  const top = (el) => el.getBoundingClientRect().top - document.body.getBoundingClientRect().top;
  const bottom = (el) => el.getBoundingClientRect().bottom - document.body.getBoundingClientRect().top;
  const prediction = document.querySelector('.widget-radio');
  const table = document.querySelector('.ll-table');
  return {prediction: prediction ? Math.round(bottom(prediction)) : null,
          table: table ? Math.round(top(table)) : null};
}"""
"""Where, from the top of the page, the first prediction (its question and choices) ends and the
table begins (px)."""


@pytest.mark.parametrize("notebook", LESSONS)
def test_the_prediction_on_the_first_screen_and_the_table_on_the_second(notebook: str, lessons: str,  # noqa: F811
                                                                         browser: Any) -> None:
    """Issue 38.3 at 1366×768: the lesson's prediction ends on the first screen, its table begins
    by the end of the second."""
    page, remote = open_page(browser, f"{lessons}/voila/render/{notebook}", SCREEN)
    try:
        ready(page, notebook)
        where = page.evaluate(WHERE_JS)
        assert where["prediction"] is not None and where["table"] is not None, where
        assert where["prediction"] <= SCREEN[1], f"{notebook}: the prediction ends at {where['prediction']} px"
        assert where["table"] <= 2 * SCREEN[1], f"{notebook}: the table begins at {where['table']} px"
        assert not remote, remote
    finally:
        page.context.close()
