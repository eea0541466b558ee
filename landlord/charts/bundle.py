"""The offline charts' JavaScript, bundled once for a server's kernels.

Altair's ``JupyterChart`` draws with no internet only in offline mode, whose JavaScript
(Altair's widget code with Vega) vl-convert bundles: 2 CPU-s and 80 MB in every kernel that does
it. The kit's servers (``landlord serve``, ``landlord class``) write the bundle once, in a child
process, and name the file to their kernels in ``LANDLORD_CHART_BUNDLE``;
:func:`landlord.charts.figures.enable_offline` reads it instead of bundling again. This module imports
neither Altair nor vl-convert (a server needs only the file).
"""

from __future__ import annotations

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


def write_bundle(folder: Path) -> Path:
    """The bundle in ``folder`` (written in a child process unless it is there already)."""
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
    that exists (else ``None``: the kernel bundles its own)."""
    value = os.environ.get(BUNDLE_ENV, "")
    path = Path(value) if value else None
    if path is None or path.name != bundle_name() or not path.is_file():
        return None
    return path


def cache_folder() -> Path:
    """Where ``landlord serve`` keeps the bundle between runs: the user's cache folder
    (``$XDG_CACHE_HOME/landlord``, else ``~/.cache/landlord``)."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "landlord"
