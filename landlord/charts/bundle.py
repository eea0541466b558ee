"""The offline charts' JavaScript, bundled once for a server's kernels.

Altair's ``JupyterChart`` draws with no internet only in offline mode, whose JavaScript
(Altair's widget code with Vega) vl-convert bundles: 2 CPU-s and 80 MB in every kernel that does
it. The kit's servers (``landlord serve``, ``landlord class``) write the bundle once, in a child
process, and name the file to their kernels in ``LANDLORD_CHART_BUNDLE``. The file sits where
Voilà serves the kit template's static files from (``<root>/voila/templates/landlord/static/``,
``<root>`` put on the server's ``JUPYTER_PATH``), so a kernel's charts do not carry the code:
:func:`landlord.charts.figures.enable_offline` gives each chart :func:`loader`, a few lines that
import the served file, which the browser then fetches and compiles once a page (the code, 0.9 MB,
had been sent and compiled for every chart: 3.7 MB and four compilations for lesson 1's page).
This module imports neither Altair nor vl-convert (a server needs only the file).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

BUNDLE_ENV = "LANDLORD_CHART_BUNDLE"
"""The variable naming the bundle's file to a server's kernels."""


def bundle_name() -> str:
    """The bundle's file name, with both versions in it, so an upgrade makes a new one."""
    return f"charts-offline-altair{version('altair')}-vlconvert{version('vl-convert-python')}.js"


STATIC = Path("voila", "templates", "landlord", "static")
"""Where, under a root on Voilà's ``JUPYTER_PATH``, the kit template's static files are served
from (``<base url>voila/templates/landlord/static/<file>``)."""


def write_bundle(root: Path) -> Path:
    """The bundle in ``root``'s :data:`STATIC` folder (written in a child process unless it is
    there already)."""
    folder = root / STATIC
    path = folder / bundle_name()
    if not path.is_file():
        folder.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        code = ("import sys, altair as alt; alt.JupyterChart.enable_offline(); "
                "open(sys.argv[1], 'w', encoding='utf-8').write(alt.JupyterChart._esm)")
        subprocess.run([sys.executable, "-c", code, str(tmp)], check=True, timeout=300)
        tmp.replace(path)
    return path


def bundle_from_env() -> Path | None:
    """The bundle a server named for this kernel, if it names one of this install's versions
    that exists where the server serves it (else ``None``: the kernel bundles its own)."""
    value = os.environ.get(BUNDLE_ENV, "")
    path = Path(value) if value else None
    if (path is None or path.name != bundle_name() or path.parent.parts[-len(STATIC.parts):] != STATIC.parts
            or not path.is_file()):
        return None
    return path


def bundle_root(path: Path) -> Path:
    """The root of a bundle written by :func:`write_bundle`: the folder a server puts on its
    ``JUPYTER_PATH`` so that Voilà serves it."""
    return path.parents[len(STATIC.parts)]


def loader(path: Path) -> str:
    """A chart's code when the server serves the bundle at ``path``: an ES module that imports
    it from this page's server (the page's ``data-base-url`` is ``<base url>voila/``), so the
    browser fetches and compiles it once for every chart of the page."""
    where = "/".join(STATIC.parts[1:] + (path.name,))
    return ("const served = new URL(document.body.dataset.baseUrl + " + json.dumps(where) + ", document.baseURI);\n"
            "const charts = await import(served.href);\n"
            "export default charts.default;\n")


def cache_folder() -> Path:
    """Where ``landlord serve`` keeps the bundle between runs: the user's cache folder
    (``$XDG_CACHE_HOME/landlord``, else ``~/.cache/landlord``)."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "landlord"
