"""Serve the lesson gallery as classroom apps with Voilà, on this machine, with no internet.

``landlord serve`` starts Voilà on the ``lessons/`` folder with the repository's Voilà
configuration (``lessons/voila.json``: sources stripped, no tracebacks, a cell timeout, warm
kernels for every lesson, at most 40 kernels so page loads cannot fill memory), waits until it
answers, and prints the gallery's address. The same functions start the server for the browser
tests, so what is tested is what a teacher runs.

What a page holds is freed when the page is gone (issue 27): a closed tab's kernel is shut down
at once (Voilà's page-close beacon); a page that stopped answering — a killed browser, a laptop
shut, a lost network — is noticed by the server's websocket pings (one every
``ws_ping_interval``; no answer within ``ws_ping_timeout`` closes the connection), and a kernel
with no page connected is culled after ``cull_idle_timeout`` without activity. A connected page
that answers the pings is never culled, however long its student reads (:func:`release_after`).

Each notebook keeps :data:`STUDENTS` kernels pre-run (``--students``), so that many students
opening one lesson at once each get a page at once (``benchmarks/bench_lessons.py --together``).

Voilà reads ``voila.json`` from its working directory, so the server runs inside the lessons
folder. When the lessons come from a source checkout, the checkout is put first on the kernels'
``PYTHONPATH`` so the lessons import the code that sits beside them.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from landlord.charts import bundle as chart_bundle
from landlord.data.resources import kit_dir
from landlord.limits import MIN_KERNEL_CAP

GALLERY = "index.ipynb"
"""The gallery notebook, the page a teacher opens first."""

TEMPLATES = Path(__file__).resolve().parent / "voila_templates"
"""A Jupyter data folder holding the kit's Voilà template ``landlord``: Voilà's ``lab`` template
without the links to FontAwesome on a CDN (``voila.js`` carries FontAwesome itself), so a page
asks nothing of the internet."""

SECONDS_PER_LESSON = 12
"""Measured on a 2-core machine: pre-running one lesson's kernel takes up to this many seconds
(benchmarks/README.md); ``landlord serve`` waits at least four times this a kernel before it gives up
waiting for the pool."""

WARM_SECONDS_PER_KERNEL = 6
"""The wait ``landlord serve`` announces a pre-run kernel, all of them starting at once on 2
cores: measured 31–36 s for 6 kernels (``--students 1``) and 104–125 s for 24 (``--students 4``),
at a load average of 8–41 (``benchmarks/bench_lessons.py --together 4 --students 1,4``). Voilà
pre-runs them all at once, which is why a cell may take minutes then: ``voila.json``'s cell
timeout (``VoilaExecutor.timeout``, 300 s) leaves room for it (at 60 s, lesson 1's table cell
timed out in all four warm kernels of a 24-kernel start at load 25, and their pages showed
"Cell execution timed out"), and so does its wait for a cell's output (``iopub_timeout``, 60 s:
at nbclient's 4 s, a 24-kernel start at load 41 lost lesson 1's table from three of four warm
kernels, "Timeout waiting for IOPub output", and their pages showed no table)."""

STUDENTS = 4
"""Students ``landlord serve`` is made ready for by default (``--students``): every notebook
keeps this many kernels pre-run, so that many students opening one lesson at the same moment
each get a pre-run page (issue 27: four at once waited 20.7–40.1 s with one)."""



VOILA_LOG_ENV = "LANDLORD_VOILA_LOG"
"""A file ``landlord serve`` sends Voilà's own output to, when this variable names one (else it
is discarded): what the browser tests read for tracebacks, and a teacher's way to see why a
lesson failed."""

READY_PATH = "/voila/static/voila.js"
"""A static file Voilà serves once it is up; polling it starts no kernel (a notebook URL would)."""


def free_port(ip: str = "127.0.0.1") -> int:
    """A TCP port nobody listens on at ``ip`` right now (the OS picks it)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((ip, 0))
        return int(s.getsockname()[1])


def port_in_use(port: int, ip: str = "127.0.0.1") -> bool:
    """True when ``port`` at ``ip`` cannot be bound (someone else serves there). The check binds
    as the server will (Tornado sets ``SO_REUSEADDR``), so the connections a stopped server left
    waiting to close (``TIME_WAIT``, up to a minute) do not count: a restart starts at once."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind((ip, port))
        except OSError:
            return True
    return False


def base_url(port: int, ip: str = "127.0.0.1") -> str:
    """The server's root address."""
    host = "127.0.0.1" if ip in ("0.0.0.0", "") else ip
    return f"http://{host}:{port}"


def lesson_url(notebook: str, port: int, ip: str = "127.0.0.1") -> str:
    """The address of one lesson rendered as an app (``notebook`` relative to the lessons folder)."""
    return f"{base_url(port, ip)}/voila/render/{notebook}"


def voila_command(lessons: Path, port: int, ip: str = "127.0.0.1", extra: Sequence[str] = ()) -> list[str]:
    """The command line that serves ``lessons`` on ``ip:port``. Everything else comes from
    ``lessons/voila.json`` (``extra`` options override it); a busy port is an error, never a
    silent move to another port."""
    return [
        sys.executable, "-m", "voila", str(lessons),
        "--no-browser", f"--port={port}", f"--Voila.ip={ip}", "--Voila.port_retries=0", *extra,
    ]


def voila_env(lessons: Path, extra: Mapping[str, str] | None = None) -> dict[str, str]:
    """The environment of the server and its kernels: the current one, with a checkout's root
    first on ``PYTHONPATH`` when the lessons sit in a checkout, plus ``extra``; the kit's Voilà
    template first on ``JUPYTER_PATH``, then the root of the charts' bundle it names (so Voilà
    serves the bundle as one of the template's static files)."""
    env = dict(os.environ)
    root = lessons.resolve().parent
    if (root / "landlord" / "__init__.py").is_file():
        parts = [str(root), *[p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p]]
        env["PYTHONPATH"] = os.pathsep.join(dict.fromkeys(parts))
    env.setdefault("PYDEVD_DISABLE_FILE_VALIDATION", "1")
    env.update(extra or {})
    # the kit's template, then the charts' bundle named to the kernels (Voilà serves it from there)
    bundle = env.get(chart_bundle.BUNDLE_ENV)
    served = [str(chart_bundle.bundle_root(Path(bundle)))] if bundle else []
    env["JUPYTER_PATH"] = os.pathsep.join(
        dict.fromkeys([str(TEMPLATES), *served, *[p for p in env.get("JUPYTER_PATH", "").split(os.pathsep) if p]]))
    return env


def start(
    port: int,
    ip: str = "127.0.0.1",
    lessons: Path | None = None,
    env: Mapping[str, str] | None = None,
    log: Path | None = None,
    extra: Sequence[str] = (),
    append: bool = False,
) -> subprocess.Popen[bytes]:
    """Start Voilà in its own process group (so :func:`stop` can end it with every kernel).
    ``env`` adds variables (e.g. ``JUPYTER_*`` folders for tests); ``log`` receives its output
    (after what it holds when ``append``); ``extra`` adds Voilà options (e.g.
    ``--VoilaConfiguration.preheat_kernel=False``)."""
    folder = lessons or kit_dir("lessons")
    out = open(log, "ab" if append else "wb") if log else subprocess.DEVNULL  # noqa: SIM115 (kept open for the child)
    try:
        return subprocess.Popen(
            voila_command(folder, port, ip, extra), cwd=folder, env=voila_env(folder, env),
            stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
        )
    finally:
        if log and not isinstance(out, int):
            out.close()


def wait_ready(proc: subprocess.Popen[bytes], port: int, ip: str = "127.0.0.1", timeout: float = 60) -> float:
    """Poll Voilà's static script until it answers; returns the seconds waited. Raises
    ``RuntimeError`` if the server exits first or is not up within ``timeout`` seconds."""
    url = base_url(port, ip) + READY_PATH
    t0 = time.monotonic()
    while time.monotonic() - t0 < timeout:
        if proc.poll() is not None:
            raise RuntimeError(f"Voila exited with status {proc.returncode} before it was ready")
        try:
            with urllib.request.urlopen(url, timeout=2) as r:
                if r.status == 200:
                    return time.monotonic() - t0
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.2)
    raise RuntimeError(f"Voila did not answer at {url} within {timeout:.0f} s")


def _warm_parent(p: Any) -> bool:
    """Whether ``p`` is the server's warmed parent of kernels (:mod:`landlord.apps.forking`), not a kernel."""
    with contextlib.suppress(Exception):
        return "landlord.apps.forking" in p.cmdline()
    return False


def wait_warm(proc: subprocess.Popen[bytes], kernels: int, timeout: float = 300, idle_cpu: float = 5.0) -> float:
    """Wait until Voilà has pre-run its pool of warm kernels: at least ``kernels`` kernel
    processes exist and the server and all its kernels sit idle (together under ``idle_cpu`` %
    of a core) for two seconds running. The server counts: it runs every pre-run notebook and
    relays each kernel's output. Returns the seconds waited; raises ``RuntimeError`` on
    timeout or exit."""
    import psutil

    t0 = time.monotonic()
    server = psutil.Process(proc.pid)
    quiet = 0
    while time.monotonic() - t0 < timeout:
        if proc.poll() is not None:
            raise RuntimeError(f"Voila exited with status {proc.returncode} while warming up")
        family = [server, *(p for p in server.children(recursive=True) if not _warm_parent(p))]
        if len(family) - 1 < kernels:
            quiet = 0
            time.sleep(0.5)
            continue
        for p in family:
            with contextlib.suppress(psutil.Error):
                p.cpu_percent(None)
        time.sleep(1.0)
        busy = 0.0
        for p in family:
            with contextlib.suppress(psutil.Error):
                busy += p.cpu_percent(None)
        quiet = quiet + 1 if busy < idle_cpu else 0
        if quiet >= 2:
            return time.monotonic() - t0
    raise RuntimeError(f"Voila's {kernels} warm kernels were not ready within {timeout:.0f} s")


def _config(folder: Path) -> dict[str, Any]:
    """The Voilà configuration of a lessons folder (its ``voila.json``)."""
    cfg: dict[str, Any] = json.loads((folder / "voila.json").read_text())
    return cfg


def pools_config(lessons: Path | None = None, students: int | None = None) -> dict[str, Any]:
    """Voilà's ``kernel_pools_config`` for ``lessons``: its ``voila.json``'s, with the
    ``default`` pool sized for ``students`` when given (a notebook's own entry still wins: the
    class pages keep none)."""
    folder = lessons or kit_dir("lessons")
    pools: dict[str, Any] = dict(_config(folder).get("VoilaKernelManager", {}).get("kernel_pools_config", {}))
    if students is not None:
        pools["default"] = {**pools.get("default", {}), "pool_size": int(students)}
    return pools


def _pool_sizes(lessons: Path | None, students: int | None) -> dict[str, int]:
    """Warm kernels Voilà keeps per notebook: its ``kernel_pools_config`` entry, else the
    ``default`` entry, else one (Voilà's own fallback); none when ``preheat_kernel`` is off."""
    folder = lessons or kit_dir("lessons")
    if not _config(folder).get("VoilaConfiguration", {}).get("preheat_kernel", False):
        return {}
    pools = pools_config(folder, students)
    size = int(pools.get("default", {}).get("pool_size", 1))
    return {nb: int(pools.get(nb, {}).get("pool_size", size)) for nb in notebooks(folder)}


def pooled_notebooks(lessons: Path | None = None, students: int | None = None) -> list[str]:
    """The notebooks Voilà keeps pre-run kernels for (a pool size above 0)."""
    return [nb for nb, n in _pool_sizes(lessons, students).items() if n > 0]


def pool_kernels(lessons: Path | None = None, students: int | None = None) -> int:
    """How many warm kernels Voilà keeps pre-run for ``lessons`` (by its ``voila.json``, the
    default pool sized for ``students`` when given)."""
    return sum(_pool_sizes(lessons, students).values())


def release_after(lessons: Path | None = None) -> float:
    """The longest, in seconds, a page that stopped answering keeps its kernel once its lesson is
    idle, by ``voila.json``: the server's pings notice it within ``ws_ping_timeout`` and one
    ``ws_ping_interval``, then the kernel is culled after ``cull_idle_timeout`` and one
    ``cull_interval``."""
    cfg = _config(lessons or kit_dir("lessons"))
    web, km = cfg["Voila"]["tornado_settings"], cfg["MappingKernelManager"]
    return float((web["ws_ping_timeout"] + web["ws_ping_interval"]) / 1000
                 + km["cull_idle_timeout"] + km["cull_interval"])


def kernel_cap(lessons: Path | None = None, students: int = STUDENTS) -> int:
    """The cap on kernels for ``students``: :data:`MIN_KERNEL_CAP`, or the warm kernels plus four
    pages a student when that is more."""
    return max(MIN_KERNEL_CAP, pool_kernels(lessons, students) + 4 * students)


def student_options(lessons: Path | None = None, students: int = STUDENTS) -> list[str]:
    """Voilà's options for ``students``: every notebook's pool (``kernel_pools_config``) and the
    cap on kernels."""
    pools = json.dumps(pools_config(lessons, students), separators=(",", ":"))
    return [f"--VoilaKernelManager.kernel_pools_config={pools}",
            f"--CappedKernelManager.max_kernels={kernel_cap(lessons, students)}"]


CLASS_NOTEBOOKS = "class-*.ipynb"
"""The class lesson and the teacher's dashboard: they need a class, so ``landlord class`` serves
them (from a copy in the class folder) and the gallery neither lists nor pre-runs them."""


def notebooks(lessons: Path | None = None) -> list[str]:
    """The notebooks the gallery serves (the gallery and every lesson), by file name."""
    folder = lessons or kit_dir("lessons")
    classes = {p.name for p in folder.glob(CLASS_NOTEBOOKS)}
    return sorted(p.name for p in folder.glob("*.ipynb") if p.name not in classes)


def stop(proc: subprocess.Popen[bytes], grace: float = 10) -> None:
    """SIGTERM (Voilà shuts its kernels down), then kill the whole process group as a fallback
    so that no kernel outlives the server."""
    if proc.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            proc.send_signal(signal.SIGTERM)
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(grace)
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(proc.pid, signal.SIGKILL)
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(5)


def bundle_env(folder: Path | None = None) -> dict[str, str]:
    """The variable naming the offline charts' JavaScript to the kernels, bundled once in
    ``folder`` (default: the user's cache folder): 2 CPU-s and 80 MB less in every lesson's
    kernel. DECISION: if the folder cannot be written, each kernel bundles its own, as before:
    slower, never broken."""
    try:
        bundle = chart_bundle.write_bundle(folder or chart_bundle.cache_folder())
    except (OSError, subprocess.SubprocessError):
        return {}
    return {chart_bundle.BUNDLE_ENV: str(bundle.resolve())}


def serve(port: int = 8866, ip: str = "127.0.0.1", students: int = STUDENTS) -> int:
    """Serve the gallery until interrupted (Ctrl-C), every notebook with ``students`` pre-run
    kernels. The address is printed only once they are all pre-run (so each page opens at
    once); until then one line says how long to wait. Returns the exit status: 0 after a clean
    stop, 2 when the server cannot start."""
    lessons = kit_dir("lessons")
    if not (lessons / GALLERY).is_file():
        sys.stderr.write(f"landlord: error: no lesson gallery at {lessons / GALLERY}\n")
        return 2
    if port_in_use(port, ip):
        sys.stderr.write(f"landlord: error: --port: port {port} is in use at {ip}; choose another with --port\n")
        return 2
    log = os.environ.get(VOILA_LOG_ENV)
    proc = start(port, ip, lessons, env=bundle_env(), log=Path(log) if log else None,
                 extra=student_options(lessons, students))

    def until_stopped() -> int:
        t0 = time.monotonic()
        wait_ready(proc, port, ip, timeout=120)
        kernels = pool_kernels(lessons, students)
        n = len(pooled_notebooks(lessons, students))
        if kernels:
            each = f"{students} students" if students > 1 else "one student"
            print(f"Preparing the gallery and its {n - 1} lessons for {each} at once: please wait about "
                  f"{_minutes(kernels * WARM_SECONDS_PER_KERNEL)}; the address follows.", flush=True)
            try:
                wait_warm(proc, kernels, timeout=max(600, 4 * kernels * SECONDS_PER_LESSON))
                ready = f"Ready after {time.monotonic() - t0:.0f} s."
            except RuntimeError:
                if proc.poll() is not None:
                    raise
                ready = ("Still preparing after a long wait: the first visitor of a lesson may wait "
                         "up to 30 s.")
        else:
            ready = "Lessons are not pre-run (preheat_kernel is off): each may take up to 30 s to open."
        print(f"{ready} Lesson gallery: {lesson_url(GALLERY, port, ip)}", flush=True)
        print(f"Serving with Voila from this machine (no internet needed). A closed tab's lesson ends at once; "
              f"a page that stops answering (browser killed, network lost) is let go after about "
              f"{_minutes(release_after(lessons))}. Press Ctrl-C to stop.", flush=True)
        return 0 if proc.wait() == 0 else 2

    return serving(proc, until_stopped)


def serving(proc: subprocess.Popen[bytes], until_stopped: Callable[[], int]) -> int:
    """Run ``until_stopped`` (a server's waiting and printing) while ``proc`` serves, and return
    its exit status: a TERM to us stops like Ctrl-C (0); a server that cannot start
    (RuntimeError) is one line on stderr and 2; ``proc`` is stopped on every way out. The
    gallery's (:func:`serve`) and the class's (``landlord class``)."""
    previous = signal.signal(signal.SIGTERM, _interrupt)  # a TERM to us must stop Voila too
    try:
        return until_stopped()
    except RuntimeError as exc:
        sys.stderr.write(f"landlord: error: {exc}\n")
        return 2
    except KeyboardInterrupt:
        return 0
    finally:
        stop(proc)
        signal.signal(signal.SIGTERM, previous)


def _minutes(seconds: float) -> str:
    """A wait in plain words: "40 s" or "2 minutes"."""
    return f"{seconds:.0f} s" if seconds < 90 else f"{round(seconds / 60)} minutes"


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt
