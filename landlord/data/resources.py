"""Where the kit's own folders are: one lookup, the same from a source checkout and from the wheel.

The repository keeps ``data/``, ``lessons/``, ``scenarios/`` and ``widgets/`` beside the
``landlord/`` package; the wheel ships all four inside it (``landlord/kit/data``,
``landlord/kit/lessons``, ``landlord/kit/scenarios`` and ``landlord/widgets``:
``[tool.hatch.build.targets.wheel]`` in ``pyproject.toml``), so an installed kit adds one
top-level name, ``landlord``, to a teacher's environment. :func:`kit_dir` answers for both
layouts, and :func:`installed` says which one this is. The decision is taken once for every
folder (the wheel ships ``landlord/kit``; a checkout never has it), so a half-installed mixture
of checkout and package files cannot be picked up folder by folder. (``landlord/data`` is the
code that reads the data: the kit's lowest layer.)

``landlord.widgets`` (the ipywidgets front ends) uses the same lookup for its package path, so
from a checkout it is the top-level ``widgets/`` folder (:mod:`landlord.widgets`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal, get_args

Folder = Literal["data", "lessons", "scenarios", "widgets"]
"""The kit's folders: boards, decks, positions and rulesets; the lesson notebooks and
``voila.json``; the scenario files; the front ends' modules."""

FOLDERS: tuple[Folder, ...] = get_args(Folder)

PACKAGE = Path(__file__).resolve().parent.parent
"""The ``landlord`` package folder (in ``site-packages`` when installed, else in the checkout)."""


def installed() -> bool:
    """True when the kit runs from its wheel (its folders inside the package), False when it runs
    from a source checkout (its folders beside the package)."""
    return (PACKAGE / "kit").is_dir()


def kit_dir(name: Folder) -> Path:
    """The kit's folder ``name``: ``landlord/kit/<name>`` (``landlord/widgets``) inside the
    installed package, or the checkout's top-level ``<name>/`` when running from a source tree."""
    if name not in FOLDERS:
        raise ValueError(f"{name!r} is not one of the kit's folders {FOLDERS}")
    if not installed():
        return PACKAGE.parent / name
    return PACKAGE / name if name == "widgets" else PACKAGE / "kit" / name
