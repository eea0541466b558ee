"""The pages a newcomer reads name only code that exists (issue 39 point 4: "a test fails on a code
path named there that does not exist"): every repository path in the README, CONTRIBUTING, the
benchmarks' and studies' READMEs and every page under docs/, every file a README names beside
itself, and every dotted name of the kit (``landlord.players.savefile.load_game``, or
``schema.check_param`` where ``schema`` is one module of the kit) resolves."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

PAGES = sorted({ROOT / "README.md", ROOT / "CONTRIBUTING.md", ROOT / "benchmarks" / "README.md",
                ROOT / "studies" / "README.md", *(ROOT / "docs").rglob("*.md")})
"""What a newcomer reads. The CHANGELOG is history: it names what was, and is not checked."""

REPO_PATH = re.compile(r"(?<![\w/.~-])((?:landlord|widgets|benchmarks|studies|tests|docs|scripts|lessons|data|"
                       r"scenarios)/[\w./<>*{},|-]*[\w/>*}])")
"""A path from the repository's root, anywhere in a page (a code span, a command, the prose)."""
CODE_SPAN = re.compile(r"`([^`\n]+)`")
BESIDE = re.compile(r"[\w-]+\.(?:py|md)")
"""A file named alone in a code span: a file beside the page (``bench_engine.py``)."""
DOTTED = re.compile(r"(?<![\w./-])((?:landlord\.)?[a-z_][a-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)+)(?![\w/-])")
"""A dotted name: ``landlord.x.y.name``, or ``module.name`` for a module of the kit."""
NOT_NAMES = {"py", "md", "toml", "json", "jsonl", "txt", "csv", "ipynb", "png", "svg", "parquet", "lock",
             "sqlite", "j2", "html", "whl", "io", "org", "com", "info", "gz"}
"""Last parts that make a dotted word a file name or an address, not a name of the kit."""
PLACEHOLDER = re.compile(r"[<>*{}|]")


def kit_modules() -> dict[str, str]:
    """Each module of the kit whose short name is one file's, by that short name."""
    found: dict[str, list[str]] = {}
    for path in [*(ROOT / "landlord").rglob("*.py"), *(ROOT / "widgets").glob("*.py")]:
        rel = path.relative_to(ROOT).with_suffix("")
        parts = ("landlord", *rel.parts) if rel.parts[0] == "widgets" else rel.parts
        if parts[-1] != "__init__":
            found.setdefault(parts[-1], []).append(".".join(parts))
    return {short: full[0] for short, full in found.items() if len(full) == 1}


MODULES = kit_modules()


def path_exists(path: str) -> bool:
    """A named path exists; a placeholder (``<family>``, ``*``) matches at least one path."""
    path = path.rstrip(".,")
    if not PLACEHOLDER.search(path):
        return (ROOT / path).exists()
    pattern = re.sub(r"<[^>]*>", "*", path)
    pattern = re.sub(r"\{([^}]*)\}", "*", pattern).split("|")[0]
    return any(ROOT.glob(pattern.rstrip("/")))


def resolves(name: str) -> bool:
    """``landlord.a.b.c`` imports as far as a module goes and reads the rest as attributes."""
    parts = name.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for attr in parts[cut:]:
            if not hasattr(obj, attr):
                return False
            obj = getattr(obj, attr)
        return True
    return False


def kit_name(word: str) -> str | None:
    """The full dotted name ``word`` stands for, or None when it names nothing of the kit."""
    parts = word.split(".")
    if parts[-1] in NOT_NAMES:
        return None
    if parts[0] == "landlord":
        return word
    if parts[0] in MODULES:
        return ".".join([MODULES[parts[0]], *parts[1:]])
    return None


def problems(page: Path, text: str | None = None) -> list[str]:
    """Every path and name ``page`` (or ``text``, as if it were that page) gives that does not
    exist, one line each."""
    text = page.read_text(encoding="utf-8") if text is None else text
    where = page.relative_to(ROOT)
    found = [f"{where}: {p} does not exist" for p in sorted(set(REPO_PATH.findall(text))) if not path_exists(p)]
    for span in sorted(set(CODE_SPAN.findall(text))):
        if BESIDE.fullmatch(span) and not (page.parent / span).exists() and not any(ROOT.rglob(span)):
            found.append(f"{where}: {span} is no file beside it nor in the repository")
        for word in DOTTED.findall(span):
            name = kit_name(word)
            if name is not None and not resolves(name):
                found.append(f"{where}: {word} names nothing in the kit")
    return found


@pytest.mark.parametrize("page", PAGES, ids=[str(p.relative_to(ROOT)) for p in PAGES])
def test_a_page_names_only_paths_and_names_that_exist(page: Path) -> None:
    assert problems(page) == []


def test_the_check_finds_a_path_and_a_name_that_do_not_exist() -> None:
    """The check can fail: a moved module, a renamed function, a placeholder nothing matches."""
    assert path_exists("landlord/rules/<family>/movement.py") and path_exists("landlord/engine/flows.py")
    assert not path_exists("landlord/engine/no_such_module.py") and not path_exists("notes/<topic>.md.x")
    assert kit_name("schema.check_param") == "landlord.data.schema.check_param"
    assert resolves("landlord.players.savefile.load_game") and not resolves("landlord.engine.savefile.no_such")
    assert kit_name("pyproject.toml") is None and kit_name("voila.json") is None
    text = "`landlord/gone.py`, `landlord.engine.game.Gone`, `gone.py`, `flows.RENT`, `data/boards/`\n"
    assert len(problems(ROOT / "docs" / "decisions" / "a-page.md", text)) == 3
