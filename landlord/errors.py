"""The kit's error types: every one names what was wrong and where."""

from __future__ import annotations


class LandlordError(Exception):
    """Base class for errors the kit reports to a person (one clear line, no traceback)."""


class DataError(LandlordError):
    """A data file (board, ruleset, scenario, saved game) is malformed.

    The message names the file, the entry and the field, e.g.
    ``data/boards/x.toml: space 12: field 'rent': expected an integer, got 'ten'``.
    """

    def __init__(self, path: object, entry: str | None, field: str | None, problem: str) -> None:
        self.path = str(path)
        self.entry = entry
        self.field = field
        self.problem = problem
        parts = [self.path]
        if entry:
            parts.append(entry)
        if field:
            parts.append(f"field '{field}'")
        parts.append(problem)
        super().__init__(": ".join(parts))


class IllegalAction(LandlordError):
    """A choice that is not among the legal options of the pending decision.

    Raised before anything changes: the game is left exactly as it was.
    """
