"""The magie1906 family's movement for the landing chain (:mod:`landlord.engine.landing`): a
:class:`~landlord.engine.landing.Movement` built from a ruleset and phase, registered as ``build``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from landlord.engine.landing import Movement, policy
from landlord.rules.magie1906.params import in_phase

if TYPE_CHECKING:
    from landlord.data.ruleset import Ruleset


DIRECTIONS = {"forward": 0.0, "either": 0.5, "backward": 1.0}
"""1906 policy between the Chances → the share of throws moved backward."""


SPECULATION = ("play", "stay")
"""1906 policy when a throw would bring the token to Speculation."""


def magie1906_movement(ruleset: Ruleset, phase: str | None = None, *, direction: str = "forward",
                       speculation: str = "play", colleges: bool = False) -> Movement:
    """The 1906 rules' movement (``landlord.rules.magie1906``): two dice; the estates
    (Hogg's Game Preserves, Lord Blueblood's Estate) send a trespasser to Jail (rule 5); Jail
    (rule 6) is left by a double (which moves the token, no further throw) or the fine, and "he
    cannot ... miss more than three turns": on the fourth turn he pays and moves by that throw
    (``jail_tries`` = ``jail_max_missed`` + 1); he counts from the Shelter (the corner the Jail
    stands beside); a fine paid moves the token by one throw, no extra throw for a double.
    RECONSTRUCTED rule 17 (``double_throws_again``): a double on the track earns one extra
    throw, never more than one a turn, and no jail for doubles. The RECONSTRUCTED Chance cards
    (``chance_cards``) move the token to Jail, to Mother Earth, or back three spaces.

    Policies (the chain cannot ask a player):

    * DECISION ``direction``: rule 2, "If a player is on any of the spaces between the Chances
      he may move in either direction" — ``forward`` (default: what every kit bot answers),
      ``either`` (a fair coin, as the random bot) or ``backward``. The spaces are those
      strictly between the two Chance spaces, as the engine decides.
    * DECISION ``speculation``: rule 8, "If a player's throw would bring him to this space he
      may refuse to move" — ``play`` (default: the token always moves there) or ``stay`` (it
      always refuses, as the Tenant bot does). The Speculation throw itself moves no token and
      is not an observation.
    * DECISION ``colleges``: in the ``single_tax`` phase the estates stop being trespass only
      once the Free Colleges are built out of the treasury (single-tax rule 6(c)); the chain
      takes the phase as it begins (``False``: still trespass) unless told they stand.
    """
    policy("direction", direction, DIRECTIONS)
    policy("speculation", speculation, SPECULATION)
    board = ruleset.board
    v = in_phase(ruleset, phase)
    chances = board.indices("chance")
    between = frozenset(range(chances[0] + 1, chances[1])) if len(chances) == 2 else frozenset()
    estates = board.indices("estate")
    trespass = frozenset() if v.single_tax and colleges else frozenset(estates)
    again = v.double_throws_again
    me = board.indices("mother_earth")[0]
    cards = tuple(card.move(me) for card in v.chance_cards)
    return Movement(
        name=ruleset.id, spaces=len(board.spaces), go_to_jail=trespass,
        jail_exit=board.annex("jail").beside, doubles_again=again, extra_throws=1 if again else 0,
        jail_tries=v.jail_max_missed + 1, released_throws_again=False,
        decks={c: cards for c in chances}, either_way=between, backward=DIRECTIONS[direction],
        refuse=frozenset(board.indices("speculation")) if speculation == "stay" else frozenset(),
    )
