"""The words students see in Monopoly: its decisions and option labels (the sentences of a decision
and of an option are functions of the game's state, which names spaces as the theme does), and
the sentences of the events only Monopoly emits."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from landlord.data.board import Board
from landlord.engine import options
from landlord.engine.decisions import Decision
from landlord.engine.events import Event
from landlord.engine.narrate import marked, terms
from landlord.rules.monopoly.state import MonopolyState

DECISIONS: dict[str, str] = {
    "manage": "{name}, before throwing: build, sell buildings, mortgage, lift a mortgage or "
              "propose a trade — or done?",
    "buy_deed": "{name} stops on {space}, which nobody owns: buy it for {cur}{amount}, or "
                "let the Banker auction it?",
    "auction_bid": "Auction of {space}: the highest bid is {cur}{amount}. {name}, raise or pass?",
    "ask_rent": "{name}: a player stands on your {space}. Ask for the {cur}{amount} rent?",
    "income_tax": "{name} stops on Income Tax: pay {cur}{amount}, or 10% of total worth? "
                  "(Choose before adding up.)",
    "jail_exit": "{name} is in Jail: use a Get Out of Jail Free card, pay the {cur}{amount} "
                 "fine, or throw for doubles?",
    "raise_cash": "{name} owes {cur}{amount} more than is in hand: sell buildings or "
                  "mortgage to raise it.",
    "lift_mortgage": "{name} receives mortgaged {space}: lift the mortgage now (value + 10%), "
                     "or keep it mortgaged and pay the 10% interest now?",
    "manage_lot": "{name}: which lot?",
    "trade_item": "{name} is putting a trade together: add or remove an item, offer it, "
                  "or cancel?",
    "trade_reply": "{name} is offered a trade: accept or reject?",
    "place_building": "{name} won the building at auction: put it on which lot?",
    "bribe_reply": "{name} (the Banker) is offered a Get Out of Jail Free card as a bribe: "
                   "accept it, or refuse (and lose {cur}{amount} to the briber)?",
}

OPTIONS: dict[str, str] = {
    "done": "Done", "house": "Build a house on {arg}", "hotel": "Build a hotel on {arg}",
    "sell_house": "Sell a building from {arg}", "sell_all": "Sell all buildings of the {arg} group",
    "mortgage": "Mortgage {arg}", "unmortgage": "Lift the mortgage on {arg}",
    "trade": "Propose a trade to {arg}", "bribe": "Bribe the Banker",
    "buy": "Buy", "auction": "Auction it", "pass": "Pass", "bid": "Bid {cur}{arg}",
    "ask": "Ask for the rent", "forget": "Say nothing", "flat": "Pay the flat tax",
    "percent": "Pay 10% of worth", "card": "Use the card", "pay": "Pay the fine",
    "throw": "Throw for doubles", "lift": "Lift now", "keep": "Keep mortgaged",
    "give": "Give {arg}", "take": "Ask for {arg}", "give_card": "Give a {arg} card",
    "take_card": "Ask for a {arg} card", "pay_cash": "Add {cur}{arg} from me",
    "want_cash": "Add {cur}{arg} from them", "offer": "Offer the trade", "cancel": "Cancel",
    "accept": "Accept", "reject": "Reject", "refuse": "Refuse", "back": "Back",
}

MENUS: dict[str, str] = {
    "sell": "Sell buildings", "mortgage": "Mortgage a lot", "unmortgage": "Lift a mortgage",
}

LOT_OPTIONS: frozenset[str] = frozenset(
    {"house", "hotel", "sell_house", "mortgage", "unmortgage", "give", "take"})


def explain(st: MonopolyState, d: Decision) -> str:
    """The decision in a sentence, with the space named as the theme names it."""
    g = st.g
    text = DECISIONS.get(d.kind, d.kind)
    space = st.names[d.space] if d.space >= 0 else ""
    return text.format(name=g.names[d.seat], space=space, amount=d.amount, cur=g.board.currency)


def option_text(st: MonopolyState, d: Decision, option: str) -> str:
    """A short label for one option, with lots and seats by name (theme names shown)."""
    head, arg = options.Option.parse(option, f"{d.kind} option")
    if not arg and head in MENUS:
        return MENUS[head]
    label = OPTIONS.get(head, head.replace("_", " "))
    if head in LOT_OPTIONS:
        arg = st.names[int(arg)]
    elif head == "trade":
        arg = st.g.names[int(arg)]
    return label.format(arg=arg, cur=st.g.board.currency)


EVENTS = frozenset({
    "deal", "auction", "raise_bid", "auction_unsold", "auction_won", "deck_card",
    "income_tax", "rent_forgotten", "bankrupt", "deed_to_creditor", "mortgaged", "unmortgage",
    "mortgage_kept", "build", "sell_building", "trade", "trade_rejected", "bribe",
})
"""Event kinds that only Monopoly (and Mucker Monopoly) emits (shared ones: :mod:`landlord.engine.narrate`)."""


def sentences(e: Event, who: str, cur: str, space: Callable[..., str]) -> dict[str, str]:
    """The sentences of the events only Monopoly (and Mucker Monopoly) emits."""
    return {
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
    }


def narrate(e: Event, names: Sequence[str], board: Board) -> str:
    """One event only Monopoly (and Mucker Monopoly) emits, as a sentence."""
    who, cur, space = terms(e, names, board)
    return marked(e, sentences(e, who, cur, space)[e.kind])
