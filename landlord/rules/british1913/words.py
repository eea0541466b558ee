"""The words students see in the 1913 game: its decisions, option labels and the sentences of its events."""

from __future__ import annotations

from collections.abc import Sequence

from landlord.data.board import Board
from landlord.engine import options
from landlord.engine.decisions import Decision, OptionText
from landlord.engine.events import Event
from landlord.engine.options import parse_option

DECISIONS: dict[str, str] = {
    "site_card": "{name} is dealt the SITE card for {space}: buy it at its CAPITAL LAND VALUE of "
                 "{cur}{amount}, paid into the Bank?",
    "pack_bid": "{space}'s card is offered from the pack, never below its printed price: what does "
                "{name} bid? (best bid so far {cur}{amount})",
    "use_double": "{name} threw a double: use the number on one die ({amount}) or on both?",
    "name_bargain": "{name} owns {space} and has caught a trespasser: name a price to let him off, "
                    "or send him to Gaol?",
    "take_bargain": "{name} is offered a private bargain at {space}: pay {cur}{amount} to be let off, "
                    "or go to Gaol?",
    "gaol": "{name} is in Gaol: pay the {cur}{amount} fine, or throw for a double?",
    "realise": "{name} is {cur}{amount} short of what he must pay: which property to sell for what it will fetch?",
    "forced_bid": "{space} is being sold for what it will fetch: what does {name} bid? (best bid so "
                  "far {cur}{amount})",
    "bid_up": "{name} may bid for a site held by another player: make an offer?",
    "accept_bid": "{name} is offered {cur}{amount} for {space}: sell?",
    "improve_site": "{name} may improve a site, paying the improvement's CAPITAL into the Bank: which?",
}
"""The 1913 decisions in the game's own words (``Rules.DECISIONS``)."""

OPTIONS: dict[str, str] = {
    "buy": "Buy", "decline": "Decline", "both": "Both dice", "one": "One die",
    "gaol": "Go to Gaol", "price": "Let off for {cur}{arg}", "pay": "Pay",
    "throw": "Throw for a double", "refuse": "Refuse", "bid": "Bid {cur}{arg}",
    "none": "No", "accept": "Accept", "pass": "Pass",
}
"""A phrase for each 1913 option prefix (``Rules.OPTIONS``)."""


def space_label(board: Board, d: Decision, option: OptionText) -> str | None:
    """The labels naming the spaces of improvement, sale and bid options; None for any other
    option (the shared labels of ``Rules.option_text`` and :data:`OPTIONS`)."""
    head, arg = options.Option.parse(option, f"{d.kind} option")
    spaces, cur = board.spaces, board.currency
    if head in ("improve", "site", "imp"):
        idx = int(arg)
        what = "the improvement on " if head == "imp" else ""
        return f"{'Improve ' if head == 'improve' else 'Sell '}{what}{spaces[idx].name}"
    if head == "offer":
        idx, price = parse_option(option).ints()
        return f"Bid {cur}{price} for {spaces[idx].name}"
    return None


EVENTS = frozenset({
    "notes", "site_dealt", "site_card_returned", "all_bought", "rent_free", "government_land",
    "sold_to_government", "small_holdings", "asylum", "asylum_wait", "asylum_out", "public_park",
    "duty_abolished", "card_drawn", "gaol", "gaol_out", "gaol_stay", "no_bargain", "bargain",
    "poorhouse_wait", "poorhouse_leave", "free_land", "free_land_stay", "free_land_out",
    "sale_refused", "forced_sale", "debt_cleared", "treasury_borrows", "bid_refused", "site_sold",
    "improve", "tax_relieved",
})
"""Event kinds that only the 1913 rules emit (a test keeps them apart from other families')."""


def narrate(e: Event, names: Sequence[str], board: Board) -> str:
    """One 1913 event as a sentence."""
    who = names[e.seat] if 0 <= e.seat < len(names) else ""
    cur = board.currency
    idx = e.get("space")
    space = board.spaces[idx].name if isinstance(idx, int) and 0 <= idx < len(board) else ""
    what = "the improvement on " if e.get("what") == "imp" else ""
    how = {"fine": "paying the fine", "double": "a double", "time served": "serving his time"}
    text = {
        "notes": f"{who} counts the notes: {e.get('notes')}.",
        "site_dealt": f"{who} is dealt the SITE card for {space}.",
        "site_card_returned": f"{who} does not buy {space}; the card goes back to the pack.",
        "all_bought": ("Every SITE card is bought up: wages are halved, rents and taxes doubled."
                       if e.get("doubled", True) else
                       "Every SITE card is bought up; with free land open to Labour, wages and rents stay."),
        "rent_free": f"{space} is unbought: {who} stays rent-free.",
        "government_land": f"{space} is held by the Government.",
        "sold_to_government": f"{who} sells {space} to the Government for {cur}{e.get('price')}; "
                              "its Gaol penalty is annulled.",
        "small_holdings": f"{space} is assessed and let for small holdings; its Gaol penalty is annulled.",
        "asylum": f"{who} must wait in {space or 'the Asylum'} ({e.get('wait')} turns).",
        "asylum_wait": f"{who} misses a turn in the Asylum ({e.get('left')} more to wait).",
        "asylum_out": f"{who} leaves the Asylum.",
        "public_park": f"{who} strolls in {space}, now a Public Park.",
        "duty_abolished": f"{space} is abolished: {who} escapes payment.",
        "card_drawn": f"{who} draws a {str(e.get('deck')).title()} card: \"{e.get('text')}\"",
        "gaol": f"{who} goes to Gaol ({e.get('why')}).",
        "gaol_out": f"{who} comes out of Gaol by {how.get(str(e.get('how')), e.get('how'))}.",
        "gaol_stay": f"{who} stays in Gaol (throw {e.get('throws')}).",
        "no_bargain": f"{who} strikes no bargain at {space}: {e.get('trespasser')} goes to Gaol.",
        "bargain": f"{who} strikes a private bargain at {space} for {cur}{e.get('price')} and is let off.",
        "poorhouse_wait": f"{who} stays in the Poorhouse, owing {cur}{e.get('owed')}.",
        "poorhouse_leave": f"{who} has paid his debts and leaves the Poorhouse.",
        "free_land": f"{who} is bankrupt and betakes himself to the free land at {space}.",
        "free_land_stay": f"{who} works on the free land, still owing {cur}{e.get('owed')}.",
        "free_land_out": f"{who} has paid his debts and moves on from the free land.",
        "sale_refused": f"Nobody will buy {what}{space} from {who} at any price.",
        "forced_sale": f"{who} must sell {what}{space}: it fetches {cur}{e.get('price')} from {e.get('buyer')}.",
        "debt_cleared": f"{who} has paid his debt to {e.get('to')}.",
        "treasury_borrows": f"The Public Treasury borrows {cur}{e.get('amount')} from the Bank "
                            f"(owing {cur}{e.get('owed')}).",
        "bid_refused": f"{e.get('owner')} refuses {who}'s bid of {cur}{e.get('price')} for {space}.",
        "site_sold": f"{who} buys {space} from {e.get('seller')} for {cur}{e.get('price')}.",
        "tax_relieved": f"{who} is relieved of the tax: Industry pays no taxes now.",
        "improve": f"{who} improves {space} ({e.get('improvement')}; site of {e.get('site_owner')}).",
    }
    return text.get(e.kind, f"{who} {e.kind}".strip())
