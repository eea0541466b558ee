"""Events in words: "Ada paid $7 rent to Ben for Lot 7"."""

from __future__ import annotations

from collections.abc import Sequence

from landlord.board import Board
from landlord.events import Event


def narrate(e: Event, names: Sequence[str], board: Board) -> str | None:
    """One event as a sentence in the game's own language (None for bookkeeping events)."""
    who = names[e.seat] if 0 <= e.seat < len(names) else ""
    cur = board.currency
    k = e.kind

    def space(key: str = "space") -> str:
        idx = e.get(key)
        return board.spaces[idx].name if isinstance(idx, int) and 0 <= idx < len(board) else str(idx)

    if k == "transfer":
        amount, reason = e.get("amount"), e.get("reason")
        return f"{e.get('from')} paid {cur}{amount} {reason} to {e.get('to')}."
    simple = {
        "first": f"{who} threw {e.get('throw')} and plays first.",
        "ticket": f"{who} drew the lot ticket for {e.get('lot')}.",
        "ticket_returned": f"{who} put the ticket for {space()} back in the Wages box.",
        "throw": f"{who} threw {e.get('dice')}" + (" (a double)." if e.get("double") else "."),
        "move": f"{who} moved to {e.get('space')}.",
        "buy": f"{who} bought {e.get('lot')}.",
        "pass": f"{who} used a pass from {space('jump_from')} to {space('jump_to')}.",
        "lot_full": f"{space()} already has two players on it: {who} stops one space short.",
        "luxury_refused": f"{who} refused the Luxury and loses the move.",
        "luxury": f"{who} bought a luxury ticket.",
        "charter": f"{who} placed a charter on the {e.get('franchise')}.",
        "legacy": f"{who} received a legacy.",
        "circuit": f"{who} has been around {e.get('circuits')} times.",
        "jail": f"{who} went to Jail.",
        "jail_out": f"{who} came out of Jail by " + ("paying the fine." if e.get("how") == "fine" else "a double."),
        "jail_stay": f"{who} stays in Jail.",
        "poorhouse": f"{who} cannot pay and goes to the Poor House.",
        "poorhouse_stay": f"{who} stays in the Poor House ({e.get('progress')} of {e.get('need')} spaces).",
        "poorhouse_out": f"{who} has finished the round and leaves the Poor House.",
        "unpaid": f"{who} could not pay {cur}{e.get('amount')} of {e.get('reason')}.",
        "loan": f"{who} borrowed {cur}{e.get('principal')} from {e.get('lender')}.",
        "loan_refused": f"{who} refused to lend to {e.get('borrower')}.",
        "repaid": f"{who} repaid loan #{e.get('id')}.",
        "start": f"Play begins: {e.get('order')}.",
        "phase": f"The rules change: {e.get('old')} → {e.get('new')} ({e.get('cause')}).",
        "end": f"The game is over ({e.get('reason')}).",
    }
    return simple.get(k, f"{who} {k}".strip())


def transcript(events: Sequence[Event], names: Sequence[str], board: Board) -> str:
    """A readable transcript: one sentence per event, with turn numbers."""
    lines = []
    for e in events:
        text = narrate(e, names, board)
        if text:
            lines.append(f"[turn {e.turn:3d}] {text}")
    return "\n".join(lines) + "\n"
