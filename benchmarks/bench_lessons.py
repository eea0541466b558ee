"""Lessons served by Voilà: render time and memory per kernel, and a class arriving at once.

    python benchmarks/bench_lessons.py [--class-size 30] [--lesson 01-landlords-game-1904.ipynb]
    python benchmarks/bench_lessons.py --reveals

1. Cold render: with the warm-kernel pool switched off, each notebook is requested once (HTTP,
   no browser) and the server runs it from scratch in a new kernel — the time a visitor waits
   when no warm kernel is left (wall), and the CPU time that kernel spent on it (user + system:
   the fairer figure while other jobs share the cores). Then the memory of that kernel: RSS, and
   PSS (its fair share of pages shared with other processes: the figure that adds up across 30
   kernels). Two servers side by side, each notebook on both in turn: kernels reading the offline
   charts' code from the bundle written once (as ``landlord serve`` runs them) and kernels
   bundling it themselves (as before).
2. A class arriving at once: ``--class-size`` simultaneous requests of one lesson, pool off —
   wall time until the last page is served, and the memory of server + kernels afterwards.
3. ``--warm``: the setting notes/lessons.md recommends for a class — the lesson of the day
   pre-run in ``--class-size`` warm kernels (``kernel_pools_config`` in a copy of voila.json):
   time to warm them all, memory, and the same simultaneous requests served from the pool.
4. ``--reveals``: what a student waits after opening a lesson's reveal (``landlord.widgets.Reveal``,
   built on first opening). Each lesson's code cells run in this process, from ``lessons/``,
   as a kernel runs them; then each reveal is opened and the CPU and wall time of building its
   content printed.

Prints figures; asserts nothing. Every Jupyter folder lives in a temporary directory.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import psutil

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from landlord.apps import serve
from landlord.data.resources import kit_dir

MB = 1024 * 1024


def kernels(server: psutil.Process) -> list[psutil.Process]:
    out = []
    for p in server.children(recursive=True):
        try:
            if "ipykernel" in " ".join(p.cmdline()):
                out.append(p)
        except psutil.Error:  # a process that has just ended
            continue
    return out


def memory(p: psutil.Process) -> tuple[float, float]:
    info = p.memory_full_info()
    return info.rss / MB, getattr(info, "pss", info.rss) / MB


def cpu_seconds(p: psutil.Process) -> float:
    """CPU time (user + system) a process has used so far."""
    t = p.cpu_times()
    return t.user + t.system


def get(url: str) -> float:
    t0 = time.monotonic()
    with urllib.request.urlopen(url, timeout=900) as r:
        body = r.read()
    if b"There was an error when executing cell" in body:
        raise RuntimeError(f"{url}: a cell failed")
    return time.monotonic() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--class-size", type=int, default=30)
    ap.add_argument("--lesson", default="01-landlords-game-1904.ipynb")
    ap.add_argument("--warm", action="store_true", help="only part 3: a warm pool for the whole class")
    ap.add_argument("--reveals", action="store_true", help="only part 4: the time to build each lesson's reveal")
    args = ap.parse_args()
    if args.reveals:
        reveals()
        return
    if args.warm:
        warm_class(args.class_size, args.lesson)
        return
    tmp = Path(tempfile.mkdtemp(prefix="bench-lessons-"))
    env = {v: str(tmp / v.lower()) for v in ("JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "JUPYTER_CONFIG_DIR",
                                             "IPYTHONDIR")}
    # two servers side by side: kernels that bundle the offline charts' code themselves (as
    # before), and kernels reading the bundle written once (as `landlord serve` runs them)
    port, own_port = serve.free_port(), serve.free_port()
    pool_off = ["--VoilaConfiguration.preheat_kernel=False"]
    proc = serve.start(port, env={**env, **serve.bundle_env(tmp / "charts")}, log=tmp / "voila.log", extra=pool_off)
    own = serve.start(own_port, env=env, log=tmp / "voila-own-bundle.log", extra=pool_off)
    try:
        up = serve.wait_ready(proc, port)
        serve.wait_ready(own, own_port)
        server = psutil.Process(proc.pid)
        print(f"Voila up in {up:.1f} s; {os.cpu_count()} cores; "
              f"{psutil.virtual_memory().total / MB / 1024:.1f} GB RAM")
        print(f"server alone: RSS {memory(server)[0]:.0f} MB")
        print("\n1. cold render (pool off) and the memory of the lesson's kernel afterwards; each notebook on "
              "both servers in turn")
        print(f"   {'notebook':<32} {'charts code':<22} {'render s':>8} {'CPU s':>6} {'RSS MB':>7} {'PSS MB':>7}")
        for nb in serve.notebooks():
            for label, srv, at in (("bundled in the kernel", psutil.Process(own.pid), own_port),
                                   ("read from the bundle", server, port)):
                before = {p.pid for p in kernels(srv)}
                seconds = get(serve.lesson_url(nb, at))
                time.sleep(1)
                new = [p for p in kernels(srv) if p.pid not in before]
                rss, pss = memory(new[0]) if new else (float("nan"), float("nan"))
                cpu = cpu_seconds(new[0]) if new else float("nan")
                print(f"   {nb:<32} {label:<22} {seconds:8.1f} {cpu:6.1f} {rss:7.0f} {pss:7.0f}")
        serve.stop(own)
        n = args.class_size
        print(f"\n2. {n} students open {args.lesson} at the same moment (pool off)")
        t0 = time.monotonic()
        with ThreadPoolExecutor(max_workers=n) as pool:
            waits = sorted(pool.map(get, [serve.lesson_url(args.lesson, port)] * n))
        wall = time.monotonic() - t0
        time.sleep(2)
        ks = kernels(server)
        total_pss = sum(memory(k)[1] for k in ks) + memory(server)[1]
        print(f"   all {n} pages served after {wall:.0f} s; fastest {waits[0]:.0f} s, median "
              f"{waits[len(waits) // 2]:.0f} s, slowest {waits[-1]:.0f} s")
        print(f"   {len(ks)} kernels alive; server + kernels PSS {total_pss / 1024:.2f} GB "
              f"({total_pss / max(len(ks), 1):.0f} MB per kernel incl. the server's share)")
    finally:
        serve.stop(proc)
        serve.stop(own)


def warm_class(n: int, lesson: str) -> None:
    """Part 3: ``n`` warm kernels for ``lesson`` (one for every other notebook), then ``n``
    simultaneous requests."""
    import json
    import shutil

    tmp = Path(tempfile.mkdtemp(prefix="bench-lessons-warm-"))
    folder = tmp / "lessons"
    shutil.copytree(kit_dir("lessons"), folder)
    cfg = json.loads((folder / "voila.json").read_text())
    cfg.setdefault("VoilaKernelManager", {})["kernel_pools_config"] = {
        "default": {"pool_size": 1}, lesson: {"pool_size": n}}
    (folder / "voila.json").write_text(json.dumps(cfg, indent=1))
    env = {v: str(tmp / v.lower()) for v in ("JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "JUPYTER_CONFIG_DIR",
                                             "IPYTHONDIR")}
    root = str(kit_dir("lessons").resolve().parent)
    env["PYTHONPATH"] = os.pathsep.join([root, *[p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]])
    env.update(serve.bundle_env(tmp / "charts"))  # as `landlord serve` runs its kernels
    port = serve.free_port()
    proc = serve.start(port, lessons=folder, env=env, log=tmp / "voila.log")
    try:
        serve.wait_ready(proc, port)
        kernels_wanted = serve.pool_kernels(folder)
        warmed = serve.wait_warm(proc, kernels_wanted, timeout=1800)
        server = psutil.Process(proc.pid)
        ks = kernels(server)
        total_pss = sum(memory(k)[1] for k in ks) + memory(server)[1]
        print(f"3. {lesson} pre-run in {n} warm kernels (+1 per other notebook): {len(ks)} kernels "
              f"warm after {warmed:.0f} s; server + kernels PSS {total_pss / 1024:.2f} GB")
        t0 = time.monotonic()
        with ThreadPoolExecutor(max_workers=n) as pool:
            waits = sorted(pool.map(get, [serve.lesson_url(lesson, port)] * n))
        print(f"   {n} simultaneous requests served from the pool after {time.monotonic() - t0:.1f} s "
              f"(slowest {waits[-1]:.1f} s); the browser then draws widgets and charts (2-5 s measured "
              "for one visitor by tests/test_browser.py)")
    finally:
        serve.stop(proc)


def reveals() -> None:
    """Part 4: run each lesson's code cells here, then open each reveal and time its build."""
    import ast

    import nbformat

    from landlord.widgets import Reveal

    print("4. a reveal's content, built when the student opens it (this process, not a server)")
    print(f"   {'notebook':<32} {'reveal':<48} {'CPU s':>6} {'wall s':>6}")
    os.chdir(kit_dir("lessons"))
    for nb in serve.notebooks():
        names: dict[str, object] = {}
        for cell in nbformat.read(nb, as_version=4).cells:
            if cell.cell_type != "code":
                continue
            *body, last = ast.parse(cell.source).body
            exec(compile(ast.Module(body=body, type_ignores=[]), nb, "exec"), names)
            if not isinstance(last, ast.Expr):
                exec(compile(ast.Module(body=[last], type_ignores=[]), nb, "exec"), names)
                continue
            shown = eval(compile(ast.Expression(last.value), nb, "eval"), names)
            if isinstance(shown, Reveal):
                c0, t0 = time.process_time(), time.monotonic()
                shown.selected_index = 0
                if not shown.built:
                    raise RuntimeError(f"{nb}: {shown.titles[0]} failed: {shown.error}")
                print(f"   {nb:<32} {shown.titles[0][:48]:<48} {time.process_time() - c0:6.1f} "
                      f"{time.monotonic() - t0:6.1f}")


if __name__ == "__main__":
    main()
