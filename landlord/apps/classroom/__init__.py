"""Class sessions: students on their own devices play shared tables; the teacher runs the room.

* :mod:`landlord.apps.classroom.store` — the store interface (:class:`ClassStore`) and its two
  backends, SQLite in the class folder (:class:`SqliteStore`, the default) and PostgreSQL for
  several class servers (:class:`PostgresStore`): classes, tables, seats and each table's record.
* :mod:`landlord.apps.classroom.room` — a class's spec, tables rebuilt from their records, a
  student's seat, and the referee that plays bots and away seats.
* :mod:`landlord.apps.classroom.debrief` — pooled results, exports and the debrief charts.
* ``landlord class`` (:mod:`landlord.apps.classroom.server`): the class folder, Voilà and the referee.
"""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path

from landlord.apps.classroom.room import Classroom, ClassSpec, Referee, StudentSeat, TableGame
from landlord.apps.classroom.store import (
    FOLDER_ENV,
    STORE_ENV,
    ClassStore,
    Conflict,
    PostgresStore,
    Refused,
    SqliteStore,
    SqlStore,
    StoreError,
    VoteInfo,
    open_store,
    store_at,
)


def default_folder(now: datetime | None = None) -> Path:
    """Where a class is kept when the teacher names no folder: ``~/landlord-classes/<date-time>``."""
    return Path.home() / "landlord-classes" / (now or datetime.now()).strftime("%Y-%m-%d-%H%M")


def folder_from_env() -> Path | None:
    """The class folder the server gave its kernels (None outside a class server)."""
    value = os.environ.get(FOLDER_ENV, "")
    return Path(value) if value else None


__all__ = [
    "FOLDER_ENV", "STORE_ENV", "ClassSpec", "ClassStore", "Classroom", "Conflict", "PostgresStore", "Referee",
    "Refused", "SqlStore", "SqliteStore", "StoreError", "StudentSeat", "TableGame", "VoteInfo", "default_folder",
    "folder_from_env", "open_store", "store_at",
]
