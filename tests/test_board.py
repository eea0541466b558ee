"""Issue 38.1: the board drawn as each game's own board (``landlord.widgets.board``). What the
page is sent is checked here against the sources (the 1904 patent drawing as
``/work/shared/reference/boards/SOURCES.md`` describes it: "Mother Earth is drawn top-right, and
play runs down the right side"; the Jail and the Poor House as quarter-circles outside the Coal
and Public Park corners); how it is drawn, in ``tests/test_board_browser.py``."""

from __future__ import annotations

from typing import Any

import pytest
from landlord.widgets.board import (
    GROUP_COLOURS,
    PATENT_MIDDLE,
    SOFT_HYPHEN,
    BoardView,
    breakable,
    corner_words,
    last_throw,
    layout_of,
    moves_since,
)

from landlord import Game, load_ruleset, make_strategy


def game(ruleset: str, seed: int = 3, seats: int = 3) -> Game:
    names = ["You", "Landlord", "Tenant", "Speculator"][:seats]
    return Game(load_ruleset(ruleset), [make_strategy("landlord")] * seats, seed=seed, names=names)


def test_the_patent_board_starts_top_right_with_its_corners_and_middle() -> None:
    """Fig. 1 of US 748,626: Mother Earth top right, play clockwise down the right side; the Jail
    outside the Coal corner (index 10), the Poor House outside the Public Park (20), Lord
    Blueblood's estate the last corner (30), railroads mid-side (5, 15, 25, 35); the middle's four
    fields R.R., Wages, Bank, Public Treasury."""
    lay = layout_of(game("magie-1904"))
    assert lay["start"] == "top-right" and lay["spaces"][0]["name"] == "Mother Earth"
    assert [(a["kind"], a["beside"]) for a in lay["annexes"]] == [("jail", 10), ("poorhouse", 20)]
    assert "Blueblood" in lay["spaces"][30]["name"]
    assert [s["i"] for s in lay["spaces"] if s["kind"] == "railroad"] == [5, 15, 25, 35]
    assert lay["middle"] == list(PATENT_MIDDLE) == ["R.R.", "Wages", "Bank", "Public Treasury"]
    # the split corners' squares name their own part; the annex's name is on its quarter-circle
    own = [lay["spaces"][k]["wrap"].replace(SOFT_HYPHEN, "") for k in (10, 20)]
    assert own == ["Absolute Necessity: Coal", "Public Park"]
    # the patent's colours: lots green, necessities blue, luxuries purple, franchises yellow
    tints = {s["kind"]: s["tint"] for s in lay["spaces"]}
    assert (tints["lot"], tints["necessity"], tints["luxury"], tints["franchise"]) == (
        "lot", "necessity", "luxury", "franchise")


def test_monopoly_starts_at_go_bottom_right_with_its_colour_groups() -> None:
    """Monopoly's GO at the bottom right; every street carries its colour group's band, the
    eight groups each their own colour; railroads and utilities none."""
    g = game("monopoly")
    lay = layout_of(g)
    assert lay["start"] == "bottom-right" and lay["spaces"][0]["name"] == "GO" and lay["middle"] == []
    bands = {s.group: lay["spaces"][s.index]["band"] for s in g.board.spaces if s.kind == "street"}
    assert bands == {g: GROUP_COLOURS[g] for g in bands} and len(set(bands.values())) == 8
    assert all(not lay["spaces"][s.index]["band"] for s in g.board.spaces if s.kind in ("railroad", "utility"))


def test_the_1906_board_has_its_inner_corners_and_the_1913_its_gaol() -> None:
    """1906 single tax rule 8: the four Natural Opportunity inner corners, beside the four
    corners (names unknown for two: drawn as reconstructed); the 1913 board's Gaol beside 10."""
    lay = layout_of(game("magie-1906"))
    inner = [a for a in lay["annexes"] if a["kind"] == "natural_opportunity"]
    assert sorted(a["beside"] for a in inner) == [0, 10, 20, 30]
    assert [a["recon"] for a in inner if "unknown" in a["name"]] == [True, True]
    brit = layout_of(game("british-1913-part1"))
    assert ("jail", "Gaol", 10) in [(a["kind"], a["name"], a["beside"]) for a in brit["annexes"]]
    assert all(s["recon"] for s in brit["spaces"] if s["kind"] == "site")


@pytest.mark.parametrize("name", ["Mediterranean Avenue", "Pennsylvania Railroad", "Lord Blueblood's estate",
                                  "Imperial Taxes: Breakfast-table Duties", "Dottyville Lunatic Asylum", "Lot 13"])
def test_long_words_may_break_but_are_never_cut(name: str) -> None:
    """A narrow square wraps a long word with a hyphen, as printed boards do; the name is whole."""
    out = breakable(name)
    assert out.replace(SOFT_HYPHEN, "") == name
    for word in out.split():
        if SOFT_HYPHEN in word:
            assert all(len(part) >= 3 for part in word.split(SOFT_HYPHEN)), word
    assert "Blueb" + SOFT_HYPHEN not in out  # never inside a pair that starts a syllable


def test_corner_words() -> None:
    assert corner_words("Public Park / Poor House", ["Poor House"]) == "Public Park"
    assert corner_words("Jail / Just Visiting", []) == "Jail / Just Visiting"


def sent(view: BoardView) -> list[set[str]]:
    """Record the traits each message of ``view``'s widget carries."""
    out: list[set[str]] = []
    original = view.widget.send_state

    def send_state(key: Any = None) -> None:
        out.append(set(key) if isinstance(key, (list, tuple, set)) else {key} if key else {"all"})
        original(key)

    view.widget.send_state = send_state  # type: ignore[method-assign]
    return out


def test_a_click_sends_small_changes_and_the_moves_to_walk() -> None:
    """Issue 38.1: the layout is sent once; each later update only what changed, in one message,
    with the moves since the last one (each stepped square by square on the page) and the dice
    of the last throw, as the game's events have them."""
    g = game("magie-1904")
    view = BoardView()
    view.update(g)
    messages = sent(view)
    for _ in range(40):
        before = len(g.events)
        g.run(max_decisions=1)
        view.update(g)
        moved = moves_since(g, before)
        if moved:
            assert view.widget.moves["list"][-len(moved):] == moved[-len(view.widget.moves["list"]):]
            throws = [e for e in g.events if e.kind == "throw"]
            a, b = (int(x) for x in throws[-1].get("dice").split("+"))
            assert view.widget.throw == {"dice": [a, b], "seat": throws[-1].seat, "turn": throws[-1].turn}
            assert last_throw(g) == view.widget.throw
    assert messages and all("drawing" not in m for m in messages)
    assert all(len(m) <= 5 for m in messages)
    assert [t["at"] for t in view.widget.tokens] == [p.pos for p in g.players]


def test_every_board_lays_out() -> None:
    """Every ruleset's board gives every space a whole name and the seats their own shapes."""
    from landlord import ruleset_ids

    for rid in ruleset_ids():
        lay = layout_of(game(rid, seats=4))
        assert len(lay["spaces"]) == len(load_ruleset(rid).board.spaces)
        assert all(s["name"] and s["short"] for s in lay["spaces"])
        assert len({s["shape"] for s in lay["seats"]}) == 4


def test_a_bankrupt_players_token_leaves_the_board() -> None:
    """Monopoly: a bankrupt player is out of the game; his token is sent as out (not drawn), the
    others stay where they stand."""
    from landlord.widgets.board import tokens_of

    g = game("monopoly")
    g.players[1].out = True
    tokens = tokens_of(g)
    assert [t["out"] for t in tokens] == [False, True, False]
    assert [t["at"] for t in tokens] == [p.pos for p in g.players]
