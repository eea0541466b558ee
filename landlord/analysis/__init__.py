"""Analysis: what many games show. The per-turn panel, money flows and inequality tables
(:mod:`landlord.analysis.metrics`) and the statistics of a comparison
(:mod:`landlord.analysis.stats`). It reads games; it plays none."""
