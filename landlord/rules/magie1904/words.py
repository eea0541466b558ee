"""The words students see in the 1904 patent game: its decisions and option labels, and the
sentences of its own events."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from landlord.data.board import Board
from landlord.engine.events import Event
from landlord.engine.narrate import marked, terms

DECISIONS: dict[str, str] = {
    "ticket": "{name} holds the lot ticket for {space}: buy the lot for {cur}{amount} "
              "(paid to the Public Treasury), or put the ticket back in the Wages box?",
    "buy_lot": "{name} stops on {space}, which nobody holds: buy it for {cur}{amount} "
               "(paid to the Public Treasury), or rent it?",
    "luxury": "{name} would stop on a Luxury: pay {cur}{amount} to the Public Treasury for "
              "a luxury ticket, or refuse and lose the move?",
    "jail": "{name} is in Jail: pay the {cur}{amount} fine to the Public Treasury, "
            "or throw for a double?",
    "pass": "{name} threw a double and gets a pass: jump from this R.R. to the next one?",
    "direction": "{name} has been around five times and is clear of debt: move which way?",
    "raise": "{name} must pay {cur}{amount} more than is in hand: borrow, or go to the "
             "Poor House?",
    "lend": "{name} is asked for a loan of {cur}{amount}: lend it, and at what interest "
            "per $100 each time the borrower draws wages?",
    "loan_terms": "{name} is offered a loan of {cur}{amount}: accept the lender's terms?",
    "repay": "{name} may repay a loan now and save its interest: repay which?",
    "call_vote": "{name} may call a vote to put the single tax into operation now: call one?",
    "vote": "{name} is asked to vote on the single tax: for or against?",
}
"""Each decision of the 1904 game in a sentence (``Rules.DECISIONS``)."""

OPTIONS: dict[str, str] = {
    "buy": "Buy", "rent": "Rent", "return": "Return the ticket", "borrow_buy": "Borrow and buy",
    "refuse": "Refuse (lose the move)", "pay": "Pay the fine", "throw": "Throw for a double",
    "use_pass": "Use the pass", "no_pass": "Keep counting", "forward": "Forward",
    "backward": "Backward", "borrow": "Borrow {cur}{arg} from the Bank", "ask": "Ask {arg}",
    "poorhouse": "Go to the Poor House", "decline": "Decline", "lend": "Lend at {cur}{arg}",
    "accept": "Accept", "keep": "Keep the loans", "repay": "Repay loan #{arg}",
}
"""A phrase for each option prefix (``Rules.OPTIONS``)."""


EVENTS = frozenset({
    "ticket", "ticket_returned", "pass", "lot_full", "charter", "legacy",
    "repaid", "open_land", "estate_opened",
})
"""Event kinds that only the 1904 patent game emits (its sentences are here;
shared ones in :mod:`landlord.engine.narrate`)."""


def sentences(e: Event, who: str, cur: str, space: Callable[..., str]) -> dict[str, str]:
    """The sentences of the events only the 1904 patent game emits."""
    return {
        "ticket": f"{who} drew the lot ticket for {e.get('lot')}.",
        "ticket_returned": f"{who} put the ticket for {space()} back in the Wages box.",
        "pass": f"{who} used a pass from {space('jump_from')} to {space('jump_to')}.",
        "lot_full": f"{space()} already has two players on it: {who} stops one space short.",
        "charter": f"{who} placed a charter on the {e.get('franchise')}.",
        "legacy": f"{who} received a legacy.",
        "repaid": f"{who} repaid loan #{e.get('id')}.",
        "open_land": f"{space()} is open land now: {who} is no trespasser.",
        "estate_opened": f"The Public Treasury opens {e.get('name')} to all.",
    }


def narrate(e: Event, names: Sequence[str], board: Board) -> str:
    """One event only the 1904 patent game emits, as a sentence."""
    who, cur, space = terms(e, names, board)
    return marked(e, sentences(e, who, cur, space)[e.kind])
