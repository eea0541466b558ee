"""Runs: playing many games. One game's row (:mod:`landlord.runs.play`), the one runner for
simulations and sweeps (:mod:`landlord.runs.sweep`, :mod:`landlord.runs.simulate`), scenario
files, the worker pool, and the measured comparisons the lessons show (``measures``,
``decompose``, ``report``)."""
