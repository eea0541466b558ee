"""The check of what a rules family needs of a ruleset's data that the data alone cannot say
(issue 39, point 1): a range of its own for a param it reads differently from the name the
families share, params that must agree, the places and values of a board its rules use. Each
family holds its :class:`~landlord.rules.family.Needs` (:attr:`landlord.rules.family.Family.needs`,
written in ``landlord/rules/<family>/needs.py``); :func:`check_needs` applies them where a ruleset
meets its family (:func:`landlord.rules.params.check_ruleset`), with the file, the entry and the
field named as the loader names them. The data layer names no family.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from landlord.data.schema import Bounds, check_param
from landlord.errors import DataError

if TYPE_CHECKING:
    from landlord.data.board import Board
    from landlord.data.ruleset import Ruleset
    from landlord.rules.family import Family, Needs


def check_needs(ruleset: Ruleset, family: Family) -> None:
    """Refuse ``ruleset`` unless its data has what the rules of ``family`` need (its
    :attr:`~landlord.rules.family.Family.needs`): a param out of the family's own range, a board
    without a place its rules use or with a value they cannot play (in any phase), params that do
    not agree raise :class:`~landlord.errors.DataError` naming the file (the ruleset's, or its
    board's), the entry and the field."""
    needs = family.needs
    where = ruleset.where or f"ruleset {ruleset.id!r}"
    board = ruleset.board
    bounds = Bounds(len(board), ruleset.players_min, ruleset.players_max)
    tables = [("params", ruleset.params)] + [(f"phases.{n}.params", ph.params) for n, ph in ruleset.phases.items()]
    for at, table in tables:
        for key, param in table.items():
            own = needs.ranges.get(key)
            if own is not None and (problem := check_param(key, param.value, bounds, own)):
                raise DataError(where, f"{at}.{key}", "value", problem)
    wrong = _places(board, family.name, needs)
    for phase in ruleset.phases:
        values = ruleset.values(phase)
        wrong = wrong or (needs.board(board, values) if needs.board is not None else None)
        if wrong:
            raise DataError(board.where or f"board {board.id!r}", *wrong)
        together = needs.together(values) if needs.together is not None else None
        if together:
            raise DataError(where, f"params.{together[0]}", "value", together[1])


def _places(board: Board, family: str, needs: Needs) -> tuple[str, str, str] | None:
    """The first annex or space the rules of ``family`` send tokens to that ``board`` lacks."""
    annexes = {a.kind for a in board.annexes}
    for kind in needs.annexes:
        if kind not in annexes:
            return "[[annex]]", "kind", f"the {family} rules need a {kind!r} annex beside a corner"
    for kind in needs.spaces:
        if not board.indices(kind):
            return "[[space]]", "kind", f"the {family} rules need a {kind!r} space"
    return None
