"""A class's pooled results: one row per table (the lab's and ``landlord chart final-gini``'s
columns), every table's Gini over turns, bot games on the same rules and seeds, the tables'
votes and switches, and the debrief charts drawn from them.

Frames come from :mod:`landlord.analysis.metrics` (panel, inequality by turn) and
:func:`landlord.runs.simulate.summary_row`; the charts are Altair charts in the chart library's
style, drawn from those frames only.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pandas as pd

from landlord.analysis import metrics
from landlord.apps.classroom.room import PREDICTIONS, Classroom, TableGame, moves_by
from landlord.apps.classroom.store import VoteInfo
from landlord.data.files import check_size
from landlord.data.ruleset import Ruleset
from landlord.engine.game import Game
from landlord.engine.inequality import gini
from landlord.engine.phases import Trigger
from landlord.errors import DataError
from landlord.limits import MAX_EXPORT_BYTES
from landlord.players.characters import STRATEGIES
from landlord.rules.families import FamilyGame
from landlord.runs.simulate import summary_row

BOT_MIXES = ("landlord", "tenant", "speculator")
"""The bots of the Monte Carlo band, rotated over the seats (one game per rotation), plus
random bots (:data:`RANDOM_GAMES` games per table)."""
RANDOM_GAMES = 3


def phase_words(ruleset: Ruleset, phase: str) -> str:
    """A phase's title up to its first bracket or colon ("Single tax"), for plain labels."""
    title = ruleset.phases[phase].title
    for stop in (" (", ":"):
        title = title.split(stop)[0]
    return title.strip()


def regime_words(game: Game, phase: str | None = None) -> str:
    """The words of ``phase`` (default: the one in force) at ``game``'s table, for chart labels."""
    return phase_words(game.ruleset, phase or game.phase)


def plays(room: Classroom, tg: TableGame) -> list[str]:
    """Who played each seat at the end: ``student`` or the bots' name."""
    taken = room.seats_by_table().get(tg.table.table_no, {})
    return ["student" if s in taken else room.spec.bots for s in range(len(tg.game.players))]


def results(room: Classroom) -> pd.DataFrame:
    """One row per started table: the class's columns (``class``, ``join_code``, ``table``,
    ``students``, ``regime``, ``switched_by``, ``over``, the moves made by students and by bots:
    ``moves_students``, ``moves_bots``) and :func:`landlord.runs.simulate.summary_row`'s (seed,
    turns, rounds, phase, winner, ``gini_population``, totals per seat, flows)."""
    rows = []
    for tg in room.tables():
        g = tg.game
        who = plays(room, tg)
        row: dict[str, Any] = {
            "class": room.id, "join_code": room.info.join_code, "table": tg.table.table_no,
            "students": who.count("student"), "regime": regime_words(g),
            "switched_by": ",".join(cause for _, _, _, cause in g.switches) or "",
            "over": g.over,
        }
        moves = moves_by(tg)
        row.update(moves_students=moves["students"], moves_bots=moves["bots"])
        row.update(summary_row(g, who))
        rows.append(row)
    return pd.DataFrame(rows)


def export(room: Classroom, folder: str | Path) -> tuple[Path, Path]:
    """Write the class's results as ``<folder>/class-<code>-results.csv`` and ``.parquet``;
    ``landlord chart final-gini --data FILE --by regime`` and pandas open either."""
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    df = results(room)
    stem = out / f"class-{room.info.join_code}-results"
    csv, parquet = stem.with_suffix(".csv"), stem.with_suffix(".parquet")
    df.to_csv(csv, index=False)
    df.to_parquet(parquet, index=False)
    return csv, parquet


def export_games(room: Classroom, folder: str | Path) -> list[Path]:
    """Write each started table's game as a saved game (:mod:`landlord.players.savefile`: the game's
    record, its chance included), ``<folder>/class-<code>-table-<n>.json``, its students' seats
    as people and the rest as the class's bots: ``landlord replay --game FILE`` and the game
    table load it, event for event."""
    from landlord.players import savefile

    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for tg in room.tables():
        path = out / f"class-{room.info.join_code}-table-{tg.table.table_no}.json"
        savefile.save(tg.game, path, [None if p == "student" else p for p in plays(room, tg)])
        paths.append(path)
    return paths


EXPORT_COLUMNS = ("table", "regime", "gini_population")
"""The columns of a class export (:func:`export`) that the lab needs to show a class's results."""


def read_export(raw: bytes, name: str) -> pd.DataFrame:
    """A class's exported results (:func:`export`'s CSV or Parquet, told apart by their bytes)
    from the bytes of an uploaded file named ``name``: one row per table with at least
    :data:`EXPORT_COLUMNS`, each final Gini between 0 and 1. DataError, one line naming the file
    and what is wrong, for anything else."""
    check_size(len(raw), name, MAX_EXPORT_BYTES, what="a class's results")
    try:
        df = pd.read_parquet(io.BytesIO(raw)) if raw[:4] == b"PAR1" else pd.read_csv(io.BytesIO(raw))
    except Exception as exc:  # a damaged upload: pandas and pyarrow raise many kinds
        raise DataError(name, None, None, f"not a class's results (CSV or Parquet): "
                                          f"{str(exc).splitlines()[0] if str(exc) else type(exc).__name__}") from None
    missing = [c for c in EXPORT_COLUMNS if c not in df.columns]
    if missing:
        raise DataError(name, None, None, f"not a class's results: no column {', '.join(map(repr, missing))} "
                                          "(export them from the teacher's dashboard)")
    if df.empty:
        raise DataError(name, None, None, "no table in this class's results")
    g = pd.to_numeric(df["gini_population"], errors="coerce")
    bad = df.index[g.isna() | (g < 0) | (g > 1)]
    if len(bad):
        raise DataError(name, f"row {int(bad[0]) + 1}", "gini_population",
                        f"a final Gini between 0 and 1, got {df['gini_population'].iloc[bad[0]]}")
    out = df.assign(gini_population=g, regime=df["regime"].astype(str))
    if "class" not in out.columns:
        out["class"] = name
    return out


def gini_over_turns(room: Classroom) -> pd.DataFrame:
    """Every started table's Gini (population form) after each turn: ``table, turn, round,
    phase, rules`` (the phase in words), ``gini``."""
    tables = room.tables()
    if not tables:
        return pd.DataFrame(columns=["table", "turn", "round", "phase", "rules", "gini"])
    per = metrics.inequality_by_turn(metrics.panel([tg.game for tg in tables]))
    seat_of = {tg.table.seed: tg.table.table_no for tg in tables}
    out = per[["game", "turn", "round", "phase", "gini_population"]].rename(columns={"gini_population": "gini"})
    out.insert(0, "table", out.pop("game").map(seat_of))
    out.insert(4, "rules", out["phase"].map(lambda ph: phase_words(room.ruleset, ph)))
    return out


def same_switches(game: Game) -> list[Trigger]:
    """The table's phase changes as scheduled triggers (each at the turn it happened), so bot
    games on the table's seed play under the same rules at the same times."""
    return [Trigger(new, "start") if turn <= 0 else Trigger(new, "turn", turn)
            for turn, _, new, _ in game.switches]


def bot_band(room: Classroom, tables: Sequence[TableGame] | None = None) -> pd.DataFrame:
    """Final Gini of all-bot games on each table's seed and rules (the same switches at the
    same turns): one game per rotation of :data:`BOT_MIXES` and :data:`RANDOM_GAMES` random-bot
    games per table, for ``tables`` (every started table unless given: a display fills the band
    in table by table). Columns ``table, regime, bots, gini``."""
    rows = []
    for tg in room.tables() if tables is None else tables:
        g = tg.game
        n = len(g.players)
        triggers = same_switches(g)
        mixes = [[BOT_MIXES[(i + k) % len(BOT_MIXES)] for i in range(n)] for k in range(len(BOT_MIXES))]
        mixes += [["random"] * n for _ in range(RANDOM_GAMES)]
        for k, mix in enumerate(mixes):
            bots = [STRATEGIES[m]() if m != "random" else STRATEGIES[m](f"{g.seed}-{k}-{i}")
                    for i, m in enumerate(mix)]
            game = FamilyGame(g.ruleset, bots, g.seed, log=False, triggers=triggers)
            game.run()
            totals = [c.total for c in game.results()]
            rows.append({"table": tg.table.table_no, "regime": regime_words(game), "bots": "+".join(mix),
                         "gini": gini(totals, "population")})
    return pd.DataFrame(rows, columns=["table", "regime", "bots", "gini"])


def class_vote_words(room: Classroom, vote: VoteInfo) -> str:
    """A class vote in plain words: what was asked, the count and the result."""
    title = room.ruleset.phases[vote.phase].title
    count = f"{vote.yes} for, {vote.no} against"
    if vote.open:
        return f"Open: switch every table to {title}? {count} so far"
    result = "passed: every table switched" if vote.passed else "failed: the rules stayed"
    return f"Switch every table to {title}? {result} ({count})"


def votes(room: Classroom) -> pd.DataFrame:
    """The whole class's votes (``table`` "whole class"), what each table voted and when, and
    every switch: ``table, turn, what, detail``."""
    rows: list[dict[str, Any]] = [
        {"table": "whole class", "turn": "", "what": "class vote", "detail": class_vote_words(room, v)}
        for v in room.class_votes()]
    for tg in room.tables():
        g = tg.game
        for e in g.events or ():
            if e.kind == "vote":
                rows.append({"table": tg.table.table_no, "turn": e.turn, "what": "vote",
                             "detail": f"{'passed' if e.get('passed') else 'failed'}: "
                                       f"{e.get('ayes')} for, {e.get('noes')} against"})
            elif e.kind == "phase":
                cause = e.get("cause")
                by = {"teacher": "the teacher's switch", "vote": "the table's vote",
                      "class vote": "the class's vote"}.get(cause, f"the plan ({cause})")
                rows.append({"table": tg.table.table_no, "turn": e.turn, "what": "rules changed",
                             "detail": f"{regime_words(g, e.get('new'))}, by {by}"})
    return pd.DataFrame(rows, columns=["table", "turn", "what", "detail"])


def predictions(room: Classroom) -> pd.DataFrame:
    """Every student's prediction with their seat: ``table, seat, choice`` (an id of
    :data:`landlord.apps.classroom.room.PREDICTIONS`)."""
    rows = [{"table": p.table_no, "seat": p.seat + 1, "choice": p.choice} for p in room.store.predictions(room.id)]
    return pd.DataFrame(rows, columns=["table", "seat", "choice"])


def pooled_predictions(room: Classroom) -> dict[str, int]:
    """The class's predictions pooled: how many students gave each answer, in the order of
    :data:`~landlord.apps.classroom.room.PREDICTIONS`."""
    made = predictions(room)["choice"].value_counts()
    return {c: int(made.get(c, 0)) for c in PREDICTIONS}
