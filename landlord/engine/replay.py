"""Rebuilding a game from its record: the kit's one :func:`replay`, the one way an input from
outside the rules is fed to a game (:func:`apply`), and branching a game (:func:`clone`,
:func:`child`), which replays its record. The record itself is :mod:`landlord.engine.record`,
its codec :mod:`landlord.engine.codec`."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from landlord.data.loader import resolve_ruleset
from landlord.data.position import Position
from landlord.data.ruleset import Ruleset
from landlord.engine.decisions import Checked, OptionText
from landlord.engine.entries import Answer, Entry, Switch, TriggerAdded
from landlord.engine.game import Game, Parts
from landlord.engine.phases import Trigger, parse_switch
from landlord.engine.record import Record, game_record, kit_version, version_note
from landlord.engine.strategies import Strategy
from landlord.errors import IllegalAction, LandlordError

__all__ = ["apply", "child", "clone", "replay"]


def replay(source: Record | Ruleset, seed: int | None = None, actions: Sequence[OptionText] | None = None,
           names: Sequence[str] | None = None, strategies: Sequence[Strategy | None] | None = None,
           n_players: int | None = None, triggers: Sequence[Trigger] = (), *, log: bool = True,
           where: str = "the record", ruleset: Ruleset | None = None,
           each: Callable[[Game], None] | None = None, family: Parts) -> Game:
    """Rebuild a game: the kit's one replay, for a record or for a seed and answers alone.

    ``replay(record)`` rebuilds the game of ``record``: every entry fed in order (answers,
    switches and triggers from outside through :func:`apply`; chance outcomes and the rules' own
    switches taken and checked where the rules come to them, :meth:`Game.take` moving the
    cursor). ``replay(ruleset, seed, actions, names=..., n_players=..., triggers=...)`` rebuilds
    one from its seed and its seats' answers alone (chance drawn again from the seed, as for a
    class table's record; a version 1 file is replayed as played before the opening shuffles,
    :meth:`Game.opening_shuffle`), ``names`` defaulting to ``Player 1``... for
    ``n_players`` (or as many as ``strategies``).

    Seats are people unless ``strategies`` is given (then they play on from where the record
    ends). IllegalAction names the entry that does not replay and, when the record was played
    under another kit version, both versions; a LandlordError says what else is wrong.
    ``ruleset`` stands for the record's ruleset and overrides when given; ``each`` is called
    with the game after its set-up and after each answer, switch or trigger fed. ``family`` is
    the ruleset's rules family, handed in (:func:`landlord.rules.families.replay` hands it).
    """
    if isinstance(source, Record):
        if seed is not None or actions is not None or names is not None or n_players is not None or triggers:
            raise TypeError("replay(record) takes no seed, actions, names, n_players or triggers "
                            "(the record has them); give strategies= by keyword")
        record = source
    else:
        if seed is None or actions is None:
            raise TypeError("replay(ruleset, seed, actions) needs the seed and the answers")
        if ruleset is not None:
            raise TypeError("replay(ruleset, ...) takes no ruleset= (the first argument is the ruleset)")
        n = n_players or (len(names) if names else len(strategies or ()))
        record = game_record(source, seed, list(names) if names else [f"Player {i + 1}" for i in range(n)],
                             [None] * n, [Answer(a) for a in actions], triggers, kit=kit_version(), drawn=False)
        ruleset = source
    if ruleset is None:
        ruleset = resolve_ruleset(record.ruleset, record.overrides)
    try:
        triggers = [parse_switch(t) for t in record.triggers]
    except ValueError as exc:
        raise LandlordError(f"{where}: triggers: {exc}") from None
    feed = list(record.entries)
    n = len(record.names)
    position = None if record.position is None else Position.from_dict(record.position, f"{where}: position")
    try:
        game = Game(ruleset, [None] * n, record.seed, record.names, log=log, triggers=triggers, family=family,
                    feed=feed, chance=record.chance, position=position,
                    opening=record.version >= 2)
    except IllegalAction as exc:  # a chance outcome of the set-up
        raise IllegalAction(f"{where}: {exc}{version_note(record.kit)}") from None
    try:
        if each is not None:
            each(game)
        while game.fed < len(feed):
            e = game.take()
            if isinstance(e, (Answer, TriggerAdded)) or (isinstance(e, Switch) and not e.fired):
                apply(game, e)
            else:
                raise IllegalAction(f"the game waits for {_waiting(game)}, but the record has {e!r}")
            if each is not None:
                each(game)
    except IllegalAction as exc:
        text = str(exc)
        if not text.startswith("entries["):
            text = f"{_place(record, game.fed - 1)} does not replay: {text}"
        raise IllegalAction(f"{where}: {text}{version_note(record.kit)}") from None
    finally:
        game.end_feed()
    if strategies is not None:
        game.strategies = list(strategies)
    return game


def apply(game: Game, entry: Entry | Checked) -> None:
    """Feed one input from outside the rules to ``game``: an answer (:meth:`Game.act`; an answer
    the game has already checked, :class:`~landlord.engine.decisions.Checked`, is not checked
    again while the game :meth:`~Game.holds` it), a phase switch (:meth:`Game.switch_phase`) or
    a trigger added (:meth:`Game.add_trigger`). IllegalAction says why it does not apply
    (nothing changed)."""
    if isinstance(entry, Checked):
        game.act(entry)
    elif isinstance(entry, Answer):
        game.act(entry.option)
    elif isinstance(entry, Switch) and not entry.fired:
        if game.over:
            raise IllegalAction("the game is over: its rules can no longer change")
        game.switch_phase(entry.phase, entry.cause)
    elif isinstance(entry, TriggerAdded):
        game.add_trigger(entry.text, entry.cause)
    else:
        raise IllegalAction(f"{entry!r} is not an input from outside the rules (an answer, a switch or a trigger)")


def _place(record: Record, i: int) -> str:
    """Where entry ``i`` is written in the saved file (a version 1 file lists answers only)."""
    if record.version == 1 and isinstance(record.entries[i], Answer):
        return f"actions[{sum(isinstance(e, Answer) for e in record.entries[:i])}]"
    return f"entries[{i}]"


def _waiting(game: Game) -> str:
    d = game.pending
    return "nothing (the game is over)" if d is None else f"{game.names[d.seat]}'s {d.kind!r} answer"


def clone(game: Game, strategies: Sequence[Strategy | None] | None = None) -> Game:
    """An independent copy of ``game`` as it stands, rebuilt by replaying its record (its rules
    are a running generator, which cannot be copied); with a log if the game keeps one. Its
    seats are people unless ``strategies`` is given."""
    return replay(game.record, strategies=strategies, log=game.events is not None, ruleset=game.ruleset,
                  family=game.family)


def child(game: Game, choice: OptionText, strategies: Sequence[Strategy | None] | None = None) -> Game:
    """A copy of ``game`` (:func:`clone`) with ``choice`` answering the pending decision; ``game``
    is unchanged. IllegalAction if ``choice`` is not a legal answer (checked once, by the copy's
    :meth:`~landlord.engine.game.Game.act`)."""
    copy = clone(game, strategies)
    copy.act(choice)
    return copy
