"""Shared test helpers: scripted dice and a driver for rule generators; a guard that no process
a test started outlives the run."""

from __future__ import annotations

import contextlib
import ctypes
import faulthandler
import os
import sys
import threading
from collections.abc import Callable, Generator, Iterator, Sequence
from pathlib import Path
from typing import Any

import installed_kit as installed_kit_module
import psutil
import pytest
from browser_helpers import CHROMIUM, CHROMIUM_ARGS
from installed_kit import InstalledKit
from store_backends import CURRENT, MISSING, Backend, PgServer, pg_bin

from landlord import Game, load_ruleset
from landlord.data.loader import ruleset_from_file
from landlord.data.ruleset import Ruleset
from landlord.engine import flows
from landlord.engine.decisions import Decision


class ScriptedDice:
    """Stands in for a game's RNG: ``random()`` yields the given die faces in order, and
    ``shuffle`` leaves a list as it is. Running out of faces fails the test loudly."""

    def __init__(self, faces: Sequence[int]) -> None:
        self.faces = list(faces)

    def random(self) -> float:
        if not self.faces:
            raise AssertionError("the test ran out of scripted dice")
        return (self.faces.pop(0) - 1) / 6 + 0.01

    def shuffle(self, items: list[Any]) -> None:
        return None


Pick = Callable[[Decision], str]


def play_out(gen: Generator[Decision, str, Any], pick: Pick) -> tuple[list[Decision], Any]:
    """Run a rules generator to its end, answering each decision with ``pick(decision)``, which
    must be one of the decision's options. Returns the decisions asked and the generator's
    return value."""
    asked: list[Decision] = []
    try:
        d = next(gen)
        while True:
            asked.append(d)
            choice = pick(d)
            assert choice in d.options, (choice, d)
            d = gen.send(choice)
    except StopIteration as stop:
        return asked, stop.value


def scripted(answers: Sequence[str], then_first: bool = False) -> Pick:
    """Answers ``answers`` in order; after them each further decision's first option
    (``then_first``) or, by default, a loud failure: the test did not expect that decision."""
    queue = list(answers)

    def pick(d: Decision) -> str:
        if queue:
            return queue.pop(0)
        if then_first:
            return d.options[0]
        raise AssertionError(f"unexpected decision {d}")

    return pick


def drive(gen: Generator[Decision, str, Any], *answers: str) -> tuple[list[Decision], Any]:
    """Run a rules generator to its end, answering its decisions with exactly ``answers`` in
    order. Returns the decisions asked and the generator's return value."""
    return play_out(gen, scripted(answers))


def drive_then_first(gen: Generator[Decision, str, Any], *answers: str) -> tuple[list[Decision], Any]:
    """Like :func:`drive`, but decisions after ``answers`` take their first option."""
    return play_out(gen, scripted(answers, then_first=True))


NAMES = ["Ada", "Ben", "Cy", "Dot", "Eve", "Fay"]


def game_of_people(ruleset: str, n: int = 4, seed: int = 0, names: Sequence[str] | None = NAMES,
           **overrides: Any) -> Game:
    """A game of ``ruleset`` (with ``overrides``) with people in every seat (nothing is
    answered), just after set-up; seats named from ``names`` (None: the engine's names)."""
    rs = load_ruleset(ruleset)
    if overrides:
        rs = rs.override(**overrides)
    return Game(rs, [None] * n, seed, names=list(names[:n]) if names else None)


def table(ruleset: str = "magie-1904", n: int = 4, seed: int = 0, **overrides: Any) -> Game:
    """A 1904-family game laid out for a clause test: people in every seat, set-up done, then
    the table cleared — every token on Mother Earth with no circuits, nothing owned or
    chartered, no loans, each player holding exactly the start cash — and the event log
    emptied. Tests then call rule pieces directly with :func:`drive` and scripted dice."""
    game = game_of_people(ruleset, n, seed, **overrides)
    rules = game.rules
    for pl in game.players:
        pl.pos, pl.place, pl.circuits, pl.luxuries, pl.legacies = 0, 0, 0, 0, 0
        pl.lots.clear()
    rules.owner[:] = [-1] * len(rules.owner)
    rules.state.charter.clear()
    rules.state.loans.clear()
    rules.state.mortgaged.clear()
    for seat in range(n):
        set_cash(game, seat, game.ruleset.values()["start_cash"])
    game.events = []
    return game


def give(game: Game, seat: int, *spaces: int) -> None:
    """Hand ``seat`` the deeds of ``spaces`` (without payment) for a test."""
    for idx in spaces:
        game.rules.owner[idx] = seat
        game.players[seat].lots.add(idx)


def set_cash(game: Game, seat: int, amount: int) -> None:
    """Bring ``seat``'s cash to ``amount`` through the Bank (money stays conserved)."""
    bank = game.account("Bank")
    have = game.cash(seat)
    if amount > have:
        game.pay(bank, seat, amount - have, flows.START_CASH, "test set-up", "test")
    elif amount < have:
        game.pay(seat, bank, have - amount, flows.START_CASH, "test set-up", "test")


def transfers(game: Game, reason: str | None = None) -> list[tuple[str, str, int, str]]:
    """Logged transfers as (from, to, amount, reason), optionally of one reason."""
    return [(e.get("from"), e.get("to"), e.get("amount"), e.get("reason")) for e in game.events or []
            if e.kind == "transfer" and (reason is None or e.get("reason") == reason)]


def kinds(game: Game) -> list[str]:
    """The kinds of the events logged so far."""
    return [e.kind for e in game.events or []]


TWO_PHASE = """
[ruleset]
id = "magie-1904-two-phase"
extends = "magie-1904"
title = "Test ruleset: the 1904 rules with a second phase"
source = "test fixture"
provenance = "kit_decision"

[phases.higher_wages]
title = "Higher wages"

[phases.higher_wages.params.wages]
value = 150
source = "test fixture: a second phase that changes a rule number"
provenance = "reconstructed"
"""


@pytest.fixture
def two_phase_file(tmp_path: Path) -> Path:
    """A ruleset file that ``extends`` magie-1904 and adds a second phase, ``higher_wages``
    (wages $150, marked reconstructed)."""
    p = tmp_path / "magie-1904-two-phase.toml"
    p.write_text(TWO_PHASE, encoding="utf-8")
    return p


@pytest.fixture
def two_phase(two_phase_file: Path) -> Ruleset:
    """The ruleset of :func:`two_phase_file`."""
    return ruleset_from_file(two_phase_file)


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[object]:
    """Debian's Chromium, headless, with its profile folders in a temporary directory."""
    from playwright.sync_api import sync_playwright

    if not CHROMIUM.is_file():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium (apt-get install chromium)")
    tmp = tmp_path_factory.mktemp("chromium")
    mp = pytest.MonkeyPatch()
    mp.setenv("XDG_CONFIG_HOME", str(tmp / "config"))
    mp.setenv("XDG_CACHE_HOME", str(tmp / "cache"))
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()
            mp.undo()


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``landlord ARGV`` run in this process: its exit status, what it printed and its errors."""
    from landlord.apps.cli import main

    try:
        code = main(list(argv))
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


PR_SET_CHILD_SUBREAPER = 36
"""Linux prctl: orphaned descendants are re-parented to this process instead of init."""


def pytest_configure(config: pytest.Config) -> None:
    """Make pytest the subreaper of everything its tests start, so that a process left behind
    (a server's kernel, a browser, a pool worker whose parent was killed) is still found among
    pytest's descendants at the end of the run."""
    if sys.platform.startswith("linux"):
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """On pytest-xdist's workers (``scripts/test``: ``-n 2 --dist loadfile``, whole files handed
    out in collection order), the files holding tests marked ``slow`` come first, each file's
    tests in their own order: otherwise the alphabet put the heaviest files (``test_widgets_table*``)
    last, and one core ran them alone while the other sat idle."""
    if not hasattr(config, "workerinput"):
        return
    heavy = {item.path for item in items if item.get_closest_marker("slow")}
    items.sort(key=lambda item: item.path not in heavy)


MP_HELPERS = ("multiprocessing.forkserver", "multiprocessing.resource_tracker")
"""multiprocessing's own helper processes, which live as long as the process that started them:
stopped at the end like the rest, but not a test's leftovers."""


def _alive(p: psutil.Process) -> bool:
    """True for a running process; a finished one (a zombie: as the subreaper, pytest inherits
    orphans that have exited) is reaped instead."""
    try:
        if p.status() != psutil.STATUS_ZOMBIE:
            return True
    except psutil.Error:
        return False
    with contextlib.suppress(ChildProcessError):
        os.waitpid(p.pid, os.WNOHANG)
    return False


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Stop every process a test left running, and name it. A process that outlives pytest
    keeps the caller's output pipe open: a CI run whose tests all passed then hung until its
    time limit (the third session's last run)."""
    session.config._landlord_status = exitstatus  # type: ignore[attr-defined]
    left = [p for p in psutil.Process().children(recursive=True) if _alive(p)]
    if not left:
        return
    names = []
    for p in left:
        try:
            cmd = " ".join(p.cmdline())
        except psutil.Error:
            cmd = ""
        if not any(helper in cmd for helper in MP_HELPERS):
            names.append(f"{p.pid} {cmd[:160]}")
    for p in left:
        with contextlib.suppress(psutil.Error):
            p.terminate()
    _, alive = psutil.wait_procs(left, timeout=5)
    for p in alive:
        with contextlib.suppress(psutil.Error):
            p.kill()
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    if reporter is not None and names:
        reporter.ensure_newline()
        reporter.write_line(f"processes the tests left running, now stopped ({len(names)}):", yellow=True)
        for n in names:
            reporter.write_line(f"  {n}")


THREADS_GRACE = 30.0
"""Seconds the run waits at its end for threads the tests left running before it exits anyway."""


def threads_held_at_exit() -> list[threading.Thread]:
    """The threads Python's exit would wait for: every non-daemon thread, and every process
    pool's manager thread, daemon or not (``concurrent.futures.process._python_exit`` joins
    them all)."""
    from concurrent.futures import process

    joined_at_exit = set(getattr(process, "_threads_wakeups", {}))
    return [t for t in threading.enumerate() if t is not threading.main_thread() and t.is_alive()
            and (not t.daemon or t in joined_at_exit)]


@pytest.hookimpl(trylast=True)
def pytest_unconfigure(config: pytest.Config) -> None:
    """Python waits at exit for every non-daemon thread, and joins every process pool's manager
    thread, daemon or not (``concurrent.futures.process._python_exit``): one a test left blocked
    would hold the run open after its summary. Measured (fifth session, a CI run from a fresh
    clone): a lab sweep left running in its daemon thread; its pool's workers, stopped at the
    session's end, died in the middle of sending a result, and the manager thread waited for the
    rest of it for ever. Wait a little, then print every thread's stack and exit with the run's
    status."""
    left = threads_held_at_exit()
    for t in left:
        t.join(THREADS_GRACE / max(1, len(left)))
    if threads_held_at_exit():
        sys.stderr.write("threads the tests left running (the run exits without them):\n")
        faulthandler.dump_traceback(file=sys.stderr, all_threads=True)
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(int(getattr(config, "_landlord_status", 1)))


@pytest.fixture(scope="session")
def installed_kit(tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest) -> InstalledKit:
    """The kit's wheel installed in a new virtualenv (:mod:`installed_kit`), once per run; the
    seconds each step took are printed."""
    kit = installed_kit_module.install(tmp_path_factory.mktemp("installed-kit"))
    steps = ", ".join(f"{name} {s:.1f} s" for name, s in kit.seconds.items())
    kind = "a fresh venv from requirements.lock" if kit.fresh else "the wheel over the locked packages"
    line = f"installed kit ({kind}): {steps}"
    reporter = request.config.pluginmanager.get_plugin("terminalreporter")
    capture = request.config.pluginmanager.get_plugin("capturemanager")
    if reporter is not None and capture is not None:
        with capture.global_and_fixture_disabled():
            reporter.write_line("")
            reporter.write_line(line)
    return kit


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PgServer]:
    """A throwaway PostgreSQL server for the session (:class:`store_backends.PgServer`); the
    tests that need it are skipped, saying why, only where its programs are not installed."""
    bin = pg_bin()
    if bin is None:
        pytest.skip(MISSING)
    server = PgServer.start(bin)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def store_backend(request: pytest.FixtureRequest) -> Iterator[Backend]:
    """The class-store backend a ``@both_stores`` test runs on (once on each)."""
    backend = Backend(request.param, request.getfixturevalue("postgres_server")
                      if request.param == "postgresql" else None)
    CURRENT.append(backend)
    try:
        yield backend
    finally:
        CURRENT.remove(backend)
        backend.close()
