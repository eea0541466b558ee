"""Analysis: what many games show. The per-turn panel, money flows and inequality tables
(:mod:`landlord.analysis.metrics`), the statistics of a comparison
(:mod:`landlord.analysis.stats`), and the scenario lab's numbers of a run
(:mod:`landlord.analysis.lab`) and its stop rule (:mod:`landlord.analysis.tally`). It reads
games; it plays none."""
