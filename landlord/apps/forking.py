"""Page kernels forked from one warmed parent (issue 37, point 1): N pages share one copy of
their code.

Every Voilà page is its own kernel process, and each imported the same packages (Jupyter's
kernel, ipywidgets, pandas, pyarrow, Altair, the kit: about 110 MB of private memory and 0.5–2
CPU-s a kernel, ``docs/decisions/serving.md``). Here the kit's servers start one **warmed parent** per
server (``python -m landlord.apps.forking <modules to preload>``): it imports all of that once, freezes its objects
(``gc.freeze()``: the collector then never writes to them, so the pages that hold them stay
shared after a fork) and waits. Each kernel is then a ``fork()`` of it that becomes an ordinary
ipykernel (``ipykernel.kernelapp``, with the connection file, environment and working folder the
server chose): its own process, its own memory from the moment it writes to a page, so one
student's page never sees another's state. The code and data it only reads stay shared.

* **The provisioner** (:class:`ForkingProvisioner`, a jupyter_client ``LocalProvisioner``) asks
  the parent for a fork where the local one would start ``python -m ipykernel_launcher``, and
  falls back to that start whenever the parent cannot serve (another interpreter or kernel, the
  parent failed to warm or died, threads in the parent).
* **Signals reach the right process**: each forked kernel leads its own session and process group
  (``setsid``, done before its pid is handed back), as a locally started kernel does, so the
  provisioner's interrupt, terminate and kill go to the kernel's group, never to the parent or
  to another kernel; the parent reaps its children (``SIGCHLD`` ignored), so a kernel that
  exits is gone at once and the provisioner's poll sees it.
* **Lifetimes**: the parent reads its requests on stdin and exits when the server is gone (end
  of its input); each kernel watches its parent (ipykernel's parent poller, ``JPY_PARENT_PID``)
  and exits when it goes, as a locally started kernel does when its server dies.
* **What a fork must not share**: the random generators are reseeded in each kernel (``random``,
  numpy's), the parent's stdin and reply pipe are replaced in it, and its command line is the
  kernel's own (written over the parent's, :func:`_retitle`), so the servers, tests and
  benchmarks that find kernels by their command line find these as well. ``/proc/<pid>/environ``
  of a kernel shows the environment the parent started with (the server's variables for its
  kernels); a kernel's own per-page variables are in its ``os.environ``.

The servers select it through their Voilà configuration: ``CappedKernelManager.kernel_manager_class``
set to :class:`ForkingKernelManager`, which names the provisioner in the kernel's spec.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from types import SimpleNamespace
from typing import IO, Any

from jupyter_client.provisioning import KernelProvisionerFactory, LocalProvisioner
from jupyter_client.provisioning.provisioner_base import KernelConnectionInfo
from jupyter_server.services.kernels.kernelmanager import ServerKernelManager

PROVISIONER = "landlord-forking"
"""The provisioner's name (its entry point in ``jupyter_client.kernel_provisioners``)."""
LAUNCHER = ["-m", "ipykernel_launcher"]
"""What the kernel's command runs after the interpreter: the parent forks only such kernels."""
KERNEL = ("ipykernel.kernelapp", "ipykernel.ipkernel", "ipykernel.debugger")
"""Jupyter's kernel and its debugger (debugpy), which the parent always imports."""
PRELOAD = ("IPython.core.debugger", "IPython.core.completerlib", "IPython.extensions.storemagic",
           "tornado.platform.asyncio", "tornado.queues", "ipywidgets", "comm", "numpy", "pandas", "pyarrow",
           "pyarrow.pandas_compat", "pandas.io.formats.html", "pandas.core.reshape.reshape", "altair", "anywidget",
           "narwhals._pandas_like.dataframe", "narwhals._pandas_like.namespace", "narwhals._interchange.dataframe",
           "confusables", "voila.utils", "websockets.asyncio.client", "IPython.core.logger", "IPython.core.oinspect",
           "IPython.utils.wildcard", "faulthandler", "runpy", "landlord.rules.*", "landlord.widgets.table",
           "landlord.widgets.reveal", "landlord.widgets.reveals", "landlord.widgets.classroom_student",
           "landlord.widgets.classroom_teacher")
"""What the parent imports besides :data:`KERNEL` before it forks: what a kernel imports as it
starts (with the kernel: about 170 modules), what the kit's pages import, what a warm kernel
imports as it waits for its visitor (``voila.utils``: 456 modules, 12.8 MB in each warm class
kernel when it imported them itself) and every rules family a class's game loads (``.*``: a
package and all its modules). A module missing here is skipped; a page imports what else it
needs itself, into its own memory. They are the parent's command line, which no one takes for a
kernel's (no "ipykernel" in it) and which makes room for a kernel's."""
PARENT_ENV = {"OPENBLAS_NUM_THREADS": "1", "JE_ARROW_MALLOC_CONF": "background_thread:false"}
"""The parent's environment beyond the kernels'. A fork copies only the thread that forks, so
the parent must have no other: these keep numpy's OpenBLAS from starting its worker
thread and pyarrow's jemalloc from starting its background purging thread (each kernel then does
its BLAS work and its purging in its own thread: a page's arrays are small)."""
READY_WITHIN = 300.0
"""Seconds the parent has to import everything (imports take 2–4 CPU-s; a busy server is slower)."""


class ParentError(RuntimeError):
    """The warmed parent could not fork a kernel (the provisioner starts one the usual way)."""


class LostParent(ParentError):
    """The warmed parent did not answer in time, or is gone."""


class WarmParent:
    """The server's side of one warmed parent: started on the first kernel, asked for forks over
    its stdin and stdout, one request at a time."""

    def __init__(self, python: str, env: dict[str, str], cwd: str) -> None:
        self.python = python
        self.proc = subprocess.Popen([python, "-m", "landlord.apps.forking", *PRELOAD], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, env=env, cwd=cwd, start_new_session=True)
        self.lock = threading.Lock()
        self.ready = False
        self.refused = ""

    @property
    def pid(self) -> int:
        return self.proc.pid

    def alive(self) -> bool:
        return self.proc.poll() is None and not self.refused

    def _line(self, timeout: float) -> str:
        """The parent's next line (LostParent if it ends or says nothing within ``timeout``)."""
        out = self.proc.stdout
        assert out is not None
        got: list[bytes] = []
        reader = threading.Thread(target=lambda: got.append(out.readline()), daemon=True)
        reader.start()
        reader.join(timeout)
        if not got or not got[0]:
            raise LostParent("the warmed parent did not answer" if not got else "the warmed parent ended")
        return got[0].decode().strip()

    def fork(self, cmd: list[str], env: dict[str, str], cwd: str) -> int:
        """A new kernel forked from the parent; its pid (ParentError if the parent cannot). A
        parent that did not answer or is gone is given up: the next kernel starts a new one."""
        with self.lock:
            try:
                return self._fork(cmd, env, cwd)
            except LostParent as exc:
                self.refused = self.refused or str(exc)
                with contextlib.suppress(OSError):
                    self.proc.kill()
                raise

    def _fork(self, cmd: list[str], env: dict[str, str], cwd: str) -> int:
        if not self.ready:
            word, _, rest = self._line(READY_WITHIN).partition(" ")
            if word != "ready":
                self.refused = rest or word
                raise ParentError(f"the warmed parent cannot fork: {self.refused}")
            self.ready = True
        assert self.proc.stdin is not None
        request = {"argv": cmd[len(LAUNCHER) + 1:], "title": cmd, "env": env, "cwd": cwd}
        try:
            self.proc.stdin.write(json.dumps(request).encode() + b"\n")
            self.proc.stdin.flush()
        except OSError as exc:
            raise LostParent(f"the warmed parent is gone ({exc})") from exc
        word, _, rest = self._line(60.0).partition(" ")
        if word != "pid":
            raise ParentError(f"the warmed parent could not fork: {rest or word}")
        return int(rest)

    def stop(self) -> None:
        """End the parent (its kernels then end too: they watch it)."""
        with contextlib.suppress(OSError):
            if self.proc.stdin is not None:
                self.proc.stdin.close()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(5)
        if self.proc.poll() is None:
            self.proc.kill()


_PARENTS: dict[tuple[str, str], WarmParent] = {}
"""The warmed parents of this server, one per interpreter and ``PYTHONPATH``."""
_PARENTS_LOCK = threading.Lock()


def parent_for(python: str, env: dict[str, str], cwd: str) -> WarmParent:
    """This server's warmed parent for kernels run by ``python`` with ``env``'s ``PYTHONPATH``
    (started now if there is none, or the last one died)."""
    key = (python, env.get("PYTHONPATH", ""))
    with _PARENTS_LOCK:
        parent = _PARENTS.get(key)
        if parent is None or not parent.alive():
            parent = _PARENTS[key] = WarmParent(python, {**PARENT_ENV, **env, "PYTHONPATH": key[1]}, cwd)
        return parent


def stop_parents() -> None:
    """End this server's warmed parents."""
    with _PARENTS_LOCK:
        parents = list(_PARENTS.values())
        _PARENTS.clear()
    for parent in parents:
        parent.stop()


class ForkedKernel:
    """A forked kernel as the provisioner sees it: the parts of ``subprocess.Popen`` it uses.
    The parent reaps it, so it is gone once its pid is (checked with its start time, so a pid
    the system has reused is not taken for it)."""

    stdin = stdout = stderr = None

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.returncode: int | None = None
        self._started = _start_time(pid)

    def poll(self) -> int | None:
        if self.returncode is None and (self._started is None or _start_time(self.pid) != self._started):
            self.returncode = 0  # its exit status went to the parent, which reaped it
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        end = None if timeout is None else time.monotonic() + timeout
        while self.poll() is None:
            if end is not None and time.monotonic() > end:
                raise subprocess.TimeoutExpired(str(self.pid), timeout or 0.0)
            time.sleep(0.05)
        return int(self.returncode or 0)

    def send_signal(self, signum: int) -> None:
        if self.poll() is None:
            os.kill(self.pid, signum)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)


def _start_time(pid: int) -> str | None:
    """The process's start time (field 22 of ``/proc/<pid>/stat``), None once it is gone or a zombie."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = stat.rsplit(")", 1)[1].split()
    return None if fields[0] in ("Z", "X") else fields[19]


class ForkingProvisioner(LocalProvisioner):
    """jupyter_client's local provisioner, starting ``python -m ipykernel_launcher`` kernels as
    forks of the server's warmed parent (any other command, or a parent that cannot serve: the
    usual start). Everything else (connection file, ports or IPC sockets, signals to the
    kernel's process group, cleanup) is the local provisioner's."""

    async def launch_kernel(self, cmd: list[str], **kwargs: Any) -> KernelConnectionInfo:
        env = dict(kwargs.get("env") or os.environ)
        cwd = str(kwargs.get("cwd") or Path.cwd())
        if sys.platform != "linux" or cmd[1:1 + len(LAUNCHER)] != LAUNCHER:
            return await super().launch_kernel(cmd, **kwargs)
        env["JPY_PARENT_PID"] = ""  # set by the kernel to its parent's pid
        try:
            parent = parent_for(cmd[0], env, cwd)
            pid = await asyncio.get_running_loop().run_in_executor(None, parent.fork, cmd, env, cwd)
        except (ParentError, OSError) as exc:
            self.log.warning("Starting kernel %s the usual way: %s", self.kernel_id, exc)
            return await super().launch_kernel(cmd, **kwargs)
        self.process = ForkedKernel(pid)  # type: ignore[assignment]  # what the provisioner calls of a Popen
        self.pid = self.pgid = pid
        self.cwd = cwd
        return self.connection_info


class ForkingKernelManager(ServerKernelManager):
    """Jupyter's server kernel manager, whose kernels are started by :class:`ForkingProvisioner`
    (``CappedKernelManager.kernel_manager_class`` in the servers' Voilà configuration)."""

    @property
    def kernel_spec(self) -> Any:
        spec = super().kernel_spec
        if spec is not None and "kernel_provisioner" not in spec.metadata:
            spec.metadata["kernel_provisioner"] = {"provisioner_name": PROVISIONER, "config": {}}
        return spec


def register() -> None:
    """Make the provisioner known to jupyter_client in this process (its entry point does that
    in an installed kit; a checkout run from source may not have it)."""
    from importlib.metadata import EntryPoint

    factory = KernelProvisionerFactory.instance()
    if PROVISIONER not in factory.provisioners:
        factory.provisioners[PROVISIONER] = EntryPoint(
            name=PROVISIONER, value=f"{__name__}:ForkingProvisioner", group=KernelProvisionerFactory.GROUP_NAME)


register()


# The warmed parent's side (``python -m landlord.apps.forking <modules to preload>``).

def _threads() -> int:
    """This process's threads (a fork copies only the calling one: none other may run)."""
    try:
        return len(os.listdir("/proc/self/task"))
    except OSError:
        return threading.active_count()


def _import(name: str) -> None:
    """Import ``name``; ``package.*``: the package and every module in it."""
    import importlib
    import pkgutil

    module = importlib.import_module(name.removesuffix(".*"))
    if name.endswith(".*"):
        for found in pkgutil.walk_packages(module.__path__, f"{module.__name__}."):
            importlib.import_module(found.name)


_KERNEL_FILES: dict[int, SimpleNamespace] = {}
"""The files of the parent's modules, each as the ``__file__`` of a small object, all made at
once at the end of the warm-up, so they lie together in a few pages (see :class:`_SysAsTheKernelIsMade`)."""


class _SysAsTheKernelIsMade:
    """``sys`` as ipykernel's kernel module sees it while a forked kernel is made: its
    ``modules`` are :data:`_KERNEL_FILES`, all else is ``sys``'s.

    ``IPythonKernel.__init__`` lists the files of every module loaded (``sys.modules.copy()``, then
    each one's ``__file__``; its debugger's "just my code" reads the list). In a fork that touches,
    for each of the parent's 2,000 modules, the module, its dict, its name and its file, each
    scattered among the parent's objects, and CPython 3.11 writes their reference counts: it
    copied 13.3 MB of the parent's pages into every kernel (a fork that ran that one line,
    ``/proc/self/smaps_rollup``'s Private_Dirty before and after). The same files from
    :data:`_KERNEL_FILES` give the debugger the same list and touch a few pages: a seated class
    page's kernel 36.2 -> 30.7 MB of private memory after 10 s of play. Nothing else in ipykernel's
    kernel module reads ``sys`` while it is made; it is ``sys`` again before the kernel starts."""

    modules = _KERNEL_FILES

    def __getattr__(self, name: str) -> Any:
        return getattr(sys, name)


def _warm(preload: tuple[str, ...] | list[str]) -> str:
    """Import what the pages import; "" when the process can fork, else why not."""
    for name in (*KERNEL, *preload):
        try:
            _import(name)
        except Exception as exc:  # a module a page may not need: skipped, said in the log
            print(f"landlord.apps.forking: not preloaded {name}: {exc}", file=sys.stderr)
    files = [file for m in list(sys.modules.values()) if isinstance(file := getattr(m, "__file__", None), str)]
    # each file a new string (a copy), made here with its holder: together, away from the modules
    _KERNEL_FILES.update(enumerate(SimpleNamespace(__file__=(file + ".")[:-1]) for file in files))
    gc.collect()
    gc.freeze()
    threads = _threads()
    return "" if threads == 1 else f"{threads} threads after the imports"


def _retitle(args: list[str]) -> None:
    """Write ``args`` over this process's command line (``/proc/<pid>/cmdline``: the memory between
    ``arg_start`` and ``arg_end`` of ``/proc/self/stat``, written through ``/proc/self/mem``), each
    ending in a NUL as the kernel wrote them; the rest is NULs. Cut to fit (the parent's command
    line, which lists the modules it preloads, is longer than a kernel's); nothing when the
    system does not allow it. DECISION: not the ``setproctitle`` library: it writes one title
    string (tried: ``psutil`` then read a kernel's command line as one argument and the NULs after
    it, and the class tests no longer found ``-f`` and the connection file), where the servers,
    tests and benchmarks read a kernel's arguments one by one, as an exec leaves them."""
    with contextlib.suppress(OSError, ValueError, IndexError):
        fields = Path("/proc/self/stat").read_text().rsplit(")", 1)[1].split()
        start, end = int(fields[45]), int(fields[46])  # fields 48 and 49 of stat(5)
        text = b"".join(a.encode() + b"\0" for a in args)[:end - start - 1]
        with open("/proc/self/mem", "r+b", buffering=0) as mem:
            mem.seek(start)
            mem.write(text.ljust(end - start, b"\0"))


def _as_if_imported_in_the_kernel() -> None:
    """What the preloaded modules do when imported in a running kernel, and did not do in the
    parent (which has none): ipywidgets registers its comm targets (``jupyter.widget`` and
    ``jupyter.widget.control``), without which a page's widgets never reach it."""
    widgets = sys.modules.get("ipywidgets")
    if widgets is not None:
        widgets.register_comm_target()


def _become_kernel(request: dict[str, Any], told: int, stdin: IO[bytes], reply: IO[bytes]) -> None:
    """In the fork: lead a new session, tell the parent (``told``), drop the parent's pipes and
    state, and run ipykernel with the request's arguments, environment and folder. Never returns."""
    os.setsid()  # and its title is the kernel's command line, both before its pid is handed out
    _retitle(request["title"])
    os.write(told, b"k")
    os.close(told)
    code = 1
    try:
        devnull = os.open(os.devnull, os.O_RDONLY)
        os.dup2(devnull, stdin.fileno())  # the parent's request pipe and reply pipe are not the kernel's
        os.close(devnull)
        os.dup2(2, reply.fileno())  # the kernel's own output goes where the server's errors go
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        os.chdir(request["cwd"])
        os.environ.clear()
        os.environ.update(request["env"])
        os.environ["JPY_PARENT_PID"] = str(os.getppid())
        random.seed()
        if "numpy" in sys.modules:
            sys.modules["numpy"].random.seed()
        # ipykernel read JPY_PARENT_PID when the parent imported it: the kernel is told its parent here
        argv = [*request["argv"], f"--IPKernelApp.parent_handle={os.getppid()}"]
        sys.argv = [sys.argv[0], *argv]
        from ipykernel import kernelapp

        app = kernelapp.IPKernelApp.instance()  # as kernelapp.launch_new_instance, with one step between
        from ipykernel import ipkernel

        ipkernel.sys = _SysAsTheKernelIsMade()  # type: ignore[assignment]  # while the kernel is made
        try:
            app.initialize(argv)
        finally:
            ipkernel.sys = sys
        _as_if_imported_in_the_kernel()
        app.start()
        code = 0
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    except BaseException:  # the kernel failed: its traceback to the server's log
        import traceback

        traceback.print_exc()
    finally:
        with contextlib.suppress(Exception):
            sys.stdout.flush()
            sys.stderr.flush()
        os._exit(code)


def main() -> None:
    """Warm up, say ``ready``, then fork a kernel for each request line until stdin ends."""
    if sys.path and sys.path[0] in ("", os.getcwd()):
        del sys.path[0]  # as ipykernel_launcher does; the kernel puts its own folder back
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the server's Ctrl-C is the server's
    stdin, reply = sys.stdin.buffer, sys.stdout.buffer
    why_not = _warm(sys.argv[1:] or PRELOAD)
    reply.write(f"ready {os.getpid()}\n".encode() if not why_not else f"refused {why_not}\n".encode())
    reply.flush()
    if why_not:
        return
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # kernels are reaped as they exit
    for line in stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        told_r, told_w = os.pipe()
        try:
            pid = os.fork()
        except OSError as exc:
            os.close(told_r)
            os.close(told_w)
            reply.write(f"error {exc}\n".encode())
            reply.flush()
            continue
        if pid == 0:
            os.close(told_r)
            _become_kernel(request, told_w, stdin, reply)
        os.close(told_w)
        os.read(told_r, 1)  # the kernel leads its own process group before its pid is handed out
        os.close(told_r)
        reply.write(f"pid {pid}\n".encode())
        reply.flush()


if __name__ == "__main__":
    main()
