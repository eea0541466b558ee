"""Every limit of the kit, in one place: what a file, a command, a sweep or a class page may ask
of it. Each layer imports the limits it enforces from here (this module imports nothing).

Files and data (the door, :mod:`landlord.data.files`, and the readers behind it):
:data:`MAX_FILE_BYTES`, :data:`MAX_DEPTH`, :data:`MAX_INT`, :data:`MAX_LIST`, :data:`MAX_AMOUNT`,
:data:`MAX_ROUNDS`, :data:`MAX_PLAYERS`, :data:`MAX_MOVE`, :data:`MAX_COPIES`. Games, seeds and
sweeps: :data:`MAX_GAMES`, :data:`MAX_SEED`, :data:`MAX_THROWS`. The servers and a class's pages:
:data:`MAX_STUDENTS`, :data:`MIN_KERNEL_CAP`, :data:`MAX_FRAME`, :data:`MAX_EXPORT_BYTES`,
:data:`WIDGET_RATE`, :data:`WIDGET_BURST`, :data:`REFUSED_RATE`, :data:`REFUSED_BURST`,
:data:`COOL_DOWN`.
"""

from __future__ import annotations

# -- files and data -----------------------------------------------------------------------------
MAX_FILE_BYTES = 2_000_000
"""The largest data, scenario or saved-game file read (the kit's own are under 60 kB)."""
MAX_DEPTH = 32
"""The deepest nesting of tables and lists in a data, scenario or saved-game file."""
MAX_INT = 2**64 - 1
"""The largest whole number (either sign) a file may hold: wider than 64 bits, no field of any
kit file means anything (each reader then checks its own fields' narrower ranges, in its own
words: a seed runs to 2**63 - 1, a param to its declared range)."""
MAX_LIST = 10_000
"""The longest list a param may hold."""
MAX_AMOUNT = 10_000_000
"""The largest amount of money a param may hold (the games' amounts are at most a few thousand)."""
MAX_ROUNDS = 100_000
"""The largest round cap: far above what any game reaches, small enough that a game ends."""
MAX_PLAYERS = 8
"""The most seats a ruleset may declare."""
MAX_MOVE = 39
"""The most spaces a ``move_relative`` card moves (either way)."""
MAX_COPIES = 100
"""The most copies of one card in a deck."""

# -- games, seeds and sweeps ---------------------------------------------------------------------
MAX_GAMES = 1_000_000
"""The most games one command plays, and a sweep (per cell, and over all its cells): a sweep keeps
its rows in memory (about 0.5 kB a game), so a million games needs some 0.5 GB; split a larger study."""
MAX_SEED = 2**63 - 1
"""The largest seed (seeds are stored as 64-bit integers). A game's seed is 0 to ``MAX_SEED``:
random.Random(-3) plays the same games as random.Random(3), so the command line and saved games
refuse negative seeds rather than silently repeating games. A sweep's root seed may be negative
(-``MAX_SEED`` - 1 on): it is hashed as text with the cell and the game
(:meth:`landlord.runs.scenario.Scenario.game_seed`), so ``-3`` and ``3`` give different games."""
MAX_THROWS = 1_000_000_000
"""The most throws ``landing --simulate`` plays."""

# -- the servers and a class's pages -------------------------------------------------------------
MAX_STUDENTS = 16
"""The most ``landlord serve --students`` (each adds a warm kernel per notebook: about 0.15 GB each)."""
MIN_KERNEL_CAP = 40
"""The least cap on kernels of ``landlord serve`` (``CappedKernelManager.max_kernels``, as in
``voila.json``); a larger ``--students`` raises it to the warm kernels plus four pages a student."""
MAX_FRAME = 64 * 1024
"""Bytes of the largest websocket frame a class page may send (its largest message, a typed
name or a click, is under 2 KB)."""
MAX_EXPORT_BYTES = 5_000_000
"""A class export larger than this is refused unread (a class of 10 tables is a few kB)."""
WIDGET_RATE = 20.0
"""Widget messages a second a page may send on average (typing and clicking send a few)."""
WIDGET_BURST = 200.0
"""Widget messages a page may send at once (its load, a burst of typing)."""
REFUSED_RATE = 1.0
"""Writes to the store a student's page may have refused a second, on average (a stale button,
a second ballot): beyond them the page's clicks are turned away before they reach the store."""
REFUSED_BURST = 5.0
"""Refused writes a page may have at once before its meter holds it back."""
COOL_DOWN = 30.0
"""Seconds a seat's page, once cut off (a flood, a binary frame), is refused (HTTP 429) before
it may load again: each reload takes a warm kernel and starts another (2–3 CPU seconds), so a
page that floods, reloads and floods again would otherwise slow every other page for as long
as it goes on. A bot plays the seat meanwhile (the page is away). ``landlord class
--cool-down`` sets it for its server (:data:`landlord.apps.classroom.bucket.COOL_DOWN_ENV`); the
guard is :class:`landlord.apps.classroom.kernels.GuardedConnection`."""
