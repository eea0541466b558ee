"""Issue 38.1, 38.2, 38.4 and 38.7 in Debian's Chromium: lesson 1's and lesson 4's tables served by
Voilà, as a student sees them.

* At 1366×768 the board is drawn at least 600 px wide, with every space's whole name written and
  nothing of a square cut off; scrolled to the table, the choice and the whole board are both in
  the viewport.
* A token steps square by square along a move (its square on the page changes more than once for
  one move of more than one space), and jumps at once under ``prefers-reduced-motion``.
* No chart's title holds the Gini's form ("population form") or a raw id.
* On a 390 px phone one column, the choice first, the board's short labels at 11 px or more.

What was measured (board width, Tabs, steps) is printed at the end and kept in
``build/browser/board.txt``."""

from __future__ import annotations

import re
from typing import Any

import pytest
from browser_helpers import print_and_keep
from test_accessibility_browser import (  # noqa: F401  (lessons: a fixture)
    SHOTS,
    axe_violations,
    lessons,
    open_page,
    ready,
    record,
)

from landlord.apps import serve

pytestmark = pytest.mark.browser

WHOLE_NAMES_PX = 600
LESSONS = ("01-landlords-game-1904.ipynb", "04-magie-to-monopoly.ipynb")

NAMES_JS = """() => {
  const board = document.querySelector('.ll-table .ll-board');
  const cut = [], short = [];
  for (const cell of board.querySelectorAll('.ll-space')) {
    const whole = cell.querySelector('.ll-whole');
    const shown = getComputedStyle(whole).display !== 'none';
    const words = (whole.textContent + ' ' + [...cell.querySelectorAll('.ll-annex')].map(a => a.textContent).join(' '))
      .replace(/\\u00ad/g, '').replace(/\\s+/g, ' ').trim();
    const name = cell.dataset.name;
    const parts = name.split(' / ');
    if (!shown || !parts.every(p => words.includes(p))) short.push(name + ' → ' + words);
    if (cell.scrollHeight > cell.clientHeight + 1 || cell.scrollWidth > cell.clientWidth + 1) cut.push(name);
  }
  return {width: board.getBoundingClientRect().width, short, cut};
}"""

IN_VIEW_JS = """() => {
  document.querySelector('.ll-table .ll-play').scrollIntoView({block: 'start'});
  const r = s => document.querySelector(s).getBoundingClientRect();
  const inside = b => b.top >= -1 && b.left >= -1 && b.bottom <= innerHeight + 1 && b.right <= innerWidth + 1;
  const board = r('.ll-table .ll-board'), choice = r('.ll-table .ll-options'), asked = r('.ll-table .ll-choice');
  return {board: inside(board), choice: inside(choice) && choice.height > 0, asked: asked.top,
          boardBox: [board.top, board.bottom, board.left, board.right], choiceBox: [choice.top, choice.bottom]};
}"""

WATCH_JS = """() => {
  window.llSteps = {};
  for (const t of document.querySelectorAll('.ll-table .ll-token')) {
    window.llSteps[t.dataset.seat] = [t.dataset.at];
    new MutationObserver(() => {
      const s = window.llSteps[t.dataset.seat];
      if (s[s.length - 1] !== t.dataset.at) s.push(t.dataset.at);
    }).observe(t, {attributes: true, attributeFilter: ['data-at']});
  }
}"""

TITLES_JS = """() => [...document.querySelectorAll(
  '.vega-embed svg .role-title-text, .vega-embed svg .role-axis-title')].map(t => t.textContent)"""

RAW = re.compile(r"population form|sample form|\b[a-z]+_[a-z_]+\b|@|\w+=\w+")
"""What a chart's title or axis must not hold: the Gini's form, an id such as ``net_worth`` or
``single_tax``, the syntax of a switch (``part2@turn:30``) or of a setting (``tax.start=never``)."""


def play_until_a_move(page: Any, seats: int = 4, most: int = 30) -> dict[str, list[str]]:
    """Answer the table's first choice until some token has moved; the squares each token's
    element stood on, in order."""
    page.evaluate(WATCH_JS)
    for _ in range(most):
        steps = page.evaluate("window.llSteps")
        if any(len(s) > 1 for s in steps.values()):
            page.wait_for_timeout(2500)  # the walk is at most 1.4 s
            return dict(page.evaluate("window.llSteps"))
        page.locator(".ll-table .ll-options button").first.click(timeout=60_000)
        page.wait_for_timeout(1500)
    return dict(page.evaluate("window.llSteps"))


def walked(steps: dict[str, list[str]], spaces: int = 40) -> bool:
    """Some token stood on three squares one after another along the track, a step each (a throw
    of the dice moves two squares or more, so only a walk does this)."""
    for s in steps.values():
        at = [int(x) for x in s]
        if any((at[k + 1] - at[k]) % spaces == 1 and (at[k + 2] - at[k + 1]) % spaces == 1 for k in range(len(at) - 2)):
            return True
    return False


@pytest.mark.parametrize("notebook", LESSONS)
def test_the_board_beside_the_choice_whole_names_and_walking_tokens(
        notebook: str, lessons: str, browser: Any, request: pytest.FixtureRequest) -> None:  # noqa: F811
    """Lesson 1's and lesson 4's tables at 1366x768 (see the module's words)."""
    port = int(lessons.rsplit(":", 1)[1])
    page, remote = open_page(browser, serve.lesson_url(notebook, port), (1366, 768))
    lines = [f"{notebook} at 1366x768:"]
    try:
        ready(page, notebook)
        page.locator(".ll-table .ll-board .ll-space").first.wait_for(timeout=60_000)
        page.locator(".ll-table .ll-options button").first.wait_for(timeout=60_000)
        names = page.evaluate(NAMES_JS)
        view = page.evaluate(IN_VIEW_JS)
        lines.append(f"  board {names['width']:.0f} px wide; abbreviated {len(names['short'])}, cut off "
                     f"{len(names['cut'])}; scrolled to the table: board in view {view['board']}, choice in view "
                     f"{view['choice']} (board {view['boardBox']}, choice {view['choiceBox']})")
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"table-1366-{notebook.split('-')[0]}.png"))
        steps = play_until_a_move(page)
        lines.append(f"  squares each token's element stood on during the first move(s): {steps}")
        # the charts redraw after a move: read their titles once they are drawn again
        page.wait_for_function(f"({TITLES_JS})().length > 0", timeout=60_000)
        titles = page.evaluate(TITLES_JS)
        bad = [t for t in titles if RAW.search(t)]
        axe = record(f"{notebook} table 1366", axe_violations(page))
        print_and_keep(request, lines, SHOTS / f"board-{notebook.split('-')[0]}.txt")
        assert names["width"] >= WHOLE_NAMES_PX, names["width"]
        assert not names["short"], names["short"]
        assert not names["cut"], names["cut"]
        assert view["board"] and view["choice"], view
        assert walked(steps), steps
        assert titles and not bad, bad
        assert not axe, "\n".join(axe)
        assert not remote, remote
    finally:
        page.context.close()


def test_no_walk_under_reduced_motion_and_one_column_on_a_phone(lessons: str, browser: Any,  # noqa: F811
                                                                request: pytest.FixtureRequest) -> None:
    """Under ``prefers-reduced-motion`` a token goes straight to its square; on a 390 px phone the
    choice comes first, then the board (short labels, at least 11 px), then the seats; axe finds
    nothing serious at 360 px."""
    port = int(lessons.rsplit(":", 1)[1])
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, reduced_motion="reduce")
    page = ctx.new_page()
    try:
        page.goto(serve.lesson_url(LESSONS[0], port), timeout=240_000)
        ready(page, LESSONS[0])
        page.locator(".ll-table .ll-options button").first.wait_for(timeout=60_000)
        order = page.evaluate("""() => {
          const r = s => document.querySelector(s).getBoundingClientRect();
          const board = document.querySelector('.ll-table .ll-board');
          const sizes = [...board.querySelectorAll('.ll-short')].filter(e => e.offsetParent)
            .map(e => parseFloat(getComputedStyle(e).fontSize));
          return {choice: r('.ll-table .ll-options').bottom, board: r('.ll-table .ll-board').top,
                  boardEnd: r('.ll-table .ll-board').bottom, seats: r('.ll-table .ll-seats').top,
                  small: board.classList.contains('ll-small'), least: Math.min(...sizes), shown: sizes.length};
        }""")
        steps = play_until_a_move(page)
        page.set_viewport_size({"width": 360, "height": 780})
        page.wait_for_timeout(800)
        axe = record("lesson 1 table 360", axe_violations(page))
        page.screenshot(path=str(SHOTS / "table-390-01.png"))
        print_and_keep(request, [f"lesson 1 at 390 px: {order}; reduced motion, squares stood on: {steps}"],
                       SHOTS / "board-phone.txt")
        assert order["choice"] <= order["board"] and order["boardEnd"] <= order["seats"], order
        assert order["small"] and order["shown"] >= 40 and order["least"] >= 11, order
        assert any(len(s) > 1 for s in steps.values()), steps  # a token moved …
        assert not walked(steps), steps  # … straight to its square
        assert not axe, "\n".join(axe)
    finally:
        ctx.close()
