"""Pages that stopped answering, as a server meets them: what the dead-page test and the lessons'
benchmark (``benchmarks/bench_lessons.py --together``) open against a Voilà server."""

from __future__ import annotations

import base64
import os
import re
import socket
import urllib.parse
import urllib.request

KERNEL_ID = re.compile(r'"kernelId":\s*"([0-9a-f-]+)"')
"""The kernel a Voilà page names in its ``jupyter-config-data``."""


def page_kernel(url: str) -> str:
    """GET a Voilà page (a kernel is handed out for it) and return the kernel's id."""
    with urllib.request.urlopen(url, timeout=600) as r:
        body = r.read().decode()
    found = KERNEL_ID.search(body)
    if found is None:
        raise RuntimeError(f"{url}: the page names no kernel")
    return found.group(1)


def kernel_socket(url: str, kernel: str) -> socket.socket:
    """Ask to open ``kernel``'s websocket as the page at ``url`` would, by hand (the request
    sent, nothing read yet)."""
    host, port = urllib.parse.urlsplit(url).netloc.rsplit(":", 1)
    sock = socket.create_connection((host, int(port)), timeout=30)
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall((f"GET /api/kernels/{kernel}/channels?session_id=silent HTTP/1.1\r\n"
                  f"Host: {host}:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                  f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
    return sock


def silent_page(url: str) -> tuple[socket.socket, str]:
    """A page whose connection then goes silent: GET it, open its kernel's websocket by hand and
    never read or answer again; the socket stays open, as a vanished network or a shut laptop
    leaves it, so only the server's pings can tell it is gone. Returns the socket (keep it open;
    close it abruptly for a killed browser) and the kernel's id."""
    kernel = page_kernel(url)
    sock = kernel_socket(url, kernel)
    answer = sock.recv(4096)
    if not answer.startswith(b"HTTP/1.1 101"):
        raise RuntimeError(f"the kernel's websocket was refused: {answer[:80]!r}")
    return sock, kernel
