"""Many bot games: one summary row per game, on one core or all of them."""

from __future__ import annotations

import contextlib
import functools
import os
from collections.abc import Callable, Generator, Iterator, Sequence
from typing import TYPE_CHECKING, Any, ParamSpec

from landlord.engine.phases import Trigger
from landlord.runs.play import play_one, summary_row
from landlord.runs.pool import make_pool, stop_now

__all__ = ["play_one", "seat_strategies", "simulate", "simulate_chunks", "summary_row"]
"""``play_one`` and ``summary_row`` live in :mod:`landlord.runs.play`; they are named here too, where
the kit's callers have always found them."""

if TYPE_CHECKING:
    from landlord.data.position import Position

P = ParamSpec("P")


def seat_strategies(names: Sequence[str], players: int) -> tuple[str, ...]:
    """Bots for ``players`` seats, cycling through ``names`` (e.g. 3 names for 4 seats)."""
    if not names:
        raise ValueError("at least one strategy is needed")
    return tuple(names[i % len(names)] for i in range(players))


def simulate_chunks(
    ruleset: str,
    strategies: Sequence[str],
    seeds: Sequence[int],
    workers: int = 1,
    overrides: dict[str, Any] | None = None,
    progress: Callable[[int], None] | None = None,
    chunk: int = 250,
    triggers: Sequence[Trigger] = (),
    position: Position | None = None,
) -> Generator[list[dict[str, Any]], None, None]:
    """:func:`simulate`'s rows a chunk (``chunk`` seeds) at a time, in seed order, as each
    chunk finishes (a display can update between two), using ``workers`` processes (0 = all
    cores; they ignore Ctrl-C and die with this process, see :mod:`landlord.runs.pool`).
    ``ruleset`` is an id or a ``.toml`` path; every game starts from ``position`` when given.
    ``progress(n)`` is called as each chunk of n games completes. Interrupted (Ctrl-C), it
    stops at once: running chunks are dropped. A game that raises, raises here.

    The work is the sweep's: :class:`landlord.runs.sweep.Chunk` s of no cell, played by
    :func:`landlord.runs.sweep.play_chunk` (one ruleset with its overrides per chunk)."""
    from landlord.data.loader import resolve_ruleset
    from landlord.rules.families import family_of  # the parent's: a worker is handed its family
    from landlord.runs.sweep import (  # the sweep's worker loop (imported on use: it is the heavier module)
        Chunk,
        play_chunk,
    )

    items = tuple(sorted((overrides or {}).items()))
    family = family_of(resolve_ruleset(ruleset, items))
    chunks = [Chunk(None, i, tuple(seeds[i:i + chunk]), ruleset, items, tuple(strategies), tuple(triggers),
                    position=position, family=family)
              for i in range(0, len(seeds), chunk)]
    workers = workers or os.cpu_count() or 1
    if workers == 1:
        for c in chunks:
            rows, _ = play_chunk(c)
            if progress:
                progress(len(rows))
            yield rows
        return
    pool = make_pool(workers)
    finished = False
    try:
        futures = [pool.submit(play_chunk, c) for c in chunks]
        for future in futures:
            rows, _ = future.result()
            if progress:
                progress(len(rows))
            yield rows
        finished = True
    finally:  # Ctrl-C, or the caller stopped reading: do not wait for the chunks being played
        if finished:
            pool.shutdown(wait=True)
        else:
            stop_now(pool)


def _rows(chunks: Callable[P, Generator[list[dict[str, Any]], None, None]]) -> Callable[P, Iterator[dict[str, Any]]]:
    """The rows of ``chunks`` one by one, taking its arguments (one parameter list for both)."""

    @functools.wraps(chunks)
    def rows(*args: P.args, **kwargs: P.kwargs) -> Iterator[dict[str, Any]]:
        # closed with this generator: a caller who stops reading stops the workers at once
        with contextlib.closing(chunks(*args, **kwargs)) as parts:
            for part in parts:
                yield from part

    return rows


simulate = _rows(simulate_chunks)
simulate.__name__ = simulate.__qualname__ = "simulate"
simulate.__doc__ = """Yield one summary row per seed, in seed order: the rows of
:func:`simulate_chunks` one by one, with its arguments (``ruleset``, ``strategies``, ``seeds``,
``workers``, ``overrides``, ``progress``, ``chunk``, ``triggers``, ``position``)."""
