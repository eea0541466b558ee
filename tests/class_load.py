"""A class under load: ``landlord class`` started as a teacher starts it, and students driven as
real clients over loopback.

    python3 benchmarks/bench_class.py [--students 30] [--table-size 4] [--join-within 60]
                                     [--rounds 4] [--warm N] [--close 5] [--browsers 1] [--cap N]

The students are cheap websocket clients (``tests/classclient.py``: the page's HTTP request
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
   the figure that adds up), sampled every 5 s; the peak, and per student above the idle server;
   at the peak, each part's PSS and private memory (USS): the kernels, the warmed parent they are
   forked from, Voilà's server and ``landlord class``.
   CPU: the server tree's process time (user + system), and the benchmark's own: its memory
   sampler's (a thread at the lowest priority, so that it yields the cores to the class) and the
   clients' (the rest).
5. **A closed tab**: ``--close`` students close their page (as a browser does, with
   ``beforeunload``); the time until the server has that many kernels fewer.

6. **Faults** (``--faults``, issue 26): after ``--settle`` seconds of play (the start of play,
   when every page draws its board, is in no window) the run goes through windows: a calm one
   (``--fault-at`` s), ``--frozen`` of the pages frozen (``--freeze-for`` s), a calm one
   (``--calm-for`` s), then for each of the hostile page's floods (widget updates, second
   ballots, binary frames, oversized frames; ``--flood`` messages a second, or a frame every
   0.1 s, whenever the page is connected) a calm window of ``--calm-for`` s, the hostile page
   on its seat and quiet, and the flood's own window: ``--flood-for`` s of flooding and on until
   the page is back on its seat, so the server's cut-off, the cool-down and the page's reload
   count against the flood; a calm one after the floods; then a restart. The class vote opens
   and closes, and the page comes back, in no window. Each window prints the other students'
   click → own view p95 (not the hostile page's, nor a frozen page's while frozen) with its
   count of clicks (fewer than ``MIN_CLICKS`` is marked), its length, the machine's CPU busy
   (all its processes: a window disturbed by other work shows here) and the CPU the class
   server and its kernels used. **The calm baseline**: the clicks of every calm window before
   the restart, pooled (:func:`calm_baseline`); each flood's p95 is given against it and
   against the calm window just before it. ``--repeat N`` does each flood, with its calm window
   just before, N times in a row, and gives each flood's N windows pooled against its N calm
   windows pooled (:func:`pooled_floods`): a 20 s window at 30 students holds about 150 clicks,
   so its p95 rests on its slowest eight. ``--circuits`` makes the games long enough for every
   window to fall in play.

``--cap N`` measures the kernel cap instead: a class server capped at N kernels gets N + 3
anonymous page loads (no one joins, nobody leaves); it prints what each load got and the
kernels and memory at the end.

Prints the figures; asserts nothing. Every Jupyter folder lives in a temporary directory.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import itertools
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psutil

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


from landlord.apps import cli, serve  # noqa: E402
from landlord.apps.classroom import Classroom, open_store  # noqa: E402
from landlord.apps.classroom.server import GRACE_ENDED, IDLE_RELEASE, max_kernels, warm_kernels  # noqa: E402
from landlord.limits import COOL_DOWN  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from classclient import ERROR_TEXT, SEQ, PageError, VoilaClient  # noqa: E402
from throwaway_pg import PgServer, pg_bin  # noqa: E402

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
    refused_at: set[int] = field(default_factory=set)
    """The record lengths of the clicks the page refused."""
    uncertain: int = 0
    seen_at_answer: dict[int, str] = field(default_factory=dict)
    """What the page showed when each click was answered (for a lost click's report)."""
    errors: int = 0
    failure: str = ""
    hostile: bool = False
    reopened: int = 0
    """Times the page reloaded itself onto its seat (a restart, a socket the server closed)."""
    frozen: tuple[float, float] | None = None
    """When the page was frozen and thawed (seconds since the epoch)."""


def pct(values: list[float], q: float) -> float:
    """The q-th percentile (nearest rank) of ``values``."""
    if not values:
        return float("nan")
    s = sorted(values)
    return s[min(len(s) - 1, max(0, round(q / 100 * len(s) + 0.5) - 1))]


class Sampler(threading.Thread):
    """Samples the server tree's PSS and kernel count every ``every`` seconds (``others``: more
    process trees counted with it, the further class servers and their PostgreSQL)."""

    def __init__(self, pid: int, every: float = 5.0, others: tuple[int, ...] = ()) -> None:
        super().__init__(daemon=True)
        self.server = psutil.Process(pid)
        self.others = [psutil.Process(o) for o in others]
        self.every = every
        self.samples: list[tuple[float, float, int]] = []
        self.peak_mb = 0.0
        self.peak_parts: dict[str, list[float]] = {}
        """At the largest sample: each part's processes, PSS and USS (private memory), MB."""
        self.stop = threading.Event()
        self.own_cpu = 0.0
        """CPU-seconds this sampler's thread has used (reading the processes' memory)."""

    def family(self) -> list[psutil.Process]:
        """The server and its descendants (none while a restart has stopped it), and the others'."""
        out = []
        for root in (self.server, *self.others):
            with contextlib.suppress(psutil.Error):
                out += [root, *root.children(recursive=True)]
        return out

    def measure(self) -> tuple[float, int]:
        total, kernels = 0.0, 0
        parts: dict[str, list[float]] = {}
        for p in self.family():
            with contextlib.suppress(psutil.Error):
                info = p.memory_full_info()
                pss = getattr(info, "pss", info.rss) / MB
                total += pss
                part = part_of(p.cmdline())
                kernels += part == "kernels"
                parts.setdefault(part, [0.0, 0.0, 0.0])
                parts[part][0] += 1
                parts[part][1] += pss
                parts[part][2] += info.uss / MB
        if total > self.peak_mb:
            self.peak_mb, self.peak_parts = total, parts
        return total, kernels

    def cpu(self) -> float:
        out = 0.0
        for p in self.family():
            with contextlib.suppress(psutil.Error):
                t = p.cpu_times()
                out += t.user + t.system + t.children_user + t.children_system
        return out

    def server_cpu(self) -> float:
        """CPU-seconds the Voilà server's process has used (the one event loop every page's
        messages pass through; ``landlord class`` started it, and it the kernels)."""
        for p in self.family():
            with contextlib.suppress(psutil.Error):
                if "voila" in p.cmdline()[1:3]:
                    t = p.cpu_times()
                    return t.user + t.system
        return float("nan")

    def run(self) -> None:
        # the sampler yields the cores to the class it measures: reading a process's PSS walks
        # its memory map in the OS (about 10-15 ms a kernel, so about 0.8 CPU-s a sample of 60
        # students), work that would otherwise compete with the kernels' clicks
        with contextlib.suppress(OSError):
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 19)
        while not self.stop.is_set():
            mem, k = self.measure()
            self.samples.append((time.monotonic(), mem, k))
            self.own_cpu = time.thread_time()
            self.stop.wait(self.every)


def part_of(cmdline: list[str]) -> str:
    """Which part of a class server a process is: its kernels, the warmed parent they are forked
    from, Voilà's server, ``landlord class`` itself, or other (a PostgreSQL, a helper)."""
    line = " ".join(cmdline)
    if "ipykernel" in line:
        return "kernels"
    if "landlord.apps.forking" in line:
        return "warmed parent"
    if "voila" in cmdline[1:3]:
        return "Voilà server"
    if "landlord" in cmdline[1:3] and "class" in cmdline:
        return "landlord class"
    return "other"


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
                    s.refused_at.add(k)
                    break
                await asyncio.sleep(0.1)
        else:
            await asyncio.sleep(0.2)


def current_seq(c: VoilaClient) -> int:
    m = SEQ.search(c.text())
    return int(m.group(1)) if m else -1


REFUSALS = ("acted first", "Too many refused clicks", "not yours", "not one of your choices")
"""What a page says when it refused a click (nothing was recorded)."""


def refusal(c: VoilaClient) -> bool:
    text = c.text()
    return any(r in text for r in REFUSALS)


async def reconnect(s: Student, c: VoilaClient, done: asyncio.Event, timeout: float = 900) -> None:
    """The page's watch: the server went (a restart) or closed the socket; reload onto the
    seat (its address carries the seat key) once the server answers again."""
    url = c.seat_address() or c.url
    end = time.monotonic() + timeout
    while not done.is_set():
        try:
            await c.reopen(url, timeout=600)  # a page load waits for a kernel (the restarted pool warming)
            await c.wait_for(lambda: "Welcome back" in c.text(), 120)
            c.pulse()
            s.reopened += 1
            return
        except Exception:  # the server is not back yet
            if time.monotonic() > end:
                raise
            await asyncio.sleep(1.0)


async def client_student(s: Student, url: str, started: asyncio.Event, done: asyncio.Event,
                         think: float = 0.0) -> None:
    """A student as a websocket client (``tests/classclient.py``): the page's messages, no
    drawing; its pulse runs (unless frozen), and it reloads onto its seat when its socket goes."""
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
    c.pulse()
    await started.wait()

    def buttons() -> list[str]:
        box = [i for i, st in c.models.items() if "ll-class-choices" in st.get("_dom_classes", ())]
        return [b for b in (c.children(box[0]) if box else []) if b in c.models]

    def over() -> bool:
        return "The game is over" in c.text()

    while not done.is_set():  # a page stays open when its game is over, and reloads on a restart
        try:
            if c.frozen:
                await asyncio.sleep(0.5)
                continue
            if not c.connected:
                await reconnect(s, c, done)
                continue
            if over() or not buttons():
                with contextlib.suppress(TimeoutError):
                    await c.wait_for(lambda: (buttons() and not over()) or done.is_set() or c.frozen
                                     or not c.connected, 1.0)
                continue
            if think:  # a person reads the choice before clicking
                await asyncio.sleep(think)
                if not buttons() or c.frozen or not c.connected:
                    continue
            k, button = current_seq(c), buttons()[0]
            t = time.time() * 1000
            sent = c.click(button)
            if not sent:  # frozen since the look
                continue
            try:  # the kernel's idle status for the click: all it changed on the page has arrived
                await c.wait_for(functools.partial(set.__contains__, c.handled, sent), 10.0)
            except (TimeoutError, PageError):  # no answer seen (the socket went, a restart): it may
                s.uncertain += 1               # or may not be recorded
                continue
            s.clicks.append((k, t))
            refused = refusal(c)  # the click's answer set the status line: a refusal, or cleared it
            s.seen_at_answer[k] = f"refused on the page: {refused}; record length then {current_seq(c)}"
            if refused:
                s.refused += 1
                s.refused_at.add(k)
                await asyncio.sleep(0.5)
        except PageError:
            await reconnect(s, c, done)


async def student_run(s: Student, browser: Any, url: str, delay: float, started: asyncio.Event,
                      done: asyncio.Event, think: float = 0.0) -> None:
    await asyncio.sleep(delay)
    try:
        if s.browser:
            await browser_student(s, browser, url, started, done)
        else:
            await client_student(s, url, started, done, think)
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


class Server:
    """The class server under test: started as a teacher starts it, and restarted the same way
    (the same command on the same folder and port)."""

    def __init__(self, folder: Path, port: int, env: dict[str, str], options: list[str]) -> None:
        self.folder, self.port, self.env, self.options = folder, port, env, options
        self.proc, self.url, self.code = start_server(folder, port, env, options)

    @property
    def pid(self) -> int:
        return self.proc.pid

    def restart(self) -> tuple[float, float]:
        """Stop the server (SIGTERM, as Ctrl-C) and run the same command again; returns the
        seconds the stop took and the seconds from the command until the new server said it is up."""
        t0 = time.monotonic()
        stop_server(self.proc)
        t1 = time.monotonic()
        self.proc, self.url, self.code = start_server(self.folder, self.port, self.env, self.options)
        return t1 - t0, time.monotonic() - t1


STALL_MARGIN = 10.0
"""Seconds beyond the decision limit after which a table that did not move counts as stalled
(the referee answers an overdue decision at the limit; the margin is the machine's slack)."""


@dataclass
class Window:
    """A stretch of the play: calm, or one fault (a flood, a freeze), from ``t0`` to ``t1``
    (milliseconds since the epoch, as the clicks are stamped), with the CPU the machine and the
    class server's tree used in it (:meth:`start`, :meth:`stop`)."""

    label: str
    t0: float
    t1: float = float("inf")
    machine: float = float("nan")
    """The machine's CPU busy in the window, a share of all its cores (other work included)."""
    server: float = float("nan")
    """CPU-seconds a second the class server and its kernels used in the window."""
    voila: float = float("nan")
    """CPU-seconds a second the Voilà server's process used (one event loop for every page)."""
    _cpu0: tuple[float, float, float] = (0.0, 0.0, 0.0)

    @classmethod
    def start(cls, label: str, sampler: Sampler) -> Window:
        """A window from now."""
        w = cls(label, now_ms())
        w._cpu0 = (machine_busy(), sampler.cpu(), sampler.server_cpu())
        return w

    def stop(self, sampler: Sampler) -> None:
        """The window ends now."""
        self.t1 = now_ms()
        seconds = max(1e-3, (self.t1 - self.t0) / 1000)
        self.machine = (machine_busy() - self._cpu0[0]) / seconds / (os.cpu_count() or 1)
        used = sampler.cpu() - self._cpu0[1]
        self.server = used / seconds if used >= 0 else float("nan")  # (a restart: another server)
        own = sampler.server_cpu() - self._cpu0[2]
        self.voila = own / seconds if own >= 0 else float("nan")


def machine_busy() -> float:
    """CPU-seconds the whole machine has been busy (every process, every core)."""
    t = psutil.cpu_times()
    return sum(t) - t.idle - getattr(t, "iowait", 0.0)


def now_ms() -> float:
    return time.time() * 1000


async def freeze_pages(args: argparse.Namespace, frozen: list[Student], windows: list[Window],
                       sampler: Sampler) -> None:
    """Freeze some pages mid-game (a sleeping phone: the page sends nothing, its socket stays
    open), for longer than the away limit, then thaw them."""
    w = Window.start(f"{len(frozen)} pages frozen", sampler)
    windows.append(w)
    for s in frozen:
        assert s.client is not None
        s.client.frozen = True
        s.frozen = (time.time(), 0.0)
    await asyncio.sleep(args.freeze_for)
    for s in frozen:
        assert s.client is not None and s.frozen is not None
        s.client.frozen = False
        s.frozen = (s.frozen[0], time.time())
    w.stop(sampler)


SETTLE = 4.0
"""Seconds, in no measured window, before and after the class vote opens and closes (every page
draws its ballot then), and after the hostile page is back on its seat."""
MIN_CLICKS = 50
"""Clicks of the other students a window needs for its p95 to be worth printing as a figure
(fewer: printed, marked as too few)."""
FLOODS = ("widget update flood", "second-ballot flood (refused writes)", "binary frames", "oversized frames")
"""The hostile page's floods (issue 26, point 3), in the order it sends them."""


def round_label(label: str, i: int, rounds: int) -> str:
    """The label of a flood's (or its calm window's) ``i``-th round of ``rounds`` (from 0; the
    label itself when the flood is done once)."""
    return label if rounds == 1 else f"{label} ({i + 1} of {rounds})"


def is_round(name: str, label: str) -> bool:
    """Whether the window ``name`` is a round of ``label`` (:func:`round_label`)."""
    return name == label or re.fullmatch(rf"{re.escape(label)} \(\d+ of \d+\)", name) is not None


def rounds_of(label: str, windows: list[Window]) -> list[Window]:
    """The windows of every round of ``label``."""
    return [w for w in windows if is_round(w.label, label)]


async def hostile_floods(args: argparse.Namespace, h: Student, room: Classroom, secret: str, done: asyncio.Event,
                         windows: list[Window], figures: dict[str, Any], sampler: Sampler) -> None:
    """The hostile page's floods: widget updates, refused writes (second ballots in a class
    vote), binary frames, oversized frames. Each flood has a calm window just before it
    (``--calm-for`` seconds, the hostile page on its seat and quiet) and a window of its own:
    ``--flood-for`` seconds of flooding (whenever the page is connected; the server cuts it off
    and it reloads onto its seat once its cool-down is over), and on until the page is back on
    its seat, so the cut-off, the cool-down and the reload count against the flood. With
    ``--repeat N`` each flood's pair of windows comes N times in a row."""
    c = h.client
    assert c is not None

    async def back() -> None:
        """Until the page is back on its seat (the server closed it: it reloads once the cool-down
        is over), and a moment more."""
        end = time.monotonic() + args.cool_down + 60
        while not c.connected and time.monotonic() < end and not done.is_set():
            await asyncio.sleep(0.2)
        await asyncio.sleep(2.0)

    async def window(label: str, flood: Any) -> None:
        for i in range(args.repeat):
            await back()
            w = Window.start(round_label(f"calm before the {label}", i, args.repeat), sampler)
            windows.append(w)
            await asyncio.sleep(args.calm_for)
            w.stop(sampler)
            w = Window.start(round_label(label, i, args.repeat), sampler)
            windows.append(w)
            end = time.monotonic() + args.flood_for
            sent = 0
            while time.monotonic() < end and not done.is_set():
                if c.connected:  # else its own loop reloads it onto its seat (``client_student``)
                    with contextlib.suppress(PageError):  # the server closed it
                        sent += flood()
                await asyncio.sleep(0.1)
            await back()
            w.stop(sampler)
            figures.setdefault("floods", []).append((w.label, sent))

    def flood_of(model: str, description: str, send: Callable[[str, int], None]) -> Callable[[], int]:
        """A tenth of a second's flood at the page's widget (its name box, its Yes button)."""

        def flood() -> int:
            found = c.find(model, description=description)
            if found:
                send(found[0], args.flood // 10)
            return args.flood // 10

        return flood

    await window(FLOODS[0], flood_of("TextModel", "Your name", c.flood_updates))
    # the class vote opens outside any measured window: every page draws its ballot then, which
    # slows the clicks under way, and would count against the window it fell in
    await asyncio.sleep(SETTLE)
    room.open_class_vote(secret, "single_tax")
    await asyncio.sleep(SETTLE)
    end = time.monotonic() + 120
    while not c.find("ButtonModel", description="Yes") and time.monotonic() < end:
        await asyncio.sleep(0.5)  # (the page may be reloading onto its seat after the first flood)
    await window(FLOODS[1], flood_of("ButtonModel", "Yes", c.flood_clicks))
    vote = room.class_votes()[-1]
    figures["hostile_ballots"] = vote.yes + vote.no
    room.close_class_vote(secret)  # every page hides its ballot: outside any window too
    await asyncio.sleep(SETTLE)

    def binary() -> int:
        c.send_binary()
        return 1

    await window(FLOODS[2], binary)

    def oversized() -> int:
        c.send_oversized(1024 * 1024)
        return 1

    await window(FLOODS[3], oversized)
    figures["hostile_seats"] = sum(seat.name == h.name for seat in room.store.seats(room.id))


async def faults(args: argparse.Namespace, students: list[Student], server: Server, sampler: Sampler,
                 room: Classroom, secret: str, done: asyncio.Event, windows: list[Window],
                 figures: dict[str, Any]) -> None:
    """The faults of a class period, one after the other from ``--settle`` seconds into play
    (the start of play, when every page draws its board, is in no window), with calm windows
    between them: frozen pages, the hostile page's floods (a calm window just before each), then
    a restart."""

    async def calm(label: str, seconds: float) -> None:
        w = Window.start(label, sampler)
        windows.append(w)
        await asyncio.sleep(seconds)
        w.stop(sampler)

    await asyncio.sleep(args.settle)
    await calm("calm", args.fault_at)
    seated = [s for s in students if s.joined and s.client is not None and not s.hostile]
    n = max(1, round(args.frozen * len(seated))) if args.frozen else 0
    by_table: dict[int, list[Student]] = {}
    for s in seated:
        by_table.setdefault(s.table, []).append(s)
    frozen = [ss[-1] for _, ss in sorted(by_table.items())][:n]  # one a table, from the first
    figures["frozen_seats"] = [(s.table, s.seat) for s in frozen]
    if frozen:
        await freeze_pages(args, frozen, windows, sampler)
        await calm("calm after the thaw", args.calm_for)
    # the floods after the freeze: each cut-off keeps the hostile page away for the server's
    # cool-down, and the frozen seat's away moves need tables still playing
    hostile = next((s for s in students if s.hostile and s.joined), None)
    if hostile is not None:
        await hostile_floods(args, hostile, room, secret, done, windows, figures, sampler)
        await calm("calm after the floods", args.calm_for)
    if args.restart:
        w = Window.start("restart", sampler)
        windows.append(w)
        figures["restart_at"] = time.time()
        figures["stop_s"], figures["restart_up_s"] = await asyncio.get_running_loop().run_in_executor(
            None, server.restart)
        figures["restart_up_at"] = time.time()
        sampler.server = psutil.Process(server.pid)
        t_up = time.monotonic()
        live = [s for s in students if s.joined and s.client is not None and not s.failure]
        while any(s.reopened == 0 for s in live) and time.monotonic() - t_up < 600:
            await asyncio.sleep(0.5)
        figures["back_s"] = time.monotonic() - t_up
        figures["back"] = sum(s.reopened > 0 for s in live)
        figures["back_of"] = len(live)
        w.stop(sampler)
        await calm("calm after the restart", 10)
    figures["faults_done"] = True


def calm_baseline(windows: list[Window]) -> list[Window]:
    """The calm windows the floods are measured against: every calm window before the restart
    (the first after the play's start has settled, the one after the thaw, the one just before
    each flood, the one after the floods), pooled. After the restart every page reloads and the
    restarted server warms its kernels: not calm."""
    restart = next((w.t0 for w in windows if w.label == "restart"), float("inf"))
    return [w for w in windows if w.label.startswith("calm") and w.t0 < restart]


def pooled_floods(windows: list[Window], latencies: Callable[[Window], list[float]]) -> list[dict[str, Any]]:
    """Each flood's rounds pooled: the other students' p95 over all its windows, and over all
    the calm windows just before them, with their counts of clicks and rounds."""
    pooled = []
    for flood in FLOODS:
        during = [x for w in rounds_of(flood, windows) for x in latencies(w)]
        before = [x for w in rounds_of(f"calm before the {flood}", windows) for x in latencies(w)]
        pooled.append({"label": flood, "rounds": len(rounds_of(flood, windows)), "p95": pct(during, 95),
                       "n": len(during), "before_p95": pct(before, 95), "before_n": len(before)})
    return pooled


def fault_figures(args: argparse.Namespace, students: list[Student], room: Classroom, folder: Path,
                  windows: list[Window], figures: dict[str, Any]) -> None:
    """Each window's own-view p95 of the other students (not the hostile page, not a frozen
    one while frozen) with its count of clicks, and the pooled calm baseline's
    (:func:`calm_baseline`); the frozen seats' away moves and their students' moves after the
    thaw; bot moves in the restart's grace; the longest wait of any table (stalls)."""
    rows = [(tg.table.table_no, r) for tg in room.tables() for r in tg.entries if r.answer is not None]

    def latencies(w: Window) -> list[float]:
        lat = []
        for s in students:
            if s.hostile or (s.frozen and w.label.endswith("frozen")):
                continue
            for k, at in s.clicks:
                if w.t0 <= at < w.t1:
                    times = [v for q, v in s.seen.items() if q > k]
                    if times:
                        lat.append(min(times) - at)
        return lat

    per: list[dict[str, Any]] = []
    for w in windows:
        lat = latencies(w)
        moves: dict[str, int] = {}
        for _, r in rows:
            if w.t0 <= r.at * 1000 < w.t1:
                moves[str(r.by)] = moves.get(str(r.by), 0) + 1
        per.append({"label": w.label, "p95": pct(lat, 95), "n": len(lat), "moves": moves,
                    "seconds": (w.t1 - w.t0) / 1000, "machine": w.machine, "server": w.server,
                    "voila": w.voila})
    figures["windows"] = per
    calm = [x for w in calm_baseline(windows) for x in latencies(w)]
    figures["calm"] = {"p95": pct(calm, 95), "n": len(calm), "windows": len(calm_baseline(windows)),
                       "each": [pct(latencies(w), 95) for w in calm_baseline(windows)]}
    figures["pooled"] = pooled_floods(windows, latencies)
    frozen = [s for s in students if s.frozen]
    figures["frozen_away_moves"] = sum(
        1 for s in frozen for t, r in rows if t == s.table and r.seat == s.seat
        and r.by == "away" and s.frozen is not None and s.frozen[0] <= r.at <= s.frozen[1] + 5)
    figures["frozen_back_moves"] = sum(
        1 for s in frozen for t, r in rows if t == s.table and r.seat == s.seat
        and r.by == "student" and s.frozen is not None and r.at > s.frozen[1])
    log = (folder / "voila.log").read_text(errors="replace")
    if "restart_up_at" in figures:
        # the grace lasts until every page is back (the server's log says when), at most --resume-grace
        ended = [float(line[len(GRACE_ENDED):].split()[0]) for line in log.splitlines() if line.startswith(GRACE_ENDED)]
        g0 = figures["restart_up_at"]
        g1 = min(ended[-1] - 0.5 if ended else g0 + args.resume_grace - 2, g0 + args.resume_grace - 2)
        figures["grace_s"] = (ended[-1] if ended else g0 + args.resume_grace) - g0
        figures["grace_bot_moves"] = sum(1 for _, r in rows if g0 <= r.at <= g1 and r.by in ("bot", "away", "timeout"))
        down = (figures["restart_at"], figures["restart_up_at"] + args.resume_grace)
    else:
        down = (0.0, 0.0)
    gaps, stalled, end = [], 0, time.time()
    for tg in room.tables():
        times = [float(tg.table.started or 0), *(r.at for r in tg.entries)] + ([] if tg.game.over else [end])
        waits = [b - a for a, b in itertools.pairwise(times) if not (a <= down[1] and b >= down[0])]
        gaps += waits
        stalled += any(w > args.decide_limit + STALL_MARGIN for w in waits)
    figures["longest_wait_s"] = max(gaps, default=0.0)
    figures["stalled"] = stalled
    figures["log_runs"] = log.count("--- landlord class ")
    figures["cut_offs"] = log.count("whose page was cut off") + log.count("Could not shut down the cut-off page's")


def kernels_of(servers: list[Server]) -> int:
    """Kernels running under every class server of the run."""
    return sum(kernel_count(s.pid) for s in servers)


async def drive(args: argparse.Namespace, servers: list[Server], folder: Path, sampler: Sampler,
                store_address: str = "") -> dict[str, Any]:
    """Play the class; with several servers, student k opens server k mod N's address."""
    server = servers[0]
    students = [Student(f"S{i + 1:02d}") for i in range(args.students)]
    if args.hostile:
        students.append(Student("Mallory", hostile=True))
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
        tasks = [asyncio.create_task(student_run(s, browser, servers[i % len(servers)].url, i * spread, started,
                                                 done, args.think))
                 for i, s in enumerate(students)]
        stack.callback(lambda: [t.cancel() for t in tasks])
        while sum(s.joined > 0 or bool(s.failure) for s in students) < len(students):
            if time.monotonic() - t0 > args.join_within + 240:  # the rest are reported as not seated
                break
            await asyncio.sleep(0.5)
        figures["joined"] = sum(s.joined > 0 for s in students)
        figures["all_joined_s"] = time.monotonic() - t0
        store = open_store(store_address or folder)
        room = Classroom(store, store.classes()[-1].id)
        secret = (folder / "teacher-secret").read_text().strip()
        room.start(secret)
        for s in students:  # play may have evened out the tables: each page says where it sits now
            seat = next((x for x in store.seats(room.id) if x.name == s.name), None)
            if seat is not None:
                s.table, s.seat = seat.table_no, seat.seat
        started.set()
        t_play = time.monotonic()
        play = Window.start("play", sampler)
        windows: list[Window] = []
        fault_task = asyncio.create_task(faults(args, students, server, sampler, room, secret, done, windows,
                                                figures)) if args.faults else None
        faults_over = None
        while time.monotonic() - t_play < args.play_limit:
            tables = room.tables()
            if tables and all(tg.game.over for tg in tables) and (fault_task is None or fault_task.done()):
                break
            if fault_task is not None and fault_task.done():  # the faults' figures are in: a calm tail
                faults_over = faults_over or time.monotonic()
                if time.monotonic() - faults_over > args.tail:
                    break
            if all(t.done() for t in tasks) and (fault_task is None or fault_task.done()):
                break
            if fault_task is not None and fault_task.done() and fault_task.exception() is not None:
                break
            await asyncio.sleep(1.0)
        if fault_task is not None:
            if not fault_task.done():
                fault_task.cancel()
            with contextlib.suppress(BaseException):
                await fault_task
            if fault_task.done() and not fault_task.cancelled() and fault_task.exception() is not None:
                figures["fault_error"] = repr(fault_task.exception())
            if windows and windows[-1].t1 == float("inf"):
                windows[-1].t1 = now_ms()
        figures["play_s"] = time.monotonic() - t_play
        play.stop(sampler)
        figures["play_cpu"] = (play.machine, play.server, play.voila)
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
        figures["models_max"] = max((len(s.client.models) for s in students if s.client is not None), default=0)
        own, others = [], []
        own_at: list[tuple[float, float]] = []  # (when clicked, ms since the epoch; click -> own view)
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
                    own_at.append((at, mine - at))
                for o in by_table.get(s.table, []):
                    if o is not s:
                        theirs = first(o)
                        if theirs is not None:
                            others.append(theirs - at)
        if args.faults:
            fault_figures(args, students, room, folder, windows, figures)
        figures["tti"] = [s.tti for s in students if s.tti]
        figures["tti_browser"] = [s.tti for s in students if s.tti and s.browser]
        figures["join_s"] = [s.join_s for s in students if s.join_s]
        figures["own_ms"], figures["others_ms"] = own, others
        figures["stretches"] = stretches(own_at)
        # lost / duplicated: each click the page did not refuse against the store's row at the
        # record length it was made at (a click on a button drawn at length k is recorded at k or
        # not at all); a bot's answer there for the same seat (away, overdue) raced the click
        rows = {(tg.table.table_no, r.seq): r for tg in room.tables() for r in tg.entries}
        recorded: dict[tuple[int, int], int] = {}
        for (table_no, _), r in rows.items():
            if r.answer is not None and r.by == "student" and r.seat is not None:
                recorded[(table_no, r.seat)] = recorded.get((table_no, r.seat), 0) + 1
        lost = dup = raced = 0
        for s in students:
            if not s.joined or s.hostile:
                continue
            ok = 0
            for k, _ in s.clicks:
                row = rows.get((s.table, k))
                if row is not None and row.seat == s.seat and row.by == "student":
                    ok += 1
                elif k in s.refused_at:
                    continue
                elif row is not None and row.seat == s.seat and row.by in ("away", "timeout"):
                    raced += 1
                else:
                    lost += 1
                    there = "nothing" if row is None else f"{type(row.entry).__name__} by {row.by} for seat {row.seat}"
                    figures.setdefault("lost_detail", []).append(
                        f"table {s.table} seat {s.seat} click at {k}: the record there holds {there}; "
                        f"{s.seen_at_answer.get(k, '')}")
            dup += max(0, recorded.get((s.table, s.seat), 0) - ok - s.uncertain)
        figures.update(clicks=sum(len(s.clicks) for s in students), refused=sum(s.refused for s in students),
                       uncertain=sum(s.uncertain for s in students), raced=raced,
                       recorded=sum(recorded.values()), lost=lost, duplicated=dup,
                       error_pages=sum(s.errors > 0 for s in students))
        figures["mem_peak_mb"] = max(m for _, m, _ in sampler.samples)
        figures["kernels_peak"] = max(k for _, _, k in sampler.samples)
        figures["peak_parts"] = sampler.peak_parts
        # closing tabs: kernels released
        closing = [s for s in students if s.joined][: args.close]
        before = kernels_of(servers)
        t_close = time.monotonic()
        for s in closing:
            await close_tab(s)
        released = None
        while time.monotonic() - t_close < 120:
            if kernels_of(servers) <= before - len(closing):
                released = time.monotonic() - t_close
                break
            await asyncio.sleep(0.5)
        figures["closed_tabs"] = len(closing)
        figures["closed_released_s"] = released
        # dropped connections (a crashed browser, a shut lid): no beacon, the socket just goes
        dropping = [s for s in students if s.joined and s.client is not None and s not in closing][: args.drop]
        figures["dropped"], figures["dropped_released_s"] = len(dropping), None
        if dropping:
            before = kernels_of(servers)
            t_drop = time.monotonic()
            for s in dropping:
                assert s.client is not None
                await s.client.close(beacon=False)
            while time.monotonic() - t_drop < IDLE_RELEASE + 180:
                if kernels_of(servers) <= before - len(dropping):
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
    failed, a flood of the hostile page could not be sent (its page was not back), or the run
    did not finish (its path; ``None`` when every student's run and every flood went through)."""
    log = folder / "voila.log"
    unsent = figures is not None and any(sent == 0 for _, sent in figures.get("floods", ()))
    if not log.exists() or (figures is not None and not figures["failed_students"] and not unsent):
        return None
    kept = Path(tempfile.gettempdir()) / f"bench_class-voila-{time.strftime('%Y%m%d-%H%M%S')}.log"
    kept.write_bytes(log.read_bytes())
    return kept


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def parser() -> argparse.ArgumentParser:
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
    ap.add_argument("--servers", type=cli._positive, default=1,
                    help="class servers the students are spread over (student k opens server k mod N), all on "
                         "one PostgreSQL store; each is made ready for its share of the class (default 1)")
    ap.add_argument("--store", default="",
                    help="the class store's PostgreSQL address (default: with --servers above 1, a throwaway "
                         "PostgreSQL the benchmark starts, Debian's postgresql; else the class folder's SQLite)")
    f = ap.add_argument_group("faults (issue 26): --faults turns them on")
    f.add_argument("--faults", action="store_true",
                   help="a class period's faults during play: frozen pages, a restart, a hostile page's floods")
    f.add_argument("--settle", type=float, default=10.0,
                   help="seconds of play in no window first (every page draws its board; default 10)")
    f.add_argument("--fault-at", type=float, default=20.0,
                   help="seconds of the first calm window, after --settle (default 20)")
    f.add_argument("--calm-for", type=float,
                   help="seconds of each later calm window: after the thaw, before each flood, after the "
                        "floods (default: --flood-for)")
    f.add_argument("--frozen", type=float, default=0.1, help="share of the pages frozen mid-game (default 0.1)")
    f.add_argument("--freeze-for", type=float, default=30.0, help="seconds a page stays frozen")
    f.add_argument("--restart", action=argparse.BooleanOptionalAction, default=True,
                   help="restart the class server mid-game (default on with --faults)")
    f.add_argument("--hostile", action=argparse.BooleanOptionalAction, default=True,
                   help="one more student whose page floods (default on with --faults)")
    f.add_argument("--flood", type=int, default=5000, help="messages a second a flood sends")
    f.add_argument("--repeat", type=cli._positive, default=1,
                   help="times each flood, with its calm window just before, is done in a row; its rounds "
                        "are also given pooled (default 1)")
    f.add_argument("--flood-for", type=float, default=20.0,
                   help="seconds each flood sends (its window lasts until the page is back on its seat)")
    f.add_argument("--away-after", type=float, default=10.0, help="the class's away limit, s")
    f.add_argument("--decide-limit", type=float, default=30.0, help="the class's decision limit, s")
    f.add_argument("--resume-grace", type=float, default=90.0, help="the restarted server's grace, s")
    f.add_argument("--cool-down", type=float, default=COOL_DOWN,
                   help=f"seconds a cut-off page is kept away (the server's --cool-down, default {COOL_DOWN:g})")
    f.add_argument("--think", type=float, default=0.0,
                   help="seconds a student looks at a choice before clicking (default 0; 0.5 makes a game last)")
    f.add_argument("--circuits", type=int,
                   help="times around the board a game lasts (the class's --param circuits; default: the "
                        "ruleset's 5): long enough for the faults' windows to fall in play")
    f.add_argument("--tail", type=float, default=15.0, help="seconds of play after the last fault")
    return ap


def measure(args: argparse.Namespace) -> dict[str, Any]:
    """Run the class the options describe; its figures (``report`` prints them)."""
    if args.servers > 1 and args.faults:
        raise SystemExit("bench_class: --faults runs against one class server; leave out --servers")
    share = -(-args.students // args.servers)  # each server is made ready for its share of the class
    args.warm = warm_kernels(share + args.faults * args.hostile) if args.warm is None else args.warm
    args.max_kernels = max_kernels(share) if args.max_kernels is None else args.max_kernels
    args.hostile = args.hostile and args.faults
    args.calm_for = args.flood_for if args.calm_for is None else args.calm_for
    with tempfile.TemporaryDirectory() as tmp:
        env = {var: str(Path(tmp) / var.lower()) for var in
               ("JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "JUPYTER_CONFIG_DIR", "IPYTHONDIR", "MPLCONFIGDIR",
                "XDG_CONFIG_HOME", "XDG_CACHE_HOME")}
        os.environ.update({k: v for k, v in env.items() if k.startswith("XDG")})
        folder = Path(tmp) / "class"
        port = serve.free_port()
        t0 = time.monotonic()
        options = ["--table-size", str(args.table_size), "--rounds", str(args.rounds), "--warm", str(args.warm),
                   "--max-kernels", str(args.max_kernels), "--bot-delay", "0.3", "--seed", "4200",
                   "--max-tables", str(-(-(args.students + args.hostile) // args.table_size))]
        if args.circuits:
            options += ["--param", f"circuits={args.circuits}"]
        if args.faults:
            options += ["--away-after", str(args.away_after), "--decide-limit", str(args.decide_limit),
                        "--resume-grace", str(args.resume_grace), "--cool-down", str(args.cool_down)]
        pg, store_address = None, args.store
        if args.servers > 1 and not store_address:
            bin = pg_bin()
            if bin is None:
                raise SystemExit("bench_class: --servers needs PostgreSQL's programs (apt-get install postgresql) "
                                 "or --store ADDRESS")
            pg = PgServer.start(bin)
            store_address = pg.new_database()
        if store_address:
            options += ["--store", store_address]
        servers: list[Server] = []
        figures: dict[str, Any] | None = None
        try:
            servers.append(Server(folder, port, env, options))
            for k in range(1, args.servers):  # the further servers of the class: the first's secret
                servers.append(Server(Path(tmp) / f"class-{k + 1}", serve.free_port(), env,
                                      [*options, "--secret-file", str(folder / "teacher-secret")]))
            server = servers[0]
            for s in servers:
                serve.wait_warm(s.proc, args.warm + 1, timeout=900)
            warm_s = time.monotonic() - t0
            sampler = Sampler(server.pid, others=tuple(s.pid for s in servers[1:]) + ((pg.pid,) if pg else ()))
            idle_mb, idle_kernels = sampler.measure()
            cpu0, voila0 = sampler.cpu(), sampler.server_cpu()
            sampler.start()
            me = psutil.Process()
            mine0 = sum(me.cpu_times()[:2])
            figures = asyncio.run(drive(args, servers, folder, sampler, store_address))
            sampler.stop.set()
            figures.update(cpu=sampler.cpu() - cpu0, own_cpu=sum(me.cpu_times()[:2]) - mine0 - sampler.own_cpu,
                           sampler_cpu=sampler.own_cpu, warm_s=warm_s, warm_cpu=(cpu0, voila0),
                           idle_mb=idle_mb, idle_kernels=idle_kernels)
        finally:
            for s in servers:
                stop_server(s.proc)
            if pg is not None:
                pg.stop()
            replaced = sum(replaced_kernels(s.folder) for s in servers)
            kept = keep_log(folder, figures)
    assert figures is not None
    figures.update(replaced=replaced, kept=kept, pg_sampled=pg is not None)
    return figures


def main() -> None:
    # a SIGTERM (a CI time limit, kill) unwinds like Ctrl-C, so the server and its kernels stop
    signal.signal(signal.SIGTERM, _interrupt)
    args = parser().parse_args()
    if args.cap:
        cap_probe(args.cap, 2 if args.warm is None else min(args.warm, 2))
        return
    report(args, measure(args))


BUCKET_S = 10.0
"""The length of the stretches of play in which the clicks' times are looked at together."""


def stretches(own_at: list[tuple[float, float]]) -> dict[str, Any]:
    """Play cut into :data:`BUCKET_S` stretches by when each click was made (``own_at``: when,
    ms since the epoch, and its click -> own view, ms): each stretch's median, and the slow ones
    (median over three times the median of all stretches' medians and over 100 ms), so a class's
    slow stretches (the median at every table rising at once for 20-200 s, 2026-12-04) show in
    every run's figures, with when they came."""
    if not own_at:
        return {"buckets": 0, "typical": float("nan"), "slow": []}
    start = min(at for at, _ in own_at)
    buckets: dict[int, list[float]] = {}
    for at, ms in own_at:
        buckets.setdefault(int((at - start) / 1000 / BUCKET_S), []).append(ms)
    medians = {b: pct(v, 50) for b, v in sorted(buckets.items())}
    typical = pct(list(medians.values()), 50)
    slow = [(b * BUCKET_S, m, len(buckets[b])) for b, m in medians.items() if m > max(3 * typical, 100.0)]
    return {"buckets": len(medians), "typical": typical, "slow": slow}


def report(args: argparse.Namespace, figures: dict[str, Any]) -> None:
    """Print a class run's figures."""
    warm_s, idle_mb, idle_kernels = figures["warm_s"], figures["idle_mb"], figures["idle_kernels"]
    cpu, own_cpu, replaced, kept = figures["cpu"], figures["own_cpu"], figures["replaced"], figures["kept"]
    tti, own, others = figures["tti"], figures["own_ms"], figures["others_ms"]
    print(f"class of {args.students} students, tables of {args.table_size}, {args.rounds} rounds, "
          f"{args.warm} warm kernels, joining spread over {args.join_within:.0f} s; load average now "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    if args.servers > 1 or args.store:
        whose = ("every server's, their kernels' and PostgreSQL's" if figures.get("pg_sampled")
                 else "every server's and their kernels' (not the database server's)")
        print(f"over {args.servers} class server(s) on one PostgreSQL store, {args.warm} warm kernels each; "
              f"memory and CPU below are {whose}")
    print(f"server up and warm: {warm_s:.1f} s (CPU: the server tree {figures['warm_cpu'][0]:.1f} s, the Voilà "
          f"server's own {figures['warm_cpu'][1]:.1f} s); idle: {idle_kernels} kernels, {idle_mb / 1024:.2f} GB PSS")
    print(f"time to interactive (page requested -> Join button), s: p50 {pct(tti, 50):.1f}  p95 {pct(tti, 95):.1f}  "
          f"max {max(tti) if tti else float('nan'):.1f}  (n={len(tti)}; Chromium students: "
          f"{', '.join(f'{t:.1f}' for t in figures['tti_browser']) or 'none'})")
    js = figures["join_s"]
    print(f"Join clicked -> seated (the board drawn), s: p50 {pct(js, 50):.1f}  p95 {pct(js, 95):.1f}  (n={len(js)})")
    print(f"{figures['joined']} of {args.students} seated after {figures['all_joined_s']:.1f} s; "
          f"play {figures['play_s']:.0f} s; tables over {figures['tables_over']}/{figures['tables']}")
    print(f"click -> own view, ms: p50 {pct(own, 50):.0f}  p95 {pct(own, 95):.0f}  (n={len(own)})")
    st = figures["stretches"]
    slow = ", ".join(f"{t:.0f}-{t + BUCKET_S:.0f} s: {m:.0f} ms (n={n})" for t, m, n in st["slow"]) or "none"
    print(f"  in {BUCKET_S:.0f} s stretches of play ({st['buckets']}): their medians' median {st['typical']:.0f} ms; "
          f"slow stretches (median over 3x that and over 100 ms): {slow}")
    machine, tree, voila = figures["play_cpu"]
    print(f"  during play: the machine's cores {machine:.0%} busy, class server + kernels {tree:.2f} CPU-s/s "
          f"(the Voilà server, one thread that every page's messages pass through, {voila:.2f})")
    print(f"click -> classmates' views, ms: p50 {pct(others, 50):.0f}  p95 {pct(others, 95):.0f}  (n={len(others)})")
    print(f"clicks {figures['clicks']} (+{figures['uncertain']} whose click call timed out), refused "
          f"{figures['refused']}, raced by a bot's answer for an away or overdue seat {figures['raced']}, "
          f"student rows recorded {figures['recorded']}: "
          f"lost {figures['lost']}, duplicated {figures['duplicated']}; pages with error text {figures['error_pages']}")
    for line in figures.get("lost_detail", []):
        print(f"  lost: {line}")
    print(f"memory (server + kernels, PSS): peak {figures['mem_peak_mb'] / 1024:.2f} GB with "
          f"{figures['kernels_peak']} kernels: {figures['mem_peak_mb'] / max(1, args.students):.0f} MB a student "
          f"(everything / students), {figures['mem_peak_mb'] / max(1, figures['kernels_peak']):.0f} MB a kernel "
          f"(the server's share included)")
    print("  at the peak, PSS (private):", "; ".join(
        f"{part} {n:.0f}: {pss:.0f} MB ({uss:.0f} MB)" + (f", {pss / n:.1f} ({uss / n:.1f}) each" if n > 1 else "")
        for part, (n, pss, uss) in sorted(figures.get("peak_parts", {}).items())))
    print(f"server tree CPU time during the class: {cpu:.1f} s; the benchmark's own: its clients {own_cpu:.1f} s, "
          f"its memory sampler {figures['sampler_cpu']:.1f} s (at the lowest priority)")
    rel = figures["closed_released_s"]
    print(f"{figures['closed_tabs']} tabs closed: their kernels released after "
          f"{'more than 120 s' if rel is None else f'{rel:.1f} s'}")
    if figures["dropped"]:
        rel = figures["dropped_released_s"]
        print(f"{figures['dropped']} connections dropped without the beacon: their kernels released after "
              f"{f'more than {IDLE_RELEASE + 180} s' if rel is None else f'{rel:.0f} s'}")
    print(f"widgets a page held at the end of play (its models): at most {figures['models_max']}")
    print(f"warm kernels found dead when their student came, and replaced: {replaced}")
    if figures["failed_students"]:
        print(f"students whose run failed: {len(figures['failed_students'])}: {figures['failed_students'][:3]}")
    if kept:
        print(f"the server's log is kept in {kept}")
    if figures["not_seated"]:
        print(f"not seated in time: {', '.join(figures['not_seated'])}")
    print(f"(mean click -> classmates {statistics.fmean(others) if others else float('nan'):.0f} ms)")
    if args.faults:
        report_faults(args, figures)


def report_faults(args: argparse.Namespace, figures: dict[str, Any]) -> None:
    """Print the faults' figures: each window's own-view p95 of the other students, the frozen
    pages, the restart, the hostile page."""
    print(f"faults: {len(figures.get('frozen_seats', []))} frozen pages for {args.freeze_for:.0f} s "
          f"(away after {args.away_after:g} s), restart {'on' if args.restart else 'off'}, hostile page "
          f"{'on' if args.hostile else 'off'} ({args.flood} messages/s for {args.flood_for:g} s a flood, "
          f"then until the page is back on its seat; {args.calm_for:g} s calm windows)"
          + ("" if figures.get("faults_done") else f"; NOT ALL DONE {figures.get('fault_error', '')}"))
    calm = figures.get("calm", {"p95": float("nan"), "n": 0, "windows": 0})
    by_label = {w["label"]: w for w in figures.get("windows", [])}
    for w in figures.get("windows", []):
        few = f" (fewer than {MIN_CLICKS} clicks)" if w["n"] < MIN_CLICKS else ""
        ratio = ""
        if any(is_round(w["label"], flood) for flood in FLOODS):
            before = by_label.get(f"calm before the {w['label']}", {"p95": float("nan")})["p95"]
            ratio = f"; {w['p95'] / calm['p95']:.2f}x the calm baseline, {w['p95'] / before:.2f}x the calm just before"
        print(f"  click -> own view, others' p95 during {w['label']}: {w['p95']:.0f} ms (n={w['n']}){few}{ratio}; "
              f"{w['seconds']:.0f} s, machine CPU {w['machine']:.0%} busy, class server + kernels "
              f"{w['server']:.2f} CPU-s/s (the Voilà server {w['voila']:.2f}); moves by "
              + (", ".join(f"{by} {k}" for by, k in sorted(w["moves"].items())) or "nobody"))
    each = [x for x in calm.get("each", []) if x == x]  # (a window without clicks has no p95)
    print(f"  calm baseline (the {calm['windows']} calm windows before the restart, pooled): others' p95 "
          f"{calm['p95']:.0f} ms (n={calm['n']}); the calm windows alone: "
          + (f"{min(each):.0f} to {max(each):.0f} ms" if each else "none"))
    if args.repeat > 1:
        for f in figures.get("pooled", []):
            print(f"  {f['label']}, its {f['rounds']} rounds pooled: others' p95 {f['p95']:.0f} ms (n={f['n']}); "
                  f"its calm windows just before, pooled: {f['before_p95']:.0f} ms (n={f['before_n']}): "
                  f"{f['p95'] / f['before_p95']:.2f}x them, {f['p95'] / calm['p95']:.2f}x the calm baseline")
    print(f"frozen seats {figures.get('frozen_seats')}: {figures.get('frozen_away_moves', 0)} moves by a bot "
          f"while frozen, {figures.get('frozen_back_moves', 0)} by the student after the thaw")
    if "restart_up_s" in figures:
        print(f"restart: the stop took {figures['stop_s']:.1f} s, the same command was up again "
              f"{figures['restart_up_s']:.1f} s later (same port); "
              f"{figures.get('back')} of {figures.get('back_of')} pages back on their seats "
              f"{figures.get('back_s', float('nan')):.1f} s "
              f"after; the grace (at most {args.resume_grace:g} s) lasted {figures['grace_s']:.1f} s, bot moves in "
              f"it: {figures['grace_bot_moves']}; "
              f"server log runs: {figures['log_runs']}")
    if "hostile_seats" in figures:
        print(f"hostile page: {figures['hostile_seats']} seat, {figures['hostile_ballots']} ballot(s) counted; "
              f"sent {', '.join(f'{label}: {n}' for label, n in figures.get('floods', []))}")
    print(f"pages the server cut off (their kernels shut down): {figures.get('cut_offs', 0)}")
    print(f"longest wait of a table between two moves (outside the restart): {figures['longest_wait_s']:.1f} s; "
          f"stalled tables (a wait above the {args.decide_limit:g} s decision limit + {STALL_MARGIN:g} s): "
          f"{figures['stalled']}")


if __name__ == "__main__":
    main()
