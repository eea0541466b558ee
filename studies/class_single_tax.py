"""What the single tax does to the gap in a class game (``landlord class``'s defaults: a 12-round
game, computer players ``landlord`` in every empty seat, the single tax switched in part way),
over seeded bot games, on the 1904 board and in the 1906 game.

    python3 studies/class_single_tax.py [--games 1000] [--at round:6] [--rounds 12]

For each ruleset, with the class's bots (four ``landlord``) and with the lessons' mix (landlord,
tenant, speculator, landlord), plays the same seeds three ways: landlord rules throughout, the
single tax from ``--at``, and the single tax from the start. Prints the mean final Gini
(population form, debts as 0) with its standard deviation and its 5th-95th percentiles, the
mean gap between the richest and the poorest total, the Gini of the final cash alone, where the
money went (rent to players and to the public, wages, public spending), and for
the switch the Gini just before and just after it (:func:`landlord.runs.measures.switch_games`);
then, game by game on the same seeds, the change each way of bringing the tax in makes against
landlord rules throughout, in the final Gini and in the Gini of cash, with 95% intervals.
``--rounds 0`` plays the full game (no class cap). Results, not lessons: they depend on the
bots and on the reconstructed rules.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout's landlord

from landlord.analysis.stats import mean_interval
from landlord.runs.measures import jump_counts, switch_games

BOTS = {"class bots": ["landlord"] * 4, "lesson mix": ["landlord", "tenant", "speculator", "landlord"]}


def main() -> None:
    """Print one line per ruleset, bots and way of bringing the single tax in."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--at", default="round:6")
    ap.add_argument("--rounds", type=int, default=12)
    ap.add_argument("--rulesets", nargs="*", default=["magie-1904", "magie-1906"])
    args = ap.parse_args()
    rounds = args.rounds or None
    print(f"{args.games} seeded games each (seeds 0..{args.games - 1}), "
          f"{f'{rounds} rounds' if rounds else 'full games'}")
    for ruleset in args.rulesets:
        for label, bots in BOTS.items():
            played = {}
            for when in ("never", args.at, "start"):
                g = played[when] = switch_games(ruleset, bots, range(args.games), when, rounds=rounds)
                fin = g["gini_final"]
                line = (f"{ruleset} | {label} | single tax {when:8} | final Gini {fin.mean():.3f} "
                        f"(sd {fin.std():.3f}, 5-95% {fin.quantile(0.05):.3f}-{fin.quantile(0.95):.3f}) | "
                        f"gap ${g['gap_final'].mean():.0f} (sd {g['gap_final'].std():.0f}) | "
                        f"Gini of cash {g['gini_cash_final'].mean():.3f} | a game: rent to players "
                        f"${g['rent_to_players'].mean():.0f}, to the public ${g['rent_to_public'].mean():.0f}, "
                        f"wages ${g['wages'].mean():.0f}, public spending ${g['public_spending'].mean():.0f}")
                if when not in ("never", "start"):
                    c = jump_counts(g)
                    line += (f" | Gini before the switch {g['gini_before'].mean():.3f}, just after "
                             f"{g['gini_after'].mean():.3f} (up in {c['up']}, down in {c['down']} "
                             f"of {c['switched']})")
                print(line, flush=True)
            for when in (args.at, "start"):
                said = []
                for col, words in (("gini_final", "final Gini"), ("gini_cash_final", "Gini of cash")):
                    m, h = mean_interval((played[when][col] - played["never"][col]).tolist())
                    said.append(f"{words} {m:+.3f} [{m - h:+.3f}, {m + h:+.3f}]")
                print(f"{ruleset} | {label} | single tax {when} - never, paired: {'; '.join(said)}", flush=True)


if __name__ == "__main__":
    main()
