"""What each top-level folder holds (issue 39 point 4): ``benchmarks/`` and ``studies/`` are
scripts people run, and no test imports from either, so a benchmark or a study can change or go
without a test failing; what a test and a benchmark share is a test helper or the kit."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = {p.stem for folder in ("benchmarks", "studies") for p in (ROOT / folder).glob("*.py")}
"""The module names a script of benchmarks/ or studies/ would be imported by."""


def imported(path: Path) -> set[str]:
    """Every top-level module an import statement of ``path`` names."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module.split(".")[0])
    return names


def test_no_test_imports_a_benchmark_or_a_study() -> None:
    found = {f"{p.name} imports {name}" for p in (ROOT / "tests").glob("*.py")
             for name in imported(p) & SCRIPTS if not (ROOT / "tests" / f"{name}.py").exists()}
    assert found == set()
    on_path = re.compile(r"sys\.path\.insert\([^\n]*[\"'](?:benchmarks|studies)[\"']")
    assert [p.name for p in (ROOT / "tests").glob("*.py") if on_path.search(p.read_text(encoding="utf-8"))] == []


def test_a_study_is_no_benchmark_and_the_other_way_round() -> None:
    """Both folders hold scripts, one kind each, and a README that lists every one of them."""
    for folder in ("benchmarks", "studies"):
        readme = (ROOT / folder / "README.md").read_text(encoding="utf-8")
        missing = [p.name for p in (ROOT / folder).glob("*.py") if f"`{p.name}`" not in readme
                   and not p.name.startswith("frozen_")]
        assert missing == [], f"{folder}/README.md does not list {missing}"
    assert not {p.stem for p in (ROOT / "benchmarks").glob("*.py")} & {p.stem for p in (ROOT / "studies").glob("*.py")}
