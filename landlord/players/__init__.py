"""The computer players: each rules family's answers to its decisions, one module a family
(``landlord.players.<family>``), kept once by the family's name (:mod:`landlord.players.registry`);
the characters that answer with them (:mod:`landlord.players.characters`); and a saved game
loaded with its bots in their seats (:mod:`landlord.players.savefile`).

The rules say what is legal and what it pays (each family's payoffs: 1913 ``SiteTerms``,
1904 ``Prospects1904``, 1906 ``Prospects1906``, Monopoly's ``DeedTerms``); the players here decide, by
:mod:`landlord.engine.valuation`: every option is valued by its effect on the player's final
count under the rules in force, and the characters (landlord, tenant, speculator) are that
valuation's parameters (:data:`landlord.engine.valuation.OUTLOOKS`), never a flag naming a tax,
a phase or a lesson. They stand above the rules and below the analysis.
"""
