"""Both class-store backends for the tests: SQLite in the test's folder, and PostgreSQL in a
throwaway server started once a session (Debian's ``postgresql`` package, as ``scripts/test``
installs it), with a fresh database for each class folder a test uses.

A test runs against both with ``@both_stores`` (the ``store_backend`` fixture, parametrized);
it opens its stores with :func:`class_store` and names them to another process with
:func:`store_address`, where it would have used ``SqliteStore(folder)`` and ``str(folder)``."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from landlord.apps import serve
from landlord.apps.classroom.store import SqlStore, open_store

both_stores = pytest.mark.usefixtures("store_backend")
"""Run the test once on each backend."""

MISSING = ("PostgreSQL's server programs (initdb, pg_ctl) are not installed: scripts/test installs "
           "Debian's postgresql package (apt-get install postgresql); these tests need it")
"""Why the PostgreSQL runs are skipped on a machine without the server (never in CI)."""


def pg_bin() -> Path | None:
    """The folder of PostgreSQL's server programs (the newest of Debian's, else on PATH)."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parts[-3]))
    if found:
        return Path(found[-1]).parent
    on_path = shutil.which("initdb")
    return Path(on_path).parent if on_path else None


@dataclass
class PgServer:
    """A throwaway PostgreSQL server on 127.0.0.1 (trust authentication: for tests alone)."""

    bin: Path
    folder: Path
    port: int
    as_user: list[str]
    databases: int = 0

    def run(self, *cmd: str) -> None:
        """Run one of the server's programs (as the ``postgres`` user when the tests run as root:
        PostgreSQL refuses to run as root)."""
        subprocess.run([*self.as_user, *cmd], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                       cwd=self.folder)

    @classmethod
    def start(cls, bin: Path) -> PgServer:
        """initdb in a new folder under /tmp (the postgres user cannot enter pytest's own) and start
        the server on a free port; under a second each on this machine."""
        folder = Path(tempfile.mkdtemp(prefix="landlord-pg-"))
        as_user: list[str] = []
        if os.geteuid() == 0:
            shutil.chown(folder, "postgres")
            as_user = ["runuser", "-u", "postgres", "--"]
        server = cls(bin, folder, serve.free_port(), as_user)
        server.run(str(bin / "initdb"), "-D", str(folder / "data"), "-A", "trust", "-U", "postgres", "-E", "UTF8")
        # many class pages at once each hold a connection (the multi-server test runs two servers)
        options = (f"-k {folder} -c listen_addresses=127.0.0.1 -p {server.port} -c max_connections=300 "
                   "-c fsync=off -c synchronous_commit=off -c full_page_writes=off")
        server.run(str(bin / "pg_ctl"), "-D", str(folder / "data"), "-w", "-l", str(folder / "log"),
                   "-o", options, "start")
        return server

    def address(self, database: str = "postgres") -> str:
        """The address of one of the server's databases."""
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """A new empty database; its address."""
        import psycopg

        self.databases += 1
        name = f"class_{self.databases}"
        with psycopg.connect(self.address(), autocommit=True) as admin:
            admin.execute(f"create database {name}")
        return self.address(name)

    def drop(self, address: str) -> None:
        """Drop a database made by :meth:`new_database` (its connections are ended)."""
        import psycopg

        with psycopg.connect(self.address(), autocommit=True) as admin:
            admin.execute(f"drop database if exists {address.rsplit('/', 1)[1]} with (force)")

    def stop(self) -> None:
        """Stop the server and remove its folder."""
        try:
            self.run(str(self.bin / "pg_ctl"), "-D", str(self.folder / "data"), "-w", "-m", "immediate", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)


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
