"""One scenario's editor in the scenario lab: name, rules, phase regime, a bot for each seat,
wages and start cash in the ruleset's own terms."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ipywidgets as W

from landlord.data.loader import load_ruleset, ruleset_ids
from landlord.data.ruleset import Ruleset
from landlord.players.characters import STRATEGIES

from .lab_scenarios import LabScenario
from .layout import WRAP, full_labels
from .phase_switches import PhaseSwitches, about
from .words import rules_label

AMOUNTS = {"wages": (("wages", "Wages"), ("go_salary", "Salary at GO")),
           "start_cash": (("start_cash", "Start cash (each)"), ("start_cash_by_players", "Start cash (each)"))}
"""The editor's two amounts and, per ruleset, the param each stands for with its label: the
first the ruleset has (Monopoly pays a salary at GO, not wages; the 1906 rules give start
cash by the number of players: the entry for the seats chosen)."""


def amount_param(rs: Ruleset, field_name: str) -> tuple[str, str] | None:
    """The param (and its label) that the editor's ``field_name`` amount stands for in ``rs``."""
    p = rs.values()
    return next(((k, label) for k, label in AMOUNTS[field_name] if k in p), None)


def amount_value(rs: Ruleset, key: str, players: int, values: dict[str, Any] | None = None) -> int:
    """The amount of param ``key`` for ``players`` seats (``values``: the params, the ruleset's own
    unless given): a list by players is read at its entry for them (its first is 2 players)."""
    v = (values if values is not None else rs.values())[key]
    return int(v[players - 2]) if isinstance(v, list) else int(v)


class ScenarioEditor(W.VBox):
    """One scenario's choices: name, rules, phase regime, a bot for each seat (chosen from the
    kit's bots, never typed), wages and start cash in the ruleset's own terms."""

    def __init__(self, name: str, ruleset: str, strategies: Sequence[str], regime: Sequence[str] = ()) -> None:
        self.name = W.Text(value=name, description="Name", continuous_update=False)
        self.ruleset = W.Dropdown(options=[(rules_label(r, load_ruleset(r).title), r) for r in ruleset_ids()],
                                  value=ruleset, description="Rules", layout=W.Layout(width="auto", max_width="100%"))
        self.rules_about = W.HTML()
        """The chosen rules' whole title, under their menu."""
        self.regime = PhaseSwitches(load_ruleset(ruleset))
        """The rules at the start and each change of rules, chosen from menus (never typed)."""
        self.players = W.Dropdown(description="Players", layout=W.Layout(width="auto"))
        self.seats: list[W.Dropdown] = []
        self.seat_box = W.HBox(layout=WRAP)
        self.strategies = W.Label()
        """The bots chosen, in words (what the seat menus say, read in one line)."""
        self.wages = W.IntText(description="Wages", layout=W.Layout(width="auto"))
        self.start_cash = W.IntText(description="Start cash (each)", layout=W.Layout(width="auto"))
        self._filling = False
        self._fill(tuple(regime), tuple(strategies))
        self.ruleset.observe(lambda _c: self._fill(), "value")
        self.players.observe(self._on_players, "value")
        super().__init__([self.name, self.ruleset, self.rules_about, self.regime, self.players, self.seat_box,
                          self.strategies, W.HBox([self.wages, self.start_cash], layout=WRAP)])

    @property
    def bots(self) -> tuple[str, ...]:
        """The bots chosen, seat by seat."""
        return tuple(str(d.value) for d in self.seats)

    def _said(self) -> None:
        self.strategies.value = "Bots: " + ", ".join(self.bots)

    def _fill(self, regime: tuple[str, ...] = (), bots: tuple[str, ...] | None = None) -> None:
        rs = load_ruleset(self.ruleset.value)
        self.rules_about.value = about(rs.title)
        self.regime.set_rules(rs, regime)
        bots = bots if bots is not None else self.bots
        counts = list(range(rs.players_min, rs.players_max + 1))
        want = len(bots) if len(bots) in counts else min(max(4, counts[0]), counts[-1])
        # the editor's own observer waits (unobserve_all took the widget's own too, which tells
        # the page the menu's choice: it showed a blank Players menu)
        self._filling = True
        try:
            self.players.options, self.players.value = counts, want
        finally:
            self._filling = False
        self._seat(bots)

    def _on_players(self, _change: dict[str, Any]) -> None:
        if not self._filling:
            self._seat()

    def _seat(self, bots: Sequence[str] | None = None) -> None:
        """One bot menu per seat (the bots kept where seats stay), and the amounts for them."""
        bots = list(bots if bots is not None else self.bots)
        n = int(self.players.value)
        default = ("landlord", "tenant", "speculator", "random")
        self.seats = [W.Dropdown(options=list(STRATEGIES), description=f"Seat {i + 1}",
                                 value=bots[i] if i < len(bots) and bots[i] in STRATEGIES else default[i % 4],
                                 layout=W.Layout(width="auto")) for i in range(n)]
        self.seat_box.children = self.seats
        for d in self.seats:
            d.observe(lambda _c: self._said(), "value")
        self._said()
        full_labels(self.seat_box)
        rs = load_ruleset(self.ruleset.value)
        for box, field_name in ((self.wages, "wages"), (self.start_cash, "start_cash")):
            param = amount_param(rs, field_name)
            box.layout.display = "none" if param is None else ""
            box.disabled = param is None
            if param is not None:
                box.description = param[1]
                box.value = amount_value(rs, param[0], n)

    def scenario(self) -> LabScenario:
        """The scenario as chosen (overrides only for values that differ from the ruleset's)."""
        rs = load_ruleset(self.ruleset.value)
        p = rs.values()
        n = int(self.players.value)
        over: dict[str, Any] = {}
        for box, field_name in ((self.wages, "wages"), (self.start_cash, "start_cash")):
            param = amount_param(rs, field_name)
            if param is None or int(box.value) == amount_value(rs, param[0], n):
                continue
            key = param[0]
            if isinstance(p[key], list):
                over[key] = [*p[key][:n - 2], int(box.value), *p[key][n - 1:]]
            else:
                over[key] = int(box.value)
        name = self.name.value.strip() or self.ruleset.value
        try:
            regime = self.regime.value
        except ValueError as exc:
            raise ValueError(f"{name}: {exc}") from None
        return LabScenario(name, self.ruleset.value, self.bots, regime, over)

    def show(self, s: LabScenario) -> None:
        """Put ``s`` into the editor."""
        self.name.value = s.name
        self.ruleset.value = s.ruleset
        self._fill(s.regime, s.strategies)
        rs = load_ruleset(s.ruleset)
        values = {**rs.values(), **s.overrides}
        for box, field_name in ((self.wages, "wages"), (self.start_cash, "start_cash")):
            param = amount_param(rs, field_name)
            if param is not None and param[0] in s.overrides:
                box.value = amount_value(rs, param[0], len(s.strategies), values)
