"""Decision options: one type that reads and writes them.

A decision's options travel as text (``decisions.OptionText``), because records, saves, golden
transcripts and the widgets keep them so: ``pass``, ``bid:120``, ``sell_all:dark_blue``,
``offer:11:300``. The text is a *kind* and, after a colon, an *argument* (which may itself be
several values joined by colons). :class:`Option` is that pair: :meth:`Option.parse` reads the
text (a clear error naming it if it is not an option), ``str()`` writes it back, and
:func:`option` writes one from its parts. Rules build their options with :func:`option` and read
answers with :meth:`Option.parse` (:func:`parse_option`), so the format lives here and nowhere
else.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import NamedTuple

_FORM = re.compile(r"[a-z][a-z0-9_]*(?::[A-Za-z0-9_.\-]+)*")
"""An option's text: a lower-case kind, then any number of ``:value`` parts."""

_NUMBERS: dict[str, tuple[int, ...]] = {}
"""Arguments already read as whole numbers (:meth:`Option.ints`; bots read many offers)."""

_SEEN_MAX = 1 << 16
"""Read texts (and arguments) kept at most (beyond this, they are read afresh each time)."""


class Option(NamedTuple):
    """A decision option: ``kind`` (``"bid"``) and ``arg``, the text after the first colon
    (``"120"``; ``""`` for an option without one, such as ``"pass"``)."""

    kind: str
    arg: str = ""

    def __str__(self) -> str:
        """The option as records and saves keep it: ``kind`` or ``kind:arg``."""
        return f"{self.kind}:{self.arg}" if self.arg else self.kind

    @classmethod
    def parse(cls, text: str, where: str = "option") -> Option:
        """Read ``text`` (``"bid:120"`` → ``Option("bid", "120")``). ValueError, naming
        ``where`` and the text, if it is not written ``kind`` or ``kind:value[:value…]``."""
        try:
            read = _SEEN.get(text)
        except TypeError:
            read = None
        return read if read is not None else _SEEN.read(text, where)

    def ints(self) -> tuple[int, ...]:
        """The argument's values as whole numbers (``offer:11:300`` → ``(11, 300)``);
        ValueError naming the option if one is not a whole number."""
        try:
            return _NUMBERS[self.arg]
        except KeyError:
            pass
        try:
            numbers = tuple(map(int, self.arg.split(":")))
        except ValueError:
            raise ValueError(f"option {str(self)!r}: {self.kind} takes whole numbers after "
                             f"its colons") from None
        if len(_NUMBERS) < _SEEN_MAX:
            _NUMBERS[self.arg] = numbers
        return numbers


class _Seen(dict[str, Option]):
    """Texts already read (the kit offers a few thousand distinct options): a rule or bot that
    reads an answer pays one dictionary look-up, with no Python call (:func:`parse_option`)."""

    def read(self, text: str, where: str) -> Option:
        """Read ``text`` afresh and keep it; ValueError naming ``where`` and the text."""
        if not isinstance(text, str) or _FORM.fullmatch(text) is None:
            raise ValueError(f"{where}: {text!r} is not an option (write a lower-case kind, "
                             f"optionally followed by :value, e.g. pass or bid:120)")
        kind, _, arg = text.partition(":")
        read = Option(kind, arg)
        if len(self) < _SEEN_MAX:
            self[text] = read
        return read

    def __missing__(self, text: str) -> Option:
        return self.read(text, "option")


_SEEN = _Seen()


@lru_cache(maxsize=_SEEN_MAX, typed=True)
def option(kind: str, *values: object) -> str:
    """An option's text from its parts: ``option("bid", 120)`` → ``"bid:120"``,
    ``option("offer", 11, 300)`` → ``"offer:11:300"``, ``option("pass")`` → ``"pass"``.
    Texts made are kept (the rules offer the same few thousand again and again): a cached
    text costs less than formatting it afresh."""
    if len(values) == 1:
        return f"{kind}:{values[0]}"
    if len(values) == 2:
        return f"{kind}:{values[0]}:{values[1]}"
    return ":".join((kind, *map(str, values)))


parse_option: Callable[[str], Option] = _SEEN.__getitem__
""":meth:`Option.parse` (its error names no ``where``), as one dictionary look-up for texts
already read: the rules and bots read the answers and options of every decision with it."""


class _SeenInts(dict[str, tuple[int, ...]]):
    """Texts whose arguments were already read as whole numbers (:func:`option_ints`)."""

    def __missing__(self, text: str) -> tuple[int, ...]:
        numbers = _SEEN[text].ints()
        if len(self) < _SEEN_MAX:
            self[text] = numbers
        return numbers


option_ints: Callable[[str], tuple[int, ...]] = _SeenInts().__getitem__
"""``parse_option(text).ints()`` (``"offer:11:300"`` → ``(11, 300)``), as one dictionary look-up
for texts already read: for a bot that reads a long list of offers at every turn."""
