"""Both class-store backends for the tests: SQLite in the test's folder, and PostgreSQL in a
throwaway server started once a session (Debian's ``postgresql`` package, as ``scripts/test``
installs it), with a fresh database for each class folder a test uses.

A test runs against both with ``@both_stores`` (the ``store_backend`` fixture, parametrized);
it opens its stores with :func:`class_store` and names them to another process with
:func:`store_address`, where it would have used ``SqliteStore(folder)`` and ``str(folder)``."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from throwaway_pg import PgServer, pg_bin

from landlord.apps.classroom.store import SqlStore, open_store

__all__ = ["MISSING", "Backend", "PgServer", "both_stores", "class_store", "pg_bin", "rows", "store_address"]

both_stores = pytest.mark.usefixtures("store_backend")
"""Run the test once on each backend."""

MISSING = ("PostgreSQL's server programs (initdb, pg_ctl) are not installed: scripts/test installs "
           "Debian's postgresql package (apt-get install postgresql); these tests need it")
"""Why the PostgreSQL runs are skipped on a machine without the server (never in CI)."""


@dataclass
class Backend:
    """The backend a test runs on: ``sqlite`` (a store in each class folder) or ``postgresql`` (a
    database of the session's server for each class folder)."""

    name: str
    server: PgServer | None = None
    made: dict[Path, str] = field(default_factory=dict)

    def address(self, folder: Path) -> str:
        """What names ``folder``'s store (to :func:`landlord.apps.classroom.store.open_store`)."""
        if self.server is None:
            return str(folder)
        if folder not in self.made:
            self.made[folder] = self.server.new_database()
        return self.made[folder]

    def close(self) -> None:
        """Drop the test's databases."""
        if self.server is not None:
            for address in self.made.values():
                self.server.drop(address)


CURRENT: list[Backend] = []
"""The backend of the test running now (set by the ``store_backend`` fixture)."""


def store_address(folder: Path) -> str:
    """The address of ``folder``'s class store on the test's backend (SQLite when the test runs
    on SQLite alone)."""
    return CURRENT[-1].address(folder) if CURRENT else str(folder)


def class_store(folder: Path) -> SqlStore:
    """``folder``'s class store on the test's backend (a new connection each call, as a new
    kernel or server opens it)."""
    return open_store(store_address(folder))


def rows(store: SqlStore, sql: str) -> list[Any]:
    """Every row of a read-only query, straight from the store's database (what a test checks
    beneath the store's own methods)."""
    return [tuple(r) for r in store._db.execute(sql).fetchall()]
