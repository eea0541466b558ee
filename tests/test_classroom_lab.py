"""The what-if lab opens a class's exported results (issue 15.3): uploaded through the browser
(the lab's FileUpload: bytes and a file name, never a server path), CSV or Parquet, shown
pooled beside the simulated games with plain words; a bad file is one line and changes nothing."""

from __future__ import annotations

import html
from pathlib import Path

import pandas as pd
import pytest

from landlord.apps.classroom import Classroom, ClassSpec, Referee, SqliteStore, StudentSeat, debrief
from landlord.apps.classroom.store import Row
from landlord.engine.entries import Switch
from landlord.widgets import ScenarioLab

SECRET = "l" * 24


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A class of two tables played to the end (one switched to the single tax), exported as
    the dashboard does."""
    folder = tmp_path_factory.mktemp("class")
    store = SqliteStore(folder)
    room, _ = Classroom.create(store, ClassSpec(table_size=2, rounds=4, bot_delay=0.0, seed=21), SECRET)
    for name in ("Ann", "Bo", "Cy"):
        StudentSeat.join(store, room.info.join_code, name)
    room.start(SECRET)
    ref = Referee(store, room.id, SECRET)
    for _ in range(5):
        ref.tick(now=1e12)
    room.append_retrying(1, Row(0, Switch("single_tax", "teacher")), SECRET)
    for _ in range(3000):
        if not ref.tick(now=1e12):
            break
    assert all(tg.game.over for tg in room.tables())
    return debrief.export(room, folder / "exports")


def upload(lab: ScenarioLab, raw: bytes, name: str) -> None:
    """What the browser's upload hands the lab: the file's name and content (no path)."""
    lab.beside._on_upload({"new": ({"name": name, "content": memoryview(raw), "size": len(raw)},)})


def test_a_class_export_opens_beside_the_simulated_games(exported: tuple[Path, Path]) -> None:
    csv, _ = exported
    lab = ScenarioLab(games=4, seed=3, workers=1)
    upload(lab, csv.read_bytes(), csv.name)
    assert lab.beside.classes is not None and len(lab.beside.classes) == 2
    assert "Opened your class&#x27;s results: 2 tables." in lab.message.value
    assert lab.beside.box.layout.display == "flex"
    assert "Press <b>Run</b>" in lab.beside.text.value and "0 means everyone ends equally rich" in lab.beside.text.value
    lab.runner.run_button.click()
    games = lab.run.results
    assert len(games) == 8
    text = lab.beside.text.value
    mine = pd.read_csv(csv)
    for name, part in games.groupby("scenario"):
        lo, hi = part["gini_population"].min(), part["gini_population"].max()
        inside = int(((mine["gini_population"] >= lo) & (mine["gini_population"] <= hi)).sum())
        assert f"<i>{name}</i>: 4 games, final Gini from {lo:.2f} to {hi:.2f}" in text
        assert f"{inside} of your class's 2 tables ended inside that range" in text
    regimes = set(mine["regime"])
    assert len(regimes) == 2  # one table switched, one did not
    for regime, part in mine.groupby("regime"):
        assert f"Your class, with <i>{regime}</i> in force at the end: 1 table, final Gini from " \
               f"{part['gini_population'].min():.2f}" in text
    data = [v for v in lab.beside.chart.spec["datasets"].values()]
    labels = {r.get("regime") for rows in data for r in rows}
    assert {f"Your class: {r}" for r in regimes} | {f"Simulated: {s}" for s in set(games["scenario"])} <= labels
    dots = sorted(r["gini_population"] for rows in data for r in rows if "gini_population" in r)
    assert dots == pytest.approx(sorted(mine["gini_population"]))
    said = lab.beside.chart.spec["description"]  # issue 25.4: the chart's sentence, below it with its table
    words = lab.beside.words.value
    assert html.escape(said) in words and "<summary>Show as a table</summary>" in words
    for regime, part in mine.groupby("regime"):
        assert f"Your class: {regime}, 1 table at {part['gini_population'].iloc[0]:.2f}" in said
    for name, part in games.groupby("scenario"):
        sims = part["gini_population"]
        assert (f"Simulated: {name}, 4 bot games from {sims.min():.2f} to {sims.max():.2f}, "
                f"middle {sims.median():.2f}") in said


def test_parquet_and_csv_open_alike_and_several_classes_pool(exported: tuple[Path, Path]) -> None:
    csv, parquet = exported
    lab = ScenarioLab(games=2, seed=3, workers=1)
    assert lab.load_class([(parquet.read_bytes(), parquet.name)])
    from_parquet = lab.beside.classes
    assert lab.load_class([(csv.read_bytes(), csv.name)])
    assert from_parquet is not None and lab.beside.classes is not None
    assert list(from_parquet["gini_population"]) == pytest.approx(list(lab.beside.classes["gini_population"]))
    assert lab.load_class([(csv.read_bytes(), csv.name), (parquet.read_bytes(), parquet.name)])
    assert len(lab.beside.classes) == 4 and "4 tables from 2 files" in lab.message.value


@pytest.mark.parametrize(("content", "needle"), [
    (b"\x00\x01 not a table", "not a class's results"),
    (b"seed,gini_population\n1,0.3\n", "no column 'table', 'regime'"),
    (b"table,regime,gini_population\n1,Single tax,1.7\n",
     "row 1: field 'gini_population': a final Gini between 0 and 1, got 1.7"),
    (b"table,regime,gini_population\n", "no table in this class's results"),
    (b"PAR1 broken", "not a class's results"),
])
def test_a_bad_upload_is_one_line_and_changes_nothing(exported: tuple[Path, Path], content: bytes,
                                                      needle: str) -> None:
    csv, _ = exported
    lab = ScenarioLab(games=2, seed=3, workers=1)
    assert lab.load_class([(csv.read_bytes(), csv.name)])
    before = lab.beside.classes
    upload(lab, content, "/srv/landlord/secret/results.csv")
    text = lab.message.value
    assert lab.beside.classes is before
    assert needle in text.replace("&#x27;", "'") and "Could not open results.csv" in text
    assert "/srv" not in text and "\n" not in text
