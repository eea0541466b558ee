"""Starting and stopping ``landlord class`` in tests, as a teacher starts it."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from landlord.apps import serve

ROOT = Path(__file__).resolve().parent.parent
JUPYTER_DIRS = ("JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "JUPYTER_CONFIG_DIR", "IPYTHONDIR", "MPLCONFIGDIR")
"""Jupyter's folders, each put in a test's temporary folder."""


@dataclass
class ClassServer:
    """The class server under test and what it printed."""

    proc: subprocess.Popen[bytes]
    port: int
    teacher: str
    student: str
    code: str
    folder: Path


def start_class(folder: Path, env: dict[str, str], port: int, *options: str) -> ClassServer:
    """Run ``landlord class`` as a teacher would, in its own process group; read its addresses."""
    cmd = [sys.executable, "-m", "landlord", "class", "--folder", str(folder), "--port", str(port), *options]
    proc = subprocess.Popen(cmd, cwd=ROOT, env={**os.environ, **env}, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, start_new_session=True)
    lines: list[str] = []
    assert proc.stdout is not None
    t0 = time.monotonic()
    while time.monotonic() - t0 < 180:
        line = proc.stdout.readline().decode()
        if not line:
            break
        lines.append(line)
        if line.startswith("Press Ctrl-C"):
            text = "".join(lines)
            teacher = re.search(r"Teacher \(keep private, it carries the secret\): (\S+)", text)
            student = re.search(r"Students: (\S+)\s+\(class code (\w+)\)", text)
            assert teacher and student, text
            return ClassServer(proc, port, teacher.group(1), student.group(1), student.group(2), folder)
    stop_class(proc)
    raise AssertionError("landlord class did not start:\n" + "".join(lines))


def stop_class(proc: subprocess.Popen[bytes]) -> None:
    """SIGTERM (the class server stops Voilà and its kernels), then the whole group as a fallback."""
    serve.stop(proc, grace=20)
