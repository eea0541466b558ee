"""Tidy frames from games: the panel against the ledger and the buy events, the transfers
table against the ledger's flows, flow categories, the per-game summary, chart inputs."""

from __future__ import annotations

import math

import pandas as pd
import pytest

from landlord import metrics as M
from landlord.game import Game
from landlord.inequality import gini, measures
from landlord.loader import load_ruleset
from landlord.simulate import play_one
from landlord.strategies import make_strategy

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
    assert last["net_worth"].tolist() == [r["total"] for r in results]
    assert last["cash"].tolist() == [game.cash(s) for s in range(4)]
    assert last["debts"].tolist() == [r["owed"] for r in results]


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
    g = Game(rs, [None, make_strategy("tenant", "x")], seed=5)
    while g.pending is not None and g.turn < 3:
        g.act(g.pending.options[-1])
    df = M.panel(g)
    assert df["turn"].max() == g.turn and not g.over
    live = df[df["turn"] == g.turn].sort_values("seat")["net_worth"].tolist()
    assert live == [r["total"] for r in g.results()]


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
    by_reason = one.groupby("reason")["amount"].sum().to_dict()
    assert by_reason == dict(game.ledger.flows)
    seats = one[one["from_seat"] >= 0]
    assert (seats["from"] == seats["from_seat"].map(lambda s: game.names[s])).all()


def test_flow_categories_1904(transfers: pd.DataFrame) -> None:
    """Rent: "he must pay the rent to the owner" — player to player, rent to landlords; renting
    an unheld lot pays "the rent to the Public treasury" — land rent to the public."""
    flows = transfers.groupby("reason")["flow"].unique().map(list).to_dict()
    assert flows["rent"] == ["rent to landlords"]
    assert flows["half rent"] == ["rent to landlords"]
    assert flows["rent to treasury"] == ["land rent and tax to treasury"]
    assert flows["wages"] == ["wages"]
    assert flows["lot purchase"] == ["land purchases"]
    assert flows["necessity tax"] == ["other"]


@pytest.mark.parametrize("reason, src, dst, sp, dp, flow", [
    ("land value tax", "Player 1", "Public Treasury", True, False, "land rent and tax to treasury"),
    ("rates", "Player 2", "Bank", True, False, "land rent and tax to treasury"),
    ("single tax", "Player 2", "Public Treasury", True, False, "land rent and tax to treasury"),
    ("income tax", "Player 1", "Bank", True, False, "other"),
    ("salary", "Bank", "Player 1", False, True, "wages"),
    ("interest", "Player 1", "Player 2", True, True, "interest"),
    ("free college", "Public Treasury", "Player 3", False, True, "treasury spending"),
    ("rent", "Player 1", "Public Treasury", True, False, "land rent and tax to treasury"),
    ("current account", "Player 1", "Player 2", True, True, "other"),
])
def test_flow_rules(reason: str, src: str, dst: str, sp: bool, dp: bool, flow: str) -> None:
    assert M.flow_of(reason, src, dst, sp, dp) == flow


def test_money_flows_fill_and_accumulate(game: Game, transfers: pd.DataFrame) -> None:
    one = transfers[transfers["game"] == game.seed]
    flows = M.money_flows(one)
    assert list(flows.columns) == ["game", "turn", "flow", "amount", "cumulative"]
    ticks = one["turn"].max() - one["turn"].min() + 1
    assert len(flows) == ticks * 5
    final = flows[flows["turn"] == flows["turn"].max()].set_index("flow")["cumulative"]
    totals = one.groupby("flow")["amount"].sum()
    for f in final.index:
        assert final[f] == totals.get(f, 0)
    with pytest.raises(ValueError, match="'turn' or 'round'"):
        M.money_flows(one, by="week")


def test_flow_queries(game: Game, transfers: pd.DataFrame) -> None:
    one = transfers[transfers["game"] == game.seed]
    rent = M.rent_to_landlords(one)
    assert rent["amount"].sum() == game.ledger.flows["rent"] + game.ledger.flows["half rent"]
    assert set(rent["to"]) <= set(game.names)
    assert M.wages(one)["amount"].sum() == game.ledger.flows["wages"]
    assert M.land_tax_to_treasury(one)["amount"].sum() == game.ledger.flows["rent to treasury"]
    assert M.interest(one)["amount"].sum() == game.ledger.flows.get("interest", 0)
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
        totals = [r["total"] for r in g.results()]
        assert row["gini_population"] == pytest.approx(gini(totals))
        assert row["gini_sample"] == pytest.approx(gini(totals, "sample"))
        assert row["turns"] == g.turn and row["winner"] == g.names[totals.index(max(totals))]
        flow_total = sum(v for k, v in row.items() if k.startswith("flow: "))
        assert flow_total == sum(g.ledger.flows.values())


def test_inequality_by_turn(game: Game, panel: pd.DataFrame) -> None:
    df = M.inequality_by_turn(panel[panel["game"] == game.seed])
    assert len(df) == game.turn + 1
    assert df.iloc[0]["gini_population"] == 0.0  # everyone worth $500 after set-up
    last = measures([r["total"] for r in game.results()])
    for k, v in last.items():
        assert df.iloc[-1][k] == pytest.approx(v)
    g = M.gini_frame(panel[panel["game"] == game.seed], "sample")
    assert g["form"].unique().tolist() == ["Gini (sample form, population × n/(n−1); debts count as 0)"]
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

    from landlord.phases import Trigger
    from landlord.ruleset import Phase

    rs = load_ruleset("magie-1904")
    rs = dataclasses.replace(rs, phases={**rs.phases, "later": Phase("later", "the same rules, later")})
    g = Game(rs, [make_strategy(b, str(i)) for i, b in enumerate(BOTS)], seed=2,
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
    out = M.mean_interval(df, "turn", "gini", "regime")
    first = out.iloc[0]
    assert first["mean"] == pytest.approx(0.2) and first["n"] == 3
    assert first["hi"] - first["mean"] == pytest.approx(1.96 * 0.1 / math.sqrt(3))
    assert out.iloc[1]["lo"] == out.iloc[1]["hi"] == 0.5


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
