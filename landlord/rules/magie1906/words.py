"""The words students see in the 1906 game: its option labels."""

from __future__ import annotations

from landlord import options
from landlord.decisions import Decision
from landlord.rules.magie1906.state import Magie1906State


class Magie1906Words(Magie1906State):
    """The words students see for the 1906 game's options."""

    def option_text(self, d: Decision, option: str) -> str:
        """A short label for one option of ``d``, naming spaces, players and Natural
        Opportunities in words (never by number)."""
        head, arg = options.Option.parse(option, f"{d.kind} option")
        if arg and head in self.SPACE_OPTIONS:
            return self.OPTIONS[head].format(arg=self.g.board.spaces[int(arg)].name)
        if arg and head == "repay_loan":
            return self.OPTIONS[head].format(arg=self.g.names[int(arg)])
        if arg and head == "corner":
            return self.OPTIONS[head].format(arg=self.naturals[int(arg)])
        return super().option_text(d, option)
