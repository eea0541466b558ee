"""Worker pools (landlord/runs/pool.py): stopping one at once never leaves the process unable to end,
and a spawned worker keeps NumPy's libraries to one thread unless the user said otherwise."""

from __future__ import annotations

import multiprocessing
import os
import struct
import time

import pytest

from landlord.runs.pool import ONE_THREAD, make_pool, stop_now


def test_stop_now_ends_a_pool_whose_result_was_cut_off() -> None:
    """A cancel or Ctrl-C kills the workers; one killed while it sent a result left the pool's
    manager thread waiting for the rest for ever, and Python's exit joins that thread (measured:
    a CI run held open after every test had passed). Here the cut-off message is written by
    hand: a header announcing 1,000,000 bytes, then 100 of them."""
    pool = make_pool(1)
    assert pool.submit(abs, -1).result(timeout=60) == 1  # the worker and the manager thread run
    manager = pool._executor_manager_thread  # type: ignore[attr-defined]
    os.write(pool._result_queue._writer.fileno(), struct.pack("!i", 1_000_000) + b"x" * 100)  # type: ignore[attr-defined]
    time.sleep(0.5)
    assert manager.is_alive()  # reading the rest of the message
    stop_now(pool)
    manager.join(30)
    assert not manager.is_alive()


def _threads_asked() -> dict[str, str | None]:
    return {name: os.environ.get(name) for name in ONE_THREAD}


def test_a_spawned_worker_asks_numpy_for_one_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    """A worker started by ``spawn`` loads NumPy itself: its libraries are asked for one thread
    (the pool runs a worker a core); a value the user set (here OMP_NUM_THREADS=3) is kept."""
    for name in ONE_THREAD:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("OMP_NUM_THREADS", "3")
    pool = make_pool(1, multiprocessing.get_context("spawn"))
    try:
        asked = pool.submit(_threads_asked).result(timeout=120)
    finally:
        pool.shutdown()
    assert asked == {"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "3", "MKL_NUM_THREADS": "1"}
