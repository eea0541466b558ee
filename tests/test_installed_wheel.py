"""The kit installed from its wheel (:mod:`installed_kit`), with no checkout in sight: it imports
its own files only, finds its data, scenarios and lessons inside the venv's ``site-packages``, and
plays what the lessons' reveals play. The browser tests of the lessons serve this same install
(``tests/test_browser.py``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from installed_kit import ROOT, InstalledKit, checkouts_on, probe

pytestmark = pytest.mark.slow  # the wheel is built and installed (about 20 s)


def inside(path: object, folder: Path) -> bool:
    return Path(str(path)).resolve().is_relative_to(folder.resolve())


def test_the_installed_kit_imports_nothing_from_a_checkout(installed_kit: InstalledKit) -> None:
    """``landlord`` and ``landlord.widgets`` come from the venv's ``site-packages``, and no folder of a
    checkout (this one, or one a developer installed in editable mode) is on ``sys.path``."""
    seen = probe(installed_kit)
    assert inside(seen["landlord"], installed_kit.site), seen["landlord"]
    assert inside(seen["widgets_init"], installed_kit.site), seen["widgets_init"]
    assert inside(seen["table"], installed_kit.site), seen["table"]
    path = [str(p) for p in seen["path"]]  # type: ignore[attr-defined]
    assert not checkouts_on(path, installed_kit.home), f"a checkout is importable from the installed kit: {path}"
    assert not inside(installed_kit.home, ROOT)


def test_the_installed_kit_finds_its_files_and_takes_part3_apart(installed_kit: InstalledKit) -> None:
    """Issue 22.5: the wheel ships ``scenarios/``, ``data/`` and ``lessons/`` as ``landlord/kit/...``
    (beside the data layer's code, ``landlord/data``) and the front ends as ``landlord/widgets``;
    the installed kit looks for them there, and lesson 3's "Part 3 taken apart" reveal
    (``landlord.runs.decompose.british1913``) plays its games from the installed scenario files."""
    seen = probe(installed_kit)
    assert seen["installed"] is True
    for name in ("data", "scenarios", "lessons"):
        assert Path(str(seen[name])) == installed_kit.site / "landlord" / "kit" / name, (name, seen[name])
    assert Path(str(seen["widgets"])) == installed_kit.site / "landlord" / "widgets"
    done = installed_kit.run(
        "from landlord.runs.decompose import british1913\n"
        "table = british1913(games=4).table\n"
        "print(len(table), '|'.join(table['rules']))\n")
    assert done.returncode == 0, f"british1913(games=4) failed in the installed kit:\n{done.stderr[-3000:]}"
    rows, rules = done.stdout.strip().splitlines()[-1].split(" ", 1)
    assert int(rows) >= 4 and "Part 3 as written" in rules, done.stdout


def test_the_installed_kit_is_one_package_with_the_front_ends_inside(installed_kit: InstalledKit) -> None:
    """House issue (a): the wheel adds one top-level package, ``landlord``, to a teacher's
    ``site-packages`` (no ``widgets``, a name any other project may take); the front ends are
    ``landlord.widgets``, their modules in ``site-packages/landlord/widgets``, and the installed
    lessons import them by that name."""
    site = installed_kit.site
    record = next(site.glob("landlord_kit-*.dist-info")) / "RECORD"
    tops = {line.split(",")[0].split("/")[0] for line in record.read_text(encoding="utf-8").splitlines() if line}
    assert {t for t in tops if not t.endswith(".dist-info") and t != ".."} == {"landlord"}, tops  # .. : bin/
    assert not (site / "widgets").exists()
    seen = probe(installed_kit)
    # (a top-level widgets the locked environment may hold, from an older install, is not this venv's)
    assert seen["top_level_widgets"] is None or not inside(seen["top_level_widgets"], site), seen["top_level_widgets"]
    assert [Path(p) for p in seen["widgets_path"]] == [site / "landlord" / "widgets"]  # type: ignore[attr-defined]
    assert Path(str(seen["widgets_init"])) == site / "landlord" / "widgets" / "__init__.py"
    assert Path(str(seen["student"])) == site / "landlord" / "widgets" / "classroom_student.py"
    lessons = sorted((site / "landlord" / "kit" / "lessons").glob("*.ipynb"))
    assert len(lessons) >= 6
    code = ["".join(c["source"]) for p in lessons for c in json.loads(p.read_text(encoding="utf-8"))["cells"]
            if c["cell_type"] == "code"]
    lines = [ln.strip() for cell in code for ln in cell.splitlines()]
    assert not [ln for ln in lines if ln.startswith(("from widgets", "import widgets"))]
    assert "from landlord.widgets import GameTable" in lines
