"""The what-if lab's first render, this checkout against another, side by side in one run.

    git archive REV | tar -x -C /tmp/before     # the code to compare with, as files
    python benchmarks/bench_lab_render.py --before /tmp/before [--rounds 5] [--width 1366]
    PYTHONPATH=/tmp/before python benchmarks/bench_lab_render.py --draw    # then with this checkout's

Each checkout serves lesson 5 (as written, its lab given a dozen games a scenario) from its own
Voilà with the kit's template and no pre-run kernels, so every visit runs the lesson in a new
kernel, as a visitor does when no warm kernel is left. Visits alternate between the two servers
(before, after, then after, before, …: neither side always follows the other, whose kernel is
still being shut down) in one headless Chromium, each in a fresh context at ``--width`` px,
and time:

* load → lab drawn: from navigation until the lab's Run button and its four chart boxes are drawn;
* Run → first chart: from the click on Run until the first chart of results (the final Gini) is
  drawn;
* Run → all drawn: until the run is over and its four charts drawn.

``--draw``: the kernel's side alone, for the code on ``PYTHONPATH``: the CPU time of
``ScenarioLab.draw()`` (the four charts built and validated, their words) on a run of 2 × 40
games, median of 15.

Prints each visit and the median of each side; asserts nothing. Wall times: on a machine shared
with other work, say so beside them.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from landlord.apps import serve

ROOT = Path(__file__).resolve().parent.parent
LESSON = "05-what-if-lab.ipynb"
LAB = "from landlord.widgets import ScenarioLab\n\nScenarioLab(games=12, seed=1)"
CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def lessons(checkout: Path, tmp: Path) -> Path:
    """A folder with ``checkout``'s voila.json and lesson 5, its lab a dozen games a scenario."""
    folder = tmp / "lessons"
    folder.mkdir(parents=True)
    shutil.copy(checkout / "lessons" / "voila.json", folder / "voila.json")
    nb = json.loads((checkout / "lessons" / LESSON).read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        if cell["cell_type"] == "code" and "ScenarioLab(" in "".join(cell["source"]):
            cell["source"] = LAB
    (folder / LESSON).write_text(json.dumps(nb), encoding="utf-8")
    return folder


def start(checkout: Path, tmp: Path) -> tuple[Any, str]:
    """Voilà serving ``checkout``'s code and lesson 5; the process and the lesson's address."""
    env = {var: str(tmp / var.lower()) for var in
           ("JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "JUPYTER_CONFIG_DIR", "IPYTHONDIR", "MPLCONFIGDIR")}
    env["PYTHONPATH"] = str(checkout)
    port = serve.free_port()
    proc = serve.start(port, lessons=lessons(checkout, tmp), env=env, log=tmp / "voila.log",
                       extra=["--VoilaConfiguration.preheat_kernel=False"])
    serve.wait_ready(proc, port, timeout=120)
    return proc, serve.lesson_url(LESSON, port)


def visit(browser: Any, url: str, width: int) -> tuple[float, float, float]:
    """One visit: seconds from navigation to the lab drawn, from Run to the first chart of
    results, and from Run to the run's four charts drawn."""
    ctx = browser.new_context(viewport={"width": width, "height": 900})
    ctx.route("**/*", lambda r: r.continue_() if r.request.url.startswith(("http://127.0.0.1", "data:", "blob:"))
              else r.abort())
    page = ctx.new_page()
    try:
        t0 = time.monotonic()
        page.goto(url, timeout=300_000)
        run = page.locator("button.jupyter-button", has_text=re.compile(r"^\s*Run\s*$")).first
        run.wait_for(timeout=300_000)
        page.wait_for_function("document.querySelectorAll('.ll-table svg.marks').length >= 4", timeout=300_000)
        drawn = time.monotonic() - t0
        t1 = time.monotonic()
        run.click()
        page.wait_for_selector("svg.marks text:has-text('Final Gini by scenario')", timeout=300_000)
        first = time.monotonic() - t1
        page.wait_for_selector("text=⬇ landlord-lab-results.csv", timeout=300_000)
        page.wait_for_function("[...document.querySelectorAll('.ll-table svg.marks g.role-title text')]"
                               ".filter(t => /Final Gini|Mean Gini|Winners|Mean money/.test(t.textContent))"
                               ".length >= 4", timeout=300_000)
        return drawn, first, time.monotonic() - t1
    finally:
        ctx.close()


def draw_cpu(games: int = 40, draws: int = 15) -> None:
    """Print the CPU time of the lab's ``draw()`` on a run of ``games`` games a scenario."""
    from landlord.widgets import ScenarioLab

    lab = ScenarioLab(games=games, seed=1, workers=1)
    lab.b.ruleset.value = "magie-1904-no-tickets"
    lab.until_clear.value = False
    lab.start()
    ts = []
    for _ in range(draws):
        t = time.process_time()
        lab.draw(lab.runner.scns)
        ts.append(time.process_time() - t)
    print(f"{lab.__module__} from {sys.modules['landlord'].__file__}: draw() CPU median "
          f"{statistics.median(ts) * 1000:.0f} ms (min {min(ts) * 1000:.0f}, max {max(ts) * 1000:.0f}) "
          f"over {draws}, {len(lab.run.games)} games")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--before", type=Path, help="a checkout (files) of the code to compare with")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--width", type=int, default=1366)
    ap.add_argument("--draw", action="store_true", help="only the CPU time of the lab's draw(), this code")
    a = ap.parse_args()
    if a.draw:
        draw_cpu()
        return
    if a.before is None:
        ap.error("--before DIR is needed (or --draw)")
    from playwright.sync_api import sync_playwright

    sides = {"before": a.before.resolve(), "after": ROOT}
    times: dict[str, list[tuple[float, float, float]]] = {k: [] for k in sides}
    with tempfile.TemporaryDirectory() as tmp:
        servers = {k: start(path, Path(tmp) / k) for k, path in sides.items()}
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
                try:
                    for side in sides:  # one visit each unmeasured: the servers' first imports
                        visit(browser, servers[side][1], a.width)
                    for r in range(a.rounds):  # before, after, after, before, …: neither always second
                        for side in (list(sides) if r % 2 == 0 else list(sides)[::-1]):
                            t = visit(browser, servers[side][1], a.width)
                            times[side].append(t)
                            print(f"round {r + 1} {side:>6}: load → lab drawn {t[0]:.2f} s, Run → first chart "
                                  f"{t[1]:.2f} s, Run → all drawn {t[2]:.2f} s", flush=True)
                finally:
                    browser.close()
        finally:
            for proc, _ in servers.values():
                serve.stop(proc)
    print(f"\nmedians of {a.rounds} visits at {a.width} px, load average {os.getloadavg()[0]:.1f}:")
    for side, ts in times.items():
        m = [statistics.median(t[i] for t in ts) for i in range(3)]
        print(f"  {side:>6}: load → lab drawn {m[0]:.2f} s, Run → first chart {m[1]:.2f} s, "
              f"Run → all drawn {m[2]:.2f} s")


if __name__ == "__main__":
    main()
