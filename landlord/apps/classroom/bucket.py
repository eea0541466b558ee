"""The token bucket that holds one page to its share of the class server (issue 26, point 3);
its rates and the cool-down are in :mod:`landlord.limits`.

A :class:`Bucket` is a token bucket: it holds up to ``burst`` tokens and gains ``rate`` a second;
an act costs tokens and is refused when too few are left. The class server gives each page one
for its widget messages (:class:`landlord.apps.classroom.kernels.GuardedConnection`) and each
student's kernel one for the writes the store refused (:class:`landlord.apps.classroom.room.StudentSeat`):
an accepted write costs nothing (the game accepts one a turn), a refused one a token, and with
none left the page's next clicks are turned away before they reach the store.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable

from landlord.limits import COOL_DOWN

COOL_DOWN_ENV = "LANDLORD_CLASS_COOL_DOWN"
"""The environment variable by which ``landlord class`` gives its Voilà server the cool-down."""


def cool_down() -> float:
    """This server's cool-down, seconds (:data:`COOL_DOWN` unless its command set another)."""
    try:
        return max(0.0, float(os.environ.get(COOL_DOWN_ENV, COOL_DOWN)))
    except ValueError:
        return COOL_DOWN


class Bucket:
    """A token bucket: ``take(cost)`` is True (and spends ``cost``) while enough tokens are left.
    ``clock`` gives seconds (monotonic; a test passes its own)."""

    def __init__(self, rate: float, burst: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.tokens = burst
        self.stamp = clock()
        self.refused = 0
        """Acts refused so far."""

    def _fill(self) -> None:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now

    def take(self, cost: float = 1.0) -> bool:
        """Spend ``cost`` tokens if there are so many; False (and counted) if not."""
        self._fill()
        if self.tokens >= cost:
            self.tokens -= cost
            return True
        self.refused += 1
        return False

    def ready(self, cost: float = 1.0) -> bool:
        """Whether ``cost`` tokens are there (nothing spent); False is counted as refused."""
        self._fill()
        if self.tokens >= cost:
            return True
        self.refused += 1
        return False

    def charge(self, cost: float = 1.0) -> None:
        """Spend ``cost`` more tokens after the fact (a write that was refused), down to empty."""
        self._fill()
        self.tokens = max(0.0, self.tokens - cost)
