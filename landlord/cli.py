"""The ``landlord`` command: simulate, replay, rulesets, landing, chart, sweep, serve, class.

Bad arguments print one line naming what is wrong and exit with status 2.
"""

from __future__ import annotations

import argparse
import signal
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from landlord.errors import LandlordError
from landlord.phases import Trigger
from landlord.ruleset import Ruleset

if TYPE_CHECKING:
    from landlord.landing import Movement


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")


def _fail(message: str) -> NoReturn:
    sys.stderr.write(f"landlord: error: {message}\n")
    raise SystemExit(2)


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def _seed(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a port number, got {text!r}") from None
    if not 1 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"must be between 1 and 65535, got {value}")
    return value


def _names(text: str) -> list[str]:
    from landlord.strategies import STRATEGIES

    names = [t.strip() for t in text.split(",") if t.strip()]
    for n in names:
        if n not in STRATEGIES:
            raise argparse.ArgumentTypeError(f"unknown strategy {n!r} (known: {', '.join(STRATEGIES)})")
    if not names:
        raise argparse.ArgumentTypeError("give at least one strategy")
    return names


CHART_KINDS = ("wealth", "gini", "lorenz", "flows", "board", "landing", "gini-band", "final-gini")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser (exposed for tests and docs)."""
    parser = _Parser(prog="landlord", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    sim = sub.add_parser("simulate", help="play many bot games and summarise them")
    sim.add_argument("--ruleset", default="magie-1904")
    sim.add_argument("--players", type=_positive, default=4)
    sim.add_argument("--games", type=_positive, default=1000)
    sim.add_argument("--seed", type=_seed, default=0, help="game k uses seed SEED+k")
    sim.add_argument("--strategies", type=_names, default=["landlord", "tenant", "speculator"],
                     help="comma-separated bots, cycled over the seats")
    sim.add_argument("--workers", type=int, default=1, help="processes (0 = all cores)")
    sim.add_argument("--out", type=Path, help="write one row per game (.csv or .parquet)")
    sim.add_argument("--single-tax-at", default="never", metavar="WHEN",
                     help="put the ruleset's single_tax phase in force: never (default), start, "
                          "vote, turn:N, round:N or gini:X")

    rep = sub.add_parser("replay", help="print a readable transcript of one game")
    rep.add_argument("--ruleset", default="magie-1904")
    rep.add_argument("--players", type=_positive, default=4)
    rep.add_argument("--seed", type=_seed, default=0)
    rep.add_argument("--strategies", type=_names, default=["landlord", "tenant", "speculator"])
    rep.add_argument("--game", type=Path, help="a saved game file to replay instead")
    rep.add_argument("--raw", action="store_true", help="print the raw event log")
    rep.add_argument("--single-tax-at", default="never", metavar="WHEN",
                     help="as for simulate: never, start, vote, turn:N, round:N or gini:X")

    sub.add_parser("rulesets", help="list every ruleset and phase in data/ with its source")

    land = sub.add_parser("landing", help="print the probability that a throw ends on each space (CSV)")
    land.add_argument("--ruleset", default="magie-1904")
    land.add_argument("--jail", choices=("stay", "pay"), default="stay",
                      help="jail strategy: stay and throw for doubles, or pay and leave at once")
    land.add_argument("--simulate", type=_positive, metavar="N",
                      help="simulate N throws instead of solving the chain exactly")
    land.add_argument("--seed", type=_seed, default=0, help="seed of the simulation")

    chart = sub.add_parser("chart", help="draw a chart of one bot game (or the board) to PNG/SVG")
    chart.add_argument("kind", choices=CHART_KINDS)
    chart.add_argument("--ruleset", default="magie-1904")
    chart.add_argument("--players", type=_positive, default=4)
    chart.add_argument("--seed", type=_seed, default=0)
    chart.add_argument("--strategies", type=_names, default=["landlord", "tenant", "speculator"])
    chart.add_argument("--form", choices=("population", "sample"), default="population",
                       help="Gini form (gini chart)")
    chart.add_argument("--color", choices=("owner", "probability", "value"), default="owner",
                       help="what colours the board (board chart)")
    chart.add_argument("--jail", choices=("stay", "pay"), default="stay",
                       help="jail strategy for landing probabilities (board, landing charts)")
    chart.add_argument("--games", type=_positive, default=50,
                       help="games (seeds SEED..) averaged in the gini-band chart")
    chart.add_argument("--data", type=Path,
                       help="final-gini: one row per game (.csv/.parquet, e.g. from simulate --out)")
    chart.add_argument("--by", default="ruleset", help="final-gini: the column naming each regime")
    chart.add_argument("--out", type=Path, required=True, help="the figure to write (.png or .svg)")
    swp = sub.add_parser("sweep", help="run every cell of a what-if scenario file")
    swp.add_argument("scenario", type=Path, help="a scenario .toml file (see scenarios/)")
    swp.add_argument("--workers", type=int, default=1, help="local processes (0 = all cores)")
    swp.add_argument("--out", type=Path, help="write one row per game to this .parquet file "
                     "(an interrupted sweep resumes from it)")
    swp.add_argument("--scheduler", help="run on the Dask distributed scheduler at this address "
                     "(needs: pip install 'landlord-kit[dask]')")
    swp.add_argument("--panel", action="store_true", help="also write every seat's holdings and net worth "
                     "each turn (<out stem>.panel.parquet); the report then charts Gini over turns")
    swp.add_argument("--report", type=Path, metavar="DIR", help="render comparison charts (PNG, SVG, HTML) here")
    swp.add_argument("--chunk", type=_positive, default=None, help="games per work unit (default 200)")
    srv = sub.add_parser("serve", help="serve the lesson gallery with Voila and print its address")
    srv.add_argument("--port", type=_port, default=8866)
    srv.add_argument("--ip", default="127.0.0.1",
                     help="address to listen on (default: this machine only; 0.0.0.0 for a classroom network)")
    from landlord.classroom.server import add_arguments

    add_arguments(sub.add_parser("class", help="run a class: students at shared tables, the teacher's dashboard"))
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``landlord`` command."""
    args = build_parser().parse_args(argv)
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
            from landlord.serve import serve

            return serve(args.port, args.ip)
        if args.command == "class":
            from landlord.classroom.server import run

            return run(args)
        return _rulesets()
    except LandlordError as exc:
        _fail(str(exc))


def _ruleset_or_fail(ruleset_id: str) -> Ruleset:
    from landlord.loader import load_ruleset, ruleset_ids

    if ruleset_id not in ruleset_ids():
        _fail(f"unknown ruleset {ruleset_id!r} (known: {', '.join(ruleset_ids())})")
    return load_ruleset(ruleset_id)


def _simulate(args: argparse.Namespace) -> int:
    import pandas as pd
    from tqdm import tqdm

    from landlord.simulate import seat_strategies, simulate

    rs = _ruleset_or_fail(args.ruleset)
    if not rs.players_min <= args.players <= rs.players_max:
        _fail(f"--players: {rs.id} takes {rs.players_min} to {rs.players_max} players, not {args.players}")
    if args.workers < 0:
        _fail(f"--workers: must be 0 (all cores) or more, got {args.workers}")
    if args.out and args.out.suffix not in (".csv", ".parquet"):
        _fail(f"--out: give a .csv or .parquet file, not {args.out.name!r}")
    triggers = _single_tax_triggers(rs, args.single_tax_at)
    strategies = seat_strategies(args.strategies, args.players)
    seeds = list(range(args.seed, args.seed + args.games))
    with tqdm(total=args.games, unit="game", disable=args.games < 500 or None, file=sys.stderr) as bar:
        rows = list(simulate(rs.id, strategies, seeds, args.workers, progress=bar.update,
                             triggers=triggers))
    df = pd.DataFrame(rows)
    print(f"{args.games} games of {rs.title}, {args.players} players, seeds {args.seed}..{seeds[-1]}")
    print(f"mean game length: {df['turns'].mean():.1f} turns ({df['rounds'].mean():.1f} rounds)")
    print(f"mean Gini of final wealth, population form: {df['gini_population'].mean():.3f} "
          f"(sample form n/(n-1): {df['gini_sample'].mean():.3f}; debts count as 0)")
    print(f"players ending in the Poor House: {df['in_poorhouse'].sum() / (args.games * args.players):.1%}")
    if triggers:
        switched = df["switch_turn"].dropna()
        print(f"single tax ({args.single_tax_at}) in force in {len(switched)} of {args.games} games"
              + (f", from turn {switched.mean():.1f} on average" if len(switched) else ""))
    print("winners by strategy (ties go to the first seat among the richest):")
    seats = df["winner_strategy"].value_counts()
    for name in dict.fromkeys(strategies):
        n_seats = strategies.count(name)
        share = seats.get(name, 0) / args.games
        print(f"  {name:<11} {seats.get(name, 0):>7} wins  {share:6.1%} of games  ({n_seats} seat(s))")
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        if args.out.suffix == ".csv":
            df.to_csv(args.out, index=False)
        else:
            df.to_parquet(args.out, index=False)
        print(f"wrote {len(df)} rows to {args.out}")
    return 0


def _single_tax_triggers(rs: Ruleset, when: str) -> tuple[Trigger, ...]:
    """``--single-tax-at``: no trigger for ``never``; else one trigger for the single_tax phase."""
    from landlord.phases import parse_trigger

    if when.strip() == "never":
        return ()
    if "single_tax" not in rs.phases:
        _fail(f"--single-tax-at: {rs.id} has no single_tax phase (phases: {', '.join(rs.phases)})")
    try:
        return (parse_trigger(when, "single_tax"),)
    except ValueError as exc:
        _fail(f"--single-tax-at: {exc}")


def _replay(args: argparse.Namespace) -> int:
    from landlord.narrate import transcript
    from landlord.simulate import play_one, seat_strategies

    if args.game:
        from landlord.savefile import load

        game, _ = load(args.game)
    else:
        rs = _ruleset_or_fail(args.ruleset)
        if not rs.players_min <= args.players <= rs.players_max:
            _fail(f"--players: {rs.id} takes {rs.players_min} to {rs.players_max} players, not {args.players}")
        triggers = _single_tax_triggers(rs, args.single_tax_at)
        game = play_one(rs, seat_strategies(args.strategies, args.players), args.seed, log=True,
                        triggers=triggers)
    events = game.events or []
    sys.stdout.write(game.log_text() if args.raw else transcript(events, game.names, game.board))
    for r in game.results():
        print(f"{r['name']}: total {game.board.currency}{r['total']} (rank {r['rank']})")
    return 0


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def _sweep(args: argparse.Namespace) -> int:
    from tqdm import tqdm

    from landlord.scenario import load_scenario
    from landlord.sweep import DEFAULT_CHUNK, Sweep

    if args.workers < 0:
        _fail(f"--workers: must be 0 (all cores) or more, got {args.workers}")
    if args.out and args.out.suffix != ".parquet":
        _fail(f"--out: give a .parquet file, not {args.out.name!r}")
    if args.panel and not args.out:
        _fail("--panel: give --out too (the panel is written beside it)")
    scenario = load_scenario(args.scenario)
    where = f"Dask scheduler {args.scheduler}" if args.scheduler else f"{args.workers or 'all'} local worker(s)"
    print(f"{scenario.title}: {len(scenario.cells)} cell(s) x {scenario.games} games, root seed "
          f"{scenario.seed}, on {where}", flush=True)
    tqdm.monitor_interval = 0  # no monitor thread: a single-threaded parent may fork its workers
    with tqdm(total=scenario.total_games, unit="game", file=sys.stderr, disable=None) as bar:
        def progress(done: int, total: int) -> None:
            bar.update(done - bar.n)

        sweep = Sweep(scenario, args.workers, args.out, args.scheduler, args.panel, progress,
                      args.chunk or DEFAULT_CHUNK)
        previous = signal.signal(signal.SIGTERM, _interrupt)  # a polite kill stops like Ctrl-C
        try:
            result = sweep.run()
        except KeyboardInterrupt:
            bar.close()
            again = "; run the same command again to resume" if args.out else ""
            sys.stderr.write(f"landlord: interrupted after {sweep.done} of {sweep.total} games{again}\n")
            return 130
        finally:
            signal.signal(signal.SIGTERM, previous)
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
        from landlord.report import render_report

        files = render_report(df, args.report, title=scenario.title, panel=result.panel)
        print(f"wrote {len(files)} report files to {args.report}")
    return 0


def _rulesets() -> int:
    from landlord.loader import load_ruleset, ruleset_ids

    for rid in ruleset_ids():
        rs = load_ruleset(rid)
        base = f" (override of {rs.extends})" if rs.extends else ""
        print(f"{rid}{base}: {rs.title}")
        print(f"  board: {rs.board.title} [{rs.board.provenance}]")
        print(f"  source: {rs.source} [{rs.provenance}]")
        recon_spaces = sum(1 for s in rs.board.spaces if s.reconstructed)
        recon_params = [k for k, p in rs.params.items() if p.reconstructed]
        if recon_spaces or recon_params:
            print(f"  reconstructed: {recon_spaces} of {len(rs.board)} spaces; "
                  f"params: {', '.join(recon_params) or 'none'}")
        for name, ph in rs.phases.items():
            mark = " (default)" if name == rs.default_phase else ""
            print(f"  phase {name}{mark}: {ph.title}")
        params, spaces = rs.reconstructed_items()
        if params or spaces:
            print(f"  RECONSTRUCTED (not in the sources; see the data files): "
                  f"{len(params)} param(s): {', '.join(params) or '-'}; "
                  f"{len(spaces)} board place(s): {', '.join(spaces) or '-'}")
    return 0


def _movement_or_fail(rs: Ruleset) -> Movement:
    from landlord.landing import movement_for

    try:
        return movement_for(rs)
    except ValueError as exc:
        _fail(str(exc))


def _landing(args: argparse.Namespace) -> int:
    from landlord.landing import landing_frame

    rs = _ruleset_or_fail(args.ruleset)
    _movement_or_fail(rs)
    df = landing_frame(rs, args.jail, args.simulate or 0, args.seed)
    sys.stdout.write(df.to_csv(index=False, float_format="%.10f", lineterminator="\n"))
    return 0


def _chart(args: argparse.Namespace) -> int:
    from landlord import charts, landing, metrics
    from landlord.simulate import play_one, seat_strategies

    if args.out.suffix not in (".png", ".svg"):
        _fail(f"--out: give a .png or .svg file, not {args.out.name!r}")
    if args.kind == "final-gini":
        return _final_gini(args)
    rs = _ruleset_or_fail(args.ruleset)
    if args.kind in ("board", "landing"):
        m = _movement_or_fail(rs)
        probs = landing.exact(m, args.jail)
    if args.kind == "landing":
        chart = charts.landing_chart(landing.frame(rs.board, probs),
                                     title=f"{rs.title}: where a throw ends (jail: {args.jail})")
        charts.save(chart, args.out)
        print(f"wrote {args.out}")
        return 0
    if not rs.players_min <= args.players <= rs.players_max:
        _fail(f"--players: {rs.id} takes {rs.players_min} to {rs.players_max} players, not {args.players}")
    bots = seat_strategies(args.strategies, args.players)
    if args.kind == "gini-band":
        from landlord.inequality import GINI_FORMS

        games = [play_one(rs, bots, args.seed + k, log=True) for k in range(args.games)]
        per_turn = metrics.inequality_by_turn(metrics.panel(games))
        band = metrics.mean_interval(per_turn, "turn", f"gini_{args.form}")
        chart = charts.mean_interval_chart(
            band, "turn", None, "Gini",
            f"{rs.title}: mean Gini over {args.games} games ± 95% interval — {GINI_FORMS[args.form]}")
        charts.save(chart, args.out)
        print(f"wrote {args.out}")
        return 0
    game = play_one(rs, bots, args.seed, log=True)
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
    import pandas as pd

    from landlord import charts, metrics
    from landlord.inequality import GINI_FORMS

    if args.data is None:
        _fail("--data: final-gini draws a file of one row per game (e.g. from simulate --out)")
    if not args.data.is_file() or args.data.suffix not in (".csv", ".parquet"):
        _fail(f"--data: give an existing .csv or .parquet file, not {str(args.data)!r}")
    df = pd.read_csv(args.data) if args.data.suffix == ".csv" else pd.read_parquet(args.data)
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
