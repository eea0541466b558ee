"""A class under load: ``landlord class`` started as a teacher starts it, and students driven as
real clients over loopback.

    python benchmarks/bench_class.py [--students 30] [--table-size 4] [--join-within 60]
                                     [--rounds 4] [--warm N] [--close 5] [--browsers 1] [--cap N]

The students are cheap websocket clients (``benchmarks/classclient.py``: the page's HTTP request
and its kernel + widget messages, as Voilà's page sends them, no drawing), so the server has the
cores as in a classroom where every student brings a device; ``--browsers K`` of them are
Chromium contexts instead (one headless Chromium), so real pages draw in the same run
(``--browsers`` equal to ``--students``: the all-browser run of before).

1. The students arrive spread over ``--join-within`` seconds; each opens the student address,
   types the code and a name and joins. **Time to interactive**: the page requested → the Join
   button there (a client: its state received over the websocket; a browser: drawn).
2. When everyone is seated the benchmark (as the teacher) starts play. Every student clicks the
   first of their choices whenever they have one, until every table's game is over.
   **Click → views**: each page records when it first showed each length of its table's record
   (a client: the widget update carrying the ``ll-seq`` marker; a browser: a MutationObserver);
   a click made at length k is on screen at the acting student's page, and at each classmate's
   page, when that page first shows k + 1.
3. **Lost or duplicated actions**: the clicks the store accepted (the page showed no refusal)
   against the student rows in the store, seat by seat; **error text** on any page.
4. **Memory**: the server and every kernel, PSS (each process's fair share of shared pages:
   the figure that adds up), sampled every 5 s; the peak, and per student above the idle server.
   CPU: the server tree's process time (user + system), and the benchmark's own (the clients').
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

from landlord.apps import serve  # noqa: E402
from landlord.apps.classroom import Classroom, SqliteStore  # noqa: E402
from landlord.apps.classroom.server import IDLE_RELEASE, max_kernels, warm_kernels  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from classclient import ERROR_TEXT, SEQ, VoilaClient  # noqa: E402

MB = 1024 * 1024
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
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
    browser: bool = False
    client: VoilaClient | None = None
    page: Any = None
    context: Any = None
    tti: float = 0.0
    join_s: float = 0.0
    joined: float = 0.0
    table: int = 0
    seat: int = 0
    clicks: list[tuple[int, float]] = field(default_factory=list)
    seen: dict[int, float] = field(default_factory=dict)
    refused: int = 0
    uncertain: int = 0
    errors: int = 0
    failure: str = ""


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
    try:
        while True:
            line = proc.stdout.readline().decode()
            if not line:
                raise RuntimeError("landlord class did not start:\n" + text)
            text += line
            if line.startswith("Press Ctrl-C"):
                m = re.search(r"Students: (\S+)\s+\(class code (\w+)\)", text)
                assert m, text
                return proc, m.group(1), m.group(2)
    except BaseException:
        stop_server(proc)
        raise


def stop_server(proc: subprocess.Popen[bytes]) -> None:
    """Stop the class server and everything it started: its process group, then any
    descendant still alive (kernels run in process groups of their own)."""
    try:
        family = psutil.Process(proc.pid).children(recursive=True)
    except psutil.Error:
        family = []
    serve.stop(proc, grace=30)
    _, alive = psutil.wait_procs(family, timeout=10)
    for p in alive:
        with contextlib.suppress(psutil.Error):
            p.kill()
    psutil.wait_procs(alive, timeout=5)


WELCOME = r"Welcome, {name}: you sit at table (\d+), seat (\d+)"


async def seq_of(page: Any) -> int:
    loc = page.locator(".ll-seq")
    if not await loc.count():
        return -1
    return int(await loc.first.get_attribute("data-seq") or -1)


async def browser_student(s: Student, browser: Any, url: str, started: asyncio.Event, done: asyncio.Event) -> None:
    """A student in a Chromium context: what a real page draws."""
    s.context = await browser.new_context(viewport={"width": 1280, "height": 900})
    await s.context.add_init_script(SEEN_JS)
    s.page = page = await s.context.new_page()
    t0 = time.monotonic()
    await page.goto(url, timeout=600_000)
    join = page.locator("button.jupyter-button", has_text="Join the class")
    await join.wait_for(timeout=600_000)
    s.tti = time.monotonic() - t0
    await page.get_by_label("Your name").fill(s.name)
    t1 = time.monotonic()
    await join.click()
    welcome = page.get_by_text(re.compile(WELCOME.format(name=s.name)))
    await welcome.wait_for(timeout=120_000)
    s.join_s = time.monotonic() - t1
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


def current_seq(c: VoilaClient) -> int:
    m = SEQ.search(c.text())
    return int(m.group(1)) if m else -1


async def client_student(s: Student, url: str, started: asyncio.Event, done: asyncio.Event) -> None:
    """A student as a websocket client (``benchmarks/classclient.py``): the page's messages, no drawing."""
    s.client = c = VoilaClient(url)
    t0 = time.monotonic()
    await c.open()
    join = (await c.wait_for(lambda: c.find("ButtonModel", description="Join the class"), 600))[0]
    s.tti = time.monotonic() - t0
    c.set_value(c.find("TextModel", description="Your name")[0], s.name)
    t1 = time.monotonic()
    c.click(join)
    pattern = re.compile(WELCOME.format(name=s.name))
    m = await c.wait_for(lambda: pattern.search(c.text()), 120)
    s.join_s = time.monotonic() - t1
    s.table, s.seat = int(m.group(1)), int(m.group(2)) - 1
    s.joined = time.monotonic()
    await started.wait()

    def buttons() -> list[str]:
        box = [i for i, st in c.models.items() if "ll-class-choices" in st.get("_dom_classes", ())]
        return [b for b in (c.children(box[0]) if box else []) if b in c.models]

    def over() -> bool:
        return "The game is over" in c.text()

    while not done.is_set() and not over():
        if not buttons():
            with contextlib.suppress(TimeoutError):
                await c.wait_for(lambda: buttons() or over() or done.is_set(), 1.0)
            continue
        k, button = current_seq(c), buttons()[0]
        # a refusal stays on the page until the next click's answer clears it: while it does,
        # only its clearing (or the next record length) answers this click
        stale = "acted first" in c.text()
        t = time.time() * 1000
        c.click(button)
        s.clicks.append((k, t))
        # until the page shows the next record length and has redrawn the choices (a person
        # sees the clicked button go), or says the click was refused
        def answered(k: int = k, b: str = button, stale: bool = stale) -> bool:
            refusal = "acted first" in c.text()
            return (refusal and not stale) or (stale and not refusal) or (current_seq(c) > k and b not in buttons())

        with contextlib.suppress(TimeoutError):
            await c.wait_for(answered, 10.0)
        if "acted first" in c.text() and current_seq(c) <= k:
            s.refused += 1
            await asyncio.sleep(0.5)


async def student_run(s: Student, browser: Any, url: str, delay: float, started: asyncio.Event,
                      done: asyncio.Event) -> None:
    await asyncio.sleep(delay)
    try:
        if s.browser:
            await browser_student(s, browser, url, started, done)
        else:
            await client_student(s, url, started, done)
    except Exception as exc:  # reported with the figures: which students failed, and why
        s.failure = f"{type(exc).__name__}: {str(exc)[:160]}"


async def collect(s: Student) -> None:
    """What the student's page showed: the record lengths it drew and when, error text."""
    if s.client is not None:
        s.seen, s.errors = dict(s.client.seen), s.client.errors
    elif s.page is not None:
        with contextlib.suppress(Exception):
            s.seen = {int(k): v for k, v in (await s.page.evaluate("window.__seen")).items()}
            s.errors = await s.page.get_by_text(ERROR_TEXT).count()


async def close_tab(s: Student) -> None:
    with contextlib.suppress(Exception):
        if s.client is not None:
            await s.client.close()
        elif s.page is not None:
            await s.page.close(run_before_unload=True)


async def drive(args: argparse.Namespace, url: str, code: str, folder: Path, server_pid: int,
                sampler: Sampler) -> dict[str, Any]:
    students = [Student(f"S{i + 1:02d}") for i in range(args.students)]
    if args.browsers:  # spread the browser students through the class
        for i in range(args.browsers):
            students[i * args.students // args.browsers].browser = True
    started, done = asyncio.Event(), asyncio.Event()
    figures: dict[str, Any] = {}
    async with contextlib.AsyncExitStack() as stack:
        browser = None
        if args.browsers:
            from playwright.async_api import async_playwright

            p = await stack.enter_async_context(async_playwright())
            browser = await p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
            stack.push_async_callback(browser.close)
        for s in students:
            stack.push_async_callback(close_tab, s)  # every page closed, also on failure
        spread = args.join_within / max(1, args.students)
        t0 = time.monotonic()
        tasks = [asyncio.create_task(student_run(s, browser, url, i * spread, started, done))
                 for i, s in enumerate(students)]
        stack.callback(lambda: [t.cancel() for t in tasks])
        while sum(s.joined > 0 or bool(s.failure) for s in students) < args.students:
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
        await asyncio.sleep(2.0)  # the last moves reach every page
        done.set()
        for t in tasks:
            with contextlib.suppress(BaseException):
                await asyncio.wait_for(t, 30)
        figures["failed_students"] = [f"{s.name}: {s.failure}" for s in students if s.failure]
        figures["not_seated"] = [s.name for s in students if not s.joined and not s.failure]
        for s in students:
            await collect(s)
        own, others = [], []
        by_table: dict[int, list[Student]] = {}
        for s in students:
            if s.joined:
                by_table.setdefault(s.table, []).append(s)
        for s in students:
            for k, at in s.clicks:
                def first(o: Student, k: int = k) -> float | None:
                    times = [v for q, v in o.seen.items() if q > k]
                    return min(times) if times else None
                mine = first(s)
                if mine is not None:
                    own.append(mine - at)
                for o in by_table.get(s.table, []):
                    if o is not s:
                        theirs = first(o)
                        if theirs is not None:
                            others.append(theirs - at)
        figures["tti"] = [s.tti for s in students if s.tti]
        figures["tti_browser"] = [s.tti for s in students if s.tti and s.browser]
        figures["join_s"] = [s.join_s for s in students if s.join_s]
        figures["own_ms"], figures["others_ms"] = own, others
        # lost / duplicated: accepted clicks against the store's student rows, seat by seat
        recorded: dict[tuple[int, int], int] = {}
        for tg in room.tables():
            for r in tg.entries:
                if r.answer is not None and r.by == "student" and r.seat is not None:
                    key = (tg.table.table_no, r.seat)
                    recorded[key] = recorded.get(key, 0) + 1
        lost = dup = 0
        for s in students:
            if not s.joined:
                continue
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
        closing = [s for s in students if s.joined][: args.close]
        before = kernel_count(server_pid)
        t_close = time.monotonic()
        for s in closing:
            await close_tab(s)
        released = None
        while time.monotonic() - t_close < 120:
            if kernel_count(server_pid) <= before - len(closing):
                released = time.monotonic() - t_close
                break
            await asyncio.sleep(0.5)
        figures["closed_tabs"] = len(closing)
        figures["closed_released_s"] = released
        # dropped connections (a crashed browser, a shut lid): no beacon, the socket just goes
        dropping = [s for s in students if s.joined and s.client is not None and s not in closing][: args.drop]
        figures["dropped"], figures["dropped_released_s"] = len(dropping), None
        if dropping:
            before = kernel_count(server_pid)
            t_drop = time.monotonic()
            for s in dropping:
                assert s.client is not None
                await s.client.close(beacon=False)
            while time.monotonic() - t_drop < IDLE_RELEASE + 180:
                if kernel_count(server_pid) <= before - len(dropping):
                    figures["dropped_released_s"] = time.monotonic() - t_drop
                    break
                await asyncio.sleep(2.0)
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


def replaced_kernels(folder: Path) -> int:
    """Warm kernels the server found dead (or failed) when a student came, and replaced
    (``CappedKernelManager``'s hand-out logs each)."""
    log = folder / "voila.log"
    text = log.read_text(errors="replace") if log.exists() else ""
    return text.count("died before its visitor came") + text.count("failed to start (")


def keep_log(folder: Path, figures: dict[str, Any] | None) -> Path | None:
    """The class server's Voilà log, copied out of the temporary folder when a student's run
    failed or the run did not finish (its path; ``None`` when every student's run went through)."""
    log = folder / "voila.log"
    if not log.exists() or (figures is not None and not figures["failed_students"]):
        return None
    kept = Path(tempfile.gettempdir()) / f"bench_class-voila-{time.strftime('%Y%m%d-%H%M%S')}.log"
    kept.write_bytes(log.read_bytes())
    return kept


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def main() -> None:
    # a SIGTERM (a CI time limit, kill) unwinds like Ctrl-C, so the server and its kernels stop
    signal.signal(signal.SIGTERM, _interrupt)
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--students", type=int, default=30)
    ap.add_argument("--table-size", type=int, default=4)
    ap.add_argument("--join-within", type=float, default=60.0)
    ap.add_argument("--rounds", type=int, default=4)
    ap.add_argument("--warm", type=int, help="warm student kernels (default: as landlord class sizes them "
                                             "for --students)")
    ap.add_argument("--max-kernels", type=int, help="the cap (default: as landlord class sets it for --students)")
    ap.add_argument("--play-limit", type=float, default=600.0, help="seconds of play at most")
    ap.add_argument("--close", type=int, default=5, help="students who close their tab at the end")
    ap.add_argument("--drop", type=int, default=0,
                    help="students whose connection then drops without the close beacon (waits up to "
                         "the idle release time + 3 min for their kernels)")
    ap.add_argument("--browsers", type=int, default=1,
                    help="students in a Chromium context (the rest are websocket clients); default 1")
    ap.add_argument("--cap", type=int, default=0, help="measure a kernel cap of N instead of a class")
    args = ap.parse_args()
    args.warm = warm_kernels(args.students) if args.warm is None else args.warm
    args.max_kernels = max_kernels(args.students) if args.max_kernels is None else args.max_kernels
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
        figures: dict[str, Any] | None = None
        try:
            serve.wait_warm(proc, args.warm + 1, timeout=900)
            warm_s = time.monotonic() - t0
            sampler = Sampler(proc.pid)
            idle_mb, idle_kernels = sampler.measure()
            cpu0 = sampler.cpu()
            sampler.start()
            me = psutil.Process()
            mine0 = sum(me.cpu_times()[:2])
            figures = asyncio.run(drive(args, url, code, folder, proc.pid, sampler))
            sampler.stop.set()
            cpu = sampler.cpu() - cpu0
            own_cpu = sum(me.cpu_times()[:2]) - mine0
        finally:
            stop_server(proc)
            replaced = replaced_kernels(folder)
            kept = keep_log(folder, figures)
    assert figures is not None
    tti, own, others = figures["tti"], figures["own_ms"], figures["others_ms"]
    print(f"class of {args.students} students, tables of {args.table_size}, {args.rounds} rounds, "
          f"{args.warm} warm kernels, joining spread over {args.join_within:.0f} s; load average now "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"server up and warm: {warm_s:.1f} s; idle: {idle_kernels} kernels, {idle_mb / 1024:.2f} GB PSS")
    print(f"time to interactive (page requested -> Join button), s: p50 {pct(tti, 50):.1f}  p95 {pct(tti, 95):.1f}  "
          f"max {max(tti) if tti else float('nan'):.1f}  (n={len(tti)}; Chromium students: "
          f"{', '.join(f'{t:.1f}' for t in figures['tti_browser']) or 'none'})")
    js = figures["join_s"]
    print(f"Join clicked -> seated (the board drawn), s: p50 {pct(js, 50):.1f}  p95 {pct(js, 95):.1f}  (n={len(js)})")
    print(f"{figures['joined']} of {args.students} seated after {figures['all_joined_s']:.1f} s; "
          f"play {figures['play_s']:.0f} s; tables over {figures['tables_over']}/{figures['tables']}")
    print(f"click -> own view, ms: p50 {pct(own, 50):.0f}  p95 {pct(own, 95):.0f}  (n={len(own)})")
    print(f"click -> classmates' views, ms: p50 {pct(others, 50):.0f}  p95 {pct(others, 95):.0f}  (n={len(others)})")
    print(f"clicks {figures['clicks']} (+{figures['uncertain']} whose click call timed out), refused "
          f"{figures['refused']}, student rows recorded {figures['recorded']}: "
          f"lost {figures['lost']}, duplicated {figures['duplicated']}; pages with error text {figures['error_pages']}")
    print(f"memory (server + kernels, PSS): peak {figures['mem_peak_mb'] / 1024:.2f} GB with "
          f"{figures['kernels_peak']} kernels: {figures['mem_peak_mb'] / max(1, args.students):.0f} MB a student "
          f"(everything / students), {figures['mem_peak_mb'] / max(1, figures['kernels_peak']):.0f} MB a kernel "
          f"(the server's share included)")
    print(f"server tree CPU time during the class: {cpu:.0f} s; the benchmark's own (clients): {own_cpu:.0f} s")
    rel = figures["closed_released_s"]
    print(f"{figures['closed_tabs']} tabs closed: their kernels released after "
          f"{'more than 120 s' if rel is None else f'{rel:.1f} s'}")
    if figures["dropped"]:
        rel = figures["dropped_released_s"]
        print(f"{figures['dropped']} connections dropped without the beacon: their kernels released after "
              f"{f'more than {IDLE_RELEASE + 180} s' if rel is None else f'{rel:.0f} s'}")
    print(f"warm kernels found dead when their student came, and replaced: {replaced}")
    if figures["failed_students"]:
        print(f"students whose run failed: {len(figures['failed_students'])}: {figures['failed_students'][:3]}")
    if kept:
        print(f"the server's log is kept in {kept}")
    if figures["not_seated"]:
        print(f"not seated in time: {', '.join(figures['not_seated'])}")
    print(f"(mean click -> classmates {statistics.fmean(others) if others else float('nan'):.0f} ms)")


if __name__ == "__main__":
    main()
