"""The command line is hard to break (issue 16 points 3-6, issue 17 point 4): outputs checked
before any game, every failure one line and status 2, Ctrl-C within 2 s saying what was kept,
workers that die with their parent, sweeps that never overwrite or collide, plain help with
defaults, short listings, one's own data."""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd
import psutil
import pytest
from conftest import run_cli as run

import landlord.apps.cli as cli
from landlord.apps.cli import build_parser
from landlord.data.loader import ruleset_ids
from landlord.data.resources import kit_dir
from landlord.runs.scenario import load_scenario, scenario_from_text
from landlord.runs.sweep import Sweep

ROOT = Path(__file__).resolve().parent.parent
SMALL = '[scenario]\ntitle = "small"\nruleset = "magie-1904"\ngames = 4\nseed = 7\n[grid]\nwages = [100, 150]\n'


def one_line_2(capsys: pytest.CaptureFixture[str], needle: str, *argv: str) -> str:
    code, _, err = run(capsys, *argv)
    assert code == 2, err
    assert len(err.strip().splitlines()) == 1 and needle in err, err
    return err


@pytest.fixture
def no_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fail the test if any game is played."""
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("a game was played before the output was checked")

    monkeypatch.setattr("landlord.runs.simulate.play_one", refuse)
    monkeypatch.setattr("landlord.runs.sweep.play_one", refuse)


@pytest.mark.parametrize(("out", "needle"), [
    ("/proc/x.csv", "--out: cannot write in /proc"),
    ("{tmp}", "is a folder"),
    ("{tmp}/file.txt/x.csv", "is not a folder"),
    ("{tmp}/missing/x.csv", "does not exist (create it, or add --mkdir)"),
    ("{tmp}/x.xlsx", "give a .csv or .parquet file"),
])
def test_simulate_checks_its_output_before_any_game(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                    no_games: None, out: str, needle: str) -> None:
    (tmp_path / "file.txt").write_text("x")
    one_line_2(capsys, needle, "simulate", "--games", "1000000", "--out", out.format(tmp=tmp_path))


def test_out_into_a_missing_folder_is_made_with_mkdir(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "a" / "b" / "x.csv"
    assert run(capsys, "simulate", "--games", "3", "--out", str(out), "--mkdir")[0] == 0
    assert len(pd.read_csv(out)) == 3


@pytest.mark.parametrize(("argv", "needle"), [
    (["simulate", "--games", "99999999999999999999999"], "--games: must be at most 1,000,000"),
    (["simulate", "--games", "9" * 5000], "-digit number"),
    (["simulate", "--seed", "-3"], "--seed: must be at least 0"),
    (["simulate", "--seed", str(2**63 - 2), "--games", "5"], "pass 2**63 - 1"),
    (["landing", "--simulate", "10000000000000"], "--simulate: must be at most"),
    (["replay", "--game", "."], "not a file"),
    (["replay", "--game", "/nonexistent.json"], "file not found"),
    (["replay", "--ruleset", "../../pyproject"], "is not a ruleset id"),
    (["sweep", "scenarios/wages-higher.toml", "--out", "/proc/x.parquet"], "--out: cannot write in /proc"),
    (["sweep", "scenarios/wages-higher.toml", "--games", "0"], "--games: must be at least 1"),
    (["serve", "--ip", "999.1.1.1"], "--ip: '999.1.1.1' is not an IP address"),
    (["serve", "--ip", "192.0.2.55"], "--ip: cannot listen on 192.0.2.55 port 8866: Cannot assign requested address"),
    (["simulate", "--data-dir", "/nonexistent"], "--data-dir: /nonexistent is not a folder"),
])
def test_every_failure_is_one_line_and_status_2(capsys: pytest.CaptureFixture[str], no_games: None,
                                                monkeypatch: pytest.MonkeyPatch, argv: list[str], needle: str) -> None:
    monkeypatch.chdir(ROOT)
    one_line_2(capsys, needle, *argv)


def test_chart_of_a_garbage_file_is_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.parquet"
    bad.write_bytes(b"PAR1 this is not parquet")
    one_line_2(capsys, "--data: cannot read", "chart", "final-gini", "--data", str(bad),
               "--out", str(tmp_path / "x.svg"))


def test_a_negative_seed_is_refused_by_the_sweep_file_seeds_never_collide_across_a_grid() -> None:
    """Seeds -3 and 3 used to play the same games; the sweep hashes the root seed as text, and
    its game seeds are distinct across every cell and game of a grid (shared seeds aside)."""
    text = ('[scenario]\nruleset = "magie-1904"\ngames = 2000\nseed = {seed}\n'
            '[grid]\nwages = [50, 100, 150, 200]\nplayers = [2, 3, 4, 5, 6]\n')
    seeds: set[int] = set()
    for root in (-3, 3):
        s = scenario_from_text(text.format(seed=root))
        got = [s.game_seed(c, g) for c in s.cells for g in range(s.games)]
        assert all(0 <= x < 2**63 for x in got)
        seeds.update(got)
    assert len(seeds) == 2 * 20 * 2000


def test_help_is_plain_text_with_a_default_for_every_option() -> None:
    parser = build_parser()
    subs = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    assert "`" not in parser.format_help()
    for name, sub in subs.choices.items():
        text = sub.format_help()
        assert "`" not in text, name
        for action in sub._actions:
            if not action.option_strings or action.dest == "help":
                continue
            assert action.help, f"{name} {action.option_strings[0]} has no help"
            if action.default is not None and action.default is not False and action.nargs != 0:
                assert "default" in sub._get_formatter()._get_help_string(action), (name, action.dest)
    sim = " ".join(subs.choices["simulate"].format_help().split())
    assert "(default: 1000)" in sim and "(default: landlord,tenant,speculator)" in sim and "(default: 0)" in sim


def test_rulesets_is_short_by_default_and_cites_nothing_outside_the_repository(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rulesets")
    assert code == 0 and len(out.splitlines()) == len(ruleset_ids()) + 1
    assert "magie-1904" in out and "source:" not in out
    code, long, _ = run(capsys, "rulesets", "--long")
    assert code == 0 and "source: US Patent 748,626" in long and "phase landlord (default)" in long
    assert "shared/" not in out + long


def test_monopoly_summary_names_no_poor_house(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "--ruleset", "monopoly-short", "--games", "2")
    assert code == 0 and "Poor" not in out
    code, out, _ = run(capsys, "simulate", "--games", "2")
    assert "players ending in the Poor House" in out


def test_stale_comment_of_tax_at_turn_20_is_gone() -> None:
    text = (ROOT / "scenarios" / "tax-at-turn-20.toml").read_text()
    assert "fail" not in text.lower()
    assert load_scenario(ROOT / "scenarios" / "tax-at-turn-20.toml").games >= 1


# -- Ctrl-C and dying parents --------------------------------------------------------------
def _spawn(*argv: str, cwd: Path = ROOT) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "landlord", *argv], cwd=cwd, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)


def _wait_for_workers(proc: subprocess.Popen[str], n: int, timeout: float = 30) -> list[psutil.Process]:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        kids = psutil.Process(proc.pid).children(recursive=True)
        if len(kids) >= n:
            time.sleep(1.0)  # let them start playing
            return psutil.Process(proc.pid).children(recursive=True)
        time.sleep(0.1)
    raise AssertionError("the workers did not start")


@pytest.mark.parametrize("workers", ["1", "2"])
def test_ctrl_c_in_simulate_stops_within_2_s_with_one_line(tmp_path: Path, workers: str) -> None:
    proc = _spawn("simulate", "--games", "100000", "--workers", workers, "--out", str(tmp_path / "x.csv"))
    if workers == "2":
        kids = _wait_for_workers(proc, 2)
    else:
        time.sleep(3)
        kids = []
    t0 = time.monotonic()
    os.killpg(proc.pid, signal.SIGINT)  # as the terminal does: the whole group
    _, err = proc.communicate(timeout=10)
    took = time.monotonic() - t0
    assert took < 2.0, took
    assert proc.returncode == 130
    lines = [line for line in err.splitlines() if line.strip()]
    # "interrupted after N of 100000 games; nothing was written to …" (or, if the signal came
    # while a loaded machine was still starting the command, "interrupted; nothing was written")
    assert len(lines) == 1 and "interrupted" in lines[0] and "nothing was written" in lines[0], err
    assert not (tmp_path / "x.csv").exists()
    psutil.wait_procs(kids, timeout=3)
    assert not any(k.is_running() and k.status() != psutil.STATUS_ZOMBIE for k in kids)


def test_ctrl_c_in_sweep_stops_within_2_s_and_keeps_finished_chunks(tmp_path: Path) -> None:
    (tmp_path / "s.toml").write_text(SMALL.replace("games = 4", "games = 5000"))
    proc = _spawn("sweep", str(tmp_path / "s.toml"), "--workers", "2", "--chunk", "20",
                  "--out", str(tmp_path / "r.parquet"))
    _wait_for_workers(proc, 2)
    time.sleep(2)
    t0 = time.monotonic()
    os.killpg(proc.pid, signal.SIGINT)
    _, err = proc.communicate(timeout=10)
    assert time.monotonic() - t0 < 2.0
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1 and "interrupted after" in lines[0] and "run the same command again to resume" in lines[0]
    assert list((tmp_path / "r.parquet.parts").glob("c*.parquet"))


def test_sweep_workers_exit_within_5_s_when_the_parent_is_killed(tmp_path: Path) -> None:
    (tmp_path / "s.toml").write_text(SMALL.replace("games = 4", "games = 5000"))
    proc = _spawn("sweep", str(tmp_path / "s.toml"), "--workers", "2", "--out", str(tmp_path / "r.parquet"))
    kids = _wait_for_workers(proc, 2)
    proc.kill()  # kill -9 of the parent alone
    proc.communicate(timeout=10)
    t0 = time.monotonic()
    _, alive = psutil.wait_procs(kids, timeout=5)
    assert not alive, f"{len(alive)} worker(s) alive {time.monotonic() - t0:.1f} s after the parent died"


# -- sweeps never overwrite or collide ---------------------------------------------------
def test_out_holding_other_results_is_refused_unless_force(capsys: pytest.CaptureFixture[str],
                                                           tmp_path: Path) -> None:
    a, b, out = tmp_path / "a.toml", tmp_path / "b.toml", tmp_path / "r.parquet"
    a.write_text(SMALL)
    b.write_text(SMALL.replace("seed = 7", "seed = 8"))
    assert run(capsys, "sweep", str(a), "--out", str(out))[0] == 0
    one_line_2(capsys, "holds the results of another sweep", "sweep", str(b), "--out", str(out))
    assert run(capsys, "sweep", str(b), "--out", str(out), "--force")[0] == 0
    assert set(pd.read_parquet(out)["seed"]) == {load_scenario(b).game_seed(c, g)
                                                 for c in load_scenario(b).cells for g in range(4)}


def test_resume_continues_only_the_same_scenario(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    a, b, out = tmp_path / "a.toml", tmp_path / "b.toml", tmp_path / "r.parquet"
    a.write_text(SMALL)
    b.write_text(SMALL.replace("wages = [100, 150]", "wages = [100, 200]"))
    sweep = Sweep(load_scenario(a), out=out, chunk_size=2)
    sweep.progress = lambda done, total: sweep.cancel() if done >= 2 else None
    assert not sweep.run().complete
    one_line_2(capsys, "holds unfinished work of a different sweep", "sweep", str(b), "--out", str(out), "--chunk", "2")
    code, text, _ = run(capsys, "sweep", str(a), "--out", str(out), "--chunk", "2")
    assert code == 0 and "wrote 8 rows" in text


@pytest.mark.parametrize("what", ["output", "part"])
def test_a_corrupt_output_or_part_is_named_with_what_to_do(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                           what: str) -> None:
    a, out = tmp_path / "a.toml", tmp_path / "r.parquet"
    a.write_text(SMALL)
    if what == "output":
        out.write_bytes(b"PAR1garbage")
        one_line_2(capsys, "is not a readable sweep result", "sweep", str(a), "--out", str(out))
        err = one_line_2(capsys, "give --force", "sweep", str(a), "--out", str(out))
        assert str(out) in err
        assert run(capsys, "sweep", str(a), "--out", str(out), "--force")[0] == 0
        return
    sweep = Sweep(load_scenario(a), out=out, chunk_size=2)
    sweep.progress = lambda done, total: sweep.cancel() if done >= 2 else None
    sweep.run()
    part = next((tmp_path / "r.parquet.parts").glob("c*.parquet"))
    part.write_bytes(part.read_bytes()[:20])
    err = one_line_2(capsys, "is damaged", "sweep", str(a), "--out", str(out), "--chunk", "2")
    assert part.name in err and "delete it and run the same command again" in err
    part.unlink()
    assert run(capsys, "sweep", str(a), "--out", str(out), "--chunk", "2")[0] == 0


def test_a_second_sweep_on_the_same_out_is_refused_by_the_lock(capsys: pytest.CaptureFixture[str],
                                                                tmp_path: Path) -> None:
    a, out = tmp_path / "a.toml", tmp_path / "r.parquet"
    a.write_text(SMALL)
    first = Sweep(load_scenario(a), out=out)
    first._acquire()  # as a running sweep holds it
    try:
        one_line_2(capsys, f"another sweep is writing to {out}", "sweep", str(a), "--out", str(out))
    finally:
        first._release()
    assert run(capsys, "sweep", str(a), "--out", str(out))[0] == 0
    assert not (tmp_path / "r.parquet.lock").exists()


def test_sweep_games_overrides_the_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    a, out = tmp_path / "a.toml", tmp_path / "r.parquet"
    a.write_text(SMALL)
    code, text, _ = run(capsys, "sweep", str(a), "--games", "3", "--out", str(out))
    assert code == 0 and "2 cell(s) x 3 games" in text and len(pd.read_parquet(out)) == 6


# -- one's own boards and rulesets -------------------------------------------------------
def _own_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "mine"
    (folder / "rulesets").mkdir(parents=True)
    (folder / "boards").mkdir()
    board = (kit_dir("data") / "boards" / "landlords-game-1904.toml").read_text()
    (folder / "boards" / "my-board.toml").write_text(board.replace('id = "landlords-game-1904"', 'id = "my-board"'))
    (folder / "rulesets" / "my-rules.toml").write_text(
        '[ruleset]\nid = "my-rules"\ntitle = "My rules"\nfamily = "magie1904"\nboard = "my-board"\n'
        'players_min = 2\nplayers_max = 4\ndefault_phase = "landlord"\nsource = "mine"\nprovenance = "kit_decision"\n'
        'extends = "magie-1904"\n[params.wages]\nvalue = 175\nsource = "mine"\nprovenance = "kit_decision"\n')
    return folder


def test_own_rulesets_work_in_simulate_sweep_landing_and_rulesets(capsys: pytest.CaptureFixture[str],
                                                                   tmp_path: Path) -> None:
    folder = _own_folder(tmp_path)
    code, out, err = run(capsys, "simulate", "--data-dir", str(folder), "--ruleset", "my-rules", "--games", "4",
                         "--workers", "2")
    assert code == 0 and "games of My rules" in out, err
    code, out, _ = run(capsys, "simulate", "--ruleset", str(folder / "rulesets" / "my-rules.toml"), "--games", "2")
    assert code == 0 and "games of My rules" in out
    code, out, _ = run(capsys, "landing", "--data-dir", str(folder), "--ruleset", "my-rules")
    assert code == 0 and out.startswith("index")
    code, out, _ = run(capsys, "rulesets", "--data-dir", str(folder))
    assert "my-rules" in out
    (tmp_path / "s.toml").write_text(SMALL.replace('"magie-1904"', '"my-rules"'))
    code, out, err = run(capsys, "sweep", str(tmp_path / "s.toml"), "--data-dir", str(folder), "--workers", "2")
    assert code == 0, err
    one_line_2(capsys, "unknown ruleset 'my-rules'", "sweep", str(tmp_path / "s.toml"))
    (folder / "rulesets" / "my-rules.toml").write_text(
        (folder / "rulesets" / "my-rules.toml").read_text().replace("value = 175", "value = -175"))
    one_line_2(capsys, "params.wages: field 'value': -175 is out of range", "simulate", "--data-dir", str(folder),
               "--ruleset", "my-rules")


def test_cli_module_documents_the_limits() -> None:
    assert cli.MAX_GAMES == 1_000_000 and cli.MAX_SEED == 2**63 - 1


def test_every_limit_is_written_once_in_the_limits_module() -> None:
    """Issue 39: every limit lives in ``landlord/limits.py``; no other module of the kit assigns a
    ``MAX_`` name of its own (the class server's kernel cap is computed from the class size, and
    Altair's row limit is Altair's)."""
    import ast
    from pathlib import Path

    import landlord
    from landlord import limits

    root = Path(landlord.__file__).resolve().parent
    written = {}
    for path in [*root.rglob("*.py"), *(root.parent / "widgets").glob("*.py")]:
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            for target in node.targets if isinstance(node, ast.Assign) else []:
                if isinstance(target, ast.Name) and target.id.startswith("MAX_"):
                    written.setdefault(target.id, []).append(path.relative_to(root.parent).as_posix())
    allowed = {"MAX_KERNELS": ["landlord/apps/classroom/server.py"], "MAX_ROWS": ["landlord/charts/figures.py"],
               "MAX_BUTTONS": ["widgets/table_choices.py"]}
    for name, where in written.items():
        assert where == allowed.get(name, ["landlord/limits.py"]), (name, where)
    assert {"MAX_GAMES", "MAX_SEED", "MAX_FILE_BYTES", "MAX_DEPTH", "MAX_FRAME"} <= set(vars(limits))


def test_data_cites_only_files_in_the_repository() -> None:
    """No path outside the repository (``shared/…``) in any data file or docstring of the kit;
    every in-repo path cited exists."""
    import re

    for path in [*sorted(kit_dir("data").rglob("*.toml")), *sorted((ROOT / "landlord").rglob("*.py"))]:
        text = path.read_text(encoding="utf-8")
        assert "shared/" not in text, path.name
        for cited in re.findall(r"(?:docs/sources|tests/reference)/[\w.*-]+", text):
            assert list(ROOT.glob(cited)), f"{path.name} cites {cited}"


def test_output_into_a_closed_pipe_stops_quietly() -> None:
    """``landlord rulesets | head -1``: no error line when the reader goes away."""
    proc = subprocess.run(f"{sys.executable} -m landlord rulesets --long | head -1", shell=True, cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert proc.stdout.count("\n") == 1 and proc.stderr == ""
