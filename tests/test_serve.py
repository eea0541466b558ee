"""``landlord serve`` and the Voilà configuration kept in the repository."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import signal
import socket
import struct
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import nbformat
import psutil
import pytest
from page_clients import KERNEL_ID, kernel_socket, page_kernel, silent_page

from landlord.apps import serve
from landlord.apps.cli import main
from landlord.charts import bundle as chart_bundle

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "lessons" / "voila.json"


def config() -> dict:
    return json.loads(CONFIG.read_text())


def test_voila_config_strips_sources_and_hides_tracebacks() -> None:
    """Issue: a Voilà configuration in the repository: sources stripped, no tracebacks shown."""
    vc = config()["VoilaConfiguration"]
    assert vc["strip_sources"] is True
    assert vc["show_tracebacks"] is False


def test_voila_config_times_out_a_stuck_cell() -> None:
    """Issue: a cell timeout (a stuck cell becomes an error instead of an endless page load)."""
    timeout = config()["VoilaExecutor"]["timeout"]
    assert isinstance(timeout, int) and 10 <= timeout <= 300


def test_voila_config_waits_for_a_cells_output_while_many_kernels_warm_up() -> None:
    """Issue 27.6: Voilà pre-runs every warm kernel at once; under load a cell's output came later
    than nbclient's 4 s wait and was dropped ("Timeout waiting for IOPub output"): the warm page
    then had no game table. The wait is long enough for a loaded warm-up, and no longer than a
    stuck cell's timeout."""
    executor = config()["VoilaExecutor"]
    assert 30 <= executor["iopub_timeout"] <= executor["timeout"]


def test_voila_config_culls_idle_kernels_but_never_a_connected_one() -> None:
    """Issue 15: a kernel with no page connected is culled when idle, busy kernels are spared,
    and a student who reads for 30 minutes without clicking keeps the game (a connected
    kernel is never culled)."""
    km = config()["MappingKernelManager"]
    assert 0 < km["cull_interval"] <= km["cull_idle_timeout"] <= 3600
    assert km["cull_connected"] is False and km["cull_busy"] is False


def test_a_page_that_stopped_answering_is_noticed_and_its_kernel_released_within_minutes() -> None:
    """Issue 27.6: a killed browser or a lost network left kernels running for 30–68 minutes.
    The server pings every page's websocket and drops one that does not answer (a live page
    answers pings whatever its student does, so it stays connected and is never culled); a
    kernel with no page goes after a few idle minutes. ``landlord serve`` says when."""
    cfg = config()
    web, km = cfg["Voila"]["tornado_settings"], cfg["MappingKernelManager"]
    # one lost ping is no death: the timeout spans at least two pings
    assert web["ws_ping_interval"] > 0 and 2 * web["ws_ping_interval"] <= web["ws_ping_timeout"]
    assert km["cull_idle_timeout"] <= 600 and km["cull_interval"] <= 60
    assert serve.release_after(ROOT / "lessons") <= 10 * 60


def test_voila_config_caps_kernels_and_releases_a_closed_tabs_kernel() -> None:
    """Issue 15.6 / standards: anonymous page loads cannot fill memory — the lessons' server
    runs at most a set number of kernels (HTTP 503 beyond, tests/test_classroom_cli.py), and a
    closed tab's kernel is shut down at once (Voilà's close beacon carries no _xsrf token)."""
    cfg = config()
    manager = "landlord.apps.classroom.kernels.CappedKernelManager"
    assert cfg["VoilaConfiguration"]["multi_kernel_manager_class"] == manager
    assert 10 <= cfg["CappedKernelManager"]["max_kernels"] <= 50
    assert cfg["Voila"]["tornado_settings"]["disable_check_xsrf"] is True


def test_voila_config_kernels_talk_over_ipc_sockets() -> None:
    """Issue 15.6: kernels started at once raced for TCP ports (one died: its visitor got a page
    naming no kernel); IPC sockets have no ports (the class server's alike, and checked live in
    tests/test_classroom_kernels.py)."""
    assert config()["KernelManager"]["transport"] == "ipc"


def test_voila_config_listens_on_this_machine_and_never_moves_port() -> None:
    """Serving: localhost by default; a busy port is an error, not a silent move."""
    v = config()["Voila"]
    assert v["ip"] == "127.0.0.1" and v["port_retries"] == 0


def test_voila_config_never_serves_notebook_or_code_files() -> None:
    """Sources stripped means the .ipynb/.py/.toml files are not downloadable either."""
    deny = config()["VoilaConfiguration"]["file_denylist"]
    assert any("ipynb" in d and "py" in d for d in deny)


def test_every_notebook_keeps_a_warm_kernel_for_each_student_at_once() -> None:
    """Issue 27.6: four students opening one lesson at once each get a pre-run kernel (with one,
    three of them waited 20.7–40.1 s for a cold one); ``--students`` sizes every notebook's pool."""
    lessons = [nb for nb in serve.notebooks(ROOT / "lessons") if not nb.startswith("class-")]
    assert len(lessons) == 6  # class pages are pre-run by `landlord class`
    assert serve.pool_kernels(ROOT / "lessons") == serve.STUDENTS * len(lessons) == 4 * 6
    assert serve.pool_kernels(ROOT / "lessons", students=1) == len(lessons)
    assert serve.pooled_notebooks(ROOT / "lessons") == serve.pooled_notebooks(ROOT / "lessons", 1) == lessons


def test_the_students_option_sizes_the_pools_and_the_cap_as_voila_reads_them() -> None:
    """``--students N`` reaches Voilà as one command-line option a setting, parsed by traitlets as
    Voilà parses it: every notebook's pool N, the class pages none, and room for four pages a
    student beyond the warm kernels."""
    from traitlets import Dict, Integer
    from traitlets.config import Configurable
    from voila.app import Voila

    class VoilaKernelManager(Configurable):  # Voilà's pooling manager's trait, as Voilà defines it
        kernel_pools_config = Dict(config=True)

    class CappedKernelManager(Configurable):
        max_kernels = Integer(0, config=True)

    for n in (1, 4, 9):
        app = Voila()
        app.parse_command_line(serve.student_options(ROOT / "lessons", n))
        got = VoilaKernelManager(config=app.config).kernel_pools_config
        assert got["default"] == {"pool_size": n}
        assert got["class-single-tax.ipynb"] == got["class-teacher.ipynb"] == {"pool_size": 0}
        limit = CappedKernelManager(config=app.config).max_kernels
        assert limit == serve.kernel_cap(ROOT / "lessons", n) >= serve.pool_kernels(ROOT / "lessons", n) + 4 * n
        assert limit >= config()["CappedKernelManager"]["max_kernels"]


def test_pool_size_per_lesson_is_read_from_the_config(tmp_path: Path) -> None:
    """The class-of-30 setting (docs/decisions/serving.md): a pool for the lesson of the day."""
    cfg = config()
    cfg["VoilaKernelManager"] = {"kernel_pools_config": {"default": {"pool_size": 1},
                                                         "01-landlords-game-1904.ipynb": {"pool_size": 30}}}
    (tmp_path / "voila.json").write_text(json.dumps(cfg))
    for name in serve.notebooks(ROOT / "lessons"):
        (tmp_path / name).write_text("{}")
    assert serve.pool_kernels(tmp_path) == 30 + len(serve.notebooks(ROOT / "lessons")) - 1
    cfg["VoilaConfiguration"]["preheat_kernel"] = False
    (tmp_path / "voila.json").write_text(json.dumps(cfg))
    assert serve.pool_kernels(tmp_path) == 0


def test_kernels_import_the_checkout_beside_the_lessons() -> None:
    env = serve.voila_env(ROOT / "lessons", {"EXTRA": "1"})
    assert env["PYTHONPATH"].split(os.pathsep)[0] == str(ROOT)
    assert env["EXTRA"] == "1"


def test_voila_command_uses_the_given_port_and_address() -> None:
    cmd = serve.voila_command(ROOT / "lessons", 9123, "127.0.0.1")
    assert cmd[:3] == [sys.executable, "-m", "voila"]
    assert "--port=9123" in cmd and "--Voila.ip=127.0.0.1" in cmd and "--Voila.port_retries=0" in cmd


def test_serve_rejects_a_bad_port_with_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    """CLI style: bad arguments print one line naming what is wrong and exit with status 2."""
    with pytest.raises(SystemExit) as exc:
        main(["serve", "--port", "70000"])
    assert exc.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "--port" in err[0] and "65535" in err[0]


def test_serve_rejects_a_bad_number_of_students_with_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["serve", "--students", "0"])
    assert exc.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "--students" in err[0] and "at least 1" in err[0]


def test_serve_refuses_a_busy_port_with_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        assert main(["serve", "--port", str(port)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and f"port {port} is in use" in err[0]


@pytest.mark.server
def test_landlord_serve_prints_the_address_when_every_lesson_is_ready_and_stops_cleanly(tmp_path: Path) -> None:
    """Issue 17.3: `landlord serve` first says how long to wait, and prints the gallery's address
    only when the gallery and every lesson answer in under 5 s (each has a pre-run kernel);
    stopping it (SIGTERM, as a terminal or service manager does) ends Voilà and every kernel."""
    port = serve.free_port()
    env = dict(os.environ, PYTHONPATH=str(ROOT),
               **{v: str(tmp_path / v.lower()) for v in ("JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR",
                                                         "XDG_CACHE_HOME")})
    proc = subprocess.Popen([sys.executable, "-m", "landlord", "serve", "--port", str(port)], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        assert proc.stdout is not None
        wait = proc.stdout.readline().strip()
        assert wait.startswith("Preparing the gallery and its 5 lessons") and "please wait about" in wait, wait
        line = proc.stdout.readline().strip()
        gallery = f"http://127.0.0.1:{port}/voila/render/index.ipynb"
        assert line.startswith("Ready after") and line.endswith(f"Lesson gallery: {gallery}"), line
        for nb in serve.pooled_notebooks(ROOT / "lessons"):
            t0 = time.monotonic()
            with urllib.request.urlopen(serve.lesson_url(nb, port), timeout=30) as r:
                body = r.read()
            took = time.monotonic() - t0
            assert r.status == 200 and b"There was an error" not in body
            assert took < 5, f"{nb} answered in {took:.1f} s"
        # the offline charts' code was bundled once, in the cache folder, and named to the kernels
        bundle = tmp_path / "xdg_cache_home" / "landlord" / chart_bundle.STATIC / chart_bundle.bundle_name()
        assert bundle.stat().st_size > 100_000
        children = psutil.Process(proc.pid).children(recursive=True)
        assert children, "Voila was not started"
        kernels = [p for p in children if "ipykernel" in " ".join(p.cmdline())]
        assert kernels and all(p.environ().get(chart_bundle.BUNDLE_ENV) == str(bundle.resolve()) for p in kernels)
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(30) == 0
        _, alive = psutil.wait_procs(children, timeout=15)
        assert not alive, f"left running after stop: {[p.cmdline() for p in alive]}"
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)


def test_the_kit_template_asks_nothing_of_the_internet() -> None:
    """Issue 17.2: the lessons are served with the kit's Voilà template, which links no file on
    another machine (Voilà's own lab template links FontAwesome on a CDN)."""
    assert config()["VoilaConfiguration"]["template"] == "landlord"
    folder = serve.TEMPLATES / "voila" / "templates" / "landlord"
    assert json.loads((folder / "conf.json").read_text())["base_template"] == "lab"
    for f in (f for f in folder.rglob("*") if f.is_file()):
        assert not re.search(r"(href|src)=[\"']?(https?:)?//", f.read_text()), f.name
    env = serve.voila_env(ROOT / "lessons")
    assert env["JUPYTER_PATH"].split(os.pathsep)[0] == str(serve.TEMPLATES)
    served = serve.voila_env(ROOT / "lessons", {chart_bundle.BUNDLE_ENV: "/b/voila/templates/landlord/static/c.js"})
    assert served["JUPYTER_PATH"].split(os.pathsep)[:2] == [str(serve.TEMPLATES), "/b"]


def test_the_charts_bundle_falls_back_to_each_kernel_when_the_cache_cannot_be_written(tmp_path: Path) -> None:
    """DECISION (landlord serve): a cache folder that cannot be written names no bundle; each
    kernel then bundles its own charts' code, as before."""
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    assert serve.bundle_env(blocked / "landlord") == {}
    assert serve.bundle_env(tmp_path / "cache")[chart_bundle.BUNDLE_ENV].endswith(chart_bundle.bundle_name())


@pytest.mark.server
def test_only_the_pages_that_stopped_answering_lose_their_kernels(tmp_path: Path) -> None:
    """Issue 27.6, live: three pages of one notebook are connected. One stops answering with its
    connection left open (a lost network), one's connection is cut (a killed browser), one goes
    on answering the server's pings (a student reading). With the lessons' settings scaled down
    (pings every second, no answer within 3 s drops the page, 4 idle seconds cull a kernel
    with no page), the first two kernels are shut down and the third is not."""
    cfg = config()
    cfg["Voila"]["tornado_settings"].update(ws_ping_interval=1000, ws_ping_timeout=3000)
    cfg["MappingKernelManager"].update(cull_idle_timeout=4, cull_interval=1)
    with one_page_server(tmp_path, "x = 1", cfg) as url:
        silent_sock, silent = silent_page(url)
        cut_sock, cut = silent_page(url)
        cut_sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        cut_sock.close()  # a reset, as the system sends for a killed browser
        live = page_kernel(url)
        gone, alive = asyncio.run(_watch(serve_port(url), live, [silent, cut], seconds=90))
        silent_sock.close()
    log = (tmp_path / "voila.log").read_text()[-3000:]
    assert set(gone) == {silent, cut}, f"shut down: {gone}; the server's log:\n{log}"
    assert alive, "the page that answered the pings lost its kernel"


@contextlib.contextmanager
def one_page_server(tmp_path: Path, source: str, cfg: dict[str, Any], warm: int = 0) -> Iterator[str]:
    """A server as ``landlord serve`` starts it, on a lessons folder of one page holding one
    code cell (``source``), with the Voilà configuration ``cfg`` and ``warm`` pre-run kernels
    (none: each page load starts its kernel; else the server is yielded once they are pre-run
    and idle); yields the page's address. Its log is ``tmp_path / "voila.log"``."""
    folder = tmp_path / "lessons"
    folder.mkdir()
    nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source)]), folder / "page.ipynb")
    cfg["VoilaConfiguration"]["preheat_kernel"] = bool(warm)
    cfg["VoilaKernelManager"]["kernel_pools_config"] = {"default": {"pool_size": warm}}
    (folder / "voila.json").write_text(json.dumps(cfg))
    env = {"PYTHONPATH": str(ROOT), **{v: str(tmp_path / v.lower()) for v in (
        "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "JUPYTER_CONFIG_DIR", "IPYTHONDIR")}}
    port = serve.free_port()
    proc = serve.start(port, lessons=folder, env=env, log=tmp_path / "voila.log")
    try:
        serve.wait_ready(proc, port)
        if warm:
            serve.wait_warm(proc, warm)
        yield serve.lesson_url("page.ipynb", port)
    finally:
        serve.stop(proc)


@pytest.mark.server
def test_a_ready_copy_left_idle_past_the_cull_is_not_culled_while_its_page_loads(tmp_path: Path) -> None:
    """Issue 37: ``landlord serve`` handed out ready (pre-run) copies it then culled. With the
    lessons' settings scaled down (4 idle seconds cull a kernel with no page, a look every
    second), the one ready copy sits idle past the cull, a student's page takes it (GET) and
    spends 3 s loading its scripts before it connects. Voilà keeps the cull off a copy still in
    its pool but not off one just handed out, whose last activity was its pre-run: on the code
    before the mend the copy was shut down in those 3 s and the page's kernel "does not exist"
    (the Python-text page students saw); now it runs, and its page connects to it."""
    cfg = config()
    cfg["MappingKernelManager"].update(cull_idle_timeout=4, cull_interval=1)
    with one_page_server(tmp_path, "import ipywidgets\nipywidgets.Button(description='Play')", cfg, warm=1) as url:
        time.sleep(6)  # idle past the cull, in the pool
        kernel = page_kernel(url)
        time.sleep(3)  # the page loads its scripts
        assert _kernel_runs(serve_port(url), kernel), (
            "the copy handed to the page was culled before the page connected:\n"
            + (tmp_path / "voila.log").read_text(errors="replace")[-3000:])
        sock = kernel_socket(url, kernel)
        answer = sock.recv(4096)
        sock.close()
    assert answer.startswith(b"HTTP/1.1 101"), answer[:200]


def serve_port(url: str) -> int:
    """The port of a served page's address."""
    return int(urllib.parse.urlsplit(url).netloc.rsplit(":", 1)[1])


@pytest.mark.server
def test_a_page_that_leaves_while_its_kernel_socket_opens_leaves_no_traceback(tmp_path: Path) -> None:
    """A student closes a tab as it loads: the page's kernel socket is closed while Jupyter
    waits for the kernel to answer before accepting it (the page's one cell keeps the kernel
    busy for 6 s). Jupyter's handler alone logs ``AttributeError: 'NoneType' object has no
    attribute 'kernel_ws_protocol'`` with a traceback (jupyter_server #1265); the kit's servers
    end that request with one warning line instead."""
    with one_page_server(tmp_path, "import time\ntime.sleep(6)", config()) as url:
        with urllib.request.urlopen(url, timeout=120) as page:  # the page streams: its kernel first
            head = ""
            while (found := KERNEL_ID.search(head)) is None:
                chunk = page.read1(4096)
                assert chunk, "the page named no kernel"
                head += chunk.decode(errors="replace")
            sock = kernel_socket(url, found.group(1))
            time.sleep(1.0)  # the server is waiting for the busy kernel
            sock.close()
            page.read()  # the cell ends, the page with it
        time.sleep(1.0)
    log = (tmp_path / "voila.log").read_text(errors="replace")
    assert "Traceback" not in log, log[-3000:]
    assert "A page left before its kernel socket opened" in log, log[-3000:]


async def _watch(port: int, live: str, dead: list[str], seconds: float) -> tuple[list[str], bool]:
    """Keep a page connected to ``live`` (its client answers the server's pings) while
    watching the ``dead`` pages' kernels; returns those shut down within ``seconds`` (then waits
    as long again as the last took, and twice the idle time, so the live kernel had its chance to
    be culled) and whether ``live`` still runs."""
    from tornado.websocket import websocket_connect

    # a page reads every message (tornado's client stops answering pings once one goes unread)
    ws = await websocket_connect(f"ws://127.0.0.1:{port}/api/kernels/{live}/channels?session_id=live",
                                 on_message_callback=lambda message: None)
    t0 = time.monotonic()
    gone: list[str] = []
    while len(gone) < len(dead) and time.monotonic() - t0 < seconds:
        for k in dead:
            if k not in gone and not await asyncio.to_thread(_kernel_runs, port, k):
                gone.append(k)
        await asyncio.sleep(0.5)
    await asyncio.sleep(max(8.0, time.monotonic() - t0))
    alive = await asyncio.to_thread(_kernel_runs, port, live)
    ws.close()
    return gone, alive


def _kernel_runs(port: int, kernel: str) -> bool:
    """Whether the server still has ``kernel`` (its REST model answers)."""
    try:
        with urllib.request.urlopen(f"{serve.base_url(port)}/api/kernels/{kernel}", timeout=10) as r:
            return bool(r.status == 200)
    except urllib.error.HTTPError as exc:
        if exc.code == 404:
            return False
        raise


def test_the_gallery_the_readme_and_voila_json_say_the_same_about_idle_tabs() -> None:
    """Issue 27.6: the gallery said idle tabs close after 30 minutes while voila.json and the
    README said a connected tab is never culled. Now all say: an open tab is never closed, and a
    page that stopped answering lets its lesson go within the minutes voila.json gives."""
    minutes = round(serve.release_after(ROOT / "lessons") / 60)
    gallery = " ".join(nbformat.read(ROOT / "lessons" / serve.GALLERY, as_version=4).cells[0].source.split())
    readme = " ".join((ROOT / "README.md").read_text().split())
    for text in (gallery, readme):
        assert f"within about {minutes} minutes" in text
        assert "30 minutes" not in text
    assert "never closed, however long it sits idle" in gallery and "never closed, however long it sits idle" in readme
    assert config()["MappingKernelManager"]["cull_connected"] is False
