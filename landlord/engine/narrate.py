"""Events in words: "Ada paid $7 rent to Ben for Lot 7".

The sentences of the events several families emit are here; each family's own are in its
``words`` module (``landlord.rules.<family>.words``: ``EVENTS`` and ``narrate``), handed in with
the family (:class:`Words`: a game's :attr:`~landlord.engine.game.Game.family`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from landlord.data.board import Board
from landlord.engine.events import Event

Narrator = Callable[[Event, Sequence[str], Board], str]


class Words(Protocol):
    """A rules family's own words: the event kinds only it emits and its sentence for each (a
    :class:`landlord.rules.family.Family` is one)."""

    @property
    def events(self) -> frozenset[str]:
        """The event kinds only this family emits."""
        ...

    @property
    def narrate(self) -> Narrator:
        """One of the family's own events as a sentence."""
        ...


def terms(e: Event, names: Sequence[str], board: Board) -> tuple[str, str, Callable[..., str]]:
    """Who acts, the currency, and ``space(key='space')``: the name of the space an event names."""
    who = names[e.seat] if 0 <= e.seat < len(names) else ""

    def space(key: str = "space") -> str:
        idx = e.get(key)
        return board.spaces[idx].name if isinstance(idx, int) and 0 <= idx < len(board) else str(idx)

    return who, board.currency, space


def marked(e: Event, text: str) -> str:
    """``text``, marked where the event plays a rule or card no source gives (the kit's
    reconstruction, shown as such)."""
    return text + " [reconstructed rule]" if e.get("reconstructed") else text


def narrate(e: Event, names: Sequence[str], board: Board, words: Words) -> str | None:
    """One event as a sentence in the game's own language (None for bookkeeping events); an
    event only the game's family emits is said in its ``words``."""
    k = e.kind
    if k in words.events:
        return words.narrate(e, names, board)
    who, cur, space = terms(e, names, board)
    if k == "transfer":
        amount, reason = e.get("amount"), e.get("reason")
        return f"{e.get('from')} paid {cur}{amount} {reason} to {e.get('to')}."
    simple = {
        "first": f"{who} threw {e.get('throw')} and plays first.",
        "throw": f"{who} threw {e.get('dice')}" + (" (a double)." if e.get("double") else "."),
        "move": f"{who} moved to {e.get('space')}.",
        "buy": f"{who} bought {e.get('lot')}.",
        "luxury_refused": f"{who} refused the Luxury and loses the move.",
        "luxury": f"{who} bought a luxury ticket.",
        "circuit": f"{who} has been around {e.get('circuits')} times.",
        "jail": f"{who} went to Jail.",
        "jail_out": f"{who} came out of Jail by " + {"fine": "paying the fine.", "card": "using a Get Out of "
                                                      "Jail Free card."}.get(e.get("how"), "a double."),
        "jail_stay": f"{who} stays in Jail.",
        "poorhouse": f"{who} cannot pay and goes to the Poor House.",
        "poorhouse_stay": f"{who} stays in the Poor House ({e.get('progress')} of {e.get('need')} spaces).",
        "poorhouse_out": f"{who} has finished the round and leaves the Poor House.",
        "unpaid": f"{who} could not pay {cur}{e.get('amount')} of {e.get('reason')}.",
        "loan": f"{who} borrowed {cur}{e.get('principal')} from {e.get('lender')}.",
        "loan_refused": f"{who} refused to lend to {e.get('borrower')}.",
        "start": f"Play begins: {e.get('order')}.",
        "phase": f"The rules change: {e.get('old')} → {e.get('new')} ({e.get('cause')}).",
        "end": f"The game is over ({e.get('reason')}).",
    }
    simple.update(_single_tax(e, who, cur, space))
    return marked(e, simple.get(k, f"{who} {k}".strip()))


def _single_tax(e: Event, who: str, cur: str, space: Callable[..., str]) -> dict[str, str]:
    """Sentences for the votes and the single-tax events the Magie games share."""
    return {
        "vote": f"{who} called a vote on the rules ({e.get('phase')}): {e.get('ayes')} for, "
                f"{e.get('noes')} against; " + ("it passes." if e.get("passed") else "it fails."),
        "untaxed": f"{who} pays no tax on {space()} (single tax).",
        "free_ride": f"{space()} belongs to the public: {who} rides free.",
        "natural_opportunity": f"{who} cannot afford the move and goes to a Natural Opportunity"
                               + (f", {e.get('name')}," if e.get("name") else "")
                               + f" at the corner by space {e.get('corner')}.",
        "public_buyout": f"The Public Treasury buys out {e.get('name')}: it is free to all from now on.",
        "wages_raised": f"The Public Treasury raises wages to {cur}{e.get('wages')}.",
    }


def transcript(events: Sequence[Event], names: Sequence[str], board: Board, words: Words) -> str:
    """A readable transcript: one sentence per event, with turn numbers (the family's own
    events in its ``words``: pass the game's :attr:`~landlord.engine.game.Game.family`)."""
    lines = []
    for e in events:
        text = narrate(e, names, board, words)
        if text:
            lines.append(f"[turn {e.turn:3d}] {text}")
    return "\n".join(lines) + "\n"
