"""The british1913 family's movement for the landing chain (:mod:`landlord.engine.landing`): a
:class:`~landlord.engine.landing.Movement` built from a ruleset and phase, registered as ``build``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from landlord.engine.landing import CardMove, Movement, policy
from landlord.rules.british1913.params import in_phase

if TYPE_CHECKING:
    from landlord.data.ruleset import Ruleset


DOUBLES_1913 = {"both": 0.0, "either": 0.5, "one": 1.0}
"""1913 policy for a double → the share of doubles moved by one die."""


TRESPASS_1913 = ("gaol", "bargain")
"""1913 policy on the Solway Fisheries and the Grouse Moor in Parts 1-2."""


def british1913_movement(ruleset: Ruleset, phase: str | None = None, *, double: str = "both",
                         trespass: str = "gaol") -> Movement:
    """The 1913 game's movement (``landlord.rules.british1913``): two dice, no extra throw;
    in Parts 1-2 (``gaol_penalties``) "on Lord Broadacres' Estate must go to Gaol without
    alternative" (Part 3 makes it a Public Park); Gaol (reconstructed after 1904): a double
    frees and moves the token, after ``gaol_throws`` failed throws it comes out and moves by the
    last, or it pays and throws; it counts from the corner the Gaol stands beside. Chance and
    Luxury cards (reconstructed, ``chance_cards``/``luxury_cards``) move it to Gaol, to Mother
    Earth, or back.

    DECISION: Dottyville Lunatic Asylum's wait (``asylum_wait`` turns) is turns without a throw,
    so it adds no observation: per throw, the Asylum is an ordinary stopping place (a token
    leaves it from there). Policies (the chain cannot ask a player):

    * DECISION ``double``: "If he throws a double he has the option of using the number on one
      or both of the dice" — ``both`` (default: what every kit bot answers), ``one``, or
      ``either`` (a fair coin, as the random bot). It holds for a double out of Gaol too.
    * DECISION ``trespass``: on the Solway Fisheries and Lord Tomnoddy's Grouse Moor (Parts
      1-2) a player "must go to Gaol, unless he can strike a private bargain with the owner" —
      ``gaol`` (default: the board's instruction; also what happens on an unbought one the
      token does not buy) or ``bargain`` (always let off: they send nobody to Gaol).
    """
    policy("double", double, DOUBLES_1913)
    policy("trespass", trespass, TRESPASS_1913)
    board = ruleset.board
    v = in_phase(ruleset, phase)
    to_gaol: set[int] = set()
    if v.gaol_penalties:
        to_gaol.update(board.indices("estate"))
        if trespass == "gaol":
            to_gaol.update(board.indices("fishery") + board.indices("moor"))
    me = board.indices("mother_earth")[0]
    decks: dict[int, tuple[CardMove, ...]] = {}
    for kind, deck in (("chance", v.chance_cards), ("luxury", v.luxury_cards)):
        cards = tuple(card.move(me) for card in deck)
        decks.update(dict.fromkeys(board.indices(kind), cards))
    return Movement(
        name=ruleset.id, spaces=len(board.spaces), go_to_jail=frozenset(to_gaol),
        jail_exit=board.annex("jail").beside, jail_tries=v.gaol_throws, decks=decks,
        one_die=DOUBLES_1913[double],
    )
