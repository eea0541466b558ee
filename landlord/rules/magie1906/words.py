"""The words students see in the 1906 game: its decisions and option labels, and the sentences of
its own events."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from landlord.data.board import Board
from landlord.engine import options
from landlord.engine.decisions import Decision
from landlord.engine.events import Event
from landlord.engine.narrate import marked, terms

if TYPE_CHECKING:
    from landlord.rules.magie1906.state import Magie1906State

DECISIONS: dict[str, str] = {
    "ticket": "{name} was dealt the card for {space}: buy it for {cur}{amount} (paid to the "
              "Public Treasury), or return it to the pack?",
    "bid": "{space} is for sale: {name} may bid more than {cur}{amount}, or pass.",
    "buy": "{name} stopped on {space}: buy it for {cur}{amount} (the highest price bid), "
           "or let it go?",
    "speculate": "{name}'s throw would bring him to Speculation: play, or stay where he is?",
    "direction": "{name} is between the Chances and threw {amount}: move which way?",
    "jail": "{name} is in Jail: pay the {cur}{amount} fine, or throw for a double?",
    "luxury": "{name} stopped on Luxury: buy a luxury for {cur}{amount}?",
    "build": "{name} may build a house for {cur}{amount}: where?",
    "trust": "{name} and one other player hold every railroad: pool them in a Trust?",
    "shortfall": "{name} must pay {cur}{amount} more than is in hand: mortgage or sell what, "
                 "or ask whom for a loan?",
    "repay": "{name} may lift a mortgage or repay a loan now: which?",
    "market": "{name} may offer to buy another player's card, or offer one of his own for "
              "sale, before throwing: which?",
    "offer_price": "{name} offers to buy the card for {space}: at what price?",
    "accept_offer": "{name} is offered {cur}{amount} for his card for {space}: sell it?",
    "card_bid": "The card for {space} is for sale between the players: {name} may bid more "
                "than {cur}{amount}, or pass.",
    "take_bid": "The best bid for {name}'s card for {space} is {cur}{amount}: sell it?",
    "lend": "{name} is asked for a loan of {cur}{amount}: lend it, and at what interest?",
    "loan_terms": "{name} is offered a loan of {cur}{amount}: accept the lender's terms?",
    "natural": "{name} cannot afford the move to {space}: go to which Natural Opportunity "
               "behind it?",
    "call_vote": "{name} may call a vote to put the Single Tax into operation: call one?",
    "vote": "{name} is asked to vote on the Single Tax: for or against?",
}
"""Each decision of the 1906 game in a sentence (``Rules.DECISIONS``)."""

OPTIONS: dict[str, str] = {
    "buy": "Buy", "return": "Return to the pack", "pass": "Pass", "bid": "Bid {cur}{arg}",
    "decline": "Let it go", "play": "Play", "stay": "Stay", "forward": "Forward",
    "backward": "Backward", "pay": "Pay the fine", "throw": "Throw for a double",
    "refuse": "No", "none": "Do not build", "build": "Build on {arg}",
    "form": "Form the Trust", "mortgage": "Mortgage {arg}",
    "sell_house": "Sell a house on {arg}", "keep": "Not now",
    "repay": "Lift the mortgage on {arg}",
    "repay_loan": "Repay the loan from {arg}", "sell_card": "Offer the card for {arg} to the "
    "other players", "ask": "Ask {arg} for a loan",
    "buy_card": "Offer to buy the card for {arg}", "offer_card": "Offer the card for {arg} for "
    "sale", "price": "Offer {cur}{arg}", "cancel": "Withdraw the offer",
    "sell": "Sell", "lend": "Lend at {cur}{arg} per {cur}100", "accept": "Accept",
    "corner": "Go to {arg}",
}
"""A phrase for each option prefix (``Rules.OPTIONS``)."""

SPACE_OPTIONS: frozenset[str] = frozenset({
    "build", "mortgage", "sell_house", "repay", "sell_card", "buy_card", "offer_card"})
"""Options whose argument is a space: shown by the space's name."""


def option_text(s: Magie1906State, d: Decision, option: str) -> str | None:
    """A short label for one option of ``d`` naming a space, a player or a Natural Opportunity
    in words (never by number); None for the others (the kit's labels, ``Rules.option_text``)."""
    head, arg = options.Option.parse(option, f"{d.kind} option")
    if arg and head in SPACE_OPTIONS:
        return OPTIONS[head].format(arg=s.g.board.spaces[int(arg)].name)
    if arg and head == "repay_loan":
        return OPTIONS[head].format(arg=s.g.names[int(arg)])
    if arg and head == "corner":
        return OPTIONS[head].format(arg=s.naturals[int(arg)])
    return None


EVENTS = frozenset({
    "dealt", "card_returned", "college", "education", "professor", "card",
    "bid", "unsold", "speculation_refused", "speculation", "skin_game", "chance",
    "house", "house_sold", "mortgage", "mortgage_lifted", "trust", "trust_ended",
    "jail_time_up", "double_again", "no_wages", "card_offer", "card_kept", "card_for_sale",
    "card_unsold", "card_sold", "loan_repaid", "debt_paid",
})
"""Event kinds that only Magie's 1906 game emits (its sentences are here;
shared ones in :mod:`landlord.engine.narrate`)."""


def sentences(e: Event, who: str, cur: str, space: Callable[..., str]) -> dict[str, str]:
    """The sentences of the events only Magie's 1906 game emits."""
    return {
        "dealt": f"{who} was dealt the card for {e.get('card')}.",
        "card_returned": f"{who} returned the card for {space()} to the pack.",
        "college": f"A Free College goes up on {e.get('name')}.",
        "education": f"{who} goes to college and takes an Education card ({e.get('cards')}).",
        "professor": f"{who} exchanges four Education cards for a Professor card.",
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


def narrate(e: Event, names: Sequence[str], board: Board) -> str:
    """One event only Magie's 1906 game emits, as a sentence."""
    who, cur, space = terms(e, names, board)
    return marked(e, sentences(e, who, cur, space)[e.kind])
