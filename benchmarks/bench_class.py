"""A class under load: ``landlord class`` started as a teacher starts it, and students driven as
real clients — one headless Chromium, a browser context per student — over loopback.

    python benchmarks/bench_class.py [--students 30] [--table-size 4] [--join-within 60]
                                     [--rounds 4] [--warm 12] [--close 5] [--cap N]

1. The students arrive spread over ``--join-within`` seconds; each opens the student address,
   types the code and a name and joins. **Time to interactive**: navigation → the Join button
   drawn (the page's notebook has run in a kernel).
2. When everyone is seated the benchmark (as the teacher) starts play. Every student clicks the
   first of their choices whenever they have one, until every table's game is over.
   **Click → views**: each page records (in the browser, by a MutationObserver) when it first
   showed each length of its table's record; a click made at length k is on screen at the
   acting student's page, and at each classmate's page, when that page first shows k + 1.
3. **Lost or duplicated actions**: the clicks the store accepted (the page showed no refusal)
   against the student rows in the store, seat by seat; **error text** on any page.
4. **Memory**: the server and every kernel, PSS (each process's fair share of shared pages:
   the figure that adds up), sampled every 5 s; the peak, and per student above the idle server.
   CPU: the server tree's process time (user + system).
5. **A closed tab**: ``--close`` students close their page (as a browser does, with
   ``beforeunload``); the time until the server has that many kernels fewer.

``--cap N`` measures the kernel cap instead: a class server capped at N kernels gets N + 3
anonymous page loads (no one joins, nobody leaves); it prints what each load got and the
kernels and memory at the end.

Prints the figures; asserts nothing. Every Jupyter folder lives in a temporary directory.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psutil

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from landlord import serve  # noqa: E402
from landlord.classroom import Classroom, SqliteStore  # noqa: E402
from landlord.classroom.server import WARM_KERNELS  # noqa: E402

MB = 1024 * 1024
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ERROR_TEXT = "There was an error when executing cell"
SEEN_JS = """
window.__seen = {};
const look = () => {
  const e = document.querySelector('.ll-seq');
  if (e) { const s = +e.dataset.seq; if (!(s in window.__seen)) window.__seen[s] = Date.now(); }
};
new MutationObserver(look).observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
"""


@dataclass
class Student:
    """What one simulated student did and saw."""

    name: str
    page: Any = None
    context: Any = None
    tti: float = 0.0
    joined: float = 0.0
    table: int = 0
    seat: int = 0
    clicks: list[tuple[int, float]] = field(default_factory=list)
    refused: int = 0
    uncertain: int = 0
    errors: int = 0


def pct(values: list[float], q: float) -> float:
    """The q-th percentile (nearest rank) of ``values``."""
    if not values:
        return float("nan")
    s = sorted(values)
    return s[min(len(s) - 1, max(0, round(q / 100 * len(s) + 0.5) - 1))]


class Sampler(threading.Thread):
    """Samples the server tree's PSS and kernel count every ``every`` seconds."""

    def __init__(self, pid: int, every: float = 5.0) -> None:
        super().__init__(daemon=True)
        self.server = psutil.Process(pid)
        self.every = every
        self.samples: list[tuple[float, float, int]] = []
        self.stop = threading.Event()

    def measure(self) -> tuple[float, int]:
        total, kernels = 0.0, 0
        for p in [self.server, *self.server.children(recursive=True)]:
            with contextlib.suppress(psutil.Error):
                info = p.memory_full_info()
                total += getattr(info, "pss", info.rss) / MB
                kernels += "ipykernel" in " ".join(p.cmdline())
        return total, kernels

    def cpu(self) -> float:
        out = 0.0
        for p in [self.server, *self.server.children(recursive=True)]:
            with contextlib.suppress(psutil.Error):
                t = p.cpu_times()
                out += t.user + t.system + t.children_user + t.children_system
        return out

    def run(self) -> None:
        while not self.stop.is_set():
            mem, k = self.measure()
            self.samples.append((time.monotonic(), mem, k))
            self.stop.wait(self.every)


def kernel_count(pid: int) -> int:
    n = 0
    for p in psutil.Process(pid).children(recursive=True):
        with contextlib.suppress(psutil.Error):
            n += "ipykernel" in " ".join(p.cmdline())
    return n


def start_server(folder: Path, port: int, env: dict[str, str],
                 options: list[str]) -> tuple[subprocess.Popen[bytes], str, str]:
    cmd = [sys.executable, "-m", "landlord", "class", "--folder", str(folder), "--port", str(port), *options]
    proc = subprocess.Popen(cmd, cwd=ROOT, env={**os.environ, **env}, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, start_new_session=True)
    assert proc.stdout is not None
    text = ""
    while True:
        line = proc.stdout.readline().decode()
        if not line:
            raise RuntimeError("landlord class did not start:\n" + text)
        text += line
        if line.startswith("Press Ctrl-C"):
            m = re.search(r"Students: (\S+)\s+\(class code (\w+)\)", text)
            assert m, text
            return proc, m.group(1), m.group(2)


def stop_server(proc: subprocess.Popen[bytes]) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGTERM)
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(30)
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(proc.pid, signal.SIGKILL)


async def seq_of(page: Any) -> int:
    loc = page.locator(".ll-seq")
    if not await loc.count():
        return -1
    return int(await loc.first.get_attribute("data-seq") or -1)


async def student_run(s: Student, browser: Any, url: str, delay: float, started: asyncio.Event,
                      done: asyncio.Event) -> None:
    await asyncio.sleep(delay)
    s.context = await browser.new_context(viewport={"width": 1280, "height": 900})
    await s.context.add_init_script(SEEN_JS)
    s.page = page = await s.context.new_page()
    t0 = time.monotonic()
    await page.goto(url, timeout=600_000)
    join = page.locator("button.jupyter-button", has_text="Join the class")
    await join.wait_for(timeout=600_000)
    s.tti = time.monotonic() - t0
    await page.get_by_label("Your name").fill(s.name)
    await join.click()
    welcome = page.get_by_text(re.compile(rf"Welcome, {s.name}: you sit at table (\d+), seat (\d+)"))
    await welcome.wait_for(timeout=120_000)
    m = re.search(r"table (\d+), seat (\d+)", await welcome.inner_text())
    assert m
    s.table, s.seat = int(m.group(1)), int(m.group(2)) - 1
    s.joined = time.monotonic()
    await started.wait()
    choices = page.locator(".ll-class-choices button")
    while not done.is_set():
        if await page.get_by_text("The game is over").count():
            break
        if await choices.count():
            k = await seq_of(page)
            t = time.time() * 1000
            try:
                await choices.first.click(timeout=5_000)
            except Exception:  # timed out: the click may or may not have reached the page
                s.uncertain += 1
                continue
            s.clicks.append((k, t))
            for _ in range(100):  # until this page shows the next record length, or a refusal
                if await seq_of(page) > k:
                    break
                if await page.get_by_text("acted first").count():
                    s.refused += 1
                    break
                await asyncio.sleep(0.1)
        else:
            await asyncio.sleep(0.2)
    s.errors = await page.get_by_text(ERROR_TEXT).count()


async def drive(args: argparse.Namespace, url: str, code: str, folder: Path, server_pid: int,
                sampler: Sampler) -> dict[str, Any]:
    from playwright.async_api import async_playwright

    students = [Student(f"S{i + 1:02d}") for i in range(args.students)]
    started, done = asyncio.Event(), asyncio.Event()
    figures: dict[str, Any] = {}
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        spread = args.join_within / max(1, args.students)
        t0 = time.monotonic()
        tasks = [asyncio.create_task(student_run(s, browser, url, i * spread, started, done))
                 for i, s in enumerate(students)]
        while sum(s.joined > 0 for s in students) < args.students:
            if time.monotonic() - t0 > args.join_within + 240:  # the rest are reported as not seated
                break
            await asyncio.sleep(0.5)
        figures["joined"] = sum(s.joined > 0 for s in students)
        figures["all_joined_s"] = time.monotonic() - t0
        store = SqliteStore(folder)
        room = Classroom(store, store.classes()[-1].id)
        secret = (folder / "teacher-secret").read_text().strip()
        room.start(secret)
        started.set()
        t_play = time.monotonic()
        while time.monotonic() - t_play < args.play_limit:
            tables = room.tables()
            if tables and all(tg.game.over for tg in tables):
                break
            if all(t.done() for t in tasks):
                break
            await asyncio.sleep(1.0)
        figures["play_s"] = time.monotonic() - t_play
        figures["tables_over"] = sum(tg.game.over for tg in room.tables())
        figures["tables"] = len(room.tables())
        done.set()
        for t in tasks:
            with contextlib.suppress(BaseException):
                await asyncio.wait_for(t, 30)
        failed = [t.exception() for t in tasks if t.done() and not t.cancelled() and t.exception()]
        failed += [RuntimeError("not seated in time") for t in tasks if t.cancelled()]
        figures["failed_students"] = [repr(e)[:200] for e in failed]
        seen = {}
        for s in students:
            if s.page is not None:
                with contextlib.suppress(Exception):
                    seen[s.name] = {int(k): v for k, v in (await s.page.evaluate("window.__seen")).items()}
        own, others = [], []
        by_table: dict[int, list[Student]] = {}
        for s in students:
            by_table.setdefault(s.table, []).append(s)
        for s in students:
            for k, t in s.clicks:
                def first(name: str, k: int = k) -> float | None:
                    times = [v for q, v in seen.get(name, {}).items() if q > k]
                    return min(times) if times else None
                mine = first(s.name)
                if mine is not None:
                    own.append(mine - t)
                for o in by_table[s.table]:
                    if o is not s:
                        theirs = first(o.name)
                        if theirs is not None:
                            others.append(theirs - t)
        figures["tti"] = [s.tti for s in students if s.tti]
        figures["own_ms"], figures["others_ms"] = own, others
        # lost / duplicated: accepted clicks against the store's student rows, seat by seat
        recorded: dict[tuple[int, int], int] = {}
        for tg in room.tables():
            for e in tg.entries:
                if e.get("kind") == "act" and e.get("by") == "student":
                    key = (tg.table.table_no, int(e["seat"]))
                    recorded[key] = recorded.get(key, 0) + 1
        lost = dup = 0
        for s in students:
            accepted = len(s.clicks) - s.refused
            have = recorded.get((s.table, s.seat), 0)
            lost += max(0, accepted - have)
            dup += max(0, have - accepted - s.uncertain)
        figures.update(clicks=sum(len(s.clicks) for s in students), refused=sum(s.refused for s in students),
                       uncertain=sum(s.uncertain for s in students),
                       recorded=sum(recorded.values()), lost=lost, duplicated=dup,
                       error_pages=sum(s.errors > 0 for s in students))
        figures["mem_peak_mb"] = max(m for _, m, _ in sampler.samples)
        figures["kernels_peak"] = max(k for _, _, k in sampler.samples)
        # closing tabs: kernels released
        closing = [s for s in students if s.page is not None][: args.close]
        before = kernel_count(server_pid)
        t_close = time.monotonic()
        for s in closing:
            with contextlib.suppress(Exception):
                await s.page.close(run_before_unload=True)
        released = None
        while time.monotonic() - t_close < 120:
            if kernel_count(server_pid) <= before - len(closing):
                released = time.monotonic() - t_close
                break
            await asyncio.sleep(0.5)
        figures["closed_tabs"] = len(closing)
        figures["closed_released_s"] = released
        await browser.close()
    return figures


def cap_probe(cap: int, warm: int) -> None:
    """Anonymous page loads against a server capped at ``cap`` kernels."""
    import urllib.error
    import urllib.request

    with tempfile.TemporaryDirectory() as tmp:
        env = {var: str(Path(tmp) / var.lower()) for var in
               ("JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "JUPYTER_CONFIG_DIR", "IPYTHONDIR", "MPLCONFIGDIR")}
        proc, url, _ = start_server(Path(tmp) / "class", serve.free_port(), env,
                                    ["--warm", str(warm), "--max-kernels", str(cap)])
        try:
            serve.wait_warm(proc, warm + 1, timeout=900)
            got = []
            for _ in range(cap + 3):
                try:
                    with urllib.request.urlopen(url, timeout=600) as r:
                        body = r.read()
                    got.append("page" if b"There was an error" not in body else "error text")
                except urllib.error.HTTPError as exc:
                    got.append(f"HTTP {exc.code}")
            mem, kernels = Sampler(proc.pid).measure()
        finally:
            stop_server(proc)
    print(f"kernel cap {cap} (warm {warm}, the dashboard's warm kernel included): {cap + 3} anonymous "
          f"page loads got {', '.join(got)}")
    print(f"then: {kernels} kernels, {mem / 1024:.2f} GB PSS (server + kernels)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--students", type=int, default=30)
    ap.add_argument("--table-size", type=int, default=4)
    ap.add_argument("--join-within", type=float, default=60.0)
    ap.add_argument("--rounds", type=int, default=4)
    ap.add_argument("--warm", type=int, default=WARM_KERNELS)
    ap.add_argument("--max-kernels", type=int, default=45)
    ap.add_argument("--play-limit", type=float, default=600.0, help="seconds of play at most")
    ap.add_argument("--close", type=int, default=5, help="students who close their tab at the end")
    ap.add_argument("--cap", type=int, default=0, help="measure a kernel cap of N instead of a class")
    args = ap.parse_args()
    if args.cap:
        cap_probe(args.cap, min(args.warm, 2))
        return
    with tempfile.TemporaryDirectory() as tmp:
        env = {var: str(Path(tmp) / var.lower()) for var in
               ("JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "JUPYTER_CONFIG_DIR", "IPYTHONDIR", "MPLCONFIGDIR",
                "XDG_CONFIG_HOME", "XDG_CACHE_HOME")}
        os.environ.update({k: v for k, v in env.items() if k.startswith("XDG")})
        folder = Path(tmp) / "class"
        port = serve.free_port()
        t0 = time.monotonic()
        proc, url, code = start_server(folder, port, env, [
            "--table-size", str(args.table_size), "--rounds", str(args.rounds), "--warm", str(args.warm),
            "--max-kernels", str(args.max_kernels), "--bot-delay", "0.3", "--seed", "4200",
            "--max-tables", str(-(-args.students // args.table_size))])
        try:
            serve.wait_warm(proc, args.warm + 1, timeout=900)
            warm_s = time.monotonic() - t0
            sampler = Sampler(proc.pid)
            idle_mb, idle_kernels = sampler.measure()
            cpu0 = sampler.cpu()
            sampler.start()
            figures = asyncio.run(drive(args, url, code, folder, proc.pid, sampler))
            sampler.stop.set()
            cpu = sampler.cpu() - cpu0
        finally:
            stop_server(proc)
    tti, own, others = figures["tti"], figures["own_ms"], figures["others_ms"]
    print(f"class of {args.students} students, tables of {args.table_size}, {args.rounds} rounds, "
          f"{args.warm} warm kernels, joining spread over {args.join_within:.0f} s; load average now "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"server up and warm: {warm_s:.1f} s; idle: {idle_kernels} kernels, {idle_mb / 1024:.2f} GB PSS")
    print(f"time to interactive (navigation -> Join button), s: p50 {pct(tti, 50):.1f}  p95 {pct(tti, 95):.1f}  "
          f"max {max(tti) if tti else float('nan'):.1f}  (n={len(tti)})")
    print(f"{figures['joined']} of {args.students} seated after {figures['all_joined_s']:.1f} s; "
          f"play {figures['play_s']:.0f} s; tables over {figures['tables_over']}/{figures['tables']}")
    print(f"click -> own view, ms: p50 {pct(own, 50):.0f}  p95 {pct(own, 95):.0f}  (n={len(own)})")
    print(f"click -> classmates' views, ms: p50 {pct(others, 50):.0f}  p95 {pct(others, 95):.0f}  (n={len(others)})")
    print(f"clicks {figures['clicks']} (+{figures['uncertain']} whose click call timed out), refused "
          f"{figures['refused']}, student rows recorded {figures['recorded']}: "
          f"lost {figures['lost']}, duplicated {figures['duplicated']}; pages with error text {figures['error_pages']}")
    print(f"memory (server + kernels, PSS): peak {figures['mem_peak_mb'] / 1024:.2f} GB with "
          f"{figures['kernels_peak']} kernels; per student "
          f"{(figures['mem_peak_mb'] - idle_mb) / max(1, args.students):.0f} MB above the idle server")
    print(f"server tree CPU time during the class: {cpu:.0f} s")
    rel = figures["closed_released_s"]
    print(f"{figures['closed_tabs']} tabs closed: their kernels released after "
          f"{'more than 120 s' if rel is None else f'{rel:.1f} s'}")
    if figures["failed_students"]:
        print(f"students whose run failed: {len(figures['failed_students'])}: {figures['failed_students'][:3]}")
    print(f"(mean click -> classmates {statistics.fmean(others) if others else float('nan'):.0f} ms)")


if __name__ == "__main__":
    main()
