"""Events in words: "Ada paid $7 rent to Ben for Lot 7"."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from landlord.board import Board
from landlord.events import Event
from landlord.rules import british1913_narrate


def narrate(e: Event, names: Sequence[str], board: Board) -> str | None:
    """One event as a sentence in the game's own language (None for bookkeeping events)."""
    who = names[e.seat] if 0 <= e.seat < len(names) else ""
    cur = board.currency
    k = e.kind

    def space(key: str = "space") -> str:
        idx = e.get(key)
        return board.spaces[idx].name if isinstance(idx, int) and 0 <= idx < len(board) else str(idx)

    if k in british1913_narrate.EVENTS:
        return british1913_narrate.narrate(e, names, board)
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
        "jail_out": f"{who} came out of Jail by " + {"fine": "paying the fine.", "card": "using a Get Out of "
                                                      "Jail Free card."}.get(e.get("how"), "a double."),
        "jail_stay": f"{who} stays in Jail.",
        "poorhouse": f"{who} cannot pay and goes to the Poor House.",
        "poorhouse_stay": f"{who} stays in the Poor House ({e.get('progress')} of {e.get('need')} spaces).",
        "poorhouse_out": f"{who} has finished the round and leaves the Poor House.",
        "unpaid": f"{who} could not pay {cur}{e.get('amount')} of {e.get('reason')}.",
        "loan": f"{who} borrowed {cur}{e.get('principal')} from {e.get('lender')}.",
        "loan_refused": f"{who} refused to lend to {e.get('borrower')}.",
        "repaid": f"{who} repaid loan #{e.get('id')}.",
        # Monopoly and Mucker Monopoly
        "deal": f"{who} was dealt {e.get('deed')}" + (" and paid for it." if e.get("paid") else " free."),
        "auction": f"The Banker auctions {e.get('deed')}.",
        "raise_bid": f"{who} bids {cur}{e.get('amount')}.",
        "auction_unsold": "Nobody bids: nothing is sold.",
        "auction_won": f"{who} wins the {e.get('what')} at auction for {cur}{e.get('amount')}.",
        "deck_card": f"{who} draws a {e.get('deck')} card: {e.get('text')}",
        "income_tax": f"{who} chose the {e.get('choice')} Income Tax: {cur}{e.get('amount')}.",
        "rent_forgotten": f"{who} did not ask for the {cur}{e.get('amount')} rent on {space()}.",
        "bankrupt": f"{who} is bankrupt (owing {cur}{e.get('owed')} to {e.get('creditor')}) and retires.",
        "deed_to_creditor": f"{who} receives {e.get('deed')} from the bankrupt.",
        "mortgaged": f"{who} mortgaged {e.get('deed')}.",
        "unmortgage": f"{who} lifted the mortgage on {e.get('deed')} ({cur}{e.get('paid')}).",
        "mortgage_kept": f"{who} keeps {e.get('deed')} mortgaged and pays {cur}{e.get('interest')} interest.",
        "build": f"{who} built a {e.get('what')} on {e.get('deed')}.",
        "sell_building": f"{who} sold a building on {e.get('deed')} back to the Bank.",
        "trade": f"{who} traded with {e.get('partner')}: gave {e.get('give') or 'no deeds'}, took "
                 f"{e.get('take') or 'no deeds'}, paid {cur}{e.get('pay')}, received {cur}{e.get('want')}.",
        "trade_rejected": f"{e.get('partner')} rejected {who}'s trade.",
        "bribe": f"{who} offered the Banker a Get Out of Jail Free card as a bribe: "
                 + ("accepted." if e.get("accepted") else f"refused, and took {cur}{e.get('took')}."),
        "start": f"Play begins: {e.get('order')}.",
        "phase": f"The rules change: {e.get('old')} → {e.get('new')} ({e.get('cause')}).",
        "end": f"The game is over ({e.get('reason')}).",
    }
    simple.update(_single_tax_and_1906(e, who, cur, space))
    text = simple.get(k, f"{who} {k}".strip())
    if e.get("reconstructed"):
        # a rule or card no source gives: the kit's reconstruction, shown as such
        text += " [reconstructed rule]"
    return text


def _single_tax_and_1906(e: Event, who: str, cur: str, space: Any) -> dict[str, str]:
    """Sentences for the events of Magie's 1906 game and the single-tax phase."""
    return {
        "vote": f"{who} called a vote on the rules ({e.get('phase')}): {e.get('ayes')} for, "
                f"{e.get('noes')} against; " + ("it passes." if e.get("passed") else "it fails."),
        "untaxed": f"{who} pays no tax on {space()} (single tax).",
        "free_ride": f"{space()} belongs to the public: {who} rides free.",
        "open_land": f"{space()} is open land now: {who} is no trespasser.",
        "natural_opportunity": f"{who} cannot afford the move and goes to a Natural Opportunity"
                               + (f", {e.get('name')}," if e.get("name") else "")
                               + f" at the corner by space {e.get('corner')}.",
        "public_buyout": f"The Public Treasury buys out {e.get('name')}: it is free to all from now on.",
        "estate_opened": f"The Public Treasury opens {e.get('name')} to all.",
        "college": f"A Free College goes up on {e.get('name')}.",
        "wages_raised": f"The Public Treasury raises wages to {cur}{e.get('wages')}.",
        "education": f"{who} goes to college and takes an Education card ({e.get('cards')}).",
        "professor": f"{who} exchanges four Education cards for a Professor card.",
        "dealt": f"{who} was dealt the card for {e.get('card')}.",
        "card_returned": f"{who} returned the card for {space()} to the pack.",
        "card": f"{who} holds the card for {e.get('card')}.",
        "bid": f"{who} bid {cur}{e.get('amount')} for "
               + ("the right to build on " if e.get("privilege") else "") + f"{space()}.",
        "unsold": f"Nobody buys {space()}.",
        "speculation_refused": f"{who} refuses to move onto Speculation and stays put.",
        "speculation": f"{who} speculated, threw {e.get('throw')} and won {cur}{e.get('won')}.",
        "skin_game": f"{who} threw the skin game: nothing won, and the Broker ({e.get('broker') or 'none'}) "
                     "goes to Jail.",
        "chance": f"{who} drew a Chance card: {e.get('card')}",
        "house": f"{who} built a house on {space()} ({e.get('houses')} there now).",
        "house_sold": f"{who} sold a house on {space()} back to the Bank.",
        "mortgage": f"{who} mortgaged {space()} to the Bank for {cur}{e.get('amount')}.",
        "mortgage_lifted": f"{who} lifted the mortgage on {space()}.",
        "trust": f"{e.get('members')} pool their railroads in a Trust.",
        "trust_ended": "The railroad Trust is broken up.",
        "jail_time_up": f"{who} has missed {e.get('missed')} turns in Jail and must pay the fine.",
        "double_again": f"{who} threw a double and throws again.",
        "no_wages": f"{who}, the landlord, gets no wages.",
        "card_offer": f"{who} offers {e.get('holder')} {cur}{e.get('amount')} for the card for {space()}.",
        "card_kept": f"{who} keeps the card for {space()}.",
        "card_for_sale": f"{who} offers the card for {e.get('card')} for sale to the other players.",
        "card_unsold": f"Nobody bids for {who}'s card for {space()}.",
        "card_sold": f"{who} sold the card for {e.get('card')} to {e.get('buyer')} for {cur}{e.get('amount')}.",
        "loan_repaid": f"{who} repaid {cur}{e.get('amount')} to {e.get('lender')}.",
        "debt_paid": f"{who} paid {cur}{e.get('amount')} of his debt to {e.get('to')} ({cur}{e.get('left')} "
                     "still owed).",
    }


def transcript(events: Sequence[Event], names: Sequence[str], board: Board) -> str:
    """A readable transcript: one sentence per event, with turn numbers."""
    lines = []
    for e in events:
        text = narrate(e, names, board)
        if text:
            lines.append(f"[turn {e.turn:3d}] {text}")
    return "\n".join(lines) + "\n"
