"""``landlord class`` (issue 15, points 1 and 6): the teacher's choices checked with one-line
errors, the class folder (store, owner-only secret, served app), resuming, exporting, and the
kernel settings of a class server."""

from __future__ import annotations

import asyncio
import stat
from pathlib import Path

import pytest
from store_backends import PgServer
from tornado import web

from landlord.apps.classroom import Classroom, SqliteStore, StudentSeat
from landlord.apps.classroom.kernels import CappedKernelManager
from landlord.apps.classroom.server import (
    SECRET_FILE,
    SPARE_KERNELS,
    STUDENT_NOTEBOOK,
    TEACHER_NOTEBOOK,
    addresses,
    class_voila_config,
    max_kernels,
    open_class,
    prepare_app,
    spec_from,
    warm_kernels,
)
from landlord.apps.cli import build_parser, main
from landlord.errors import LandlordError


@pytest.mark.parametrize(("options", "message"), [
    (["--table-size", "9"], "table size: magie-1904 takes 2 to 6 players a table, not 9"),
    (["--ruleset", "monopoly", "--switch", "single_tax@vote"], "phase plan 'single_tax@vote': monopoly has no phase"),
    (["--switch", "single_tax"], "phase plan: 'single_tax': write a switch as phase@trigger"),
    (["--vote-at", "single_tax@turn:3"], "vote at 'single_tax@turn:3': write phase@round:N"),
    (["--bots", "genius"], "bots: unknown bot 'genius'"),
    (["--param", "circuits=0"], "circuits of the board each player makes runs from 1 to 10000"),
    (["--param", "circuits=two"], "param 'circuits' of ruleset 'magie-1904' takes int, got 'two'"),
    (["--param", "laps=3"], "ruleset 'magie-1904' has no param 'laps'"),
])
def test_a_bad_choice_is_one_line_naming_it(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                            options: list[str], message: str) -> None:
    assert main(["class", "--folder", str(tmp_path / "c"), *options]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err, err
    assert not (tmp_path / "c" / "class.sqlite").exists()


@pytest.mark.parametrize("option", ["--cool-down", "--resume-grace", "--away-after", "--decide-limit", "--bot-delay"])
@pytest.mark.parametrize(("value", "message"), [("-5", "give 0 seconds or more, not '-5'"),
                                                ("soon", "give a number of seconds, not 'soon'"),
                                                ("nan", "give 0 seconds or more, not 'nan'")])
def test_a_time_option_refuses_what_is_not_a_number_of_seconds(capsys: pytest.CaptureFixture[str], option: str,
                                                               value: str, message: str) -> None:
    """A negative, infinite or non-number time is named and refused (it had been taken as 0)."""
    with pytest.raises(SystemExit) as exc:
        build_parser().parse_args(["class", option, value])
    assert exc.value.code == 2 and f"argument {option}: {message}" in capsys.readouterr().err
    assert build_parser().parse_args(["class", option, "0"]).__dict__[option[2:].replace("-", "_")] == 0.0


def test_the_class_folder_holds_the_store_an_owner_only_secret_and_the_app(tmp_path: Path) -> None:
    args = build_parser().parse_args(["class", "--seed", "500", "--switch", "single_tax@vote"])
    room, secret, resumed = open_class(tmp_path, spec_from(args))
    assert not resumed and room.spec.seed == 500 and room.spec.switches == ("single_tax@vote",)
    mode = (tmp_path / SECRET_FILE).stat().st_mode
    assert stat.S_IMODE(mode) == 0o600
    assert SqliteStore(tmp_path).teacher_class(secret).id == room.id
    again, secret2, resumed2 = open_class(tmp_path, None)
    assert resumed2 and again.id == room.id and secret2 == secret
    app = prepare_app(tmp_path)
    assert {p.name for p in app.iterdir()} == {STUDENT_NOTEBOOK, TEACHER_NOTEBOOK, "voila.json"}


@pytest.mark.postgres
def test_further_class_servers_join_the_class_their_secret_names_in_a_shared_store(
        tmp_path: Path, postgres_server: PgServer) -> None:
    """``--store``: the first server makes the class (its secret in its folder); a further one,
    given a copy of that secret (``--secret-file``), serves the same class and keeps the secret in
    its own folder, so the same command resumes it; a secret of no class there is refused."""
    address = postgres_server.new_database()
    args = build_parser().parse_args(["class", "--seed", "77", "--table-size", "2"])
    first, secret, resumed = open_class(tmp_path / "a", spec_from(args), address)
    assert not resumed and stat.S_IMODE((tmp_path / "a" / SECRET_FILE).stat().st_mode) == 0o600
    assert not (tmp_path / "a" / "class.sqlite").exists()  # the class is in the database
    other, secret2, resumed2 = open_class(tmp_path / "b", None, address, tmp_path / "a" / SECRET_FILE)
    assert resumed2 and other.id == first.id and secret2 == secret and other.spec.seed == 77
    assert (tmp_path / "b" / SECRET_FILE).read_text().strip() == secret
    assert open_class(tmp_path / "b", None, address)[0].id == first.id  # its restart needs no copy
    (tmp_path / "stray").write_text("s" * 24)
    with pytest.raises(LandlordError, match="stray: its teacher's secret opens no class in the store"):
        open_class(tmp_path / "c", None, address, tmp_path / "stray")
    with pytest.raises(LandlordError, match=r"--secret-file .*missing: no such file"):
        open_class(tmp_path / "c", None, address, tmp_path / "missing")


@pytest.mark.parametrize(("options", "message"), [
    (["--secret-file", "x"], "--secret-file: give it with --store"),
    (["--store", "mysql://ann@db/class"], "mysql:// is not a class store"),
    (["--store", "postgresql://ann:hunter2@127.0.0.1:1/class"], "cannot connect"),
])
def test_a_bad_store_is_one_line_naming_it(tmp_path: Path, capsys: pytest.CaptureFixture[str], options: list[str],
                                           message: str) -> None:
    assert main(["class", "--folder", str(tmp_path / "c"), *options]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err and "hunter2" not in err, err


@pytest.mark.parametrize(("value", "message"), [
    ("[" * 100_000, "--param circuits: nested too deeply (at most 32 levels)"),
    ("1" + "0" * 30, "--param circuits: number out of range (31 digits"),
])
def test_a_param_value_comes_in_by_the_door(capsys: pytest.CaptureFixture[str], value: str, message: str) -> None:
    """Issue 39: ``--param``'s JSON is read by the kit's file door (:mod:`landlord.data.files`):
    a value nested deeply is the door's one line, not a bare RecursionError."""
    with pytest.raises(SystemExit):
        build_parser().parse_args(["class", "--param", f"circuits={value}"])
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err, err[:300]


def test_a_ruleset_param_is_the_classs_for_every_table(tmp_path: Path) -> None:
    """``--param circuits=12``: every table's game is twelve times around the board, kept with
    the class (a resumed class plays it too)."""
    args = build_parser().parse_args(["class", "--param", "circuits=12", "--param", "single_tax=false"])
    room, _, _ = open_class(tmp_path, spec_from(args))
    assert room.spec.overrides == {"circuits": 12, "single_tax": False}
    again, _, _ = open_class(tmp_path, None)
    assert again.spec.resolve().params["circuits"].value == 12
    with pytest.raises(SystemExit):
        build_parser().parse_args(["class", "--param", "circuits"])


def test_the_addresses_carry_the_secret_and_the_code(tmp_path: Path) -> None:
    teacher, student = addresses(8866, "127.0.0.1", "ABC234", "s3cr3t")
    assert teacher == "http://127.0.0.1:8866/voila/render/class-teacher.ipynb?secret=s3cr3t"
    assert student == "http://127.0.0.1:8866/voila/render/class-single-tax.ipynb?code=ABC234"
    lan_teacher, _ = addresses(8866, "0.0.0.0", "ABC234", "s3cr3t")
    assert "0.0.0.0" not in lan_teacher


def test_export_writes_the_results_and_stops(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = build_parser().parse_args(["class", "--table-size", "2"])
    room, secret, _ = open_class(tmp_path, spec_from(args))
    StudentSeat.join(room.store, room.info.join_code, "Ann")
    Classroom(room.store, room.id).start(secret)
    assert main(["class", "--folder", str(tmp_path), "--export"]) == 0
    out = capsys.readouterr().out
    assert out.count("wrote ") == 2
    assert (tmp_path / "exports" / f"class-{room.info.join_code}-results.parquet").is_file()


def test_the_class_servers_kernel_settings() -> None:
    """Culling never ends a connected student's kernel; idle kernels with no browser go after
    five minutes; warm kernels for the student app; a cap on kernels; the store, the secret and
    the exports cannot be downloaded."""
    cfg = class_voila_config("127.0.0.1", warm=8, max_kernels=45, idle_release=300)
    cull = cfg["MappingKernelManager"]
    assert cull["cull_connected"] is False and cull["cull_idle_timeout"] == 300
    assert cfg["VoilaKernelManager"]["kernel_pools_config"][STUDENT_NOTEBOOK]["pool_size"] == 8
    assert cfg["CappedKernelManager"]["max_kernels"] == 45
    # the pool is started at the class's size, then refilled to the spares only
    assert cfg["CappedKernelManager"]["refill_pools"] == {STUDENT_NOTEBOOK: SPARE_KERNELS}
    deny = " ".join(cfg["VoilaConfiguration"]["file_denylist"])
    for what in ("sqlite", "teacher-secret", "csv", "parquet", "ipynb"):
        assert what in deny
    assert cfg["VoilaConfiguration"]["show_tracebacks"] is False
    # a warm kernel waits in the lesson's cell for its visitor: the cell timeout outlasts a period
    assert cfg["VoilaExecutor"]["timeout"] >= 3600
    # Voilà's page-close beacon carries no _xsrf token: without this a closed tab's kernel stays
    assert cfg["Voila"]["tornado_settings"]["disable_check_xsrf"] is True


def test_a_class_of_30_gets_a_warm_kernel_each_and_a_cap_above_it() -> None:
    """Warm kernels sized for the class; the cap leaves room for the teacher and refreshes."""
    assert warm_kernels(30) == 30 + SPARE_KERNELS
    assert warm_kernels(30) + 2 < max_kernels(30) <= 2 * 30


def test_the_warm_pool_refills_to_the_spares_once_started() -> None:
    """Voilà refills a pool to its configured size after each visitor; once the first kernel
    start runs (the class's pool is queued by then) the size is the spares'."""
    km = CappedKernelManager(refill_pools={STUDENT_NOTEBOOK: 2})
    km.kernel_pools_config = {STUDENT_NOTEBOOK: {"pool_size": 32}, "other.ipynb": {"pool_size": 1}}  # type: ignore[attr-defined]
    km._lower_pools()
    assert km.kernel_pools_config == {STUDENT_NOTEBOOK: {"pool_size": 2}, "other.ipynb": {"pool_size": 1}}  # type: ignore[attr-defined]
    km.kernel_pools_config = {STUDENT_NOTEBOOK: {"pool_size": 5}}  # type: ignore[attr-defined]
    km._lower_pools()  # once only
    assert km.kernel_pools_config == {STUDENT_NOTEBOOK: {"pool_size": 5}}  # type: ignore[attr-defined]


def test_the_kernel_cap_refuses_one_more_kernel() -> None:
    km = CappedKernelManager(max_kernels=2)
    km.list_kernel_ids = lambda: ["a", "b"]  # type: ignore[method-assign]
    with pytest.raises(web.HTTPError) as refused:
        asyncio.run(km.start_kernel())
    assert refused.value.status_code == 503


def test_the_teacher_steers_students_from_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                                          ) -> None:
    """``landlord class --folder F --remove/--rename/--move/--rebalance`` (issue 26, point 4)."""
    folder = tmp_path / "c"
    assert main(["class", "--folder", str(folder), "--rebalance"]) == 2
    assert "holds no class" in capsys.readouterr().err
    args = build_parser().parse_args(["class", "--table-size", "2", "--seed", "9"])
    room, _, _ = open_class(folder, spec_from(args))
    store = SqliteStore(folder)
    for name in ("Ann", "Bo", "Cy"):
        StudentSeat.join(store, room.info.join_code, name)
    assert main(["class", "--folder", str(folder), "--rename", "bo=Bob", "--remove", "Ann",
                 "--move", "Cy=1:1"]) == 0
    out = capsys.readouterr().out
    assert "renamed bo to Bob" in out and "removed Ann (table 1, seat 1)" in out
    assert "moved Cy to table 1, seat 1" in out
    assert [(s.name, s.table_no, s.seat) for s in store.seats(room.id)] == [("Cy", 1, 0), ("Bob", 1, 1)]
    assert main(["class", "--folder", str(folder), "--rename", "Bob=Bot 1"]) == 2
    assert "a name the game uses" in capsys.readouterr().err
    assert main(["class", "--folder", str(folder), "--remove", "Nobody"]) == 2
    assert "no student called 'Nobody'" in capsys.readouterr().err
