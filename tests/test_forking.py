"""Page kernels forked from one warmed parent (issue 37, point 1): each page its own process,
sharing nothing it writes with another page; interrupt, restart and shutdown reach the right
process; the kernels end with their parent. Real kernels, started as the servers start them."""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import psutil
import pytest
from jupyter_client.manager import AsyncKernelManager

from landlord.apps import forking

pytestmark = pytest.mark.server  # real kernels and their warmed parent

ROOT = Path(__file__).resolve().parent.parent


async def start(tmp: Path, name: str, **extra: str) -> AsyncKernelManager:
    km = AsyncKernelManager(transport="ipc", kernel_name="python3")
    km.connection_file = str(tmp / f"kernel-{name}.json")
    km.ip = str(tmp / f"ipc-{name}")
    assert km.kernel_spec is not None
    km.kernel_spec.metadata["kernel_provisioner"] = {"provisioner_name": forking.PROVISIONER}
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
           "IPYTHONDIR": str(tmp / "ipython"), **extra}
    await km.start_kernel(env=env, cwd=str(tmp))
    return km


async def run(km: AsyncKernelManager, code: str, timeout: float = 60) -> tuple[str, str]:
    """``code``'s printed text and its reply's status (``ok`` or ``error: <name>``)."""
    kc = km.client()
    kc.start_channels()
    try:
        await kc.wait_for_ready(timeout=120)
        out: list[str] = []

        def hook(msg: dict[str, Any]) -> None:
            if msg["msg_type"] == "stream":
                out.append(msg["content"]["text"])

        reply = await kc._async_execute_interactive(code, output_hook=hook, timeout=timeout)
        content = reply["content"]
        status = content["status"] if content["status"] == "ok" else f"error: {content.get('ename')}"
        return "".join(out).strip(), status
    finally:
        kc.stop_channels()


def pid_of(km: AsyncKernelManager) -> int:
    assert km.provisioner is not None
    return int(km.provisioner.pid)  # type: ignore[attr-defined]


async def gone(pid: int, within: float = 15.0) -> bool:
    end = time.monotonic() + within
    while time.monotonic() < end:
        if not psutil.pid_exists(pid) or psutil.Process(pid).status() == psutil.STATUS_ZOMBIE:
            return True
        await asyncio.sleep(0.1)
    return False


def in_kernels(test: Callable[[list[AsyncKernelManager], Path], Awaitable[None]], tmp: Path, n: int = 2) -> None:
    async def body() -> None:
        kms: list[AsyncKernelManager] = []
        try:
            for i in range(n):
                kms.append(await start(tmp, str(i)))
            await test(kms, tmp)
        finally:
            for km in kms:
                if await km.is_alive():
                    await km.shutdown_kernel(now=True)
            forking.stop_parents()

    asyncio.run(body())


def test_each_page_is_its_own_forked_process_and_sees_no_other_page_s_state(tmp_path: Path) -> None:
    async def check(kms: list[AsyncKernelManager], tmp: Path) -> None:
        a, b = kms
        pa, pb = pid_of(a), pid_of(b)
        parent = next(iter(forking._PARENTS.values())).pid
        assert pa != pb
        for pid in (pa, pb):
            p = psutil.Process(pid)
            assert p.ppid() == parent  # forked from the warmed parent, not started anew
            assert os.getpgid(pid) == pid  # its own process group: signals reach it alone
            assert "ipykernel_launcher" in " ".join(p.cmdline()) and "-f" in p.cmdline()  # found as a kernel
        # the warmed parent's imports are there before the page imports anything
        preloaded, _ = await run(a, "import sys\n"
                                    "print('pandas' in sys.modules, 'landlord.widgets.table' in sys.modules)")
        assert preloaded == "True True"
        # what ipywidgets does when imported in a kernel was done in this one (the parent has none)
        targets, _ = await run(a, "from comm import get_comm_manager\n"
                                  "print(sorted(t for t in get_comm_manager().targets if 'widget' in t))")
        assert targets == "['jupyter.widget', 'jupyter.widget.control']"
        await run(a, "secret = 'page A'\nfrom landlord.apps.classroom import kernels as k\n"
                     "k.COOLING['seat'] = 1.0")
        seen, _ = await run(b, "from landlord.apps.classroom import kernels as k\n"
                               "print('secret' in dir(), dict(k.COOLING))")
        assert seen == "False {}"
        draws = [(await run(km, "import random, numpy; print(random.random(), numpy.random.random())"))[0]
                 for km in kms]
        assert draws[0] != draws[1]  # each fork reseeded its generators

    in_kernels(check, tmp_path)


def test_a_class_page_s_wait_for_its_visitor_and_every_rules_family_come_from_the_parent(tmp_path: Path) -> None:
    """A warm class page waits for its visitor with ``voila.utils`` (456 modules, 12.8 MB in each
    kernel that imported them itself) and its game loads its rules family and players: all of it
    is the parent's, so importing them adds no module to a forked kernel."""
    async def check(kms: list[AsyncKernelManager], tmp: Path) -> None:
        added, status = await run(kms[0], "import sys\nbefore = set(sys.modules)\n"
                                          "from voila.utils import get_query_string\n"
                                          "import landlord.players.registry\n"
                                          "import landlord.rules.families\n"
                                          "print(sorted(set(sys.modules) - before))")
        assert status == "ok"
        assert added == "[]"

    in_kernels(check, tmp_path, n=1)


def test_a_forked_kernel_lists_its_modules_files_for_its_debugger_as_a_kernel_started_anew_does(tmp_path: Path) -> None:
    """ipykernel's kernel lists the files of the modules loaded as it is made (its debugger's
    "just my code"); a forked kernel gets them from the parent's packed list (13.3 MB of the
    parent's pages less in every kernel): the same files, and ``sys`` is the kernel's own again."""
    async def check(kms: list[AsyncKernelManager], tmp: Path) -> None:
        listed, status = await run(kms[0], "import sys, ipykernel.ipkernel as k\n"
                                           "kernel = get_ipython().kernel\n"
                                           "files = {m.__file__ for m in list(sys.modules.values())\n"
                                           "         if isinstance(getattr(m, '__file__', None), str)}\n"
                                           "listed = set(kernel._kernel_modules)\n"
                                           "print(len(listed) > 1000, listed <= files, k.sys is sys,\n"
                                           "      kernel.debugger.kernel_modules is kernel._kernel_modules)")
        assert status == "ok"
        assert listed == "True True True True"

    in_kernels(check, tmp_path, n=1)


def test_interrupt_restart_and_shutdown_reach_only_their_forked_kernel(tmp_path: Path) -> None:
    async def check(kms: list[AsyncKernelManager], tmp: Path) -> None:
        a, b = kms
        parent = next(iter(forking._PARENTS.values())).pid
        await run(b, "kept = 'page B'")

        async def interrupt_soon() -> None:
            await asyncio.sleep(3)
            await a.interrupt_kernel()

        task = asyncio.ensure_future(interrupt_soon())
        started = time.monotonic()
        _, status = await run(a, "import time\ntime.sleep(60)", timeout=90)
        await task
        assert status == "error: KeyboardInterrupt"
        assert time.monotonic() - started < 30
        assert (await run(b, "print(kept)"))[0] == "page B"  # the other page was not interrupted

        old = pid_of(a)
        await run(a, "x = 1")
        await a.restart_kernel(now=True)
        assert await gone(old)
        assert pid_of(a) != old and psutil.Process(pid_of(a)).ppid() == parent
        assert (await run(a, "print('x' in dir())"))[0] == "False"  # a restart is a fresh page

        pa = pid_of(a)
        await a.shutdown_kernel()
        assert await gone(pa)
        assert psutil.pid_exists(parent)
        assert (await run(b, "print(kept)"))[0] == "page B"

    in_kernels(check, tmp_path)


def test_forked_kernels_end_with_their_parent(tmp_path: Path) -> None:
    async def check(kms: list[AsyncKernelManager], tmp: Path) -> None:
        for km in kms:
            assert await run(km, "print('ready')") == ("ready", "ok")
        pids = [pid_of(km) for km in kms]
        forking.stop_parents()  # the server is gone: its parent's input ends
        for pid in pids:
            assert await gone(pid, within=20.0)

    in_kernels(check, tmp_path)


def test_a_parent_that_cannot_fork_safely_leaves_kernels_started_the_usual_way(tmp_path: Path) -> None:
    """A parent with a second thread after its imports (here numpy's OpenBLAS worker, let start)
    says so and forks nothing: the kernel is started as before, a child of the server."""
    async def body() -> None:
        km = await start(tmp_path, "usual", OPENBLAS_NUM_THREADS="2")
        try:
            assert await run(km, "print('ready')") == ("ready", "ok")
            assert psutil.Process(pid_of(km)).ppid() == os.getpid()
            assert not next(iter(forking._PARENTS.values())).alive()
        finally:
            await km.shutdown_kernel(now=True)
            forking.stop_parents()

    asyncio.run(body())
