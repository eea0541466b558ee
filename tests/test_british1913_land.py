"""Issue 14, the 1913 points: the land market, Part 3's land value tax as assessed, the
Fisheries and the Grouse Moor, the all-sites-bought rule in Part 3, and bots that take part in
the market. Each test quotes the sentence of the issue (and the clause of the 1913 rules, seed
004) it checks; amounts are worked from the rules and the board's printed values.
"""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from british1913_helpers import ADA, BEN, CY, DOT, FISHERIES, MOOR, SITE_A, SITE_B, UNDEVELOPED, btable, own, payments
from conftest import drive, set_cash, transfers

from landlord import Game, load_ruleset
from landlord.engine.decisions import Decision
from landlord.engine.landing import exact
from landlord.engine.options import Option
from landlord.engine.phases import Trigger
from landlord.engine.strategies import SeatView
from landlord.players.british1913 import valuation
from landlord.players.characters import Landlord, Speculator, Tenant
from landlord.rules.british1913 import NOBODY, British1913
from landlord.rules.british1913.count import Count
from landlord.rules.families import movement_for
from landlord.runs.decompose import BRITISH_1913_FILES, BRITISH_1913_ROWS, british1913

P2, P3 = "british-1913-part2", "british-1913-part3"
ROOT = Path(__file__).resolve().parents[1]


def bids(d: Decision) -> list[int]:
    """The amounts a bid decision offers."""
    return [int(Option.parse(o).arg) for o in d.options[1:]]


# -- 1. the land market -------------------------------------------------------------------------

def test_a_site_offered_from_the_pack_is_bid_up_by_the_players_never_below_its_printed_price() -> None:
    """Issue: "a site offered from the pack is bid up by the players (never below its printed
    price)". Rules: "though no card may be bought from the pack for less than the original sale
    price, this may be bid up as high as the players please"."""
    g = btable()
    printed = g.board.spaces[SITE_A].price  # 400
    asked, _ = drive(g.rules.sites.land_on(ADA, SITE_A), "bid:400", "bid:420", "pass", "bid:480", "bid:540",
                     "pass", "pass")
    # every player may bid, from the one alighting round the table, round after round; one who
    # passes is out
    assert [d.seat for d in asked] == [ADA, BEN, CY, DOT, ADA, BEN, DOT]
    assert all(d.kind == "pack_bid" and min(bids(d)) >= printed for d in asked)
    assert bids(asked[0])[0] == printed and asked[3].amount == 420 and bids(asked[3])[0] == 440
    # Ada's 540 stands: she pays it into the Bank; it is the site's capital land value now
    assert g.rules.owner[SITE_A] == ADA and payments(g, "site purchase") == [("Ada", "Bank", 540)]
    assert g.rules.state.value[SITE_A] == 540


def test_a_pack_card_nobody_bids_for_stays_in_the_pack_and_the_site_rent_free() -> None:
    """Rules: "Unbought sites are rent-free"; a player without the printed price is not asked."""
    g = btable()
    set_cash(g, BEN, 399)
    asked, _ = drive(g.rules.sites.land_on(ADA, SITE_A), "pass", "pass", "pass")
    assert [d.seat for d in asked] == [ADA, CY, DOT] and g.rules.owner[SITE_A] == NOBODY
    assert g.cash(ADA) == 3000


def test_sites_change_hands_between_players_at_agreed_prices() -> None:
    """Issue: "sites change hands between players at agreed prices" (below as well as above
    the last price: an offer the owner accepts)."""
    g = btable()
    own(g, BEN, SITE_A)
    asked, _ = drive(g.rules.market.bid_up(ADA), f"offer:{SITE_A}:300", "accept")
    assert asked[1].kind == "accept_bid" and asked[1].seat == BEN and asked[1].amount == 300
    assert payments(g, "site sale") == [("Ada", "Ben", 300)] and g.rules.owner[SITE_A] == ADA
    assert g.rules.state.value[SITE_A] == 300
    drive(g.rules.market.bid_up(BEN), f"offer:{SITE_A}:450", "refuse")
    assert g.rules.owner[SITE_A] == ADA and len(payments(g, "site sale")) == 1


def test_a_debtors_forced_sale_goes_for_whatever_the_others_offer() -> None:
    """Issue: "a debtor's forced sale goes for whatever the others offer, or nothing". Rules:
    "sites may be bought at a very low price from a bankrupt who is compelled to realise"."""
    g = btable()
    own(g, ADA, SITE_A)
    own(g, BEN, SITE_B)
    set_cash(g, ADA, 5)
    asked, _ = drive(g.rules.sites.land_on(ADA, SITE_B), f"site:{SITE_A}", "bid:20", "refuse", "refuse")
    assert [d.kind for d in asked] == ["realise", "forced_bid", "forced_bid", "forced_bid"]
    assert bids(asked[1])[0] == 400 * 5 // 100  # the lowest step: 5% of its value
    assert g.rules.owner[SITE_A] == BEN and payments(g, "forced sale") == [("Ben", "Ada", 20)]


def test_a_debtors_forced_sale_or_nothing() -> None:
    """Issue: "... or nothing": when all refuse, nothing is paid and he keeps the site (and, with
    nothing else to sell, goes to the Poorhouse owing the rest)."""
    g = btable()
    own(g, ADA, SITE_A)
    own(g, BEN, SITE_B)
    set_cash(g, ADA, 5)
    drive(g.rules.sites.land_on(ADA, SITE_B), f"site:{SITE_A}", "refuse", "refuse", "refuse")
    assert g.rules.owner[SITE_A] == ADA and payments(g, "forced sale") == []
    assert g.players[ADA].where == "poorhouse"


def test_how_land_counts_at_the_end_is_decided_documented_and_shown() -> None:
    """Issue: "Decide and document how land counts at the end ... and show the choice to
    students". DECISION: at face value (the printed price), whatever was paid."""
    g = btable()
    own(g, ADA, SITE_A)
    own(g, BEN, SITE_B)
    g.rules.state.value[SITE_A] = 900  # bid up
    g.rules.state.value[SITE_B] = 20  # bought from a bankrupt
    rows = {r.seat: r for r in g.results()}
    assert rows[ADA].land == 400 and rows[BEN].land == 450
    assert "printed price" in British1913.COUNT_RULE and "whatever was paid" in British1913.COUNT_RULE
    assert "DECISION" in (Count.results.__doc__ or "")


# -- 2. Part 3: the land value tax as the text states it --------------------------------------------

YEARLY = "land_tax_assessed"
"""The what-if param: every owned site assessed yearly on top of the rent restored (not the rules)."""


def test_part3_rent_still_paid_to_the_owner_who_restores_the_equivalent_and_no_site_is_charged_twice() -> None:
    """Rules: "'RENT' (ANNUAL LAND VALUE) is still paid to the owner of the site, but, as Rates
    are now levied on Land Values, the owner must immediately restore the equivalent amount to
    the Public Treasury." That is the whole land value tax of an ordinary site: passing Mother
    Earth, its owner pays nothing more for it, let or idle."""
    g = btable(P3, phase="part3")
    own(g, BEN, SITE_A, SITE_B, UNDEVELOPED, MOOR)
    assert not g.p[YEARLY]
    g.players[BEN].pos = 38
    drive(g.rules.sites.move(BEN, 2))  # stops on Mother Earth: passing it
    assert payments(g, "land value tax assessed") == [] and payments(g, "land value tax") == []
    assert payments(g, "wages") == [("Bank", "Ben", 500)]


def test_no_land_value_tax_is_assessed_in_parts_1_and_2() -> None:
    for rid, phase in (("british-1913-part1", None), (P2, "part2")):
        g = btable(rid, phase=phase)
        own(g, BEN, SITE_A, UNDEVELOPED)
        g.players[BEN].pos = 38
        drive(g.rules.sites.move(BEN, 2))
        assert payments(g, "land value tax assessed") == [] and payments(g, "land value tax") == []


def test_part3_undeveloped_sites_now_assessed_at_full_face_value_for_land_value_tax() -> None:
    """Rules: "Undeveloped Sites are now assessed at full face value for Land Value Tax, and
    their owners have now an interest in improving them to the utmost." DECISION: their tax is
    their ANNUAL LAND VALUE on the printed face value (4%, the Fisheries' £20 on £500), restored
    from the rent whatever a buyer paid, once; and they may now be improved."""
    g = btable(P3, phase="part3")
    own(g, BEN, UNDEVELOPED)
    g.rules.state.value[UNDEVELOPED] = 1200  # bid up in the market: the face value still rules
    face = g.board.spaces[UNDEVELOPED].price
    drive(g.rules.sites.land_on(ADA, UNDEVELOPED))
    assert payments(g, "rent") == [("Ada", "Ben", face * 4 // 100)]
    assert payments(g, "land value tax") == [("Ben", "Public Treasury", face * 4 // 100)]
    assert g.rules.terms.improvable(UNDEVELOPED)
    g2 = btable(P2, phase="part2")
    assert not g2.rules.terms.improvable(UNDEVELOPED)


def test_part3_rent_still_goes_to_the_owner_who_restores_the_equivalent() -> None:
    """Issue: "rent still goes to the owner as the text says". Rules: "RENT ... is still paid to
    the owner of the site, but ... the owner must immediately restore the equivalent amount to the
    Public Treasury"."""
    g = btable(P3, phase="part3")
    own(g, BEN, SITE_A)
    drive(g.rules.sites.land_on(ADA, SITE_A))
    assert payments(g, "rent") == [("Ada", "Ben", 16)]
    assert payments(g, "land value tax") == [("Ben", "Public Treasury", 16)]
    assert g.cash(BEN) == 3000


def test_what_if_yearly_assessment_every_site_pays_its_annual_value_on_top_of_the_rent_restored() -> None:
    """The what-if (scenarios/british-1913-part3-yearly-assessment.toml; not the 1913 rules):
    each time its owner passes Mother Earth every site he holds pays its printed annual value,
    whatever the market paid, and he sells up if short."""
    g = btable(P3, phase="part3", **{YEARLY: True})
    own(g, BEN, SITE_A, UNDEVELOPED, MOOR)
    g.rules.state.value[SITE_A] = 1200
    g.players[BEN].pos = 38
    drive(g.rules.sites.move(BEN, 2))
    rents = {i: g.board.spaces[i].rent for i in (SITE_A, UNDEVELOPED, MOOR)}  # 16, 10, 20
    assert sorted(payments(g, "land value tax assessed")) == sorted(
        ("Ben", "Public Treasury", r) for r in rents.values())
    g = btable(P3, phase="part3", **{YEARLY: True})
    own(g, BEN, SITE_A, SITE_B)
    set_cash(g, BEN, 0)
    g.players[BEN].pos = 38
    drive(g.rules.sites.move(BEN, 2))  # wages £500 first, then the tax: he can pay
    assert g.cash(BEN) == 500 - 16 - 18


def test_the_yearly_assessment_is_a_kit_what_if_and_labelled_so() -> None:
    """A kit decision is never ``verified_primary``: the yearly assessment's param says what it is."""
    from landlord.data.resources import kit_dir

    text = (kit_dir("data") / "rulesets" / "british-1913-part1.toml").read_text(encoding="utf-8")
    block = text[text.index("[params.land_tax_assessed]"):].split("\n\n")[0]
    assert 'provenance = "kit_decision"' in block and "what-if" in block
    assert "[phases.part3.params.land_tax_assessed]" not in text
    scenario = ROOT / "scenarios" / "british-1913-part3-yearly-assessment.toml"
    assert "land_tax_assessed" in scenario.read_text(encoding="utf-8")


def test_part3_solway_fisheries_valued_at_500_owner_pays_annual_value_of_20() -> None:
    """Issue: "Solway Fisheries (valued £500, owner pays annual value £20)". Rules: "Solway
    Fisheries being now valued at £500 by the Inland Revenue Department, the owner is compelled
    to pay the ANNUAL VALUE of £20 to the Public Treasury. He now finds it no longer pays him to
    hold it, so he is glad to sell it to the Government at half its face value". DECISION: the
    £20 once, on arrival, and the sale at once."""
    g = btable(P2, phase="part2")
    own(g, CY, FISHERIES)
    g.triggers = (Trigger("part3", "start"),)
    drive(g.rules.phase_point(CY))
    assert g.board.spaces[FISHERIES].price == 500
    assert payments(g, "land value tax") == [("Cy", "Public Treasury", 20)]
    assert payments(g, "sale to the Government") == [("Public Treasury", "Cy", 250)]
    g.players[CY].pos = 38
    drive(g.rules.sites.move(CY, 2))
    assert payments(g, "land value tax") == [("Cy", "Public Treasury", 20)]  # once only


def test_part3_grouse_moor_similarly_assessed_and_let_for_small_holdings_improvable() -> None:
    """Rules: "similarly assessed at £500, with Land Value Tax of £20, which causes him to let it
    for Small Holdings under conditions applying to other sites". DECISION: the £20 once, on
    arrival; thereafter the conditions of other sites: rent restored, no rates, improvable."""
    g = btable(P2, phase="part2")
    own(g, BEN, MOOR)
    assert not g.rules.terms.improvable(MOOR)  # Part 2: a Grouse Moor, not small holdings
    g.triggers = (Trigger("part3", "start"),)
    drive(g.rules.phase_point(BEN))
    assert payments(g, "land value tax") == [("Ben", "Public Treasury", 20)]
    assert g.rules.terms.improvable(MOOR)
    asked, _ = drive(g.rules.market.improve(BEN), f"improve:{MOOR}", "none")
    assert f"improve:{MOOR}" in asked[0].options
    assert payments(g, "improvement") == [("Ben", "Bank", 1000)] and g.rules.state.imp_owner[MOOR] == BEN
    # thereafter a lander pays rent (restored to the Treasury) and interest, no rates
    g.events = []
    drive(g.rules.sites.land_on(ADA, MOOR))
    assert payments(g, "rent") == [("Ada", "Ben", 20)] and payments(g, "rates") == []
    assert payments(g, "land value tax") == [("Ben", "Public Treasury", 20)]
    # and it is not assessed again
    g.events = []
    g.players[BEN].pos = 38
    drive(g.rules.sites.move(BEN, 2))
    assert payments(g, "land value tax assessed") == [] and payments(g, "land value tax") == []


def test_part3_lifts_the_all_sites_bought_rule() -> None:
    """Rules: "WAGES is Part 3, therefore, rise to £500 on passing Mother Earth": once every
    site is bought, wages stay £500 in Part 3 (DECISION in ``Terms.scarcity``)."""
    g = btable(P3, phase="part3")
    own(g, BEN, SITE_A)
    assert not g.p["scarcity_doubling"]
    g.rules.state.all_bought = True
    g.players[BEN].pos = 38
    drive(g.rules.sites.move(BEN, 2))
    assert payments(g, "wages") == [("Bank", "Ben", 500)]
    assert g.rules.terms.scarcity() == 1


def test_government_land_counts_as_bought() -> None:
    g = btable(P3, phase="part3")
    for idx in g.rules.state.land:
        if idx != FISHERIES:
            own(g, BEN, idx)
    g.rules.owner[FISHERIES] = -2
    g.rules.state.check_all_bought()
    assert g.rules.state.all_bought


# -- 3. bots in the market ------------------------------------------------------------------------

def test_valuation_is_face_value_plus_rent_from_the_exact_landing_probabilities() -> None:
    """Issue: "bid up to a stated valuation (e.g. present value of the rent a site earns, from
    the exact landing probabilities in landlord/engine/landing.py)". Issue 36: what the site
    adds to the holder's final count: its face value, the rent (£16) the three others pay over
    the table rounds left (5 rounds of a 40-space board at 7 spaces a throw), and the rent he
    would otherwise pay on his own landings."""
    g = btable()
    view = SeatView(g, ADA)
    p = exact(movement_for(g.ruleset, "part1"))[SITE_A]
    rounds = 5 * 40 / 7
    expected = 400 + 16 * p * 3 * rounds + 16 * p * rounds
    assert valuation(view, SITE_A) == pytest.approx(expected)
    assert 400 < valuation(view, SITE_A) < 460


def test_part3_valuation_nets_out_restored_rent() -> None:
    """Part 3: the rent is restored to the Treasury, so the others' landings bring the holder
    nothing; his own landings still save him the rent another holder would charge; the
    improvement's interest (5% of £800 = £40, paid by the three others; no rates in Part 3)
    counts while he could pay for the improvement and keep his reserve (£800 + £250); no
    yearly tax unless the what-if assesses it (£16 a year for 5 years)."""
    g = btable(P3, phase="part3")
    view = SeatView(g, ADA)
    p = exact(movement_for(g.ruleset, "part3"))[SITE_A]
    rounds = 5 * 40 / 7
    assert valuation(view, SITE_A) == pytest.approx(400 + 16 * p * rounds + 40 * p * 3 * rounds)
    set_cash(g, ADA, 1049)
    assert valuation(view, SITE_A) == pytest.approx(400 + 16 * p * rounds)
    g = btable(P3, phase="part3", land_tax_assessed=True)
    assert valuation(SeatView(g, ADA), SITE_A) == pytest.approx(400 + 16 * p * rounds + 40 * p * 3 * rounds - 16 * 5)


def test_bots_bid_up_to_their_valuation_and_no_further() -> None:
    g = btable()
    view = SeatView(g, ADA)
    worth = valuation(view, SITE_A)
    low = Decision(ADA, "pack_bid", ("pass", "bid:420", "bid:440"), SITE_A, 400)
    high = Decision(ADA, "pack_bid", ("pass", "bid:480", "bid:540"), SITE_A, 440)
    assert 420 <= worth < 480
    assert Landlord().choose(view, low) == "bid:420" and Landlord().choose(view, high) == "pass"
    assert Speculator().choose(view, low) == "bid:420"
    assert Tenant().choose(view, low) == "pass"


def test_bots_sell_when_short() -> None:
    """Issue: "sell when short": offered less than its valuation, a landlord refuses while he
    has his reserve, and accepts when short, as far as each pound brought back up to the
    reserve (£250) saves him half a pound of forced-sale losses; selling up, every bot sells
    first what it values least."""
    g = btable()
    own(g, ADA, SITE_A, SITE_B)
    view = SeatView(g, ADA)
    worth = valuation(view, SITE_A)
    price = int(worth - 0.5 * (250 - 100)) + 1
    offer = Decision(ADA, "accept_bid", ("accept", "refuse"), SITE_A, price)
    assert Landlord().choose(view, offer) == "refuse"
    set_cash(g, ADA, 100)
    assert Landlord().choose(view, offer) == "accept"
    lower = Decision(ADA, "accept_bid", ("accept", "refuse"), SITE_A, price - 2)
    assert Landlord().choose(view, lower) == "refuse"
    realise = Decision(ADA, "realise", (f"site:{SITE_A}", f"site:{SITE_B}"), -1, 50)
    cheaper = min((SITE_A, SITE_B), key=lambda i: valuation(view, i))
    for bot in (Landlord(), Speculator(), Tenant()):
        assert bot.choose(view, realise) == f"site:{cheaper}"


def test_bots_buy_cheaply_from_a_bankrupt() -> None:
    """Issue: "buy cheaply from a bankrupt": at a forced sale a bot bids the lowest step it
    may, up to its valuation; the tenant, who holds no land, never."""
    g = btable()
    view = SeatView(g, BEN)
    d = Decision(BEN, "forced_bid", ("refuse", "bid:20", "bid:40", "bid:100"), SITE_A, 0)
    assert Landlord().choose(view, d) == "bid:20" and Speculator().choose(view, d) == "bid:20"
    assert Tenant().choose(view, d) == "refuse"
    dear = Decision(BEN, "forced_bid", ("refuse", "bid:500", "bid:600"), SITE_A, 400)
    assert valuation(view, SITE_A) < 500
    assert Landlord().choose(view, dear) == "refuse" and Speculator().choose(view, dear) == "refuse"


def test_bot_games_use_the_market() -> None:
    """Whole bot games: pack cards are bid for, and Part 3 collects the rent restored as land
    value tax (and no yearly assessment)."""
    from landlord.runs.simulate import play_one

    g = play_one(load_ruleset(P3), ["landlord", "tenant", "speculator", "landlord"], 3, log=True)
    reasons = {e.get("reason") for e in g.events or []}
    assert "land value tax" in reasons and "land value tax assessed" not in reasons
    g = Game(load_ruleset("british-1913-part1"), [Landlord(), Tenant(), Speculator(), Landlord()], 3, log=True)
    g.run()
    assert any(e.kind == "buy" and e.get("how") == "from the pack" for e in g.events or [])


# -- 5. mechanism, not slogan: the decomposition ----------------------------------------------------

DECOMPOSITION = BRITISH_1913_FILES


def test_part3_wages_can_be_changed_apart_from_part1s() -> None:
    """Rules: "WAGES is Part 3, therefore, rise to £500 on passing Mother Earth": Part 3's wages
    are their own param, so "Part 3 with Part 1 wages" is an override, not a copy."""
    g = btable(P3, phase="part3", part3_wages=200)
    g.players[ADA].pos = 39
    drive(g.rules.sites.move(ADA, 1))
    assert payments(g, "wages") == [("Bank", "Ada", 200)]
    g = btable("british-1913-part1", wages=500)
    g.players[ADA].pos = 39
    drive(g.rules.sites.move(ADA, 1))
    assert payments(g, "wages") == [("Bank", "Ada", 500)]


def test_decomposition_scenarios_play_the_same_games_in_every_cell() -> None:
    """Issue: "scenario files in scenarios/ ... on paired seeds with confidence intervals"."""
    from landlord.runs.decompose import effects, paired_games
    from landlord.runs.scenario import load_scenario

    root = ROOT / "scenarios"
    files = [root / f"british-1913-{n}.toml" for n in DECOMPOSITION]
    seeds = {load_scenario(f).game_seed(c, 0) for f in files for c in load_scenario(f).cells}
    assert len(seeds) == 1
    frame = paired_games(files[:2], games=2)
    assert set(frame.groupby("game")["seed"].nunique()) == {1}
    cells = list(dict.fromkeys(frame["cell"]))
    assert len(cells) == 4
    table = effects(frame, cells[0])
    base = table.iloc[0]
    assert base["diff"] == 0 and base["ci_low"] == 0 == base["ci_high"]
    p3 = table[table["cell"] == cells[2]].iloc[0]
    assert p3["wages"] > base["wages"]  # £500 against £200 a round
    with pytest.raises(ValueError, match="shared"):
        paired_games([files[0], root / "wages-higher.toml"], games=1)


def test_decomposition_every_cell_but_the_start_cash_alone_starts_from_part3s_6000() -> None:
    """Issue: "every cell of its decomposition starts from the same cash": Part 3 alone starts
    with Part 1's £3000 and Part 2's "further £3000 from the Bank", so every cell gives each
    player £6000 at the start, except the one row that measures the start cash alone (£3000)."""
    from landlord.runs.scenario import load_scenario

    starts = {}
    for name in DECOMPOSITION:
        sc = load_scenario(ROOT / "scenarios" / f"british-1913-{name}.toml")
        for cell in sc.cells:
            g = Game(cell.resolve(), [None] * 4, 1, triggers=cell.triggers, log=True)
            paid = {name: sum(a for _, dst, a, why in transfers(g)
                              if dst == name and why in ("start cash", "further cash")) for name in g.names}
            starts[f"{sc.title} | {cell.label}"] = set(paid.values())
    cash_alone = [k for k, v in BRITISH_1913_ROWS.items() if "start cash alone" in v]
    assert starts.pop(cash_alone[0]) == {3000}
    assert starts and all(v == {6000} for v in starts.values()), starts


def test_decomposition_includes_the_tax_the_cash_and_the_wages_each_alone() -> None:
    """Issue: "it includes Part 3 without the land value tax, the start cash alone, and the wage
    rise alone, on paired seeds with confidence intervals"; the reveal "states what the
    measurement shows in plain words"."""
    words = list(BRITISH_1913_ROWS.values())
    for row in ("Part 3 as written", "Part 3 without its land value tax", "Part 1 with Part 3's £500 wages alone",
                "Part 1 from its own £3000 (the start cash alone)", "Part 1 with Part 3's land value tax alone"):
        assert row in words, row
    d = british1913(games=6)
    assert list(d.table["rules"]) == words and set(d.table["games"]) == {6}
    assert (d.table["low"] <= d.table["difference"]).all() and (d.table["difference"] <= d.table["high"]).all()
    said = d.findings()
    assert len(said) == len(words) + 1
    for sentence, (_, r) in zip(said[1:], d.table.iloc[1:].iterrows(), strict=False):
        assert sentence.startswith(r["rules"])
        expect = "less evenly" if r["low"] > 0 else "more evenly" if r["high"] < 0 else "neither"
        assert expect in sentence
    assert said[-1].startswith("Within Part 3, its land value tax")


# -- 4. lesson 3 says only what is sourced and measured -------------------------------------------

def _lesson3() -> str:
    nb = nbformat.read(ROOT / "lessons" / "03-british-game-1913.ipynb", as_version=4)
    return "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")


def test_lesson3_says_all_three_parts_survive_and_where_the_title_comes_from() -> None:
    """Issue: "lesson 3 says only the opening of the 1913 rules survives (the seed holds all three
    Parts), gives the title Brer Fox an' Brer Rabbit without saying where it comes from"."""
    text = " ".join(_lesson3().split())
    assert "Only the opening" not in text and "rules of all three Parts survive" in text
    assert "`tests/reference/british-1913-rules.txt`" in text and "`tests/reference/SOURCES.md`" in text
    assert "landlordsgame.info" in text and "The rules text itself does not name the game" in text
    rules = (ROOT / "tests" / "reference" / "british-1913-rules.txt").read_text(encoding="utf-8")
    assert "PART 3" in rules and "Brer" not in rules


def test_lesson3_question1_rates_are_paid_by_the_player_who_alights() -> None:
    """Issue: "its Question 1 says the player who builds pays rates on the building (the text:
    the player who alights pays them)"."""
    text = " ".join(_lesson3().split())
    q1 = text[text.index("1. In Part 2"):text.index("2. In Part 3")]
    assert "the player who alights on an improved site pays the rates" in q1
    assert "a player who builds pays rates" not in text


def test_lesson3_shows_the_kits_own_choices_and_how_land_counts() -> None:
    """Issue: "the kit's own choices (Part switch rounds, game ends, reconstructed values) said
    where students read results"; point 1: "show the choice to students"."""
    text = " ".join(_lesson3().split())
    play = text[text.index("## Play"):text.index("## Reveal")]
    for part in ("table round 25", "round 50", "15 times", "reconstruction", British1913.COUNT_RULE,
                 "hands the same amount at once", "£500 wages whether or not every site is bought", "£6000"):
        assert part in play, part
    assert "each time you pass Mother Earth" not in play  # no yearly assessment in the rules


def test_a_phase_switched_in_from_the_start_is_in_force_for_the_deal() -> None:
    """A ``start`` trigger (the land-value-tax-alone scenario) fires before the SITE cards are
    dealt, as in the other families, so the deal is decided under that phase's rules."""
    g = Game(load_ruleset("british-1913-part1"), [None] * 4, 3, triggers=(Trigger("land_tax", "start"),))
    d = g.pending
    assert d is not None and d.kind == "site_card" and g.phase == "land_tax"
    assert g.p["land_value_tax"] and not g.p["land_tax_assessed"] and g.p["wages"] == 200
    g = Game(load_ruleset("british-1913-part1"), [None] * 4, 3, triggers=(Trigger("part3", "start"),))
    assert g.phase == "part3" and g.rules.owner[FISHERIES] == -2
    assert len(payments(g, "further cash")) == 4


def test_lesson3_reveal_says_what_the_decomposition_measured_and_prints_no_conclusion_above_it() -> None:
    """Issue: "The reveal states what the measurement shows in plain words" and "the lesson
    prints its own conclusion above the reveal": the markdown describes the comparison, the
    reveal (computed when opened) says what it shows."""
    text = " ".join(_lesson3().split())
    section = text[text.index("## Which rule made the difference?"):text.index("## Questions")]
    assert "same £6000" in section and "start cash" in section
    for conclusion in ("is **not** what does it", "buy no land at all", "ends a little more equal", "0.0"):
        assert conclusion not in section, conclusion
    nb = nbformat.read(ROOT / "lessons" / "03-british-game-1913.ipynb", as_version=4)
    code = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    assert "decomposition_view(games=100)" in code and "parts_view(games=200)" in code


def test_lesson3_decomposition_reveal_quotes_the_text_beside_what_the_kit_measured() -> None:
    """Issue: the reveal "quotes what the text claims beside what the kit measures", and says
    "how small rents are against cash"."""
    from landlord.widgets.decomposition import decomposition_html

    html = decomposition_html(british1913(games=4))
    rules = " ".join((ROOT / "tests" / "reference" / "british-1913-rules.txt").read_text(encoding="utf-8").split())
    for quote in ("It will now pay the players to improve their properties as fast as possible.",
                  "WAGES is Part 3, therefore, rise to £500 on passing Mother Earth",
                  "Poverty and Unemployment disappear for ever."):
        assert quote in html and quote in rules, quote
    assert "of its price" in html and "of cash at the end" in html
    assert "Within Part 3, its land value tax" in html


def test_the_lab_loads_each_decomposition_scenario_and_runs_the_yearly_assessment_beside_part3() -> None:
    """Issue: "The lab ... show[s] what the measurement shows": each file is one or two cells,
    which the lab loads as its scenario A (and B); and point 2: the yearly holding tax is "a
    scenario file ... that the lab and landlord sweep run beside Part 3 as written"."""
    from landlord.widgets.lab import ScenarioLab

    from landlord.runs.scenario import load_scenario

    lab = ScenarioLab(games=3, seed=1913)
    for name in (*DECOMPOSITION, "part3-yearly-assessment"):
        path = ROOT / "scenarios" / f"british-1913-{name}.toml"
        assert lab.load_scenario(path.read_bytes(), name)
        two = len(load_scenario(path).cells) == 2
        assert lab.games.value == 1000 and lab.seed.value == 1913 and lab.compare.value == two


def test_lesson3_prediction_answered_which_part_ends_most_evenly_spread() -> None:
    """Issue: "Lesson 3's prediction has an answer the lesson never gives": the Parts reveal
    ranks the Parts by mean final Gini, with intervals, the start cash each Part gives ("a
    further £3000" in Part 2 and so Part 3 alone) and the spending on improvements."""
    from landlord.widgets.decomposition import parts_view

    from landlord.runs.decompose import british1913_parts, british1913_parts_summary

    s = british1913_parts_summary(british1913_parts(6))
    assert list(s["mean Gini"]) == sorted(s["mean Gini"]) and set(s["part"]) == {"Part 1", "Part 2", "Part 3"}
    cash = dict(zip(s["part"], s["start cash"], strict=True))
    assert cash == {"Part 1": 3000, "Part 2": 6000, "Part 3": 6000}
    spent = dict(zip(s["part"], s["improvements"], strict=True))
    assert spent["Part 1"] == 0 and spent["Part 2"] > 0 and spent["Part 3"] > 0
    text = parts_view(6).children[1].value
    assert f"most evenly spread in {s['part'].iloc[0]}" in text and "£6000" in text
