"""The Monopoly board and its movement cards, read from the shared reference CSVs (tests only).

Used while ``data/boards/monopoly-*.toml`` is not on main: the landing chain takes any board
plus a movement spec, so the tests build both from ``shared/reference/boards/``.
"""

from __future__ import annotations

import csv
from pathlib import Path

from landlord.data.board import Board, Space
from landlord.engine.landing import Movement, card_moves
from landlord.rules.monopoly.movement import monopoly_movement

REFERENCE = Path(__file__).resolve().parent / "reference"
"""Copies of the project's reference CSVs (shared/reference/boards; provenance in SOURCES.md)."""


def _rows(name: str) -> list[dict[str, str]]:
    with open(REFERENCE / name, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def monopoly_board() -> Board:
    """The US standard board as a :class:`Board` (kinds as in the CSV)."""
    spaces = tuple(
        Space(index=int(r["index"]), name=r["name"], kind=r["kind"], provenance="verified_2_sources",
              price=int(r["price"] or 0), rent=int(r["rent"] or 0), group=r["group"])
        for r in _rows("monopoly_us_standard_board.csv"))
    return Board("monopoly-us-reference", "Monopoly (US standard board, reference CSV)", "$",
                 "shared/reference/boards/monopoly_us_standard_board.csv", "verified_2_sources", spaces)


def monopoly_reference() -> tuple[Board, Movement]:
    """The board and its movement (Chance and Community Chest from the reference decks)."""
    board = monopoly_board()
    chance = card_moves(_rows("monopoly_us_chance_cards.csv"), board)
    chest = card_moves(_rows("monopoly_us_community_chest_cards.csv"), board)
    return board, monopoly_movement(board, chance, chest)


def available() -> bool:
    """True when the reference CSVs can be read (shared/ sits beside the checkout)."""
    return (REFERENCE / "monopoly_us_standard_board.csv").is_file()
