"""Issue 27.7: every ``landlord`` command reads its arguments before it imports anything heavy.

``landlord chart`` took about 5 s before it even said an argument was wrong: ``import landlord``
pulled in the engine, pandas and the rules, and the class server's options were read at every
start. Each command here runs in a new interpreter (as the ``landlord`` script runs it) and
reports which heavy modules were imported when it had refused its argument; the start-up time
itself is measured by ``benchmarks/bench_startup.py``, never here.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

HEAVY = ("pandas", "numpy", "altair", "pyarrow", "ipywidgets", "voila", "jupyter_server",
         "landlord.engine.game", "landlord.engine.strategies", "landlord.rules", "landlord.runs",
         "landlord.analysis", "landlord.charts.figures", "landlord.apps.classroom")
"""Modules (and packages, with everything under them) no refused argument should have cost."""

PROBE = """
import json, sys
from landlord.apps.cli import main
try:
    code = main(sys.argv[1:])
except SystemExit as exc:
    code = exc.code
heavy = sorted({h for h in json.loads(HEAVY) for m in list(sys.modules) if m == h or m.startswith(h + ".")})
print(json.dumps({"code": code, "heavy": heavy}))
"""


def imported_by(*argv: str, cwd: Path) -> dict[str, object]:
    """Run ``landlord ARGV`` in a new interpreter: its exit status and the heavy modules imported."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    out = subprocess.run([sys.executable, "-c", PROBE.replace("HEAVY", repr(json.dumps(HEAVY))), *argv],
                         cwd=cwd, env=env, capture_output=True, text=True, timeout=120, check=True)
    result: dict[str, object] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


@pytest.mark.parametrize("argv", [
    ["--help"],
    ["chart", "--bad-arg"],
    ["chart", "wealth", "--out", "x.txt"],
    ["chart", "final-gini", "--out", "x.png"],
    ["simulate", "--games", "0"],
    ["simulate", "--out", "x.txt"],
    ["replay", "--seed", "-1"],
    ["landing", "--jail", "never"],
    ["sweep"],
    ["serve", "--port", "0"],
    ["serve", "--students", "0"],
    ["rulesets", "--bad-arg"],
])
def test_a_refused_argument_costs_no_heavy_import(argv: list[str], tmp_path: Path) -> None:
    got = imported_by(*argv, cwd=tmp_path)
    assert got["code"] in (0, 2), got
    assert got["heavy"] == [], f"landlord {' '.join(argv)} imported {got['heavy']} before refusing its argument"


def test_the_probe_sees_a_heavy_import_when_one_happens(tmp_path: Path) -> None:
    """The check can fail: a command that does its work imports the engine and the rules (the
    landing chain's movement is a family's; listing the rulesets reads data alone)."""
    got = imported_by("landing", cwd=tmp_path)
    assert got["code"] == 0 and "landlord.rules" in got["heavy"], got


def test_landlord_class_reads_its_own_options(tmp_path: Path) -> None:
    """The class server's options are read only for ``landlord class`` (its import is the slow
    one): they are all there for it, and a bad one is still refused in one line."""
    from landlord.apps.cli import build_parser

    lazy = build_parser(class_options=False)
    full = build_parser()
    sub = {a.dest: a for a in full._actions}["command"].choices["class"]  # type: ignore[attr-defined]
    assert "--class-size" in sub.format_help()
    assert "--class-size" not in {a.dest: a for a in lazy._actions}["command"].choices["class"].format_help()  # type: ignore[attr-defined]
    got = imported_by("class", "--bad-arg", cwd=tmp_path)
    assert got["code"] == 2


def test_the_package_face_imports_its_names_on_first_use() -> None:
    """``import landlord`` is light (the command starts from it); its public names are still
    there, each the object its home module defines, and an unknown name is an AttributeError."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    probe = ("import sys, landlord; light = 'landlord.engine.game' not in sys.modules; "
             "from landlord.rules.families import FamilyGame; print(light, landlord.Game is FamilyGame, "
             "sorted(set(landlord.__all__) - set(dir(landlord))))")
    out = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True, timeout=120,
                         check=True).stdout.split()
    assert out == ["True", "True", "[]"], out
    import landlord

    assert landlord.load_ruleset("magie-1904").id == "magie-1904"
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        _ = landlord.nothing  # type: ignore[attr-defined]
