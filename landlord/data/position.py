"""Positions as data: a game started from a described position instead of the rules' own
opening.

A position names, for each seat in order (``[[seat]]`` tables in TOML, ``seats`` in Python),
what it has — ``cash``, ``token`` (the space its token stands on, by name or index),
``holdings`` (spaces held, by name), ``improvements`` (space name → how many houses or
improvement cards stand there, or ``"hotel"``), ``mortgages`` (of its holdings, those mortgaged),
``debts`` (what it owes: a list of tables, see :class:`DebtPosition`) and ``luxuries`` — and
for the game: ``title`` (what it shows, in plain words), ``ruleset`` (the id of the ruleset
it was made for), ``phase`` (the
rules in force from the start), ``turn`` (whose turn comes first: a seat number, 1 for the
first ``[[seat]]``) and ``dice`` (throws to come, each two faces, scripted after the position
is laid out)::

    phase = "single_tax"
    turn = 2
    dice = [[3, 4], [6, 6]]

    [[seat]]
    cash = 300
    token = "Lot 5"
    holdings = ["Lot 1", "Lot 2"]
    debts = [{ to = "Bank", amount = 100, mortgages = ["Lot 2"] }]

The set-up runs as usual (start cash, first player, …); then the family's
:meth:`~landlord.engine.rulebook.Rules.apply_position` lays the position out. A family that cannot
yet take a field refuses it by name (a :class:`~landlord.errors.DataError`), never silently.
A game started from a position keeps it in its record (``Record.position``), so its save
replays.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from landlord.data.schema import PROVENANCE
from landlord.errors import DataError

SEAT_FIELDS = ("cash", "token", "holdings", "improvements", "mortgages", "debts", "luxuries")
"""Every field a seat of a position may give."""
TOP_FIELDS = ("title", "ruleset", "phase", "turn", "dice", "seat", "source", "provenance")
DEBT_FIELDS = ("to", "amount", "loan", "interest", "mortgages")
"""Every field of one of a seat's ``debts``."""
HOTEL = "hotel"
"""The word for a hotel among a seat's ``improvements`` (Monopoly)."""


@dataclass(frozen=True)
class DebtPosition:
    """One thing a seat owes: ``amount`` to ``to`` (``"Bank"``, ``"Public Treasury"`` or a seat
    number, 1 for the first ``[[seat]]``); ``loan``: true for money lent, false for the unpaid
    rest of an expense (not given: the family's usual kind of debt to ``to``); ``interest``:
    what the loan costs each time the debtor draws wages (the 1904 patent's loans);
    ``mortgages``: the debtor's holdings mortgaged to secure it (1904). Which of these a family
    takes is its own rule (:meth:`~landlord.engine.rulebook.Rules.check_position`)."""

    to: str | int
    amount: int
    loan: bool | None = None
    interest: int | None = None
    mortgages: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """As written in a file (defaults left out)."""
        out: dict[str, Any] = {"to": self.to, "amount": self.amount}
        if self.loan is not None:
            out["loan"] = self.loan
        if self.interest is not None:
            out["interest"] = self.interest
        if self.mortgages:
            out["mortgages"] = list(self.mortgages)
        return out


@dataclass(frozen=True)
class SeatPosition:
    """What one seat has at the start (None or empty: as the set-up left it)."""

    cash: int | None = None
    token: str | int | None = None
    holdings: tuple[str, ...] = ()
    improvements: dict[str, int | str] = field(default_factory=dict)
    mortgages: tuple[str, ...] = ()
    debts: tuple[DebtPosition, ...] = ()
    luxuries: int | None = None

    def given(self) -> list[str]:
        """The names of the fields this seat gives, in :data:`SEAT_FIELDS` order."""
        return [f for f in SEAT_FIELDS if getattr(self, f) not in (None, (), {})]

    def to_dict(self) -> dict[str, Any]:
        """The given fields, as written in a file."""
        out: dict[str, Any] = {}
        for f in self.given():
            v = getattr(self, f)
            if f == "debts":
                out[f] = [d.to_dict() for d in v]
            else:
                out[f] = list(v) if isinstance(v, tuple) else dict(v) if isinstance(v, dict) else v
        return out


@dataclass(frozen=True)
class Position:
    """A described position: ``seats`` (one :class:`SeatPosition` per seat, or none),
    ``phase``, ``turn`` (1-based seat number), ``dice``; ``source`` and ``provenance`` say where
    its numbers come from, as in every data file (a made-up teaching position is a
    ``kit_decision``); ``title`` says in plain words what it shows (the table lists positions
    by it); ``ruleset`` is the id of the ruleset it was made for (the command line and the
    table start that one when none is chosen); ``where`` names its file in errors."""

    seats: tuple[SeatPosition, ...] = ()
    phase: str | None = None
    turn: int | None = None
    dice: tuple[tuple[int, int], ...] = ()
    source: str | None = None
    provenance: str | None = None
    where: str = "<position>"
    title: str | None = None
    ruleset: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """The position as saved (``Record.position``) and as read by :meth:`from_dict`."""
        out: dict[str, Any] = {}
        if self.title is not None:
            out["title"] = self.title
        if self.ruleset is not None:
            out["ruleset"] = self.ruleset
        if self.phase is not None:
            out["phase"] = self.phase
        if self.turn is not None:
            out["turn"] = self.turn
        if self.dice:
            out["dice"] = [list(t) for t in self.dice]
        if self.seats:
            out["seat"] = [s.to_dict() for s in self.seats]
        if self.source is not None:
            out["source"] = self.source
        if self.provenance is not None:
            out["provenance"] = self.provenance
        return out

    @classmethod
    def from_dict(cls, data: Any, where: str = "<position>") -> Position:
        """Read a position, checked field by field; DataError names the source, the entry
        (``seat 2``) and the field."""
        if not isinstance(data, dict):
            raise DataError(where, None, None, f"a position is a table, got {type(data).__name__}")
        for key in data:
            if key not in TOP_FIELDS:
                raise DataError(where, None, key, f"unknown field of a position (known: {', '.join(TOP_FIELDS)})")
        for key, what in (("title", "a title in plain words"), ("ruleset", "a ruleset's id")):
            v = data.get(key)
            if v is not None and not (isinstance(v, str) and v.strip()):
                raise DataError(where, None, key, f"expected {what}, got {v!r}")
        phase = data.get("phase")
        if phase is not None and not isinstance(phase, str):
            raise DataError(where, None, "phase", f"expected a phase's name, got {phase!r}")
        raw_seats = data.get("seat", [])
        if not isinstance(raw_seats, list):
            raise DataError(where, None, "seat", f"expected a list of seat tables, got {raw_seats!r}")
        seats = tuple(_seat(s, where, f"seat {i + 1}") for i, s in enumerate(raw_seats))
        turn = data.get("turn")
        if turn is not None and (not _is_int(turn) or not 1 <= turn <= max(len(seats), 1) or not seats):
            raise DataError(where, None, "turn", f"expected a seat number from 1 to {len(seats)} "
                                                 f"(seats described), got {turn!r}")
        raw_dice = data.get("dice", [])
        if not isinstance(raw_dice, list):
            raise DataError(where, None, "dice", f"expected a list of throws, got {raw_dice!r}")
        dice: list[tuple[int, int]] = []
        for i, t in enumerate(raw_dice):
            if not (isinstance(t, (list, tuple)) and len(t) == 2 and all(_is_int(v) and 1 <= v <= 6 for v in t)):
                raise DataError(where, f"dice[{i}]", None, f"a throw is two faces from 1 to 6, got {t!r}")
            dice.append((int(t[0]), int(t[1])))
        source = data.get("source")
        if source is not None and not isinstance(source, str):
            raise DataError(where, None, "source", f"expected text saying where it comes from, got {source!r}")
        provenance = data.get("provenance")
        if provenance is not None and provenance not in PROVENANCE:
            raise DataError(where, None, "provenance",
                            f"unknown provenance {provenance!r} (known: {', '.join(sorted(PROVENANCE))})")
        return cls(seats, phase, turn, tuple(dice), source, provenance, where, data.get("title"),
                   data.get("ruleset"))


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _seat(raw: Any, where: str, entry: str) -> SeatPosition:
    if not isinstance(raw, dict):
        raise DataError(where, entry, None, f"expected a table, got {raw!r}")
    for key in raw:
        if key not in SEAT_FIELDS:
            raise DataError(where, entry, key, f"unknown field of a seat (known: {', '.join(SEAT_FIELDS)})")
    for key in ("cash", "luxuries"):
        v = raw.get(key)
        if v is not None and (not _is_int(v) or v < 0):
            raise DataError(where, entry, key, f"expected a whole number, 0 or more, got {v!r}")
    token = raw.get("token")
    if token is not None and not (isinstance(token, str) or (_is_int(token) and token >= 0)):
        raise DataError(where, entry, "token", f"expected a space's name or index, got {token!r}")
    lists: dict[str, tuple[str, ...]] = {}
    for key in ("holdings", "mortgages"):
        v = raw.get(key, [])
        if not isinstance(v, list) or not all(isinstance(s, str) for s in v):
            raise DataError(where, entry, key, f"expected a list of spaces' names, got {v!r}")
        if len(set(v)) != len(v):
            raise DataError(where, entry, key, "a space is named twice")
        lists[key] = tuple(v)
    improvements = raw.get("improvements", {})
    if not isinstance(improvements, dict) or not all((_is_int(n) and n > 0) or n == HOTEL
                                                     for n in improvements.values()):
        raise DataError(where, entry, "improvements",
                        f"expected a table of space name = count (1 or more) or \"{HOTEL}\", got {improvements!r}")
    for name in lists["mortgages"]:
        if name not in lists["holdings"]:
            raise DataError(where, entry, "mortgages", f"{name!r} is mortgaged but not among the seat's holdings")
    raw_debts = raw.get("debts", [])
    if not isinstance(raw_debts, list):
        raise DataError(where, entry, "debts", f"expected a list of debt tables, got {raw_debts!r}")
    debts = tuple(_debt(d, where, f"{entry} debts[{k}]", lists["holdings"]) for k, d in enumerate(raw_debts))
    secured = [name for d in debts for name in d.mortgages]
    if len(set(secured)) != len(secured):
        raise DataError(where, entry, "debts", "a holding secures two debts")
    return SeatPosition(raw.get("cash"), token, lists["holdings"], dict(improvements), lists["mortgages"],
                        debts, raw.get("luxuries"))


def _debt(raw: Any, where: str, entry: str, holdings: tuple[str, ...]) -> DebtPosition:
    if not isinstance(raw, dict):
        raise DataError(where, entry, None, f"expected a table (to, amount, …), got {raw!r}")
    for key in raw:
        if key not in DEBT_FIELDS:
            raise DataError(where, entry, key, f"unknown field of a debt (known: {', '.join(DEBT_FIELDS)})")
    to: Any = raw.get("to")
    if not (isinstance(to, str) and to) and not (_is_int(to) and to >= 1):
        raise DataError(where, entry, "to", f"expected whom it is owed to (\"Bank\", \"Public Treasury\" "
                                            f"or a seat number), got {to!r}")
    amount: Any = raw.get("amount")
    if not _is_int(amount) or amount <= 0:
        raise DataError(where, entry, "amount", f"expected a whole number, 1 or more, got {amount!r}")
    loan = raw.get("loan")
    if loan is not None and not isinstance(loan, bool):
        raise DataError(where, entry, "loan", f"expected true (money lent) or false (an unpaid expense), got {loan!r}")
    interest = raw.get("interest")
    if interest is not None and (not _is_int(interest) or interest < 0):
        raise DataError(where, entry, "interest", f"expected a whole number, 0 or more, got {interest!r}")
    mortgages = raw.get("mortgages", [])
    if not isinstance(mortgages, list) or not all(isinstance(m, str) for m in mortgages):
        raise DataError(where, entry, "mortgages", f"expected a list of spaces' names, got {mortgages!r}")
    for name in mortgages:
        if name not in holdings:
            raise DataError(where, entry, "mortgages", f"{name!r} is mortgaged but not among the seat's holdings")
    if len(set(mortgages)) != len(mortgages):
        raise DataError(where, entry, "mortgages", "a space is named twice")
    return DebtPosition(to, amount, loan, interest, tuple(mortgages))


def load_position(path: str | Path) -> Position:
    """Read a position from a TOML file (checked like every data file)."""
    from landlord.data.files import read_toml

    p = Path(path)
    return Position.from_dict(read_toml(p), str(p))


def example_positions() -> list[Position]:
    """The kit's example positions (``data/positions/*.toml``), in file-name order."""
    from landlord.data.resources import kit_dir

    return [load_position(p) for p in sorted((kit_dir("data") / "positions").glob("*.toml"))]
