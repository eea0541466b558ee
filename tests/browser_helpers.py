"""What every browser test shares: Debian's Chromium and the flags it needs on these machines."""

from __future__ import annotations

from pathlib import Path
from typing import Any

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
"""Without the background-networking flags Chromium keeps calling hosts this closed network refuses."""


def print_and_keep(request: Any, lines: list[str], path: Path) -> None:
    """Write ``lines`` to ``path`` and print them at the end of the pytest run (a measurement
    shown, never asserted on)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n")
    reporter = request.config.pluginmanager.get_plugin("terminalreporter")
    capture = request.config.pluginmanager.get_plugin("capturemanager")
    if reporter is not None and capture is not None:
        with capture.global_and_fixture_disabled():
            reporter.write_line("")
            for line in lines:
                reporter.write_line(line)
