"""A restart leaves no traceback in the class log (issue 37, point 4). After a restart every open
page's Jupyter connection asks for its old kernel's socket; the new server refuses it (404) and
drew Jupyter's HTML error page, whose template fails under Voilà ("Uncaught exception in
write_error", two tracebacks each; 10-12 a restart of a class were measured). Here a page of a
restarted class asks for its old kernel, as a browser page does, and closes with its beacon; and
the server stops while its warm kernels wait inside the lesson's cell for their visitors, which
logged a traceback for each ("Socket operation on non-socket") at every stop."""

from __future__ import annotations

import urllib.error
import urllib.request
from pathlib import Path

import pytest
from class_server import JUPYTER_DIRS, start_class, stop_class
from page_clients import kernel_socket, page_kernel

from landlord.apps import serve

pytestmark = pytest.mark.server


def test_a_page_asking_for_its_old_kernel_after_a_restart_leaves_no_traceback(tmp_path: Path) -> None:
    env = {var: str(tmp_path / var.lower()) for var in JUPYTER_DIRS}
    port = serve.free_port()
    srv = start_class(tmp_path / "class", env, port, "--warm", "1", "--class-size", "1")
    try:
        old = page_kernel(srv.student)
        serve.wait_warm(srv.proc, 3, timeout=300)  # the warm kernels wait in the lesson's cell as it stops
    finally:
        stop_class(srv.proc)
    again = start_class(tmp_path / "class", env, port, "--warm", "1", "--class-size", "1", "--resume-grace", "5")
    try:
        for _ in range(3):  # the page's reconnects to its old kernel
            sock = kernel_socket(again.student, old)
            answer = sock.recv(4096)
            sock.close()
            assert answer.startswith(b"HTTP/1.1 404") and b"Kernel does not exist" in answer, answer[:200]
        base = again.student.split("/voila/")[0]
        with pytest.raises(urllib.error.HTTPError):  # its page-close beacon for the old kernel
            urllib.request.urlopen(urllib.request.Request(f"{base}/voila/api/shutdown/{old}", data=b"",
                                                          method="POST"), timeout=30)
    finally:
        stop_class(again.proc)
    log = (tmp_path / "class" / "voila.log").read_text(encoding="utf-8")
    assert "Traceback" not in log and "Uncaught exception" not in log, log[-4000:]
