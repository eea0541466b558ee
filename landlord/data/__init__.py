"""The data layer, the kit's lowest: reading its files (one door, :mod:`landlord.data.files`),
boards, decks, rulesets and positions, with their provenance checked (:mod:`landlord.data.schema`),
where the kit's folders are (:mod:`landlord.data.resources`), and the registry of rules families
by name (:mod:`landlord.data.families`). It imports no other layer."""
