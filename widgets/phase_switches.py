"""A phase regime chosen from menus, in words: the rules a game starts with, then each change of
rules (which rules, and when: from the start, by the players' vote, from a turn, from a round,
or once the Gini reaches a level). Nothing is typed but a number, and a bad number or an order
the games cannot keep is refused in words naming the change, with every choice left as it was.

The value is the regime as the kit writes it (``("part2@turn:30", "part3@turn:60")``), so a
scenario file, the lab and the sweep runner read the same thing; students never see that form.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence

import ipywidgets as W

from landlord.data.ruleset import Ruleset
from landlord.engine.phases import parse_switch
from landlord.runs.scenario import order_problem, regime_switch

from .words import phase_label

WHEN = (("from the start", "start"), ("when the players vote for it", "vote"), ("from a turn", "turn"),
        ("from a round", "round"), ("once the Gini reaches", "gini"))
"""When a change of rules comes, in words, and the trigger each stands for."""
NUMBER = {"turn": ("Turn", "30"), "round": ("Round", "15"), "gini": ("Gini", "0.5")}
"""The number a trigger needs: its field's label and an example."""
WHEN_SAID = {"start": "from the start", "vote": "when the players vote for it", "turn": "from turn {}",
             "round": "from round {}", "gini": "once the Gini reaches {}"}


def about(title: str) -> str:
    """A menu's chosen rules in their whole words, to go under the menu (HTML)."""
    return f'<small class="ll-about">{html.escape(title)}</small>'


def switch_said(switch: str, ruleset: Ruleset) -> str:
    """A switch in words: ``single_tax@turn:30`` → "The Single Tax from turn 30"."""
    t = parse_switch(switch)
    shown = t.text.partition(":")[2]
    return f"{phase_label(ruleset.phases[t.phase].title)} {WHEN_SAID[t.kind].format(shown)}"


class _Change(W.VBox):
    """One change of rules: which rules, when, the number when one is needed, and a Remove button."""

    def __init__(self, ruleset: Ruleset, k: int) -> None:
        self.ruleset = ruleset
        self.phase = W.Dropdown(options=[(phase_label(p.title), name) for name, p in ruleset.phases.items()],
                                description=f"Change {k}: to", layout=W.Layout(width="auto", max_width="100%"))
        others = [name for name in ruleset.phases if name != ruleset.default_phase]
        self.phase.value = others[0] if others else ruleset.default_phase
        self.when = W.Dropdown(options=WHEN, value="start", description="when",
                               layout=W.Layout(width="auto", max_width="100%"))
        self.number = W.Text(continuous_update=False, layout=W.Layout(width="auto", max_width="12em"))
        self.remove = W.Button(description="Remove", icon="times", tooltip=f"Remove change {k}",
                               layout=W.Layout(width="auto"))
        self.about = W.HTML()
        for d in (self.phase, self.when, self.number):
            d.style.description_width = "initial"
        self.phase.observe(lambda _c: self._said(), "value")
        self.when.observe(lambda _c: self._said(), "value")
        self._said()
        super().__init__([W.HBox([self.phase, self.when, self.number, self.remove],
                                 layout=W.Layout(flex_flow="row wrap", max_width="100%", align_items="center")),
                          self.about])

    def _said(self) -> None:
        need = NUMBER.get(str(self.when.value))
        self.number.layout.display = "" if need else "none"
        if need:
            self.number.description, self.number.placeholder = need
        self.about.value = about(self.ruleset.phases[str(self.phase.value)].title)

    def switch(self, k: int) -> str:
        """This change as the kit writes it; ValueError in words when its number is wrong."""
        kind, text = str(self.when.value), self.number.value.strip()
        if kind in ("start", "vote"):
            return f"{self.phase.value}@{kind}"
        if kind == "gini":
            try:
                level = float(text)
            except ValueError:
                level = 0.0
            if not 0 < level < 1:
                raise ValueError(f"change {k}: the Gini level is a number between 0 and 1, such as 0.5 "
                                 f"(not “{text}”)")
            return f"{self.phase.value}@gini:{level:g}"
        if not re.fullmatch(r"\d+", text) or int(text) < 1:
            raise ValueError(f"change {k}: the {kind} is a whole number from 1, such as {NUMBER[kind][1]} "
                             f"(not “{text}”)")
        return f"{self.phase.value}@{kind}:{int(text)}"

    def show(self, switch: str) -> None:
        """Put the switch ``phase@trigger`` into the menus."""
        t = parse_switch(switch)
        self.phase.value = t.phase
        self.when.value = t.kind
        self.number.value = t.text.partition(":")[2]


class PhaseSwitches(W.VBox):
    """The rules a game starts with and the changes of rules after it, chosen from menus."""

    def __init__(self, ruleset: Ruleset, value: Sequence[str] = ()) -> None:
        self.ruleset = ruleset
        self.start_words = W.HTML()
        self.changes: list[_Change] = []
        self.add = W.Button(description="Add a change of rules", icon="plus",
                            layout=W.Layout(width="auto", align_self="flex-start"))
        self.add.on_click(lambda _b: self._add())
        super().__init__(layout=W.Layout(max_width="100%"))
        self.set_rules(ruleset, value)

    def set_rules(self, ruleset: Ruleset, value: Sequence[str] = ()) -> None:
        """Offer ``ruleset``'s phases, with the changes ``value`` (``phase@trigger`` texts)."""
        self.ruleset = ruleset
        start = ruleset.phases[ruleset.default_phase].title
        self.start_words.value = (f"<b>Rules at the start:</b> {html.escape(phase_label(start))} (as printed)"
                                  f"<br>{about(start)}")
        self.changes = []
        for switch in value:
            self._add(switch, draw=False)
        self._draw()

    def _add(self, switch: str | None = None, draw: bool = True) -> None:
        change = _Change(self.ruleset, len(self.changes) + 1)
        if switch is not None:
            change.show(switch)
        change.remove.on_click(lambda _b, c=change: self._remove(c))
        self.changes.append(change)
        if draw:
            self._draw()

    def _remove(self, change: _Change) -> None:
        kept = [c for c in self.changes if c is not change]
        self.changes = []
        for c in kept:  # numbered again, choices kept
            self._add(draw=False)
            new = self.changes[-1]
            new.phase.value, new.when.value, new.number.value = c.phase.value, c.when.value, c.number.value
        self._draw()

    def _draw(self) -> None:
        one = len(self.ruleset.phases) > 1
        self.add.layout.display = "" if one else "none"
        self.children = [self.start_words, *self.changes, self.add]

    @property
    def value(self) -> tuple[str, ...]:
        """The changes as the kit writes them; ValueError in words naming the change that is
        wrong (a number, or an order the games cannot keep)."""
        regime = tuple(c.switch(k) for k, c in enumerate(self.changes, 1))
        wrong = order_problem([regime_switch(t.phase, t.text) for t in map(parse_switch, regime)])
        if wrong:
            k, field, _ = wrong
            said = [switch_said(s, self.ruleset) for s in regime]
            if field == "phase":
                raise ValueError(f"change {k + 1} ({said[k]}) brings back the rules change {k} brought in: it "
                                 "changes nothing; remove it or choose other rules")
            raise ValueError(f"change {k + 1} ({said[k]}) cannot follow change {k} ({said[k - 1]}): each change "
                             "comes when its own time is due, so they must be listed in the order they happen: "
                             "only the first may be from the start; a vote comes alone or right after a change "
                             "from the start, with nothing after it; the others all come at a turn, all at a "
                             "round or all at a Gini level, each later than the one before")
        if len(regime) > 1 and parse_switch(regime[0]).phase == self.ruleset.default_phase:
            raise ValueError(f"change 1 ({switch_said(regime[0], self.ruleset)}) brings in the rules the game "
                             "starts with: it changes nothing; remove it")
        return regime

    @value.setter
    def value(self, regime: Sequence[str]) -> None:
        self.set_rules(self.ruleset, tuple(regime))
