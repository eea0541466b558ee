"""The kit's colours, each with one meaning: seat colours for the seats only (the players panel,
the tokens, the lots they hold and every chart keyed by a player), and another scheme for
everything else a chart colours by (kinds of money flow, phases, the lab's scenarios).

Seats: the first four are Okabe & Ito's colour-blind-safe set ("Color Universal Design", 2008;
Wong, "Points of view: Color blindness", Nature Methods 8, 441, 2011): blue, vermillion, bluish
green and reddish purple; seats five to eight add black, a dark purple, a grey and a dark brown.
``tests/test_palette.py`` checks, with coloraide's Machado–Oliveira–Fernandes (2009) simulation
of protanopia, deuteranopia and tritanopia at full severity, that every two seat colours stay at
least :data:`MIN_SEAT_DISTANCE` apart in CIEDE2000 under each, and that each has 3:1 contrast
against the white page (WCAG 2.1 1.4.11, graphical objects). Each seat also has a shape and a
letter (:data:`SEAT_SHAPES`, :data:`SEAT_GLYPHS`), so colour is never the only cue; so has each
other colour, a shape and a dash (:data:`OTHER_SHAPES`, :data:`OTHER_DASHES`).

Other colours: seven chosen by the kit (a search over the 4,096 colours of a 17-step sRGB grid)
for 3:1 contrast against the white page, at least 12 CIEDE2000 from every seat colour to normal
eyes, and every two at least 13 apart under normal vision and each simulated deficiency (the
same checks as the seats', in ``tests/test_palette.py``). They replace Tol's "light" scheme,
whose pale lines had under 3:1 on white. The first two, the lab's two scenarios, are the
farthest apart.
"""

from __future__ import annotations

SEAT_COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#000000", "#882E72", "#666666", "#9A3A00")
"""One colour per seat, in seat order (repeated after the eighth seat)."""
SEAT_SHAPES = ("circle", "square", "triangle-up", "diamond", "cross", "triangle-down", "triangle-right", "wedge")
"""One Vega point shape per seat, the second cue beside its colour (tokens, legends)."""
SEAT_DASHES = ((1, 0), (8, 3), (2, 2), (10, 3, 2, 3), (5, 2), (1, 3), (12, 3, 2, 3, 2, 3), (6, 2, 1, 2))
"""One line dash (Vega ``strokeDash``) per seat, the second cue of a seat's line in a chart
(its wealth over turns), in the legend with its colour."""
SEAT_GLYPHS = ("●", "■", "▲", "◆", "✚", "▼", "▶", "◣")
"""The same shapes as characters, for the players panel."""
OTHER_COLOURS = ("#CC66FF", "#33AA44", "#CC1188", "#557755", "#889988", "#9922FF", "#886600")
"""Colours for what is not a seat: kinds of money flow, phases, scenarios, tables."""
OTHER_SHAPES = ("circle", "square", "triangle-up", "diamond", "cross", "triangle-down", "wedge")
"""A Vega point shape for each of :data:`OTHER_COLOURS`, in the same order: the second cue of a
scenario, a strategy or a table, in its chart's one legend with its colour."""
OTHER_DASHES = ((1, 0), (8, 4), (2, 3), (10, 3, 2, 3), (5, 2), (1, 4), (12, 4, 2, 4, 2, 4))
"""A line's dash (Vega ``strokeDash``: on, off, … px) for each of :data:`OTHER_COLOURS`, in the
same order: the second cue of a line or a band's edge, in the legend with its colour."""
MIN_SEAT_DISTANCE = 10.0
"""The least CIEDE2000 difference between two seat colours, and between a seat colour and any
other colour, under normal vision and each simulated colour-vision deficiency (seat colours)."""


def seat_colour(seat: int) -> str:
    """The colour of seat ``seat`` (0-based)."""
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def seat_glyph(seat: int) -> str:
    """The shape of seat ``seat`` as a character."""
    return SEAT_GLYPHS[seat % len(SEAT_GLYPHS)]
