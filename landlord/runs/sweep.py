"""Sweeps: every cell of a scenario times its games, on local processes or a Dask cluster.

The work is cut into chunks (a run of games of one cell). :func:`run_chunk` plays a chunk in
whichever process receives it and returns Arrow tables; the parent collects them, keeps the
partial result, optionally writes each chunk to a ``.parts`` folder beside the output (so an
interrupted sweep resumes where it stopped), and assembles one tidy frame, one row per game,
sorted by cell and game. Every game's seed comes from the scenario
(:meth:`~landlord.runs.scenario.Scenario.game_seed`), so the rows are identical whatever the number
of workers or the backend.

A game that raises is recorded as ``status = "failed"`` with its seed and error; the sweep goes
on. Python use (the scenario lab)::

    sweep = Sweep(load_scenario("scenarios/tax-at-turn-20.toml"), workers=2,
                  progress=lambda done, total: ...)
    sweep.start()          # runs in a background thread
    sweep.partial()        # rows finished so far
    sweep.cancel()         # stop soon; the result keeps what was done
    result = sweep.wait()  # a SweepResult

To show results as games finish: :meth:`Sweep.take` (never waits) or :meth:`Sweep.stream` (waits)
give each finished chunk's tables in the plan's order (``sweep.chunks``), a chunk only once
every chunk before it has come, so a display sees the games in seed order whatever order the
workers finish them in.
"""

from __future__ import annotations

import functools
import inspect
import json
import multiprocessing
import os
import sys
import threading
import traceback
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, wait
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, ParamSpec

from landlord.data.files import read_json
from landlord.data.loader import resolve_ruleset
from landlord.errors import LandlordError
from landlord.runs.play import play_one, summary_row
from landlord.runs.pool import make_pool, stop_now
from landlord.runs.scenario import Cell, Scenario

if TYPE_CHECKING:
    import pandas as pd
    import pyarrow as pa

    from landlord.data.position import Position
    from landlord.engine.phases import Trigger
    from landlord.rules.family import Family

P = ParamSpec("P")

DEFAULT_CHUNK = 200
"""Games per chunk: small enough for prompt progress and cancellation, large enough that
sending work to a process costs little next to playing it."""

CONNECT_TIMEOUT = "10s"
"""How long to try reaching a Dask scheduler before giving up."""

LEAD_COLUMNS = ("cell", "game", "seed", "status", "error", "cell_label")
Panel = bool | Literal["worth"]
"""A sweep's per-turn panel: none (False), every column (True), or the net worth alone."""
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class Chunk:
    """A run of games played alike, as plain data a worker process can receive: one
    ruleset (a ref and its overrides, put together by :func:`~landlord.data.loader.resolve_ruleset`),
    the bots in seat order, the seeds, the phase ``triggers`` (:class:`~landlord.engine.phases.Trigger`
    objects, as the game takes them), the optional start ``position`` and per-turn ``panel``, and
    the ruleset's rules ``family`` (pickled by reference: a worker imports that family alone).

    A sweep's chunk is games ``start``.. of cell ``cell``; a chunk of :func:`landlord.runs.simulate.simulate`
    belongs to no cell (``cell`` None): its rows are the bare summary rows, and a game that
    raises stops it (a sweep's records the game as failed and goes on)."""

    cell: int | None
    start: int
    seeds: tuple[int, ...]
    ruleset_ref: str
    overrides: tuple[tuple[str, Any], ...]
    seats: tuple[str, ...]
    triggers: tuple[Trigger, ...]
    panel: Panel = False
    position: Position | None = None
    family: Family | None = None

    @property
    def name(self) -> str:
        """The chunk's file stem in a ``.parts`` folder."""
        return f"c{self.cell or 0:05d}-g{self.start:07d}"


def plan(scenario: Scenario, chunk_size: int = DEFAULT_CHUNK, panel: Panel = False) -> list[Chunk]:
    """Every chunk of ``scenario``, cell by cell, in game order."""
    if chunk_size < 1:
        raise ValueError(f"chunk_size must be at least 1, got {chunk_size}")
    from landlord.rules.families import family_of  # the parent's: a worker is handed its family

    chunks = []
    for cell in scenario.cells:
        triggers = cell.triggers
        family = family_of(cell.resolve())
        for start in range(0, scenario.games, chunk_size):
            stop = min(start + chunk_size, scenario.games)
            seeds = tuple(scenario.game_seed(cell, i) for i in range(start, stop))
            chunks.append(Chunk(cell.index, start, seeds, cell.ruleset_ref, cell.overrides,
                                cell.seats, triggers, panel, family=family))
    return chunks


def play_chunk(chunk: Chunk) -> tuple[list[dict[str, Any]], list[pa.Table]]:
    """Play every game of ``chunk`` here: its rows (one a game, in seed order) and, when the
    chunk asks for the per-turn panel, each game's panel table.

    The one worker loop of both :func:`landlord.runs.simulate.simulate` (a chunk of no cell: bare
    :func:`~landlord.runs.simulate.summary_row` rows; a game that raises, raises) and the sweep (each
    row led by ``cell, game, seed, status, error``; a game that raises is a ``failed`` row with
    its error, and the chunk goes on)."""
    rs = resolve_ruleset(chunk.ruleset_ref, chunk.overrides)
    rows: list[dict[str, Any]] = []
    panels: list[pa.Table] = []
    for k, seed in enumerate(chunk.seeds):
        try:
            game = play_one(rs, chunk.seats, seed, triggers=chunk.triggers, snapshots=chunk.panel is True,
                            position=chunk.position, worths=chunk.panel == "worth", family=chunk.family)
            row = summary_row(game, chunk.seats)
        except Exception as exc:
            if chunk.cell is None:
                raise
            rows.append({"cell": chunk.cell, "game": chunk.start + k, "seed": seed, "status": "failed",
                         "error": _describe(exc), "ruleset": rs.id, "players": len(chunk.seats)})
            continue
        if chunk.cell is None:
            rows.append(row)
            continue
        head = {"cell": chunk.cell, "game": chunk.start + k, "seed": seed}
        rows.append({**head, "status": "ok", "error": None, **row})
        if chunk.panel == "worth":
            panels.append(turn_worths(game, head))
        elif chunk.panel:
            panels.append(turn_panel(game, head))
    return rows, panels


def run_chunk(chunk: Chunk) -> tuple[pa.Table, pa.Table | None]:
    """Play every game of a sweep's ``chunk`` here (:func:`play_chunk`): one summary row per
    game (``status`` ``ok`` or ``failed`` with the error), and the per-turn panel if asked for,
    as Arrow tables (compact to send back, cheap to write; the worker does the conversion, not
    the parent).

    This is the work function of both sweep backends; it lives in the package so that spawned
    worker processes (local or Dask) can import it.
    """
    import pyarrow as pa

    rows, panels = play_chunk(chunk)
    keys = list(dict.fromkeys(k for r in rows for k in r))  # every column any game has
    games = pa.table({k: [r.get(k) for r in rows] for k in keys})
    panel = None
    if chunk.panel:
        panel = pa.concat_tables(panels, promote_options="default") if panels else pa.table({})
    return games, panel


def _describe(exc: BaseException) -> str:
    where = traceback.extract_tb(exc.__traceback__)
    at = f" (at {Path(where[-1].filename).name}:{where[-1].lineno})" if where else ""
    return f"{type(exc).__name__}: {exc}{at}"


def turn_panel(game: Any, head: dict[str, Any]) -> pa.Table:
    """:func:`landlord.analysis.metrics.panel` of one finished game (every seat's cash, land,
    improvements, debts and net worth at the end of every turn; turn 0 = set-up), keyed by
    ``cell, game, seed`` (metrics' ``game`` column is the seed), built straight from the
    snapshots' columns (no pandas frame per game)."""
    import pyarrow as pa

    from landlord.analysis.metrics import panel_columns

    cols = panel_columns(game)
    n = len(cols.pop("game"))
    return pa.table({"cell": [head["cell"]] * n, "game": [head["game"]] * n, "seed": [head["seed"]] * n,
                     **cols})


def turn_worths(game: Any, head: dict[str, Any]) -> pa.Table:
    """The per-turn panel's net worth alone (``cell, game, seed, turn, seat, net_worth``: a
    game played with ``worths=True``; its last row is the count now), in compact columns."""
    import numpy as np
    import pyarrow as pa

    rows = [*game.worths, (game.turn, game.rules.totals())]
    n, seats = len(rows), len(rows[0][1])
    size = n * seats
    return pa.table({"cell": np.full(size, head["cell"], np.int64), "game": np.full(size, head["game"], np.int64),
                     "seed": np.full(size, head["seed"], np.int64),
                     "turn": np.repeat(np.fromiter((t for t, _ in rows), np.int64, n), seats),
                     "seat": np.tile(np.arange(seats, dtype=np.int64), n),
                     "net_worth": np.fromiter((w for _, ws in rows for w in ws), np.int64, size)})


def worths_by_turn(panel: pa.Table, seats: int) -> tuple[Any, Any]:
    """A :func:`turn_worths` panel of one chunk (its games' tables one after the other, each
    turn's ``seats`` rows in seat order) as each row's turn and a 2-D array of net worths, one
    row per game × turn, one column per seat (what
    :func:`landlord.engine.inequality.measures_array` takes), without a pandas frame."""
    turns = panel.column("turn").to_numpy()[::seats]
    return turns, panel.column("net_worth").to_numpy().reshape(-1, seats)


# -- results -----------------------------------------------------------------------------
@dataclass(frozen=True)
class ChunkDone:
    """One finished chunk of a sweep: its summary rows (``games``, as :func:`run_chunk` makes
    them) and per-turn ``panel`` (None without one)."""

    chunk: Chunk
    games: pa.Table
    panel: pa.Table | None


@dataclass
class SweepResult:
    """What a sweep produced: one row per game (``games``), the optional per-turn ``panel``,
    and whether every game was played (``complete``; False after a cancellation)."""

    scenario: Scenario
    games: pd.DataFrame
    panel: pd.DataFrame | None
    complete: bool
    done: int
    total: int

    @property
    def failed(self) -> pd.DataFrame:
        """The rows of games that raised (seed and error included)."""
        return self.games[self.games["status"] == "failed"]


def assemble(scenario: Scenario, tables: Sequence[pa.Table]) -> pd.DataFrame:
    """One tidy frame from chunk tables: sorted by cell and game, each cell's settings as
    columns (``cell_label``, every grid field, ``tax_phase``, ``tax_start``, ``tax_regime``),
    money flows a game never had filled with 0, whole-number columns as integers (nullable
    ``Int64`` where a failed game leaves them empty). The result does not depend on the order
    chunks finished.

    A regime of several switches shows as ``tax_phase`` ``part2 → part3`` and ``tax_start``
    ``round:25 → round:50``; ``tax_regime`` names the whole regime (``never``, or
    ``part2@round:25 → part3@round:50``), and stands for a grid over ``tax``."""
    import pandas as pd
    import pyarrow as pa

    tables = sorted((t for t in tables if t.num_rows),
                    key=lambda t: (t.column("cell")[0].as_py(), t.column("game")[0].as_py()))
    if not tables:
        return pd.DataFrame({c: pd.Series(dtype="object") for c in LEAD_COLUMNS})
    table = pa.concat_tables(tables, promote_options="default")
    del tables
    df = table.to_pandas()
    del table
    cell, game = df["cell"].to_numpy(), df["game"].to_numpy()
    in_order = bool(((cell[1:] > cell[:-1]) | ((cell[1:] == cell[:-1]) & (game[1:] > game[:-1]))).all())
    if not in_order:  # chunks are sorted above, so only overlapping input lands here
        df = df.sort_values(["cell", "game"], kind="stable", ignore_index=True)
    cells = scenario.cells
    df["cell_label"] = df["cell"].map({c.index: c.label for c in cells})
    settings: dict[str, list[Any]] = {}
    for name in scenario.grid_fields:
        col = name.replace(".", "_")
        if col in ("players", "tax"):  # already a column of every row (``tax`` as ``tax_regime``)
            continue
        if col == "ruleset":  # as the scenario names it (the rows' ``ruleset`` is the id)
            col = "cell_ruleset"
        settings[col] = [_cell_value(cells[c], name) for c in df["cell"]]
    settings["tax_phase"] = [cells[c].tax_phase or None for c in df["cell"]]
    settings["tax_start"] = [cells[c].tax_start for c in df["cell"]]
    settings["tax_regime"] = [cells[c].regime_text for c in df["cell"]]
    for col, values in settings.items():
        df[col] = values
    ok = df["status"] == "ok"
    df["error"] = pd.Series([None if good else e for good, e in zip(ok, df["error"], strict=True)], dtype=object)
    flows = sorted(c for c in df.columns if c.startswith("flow_"))
    for c in flows:
        df.loc[ok, c] = df.loc[ok, c].fillna(0)
    lead = [*LEAD_COLUMNS, *settings]
    rest = [c for c in df.columns if c not in lead and c not in flows]
    df = df[[*lead, *rest, *flows]]
    for c in df.columns:
        s = df[c]
        if s.dtype.kind == "f" and not c.startswith("gini"):
            known = s.dropna()
            if len(known) and (known == known.round()).all():
                df[c] = s.astype("Int64") if s.isna().any() else s.astype("int64")
    return df


def _cell_value(cell: Cell, name: str) -> Any:
    value = dict(cell.varied)[name]
    return ",".join(value) if isinstance(value, list) else value


# -- backends ----------------------------------------------------------------------------
_Done = tuple[Chunk, "tuple[pa.Table, pa.Table | None]"]


def _outcome(future: Any, chunk: Chunk) -> Any:
    """A finished chunk's tables. Games that raise are caught inside :func:`run_chunk`, so an
    error here is the machinery's (a worker killed, out of memory, a lost connection)."""
    try:
        return future.result()
    except Exception as exc:
        raise LandlordError(
            f"chunk {chunk.name} (cell {chunk.cell}, games {chunk.start}..{chunk.start + len(chunk.seeds) - 1}) "
            f"was lost outside any game: {type(exc).__name__}: {exc}; chunks already finished are kept "
            f"in the .parts folder when --out is given, so running again resumes"
        ) from exc


PRELOAD = ["__main__", "landlord.runs.sweep", "pyarrow", "pandas", "pyarrow.pandas_compat",
           "landlord.rules.families", "landlord.players.characters"]
"""What the fork server imports once, so a worker forked from it starts warm: the main script
(so workers need not), the kit's sweep, and Arrow with pandas, which Arrow imports when it first
builds a table from NumPy columns (about 0.25 s a worker otherwise, in its first chunk), and
every rules family with its players (:mod:`landlord.rules.families`, :mod:`landlord.players.characters`;
about 0.08 s a worker otherwise, in its first chunk: a
family's players import the others' rules they share)."""


def warm_workers() -> None:
    """Start the process that local workers are forked from (when they start by
    :func:`start_method` ``forkserver``), so the first sweep's first chunk does not wait for it
    to import the kit; call it from a background thread as early as a display is built. It
    returns once the server has imported :data:`PRELOAD` (it forks one process that does nothing)."""
    if start_method() != "forkserver":
        return
    ctx = multiprocessing.get_context("forkserver")
    ctx.set_forkserver_preload(PRELOAD)
    first = ctx.Process(target=os.getpid, name="landlord-warm", daemon=True)
    first.start()
    first.join()


def start_method() -> str:
    """How local workers start: ``fork`` on Linux when this process runs no other Python
    thread (instant, nothing re-imported; the command line's case), ``forkserver`` otherwise —
    forking a process with other threads (a Jupyter kernel, a background :class:`Sweep`) can
    copy a lock some thread holds, and the fork server avoids that by forking from a clean
    single-threaded process. (Arrow's own worker threads re-create themselves after a fork.)"""
    methods = multiprocessing.get_all_start_methods()
    if sys.platform.startswith("linux") and threading.active_count() == 1 and "fork" in methods:
        return "fork"
    return "forkserver" if "forkserver" in methods else "spawn"


def _local(chunks: list[Chunk], workers: int, cancelled: threading.Event) -> Iterator[_Done]:
    if workers == 1:
        for c in chunks:
            if cancelled.is_set():
                return
            yield c, run_chunk(c)
        return
    ctx = multiprocessing.get_context(start_method())
    if ctx.get_start_method() == "forkserver":
        ctx.set_forkserver_preload(PRELOAD)
    pool = make_pool(workers, ctx)  # workers ignore Ctrl-C and die with this process
    finished = False
    try:
        pending: dict[Future[Any], Chunk] = {pool.submit(run_chunk, c): c for c in chunks}
        while pending and not cancelled.is_set():
            done, _ = wait(pending, timeout=0.1, return_when=FIRST_COMPLETED)
            for f in sorted(done, key=lambda f: (pending[f].cell, pending[f].start)):
                chunk = pending.pop(f)
                yield chunk, _outcome(f, chunk)
        finished = not pending
    finally:  # a cancel or Ctrl-C stops at once: the chunks being played are dropped
        if finished:
            pool.shutdown(wait=True)
        else:
            stop_now(pool)


def _dask(chunks: list[Chunk], address: Any, cancelled: threading.Event) -> Iterator[_Done]:
    try:
        from distributed import Client
        from distributed import wait as dwait
    except ImportError:
        raise LandlordError(
            "--scheduler needs Dask's distributed scheduler: pip install 'landlord-kit[dask]'"
        ) from None
    try:
        client = address if isinstance(address, Client) else Client(address, timeout=CONNECT_TIMEOUT)
    except (OSError, TimeoutError) as exc:
        raise LandlordError(f"cannot reach the Dask scheduler at {address!r}: {exc}") from None
    own = client is not address
    futures = client.map(run_chunk, chunks, pure=False)
    pending = dict(zip(futures, chunks, strict=True))
    try:
        while pending and not cancelled.is_set():
            try:
                done, _ = dwait(list(pending), timeout=0.1, return_when="FIRST_COMPLETED")
            except TimeoutError:
                continue
            for f in sorted(done, key=lambda f: (pending[f].cell, pending[f].start)):
                chunk = pending.pop(f)
                yield chunk, _outcome(f, chunk)
    finally:
        if pending:
            client.cancel(list(pending))
        if own:
            client.close()


# -- the runner --------------------------------------------------------------------------
class Sweep:
    """A sweep of ``scenario``: run it here (:meth:`run`) or in a background thread
    (:meth:`start`), watch ``progress(done, total)``, :meth:`cancel` it, read :meth:`partial`.

    ``workers`` local processes (1 = in this process; 0 = all cores), or ``scheduler``: the
    address of a running Dask distributed scheduler (or a ``distributed.Client``). ``out``: a
    ``.parquet`` file for the rows; while running, finished chunks are kept in ``out.parts/``
    so an interrupted sweep, run again with the same scenario and out, skips them.
    ``panel=True`` also keeps the per-turn panel of :func:`landlord.analysis.metrics.panel` (every seat's
    cash, land, debts and net worth each turn; written to ``<out stem>.panel.parquet``);
    ``panel="worth"`` only its net worth (``cell, game, seed, turn, seat, net_worth``: what the
    scenario lab charts, at a fraction of the cost).

    ``out`` is guarded: while a sweep runs, ``<out>.lock`` is held (a second sweep on the same
    ``out`` is refused); an ``out`` holding another sweep's results, another sweep's unfinished
    ``.parts``, or a file that is not a readable sweep result is refused unless ``force``
    (which replaces them); a damaged part is named with what to do.
    """

    def __init__(
        self,
        scenario: Scenario,
        workers: int = 1,
        out: str | Path | None = None,
        scheduler: Any = None,
        panel: Panel = False,
        progress: Progress | None = None,
        chunk_size: int = DEFAULT_CHUNK,
        force: bool = False,
    ) -> None:
        if workers < 0:
            raise ValueError(f"workers must be 0 (all cores) or more, got {workers}")
        self.scenario = scenario
        self.workers = workers or os.cpu_count() or 1
        self.out = Path(out) if out is not None else None
        if self.out is not None and self.out.suffix != ".parquet":
            raise LandlordError(f"--out: give a .parquet file, not {self.out.name!r}")
        self.scheduler = scheduler
        self.panel = panel
        self.progress = progress
        self.chunks = plan(scenario, chunk_size, panel)
        self.chunk_size = chunk_size
        self.total = scenario.total_games
        self.done = 0
        self._cancel = threading.Event()
        self._lock = threading.Lock()
        self._arrived = threading.Condition(self._lock)
        self._ready: dict[tuple[int | None, int], ChunkDone] = {}
        self._taken = 0
        self._games: list[pa.Table] = []
        self._panels: list[pa.Table] = []
        self._thread: threading.Thread | None = None
        self._result: SweepResult | None = None
        self._loaded: tuple[pd.DataFrame, pd.DataFrame | None] | None = None
        self.error: BaseException | None = None
        self.force = force
        self._lock_fd: int | None = None

    # -- control
    def start(self) -> Sweep:
        """Run in a background thread (the caller stays responsive); returns self."""
        if self._thread is not None:
            raise LandlordError("this sweep has already been started")
        self._thread = threading.Thread(target=self._run_catching, name="landlord-sweep", daemon=True)
        self._thread.start()
        return self

    def _run_catching(self) -> None:
        try:
            self.run()
        except BaseException as exc:
            self.error = exc

    def cancel(self) -> None:
        """Ask the sweep to stop soon: no new chunk starts. Chunks finished so far are kept
        (and, with ``out``, stay in ``out.parts/`` so the same sweep run again resumes); a chunk
        still running when the cancel is seen is dropped and played again on resume."""
        self._cancel.set()

    @property
    def cancelled(self) -> bool:
        """True once :meth:`cancel` has been called."""
        return self._cancel.is_set()

    @property
    def running(self) -> bool:
        """True while a background run is going."""
        return self._thread is not None and self._thread.is_alive()

    def wait(self, timeout: float | None = None) -> SweepResult | None:
        """Wait for a background run; its result (None if still running after ``timeout``).
        Re-raises an error that stopped the run."""
        if self._thread is not None:
            self._thread.join(timeout)
            if self._thread.is_alive():
                return None
        if self.error is not None:
            raise self.error
        return self._result

    def take(self) -> list[ChunkDone]:
        """The chunks finished since the last take, in the plan's order (:attr:`chunks`): a
        chunk comes only once every chunk before it has. Never waits; safe while running."""
        with self._lock:
            return self._take()

    def _take(self) -> list[ChunkDone]:
        out = []
        while self._taken < len(self.chunks):
            c = self.chunks[self._taken]
            done = self._ready.pop((c.cell, c.start), None)
            if done is None:
                break
            out.append(done)
            self._taken += 1
        return out

    def stream(self, timeout: float = 0.1) -> Iterator[ChunkDone]:
        """Each finished chunk in the plan's order, as it comes (started in a background
        thread if not yet started), the chunks resumed from ``out.parts/`` among them; ends when
        the run does (done, cancelled or failed: the error is raised by :meth:`wait`; a sweep
        whose finished file is already there streams nothing: read its result). ``timeout``:
        seconds between two looks at the thread."""
        if self._thread is None:
            self.start()
        while True:
            with self._arrived:
                ready = self._take()
                if not ready:
                    if not self.running:
                        return
                    self._arrived.wait(timeout)
                    continue
            yield from ready

    def partial(self) -> pd.DataFrame:
        """The rows finished so far, tidy and sorted (safe to call while running)."""
        if self._result is not None:
            return self._result.games
        with self._lock:
            tables = list(self._games)
        return assemble(self.scenario, tables)

    # -- running
    def run(self) -> SweepResult:
        """Run the sweep in this thread until done or cancelled; the result."""
        self._acquire()
        try:
            return self._run()
        finally:
            self._release()

    def _acquire(self) -> None:
        """Hold ``<out>.lock`` (an advisory lock the system drops if this process dies)."""
        if self.out is None:
            return
        try:
            import fcntl
        except ImportError:  # pragma: no cover - not on Windows: no lock there
            return
        lock = self.out.with_name(self.out.name + ".lock")
        try:
            fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as exc:
            raise LandlordError(f"--out: cannot write beside {self.out} ({exc.strerror or exc})") from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            raise LandlordError(f"another sweep is writing to {self.out} (it holds {lock.name}); wait for it "
                                f"to finish or choose another --out") from None
        self._lock_fd = fd

    def _release(self) -> None:
        if self._lock_fd is None or self.out is None:
            return
        import contextlib

        with contextlib.suppress(OSError):
            self.out.with_name(self.out.name + ".lock").unlink()
        os.close(self._lock_fd)
        self._lock_fd = None

    def _run(self) -> SweepResult:
        todo = self._resume()
        if todo is None:  # the finished file is already there
            return self._finish(complete=True, write=False)
        self._report()
        backend = (_dask(todo, self.scheduler, self._cancel) if self.scheduler is not None
                   else _local(todo, self.workers, self._cancel))
        for chunk, (games, panel) in backend:
            if self._parts is not None:
                _write_part(self._parts / f"{chunk.name}.parquet", games)
                if panel is not None:
                    _write_part(self._parts / f"{chunk.name}.panel.parquet", panel)
            self._keep(chunk, games, panel)
        complete = self.done == self.total
        return self._finish(complete=complete, write=complete)

    def _keep(self, chunk: Chunk, games: pa.Table, panel: pa.Table | None) -> None:
        with self._arrived:
            self._games.append(games)
            if panel is not None:
                self._panels.append(panel)
            self.done += len(games)
            self._ready[chunk.cell, chunk.start] = ChunkDone(chunk, games, panel)
            self._arrived.notify_all()
        self._report()

    def _report(self) -> None:
        if self.progress is not None:
            self.progress(self.done, self.total)

    @property
    def _parts(self) -> Path | None:
        return self.out.with_name(self.out.name + ".parts") if self.out is not None else None

    def _manifest(self) -> dict[str, Any]:
        from landlord.version import __version__

        return {"fingerprint": self.scenario.fingerprint, "chunk_size": self.chunk_size,
                "panel": self.panel, "version": __version__}

    def _resume(self) -> list[Chunk] | None:
        """The chunks still to play, after loading what an earlier run finished (None when
        ``out`` already holds this very sweep)."""
        import pandas as pd
        import pyarrow.parquet as pq

        if self.out is None or self._parts is None:
            return self.chunks
        again = "give --force to replace it, or choose another --out"
        if self.out.is_dir():
            raise LandlordError(f"--out: {self.out} is a folder; give a .parquet file")
        if self.out.exists():
            try:
                meta = read_metadata(self.out)
            except Exception as exc:  # truncated or not Parquet at all: Arrow says why
                if not self.force:
                    raise LandlordError(f"{self.out} is not a readable sweep result ({_short(exc)}); {again}") from None
                meta = {}
            same = (meta.get("fingerprint") == self.scenario.fingerprint
                    and meta.get("version") == self._manifest()["version"])
            if same and not self._parts.exists() and (not self.panel or self._panel_path().exists()):
                try:
                    self._loaded = (pd.read_parquet(self.out),
                                    pd.read_parquet(self._panel_path()) if self.panel else None)
                except Exception as exc:
                    raise LandlordError(f"{self.out} (or its panel) is damaged ({_short(exc)}); {again}") from None
                self.done = self.total
                return None
            if not same and not self.force:
                what = (f"the results of another sweep ({meta.get('scenario_path', '?')})" if "fingerprint" in meta
                        else "a file that is not a sweep result")
                raise LandlordError(f"{self.out} holds {what}; {again}")
        manifest = self._parts / "manifest.json"
        if self._parts.exists():
            try:
                old = read_json(manifest)
            except LandlordError:  # missing or damaged: not this sweep's
                old = None
            if old != self._manifest():
                if not self.force:
                    raise LandlordError(
                        f"{self._parts} holds unfinished work of a different sweep (scenario, chunk size, "
                        f"panel or kit version differ); give --force to discard it, or choose another --out"
                    )
                _remove_parts(self._parts)
        if not self._parts.exists():
            self._parts.mkdir(parents=True)
            manifest.write_text(json.dumps(self._manifest(), indent=1))
        todo = []
        for c in self.chunks:
            part = self._parts / f"{c.name}.parquet"
            panel_part = self._parts / f"{c.name}.panel.parquet"
            if part.exists() and (not self.panel or panel_part.exists()):
                for f, keep in ((part, self._games), (panel_part, self._panels if self.panel else None)):
                    if keep is None:
                        continue
                    try:
                        keep.append(pq.read_table(f))
                    except Exception as exc:
                        raise LandlordError(f"{f} is damaged ({_short(exc)}); delete it and run the same command "
                                            f"again (its {len(c.seeds)} games are played again)") from None
                self.done += len(c.seeds)
                self._ready[c.cell, c.start] = ChunkDone(c, self._games[-1], self._panels[-1] if self.panel else None)
            else:
                todo.append(c)
        return todo

    def _panel_path(self) -> Path:
        assert self.out is not None
        return self.out.with_name(self.out.stem + ".panel.parquet")

    def _finish(self, complete: bool, write: bool) -> SweepResult:
        import pyarrow as pa

        from landlord.analysis.metrics import in_order

        panel: pd.DataFrame | None = None
        if self._loaded is not None:
            games, panel = self._loaded
        else:
            with self._lock:
                games = assemble(self.scenario, self._games)
                if self.panel:
                    # each chunk's panel is in game, turn, seat order: in the chunks' order, the
                    # whole is sorted (checked; sorted here only if not)
                    tables = sorted((t for t in self._panels if t.num_rows),
                                    key=lambda t: (t.column("cell")[0].as_py(), t.column("game")[0].as_py()))
                    panel = (pa.concat_tables(tables, promote_options="default").to_pandas() if tables
                             else pa.table({"cell": pa.array([], pa.int64())}).to_pandas())
                    order = ["cell", "game", "turn", "seat"]
                    if tables and not in_order(panel, order):
                        panel = panel.sort_values(order, ignore_index=True)
                self._games, self._panels = [], []
        if write and self.out is not None:
            _write_result(self.out, games, self.scenario, self._manifest())
            if panel is not None:
                panel.to_parquet(self._panel_path(), index=False)
            if self._parts is not None and self._parts.exists():
                _remove_parts(self._parts)
        self._result = SweepResult(self.scenario, games, panel, complete, self.done, self.total)
        return self._result


def _run(sweep: Callable[P, Sweep]) -> Callable[P, SweepResult]:
    """A whole sweep run in this thread, taking ``sweep``'s arguments (one parameter list)."""

    @functools.wraps(sweep)
    def run(*args: P.args, **kwargs: P.kwargs) -> SweepResult:
        return sweep(*args, **kwargs).run()

    run.__signature__ = inspect.signature(sweep).replace(return_annotation="SweepResult")  # type: ignore[attr-defined]
    return run


run_sweep = _run(Sweep)
run_sweep.__name__ = run_sweep.__qualname__ = "run_sweep"
run_sweep.__doc__ = """Run a whole sweep in this thread (:class:`Sweep`'s arguments: ``scenario``,
``workers``, ``out``, ``scheduler``, ``panel``, ``progress``, ``chunk_size``, ``force``)."""


# -- files -------------------------------------------------------------------------------
def _remove_parts(parts: Path) -> None:
    import shutil

    shutil.rmtree(parts)


def _short(exc: BaseException) -> str:
    """An error in one short line (Arrow's messages can run over several)."""
    text = " ".join(str(exc).split())
    return f"{type(exc).__name__}: {text[:160]}"


def _write_part(path: Path, table: pa.Table) -> None:
    import pyarrow.parquet as pq

    tmp = path.with_name(path.name + ".tmp")
    pq.write_table(table, tmp)
    tmp.replace(path)


def _write_result(path: Path, games: pd.DataFrame, scenario: Scenario, manifest: dict[str, Any]) -> None:
    """Write the rows with everything needed to reproduce them in the Parquet metadata."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    meta = {
        **{k: str(v) for k, v in manifest.items()},
        "scenario": scenario.text, "scenario_path": scenario.path,
        "root_seed": str(scenario.seed), "seed_rule": scenario.seeds,
        "seed_derivation": "int.from_bytes(blake2b(f'{root_seed}|{cell_key}|{game}', digest_size=8), 'big') >> 1"
                           " (cell_key empty when seed_rule is 'shared')",
        "cells": json.dumps([{"cell": c.index, "label": c.label, "key": c.key} for c in scenario.cells]),
    }
    table = pa.Table.from_pandas(games, preserve_index=False)
    merged = {**(table.schema.metadata or {}), **{f"landlord.{k}".encode(): v.encode() for k, v in meta.items()}}
    tmp = path.with_name(path.name + ".tmp")
    pq.write_table(table.replace_schema_metadata(merged), tmp)
    tmp.replace(path)


def read_metadata(path: str | Path) -> dict[str, str]:
    """The ``landlord.*`` metadata of a sweep's Parquet file (scenario text, kit version, root
    seed, seed rule, fingerprint, cells), without the ``landlord.`` prefix."""
    import pyarrow.parquet as pq

    raw = pq.read_schema(path).metadata or {}
    return {k.decode()[len("landlord."):]: v.decode() for k, v in raw.items() if k.startswith(b"landlord.")}


def scenario_of(path: str | Path) -> Scenario:
    """The scenario a sweep's Parquet file was made from (to run it again)."""
    from landlord.runs.scenario import scenario_from_text

    meta = read_metadata(path)
    if "scenario" not in meta:
        raise LandlordError(f"{path}: not a sweep result (no landlord.runs.scenario metadata)")
    return scenario_from_text(meta["scenario"], meta.get("scenario_path", "<scenario>"))


def play_cell_game(scenario: Scenario, cell: int, game: int, log: bool = True) -> Any:
    """Play game ``game`` of cell ``cell`` again, with its log (to look at one game closely)."""
    c = scenario.cells[cell]
    return play_one(c.resolve(), c.seats, scenario.game_seed(c, game), log=log, triggers=c.triggers)
