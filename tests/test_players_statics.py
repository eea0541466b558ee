"""Issue 36, point 2: comparative statics of the computer players, derived from what the rules
pay and tested on paired games (the same seeds under both rules, the same seats).

Each test states its prediction and the derivation beside it: who pays what to whom under each
rule, how the end count values each holding, and so which way a player who values every option
by its expected effect on its final count (:mod:`landlord.engine.valuation`) should move. A
predicted change is tested by a 95% interval of the paired differences that excludes zero;
where no change is predicted, by the players' own decisions on the same tables. Each test was
checked to fail with the valuation made to ignore its rule (the commit that added it says how).

Seats: landlord, tenant, speculator, landlord (the lessons' players).
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

import pytest

from landlord.data.loader import load_ruleset
from landlord.data.ruleset import Param, Ruleset
from landlord.engine.decisions import Decision, OptionText
from landlord.engine.game import Game
from landlord.engine.phases import Trigger, parse_switch
from landlord.engine.strategies import SeatView, Strategy
from landlord.engine.valuation import OUTLOOKS, turn_worth
from landlord.players import magie1904 as magie1904_bots
from landlord.players import magie1906 as magie1906_bots
from landlord.players.british1913 import Sight
from landlord.players.characters import make_strategy
from landlord.rules.families import FamilyGame
from landlord.runs.play import play_one

SEATS = ["landlord", "tenant", "speculator", "landlord"]
PAIRS = 60
"""Paired games per test: each effect below is several standard errors wide at this count."""


def with_phase(rs: Ruleset, phase: str, **values: Any) -> Ruleset:
    """``rs`` with some params of ``phase`` replaced (a phase's own params win over the ruleset's)."""
    ph = rs.phases[phase]
    params = {**ph.params, **{k: Param(v, "comparative static", "override") for k, v in values.items()}}
    return replace(rs, phases={**rs.phases, phase: replace(ph, params=params)})


def interval(diffs: Sequence[float]) -> tuple[float, float, float]:
    """The mean of paired differences and its 95% interval (normal approximation)."""
    mean = statistics.fmean(diffs)
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs))
    return mean, mean - half, mean + half


def paired_games(base: Ruleset, alt: Ruleset, base_triggers: Sequence[Trigger] = (),
                 alt_triggers: Sequence[Trigger] = ()) -> list[tuple[Game, Game]]:
    """The games under ``alt`` and under ``base``, seed by seed over :data:`PAIRS` seeds."""
    return [(play_one(alt, SEATS, s, log=True, triggers=alt_triggers),
             play_one(base, SEATS, s, log=True, triggers=base_triggers)) for s in range(PAIRS)]


def difference(pairs: Sequence[tuple[Game, Game]], measure: Callable[[Game], float]) -> tuple[float, float, float]:
    """``measure`` under ``alt`` less under ``base`` over the pairs of :func:`paired_games`."""
    return interval([measure(alt) - measure(base) for alt, base in pairs])


def paired(base: Ruleset, alt: Ruleset, measure: Callable[[Game], float], base_triggers: Sequence[Trigger] = (),
           alt_triggers: Sequence[Trigger] = ()) -> tuple[float, float, float]:
    """``measure`` under ``alt`` less under ``base``, seed by seed over :data:`PAIRS` seeds."""
    return difference(paired_games(base, alt, base_triggers, alt_triggers), measure)


def pack_premium(g: Game, circuits: int = 0) -> float:
    """What the players paid for sites bought from the pack above their printed prices (until
    a player completes ``circuits`` rounds of the board, when given)."""
    spaces = g.board.spaces
    paid = 0
    for e in g.events or []:
        if circuits and e.kind == "circuit" and e.get("circuits") >= circuits:
            break
        if e.kind == "buy" and e.get("how") == "from the pack":
            paid += e.get("price") - spaces[e.get("space")].price
    return float(paid)


def sites_held(g: Game) -> float:
    """Sites the players hold at the end."""
    return float(sum(len(pl.sites) for pl in g.players))


def idle_sites(g: Game) -> float:
    """Sites held at the end that may carry an improvement and carry none."""
    r: Any = g.rules
    return float(sum(1 for pl in g.players for i in pl.sites if r.state.imp_owner[i] < 0 and r.terms.may_carry(i)))


@pytest.mark.slow
def test_a_longer_game_raises_what_players_bid_for_land() -> None:
    """Prediction: in 1913 Part 1, ten rounds of the board against three, players pay more over
    the printed price for sites from the pack.

    Derivation: a site counts its printed price at the end whatever was paid, and in between
    brings its holder its rent (£8-£40) each time another player alights there. The expected
    landings are the chance a throw ends there × the other players × the table rounds left,
    which grow with the rounds of the board the game runs (here ×10/3). So a site's value over
    its printed price grows with the game's length; in an auction from the pack (rising steps
    of 5-200% over the printed price) the players bid up to it. Measured over the same stretch
    of both games (until a player has been round three times), so the longer game's extra
    auctions do not count."""
    p1 = load_ruleset("british-1913-part1")
    mean, low, high = paired(p1.override(circuits=3), p1.override(circuits=10), lambda g: pack_premium(g, 3))
    assert low > 0, (mean, low, high)


@pytest.mark.slow
def test_the_land_value_tax_lowers_what_players_bid_for_sites() -> None:
    """Prediction: in 1913 Part 3, players pay less over the printed price for sites from the
    pack with the land value tax (the rules) than without it (the what-if phase
    ``part3_rent_kept``, rent kept by the owner).

    Derivation: with the tax a site's holder "must immediately restore the equivalent amount
    [of the rent] to the Public Treasury": the others' landings bring him nothing. Its value to
    him falls by its rent × the others' expected landings; what it counts at the end (its
    printed price), the rent it saves him on his own landings and what an improvement on it
    earns (interest, paid to the improvement's owner, untaxed) are the same under both. The
    bids at the pack's auctions follow the value down (played out, also through the cash the
    holders restore; at the same tables, by exactly the rent the others' landings would pay)."""
    p3 = load_ruleset("british-1913-part3")
    mean, low, high = paired(p3, p3, pack_premium, base_triggers=[parse_switch("part3_rent_kept@start")])
    assert high < 0, (mean, low, high)
    # at the same tables: at every bid for a site from the pack, the site is worth less to the
    # bidder with the tax by exactly its rent × the others' expected landings, and no bid is higher
    seen = 0
    for seed in range(10):
        seats = [Swapped(name, "pack_bid", land_value_tax=False) for name in SEATS]
        FamilyGame(p3, list(seats), seed).run()
        for (taxed, untaxed, rent), (with_tax, without) in zip((v for b in seats for v in b.values),
                                                               (c for b in seats for c in b.choices), strict=True):
            assert untaxed - taxed == pytest.approx(rent, abs=1e-9)
            assert bid(with_tax) <= bid(without)
            seen += 1
    assert seen > 50


@pytest.mark.slow
def test_a_yearly_assessment_makes_players_hold_fewer_sites_and_fewer_idle_ones() -> None:
    """Prediction: in 1913 Part 3 with the yearly-assessment what-if
    (``scenarios/british-1913-part3-yearly-assessment.toml``), players hold fewer sites at the
    end, and fewer idle ones (sites that may carry an improvement and carry none).

    Derivation: the assessment charges a site's holder its annual value every time he passes
    Mother Earth, whoever alights there, on top of the rent restored. Holding a site to the end
    then costs its annual value × the rounds of the board left; nothing else changes (the
    improvement's interest goes to its owner untaxed, and the end count values the site at its
    printed price). A site whose rent saved on the holder's own landings and improvement return
    do not cover that is worth less than its price to anyone: dealt cards and pack sites go
    unbought, and a holder short of cash sells. An idle site bears the charge with nothing
    against it, so idle holdings fall most. (Improvements do not rise: building does not lower
    the charge, and fewer sites are held for others to improve.)"""
    p3 = load_ruleset("british-1913-part3")
    assessed = p3.override(land_tax_assessed=True)
    pairs = paired_games(p3, assessed)  # both measures over the same games
    mean, low, high = difference(pairs, sites_held)
    assert high < 0, ("sites held", mean, low, high)
    mean, low, high = difference(pairs, idle_sites)
    assert high < 0, ("idle sites", mean, low, high)


def bid(option: OptionText) -> int:
    """The amount of a ``bid:<n>`` option (0 for a pass)."""
    return int(option.split(":")[1]) if option.startswith("bid:") else 0


class Swapped:
    """A player of character ``name`` that, at each decision of ``kind`` on a site, also
    answers and values the site as it would under the params ``values`` (the same table, the
    params swapped for the one question). Keeps (value as played, value swapped, the rent the
    others' landings would pay the holder with the rent kept) and (choice as played, swapped)."""

    def __init__(self, name: str, kind: str, **values: Any) -> None:
        self.name, self.kind, self.swap = name, kind, values
        self.bot: Strategy = make_strategy(name)
        self.values: list[tuple[float, float, float]] = []
        self.choices: list[tuple[OptionText, OptionText]] = []

    def choose(self, view: SeatView, d: Decision) -> OptionText:
        answer = self.bot.choose(view, d)
        if d.kind == self.kind:
            rules: Any = view._g.rules  # the test swaps the params the rules read for one question
            me = Sight(view, OUTLOOKS[self.name])
            # the site's value as land (spending all his cash on it leaves out what improving it
            # would earn: the tax does not touch the interest, though the speculator asks of a
            # building what land pays, which the tax lowers)
            played = me.site(d.space, view.cash)
            params = rules.params
            rules.params = replace(params, **self.swap)
            try:
                other = Sight(view, OUTLOOKS[self.name])
                swapped, choice = other.site(d.space, view.cash), self.bot.choose(view, d)
                rent = rules.prospects.terms(d.space).rent_kept * other.landings(d.space, other.others)
            finally:
                rules.params = params
            self.values.append((played, swapped, rent))
            self.choices.append((answer, choice))
        return answer


class TwoRules:
    """A player of character ``name`` that, at each improvement decision, also values every
    option as it would with the rates off (the same table, the params swapped for the one
    question): it keeps, per option, the gain with and without the rates, the rates its owner
    would pay on his own landings, and whether the choice changed."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.bot: Strategy = make_strategy(name)
        self.options: list[tuple[float, float, float]] = []
        self.changed: list[bool] = []

    def gains(self, view: SeatView, d: Decision) -> list[float]:
        me = Sight(view, OUTLOOKS[self.name])
        return [me.improvement_gain(int(o.split(":")[1])) for o in d.options[1:]]

    def choose(self, view: SeatView, d: Decision) -> OptionText:
        answer = self.bot.choose(view, d)
        if d.kind == "improve_site":
            rules: Any = view._g.rules  # the test swaps the params the rules read for one question
            prospects = rules.prospects
            own = [prospects.terms(int(o.split(":")[1])).rates * prospects.landing(int(o.split(":")[1]))
                   * prospects.rounds_left() for o in d.options[1:]]
            rated = self.gains(view, d)
            params = rules.params
            rules.params = replace(params, rates_on_improvements=False)
            try:
                unrated = self.gains(view, d)
                untaxed = self.bot.choose(view, d)
            finally:
                rules.params = params
            self.options += list(zip(rated, unrated, own, strict=True))
            self.changed.append(untaxed != answer)
        return answer


def test_rates_on_improvements_leave_the_builders_valuation_as_it_was() -> None:
    """Prediction: in 1913 Part 2 the rates on improvements change what a building is worth to
    the player who builds it only by the rates he pays on his own landings there, so they
    change his choice only where a building's return is that close to its cost.

    Derivation: "When a player alights on an improved site he … pays … the RATES to the Public
    Treasury": the visitor pays them, not the improvement's owner, who receives the interest
    whoever pays the rates; the end count values an improvement at its capital either way. The
    owner pays them only when he alights on his own improvement himself (the chance a throw
    ends there × the rounds left × £7-£40, doubled once all sites are bought: under £30 a game here).
    (Measured beside it, not asserted: played out, the rates lower the improvements standing at
    the end by about 0.4 card a game, 2-3%, through the cash of the visitors who pay them; the
    speculator, which asks a building what land pays per pound, stands near that margin in
    Part 2, so its choices are the ones that change.)"""
    p2 = load_ruleset("british-1913-part2")
    bots: list[TwoRules] = []
    for seed in range(10):
        seats = [TwoRules(name) for name in SEATS]
        FamilyGame(p2, list(seats), seed).run()
        bots += seats
    options = [o for b in bots for o in b.options]
    assert len(options) > 500
    for rated, unrated, own in options:
        assert unrated - rated == pytest.approx(own, abs=1e-9)
    assert max(own for _, _, own in options) < 30
    assert sum(c for b in bots for c in b.changed) < sum(len(b.changed) for b in bots)


class SaleSwapped:
    """A 1906 player of character ``name`` that, at each bid at a sale of a lot from the pack
    (rule 7), also answers as its valuation would with the single tax in force (the same
    table, the params swapped for the one question), keeping both answers and both worths."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.bot: Strategy = make_strategy(name)
        self.seen: list[tuple[OptionText, OptionText, int, int]] = []

    def choose(self, view: SeatView, d: Decision) -> OptionText:
        answer = self.bot.choose(view, d)
        prospects: Any = view.prospects
        if d.kind == "bid" and view.space(d.space).kind == "lot" and prospects.pack_sale(d.space):
            rules: Any = view._g.rules  # the test swaps the params the rules read for one question
            worth = magie1906_bots.value(prospects, d.space, view.seat, view.n_players)
            params = rules.params
            rules.params = replace(params, single_tax=True)
            try:
                taxed = magie1906_bots.value(prospects, d.space, view.seat, view.n_players)
                swapped = magie1906_bots.sale(self.name, view, d, getattr(self.bot, "reserve", 0))
            finally:
                rules.params = params
            self.seen.append((answer, swapped, worth, taxed))
        return answer


def test_the_single_tax_takes_what_players_pay_for_lots_to_nothing() -> None:
    """Prediction: in the 1906 game, the single tax brings what players will pay for a lot to
    nothing.

    Derivation: under the single tax "the Title Deeds are of no value" at the count, and the
    rent of a lot goes to the Public Treasury from every player who stops on it, the deed
    holder too: a lot neither counts nor earns its holder anything, so its worth to any player
    (what it counts at the end + what it brings in until then) is 0, and no bid for it leaves
    him better off. (Played out, the 1906 rules also take the lots off the market under the
    single tax: deeds are not traded and a sale from the pack becomes the building privilege's,
    so paired games would show the rules' doing; here the players' own valuation is asked at
    the same tables, at every bid for a lot at a sale from the pack in games under the landlord
    rules.)"""
    rs = load_ruleset("magie-1906")
    seen: list[tuple[OptionText, OptionText, int, int]] = []
    for seed in range(10):
        seats = [SaleSwapped(name) for name in SEATS]
        FamilyGame(rs, list(seats), seed).run()
        seen += [s for b in seats for s in b.seen]
    assert sum(1 for played, *_ in seen if played.startswith("bid:")) > 20
    assert all(worth > 0 for _, _, worth, _ in seen)
    assert all(taxed == 0 and swapped == "pass" for _, swapped, _, taxed in seen)


# -- the Magie games: houses and the jail -------------------------------------------------
def houses_early(g: Game, circuits: int = 3) -> float:
    """Houses put up before any player has been round the board ``circuits`` times."""
    built = 0
    for e in g.events or []:
        if e.kind == "circuit" and e.get("circuits") >= circuits:
            break
        built += e.kind == "house"
    return float(built)


def test_a_longer_game_makes_players_build_more_houses() -> None:
    """Prediction: in the 1906 game, a longer game (ten rounds of the board to end it, not five)
    makes the players put up more houses in its first three rounds.

    Derivation: "Every card and every house counts the holder or owner 100 at the end of the
    game" and a house costs 100 (RECONSTRUCTED rule 14), so a house neither gains nor loses its
    builder anything at the count; what it adds is its rent ("$10 for each house", and under
    the advanced rules the section's doubled land rent) from every other player's stop until
    the end, which grows with the throws left. With twice the rounds to go, every house offered
    in the first three rounds is worth more to its builder, so more of them are worth their
    price and the cash they take below the reserve."""
    rs = load_ruleset("magie-1906")
    longer = with_phase(rs, "landlord", circuits=10)
    mean, low, high = paired(rs, longer, houses_early)
    assert low > 0, ("houses in the first three rounds", mean, low, high)


class HouseSwapped:
    """A 1906 player of character ``name`` that, at each house it is offered under the landlord
    rules, also values each spot as it would with the single tax in force (the same table, the
    params swapped for the one question), keeping per spot the two worths, whether the house
    would lift its section's least number of houses (the advanced rules' doubling) and whether
    it would cross a step of the Tax Table."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.bot: Strategy = make_strategy(name)
        self.seen: list[tuple[float, float, bool, bool]] = []

    def choose(self, view: SeatView, d: Decision) -> OptionText:
        answer = self.bot.choose(view, d)
        if d.kind == "build":
            rules: Any = view._g.rules  # the test swaps the params the rules read for one question
            prospects, params = rules.prospects, rules.params
            built = sum(rules.state.houses)
            crosses = any(built < step <= built + 1 for step in params.tax_steps)
            for opt in d.options[1:]:
                idx = int(opt.split(":")[1])
                section = rules.state.sections[view.space(idx).group]
                lifts = sum(1 for i in section if rules.state.houses[i] <= rules.state.houses[idx]) == 1
                landlord = prospects.house_gain(idx, view.seat)
                rules.params = replace(params, single_tax=True)
                try:
                    taxed = prospects.house_gain(idx, view.seat)
                finally:
                    rules.params = params
                self.seen.append((landlord, taxed, lifts, crosses))
        return answer


def test_the_single_tax_leaves_a_house_worth_its_rent_to_its_builder() -> None:
    """Prediction: in the 1906 game, the single tax leaves what a house is worth to the player
    who builds it unchanged, except where the house would complete a section's level of houses
    (the advanced rules' doubling of its land rent: then worth less to him) or cross a step of
    the Tax Table (then worth more to him).

    Derivation: under either rules the house counts 100 at the end and its owner is paid "the
    full house rent" by the others who stop on it (single-tax rule 4; "The house rent remains
    as before -- $10 for each house"), and its builder's own stops on it pay him nothing more
    (the land rent he pays there, to the treasury under the single tax, is the same with the
    house as without). Where the house completes a section's level, the land rent of the
    section doubles: under the landlord rules it is paid to him on his lots (rule 7), under the
    single tax "All land rent is paid into the public treasury", by him too. Where it crosses a
    step of the Tax Table, the necessity taxes he pays double under the landlord rules; the
    single tax takes them off ("Pay no taxes on Absolute Necessities"). Asked of the players'
    own valuation at the same tables, at every house offered in games under the landlord
    rules (played out, the single tax also changes who can build where)."""
    rs = load_ruleset("magie-1906")
    seen: list[tuple[float, float, bool, bool]] = []
    for seed in range(10):
        seats = [HouseSwapped(name) for name in SEATS]
        FamilyGame(rs, list(seats), seed).run()
        seen += [s for b in seats for s in b.seen]
    plain = [(a, b) for a, b, lifts, crosses in seen if not lifts and not crosses]
    lifting = [(a, b) for a, b, lifts, crosses in seen if lifts and not crosses]
    assert len(plain) > 100 and len(lifting) > 10
    assert all(a == pytest.approx(b, abs=1e-9) for a, b in plain)
    assert all(b < a for a, b in lifting)


class WagesSwapped:
    """A Magie player of character ``name`` that, at each jail decision, also values a turn on
    the track and answers as it would with the wages at ``wages`` (the same table, the params
    swapped for the one question); keeps (turn worth as played, swapped, whether the end waits
    for it, the wages it earns, answer as played, swapped)."""

    def __init__(self, name: str, wages: int) -> None:
        self.name, self.wages = name, wages
        self.bot: Strategy = make_strategy(name)
        self.seen: list[tuple[float, float, bool, int, OptionText, OptionText]] = []

    def choose(self, view: SeatView, d: Decision) -> OptionText:
        answer = self.bot.choose(view, d)
        if d.kind == "jail":
            rules: Any = view._g.rules  # the test swaps the params the rules read for one question
            prospects, params = rules.prospects, rules.params
            played = turn_worth(prospects, view.seat)
            earned = prospects.wages_for(view.seat)
            rules.params = replace(params, wages=self.wages)
            try:
                richer, choice = turn_worth(prospects, view.seat), self.bot.choose(view, d)
            finally:
                rules.params = params
            self.seen.append((played, richer, prospects.last(view.seat), earned, answer, choice))
        return answer


def jail_answers(ruleset: str, wages: int) -> list[tuple[float, float, bool, int, OptionText, OptionText]]:
    """Every jail decision of ten games of ``ruleset`` (seeds 0-9), answered with the wages as
    played and at ``wages``."""
    rs = load_ruleset(ruleset)
    seen: list[tuple[float, float, bool, int, OptionText, OptionText]] = []
    for seed in range(10):
        seats = [WagesSwapped(name, wages) for name in SEATS]
        FamilyGame(rs, list(seats), seed).run()
        seen += [s for b in seats for s in b.seen]
    return seen


def test_higher_wages_make_a_1906_player_pay_his_way_out_of_jail_sooner() -> None:
    """Prediction: in the 1906 game, doubling the wages (rule 3: $100 → $200) raises what a turn
    out of jail is worth to a player by exactly the wages its throws earn (7/40 of a round a
    throw, 7/6 throws a turn with a double's second throw: $20.42 at $100 more) and the
    wages the Chance card "advance to Mother Earth" pays (RECONSTRUCTED deck), so more
    players pay the fine and none who paid would throw instead; except the player the end
    waits for, whose missed turn costs him no wages (the game lasts until he has been round),
    and the Monarch of the World's landlord, who gets none.

    Derivation: rule 3 pays the wages every time round, and the (RECONSTRUCTED) end comes when
    every player has been round five times: a player ahead of the last who misses a turn makes
    a turn fewer before the end and loses its share of the wages; the charges his throws would
    meet (rent, fares, taxes, fines) are the same at either wages. Rule 6: staying costs, five
    throws in six, that turn; the fine is $50 either way."""
    seen = jail_answers("magie-1906", 200)
    assert len(seen) > 50
    rs = load_ruleset("magie-1906")
    game = FamilyGame(rs, [None] * 4, 0)
    prospects: Any = game.rules.prospects  # type: ignore[attr-defined]
    deck = prospects.params.chance_cards
    to_mother_earth = sum(c.action == "mother_earth" for c in deck) / len(deck)
    on_chance = sum(prospects.chance(s.index) for s in rs.board.spaces if s.kind == "chance")
    share = 100 * 7 / 6 * (7 / 40 + on_chance * to_mother_earth)
    ahead = [(a, b, earned) for a, b, last, earned, _, _ in seen if not last]
    assert ahead and all(b - a == pytest.approx(share if earned else 0.0, abs=1e-9) for a, b, earned in ahead)
    assert all(a == pytest.approx(b, abs=1e-9) for a, b, last, *_ in seen if last)
    assert not any(played == "pay" and swapped == "throw" for *_, played, swapped in seen)
    assert sum(played == "throw" and swapped == "pay" for *_, played, swapped in seen) > 0


def test_higher_wages_leave_a_1904_player_in_jail() -> None:
    """Prediction: in the 1904 game, the wages do not change what a turn out of jail is worth,
    nor any player's choice in jail.

    Derivation: the patent pays the wages for each round up to five ("having passed the
    beginning-point the required number of times he receives no more wages") and the game
    lasts "until the last player passes the beginning-point" the fifth time, so a missed turn
    delays a player's wages but takes none of them; what the turn brings is what its throw
    meets (rent, fares, necessities, the fine, a legacy), or, for the last player, the others'
    extra turn on his lots: none of it depends on the wages."""
    seen = jail_answers("magie-1904", 200)
    assert len(seen) > 50
    assert all(a == pytest.approx(b, abs=1e-9) for a, b, *_ in seen)
    assert all(played == swapped for *_, played, swapped in seen)


class MagieSwapped:
    """A Magie player of character ``name`` that, at each decision of ``kinds``, also answers
    with the params ``values`` swapped in (the same table, for the one question); keeps
    (decision, whether the end waits for it, answer as played, swapped, ``measure`` as played,
    swapped)."""

    def __init__(self, name: str, kinds: frozenset[str], measure: Callable[[SeatView, Decision], float],
                 **values: Any) -> None:
        self.name, self.kinds, self.measure, self.values = name, kinds, measure, values
        self.bot: Strategy = make_strategy(name)
        self.seen: list[tuple[Decision, bool, OptionText, OptionText, float, float]] = []

    def choose(self, view: SeatView, d: Decision) -> OptionText:
        answer = self.bot.choose(view, d)
        if d.kind in self.kinds:
            rules: Any = view._g.rules  # the test swaps the params the rules read for one question
            params, last = rules.params, rules.prospects.last(view.seat)
            played = self.measure(view, d)
            rules.params = replace(params, **self.values)
            try:
                swapped, measured = self.bot.choose(view, d), self.measure(view, d)
            finally:
                rules.params = params
            self.seen.append((d, last, answer, swapped, played, measured))
        return answer


def swapped_answers(ruleset: str, seeds: int, kinds: frozenset[str],
                    measure: Callable[[SeatView, Decision], float] = lambda view, d: 0.0,
                    **values: Any) -> list[tuple[Decision, bool, OptionText, OptionText, float, float]]:
    """Every decision of ``kinds`` in games of ``ruleset`` (seeds 0 to ``seeds`` - 1), answered
    as played and with ``values`` swapped in."""
    rs = load_ruleset(ruleset)
    seen: list[tuple[Decision, bool, OptionText, OptionText, float, float]] = []
    for seed in range(seeds):
        seats = [MagieSwapped(name, kinds, measure, **values) for name in SEATS]
        FamilyGame(rs, list(seats), seed).run()
        seen += [s for b in seats for s in b.seen]
    return seen


def test_higher_wages_leave_a_1904_players_pass_and_direction() -> None:
    """Prediction: in the 1904 game, the wages change no player's choice of a railroad pass
    nor of the way he moves after five rounds.

    Derivation: the pass ("the privilege of jumping once from one railroad to another") and
    the way (after five rounds, "he may move in either direction") change only where his throw
    ends and how far round he gets. What stopping there costs (rent, fares, necessities, the
    fine, a legacy) does not depend on the wages; and the patent pays the wages for each round
    up to five ("having passed the beginning-point the required number of times he receives no
    more wages") while the game lasts until every player has been round five times, so spaces
    gained or lost earn or lose no wages for good; for the player the end waits for they bring
    the end nearer, which costs him the others' stops on his lots and spares him his own
    charges: neither depends on the wages."""
    seen = swapped_answers("magie-1904", 10, frozenset({"pass", "direction"}), wages=200)
    assert sum(d.kind == "pass" for d, *_ in seen) > 50 and sum(d.kind == "direction" for d, *_ in seen) > 50
    assert sum(played == "use_pass" for _, _, played, *_ in seen) > 10  # both answers are given
    assert sum(played == "backward" for _, _, played, *_ in seen) > 10
    assert all(played == swapped for _, _, played, swapped, *_ in seen)


def _between_the_chances(view: SeatView, d: Decision) -> float:
    """What moving back is worth against moving forward, apart from where each way stops (the
    spaces each way moves, ``advance_worth``)."""
    t = view.prospects
    return magie1904_bots.advance_worth(t, view.seat, -d.amount) - magie1904_bots.advance_worth(t, view.seat, d.amount)


def test_higher_wages_turn_1906_players_forward_between_the_chances() -> None:
    """Prediction: in the 1906 game, doubling the wages (rule 3: $100 → $200) makes a player
    between the Chances move back less: what moving back by a throw of n is worth against
    moving forward falls by exactly 2n/40 of the $100 more, so no player who moved forward
    moves back, and some who moved back move forward.

    Derivation: rule 2, "If a player is on any of the spaces between the Chances he may move in
    either direction ... it is sometimes more desirable to make a backward move than a forward
    one": the way changes where he stops and how far round he is. Rule 3 pays the wages every
    time round, and the (RECONSTRUCTED) end comes when every player has been round five
    times. A player ahead of the last who moves back n spaces instead of forward n is 2n
    spaces (2n/40 of a round) further from his wages at the end. For the last player the end
    waits: moving back puts it 2n/7 throws later for everyone; his own wages come anyway, and
    each rival's throw earns that rival 7/40 of the wages (the Mother Earth Chance card pays
    every one of them alike), so against his best-placed rival (the rules name the winner by
    comparison) the delay also costs 2n/7 × 7/40 = 2n/40 of the $100 more. Asked of the
    players' valuation at the same tables (every direction decision of 10 games)."""
    seen = swapped_answers("magie-1906", 10, frozenset({"direction"}), _between_the_chances, wages=200)
    assert len(seen) > 100 and sum(last for _, last, *_ in seen) > 10
    assert all(b - a == pytest.approx(-2 * d.amount * 100 / 40, abs=1e-9) for d, _, _, _, a, b in seen)
    answers = [(played, swapped) for _, _, played, swapped, *_ in seen]
    assert not any(played == "forward" and swapped == "backward" for played, swapped in answers)
    assert sum(played == "backward" and swapped == "forward" for played, swapped in answers) > 0


def _trust_gain(view: SeatView, d: Decision) -> float:
    """What forming the Trust adds to the player's final count (``Prospects1906.trust_gain``) a
    throw left."""
    t = view.prospects
    return float(t.trust_gain(view.seat) / t.throws_left())


def test_a_dearer_trust_fare_makes_players_form_a_trust() -> None:
    """Prediction: in the 1906 game, a dearer Trust fare ($40 → $80 a railroad space) raises
    what a Trust is worth to each of its two members by exactly the extra $40 × the chance a
    throw ends on a railroad × the throws left (two other players, each fare divided between
    the two members), so no player who formed a Trust declines it, and some who declined form
    it.

    Derivation: rule 9, "If two players own all of the RAILROADS between them, they may at any
    time pool their railroad interests and form a Trust, charging the other players $40 for
    each RAILROAD space and dividing profits": the members ride each other's railroads free
    either way, the two other players pay the Trust fare, half to each member. Asked of the
    players' valuation at the same tables (every Trust decision of 40 games)."""
    seen = swapped_answers("magie-1906", 40, frozenset({"trust"}), _trust_gain, trust_fare=80)
    assert len(seen) > 20
    rs = load_ruleset("magie-1906")
    prospects = FamilyGame(rs, [None] * 4, 0).rules.prospects  # type: ignore[attr-defined]
    on_railroad = sum(prospects.chance(s.index) for s in rs.board.spaces if s.kind == "railroad")
    assert all(d.options == ("form", "decline") for d, *_ in seen)
    assert all(b - a == pytest.approx(40 * on_railroad, abs=1e-9) for *_, a, b in seen)
    answers = [(played, swapped) for _, _, played, swapped, *_ in seen]
    assert not any(played == "form" and swapped == "decline" for played, swapped in answers)
    assert sum(played == "decline" and swapped == "form" for played, swapped in answers) > 0


def _mortgages_offered(view: SeatView, d: Decision) -> float:
    """How many of the shortfall's options are mortgages."""
    return float(sum(o.startswith("mortgage:") for o in d.options))


def test_mortgage_interest_leaves_how_1906_players_raise_money() -> None:
    """Prediction: in the 1906 game, the Bank's interest on a mortgage (RECONSTRUCTED rule 15:
    10%; here 50%) changes no short player's choice of how to raise money.

    Derivation: the interest is paid only when a mortgage is lifted (its amount "plus
    interest"), and the count at the end takes off only the amount still owed ("a mortgage
    still owed is taken off"): a card mortgaged still counts 100 and still earns its rent, so
    mortgaging it takes nothing off the final count at any interest, and nobody gains by
    lifting a mortgage. Asked of the players' valuation at the same tables (every shortfall of
    20 games)."""
    seen = swapped_answers("magie-1906", 20, frozenset({"shortfall"}), _mortgages_offered,
                           mortgage_interest_percent=50)
    assert sum(a > 0 for *_, a, _ in seen) > 50
    assert sum(played.startswith("mortgage:") for _, _, played, *_ in seen) > 20
    assert all(played == swapped for _, _, played, swapped, *_ in seen)


def test_a_bank_lending_more_on_a_card_makes_short_players_mortgage_rather_than_sell() -> None:
    """Prediction: in the 1906 game, a Bank that lends more on a card (RECONSTRUCTED rule 15:
    half its printed price; here 80%) makes a short player mortgage where he sold a card or
    asked a loan, and never the other way.

    Derivation: a mortgage takes nothing off the final count (the count takes the amount owed
    off; the card still counts and earns), so its cost a dollar of the shortfall is nothing,
    less the relief of any cash it raises beyond the shortfall (cash below the $50 the rules
    advise costs a forced sale's loss); lending more only adds to that surplus. A card sold
    costs its worth less the price, a loan its interest: neither changes. Asked of the
    players' valuation at the same tables (every shortfall of 20 games)."""
    seen = swapped_answers("magie-1906", 20, frozenset({"shortfall"}), _mortgages_offered, mortgage_percent=80)
    answers = [(played, swapped) for _, _, played, swapped, a, _ in seen if a > 0]
    assert len(answers) > 50
    assert not any(played.startswith("mortgage:") and not swapped.startswith("mortgage:")
                   for played, swapped in answers)
    assert sum(not played.startswith("mortgage:") and swapped.startswith("mortgage:")
               for played, swapped in answers) > 0
