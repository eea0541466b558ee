"""Many bot games: one summary row per game, on one core or all of them."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from landlord.count import winners as winners_of
from landlord.game import Game
from landlord.inequality import gini
from landlord.phases import Trigger
from landlord.pool import make_pool, stop_now
from landlord.ruleset import Ruleset
from landlord.strategies import make_strategy

if TYPE_CHECKING:
    from landlord.position import Position


def seat_strategies(names: Sequence[str], players: int) -> tuple[str, ...]:
    """Bots for ``players`` seats, cycling through ``names`` (e.g. 3 names for 4 seats)."""
    if not names:
        raise ValueError("at least one strategy is needed")
    return tuple(names[i % len(names)] for i in range(players))


def play_one(ruleset: Ruleset, strategies: Sequence[str], seed: int, log: bool = False,
             triggers: Sequence[Trigger] = (), snapshots: bool | None = None,
             position: Position | None = None, worths: bool = False) -> Game:
    """Play one all-bot game to its end (with phase ``triggers``, if any; ``snapshots``: keep
    the per-turn counts, by default only with the ``log``; ``worths``: keep the per-turn net
    worths alone, :attr:`Game.worths`; from ``position``, if given)."""
    bots = [make_strategy(s, f"{seed}-{i}") for i, s in enumerate(strategies)]
    game = Game(ruleset, bots, seed, log=log, triggers=triggers, snapshots=snapshots, position=position,
                worths=worths)
    game.run()
    return game


def summary_row(game: Game, strategies: Sequence[str]) -> dict[str, Any]:
    """One row for a finished game: length, winner, inequality, where players ended."""
    results = game.results()
    totals = [c.total for c in results]
    winners = winners_of(results)
    row: dict[str, Any] = {
        "seed": game.seed, "ruleset": game.ruleset.id, "players": len(results),
        "turns": game.turn, "rounds": game.round, "phase": game.phase,
        "winner_seat": winners[0], "winner_strategy": strategies[winners[0]],
        "tied": len(winners) > 1,
        "gini_population": gini(totals, "population"), "gini_sample": gini(totals, "sample"),
        "in_poorhouse": sum(1 for c in results if c.where == "poorhouse"),
        "switch_turn": game.switches[0][0] if game.switches else None,
    }
    for c, s in zip(results, strategies, strict=True):
        row[f"strategy_{c.seat}"] = s
        row[f"total_{c.seat}"] = c.total
    for kind, amount in sorted(game.ledger.flows.items()):
        row[f"flow_{kind}"] = amount
    return row


def simulate(
    ruleset: str,
    strategies: Sequence[str],
    seeds: Sequence[int],
    workers: int = 1,
    overrides: dict[str, Any] | None = None,
    progress: Callable[[int], None] | None = None,
    chunk: int = 250,
    triggers: Sequence[Trigger] = (),
    position: Position | None = None,
) -> Iterator[dict[str, Any]]:
    """Yield one summary row per seed, in seed order, using ``workers`` processes
    (0 = all cores; they ignore Ctrl-C and die with this process, see :mod:`landlord.pool`).
    ``ruleset`` is an id or a ``.toml`` path; every game starts from ``position`` when given.
    ``progress(n)`` is called as each chunk of n games completes. Interrupted (Ctrl-C), it
    stops at once: running chunks are dropped. A game that raises, raises here.

    The work is the sweep's: :class:`landlord.sweep.Chunk` s of no cell, played by
    :func:`landlord.sweep.play_chunk` (one ruleset with its overrides per chunk)."""
    from landlord.sweep import Chunk, play_chunk  # the sweep's worker loop (it imports this module)

    items = tuple(sorted((overrides or {}).items()))
    chunks = [Chunk(None, i, tuple(seeds[i:i + chunk]), ruleset, items, tuple(strategies), tuple(triggers),
                    position=position)
              for i in range(0, len(seeds), chunk)]
    workers = workers or os.cpu_count() or 1
    if workers == 1:
        for c in chunks:
            rows, _ = play_chunk(c)
            if progress:
                progress(len(rows))
            yield from rows
        return
    pool = make_pool(workers)
    finished = False
    try:
        futures = [pool.submit(play_chunk, c) for c in chunks]
        for future in futures:
            rows, _ = future.result()
            if progress:
                progress(len(rows))
            yield from rows
        finished = True
    finally:  # Ctrl-C, or the caller stopped reading: do not wait for the chunks being played
        if finished:
            pool.shutdown(wait=True)
        else:
            stop_now(pool)
