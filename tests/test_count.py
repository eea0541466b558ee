"""One typed count per seat (issue 13.6): every family's ``results()`` is a list of
:class:`~landlord.engine.count.SeatCount`, and what reads it (the per-turn panel, the players' panel)
reads its fields. Expected values are worked from the rules' words and the boards' printed
values."""

from __future__ import annotations

import typing

from british1913_helpers import ADA, BEN, SITE_A, btable, improve, own
from conftest import set_cash
from landlord.widgets.panels import count_words, players_html
from landlord.widgets.state import player_rows
from magie1906_helpers import give, table

from landlord.analysis import metrics
from landlord.data.loader import load_ruleset, ruleset_ids
from landlord.engine.count import PARTS, WORDS, SeatCount, ranks, winners
from landlord.runs.simulate import play_one


def test_every_part_has_words_and_every_money_field_is_a_part() -> None:
    """The words students see for each part live in WORDS, one entry per part and the total."""
    money = [f for f, t in typing.get_type_hints(SeatCount).items() if t is int and f != "seat"]
    assert list(PARTS) == money
    assert set(WORDS) == {*PARTS, "total"} and all(WORDS.values())


def test_the_total_is_the_sum_of_the_parts_less_debts() -> None:
    """total = cash + land + improvements + credits + luxuries + cards - debts; ``mortgaged`` is
    a part of ``land`` and is not added twice."""
    c = SeatCount(0, cash=10, land=500, improvements=300, debts=40, credits=2, luxuries=100, cards=7, mortgaged=200)
    assert c.total == 10 + 500 + 300 + 2 + 100 + 7 - 40
    assert c.other == 2 + 100 + 7


def test_ranks_share_places_on_equal_totals_and_winners_are_every_richest_seat() -> None:
    counts = [SeatCount(0, 50), SeatCount(1, 90), SeatCount(2, 90), SeatCount(3, 10)]
    assert ranks(counts) == [3, 1, 1, 4]
    assert winners(counts) == [1, 2]


def test_1913_panel_counts_land_at_printed_value_and_improvements_at_their_capital() -> None:
    """COUNT_RULE: "each site counts at its printed price (its face value), whatever was paid
    for it; each improvement at what it cost". Site No. 14 is printed at £400 and Improvement
    No. 14 costs £800 (data/boards/brer-fox-1913.toml). The per-turn panel used to take the
    number of improvements (1) for their value."""
    g = btable()
    own(g, ADA, SITE_A)
    improve(g, ADA, SITE_A)
    g.rules.state.value[SITE_A] = 950  # bid up: the count keeps the printed price
    g.players[ADA].debts.clear()
    c = g.results()[ADA]
    assert (c.cash, c.land, c.improvements, c.debts, c.total) == (3000, 400, 800, 0, 3000 + 400 + 800)
    last = metrics.panel(g).groupby("seat").last()
    assert last.loc[ADA, "land"] == 400 and last.loc[ADA, "improvements"] == 800
    assert last.loc[ADA, "other"] == 0 and last.loc[ADA, "net_worth"] == 4200
    assert last.loc[BEN, "net_worth"] == 3000


def test_1906_panel_counts_deeds_as_land_and_other_cards_apart() -> None:
    """1906: "Every card and every house counts the holder or owner 100". Ada holds two title
    deeds (lots 1 and 3), a railroad charter (space 5) and two houses: land 200, other cards
    100, improvements 200. Under the single tax "the Title Deeds are of no value": land 0."""
    g = table()
    set_cash(g, ADA, 400)
    give(g, ADA, 1, 3, 5)
    g.rules.state.houses[1] = 2
    g.rules.state.house_owner[1] = ADA
    c = g.results()[ADA]
    assert (c.land, c.cards, c.improvements, c.total) == (200, 100, 200, 400 + 200 + 100 + 200)
    last = metrics.panel(g).groupby("seat").last()
    assert (last.loc[ADA, "land"], last.loc[ADA, "improvements"], last.loc[ADA, "other"]) == (200, 200, 100)
    single = table(single_tax=True)
    set_cash(single, ADA, 400)
    give(single, ADA, 1, 3, 5)
    assert (single.results()[ADA].land, single.results()[ADA].cards) == (0, 100)


def test_the_players_panel_shows_the_count_in_its_words() -> None:
    """The players' panel names each part in the words of WORDS and each piece in the family's
    words; no field name of a family shows."""
    g = btable()
    own(g, ADA, SITE_A)
    improve(g, ADA, SITE_A)
    rows = player_rows(g, [None, "landlord", "tenant", "tenant"])
    words = count_words(rows[ADA]["count"], rows[ADA]["pieces"], "£")
    assert words == ["land £400", "houses and improvements £800", "sites 1", "improvements 1"]
    page = players_html(rows, ADA, "£")
    assert "total <b>£4200</b>" in page and "_" not in page.replace("ll-player", "")


def test_every_family_returns_one_count_per_seat_that_the_panel_reads_unchanged() -> None:
    """Every ruleset's bot game ends with one SeatCount per seat, in seat order, and the
    panel's last row per seat carries its fields (net worth = its total)."""
    for rid in ruleset_ids():
        rs = load_ruleset(rid)
        game = play_one(rs, ["random"] * max(rs.players_min, min(3, rs.players_max)), 5, log=True)
        counts = game.results()
        assert [c.seat for c in counts] == list(range(len(game.players))), rid
        assert all(isinstance(c, SeatCount) for c in counts), rid
        last = metrics.panel(game).groupby("seat").last()
        for c in counts:
            row = last.loc[c.seat]
            assert (row["cash"], row["land"], row["improvements"], row["debts"], row["other"], row["net_worth"]) == (
                c.cash, c.land, c.improvements, c.debts, c.other, c.total), rid
