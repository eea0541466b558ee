"""ipywidgets front ends of the landlord kit: a game table, a scenario lab and a lesson's reveal.

They call only the public API of :mod:`landlord`; no rule lives here. Charts are offline Altair
(``alt.JupyterChart.enable_offline()``), so they draw in a classroom without internet.

The names below are imported when first used (PEP 562), so a kernel that needs one front end
(a class student's kernel: ``widgets.classroom_student``) does not import the others.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from widgets.lab import ScenarioLab
    from widgets.reveal import Reveal
    from widgets.session import Seat, TableSession
    from widgets.table import GameTable

__all__ = ["GameTable", "Reveal", "ScenarioLab", "Seat", "TableSession"]
_HOME = {"ScenarioLab": "widgets.lab", "Reveal": "widgets.reveal", "Seat": "widgets.session",
         "TableSession": "widgets.session", "GameTable": "widgets.table"}


def __getattr__(name: str) -> Any:
    if name in _HOME:
        return getattr(importlib.import_module(_HOME[name]), name)
    raise AttributeError(f"module 'widgets' has no attribute {name!r}")
