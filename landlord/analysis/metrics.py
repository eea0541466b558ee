"""Tidy pandas frames from what a game records: its event log, its ledger and its snapshots.

Nothing here plays or changes a game: every frame is a fold over ``game.events`` (transfers,
phase changes), ``game.snapshots`` (the rules' own count of every seat at the end of each turn,
taken by the engine when the next turn starts) and ``game.results()`` (the count now).

Frames (one row per …):

* :func:`panel` — game × turn × player: ``game, ruleset, turn, round, phase, seat, player,
  cash, land, improvements, debts, other, net_worth, where``. Turn 0 is the set-up. The money
  columns are the fields of each seat's :class:`~landlord.engine.count.SeatCount`: ``land`` is land
  held at the value the count gives it, ``improvements`` houses/buildings at value, ``debts``
  what is owed, ``other`` everything else the count includes (money owed by others, luxuries,
  other cards: :attr:`SeatCount.other`), so ``net_worth = cash + land + improvements + other −
  debts`` exactly.
* :func:`transfers` — game × transfer: ``game, ruleset, turn, round, phase, from, to,
  from_seat, to_seat, amount, kind, reason, rule, flow`` (``kind`` is the transfer's
  :class:`~landlord.engine.flows.Flow`, set by the rule that moved the money; ``flow`` is its words).
* :func:`summary` — one row per game.
* money-flow queries on the transfers: :func:`money_flows`, :func:`rent_to_landlords`,
  :func:`land_tax_to_treasury`, :func:`wages`, :func:`interest`, :func:`treasury_spending`.
* inputs for charts: :func:`round_ends`, :func:`inequality_by_turn`, :func:`phase_spans`, :func:`phase_changes`,
  :func:`lorenz_frame`, :func:`mean_interval`, :func:`histogram`, :func:`board_frame`,
  :func:`tokens_frame`.
* many games (rows of :func:`landlord.runs.simulate.summary_row` / a sweep, and a sweep's per-turn
  panel): :func:`played`, :func:`gini_by_turn`, :func:`every_kth`, :func:`win_shares`,
  :func:`flow_means`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd

from landlord.analysis.stats import Z95, interval_table
from landlord.engine import flows
from landlord.engine.flows import COLUMN_PREFIX, HEADLINE, Flow, column_kind
from landlord.engine.inequality import GINI_FORMS, MEASURES, lorenz, measures, measures_array

if TYPE_CHECKING:
    from landlord.data.board import Board
    from landlord.engine.game import Game

PANEL_COLUMNS = ("game", "ruleset", "turn", "round", "phase", "seat", "player", "cash", "land",
                 "improvements", "debts", "other", "net_worth", "where")
TRANSFER_COLUMNS = ("game", "ruleset", "turn", "round", "phase", "from", "to", "from_seat",
                    "to_seat", "amount", "kind", "reason", "rule", "flow")

def _games(games: Game | Iterable[Game]) -> list[Game]:
    from landlord.engine.game import Game

    return [games] if isinstance(games, Game) else list(games)


# -- the per-turn panel -------------------------------------------------------------------
def panel_columns(games: Game | Iterable[Game]) -> dict[str, list[Any]]:
    """:func:`panel`'s columns as lists (``PANEL_COLUMNS`` in order): what :func:`panel` and a
    sweep's per-turn panel are built from without a row dict per seat and turn."""
    cols: dict[str, list[Any]] = {c: [] for c in PANEL_COLUMNS}
    for game in _games(games):
        if game.snapshots is None:
            raise ValueError(f"game {game.seed} was played with log=False: it kept no snapshots "
                             "to build a panel from; play it with log=True or snapshots=True")
        snaps = [*game.snapshots, game.snapshot()]
        rows = [r for snap in snaps for r in snap.rows]
        sizes = [len(snap.rows) for snap in snaps]
        cols["game"] += [game.seed] * len(rows)
        cols["ruleset"] += [game.ruleset.id] * len(rows)
        for c in ("turn", "round", "phase"):
            cols[c] += [v for snap, n in zip(snaps, sizes, strict=True) for v in [getattr(snap, c)] * n]
        seats = [r.seat for r in rows]
        cols["seat"] += seats
        cols["player"] += [game.names[s] for s in seats]
        cols["cash"] += [r.cash for r in rows]
        cols["land"] += [r.land for r in rows]
        cols["improvements"] += [r.improvements for r in rows]
        cols["debts"] += [r.debts for r in rows]
        cols["other"] += [r.other for r in rows]
        cols["net_worth"] += [r.total for r in rows]
        cols["where"] += [r.where for r in rows]
    return cols


def panel(games: Game | Iterable[Game]) -> pd.DataFrame:
    """Every player's holdings at the end of every turn (turn 0 = after set-up), and now.

    The last turn's row is the count as it stands (``game.results()``), so a game still being
    played shows its live state. Needs a game that kept snapshots (played with ``log=True``, or
    ``snapshots=True``).
    """
    return pd.DataFrame(panel_columns(games), columns=list(PANEL_COLUMNS))


def round_ends(panel_df: pd.DataFrame) -> pd.DataFrame:
    """The panel at the end of each round only (turn 0, the set-up, is round 0): a long game
    shrinks by a factor of the number of players, for charts of games too long to draw turn
    by turn (Altair's row limit)."""
    last = panel_df.groupby(["game", "round"])["turn"].transform("max")
    return panel_df[panel_df["turn"] == last].reset_index(drop=True)


def inequality_by_turn(panel_df: pd.DataFrame, keys: Sequence[str] = ("game",),
                       names: Sequence[str] = tuple(MEASURES)) -> pd.DataFrame:
    """One row per game × turn: round, phase, and every measure of
    :data:`landlord.engine.inequality.MEASURES` (or only ``names``) of the players' net worths
    (debts count as 0).

    ``keys`` name a game (a sweep's panel needs ``("cell", "game")``; a column that is the same
    for every turn of a game, such as a scenario's name, may be added to carry it along);
    ``round`` and ``phase`` are kept when the panel has them."""
    keys = list(keys)
    heads_cols = [*keys, "turn", *(c for c in ("round", "phase") if c in panel_df.columns)]
    cols = [*heads_cols, *names]
    if panel_df.empty:
        return pd.DataFrame(columns=cols)
    order = [*keys, "turn", "seat"]
    df = (panel_df if in_order(panel_df, order) else panel_df.sort_values(order, kind="stable")).reset_index(drop=True)
    # every game × turn is a block of n rows, n = the game's seats (tables of one size at a time)
    game_start = _changes(df, keys)
    start = game_start | _changes(df, ["turn"])
    starts = np.flatnonzero(start)
    size = np.diff(np.append(starts, len(df)))
    game_of = np.cumsum(game_start)[starts]  # each block's game
    seat = df["seat"].to_numpy()
    bad = np.flatnonzero((size != size[np.searchsorted(game_of, game_of)]) | np.add.reduceat(
        np.append(False, seat[1:] == seat[:-1]) & ~start, starts).astype(bool))
    if len(bad):
        key = tuple(df.loc[int(starts[bad[0]]), keys])
        raise ValueError(f"game {key}: every turn needs a row per player (do the keys "
                         f"{keys} name one game? a sweep's panel needs ('cell', 'game'))")
    frames = []
    for n in np.unique(size):
        rows = np.repeat(size == n, size)
        worths = df["net_worth"].to_numpy(dtype=float)[rows].reshape(-1, int(n))
        heads = df.loc[starts[size == n], heads_cols].reset_index(drop=True)
        frames.append(heads.assign(**measures_array(worths, names)))
    out = pd.concat(frames, ignore_index=True)
    if len(frames) > 1:
        out = out.sort_values([*keys, "turn"], kind="stable", ignore_index=True)
    return out[cols]


def in_order(df: pd.DataFrame, columns: Sequence[str]) -> bool:
    """Whether the rows are in strictly increasing order of ``columns`` (compared in turn;
    only number columns are compared — a frame keyed by other columns counts as not in order)."""
    decided = np.zeros(max(len(df) - 1, 0), dtype=bool)
    for c in columns:
        a = df[c].to_numpy()
        if a.dtype.kind not in "iuf":
            return False
        if (a[1:] < a[:-1])[~decided].any():
            return False
        decided |= a[1:] != a[:-1]
    return bool(decided.all())


def _changes(df: pd.DataFrame, columns: Sequence[str]) -> Any:
    """A boolean array: True where a row's ``columns`` differ from the row before (and at 0)."""
    out = np.zeros(len(df), dtype=bool)
    if len(df):
        out[0] = True
    for c in columns:
        a = df[c].to_numpy()
        out[1:] |= a[1:] != a[:-1]
    return out


def gini_frame(panel_df: pd.DataFrame, form: str = "population") -> pd.DataFrame:
    """Gini over turns in one named form, for :func:`landlord.charts.figures.gini_over_time`:
    ``game, turn, round, phase, gini, form`` (``form`` carries the form's full name)."""
    if form not in GINI_FORMS:
        raise ValueError(f"unknown Gini form {form!r} (known: {', '.join(GINI_FORMS)})")
    df = inequality_by_turn(panel_df)
    out = df[["game", "turn", "round", "phase"]].copy()
    out["gini"] = df[f"gini_{form}"]
    out["form"] = GINI_FORMS[form]
    return out


def phase_spans(panel_df: pd.DataFrame) -> pd.DataFrame:
    """The turns each phase was in force, per game: ``game, phase, start, end`` (a phase that
    comes back later gets a second span). ``end`` is the first turn of the next span (or the
    last turn), so spans tile the time axis."""
    rows = []
    for g, grp in panel_df.drop_duplicates(["game", "turn"]).sort_values("turn").groupby("game"):
        turns, phases = grp["turn"].tolist(), grp["phase"].tolist()
        start = 0
        for i in range(1, len(turns) + 1):
            if i == len(turns) or phases[i] != phases[start]:
                end = turns[i] if i < len(turns) else turns[-1]
                rows.append({"game": g, "phase": phases[start], "start": turns[start], "end": end})
                start = i
    return pd.DataFrame(rows, columns=["game", "phase", "start", "end"])


def phase_changes(games: Game | Iterable[Game]) -> pd.DataFrame:
    """Every phase change in the logs: ``game, turn, old, new, cause``."""
    rows = [{"game": g.seed, "turn": e.turn, "old": e.get("old"), "new": e.get("new"),
             "cause": e.get("cause")}
            for g in _games(games) for e in (g.events or []) if e.kind == "phase"]
    return pd.DataFrame(rows, columns=["game", "turn", "old", "new", "cause"])


# -- transfers and money flows -------------------------------------------------------------
def transfers(games: Game | Iterable[Game]) -> pd.DataFrame:
    """Every transfer of the ledger, from the event log, with its turn, round, phase, the
    seats concerned (-1 for a box), its ``kind`` (:class:`~landlord.engine.flows.Flow` value, set by
    the rule that moved the money) and ``flow``, that kind in the words students see."""
    rows: list[dict[str, Any]] = []
    for game in _games(games):
        if game.events is None:
            raise ValueError(f"game {game.seed} was played with log=False: it kept no events")
        seats = {n: i for i, n in enumerate(game.names)}
        rounds = {s.turn: s.round for s in (game.snapshots or [])}
        rounds[game.turn] = game.round
        for e in game.events:
            if e.kind != "transfer":
                continue
            src, dst, kind = e.get("from"), e.get("to"), Flow(e.get("kind"))
            rows.append({
                "game": game.seed, "ruleset": game.ruleset.id, "turn": e.turn,
                "round": rounds.get(e.turn, game.round), "phase": e.get("phase"),
                "from": src, "to": dst, "from_seat": seats.get(src, -1), "to_seat": seats.get(dst, -1),
                "amount": e.get("amount"), "kind": kind.value, "reason": e.get("reason"),
                "rule": e.get("rule"), "flow": kind.words,
            })
    return pd.DataFrame(rows, columns=list(TRANSFER_COLUMNS))


def money_flows(transfers_df: pd.DataFrame, by: str = "turn",
                kinds: Sequence[Flow] | None = None) -> pd.DataFrame:
    """Money moved per ``by`` (``turn`` or ``round``) and kind of flow, with zeros where
    nothing moved and a running total: ``game, <by>, flow, amount, cumulative`` (``flow`` in
    the words students see).

    ``kinds`` picks the kinds (default :data:`landlord.engine.flows.HEADLINE`: rent to landholders,
    land rent and tax to the public, wages, taxes on income and goods, interest, public
    spending)."""
    if by not in ("turn", "round"):
        raise ValueError(f"money flows by 'turn' or 'round', not {by!r}")
    picked = list(kinds or HEADLINE)
    names = [k.words for k in picked]
    df = transfers_df[transfers_df["kind"].isin([k.value for k in picked])]
    sums = df.groupby(["game", by, "flow"], as_index=False)["amount"].sum()
    frames = []
    for g, grp in transfers_df.groupby("game"):
        ticks = range(int(grp[by].min()), int(grp[by].max()) + 1)
        full = pd.MultiIndex.from_product([[g], ticks, names], names=["game", by, "flow"])
        s = sums[sums["game"] == g].set_index(["game", by, "flow"])["amount"]
        frames.append(s.reindex(full, fill_value=0).reset_index())
    cols = ["game", by, "flow", "amount", "cumulative"]
    if not frames:
        return pd.DataFrame(columns=cols)
    out = pd.concat(frames, ignore_index=True)
    out["amount"] = out["amount"].astype("int64")
    out["cumulative"] = out.groupby(["game", "flow"])["amount"].cumsum()
    return out[cols]


def _kind_totals(transfers_df: pd.DataFrame, kind: Flow, keys: list[str]) -> pd.DataFrame:
    df = transfers_df[transfers_df["kind"] == kind.value]
    return pd.DataFrame(df.groupby(keys, as_index=False)["amount"].sum())


def rent_to_landlords(transfers_df: pd.DataFrame) -> pd.DataFrame:
    """Rent for land paid by players to the players who hold it, per game, phase and landlord:
    ``game, phase, to, amount``."""
    return _kind_totals(transfers_df, flows.RENT, ["game", "phase", "to"])


def land_tax_to_treasury(transfers_df: pd.DataFrame) -> pd.DataFrame:
    """Land rent and land value tax paid to the public, per game, phase and reason."""
    return _kind_totals(transfers_df, flows.LAND_RENT, ["game", "phase", "reason"])


def wages(transfers_df: pd.DataFrame) -> pd.DataFrame:
    """Wages paid, per game, phase, payer and player: ``game, phase, from, to, amount``."""
    return _kind_totals(transfers_df, flows.WAGES, ["game", "phase", "from", "to"])


def interest(transfers_df: pd.DataFrame) -> pd.DataFrame:
    """Interest on loans and mortgages, per game, phase, borrower and lender: ``game, phase,
    from, to, amount``."""
    return _kind_totals(transfers_df, flows.INTEREST, ["game", "phase", "from", "to"])


def treasury_spending(transfers_df: pd.DataFrame) -> pd.DataFrame:
    """What the treasury paid out and on what: ``game, phase, reason, to, amount``."""
    df = transfers_df[transfers_df["from"].str.contains("Treasury", case=False, na=False)]
    return pd.DataFrame(df.groupby(["game", "phase", "reason", "to"], as_index=False)["amount"].sum())


# -- one row per game ------------------------------------------------------------------------
def summary(games: Game | Iterable[Game]) -> pd.DataFrame:
    """One row per game: length, final phase, winner, every inequality measure of the final
    totals, and the money moved in each kind of flow (``flow_<kind>`` columns, every kind, 0
    where nothing moved: the ledger's running totals, so games played without a log have them
    too)."""
    rows = []
    for game in _games(games):
        results = game.results()
        totals = [c.total for c in results]
        best = max(totals)
        winner = totals.index(best)
        row: dict[str, Any] = {
            "game": game.seed, "ruleset": game.ruleset.id, "players": len(results),
            "turns": game.turn, "rounds": game.round, "phase": game.phase, "over": game.over,
            "winner_seat": winner, "winner": game.names[winner],
            "tied": totals.count(best) > 1, **measures(totals),
        }
        flows = game.ledger.flows
        for kind in Flow:
            row[f"{COLUMN_PREFIX}{kind}"] = flows.get(kind, 0)
        rows.append(row)
    return pd.DataFrame(rows)


# -- inputs for charts ---------------------------------------------------------------------------
def lorenz_frame(curves: Mapping[str, Sequence[float]]) -> pd.DataFrame:
    """Lorenz points of several sets of worths, labelled: ``label, population_share,
    wealth_share`` (debts count as 0)."""
    rows = [{"label": label, "population_share": p, "wealth_share": w}
            for label, values in curves.items() for p, w in lorenz(values)]
    return pd.DataFrame(rows, columns=["label", "population_share", "wealth_share"])


def worths_at(panel_df: pd.DataFrame, game: int, turn: int) -> list[float]:
    """The players' net worths in ``game`` at the end of ``turn``, in seat order."""
    df = panel_df[(panel_df["game"] == game) & (panel_df["turn"] == turn)].sort_values("seat")
    if df.empty:
        raise ValueError(f"the panel has no turn {turn} of game {game}")
    return df["net_worth"].tolist()


def phase_end_turns(panel_df: pd.DataFrame, game: int) -> dict[str, int]:
    """The last turn each phase was in force in ``game`` (for 'end of phase' Lorenz curves)."""
    df = panel_df[panel_df["game"] == game]
    return {str(k): int(v) for k, v in df.groupby("phase", sort=False)["turn"].max().items()}


def histogram(df: pd.DataFrame, value: str, by: str, bins: int = 20,
              lo: float | None = None, hi: float | None = None) -> pd.DataFrame:
    """Counts of ``value`` in equal bins per ``by``, and each bin's share of its group:
    ``by, bin_start, bin_end, count, share`` (bins shared by every group)."""
    lo = float(df[value].min()) if lo is None else lo
    hi = float(df[value].max()) if hi is None else hi
    if hi <= lo:
        hi = lo + 1e-9
    edges = [lo + (hi - lo) * k / bins for k in range(bins)] + [hi]  # the last edge exactly hi: a rounded
    # lo + (hi - lo) would leave the largest value out of every bin
    cut = pd.cut(df[value], edges, include_lowest=True, labels=False)
    counts = df.assign(_bin=cut).groupby([by, "_bin"]).size()
    rows = []
    for group in sorted(df[by].unique(), key=str):
        n = int((df[by] == group).sum())
        for k in range(bins):
            c = int(counts.get((group, k), 0))
            rows.append({by: group, "bin_start": edges[k], "bin_end": edges[k + 1], "count": c,
                         "share": c / n if n else 0.0})
    return pd.DataFrame(rows, columns=[by, "bin_start", "bin_end", "count", "share"])


# -- many games: a sweep's rows and per-turn panel -----------------------------------------------
def played(games: pd.DataFrame) -> pd.DataFrame:
    """The rows of games that were played (a sweep marks a game whose rules raised ``status =
    "failed"``; rows with no ``status`` column are all played games)."""
    if "status" not in games.columns:
        return games
    return games[games["status"] == "ok"]


def gini_by_turn(panel_df: pd.DataFrame, by: str, form: str = "population",
                 keys: Sequence[str] = ("cell", "game"), z: float = Z95) -> pd.DataFrame:
    """Mean ± z·s/√n over games of the Gini (``form``) of the seats' net worth after each turn,
    per ``by`` (a column of the per-turn panel, the same for every turn of a game — a sweep's
    cell label, the lab's scenario name): ``by, turn, mean, lo, hi, n``. ``keys`` name a game
    (a sweep's panel: ``cell, game``). A game that has ended no longer counts, so ``n`` falls in
    the long tail of turns; the interval is clipped to [0, 1], where a Gini lies."""
    if form not in GINI_FORMS:
        raise ValueError(f"unknown Gini form {form!r} (known: {', '.join(GINI_FORMS)})")
    per_turn = inequality_by_turn(panel_df, [by, *(k for k in keys if k != by)], [f"gini_{form}"])
    return interval_table(per_turn, "turn", f"gini_{form}", by, z, bounds=(0.0, 1.0))


def every_kth(frame: pd.DataFrame, limit: int, x: str = "turn") -> pd.DataFrame:
    """``frame`` itself when it has at most ``limit`` rows, else its rows at every k-th ``x``
    (k = ⌈rows / limit⌉, so a frame of many games' long tails fits a chart's row limit)."""
    if len(frame) <= limit:
        return frame
    step = -(-len(frame) // limit)
    return frame[frame[x] % step == 0].reset_index(drop=True)


def win_shares(games: pd.DataFrame, by: str) -> pd.DataFrame:
    """Per ``by`` group and strategy: games won (``winner_strategy``; a tie goes to the first
    seat among the richest, as :func:`landlord.runs.simulate.summary_row` records it), games played,
    the share of games won, and the strategy's share of the seats (``strategy_<seat>``
    columns) to compare it with: ``by, strategy, wins, games, win_share, seat_share``. Every
    strategy that sat at a table of the group has a row, winner or not."""
    cols = [by, "strategy", "wins", "games", "win_share", "seat_share"]
    ok = played(games)
    seat_cols = sorted(c for c in ok.columns if c.startswith("strategy_"))
    rows = []
    for group, g in ok.groupby(by, sort=False):
        wins = g["winner_strategy"].value_counts()
        seats = pd.Series(g[seat_cols].to_numpy().ravel()).dropna().value_counts()
        for name in sorted(seats.index, key=str):
            rows.append({by: group, "strategy": name, "wins": int(wins.get(name, 0)), "games": len(g),
                         "win_share": float(wins.get(name, 0)) / len(g),
                         "seat_share": float(seats[name]) / float(seats.sum())})
    return pd.DataFrame(rows, columns=cols)


def flow_means(games: pd.DataFrame, by: str, kinds: Sequence[Flow] | None = None) -> pd.DataFrame:
    """Per ``by`` group and kind of flow (the ``flow_<kind>`` columns of the rows): the mean
    money moved per played game, ``by, flow, mean_per_game`` (``flow`` in the words students
    see). A kind missing from a game's row moved nothing in that game and counts as 0, so a
    mean is over every game of the group. ``kinds`` keeps only those kinds (default: every kind
    the rows have). A ``flow_`` column that names no kind raises ValueError naming it."""
    cols = [by, "flow", "mean_per_game"]
    ok = played(games)
    found = {c: column_kind(c) for c in ok.columns if c.startswith(COLUMN_PREFIX)}
    keep = [c for c, k in found.items() if kinds is None or k in kinds]
    if ok.empty or not keep:
        return pd.DataFrame(columns=cols)
    means = ok[keep].fillna(0).groupby(ok[by], sort=False).mean().reset_index()
    long = means.melt(id_vars=by, var_name="flow", value_name="mean_per_game")
    long["flow"] = long["flow"].map(lambda c: found[c].words)
    return long[cols]


def ring_position(index: int, n: int) -> tuple[float, float]:
    """Where space ``index`` of an ``n``-space ring sits on a square of side n/4 (space 0 at the
    bottom-right corner, play going left along the bottom, up, right along the top, down)."""
    side = n / 4
    t = index
    if t <= side:
        return side - t, 0.0
    if t <= 2 * side:
        return 0.0, t - side
    if t <= 3 * side:
        return t - 2 * side, side
    return side, 4 * side - t


def board_frame(board: Board, probability: Mapping[int, float] | None = None,
                owner: Mapping[int, str] | None = None,
                value: Mapping[int, float] | None = None) -> pd.DataFrame:
    """The board as rows for :func:`landlord.charts.figures.board_chart`: ``index, name, kind, group,
    price, rent, x, y, x2, y2, cx, cy, owner, probability, value`` — each space a unit square
    from (x, y) to (x2, y2) with centre (cx, cy) on the ring of :func:`ring_position`; owner
    "" when nobody holds it, probability/value NaN when not given."""
    n = len(board.spaces)
    rows = []
    for s in board.spaces:
        x, y = ring_position(s.index, n)
        rows.append({
            "index": s.index, "name": s.name, "kind": s.kind, "group": s.group,
            "price": s.price, "rent": s.rent, "x": x, "y": y, "x2": x + 1, "y2": y + 1,
            "cx": x + 0.5, "cy": y + 0.5,
            "owner": (owner or {}).get(s.index, ""),
            "probability": (probability or {}).get(s.index, math.nan),
            "value": (value or {}).get(s.index, math.nan),
        })
    return pd.DataFrame(rows)


def game_board_frame(game: Game, probability: Mapping[int, float] | None = None,
                     value: Mapping[int, float] | None = None) -> pd.DataFrame:
    """:func:`board_frame` of a game's board with each space's holder now (the ``owner`` of
    the rules' :meth:`~landlord.engine.rulebook.Rules.space_state`)."""
    state = game.rules.space_state
    owner = {}
    for s in game.board.spaces:
        seat = state(s.index)["owner"]
        if seat is not None:
            owner[s.index] = game.names[seat]
    return board_frame(game.board, probability, owner, value)


def tokens_frame(game: Game) -> pd.DataFrame:
    """Where every token stands now, for the board chart: ``seat, player, index, where, x,
    y`` (x, y: the token's centre in the board frame's coordinates; tokens on one space are
    spread a little; a token in an annex such as the Jail sits outside its corner)."""
    n = len(game.board.spaces)
    side = n / 4
    rows = []
    for seat, pl in enumerate(game.players):
        idx = int(getattr(pl, "pos", 0))
        where = str(getattr(pl, "where", "track"))
        x, y = ring_position(idx, n)
        if where != "track":  # an annex: push the token off the board, away from the centre
            x += 0.45 if x >= side / 2 else -0.45
            y += 0.45 if y >= side / 2 else -0.45
        dx = (seat % 3 - 1) * 0.22
        dy = (seat // 3 - 0.5) * 0.22
        rows.append({"seat": seat, "player": game.names[seat], "index": idx, "where": where,
                     "x": x + 0.5 + dx, "y": y + 0.5 + dy})
    return pd.DataFrame(rows)
