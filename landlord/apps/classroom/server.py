"""``landlord class``: start (or resume) a class, serve the student app and the teacher's
dashboard with Voilà, and referee every table until Ctrl-C.

The class folder holds the store (``class.sqlite``), the teacher's secret (``teacher-secret``,
readable by its owner only), the served app (``app/``: the class lesson, the dashboard and a
``voila.json`` with the class's kernel settings), Voilà's log and the exports. Running the
command again on the same folder resumes the class: same code, same addresses, nothing lost.

With ``--store postgresql://…`` the class is kept in that database instead, and several class
servers (on this machine or others, each with its own folder) serve one class: the first makes
it, each further one is started with a copy of the first's ``teacher-secret`` (``--secret-file``).
Every server's kernels and referee read and write the shared store, so tables, seats, presence,
the teacher's steering and the cool-downs are the same on each (docs/class-guide.md).
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import json
import os
import shutil
import socket
import sys
import time
from pathlib import Path
from typing import Any

from landlord.apps import serve
from landlord.apps.classroom import (
    FOLDER_ENV,
    STORE_ENV,
    Classroom,
    ClassSpec,
    Referee,
    Refused,
    SqliteStore,
    SqlStore,
    default_folder,
    open_store,
)
from landlord.apps.classroom.bucket import COOL_DOWN_ENV
from landlord.apps.classroom.room import DEFAULT_HALF, PERIOD_ROUNDS, class_rounds
from landlord.apps.classroom.store import CLASS_ENV, STORE_FILE, redacted
from landlord.charts.bundle import BUNDLE_ENV, write_bundle
from landlord.data.files import NotJSON, parse_json
from landlord.data.resources import PACKAGE, installed, kit_dir
from landlord.errors import DataError, LandlordError
from landlord.limits import COOL_DOWN, MAX_FRAME

STUDENT_NOTEBOOK = "class-single-tax.ipynb"
"""The class lesson: what a student opens (join, play at a table)."""
TEACHER_NOTEBOOK = "class-teacher.ipynb"
"""The teacher's dashboard."""
SECRET_FILE = "teacher-secret"
STUDENT_URL_ENV = "LANDLORD_CLASS_STUDENT_URL"
"""The student address the server prints, given to the dashboard to show on the projector."""

RESUME_GRACE = 120.0
"""Most seconds after a restarted class server is up in which every seat counts as present and
no bot moves (``--resume-grace``): the students' pages reload themselves onto their seats, and
the grace ends as soon as every page open before the restart is back
(:meth:`~landlord.apps.classroom.room.Referee.resume_grace`). 120 s: pages came back up to 68 s
after the port answered (issue 37's measurement), and a grace that ends when they are back costs
no waiting."""

GRACE_ENDED = "--- the restart's grace ended at "
"""How the class's log begins the line saying when a restart's grace ended (in seconds since
the epoch, then the clock time and why)."""

CLASS_SIZE = 30
"""Students the class server is made ready for by default (``--class-size``)."""
SPARE_KERNELS = 2
"""Warm student kernels beyond the class size: refreshes and latecomers. Once the server has
started the class's pool, Voilà refills it to this many only (``CappedKernelManager.refill_pools``)."""
WAIT_FOR_VISITOR = 4 * 3600
"""Seconds a warm kernel may wait for its visitor (Voilà's cell timeout on a class server)."""
IDLE_RELEASE = 300
"""Seconds after which a kernel with no browser connected and no activity is shut down (a
connected student's kernel is never culled; a closed tab's kernel is shut down by Voilà at once)."""


def warm_kernels(class_size: int) -> int:
    """Warm student kernels for a class of ``class_size``: every student gets a kernel that has
    already run the lesson (time to interactive under a second), plus the spares."""
    return class_size + SPARE_KERNELS


def max_kernels(class_size: int) -> int:
    """The cap for a class of ``class_size``: a kernel per student, the spares, the teacher's
    dashboard and its warm one, and half a class of refreshes in flight (a closed tab's kernel
    is shut down within seconds); beyond it a page load gets HTTP 503, so anonymous loads cannot
    fill memory (about 0.15 GB a kernel, README)."""
    return class_size + SPARE_KERNELS + 2 + class_size // 2



WARM_KERNELS = warm_kernels(CLASS_SIZE)
MAX_KERNELS = max_kernels(CLASS_SIZE)


def class_voila_config(ip: str, warm: int, max_kernels: int, idle_release: int,
                       refill: int = SPARE_KERNELS) -> dict[str, Any]:
    """The ``voila.json`` of a class server: the lessons' safety settings (no sources, no
    tracebacks, no file downloads but images), ``warm`` kernels for the student app (refilled
    to ``refill`` once started) and one for the dashboard, culling that spares connected
    kernels, and a cap on kernels."""
    return {
        # Voilà 0.5's page-close beacon (which shuts the tab's kernel down) posts without an
        # _xsrf token, as the page sets no _xsrf cookie: with the check on it is refused (403)
        # and a closed tab's kernel lingers until culled. DECISION: the class server turns the
        # check off; another site could at most shut down a kernel whose random id it knows.
        # a page's kernel websocket: JSON frames only, a page's share of messages, no frame above
        # MAX_FRAME read (Tornado closes the socket from the frame's header)
        "Voila": {"ip": ip, "port_retries": 0, "open_browser": False,
                  "kernel_websocket_connection_class": "landlord.apps.classroom.kernels.GuardedConnection",
                  "tornado_settings": {"disable_check_xsrf": True, "websocket_max_message_size": MAX_FRAME}},
        # the kit's template (``landlord serve``'s): no request leaves the machine
        "VoilaConfiguration": {
            "strip_sources": True, "show_tracebacks": False, "template": "landlord", "theme": "light",
            "file_allowlist": [r".*\.(png|jpg|gif|svg)"],
            "file_denylist": [r".*\.(ipynb|py|json|toml|sqlite.*|log|csv|parquet)", r".*teacher-secret.*"],
            "preheat_kernel": warm > 0, "default_pool_size": 0,
            "multi_kernel_manager_class": "landlord.apps.classroom.kernels.CappedKernelManager",
        },
        "VoilaKernelManager": {"fill_delay": 0.5, "kernel_pools_config": {
            STUDENT_NOTEBOOK: {"pool_size": warm}, TEACHER_NOTEBOOK: {"pool_size": 1 if warm else 0}}},
        # every kernel a fork of one warmed parent (landlord.apps.forking): pages share its code
        "CappedKernelManager": {"max_kernels": max_kernels,
                                "refill_pools": {STUDENT_NOTEBOOK: min(refill, warm)},
                                "kernel_manager_class": "landlord.apps.forking.ForkingKernelManager"},
        # a warm kernel waits inside the class lesson's cell for its visitor (the page address
        # is read then): the cell timeout must outlast the wait, so it is a class period's length
        "VoilaExecutor": {"timeout": WAIT_FOR_VISITOR},
        # IPC sockets, not TCP ports: kernels started at once chose ports that another kernel or
        # connection took first (measured: 1 of 33 warm kernels died so, its visitor got no page)
        "KernelManager": {"transport": "ipc"},
        "MappingKernelManager": {"cull_idle_timeout": idle_release, "cull_interval": 30,
                                 "cull_connected": False, "cull_busy": False},
    }


def prepare_app(folder: Path, ip: str = "127.0.0.1", warm: int = WARM_KERNELS, cap: int = MAX_KERNELS,
                idle_release: int = IDLE_RELEASE) -> Path:
    """Copy the class lesson and the dashboard into ``folder/app`` with the class's
    ``voila.json``; returns the app folder."""
    app = folder / "app"
    app.mkdir(parents=True, exist_ok=True)
    for nb in (STUDENT_NOTEBOOK, TEACHER_NOTEBOOK):
        shutil.copyfile(kit_dir("lessons") / nb, app / nb)
    (app / "voila.json").write_text(json.dumps(class_voila_config(ip, warm, cap, idle_release), indent=1))
    return app


def lan_address() -> str:
    """This machine's address on the local network (the route to a private address; no packet
    is sent), or 127.0.0.1 when it has none."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect(("10.255.255.255", 1))
        return str(s.getsockname()[0])
    return "127.0.0.1"


def addresses(port: int, ip: str, join_code: str, secret: str) -> tuple[str, str]:
    """The teacher's address (carrying the secret) and the students' (carrying the code)."""
    host = lan_address() if ip in ("0.0.0.0", "") else ("127.0.0.1" if ip == "localhost" else ip)
    base = f"http://{host}:{port}/voila/render"
    return f"{base}/{TEACHER_NOTEBOOK}?secret={secret}", f"{base}/{STUDENT_NOTEBOOK}?code={join_code}"


def page_info_host(ip: str) -> str:
    """Where a warm kernel asks the server for its visitor's request (the page's address, with
    its ``?code=`` and ``?seat=``): Voilà's ``VOILA_APP_IP``, 127.0.0.1 unless set. A server
    listening on one other address (``--ip 192.0.2.2``) does not answer there, and every page
    lost its code and seat key (a refresh came up as the empty join form); so the kernels are
    given the address the server listens on (IPv6 in brackets, as in a URL)."""
    if ip in ("0.0.0.0", "", "localhost"):
        return "127.0.0.1"
    if ip == "::":
        return "[::1]"
    return f"[{ip}]" if ":" in ip else ip


def has_class(folder: Path, store: str | None = None, secret_file: Path | None = None) -> bool:
    """Whether ``landlord class`` resumes a class rather than making one: the folder's SQLite
    store holds one, or (with a shared ``store``) a teacher's secret names it (``secret_file``,
    else the folder's own :data:`SECRET_FILE`)."""
    if store:
        return (secret_file or folder / SECRET_FILE).is_file()
    return (folder / STORE_FILE).is_file()


def open_class(folder: Path, spec: ClassSpec | None, store: str | None = None,
               secret_file: Path | None = None) -> tuple[Classroom, str, bool]:
    """The class in ``folder`` (resumed, with its stored secret) or a new one from ``spec``;
    returns it, the teacher's secret and whether it was resumed.

    With a shared ``store`` (a database address: several class servers serve one class) the
    class is the one the teacher's secret opens, read from ``secret_file`` (a copy of the first
    server's, kept in the folder from then on) or the folder's own; with neither a new class is
    made and its secret written to the folder."""
    if store:
        return _open_shared(folder, spec, open_store(store), secret_file)
    sqlite = SqliteStore(folder)
    secret_file = folder / SECRET_FILE
    existing = sqlite.classes()
    if existing:
        if not secret_file.is_file():
            raise LandlordError(f"{folder}: holds a class but not its {SECRET_FILE} file")
        secret = secret_file.read_text(encoding="utf-8").strip()
        return Classroom(sqlite, existing[-1].id), secret, True
    if spec is None:
        raise LandlordError(f"{folder}: holds no class")
    room, secret = Classroom.create(sqlite, spec)
    _keep_secret(folder, secret)
    return room, secret, False


def _keep_secret(folder: Path, secret: str) -> None:
    """Write the teacher's secret into the class folder, readable by its owner only."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / SECRET_FILE
    path.write_text(secret + "\n", encoding="utf-8")
    path.chmod(0o600)


def _open_shared(folder: Path, spec: ClassSpec | None, store: SqlStore,
                 secret_file: Path | None) -> tuple[Classroom, str, bool]:
    """:func:`open_class` on a store several class servers share."""
    path = secret_file or folder / SECRET_FILE
    if path.is_file():
        secret = path.read_text(encoding="utf-8").strip()
        try:
            info = store.teacher_class(secret)
        except Refused:
            raise LandlordError(f"{path}: its teacher's secret opens no class in the store {store.where}") from None
        if path != folder / SECRET_FILE:
            _keep_secret(folder, secret)
        return Classroom(store, info.id), secret, True
    if secret_file is not None:
        raise LandlordError(f"--secret-file {secret_file}: no such file")
    if spec is None:
        raise LandlordError(f"{folder}: holds no {SECRET_FILE} naming a class of the store {store.where}")
    room, secret = Classroom.create(store, spec)
    _keep_secret(folder, secret)
    return room, secret, False


def _spec_defaults() -> dict[str, Any]:
    """:class:`ClassSpec`'s own defaults, by field (the options' defaults: said once)."""
    return {f.name: f.default for f in dataclasses.fields(ClassSpec) if f.default is not dataclasses.MISSING}


def _seconds(text: str) -> float:
    """A command line's number of seconds: 0 or more (a negative or non-number is refused, never
    taken as 0)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"give a number of seconds, not {text!r}") from None
    if not 0 <= value < float("inf"):
        raise argparse.ArgumentTypeError(f"give 0 seconds or more, not {text!r}")
    return value


def _param(text: str) -> tuple[str, Any]:
    """A command line's ruleset parameter, ``NAME=VALUE``: the value read as JSON (a number,
    ``true``, ``false``) by the kit's file door (:func:`landlord.data.files.parse_json`: its
    depth and number limits), else kept as text; the ruleset checks the name and the value."""
    name, sep, value = text.partition("=")
    if not sep or not name.strip():
        raise argparse.ArgumentTypeError(f"write NAME=VALUE, e.g. circuits=3, not {text!r}")
    try:
        return name.strip(), parse_json(value, f"--param {name.strip()}")
    except NotJSON:
        return name.strip(), value.strip()
    except DataError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The options of ``landlord class`` (a spec's defaults are :class:`ClassSpec`'s)."""
    d = _spec_defaults()
    p.add_argument("--folder", type=Path, help="the class folder (default: ~/landlord-classes/<date-time>); "
                                               "an existing class folder resumes that class")
    p.add_argument("--ruleset", default=d["ruleset"],
                   help=f"the rules the tables play (default {d['ruleset']})")
    p.add_argument("--table-size", type=int, default=d["table_size"], help=f"seats a table (default {d['table_size']})")
    p.add_argument("--bots", default=d["bots"], help=f"the bot for empty and away seats (default {d['bots']})")
    p.add_argument("--switch", action="append", metavar="PHASE@TRIGGER",
                   help="a phase switch every table plays under: PHASE@vote (the table may vote from the start), "
                        "PHASE@round:N (a scheduled switch), PHASE@turn:N, PHASE@gini:X; repeatable (default: none, "
                        "the teacher's button only)")
    p.add_argument("--vote-at", action="append", metavar="PHASE@round:N",
                   help="open a table vote on PHASE at round N; repeatable (default: none)")
    p.add_argument("--half-from-start", metavar="PHASE",
                   help="a phase every second table (2, 4, ...) plays from its first turn, the others under the "
                        "rules' own opening; 'none' for every table alike (default: single_tax, when the rules "
                        "have it and no --switch or --vote-at is given)")
    p.add_argument("--rounds", type=int,
                   help=f"the game ends after this many rounds (default {d['rounds']}; "
                        + "; ".join(f"{n} for {family}: {why}" for family, (n, why) in PERIOD_ROUNDS.items()) + ")")
    p.add_argument("--param", action="append", type=_param, metavar="NAME=VALUE",
                   help="a parameter of the ruleset for every table, e.g. circuits=3 for a shorter game of "
                        "magie-1904 (the ruleset names its parameters); repeatable (default: the ruleset's own)")
    p.add_argument("--seed", type=int, help="class seed; table k plays seed+k (default: a fresh one, recorded)")
    p.add_argument("--away-after", type=_seconds, default=d["away_after"],
                   help=f"seconds without a sign of life before a bot plays a student's seat "
                        f"(default {d['away_after']:g})")
    p.add_argument("--decide-limit", type=_seconds, default=d["decide_limit"],
                   help=f"seconds before a bot answers any pending decision (default {d['decide_limit']:g})")
    p.add_argument("--bot-delay", type=_seconds, default=d["bot_delay"],
                   help=f"seconds a bot waits before it answers (default {d['bot_delay']:g})")
    p.add_argument("--max-tables", type=int, default=d["max_tables"], help=f"most tables (default {d['max_tables']})")
    p.add_argument("--seats-per-device", type=int, default=d["seats_per_device"],
                   help="seats one device (network address) may take; 0: no limit, e.g. when every device "
                        "reaches the server through one proxy (default 1; the server's own machine is not counted)")
    p.add_argument("--store", metavar="postgresql://USER@HOST:PORT/DATABASE",
                   help="keep the class in this PostgreSQL database instead of the class folder, so that "
                        "several class servers (this machine or others) serve one class (default: the folder's "
                        "SQLite file); keep the password out of it (~/.pgpass or PGPASSWORD)")
    p.add_argument("--secret-file", type=Path,
                   help="with --store: serve the class whose teacher's secret is in this file (a copy of the "
                        f"first server's FOLDER/{SECRET_FILE}), as one more class server of it")
    p.add_argument("--port", type=int, default=8866, help="the port the class is served on (default 8866)")
    p.add_argument("--ip", default="127.0.0.1",
                   help="where to listen: 127.0.0.1 (this machine only, default) or 0.0.0.0 (the local network)")
    p.add_argument("--class-size", type=int, default=CLASS_SIZE,
                   help=f"students the server is made ready for (default {CLASS_SIZE}): that many warm kernels "
                        f"+ {SPARE_KERNELS} (each has run the lesson, so a page is ready at once; they take about "
                        "a second of CPU each to start), and the cap on kernels")
    p.add_argument("--warm", type=int, help=f"warm student kernels (default: the class size + {SPARE_KERNELS})")
    p.add_argument("--max-kernels", type=int,
                   help="most kernels at once, beyond them a page gets HTTP 503 "
                        "(default: the class size x 1.5 + 4)")
    p.add_argument("--cool-down", type=_seconds, default=COOL_DOWN,
                   help="seconds a page cut off for flooding the server is kept away before it may load "
                        f"again; a bot plays its seat meanwhile (default {COOL_DOWN:g})")
    p.add_argument("--resume-grace", type=_seconds, default=RESUME_GRACE,
                   help="when the command resumes a class: most seconds after the server is up in which every "
                        "seat counts as present and no bot moves; the grace ends sooner once every page open "
                        f"before the restart is back (default {RESUME_GRACE:g})")
    steer = p.add_argument_group("steering the students (acts on the class in --folder, running or not, and stops)")
    steer.add_argument("--remove", metavar="NAME", action="append",
                       help="remove a student: their page's seat key stops working and a bot plays the seat")
    steer.add_argument("--rename", metavar="OLD=NEW", action="append", help="rename a student")
    steer.add_argument("--move", metavar="NAME=TABLE:SEAT", action="append",
                       help="move a student to a free seat (a bot's) of a table")
    steer.add_argument("--rebalance", action="store_true",
                       help="even out the tables that have not started (play's start does it too)")
    p.add_argument("--export", action="store_true",
                   help="write the class's results (CSV, Parquet) into FOLDER/exports and stop")


def spec_from(args: argparse.Namespace) -> ClassSpec:
    """The class spec the options describe, checked (LandlordError names a bad choice)."""
    import secrets

    spec = ClassSpec(
        ruleset=args.ruleset, table_size=args.table_size, bots=args.bots, switches=tuple(args.switch or ()),
        vote_at=tuple(args.vote_at or ()),
        rounds=args.rounds if args.rounds is not None else class_rounds(args.ruleset),
        seed=args.seed if args.seed is not None else secrets.randbelow(1_000_000) * 100,
        away_after=args.away_after, decide_limit=args.decide_limit, bot_delay=args.bot_delay,
        max_tables=args.max_tables, seats_per_device=args.seats_per_device,
        overrides=dict(args.param or ()))
    half = getattr(args, "half_from_start", None)
    if half is None:  # the default: half the room plays the single tax from the start (docs/class-guide.md)
        plain = not spec.switches and not spec.vote_at
        half = DEFAULT_HALF if plain and DEFAULT_HALF in spec.resolve().phases else "none"
    return dataclasses.replace(spec, half_from_start=None if half == "none" else half).check()


def steer_seats(room: Classroom, secret: str, args: argparse.Namespace) -> list[str]:
    """The teacher's ``--remove``, ``--rename``, ``--move`` and ``--rebalance`` on the class's
    seats (issue 26, point 4); a line for each change. LandlordError names a student or seat
    that is not there."""
    store = room.store

    def seat_of(name: str) -> tuple[int, int]:
        found = [s for s in store.seats(room.id) if s.name.casefold() == name.strip().casefold()]
        if not found:
            raise LandlordError(f"no student called {name.strip()!r} in class {room.info.join_code}")
        return found[0].table_no, found[0].seat

    out = []
    for name in args.remove or ():
        gone = store.remove_seat(room.id, secret, *seat_of(name))
        out.append(f"removed {gone.name} (table {gone.table_no}, seat {gone.seat + 1}): a bot plays the seat")
    for pair in args.rename or ():
        old, sep, new = pair.partition("=")
        if not sep:
            raise LandlordError(f"--rename {pair!r}: write OLD=NEW")
        seat = store.rename_seat(room.id, secret, *seat_of(old), new)
        out.append(f"renamed {old.strip()} to {seat.name}")
    for pair in args.move or ():
        name, sep, where = pair.partition("=")
        table, colon, seat_no = where.partition(":")
        if not (sep and colon and table.strip().isdigit() and seat_no.strip().isdigit()):
            raise LandlordError(f"--move {pair!r}: write NAME=TABLE:SEAT, e.g. Ann=2:3")
        seat = store.move_seat(room.id, secret, *seat_of(name), int(table), int(seat_no) - 1)
        out.append(f"moved {seat.name} to table {seat.table_no}, seat {seat.seat + 1}")
    if args.rebalance:
        seats = store.rebalance(room.id, secret)
        out.append("tables not yet started: " + ("; ".join(
            f"table {t}: {', '.join(s.name for s in seats if s.table_no == t)}"
            for t in sorted({s.table_no for s in seats})) or "none"))
    return out


def run(args: argparse.Namespace) -> int:
    """``landlord class``: returns the exit status (2 with one line on stderr when it cannot
    start)."""
    folder: Path = args.folder or default_folder()
    try:
        if args.secret_file and not args.store:
            raise LandlordError("--secret-file: give it with --store (the servers of one class share a database)")
        resuming = has_class(folder, args.store, args.secret_file)
        steering = bool(args.remove or args.rename or args.move or args.rebalance)
        if steering and not resuming:
            raise LandlordError(f"--folder {folder}: holds no class whose students could be steered")
        room, secret, resumed = open_class(folder, None if resuming else spec_from(args), args.store,
                                           args.secret_file)
        if steering:
            for line in steer_seats(room, secret, args):
                print(line)
            return 0
        if args.export:
            from landlord.apps.classroom.debrief import export

            for f in export(room, folder / "exports"):
                print(f"wrote {f}")
            return 0
    except LandlordError as exc:
        sys.stderr.write(f"landlord: error: {exc}\n")
        return 2
    if serve.port_in_use(args.port, args.ip):
        sys.stderr.write(f"landlord: error: --port: port {args.port} is in use at {args.ip}; choose another\n")
        return 2
    teacher, student = addresses(args.port, args.ip, room.info.join_code, secret)
    warm = args.warm if args.warm is not None else warm_kernels(args.class_size)
    cap = args.max_kernels if args.max_kernels is not None else max_kernels(args.class_size)
    app = prepare_app(folder, args.ip, warm, cap)
    bundle = write_bundle(folder / "charts")  # once per class folder (2 CPU-s and 80 MB less in every kernel)
    env = {FOLDER_ENV: str(folder.resolve()), STUDENT_URL_ENV: student, BUNDLE_ENV: str(bundle.resolve()),
           COOL_DOWN_ENV: str(args.cool_down), "VOILA_APP_IP": page_info_host(args.ip)}
    if args.store:
        env[STORE_ENV], env[CLASS_ENV] = args.store, room.id
    if not installed():  # from a checkout: the kernels import the checkout's code (the app is a copy elsewhere)
        rest = [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
        env["PYTHONPATH"] = os.pathsep.join([str(PACKAGE.parent), *rest])
    log = folder / "voila.log"
    with log.open("a", encoding="utf-8") as out:  # a resumed class's log goes on after the last run's
        out.write(f"--- landlord class {'resumed' if resumed else 'started'} at {time.strftime('%Y-%m-%d %H:%M:%S')}"
                f" on port {args.port} ---\n")
    referee = Referee(room.store, room.id, secret)
    proc = serve.start(args.port, args.ip, app, env=env, log=log, append=True)

    def until_stopped() -> int:
        serve.wait_ready(proc, args.port, args.ip, timeout=120)
        if resumed:
            referee.resume_grace(time.time(), args.resume_grace)
        print(f"{'Resumed' if resumed else 'Started'} class {room.info.join_code} in {folder}"
              + (f", its store {redacted(args.store)}" if args.store else ""), flush=True)
        print(f"Teacher (keep private, it carries the secret): {teacher}", flush=True)
        print(f"Students: {student}  (class code {room.info.join_code})", flush=True)
        if args.ip in ("0.0.0.0", ""):
            print("Listening on every network of this machine: anyone on the network who has the student "
                  "address and the code can join; only the teacher's address opens the dashboard.", flush=True)
        print("Press Ctrl-C to stop (the class is kept; run the same command to resume it).", flush=True)
        grace_logged = False
        while proc.poll() is None:
            try:
                referee.tick()
            except LandlordError as exc:
                sys.stderr.write(f"landlord: referee: {exc}\n")
            if referee.grace_ended is not None and not grace_logged:
                grace_logged = True
                why = (f"{len(referee.not_back)} page(s) not back in the time allowed" if referee.not_back
                       else "every page is back")
                with log.open("a", encoding="utf-8") as out:
                    out.write(f"{GRACE_ENDED}{referee.grace_ended:.3f} ({time.strftime('%H:%M:%S')}): {why} ---\n")
            time.sleep(0.2)
        return 2

    return serve.serving(proc, until_stopped)
