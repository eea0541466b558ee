"""Small HTML panels of the game table: players, commentary, reconstructed values."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from landlord.events import Event
from landlord.game import Game
from landlord.narrate import narrate
from widgets.state import PLAYER_COLOURS, reconstructed_params

HIDDEN = ("seat", "name", "plays", "rank", "total")


def players_html(rows: Sequence[dict[str, Any]], to_move: int | None, currency: str) -> str:
    """A card per seat: who plays it, cash, the family's holdings and debts, total and rank."""
    cards = []
    for i, r in enumerate(rows):
        colour = PLAYER_COLOURS[i % len(PLAYER_COLOURS)]
        ring = "box-shadow:0 0 0 3px #222;" if to_move == i else ""
        extra = " · ".join(f"{html.escape(str(k).replace('_', ' '))} {html.escape(str(v))}"
                           for k, v in r.items() if k not in HIDDEN and k != "cash")
        cards.append(
            f'<div class="ll-player" style="border-left:6px solid {colour};padding:3px 6px;margin:3px 0;{ring}">'
            f'<b>{html.escape(str(r["name"]))}</b> <small>({html.escape(str(r["plays"]))})</small>'
            f'{" ◀ to move" if to_move == i else ""}<br>'
            f'cash <b>{currency}{r["cash"]}</b> · total <b>{currency}{r["total"]}</b> · rank {r["rank"]}'
            f'<br><small>{extra}</small></div>'
        )
    return "".join(cards)


def commentary_lines(game: Game, last: int = 40) -> list[str]:
    """The last ``last`` events in words, each with its turn."""
    events: list[Event] = list(game.events or ())
    out: list[str] = []
    for e in reversed(events):
        text = narrate(e, game.names, game.board)
        if text:
            out.append(f"[turn {e.turn}] {text}")
            if len(out) >= last:
                break
    return out[::-1]


def commentary_html(lines: Sequence[str]) -> str:
    """The commentary box, newest line at the bottom."""
    body = "<br>".join(html.escape(x) for x in lines) or "<i>No events yet.</i>"
    return (f'<div class="ll-commentary" style="height:180px;overflow-y:auto;font-size:12px;'
            f'display:flex;flex-direction:column-reverse"><div>{body}</div></div>')


def provenance_html(game: Game) -> str:
    """Which values in force are reconstructed (on the board and among the rule numbers)."""
    spaces = [s.name for s in game.board.spaces if s.reconstructed]
    params = reconstructed_params(game)
    if not spaces and not params:
        return ("<small>All values on this board and in these rules come from the sources "
                f"({html.escape(game.ruleset.source)}).</small>")
    parts = []
    if spaces:
        parts.append("spaces (dashed, starred on the board): " + ", ".join(html.escape(s) for s in spaces))
    if params:
        parts.append("rule numbers: " + ", ".join(
            f'<span title="{html.escape(src)}">{html.escape(k)} = {html.escape(str(v))}</span>'
            for k, v, src in params))
    return "<small><b>⚠ reconstructed values</b> — " + "; ".join(parts) + "</small>"
