"""The kit as a teacher has it: the wheel built from this checkout, installed into a new
virtualenv in a temporary folder, run with its working directory outside the checkout and no
``PYTHONPATH``. Tests that run from the checkout find ``scenarios/``, ``data/`` and ``lessons/``
beside the code whether or not the wheel ships them there; lesson 3's "Part 3 taken apart" reveal
failed in every installed copy for that reason (issue 22.5) while every test passed.

DECISION: how the venv gets its third-party packages. Measured on a 2-core machine (this
project's CI kind); the wheel builds in 2.5-6 s:

* a fully fresh venv, ``pip install -c requirements.lock <wheel>``: 26-29 s with this
  interpreter's pip (``pip --python``), 53 s and 91 s when the venv ran a pip of its own. A warm
  cache does not help: pip stores none of the index's answers here (``pip cache info``: 0 HTTP
  files after each run), so every run downloads about 300 MB again, and fails with the network;
* a venv of the kit's wheel alone (``pip install --no-deps``, 1.5 s), whose ``site-packages``
  names the locked install's ``site-packages`` after its own in a ``.pth`` file: 4-8 s in all.

The default is the second: the third-party packages are exactly the locked ones either way
(``scripts/test`` installs them from ``requirements.lock`` before the tests), and what a checkout
hides is the kit's own files, which come only from the wheel. ``LANDLORD_FRESH_VENV=1`` builds
the first kind (what ``pip install -c requirements.lock .`` gives a teacher in a new venv; it also
catches a dependency missing from ``pyproject.toml``); the browser tests pass on both.

Why not ``python3 -m venv --system-site-packages``: the system ``site-packages`` is then a site
folder, so its ``.pth`` files run, and a developer's editable install of a checkout
(``_editable_impl_landlord_kit.pth``) puts that checkout on ``sys.path``. The venv's own
``site-packages`` comes first, so ``landlord`` would still be the wheel's; but a top-level package
the wheel forgot would be imported from the checkout without a word. A line naming a folder in a
``.pth`` file only appends it to ``sys.path``: the ``.pth`` files inside it are not run, so no
checkout gets onto the path (:func:`probe` checks it). The locked install's Jupyter data
(``share/jupyter``: Voilà's templates, the widgets' JavaScript, the ``python3`` kernel) lies
outside any ``site-packages``, so the shared kind names it in ``JUPYTER_PATH``.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FRESH_ENV = "LANDLORD_FRESH_VENV"
"""Set to 1: the venv installs every dependency from ``requirements.lock`` (a minute or more)."""


@dataclass
class InstalledKit:
    """A virtualenv holding the kit's wheel, and how to run its Python outside the checkout."""

    venv: Path
    site: Path
    """The venv's ``site-packages``: where every file of the kit must come from."""
    home: Path
    """A working directory outside the checkout (Python puts the working directory on ``sys.path``)."""
    fresh: bool
    jupyter_path: tuple[str, ...] = ()
    seconds: dict[str, float] = field(default_factory=dict)
    """How long each step of the set-up took: ``wheel``, ``venv``, ``install``."""

    @property
    def python(self) -> Path:
        return self.venv / "bin" / "python"

    @property
    def landlord(self) -> Path:
        """The ``landlord`` command pip wrote for the wheel's entry point."""
        return self.venv / "bin" / "landlord"

    def env(self, extra: Mapping[str, str] | None = None) -> dict[str, str]:
        """This process's environment without anything that points Python at the checkout (or at
        another environment), the venv's ``bin`` first on ``PATH``, plus ``extra``."""
        env = {k: v for k, v in os.environ.items()
               if k not in ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "PYTHONSAFEPATH", "VIRTUAL_ENV")}
        env["PATH"] = os.pathsep.join([str(self.venv / "bin"), env.get("PATH", "")])
        env["VIRTUAL_ENV"] = str(self.venv)
        if self.jupyter_path:
            env["JUPYTER_PATH"] = os.pathsep.join(self.jupyter_path)
        env.update(extra or {})
        return env

    def run(self, code: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
        """Run ``code`` in the venv's Python, from :attr:`home`."""
        return subprocess.run([str(self.python), "-c", code], cwd=self.home, env=self.env(),
                              capture_output=True, text=True, timeout=timeout)


def _pip(*args: str, timeout: float) -> None:
    """This interpreter's pip (the venvs have none of their own: 3 s less, and one pip version)."""
    done = subprocess.run([sys.executable, "-m", "pip", "-q", *args], capture_output=True, text=True,
                          timeout=timeout, env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"})
    if done.returncode:
        raise RuntimeError(f"pip {' '.join(args)} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}")


def build_wheel(out: Path) -> Path:
    """The checkout's wheel, built by pip with the project's backend (hatchling, fetched into an
    isolated build environment, as ``pip install .`` in ``scripts/test`` does)."""
    out.mkdir(parents=True, exist_ok=True)
    _pip("wheel", "--no-deps", "--no-cache-dir", "-w", str(out), str(ROOT), timeout=600)
    wheels = sorted(out.glob("landlord_kit-*.whl"))
    if len(wheels) != 1:
        raise RuntimeError(f"expected one wheel in {out}, found {[w.name for w in wheels]}")
    return wheels[0]


def install(folder: Path, fresh: bool | None = None) -> InstalledKit:
    """Build the wheel and install it into a new venv in ``folder`` (see the module's DECISION
    for ``fresh``; default: ``$LANDLORD_FRESH_VENV``)."""
    fresh = os.environ.get(FRESH_ENV, "") not in ("", "0") if fresh is None else fresh
    seconds: dict[str, float] = {}
    t0 = time.monotonic()
    wheel = build_wheel(folder / "dist")
    seconds["wheel"] = time.monotonic() - t0

    venv = folder / "venv"
    if venv.exists():
        shutil.rmtree(venv)
    t0 = time.monotonic()
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    python = venv / "bin" / "python"
    site = Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                               check=True, capture_output=True, text=True, timeout=60).stdout.strip())
    seconds["venv"] = time.monotonic() - t0

    t0 = time.monotonic()
    if fresh:
        _pip("--python", str(python), "install", "-c", str(ROOT / "requirements.lock"), str(wheel), timeout=1800)
        jupyter_path: tuple[str, ...] = ()
    else:
        # the wheel first: with the locked packages already on its path, pip would find this
        # checkout's landlord-kit there and install nothing
        _pip("--python", str(python), "install", "--no-deps", str(wheel), timeout=300)
        locked = sysconfig.get_path("purelib")
        (site / "zz_locked_packages.pth").write_text(
            "\n".join(dict.fromkeys([locked, sysconfig.get_path("platlib")])) + "\n", encoding="utf-8")
        jupyter_path = (str(Path(sysconfig.get_path("data")) / "share" / "jupyter"),)
    seconds["install"] = time.monotonic() - t0

    home = folder / "home"
    home.mkdir(exist_ok=True)
    return InstalledKit(venv, site, home, fresh, jupyter_path, seconds)


PROBE = """
import importlib.util, json, sys
import landlord, landlord.widgets, landlord.widgets.classroom_student
from landlord.data.resources import FOLDERS, installed, kit_dir
from landlord.widgets import GameTable
print(json.dumps({"landlord": landlord.__file__, "widgets_init": landlord.widgets.__file__,
                  "widgets_path": landlord.widgets.__path__, "table": sys.modules[GameTable.__module__].__file__,
                  "student": landlord.widgets.classroom_student.__file__, "installed": installed(),
                  "top_level_widgets": getattr(importlib.util.find_spec("widgets"), "origin", None), "path": sys.path,
                  **{name: str(kit_dir(name)) for name in FOLDERS}}))
"""


def probe(kit: InstalledKit) -> dict[str, object]:
    """Where the venv's Python imports the kit from and where it finds its files, and its
    ``sys.path``."""
    done = kit.run(PROBE, timeout=120)
    assert done.returncode == 0, done.stderr
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


def checkouts_on(path: list[str], cwd: Path) -> list[str]:
    """The entries of ``path`` (relative ones from ``cwd``) that are, or lie inside, a source
    checkout of the kit: a folder holding a ``pyproject.toml`` that names ``landlord-kit`` (this
    checkout, or the one a developer's editable install points at)."""
    found = []
    for entry in path:
        p = (cwd / entry).resolve()
        for folder in (p, *p.parents):
            toml = folder / "pyproject.toml"
            if toml.is_file() and 'name = "landlord-kit"' in toml.read_text(encoding="utf-8", errors="replace"):
                found.append(entry)
                break
    return found
