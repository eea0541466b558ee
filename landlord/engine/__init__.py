"""The engine: one game of any ruleset. Its vocabulary (decisions, options, events, money flows,
the ledger, phases and triggers, the count), the game and its one seeded RNG, the record of
every input and its replay, saved games, the bots' view and the base every rules family builds
on (:mod:`landlord.engine.rulebook`, written against :class:`landlord.engine.in_play.GameInPlay`).
It imports only the data layer."""
