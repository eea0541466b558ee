"""The test run's own guards (tests/conftest.py): a CI run must end when its tests end."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ProcessPoolExecutor

from conftest import threads_held_at_exit


def test_a_pool_made_in_a_daemon_thread_is_waited_for_at_the_runs_end() -> None:
    """A sweep runs in a daemon thread and makes its process pool there, so the pool's manager
    thread is a daemon too; Python's exit joins it all the same. Measured (fifth session): a lab
    sweep left running held a CI run open after every test had passed. The guard counts it."""
    pools: list[ProcessPoolExecutor] = []

    def sweep() -> None:
        pools.append(ProcessPoolExecutor(1))
        pools[0].submit(time.sleep, 0).result()

    t = threading.Thread(target=sweep, daemon=True)
    t.start()
    t.join(120)
    pool = pools[0]
    manager = pool._executor_manager_thread  # type: ignore[attr-defined]
    try:
        assert manager is not None and manager.daemon
        assert manager in threads_held_at_exit()
    finally:
        pool.shutdown()
    assert manager not in threads_held_at_exit()


def test_a_daemon_thread_of_a_tests_own_is_not_waited_for() -> None:
    stop = threading.Event()
    t = threading.Thread(target=stop.wait, daemon=True)
    t.start()
    try:
        assert t not in threads_held_at_exit()
    finally:
        stop.set()
        t.join()
