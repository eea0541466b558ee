"""The magie1904 family's movement for the landing chain (:mod:`landlord.engine.landing`): a
:class:`~landlord.engine.landing.Movement` built from a ruleset and phase, registered as ``build``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from landlord.engine.landing import Movement, movement_from_board

if TYPE_CHECKING:
    from landlord.data.ruleset import Ruleset


def magie1904_movement(ruleset: Ruleset, phase: str | None = None) -> Movement:
    """The 1904 patent's movement: two dice; no extra throw for a double and no three-doubles
    rule (the patent has neither); No Trespassing squares send a token to jail; a jailed token
    "remain[s] there until he throws a double or until he pays ... a fine", with no limit on the
    tries, and "must count from the space immediately in front of the jail"; a double gives the
    railroad pass. DECISION: the chain's token always uses its pass (the Landlord and Tenant
    bots do; the pass is the patent's "privilege")."""
    return movement_from_board(ruleset.board, name=ruleset.id, railroad_pass=True)
