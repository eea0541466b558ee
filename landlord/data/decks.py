"""Card decks as data: load and validate ``data/decks/*.toml``, strict like the board loader.

A deck file has a ``[deck]`` table (id, title, source, provenance, the editions it covers) and
``[[card]]`` entries. Each card names its ``effect`` (one of :data:`EFFECTS`), the numbers the
effect needs, how many ``copies`` the deck holds, a paraphrased ``text`` and its ``provenance``.
Edition-dependent cards carry ``amounts`` (another edition's amount) or ``editions`` (the
editions the card is in). Unknown keys, wrong types, unknown effects, editions or provenance
labels, and missing numbers each raise one :class:`~landlord.errors.DataError` naming the file,
the card and the field.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from landlord.data.files import read_toml
from landlord.data.resources import kit_dir
from landlord.data.schema import PROVENANCE, check_table
from landlord.errors import DataError
from landlord.limits import MAX_AMOUNT, MAX_COPIES, MAX_MOVE

EFFECTS: dict[str, tuple[str, ...]] = {
    # effect -> the fields it needs
    "move_to": ("target",),
    "move_to_nearest": ("target",),
    "move_relative": ("amount",),
    "collect_from_bank": ("amount",),
    "pay_bank": ("amount",),
    "keep_card": (),
    "go_to_jail": (),
    "pay_per_building": ("house", "hotel"),
    "pay_each_player": ("amount",),
    "collect_from_each_player": ("amount",),
}
NEAREST = frozenset({"railroad", "utility"})

_DECK: dict[str, tuple[type | tuple[type, ...], bool]] = {
    "id": (str, True), "title": (str, True), "source": (str, True), "provenance": (str, True),
    "editions": (list, True),
}
_CARD: dict[str, tuple[type | tuple[type, ...], bool]] = {
    "name": (str, True), "effect": (str, True), "copies": (int, True), "text": (str, True),
    "provenance": (str, True), "note": (str, False), "amount": (int, False),
    "target": ((int, str), False), "house": (int, False), "hotel": (int, False),
    "amounts": (dict, False), "editions": (list, False),
}


@dataclass(frozen=True, slots=True)
class Card:
    """One card as played in one edition: ``effect`` and its numbers, and the paraphrased text.

    ``target`` is a space index (``move_to``, ``go_to_jail``) or a space kind
    (``move_to_nearest``); ``house``/``hotel`` are the per-building charges of a repairs card.
    """

    name: str
    deck: str
    effect: str
    text: str
    provenance: str
    amount: int = 0
    target: int | str = -1
    house: int = 0
    hotel: int = 0
    note: str = ""


@dataclass(frozen=True, slots=True)
class Deck:
    """A deck's cards (copies expanded, in file order) for one edition, with provenance."""

    id: str
    title: str
    edition: str
    source: str
    provenance: str
    cards: tuple[Card, ...]


def deck_path(deck_id: str) -> Path:
    """Where the deck ``deck_id`` lives."""
    return kit_dir("data") / "decks" / f"{deck_id}.toml"


def load_deck(deck_id: str | Path, edition: str = "classic") -> Deck:
    """Load and validate a deck by id (or from a path), resolved for ``edition``; loaded once
    per process (the same object every time: decks are immutable)."""
    if isinstance(deck_id, Path):
        return _load(deck_id, edition)
    return _kit_deck(deck_id, edition)


@cache
def _kit_deck(deck_id: str, edition: str) -> Deck:
    return _load(deck_path(deck_id), edition)


@cache
def _load(path: Path, edition: str) -> Deck:
    raw = read_toml(path)
    for key in raw:
        if key not in ("deck", "card"):
            raise DataError(path, None, key, "unknown top-level table (known: card, deck)")
    head = check_table(path, "[deck]", raw.get("deck"), _DECK)
    editions = head["editions"]
    if not editions or not all(isinstance(e, str) for e in editions):
        raise DataError(path, "[deck]", "editions", "expected a non-empty list of edition names")
    if edition not in editions:
        raise DataError(path, "[deck]", "editions",
                        f"no edition {edition!r} (this deck has: {', '.join(editions)})")
    cards_raw = raw.get("card")
    if not isinstance(cards_raw, list) or not cards_raw:
        raise DataError(path, "[[card]]", None, "a deck needs a list of [[card]] entries")
    cards: list[Card] = []
    names: set[str] = set()
    for n, entry in enumerate(cards_raw, 1):
        t = check_table(path, f"card #{n}", entry, _CARD)
        label = f"card #{n} ({t['name']})"
        if t["name"] in names:
            raise DataError(path, label, "name", f"duplicate card name {t['name']!r}")
        names.add(t["name"])
        effect = t["effect"]
        if effect not in EFFECTS:
            raise DataError(path, label, "effect", f"unknown effect {effect!r} (known: {', '.join(EFFECTS)})")
        for need in EFFECTS[effect]:
            if need not in t:
                raise DataError(path, label, need, f"missing (effect {effect!r} needs it)")
        for extra in ("amount", "target", "house", "hotel"):
            if extra in t and extra not in EFFECTS[effect] and not (extra == "target" and effect == "go_to_jail"):
                raise DataError(path, label, extra, f"not used by effect {effect!r}")
        target = t.get("target", -1)
        if effect == "move_to_nearest" and target not in NEAREST:
            raise DataError(path, label, "target", f"expected one of {sorted(NEAREST)}, got {target!r}")
        if effect in ("move_to", "go_to_jail") and "target" in t and (not isinstance(target, int) or target < 0):
            raise DataError(path, label, "target", f"expected a space index, got {target!r}")
        if not 1 <= t["copies"] <= MAX_COPIES:
            raise DataError(path, label, "copies", f"must be 1 to {MAX_COPIES}, got {t['copies']}")
        lo, hi = (-MAX_MOVE, MAX_MOVE) if effect == "move_relative" else (0, MAX_AMOUNT)
        for money in ("amount", "house", "hotel"):
            if money in t and not lo <= t[money] <= hi:
                raise DataError(path, label, money, f"out of range: runs from {lo} to {hi}, got {t[money]}")
        in_editions = t.get("editions", editions)
        for e in in_editions:
            if e not in editions:
                raise DataError(path, label, "editions", f"unknown edition {e!r} (deck has: {', '.join(editions)})")
        amounts: dict[str, Any] = t.get("amounts", {})
        for e, v in amounts.items():
            if e not in editions:
                raise DataError(path, label, "amounts", f"unknown edition {e!r} (deck has: {', '.join(editions)})")
            if not isinstance(v, int) or isinstance(v, bool):
                raise DataError(path, label, "amounts", f"expected a whole number for {e!r}, got {v!r}")
            if not lo <= v <= hi:
                raise DataError(path, label, "amounts", f"out of range for {e!r}: runs from {lo} to {hi}, got {v}")
            if "amount" not in t:
                raise DataError(path, label, "amounts", "edition amounts need a base amount")
        if edition not in in_editions:
            continue
        card = Card(
            name=t["name"], deck=head["id"], effect=effect, text=t["text"], provenance=t["provenance"],
            amount=amounts.get(edition, t.get("amount", 0)), target=target,
            house=t.get("house", 0), hotel=t.get("hotel", 0), note=t.get("note", ""),
        )
        cards.extend([card] * t["copies"])
    if head["provenance"] not in PROVENANCE:  # pragma: no cover - check_table already enforces it
        raise DataError(path, "[deck]", "provenance", "unknown provenance")
    return Deck(head["id"], head["title"], edition, head["source"], head["provenance"], tuple(cards))
