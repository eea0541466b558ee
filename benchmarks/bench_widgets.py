"""Server-side time from a click to the updated board and charts (target p95 < 150 ms), and
the board's own part of it: its update and the bytes it sends (issue 38.1: p95 <= 100 ms).

Drives a GameTable headless, as the widget tests do, and times ``button.click()``: the engine
answering, bots playing up to the next person (mixed table), and redrawing the board, the player
panels, the action bar, the commentary and the three charts. Widget messages are JSON-encoded as
the kernel would before sending them (the comm is otherwise a no-op here), so encoding is counted.

    python3 benchmarks/bench_widgets.py [--games N]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

SENT = {"bytes": 0, "messages": 0}


def _publish(self, msg_type, data=None, metadata=None, buffers=None, **keys):
    raw = json.dumps(data, default=str)
    SENT["bytes"] += len(raw)
    SENT["messages"] += 1


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(q * (len(xs) - 1)))]


def report(name: str, xs: list[float]) -> None:
    ms = [x * 1000 for x in xs]
    print(f"{name:58s} n={len(ms):5d}  p50={pct(ms, 0.5):7.1f} ms  p95={pct(ms, 0.95):7.1f} ms  "
          f"max={max(ms):7.1f} ms  mean={statistics.fmean(ms):6.1f} ms")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=4, help="games clicked through per ruleset and table")
    ap.add_argument("--max-clicks", type=int, default=1500,
                    help="clicks per game at most (cycling through options can make Monopoly games very long)")
    ap.add_argument("--lab-games", type=int, default=500, help="seeds per scenario in the lab run")
    args = ap.parse_args()
    import comm

    from landlord import ruleset_ids
    from landlord.widgets import GameTable

    t0 = time.perf_counter()
    GameTable("magie-1904", [("A", None), ("B", None)], seed=0)
    print(f"first table (imports, offline Vega bundle, first charts): {time.perf_counter() - t0:.2f} s")
    comm.DummyComm.publish_msg = _publish  # type: ignore[method-assign]
    from landlord.widgets import board as board_mod

    board_times: list[float] = []
    board_sent = {"bytes": 0}
    update = board_mod.BoardView.update

    def timed_update(self, game):  # the board's update, and what it sends
        before = SENT["bytes"]
        s = time.perf_counter()
        update(self, game)
        board_times.append(time.perf_counter() - s)
        board_sent["bytes"] += SENT["bytes"] - before

    board_mod.BoardView.update = timed_update

    for rid in ruleset_ids():
        for label, seats in (("2 people", [("Ada", None), ("Ben", None)]),
                             ("1 person + 3 bots", [("Ada", None), ("B", "landlord"), ("C", "tenant"),
                                                    ("D", "speculator")])):
            clicks: list[float] = []
            SENT["bytes"] = SENT["messages"] = 0
            board_times.clear()
            board_sent["bytes"] = 0
            for seed in range(args.games):
                table = GameTable(rid, seats, seed=seed)
                k = 0
                while table.game.pending is not None and k < args.max_clicks:
                    buttons = list(table.option_buttons().values())
                    if table.choices.option_picker is not None:  # a long option list is one menu
                        menu, b = table.choices.option_picker
                        opts = [v for _, v in menu.options]
                        menu.value = opts[k % len(opts)]
                    else:
                        b = buttons[k % len(buttons)]
                    t = time.perf_counter()
                    b.click()
                    clicks.append(time.perf_counter() - t)
                    k += 1
            report(f"click → board+charts  {rid}, {label}", clicks)
            print(f"{'':58s} widget messages per click {SENT['messages'] / len(clicks):.1f}, "
                  f"JSON {SENT['bytes'] / len(clicks) / 1024:.1f} KiB per click")
            report(f"  the board's update alone  {rid}, {label}", board_times)
            print(f"{'':58s} the board sent {board_sent['bytes'] / len(board_times) / 1024:.2f} KiB per update")

    table = GameTable("magie-1904", [("Ada", None), ("B", "landlord"), ("C", "tenant")], seed=3)
    while table.game.pending is not None:
        if table.choices.option_picker is not None:
            table.choices.option_picker[1].click()
        else:
            next(iter(table.option_buttons().values())).click()
    turns = table.game.turn
    rewinds = []
    for t in range(0, turns, max(1, turns // 40)):
        s = time.perf_counter()
        table.rewind_bar.slider.value = t
        rewinds.append(time.perf_counter() - s)
    report(f"rewind slider → past board+charts ({turns}-turn game)", rewinds)

    table.save_to_computer()  # the table's Save button: the file sent to the browser to download
    assert table.files.keeper.sent is not None
    raw = str(table.files.keeper.sent["text"]).encode("utf-8")
    loads = []
    for _ in range(10):
        s = time.perf_counter()
        assert table.load_bytes(raw, "g.json"), table.message.value  # the upload button's path
        loads.append(time.perf_counter() - s)
    report("load a finished saved game (upload: door + replay + history + redraw)", loads)

    renders = []
    for _ in range(50):
        s = time.perf_counter()
        table.render()
        renders.append(time.perf_counter() - s)
    report("one full redraw (autoplay redraws this every N turns)", renders)

    from landlord import load_ruleset
    from landlord.runs.simulate import play_one
    from landlord.widgets import ScenarioLab

    lab = ScenarioLab(games=args.lab_games, seed=1)
    lab.b.ruleset.value = "magie-1904-no-tickets"
    s = time.perf_counter()
    lab.runner.run_button.click()
    took = time.perf_counter() - s
    n = len(lab.run.rows)
    rs = load_ruleset("magie-1904")
    s = time.perf_counter()
    for seed in range(200):
        play_one(rs, ("landlord", "tenant", "speculator", "random"), seed)
    bare = (time.perf_counter() - s) / 200
    print(f"scenario lab: {n} games (2 scenarios x {args.lab_games} seeds) in {took:.2f} s = "
          f"{n / took:.0f} games/s in-process incl. charts ({took / n * 1000:.2f} ms/game; "
          f"engine alone, no log: {bare * 1000:.2f} ms/game)")


if __name__ == "__main__":
    main()
