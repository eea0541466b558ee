"""Positions as data (issue 13.5): a game started from a described position, from Python or a
TOML file, checked field by field, laid out by each family's hook and kept in saves."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from landlord import savefile
from landlord.errors import DataError
from landlord.game import Game
from landlord.loader import load_ruleset
from landlord.position import Position, load_position
from landlord.strategies import make_strategy

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "data" / "positions" / "magie-1904-two-landlords.toml"


def start(ruleset: str, data: dict[str, Any], bots: bool = False, seed: int = 3) -> Game:
    """A 4-seat game of ``ruleset`` from the position ``data`` (random bots if ``bots``)."""
    seats = [make_strategy("random", f"{seed}-{i}") if bots else None for i in range(4)]
    return Game(load_ruleset(ruleset), seats, seed, position=Position.from_dict(data, "test position"))


def first_rows(game: Game) -> tuple[dict[str, Any], ...]:
    """Each seat's count when the first turn begins (the position laid out, nothing played)."""
    assert game.snapshots
    return game.snapshots[0].rows


# (ruleset, phase to start in, what a seat may hold there (the family's holdings) or None)
FAMILIES = [
    ("magie-1904-no-tickets", "single_tax", ("Lot 1", "Lot 2")),
    ("magie-1906", "single_tax", None),
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
    assert rows[0]["cash"] == 1000 and rows[2]["cash"] == 77 and rows[3]["cash"] == 0
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
    assert m.players[0].deeds == {37, 39} and len(m.rules.full[0]) == 1  # the dark blue group, complete


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
    ("magie-1906", {"seat": [{"holdings": ["Wayback"]}, {}, {}, {}]}, "seat 1", "holdings"),
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
    """A family that cannot (yet) lay out a field refuses it naming the field, never silently;
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
    """The position is kept in the save (``Record.position``); ``savefile.from_dict`` rebuilds
    the game event for event, scripted dice and all, and both play on alike."""
    data = {"turn": 2, "dice": [[6, 6], [1, 2], [3, 4]],
            "seat": [{"cash": 900, "token": 3}, {"holdings": [HOLDS[ruleset]]},
                     {}, {"cash": 20}]}
    g = start(ruleset, data, bots=True)
    g.run(max_decisions=40)
    saved = json.loads(json.dumps(savefile.to_dict(g, ["random"] * 4)))
    assert saved["position"] == Position.from_dict(data).to_dict()
    loaded, seats = savefile.from_dict(saved, "test save")
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
    g = Game(load_ruleset("magie-1904-no-tickets"), [make_strategy("random", i) for i in range(4)], 1,
             position=position)
    assert first_rows(g)[3]["cash"] == 40
    g.run()
    assert g.over
    bad = tmp_path / "bad.toml"
    bad.write_text('turn = 1\n[[seat]]\ncash = "lots"\n', encoding="utf-8")
    with pytest.raises(DataError, match=r"bad\.toml: seat 1: field 'cash'"):
        load_position(bad)


def test_a_position_file_states_its_provenance_and_a_bad_one_is_refused_by_name() -> None:
    """Every data file says where its numbers come from: the example position is a made-up
    teaching position (``kit_decision``), kept through saving; an unknown provenance is refused."""
    from landlord.errors import DataError
    from landlord.loader import data_dir
    from landlord.position import Position, load_position

    pos = load_position(data_dir() / "positions" / "magie-1904-two-landlords.toml")
    assert pos.provenance == "kit_decision" and pos.source
    assert Position.from_dict(pos.to_dict()).provenance == "kit_decision"
    with pytest.raises(DataError, match=r"provenance.*unknown provenance 'guess'"):
        Position.from_dict({"provenance": "guess"}, "mine.toml")
