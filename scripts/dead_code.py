"""The dead-code check over the tree (issue 39 point 4): vulture over the kit, the front ends, the
benchmarks, the studies, the tests and these scripts, reading the lessons' code cells too (a
widget's ``student_app`` is called only from a notebook). What is used only by name at run time
(pytest fixtures and hooks, entry points, attributes set on other libraries' objects) is listed in
``scripts/dead_code_allowed.py``, each with why. ``scripts/test`` runs it; exit status 3 names what
is dead, one ``file:line`` a line.

    python3 scripts/dead_code.py
"""

import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ("landlord", "widgets", "benchmarks", "studies", "tests", "scripts")


def lesson_code(folder: Path) -> None:
    """Each lesson notebook's code cells as one Python file in ``folder``."""
    for notebook in sorted((ROOT / "lessons").glob("*.ipynb")):
        cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
        code = "\n\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
        (folder / f"lesson_{notebook.stem.replace('-', '_')}.py").write_text(code + "\n", encoding="utf-8")


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        lesson_code(Path(tmp))
        return subprocess.call([sys.executable, "-m", "vulture", *FOLDERS, tmp, "--min-confidence", "60"],
                               cwd=ROOT)


if __name__ == "__main__":
    sys.exit(main())
