"""Rules families. A ruleset's ``family`` names the Python rules that read its params.

Rules hold only behaviour; every number comes from the ruleset's data file. Each family is a
package, ``landlord.rules.<family>``: its turns (the family class, with the rules quoted), its
state, the words students see (``words``), its count and its movement for the landing chain
(``movement``), and the family as a value (``family``: :class:`landlord.rules.family.Family`). The
families are listed once, in :mod:`landlord.rules.families`; their players are in :mod:`landlord.players`.
"""
