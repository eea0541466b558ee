"""Small HTML panels of the game table: players, commentary, reconstructed values."""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Sequence
from typing import Any

from landlord.charts.palette import seat_glyph
from landlord.engine.count import WORDS, SeatCount, parts_words
from landlord.engine.events import Event
from landlord.engine.game import Game
from landlord.engine.narrate import narrate

from .state import PLAYER_COLOURS, reconstructed_params

WHERE_PLAIN = ("", "track", "board")
"""``where`` values that mean "on the board": not shown."""


def plain_piece(words: str, value: int) -> str:
    """One of a seat's pieces in words, or "" when it has none: ``("bankrupt", True)`` →
    "bankrupt", ``("lots", 3)`` → "lots 3"."""
    if isinstance(value, bool):
        return words if value else ""
    return f"{words} {value}" if value else ""


def count_words(count: SeatCount, pieces: dict[str, int], currency: str) -> list[str]:
    """A seat's count beyond cash and total, in words: its parts (``land $460``, in the words
    of :data:`landlord.engine.count.WORDS`), where it is (``in jail``), then its pieces."""
    where = [] if count.where in WHERE_PLAIN else [f"in {count.where.replace('_', ' ')}"]
    return [*parts_words(count, currency), *where, *(t for k, v in pieces.items() if (t := plain_piece(k, v)))]


def players_html(rows: Sequence[dict[str, Any]], to_move: int | None, currency: str) -> str:
    """A card per seat (rows of :func:`landlord.widgets.state.player_rows`): who plays it, cash, the
    rest of its count and its pieces, total and rank."""
    cards = []
    for i, r in enumerate(rows):
        colour = PLAYER_COLOURS[i % len(PLAYER_COLOURS)]
        ring = "box-shadow:0 0 0 3px #222;" if to_move == i else ""
        c = r["count"]
        extra = " · ".join(html.escape(t) for t in count_words(c, r["pieces"], currency))
        cards.append(
            f'<div class="ll-player" style="border-left:6px solid {colour};padding:3px 6px;margin:3px 0;{ring}">'
            f'<span aria-hidden="true" style="color:{colour}">{seat_glyph(i)}</span> '
            f'<b>{html.escape(str(r["name"]))}</b> <small>({html.escape(str(r["plays"]))})</small>'
            f'{" ◀ to move" if to_move == i else ""}<br>'
            f'{WORDS["cash"]} <b>{currency}{c.cash}</b> · {WORDS["total"]} <b>{currency}{c.total}</b>'
            f' · rank {r["rank"]}'
            f'<br><small>{extra}</small></div>'
        )
    return "".join(cards)


def event_words(game: Game, e: Event) -> str:
    """One event in words ("" for an event a student is not told of)."""
    return phase_words(game, e) if e.kind == "phase" else (narrate(e, game.names, game.board, game.family) or "")


class EventWords:
    """A game's events in words (:func:`event_words`, "" for an event not told), each put in
    words once: a page that redraws after every row of its table words only the new events.
    It follows one game at a time; given another, it starts again."""

    def __init__(self) -> None:
        self._game: Game | None = None
        self._words: list[str] = []

    def of(self, game: Game) -> list[str]:
        """Every event of ``game`` in words, in order (one string an event)."""
        events: list[Event] = game.events or []
        if game is not self._game or len(self._words) > len(events):
            self._game, self._words = game, []
        self._words.extend(event_words(game, e) for e in events[len(self._words):])
        return self._words


def events_since(game: Game, start: int, words: EventWords | None = None) -> list[str]:
    """The events from the ``start``-th on, in words (for the table's live region); ``words``
    keeps the words of the events already seen."""
    texts = (words.of(game)[start:] if words is not None
             else [event_words(game, e) for e in list(game.events or ())[start:]])
    return [t for t in texts if t]


def commentary_lines(game: Game, last: int = 40, words: EventWords | None = None) -> list[str]:
    """The last ``last`` events in words, each with its turn; ``words`` keeps the words of
    the events already seen."""
    events: list[Event] = list(game.events or ())
    said = words.of(game) if words is not None else None
    out: list[str] = []
    for k in range(len(events) - 1, -1, -1):
        text = said[k] if said is not None else event_words(game, events[k])
        if text:
            out.append(f"[turn {events[k].turn}] {text}")
            if len(out) >= last:
                break
    return out[::-1]


def cause_words(cause: object) -> str:
    """Why the rules changed, in words: "vote" → "the players voted", "turn:20" → "at turn 20"."""
    text = str(cause or "")
    head, _, arg = text.partition(":")
    return {"vote": "the players voted for it", "table": "switched at the table", "start": "from the start",
            "turn": f"at turn {arg}", "round": f"at round {arg}",
            "gini": f"when the Gini reached {arg}"}.get(head, text.replace("_", " "))


def phase_words(game: Game, e: Event) -> str:
    """A phase switch in words, with the phases' titles rather than their ids."""
    phases = game.ruleset.phases

    def title(name: object) -> str:
        ph = phases.get(str(name))
        return ph.title.split(":")[0].split(" (")[0] if ph is not None else str(name).replace("_", " ")

    return f"The rules change from {title(e.get('old'))} to {title(e.get('new'))}: {cause_words(e.get('cause'))}."


def commentary_html(lines: Sequence[str]) -> str:
    """The commentary box, newest line at the bottom."""
    body = "<br>".join(html.escape(x) for x in lines) or "<i>No events yet.</i>"
    return (f'<div class="ll-commentary" role="region" aria-label="Commentary: what happened, newest last" '
            f'tabindex="0" style="height:180px;overflow-y:auto;font-size:12px;'
            f'display:flex;flex-direction:column-reverse"><div>{body}</div></div>')


def plain_value(game: Game, key: str, value: Any) -> str:
    """A rule number in words: card lists as their texts, lists of board positions as the
    spaces' names, everything else as written."""
    if isinstance(value, list):
        items = [plain_value(game, key, v) for v in value]
        return "; ".join(items)
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        return str(value.get("text") or ", ".join(f"{k} {v}" for k, v in value.items()))
    if isinstance(value, int) and not isinstance(value, bool) and key.endswith("_order") \
            and 0 <= value < len(game.board.spaces):
        return game.board.spaces[value].name
    text = str(value)
    return text.split("|", 1)[1] if "|" in text and ":" in text.split("|", 1)[0] else text


PARAM_WORDS = {
    "annul_order": "what the Public Treasury opens up, in order, once the railroads and franchises are public",
    "asylum_wait": "turns waited in the Asylum",
    "buyout_order": "what the Public Treasury buys out, in order",
    "chance_cards": "the Chance cards",
    "circuits": "times round the board before the game ends",
    "double_throws_again": "whether a double throws again",
    "gaol_fine": "the fine to leave Gaol",
    "gaol_throws": "throws to leave Gaol",
    "house_price": "the price of a house",
    "house_sale_percent": "what a house sells back for (per cent of its price)",
    "luxury_cards": "the Luxury cards",
    "luxury_value": "what a luxury counts at the end",
    "mortgage_interest_percent": "the interest on a mortgage (per cent)",
    "mortgage_percent": "what a mortgage lends (per cent of the price)",
    "natural_rent": "the rent at a Natural Opportunity",
    "natural_wages": "the wages at a Natural Opportunity",
    "prosperity_end": "whether the game ends once the poorest player has grown his stake",
    "prosperity_factor": "how many times the poorest player's stake must grow",
    "single_tax": "the single tax in force",
    "theme_space_names": "the names of the spaces",
    "treasury_step": "the sum the Public Treasury needs for each public improvement",
    "vote_min": "the players needed to vote the single tax in",
    "wage_rise": "the rise in wages the Public Treasury pays for",
}
"""Each rule number a provenance panel may list, in the words a student reads."""


def param_words(key: str) -> str:
    """A rule number's name in plain words: :data:`PARAM_WORDS`, else the key as words."""
    return PARAM_WORDS.get(key, key.replace("_", " "))


def source_words(source: str) -> str:
    """A param's source as a student reads it: without the code names it cites
    ("(SINGLE_TAX_MAPPING)"), without the kit's scenario files it points to ("(scenario
    magie-1906-prosperity turns it on)") and without shouted words ("RECONSTRUCTED single tax")."""
    text = re.sub(r"\s*\([A-Z][A-Z0-9_]*_[A-Z0-9_]+\)", "", source)
    text = re.sub(r"\s*\((?:scenario [a-z0-9-]+ turns it on|scenarios/[\w.-]+\.toml)\)", "", text)
    text = re.sub(r"\bRECONSTRUCTED\b:?\s*", "", text)
    return text.strip()


def provenance_html(game: Game, phases: Iterable[str] = ()) -> str:
    """Which values in play are reconstructed (on the board and among the rule numbers, see
    :func:`landlord.widgets.state.reconstructed_params`; ``phases``: those the table's buttons can switch
    to), in words, folded under one line a student can open."""
    spaces = [s.name for s in game.board.spaces if s.reconstructed]
    params = reconstructed_params(game, phases)
    if not spaces and not params:
        return ("<small>All values on this board and in these rules come from the sources "
                f"({html.escape(game.ruleset.source)}).</small>")
    items = []
    if spaces:
        items.append("<li><b>spaces</b> (dashed and starred on the board): "
                     + ", ".join(html.escape(s) for s in spaces) + "</li>")
    for k, v, src in params:
        items.append(f"<li><b>{html.escape(param_words(k))}</b>: {html.escape(plain_value(game, k, v))}"
                     f"<br><small><i>why: {html.escape(source_words(src))}</i></small></li>")
    n = len(spaces) + len(params)
    return (f'<details class="ll-provenance"><summary><small><b>⚠ {n} reconstructed '
            f"value{'s' if n != 1 else ''}</b> — the sources do not give these; open to see them"
            f"</small></summary><ul style=\"font-size:12px\">{''.join(items)}</ul></details>")
