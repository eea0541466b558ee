"""Reading a game's state into plain rows for drawing — no rules here.

Everything in this module *reads* a :class:`landlord.Game` through its public surface
(``game.board``, ``game.players``, ``game.results()``, ``game.cash()``, ``game.ledger``,
``game.events``) and turns it into lists of dicts that the charts and panels draw.

Per-space state (who holds a lot, which lots are mortgaged, charters, buildings) is read only
through the rules' public hook :meth:`landlord.engine.rulebook.Rules.space_state`, which every family
implements (a :class:`landlord.engine.rulebook.SpaceState`); what a family does not have is reported
empty and simply not drawn.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from landlord.charts.palette import SEAT_COLOURS
from landlord.engine.count import ranks
from landlord.engine.game import Game
from landlord.engine.inequality import gini

PLAYER_COLOURS = SEAT_COLOURS
"""One colour per seat (:mod:`landlord.charts.palette`), as the chart library colours the tokens."""


def space_rows(game: Game) -> list[dict[str, Any]]:
    """One row per board space: name, kind, numbers, provenance and what lies on it now."""
    state = game.rules.space_state
    names = game.names
    rows = []
    for s in game.board.spaces:
        st = state(s.index)
        holder = st["owner"] if st["owner"] is not None else st["charter"]
        rows.append({
            "index": s.index, "name": s.name, "kind": s.kind, "lot": s.lot, "price": s.price,
            "rent": s.rent, "fee": s.fee, "group": s.group, "provenance": s.provenance,
            "reconstructed": s.reconstructed, "note": s.note,
            "owner": names[holder] if holder is not None else "",
            "owner_seat": holder if holder is not None else -1,
            "mortgaged": st["mortgaged"], "charter": st["charter"] is not None,
            "buildings": st["buildings"],
        })
    return rows


def player_rows(game: Game, bots: list[str | None]) -> list[dict[str, Any]]:
    """Per seat: ``seat, name, plays`` (who plays it), ``count`` (its
    :class:`~landlord.engine.count.SeatCount`), ``rank``, and ``pieces`` (what else it has on the
    table, in words: the rules' ``pieces``)."""
    counts = game.results()
    return [{"seat": c.seat, "name": game.names[c.seat], "plays": bot or "person", "count": c, "rank": rank,
             "pieces": game.rules.pieces(c.seat)}
            for c, rank, bot in zip(counts, ranks(counts), bots, strict=True)]


def snapshot(game: Game) -> dict[str, Any]:
    """The game's position now, for the history charts: turn, phase and each seat's total."""
    totals = [c.total for c in game.results()]
    return {
        "k": len(game.entries), "turn": game.turn, "round": game.round, "phase": game.phase,
        "totals": totals, "cash": [game.cash(i) for i in range(len(totals))],
        "gini": gini(totals, "population"),
    }


def reconstructed_params(game: Game, phases: Iterable[str] = ()) -> list[tuple[str, Any, str]]:
    """Params in play whose value is a reconstruction: (name, value, source), sorted by name.

    In play: in force in the phase now, or read by a phase this game can still come to (its
    triggers, a vote among them, or one of ``phases``: those a table's buttons switch to) —
    :meth:`landlord.engine.rulebook.Rules.params_in_play`. The single tax's numbers are not listed
    at a table that plays the landlord rules throughout."""
    rs = game.ruleset
    merged = dict(rs.params)
    merged.update(rs.phases[game.phase].params)
    return [(key, merged[key].value, merged[key].source) for key in game.rules.params_in_play(phases)
            if merged[key].reconstructed]
