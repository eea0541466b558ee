"""``landlord serve`` and the Voilà configuration kept in the repository."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import psutil
import pytest

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


def test_voila_config_culls_idle_kernels_but_never_a_connected_one() -> None:
    """Issue 15: a kernel with no page connected is culled when idle, busy kernels are spared,
    and a student who reads for 30 minutes without clicking keeps the game (a connected
    kernel is never culled)."""
    km = config()["MappingKernelManager"]
    assert 0 < km["cull_interval"] <= km["cull_idle_timeout"] <= 3600
    assert km["cull_connected"] is False and km["cull_busy"] is False


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


def test_every_notebook_keeps_one_warm_kernel_by_default() -> None:
    """The first visitor of each lesson gets a pre-run kernel (first render < 5 s)."""
    lessons = [nb for nb in serve.notebooks(ROOT / "lessons") if not nb.startswith("class-")]
    assert serve.pool_kernels(ROOT / "lessons") == len(lessons) == 6  # class pages are pre-run by `landlord class`
    assert serve.pooled_notebooks(ROOT / "lessons") == lessons


def test_pool_size_per_lesson_is_read_from_the_config(tmp_path: Path) -> None:
    """The class-of-30 setting documented in notes/lessons.md: a pool for the lesson of the day."""
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
        bundle = tmp_path / "xdg_cache_home" / "landlord" / chart_bundle.bundle_name()
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
    for f in folder.iterdir():
        assert not re.search(r"(href|src)=[\"']?(https?:)?//", f.read_text()), f.name
    env = serve.voila_env(ROOT / "lessons")
    assert env["JUPYTER_PATH"].split(os.pathsep)[0] == str(serve.TEMPLATES)


def test_the_charts_bundle_falls_back_to_each_kernel_when_the_cache_cannot_be_written(tmp_path: Path) -> None:
    """DECISION (landlord serve): a cache folder that cannot be written names no bundle; each
    kernel then bundles its own charts' code, as before."""
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    assert serve.bundle_env(blocked / "landlord") == {}
    assert serve.bundle_env(tmp_path / "cache")[chart_bundle.BUNDLE_ENV].endswith(chart_bundle.bundle_name())
