"""Paired comparisons of scenario cells: how much of a regime's effect comes from which rule.

Several scenario files that share their seeds (``seeds = "shared"`` and one root seed) play the
same games under different rules. :func:`paired_games` plays every cell of them on those games;
:func:`effects` sets each cell against a baseline cell game by game (the same dice, the same
deal), giving the mean difference in final Gini with a 95% confidence interval, and the money
flows that explain it. ``studies/british1913_decompose.py`` prints it for the 1913 game's
Part 3; lesson 3 shows it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd

from landlord.analysis.stats import interval_table, mean_interval
from landlord.data.resources import kit_dir
from landlord.engine import flows
from landlord.engine.inequality import gini
from landlord.runs.kept import per_seed
from landlord.runs.scenario import Cell, Scenario, load_scenario
from landlord.runs.simulate import play_one

FLOWS = (flows.WAGES, flows.LAND_RENT, flows.RENT)
"""Money flows reported per game (columns named by the kind's value: ``wages``, ``land_rent``,
``rent``), from the ledger's totals by kind (a debt paid late counts as what it paid)."""
COUNTS = ("cash", "land", "improvements")
"""Parts of the final count reported per game, summed over the seats (£): columns
``final_cash``, ``final_land``, ``final_improvements``."""
DESTITUTE = frozenset({"poorhouse", "natural_opportunity"})
"""Where a seat ends that has had to give up (the Poorhouse; Part 3's free land)."""


def _label(scenario: Scenario, cell: Cell) -> str:
    return f"{scenario.title} | {cell.label}"


def _paired_row(sc: Scenario, cell: Cell, i: int) -> dict[str, Any]:
    """Game ``i`` of ``cell`` of ``sc``, as one row of :func:`paired_games`."""
    seed = sc.game_seed(cell, i)
    g = play_one(cell.resolve(), cell.seats, seed, triggers=cell.triggers)
    f = g.ledger.flows
    counts = g.results()
    totals = [c.total for c in counts]
    row = {"cell": _label(sc, cell), "game": i, "seed": seed,
           "gini": gini(totals, "population"), "winner": totals.index(max(totals)),
           "destitute": sum(c.where in DESTITUTE for c in counts) / len(counts)}
    row.update({k.value: f.get(k, 0) for k in FLOWS})
    row.update({f"final_{k}": sum(getattr(c, k) for c in counts) for k in COUNTS})
    return row


def paired_games(paths: Iterable[str | Path], games: int | None = None, kept: str = "") -> pd.DataFrame:
    """One row per game and cell of the scenario files ``paths``: ``cell`` (the file's title and
    the cell's label), ``game`` (index), ``seed``, ``gini`` (population form, final totals),
    ``winner`` (the seat with the largest final total; the first such seat in a tie),
    ``destitute`` (the share of seats ending in a :data:`DESTITUTE` place), the :data:`FLOWS` per
    game and the :data:`COUNTS` summed over the seats. ``games`` caps the games
    per cell (default: the files'). ``kept`` names the kept games
    (:func:`landlord.runs.kept.per_seed`, by game index) that may answer.

    Raises ValueError unless every file shares one root seed with ``seeds = "shared"`` (else the
    games would not be the same games)."""
    paths = list(paths)
    scenarios = [load_scenario(p) for p in paths]
    roots = {(s.seed, s.seeds) for s in scenarios}
    if len(roots) != 1 or next(iter(roots))[1] != "shared":
        raise ValueError(f"paired games need one root seed and seeds = \"shared\" in every file; got {sorted(roots)}")
    cells = [(sc, cell) for sc in scenarios for cell in sc.cells]
    n = max(min(sc.games, games) if games else sc.games for sc in scenarios)

    def one(i: int) -> list[dict[str, Any] | None]:
        return [_paired_row(sc, cell, i) if i < sc.games else None for sc, cell in cells]

    what = "game index i of every cell of the files (a row each, in order; null past a file's games)"
    digest = hashlib.sha256(b"".join(Path(p).read_bytes() for p in paths)).hexdigest()[:12]
    played = (per_seed(kept, {"files": [Path(p).name for p in paths], "sha256": digest}, range(n), one, what) if kept
              else [one(i) for i in range(n)])
    # in the files' order, a cell's games together: as the games were always listed
    return pd.DataFrame([played[i][k] for k, (sc, _) in enumerate(cells)
                         for i in range(min(sc.games, games) if games else sc.games) if played[i][k] is not None])


def effects(frame: pd.DataFrame, baseline: str, order: Sequence[str] | None = None) -> pd.DataFrame:
    """Each cell of ``frame`` (from :func:`paired_games`) against cell ``baseline``, game by
    game: ``mean_gini``, ``diff`` (mean of the paired differences in Gini), ``ci_low`` /
    ``ci_high`` (95% interval of that mean, normal approximation), ``games``, the mean
    :data:`FLOWS` and :data:`COUNTS` per game, ``destitute`` (mean share of seats), and ``wins``
    (the share of games each seat won, a tuple by seat). ``order`` lists the cells to report
    (default: all, as found)."""
    wide = frame.pivot(index="game", columns="cell", values="gini")
    if baseline not in wide:
        raise ValueError(f"no cell {baseline!r}; cells: {', '.join(wide.columns)}")
    out = []
    for cell in order or list(dict.fromkeys(frame["cell"])):
        d = (wide[cell] - wide[baseline]).dropna()
        _, half = mean_interval(d.tolist())
        sub = frame[frame["cell"] == cell]
        row = {"cell": cell, "games": len(d), "mean_gini": float(sub["gini"].mean()),
               "sd_gini": float(sub["gini"].std(ddof=1)), "diff": float(d.mean()),
               "ci_low": float(d.mean()) - half, "ci_high": float(d.mean()) + half}
        row.update({k.value: float(sub[k.value].mean()) for k in FLOWS})
        row.update({f"final_{k}": float(sub[f"final_{k}"].mean()) for k in COUNTS})
        row["destitute"] = float(sub["destitute"].mean())
        seats = int(frame["winner"].max()) + 1
        row["wins"] = tuple(float((sub["winner"] == s).mean()) for s in range(seats))
        out.append(row)
    return pd.DataFrame(out)


BRITISH_1913_FILES = ("part1-cash", "part3-wages", "part3-land-tax", "part1-wages", "land-value-tax-only")
"""The five scenario files (``scenarios/british-1913-<name>.toml``) that take Part 3 apart, every
cell from the same £6000 start (Part 3 alone starts with Part 1's £3000 and Part 2's further
£3000) and on the same seeds."""
BRITISH_1913_ROWS = {
    "1913: Part 1 with Part 3's £6000 start, and with its own £3000 | start_cash=6000":
        "Part 1, from Part 3's £6000 start (the baseline)",
    "1913: Part 3 as written, and Part 3 with Part 1's wages | part3_wages=500": "Part 3 as written",
    "1913: Part 3 without its land value tax | base": "Part 3 without its land value tax",
    "1913: Part 3 as written, and Part 3 with Part 1's wages | part3_wages=200": "Part 3 with Part 1's £200 wages",
    "1913: Part 1 with Part 3's wages | base": "Part 1 with Part 3's £500 wages alone",
    "1913: Part 1 with the land value tax alone | base": "Part 1 with Part 3's land value tax alone",
    "1913: Part 1 with Part 3's £6000 start, and with its own £3000 | start_cash=3000":
        "Part 1 from its own £3000 (the start cash alone)",
}
"""The cells reported, in order, each in plain words (the first is the baseline)."""
TENANT_SEAT = 1
"""The seat of the computer player who buys no land (strategies landlord, tenant, speculator,
landlord in every file)."""


@dataclass(frozen=True)
class Decomposition:
    """Part 3 of the 1913 game taken apart (:func:`british1913`)."""

    table: pd.DataFrame
    """One row a cell of :data:`BRITISH_1913_ROWS`, against the baseline, in plain words:
    ``rules``, ``games``, ``mean Gini`` (``sd`` its spread across games), ``difference``,
    ``low``, ``high`` (its 95% interval), ``wages`` (a game, £), ``public`` (land value tax and
    rent of Government land to the public, a game, £), ``rent`` (rent to landowners, a game,
    £), ``improvements`` and ``cash`` (at the end, all players, £), ``destitute`` (share of
    players ending in the Poorhouse or on free land), ``landless won`` (share of games won by
    the player who buys no land)."""
    tax: pd.Series
    """Part 3 as written against Part 3 without its land value tax, game by game: ``difference``,
    ``low``, ``high`` of the mean Gini (as in :attr:`table`)."""

    def row(self, rules: str) -> pd.Series:
        """The row of :attr:`table` whose ``rules`` are ``rules``."""
        return self.table[self.table["rules"] == rules].iloc[0]

    def findings(self) -> list[str]:
        """What the measurement shows, in plain words: one sentence a row after the baseline,
        then the land value tax within Part 3, each saying whether wealth ended more or less
        equally spread or no differently than the games can tell (its 95% interval includes 0),
        with the figures."""
        base = self.table.iloc[0]
        out = [f"From the same £6000 start, Part 1 ends with a mean Gini of {base['mean Gini']:.3f}."]
        for _, r in self.table.iloc[1:].iterrows():
            out.append(f"{r['rules']}: wealth ends {_verdict(r, 'in Part 1 from the same start')} "
                       f"(mean Gini {r['mean Gini']:.3f}; {_figures(r)}).")
        out.append(f"Within Part 3, its land value tax leaves wealth {_verdict(self.tax, 'in Part 3 without it')} "
                   f"({_figures(self.tax)}).")
        return out


def _verdict(r: pd.Series, than: str) -> str:
    if r["low"] > 0:
        return f"less evenly spread than {than}"
    if r["high"] < 0:
        return f"more evenly spread than {than}"
    return f"neither more nor less evenly spread than {than}, as far as these games can tell"


def _figures(r: pd.Series) -> str:
    return f"difference {r['difference']:+.3f}; 95% interval {r['low']:+.3f} to {r['high']:+.3f}"


def british1913(games: int | None = None, root: str | Path | None = None) -> Decomposition:
    """Part 3 of the 1913 game taken apart on paired games (:data:`BRITISH_1913_FILES`, every
    cell from the same £6000 start), ``games`` a cell (default the files' 1,000). ``root`` is the
    folder of the scenario files (default: the kit's own, from an installed wheel or a checkout:
    :func:`landlord.data.resources.kit_dir`)."""
    folder = Path(root) if root else kit_dir("scenarios")
    frame = paired_games([folder / f"british-1913-{n}.toml" for n in BRITISH_1913_FILES], games,
                         kept="british1913-taken-apart" if root is None else "")
    order = list(BRITISH_1913_ROWS)
    t = effects(frame, order[0], order)
    table = pd.DataFrame({
        "rules": [BRITISH_1913_ROWS[c] for c in t["cell"]], "games": t["games"],
        "mean Gini": t["mean_gini"], "sd": t["sd_gini"], "difference": t["diff"],
        "low": t["ci_low"], "high": t["ci_high"],
        "wages": t["wages"], "public": t["land_rent"], "rent": t["rent"],
        "improvements": t["final_improvements"], "cash": t["final_cash"], "destitute": t["destitute"],
        "landless won": [w[TENANT_SEAT] for w in t["wins"]],
    })
    written, untaxed = order[1], order[2]
    within = effects(frame, untaxed, [written]).iloc[0]
    tax = pd.Series({"difference": within["diff"], "low": within["ci_low"], "high": within["ci_high"]})
    return Decomposition(table, tax)


BRITISH_1913_PARTS = {"Part 1": "british-1913-part1", "Part 2": "british-1913-part2", "Part 3": "british-1913-part3"}
"""Each Part of the 1913 game played by itself, in plain words, and its ruleset."""
BRITISH_1913_SEATS = ("landlord", "tenant", "speculator", "landlord")
"""The computer players of lesson 3's games, by seat."""


def british1913_parts(games: int = 200) -> pd.DataFrame:
    """Each Part of the 1913 game played by itself on the same seeds ``0 .. games-1``: one row a
    game, :func:`landlord.runs.simulate.simulate`'s columns plus ``part`` (plain words)."""
    from landlord.runs.simulate import simulate

    def one(seed: int) -> dict[str, Any]:
        return {part: next(iter(simulate(rid, list(BRITISH_1913_SEATS), [seed])))
                for part, rid in BRITISH_1913_PARTS.items()}

    played = per_seed("british1913-parts", {"parts": BRITISH_1913_PARTS, "seats": BRITISH_1913_SEATS},
                      range(games), one, "each Part's summary row of the game on the seed")
    return pd.concat([pd.DataFrame([r[part] for r in played]).assign(part=part) for part in BRITISH_1913_PARTS],
                     ignore_index=True)


def british1913_parts_summary(frame: pd.DataFrame) -> pd.DataFrame:
    """Per Part of ``frame`` (from :func:`british1913_parts`), most evenly spread first:
    ``part``, ``games``, ``mean Gini`` with ``low``/``high`` (its 95% interval), ``start cash``
    (£ a player: Parts 2 and 3 alone add Part 2's further £3000), ``improvements`` (£ spent on
    improvements a game) and ``landless won`` (share of games won by the player who buys no
    land, the tenant's seat)."""
    ci = interval_table(frame, "part", "gini_population", bounds=(0.0, 1.0))
    by = frame.groupby("part")
    out = pd.DataFrame({
        "part": ci["part"], "games": ci["n"], "mean Gini": ci["mean"], "low": ci["lo"], "high": ci["hi"],
        "start cash": ci["part"].map(by["flow_start_cash"].mean() / len(BRITISH_1913_SEATS)),
        "improvements": ci["part"].map(by["flow_improvement"].mean()).fillna(0.0),
        "landless won": ci["part"].map(by["winner_seat"].apply(lambda s: float((s == TENANT_SEAT).mean()))),
    })
    return out.sort_values("mean Gini", kind="stable").reset_index(drop=True)


@dataclass(frozen=True)
class Change:
    """One measure of paired games (the same seeds) under two sets of rules: ``first`` and
    ``second``, its mean under each; ``diff``, the mean of second − first game by game, with
    ``low``/``high`` its 95% interval; ``games``, the pairs."""

    first: float
    second: float
    diff: float
    low: float
    high: float
    games: int

    @property
    def relative(self) -> float:
        """``diff`` as a share of ``first`` (NaN when ``first`` is 0)."""
        return self.diff / self.first if self.first else float("nan")


def change(first: Sequence[float], second: Sequence[float]) -> Change:
    """:class:`Change` of paired values (``first[i]`` and ``second[i]`` from the same game);
    ValueError unless they pair up."""
    if len(first) != len(second) or not first:
        raise ValueError(f"paired values need as many of each, at least one; got {len(first)} and {len(second)}")
    d, half = mean_interval([b - a for a, b in zip(first, second, strict=True)])
    return Change(sum(first) / len(first), sum(second) / len(second), d, d - half, d + half, len(first))


RATES_WHAT_IF = "part2_unrated"
"""The ruleset's what-if phase that is Part 2 without its rates on improvements."""


def rates_paid_by_visitors(games: int = 200) -> dict[str, Change]:
    """What Part 2's rates do to building, on the rules as written: "When a player alights on an
    improved site he ... pays ... the RATES to the Public Treasury" — the visitor pays them, not
    the improvement's owner, and the final count values an improvement at its cost, so a
    builder's return is the same with or without them. Part 2 played alone by lesson 3's
    players on seeds ``0 .. games-1``, first without its rates (the what-if phase
    :data:`RATES_WHAT_IF` from the start), then as written: ``cards`` (improvement cards
    standing at the end, all players), ``spent`` (£ spent on improvements a game) and ``rates``
    (£ of rates paid a game), each a :class:`Change` (as written − without rates)."""
    from landlord.data.loader import load_ruleset
    from landlord.engine.phases import parse_trigger

    rs = load_ruleset(BRITISH_1913_PARTS["Part 2"])
    unrated = [parse_trigger("start", RATES_WHAT_IF)]

    def one(seed: int) -> dict[str, list[float]]:
        arms = [play_one(rs, BRITISH_1913_SEATS, seed, triggers=triggers) for triggers in (unrated, [])]
        return {"cards": [float(sum(g.rules.pieces(s)["improvements"] for s in range(len(g.players)))) for g in arms],
                "spent": [float(g.ledger.flows.get(flows.IMPROVEMENT, 0)) for g in arms],
                "rates": [float(g.ledger.flows.get(flows.RATES, 0)) for g in arms]}

    played = per_seed("british1913-rates", {"ruleset": rs.id, "what_if": RATES_WHAT_IF, "seats": BRITISH_1913_SEATS},
                      range(games), one, "improvement cards, £ spent on them and £ of rates: without rates, as written")
    return {k: change([r[k][0] for r in played], [r[k][1] for r in played]) for k in ("cards", "spent", "rates")}


SEQUENCE = "british-1913-sequence"
"""The three Parts in order on the same holdings (Part 2 from table round 25, Part 3 from 50)."""
SEQUENCE_UNTAXED = ("part2@round:25", "part3_rent_kept@round:50")
"""The same switches, but Part 3 without its land value tax (the what-if ``part3_rent_kept``)."""
TREASURY = "Public Treasury"
LAND_VALUE_TAX = "land value tax"
"""The reason the 1913 rules give the rent an owner restores to the Treasury in Part 3."""


@dataclass(frozen=True)
class InOrder:
    """The 1913 game as designed, its three Parts in order, with and without Part 3's land value
    tax (:func:`british1913_in_order`)."""

    games: int
    measures: pd.DataFrame
    """One row a measure of :data:`landlord.runs.measures.WEALTH_MEASURES` (``key``, and
    ``measure`` in words): ``with the tax``, ``without it`` (means a game), ``difference`` (with − without,
    game by game), ``low``, ``high`` (its 95% interval)."""
    payers: pd.DataFrame
    """Who paid the land value tax, with the tax: one row a seat (``seat``, ``player``: the
    computer player's name), its mean ``place when Part 3 began`` (1 the richest), ``wealth at
    Part 3's start`` (£), ``rent received in Part 3`` (£ a game), ``tax paid`` (£ a game) and
    ``share of the tax``."""
    treasury: pd.DataFrame
    """Where Part 3's public money goes, with the tax: ``flow`` (in words), ``direction``
    (``in`` or ``out``), ``amount`` (£ a game)."""

    @property
    def kept(self) -> float:
        """The share of what the Treasury took in during Part 3 that it still holds at the end."""
        t = self.treasury
        taken = t.loc[t["direction"] == "in", "amount"].sum()
        return float(1 - t.loc[t["direction"] == "out", "amount"].sum() / taken) if taken else float("nan")


def _start_of(game: Any, phase: str) -> list[int]:
    """Every seat's count total at the end of the last turn before ``phase`` came in."""
    before = None
    for snap in game.snapshots or []:
        if snap.phase == phase:
            break
        before = snap
    if before is None:
        raise ValueError(f"game {game.seed}: no turn was played before {phase}")
    return [c.total for c in before.rows]


def british1913_in_order(games: int = 200) -> InOrder:
    """The three Parts in order (:data:`SEQUENCE`), as the game was designed to be played, on
    seeds ``0 .. games-1`` by lesson 3's players, with Part 3's land value tax and without it
    (:data:`SEQUENCE_UNTAXED`): the :func:`~landlord.runs.measures.wealth_measures` of each
    pair; who paid the tax, by place in wealth when Part 3 began (the tax is the rent a site's
    owner receives, restored to the Treasury: it falls on whoever holds rent-earning land, in
    proportion to the rent it earns); and where Part 3's public money went, from the ledger's
    transfers by kind."""
    from landlord.analysis.metrics import transfers
    from landlord.data.loader import load_ruleset
    from landlord.engine.phases import parse_switch
    from landlord.runs.measures import WEALTH_MEASURES, wealth_measures

    rs = load_ruleset(SEQUENCE)
    untaxed = [parse_switch(t) for t in SEQUENCE_UNTAXED]

    def one(seed: int) -> dict[str, Any]:
        g = play_one(rs, BRITISH_1913_SEATS, seed, log=True, snapshots=True)
        t = transfers(g)
        p3 = t[t["phase"] == "part3"]
        start = _start_of(g, "part3")
        tax = p3[(p3["kind"] == flows.LAND_RENT.value) & (p3["reason"] == LAND_VALUE_TAX) & (p3["from_seat"] >= 0)]
        paid = tax.groupby("from_seat")["amount"].sum()
        rent = p3[p3["kind"] == flows.RENT.value].groupby("to_seat")["amount"].sum()
        by_wealth = sorted(range(len(start)), key=lambda s: (-start[s], s))
        return {"taxed": wealth_measures(g),
                "untaxed": wealth_measures(play_one(rs, BRITISH_1913_SEATS, seed, triggers=untaxed)),
                "paid": [{"place": place, "seat": seat, "wealth": start[seat], "rent": float(rent.get(seat, 0)),
                          "paid": float(paid.get(seat, 0))} for place, seat in enumerate(by_wealth, 1)],
                "flows": [{"game": seed, "flow": flow, "direction": direction, "amount": float(amount)}
                          for direction, side in (("in", p3[p3["to"] == TREASURY]), ("out", p3[p3["from"] == TREASURY]))
                          for flow, amount in side.groupby("flow")["amount"].sum().items()]}

    played = per_seed("british1913-in-order", {"ruleset": SEQUENCE, "untaxed": SEQUENCE_UNTAXED,
                                                "seats": BRITISH_1913_SEATS}, range(games), one,
                      "wealth measures with and without Part 3's tax, who paid it, the Treasury's flows in Part 3")
    taxed_rows = [r["taxed"] for r in played]
    untaxed_rows = [r["untaxed"] for r in played]
    paid_rows = [p for r in played for p in r["paid"]]
    flow_rows = [f for r in played for f in r["flows"]]
    rows = []
    for key, words in WEALTH_MEASURES.items():
        c = change([r[key] for r in untaxed_rows], [r[key] for r in taxed_rows])
        rows.append({"key": key, "measure": words, "with the tax": c.second, "without it": c.first,
                     "difference": c.diff, "low": c.low, "high": c.high})
    paid_frame = pd.DataFrame(paid_rows)
    total_paid = paid_frame["paid"].sum()
    by = paid_frame.groupby("seat", as_index=False).agg(place=("place", "mean"), wealth=("wealth", "mean"),
                                                        rent=("rent", "mean"), paid=("paid", "mean"),
                                                        total=("paid", "sum"))
    payers = pd.DataFrame({"seat": by["seat"], "player": [BRITISH_1913_SEATS[s] for s in by["seat"]],
                           "place when Part 3 began": by["place"], "wealth at Part 3's start": by["wealth"],
                           "rent received in Part 3": by["rent"], "tax paid": by["paid"],
                           "share of the tax": by["total"] / total_paid if total_paid else 0.0})
    moved = pd.DataFrame(flow_rows, columns=["game", "flow", "direction", "amount"])
    treasury = (moved.groupby(["direction", "flow"], as_index=False)["amount"].sum()
                .assign(amount=lambda f: f["amount"] / games)
                .sort_values(["direction", "amount"], ascending=[True, False]).reset_index(drop=True))
    return InOrder(games, pd.DataFrame(rows), payers, treasury)
