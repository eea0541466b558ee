"""The ledger: every coin moves by a transfer between named accounts.

Players' accounts come first (account *i* is seat *i*), then the game's boxes (Bank, Public
Treasury, Wages box, Railroad box, …). The Bank and the Wages box are *issuers*: they pay out
start cash, wages and loans without limit, so their balances go below zero by what they have
issued. Every other account never goes below zero. Because a transfer is the only way money
moves, the sum of all balances is zero at every moment: money is conserved by construction.
"""

from __future__ import annotations

from collections import defaultdict

from landlord.engine.flows import Flow
from landlord.errors import LandlordError

ISSUERS = ("Bank", "Wages box")


class InsufficientFunds(LandlordError):
    """A transfer would take an account below zero (the rules must raise money first)."""


class Ledger:
    """Named accounts, balances, and running totals of money moved per kind of flow."""

    __slots__ = ("balances", "flows", "index", "issuers", "names")

    def __init__(self, names: list[str]) -> None:
        self.names = list(names)
        self.balances = [0] * len(self.names)
        self.index = {n: i for i, n in enumerate(self.names)}
        self.issuers = frozenset(self.index[n] for n in ISSUERS if n in self.index)
        self.flows: defaultdict[Flow, int] = defaultdict(int)
        """Money moved so far per :class:`~landlord.engine.flows.Flow` (kept even without a log)."""

    def transfer(self, src: int, dst: int, amount: int, kind: Flow, reason: str) -> None:
        """Move ``amount`` (> 0) from account ``src`` to ``dst``, tallied under its ``kind``
        (``reason`` names it in errors)."""
        b = self.balances
        if amount <= 0:
            raise ValueError(f"transfer of {amount} for {reason!r}: amounts must be positive")
        if b[src] < amount and src not in self.issuers:
            raise InsufficientFunds(
                f"{self.names[src]} has {b[src]} and cannot pay {amount} for {reason}"
            )
        b[src] -= amount
        b[dst] += amount
        self.flows[kind] += amount

    def total(self) -> int:
        """Sum of all balances: always zero."""
        return sum(self.balances)

    def balance(self, name: str) -> int:
        """Balance of the account called ``name``."""
        return self.balances[self.index[name]]
