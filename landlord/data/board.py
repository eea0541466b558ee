"""Boards: the spaces around the track and the annexes beside split corners."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Space:
    """One space of the track.

    ``kind`` selects the rule that applies when a token stops here; ``price`` and ``rent`` are
    set for land, ``fee`` for spaces that charge or pay a fixed amount. ``provenance`` says how
    the values are known (``verified_primary`` … ``reconstructed``).
    """

    index: int
    name: str
    kind: str
    provenance: str
    note: str = ""
    lot: int | None = None
    price: int = 0
    rent: int = 0
    fee: int = 0
    group: str = ""
    extra: dict[str, object] = field(default_factory=dict)

    @property
    def reconstructed(self) -> bool:
        """True where the values are a reconstruction rather than read from a source."""
        return self.provenance.startswith("reconstructed")


@dataclass(frozen=True, slots=True)
class Annex:
    """A place beside a corner that is not on the track (the 1904 Jail and Poor House)."""

    kind: str
    name: str
    beside: int
    provenance: str
    note: str = ""


@dataclass(frozen=True, slots=True)
class Board:
    """A board: spaces in order of play, annexes, currency and provenance."""

    id: str
    title: str
    currency: str
    source: str
    provenance: str
    spaces: tuple[Space, ...]
    annexes: tuple[Annex, ...] = ()
    where: str = ""
    """The file it was read from (named in its errors); empty for a board made in code."""

    def __len__(self) -> int:
        return len(self.spaces)

    def annex(self, kind: str) -> Annex:
        """The annex of ``kind`` (e.g. ``"jail"``); KeyError names the board if absent."""
        for a in self.annexes:
            if a.kind == kind:
                return a
        raise KeyError(f"board {self.id!r} has no {kind!r}")

    def indices(self, kind: str) -> tuple[int, ...]:
        """Indices of every space of ``kind``, in order of play."""
        return tuple(s.index for s in self.spaces if s.kind == kind)

    @property
    def lots(self) -> tuple[Space, ...]:
        """The spaces that are land for sale (have a lot number)."""
        return tuple(s for s in self.spaces if s.lot is not None)
