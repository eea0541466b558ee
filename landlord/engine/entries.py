"""The entries of a game's record: a closed set of four immutable types.

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

:mod:`landlord.engine.codec` reads and writes their saved forms (every form the kit has written).

This module imports nothing of the kit: :mod:`landlord.engine.game`, :mod:`landlord.engine.record`
and the codec all build on it.
"""

from __future__ import annotations

from typing import Any, NoReturn, Union

__all__ = ["CHANCE", "ENTRY_TYPES", "Answer", "Chance", "Entry", "Switch", "TriggerAdded"]

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
"""The entry types (a record holds these and nothing else)."""
