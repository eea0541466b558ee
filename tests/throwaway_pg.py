"""A throwaway PostgreSQL server (Debian's ``postgresql`` package, as ``scripts/test`` installs it)
for the class store's tests and for ``bench_class.py --servers``: initdb into a new folder under
/tmp, started on a free port of 127.0.0.1 with trust authentication (for tests alone: a school's
server uses passwords or certificates, docs/class-guide.md), a database a class."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from landlord.apps import serve


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

    @property
    def pid(self) -> int:
        """The server's main process (its ``postmaster.pid``)."""
        return int((self.folder / "data" / "postmaster.pid").read_text().split()[0])

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
