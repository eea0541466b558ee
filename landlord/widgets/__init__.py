"""ipywidgets front ends of the landlord kit: a game table, a scenario lab and a lesson's reveal.

They call only the public API of :mod:`landlord`; no rule lives here. Charts are offline Altair
(``alt.JupyterChart.enable_offline()``), so they draw in a classroom without internet.

The names below are imported when first used (PEP 562), so a kernel that needs one front end
(a class student's kernel: ``landlord.widgets.classroom_student``) does not import the others.

Where the modules are: this file is the package; its modules live in the repository's top-level
``widgets/`` folder. The wheel puts them beside this file (``landlord/widgets/``, see
``pyproject.toml``); from a source checkout the package path below points at the checkout's
``widgets/`` (:func:`landlord.data.resources.kit_dir`, the lookup that finds the kit's data, lessons
and scenarios). So every import of the front ends, in the lessons, the tests and the benchmarks,
is ``landlord.widgets...`` from a checkout and from the wheel alike, and an installed kit adds no
top-level ``widgets`` package to a teacher's environment. The modules import each other
relatively (``from .state import ...``).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from landlord.data.resources import kit_dir

__path__ = [str(kit_dir("widgets"))]  # the wheel: this folder; a checkout: its top-level widgets/

if TYPE_CHECKING:
    from .lab import ScenarioLab
    from .reveal import Reveal
    from .session import Seat, TableSession
    from .table import GameTable

__all__ = ["GameTable", "Reveal", "ScenarioLab", "Seat", "TableSession"]
_HOME = {"ScenarioLab": "lab", "Reveal": "reveal", "Seat": "session", "TableSession": "session", "GameTable": "table"}


def __getattr__(name: str) -> Any:
    if name in _HOME:
        return getattr(importlib.import_module(f"{__name__}.{_HOME[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
