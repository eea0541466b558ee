"""Exact landing probabilities: a Markov chain over where a token stands between throws.

Convention (stated once, used everywhere): **one observation per throw of the dice** — where
the token stops after that throw and after any card or square moves it causes. "In jail" is a
cell of its own (index ``jail``), apart from "just visiting" the jail's corner; a failed throw
in jail counts as in jail, and so does the throw that sent the token there.

A family's movement rules are data, a :class:`Movement`: dice, whether a double earns another
throw and how many doubles send a token to jail, the go-to-jail squares, where a released token
counts from, how many throws a jailed token may try for a double, the card decks that move
tokens (:class:`CardMove`), and Magie's railroad pass. Each rules family builds its own
:class:`Movement` from a ruleset (its ``movement`` part, :attr:`landlord.rules.family.Family.movement`;
:func:`landlord.rules.families.movement_for` asks a ruleset's family), or one is read off a board
(:func:`movement_from_board`).

The chain's states are ``(space, doubles thrown so far this turn)`` for a token on the track
and ``jail k`` (k failed throws so far) for a jailed one. Each state moves to the next by one
throw; the stationary distribution over states, summed by the space (or jail) each state
stands for, is the probability that a throw ends there.

What the chain leaves out (DECISIONs): the money (a token never goes to the Poor House or
bankrupt), other tokens (Magie's "a third player cannot occupy a lot" rule), Magie's luxury
refusal (the chain's token always stops on a Luxury), her "five times around, either direction"
ending (tokens move forward), and "Get out of jail free" cards (a jailed token pays or throws).
Cards are drawn at random from a full deck each time (a shuffled deck that is cycled gives every
card the same long-run frequency, so the long-run landing probabilities are the same).

The families: every family of :data:`landlord.rules.families.FAMILIES` (``magie1904``,
``magie1906``, ``british1913`` and ``monopoly`` with the Mucker variants), each with its
builder in its own package, ``landlord.rules.<family>.movement`` (the ``movement`` of its
:class:`~landlord.rules.family.Family`). Where a family's
movement is a player's choice the chain cannot ask (1906: which way between the Chances,
whether to refuse Speculation; 1913: one die or both of a double, a bargain on the trespass
squares), its builder takes a keyword policy with a documented default
(``landlord.rules.families.movement_for(ruleset, direction="either")``); a mixed policy enters the chain as shares
(``Movement.backward``, ``Movement.one_die``).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    import pandas as pd

    from landlord.data.board import Board
    from landlord.data.ruleset import Ruleset

JAIL = -1
"""The jail as an outcome of a move (the CSV and frames write it ``jail``)."""
JAIL_MODES = ("stay", "pay")
GO_TO_JAIL_KINDS = frozenset({"go_to_jail", "no_trespassing"})


@dataclass(frozen=True, slots=True)
class CardMove:
    """What one card does to a token: ``stay`` (no move: money cards), ``to`` (space
    ``target``), ``relative`` (``target`` spaces, negative = back), ``nearest`` (forward to the
    first of ``targets``), or ``jail``. ``weight`` is the number of copies in the deck."""

    kind: str
    target: int = 0
    targets: tuple[int, ...] = ()
    weight: int = 1
    name: str = ""

    def __post_init__(self) -> None:
        if self.kind not in ("stay", "to", "relative", "nearest", "jail"):
            raise ValueError(f"card {self.name!r}: unknown move kind {self.kind!r}")
        if self.kind == "nearest" and not self.targets:
            raise ValueError(f"card {self.name!r}: 'nearest' needs target spaces")
        if self.weight < 1:
            raise ValueError(f"card {self.name!r}: weight must be at least 1")


@dataclass(frozen=True, slots=True)
class Movement:
    """A family's movement rules, as data (see the module docstring).

    * ``spaces``: spaces on the track; ``dice``/``sides``: the dice thrown.
    * ``doubles_again``: a double earns another throw this turn; ``doubles_limit``: the throw
      that makes this many doubles in one turn sends the token to jail instead (0 = never).
    * ``go_to_jail``: squares that send a token to jail; ``jail_exit``: the space a released
      token counts its throw from.
    * ``jail_tries``: in the ``stay`` strategy, how many throws a jailed token may make for a
      double; after the last one fails it pays the fine and moves by that throw (0 = no limit:
      it stays until a double).
    * ``decks``: for each space that draws a card, the cards' moves.
    * ``rr_pass``: Magie's pass — on a double, a token that would pass one of these spaces (in
      order of play) jumps from it to the next one and counts the rest of its throw from there.
    * ``extra_throws``: with ``doubles_again`` and no ``doubles_limit``, at most this many extra
      throws a turn; a double on the last of them earns nothing more (1906: one).
    * ``released_throws_again``: a token that pays its way out of jail makes an ordinary first
      throw of a turn (a double earns another throw); False: it just moves by that throw.
    * ``either_way`` / ``backward``: from these spaces the token may move either way; it moves
      backward on this share of its throws there (a policy: 0 = always forward).
    * ``refuse``: spaces a token may refuse to move onto, staying where it was (1906
      Speculation, policy ``stay``).
    * ``one_die``: the share of doubles the token moves by the number on one die instead of
      both (1913, a policy: 0 = both dice).
    """

    name: str
    spaces: int
    go_to_jail: frozenset[int]
    jail_exit: int
    dice: int = 2
    sides: int = 6
    doubles_again: bool = False
    doubles_limit: int = 0
    jail_tries: int = 0
    decks: Mapping[int, tuple[CardMove, ...]] = field(default_factory=dict)
    rr_pass: tuple[int, ...] = ()
    extra_throws: int = 0
    released_throws_again: bool = True
    either_way: frozenset[int] = frozenset()
    backward: float = 0.0
    refuse: frozenset[int] = frozenset()
    one_die: float = 0.0

    def __post_init__(self) -> None:
        n = self.spaces
        for s in (*self.go_to_jail, self.jail_exit, *self.decks, *self.rr_pass, *self.either_way,
                  *self.refuse):
            if not 0 <= s < n:
                raise ValueError(f"movement {self.name!r}: space {s} is not on a {n}-space board")
        if self.doubles_limit and not self.doubles_again:
            raise ValueError(f"movement {self.name!r}: a doubles limit needs doubles_again")
        if self.dice < 1 or self.sides < 1:
            raise ValueError(f"movement {self.name!r}: needs at least one die with one side")
        if self.extra_throws and (not self.doubles_again or self.doubles_limit):
            raise ValueError(f"movement {self.name!r}: extra_throws needs doubles_again and no doubles_limit")
        if self.extra_throws < 0:
            raise ValueError(f"movement {self.name!r}: extra_throws must not be negative")
        for share in ("backward", "one_die"):
            if not 0.0 <= getattr(self, share) <= 1.0:
                raise ValueError(f"movement {self.name!r}: {share} is a share, between 0 and 1")


def throws(dice: int, sides: int) -> list[tuple[int, bool, float]]:
    """Every distinct ``(total, double, probability)`` of a throw; "double" means every die
    shows the same face (for two dice, a double)."""
    out: dict[tuple[int, bool], int] = {}
    for faces in itertools.product(range(1, sides + 1), repeat=dice):
        key = (sum(faces), dice > 1 and len(set(faces)) == 1)
        out[key] = out.get(key, 0) + 1
    total = sides ** dice
    return [(t, d, c / total) for (t, d), c in sorted(out.items())]


class _Resolver:
    """Where a throw takes a token: the walk (with the pass), then squares and cards."""

    def __init__(self, m: Movement) -> None:
        self.m = m
        rr = m.rr_pass
        self.next_rr = {r: rr[(i + 1) % len(rr)] for i, r in enumerate(rr)}
        self.cache: dict[tuple[int, int, bool, bool], dict[int, float]] = {}

    def throw(self, start: int, total: int, double: bool) -> dict[int, float]:
        """Outcomes of a throw of ``total`` from ``start``, with the movement's choices mixed in
        by their shares: one die of a double (``one_die``), backward from an either-way space
        (``backward``)."""
        m = self.m
        steps = [(1.0, total)]
        if double and m.one_die:
            steps = [(1.0 - m.one_die, total), (m.one_die, total // m.dice)]
        ways = [(1.0, False)]
        if m.backward and start in m.either_way:
            ways = [(1.0 - m.backward, False), (m.backward, True)]
        if len(steps) == 1 and len(ways) == 1:
            return self.move(start, total, double)
        out: dict[int, float] = {}
        for ps, s in steps:
            for pw, back in ways:
                if ps * pw == 0.0:
                    continue
                for where, q in self.move(start, s, double, back).items():
                    out[where] = out.get(where, 0.0) + ps * pw * q
        return out

    def move(self, start: int, steps: int, double: bool, backward: bool = False) -> dict[int, float]:
        """Distribution of outcomes (a space, or :data:`JAIL`) of moving ``steps`` from
        ``start`` (forward, or ``backward``) on a throw that is (or is not) a double; a move
        onto a ``refuse`` space is refused (the token stays on ``start``)."""
        key = (start, steps, double, backward)
        hit = self.cache.get(key)
        if hit is not None:
            return hit
        n = self.m.spaces
        if backward:
            target = (start - steps) % n
            out = {start: 1.0} if target in self.m.refuse else self.land(target, 0)
            self.cache[key] = out
            return out
        if double and self.next_rr:
            # Magie's pass: the first R.R. the token would pass, jumped to the next R.R.
            for k in range(1, steps):
                here = (start + k) % n
                if here in self.next_rr:
                    steps += (self.next_rr[here] - here) % n
                    break
        target = (start + steps) % n
        out = {start: 1.0} if target in self.m.refuse else self.land(target, 0)
        self.cache[key] = out
        return out

    def land(self, space: int, depth: int) -> dict[int, float]:
        """Outcomes of stopping on ``space`` (go-to-jail squares, cards; a card that moves the
        token to another card space draws again, up to a depth of 4)."""
        m = self.m
        if space in m.go_to_jail:
            return {JAIL: 1.0}
        deck = m.decks.get(space)
        if not deck or depth >= 4:
            return {space: 1.0}
        weight = sum(c.weight for c in deck)
        out: dict[int, float] = {}
        for card in deck:
            p = card.weight / weight
            for where, q in self.card(space, card, depth).items():
                out[where] = out.get(where, 0.0) + p * q
        return out

    def card(self, space: int, card: CardMove, depth: int) -> dict[int, float]:
        """Outcomes of ``card`` drawn on ``space``."""
        n = self.m.spaces
        if card.kind == "stay":
            return {space: 1.0}
        if card.kind == "jail":
            return {JAIL: 1.0}
        if card.kind == "to":
            return self.land(card.target, depth + 1)
        if card.kind == "relative":
            return self.land((space + card.target) % n, depth + 1)
        ahead = min(card.targets, key=lambda t: (t - space - 1) % n)  # "nearest": forward
        return self.land(ahead, depth + 1)


def _states(m: Movement, jail: str) -> tuple[int, int]:
    """(doubles levels per space, jail states)."""
    if m.doubles_again and not m.doubles_limit and not m.extra_throws:
        raise ValueError(f"movement {m.name!r}: doubles_again without a doubles_limit has no "
                         "finite chain; give doubles_limit (or extra_throws)")
    if m.doubles_again and m.extra_throws:
        return m.extra_throws + 1, (1 if jail == "pay" or not m.jail_tries else m.jail_tries)
    levels = m.doubles_limit if m.doubles_again else 1
    jail_states = 1 if jail == "pay" or not m.jail_tries else m.jail_tries
    return levels, jail_states


def transition_matrix(m: Movement, jail: str = "stay") -> tuple[np.ndarray, list[int]]:
    """The chain's transition matrix (rows sum to 1) and, per state, the cell it stands for
    (a space index, or :data:`JAIL`)."""
    if jail not in JAIL_MODES:
        raise ValueError(f"jail strategy must be one of {', '.join(JAIL_MODES)}, not {jail!r}")
    n = m.spaces
    levels, jail_states = _states(m, jail)
    size = n * levels + jail_states
    jail0 = n * levels
    P = np.zeros((size, size))
    res = _Resolver(m)
    dice = throws(m.dice, m.sides)

    def put(row: int, outcomes: dict[int, float], p: float, level: int) -> None:
        for where, q in outcomes.items():
            col = jail0 if where == JAIL else where * levels + level
            P[row, col] += p * q

    def track_row(row: int, pos: int, d: int, again: bool = True) -> None:
        for total, double, p in dice:
            if double and m.doubles_again and again:
                if m.extra_throws:  # capped extra throws: the last one's double earns nothing
                    put(row, res.throw(pos, total, True), p, d + 1 if d < m.extra_throws else 0)
                    continue
                if d + 1 >= levels:  # the limit's double: to jail, no move
                    P[row, jail0] += p
                    continue
                put(row, res.throw(pos, total, True), p, d + 1)
            else:
                put(row, res.throw(pos, total, double), p, 0)

    for pos in range(n):
        for d in range(levels):
            track_row(pos * levels + d, pos, d)
    for k in range(jail_states):
        row = jail0 + k
        if jail == "pay":
            # pay the fine, then an ordinary first throw of the turn from the exit (or, with
            # released_throws_again False, one throw that only moves the token)
            track_row(row, m.jail_exit, 0, m.released_throws_again)
            continue
        for total, double, p in dice:
            if double:  # freed by the double, moved by it; no further throw
                put(row, res.throw(m.jail_exit, total, True), p, 0)
            elif m.jail_tries and k + 1 >= m.jail_tries:  # last try failed: pay and move
                put(row, res.throw(m.jail_exit, total, False), p, 0)
            else:
                P[row, jail0 + (k + 1 if m.jail_tries else 0)] += p
    cells = [pos for pos in range(n) for _ in range(levels)] + [JAIL] * jail_states
    return P, cells


def stationary(P: np.ndarray) -> np.ndarray:
    """The stationary distribution π of a transition matrix (π P = π, Σ π = 1)."""
    size = P.shape[0]
    A = P.T - np.eye(size)
    A[-1, :] = 1.0
    b = np.zeros(size)
    b[-1] = 1.0
    pi = solve(A, b)
    pi[np.abs(pi) < 1e-15] = 0.0
    return pi


def solve(A: np.ndarray, b: np.ndarray) -> np.ndarray:
    """x with A x = b, by Gaussian elimination with partial pivoting in numpy's elementwise
    operations.

    Not ``np.linalg.solve``: for matrices this small, the multithreaded BLAS behind it was
    measured to take 0.1 ms on an idle machine but a median of 300 ms on a loaded one (its
    threads wait for each other); elimination by rows takes a few ms either way."""
    A = np.array(A, dtype=float)
    x = np.array(b, dtype=float)
    n = A.shape[0]
    for k in range(n):
        pivot = k + int(np.argmax(np.abs(A[k:, k])))
        if A[pivot, k] == 0.0:
            raise np.linalg.LinAlgError("singular matrix: the chain has no unique stationary distribution")
        if pivot != k:
            A[[k, pivot]] = A[[pivot, k]]
            x[[k, pivot]] = x[[pivot, k]]
        factors = A[k + 1:, k] / A[k, k]
        A[k + 1:, k:] -= factors[:, None] * A[k, k:]
        x[k + 1:] -= factors * x[k]
    for k in range(n - 1, -1, -1):
        x[k] = (x[k] - (A[k, k + 1:] * x[k + 1:]).sum()) / A[k, k]
    return x


def exact(m: Movement, jail: str = "stay") -> dict[int, float]:
    """Probability that a throw ends on each space (and in :data:`JAIL`), exactly."""
    P, cells = transition_matrix(m, jail)
    pi = stationary(P)
    out = dict.fromkeys([*range(m.spaces), JAIL], 0.0)
    for cell, p in zip(cells, pi, strict=True):
        out[cell] += float(p)
    return out


def simulate(m: Movement, jail: str = "stay", n_throws: int = 100_000, seed: int = 0,
             progress: Callable[[int], object] | None = None) -> dict[int, float]:
    """The same probabilities by playing one token for ``n_throws`` throws with its own seeded
    RNG: an independent, step-by-step reading of the same rules, to check the chain.
    ``progress(n)`` is told of every ``PROGRESS_STEP`` throws played."""
    if jail not in JAIL_MODES:
        raise ValueError(f"jail strategy must be one of {', '.join(JAIL_MODES)}, not {jail!r}")
    if n_throws < 1:
        raise ValueError("simulate at least one throw")
    rng = random.Random(seed)
    n = m.spaces
    counts = dict.fromkeys([*range(n), JAIL], 0)
    rr = list(m.rr_pass)
    decks = {s: [c for c in deck for _ in range(c.weight)] for s, deck in m.decks.items()}

    def roll() -> tuple[int, bool]:
        faces = [rng.randint(1, m.sides) for _ in range(m.dice)]
        return sum(faces), m.dice > 1 and len(set(faces)) == 1

    def stop(space: int) -> int:
        for depth in range(5):
            if space in m.go_to_jail:
                return JAIL
            if space not in decks or depth == 4:
                return space
            card = rng.choice(decks[space])
            if card.kind == "stay":
                return space
            if card.kind == "jail":
                return JAIL
            if card.kind == "to":
                space = card.target
            elif card.kind == "relative":
                space = (space + card.target) % n
            else:
                k = 1
                while (space + k) % n not in card.targets:
                    k += 1
                space = (space + k) % n
        return space

    def walk(start: int, steps: int, double: bool) -> int:
        if double and m.one_die and rng.random() < m.one_die:
            steps //= m.dice  # the number on one die of the double
        if m.backward and start in m.either_way and rng.random() < m.backward:
            pos = start
            for _ in range(steps):  # backward, one space at a time
                pos = (pos - 1) % n
            return start if pos in m.refuse else stop(pos)
        pos, jumped = start, False
        for k in range(1, steps + 1):  # one space at a time
            pos = (pos + 1) % n
            if double and rr and not jumped and k < steps and pos in rr:
                pos = rr[(rr.index(pos) + 1) % len(rr)]  # the pass: on to the next R.R.
                jumped = True
        return start if pos in m.refuse else stop(pos)

    pos, in_jail, tries, doubles = 0, False, 0, 0
    for thrown in range(n_throws):
        if progress is not None and thrown % PROGRESS_STEP == 0 and thrown:
            progress(PROGRESS_STEP)
        if in_jail:
            total, double = roll()
            if jail == "pay":
                in_jail = False
                where = walk(m.jail_exit, total, double)
                doubles = 1 if double and m.doubles_again and m.released_throws_again else 0
            elif double or (m.jail_tries and tries + 1 >= m.jail_tries):
                in_jail = False
                where = walk(m.jail_exit, total, double)
                doubles = 0
            else:
                tries += 1
                counts[JAIL] += 1
                continue
        else:
            total, double = roll()
            if double and m.doubles_again and m.doubles_limit and doubles + 1 >= m.doubles_limit:
                where = JAIL
            else:
                where = walk(pos, total, double)
                more = not m.extra_throws or doubles < m.extra_throws  # the cap on extra throws
                doubles = doubles + 1 if double and m.doubles_again and more else 0
        if where == JAIL:
            in_jail, tries, doubles = True, 0, 0
        else:
            pos = where
        counts[where] += 1
    if progress is not None:
        progress(n_throws - (n_throws - 1) // PROGRESS_STEP * PROGRESS_STEP)
    return {k: v / n_throws for k, v in counts.items()}


PROGRESS_STEP = 100_000
"""Throws between two calls of :func:`simulate`'s ``progress``."""


# -- movement specs ---------------------------------------------------------------------------
def card_moves(rows: Iterable[Mapping[str, Any]], board: Board) -> tuple[CardMove, ...]:
    """Cards given as rows with ``name, effect_kind, target, amount, copies`` (the schema of
    ``tests/reference/monopoly_us_*_cards.csv``) as moves: ``move_to`` → ``to``
    target; ``move_to_nearest`` → ``nearest`` space of the target kind; ``move_relative`` →
    ``relative`` by amount; ``go_to_jail`` → ``jail``; every other effect moves nothing."""
    out = []
    for r in rows:
        kind, name = str(r["effect_kind"]), str(r.get("name", ""))
        copies = int(r.get("copies") or 1)
        if kind == "move_to":
            card = CardMove("to", target=int(r["target"]), weight=copies, name=name)
        elif kind == "move_to_nearest":
            targets = board.indices(str(r["target"]))
            if not targets:
                raise ValueError(f"card {name!r}: board {board.id!r} has no {r['target']!r} space")
            card = CardMove("nearest", targets=targets, weight=copies, name=name)
        elif kind == "move_relative":
            card = CardMove("relative", target=int(r["amount"]), weight=copies, name=name)
        elif kind == "go_to_jail":
            card = CardMove("jail", weight=copies, name=name)
        else:
            card = CardMove("stay", weight=copies, name=name)
        out.append(card)
    return tuple(out)


def movement_from_board(board: Board, *, name: str | None = None, doubles_again: bool = False,
                        doubles_limit: int = 0, jail_tries: int = 0, railroad_pass: bool = False,
                        decks: Mapping[str, Sequence[CardMove]] | None = None,
                        dice: int = 2, sides: int = 6) -> Movement:
    """A :class:`Movement` read off a board: go-to-jail squares are the spaces of kind
    ``go_to_jail`` or ``no_trespassing``; the jail exit is the corner a ``jail`` annex stands
    beside, else the space of kind ``jail``; ``decks`` maps a space *kind* (e.g. ``chance``) to
    its cards; ``railroad_pass`` turns on Magie's pass between the ``railroad`` spaces."""
    try:
        exit_ = board.annex("jail").beside
    except KeyError:
        jails = board.indices("jail")
        if not jails:
            raise ValueError(f"board {board.id!r} has no jail annex and no space of kind 'jail'") from None
        exit_ = jails[0]
    by_space = {s.index: tuple(decks[s.kind]) for s in board.spaces if decks and s.kind in decks}
    return Movement(
        name=name or board.id, spaces=len(board.spaces),
        go_to_jail=frozenset(s.index for s in board.spaces if s.kind in GO_TO_JAIL_KINDS),
        jail_exit=exit_, dice=dice, sides=sides, doubles_again=doubles_again,
        doubles_limit=doubles_limit, jail_tries=jail_tries, decks=by_space,
        rr_pass=board.indices("railroad") if railroad_pass else (),
    )








def policy(name: str, value: str, known: Sequence[str] | Mapping[str, float]) -> str:
    """``value``, one of a family's ``known`` movement policies called ``name``; ValueError if not."""
    if value not in known:
        raise ValueError(f"{name} policy must be one of {', '.join(known)}, not {value!r}")
    return value


# -- frames -----------------------------------------------------------------------------------
def jail_name(board: Board) -> str:
    """The in-jail row's name: the jail annex's name, else "In Jail"."""
    try:
        return f"In {board.annex('jail').name}"
    except KeyError:
        return "In Jail"


def frame(board: Board, probs: Mapping[int, float]) -> pd.DataFrame:
    """Probabilities as a frame ``index, name, probability`` in board order, the in-jail row
    last with index ``jail`` (index is text so the two kinds of row share a column)."""
    rows = [{"index": str(s.index), "name": s.name, "probability": probs.get(s.index, 0.0)}
            for s in board.spaces]
    rows.append({"index": "jail", "name": jail_name(board), "probability": probs.get(JAIL, 0.0)})
    import pandas as pd  # only the frames need pandas: the chain itself is numpy (the engine starts faster)

    return pd.DataFrame(rows, columns=["index", "name", "probability"])


def landing_frame(ruleset: Ruleset, m: Movement, jail: str = "stay", simulate_throws: int = 0,
                  seed: int = 0, phase: str | None = None,
                  progress: Callable[[int], object] | None = None) -> pd.DataFrame:
    """The landing probabilities of ``ruleset``'s board under its movement ``m`` (in ``phase``:
    :func:`landlord.rules.families.movement_for`), exact, or simulated when ``simulate_throws`` > 0
    (telling ``progress`` as :func:`simulate` does), as :func:`frame`."""
    probs = simulate(m, jail, simulate_throws, seed, progress) if simulate_throws else exact(m, jail)
    df = frame(ruleset.board, probs)
    themed = theme_names(ruleset, phase)
    if themed:
        df["name"] = [themed.get(i, name) for i, name in zip(df["index"], df["name"], strict=True)]
    return df


def theme_names(ruleset: Ruleset, phase: str | None = None) -> dict[str, str]:
    """Space names a ruleset's theme renames (param ``theme_space_names``, entries
    ``"index=name"``, e.g. Mucker Monopoly's "7=Coincidence"), by index as text; empty when the
    ruleset has no theme."""
    entries = ruleset.values(phase).get("theme_space_names") or []
    out = {}
    for entry in entries:
        idx, _, name = str(entry).partition("=")
        out[idx.strip()] = name.strip()
    return out


def location_values(ruleset: Ruleset, probs: Mapping[int, float], phase: str | None = None) -> pd.DataFrame:
    """Location value: the rent a lot earns per throw of the dice (probability × rent), for
    every space with a rent: ``index, name, kind, phase, probability, rent, expected_rent``.

    The same lot, the same rent, a different place on the board: the difference is what
    location alone is worth. ``rent`` is the board's printed rent for the land itself; names are
    the ruleset theme's (:func:`theme_names`) where it renames a space."""
    ph = phase or ruleset.default_phase
    themed = theme_names(ruleset, phase)
    rows = [{"index": s.index, "name": themed.get(str(s.index), s.name), "kind": s.kind, "phase": ph,
             "probability": probs.get(s.index, 0.0), "rent": s.rent,
             "expected_rent": probs.get(s.index, 0.0) * s.rent}
            for s in ruleset.board.spaces if s.rent]
    import pandas as pd

    return pd.DataFrame(rows, columns=["index", "name", "kind", "phase", "probability", "rent",
                                       "expected_rent"])
