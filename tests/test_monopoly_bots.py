"""The bots in Monopoly: each keeps its character, and the landlord trades sensibly (never gives
away a colour group for a utility)."""

from __future__ import annotations

from test_monopoly_helpers import fresh, own, run, set_cash

from landlord.engine.decisions import Decision
from landlord.engine.strategies import RandomBot, SeatView
from landlord.players.characters import Landlord, Speculator, Tenant
from landlord.rules.monopoly import REPLY, TradeOffer
from landlord.runs.simulate import play_one


def _reply(bot: object, g: object, r: object, offer: TradeOffer) -> str:
    r.state.offer = offer  # type: ignore[attr-defined]
    return bot.choose(SeatView(g, offer.partner), Decision(offer.partner, "trade_reply", REPLY))  # type: ignore[arg-type, attr-defined]


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


def test_landlord_sells_a_lone_lot_for_what_it_is_worth_to_it() -> None:
    """A lot that completes nothing for either side sells for more than it is worth to its
    holder and not for less. Worked out by hand from the rules' payoffs: Boardwalk counts its
    printed $400 at the end, and brings its holder its $50 rent each time one of the 3 others
    lands on it (the chance a throw ends there × 1 + 1/6 + 1/36 throws a turn × 40 rounds the
    players count ahead in a game with no fixed end); sold to seat 0, seat 1 pays seat 0 that
    $50 on its own landings. $1,500 in hand is above the $200 the dearest landing costs it."""
    from landlord.players.monopoly import OPEN_END

    g, r = fresh()
    own(r, 1, 39)
    turns = r.prospects.landings(39, OPEN_END)
    worth = 400 + 50 * turns * 3 + 50 * turns
    assert 600 < worth < 700  # about $637: the chance a throw ends on Boardwalk is about 2.6%
    above, below = int(worth) + 1, int(worth) - 1
    assert _reply(Landlord(), g, r, TradeOffer(0, 1, take={39}, pay_cash=above)) == "accept"
    assert _reply(Landlord(), g, r, TradeOffer(0, 1, take={39}, pay_cash=below)) == "reject"


def test_landlord_proposes_a_mutual_completion_swap() -> None:
    """In its manage steps the landlord proposes a trade that completes its colour group (the
    holder, who would complete the browns with the swap, values Boardwalk above it: the
    hotels seat 0 could then put on the dark blues; so the lot is bought for cash, first at
    what it brings its holder and, refused, at more on a later turn: the rules take one
    proposal to each player a turn)."""
    g, r = fresh()
    own(r, 0, 37, 1)
    own(r, 1, 39, 3)
    bot = Landlord()
    view = SeatView(g, 0)
    answers = []

    def pick(d: Decision) -> str:
        choice = bot.choose(SeatView(g, d.seat), d) if d.seat == 0 else Landlord().choose(SeatView(g, d.seat), d)
        answers.append(choice)
        return choice

    assert view.prospects is r.prospects
    for _ in range(6):  # six turns: the rules take one proposal to each player a turn
        run(r.manage.step(0), pick)
    assert (r.state.owner[39] == 0 and r.state.owner[3] == 1) or (r.state.owner[3] == 0 and r.state.owner[39] == 1)
    assert "offer" in answers


def test_tenant_never_buys_bids_or_builds() -> None:
    """The tenant's character: it rents, never owns by choice."""
    g, _r = fresh()
    t = Tenant()
    v = SeatView(g, 0)
    assert t.choose(v, Decision(0, "buy_deed", ("buy", "auction"), 39, 400)) == "auction"
    assert t.choose(v, Decision(0, "auction_bid", ("pass", "bid:1"), 39, 0)) == "pass"
    assert t.choose(v, Decision(0, "manage", ("done", "house:37"))) == "done"


def test_speculator_buys_a_deed_and_bribes_only_when_the_card_is_worth_less_than_a_refusal() -> None:
    """The speculator buys an unowned deed (it counts its price at the end and brings rent).
    Offering the Mucker Banker a Get Out of Jail Free card loses the card if he accepts and
    brings $10 if he refuses: the players value the card at the fine it is expected to save,
    so a Banker accepts it while it is worth $10 to him, and a player offers it only when it
    is worth less: at the start of the game (40 rounds ahead: the full $50) it keeps it; in the
    last round of the time-limit game (a jailing is unlikely) it offers it."""
    g, _r = fresh("mucker")
    s = Speculator()
    v = SeatView(g, 1)
    assert s.choose(v, Decision(1, "buy_deed", ("buy", "auction"), 39, 400)) == "buy"
    assert s.choose(v, Decision(1, "manage", ("done", "bribe"))) == "done"
    assert s.choose(v, Decision(0, "bribe_reply", ("accept", "refuse"), -1, 10)) == "accept"
    g, r = fresh("mucker-time-limit")
    g.round = r.params.round_limit - 1
    v = SeatView(g, 1)
    assert s.choose(v, Decision(1, "manage", ("done", "bribe"))) == "bribe"
    assert s.choose(v, Decision(0, "bribe_reply", ("accept", "refuse"), -1, 10)) == "refuse"


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
    assert bot.choose(SeatView(g, 0), d) in d.options


def test_bots_see_only_the_table_view() -> None:
    """Issue 13: the bots read the game through MonopolyProspects alone — the view has no public
    way to the rules object, and the bots' module reaches for none."""
    import inspect

    import landlord.players.monopoly as bots
    from landlord.rules.monopoly import MonopolyProspects

    assert "rules" not in MonopolyProspects.__slots__
    source = inspect.getsource(bots).replace("landlord.rules.monopoly", "")
    assert ".rules" not in source and "._rules" not in source and ".g.p" not in source


def test_raising_cash_gives_up_what_loses_least_a_dollar() -> None:
    """Short of cash, a player mortgages or sells back what loses it least per dollar raised:
    mortgaging lone Oriental Avenue raises its $50 mortgage value, which is what its count
    falls by (to half its $100 price), and loses its $6 rent; selling back a house on the dark
    blues raises $100 and loses $100 of the count (a house counts its $200 price) and the
    rent the house adds ($175 against $70 on Park Place). So Oriental is mortgaged first."""
    from landlord.rules.monopoly import BUY  # noqa: F401 (the family's options)

    g, r = fresh()
    own(r, 0, 37, 39, 6)
    r.state.houses[37] = r.state.houses[39] = 1
    r.state.n_built[0] = 2
    r.state.gbuilt[r.state.gid[37]] = 2
    r.state.houses_left -= 2
    set_cash(g, 0, 10)
    opts = tuple(r.building.raise_options(0))
    assert "mortgage:6" in opts and "sell_house:37" in opts
    for bot in (Landlord(), Speculator(), Tenant()):
        assert bot.choose(SeatView(g, 0), Decision(0, "raise_cash", opts, -1, 100)) == "mortgage:6"
