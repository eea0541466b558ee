"""The measurements the lessons show beside their claims (landlord.runs.measures, landlord.widgets.measures)."""

from __future__ import annotations

import math
import re

import pandas as pd
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
    """benchmarks/magie1906_switch_jump.py (the same games) measured lesson 2's jump."""
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
