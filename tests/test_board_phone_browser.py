"""Issue 25.5 on a phone: the board's words stay readable. Lesson 1 served by Voilà in Debian's
Chromium at 360 and 390 px wide; every text on the board (the spaces' labels and numbers, the
marks, the middle's turn and phase, the legend) is measured as drawn — its font size times the
scale the page shrinks the board's picture by — and must be at least :data:`READABLE` CSS px.
The sizes found are printed at the end of the run (a measurement) and written to
``build/browser/board-text.txt``."""

from __future__ import annotations

from typing import Any

import pytest
from browser_helpers import print_and_keep
from test_accessibility_browser import SHOTS, lessons, open_page, ready  # noqa: F401  (lessons: a fixture)

from landlord.apps import serve

pytestmark = pytest.mark.browser

READABLE = 11.0
"""The least font size (CSS px, as drawn) of any text on the board at phone width."""
PHONES = (360, 390)

MEASURE = """() => {
  const embed = [...document.querySelectorAll('.ll-table .vega-embed')][0];
  const svg = embed.querySelector('svg');
  const scale = svg.getBoundingClientRect().width / parseFloat(svg.getAttribute('width'));
  const sizes = {};
  for (const t of svg.querySelectorAll('text')) {
    if (!t.textContent.trim()) continue;
    const group = t.closest('g.role-legend') ? 'legend' : t.closest('g.role-title') ? 'title' :
        (t.closest('g.role-mark')?.getAttribute('class') || '').split(' ').pop();
    const px = parseFloat(getComputedStyle(t).fontSize) * scale;
    sizes[group] = Math.min(sizes[group] ?? 99, Math.round(px * 10) / 10);
  }
  return {scale: Math.round(scale * 1000) / 1000, drawn: svg.getBoundingClientRect().width,
          width: parseFloat(svg.getAttribute('width')), sizes};
}"""


def test_on_a_phone_every_text_on_the_board_is_readable(lessons: str, browser: Any,  # noqa: F811
                                                        request: pytest.FixtureRequest) -> None:
    port = int(lessons.rsplit(":", 1)[1])
    page, remote = open_page(browser, serve.lesson_url("01-landlords-game-1904.ipynb", port), (PHONES[0], 780))
    found = {}
    try:
        ready(page, "01-landlords-game-1904.ipynb")
        for width in PHONES:
            page.set_viewport_size({"width": width, "height": 780})
            page.wait_for_timeout(500)
            found[width] = page.evaluate(MEASURE)
    finally:
        page.context.close()
    lines = ["The board's text at phone width, as drawn (CSS px; the least of each group of marks):"]
    lines += [f"  {w} px: board drawn {f['drawn']:.0f} px of its {f['width']:.0f} (scale {f['scale']}): "
              + ", ".join(f"{k} {v}" for k, v in sorted(f["sizes"].items())) for w, f in found.items()]
    print_and_keep(request, lines, SHOTS / "board-text.txt")
    for width, f in found.items():
        small = {k: v for k, v in f["sizes"].items() if v < READABLE}
        assert not small, (width, f)
    assert not remote, remote
