"""One lookup for the kit's folders (:mod:`landlord.data.resources`), and the front ends under the
kit's own name (:mod:`landlord.widgets`), from this checkout. ``tests/test_installed_wheel.py``
checks the same from the installed wheel."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

from landlord.apps import serve
from landlord.data import resources
from landlord.data.resources import FOLDERS, kit_dir

ROOT = Path(__file__).resolve().parent.parent

SOURCES = [*sorted((ROOT / "landlord").rglob("*.py")), *sorted((ROOT / "widgets").glob("*.py")),
           *sorted((ROOT / "tests").glob("*.py")), *sorted((ROOT / "benchmarks").glob("*.py")),
           *sorted((ROOT / "studies").glob("*.py")), *sorted((ROOT / "scripts").glob("*.py"))]


def imported(source: str) -> list[tuple[str, int]]:
    """Every module an import statement names in ``source`` (relative ones with their level)."""
    found: list[tuple[str, int]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(a.name, 0) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            found.append((node.module or "", node.level))
    return found


def lesson_code(path: Path) -> str:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")


def test_from_a_checkout_every_folder_is_the_top_level_one() -> None:
    assert not resources.installed()
    assert resources.PACKAGE == ROOT / "landlord"
    for name in FOLDERS:
        assert kit_dir(name) == ROOT / name, name
    assert (kit_dir("data") / "rulesets" / "magie-1904.toml").is_file()
    assert (kit_dir("lessons") / serve.GALLERY).is_file() and (kit_dir("lessons") / "voila.json").is_file()
    assert (kit_dir("scenarios") / "six-players.toml").is_file()
    assert (kit_dir("widgets") / "table.py").is_file()


def test_a_folder_the_kit_has_not_is_refused() -> None:
    with pytest.raises(ValueError, match="not one of the kit's folders"):
        kit_dir("notes")  # type: ignore[arg-type]


def test_the_front_ends_are_landlord_widgets_from_the_checkouts_widgets_folder() -> None:
    """``landlord.widgets`` resolves to the top-level ``widgets/`` folder; importing the front ends
    under that name loads no top-level ``widgets`` module (one copy of each module)."""
    code = ("import sys, landlord.widgets as w\n"
            "from landlord.widgets import GameTable, Reveal, ScenarioLab\n"
            "import landlord.widgets.classroom_student, landlord.widgets.measures\n"
            "print(w.__path__[0]); print(GameTable.__module__, Reveal.__module__, ScenarioLab.__module__)\n"
            "print(landlord.widgets.classroom_student.__file__)\n"
            "print(sorted(m for m in sys.modules if m == 'widgets' or m.startswith('widgets.')))\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    path, modules, student, top = done.stdout.strip().splitlines()
    assert Path(path) == ROOT / "widgets"
    assert modules == "landlord.widgets.table landlord.widgets.reveal landlord.widgets.lab"
    assert Path(student) == ROOT / "widgets" / "classroom_student.py"
    assert top == "[]"


@pytest.mark.slow
def test_no_code_imports_a_top_level_widgets_package() -> None:
    """The front ends have one name, ``landlord.widgets``: in the kit, the tests, the benchmarks
    and the lessons; inside ``widgets/`` the modules import each other relatively."""
    for path in SOURCES:
        for module, level in imported(path.read_text(encoding="utf-8")):
            bare = level == 0 and (module == "widgets" or module.startswith("widgets."))
            assert not bare, f"{path.relative_to(ROOT)} imports {module!r}: import landlord.widgets instead"
    for path in sorted((ROOT / "lessons").glob("*.ipynb")):
        for module, level in imported(lesson_code(path)):
            assert level == 0 and module.split(".")[0] != "widgets", f"{path.name} imports {module!r}"
    lessons = " ".join(lesson_code(p) for p in sorted((ROOT / "lessons").glob("*.ipynb")))
    assert "from landlord.widgets import GameTable" in lessons


def test_a_checkout_keeps_the_package_init_beside_the_kit_not_in_widgets() -> None:
    """The package's ``__init__`` is ``landlord/widgets/__init__.py`` (the wheel puts the
    ``widgets/`` modules beside it); a ``widgets/__init__.py`` would make the folder a second,
    top-level package again."""
    assert (ROOT / "landlord" / "widgets" / "__init__.py").is_file()
    assert sorted(p.name for p in (ROOT / "landlord" / "widgets").iterdir() if p.suffix == ".py") == ["__init__.py"]
    assert not (ROOT / "widgets" / "__init__.py").exists()
