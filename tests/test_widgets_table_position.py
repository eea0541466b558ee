"""A teacher's "what if you start here" at the game table: ``GameTable(position=...)`` and the
set-up's "Start from" menu start a game from a described position through the same API the
tests use (``load_position``, ``FamilyGame(position=...)``); such a game saves and reloads."""

from __future__ import annotations

import html
import re
from pathlib import Path

from landlord.widgets.table_setup import DEFAULT_SEATS, OPENING, OWN_POSITION
from landlord.widgets.words import menu_words

from landlord import load_ruleset
from landlord.data.position import Position, example_positions, load_position
from landlord.engine.game import Game
from landlord.players.characters import make_strategy
from landlord.rules.families import FamilyGame
from landlord.widgets import GameTable

ROOT = Path(__file__).resolve().parents[1]
BUILT_UP = ROOT / "data" / "positions" / "monopoly-built-up.toml"
BORROWERS = ROOT / "data" / "positions" / "magie-1904-borrowers.toml"


def engine_game(position: Position, seats: list[tuple[str, str | None]], seed: int) -> Game:
    """The game the engine plays from ``position`` with these seats, run until a person must choose."""
    rs = load_ruleset(position.ruleset or "")
    bots = [make_strategy(b, f"{seed}-{i}") if b else None for i, (_, b) in enumerate(seats)]
    g = FamilyGame(rs, bots, seed, [n for n, _ in seats], position=position)
    g.run()
    return g


def downloaded(table: GameTable) -> bytes:
    """One click on Save: the file the browser is sent to download."""
    table.files.save_button.click()
    assert table.files.keeper.sent is not None
    return str(table.files.keeper.sent["text"]).encode("utf-8")


def test_a_table_given_a_position_file_plays_the_engines_game_from_it() -> None:
    """No ruleset, no seats: the position's own ruleset (Monopoly) and one seat per described
    seat; what the table shows is the game ``FamilyGame(position=...)`` plays, not the rules' opening."""
    table = GameTable(position=str(BUILT_UP), seed=3)
    position = load_position(BUILT_UP)
    assert table.game.ruleset.id == "monopoly" and table.game.names == [n for n, _ in DEFAULT_SEATS]
    assert table.game.log_text() == engine_game(position, list(DEFAULT_SEATS), 3).log_text()
    boardwalk = next(s.index for s in table.game.board.spaces if s.name == "Boardwalk")
    assert table.game.rules.space_state(boardwalk)["owner"] == 0
    # a phone's closed menu shows a short name, the whole title is written under it
    assert table.setup.position_pick.label == "Built up: a hotel on Boardwalk"
    assert html.escape(position.title) in table.setup.position_about.value
    assert table.game.record.position == position.to_dict()


def test_the_start_from_menu_offers_the_boards_example_positions_by_title_and_starts_there() -> None:
    table = GameTable("magie-1904", [("You", None), ("Ben", "landlord")], seed=5)
    labels = [label for label, _ in table.setup.position_pick.options]
    made_for_1904 = [menu_words(p.title) for p in example_positions()
                     if p.ruleset and p.ruleset.startswith("magie-1904")]
    assert labels[0] == OPENING and sorted(labels[1:]) == sorted(made_for_1904) and len(made_for_1904) >= 2
    assert not any(".toml" in lab or "positions" in lab for lab in labels)  # titles, never file ids
    assert table.game.position is None
    pick = dict(table.setup.position_pick.options)[menu_words(load_position(BORROWERS).title)]
    table.setup.position_pick.value = pick
    position = load_position(BORROWERS)
    assert table.setup.ruleset_pick.value == position.ruleset and table.setup.players.value == len(position.seats)
    assert table.game.record.position == position.to_dict()
    seats = [("You", None), ("Ben", "landlord"), *((n, "landlord") for n in ("Cleo", "Dan"))]
    assert table.game.log_text() == engine_game(position, seats, 5).log_text()
    assert position.title in table.message.value.replace("&#x27;", "'")
    # another board's rules: the 1904 positions leave the menu, and a new game starts as the rules do
    table.setup.ruleset_pick.value = "magie-1906"
    assert table.setup.start_position is None
    assert [lab for lab, _ in table.setup.position_pick.options] == [OPENING, *(
        menu_words(p.title) for p in example_positions() if p.ruleset == "magie-1906")]
    table.setup.players.value = 2
    table.reset()
    assert table.game.ruleset.id == "magie-1906" and table.game.position is None


def test_a_game_started_from_a_position_saves_and_reloads_with_its_position() -> None:
    table = GameTable(position=load_position(BORROWERS), seats=[("You", None), ("Ben", "tenant"), ("Cleo", "landlord"),
                                                               ("Dan", "speculator")], seed=11)
    for _ in range(8):
        d = table.game.pending
        if d is None:
            break
        buttons = table.option_buttons()
        (buttons[d.options[0]].click() if buttons else table.choices.option_picker[1].click())
    raw = downloaded(table)
    other = GameTable("monopoly", seed=1)
    assert other.load_bytes(raw, "borrowers.json")
    assert other.game.log_text() == table.game.log_text() and other.game.entries == table.game.entries
    assert other.setup.start_position is not None and other.setup.position_pick.label == "Borrowers and lenders"
    other.reset()  # the same set-up again: from the same position, same seed
    fresh = GameTable(position=BORROWERS, seats=[("You", None), ("Ben", "tenant"), ("Cleo", "landlord"),
                                                 ("Dan", "speculator")], seed=11)
    assert other.game.log_text() == fresh.game.log_text()


def test_a_position_that_does_not_fit_the_table_is_refused_in_a_message_and_the_game_is_kept() -> None:
    table = GameTable(position=BUILT_UP, seed=2)
    before = table.game.log_text()
    table.setup.players.value = 3
    table.reset()
    assert "Cannot start" in table.message.value and "4 seats described for a game of 3" in table.message.value
    assert "/" not in re.sub(r"<[^>]+>", "", table.message.value)  # no path on the server is shown
    assert table.game.log_text() == before


def test_a_position_of_ones_own_without_a_title_is_offered_in_plain_words() -> None:
    own = Position.from_dict({"ruleset": "magie-1904", "turn": 2, "seat": [{"cash": 900}, {"cash": 10}]})
    table = GameTable(position=own, seed=4)
    assert table.setup.position_pick.label == OWN_POSITION and len(table.game.names) == 2
    assert table.game.log_text() == engine_game(own, list(DEFAULT_SEATS[:2]), 4).log_text()
    assert table.game.record.position == own.to_dict()
