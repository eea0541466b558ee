"""The what-if lab's and the class dashboard's charts say what they show (issue 25, point 4):
each words function on a small frame made by hand, its sentence worked out by hand from the
frame; an empty frame's sentence; the chart carries the sentence as its description, and the
tables of numbers have their columns in plain words."""

from __future__ import annotations

import pandas as pd

from landlord.charts import figures as lib
from landlord.charts.lab import lab_numbers
from landlord.charts.numbers import class_final_numbers, tables_gini_numbers


def hist() -> pd.DataFrame:
    """A's 4 games: 2 in (0.1, 0.2], 1 in (0.2, 0.3], 1 in (0.3, 0.4]; B's 1 game in (0.3, 0.4]."""
    edges = [(0.0, 0.1), (0.1, 0.2), (0.2, 0.3), (0.3, 0.4)]
    counts = {"A": [0, 2, 1, 1], "B": [0, 0, 0, 1]}
    return pd.DataFrame([{"scenario": s, "bin_start": lo, "bin_end": hi, "count": c, "share": c / sum(cs)}
                         for s, cs in counts.items() for (lo, hi), c in zip(edges, cs, strict=True)])


def test_final_gini_words_count_the_games_and_find_the_middle_bin() -> None:
    # A: 4 games, non-empty bins from 0.1 to 0.4; the 2nd game (half of 4) is in the bin ending at 0.2.
    # B: a single game: no "half of them".
    words = lib.final_gini_words(hist(), "scenario", "Final Gini by scenario")
    assert words == ("Final Gini by scenario: A, 4 games between 0.10 and 0.40, half of them at or below 0.20; "
                     "B, 1 game between 0.30 and 0.40.")
    chart = lib.final_gini_chart(hist(), "scenario", title="Final Gini by scenario", what="Final Gini by scenario")
    assert chart.to_dict()["description"] == words
    # the question in the title, the Gini's form in the description (issue 38.4)
    asked = lib.final_gini_chart(hist(), "scenario", form="Gini (population form; debts count as 0)").to_dict()
    assert asked["title"] == lib.SPREAD_AT_END and "form" not in asked["title"]
    assert asked["description"].endswith("Measured as the Gini (population form; debts count as 0).")
    assert "form" not in asked["encoding"]["x"]["title"]
    empty = hist().assign(count=0, share=0.0)
    assert lib.final_gini_words(empty, "scenario") == "Final Gini: no games yet."
    assert lib.final_gini_words(hist().iloc[:0], "scenario") == "Final Gini: no games yet."


def band() -> pd.DataFrame:
    return pd.DataFrame({"scenario": ["A", "A", "A", "B", "B", "C", "C"], "turn": [3, 1, 2, 1, 2, 1, 4],
                         "mean": [0.31, 0.05, 0.20, 0.10, 0.104, 0.30, 0.12],
                         "lo": [0.2] * 7, "hi": [0.4] * 7, "n": [5, 8, 6, 8, 8, 8, 3]})


def test_mean_interval_words_say_where_each_scenario_started_and_ended() -> None:
    # A in turn order: 0.05 at 1 ... 0.31 at 3; B moves 0.004 (under half a hundredth); C falls.
    words = lib.mean_interval_words(band(), "turn", "scenario", "Mean Gini over turns")
    assert words == ("Mean Gini over turns: A rose from 0.05 to 0.31 over turns 1 to 3; "
                     "B stayed near 0.10 over turns 1 to 2; C fell from 0.30 to 0.12 over turns 1 to 4.")
    chart = lib.mean_interval_chart(band(), "turn", "scenario", title="Mean Gini over turns")
    assert chart.to_dict()["description"] == words
    empty = lib.mean_interval_words(band().iloc[:0], what="Mean Gini over turns")
    assert empty == "Mean Gini over turns: no games yet."


def wins() -> pd.DataFrame:
    return pd.DataFrame({"scenario": ["A", "A", "B", "B"], "strategy": ["landlord", "tenant"] * 2,
                         "wins": [1, 3, 0, 0], "games": [4, 4, 2, 2], "win_share": [0.25, 0.75, 0.0, 0.0],
                         "seat_share": [0.75, 0.25, 0.5, 0.5]})


def test_win_share_words_name_the_strategy_that_won_most_against_its_seats() -> None:
    # A: tenant won 3 of 4 games (75%) from a quarter of the seats; B: nobody won.
    words = lib.win_share_words(wins(), "scenario", "Winners by strategy")
    assert words == ("Winners by strategy: A, tenant won most: 75% of 4 games, with 25% of the seats; "
                     "B, no strategy won.")
    assert lib.win_share_chart(wins(), "scenario", "Winners by strategy").to_dict()["description"] == words
    assert lib.win_share_words(wins().iloc[:0]) == "Winners by strategy: no games yet."


def flows() -> pd.DataFrame:
    return pd.DataFrame({"scenario": ["A"] * 4 + ["B"] * 3,
                         "flow": ["wages", "rent", "fines", "tax", "rent", "tax", "fines"],
                         "mean_per_game": [800.0, 1234.4, 5.0, 300.2, 2000.6, 10.0, 0.0]})


def test_flow_means_words_give_each_scenario_its_three_largest_kinds() -> None:
    # A largest first: rent 1,234 (1234.4), wages 800, tax 300 (fines 5 is the fourth);
    # B: rent 2,001 (2000.6), tax 10; fines moved nothing.
    words = lib.flow_means_words(flows(), "scenario", "Mean money per game")
    assert words == ("Mean money per game, largest first: A, rent 1,234, wages 800, tax 300; "
                     "B, rent 2,001, tax 10.")
    assert lib.flow_means_chart(flows(), "scenario", "Mean money per game").to_dict()["description"] == words
    nothing = flows().assign(mean_per_game=0.0)
    assert lib.flow_means_words(nothing) == "Where the money went (mean per game): no money moved yet."


def test_the_lab_s_tables_have_their_columns_in_plain_words() -> None:
    numbers = lab_numbers({"hist": hist(), "band": band(), "wins": wins(), "flows": flows()})
    final, over_turns, winners, money = (table for _, table in numbers)
    assert final is not None and list(final.columns) == ["scenario", "final Gini from", "to", "games",
                                                         "share of games"]
    assert len(final) == 4 and list(final["share of games"]) == ["50%", "25%", "25%", "100%"]  # non-empty bins
    assert over_turns is not None and "games still going" in over_turns.columns
    assert winners is not None and list(winners["share of games won"]) == ["25%", "75%", "0%", "0%"]
    assert money is not None and list(money.columns) == ["scenario", "kind of flow", "mean per game"]
    assert numbers[2][0].startswith("Winners by strategy: A, tenant won most")


def tables() -> pd.DataFrame:
    """Table 2 flat under one rule; table 1 (rows out of order) switched to the single tax at turn 2
    and back to landlordism at turn 4."""
    return pd.DataFrame({"table": [2, 2, 1, 1, 1, 1], "turn": [1, 5, 3, 1, 2, 4], "round": [1, 2, 1, 1, 1, 2],
                         "phase": ["p"] * 6,
                         "rules": ["landlordism", "landlordism", "the single tax", "landlordism", "the single tax",
                                   "landlordism"],
                         "gini": [0.10, 0.10, 0.19, 0.0, 0.1, 0.2]})


def test_tables_gini_words_give_each_table_its_start_end_and_rule_changes() -> None:
    words = lib.tables_gini_words(tables())
    assert words == ("Every table's Gini over turns: table 1 rose from 0.00 to 0.20 over turns 1 to 4, "
                     "the rules changing to the single tax at turn 2, the rules changing to landlordism at turn 4; "
                     "table 2 stayed near 0.10 over turns 1 to 5.")
    assert lib.tables_gini_chart(tables()).to_dict()["description"] == words
    assert lib.tables_gini_words(tables().iloc[:0]) == "Every table's Gini over turns: no table has played yet."
    said, table = tables_gini_numbers(tables())
    assert said == words and table is not None
    assert list(table.columns) == ["turn", "table 1", "table 2"]
    assert table.set_index("turn").loc[4, "table 1"] == 0.2 and table.set_index("turn").loc[5, "table 2"] == 0.1


def class_frames() -> tuple[pd.DataFrame, pd.DataFrame]:
    rows = pd.DataFrame({"table": [1, 2, 3], "regime": ["the single tax", "the single tax", "landlordism"],
                         "gini_population": [0.10, 0.20, 0.30]})
    band = pd.DataFrame({"regime": ["the single tax"] * 3 + ["landlordism"], "gini": [0.05, 0.30, 0.15, 0.40]})
    return rows, band


def test_class_final_gini_words_give_the_tables_range_beside_the_bot_games() -> None:
    # single tax: tables 0.10 and 0.20; bot games 0.05, 0.30, 0.15 (median 0.15). landlordism: one of each.
    rows, band = class_frames()
    words = lib.class_final_gini_words(rows, band)
    assert words == ("Final Gini by the rules in force at the end: the single tax, 2 tables from 0.10 to 0.20, "
                     "3 bot games from 0.05 to 0.30, middle 0.15; landlordism, 1 table at 0.30, 1 bot game at 0.40.")
    assert lib.class_final_gini_chart(rows, band).to_dict()["description"] == words
    no_bots = lib.class_final_gini_words(rows, band.iloc[:0])
    assert no_bots.endswith("the single tax, 2 tables from 0.10 to 0.20; landlordism, 1 table at 0.30.")
    assert lib.class_final_gini_words(rows.iloc[:0], band.iloc[:0]).endswith(": no table has played yet.")
    said, table = class_final_numbers(rows, band)
    assert said == words and table is not None
    first = table.iloc[0]
    assert first["tables' final Gini"] == "table 1: 0.10, table 2: 0.20"
    assert (first["bot games"], first["lowest"], first["middle"], first["highest"]) == (3, 0.05, 0.15, 0.30)


def test_a_printed_chart_carries_its_sentence_as_its_svg_desc() -> None:
    rows, band = class_frames()
    svg = lib.svg_text(lib.class_final_gini_chart(rows, band))
    assert svg.startswith('<svg') and 'role="img"' in svg
    assert "<desc>Final Gini by the rules in force at the end: the single tax, 2 tables" in svg


def test_the_interval_words_say_an_x_that_is_already_plural_once() -> None:
    """"over wages 50 to 200", not "over wagess" (lesson 5's chart said so)."""
    band = pd.DataFrame({"wages": [50, 200], "mean": [0.1, 0.2], "lo": [0.05, 0.15], "hi": [0.15, 0.25]})
    assert "over wages 50 to 200" in lib.mean_interval_words(band, x="wages", by=None)
