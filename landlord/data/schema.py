"""The declared range of every rule parameter by its name, and the limits on data files: what
a data file alone can say.

A ruleset family declares each param's *type* (``PARAMS`` in its rules class); this module
declares each param's *range*: the smallest and largest value a game can be played with, for a
number, and the shape of a list's items. :func:`check_param` applies it; the loader calls it for
every param of every ruleset and phase, and :meth:`~landlord.data.ruleset.Ruleset.override` for every
override (scenarios, saved games), so a value that would crash a game or never end it is refused
before play with the file, entry and field named.

Declarations are by param name (the families share names such as ``wages`` or ``max_rounds``).
A whole-number param with no line of its own is an amount of money: :data:`AMOUNT`, 0 to
:data:`MAX_AMOUNT`. A list with no line of its own holds amounts of money (or texts). What only a
family can say (a range of its own for a name it reads differently, params that must agree, what
its rules need of a board) is the family's, checked where a ruleset meets its family, with
:func:`check_param` given the family's :class:`Spec`; this module names no family.

File limits (:data:`~landlord.limits.MAX_FILE_BYTES`, :data:`~landlord.limits.MAX_DEPTH`) apply
to every data, scenario and saved-game file, so a huge or deeply nested file gets one line
instead of a crash; the kit's one door for files, :mod:`landlord.data.files`, applies them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from landlord.errors import DataError
from landlord.limits import MAX_AMOUNT, MAX_LIST, MAX_ROUNDS

if TYPE_CHECKING:
    from pathlib import Path

    from landlord.data.board import Board


@dataclass(frozen=True, slots=True)
class Spec:
    """The range of one param.

    For a whole number: ``lo`` <= value <= ``hi`` (``board`` = True: a space index, so
    ``hi`` is the board's last index). For a list: its length between ``min_len`` and
    :data:`MAX_LIST` (``len_players`` = True: at least one item per possible player count
    from 2), each item checked against ``item`` (a Spec), or matching ``pattern`` (a text).
    ``what`` says in plain words what the value is.
    """

    what: str
    lo: int = 0
    hi: int = MAX_AMOUNT
    board: bool = False
    item: Spec | None = None
    pattern: str | None = None
    min_len: int = 0
    len_players: bool = False
    seat: bool = False


AMOUNT = Spec("an amount of money")
PERCENT = Spec("a percentage", 0, 100)
PERCENT_ANY = Spec("a percentage", 1, 1000)
SPACE = Spec("a space index of the board", 0, board=True)
SPECS: dict[str, Spec] = {
    # when a game ends
    "max_rounds": Spec("the round cap (a game ends after this many rounds)", 1, MAX_ROUNDS),
    "circuits": Spec("circuits of the board each player makes", 1, 10_000),
    "round_limit": Spec("the agreed round limit (0: none)", 0, MAX_ROUNDS),
    "end_after_bankruptcies": Spec("bankruptcies that end the game (0: play to the last player)", 0, 5),
    # counts and seats
    "tickets_drawn": Spec("lot tickets drawn at the start", 0, 1000),
    "cards_dealt": Spec("cards dealt at the start", 0, 1000),
    "vote_min": Spec("players needed to call a vote", 1, 6),
    "jail_throws": Spec("throws to leave jail", 1, 20),
    "gaol_throws": Spec("throws to leave Gaol", 1, 20),
    "jail_max_missed": Spec("turns missed in jail at most", 1, 20),
    "fine_before_throw_turns": Spec("turns in jail before the fine must be paid", 0, 20),
    "asylum_wait": Spec("turns waited in the Asylum", 0, 100),
    "pension_after": Spec("bankruptcies before a pension", 0, 1000),
    "houses": Spec("houses in the Bank", 0, 1000),
    "hotels": Spec("hotels in the Bank", 0, 1000),
    "hotel_after": Spec("houses on a lot before a hotel", 1, 20),
    "max_houses": Spec("houses on a lot at most", 0, 20),
    "trade_max_items": Spec("items in one trade at most", 0, 100),
    "deal_deeds": Spec("deeds dealt at the start", 0, 100),
    "banker_seat": Spec("the Banker's seat", 0, seat=True),
    "education_for_professor": Spec("colleges passed to become a professor", 0, 100),
    "prosperity_factor": Spec("how many times the poorest stake must grow", 1, 100),
    "part": Spec("the Part of the 1913 game", 1, 3),
    "speculation_double": AMOUNT,
    # money a division is made by
    "loan_unit": Spec("the size of one bank note lent", 1, MAX_AMOUNT),
    "treasury_step": Spec("the treasury amount per public purchase", 1, MAX_AMOUNT),
    "bid_step": Spec("the smallest raise of a bid", 1, MAX_AMOUNT),
    # percentages
    "mortgage_percent": PERCENT,
    "mortgage_interest_percent": PERCENT,
    "house_sale_percent": PERCENT,
    "broker_percent": PERCENT,
    "government_price_percent": PERCENT,
    "cinch_rate": PERCENT,
    "loan_interest": AMOUNT,
    "forced_bid_percents": Spec("bids as percentages of a site's value", item=PERCENT, min_len=1),
    "offer_percents": Spec("offers as percentages of a site's value", item=PERCENT_ANY, min_len=1),
    "tax_steps": Spec("tax steps, as percentages", item=PERCENT),
    "pack_bid_percents": Spec("auction steps as percentages of the printed price",
                              item=Spec("a percentage of the printed price", 100, 1000), min_len=1),
    # lists of money
    "start_cash_by_players": Spec("start cash for 2, 3, 4 … players", item=AMOUNT, len_players=True),
    "railroad_fares": Spec("fares by railroads held", item=AMOUNT, min_len=1),
    "speculation_table": Spec("winnings by the throw's total (0 to 12)", item=AMOUNT, min_len=13),
    "notes": Spec("the notes each player starts with", item=Spec("a note", 1, MAX_AMOUNT), min_len=1),
    "bargain_prices": Spec("bargain prices", item=AMOUNT, min_len=1),
    "auction_steps": Spec("auction raises", item=Spec("a raise", 1, MAX_AMOUNT), min_len=1),
    "trade_cash_steps": Spec("trade cash steps", item=Spec("a step", 1, MAX_AMOUNT), min_len=1),
    # lists of spaces
    "buyout_order": Spec("spaces bought out, in order", item=SPACE),
    "annul_order": Spec("spaces annulled, in order", item=SPACE),
    "college_order": Spec("spaces made colleges, in order", item=SPACE),
    "average_hand_cards": Spec("the average hands (lists of spaces)", item=Spec("a hand", item=SPACE)),
    # decks (a family may say more of its cards: its own range, where a ruleset meets it)
    "chance_cards": Spec("chance cards"),
    "luxury_cards": Spec("luxury cards"),
    # texts
    "theme_space_names": Spec("renamed spaces (index=name)", pattern=r"\d{1,4}=.+"),
    "theme_words": Spec("renamed words (word=word)", pattern=r"[^=]+=.*"),
    "sequence": Spec("phase switches (phase@trigger)", pattern=r"[A-Za-z0-9_]+@\S.*"),
}



def type_problem(value: Any, typ: type) -> str:
    """What is wrong with ``value`` as a param of plain type ``typ`` ('' if nothing), as the
    loader checks a ruleset file: an int is not a bool, a float may be given as an int (and, in
    code, a list as a tuple)."""
    if typ is int and isinstance(value, bool):
        return f"expected int, got {value!r}"
    if isinstance(value, typ) or (typ is float and isinstance(value, int) and not isinstance(value, bool)) or (
            typ is list and isinstance(value, tuple)):
        return ""
    return f"expected {typ.__name__}, got {value!r}"


def spec(name: str) -> Spec:
    """The declared range of param ``name`` (an amount of money by default)."""
    return SPECS.get(name) or AMOUNT


@dataclass(frozen=True, slots=True)
class Bounds:
    """What a ruleset fixes that some ranges depend on: its board's size and player counts."""

    board_size: int
    players_min: int
    players_max: int


def check_param(name: str, value: Any, bounds: Bounds, own: Spec | None = None) -> str | None:
    """What is wrong with ``value`` for param ``name`` (None when it is in range): against the
    range declared for the name (:func:`spec`), or ``own``, a family's own range for it. Its type,
    and a param the family reads into a type of its own (its cards as typed data), are the
    family's to check, where a ruleset meets its family."""
    return _check(own or spec(name), value, bounds, "")


def _check(s: Spec, value: Any, b: Bounds, at: str) -> str | None:
    if isinstance(value, bool | float | str):
        if isinstance(value, float) and not -MAX_AMOUNT <= value <= MAX_AMOUNT:
            return f"{at}{value!r} is out of range"
        if isinstance(value, str) and s.pattern and not re.fullmatch(s.pattern, value, re.DOTALL):
            return f"{at}{value!r} is not {s.what}"
        return None
    if isinstance(value, int):
        hi = b.board_size - 1 if s.board else b.players_min - 1 if s.seat else s.hi
        if not s.lo <= value <= hi:
            return f"{at}{value} is out of range: {s.what} runs from {s.lo} to {hi}"
        return None
    if isinstance(value, list):
        need = max(s.min_len, b.players_max - 1 if s.len_players else 0)
        if len(value) < need:
            return f"{at}needs at least {need} item(s) ({s.what}), got {len(value)}"
        if len(value) > MAX_LIST:
            return f"{at}has {len(value)} items; at most {MAX_LIST}"
        item = s.item or Spec(s.what, pattern=s.pattern)
        for k, v in enumerate(value):
            problem = _check(item, v, b, f"{at}item {k}: ")
            if problem:
                return problem
        return None
    if isinstance(value, dict):
        for k, v in value.items():
            if isinstance(v, int | float | list | dict) and not isinstance(v, bool):
                problem = _check(AMOUNT if not isinstance(v, list | dict) else Spec(s.what), v, b, f"{at}{k}: ")
                if problem:
                    return problem
        return None
    return None


def check_lots(board: Board) -> tuple[str, str, str] | None:
    """What is wrong with the lots of ``board`` as the first problem, (entry, field, problem), or
    None: a lot's price and rent are at least 1 (0 would be a payment of nothing; a utility's
    rent comes from its multipliers)."""
    for s in board.lots:
        if s.price < 1:
            return f"space {s.index} ({s.name})", "price", f"a lot's price must be at least 1, got {s.price}"
        if s.rent < 1 and s.kind != "utility":
            return f"space {s.index} ({s.name})", "rent", f"a lot's rent must be at least 1, got {s.rent}"
    return None


PROVENANCE = frozenset(
    {
        "verified_primary",
        "verified_2_sources",
        "multi_source+rules",
        "multi_source",
        "multi_source_no_rules",
        "single_source_plus_memory",
        "card_verified_amount_edition_dependent",
        "reconstructed_inference",
        "reconstructed",
        "kit_decision",
        "mixed",
    }
)
"""Every provenance a data file may give a value (a kit decision is never ``verified_primary``)."""

TableSpec = dict[str, tuple[type | tuple[type, ...], bool]]
"""What a table of a data file holds: key -> (its type, whether it is required)."""


def check_table(path: Path | str, entry: str, table: Any, spec: TableSpec) -> dict[str, Any]:
    """``table`` (entry ``entry`` of the file at ``path``) if it has the keys of ``spec``, each of
    its type (a bool is not an int), and a known provenance; else one DataError naming the key."""
    if not isinstance(table, dict):
        raise DataError(path, entry, None, f"expected a table, got {type(table).__name__}")
    for key in table:
        if key not in spec:
            raise DataError(path, entry, key, f"unknown key (known: {', '.join(sorted(spec))})")
    for key, (typ, required) in spec.items():
        if key not in table:
            if required:
                raise DataError(path, entry, key, "missing")
            continue
        value = table[key]
        bad_bool = isinstance(value, bool) and typ is int
        if bad_bool or not isinstance(value, typ):
            want = typ.__name__ if isinstance(typ, type) else "/".join(t.__name__ for t in typ)
            raise DataError(path, entry, key, f"expected {want}, got {value!r}")
    if "provenance" in spec and table.get("provenance") not in PROVENANCE:
        raise DataError(
            path, entry, "provenance",
            f"unknown provenance {table.get('provenance')!r} (known: {', '.join(sorted(PROVENANCE))})",
        )
    return table
