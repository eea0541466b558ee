"""The measurements the lessons show beside their claims (landlord.runs.measures, landlord.widgets.measures)."""

from __future__ import annotations

import math
import re

import pandas as pd
import pytest
from landlord.widgets.measures import jumps_html, land_buyers_html, wins_per_seat_html

from landlord.runs import measures
from landlord.runs.simulate import simulate

LESSON_1 = ["landlord", "tenant", "speculator", "landlord"]


def rows(n: int = 40) -> pd.DataFrame:
    return pd.DataFrame(simulate("magie-1904", LESSON_1, range(n)))


def test_wins_per_seat_divides_a_strategy_s_wins_by_its_seats() -> None:
    """Issue: lesson 1 counted wins by strategy over seats of unequal number (two landlords)."""
    games = rows()
    table = measures.wins_per_seat(games).set_index("strategy")
    assert table.loc["landlord", "seats"] == 2 and table.loc["tenant", "seats"] == 1
    assert table["wins"].sum() == len(games)
    for s, r in table.iterrows():
        assert r["wins"] == (games["winner_strategy"] == s).sum()
        assert math.isclose(r["share_per_seat"], r["wins"] / (r["seats"] * len(games)))
        assert math.isclose(r["wins_per_seat"], r["wins"] / r["seats"])
    # the seats' shares add up to one game per game
    assert math.isclose(sum(table["share_per_seat"] * table["seats"]), 1.0)


def test_a_hand_made_table_per_seat() -> None:
    games = pd.DataFrame({"winner_strategy": ["a", "a", "b", "a"], "strategy_0": ["a"] * 4,
                          "strategy_1": ["b"] * 4, "strategy_2": ["a"] * 4})
    table = measures.wins_per_seat(games).set_index("strategy")
    assert table.loc["a", "share_per_seat"] == 3 / 8 and table.loc["b", "share_per_seat"] == 1 / 4
    assert measures.land_buyer_wins(games, ["b"]) == (1, 4)


def test_land_buyer_wins_counts_games_won_by_a_land_buying_seat() -> None:
    games = rows()
    won, n = measures.land_buyer_wins(games)
    assert n == len(games)
    assert won == games["winner_strategy"].isin(["landlord", "speculator"]).sum()


def test_switch_games_and_jump_counts_match_the_benchmark() -> None:
    """studies/magie1906_switch_jump.py (the same games) measured lesson 2's jump."""
    games = measures.switch_games("magie-1906", LESSON_1, range(12), "round:15")
    c = measures.jump_counts(games)
    assert c["games"] == 12 and c["switched"] == games["switched"].sum()
    assert c["up"] + c["down"] + c["same"] == c["switched"]
    assert c["up"] == ((games["gini_after"] - games["gini_before"]) > 1e-9).sum()
    never = measures.switch_games("magie-1906", LESSON_1, range(3))
    assert not never["switched"].any() and never["gini_before"].isna().all()
    assert measures.jump_counts(never)["switched"] == 0


def test_switch_games_caps_the_rounds_as_a_class_does() -> None:
    games = measures.switch_games("magie-1904", ["landlord"] * 4, range(5), "round:6", rounds=12)
    assert games["switched"].all() and (games["gap_final"] >= 0).all()


def test_the_words_name_each_seat_and_no_raw_values() -> None:
    games = rows()
    text = re.sub(r"<[^>]+>", " ", wins_per_seat_html(games) + land_buyers_html(games))
    assert "each seat" in text and "the landlord" in text and "for each seat" in text
    assert "share_per_seat" not in text and "winner_strategy" not in text and "0." not in text
    jump = measures.switch_games("magie-1906", LESSON_1, range(4), "round:15")
    assert "jumped" in jumps_html(jump, "at round 15")


def test_wealth_measures_of_a_game_beyond_one_gini() -> None:
    """Issue 36, point 4: "Measures beyond one Gini ...: who receives the land rent (players or
    the Treasury), how many players go bankrupt, the poorest player's share, total wealth, and
    a Gini that is fair at four players (say which)" — each worked here from the game's own
    count and its logged transfers, not from the function's own sums."""
    from landlord.analysis.metrics import transfers
    from landlord.data.loader import load_ruleset
    from landlord.engine.inequality import gini
    from landlord.runs.simulate import play_one

    g = play_one(load_ruleset("british-1913-sequence"), LESSON_1, 3, log=True)
    m = measures.wealth_measures(g)
    assert set(m) == set(measures.WEALTH_MEASURES)
    totals = [c.total for c in g.results()]
    assert m["total"] == sum(totals) and m["gini"] == gini(totals)
    assert math.isclose(m["gini_sample"], m["gini"] * 4 / 3)  # the sample form at four players
    assert math.isclose(m["poorest_share"], min(totals) / sum(totals))
    t = transfers(g)
    assert m["rent_to_players"] == t.loc[(t["kind"] == "rent") & (t["to_seat"] >= 0), "amount"].sum() > 0
    assert m["rent_to_public"] == t.loc[(t["kind"] == "land_rent") & (t["to"] == "Public Treasury"), "amount"].sum() > 0
    assert m["bankrupt"] == sum(g.rules.pieces(s)["bankruptcies"] > 0 for s in range(4))
    # a family that does not count bankruptcies says so (NaN), rather than 0
    assert math.isnan(measures.wealth_measures(play_one(load_ruleset("magie-1904"), LESSON_1, 3))["bankrupt"])


def test_a_paired_change_is_the_mean_difference_game_by_game() -> None:
    from landlord.runs.decompose import change

    c = change([10.0, 20.0, 30.0], [12.0, 21.0, 33.0])
    assert (c.first, c.second, c.diff, c.games) == (20.0, 22.0, 2.0, 3)
    assert c.low < 2.0 < c.high and math.isclose(c.relative, 0.1)
    with pytest.raises(ValueError, match="paired"):
        change([1.0], [1.0, 2.0])


def test_part2_rates_are_paid_by_visitors_and_the_what_if_charges_none() -> None:
    """Part 2: "When a player alights on an improved site he ... [pays] the RATES to the Public
    Treasury": as written the visitors pay rates; in the what-if without them nobody does, and
    everything else is the same game (the same seeds)."""
    from landlord.runs.decompose import rates_paid_by_visitors

    r = rates_paid_by_visitors(6)
    assert r["rates"].first == 0 and r["rates"].second > 0 and r["rates"].games == 6
    assert r["cards"].first > 0 and r["spent"].first > 0


def test_the_three_parts_in_order_say_who_paid_the_land_value_tax_and_where_the_money_went() -> None:
    """Part 3: the owner "must immediately restore the equivalent amount to the Public Treasury":
    the seats' shares of the tax add up to the whole tax, and a seat pays where it received
    rent; without the tax the public takes in only the rent of the Government's land; the
    Treasury's takings and payments are the ledger's, by kind."""
    from landlord.runs.decompose import british1913_in_order

    o = british1913_in_order(4)
    assert list(o.payers["player"]) == ["landlord", "tenant", "speculator", "landlord"]
    assert math.isclose(o.payers["share of the tax"].sum(), 1.0)
    assert math.isclose(o.payers["place when Part 3 began"].sum(), 1 + 2 + 3 + 4)
    # the tax is the rent a holder's sites bring him, restored: it follows the rent he received
    assert (o.payers["tax paid"] > 0).eq(o.payers["rent received in Part 3"] > 0).all()
    public = o.measures.set_index("key").loc["rent_to_public"]
    assert public["with the tax"] > public["without it"] >= 0
    inflow = o.treasury[o.treasury["direction"] == "in"].set_index("flow")["amount"]
    # the players' tax is part of what the public took in (the rest: rent of the Government's land)
    assert 0 < o.payers["tax paid"].sum() <= inflow["land rent and land value tax to the public"] + 1e-9
    assert 0 <= o.kept <= 1
