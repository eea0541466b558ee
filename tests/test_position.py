"""Positions as data (issue 13.5): a game started from a described position, from Python or a
TOML file, checked field by field, laid out by each family's hook and kept in saves."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from landlord.data.loader import load_ruleset
from landlord.data.position import Position, load_position
from landlord.engine.count import SeatCount
from landlord.engine.game import Game
from landlord.errors import DataError
from landlord.players import savefile
from landlord.players.characters import make_strategy
from landlord.rules.families import FamilyGame

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "data" / "positions" / "magie-1904-two-landlords.toml"


def start(ruleset: str, data: dict[str, Any], bots: bool = False, seed: int = 3) -> Game:
    """A 4-seat game of ``ruleset`` from the position ``data`` (random bots if ``bots``)."""
    seats = [make_strategy("random", f"{seed}-{i}") if bots else None for i in range(4)]
    return FamilyGame(load_ruleset(ruleset), seats, seed, position=Position.from_dict(data, "test position"))


def first_rows(game: Game) -> tuple[SeatCount, ...]:
    """Each seat's count when the first turn begins (the position laid out, nothing played)."""
    assert game.snapshots
    return game.snapshots[0].rows


# (ruleset, phase to start in, what a seat may hold there (the family's holdings) or None)
FAMILIES = [
    ("magie-1904-no-tickets", "single_tax", ("Lot 1", "Lot 2")),
    ("magie-1906", "single_tax", ("Wayback", "Royal Rusher R.R.")),
    ("british-1913-sequence", "part2", ("Site No. 1", "Site No. 2")),
    ("monopoly", None, ("Baltic Avenue", "Reading Railroad")),
]


@pytest.mark.parametrize(("ruleset", "phase", "holdings"), FAMILIES)
def test_a_position_per_family_loads_and_plays_on(ruleset: str, phase: str | None,
                                                  holdings: tuple[str, ...] | None) -> None:
    """Cash, token, whose turn, phase and the family's holdings are laid out after the set-up;
    the first turn is the named seat's; bots then play the game to its end."""
    seat3: dict[str, Any] = {"cash": 77, "token": 5}
    if holdings:
        seat3["holdings"] = list(holdings)
    data: dict[str, Any] = {"turn": 3, "seat": [{"cash": 1000}, {}, seat3, {"cash": 0}]}
    if phase:
        data["phase"] = phase
    g = start(ruleset, data, bots=True)
    idx = {s.name: s.index for s in g.board.spaces}
    while not g.snapshots:  # the set-up's own decisions, if any, answered by the bots
        g.run(max_decisions=1)
    if holdings:  # held when the first turn's first decision is asked
        assert [g.rules.space_state(idx[h])["owner"] for h in holdings] == [2] * len(holdings)
    g.run()
    rows = first_rows(g)
    assert rows[0].cash == 1000 and rows[2].cash == 77 and rows[3].cash == 0
    assert g.snapshots and g.snapshots[0].phase == (phase or g.ruleset.default_phase)
    assert g.events is not None
    start_event = next(e for e in g.events if e.kind == "start")
    assert start_event.seat == 2  # seat 3 plays first
    first_throw = next(e for e in g.events if e.kind == "throw" and e.turn == 1)
    assert first_throw.seat == 2
    assert g.over and len(g.results()) == 4


def test_holdings_are_the_seats_at_the_first_turn() -> None:
    """Magie 1904 and Monopoly hold exactly the described spaces when play begins."""
    g = start("magie-1904-no-tickets", {"seat": [{}, {"holdings": ["Lot 3", "Lot 4"], "luxuries": 2}, {}, {}]})
    assert g.rules.owner[6] == 1 and g.rules.owner[7] == 1 and g.players[1].lots == {6, 7}
    assert g.players[1].luxuries == 2
    m = start("monopoly", {"seat": [{"holdings": ["Boardwalk", "Park Place"]}, {}, {}, {}]})
    assert m.players[0].deeds == {37, 39} and len(m.rules.state.full[0]) == 1  # the dark blue group, complete


@pytest.mark.parametrize(("ruleset", "data", "entry", "field"), [
    ("monopoly", {"seat": [{"cahs": 5}]}, "seat 1", "cahs"),
    ("monopoly", {"colour": "red"}, None, "colour"),
    ("monopoly", {"seat": [{"cash": -5}]}, "seat 1", "cash"),
    ("monopoly", {"seat": [{"cash": True}]}, "seat 1", "cash"),
    ("monopoly", {"turn": 2, "seat": [{}]}, None, "turn"),
    ("monopoly", {"dice": [[0, 7]]}, "dice[0]", None),
    ("monopoly", {"seat": [{"mortgages": ["Boardwalk"]}]}, "seat 1", "mortgages"),
])
def test_a_bad_field_is_refused_by_name(ruleset: str, data: dict[str, Any], entry: str | None,
                                        field: str | None) -> None:
    """Reading a position checks every field: the error names the source, entry and field."""
    with pytest.raises(DataError) as err:
        Position.from_dict(data, "test position")
    assert (err.value.path, err.value.entry, err.value.field) == ("test position", entry, field)


@pytest.mark.parametrize(("ruleset", "data", "entry", "field"), [
    ("british-1913-sequence", {"seat": [{"luxuries": 1}, {}, {}, {}]}, "seat 1", "luxuries"),
    ("british-1913-sequence", {"seat": [{}, {"debts": 3}, {}, {}]}, "seat 2", "debts"),
    ("monopoly", {"seat": [{}, {}, {"improvements": {"Boardwalk": 1}}, {}]}, "seat 3", "improvements"),
    ("magie-1904-no-tickets", {"seat": [{"mortgages": ["Lot 1"], "holdings": ["Lot 1"]}, {}, {}, {}]},
     "seat 1", "mortgages"),
    ("monopoly", {"seat": [{"holdings": ["GO"]}, {}, {}, {}]}, "seat 1", "holdings"),
    ("monopoly", {"seat": [{"token": "Nowhere"}, {}, {}, {}]}, "seat 1", "token"),
    ("magie-1904-no-tickets", {"seat": [{"holdings": ["Lot 1"]}, {"holdings": ["Lot 1"]}, {}, {}]}, None, None),
    ("monopoly", {"phase": "single_tax"}, None, "phase"),
    ("monopoly", {"seat": [{}, {}]}, None, "seat"),
])
def test_a_family_refuses_what_it_cannot_take_by_name(ruleset: str, data: dict[str, Any], entry: str | None,
                                                      field: str | None) -> None:
    """A family whose rules have no such thing refuses the field by name, never silently;
    a space unknown to the board or not holdable is refused the same way. DECISION: two seats
    naming the same lot: the later seat holds it (each seat holds exactly what it names, taken
    from whoever held it), so only the last naming counts."""
    if entry is None and field is None:
        g = start(ruleset, data)
        assert g.rules.owner[1] == 1 and g.players[0].lots == set()
        return
    with pytest.raises(DataError) as err:
        start(ruleset, data)
    assert (err.value.path, err.value.entry, err.value.field) == ("test position", entry, field)


HOLDS = {"magie-1904-no-tickets": "Lot 5", "monopoly": "Baltic Avenue", "british-1913-sequence": "Site No. 4"}


@pytest.mark.parametrize("ruleset", sorted(HOLDS))
def test_a_saved_game_from_a_position_replays(ruleset: str) -> None:
    """The position is kept in the save (``Record.position``); ``savefile.load_game`` rebuilds
    the game event for event, scripted dice and all, and both play on alike."""
    data = {"turn": 2, "dice": [[6, 6], [1, 2], [3, 4]],
            "seat": [{"cash": 900, "token": 3}, {"holdings": [HOLDS[ruleset]]},
                     {}, {"cash": 20}]}
    g = start(ruleset, data, bots=True)
    g.run(max_decisions=40)
    saved = json.loads(json.dumps(savefile.to_dict(g, ["random"] * 4)))
    assert saved["position"] == Position.from_dict(data).to_dict()
    loaded = savefile.load_game(saved, "test save")
    seats = loaded.record.seats
    assert seats == ["random"] * 4 and loaded.log_text() == g.log_text() and loaded.entries == g.entries
    assert loaded.scripted == g.scripted
    assert g.events is not None
    throws = [dict(e.data)["dice"] for e in g.events if e.kind == "throw" and e.turn >= 1]
    assert throws[:3] == ["6+6", "1+2", "3+4"]
    g.strategies = [make_strategy("random", f"x-{i}") for i in range(4)]
    loaded.strategies = [make_strategy("random", f"x-{i}") for i in range(4)]
    g.run()
    loaded.run()
    assert loaded.log_text() == g.log_text()


def test_scripted_dice_follow_the_position() -> None:
    """``dice`` are the first throws after the position is laid out (the set-up's throws for
    the first player are the RNG's)."""
    g = start("monopoly", {"turn": 1, "dice": [[5, 6]], "seat": [{}, {}, {}, {}]})
    assert g.pending is not None and g.pending.seat == 0
    g.act("done")
    assert g.events is not None
    assert next(e.data for e in g.events if e.kind == "throw" and e.turn == 1)[0] == ("dice", "5+6")


def test_the_example_file_loads_and_a_bad_file_is_named(tmp_path: Path) -> None:
    """The example in data/positions/ loads and plays; a bad file's error names the file."""
    position = load_position(EXAMPLE)
    assert position.turn == 3 and position.seats[0].holdings == ("Lot 1", "Lot 2", "Lot 3")
    g = FamilyGame(load_ruleset("magie-1904-no-tickets"), [make_strategy("random", i) for i in range(4)], 1,
             position=position)
    assert first_rows(g)[3].cash == 40
    g.run()
    assert g.over
    bad = tmp_path / "bad.toml"
    bad.write_text('turn = 1\n[[seat]]\ncash = "lots"\n', encoding="utf-8")
    with pytest.raises(DataError, match=r"bad\.toml: seat 1: field 'cash'"):
        load_position(bad)


def test_a_position_file_states_its_provenance_and_a_bad_one_is_refused_by_name() -> None:
    """Every data file says where its numbers come from: the example position is a made-up
    teaching position (``kit_decision``), kept through saving; an unknown provenance is refused."""
    from landlord.data.position import Position, load_position
    from landlord.data.resources import kit_dir
    from landlord.errors import DataError

    pos = load_position(kit_dir("data") / "positions" / "magie-1904-two-landlords.toml")
    assert pos.provenance == "kit_decision" and pos.source
    assert Position.from_dict(pos.to_dict()).provenance == "kit_decision"
    with pytest.raises(DataError, match=r"provenance.*unknown provenance 'guess'"):
        Position.from_dict({"provenance": "guess"}, "mine.toml")


# -- every field each family has a rule for (issue 13.5) --------------------------------------
def transfers_until(game: Game, reason: str, limit: int = 60) -> list[dict[str, Any]]:
    """Answer each decision with its first option (keep, done, none, pass, …) until a transfer
    for ``reason`` is logged; every transfer since the first turn began, as dicts."""
    assert game.events is not None
    for _ in range(limit):
        found = [dict(e.data) for e in game.events if e.kind == "transfer" and e.turn >= 1]
        if any(t["reason"] == reason for t in found):
            return found
        assert game.pending is not None, "the game ended first"
        game.act(game.pending.options[0])
    raise AssertionError(f"no transfer for {reason!r} within {limit} decisions")


def people(ruleset: str, data: dict[str, Any]) -> Game:
    """A 4-seat game of people (no bots) from the position ``data``, with a log."""
    return FamilyGame(load_ruleset(ruleset), [None] * 4, 5, position=Position.from_dict(data, "test position"))


DARK_BLUE = ["Park Place", "Boardwalk"]


def test_monopoly_houses_hotels_and_mortgages() -> None:
    """HOUSES and HOTELS stand where the position puts them and the Bank's stock goes down
    (EQUIPMENT: 32 houses, 12 hotels); PAYING RENT with 3 houses on Boardwalk is the deed's
    3-house rent ($1,400 on the title deed: rents 200/600/1,400/1,700, hotel 2,000)."""
    g = people("monopoly", {"turn": 2, "dice": [[2, 3]], "seat": [
        {"holdings": DARK_BLUE + ["Baltic Avenue", "Mediterranean Avenue"],
         "improvements": {"Boardwalk": 3, "Park Place": 3, "Baltic Avenue": "hotel", "Mediterranean Avenue": 4}},
        {"token": "Pennsylvania Avenue", "cash": 1500}, {}, {}]})
    r = g.rules
    assert (r.state.houses_left, r.state.hotels_left) == (32 - 3 - 3 - 4, 12 - 1)
    assert r.rent(39, 5) == 1400 and r.rent(3, 5) == 450  # Baltic Avenue's hotel rent on its deed
    g.act("done")  # seat 2's manage decision; then 2+3 from Pennsylvania Avenue (34) to Boardwalk
    assert g.pending is not None and g.pending.kind == "ask_rent" and g.pending.seat == 0
    assert g.pending.amount == 1400
    g.act("ask")
    assert g.cash(1) == 1500 - 1400


def test_monopoly_a_mortgaged_deed_pays_no_rent() -> None:
    """MORTGAGES: "No rent can be collected on mortgaged properties": stopping on mortgaged
    Boardwalk asks for nothing and the tenant's cash is unchanged."""
    g = people("monopoly", {"turn": 2, "dice": [[2, 3]], "seat": [
        {"holdings": DARK_BLUE, "mortgages": ["Boardwalk"]}, {"token": "Pennsylvania Avenue", "cash": 300}, {}, {}]})
    assert g.rules.state.mortgaged[39] and g.rules.space_state(39)["mortgaged"]
    g.act("done")
    assert g.pending is None or g.pending.kind != "ask_rent"
    assert g.cash(1) == 300


@pytest.mark.parametrize(("seats", "entry", "field"), [
    # "evenly": 3 houses on Boardwalk and 1 on Park Place
    ([{"holdings": DARK_BLUE, "improvements": {"Boardwalk": 3, "Park Place": 1}}, {}, {}, {}],
     "seat 1", "improvements"),
    # a hotel only after four houses on every lot of the group
    ([{"holdings": DARK_BLUE, "improvements": {"Boardwalk": "hotel", "Park Place": 3}}, {}, {}, {}],
     "seat 1", "improvements"),
    ([{"holdings": DARK_BLUE, "improvements": {"Boardwalk": 5, "Park Place": 5}}, {}, {}, {}],
     "seat 1", "improvements"),
    # houses only on a complete color-group
    ([{"holdings": ["Boardwalk"], "improvements": {"Boardwalk": 1}}, {}, {}, {}], "seat 1", "improvements"),
    ([{"holdings": DARK_BLUE, "mortgages": ["Park Place"], "improvements": {"Boardwalk": 1}}, {}, {}, {}],
     "seat 1", "mortgages"),
    # the Bank's 32 houses: 8 + 12 + 12 for the first seat, then 2 more for the second
    ([{"holdings": DARK_BLUE + ["Pacific Avenue", "North Carolina Avenue", "Pennsylvania Avenue",
                                "Atlantic Avenue", "Ventnor Avenue", "Marvin Gardens"],
       "improvements": {n: 4 for n in DARK_BLUE + ["Pacific Avenue", "North Carolina Avenue", "Pennsylvania Avenue",
                                                   "Atlantic Avenue", "Ventnor Avenue", "Marvin Gardens"]}},
      {"holdings": ["Baltic Avenue", "Mediterranean Avenue"],
       "improvements": {"Baltic Avenue": 1, "Mediterranean Avenue": 1}}, {}, {}], "seat 2", "improvements"),
    ([{}, {}, {}, {"debts": [{"to": "Bank", "amount": 5}]}], "seat 4", "debts"),
    ([{"luxuries": 1}, {}, {}, {}], "seat 1", "luxuries"),
])
def test_monopoly_refuses_a_position_its_rules_would_not_allow(seats: list[dict[str, Any]], entry: str,
                                                               field: str) -> None:
    """Even building, a hotel after four houses, complete color-groups, no buildings on a
    group with a mortgage, the Bank's supply of houses: a position breaking one is refused,
    naming the seat and the field; fields Monopoly has no rule for are refused by name."""
    with pytest.raises(DataError) as err:
        people("monopoly", {"seat": seats})
    assert (err.value.path, err.value.entry, err.value.field) == ("test position", entry, field)


def test_monopoly_the_bank_supply_of_houses_is_exactly_enough() -> None:
    """32 houses on the board, as the first seat of the supply test holds, is allowed; the Bank
    then has none (and a hotel on a group of four-house lots takes one of its 12 hotels)."""
    lots = DARK_BLUE + ["Pacific Avenue", "North Carolina Avenue", "Pennsylvania Avenue",
                        "Atlantic Avenue", "Ventnor Avenue", "Marvin Gardens"]
    g = people("monopoly", {"seat": [{"holdings": lots, "improvements": {n: 4 for n in lots}}, {}, {}, {}]})
    assert (g.rules.state.houses_left, g.rules.state.hotels_left) == (0, 12)


SECTION2 = ["The Pike", "The Farm", "Rubeville"]


def test_magie1906_holdings_houses_rent_and_the_count() -> None:
    """1906: a position's cards replace the deal; land rent with every lot of a section
    improved with one house doubles (advanced rules' Land Rent Table: The Pike $4 → $8) and
    the house rent is "$10 for each house" (3 houses: $30); cards, houses and luxuries count
    100 each ("Every card and every house counts the holder or owner 100"; a luxury $100,
    reconstructed)."""
    g = people("magie-1906", {"turn": 2, "dice": [[2, 4]], "seat": [
        {"holdings": SECTION2 + ["Royal Rusher R.R."], "improvements": {"The Pike": 3, "The Farm": 1, "Rubeville": 1},
         "luxuries": 2, "cash": 100},
        {"cash": 200}, {}, {}]})
    r = g.rules
    assert r.pays.land_rent(6) == 8 and r.pays.house_rent(6) == 30
    row = g.results()[0]
    assert (row.cash, row.land, row.cards, row.improvements, row.luxuries) == (100, 300, 100, 500, 200)
    assert g.rules.pieces(0)["houses"] == 5 and g.rules.pieces(0)["luxuries"] == 2
    assert row.total == 100 + 400 + 500 + 200
    assert not any(e.kind == "dealt" for e in g.events or [])
    paid = transfers_until(g, "rent")  # seat 2 throws 2+4 from Mother Earth to The Pike
    assert [(t["from"], t["to"], t["amount"]) for t in paid if t["reason"] == "rent"] == [
        (g.names[1], g.names[0], 8 + 30)]


def test_magie1906_mortgages_loans_and_unpaid_debts() -> None:
    """RECONSTRUCTED rule 15: a card mortgaged to the Bank for half its price (Wall Street
    $100: $50), lifted for that plus 10%; a loan from another player is owed to him (its
    repayment offered when the debtor has the money); an unpaid expense is paid first at the
    debtor's next turn (rule 12). The count takes what is owed off the debtor's and adds a
    player's loan to the lender's."""
    g = people("magie-1906", {"turn": 1, "seat": [
        {"holdings": ["Wall Street"], "mortgages": ["Wall Street"], "cash": 200,
         "debts": [{"to": 2, "amount": 60}, {"to": "Public Treasury", "amount": 30}]},
        {}, {}, {}]})
    r = g.rules
    assert [(m.seat, m.space, m.amount) for m in r.state.mortgages] == [(0, 38, 50)]
    assert r.pays.redeem_cost(r.state.mortgages[0]) == 55
    rows = g.results()  # his turn has begun: the $30 is paid, the mortgage and the loan still owed
    assert rows[0].debts == 50 + 60 and rows[1].credits == 60 and rows[0].cash == 200 - 30
    assert g.events is not None
    first = [dict(e.data) for e in g.events if e.kind == "transfer" and e.turn == 1]
    assert [(t["to"], t["amount"]) for t in first] == [("Public Treasury", 30)]  # settled before business
    assert g.pending is not None and g.pending.kind == "repay"
    assert set(g.pending.options) >= {"repay:38", "repay_loan:1"}
    g.act("repay:38")  # lifted for $50 + 10%
    assert g.cash(0) == 170 - 55 and not r.state.mortgages and g.results()[0].debts == 60


@pytest.mark.parametrize(("data", "entry", "field"), [
    ({"seat": [{"improvements": {"Wall Street": 1}}, {}, {}, {}]}, "seat 1", "improvements"),  # not his lot
    ({"seat": [{"holdings": ["Wall Street"], "improvements": {"Wall Street": 4}}, {}, {}, {}]}, "seat 1",
     "improvements"),  # "limited to three"
    ({"phase": "single_tax", "seat": [{"holdings": ["Wall Street"], "mortgages": ["Wall Street"]}, {}, {}, {}]},
     "seat 1", "mortgages"),  # a deed of no value secures nothing
    ({"seat": [{"debts": [{"to": "Bank", "amount": 10, "loan": True}]}, {}, {}, {}]}, "seat 1 debts[0]", "loan"),
    ({"seat": [{"debts": [{"to": 1, "amount": 10}]}, {}, {}, {}]}, "seat 1 debts[0]", "to"),
    ({"seat": [{"debts": [{"to": 2, "amount": 10, "interest": 5}]}, {}, {}, {}]}, "seat 1 debts[0]", "interest"),
    ({"seat": [{"holdings": ["Mother Earth"]}, {}, {}, {}]}, "seat 1", "holdings"),
])
def test_magie1906_refuses_what_its_rules_would_not_allow(data: dict[str, Any], entry: str, field: str) -> None:
    """Each refusal names the seat (and debt) and the field."""
    with pytest.raises(DataError) as err:
        people("magie-1906", data)
    assert (err.value.path, err.value.entry, err.value.field) == ("test position", entry, field)


def test_magie1906_single_tax_houses_on_another_players_lot() -> None:
    """Single tax, rule 4: a house may stand on any lot; the house rent goes to its owner."""
    g = people("magie-1906", {"phase": "single_tax", "seat": [
        {"holdings": ["Wall Street"]}, {"improvements": {"Wall Street": 2}}, {}, {}]})
    assert (g.rules.owner[38], g.rules.state.houses[38], g.rules.state.house_owner[38]) == (0, 2, 1)
    assert g.rules.pieces(1)["houses"] == 2 and g.results()[1].improvements == 2 * 100


def test_british1913_improvement_cards_and_debts() -> None:
    """Part 2: alighting on Site No. 4 (owner seat 2, improvement card of seat 1) pays the Rent
    (annual land value £8) to the site's owner, the INTEREST (£20 on the card) to the
    improvement's owner and the RATES (£10) to the Public Treasury; an unpaid debt is paid
    first out of the debtor's money."""
    g = people("british-1913-sequence", {"phase": "part2", "turn": 3, "dice": [[2, 4]], "seat": [
        {"improvements": {"Site No. 4": 1}}, {"holdings": ["Site No. 4"]}, {"cash": 500},
        {"cash": 100, "debts": [{"to": "Bank", "amount": 40}]}]})
    r = g.rules
    assert r.state.imp_owner[6] == 0 and r.owner[6] == 1 and 6 in g.players[0].improvements
    assert g.results()[0].improvements == 400 and g.results()[3].debts == 40
    paid = transfers_until(g, "rates")
    assert [(t["from"], t["to"], t["amount"], t["reason"]) for t in paid if t["from"] == g.names[2]] == [
        (g.names[2], g.names[1], 8, "rent"), (g.names[2], g.names[0], 20, "interest"),
        (g.names[2], "Public Treasury", 10, "rates")]


@pytest.mark.parametrize(("data", "entry", "field"), [
    ({"phase": "part1", "seat": [{"holdings": ["Site No. 4"], "improvements": {"Site No. 4": 1}}, {}, {}, {}]},
     "seat 1", "improvements"),  # improving begins in Part 2
    ({"phase": "part2", "seat": [{"holdings": ["Site No. 4"], "improvements": {"Site No. 4": 2}}, {}, {}, {}]},
     "seat 1", "improvements"),  # one card a site
    ({"phase": "part2", "seat": [{"holdings": ["Undeveloped Sites (No. 11)"],
                                  "improvements": {"Undeveloped Sites (No. 11)": 1}}, {}, {}, {}]},
     "seat 1", "improvements"),  # "Undeveloped Sites are not improved till Part 3"
    ({"phase": "part2", "seat": [{"debts": [{"to": 2, "amount": 10, "loan": True}]}, {}, {}, {}]},
     "seat 1 debts[0]", "loan"),  # "borrowing by players being strictly prohibited"
    ({"phase": "part2", "seat": [{"holdings": ["Site No. 4"], "mortgages": ["Site No. 4"]}, {}, {}, {}]},
     "seat 1", "mortgages"),
])
def test_british1913_refuses_what_its_rules_would_not_allow(data: dict[str, Any], entry: str, field: str) -> None:
    """Each refusal names the seat (and debt) and the field."""
    with pytest.raises(DataError) as err:
        people("british-1913-sequence", data)
    assert (err.value.path, err.value.entry, err.value.field) == ("test position", entry, field)


def test_magie1904_loans_mortgages_and_interest_at_wages() -> None:
    """Borrowing: a $200 Bank loan on Lot 22 ($220, at least $10 more than borrowed) costs "five
    dollars (interest) every time he receives his wages" a note ($10); a $100 loan from seat 3
    at the agreed $7. Passing Mother Earth (Lot 22 + 3 = 41) the debtor draws $100 wages and
    pays $10 to the Bank and $7 to seat 3; the count takes the loans off his total."""
    g = people("magie-1904-no-tickets", {"turn": 1, "dice": [[1, 2]], "seat": [
        {"token": "Lot 22", "holdings": ["Lot 22", "Lot 1"], "cash": 50,
         "debts": [{"to": "Bank", "amount": 200, "mortgages": ["Lot 22"]},
                   {"to": 3, "amount": 100, "interest": 7}]},
        {}, {}, {}]})
    r = g.rules
    assert [(ln.lender, ln.debtor, ln.principal, ln.interest, ln.lots) for ln in r.state.loans] == [
        (g.account("Bank"), 0, 200, 10, (38,)), (2, 0, 100, 7, ())]
    assert r.state.mortgaged == {38} and r.money.bank_capacity(0) == 0  # Lot 1 ($10) secures no more
    rows = g.results()
    assert rows[0].debts == 300 and rows[2].credits == 100
    paid = transfers_until(g, "interest")
    assert [(t["to"], t["amount"]) for t in paid if t["reason"] in ("wages", "interest")][:3] == [
        (g.names[0], 100), ("Bank", 10), (g.names[2], 7)]


@pytest.mark.parametrize(("debt", "field"), [
    ({"to": "Bank", "amount": 200, "mortgages": ["Lot 10"]}, "mortgages"),  # $100 lot: not $210
    ({"to": "Bank", "amount": 150, "mortgages": ["Lot 22"]}, "amount"),  # in amounts of $100
    ({"to": "Bank", "amount": 100, "interest": 4, "mortgages": ["Lot 22"]}, "interest"),
    ({"to": "Public Treasury", "amount": 100}, "to"),
    ({"to": 2, "amount": 100, "loan": False}, "loan"),  # an unpaid expense is written off
    ({"to": "Bank", "amount": 100, "mortgages": ["Lot 22"], "phase": "single_tax"}, "mortgages"),
])
def test_magie1904_refuses_a_loan_the_patent_would_not_make(debt: dict[str, Any], field: str) -> None:
    """Each refusal names the seat's debt and the field (under the single tax a deed is "of no
    value" and secures no Bank loan)."""
    phase = debt.pop("phase", None)
    data: dict[str, Any] = {"seat": [{"holdings": ["Lot 22", "Lot 10"], "debts": [debt]}, {}, {}, {}]}
    if phase:
        data["phase"] = phase
    with pytest.raises(DataError) as err:
        people("magie-1904-no-tickets", data)
    assert (err.value.path, err.value.entry, err.value.field) == ("test position", "seat 1 debts[0]", field)


def test_magie1904_has_no_houses_and_no_mortgage_without_a_loan() -> None:
    """No houses on the patent board; a mortgage there secures a loan, so it is given in the
    loan (``debts``), and a seat-level ``mortgages`` is refused by name."""
    for seat, field in (({"holdings": ["Lot 1"], "improvements": {"Lot 1": 1}}, "improvements"),
                        ({"holdings": ["Lot 1"], "mortgages": ["Lot 1"]}, "mortgages")):
        with pytest.raises(DataError) as err:
            people("magie-1904-no-tickets", {"seat": [seat, {}, {}, {}]})
        assert (err.value.entry, err.value.field) == ("seat 1", field)


@pytest.mark.parametrize("name", sorted(p.name for p in (ROOT / "data" / "positions").glob("*.toml")))
def test_each_example_position_loads_plays_and_its_save_replays(name: str) -> None:
    """Every example in data/positions/ has a title and the ruleset it was made for, names its
    ruleset's family fields, starts a game of bots, and a save made mid-game replays event for
    event through ``savefile.load_game``."""
    position = load_position(ROOT / "data" / "positions" / name)
    ruleset = position.ruleset
    assert ruleset is not None and position.title
    g = FamilyGame(load_ruleset(ruleset), [make_strategy("random", f"e-{i}") for i in range(len(position.seats))], 4,
             position=position)
    g.run(max_decisions=60)
    assert Position.from_dict(position.to_dict(), position.where) == position
    saved = json.loads(json.dumps(savefile.to_dict(g, ["random"] * len(position.seats))))
    assert saved["position"] == position.to_dict()
    loaded = savefile.load_game(saved, "test save")
    assert loaded.log_text() == g.log_text() and loaded.entries == g.entries
    for game in (g, loaded):
        game.strategies = [make_strategy("random", f"x-{i}") for i in range(len(position.seats))]
        game.run()
    assert loaded.log_text() == g.log_text() and g.over


STREETS = {"brown": ["Mediterranean Avenue", "Baltic Avenue"], "dark_blue": DARK_BLUE,
           "green": ["Pacific Avenue", "North Carolina Avenue", "Pennsylvania Avenue"]}
LEVEL = st.sampled_from([0, 1, 2, 3, 4, "hotel"])


@settings(max_examples=60, deadline=None)
@given(levels=st.lists(LEVEL, min_size=7, max_size=7), mortgaged=st.lists(st.booleans(), min_size=7, max_size=7),
       split=st.booleans())
def test_monopoly_accepts_exactly_the_positions_its_building_rules_allow(levels: list[Any], mortgaged: list[bool],
                                                                         split: bool) -> None:
    """Any buildings and mortgages over three groups (the green group split between two seats
    when ``split``): the position is accepted exactly when the rules allow it — complete
    groups, even building (a hotel as a fifth level), no building beside a mortgage — worked
    out here independently; when accepted the houses on the board and the Bank's stock add up
    to 32 houses and 12 hotels."""
    names = [n for g in STREETS.values() for n in g]
    owner = {n: (1 if split and n == "Pennsylvania Avenue" else 0) for n in names}
    level = {n: (5 if v == "hotel" else v) for n, v in zip(names, levels, strict=True)}
    mort = {n: m for n, m in zip(names, mortgaged, strict=True)}
    allowed = True
    for group in STREETS.values():
        lv = [level[n] for n in group]
        built = any(lv)
        if built and (len({owner[n] for n in group}) > 1 or max(lv) - min(lv) > 1 or any(mort[n] for n in group)):
            allowed = False
    seats: list[dict[str, Any]] = [{}, {}, {}, {}]
    for n in names:
        seat = seats[owner[n]]
        seat.setdefault("holdings", []).append(n)
        if mort[n]:
            seat.setdefault("mortgages", []).append(n)
        if level[n]:
            seat.setdefault("improvements", {})[n] = "hotel" if level[n] == 5 else level[n]
    try:
        g = people("monopoly", {"seat": seats})
    except DataError as err:
        assert not allowed, str(err)
        assert err.field in ("improvements", "mortgages") and err.entry in ("seat 1", "seat 2")
        return
    assert allowed
    st = g.rules.state
    on_board = [st.houses[i] for i in range(len(st.houses))]
    assert sum(h for h in on_board if h != 5) + st.houses_left == 32
    assert sum(h == 5 for h in on_board) + st.hotels_left == 12
