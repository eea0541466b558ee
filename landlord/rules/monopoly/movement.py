"""The monopoly family's movement for the landing chain (:mod:`landlord.engine.landing`): a
:class:`~landlord.engine.landing.Movement` built from a ruleset and phase, registered as ``build``."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import TYPE_CHECKING

from landlord.data.board import Board
from landlord.engine.landing import CardMove, Movement, card_moves, movement_from_board

if TYPE_CHECKING:
    from landlord.data.ruleset import Ruleset


DOUBLES_LIMIT = 3
"""The throw that makes this many doubles in one turn sends the token to Jail ("If a player
throws doubles three times in succession, he moves his token immediately to ... Jail")."""


def monopoly_movement(board: Board, chance: Sequence[CardMove], community_chest: Sequence[CardMove],
                      name: str = "monopoly") -> Movement:
    """Monopoly's movement: a double throws again, the third double in a turn goes to jail;
    the Go to Jail square; a jailed token has three throws for a double and then pays the fine
    and moves by the third; Chance and Community Chest cards move tokens."""
    return movement_from_board(board, name=name, doubles_again=True, doubles_limit=DOUBLES_LIMIT, jail_tries=3,
                               decks={"chance": chance, "community_chest": community_chest})


def deck_moves(deck_id: str, edition: str, board: Board) -> tuple[CardMove, ...]:
    """A card deck of ``data/decks/`` (``landlord.data.decks``, for ``edition``) as moves, through
    :func:`card_moves` (the deck effects use the same names as the reference CSVs: ``move_to``,
    ``move_to_nearest``, ``move_relative``, ``go_to_jail``; a Get Out of Jail Free card and the
    money cards move nothing). Copies are already expanded in the deck, one move each."""
    from landlord.data.decks import load_deck

    deck = load_deck(deck_id, edition)
    rows = [{"name": c.name, "effect_kind": c.effect, "target": c.target, "amount": c.amount, "copies": 1}
            for c in deck.cards]
    return card_moves(rows, board)


def monopoly_family_movement(ruleset: Ruleset, phase: str | None = None) -> Movement:
    """The ``monopoly`` family's movement (Monopoly, its short and time-limit games, Mucker
    Monopoly) from its shipped data: the board, and the Chance and Community Chest decks named
    by the ruleset (``chance_deck``/``chest_deck``, in its ``edition``), through
    :func:`monopoly_movement`; the jailed token has ``jail_throws`` throws for doubles (three;
    one in the Mucker short game: "you may try to roll doubles and, failing to do so, pay the
    $50 on the same turn"), then pays and moves by the last. The ``pay`` strategy is the rules'
    fine "before he rolls the dice", after which "he plays an ordinary turn (doubles throw
    again)", as the engine decides. The Mucker rules (pot, bribes, theme) change no movement;
    the theme's space names are shown by :func:`landing_frame`."""
    v = ruleset.values(phase)
    board = ruleset.board
    chance = deck_moves(str(v["chance_deck"]), str(v["edition"]), board)
    chest = deck_moves(str(v["chest_deck"]), str(v["edition"]), board)
    m = monopoly_movement(board, chance, chest, name=ruleset.id)
    return dataclasses.replace(m, jail_tries=int(v["jail_throws"]))
