"""Issue 25.5: the board's words stay readable on a phone. Every text the board's spec draws (the
squares' labels and marks, the middle's turn and phase, the tapped name, the legend, the title)
has a font size that, times the scale a phone shrinks the board's picture by, is at least
:data:`READABLE` CSS px; and every line of a square's label fits its square.

The phone's width for the board was measured in Chromium on lesson 1's table at 360 px
(``tests/test_board_phone_browser.py``, which measures the drawn text itself): the board's chart
gets 330 px, less the 38 px vega-embed keeps beside a chart for its menu ("…") if it has one.
The board's own width is vl-convert's drawing of the spec."""

from __future__ import annotations

import re
from typing import Any

import pytest
import vl_convert as vlc
from landlord.widgets.board_view import BoardView

from landlord import Game, load_ruleset, make_strategy

READABLE = 11.0
PHONE = 330
"""CSS px the board's chart gets on a 360 px phone (measured), menu included."""
MENU = 38
"""CSS px vega-embed keeps to the right of a chart that has its menu."""
VEGA_TEXT, VEGA_LEGEND_LABEL, VEGA_LEGEND_TITLE, VEGA_TITLE = 11, 10, 11, 13
"""Vega's default sizes (px) where a spec gives none."""


def board(ruleset: str, cell: int) -> BoardView:
    names = ["You", "Landlord", "Tenant", "Speculator"]
    game = Game(load_ruleset(ruleset), [None, *(make_strategy(s) for s in ("landlord", "tenant", "speculator"))],
                seed=3, names=names)
    view = BoardView(cell)
    view.update(game)
    return view


def drawn_scale(view: BoardView) -> float:
    """How much a 360 px phone shrinks the board's picture."""
    svg = vlc.vegalite_to_svg(view.widget.spec)
    width = float(re.search(r'<svg[^>]*width="([\d.]+)"', svg).group(1))  # type: ignore[union-attr]
    menu = (view.widget.embed_options or {}).get("actions", True) is not False
    return min(1.0, (PHONE - (MENU if menu else 0)) / width)


def text_sizes(spec: dict[str, Any]) -> dict[str, float]:
    """Every text the spec draws and its font size (px): text marks, legends, the title."""
    config = spec.get("config", {})
    out: dict[str, float] = {}

    def walk(unit: dict[str, Any], where: str) -> None:
        for i, sub in enumerate(unit.get("layer", [])):
            walk(sub, f"{where}/{i}")
        mark = unit.get("mark")
        mark = {"type": mark} if isinstance(mark, str) else mark or {}
        if mark.get("type") == "text":
            out[f"text {where}"] = mark.get("fontSize", config.get("text", {}).get("fontSize", VEGA_TEXT))
        for channel, enc in unit.get("encoding", {}).items():
            legend = enc.get("legend", {}) if isinstance(enc, dict) else None
            if legend is None or ("scale" not in enc and "field" not in enc):
                continue
            if channel in ("color", "fill", "shape", "strokeDash", "size", "opacity"):
                cl = config.get("legend", {})
                out[f"legend labels {where} {channel}"] = legend.get("labelFontSize", cl.get("labelFontSize",
                                                                                              VEGA_LEGEND_LABEL))
                out[f"legend title {where} {channel}"] = legend.get("titleFontSize", cl.get("titleFontSize",
                                                                                             VEGA_LEGEND_TITLE))

    walk(spec, "")
    title = spec.get("title")
    if title:
        size = title.get("fontSize") if isinstance(title, dict) else None
        out["title"] = size or config.get("title", {}).get("fontSize", VEGA_TITLE)
    return out


@pytest.mark.parametrize(("ruleset", "cell"), [("magie-1904", 40), ("monopoly-short", 40), ("magie-1904", 30),
                                               ("british-1913-part1", 30), ("magie-1906", 24)])
def test_every_text_on_the_board_is_readable_on_a_phone(ruleset: str, cell: int) -> None:
    """The lessons' tables draw 40 px squares, the class pages 30 px; each is shrunk to a phone's
    width, and its text with it (the old 7 px labels were 4.2 px as drawn at 360 px)."""
    view = board(ruleset, cell)
    scale = drawn_scale(view)
    sizes = text_sizes(view.widget.spec)
    assert sizes and any(k.startswith("text") for k in sizes)
    small = {k: round(v * scale, 1) for k, v in sizes.items() if v * scale < READABLE}
    assert not small, f"drawn at {scale:.2f} of its size on a phone: {small}"


@pytest.mark.parametrize(("ruleset", "cell"), [("magie-1904", 40), ("monopoly-short", 40), ("british-1913-part1", 30)])
def test_every_square_s_label_fits_its_square(ruleset: str, cell: int) -> None:
    """Each line of a label, at the board's font size, is no wider than its square (with 1 px
    either side), in Arial's widths; at most two lines."""
    from landlord.widgets.board_view import text_em

    view = board(ruleset, cell)
    labels = [lay for lay in view.widget.spec["layer"]
              if lay.get("encoding", {}).get("text", {}).get("field") == "label"]
    size = labels[0]["mark"]["fontSize"]
    for row in view.rows("ll_overlay"):
        lines = row["label"].split("\n")
        assert len(lines) <= 2, row["label"]
        assert all(text_em(line) * size <= cell - 2 for line in lines), (row["name"], row["label"], size)


def test_a_square_s_words_have_4_5_to_1_on_the_colour_of_its_holder() -> None:
    """Black or white words, whichever reads better on the holder's colour, plain or under a
    mortgage's white fade — checked with coloraide's WCAG 2.1 contrast for every seat's colour
    (black words had 1:1 on the fifth seat's black, 4.05:1 on the first seat's blue)."""
    from coloraide import Color
    from landlord.widgets.board_view import MORTGAGE_FADE, ink

    from landlord.charts.palette import SEAT_COLOURS

    for colour in SEAT_COLOURS:
        for fade in (0.0, MORTGAGE_FADE):
            seen = Color.mix(Color(colour), Color("white"), fade, space="srgb-linear")  # the fade blends linearly
            plain = Color(colour).mix("white", fade, space="srgb") if fade else Color(colour)
            for under in (seen, plain):
                assert Color(ink(colour, fade)).contrast(under, method="wcag21") >= 4.5, (colour, fade)
    view = board("magie-1904", 40)
    game_rows = view.rows("ll_overlay")
    assert {r["ink"] for r in game_rows} == {"#000000"}  # nobody holds anything yet: grey squares


@pytest.mark.parametrize("ruleset", ["magie-1904", "magie-1906", "british-1913-sequence", "monopoly"])
def test_a_held_square_shows_its_holder_s_shape_beside_his_colour(ruleset: str) -> None:
    """Issue 25.5, a second cue for each seat on the board: a square held by a player shows his
    seat's shape (the shape of his token and of his line in the legends) before its marks, so
    his holdings are not told by colour alone; a square nobody holds shows none."""
    from landlord.charts.palette import SEAT_GLYPHS, seat_glyph

    game = Game(load_ruleset(ruleset), [make_strategy(s) for s in ("landlord", "tenant", "speculator", "random")],
                seed=5, names=["Ann", "Bo", "Cy", "Di"])
    game.run()
    view = BoardView(40)
    view.update(game)
    rows = view.rows("ll_overlay")
    held = [r for r in rows if r["holder"] in game.names]
    assert held, "somebody holds a square at the end of a bot game"
    for r in rows:
        if r["holder"] in game.names:
            assert r["marks"].startswith(seat_glyph(game.names.index(r["holder"]))), r
        else:
            assert not r["marks"] or r["marks"][0] not in SEAT_GLYPHS, r
