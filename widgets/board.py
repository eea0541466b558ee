"""The board of a game, drawn as that game's own board: an anywidget whose JavaScript and CSS are
the kit's files beside this module (``static/board.js``, ``static/board.css``), sent to the page
with the widget itself, so nothing is fetched from anywhere.

Why a widget of its own and not a chart: the board's words wrap whole in their squares (HTML text
does, Vega's text marks do not), the tokens step from square to square when a player moves (a
chart redraws), and a click sends only what changed — who holds a space, where the tokens stand,
the dice — as small trait changes, while the board's layout is sent once per board and seating.

The track is laid out as each board has it (:data:`START_CORNER`): Magie's boards from the 1904
patent drawing (Mother Earth top right, play running clockwise down the right side; the Jail and
the Poor House as quarter-circles outside their corners; Lord Blueblood's Estate top left; the
railroads mid-side; the four fields of the middle), Monopoly from its GO at the bottom right with
its colour groups. Every space's whole name is on a board 600 px wide or more; below that a
short label (:func:`short_label`), the whole name on a tap and in the board's text form, which
also tells a screen reader where each player is, who holds a space and what is asked.
Nothing here computes anything about the game: it reads :func:`landlord.widgets.state.space_rows`
and the game's events.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets as W
import traitlets

from landlord.charts.palette import SEAT_SHAPES, seat_colour, seat_glyph
from landlord.engine.game import Game

from .state import space_rows
from .words import plain

STATIC = Path(__file__).resolve().parent / "static"

START_CORNER = {"mother_earth": "top-right", "go": "bottom-right"}
"""Where a board's first space is drawn, by that space's kind; play runs clockwise from it.
Magie's patent drawing (Fig. 1) has Mother Earth top right and play down the right side; the
1906 and 1913 boards start at Mother Earth too and no drawing of theirs survives, so they are
drawn as the patent's. Monopoly's GO is at the bottom right, play running left along the bottom."""

PATENT_MIDDLE = ("R.R.", "Wages", "Bank", "Public Treasury")
"""The four fields drawn in the middle of the 1904 patent's board (Fig. 1), clockwise from top
left as the drawing has them: where the railroad fares, wages, the Bank's money and the public
treasury are kept."""

KIND_TINT = {"lot": "lot", "site": "lot", "necessity": "necessity", "duty": "necessity", "luxury": "luxury",
             "franchise": "franchise", "utility": "franchise", "railroad": "railroad", "chance": "chance",
             "community_chest": "chance", "legacy": "legacy", "tax": "necessity"}
"""The look of a space by its kind: the patent's colours (lots "preferably green", absolute
necessities "preferably blue", luxuries "preferably purple", franchises "preferably yellow")."""

GROUP_COLOURS = {"brown": "#8b4a2b", "light_blue": "#9fd6f2", "pink": "#d63c94", "orange": "#f39223",
                 "red": "#e0261d", "yellow": "#f5e31a", "green": "#1b9e55", "dark_blue": "#1f5fa8"}
"""Monopoly's colour groups, as the band across the top of a street's square."""

_SHORTER = (("Avenue", "Av."), ("Street", "St."), ("Place", "Pl."), ("Gardens", "Gdns"), ("Railroad", "RR"),
            ("Railway", "Rly"), ("Company", "Co."), ("Square", "Sq."), ("Terrace", "Ter."), ("Road", "Rd"),
            ("No. ", ""))
_EM = {**dict.fromkeys(" !,./:;I[]ft", 0.278), **dict.fromkeys("ijl'", 0.222), **dict.fromkeys("()-r*", 0.333),
       **dict.fromkeys("ckvsxyzJ", 0.5), **dict.fromkeys("FTZ", 0.611), **dict.fromkeys("CDHNRUw", 0.722),
       **dict.fromkeys("GOQ", 0.778), "m": 0.833, "M": 0.833, "W": 0.944, "%": 0.889, "…": 1.0}
"""Advance widths (em) of Arial's letters; a letter not listed counts 0.556 (most lower-case
letters and digits) or, if a capital, 0.667."""
SHORT_EM = 2.6
"""How wide (em) a line of a short label may be: a square of a phone's board (about 30 px) at
the board's least size of words (11 px)."""
SOFT_HYPHEN = "\u00ad"


def text_em(text: str) -> float:
    """The width of ``text`` in Arial, in em (its font size's width)."""
    return sum(_EM.get(c, 0.667 if c.isupper() else 0.556) for c in text)


def _cut(word: str, width: float) -> str:
    """``word`` if it fits ``width`` em, else its longest start that fits with a full stop ("Illin.")."""
    if text_em(word) <= width:
        return word
    while len(word) > 1 and text_em(word + ".") > width:
        word = word[:-1]
    return word.rstrip(".") + "."


def short_label(name: str, width: float = SHORT_EM, lines: int = 2) -> str:
    """A space's name on at most ``lines`` lines, each at most ``width`` em wide (a phone's
    board): "Illinois Avenue" → "Illin.\\nAv.", "Lot 13" → "Lot\\n13". Words that do not fit are
    cut to a full stop, words past the last line left out, but a number never is."""
    name = name.split(":")[-1].strip()
    for long, short in _SHORTER:
        name = name.replace(long, short) if text_em(name) > width else name
    out = [""]
    words = name.split()
    for i, word in enumerate(words):
        joined = f"{out[-1]} {word}".strip()
        if text_em(joined) <= width:
            out[-1] = joined
        elif not out[-1]:
            out[-1] = _cut(word, width)
        elif len(out) < lines:
            out.append(_cut(word, width))
        else:
            number = next((w for w in words[i:] if any(c.isdigit() for c in w)), "")
            if number:  # a space's number ("Site No. 12", "Sites (No. 11)") is never left out
                out[-1] = _cut(number, width)
            break
    return "\n".join(out)


_VOWELS = "aeiouy"
_ONSETS = frozenset(("bl", "br", "ch", "cl", "cr", "dr", "fl", "fr", "gl", "gr", "ph", "pl", "pr", "sh", "th", "tr",
                     "tw", "wh", "wr", "ck", "ng"))
"""Pairs of consonants a syllable is not split inside ("Blue­blood", not "Blueb­lood")."""


def breakable(name: str, longest: int = 8) -> str:
    """``name`` with soft hyphens where a word longer than ``longest`` letters may break (before a
    consonant that starts a syllable: "Medi­ter­ranean"), so a narrow square wraps it whole, with
    a hyphen, as printed boards do, instead of cutting it."""
    def word(m: re.Match[str]) -> str:
        w = m.group(0)
        low = w.lower()
        out, last = [], 0
        for k in range(3, len(w) - 3):  # at least three letters either side
            b, c = low[k], low[k + 1]
            if b in _VOWELS or k - last < 3 or not any(v in _VOWELS for v in low[last:k]):
                continue
            # a syllable starts at a consonant before a vowel (V|CV, VC|CV: "Medi|ter|ranean") or
            # at a pair that starts English words before a vowel ("Trou|ble"), never inside such a pair
            starts = c in _VOWELS or (low[k:k + 2] in _ONSETS and low[k + 2:k + 3] in tuple(_VOWELS))
            inside = low[k - 1:k + 1] in _ONSETS and low[k - 2:k - 1] not in tuple(_VOWELS)
            if starts and not inside and low[k - 1:k + 1] not in _ONSETS:
                out.append(w[last:k])
                last = k
        out.append(w[last:])
        return SOFT_HYPHEN.join(out)
    return re.sub(rf"[A-Za-z]{{{longest + 1},}}", word, name)


def corner_of(first_kind: str) -> str:
    """Where the first space of a board whose first space is of ``first_kind`` is drawn."""
    return START_CORNER.get(first_kind, "bottom-right")


def _values(s: dict[str, Any], currency: str) -> list[str]:
    """A space's numbers as its square prints them: price and rent, or its fee."""
    if s["price"]:
        return [f"{currency}{s['price']}", *([f"rent {currency}{s['rent']}"] if s["rent"] else [])]
    return [f"{currency}{s['fee']}"] if s["fee"] else []


def corner_words(name: str, annexes: list[str]) -> str:
    """What a split corner's own square says: its name without the annex drawn beside it
    ("Public Park / Poor House" → "Public Park": the Poor House is its quarter-circle)."""
    parts = [p.strip() for p in name.split(" / ")]
    kept = [p for p in parts if p not in annexes]
    return " / ".join(kept) if kept else name


def layout_of(game: Game) -> dict[str, Any]:
    """What the board draws once per board and seating: its spaces (whole name, short label,
    look, numbers, provenance), annexes, where it starts, its middle and the seats' colours and
    shapes."""
    board = game.board
    spaces = []
    beside = {a.beside: [x.name for x in board.annexes if x.beside == a.beside and x.kind != "natural_opportunity"]
              for a in board.annexes}
    for s in space_rows(game):
        note = s["note"] if s["reconstructed"] else ""
        own = corner_words(s["name"], beside.get(s["index"], []))
        spaces.append({"i": s["index"], "name": s["name"], "wrap": breakable(own),
                       "short": short_label(s["name"]), "kind": s["kind"], "tint": KIND_TINT.get(s["kind"], "plain"),
                       "band": GROUP_COLOURS.get(s["group"], ""), "values": _values(s, board.currency),
                       "recon": bool(s["reconstructed"]), "note": note})
    annexes = [{"kind": a.kind, "name": a.name, "beside": a.beside, "recon": a.provenance.startswith("reconstructed")
                or "unknown" in a.name} for a in board.annexes]
    first = board.spaces[0].kind if board.spaces else ""
    seats = [{"name": n, "colour": seat_colour(k), "glyph": seat_glyph(k), "shape": SEAT_SHAPES[k % len(SEAT_SHAPES)]}
             for k, n in enumerate(game.names)]
    return {"title": board.title, "currency": board.currency, "start": corner_of(first),
            "middle": list(PATENT_MIDDLE) if board.id == "landlords-game-1904" else [],
            "spaces": spaces, "annexes": annexes, "seats": seats}


def held_of(game: Game) -> list[dict[str, Any]]:
    """Only the spaces something lies on: holder seat ``h``, charter seat ``c``, buildings ``b``,
    hotel ``H``, mortgaged ``m``, public ``p`` (the rules' :meth:`space_state`)."""
    out = []
    state = game.rules.space_state
    for s in game.board.spaces:
        st = state(s.index)
        if st["owner"] is None and st["charter"] is None and not st["buildings"] and not st["public"]:
            continue
        out.append({"i": s.index, "h": -1 if st["owner"] is None else st["owner"],
                    "c": -1 if st["charter"] is None else st["charter"], "b": st["buildings"], "H": st["hotel"],
                    "m": st["mortgaged"], "p": st["public"]})
    return out


def tokens_of(game: Game) -> list[dict[str, Any]]:
    """Where each seat's token stands: space ``at`` and ``where`` (the track, or an annex such as
    the Jail); ``out`` when the seat is out of the game."""
    out = []
    for k, p in enumerate(game.players):
        where = str(getattr(p, "where", "track"))
        out.append({"seat": k, "at": int(getattr(p, "pos", 0)), "where": where,
                    "out": where in OUT})
    return out


OUT = ("bankrupt",)
"""Where a seat that has left the game is (Monopoly's bankrupt player): its token is not drawn."""


def last_throw(game: Game) -> dict[str, Any]:
    """The dice of the last throw and who threw them (empty before the first)."""
    for e in reversed(list(game.events or ())):
        if e.kind == "throw":
            a, _, b = str(e.get("dice", "")).partition("+")
            if a.isdigit() and b.isdigit():
                return {"dice": [int(a), int(b)], "seat": e.seat, "turn": e.turn}
    return {}


def moves_since(game: Game, start: int) -> list[dict[str, int]]:
    """The moves along the track from the ``start``-th event on: seat, from, to."""
    return [{"seat": e.seat, "frm": int(e.get("frm")), "to": int(e.get("to"))}
            for e in list(game.events or ())[start:] if e.kind == "move" and e.get("frm") is not None]


class Board(anywidget.AnyWidget):
    """The board on the page: :attr:`drawing` once per board and seating; the rest, each a small
    change, after every click."""

    _esm = STATIC / "board.js"
    _css = STATIC / "board.css"
    drawing = traitlets.Dict().tag(sync=True)
    """The board's spaces, annexes, start corner, middle and seats (not ``layout``: that is every
    widget's own box model)."""
    held: traitlets.List[dict[str, Any]] = traitlets.List().tag(sync=True)
    tokens: traitlets.List[dict[str, Any]] = traitlets.List().tag(sync=True)
    throw = traitlets.Dict().tag(sync=True)
    moves = traitlets.Dict().tag(sync=True)
    """``{"n": how many move batches so far, "list": [...]}``: the latest moves, each stepped
    square by square on the page."""
    status = traitlets.Dict().tag(sync=True)
    """Turn, round, whose turn and what is asked, in words."""


class BoardView:
    """A game's board and the text a screen reader reads of it: :meth:`update` sends what
    changed since the last call. The board takes the width it is given (its whole names from
    :data:`WHOLE_NAMES_PX`); ``cell``, the size of a square the chart board was drawn with, is
    accepted from the class pages and not used."""

    def __init__(self, cell: int | None = None) -> None:
        del cell
        self.widget = Board(layout=W.Layout(width="100%", max_width="100%"))  # as wide as it is let be
        self.box = W.VBox([self.widget], layout=W.Layout(width="100%", max_width="100%"))
        self.box.add_class("ll-board-box")
        self._key: tuple[Any, ...] | None = None
        self._seen: tuple[int, int] = (0, 0)
        """(the game drawn, its events already looked through for moves)."""

    def update(self, game: Game) -> None:
        """Draw ``game``: the layout when the board or the seats change, else only what moved."""
        key = (game.board.id, len(game.board), tuple(game.names))
        if key != self._key:
            self.widget.drawing = layout_of(game)
            self._key = key
        events = len(game.events or ())
        start = self._seen[1] if self._seen[0] == id(game) and self._seen[1] <= events else events
        moved = moves_since(game, start)
        self._seen = (id(game), events)
        held, tokens, throw, status = held_of(game), tokens_of(game), last_throw(game), status_of(game)
        w = self.widget
        with w.hold_sync():  # one message: the page walks the moves when the tokens change
            if held != w.held:
                w.held = held
            if moved:
                w.moves = {"n": int(w.moves.get("n", 0)) + 1, "list": moved[-2 * len(game.names):]}
            if tokens != w.tokens:
                w.tokens = tokens
            if throw != w.throw:
                w.throw = throw
            if status != w.status:
                w.status = status


WHOLE_NAMES_PX = 600
"""From this width (CSS px) the board writes every space's whole name (``static/board.js``)."""


def status_of(game: Game) -> dict[str, Any]:
    """Turn, round and what is asked now, in the table's plain words."""
    d = game.pending
    if d is None:
        asked, seat = "The game is over.", -1
    else:
        asked, seat = plain(f"{game.names[d.seat]}: {game.rules.explain(d)}"), d.seat
    return {"turn": game.turn, "round": game.round, "seat": seat, "asked": asked,
            "phase": game.ruleset.phases[game.phase].title}
