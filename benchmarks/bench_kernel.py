"""What one page's kernel costs: its memory (RSS, PSS, USS), its start-up and render CPU, and
the heavy packages it imported (issue 37, point 1).

    python3 benchmarks/bench_kernel.py [--page lesson1|seat|teacher] [--kernels 1] [--seated]
                                       [--kit DIR] [--fork]

Each kernel is started as the kit's servers start one (``python -m ipykernel_launcher`` through
jupyter_client, on IPC sockets) and runs its page's notebook cell by cell, as Voilà's pre-run
does (no browser: the widgets' messages go nowhere), with the offline charts' JavaScript bundled
once for all of them as the servers do (``landlord.apps.serve.bundle_env``). ``seat`` is the class page
(``lessons/class-single-tax.ipynb``) in a class made for the run; with ``--seated`` each seat's
page then joins the class, the teacher starts play and the bots move for 10 s, so the board and
the players are drawn. ``--kernels N`` keeps N kernels of the page running at once and adds up
their PSS (each process's fair share of the pages it shares: the figure that adds up across
processes). ``--kit DIR`` runs the kernels on another checkout's code (its folder first on
``PYTHONPATH``), e.g. an export of main before a change. ``--fork`` starts the kernels as the
servers do with :mod:`landlord.apps.forking`: forks of one warmed parent (whose own memory is
printed apart and counted in the sum).

Printed: per kernel RSS, PSS and USS after the render (MB), the CPU (user + system) of the
kernel process from its start until it answered (start-up) and for the page's cells (render),
and the packages of note it had imported. Memory and CPU time are the reliable figures on a
busy machine; wall times are not printed. Asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import psutil
from jupyter_client.manager import AsyncKernelManager

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from landlord.apps import forking  # noqa: E402
from landlord.apps.classroom import FOLDER_ENV, Classroom, ClassSpec, Referee, SqliteStore  # noqa: E402
from landlord.apps.serve import bundle_env  # noqa: E402

MB = 1024 * 1024
SECRET = "b" * 24
PAGES = {"lesson1": "01-landlords-game-1904.ipynb", "seat": "class-single-tax.ipynb",
         "teacher": "class-teacher.ipynb"}
OF_NOTE = ("numpy", "pandas", "pyarrow", "altair", "jsonschema", "rfc3987_syntax", "lark", "narwhals",
           "anywidget", "vl_convert", "confusables", "scipy", "PIL", "matplotlib", "dask")
MODULES_CODE = ("import sys as _s; print('MODULES', ' '.join(sorted({m.split('.')[0] for m in _s.modules "
                "if _s.modules[m] is not None})))")
JOIN_CODE = """
import gc as _gc
from landlord.widgets.classroom_student import ClassroomStudent as _CS
_page = next(o for o in _gc.get_objects() if isinstance(o, _CS))
print('JOINED', _page.join({code!r}, {name!r}))
"""


def cells(notebook: Path) -> list[str]:
    """The notebook's code cells' sources."""
    nb = json.loads(notebook.read_text(encoding="utf-8"))
    return ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]


def cpu_of(proc: psutil.Process) -> float:
    """The process's CPU seconds (user + system)."""
    t = proc.cpu_times()
    return float(t.user + t.system)


class Kernel:
    """One page's kernel, started and driven as Voilà does."""

    def __init__(self, env: dict[str, str], fork: bool) -> None:
        self.env = env
        self.fork = fork
        self.km: AsyncKernelManager | None = None
        self.proc: psutil.Process | None = None
        self.startup_cpu = 0.0
        self.render_cpu = 0.0
        self.modules: list[str] = []
        self.errors: list[str] = []

    async def start(self, runtime: Path) -> None:
        km = AsyncKernelManager(transport="ipc", kernel_name="python3")
        km.connection_file = str(runtime / f"kernel-{id(self)}.json")
        km.ip = str(runtime / f"ipc-{id(self)}")
        if self.fork and km.kernel_spec is not None:
            km.kernel_spec.metadata["kernel_provisioner"] = {"provisioner_name": forking.PROVISIONER}
        self.km = km
        await km.start_kernel(env=self.env)
        self.kc = km.client()
        self.kc.start_channels()
        await self.kc.wait_for_ready(timeout=120)
        self.proc = psutil.Process(self.pid())
        self.startup_cpu = cpu_of(self.proc)

    def pid(self) -> int:
        assert self.km is not None and self.km.provisioner is not None
        pid = getattr(self.km.provisioner, "pid", None)
        if pid is None:
            pid = self.km.provisioner.process.pid  # type: ignore[attr-defined]
        return int(pid)

    async def run(self, code: str) -> str:
        """Run ``code``; its printed text (a cell's error is kept in :attr:`errors`)."""
        out: list[str] = []

        def hook(msg: dict[str, Any]) -> None:
            kind, content = msg["msg_type"], msg["content"]
            if kind == "stream":
                out.append(content["text"])
            elif kind == "error":
                self.errors.append(f"{content['ename']}: {content['evalue']}")

        await self.kc._async_execute_interactive(code, output_hook=hook, timeout=300)
        return "".join(out)

    async def render(self, sources: list[str]) -> None:
        assert self.proc is not None
        before = cpu_of(self.proc)
        for src in sources:
            await self.run(src)
        self.render_cpu = cpu_of(self.proc) - before
        text = await self.run(MODULES_CODE)
        self.modules = text.split("MODULES", 1)[-1].split()

    def memory(self) -> tuple[float, float, float]:
        """RSS, PSS, USS in MB."""
        assert self.proc is not None
        m = self.proc.memory_full_info()
        return m.rss / MB, m.pss / MB, m.uss / MB

    async def stop(self) -> None:
        if self.km is not None:
            if hasattr(self, "kc"):
                self.kc.stop_channels()
            await self.km.shutdown_kernel(now=True)


def make_class(folder: Path) -> Classroom:
    """A class of tables of four in ``folder``, as ``landlord class`` makes one."""
    room, _ = Classroom.create(SqliteStore(folder), ClassSpec(table_size=4, rounds=4, bot_delay=0.5, seed=5), SECRET)
    return room


async def measure(args: argparse.Namespace) -> None:
    kit = Path(args.kit).resolve() if args.kit else ROOT
    notebook = kit / "lessons" / PAGES[args.page]
    sources = cells(notebook)
    with tempfile.TemporaryDirectory(prefix="bench-kernel-") as tmp:
        tmpdir = Path(tmp)
        runtime = tmpdir / "runtime"
        runtime.mkdir()
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(kit), os.environ.get("PYTHONPATH", "")]),
               "IPYTHONDIR": str(tmpdir / "ipython"), "JUPYTER_RUNTIME_DIR": str(runtime),
               **bundle_env()}
        room = None
        if args.page in ("seat", "teacher"):
            folder = tmpdir / "class"
            folder.mkdir()
            room = make_class(folder)
            env[FOLDER_ENV] = str(folder)
            env["QUERY_STRING"] = f"code={room.info.join_code}" if args.page == "seat" else f"secret={SECRET}"
        os.chdir(notebook.parent)
        kernels = []
        try:
            for i in range(args.kernels):
                k = Kernel(env, args.fork)
                kernels.append(k)
                await k.start(runtime)
                await k.render(sources)
                if args.seated and room is not None and args.page == "seat":
                    text = await k.run(JOIN_CODE.format(code=room.info.join_code, name=f"Student {i + 1}"))
                    if "JOINED True" not in text:
                        k.errors.append(f"did not join: {text.strip()}")
            if args.seated and room is not None and args.page == "seat":
                room.start(SECRET)
                ref = Referee(room.store, room.id, SECRET)
                end = time.monotonic() + 10
                while time.monotonic() < end:
                    ref.tick()
                    await asyncio.sleep(0.2)
            await asyncio.sleep(1.0)
            report(args, kit, kernels)
        finally:
            for k in kernels:
                await k.stop()
            forking.stop_parents()


def report(args: argparse.Namespace, kit: Path, kernels: list[Kernel]) -> None:
    print(f"page {args.page} ({PAGES[args.page]}), kit {kit}, {len(kernels)} kernel(s)"
          f"{', seated and playing 10 s' if args.seated else ''}"
          f"{', forked from a warmed parent' if args.fork else ''}")
    print(f"{'kernel':>6} {'RSS MB':>8} {'PSS MB':>8} {'USS MB':>8} {'start CPU-s':>12} {'render CPU-s':>13}")
    total = [0.0, 0.0, 0.0]
    for i, k in enumerate(kernels, 1):
        rss, pss, uss = k.memory()
        total = [total[0] + rss, total[1] + pss, total[2] + uss]
        print(f"{i:>6} {rss:8.1f} {pss:8.1f} {uss:8.1f} {k.startup_cpu:12.2f} {k.render_cpu:13.2f}")
    n = len(kernels)
    print(f"{'mean':>6} {total[0] / n:8.1f} {total[1] / n:8.1f} {total[2] / n:8.1f} "
          f"{sum(k.startup_cpu for k in kernels) / n:12.2f} {sum(k.render_cpu for k in kernels) / n:13.2f}")
    for parent in forking._PARENTS.values():
        m = psutil.Process(parent.pid).memory_full_info()
        total = [total[0] + m.rss / MB, total[1] + m.pss / MB, total[2] + m.uss / MB]
        print(f"{'parent':>6} {m.rss / MB:8.1f} {m.pss / MB:8.1f} {m.uss / MB:8.1f} "
              f"{cpu_of(psutil.Process(parent.pid)):12.2f}")
    print(f"{'sum':>6} {total[0]:8.1f} {total[1]:8.1f} {total[2]:8.1f}   (the kernels and the warmed parent)")
    print(f"a page: {total[1] / n:.1f} MB PSS (the sum over the {n} kernels, with the parent's)")
    mods = kernels[0].modules
    print(f"imported ({len(mods)} top-level packages); of note: "
          f"{', '.join(m for m in OF_NOTE if m in mods) or 'none'}")
    for i, k in enumerate(kernels, 1):
        for e in k.errors:
            print(f"kernel {i} error: {e}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--page", choices=sorted(PAGES), default="lesson1")
    ap.add_argument("--kernels", type=int, default=1, help="kernels of the page running at once")
    ap.add_argument("--seated", action="store_true", help="seat pages join and play 10 s (--page seat)")
    ap.add_argument("--kit", default="", help="another checkout whose code the kernels run")
    ap.add_argument("--fork", action="store_true", help="kernels forked from a warmed parent (landlord.apps.forking)")
    asyncio.run(measure(ap.parse_args()))


if __name__ == "__main__":
    main()
