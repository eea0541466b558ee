"""The landlord command: simulate, replay, rulesets, landing, chart, sweep, serve, class.

Every failure prints one line naming what is wrong and exits with status 2; outputs are checked
before any game is played; Ctrl-C stops within a second or two and says what was kept.

The command reads its arguments before it imports anything heavy: pandas, Altair, the engine
and the rules are imported inside the subcommand that needs them, after its arguments and
outputs are checked (``benchmarks/bench_startup.py`` measures the start-up).
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from landlord.apps.serve import STUDENTS
from landlord.errors import LandlordError
from landlord.limits import MAX_GAMES, MAX_SEED, MAX_STUDENTS, MAX_THROWS

if TYPE_CHECKING:
    from landlord.data.position import Position
    from landlord.data.ruleset import Ruleset
    from landlord.engine.landing import Movement
    from landlord.engine.phases import Trigger

DESCRIPTION = """Play, replay and study the historical land games and Monopoly.

Rulesets are named by id (see: landlord rulesets) or by the path of a .toml file; --data-dir DIR
adds one's own folder of boards/ and rulesets/ (laid out like the kit's data folder), searched
before the kit's own. Every failure prints one line and exits with status 2."""



class _Help(argparse.HelpFormatter):
    """Help that shows every option's default (unless its text already says it)."""

    def _get_help_string(self, action: argparse.Action) -> str:
        text = action.help or ""
        if ("default" not in text and action.default is not None and action.default is not False
                and action.default != argparse.SUPPRESS and action.option_strings and action.nargs != 0):
            shown = ",".join(action.default) if isinstance(action.default, list) else action.default
            text += f" (default: {shown})"
        return text


class _Parser(argparse.ArgumentParser):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Help)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")


def _fail(message: str) -> NoReturn:
    sys.stderr.write(f"landlord: error: {message}\n")
    raise SystemExit(2)


def _whole(text: str, lo: int, hi: int, what: str = "a whole number") -> int:
    if len(text) > 30 and text.lstrip("+-").isdigit():
        raise argparse.ArgumentTypeError(f"must be at most {hi:,}, got a {len(text)}-digit number")
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected {what}, got {text[:40]!r}") from None
    if value < lo:
        raise argparse.ArgumentTypeError(f"must be at least {lo}, got {value}")
    if value > hi:
        raise argparse.ArgumentTypeError(f"must be at most {hi:,}, got {value:,}")
    return value


def _games(text: str) -> int:
    return _whole(text, 1, MAX_GAMES)


def _positive(text: str) -> int:
    return _whole(text, 1, 10_000)


def _throws(text: str) -> int:
    return _whole(text, 1, MAX_THROWS)


def _workers(text: str) -> int:
    return _whole(text, 0, 1024)


def _seed(text: str) -> int:
    return _whole(text, 0, MAX_SEED)


def _students(text: str) -> int:
    return _whole(text, 1, MAX_STUDENTS)


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a port number, got {text!r}") from None
    if not 1 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"must be between 1 and 65535, got {value}")
    return value


def _names(text: str) -> list[str]:
    from landlord.players.characters import STRATEGIES

    names = [t.strip() for t in text.split(",") if t.strip()]
    for n in names:
        if n not in STRATEGIES:
            raise argparse.ArgumentTypeError(f"unknown strategy {n!r} (known: {', '.join(STRATEGIES)})")
    if not names:
        raise argparse.ArgumentTypeError("give at least one strategy")
    return names


CHART_KINDS = ("wealth", "gini", "lorenz", "flows", "board", "landing", "gini-band", "final-gini")
BOTS = ["landlord", "tenant", "speculator"]


DEFAULT_RULESET = "magie-1904"
DEFAULT_PLAYERS = 4


def _rules_options(p: argparse.ArgumentParser, players: bool = True, position: bool = False) -> None:
    p.add_argument("--ruleset", help=f"a ruleset id (see: landlord rulesets) or the path of a ruleset .toml file "
                                     f"(default: {DEFAULT_RULESET}" + (", or the one --position was made for)"
                                                                       if position else ")"))
    p.add_argument("--data-dir", type=Path, metavar="DIR",
                   help="one's own folder of boards/ and rulesets/, searched before the kit's")
    if players:
        p.add_argument("--players", type=_positive, help=f"seats at the table (default: {DEFAULT_PLAYERS}"
                       + (", or as many as --position describes)" if position else ")"))
        p.add_argument("--strategies", type=_names, default=BOTS,
                       help="comma-separated bots, cycled over the seats")
    if position:
        p.add_argument("--position", type=Path, metavar="FILE",
                       help="start every game from the position described in this .toml file "
                            "(see data/positions/ and docs/positions.md)")


def _out_options(p: argparse.ArgumentParser, what: str, required: bool = False) -> None:
    p.add_argument("--out", type=Path, required=required, help=what)
    p.add_argument("--mkdir", action="store_true", help="create --out's folder if it does not exist")


CLASS_HELP = "run a class: students at shared tables, the teacher's dashboard"


def build_parser(class_options: bool = True) -> argparse.ArgumentParser:
    """The argument parser (exposed for tests and docs). ``class_options`` False leaves out the
    options of ``landlord class``: they are defined by the class server, whose import takes
    seconds (the store, the rooms and the rules), so :func:`main` reads them only for that
    command."""
    parser = _Parser(prog="landlord", description=DESCRIPTION, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    sim = sub.add_parser("simulate", help="play many bot games and summarise them")
    _rules_options(sim, position=True)
    sim.add_argument("--games", type=_games, default=1000, help=f"games to play (at most {MAX_GAMES:,})")
    sim.add_argument("--seed", type=_seed, default=0, help="game k uses seed SEED+k (0 or more)")
    sim.add_argument("--workers", type=_workers, default=1, help="processes (0 = all cores)")
    _out_options(sim, "write one row per game (.csv or .parquet); checked before any game is played")
    sim.add_argument("--single-tax-at", default="never", metavar="WHEN",
                     help="put the ruleset's single_tax phase in force: never, start, vote, turn:N, "
                          "round:N or gini:X")

    rep = sub.add_parser("replay", help="print a readable transcript of one game")
    _rules_options(rep, position=True)
    rep.add_argument("--seed", type=_seed, default=0, help="the game's seed (0 or more)")
    rep.add_argument("--game", type=Path, help="a saved game file to replay instead")
    rep.add_argument("--raw", action="store_true", help="print the raw event log")
    rep.add_argument("--single-tax-at", default="never", metavar="WHEN",
                     help="as for simulate: never, start, vote, turn:N, round:N or gini:X")

    rul = sub.add_parser("rulesets", help="list every ruleset (--long: boards, sources, phases, reconstructions)")
    rul.add_argument("--long", action="store_true", help="also each ruleset's board, sources, phases and "
                     "what is reconstructed")
    rul.add_argument("--data-dir", type=Path, metavar="DIR",
                     help="one's own folder of boards/ and rulesets/, listed with the kit's")

    land = sub.add_parser("landing", help="print the probability that a throw ends on each space (CSV)")
    _rules_options(land, players=False)
    land.add_argument("--jail", choices=("stay", "pay"), default="stay",
                      help="jail strategy: stay and throw for doubles, or pay and leave at once")
    land.add_argument("--simulate", type=_throws, metavar="N",
                      help=f"simulate N throws (at most {MAX_THROWS:,}) instead of solving the chain exactly")
    land.add_argument("--seed", type=_seed, default=0, help="seed of the simulation (0 or more)")

    chart = sub.add_parser("chart", help="draw a chart of one bot game (or the board) to PNG/SVG")
    chart.add_argument("kind", choices=CHART_KINDS, help="which chart: " + ", ".join(CHART_KINDS))
    _rules_options(chart, position=True)
    chart.add_argument("--seed", type=_seed, default=0, help="the game's seed (0 or more)")
    chart.add_argument("--form", choices=("population", "sample"), default="population",
                       help="Gini form (gini, gini-band and final-gini charts)")
    chart.add_argument("--color", choices=("owner", "probability", "value"), default="owner",
                       help="what colours the board (board chart)")
    chart.add_argument("--jail", choices=("stay", "pay"), default="stay",
                       help="jail strategy for landing probabilities (board, landing charts)")
    chart.add_argument("--games", type=_positive, default=50,
                       help="games (seeds SEED..) averaged in the gini-band chart")
    chart.add_argument("--data", type=Path, metavar="FILE",
                       help="final-gini: one row per game (.csv/.parquet, e.g. from simulate --out)")
    chart.add_argument("--by", default="ruleset", help="final-gini: the column naming each regime")
    _out_options(chart, "the figure to write (.png or .svg)", required=True)

    swp = sub.add_parser("sweep", help="run every cell of a what-if scenario file")
    swp.add_argument("scenario", type=Path, help="a scenario .toml file (see scenarios/)")
    swp.add_argument("--games", type=_games, help="games per cell instead of the file's")
    swp.add_argument("--data-dir", type=Path, metavar="DIR",
                     help="one's own folder of boards/ and rulesets/, searched first for the scenario's ruleset ids")
    swp.add_argument("--workers", type=_workers, default=1, help="local processes (0 = all cores)")
    _out_options(swp, "write one row per game to this .parquet file (an interrupted sweep resumes from it)")
    swp.add_argument("--force", action="store_true",
                     help="replace an --out holding other results (or another sweep's unfinished parts)")
    swp.add_argument("--scheduler", help="run on the Dask distributed scheduler at this address "
                     "(needs: pip install 'landlord-kit[dask]')")
    swp.add_argument("--panel", action="store_true", help="also write every seat's holdings and net worth "
                     "each turn (<out stem>.panel.parquet); the report then charts Gini over turns")
    swp.add_argument("--report", type=Path, metavar="DIR", help="render comparison charts (PNG, SVG, HTML) here")
    swp.add_argument("--chunk", type=_positive, default=200, help="games per work unit")

    srv = sub.add_parser("serve", help="serve the lesson gallery with Voila and print its address")
    srv.add_argument("--port", type=_port, default=8866, help="the port to listen on")
    srv.add_argument("--ip", default="127.0.0.1",
                     help="address to listen on: 127.0.0.1 is this machine only; 0.0.0.0 a classroom network")
    srv.add_argument("--students", type=_students, default=STUDENTS,
                     help="students who may open one lesson at the same moment: every lesson keeps this many "
                          "copies ready (about 0.15 GB each; 1 for a student alone)")
    cls = sub.add_parser("class", help=CLASS_HELP)
    if class_options:
        from landlord.apps.classroom.server import add_arguments

        add_arguments(cls)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the landlord command. Run as the command (``argv`` None), an interrupted
    run leaves at once after its one line: tearing down pandas and Arrow can take a second or
    more on a busy machine, and what was kept is already on disk."""
    code = _main(argv)
    if code == INTERRUPTED and argv is None:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    return code


INTERRUPTED = 130
"""The exit status after Ctrl-C (128 + SIGINT), as shells report it."""


def _command(words: Sequence[str]) -> str | None:
    """The subcommand ``words`` name (the first word not an option), or None."""
    return next((w for w in words if not w.startswith("-")), None)


def _main(argv: Sequence[str] | None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    args = build_parser(class_options=_command(words) == "class").parse_args(words)
    previous = signal.getsignal(signal.SIGTERM)
    if args.command not in ("serve", "class"):
        signal.signal(signal.SIGTERM, _interrupt)  # a polite kill stops like Ctrl-C
    try:
        if args.command == "simulate":
            return _simulate(args)
        if args.command == "replay":
            return _replay(args)
        if args.command == "landing":
            return _landing(args)
        if args.command == "chart":
            return _chart(args)
        if args.command == "sweep":
            return _sweep(args)
        if args.command == "serve":
            from landlord.apps.serve import serve

            problem = _listen_problem(args.ip, args.port)
            if problem:
                sys.stderr.write(f"landlord: error: {problem}\n")
                return 2
            return serve(args.port, args.ip, args.students)
        if args.command == "class":
            from landlord.apps.classroom.server import run

            return run(args)
        return _rulesets(args)
    except LandlordError as exc:
        _fail(str(exc))
    except KeyboardInterrupt:
        sys.stderr.write("\nlandlord: interrupted; nothing was written\n")
        return INTERRUPTED
    except BrokenPipeError:  # the reader went away (landlord rulesets | head): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as exc:
        where = f" ({exc.filename})" if exc.filename else ""
        _fail(f"{exc.strerror or exc}{where}")
    except Exception as exc:
        if os.environ.get("LANDLORD_DEBUG"):
            raise
        _fail(f"unexpected {type(exc).__name__}: {' '.join(str(exc).split())[:300]} "
              f"(set LANDLORD_DEBUG=1 for the traceback, and please report it)")
    finally:
        if args.command not in ("serve", "class"):
            signal.signal(signal.SIGTERM, previous)


def _check_out(option: str, path: Path | None, suffixes: tuple[str, ...], mkdir: bool) -> None:
    """Refuse an output before any work: wrong suffix, a folder, a missing folder (unless
    ``mkdir``: then it is made), or a place this process cannot write."""
    if path is None:
        return
    if path.is_dir():
        _fail(f"{option}: {path} is a folder; give a {' or '.join(suffixes)} file")
    if path.suffix not in suffixes:
        _fail(f"{option}: give a {' or '.join(suffixes)} file, not {path.name!r}")
    _check_folder(option, path.parent, mkdir)
    if path.exists() and not os.access(path, os.W_OK):
        _fail(f"{option}: {path} cannot be written (permission denied)")


def _check_folder(option: str, folder: Path, mkdir: bool) -> None:
    folder = folder if str(folder) else Path(".")
    if not folder.exists():
        if not mkdir:
            _fail(f"{option}: the folder {folder} does not exist (create it, or add --mkdir)")
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            _fail(f"{option}: cannot create the folder {folder} ({exc.strerror or exc})")
    if not folder.is_dir():
        _fail(f"{option}: {folder} is not a folder")
    try:
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as exc:
        _fail(f"{option}: cannot write in {folder} ({exc.strerror or exc})")


def _listen_problem(ip: str, port: int) -> str | None:
    """Why this machine cannot listen on ``ip``:``port`` (the system's reason), or None."""
    import errno
    import ipaddress
    import socket

    try:
        family = socket.AF_INET6 if ipaddress.ip_address(ip).version == 6 else socket.AF_INET
    except ValueError:
        return f"--ip: {ip!r} is not an IP address (e.g. 127.0.0.1, or 0.0.0.0 for every network)"
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # a port in TIME_WAIT is free
        try:
            probe.bind((ip, port))
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                return f"--port: port {port} is in use at {ip}; choose another with --port"
            return f"--ip: cannot listen on {ip} port {port}: {exc.strerror or exc}"
    return None


def _ruleset_or_fail(args: argparse.Namespace) -> tuple[Ruleset, str]:
    """The ruleset of ``--ruleset`` (an id, or a .toml path) with ``--data-dir``, and the
    reference worker processes load it by (the id, or the file's absolute path)."""
    from landlord.data.loader import find, load_ruleset_ref, ruleset_ids

    position = getattr(args, "start", None)
    ref = args.ruleset or (position.ruleset if position is not None else None) or DEFAULT_RULESET
    data = args.data_dir
    if data is not None and not data.is_dir():
        _fail(f"--data-dir: {data} is not a folder")
    if ref.endswith(".toml"):
        path = Path(ref)
        if not path.is_file():
            _fail(f"--ruleset: no ruleset file {ref}")
        return load_ruleset_ref(str(path.resolve()), data), str(path.resolve())
    try:
        found = find("rulesets", ref, data)
    except LandlordError as exc:
        _fail(f"--ruleset: {exc}")
    if found is None:
        _fail(f"--ruleset: unknown ruleset {ref!r} (known: {', '.join(ruleset_ids(data))}; or give a .toml path)")
    rs = load_ruleset_ref(ref, data)
    own = data is not None and found.resolve().parent.parent == data.resolve()
    return rs, str(found.resolve()) if own else ref


def _players_or_fail(rs: Ruleset, args: argparse.Namespace) -> None:
    """Fill in ``--players`` (as many as ``--position`` describes, else the default) and
    refuse a count the ruleset does not take; a position is then checked against the ruleset
    and seats (one line naming its file, entry and field) before any game is played."""
    position = getattr(args, "start", None)
    if args.players is None:
        args.players = len(position.seats) if position is not None and position.seats else DEFAULT_PLAYERS
    if not rs.players_min <= args.players <= rs.players_max:
        _fail(f"--players: {rs.id} takes {rs.players_min} to {rs.players_max} players, not {args.players}")
    if position is not None:
        from landlord.rules.families import FamilyGame

        FamilyGame(rs, [None] * args.players, 0, log=False, position=position)


def _position_or_fail(args: argparse.Namespace) -> None:
    """Read ``--position`` (if given) into ``args.start``; a missing or malformed file fails in
    one line naming the file, the entry and the field."""
    from landlord.data.position import load_position

    args.start = None
    path = getattr(args, "position", None)
    if path is None:
        return
    if not path.is_file():
        _fail(f"--position: no position file {path}")
    args.start = load_position(path)


def _bar(total: int, unit: str) -> Any:
    """A progress bar on stderr, shown only when stderr is a terminal."""
    from tqdm import tqdm

    tqdm.monitor_interval = 0  # no monitor thread: a single-threaded parent may fork its workers
    return tqdm(total=total, unit=unit, file=sys.stderr, disable=None, unit_scale=True, leave=False)


def _simulate(args: argparse.Namespace) -> int:
    if args.seed + args.games - 1 > MAX_SEED:
        _fail(f"--seed: seeds {args.seed}.. of {args.games} games pass 2**63 - 1")
    _check_out("--out", args.out, (".csv", ".parquet"), args.mkdir)
    _position_or_fail(args)
    rs, ref = _ruleset_or_fail(args)
    _players_or_fail(rs, args)
    import pandas as pd

    from landlord.runs.simulate import seat_strategies, simulate

    triggers = _single_tax_triggers(rs, args.single_tax_at)
    strategies = seat_strategies(args.strategies, args.players)
    seeds = range(args.seed, args.seed + args.games)
    rows: list[dict[str, Any]] = []
    with _bar(args.games, "game") as bar:
        try:
            for row in simulate(ref, strategies, seeds, args.workers, progress=bar.update, triggers=triggers,
                                position=args.start):
                rows.append(row)
        except KeyboardInterrupt:
            bar.close()
            sys.stderr.write(f"\nlandlord: interrupted after {len(rows)} of {args.games} games; nothing was "
                             f"written{' to ' + str(args.out) if args.out else ''}\n")
            return INTERRUPTED
    df = pd.DataFrame(rows)
    print(f"{args.games} games of {rs.title}, {args.players} players, seeds {args.seed}..{seeds[-1]}"
          + (f", from the position {_position_name(args.start)}" if args.start is not None else ""))
    print(f"mean game length: {df['turns'].mean():.1f} turns ({df['rounds'].mean():.1f} rounds)")
    print(f"mean Gini of final wealth, population form: {df['gini_population'].mean():.3f} "
          f"(sample form n/(n-1): {df['gini_sample'].mean():.3f}; debts count as 0)")
    poorhouse = [a.name for a in rs.board.annexes if a.kind == "poorhouse"]
    if poorhouse:
        print(f"players ending in the {poorhouse[0]}: {df['in_poorhouse'].sum() / (args.games * args.players):.1%}")
    if triggers:
        switched = df["switch_turn"].dropna()
        print(f"single tax ({args.single_tax_at}) in force in {len(switched)} of {args.games} games"
              + (f", from turn {switched.mean():.1f} on average" if len(switched) else ""))
    print("winners by strategy (ties go to the first seat among the richest):")
    won = df["winner_strategy"].value_counts()
    for name in dict.fromkeys(strategies):
        n_seats = strategies.count(name)
        share = won.get(name, 0) / args.games
        print(f"  {name:<11} {won.get(name, 0):>7} wins  {share:6.1%} of games  ({n_seats} seat(s))")
    if args.out:
        try:
            if args.out.suffix == ".csv":
                df.to_csv(args.out, index=False)
            else:
                df.to_parquet(args.out, index=False)
        except OSError as exc:
            _fail(f"--out: cannot write {args.out} ({exc.strerror or exc}); the summary above is all that was kept")
        print(f"wrote {len(df)} rows to {args.out}")
    return 0


def _single_tax_triggers(rs: Ruleset, when: str) -> tuple[Trigger, ...]:
    """``--single-tax-at``: no trigger for ``never``; else one trigger for the single_tax phase."""
    from landlord.engine.phases import parse_trigger

    if when.strip() == "never":
        return ()
    if "single_tax" not in rs.phases:
        _fail(f"--single-tax-at: {rs.id} has no single_tax phase (phases: {', '.join(rs.phases)})")
    try:
        return (parse_trigger(when, "single_tax"),)
    except ValueError as exc:
        _fail(f"--single-tax-at: {exc}")


def _replay(args: argparse.Namespace) -> int:
    from landlord.engine.count import WORDS, ranks
    from landlord.engine.narrate import transcript
    from landlord.runs.simulate import play_one, seat_strategies

    if args.game:
        from landlord.players.savefile import load_game

        if args.position is not None:
            _fail("--position: a saved game (--game) starts from its own position; give one or the other")
        game = load_game(args.game)
    else:
        _position_or_fail(args)
        rs, _ = _ruleset_or_fail(args)
        _players_or_fail(rs, args)
        triggers = _single_tax_triggers(rs, args.single_tax_at)
        game = play_one(rs, seat_strategies(args.strategies, args.players), args.seed, log=True,
                        triggers=triggers, position=args.start)
    events = game.events or []
    sys.stdout.write(game.log_text() if args.raw else transcript(events, game.names, game.board, game.family))
    counts = game.results()
    for c, rank in zip(counts, ranks(counts), strict=True):
        print(f"{game.names[c.seat]}: {WORDS['total']} {game.board.currency}{c.total} (rank {rank})")
    return 0


def _position_name(position: Position) -> str:
    """A position as the command line names it: its title, else its file."""
    return f"“{position.title}”" if position.title else position.where


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def _sweep(args: argparse.Namespace) -> int:
    from landlord.runs.scenario import load_scenario
    from landlord.runs.sweep import Sweep

    if args.panel and not args.out:
        _fail("--panel: give --out too (the panel is written beside it)")
    if args.data_dir is not None and not args.data_dir.is_dir():
        _fail(f"--data-dir: {args.data_dir} is not a folder")
    _check_out("--out", args.out, (".parquet",), args.mkdir)
    if args.report is not None:
        if args.report.exists() and not args.report.is_dir():
            _fail(f"--report: {args.report} is a file; give a folder")
        _check_folder("--report", args.report.parent, args.mkdir)
    scenario = load_scenario(args.scenario, args.games, args.data_dir)
    where = f"Dask scheduler {args.scheduler}" if args.scheduler else f"{args.workers or 'all'} local worker(s)"
    print(f"{scenario.title}: {len(scenario.cells)} cell(s) x {scenario.games} games, root seed "
          f"{scenario.seed}, on {where}", flush=True)
    with _bar(scenario.total_games, "game") as bar:
        def progress(done: int, total: int) -> None:
            bar.update(done - bar.n)

        sweep = Sweep(scenario, args.workers, args.out, args.scheduler, args.panel, progress, args.chunk,
                      args.force)
        try:
            result = sweep.run()
        except KeyboardInterrupt:
            bar.close()
            kept = (f"{sweep.done} finished games are kept in {args.out}.parts; run the same command again to "
                    f"resume" if args.out and sweep.done else "nothing was written")
            sys.stderr.write(f"\nlandlord: interrupted after {sweep.done} of {sweep.total} games; {kept}\n")
            return INTERRUPTED
    df = result.games
    ok = df[df["status"] == "ok"]
    print(f"{'cell':<40} {'games':>6} {'turns':>7} {'Gini (population form)':>23} {'failed':>7}")
    for label, g in df.groupby("cell_label", sort=False):
        good = g[g["status"] == "ok"]
        print(f"{label:<40} {len(g):>6} {good['turns'].mean():>7.1f} "
              f"{good['gini_population'].mean():>23.3f} {len(g) - len(good):>7}")
    failed = len(df) - len(ok)
    if failed:
        first = df[df["status"] != "ok"].iloc[0]
        print(f"{failed} game(s) failed; first: cell {first['cell']} game {first['game']} seed {first['seed']}: "
              f"{first['error']}")
    if args.out:
        print(f"wrote {len(df)} rows to {args.out}" + (" (and the per-turn panel)" if args.panel else ""))
    if args.report:
        from landlord.runs.report import render_report

        files = render_report(df, args.report, title=scenario.title, panel=result.panel)
        print(f"wrote {len(files)} report files to {args.report}")
    return 0


def _rulesets(args: argparse.Namespace) -> int:
    from landlord.data.loader import load_ruleset, ruleset_ids

    if args.data_dir is not None and not args.data_dir.is_dir():
        _fail(f"--data-dir: {args.data_dir} is not a folder")
    ids = ruleset_ids(args.data_dir)
    width = max(len(r) for r in ids)
    for rid in ids:
        rs = load_ruleset(rid, args.data_dir)
        if not args.long:
            base = f" (a variant of {rs.extends})" if rs.extends and rs.extends != rid else ""
            print(f"{rid:<{width}}  {rs.title}, {rs.players_min}-{rs.players_max} players{base}")
            continue
        base = f" (override of {rs.extends})" if rs.extends else ""
        print(f"{rid}{base}: {rs.title}")
        print(f"  board: {rs.board.title} [{rs.board.provenance}]")
        print(f"  source: {rs.source} [{rs.provenance}]")
        for name, ph in rs.phases.items():
            mark = " (default)" if name == rs.default_phase else ""
            print(f"  phase {name}{mark}: {ph.title}")
        params, spaces = rs.reconstructed_items()
        if params or spaces:
            print(f"  reconstructed (not in the sources; see the data files): "
                  f"{len(params)} param(s): {', '.join(params) or '-'}; "
                  f"{len(spaces)} of {len(rs.board)} board places: {', '.join(spaces) or '-'}")
    if not args.long:
        print("(landlord rulesets --long: boards, sources, phases and what is reconstructed)")
    return 0


def _movement_or_fail(rs: Ruleset) -> Movement:
    from landlord.rules.families import movement_for

    try:
        return movement_for(rs)
    except ValueError as exc:
        _fail(str(exc))


def _landing(args: argparse.Namespace) -> int:
    from landlord.engine.landing import landing_frame

    rs, _ = _ruleset_or_fail(args)
    m = _movement_or_fail(rs)
    if args.simulate:
        with _bar(args.simulate, "throw") as bar:
            df = landing_frame(rs, m, args.jail, args.simulate, args.seed, progress=bar.update)
    else:
        df = landing_frame(rs, m, args.jail, 0, args.seed)
    sys.stdout.write(df.to_csv(index=False, float_format="%.10f", lineterminator="\n"))
    return 0


def _chart(args: argparse.Namespace) -> int:
    _check_out("--out", args.out, (".png", ".svg"), args.mkdir)
    if args.position is not None and args.kind in ("final-gini", "landing"):
        _fail(f"--position: the {args.kind} chart plays no game; give --position with wealth, gini, lorenz, "
              f"flows, board or gini-band")
    if args.kind == "final-gini":
        return _final_gini(args)
    from landlord.analysis import metrics, stats
    from landlord.charts import figures as charts
    from landlord.engine import landing
    from landlord.runs.simulate import play_one, seat_strategies

    _position_or_fail(args)
    rs, _ = _ruleset_or_fail(args)
    if args.kind in ("board", "landing"):
        m = _movement_or_fail(rs)
        probs = landing.exact(m, args.jail)
    if args.kind == "landing":
        chart = charts.landing_chart(landing.frame(rs.board, probs),
                                     title=f"{rs.title}: where a throw ends (jail: {args.jail})")
        charts.save(chart, args.out)
        print(f"wrote {args.out}")
        return 0
    _players_or_fail(rs, args)
    bots = seat_strategies(args.strategies, args.players)
    if args.kind == "gini-band":
        from landlord.engine.inequality import GINI_FORMS

        games = [play_one(rs, bots, args.seed + k, log=True, position=args.start) for k in range(args.games)]
        per_turn = metrics.inequality_by_turn(metrics.panel(games))
        band = stats.interval_table(per_turn, "turn", f"gini_{args.form}")
        chart = charts.mean_interval_chart(
            band, "turn", None, "mean Gini (0 = everyone equal)",
            f"How evenly is wealth spread, turn by turn? {rs.title}, mean of {args.games} games "
            "with its 95% interval", form=GINI_FORMS[args.form])
        charts.save(chart, args.out)
        print(f"wrote {args.out}")
        return 0
    game = play_one(rs, bots, args.seed, log=True, position=args.start)
    panel = metrics.panel(game)
    if args.kind == "wealth":
        chart = charts.wealth_over_time(panel, metrics.phase_spans(panel))
    elif args.kind == "gini":
        chart = charts.gini_over_time(metrics.gini_frame(panel, args.form), metrics.phase_changes(game))
    elif args.kind == "lorenz":
        ends = {"set-up": 0} | {f"end of {ph}": t for ph, t in metrics.phase_end_turns(panel, game.seed).items()}
        chart = charts.lorenz_chart(metrics.lorenz_frame(
            {label: metrics.worths_at(panel, game.seed, t) for label, t in ends.items()}))
    elif args.kind == "flows":
        chart = charts.money_flows_chart(metrics.money_flows(metrics.transfers(game)))
    else:
        values = landing.location_values(rs, probs)
        chart = charts.board_chart(
            metrics.game_board_frame(game, probs, dict(zip(values["index"], values["expected_rent"], strict=True))),
            args.color, metrics.tokens_frame(game))
    charts.save(chart, args.out)
    print(f"wrote {args.out}")
    return 0


def _final_gini(args: argparse.Namespace) -> int:
    if args.data is None:
        _fail("--data: final-gini draws a file of one row per game (e.g. from simulate --out)")
    if not args.data.is_file() or args.data.suffix not in (".csv", ".parquet"):
        _fail(f"--data: give an existing .csv or .parquet file, not {str(args.data)!r}")
    import pandas as pd

    from landlord.analysis import metrics
    from landlord.charts import figures as charts
    from landlord.engine.inequality import GINI_FORMS

    try:
        df = pd.read_csv(args.data) if args.data.suffix == ".csv" else pd.read_parquet(args.data)
    except Exception as exc:  # garbage, truncated, not a table: pandas and Arrow say why
        _fail(f"--data: cannot read {args.data} ({type(exc).__name__}: {' '.join(str(exc).split())[:160]})")
    column = f"gini_{args.form}"
    for col in (column, args.by):
        if col not in df.columns:
            _fail(f"--data: {args.data.name} has no column {col!r}")
    hist = metrics.histogram(df, column, args.by, bins=20, lo=0.0, hi=1.0)
    charts.save(charts.final_gini_chart(hist, args.by, GINI_FORMS[args.form]), args.out)
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
