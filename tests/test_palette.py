"""Issue 25.5: colours every eye can tell apart, each with one meaning.

The seat colours are checked under a simulation of the three common colour-vision deficiencies
(coloraide's Machado, Oliveira & Fernandes 2009 model, full severity: protanopia, deuteranopia,
tritanopia) by their CIEDE2000 difference, and for 3:1 contrast against the white page (WCAG 2.1
1.4.11); the colours of flows, phases and scenarios are never a seat's, and pass the same two
checks among themselves; every text colour the
table writes has 4.5:1 against white (WCAG 2.1 1.4.3)."""

from __future__ import annotations

import itertools

import pytest
from coloraide import Color

from landlord.charts import figures
from landlord.charts.palette import (
    MIN_SEAT_DISTANCE,
    OTHER_COLOURS,
    SEAT_COLOURS,
    SEAT_GLYPHS,
    SEAT_SHAPES,
)

VISION = ("normal", "protan", "deutan", "tritan")


def seen(hex_colour: str, vision: str) -> Color:
    """``hex_colour`` as an eye with ``vision`` sees it (Machado 2009, severity 1)."""
    c = Color(hex_colour)
    return c if vision == "normal" else c.filter(vision, 1.0, method="machado").convert("srgb").fit()


def distance(a: str, b: str, vision: str) -> float:
    return float(seen(a, vision).delta_e(seen(b, vision), method="2000"))


@pytest.mark.parametrize("vision", VISION)
def test_every_two_seat_colours_stay_apart_under_each_colour_vision(vision: str) -> None:
    closest = min((distance(a, b, vision), a, b) for a, b in itertools.combinations(SEAT_COLOURS, 2))
    assert closest[0] >= MIN_SEAT_DISTANCE, f"{vision}: {closest[1]} and {closest[2]} are {closest[0]:.1f} apart"


def test_the_simulation_can_fail_red_and_green_look_alike_to_a_deuteranope() -> None:
    """The check can fail: pure red and a green of the same lightness, far apart to normal eyes,
    fall under the threshold for a deuteranope (the palette of main before issue 25 had its
    green and red seats 2 and 4: #2ca02c and #d62728)."""
    assert distance("#2ca02c", "#d62728", "normal") > 3 * MIN_SEAT_DISTANCE
    assert distance("#2ca02c", "#d62728", "deutan") < MIN_SEAT_DISTANCE


def test_seat_colours_stand_out_from_the_white_page() -> None:
    for c in SEAT_COLOURS:
        assert Color(c).contrast("white", method="wcag21") >= 3.0, c


def test_other_colours_are_never_a_seats() -> None:
    """Flows, phases, scenarios and tables have their own colours: none within the seat
    threshold of a seat colour to normal eyes."""
    for o, s in itertools.product(OTHER_COLOURS, SEAT_COLOURS):
        assert distance(o, s, "normal") >= MIN_SEAT_DISTANCE, (o, s)
    assert figures.SEATS.range == list(SEAT_COLOURS)
    assert figures.OTHERS.range == list(OTHER_COLOURS)


@pytest.mark.parametrize("vision", VISION)
def test_every_two_other_colours_stay_apart_under_each_colour_vision(vision: str) -> None:
    """Flows, phases and scenarios are told apart by every eye, as the seats are."""
    closest = min((distance(a, b, vision), a, b) for a, b in itertools.combinations(OTHER_COLOURS, 2))
    assert closest[0] >= MIN_SEAT_DISTANCE, f"{vision}: {closest[1]} and {closest[2]} are {closest[0]:.1f} apart"


def test_other_colours_stand_out_from_the_white_page() -> None:
    """Their lines and bars have 3:1 against white (WCAG 2.1 1.4.11), as the seats' do."""
    for c in OTHER_COLOURS:
        assert Color(c).contrast("white", method="wcag21") >= 3.0, c


def test_each_seat_has_a_second_cue() -> None:
    assert len(set(SEAT_SHAPES)) == len(SEAT_SHAPES) == len(SEAT_COLOURS)
    assert len(set(SEAT_GLYPHS)) == len(SEAT_GLYPHS) == len(SEAT_COLOURS)


@pytest.mark.parametrize("text", ["#1a1a1a", "#b00000", "#225522", "#222"])
def test_text_colours_the_table_writes_have_4_5_to_1_on_white(text: str) -> None:
    assert Color(text).contrast("white", method="wcag21") >= 4.5, text
