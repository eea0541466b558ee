"""Worker processes that never outlive their parent and stop at once when asked.

Both :func:`landlord.runs.simulate.simulate` and the sweep's local backend play games in a
:class:`~concurrent.futures.ProcessPoolExecutor` made by :func:`make_pool`. Each worker

* ignores Ctrl-C (the parent hears it and decides; a worker killed mid-chunk by the terminal's
  SIGINT would print its own traceback), and
* watches its parent: when the parent dies (even by ``kill -9``) the worker is re-parented, and
  it exits within :data:`WATCH_SECONDS` instead of waiting on a pipe for minutes, and
* keeps NumPy's linear-algebra libraries to one thread (:data:`ONE_THREAD`), as Dask's workers
  do: the pool already runs a worker a core.

:func:`stop_now` ends a pool without waiting for the chunks being played (Ctrl-C, a cancel).
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from multiprocessing.context import BaseContext

WATCH_SECONDS = 0.5
"""How often a worker checks that its parent is still alive."""


ONE_THREAD = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")
"""The variables that keep NumPy's linear-algebra libraries to one thread when set before NumPy
loads, which is in a worker started by ``spawn`` (a forked one has NumPy already). The kit asks
those libraries for nothing in parallel (the landing chain solves elementwise), and starting a
thread a core cost such a worker 0.06-0.08 CPU-s of its 0.24 (``benchmarks/bench_startup.py``).
A value the user set is kept."""


def worker_init() -> None:
    """Run in each worker as it starts: ignore Ctrl-C, exit when the parent is gone, and keep
    NumPy's libraries to one thread (:data:`ONE_THREAD`)."""
    for name in ONE_THREAD:
        os.environ.setdefault(name, "1")
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent = os.getppid()
    threading.Thread(target=_watch, args=(parent,), name="landlord-parent-watch", daemon=True).start()


def _watch(parent: int) -> None:
    while True:
        time.sleep(WATCH_SECONDS)
        if os.getppid() != parent:
            os._exit(3)  # the parent died: nothing will read what this worker makes


def make_pool(workers: int, context: BaseContext | None = None) -> ProcessPoolExecutor:
    """A pool of ``workers`` processes that ignore Ctrl-C and die with their parent."""
    return ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=worker_init)


def stop_now(pool: ProcessPoolExecutor) -> None:
    """End ``pool`` at once: kill its workers; their running and queued work fails with
    ``BrokenProcessPool`` (no future is cancelled: Python 3.11's pool cannot mark a cancelled
    future broken and prints a traceback)."""
    kill = getattr(pool, "kill_workers", None)  # Python 3.14 has it; before, reach the processes
    if callable(kill):
        with contextlib.suppress(Exception):
            kill()
    else:
        for proc in list((getattr(pool, "_processes", None) or {}).values()):
            with contextlib.suppress(Exception):
                proc.kill()
    # A worker killed while it sent a result leaves the pool's manager thread reading the rest
    # for ever: this process holds the pipe's other end, so no end of file comes. Python's exit
    # joins that thread, so the process would never end (measured: a CI run held open after its
    # tests). Closing this process's end lets the read end; the thread marks the pool broken.
    writer = getattr(getattr(pool, "_result_queue", None), "_writer", None)
    if writer is not None:
        with contextlib.suppress(OSError):
            writer.close()
    pool.shutdown(wait=False)
