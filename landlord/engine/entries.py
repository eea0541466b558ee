"""The entries of a game's record: a closed set of four immutable types, and their one codec.

Every input of a game is one :data:`Entry` (see :mod:`landlord.engine.record` for the saved forms):

* :class:`Answer`: a seat's answer to the decision put to it (the option);
* :class:`Chance`: what chance decided (``dice`` a b, ``shuffle`` order, ``pick`` k);
* :class:`Switch`: a phase switch, from outside the rules or ``fired`` by them;
* :class:`TriggerAdded`: a trigger added from outside during the game.

DECISION: each type is a frozen subclass of the shape the kit has always held and written
(``str``, ``tuple``, ``dict``; it cannot be changed once made), not a frozen dataclass. An entry
is made for every answer and every throw, hundreds to thousands a game, and an answer as a
frozen dataclass costs about three times as much to make: measured side by side in one run,
``python3 benchmarks/bench_entries.py`` (about 95 ns against 320 ns; up to 6-7% of a bot game's
CPU time for the 1904 game and Monopoly). So an entry also equals, prints as and encodes to
exactly its old shape, and saved files stay byte-identical. The types are what the kit dispatches
on (``isinstance(e, Answer)``) and reads (``.option``, ``.kind``, ``.phase``...), never the shapes.

:func:`encode` writes an entry's saved form; :func:`decode` reads every form the kit has written
(record versions 2 and 3; version 1's answers and table switches are read by
:mod:`landlord.engine.record`); :func:`coerce` takes either an entry or a saved form.

This module imports nothing of the kit but its errors: :mod:`landlord.engine.game` and
:mod:`landlord.engine.record` both build on it.
"""

from __future__ import annotations

from typing import Any, NoReturn, Union

from landlord.errors import DataError

__all__ = ["CHANCE", "Answer", "Chance", "Entry", "Switch", "TriggerAdded", "coerce", "decode", "encode"]

CHANCE = ("dice", "shuffle", "pick")
"""The kinds of chance outcome."""


class Answer(str):
    """A seat's answer: the option chosen (``Answer("buy")`` is ``"buy"`` in a saved file)."""

    __slots__ = ()

    @property
    def option(self) -> str:
        """The option chosen, as plain text."""
        return str.__str__(self)


class Chance(tuple[Any, ...]):
    """A chance outcome: its ``kind`` (one of :data:`CHANCE`) and the ``values`` drawn:
    ``Chance("dice", 3, 5)``, ``Chance("shuffle", (2, 0, 1))``, ``Chance("pick", 4)``."""

    __slots__ = ()

    def __new__(cls, kind: str, *values: Any) -> Chance:
        return tuple.__new__(cls, (kind, *values))

    def __getnewargs__(self) -> tuple[Any, ...]:
        return tuple(self)

    @property
    def kind(self) -> str:
        """What chance decided: ``dice``, ``shuffle`` or ``pick``."""
        return str(self[0])

    @property
    def values(self) -> tuple[Any, ...]:
        """The outcome: two faces, a pack's new order (old places), or the thing picked."""
        return tuple(self[1:])


class _Frozen(dict[str, Any]):
    """A dict that cannot be changed once made (the base of the object-shaped entries)."""

    __slots__ = ()

    def _frozen(self, *_: Any, **__: Any) -> NoReturn:
        raise TypeError(f"a record entry cannot be changed: {dict.__repr__(self)}")

    __setitem__ = __delitem__ = __ior__ = _frozen
    clear = pop = popitem = setdefault = update = _frozen

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(tuple(self.items()))

    def copy(self) -> dict[str, Any]:
        return dict(self)


class Switch(_Frozen):
    """A phase switch to ``phase`` for ``cause``: from outside the rules (a person at the table,
    a teacher, a class vote), or ``fired`` by the rules (a trigger or a vote; ``cause`` is the
    trigger's text). Saved as ``{"switch": phase, "cause": cause}``, with ``"fired": true``
    when the rules made it."""

    __slots__ = ()

    def __init__(self, phase: str, cause: str, fired: bool = False) -> None:
        dict.__init__(self, {"switch": phase, "cause": cause, **({"fired": True} if fired else {})})

    def __reduce__(self) -> tuple[Any, ...]:
        return (Switch, (self.phase, self.cause, self.fired))

    @property
    def phase(self) -> str:
        return str(dict.__getitem__(self, "switch"))

    @property
    def cause(self) -> str:
        return str(dict.__getitem__(self, "cause"))

    @property
    def fired(self) -> bool:
        return bool(dict.get(self, "fired"))


class TriggerAdded(_Frozen):
    """A trigger ``text`` (``phase@trigger``) added from outside during the game for ``cause``
    (a class's phase plan opening a vote). Saved as ``{"trigger": text, "cause": cause}``."""

    __slots__ = ()

    def __init__(self, text: str, cause: str) -> None:
        dict.__init__(self, {"trigger": text, "cause": cause})

    def __reduce__(self) -> tuple[Any, ...]:
        return (TriggerAdded, (self.text, self.cause))

    @property
    def text(self) -> str:
        return str(dict.__getitem__(self, "trigger"))

    @property
    def cause(self) -> str:
        return str(dict.__getitem__(self, "cause"))


Entry = Union[Answer, Chance, Switch, TriggerAdded]  # noqa: UP007 (a runtime alias)
"""One input of a game's record."""

ENTRY_TYPES = (Answer, Chance, Switch, TriggerAdded)


def encode(entry: Entry) -> Any:
    """The saved (JSON-able) form of ``entry``: an answer's text, a chance outcome as a list
    (kind first), a switch's or a trigger's object."""
    if isinstance(entry, Answer):
        return entry.option
    if isinstance(entry, Chance):
        return list(entry)
    if isinstance(entry, (Switch, TriggerAdded)):
        return dict(entry)
    raise TypeError(f"not a record entry: {entry!r}")


def decode(raw: Any, where: str, i: int, version: int = 3) -> Entry:
    """The entry whose saved form is ``raw`` (``entries[i]`` of a version ``version`` record
    read from ``where``); DataError names what is wrong. Version 2 had no trigger entries."""
    if isinstance(raw, ENTRY_TYPES) and (version >= 3 or not isinstance(raw, TriggerAdded)):
        return raw
    if isinstance(raw, str):
        return Answer(raw)
    if isinstance(raw, (list, tuple)) and raw and raw[0] in CHANCE:
        return Chance(raw[0], *(tuple(v) if isinstance(v, list) else v for v in raw[1:]))
    if isinstance(raw, dict) and isinstance(raw.get("cause"), str):
        if isinstance(raw.get("switch"), str):
            return Switch(raw["switch"], raw["cause"], bool(raw.get("fired")))
        if version >= 3 and isinstance(raw.get("trigger"), str) and set(raw) == {"trigger", "cause"}:
            return TriggerAdded(raw["trigger"], raw["cause"])
    also = ", a switch ({switch, cause}) or a trigger ({trigger, cause})" if version >= 3 \
        else " or a switch ({switch, cause})"
    raise DataError(where, f"entries[{i}]", None,
                    f"expected an answer (text), a chance outcome ([{', '.join(CHANCE)}, ...])"
                    f"{also}, got {raw!r}")


def coerce(raw: Any) -> Entry:
    """``raw`` as an entry: an entry as it is, a saved form (or an old in-memory shape: a
    ``str``, a chance ``tuple``, a switch or trigger ``dict``) decoded."""
    if type(raw) in ENTRY_TYPES:
        return raw
    return decode(raw, "<entries>", 0)
