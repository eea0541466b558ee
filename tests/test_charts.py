"""Charts tested as specs (``to_dict()``): each carries exactly the data it was given, encodes
what it says, names the Gini form, refuses frames over the row limit; export to PNG/SVG."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import altair as alt
import pandas as pd
import pytest

from landlord.analysis import metrics as M
from landlord.analysis import stats as S
from landlord.apps.cli import main
from landlord.charts import figures as C
from landlord.charts.bundle import BUNDLE_ENV, STATIC, bundle_from_env, bundle_name, bundle_root, write_bundle
from landlord.charts.palette import SEAT_COLOURS
from landlord.data.loader import load_ruleset
from landlord.engine import landing as L
from landlord.engine.game import Game
from landlord.engine.inequality import GINI_FORMS
from landlord.rules.families import movement_for
from landlord.runs.simulate import play_one


@pytest.fixture(scope="module")
def game() -> Game:
    return play_one(load_ruleset("magie-1904"), ["landlord", "tenant", "speculator"], 4, log=True)


@pytest.fixture(scope="module")
def panel(game: Game) -> pd.DataFrame:
    return M.panel(game)


def records(df: pd.DataFrame) -> list[dict[str, Any]]:
    """The frame as Altair serialises it (JSON: NaN → null)."""
    return json.loads(df.to_json(orient="records", double_precision=15))


def same(a: list[dict[str, Any]], b: list[dict[str, Any]]) -> bool:
    """Row by row, key by key equal (floats to 1e-12)."""
    if len(a) != len(b):
        return False
    for ra, rb in zip(a, b, strict=True):
        if ra.keys() != rb.keys():
            return False
        for k, va in ra.items():
            vb = rb[k]
            if isinstance(va, float) or isinstance(vb, float):
                if va is None or vb is None or abs(va - vb) > 1e-12 * max(1.0, abs(va)):
                    return False
            elif va != vb:
                return False
    return True


def datasets(chart: Any) -> list[list[dict[str, Any]]]:
    return list(chart.to_dict()["datasets"].values())


def carries(chart: Any, df: pd.DataFrame) -> bool:
    """True when one of the chart's datasets is exactly ``df``'s rows."""
    want = records(df)
    return any(same(d, want) for d in datasets(chart))


def layers(spec: dict[str, Any]) -> list[dict[str, Any]]:
    return spec.get("layer", [spec])


def test_wealth_over_time(panel: pd.DataFrame) -> None:
    spans = M.phase_spans(panel)
    chart = C.wealth_over_time(panel, spans)
    assert carries(chart, panel) and carries(chart, spans)
    assert not carries(chart, panel.assign(net_worth=panel["net_worth"] + 1))  # the check can fail
    spec = chart.to_dict()
    line = next(lay for lay in layers(spec) if lay["mark"]["type"] == "line")
    assert line["encoding"]["y"]["field"] == "net_worth"
    assert line["encoding"]["color"]["field"] == "player"
    band = next(lay for lay in layers(spec) if lay["mark"]["type"] == "rect")
    assert band["encoding"]["x"]["field"] == "start" and band["encoding"]["x2"]["field"] == "end"


def test_wealth_over_time_refuses_many_games(panel: pd.DataFrame) -> None:
    two = pd.concat([panel, panel.assign(game=panel["game"] + 1)])
    with pytest.raises(ValueError, match="draws one game"):
        C.wealth_over_time(two)


@pytest.mark.parametrize("form", list(GINI_FORMS))
def test_gini_over_time_names_its_form(game: Game, panel: pd.DataFrame, form: str) -> None:
    gf = M.gini_frame(panel, form)
    changes = pd.DataFrame([{"game": game.seed, "turn": 12, "old": "landlord", "new": "single tax",
                             "cause": "vote"}])
    chart = C.gini_over_time(gf, changes)
    spec = chart.to_dict()
    assert GINI_FORMS[form] in spec["description"] and "form" not in spec["title"]  # issue 38.4
    assert carries(chart, gf) and carries(chart, changes)
    assert any(lay["mark"]["type"] == "rule" for lay in layers(spec))


def test_gini_axes_fit_the_data_and_say_their_scale(panel: pd.DataFrame) -> None:
    """Issue 17.5: a Gini of 0.05–0.08 is not drawn flat on a fixed 0–1 axis: the axis runs from 0
    to the smallest of 0.05, 0.1, 0.2, 0.3, 0.5, 1 that holds the data, and its title says so;
    the final-Gini histograms likewise (from 0, so small differences do not look large)."""
    assert [C.gini_axis_top(v) for v in (0.0, 0.04, 0.08, 0.1, 0.11, 0.45, 0.9)] == [
        0.05, 0.05, 0.1, 0.1, 0.2, 0.5, 1.0]
    gf = M.gini_frame(panel)
    y = layers(C.gini_over_time(gf).to_dict())[0]["encoding"]["y"]
    top = C.gini_axis_top(float(gf["gini"].max()))
    assert y["scale"]["domain"] == [0, top] and f"shown from 0 to {top:g};" in y["title"]
    assert gf["gini"].max() <= top
    hist = pd.DataFrame({"regime": ["a", "a"], "bin_start": [0.06, 0.07], "bin_end": [0.07, 0.08],
                         "share": [0.5, 0.5], "count": [1, 1]})
    x = C.final_gini_chart(hist).to_dict()["encoding"]["x"]
    assert x["scale"]["domain"] == [0, 0.1] and "shown from 0 to 0.1;" in x["title"]


def test_final_gini_rows_are_labelled_above_each_row() -> None:
    """Issue 17.5: long regime labels overlapped in the sweep report's final-Gini chart (row labels
    turned on their side, beside 80 px rows): each label is now one horizontal line above its row."""
    hist = pd.DataFrame({"regime": ["a very long regime label: single tax from turn 20"] * 2 + ["never"] * 2,
                         "bin_start": [0.0, 0.1] * 2, "bin_end": [0.1, 0.2] * 2, "share": [0.5] * 4, "count": [1] * 4})
    header = C.final_gini_chart(hist).to_dict()["encoding"]["row"]["header"]
    assert header["labelAngle"] == 0 and header["labelOrient"] == "top" and header["labelLimit"] == 0


def test_gini_over_time_refuses_two_forms(panel: pd.DataFrame) -> None:
    both = pd.concat([M.gini_frame(panel, "population"), M.gini_frame(panel, "sample")])
    with pytest.raises(ValueError, match="one Gini form"):
        C.gini_over_time(both)


def test_lorenz_chart(panel: pd.DataFrame, game: Game) -> None:
    lf = M.lorenz_frame({"start": M.worths_at(panel, game.seed, 0),
                         "end": M.worths_at(panel, game.seed, game.turn)})
    chart = C.lorenz_chart(lf)
    assert carries(chart, lf)
    eq = [d for d in datasets(chart) if not same(d, records(lf))]
    assert eq == [[{"population_share": 0.0, "wealth_share": 0.0},
                   {"population_share": 1.0, "wealth_share": 1.0}]]


def test_money_flows_chart(game: Game) -> None:
    flows = M.money_flows(M.transfers(game))
    chart = C.money_flows_chart(flows)
    assert carries(chart, flows)
    assert chart.to_dict()["encoding"]["y"]["field"] == "cumulative"
    assert C.money_flows_chart(flows, cumulative=False).to_dict()["encoding"]["y"]["field"] == "amount"


@pytest.mark.parametrize("color", C.COLOR_BY)
def test_board_chart(game: Game, color: str) -> None:
    rs = game.ruleset
    probs = L.exact(movement_for(rs), "stay")
    lv = L.location_values(rs, probs)
    board = M.game_board_frame(game, probs, dict(zip(lv["index"], lv["expected_rent"], strict=True)))
    tokens = M.tokens_frame(game)
    chart = C.board_chart(board, color, tokens)
    assert carries(chart, board) and carries(chart, tokens)
    spec = chart.to_dict()
    coloured = [lay for lay in layers(spec) if "color" in lay.get("encoding", {})]
    assert coloured[0]["encoding"]["color"]["field"] == color
    # the tokens: a point per player, a colour and a shape per seat (issue 25: colour is never the only cue)
    assert any(lay["mark"]["type"] == "point" and {"fill", "shape"} <= set(lay.get("encoding", {}))
               for lay in layers(spec))


def test_board_chart_bad_colour(game: Game) -> None:
    with pytest.raises(ValueError, match="colour the board by one of"):
        C.board_chart(M.game_board_frame(game), "rainbow")


def test_sweep_views() -> None:
    rows = pd.DataFrame({"regime": ["landlord"] * 50 + ["single tax"] * 50,
                         "gini_population": [i / 100 for i in range(100)],
                         "turn": [i % 10 for i in range(100)]})
    hist = M.histogram(rows, "gini_population", "regime", bins=10)
    chart = C.final_gini_chart(hist, "regime", GINI_FORMS["population"])
    assert carries(chart, hist) and GINI_FORMS["population"] in chart.to_dict()["description"]
    mi = S.interval_table(rows, "turn", "gini_population", "regime")
    chart2 = C.mean_interval_chart(mi, "turn", "regime", "Gini")
    assert carries(chart2, mi)
    marks = [lay["mark"]["type"] for lay in layers(chart2.to_dict())]
    assert marks == ["area", "line"]


def test_final_gini_chart_title_can_be_replaced() -> None:
    hist = M.histogram(pd.DataFrame({"scenario": ["A", "B"], "g": [0.1, 0.3]}), "g", "scenario", bins=4, lo=0, hi=1)
    spec = C.final_gini_chart(hist, "scenario", GINI_FORMS["sample"], title="Final Gini by scenario").to_dict()
    assert spec["title"] == "Final Gini by scenario" and GINI_FORMS["sample"] in spec["description"]
    assert spec["encoding"]["row"]["field"] == "scenario"


def test_win_share_chart() -> None:
    """Bars of the share of games won, grouped by scenario and offset by strategy, with a tick
    at the strategy's share of the seats and the strategy's shape at the bar's end (its second
    cue, issue 25.5); the chart carries exactly the frame."""
    rows = pd.DataFrame({"scenario": ["A"] * 3 + ["B"] * 3, "winner_strategy": ["landlord", "landlord", "tenant"] * 2,
                         "strategy_0": ["landlord"] * 6, "strategy_1": ["tenant"] * 6})
    shares = M.win_shares(rows, "scenario")
    chart = C.win_share_chart(shares, "scenario")
    assert carries(chart, shares)
    bars, ticks, ends = layers(chart.to_dict())
    assert (bars["mark"]["type"], ticks["mark"]["type"], ends["mark"]["type"]) == ("bar", "tick", "point")
    assert bars["encoding"]["x"]["field"] == "win_share" and ticks["encoding"]["x"]["field"] == "seat_share"
    assert ends["encoding"]["x"]["field"] == "win_share" and ends["encoding"]["shape"]["field"] == "strategy"
    for enc in (bars["encoding"], ticks["encoding"], ends["encoding"]):
        assert (enc["y"]["field"], enc["yOffset"]["field"]) == ("scenario", "strategy")
    with pytest.raises(ValueError, match="needs columns seat_share"):
        C.win_share_chart(shares.drop(columns="seat_share"), "scenario")


def test_flow_means_chart() -> None:
    rows = pd.DataFrame({"scenario": ["A", "B"], "flow_rent": [10, 20], "flow_wages": [200, 200]})
    means = M.flow_means(rows, "scenario")
    chart = C.flow_means_chart(means, "scenario", title="Mean money per game by kind of flow")
    spec = chart.to_dict()
    assert carries(chart, means) and spec["title"] == "Mean money per game by kind of flow"
    enc = spec["encoding"]
    assert (enc["x"]["field"], enc["y"]["field"], enc["yOffset"]["field"], enc["color"]["field"]) == (
        "mean_per_game", "flow", "scenario", "scenario")
    with pytest.raises(ValueError, match="needs columns regime"):
        C.flow_means_chart(means)


def test_landing_chart() -> None:
    df = L.landing_frame(load_ruleset("magie-1904"), movement_for(load_ruleset("magie-1904")))
    chart = C.landing_chart(df)
    assert carries(chart, df)


def test_large_frames_must_be_aggregated() -> None:
    big = pd.DataFrame({"turn": range(C.MAX_ROWS + 1), "regime": "a", "mean": 0.0, "lo": 0.0,
                        "hi": 0.0, "n": 1})
    with pytest.raises(ValueError, match="aggregate first"):
        C.mean_interval_chart(big)
    with pytest.raises(ValueError, match="needs columns"):
        C.lorenz_chart(pd.DataFrame({"x": [1]}))


@pytest.mark.parametrize("suffix, magic", [(".png", b"\x89PNG"), (".svg", b"<svg")])
def test_save_png_and_svg(tmp_path: Path, suffix: str, magic: bytes, game: Game) -> None:
    chart = C.landing_chart(L.landing_frame(game.ruleset, movement_for(game.ruleset)))
    out = C.save(chart, tmp_path / f"fig{suffix}")
    assert out.read_bytes().startswith(magic)
    with pytest.raises(ValueError, match=r"\.png or \.svg"):
        C.save(chart, tmp_path / "fig.pdf")


def test_jupyter_chart_is_offline() -> None:
    """The recipe: JupyterChart renders without internet only in offline mode, switched on in
    the package before the first chart."""
    chart = C.landing_chart(L.landing_frame(load_ruleset("magie-1904"), movement_for(load_ruleset("magie-1904"))))
    jc = C.jupyter_chart(chart)
    assert isinstance(jc, alt.JupyterChart)
    assert C._offline
    esm = str(jc._esm)
    assert "esm.sh" not in esm and len(esm) > 100_000  # the bundled JavaScript, not a CDN import


def test_cli_chart_writes_a_figure(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "gini.svg"
    assert main(["chart", "gini", "--form", "sample", "--seed", "3", "--out", str(out)]) == 0
    text = out.read_text()
    assert text.startswith("<svg") and "sample form" in text
    with pytest.raises(SystemExit) as exc:
        main(["chart", "board", "--out", str(tmp_path / "x.pdf")])
    assert exc.value.code == 2 and ".png or .svg" in capsys.readouterr().err


def test_cli_sweep_charts(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """final-gini draws a file of one row per game (simulate --out); gini-band plays games."""
    data = tmp_path / "runs.csv"
    assert main(["simulate", "--games", "12", "--out", str(data)]) == 0
    out = tmp_path / "final.svg"
    assert main(["chart", "final-gini", "--data", str(data), "--out", str(out)]) == 0
    assert out.read_text().startswith("<svg")
    band = tmp_path / "band.svg"
    assert main(["chart", "gini-band", "--games", "3", "--form", "sample", "--out", str(band)]) == 0
    assert "sample form" in band.read_text()
    capsys.readouterr()
    for argv, message in ((["chart", "final-gini", "--out", str(out)], "--data"),
                          (["chart", "final-gini", "--data", str(data), "--by", "regime", "--out", str(out)],
                           "no column 'regime'")):
        with pytest.raises(SystemExit) as exc:
            main(argv)
        assert exc.value.code == 2 and message in capsys.readouterr().err


def test_jupyter_chart_reads_the_bundle_a_server_wrote(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A kit server bundles the offline charts' code once, serves it as a static file of the
    kit's template and names the file to its kernels (``LANDLORD_CHART_BUNDLE``); a kernel's
    charts then import it from the page's own server instead of each carrying the code."""
    bundle = tmp_path / STATIC / bundle_name()
    bundle.parent.mkdir(parents=True)
    bundle.write_text("/* the bundle */", encoding="utf-8")
    monkeypatch.setenv(BUNDLE_ENV, str(bundle))
    monkeypatch.setattr(C, "_offline", False)
    monkeypatch.setattr(alt.JupyterChart, "_is_offline", False)
    monkeypatch.setattr(alt.JupyterChart, "_esm", "import from a CDN")
    C.enable_offline()
    assert alt.JupyterChart._is_offline and "the bundle" not in alt.JupyterChart._esm
    assert f'"templates/landlord/static/{bundle_name()}"' in alt.JupyterChart._esm
    assert "document.body.dataset.baseUrl" in alt.JupyterChart._esm and "http" not in alt.JupyterChart._esm
    assert bundle_root(bundle) == tmp_path


@pytest.mark.parametrize("name", ["charts-offline-altair0.0-vlconvert0.0.js", None])
def test_a_bundle_of_other_versions_or_missing_is_not_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                          name: str | None) -> None:
    """Only a bundle of this install's Altair and vl-convert that exists is read; otherwise the
    kernel bundles its own (slower, never broken)."""
    bundle = tmp_path / STATIC / (name or bundle_name())
    if name:
        bundle.parent.mkdir(parents=True)
        bundle.write_text("/* old */", encoding="utf-8")
    monkeypatch.setenv(BUNDLE_ENV, str(bundle))
    assert bundle_from_env() is None
    unserved = tmp_path / bundle_name()  # this version, but where no server serves it
    unserved.write_text("/* not served */", encoding="utf-8")
    monkeypatch.setenv(BUNDLE_ENV, str(unserved))
    assert bundle_from_env() is None


def test_the_bundle_is_written_once_and_holds_no_cdn_import(tmp_path: Path) -> None:
    path = write_bundle(tmp_path / "cache")
    text = path.read_text(encoding="utf-8")
    assert path == tmp_path / "cache" / STATIC / bundle_name() and len(text) > 100_000 and "esm.sh" not in text
    stamp = path.stat().st_mtime_ns
    assert write_bundle(tmp_path / "cache") == path and path.stat().st_mtime_ns == stamp


def test_board_chart_legends_agree(game: Game) -> None:
    """Issue 38.4: in ``landlord chart board`` a player has one colour in both legends (the lots
    held and the tokens), whoever holds a lot first: both take the players in seat order."""
    board = M.game_board_frame(game)
    tokens = M.tokens_frame(game)
    spec = C.board_chart(board, "owner", tokens).to_dict()
    scales = [enc[ch]["scale"] for lay in layers(spec) for enc in [lay.get("encoding", {})]
              for ch in ("color", "fill") if ch in enc and enc[ch].get("field") in ("owner", "player")]
    assert len(scales) == 2 and all(s["domain"] == list(game.names) for s in scales)
    assert scales[0]["range"] == scales[1]["range"] == list(SEAT_COLOURS[:len(game.names)])
