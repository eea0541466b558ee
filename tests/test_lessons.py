"""The lesson notebooks: what the issue asks of each one, and that each runs headless.

Structure tests read the committed notebooks (no outputs, thin cells, the parts every lesson
must have, a gallery linking every lesson). Execution tests run every notebook top to bottom in
a fresh kernel with nbclient, as Voilà does, and fail on any cell error.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
LESSONS = ROOT / "lessons"
GALLERY = "index.ipynb"
LESSON_FILES = (
    "01-landlords-game-1904.ipynb",
    "02-single-tax.ipynb",
    "03-british-game-1913.ipynb",
    "04-magie-to-monopoly.ipynb",
    "05-what-if-lab.ipynb",
)
CLASS_FILES = ("class-single-tax.ipynb", "class-teacher.ipynb")
"""The class lesson (a student's page) and the teacher's dashboard, served by ``landlord class``."""
ALL = (GALLERY, *LESSON_FILES, *CLASS_FILES)
MAX_CODE_LINES = 12


def read(name: str) -> nbformat.NotebookNode:
    """A committed notebook, validated against the notebook format."""
    nb = nbformat.read(LESSONS / name, as_version=4)
    nbformat.validate(nb)
    return nb


def markdown(nb: nbformat.NotebookNode) -> str:
    """All markdown of a notebook as one text."""
    return "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")


def test_the_gallery_and_the_five_lessons_exist() -> None:
    """Issue: an index notebook is the gallery, plus the five lessons."""
    assert sorted(p.name for p in LESSONS.glob("*.ipynb")) == sorted(ALL)


@pytest.mark.parametrize("name", ALL)
def test_notebook_is_committed_without_outputs(name: str) -> None:
    """Issue: notebooks are committed without outputs."""
    for cell in read(name).cells:
        if cell.cell_type == "code":
            assert cell.outputs == [], f"{name}: a code cell carries outputs"
            assert cell.execution_count is None, f"{name}: a code cell carries an execution count"


@pytest.mark.parametrize("name", ALL)
def test_notebook_stays_thin(name: str) -> None:
    """Design: notebooks stay thin — no functions or classes defined in a lesson, and short
    code cells (rules, helpers and charts are imported from the package)."""
    for i, cell in enumerate(read(name).cells):
        if cell.cell_type != "code":
            continue
        lines = [ln for ln in cell.source.splitlines() if ln.strip()]
        assert len(lines) <= MAX_CODE_LINES, f"{name} cell {i}: {len(lines)} code lines"
        tree = ast.parse(cell.source)
        defined = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)]
        assert not defined, f"{name} cell {i} defines {defined[0].name!r}: import it from the package instead"


@pytest.mark.parametrize("name", LESSON_FILES)
def test_lesson_has_every_part_the_issue_names(name: str) -> None:
    """Issue: each lesson has learning goals, a prediction asked before playing and revealed
    after, the game, the charts, questions for reflection and a note on the historical sources
    (with what is reconstructed)."""
    nb = read(name)
    text = markdown(nb)
    headings = [h.lower() for h in re.findall(r"^#+\s*(.+)$", text, flags=re.MULTILINE)]
    for part in ("learning goals", "prediction", "reveal", "questions for reflection", "about the sources"):
        assert any(part in h for h in headings) or f"**{part}" in text.lower(), f"{name}: no {part!r} part"
    assert "reconstruct" in text.lower(), f"{name}: the sources note does not say what is reconstructed"
    order = [h for h in headings if any(k in h for k in ("prediction", "reveal"))]
    assert "prediction" in order[0], f"{name}: the prediction must be asked before it is revealed"
    code = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    assert "import" in code and ("widgets" in code or "landlord" in code), f"{name}: no game or lab"


def test_single_tax_lesson_explains_why_the_gini_jumps_at_the_vote() -> None:
    """1906 rules, The Single Tax: "with the exception that the Title Deeds are of no value".
    Lesson 2 switches to the single tax mid-game, so the deeds' value vanishes at the vote and
    the Gini chart can jump: the lesson quotes the clause (as the rules family does), explains
    the jump before the reveal, and asks the students about it."""
    clause = "the Title Deeds are of no value"
    family = "".join(p.read_text(encoding="utf-8") for p in (ROOT / "landlord" / "rules" / "magie1906").glob("*.py"))
    assert clause in family
    nb = read("02-single-tax.ipynb")
    cells = [c.source for c in nb.cells if c.cell_type == "markdown"]
    explained = [i for i, src in enumerate(cells) if clause in src and "Gini" in src and "jump" in src]
    reveal = next(i for i, src in enumerate(cells) if src.startswith("## Reveal"))
    assert explained and explained[0] < reveal, "no explanation of the jump before the reveal"
    questions = next(src for src in cells if "## Questions for reflection" in src)
    asked = [ln for ln in questions.splitlines() if re.match(r"\d+\.", ln.strip())]
    assert any("title deeds" in q.lower() for q in asked), "no question about the deeds at the vote"


@pytest.mark.parametrize("name", ALL)
def test_no_unescaped_dollar_in_markdown(name: str) -> None:
    """Issue 17.6: JupyterLab's markdown reads ``$...$`` as mathematics, so "$100 … $100" became a
    run of italics off the page. No ``$`` is left bare (code spans and code blocks aside); an
    escaped ``\\$`` is not enough in Voilà either (issue 27.4): the gallery and lessons 1-4 write
    money in words (:func:`test_no_money_sign_for_the_page_to_typeset_as_mathematics`)."""
    for i, cell in enumerate(read(name).cells):
        if cell.cell_type != "markdown":
            continue
        text = re.sub(r"```.*?```|`[^`]*`", "", cell.source, flags=re.S)
        for line in text.splitlines():
            assert not re.search(r"(?<!\\)\$", line), f"{name} cell {i}: unescaped $ in {line.strip()!r}"


def test_gallery_links_every_lesson() -> None:
    """Issue: the index notebook is the gallery — a link to each lesson, each link resolving."""
    text = markdown(read(GALLERY))
    links = re.findall(r"\]\(([^)#]+\.ipynb)\)", text)
    assert sorted(set(links)) == sorted(LESSON_FILES)
    assert all((LESSONS / link).is_file() for link in links)


@pytest.fixture
def kernel_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Kernels import this checkout's code and keep their files in a temporary folder."""
    monkeypatch.setenv("PYTHONPATH", str(ROOT))
    for var in ("JUPYTER_RUNTIME_DIR", "JUPYTER_DATA_DIR", "IPYTHONDIR", "MPLCONFIGDIR"):
        monkeypatch.setenv(var, str(tmp_path / var.lower()))
    return tmp_path


@pytest.mark.slow
@pytest.mark.parametrize("name", ALL)
def test_notebook_executes_headless_without_error(name: str, kernel_env: Path) -> None:
    """Issue: every lesson executes headless without error (nbclient), from the lessons folder
    as Voilà runs it; no cell writes to stderr (a warning a student would see)."""
    nb = read(name)
    NotebookClient(nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(LESSONS)}}).execute()
    for i, cell in enumerate(nb.cells):
        for out in cell.get("outputs", []):
            assert out.output_type != "error", f"{name} cell {i}: {out.get('ename')}"
            assert not (out.output_type == "stream" and out.name == "stderr"), f"{name} cell {i}: {out.text[:300]}"


@pytest.mark.parametrize("name", (GALLERY, *LESSON_FILES))
def test_no_money_sign_for_the_page_to_typeset_as_mathematics(name: str) -> None:
    """Issue 27.4: the page typesets any two ``$`` of a cell as mathematics, escaped or not
    (``\\$100 … \\$100`` came out as run-together italics 2,368 px wide; measured in
    tests/test_widgets_browser.py), so every lesson's prose writes money in words: "100 dollars"."""
    for cell in read(name).cells:
        if cell.cell_type == "markdown":
            assert "$" not in cell.source, f"{name}: a $ in {cell.source[:60]!r}"


def test_lesson_2_lets_the_student_call_the_vote_it_speaks_of() -> None:
    """Issue 27.3: lesson 2's table switches by the players' vote (the 1906 rules' way), not by
    itself at a round, and offers to skip ahead to the round its text names."""
    code = "\n".join(c.source for c in read("02-single-tax.ipynb").cells if c.cell_type == "code")
    assert 'regime=("single_tax@vote",)' in code and "skip_to=15" in code
    assert "@round:" not in code.split("GameTable(", 1)[1].split(")", 1)[0]
    assert "Skip ahead to round 15" in markdown(read("02-single-tax.ipynb"))
