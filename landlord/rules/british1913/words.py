"""The words students see in the 1913 game: option labels and the sentences of its events."""

from __future__ import annotations

from landlord import options
from landlord.decisions import Decision, OptionText
from landlord.options import parse_option
from landlord.rules.british1913.state import British1913State


class British1913Words(British1913State):
    """The words students see for the 1913 game's options."""

    # -- wording --------------------------------------------------------------------------
    def option_text(self, d: Decision, option: OptionText) -> str:
        """Labels naming the spaces of improvement, sale and bid options."""
        head, arg = options.Option.parse(option, f"{d.kind} option")
        spaces, cur = self.g.board.spaces, self.g.board.currency
        if head in ("improve", "site", "imp"):
            idx = int(arg)
            what = "the improvement on " if head == "imp" else ""
            return f"{'Improve ' if head == 'improve' else 'Sell '}{what}{spaces[idx].name}"
        if head == "offer":
            idx, price = parse_option(option).ints()
            return f"Bid {cur}{price} for {spaces[idx].name}"
        return super().option_text(d, option)
