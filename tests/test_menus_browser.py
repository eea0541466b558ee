"""Closed menus show their whole choice on a 390 px phone (issue 38: "on a 390 px phone two of its
menus run off the screen"; long titles were cut in closed menus), in Debian's Chromium with every
request off this machine blocked.

A closed ``<select>`` draws its chosen words on one line and cuts what does not fit. Every lesson
(its table's set-up opened, in the lab and at the table a change of rules added so that its menus
show) and the class teacher's dashboard are loaded at 390×844, and for every menu shown each of
its choices is measured in the menu's own font against the room the closed menu gives its words
(its inner width less its padding): a choice that would be cut when chosen fails the test, as
does a menu reaching past the screen. axe-core finds no serious or critical violation there.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from test_accessibility_browser import (
    FAILING,
    axe_violations,
    button,
    class_server,
    open_page,
    ready,
)
from test_accessibility_browser import lessons as lessons  # the lessons served as the accessibility tests serve them

pytestmark = pytest.mark.browser

PHONE = (390, 844)
LOAD_MS = 240_000
LESSONS = ["01-landlords-game-1904.ipynb", "02-single-tax.ipynb", "03-british-game-1913.ipynb",
           "04-magie-to-monopoly.ipynb", "05-what-if-lab.ipynb"]

MENUS_JS = """() => {
  const vw = document.documentElement.clientWidth;
  const ctx = document.createElement('canvas').getContext('2d');
  const out = {menus: 0, cut: [], past: []};
  for (const s of document.querySelectorAll('select')) {
    const r = s.getBoundingClientRect();
    if (!s.offsetParent || r.width === 0) continue;
    out.menus += 1;
    const st = getComputedStyle(s);
    ctx.font = st.font;
    const room = s.clientWidth - parseFloat(st.paddingLeft) - parseFloat(st.paddingRight);
    const label = (s.labels && s.labels[0] ? s.labels[0].innerText : s.getAttribute('aria-label') || '').trim();
    if (r.right > vw + 1 || r.left < -1) out.past.push([label, Math.round(r.left), Math.round(r.right), vw]);
    for (const o of s.options) {
      const need = ctx.measureText(o.text).width;
      if (need > room + 1) out.cut.push([label, o.text.slice(0, 70), Math.round(need), Math.round(room)]);
    }
  }
  return out;
}"""
"""Every shown menu's choices too wide for the closed menu's room (label, words, px needed, px of
room), and the menus reaching past the screen's edges."""


def menus_whole(page: Any, where: str) -> None:
    """Assert that no shown menu cuts a choice or reaches past the screen, and axe finds nothing
    serious or critical."""
    seen = page.evaluate(MENUS_JS)
    assert seen["menus"], f"{where}: no menu shown"
    assert not seen["past"], f"{where}: menus past the screen's edge: {seen['past']}"
    assert not seen["cut"], f"{where}: choices cut in a closed menu: {seen['cut']}"
    bad = [f"{v['id']} ({v['impact']}): {v['help']} — " + "; ".join(n["html"][:120] for n in v["nodes"][:4])
           for v in axe_violations(page) if v["impact"] in FAILING]
    assert not bad, f"{where}: " + "\n".join(bad)


@pytest.mark.parametrize("notebook", LESSONS)
def test_closed_menus_show_their_whole_choice_on_a_phone(notebook: str, lessons: str, browser: Any) -> None:
    """Every menu of a lesson at 390 px — the table's set-up (rules, phases, a change of rules,
    start from, bots' speed, seats) and the lab's — shows each of its choices whole when closed."""
    page, remote = open_page(browser, f"{lessons}/voila/render/{notebook}", PHONE)
    try:
        ready(page, notebook)
        for header in page.locator(".jupyter-widget-Collapse-header", has_text=re.compile("^\\s*Set up")).all():
            header.click()
        adds = page.locator("button.jupyter-button", has_text=re.compile(r"^\s*Add a change of rules\s*$"))
        for k in range(adds.count()):
            if adds.nth(k).is_visible():
                adds.nth(k).click()
        page.wait_for_timeout(1500)
        menus_whole(page, notebook)
        assert not remote, remote
    finally:
        page.context.close()


@pytest.fixture(scope="module")
def klass(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """A class of a few rounds."""
    yield from class_server(tmp_path_factory, "menus-class", "--rounds", "3", "--bot-delay", "0.2", "--seed", "38")


def test_the_teacher_s_menus_show_their_whole_choice_on_a_phone(klass: Any, browser: Any) -> None:
    """The class teacher's dashboard at 390 px: its rules menu (the phases to switch every table
    to) and the others show each choice whole when closed."""
    page, remote = open_page(browser, klass.teacher, PHONE)
    try:
        page.get_by_text(klass.code).first.wait_for(timeout=LOAD_MS)
        button(page, "Start play").wait_for(timeout=LOAD_MS)
        page.wait_for_timeout(1500)
        menus_whole(page, "the teacher's dashboard")
        assert not remote, remote
    finally:
        page.context.close()
