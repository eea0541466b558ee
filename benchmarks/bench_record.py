"""Benchmark: the record — its size, and what replay.clone() / replay.child() cost.

For one four-bot game of each family, at a quarter, half and all of its decisions: the
record's entries, its saved size (JSON bytes), and the CPU time of ``clone()`` (a replay of the
record) and ``child(first option)``, each the best of a few runs. Then the same at half of a
game started from each example position in data/positions/ (the replay lays the position out
again). Run:

    python3 benchmarks/bench_record.py
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from landlord.data.loader import load_ruleset
from landlord.data.position import load_position
from landlord.data.resources import kit_dir
from landlord.engine import replay
from landlord.engine.codec import write_record
from landlord.players.characters import make_strategy
from landlord.rules.families import FamilyGame

RULESETS = ("magie-1904", "magie-1906", "british-1913-sequence", "monopoly")
POSITIONS = {"magie-1904-two-landlords": "magie-1904-no-tickets", "magie-1904-borrowers": "magie-1904-no-tickets",
             "magie-1906-houses-and-loans": "magie-1906", "british-1913-improved": "british-1913-sequence",
             "monopoly-built-up": "monopoly"}
"""Each example position and the ruleset it is played under."""
BOTS = ("landlord", "tenant", "speculator", "landlord")


def cpu(fn: object, repeat: int = 5) -> float:
    """Best CPU seconds of ``repeat`` calls."""
    best = float("inf")
    for _ in range(repeat):
        t0 = time.process_time()
        fn()  # type: ignore[operator]
        best = min(best, time.process_time() - t0)
    return best


def main() -> None:
    print(f"{'ruleset':<24}{'at':>6}{'entries':>9}{'JSON bytes':>12}{'clone ms':>10}{'child ms':>10}"
          f"{'clone ms (no log)':>19}")
    for rid in RULESETS:
        rs = load_ruleset(rid)
        full = FamilyGame(rs, [make_strategy(b, f"1-{i}") for i, b in enumerate(BOTS)], 1)
        full.run()
        answers = len(full.actions)
        for share in (0.25, 0.5, 1.0):
            g = FamilyGame(rs, [make_strategy(b, f"1-{i}") for i, b in enumerate(BOTS)], 1)
            g.run(max_decisions=int(answers * share))
            quiet = FamilyGame(rs, [make_strategy(b, f"1-{i}") for i, b in enumerate(BOTS)], 1, log=False)
            quiet.run(max_decisions=int(answers * share))
            size = len(json.dumps(write_record(g.record)))
            clone_ms = cpu(lambda g=g: replay.clone(g)) * 1000
            child_ms = cpu(lambda g=g: replay.child(g, g.pending.options[0])) * 1000 if g.pending else float("nan")
            bare = cpu(lambda q=quiet: replay.clone(q)) * 1000
            print(f"{rid:<24}{share:>6.0%}{len(g.entries):>9}{size:>12,}{clone_ms:>10.1f}{child_ms:>10.1f}{bare:>19.1f}")
    print(f"\n{'position (at half its game)':<34}{'entries':>9}{'clone ms':>10}{'child ms':>10}")
    for name, rid in POSITIONS.items():
        rs = load_ruleset(rid)
        position = load_position(kit_dir("data") / "positions" / f"{name}.toml")
        full = FamilyGame(rs, [make_strategy(b, f"1-{i}") for i, b in enumerate(BOTS)], 1, position=position)
        full.run()
        g = FamilyGame(rs, [make_strategy(b, f"1-{i}") for i, b in enumerate(BOTS)], 1, position=position)
        g.run(max_decisions=len(full.actions) // 2)
        clone_ms = cpu(lambda g=g: replay.clone(g)) * 1000
        child_ms = cpu(lambda g=g: replay.child(g, g.pending.options[0])) * 1000 if g.pending else float("nan")
        print(f"{name:<34}{len(g.entries):>9}{clone_ms:>10.1f}{child_ms:>10.1f}")


if __name__ == "__main__":
    main()
