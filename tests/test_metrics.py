"""Tidy frames from games: the panel against the ledger and the buy events, the transfers
table against the ledger's flows, the words of each kind, the per-game summary, chart inputs."""

from __future__ import annotations

import math

import pandas as pd
import pytest

from landlord.analysis import metrics as M
from landlord.analysis import stats as S
from landlord.data.loader import load_ruleset
from landlord.engine import flows
from landlord.engine.flows import HEADLINE, Flow
from landlord.engine.game import Game
from landlord.engine.inequality import GINI_FORMS, gini, measures
from landlord.players.characters import make_strategy
from landlord.rules.families import FamilyGame
from landlord.runs.simulate import play_one

BOTS = ["landlord", "tenant", "speculator", "landlord"]


@pytest.fixture(scope="module")
def games() -> list[Game]:
    rs = load_ruleset("magie-1904")
    return [play_one(rs, BOTS, seed, log=True) for seed in (3, 11)]


@pytest.fixture(scope="module")
def game(games: list[Game]) -> Game:
    return games[0]


@pytest.fixture(scope="module")
def panel(games: list[Game]) -> pd.DataFrame:
    return M.panel(games)


@pytest.fixture(scope="module")
def transfers(games: list[Game]) -> pd.DataFrame:
    return M.transfers(games)


# -- the per-turn panel -------------------------------------------------------------------
def test_panel_shape_and_columns(game: Game, panel: pd.DataFrame) -> None:
    assert list(panel.columns) == list(M.PANEL_COLUMNS)
    one = panel[panel["game"] == game.seed]
    assert len(one) == 4 * (game.turn + 1)  # turn 0 (set-up) to the last turn, every player
    assert one["turn"].tolist()[::4] == list(range(game.turn + 1))
    assert set(one["player"]) == set(game.names)


def test_panel_net_worth_adds_up(panel: pd.DataFrame) -> None:
    parts = panel["cash"] + panel["land"] + panel["improvements"] + panel["other"] - panel["debts"]
    assert (parts == panel["net_worth"]).all()


def test_panel_last_turn_is_the_final_count(game: Game, panel: pd.DataFrame) -> None:
    last = panel[(panel["game"] == game.seed) & (panel["turn"] == game.turn)].sort_values("seat")
    results = game.results()
    assert last["net_worth"].tolist() == [r.total for r in results]
    assert last["cash"].tolist() == [game.cash(s) for s in range(4)]
    assert last["debts"].tolist() == [r.debts for r in results]


def test_panel_setup_keeps_worth_at_start_cash(game: Game, panel: pd.DataFrame) -> None:
    """Setup: "Each player is provided with five hundred dollars"; buying a lot ticket's lot at
    its price turns cash into land at value, so at the end of set-up everyone is worth $500."""
    setup = panel[(panel["game"] == game.seed) & (panel["turn"] == 0)]
    assert (setup["net_worth"] == 500).all()
    assert (setup["land"] > 0).any()


def test_panel_cash_is_the_fold_of_the_transfers(game: Game, panel: pd.DataFrame) -> None:
    """Cash in the snapshots equals the running sum of the logged transfers, turn by turn."""
    cash = dict.fromkeys(game.names, 0)
    by_turn: dict[int, dict[str, int]] = {}
    for e in game.events or []:
        if e.kind == "transfer":
            if e.get("from") in cash:
                cash[e.get("from")] -= e.get("amount")
            if e.get("to") in cash:
                cash[e.get("to")] += e.get("amount")
        by_turn[e.turn] = dict(cash)
    one = panel[panel["game"] == game.seed]
    last: dict[str, int] = dict.fromkeys(game.names, 0)
    for t in range(game.turn + 1):
        last = by_turn.get(t, last)
        rows = one[one["turn"] == t].set_index("player")["cash"].to_dict()
        assert rows == last, t


def test_panel_land_is_the_fold_of_buy_events(game: Game, panel: pd.DataFrame) -> None:
    """1904 has no selling of lots: land at value is the sum of the prices of lots bought."""
    prices = {s.index: s.price for s in game.board.spaces}
    land = dict.fromkeys(range(4), 0)
    by_turn: dict[int, dict[int, int]] = {}
    for e in game.events or []:
        if e.kind == "buy":
            land[e.seat] += prices[e.get("space")]
        by_turn[e.turn] = dict(land)
    one = panel[panel["game"] == game.seed]
    last = dict.fromkeys(range(4), 0)
    for t in range(game.turn + 1):
        last = by_turn.get(t, last)
        assert one[one["turn"] == t].set_index("seat")["land"].to_dict() == last


def test_panel_needs_a_log() -> None:
    g = play_one(load_ruleset("magie-1904"), BOTS[:2], 1, log=False)
    assert g.snapshots is None
    with pytest.raises(ValueError, match="log=False"):
        M.panel(g)
    with pytest.raises(ValueError, match="log=False"):
        M.transfers(g)


def test_panel_of_a_game_in_progress() -> None:
    """A person's seat: the game waits; the panel shows the turns so far and the live count."""
    rs = load_ruleset("magie-1904")
    g = FamilyGame(rs, [None, make_strategy("tenant", "x")], seed=5)
    while g.pending is not None and g.turn < 3:
        g.act(g.pending.options[-1])
    df = M.panel(g)
    assert df["turn"].max() == g.turn and not g.over
    live = df[df["turn"] == g.turn].sort_values("seat")["net_worth"].tolist()
    assert live == [r.total for r in g.results()]


def test_snapshots_do_not_change_play() -> None:
    """Snapshots are taken only with a log, and the game plays identically either way."""
    rs = load_ruleset("magie-1904")
    a = play_one(rs, BOTS, 8, log=True)
    b = play_one(rs, BOTS, 8, log=False)
    assert a.results() == b.results() and a.turn == b.turn
    assert len(a.snapshots or []) == a.turn


# -- transfers and flows ----------------------------------------------------------------------------
def test_transfers_match_the_ledger(game: Game, transfers: pd.DataFrame) -> None:
    one = transfers[transfers["game"] == game.seed]
    assert list(transfers.columns) == list(M.TRANSFER_COLUMNS)
    assert len(one) == sum(1 for e in game.events or [] if e.kind == "transfer")
    by_kind = one.groupby("kind")["amount"].sum().to_dict()
    assert by_kind == dict(game.ledger.flows)
    seats = one[one["from_seat"] >= 0]
    assert (seats["from"] == seats["from_seat"].map(lambda s: game.names[s])).all()


def test_flow_words_1904(transfers: pd.DataFrame) -> None:
    """The ``flow`` column is the kind in the words students see: "he must pay the rent to the
    owner" is rent to landholders; renting an unheld lot pays "the rent to the Public treasury",
    land rent to the public; the necessity tax is a tax on goods."""
    flows = transfers.groupby("reason")["flow"].unique().map(list).to_dict()
    assert flows["rent"] == flows["half rent"] == ["rent to landholders"]
    assert flows["rent to treasury"] == ["land rent and land value tax to the public"]
    assert flows["wages"] == ["wages"]
    assert flows["lot purchase"] == ["land bought from the Bank or the public"]
    assert flows["necessity tax"] == ["taxes on income and goods"]
    assert (transfers["flow"] == transfers["kind"].map(lambda k: Flow(k).words)).all()


def test_money_flows_fill_and_accumulate(game: Game, transfers: pd.DataFrame) -> None:
    one = transfers[transfers["game"] == game.seed]
    flows = M.money_flows(one)
    assert list(flows.columns) == ["game", "turn", "flow", "amount", "cumulative"]
    ticks = one["turn"].max() - one["turn"].min() + 1
    assert len(flows) == ticks * len(HEADLINE)
    assert set(flows["flow"]) == {k.words for k in HEADLINE}
    final = flows[flows["turn"] == flows["turn"].max()].set_index("flow")["cumulative"]
    totals = one.groupby("flow")["amount"].sum()
    for f in final.index:
        assert final[f] == totals.get(f, 0)
    with pytest.raises(ValueError, match="'turn' or 'round'"):
        M.money_flows(one, by="week")


def test_flow_queries(game: Game, transfers: pd.DataFrame) -> None:
    one = transfers[transfers["game"] == game.seed]
    rent = M.rent_to_landlords(one)
    assert rent["amount"].sum() == game.ledger.flows[flows.RENT] > 0
    assert set(rent["to"]) <= set(game.names)
    assert M.wages(one)["amount"].sum() == game.ledger.flows[flows.WAGES]
    assert M.land_tax_to_treasury(one)["amount"].sum() == game.ledger.flows[flows.LAND_RENT]
    assert M.interest(one)["amount"].sum() == game.ledger.flows.get(flows.INTEREST, 0)
    assert M.treasury_spending(one).empty  # the 1904 treasury never pays anything out


def test_treasury_spending_groups_by_reason() -> None:
    df = pd.DataFrame([
        {"game": 1, "phase": "single tax", "from": "Public Treasury", "to": "Player 1", "amount": 50,
         "reason": "free college"},
        {"game": 1, "phase": "single tax", "from": "Public Treasury", "to": "Player 1", "amount": 30,
         "reason": "free college"},
        {"game": 1, "phase": "single tax", "from": "Player 1", "to": "Public Treasury", "amount": 9,
         "reason": "land value tax"},
    ])
    out = M.treasury_spending(df)
    assert out.to_dict("records") == [{"game": 1, "phase": "single tax", "reason": "free college",
                                        "to": "Player 1", "amount": 80}]


# -- summary and inequality by turn --------------------------------------------------------------
def test_summary_one_row_per_game(games: list[Game]) -> None:
    s = M.summary(games)
    assert len(s) == 2
    for g, row in zip(games, s.to_dict("records"), strict=True):
        totals = [r.total for r in g.results()]
        assert row["gini_population"] == pytest.approx(gini(totals))
        assert row["gini_sample"] == pytest.approx(gini(totals, "sample"))
        assert row["turns"] == g.turn and row["winner"] == g.names[totals.index(max(totals))]
        assert {k: v for k, v in row.items() if k.startswith("flow_")} == {
            f"flow_{k.value}": g.ledger.flows.get(k, 0) for k in Flow}


def test_inequality_by_turn(game: Game, panel: pd.DataFrame) -> None:
    df = M.inequality_by_turn(panel[panel["game"] == game.seed])
    assert len(df) == game.turn + 1
    assert df.iloc[0]["gini_population"] == 0.0  # everyone worth $500 after set-up
    last = measures([r.total for r in game.results()])
    for k, v in last.items():
        assert df.iloc[-1][k] == pytest.approx(v)
    g = M.gini_frame(panel[panel["game"] == game.seed], "sample")
    assert g["form"].unique().tolist() == [GINI_FORMS["sample"]]
    assert g["gini"].tolist() == pytest.approx(df["gini_sample"].tolist())


# -- chart inputs -----------------------------------------------------------------------------------
def test_phase_spans_tile_the_turns() -> None:
    df = pd.DataFrame({"game": [1] * 6, "turn": range(6),
                       "phase": ["landlord", "landlord", "single tax", "single tax", "single tax",
                                 "landlord"]})
    spans = M.phase_spans(df)
    assert spans[["phase", "start", "end"]].values.tolist() == [
        ["landlord", 0, 2], ["single tax", 2, 5], ["landlord", 5, 5]]


def test_phase_change_shows_in_panel_transfers_and_spans() -> None:
    """A phase switched on at turn 10 (a second phase with the same numbers, so play is the
    1904 game's): the panel, the transfers and the spans all carry it from turn 10 on."""
    import dataclasses

    from landlord.data.ruleset import Phase
    from landlord.engine.phases import Trigger

    rs = load_ruleset("magie-1904")
    rs = dataclasses.replace(rs, phases={**rs.phases, "later": Phase("later", "the same rules, later")})
    g = FamilyGame(rs, [make_strategy(b, str(i)) for i, b in enumerate(BOTS)], seed=2,
             triggers=[Trigger("later", "turn", 10)])
    g.run()
    ch = M.phase_changes(g)
    assert ch[["turn", "old", "new", "cause"]].values.tolist() == [[10, "landlord", "later", "turn:10"]]
    p = M.panel(g)
    assert set(p[p["turn"] < 10]["phase"]) == {"landlord"} and set(p[p["turn"] >= 10]["phase"]) == {"later"}
    spans = M.phase_spans(p)
    assert spans[["phase", "start", "end"]].values.tolist() == [["landlord", 0, 10], ["later", 10, g.turn]]
    t = M.transfers(g)
    assert set(t[t["turn"] > 10]["phase"]) == {"later"}
    assert M.phase_end_turns(p, g.seed) == {"landlord": 9, "later": g.turn}


def test_lorenz_frame_and_worths_at(game: Game, panel: pd.DataFrame) -> None:
    start = M.worths_at(panel, game.seed, 0)
    assert start == [500, 500, 500, 500]
    df = M.lorenz_frame({"start": start, "end": M.worths_at(panel, game.seed, game.turn)})
    assert len(df) == 10 and set(df["label"]) == {"start", "end"}
    assert df[df["label"] == "start"]["wealth_share"].tolist() == pytest.approx([0, .25, .5, .75, 1])
    assert M.phase_end_turns(panel, game.seed) == {"landlord": game.turn}
    with pytest.raises(ValueError, match="no turn 99999"):
        M.worths_at(panel, game.seed, 99999)


def test_mean_interval_by_hand() -> None:
    df = pd.DataFrame({"turn": [1, 1, 1, 2], "regime": ["a"] * 4, "gini": [0.1, 0.2, 0.3, 0.5]})
    out = S.interval_table(df, "turn", "gini", "regime")
    first = out.iloc[0]
    assert first["mean"] == pytest.approx(0.2) and first["n"] == 3
    assert first["hi"] - first["mean"] == pytest.approx(1.96 * 0.1 / math.sqrt(3))
    assert out.iloc[1]["lo"] == out.iloc[1]["hi"] == 0.5


def test_mean_interval_clipped_to_bounds() -> None:
    """A Gini's interval is clipped to [0, 1]: 0 and 0.5 give mean 0.25 ± 0.49 → lo 0."""
    df = pd.DataFrame({"turn": [1, 1], "gini": [0.0, 0.5]})
    raw = S.interval_table(df, "turn", "gini").iloc[0]
    half = 1.96 * math.sqrt(0.125) / math.sqrt(2)
    assert raw["lo"] == pytest.approx(0.25 - half) and raw["lo"] < 0
    out = S.interval_table(df, "turn", "gini", bounds=(0.0, 1.0)).iloc[0]
    assert out["lo"] == 0.0 and out["hi"] == pytest.approx(0.25 + half) and out["mean"] == 0.25


def test_histogram_counts() -> None:
    df = pd.DataFrame({"regime": ["a"] * 4 + ["b"] * 2, "g": [0.0, 0.1, 0.9, 1.0, 0.5, 0.5]})
    h = M.histogram(df, "g", "regime", bins=2)
    assert h.groupby("regime")["count"].sum().to_dict() == {"a": 4, "b": 2}
    assert h[h["regime"] == "a"]["count"].tolist() == [2, 2]
    assert h[h["regime"] == "b"]["share"].sum() == pytest.approx(1.0)


def test_board_frame_ring(game: Game) -> None:
    df = M.game_board_frame(game)
    assert len(df) == 40
    corners = df.set_index("index").loc[[0, 10, 20, 30], ["x", "y"]].values.tolist()
    assert corners == [[10, 0], [0, 0], [0, 10], [10, 10]]
    assert len({(x, y) for x, y in zip(df["x"], df["y"], strict=True)}) == 40
    owned = {i for i, s in enumerate(game.rules.owner) if s >= 0}
    assert set(df[df["owner"] != ""]["index"]) == owned
    tokens = M.tokens_frame(game)
    assert len(tokens) == 4 and set(tokens["player"]) == set(game.names)


def test_round_ends_shrink_a_long_panel(game: Game, panel: pd.DataFrame) -> None:
    one = panel[panel["game"] == game.seed]
    ends = M.round_ends(one)
    assert len(ends) == 4 * (game.round + 1)  # the set-up and every round, every player
    last = ends[ends["round"] == 5]["turn"].unique().tolist()
    assert last == [one[one["round"] == 5]["turn"].max()]
    assert ends[ends["turn"] == game.turn]["net_worth"].tolist() == \
        one[one["turn"] == game.turn]["net_worth"].tolist()


# -- many games: a sweep's rows and per-turn panel ----------------------------------------------------
def sweep_panel() -> pd.DataFrame:
    """Two cells of a sweep, each with its games 0 and 1 (so ``game`` alone does not name a
    game), two seats; no ``round``/``phase`` columns. Cell 0 game 1 ends after turn 1."""
    rows = []
    worths = {(0, 0): [(100, 100), (0, 100), (50, 150)], (0, 1): [(100, 100), (100, 100)],
              (1, 0): [(100, 100), (300, 100), (0, 0)], (1, 1): [(100, 100), (100, 300), (200, 200)]}
    for (cell, game), turns in worths.items():
        for turn, pair in enumerate(turns):
            for seat, w in enumerate(pair):
                rows.append({"cell": cell, "game": game, "label": f"cell {cell}", "turn": turn, "seat": seat,
                             "net_worth": w})
    return pd.DataFrame(rows)


def test_inequality_by_turn_keys_name_a_sweeps_games() -> None:
    """With ``keys=("cell", "game")`` each game of each cell gets its own rows; a key column
    such as a label is carried along; round and phase are kept only when the panel has them."""
    df = M.inequality_by_turn(sweep_panel(), ["label", "cell", "game"])
    assert list(df.columns[:4]) == ["label", "cell", "game", "turn"] and "phase" not in df.columns
    assert len(df) == 3 + 2 + 3 + 3
    one = df[(df["cell"] == 1) & (df["game"] == 0)]
    assert one["gini_population"].tolist() == pytest.approx([0.0, 0.25, 0.0])  # 300/100: 200/(2·4·100)
    with pytest.raises(ValueError, match="a row per player"):
        M.inequality_by_turn(sweep_panel())  # game 0 of both cells would be mixed into one


def test_gini_by_turn_is_the_mean_over_the_games_still_running() -> None:
    """Worked by hand. Cell 0 after turn 1: (0, 100) has Gini 0.5, (100, 100) has 0 → mean 0.25,
    interval clipped at 0; after turn 2 only game 0 is running: (50, 150) → 0.25, n = 1."""
    band = M.gini_by_turn(sweep_panel(), "label")
    c0 = band[band["label"] == "cell 0"].set_index("turn")
    assert c0["n"].tolist() == [2, 2, 1] and c0["mean"].tolist() == pytest.approx([0.0, 0.25, 0.25])
    assert c0.loc[1, "lo"] == 0.0 and c0.loc[1, "hi"] == pytest.approx(0.25 + 1.96 * math.sqrt(0.125 / 2))
    assert c0.loc[2, "lo"] == c0.loc[2, "hi"] == pytest.approx(0.25)
    c1 = band[band["label"] == "cell 1"].set_index("turn")
    # turn 2: (0, 0) is equality (nobody holds anything) and (200, 200) too
    assert c1["mean"].tolist() == pytest.approx([0.0, 0.25, 0.0]) and c1["n"].tolist() == [2, 2, 2]
    sample = M.gini_by_turn(sweep_panel(), "label", "sample")
    assert sample.set_index(["label", "turn"]).loc[("cell 0", 2), "mean"] == pytest.approx(0.5)
    with pytest.raises(ValueError, match="unknown Gini form"):
        M.gini_by_turn(sweep_panel(), "label", "median")


def test_every_kth_thins_only_a_frame_over_the_limit() -> None:
    df = pd.DataFrame({"turn": list(range(10)) * 2})
    assert M.every_kth(df, 20) is df
    thin = M.every_kth(df, 7)  # 20 rows / 7 → every 3rd turn: 0, 3, 6, 9 twice
    assert thin["turn"].tolist() == [0, 3, 6, 9] * 2 and len(thin) <= 8


def rows_of_games() -> pd.DataFrame:
    """Sweep-like rows: group x has 3 played games and a failed one; group y has 1 game."""
    return pd.DataFrame({
        "group": ["x", "x", "x", "x", "y"],
        "status": ["ok", "ok", "ok", "failed", "ok"],
        "winner_strategy": ["landlord", "landlord", "tenant", None, "tenant"],
        "strategy_0": ["landlord", "landlord", "landlord", "landlord", "tenant"],
        "strategy_1": ["tenant", "tenant", "tenant", "tenant", "tenant"],
        "strategy_2": ["landlord", "landlord", "landlord", "landlord", None],
        "flow_rent": [10, 20, 60, None, 5],
        "flow_land_rent": [None, 30, None, None, 7],
    })


def test_played_drops_failed_games() -> None:
    rows = rows_of_games()
    assert M.played(rows)["status"].tolist() == ["ok"] * 4
    plain = rows.drop(columns="status")
    assert M.played(plain) is plain


def test_win_shares_by_hand() -> None:
    """x: landlord won 2 of 3 played games, tenant 1; landlord sits in 6 of 9 seats. y: tenant
    won its one game, sitting in both seats (a table of two: no third seat)."""
    w = M.win_shares(rows_of_games(), "group").set_index(["group", "strategy"])
    assert w.loc[("x", "landlord"), ["wins", "games"]].tolist() == [2, 3]
    assert w.loc[("x", "landlord"), "win_share"] == pytest.approx(2 / 3)
    assert w.loc[("x", "landlord"), "seat_share"] == pytest.approx(6 / 9)
    assert w.loc[("x", "tenant"), "seat_share"] == pytest.approx(3 / 9)
    assert w.loc[("y", "tenant"), ["wins", "games", "win_share", "seat_share"]].tolist() == [1, 1, 1.0, 1.0]
    assert ("y", "landlord") not in w.index
    empty = M.win_shares(rows_of_games().iloc[:0], "group")
    assert empty.empty and list(empty.columns) == ["group", "strategy", "wins", "games", "win_share", "seat_share"]


def test_flow_means_count_a_missing_kind_as_zero() -> None:
    """Mean per played game: x's land rent to the public is 30 over 3 games = 10 (not 30: the
    two games without it moved 0); the failed game does not count; ``kinds`` picks kinds; the
    flow is named in the kind's words."""
    f = M.flow_means(rows_of_games(), "group").set_index(["group", "flow"])["mean_per_game"]
    rent, land = flows.RENT.words, flows.LAND_RENT.words
    assert f[("x", rent)] == pytest.approx(30) and f[("x", land)] == pytest.approx(10)
    assert f[("y", rent)] == 5 and f[("y", land)] == 7
    only = M.flow_means(rows_of_games(), "group", kinds=(flows.LAND_RENT,))
    assert set(only["flow"]) == {land}
    assert list(M.flow_means(rows_of_games().drop(columns=["flow_rent", "flow_land_rent"]), "group").columns) == [
        "group", "flow", "mean_per_game"]


def test_flow_means_refuse_a_column_that_names_no_kind() -> None:
    """A sweep written before flows had kinds has reason columns: a one-line error names one."""
    old = rows_of_games().rename(columns={"flow_land_rent": "flow_rent_to_treasury"})
    with pytest.raises(ValueError, match="'flow_rent_to_treasury' names no kind of money flow"):
        M.flow_means(old, "group")
