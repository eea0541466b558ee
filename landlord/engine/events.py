"""Events: what happened, in order, as data; and their one-line text form."""

from __future__ import annotations

from typing import Any, NamedTuple


class Event(NamedTuple):
    """One thing that happened. ``seat`` is -1 when no player is concerned.

    ``data`` holds the details as (key, value) pairs in a fixed order, so that the text of a
    log is the same, byte for byte, for the same seed and decisions.
    """

    turn: int
    kind: str
    seat: int
    data: tuple[tuple[str, Any], ...]

    def get(self, key: str, default: Any = None) -> Any:
        """The value of detail ``key``."""
        for k, v in self.data:
            if k == key:
                return v
        return default

    def line(self) -> str:
        """A stable one-line form, used for golden transcripts and determinism checks."""
        details = " ".join(f"{k}={v}" for k, v in self.data)
        return f"{self.turn:4d} {self.kind} {self.seat} {details}".rstrip()


def log_text(events: list[Event]) -> str:
    """The whole log as text, one event a line."""
    return "\n".join(e.line() for e in events) + "\n"
