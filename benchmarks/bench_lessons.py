"""Lessons served by Voilà: render time and memory per kernel, and a class arriving at once.

    python benchmarks/bench_lessons.py [--class-size 30] [--lesson 01-landlords-game-1904.ipynb]
    python benchmarks/bench_lessons.py --reveals

1. Cold render: with the warm-kernel pool switched off, each notebook is requested once (HTTP,
   no browser) and the server runs it from scratch in a new kernel — the time a visitor waits
   when no warm kernel is left (wall), and the CPU time that kernel spent on it (user + system:
   the fairer figure while other jobs share the cores). Then the memory of that kernel: RSS, and
   PSS (its fair share of pages shared with other processes: the figure that adds up across 30
   kernels). Two servers side by side, each notebook on both in turn: kernels reading the offline
   charts' code from the bundle written once (as ``landlord serve`` runs them) and kernels
   bundling it themselves (as before).
2. A class arriving at once: ``--class-size`` simultaneous requests of one lesson, pool off —
   wall time until the last page is served, and the memory of server + kernels afterwards.
3. ``--warm``: the setting docs/decisions/serving.md gives for a class — the lesson of the day
   pre-run in ``--class-size`` warm kernels (``kernel_pools_config`` in a copy of voila.json):
   time to warm them all, memory, and the same simultaneous requests served from the pool.
4. ``--reveals``: what a student waits after opening a lesson's reveal (``landlord.widgets.Reveal``,
   built on first opening). Each lesson's code cells run in this process, from ``lessons/``,
   as a kernel runs them; then each reveal is opened and the CPU and wall time of building its
   content printed.
5. ``--together N [--students 1,4] [--settle S] [--no-dead-pages] [--clients]``: N students open
   one lesson at the same moment on the server as ``landlord serve`` runs it (``--students S``: S
   pre-run kernels a notebook), each in its own Chromium page (one headless Chromium, a context a
   student): the seconds from navigation to the lesson drawn (its table's buttons and charts),
   for each student (``--clients``: scripted pages instead, ``tests/classclient.py``, nothing
   drawn: the seconds from the request until the kernel has sent every widget's state, the
   server's part of the first render, with the browser's cores left to the server); then what
   dead pages hold: the Chromium is killed (no tab closed, no page-close beacon: as a crashed or
   force-quit browser) and one more page's connection goes silent (a client that completes the
   websocket handshake, then never reads or answers again: a lost network, a laptop shut), and
   the seconds until each of their kernels is shut down are printed.
6. ``--results``: what each lesson's reveals show, as figures with their spread across games
   (the same games, seeds and bots the reveals play, through the same functions of the kit's
   runners): the figures ``docs/teachers-guide.md`` quotes for each lesson's questions.
7. ``--profile [--lesson L]``: where one student's first render goes, on a server as ``landlord
   serve`` runs it (one pre-run kernel a notebook): the pre-run page's serving time and size, the
   lesson's widget models and their state (its code cells run in this process with the served
   charts' bundle, as a kernel runs them), then one Chromium page with the DevTools protocol —
   navigation timings, every request (count, bytes, by kind), the kernel websocket's bytes, long
   tasks, the renderer's task, script, layout and style time, and the CPU time of each Chromium
   process, the server and its kernels, until the lesson is drawn.

Prints figures; asserts nothing. Every Jupyter folder lives in a temporary directory.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import re
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pandas as pd
import psutil

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from landlord.apps import serve
from landlord.data.resources import kit_dir

MB = 1024 * 1024


def kernels(server: psutil.Process) -> list[psutil.Process]:
    out = []
    for p in server.children(recursive=True):
        try:
            if "ipykernel" in " ".join(p.cmdline()):
                out.append(p)
        except psutil.Error:  # a process that has just ended
            continue
    return out


def memory(p: psutil.Process) -> tuple[float, float]:
    info = p.memory_full_info()
    return info.rss / MB, getattr(info, "pss", info.rss) / MB


def cpu_seconds(p: psutil.Process) -> float:
    """CPU time (user + system) a process has used so far."""
    t = p.cpu_times()
    return t.user + t.system


def get(url: str) -> float:
    t0 = time.monotonic()
    with urllib.request.urlopen(url, timeout=900) as r:
        body = r.read()
    if b"There was an error when executing cell" in body:
        raise RuntimeError(f"{url}: a cell failed")
    return time.monotonic() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--class-size", type=int, default=30)
    ap.add_argument("--lesson", default="01-landlords-game-1904.ipynb")
    ap.add_argument("--warm", action="store_true", help="only part 3: a warm pool for the whole class")
    ap.add_argument("--reveals", action="store_true", help="only part 4: the time to build each lesson's reveal")
    ap.add_argument("--results", action="store_true", help="only part 6: what each lesson's reveals show")
    ap.add_argument("--profile", action="store_true", help="only part 7: where one page's first render goes")
    ap.add_argument("--together", type=int, metavar="N", help="only part 5: N students open --lesson at once")
    ap.add_argument("--students", default=str(serve.STUDENTS),
                    help="part 5: the servers' --students, comma-separated, each measured in turn")
    ap.add_argument("--settle", type=float, default=0.0, metavar="S",
                    help="part 5: wait up to S seconds, once the copies are ready, for the load average to fall "
                         "below 1.5 before the students open the lesson")
    ap.add_argument("--no-dead-pages", action="store_true",
                    help="part 5 without its dead pages (which wait up to 30 minutes for their kernels)")
    ap.add_argument("--clients", action="store_true",
                    help="part 5 with scripted pages instead of Chromium: the server's part of each first render")
    args = ap.parse_args()
    if args.together:
        last = int(args.students.split(",")[-1])
        for students in (int(x) for x in args.students.split(",")):
            together(args.together, args.lesson, students, settle=args.settle, clients=args.clients,
                     dead=students == last and not args.no_dead_pages and not args.clients)
        return
    if args.reveals:
        reveals()
        return
    if args.results:
        results()
        return
    if args.profile:
        profile(args.lesson)
        return
    if args.warm:
        warm_class(args.class_size, args.lesson)
        return
    tmp = Path(tempfile.mkdtemp(prefix="bench-lessons-"))
    env = {v: str(tmp / v.lower()) for v in ("JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "JUPYTER_CONFIG_DIR",
                                             "IPYTHONDIR")}
    # two servers side by side: kernels that bundle the offline charts' code themselves (as
    # before), and kernels reading the bundle written once (as `landlord serve` runs them)
    port, own_port = serve.free_port(), serve.free_port()
    pool_off = ["--VoilaConfiguration.preheat_kernel=False"]
    proc = serve.start(port, env={**env, **serve.bundle_env(tmp / "charts")}, log=tmp / "voila.log", extra=pool_off)
    own = serve.start(own_port, env=env, log=tmp / "voila-own-bundle.log", extra=pool_off)
    try:
        up = serve.wait_ready(proc, port)
        serve.wait_ready(own, own_port)
        server = psutil.Process(proc.pid)
        print(f"Voila up in {up:.1f} s; {os.cpu_count()} cores; "
              f"{psutil.virtual_memory().total / MB / 1024:.1f} GB RAM")
        print(f"server alone: RSS {memory(server)[0]:.0f} MB")
        print("\n1. cold render (pool off) and the memory of the lesson's kernel afterwards; each notebook on "
              "both servers in turn")
        print(f"   {'notebook':<32} {'charts code':<22} {'render s':>8} {'CPU s':>6} {'RSS MB':>7} {'PSS MB':>7}")
        for nb in serve.notebooks():
            for label, srv, at in (("bundled in the kernel", psutil.Process(own.pid), own_port),
                                   ("read from the bundle", server, port)):
                before = {p.pid for p in kernels(srv)}
                seconds = get(serve.lesson_url(nb, at))
                time.sleep(1)
                new = [p for p in kernels(srv) if p.pid not in before]
                rss, pss = memory(new[0]) if new else (float("nan"), float("nan"))
                cpu = cpu_seconds(new[0]) if new else float("nan")
                print(f"   {nb:<32} {label:<22} {seconds:8.1f} {cpu:6.1f} {rss:7.0f} {pss:7.0f}")
        serve.stop(own)
        n = args.class_size
        print(f"\n2. {n} students open {args.lesson} at the same moment (pool off)")
        t0 = time.monotonic()
        with ThreadPoolExecutor(max_workers=n) as pool:
            waits = sorted(pool.map(get, [serve.lesson_url(args.lesson, port)] * n))
        wall = time.monotonic() - t0
        time.sleep(2)
        ks = kernels(server)
        total_pss = sum(memory(k)[1] for k in ks) + memory(server)[1]
        print(f"   all {n} pages served after {wall:.0f} s; fastest {waits[0]:.0f} s, median "
              f"{waits[len(waits) // 2]:.0f} s, slowest {waits[-1]:.0f} s")
        print(f"   {len(ks)} kernels alive; server + kernels PSS {total_pss / 1024:.2f} GB "
              f"({total_pss / max(len(ks), 1):.0f} MB per kernel incl. the server's share)")
    finally:
        serve.stop(proc)
        serve.stop(own)


def warm_class(n: int, lesson: str) -> None:
    """Part 3: ``n`` warm kernels for ``lesson`` (one for every other notebook), then ``n``
    simultaneous requests."""
    import shutil

    tmp = Path(tempfile.mkdtemp(prefix="bench-lessons-warm-"))
    folder = tmp / "lessons"
    shutil.copytree(kit_dir("lessons"), folder)
    cfg = json.loads((folder / "voila.json").read_text())
    cfg.setdefault("VoilaKernelManager", {})["kernel_pools_config"] = {
        "default": {"pool_size": 1}, lesson: {"pool_size": n}}
    (folder / "voila.json").write_text(json.dumps(cfg, indent=1))
    env = {v: str(tmp / v.lower()) for v in ("JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "JUPYTER_CONFIG_DIR",
                                             "IPYTHONDIR")}
    root = str(kit_dir("lessons").resolve().parent)
    env["PYTHONPATH"] = os.pathsep.join([root, *[p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]])
    env.update(serve.bundle_env(tmp / "charts"))  # as `landlord serve` runs its kernels
    port = serve.free_port()
    proc = serve.start(port, lessons=folder, env=env, log=tmp / "voila.log")
    try:
        serve.wait_ready(proc, port)
        kernels_wanted = serve.pool_kernels(folder)
        warmed = serve.wait_warm(proc, kernels_wanted, timeout=1800)
        server = psutil.Process(proc.pid)
        ks = kernels(server)
        total_pss = sum(memory(k)[1] for k in ks) + memory(server)[1]
        print(f"3. {lesson} pre-run in {n} warm kernels (+1 per other notebook): {len(ks)} kernels "
              f"warm after {warmed:.0f} s; server + kernels PSS {total_pss / 1024:.2f} GB")
        t0 = time.monotonic()
        with ThreadPoolExecutor(max_workers=n) as pool:
            waits = sorted(pool.map(get, [serve.lesson_url(lesson, port)] * n))
        print(f"   {n} simultaneous requests served from the pool after {time.monotonic() - t0:.1f} s "
              f"(slowest {waits[-1]:.1f} s); the browser then draws widgets and charts (2-5 s measured "
              "for one visitor by tests/test_browser.py)")
    finally:
        serve.stop(proc)


def shown_values(nb: str) -> Iterator[object]:
    """Run notebook ``nb``'s code cells here (from the current folder), one namespace, as a
    kernel runs them; yield what each cell shows (its last expression's value, None after a
    statement)."""
    import ast

    import nbformat

    names: dict[str, object] = {}
    for cell in nbformat.read(nb, as_version=4).cells:
        tree = ast.parse(cell.source) if cell.cell_type == "code" else None
        if tree is None or not tree.body:
            continue
        *body, last = tree.body
        exec(compile(ast.Module(body=body, type_ignores=[]), nb, "exec"), names)
        if not isinstance(last, ast.Expr):
            exec(compile(ast.Module(body=[last], type_ignores=[]), nb, "exec"), names)
            yield None
            continue
        yield eval(compile(ast.Expression(last.value), nb, "eval"), names)


def reveals() -> None:
    """Part 4: run each lesson's code cells here, then open each reveal and time its build: first
    with every game played now (as before the kept games: :func:`landlord.runs.kept.recording`
    reads no kept file), then as a student opens it (the games kept in ``data/played`` answer)."""
    from landlord.runs.kept import recording
    from landlord.widgets import Reveal

    print("4. a reveal's content, built when the student opens it (this process, not a server):")
    print("   its games played now, then read from data/played (python3 -m landlord.runs.keep_lessons)")
    print(f"   {'notebook':<32} {'reveal':<48} {'played: CPU s':>13} {'wall s':>6} {'kept: CPU s':>11} {'wall s':>6}")
    os.chdir(kit_dir("lessons"))
    for nb in serve.notebooks():
        for shown in shown_values(nb):
            if isinstance(shown, Reveal):
                c0, t0 = time.process_time(), time.monotonic()
                with recording():
                    shown._build()
                played = (time.process_time() - c0, time.monotonic() - t0)
                c0, t0 = time.process_time(), time.monotonic()
                shown.selected_index = 0
                if not shown.built:
                    raise RuntimeError(f"{nb}: {shown.titles[0]} failed: {shown.error}")
                print(f"   {nb:<32} {shown.titles[0][:48]:<48} {played[0]:13.1f} {played[1]:6.1f} "
                      f"{time.process_time() - c0:11.1f} {time.monotonic() - t0:6.1f}")


def kernel_pids(server: psutil.Process) -> dict[str, int]:
    """The server's kernels by id (read from each kernel's connection file name)."""
    out = {}
    for k in kernels(server):
        with contextlib.suppress(psutil.Error):
            found = re.search(r"kernel-([0-9a-f-]+)\.json", " ".join(k.cmdline()))
            if found:
                out[found.group(1)] = k.pid
    return out


async def _open_pages(url: str, n: int, shots: Path, timeout_s: float = 300) -> tuple[list[float], list[str], Any]:
    """``n`` Chromium pages (a context each) open ``url`` at once; each page's seconds until its
    table's buttons and chart marks are drawn (NaN when not within ``timeout_s``: a screenshot
    and the page's text are then left in ``shots``), its kernel id, and the running Playwright
    (the caller ends it)."""
    from playwright.async_api import TimeoutError as PageTimeout
    from playwright.async_api import async_playwright

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
    from browser_helpers import CHROMIUM, CHROMIUM_ARGS

    pw = await async_playwright().start()
    browser = await pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
    pages = [await (await browser.new_context(viewport={"width": 1366, "height": 768})).new_page() for _ in range(n)]
    ms = timeout_s * 1000

    async def one(k: int, page: Any) -> tuple[float, str]:
        t0 = time.monotonic()
        try:
            await page.goto(url, timeout=ms)
            await page.locator("button.jupyter-button", has_text=re.compile(r"^\s*Play to the end\s*$")).first.wait_for(
                timeout=ms)
            await page.wait_for_function(DRAWN, timeout=ms)
            seconds = time.monotonic() - t0
        except PageTimeout:
            seconds = float("nan")
            await page.screenshot(path=str(shots / f"page-{k}.png"), full_page=True)
            (shots / f"page-{k}.txt").write_text(await page.inner_text("body"))
        config = await page.evaluate("document.getElementById('jupyter-config-data').textContent")
        return seconds, str(json.loads(config)["kernelId"])

    done = await asyncio.gather(*(one(k, p) for k, p in enumerate(pages)))
    return [t for t, _ in done], [k for _, k in done], pw


MARKS = "svg.marks g.role-mark > *"
"""Drawn items of a Vega chart (as tests/test_browser.py counts them)."""
DRAWN = ("document.querySelectorAll('.ll-table .ll-board .ll-space').length >= 40"
         f" && document.querySelectorAll({MARKS!r}).length >= 3")
"""A lesson's table is drawn: its board's squares (the kit's own board) and its charts' marks,
as ``tests/test_browser.py``'s ``ready_table`` waits for them."""


async def _open_clients(url: str, n: int) -> list[tuple[float, int, int]]:
    """``n`` scripted pages (``tests/classclient.py``: the page's HTTP request, its kernel's
    websocket and every widget's state, as Voilà's page asks for them; nothing drawn) open
    ``url`` at once: each one's seconds from the request until the kernel has sent every widget's
    state (the server's part of a first render), its widgets, and the cells that showed an error.
    The pages are closed as a tab is (the page-close beacon) once all have opened."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
    from classclient import VoilaClient

    async def one() -> tuple[float, int, int, VoilaClient]:
        page = VoilaClient(url)
        t0 = time.monotonic()
        await page.open(timeout=300)
        return time.monotonic() - t0, len(page.models), page.errors, page

    done = await asyncio.gather(*(one() for _ in range(n)))
    await asyncio.gather(*(page.close() for *_, page in done))
    return [(t, models, errors) for t, models, errors, _ in done]


def together(n: int, lesson: str, students: int, dead: bool, settle: float = 0.0, clients: bool = False) -> None:
    """Part 5: ``n`` students open ``lesson`` at once on a server made ready for ``students``
    (and, with ``settle``, given up to that many seconds for the machine's load average to fall
    below 1.5 once the copies are ready, as when a teacher starts it a few minutes before the
    class), each in Chromium or (``clients``) as a scripted page, the server's part alone; then
    (``dead``) a killed browser's and a silent page's kernels, timed until shut down."""
    tmp = Path(tempfile.mkdtemp(prefix="bench-lessons-together-"))
    env = {v: str(tmp / v.lower()) for v in ("JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "JUPYTER_CONFIG_DIR",
                                             "IPYTHONDIR", "XDG_CONFIG_HOME", "XDG_CACHE_HOME")}
    lessons = kit_dir("lessons")
    port = serve.free_port()
    proc = serve.start(port, env={**env, **serve.bundle_env(tmp / "charts")}, log=tmp / "voila.log",
                       extra=serve.student_options(lessons, students))
    pw = None
    try:
        serve.wait_ready(proc, port)
        wanted = serve.pool_kernels(lessons, students)
        warmed = serve.wait_warm(proc, wanted, timeout=1800)
        server = psutil.Process(proc.pid)
        ks = kernels(server)
        total_pss = sum(memory(k)[1] for k in ks) + memory(server)[1]
        print(f"5. --students {students}: {len(ks)} kernels pre-run after {warmed:.0f} s (load average "
              f"{os.getloadavg()[0]:.1f}); server + kernels PSS {total_pss / 1024:.2f} GB", flush=True)
        if settle:
            t0 = time.monotonic()
            while os.getloadavg()[0] >= 1.5 and time.monotonic() - t0 < settle:
                time.sleep(2)
            print(f"   settled for {time.monotonic() - t0:.0f} s (load average {os.getloadavg()[0]:.1f})", flush=True)
        url = serve.lesson_url(lesson, port)
        if clients:
            opened = asyncio.run(_open_clients(url, n))
            print(f"   {n} scripted pages open {lesson} at once: every widget's state received after "
                  + ", ".join(f"{t:.2f}" for t, _, _ in sorted(opened)) + " s"
                  + f" ({opened[0][1]} widgets a page; {sum(e for *_, e in opened)} cells with an error;"
                  + f" load average {os.getloadavg()[0]:.1f})", flush=True)
            return
        seconds, ids, pw = _run_pages(url, n, tmp)
        drawn = sorted(t for t in seconds if t == t)
        print(f"   {n} students open {lesson} at once in Chromium: drawn after "
              + ", ".join(f"{t:.1f}" for t in drawn) + " s"
              + (f"; {n - len(drawn)} not drawn within 300 s (screenshots in {tmp})" if len(drawn) < n else "")
              + f" (load average {os.getloadavg()[0]:.1f})", flush=True)
        if not dead:
            return
        pids = kernel_pids(server)
        sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
        from page_clients import silent_page

        sock, silent = silent_page(url)
        watched = {k: pids[k] for k in ids if k in pids}
        t0 = time.monotonic()
        for p in psutil.Process().children(recursive=True):
            with contextlib.suppress(psutil.Error):
                if "chromium" in p.name():
                    p.kill()  # a killed browser: its sockets close, no page-close beacon is sent
        silent_pid = kernel_pids(server).get(silent)
        print(f"   the browser killed (its {len(watched)} pages' kernels), and one page's connection silent "
              f"(its kernel {'found' if silent_pid else 'not found'}); waiting for their kernels to be shut down")
        gone: dict[str, float] = {}
        everyone = {**watched, **({silent: silent_pid} if silent_pid else {})}
        while len(gone) < len(everyone) and time.monotonic() - t0 < 1800:
            for k, pid in everyone.items():
                if k not in gone and not psutil.pid_exists(pid):
                    gone[k] = time.monotonic() - t0
            time.sleep(2)
        killed = sorted(gone[k] for k in watched if k in gone)
        print(f"   killed browser: {len(killed)} of {len(watched)} kernels shut down, after "
              + ", ".join(f"{t:.0f}" for t in killed) + " s")
        print("   silent page: kernel shut down after "
              + (f"{gone[silent]:.0f} s" if silent in gone else "more than 1800 s (not seen to end)"))
        sock.close()
    finally:
        if pw is not None:
            with contextlib.suppress(Exception):
                _stop_pages(pw)
        serve.stop(proc)


def _run_pages(url: str, n: int, shots: Path) -> tuple[list[float], list[str], Any]:
    """:func:`_open_pages` on an event loop kept running (the caller kills the browser later)."""
    loop = asyncio.new_event_loop()
    seconds, ids, pw = loop.run_until_complete(_open_pages(url, n, shots))
    _LOOPS[id(pw)] = loop
    return seconds, ids, pw


_LOOPS: dict[int, asyncio.AbstractEventLoop] = {}


def _stop_pages(pw: Any) -> None:
    loop = _LOOPS.pop(id(pw))
    with contextlib.suppress(Exception):
        loop.run_until_complete(asyncio.wait_for(pw.stop(), 30))
    loop.close()


def widget_models(lesson: str, bundle: Path) -> tuple[int, int, int]:
    """Run ``lesson``'s code cells in this process (in ``lessons/``, the charts' code read from
    ``bundle`` as a served kernel reads it): the widget models made, the bytes of their state as
    a page receives it, and the bytes of the largest one."""
    from ipywidgets.widgets.widget import _instances, _remove_buffers

    from landlord.charts.bundle import BUNDLE_ENV

    os.environ[BUNDLE_ENV] = str(bundle)
    before = set(_instances)
    here = Path.cwd()
    os.chdir(kit_dir("lessons"))
    try:
        for _ in shown_values(lesson):
            pass
    finally:
        os.chdir(here)
    sizes = []
    for key, widget in _instances.items():
        if key not in before:
            state, _, buffers = _remove_buffers(widget.get_state())
            sizes.append(len(json.dumps(state, default=str)) + sum(len(b) for b in buffers))
    return len(sizes), sum(sizes), max(sizes, default=0)


def _cpu_by_kind(procs: list[psutil.Process], page_kernel: int = 0) -> dict[int, tuple[str, float]]:
    """Each process's kind (a Chromium process type, the Playwright driver, the page's kernel
    (pid ``page_kernel``), another kernel, the server) and CPU seconds so far, by pid."""
    out = {}
    for p in procs:
        with contextlib.suppress(psutil.Error):
            line = " ".join(p.cmdline())
            found = re.search(r"--type=([\w-]+)", line)
            if "chrom" in p.name():
                kind = f"Chromium {found.group(1) if found else 'browser'}"
            else:
                kind = ("the page's kernel" if p.pid == page_kernel else "other kernels (the pool's refill)"
                        if "ipykernel" in line else "server" if "voila" in line else p.name())
            out[p.pid] = (kind, cpu_seconds(p))
    return out


async def _profile_page(url: str, server: psutil.Process) -> dict[str, Any]:
    """One Chromium page opens ``url`` with the DevTools protocol watching, until the lesson is
    drawn: what :func:`profile` prints."""
    from playwright.async_api import async_playwright

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
    from browser_helpers import CHROMIUM, CHROMIUM_ARGS

    pw = await async_playwright().start()
    try:
        browser = await pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        context = await browser.new_context(viewport={"width": 1366, "height": 768})
        page = await context.new_page()
        cdp = await context.new_cdp_session(page)
        await cdp.send("Performance.enable")
        await cdp.send("Network.enable")
        kinds: dict[str, str] = {}
        got: dict[str, int] = {}
        socket = [0, 0]
        cdp.on("Network.requestWillBeSent", lambda e: kinds.__setitem__(e["requestId"], e.get("type", "Other")))
        cdp.on("Network.loadingFinished", lambda e: got.__setitem__(e["requestId"], int(e["encodedDataLength"])))

        def frame(e: dict[str, Any]) -> None:
            socket[0] += 1
            socket[1] += len(e["response"]["payloadData"])

        cdp.on("Network.webSocketFrameReceived", frame)
        await page.add_init_script("window.__longTasks = []; new PerformanceObserver(l => l.getEntries().forEach("
                                   "e => window.__longTasks.push(e.duration))).observe({entryTypes: ['longtask']});")
        me = psutil.Process()

        def family() -> list[psutil.Process]:
            return [*me.children(recursive=True), server, *server.children(recursive=True)]

        before = _cpu_by_kind(family())
        t0 = time.monotonic()
        await page.goto(url, timeout=300_000)
        await page.locator("button.jupyter-button", has_text=re.compile(r"^\s*Play to the end\s*$")).first.wait_for(
            timeout=300_000)
        await page.wait_for_function(DRAWN, timeout=300_000)
        drawn = time.monotonic() - t0
        config = await page.evaluate("document.getElementById('jupyter-config-data').textContent")
        page_kernel = kernel_pids(server).get(str(json.loads(config)["kernelId"]), 0)
        cpu: dict[str, float] = {}
        for pid, (kind, seconds) in _cpu_by_kind(family(), page_kernel).items():
            cpu[kind] = cpu.get(kind, 0.0) + seconds - before.get(pid, (kind, 0.0))[1]
        metrics = {m["name"]: m["value"] for m in (await cdp.send("Performance.getMetrics"))["metrics"]}
        nav = json.loads(await page.evaluate("JSON.stringify(performance.getEntriesByType('navigation')[0])"))
        long_tasks = await page.evaluate("window.__longTasks")
        elements = await page.evaluate("document.getElementsByTagName('*').length")
        await browser.close()
    finally:
        await pw.stop()
    by_kind: dict[str, list[int]] = {}
    for rid, size in got.items():
        by_kind.setdefault(kinds.get(rid, "Other"), []).append(size)
    return {"drawn": drawn, "cpu": cpu, "metrics": metrics, "nav": nav, "long_tasks": long_tasks,
            "requests": by_kind, "socket": socket, "elements": elements}


def profile(lesson: str) -> None:
    """Part 7: where one student's first render of ``lesson`` goes (see the module's docstring)."""
    tmp = Path(tempfile.mkdtemp(prefix="bench-lessons-profile-"))
    env = {v: str(tmp / v.lower()) for v in ("JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "JUPYTER_CONFIG_DIR",
                                             "IPYTHONDIR", "XDG_CONFIG_HOME", "XDG_CACHE_HOME")}
    charts = serve.bundle_env(tmp / "charts")
    lessons = kit_dir("lessons")
    port = serve.free_port()
    proc = serve.start(port, env={**env, **charts}, log=tmp / "voila.log", extra=serve.student_options(lessons, 1))
    try:
        serve.wait_ready(proc, port)
        serve.wait_warm(proc, serve.pool_kernels(lessons, 1), timeout=1800)
        print(f"7. one student's first render of {lesson} ({os.cpu_count()} cores, load average "
              f"{os.getloadavg()[0]:.1f})", flush=True)
        if charts:
            models, state, largest = widget_models(lesson, Path(next(iter(charts.values()))))
            print(f"   widget models {models}, their state {state / 1000:.0f} kB (largest {largest / 1000:.0f} kB)")
        server = psutil.Process(proc.pid)
        t0 = time.monotonic()
        with urllib.request.urlopen(serve.lesson_url(lesson, port), timeout=300) as r:
            html = r.read()
        served = time.monotonic() - t0
        print(f"   the pre-run page served over HTTP in {served * 1000:.0f} ms, {len(html) / 1000:.0f} kB")
        time.sleep(3)  # the refill has started: the page below gets a pre-run kernel
        serve.wait_warm(proc, serve.pool_kernels(lessons, 1), timeout=600)
        loop = asyncio.new_event_loop()
        try:
            p = loop.run_until_complete(_profile_page(serve.lesson_url(lesson, port), server))
        finally:
            loop.close()
        nav, m = p["nav"], p["metrics"]
        print(f"   Chromium: drawn after {p['drawn']:.2f} s; page received {nav['responseEnd']:.0f} ms, "
              f"DOM ready {nav['domContentLoadedEventEnd']:.0f} ms, loaded {nav['loadEventEnd']:.0f} ms; "
              f"{p['elements']} elements")
        total = sum(len(v) for v in p["requests"].values())
        print(f"   {total} requests, {sum(sum(v) for v in p['requests'].values()) / MB:.2f} MB: " + ", ".join(
            f"{kind} {len(v)} ({sum(v) / MB:.2f} MB)" for kind, v in sorted(p["requests"].items(),
                                                                          key=lambda kv: -sum(kv[1]))))
        print(f"   kernel websocket: {p['socket'][0]} messages received, {p['socket'][1] / MB:.2f} MB")
        print(f"   renderer's main thread: tasks {m['TaskDuration']:.2f} s, of which script "
              f"{m['ScriptDuration']:.2f} s, layout {m['LayoutDuration']:.2f} s, "
              f"style {m['RecalcStyleDuration']:.2f} s; "
              f"{len(p['long_tasks'])} long tasks, {sum(p['long_tasks']) / 1000:.2f} s")
        print("   CPU s until drawn: " + ", ".join(f"{kind} {s:.2f}" for kind, s in sorted(p["cpu"].items(),
                                                                                        key=lambda kv: -kv[1])
                                                  if s >= 0.01) + f"; all {sum(p['cpu'].values()):.2f}")
    finally:
        serve.stop(proc)


def _spread(values: pd.Series) -> str:
    """Mean, standard deviation and 5th-95th percentiles of ``values``, in one phrase."""
    return (f"mean {values.mean():.3f} (sd {values.std():.3f}; 5th-95th percentile "
            f"{values.quantile(0.05):.3f} to {values.quantile(0.95):.3f})")


def results() -> None:
    """Part 6: the figures behind each lesson's reveals, with their spread across games."""
    from landlord.analysis import stats
    from landlord.data.loader import load_ruleset
    from landlord.engine import landing
    from landlord.rules.families import movement_for
    from landlord.runs import decompose, measures
    from landlord.runs.scenario import scenario_from_dict
    from landlord.runs.simulate import simulate
    from landlord.runs.sweep import run_sweep
    from landlord.widgets import reveals as lesson_reveals

    bots = [*lesson_reveals.BOTS, "landlord"]
    c0, t0 = time.process_time(), time.monotonic()
    print("6. what each lesson's reveals show (the reveals' own games: same rulesets, bots and seeds)")
    rows = pd.DataFrame(simulate("magie-1904", bots, range(200)))
    print("\nLesson 1: 200 games of the 1904 patent game, seeds 0-199, bots " + ", ".join(bots))
    for _, r in measures.wins_per_seat(rows).iterrows():
        print(f"   {r['strategy']:<11} {r['seats']} seat(s): won {r['wins']} games, "
              f"{r['share_per_seat']:.1%} of games a seat (equal luck: 25%)")
    won, games = measures.land_buyer_wins(rows)
    print(f"   a land buyer (landlord or speculator) won {won} of {games} games")
    print(f"   final Gini (population form): {_spread(rows['gini_population'])}")
    print(f"   game length: {rows['rounds'].mean():.1f} rounds (sd {rows['rounds'].std():.1f}), "
          f"{rows['turns'].mean():.0f} turns")

    print("\nLesson 2: Magie's 1906 game, bots " + ", ".join(bots))
    jumps = measures.switch_games("magie-1906", bots, range(200), "round:15")
    counts = measures.jump_counts(jumps)
    done = jumps[jumps["switched"]]
    print(f"   single tax at round 15, seeds 0-199: switched in {counts['switched']} of {counts['games']} games; "
          f"at the switch the Gini went up in {counts['up']}, down in {counts['down']}, stayed in {counts['same']}; "
          f"before {done['gini_before'].mean():.3f} -> after {done['gini_after'].mean():.3f} on average; "
          f"final Gini {_spread(jumps['gini_final'])}")
    scenario = scenario_from_dict({
        "scenario": {"title": "single tax", "ruleset": "magie-1906", "players": 4,
                     "strategies": lesson_reveals.BOTS, "games": 100, "seed": 1906, "seeds": "shared"},
        "tax": {"phase": "single_tax"}, "grid": {"tax.start": list(lesson_reveals.SINGLE_TAX_WHEN)}})
    sweep = run_sweep(scenario).games
    print("   the reveal's 100 games each way (root seed 1906, shared seeds), final Gini:")
    for when, words in lesson_reveals.SINGLE_TAX_WHEN.items():
        g = sweep[sweep["tax_start"] == when]
        print(f"   {words:<28} {_spread(g['gini_population'])}; {g['rounds'].mean():.1f} rounds "
              f"(sd {g['rounds'].std():.1f})")

    print("\nLesson 3: each Part of the 1913 game alone, 200 games, seeds 0-199, bots "
          + ", ".join(decompose.BRITISH_1913_SEATS))
    parts = decompose.british1913_parts(200)
    summary = decompose.british1913_parts_summary(parts)
    for _, r in summary.iterrows():
        g = parts[parts["part"] == r["part"]]["gini_population"]
        rounds = parts[parts["part"] == r["part"]]["rounds"]
        print(f"   {r['part']}: mean Gini {r['mean Gini']:.3f} [95% interval {r['low']:.3f} to {r['high']:.3f}]; "
              f"{_spread(g)}; start cash £{r['start cash']:,.0f}; improvements £{r['improvements']:,.0f} a game; "
              f"the landless player won {r['landless won']:.0%}; {rounds.mean():.1f} rounds (sd {rounds.std():.1f})")
    d = decompose.british1913(games=100)
    print("   Part 3 taken apart, 100 paired games a row (the reveal's):")
    for _, r in d.table.iterrows():
        print(f"   {r['rules']:<52} mean Gini {r['mean Gini']:.4f} (sd {r['sd']:.4f}); difference "
              f"{r['difference']:+.4f} [{r['low']:+.4f}, {r['high']:+.4f}]; landless won {r['landless won']:.0%}")
    print(f"   within Part 3, its land value tax: {d.tax['difference']:+.4f} "
          f"[{d.tax['low']:+.4f}, {d.tax['high']:+.4f}]")

    print("\nLesson 4: where a throw ends, exact landing chain (no games: no spread)")
    for rid in ("monopoly", "magie-1904"):
        rs = load_ruleset(rid)
        value = landing.location_values(rs, landing.exact(movement_for(rs)))
        most = value.sort_values("probability", ascending=False).head(3)
        streets = value[value["kind"] == "street"].sort_values("probability", ascending=False).head(5)
        streets = streets if len(streets) else value[value["expected_rent"] > 0].sort_values(
            "probability", ascending=False).head(5)
        best = value[value["expected_rent"] > 0].sort_values("expected_rent", ascending=False).head(3)
        cur = rs.board.currency
        print(f"   {rs.title}: spaces landed on most " + ", ".join(
            f"{r['name']} {r['probability']:.2%}" for _, r in most.iterrows()))
        print("      streets landed on most " + ", ".join(
            f"{r['name']} {r['probability']:.2%} ({cur}{r['expected_rent']:.2f} a throw)"
            for _, r in streets.iterrows()))
        print("      most rent a throw " + ", ".join(
            f"{r['name']} {cur}{r['expected_rent']:.2f}" for _, r in best.iterrows()))

    monopoly = load_ruleset("monopoly")
    value = landing.location_values(monopoly, landing.exact(movement_for(monopoly)))
    chances = dict(zip(value["name"], value["probability"], strict=True))
    print("   lesson 4's prediction: " + ", ".join(
        f"{name} {chances[name]:.2%}" for name in ("Mediterranean Avenue", "Illinois Avenue", "Boardwalk"))
          + f"; all 40 spaces equally often would be {1 / len(monopoly.board):.2%} each")
    short = pd.DataFrame(simulate("monopoly-short", bots, range(200)))
    print("   Monopoly's short game, 200 games, seeds 0-199, bots " + ", ".join(bots)
          + f": {short['rounds'].mean():.1f} rounds (sd {short['rounds'].std():.1f}); final Gini "
          f"{_spread(short['gini_population'])}")
    for _, r in measures.wins_per_seat(short).iterrows():
        print(f"   {r['strategy']:<11} {r['seats']} seat(s): {r['share_per_seat']:.1%} of games a seat")

    print("\nLesson 5: the 1904 game at four wages, landlord rules and the single tax from the start, "
          "100 games a cell (root seed 1904, shared seeds)")
    scenario = scenario_from_dict({
        "scenario": {"title": "wages and the single tax", "ruleset": "magie-1904", "players": 4,
                     "strategies": lesson_reveals.BOTS, "games": 100, "seed": 1904, "seeds": "shared"},
        "tax": {"phase": "single_tax"}, "grid": {"wages": [50, 100, 150, 200],
                                                 "tax.start": list(lesson_reveals.WAGE_RULES)}})
    lab = run_sweep(scenario).games.assign(rules=lambda g: g["tax_start"].map(lesson_reveals.WAGE_RULES))
    band = stats.interval_table(lab, x="wages", y="gini_population", by="rules")
    for _, r in band.iterrows():
        g = lab[(lab["wages"] == r["wages"]) & (lab["rules"] == r["rules"])]["gini_population"]
        print(f"   wages {r['wages']:>3}, {r['rules']:<26} mean Gini {r['mean']:.3f} "
              f"[95% interval {r['lo']:.3f} to {r['hi']:.3f}]; sd {g.std():.3f}")
    print("   the interval and the number of games (wages 100, the same seeds; lesson 5's question 2):")
    for games in (20, 200):
        scenario = scenario_from_dict({
            "scenario": {"title": "games", "ruleset": "magie-1904", "players": 4, "strategies": lesson_reveals.BOTS,
                         "games": games, "seed": 1904, "seeds": "shared"},
            "tax": {"phase": "single_tax"}, "grid": {"tax.start": list(lesson_reveals.WAGE_RULES)}})
        rows = run_sweep(scenario).games.assign(rules=lambda g: g["tax_start"].map(lesson_reveals.WAGE_RULES))
        for _, r in stats.interval_table(rows, x="rules", y="gini_population").iterrows():
            print(f"   {games:>3} games, {r['rules']:<26} mean Gini {r['mean']:.3f} "
                  f"[95% interval {r['lo']:.3f} to {r['hi']:.3f}, width {r['hi'] - r['lo']:.3f}]")
    print(f"\n   (part 6 took {time.process_time() - c0:.0f} CPU-s, {time.monotonic() - t0:.0f} s)")


if __name__ == "__main__":
    main()
