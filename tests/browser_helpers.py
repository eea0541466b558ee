"""What every browser test shares: Debian's Chromium and the flags it needs on these machines."""

from __future__ import annotations

from pathlib import Path

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
"""Without the background-networking flags Chromium keeps calling hosts this closed network refuses."""
