"""The bots in Monopoly: each keeps its character, and the landlord trades sensibly (never gives
away a colour group for a utility)."""

from __future__ import annotations

from test_monopoly_helpers import fresh, own, run, set_cash

from landlord.engine.decisions import Decision
from landlord.engine.strategies import Landlord, RandomBot, Speculator, TableView, Tenant
from landlord.rules.monopoly import REPLY, TradeOffer
from landlord.runs.simulate import play_one


def _reply(bot: object, g: object, r: object, offer: TradeOffer) -> str:
    r.table.offer = offer  # type: ignore[attr-defined]
    return bot.choose(TableView(g, offer.partner), Decision(offer.partner, "trade_reply", REPLY))  # type: ignore[arg-type, attr-defined]


def test_landlord_never_gives_a_colour_group_for_a_utility() -> None:
    """The sensible trader refuses to hand over the lot that completes the other side's colour
    group in exchange for a utility — even with cash on top."""
    g, r = fresh()
    own(r, 0, 37, 12)
    own(r, 1, 39)
    offer = TradeOffer(0, 1, give={12}, take={39}, pay_cash=300)
    assert _reply(Landlord(), g, r, offer) == "reject"


def test_landlord_accepts_a_swap_completing_both_groups() -> None:
    """A swap where each side completes a colour group is accepted when it gets at least the
    printed value it gives."""
    g, r = fresh()
    own(r, 0, 37, 1)
    own(r, 1, 39, 3)
    offer = TradeOffer(0, 1, take={3}, pay_cash=200)  # seat 0 would complete browns, seat 1 nothing
    assert _reply(Landlord(), g, r, offer) == "reject"
    offer = TradeOffer(0, 1, give={37}, take={3})  # seat 1 completes dark blue, seat 0 browns
    assert _reply(Landlord(), g, r, offer) == "accept"


def test_landlord_never_breaks_its_own_group() -> None:
    """The sensible trader does not give up a lot of a group it holds whole."""
    g, r = fresh()
    own(r, 1, 37, 39)
    offer = TradeOffer(0, 1, take={39}, pay_cash=1000)
    assert _reply(Landlord(), g, r, offer) == "reject"


def test_landlord_sells_a_lone_lot_for_its_price_in_cash() -> None:
    """A lot that completes nothing for the buyer sells at its printed price or more."""
    g, r = fresh()
    own(r, 1, 39)
    assert _reply(Landlord(), g, r, TradeOffer(0, 1, take={39}, pay_cash=400)) == "accept"
    assert _reply(Landlord(), g, r, TradeOffer(0, 1, take={39}, pay_cash=300)) == "reject"


def test_landlord_proposes_a_mutual_completion_swap() -> None:
    """In its manage step the landlord proposes the swap that completes a group for each side."""
    g, r = fresh()
    own(r, 0, 37, 1)
    own(r, 1, 39, 3)
    bot = Landlord()
    view = TableView(g, 0)
    answers = []

    def pick(d: Decision) -> str:
        choice = bot.choose(TableView(g, d.seat), d) if d.seat == 0 else Landlord().choose(TableView(g, d.seat), d)
        answers.append(choice)
        return choice

    assert view.table is r.table
    run(r.manage(0), pick)
    assert (r.owner[39] == 0 and r.owner[3] == 1) or (r.owner[3] == 0 and r.owner[39] == 1)
    assert "offer" in answers


def test_tenant_never_buys_bids_or_builds() -> None:
    """The tenant's character: it rents, never owns by choice."""
    g, _r = fresh()
    t = Tenant()
    v = TableView(g, 0)
    assert t.choose(v, Decision(0, "buy_deed", ("buy", "auction"), 39, 400)) == "auction"
    assert t.choose(v, Decision(0, "auction_bid", ("pass", "bid:1"), 39, 0)) == "pass"
    assert t.choose(v, Decision(0, "manage", ("done", "house:37"))) == "done"


def test_speculator_buys_everything_and_bribes() -> None:
    """The speculator buys every deed and offers the Banker a spare Jail card."""
    g, _r = fresh("mucker")
    s = Speculator()
    v = TableView(g, 1)
    assert s.choose(v, Decision(1, "buy_deed", ("buy", "auction"), 39, 400)) == "buy"
    assert s.choose(v, Decision(1, "manage", ("done", "bribe"))) == "bribe"


def test_bots_finish_games_with_trades_happening() -> None:
    """Four-bot games end, and the landlord's trades do happen in them."""
    trades = 0
    for seed in range(20):
        game = play_one(fresh()[0].ruleset, ["landlord", "speculator", "landlord", "tenant"], seed, log=True)
        assert game.over
        trades += sum(1 for e in game.events or [] if e.kind == "trade")
    assert trades > 0


def test_random_bot_plays_monopoly() -> None:
    """The random bot picks among legal options (the engine rejects anything else)."""
    g, _r = fresh()
    bot = RandomBot(3)
    d = Decision(0, "manage", ("done", "mortgage"))
    assert bot.choose(TableView(g, 0), d) in d.options


def test_bots_see_only_the_table_view() -> None:
    """Issue 13: the bots read the game through MonopolyTable alone — the view has no public
    way to the rules object, and the bots' module reaches for none."""
    import inspect

    import landlord.players.monopoly as bots
    from landlord.rules.monopoly import MonopolyTable

    assert "rules" not in MonopolyTable.__slots__
    source = inspect.getsource(bots).replace("landlord.rules.monopoly", "")
    assert ".rules" not in source and "._rules" not in source and ".g.p" not in source


def test_speculator_sells_buildings_back_to_buy_only_a_deed_that_completes_a_group() -> None:
    """Houses 'may be sold back to the Bank at any time' to raise a price, but the speculator
    does it only for a deed that completes one of its groups; a price its cash and mortgages
    cover it pays as before. Seat 0: a house on each dark blue, Oriental and Vermont (mortgage
    $50 each), $10."""
    from landlord.rules.monopoly import BUY

    g, r = fresh()
    own(r, 0, 37, 39, 6, 8)
    r.houses[37] = r.houses[39] = 1
    r.n_built[0] = 2
    r.gbuilt[r.gid[37]] = 2
    r.houses_left -= 2
    set_cash(g, 0, 10)
    bot = Speculator()
    view = TableView(g, 0)
    assert bot.choose(view, Decision(0, "buy_deed", BUY, 9, 120)) == "buy"  # Connecticut completes the light blues
    assert bot.choose(view, Decision(0, "buy_deed", BUY, 24, 240)) == "auction"  # Illinois: not worth a house
    set_cash(g, 0, 140)  # $140 and the two mortgages cover Illinois' $240
    assert bot.choose(view, Decision(0, "buy_deed", BUY, 24, 240)) == "buy"
