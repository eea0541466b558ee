"""ipywidgets front ends of the landlord kit: a game table and a scenario lab.

They call only the public API of :mod:`landlord`; no rule lives here. Charts are offline Altair
(``alt.JupyterChart.enable_offline()``), so they draw in a classroom without internet.
"""

from widgets.board_view import enable_offline_charts
from widgets.lab import ScenarioLab
from widgets.session import Seat, TableSession
from widgets.table import GameTable

__all__ = ["GameTable", "ScenarioLab", "Seat", "TableSession", "enable_offline_charts"]
