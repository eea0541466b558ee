"""The data layer, the kit's lowest: reading its files (one door, :mod:`landlord.data.files`),
boards, decks, rulesets and positions, with their provenance checked (:mod:`landlord.data.schema`),
and where the kit's folders are (:mod:`landlord.data.resources`). It checks what a data file alone
can say; a ruleset's params are checked against its rules family above, where the families are
(:func:`landlord.rules.params.check_ruleset`). It imports no other layer."""
