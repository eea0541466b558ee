"""The class benchmark's repeated floods (``benchmarks/bench_class.py --repeat``, its machinery
in ``tests/class_load.py``): each round is named, and a flood's rounds are pooled against the
calm windows just before them, and only against those. No server: the windows and their clicks are made here."""

from __future__ import annotations

import class_load
import pytest
from class_load import FLOODS, Window, is_round, pooled_floods, round_label


def test_a_flood_done_once_keeps_its_own_name_and_each_round_of_several_is_numbered() -> None:
    assert round_label(FLOODS[0], 0, 1) == "widget update flood"
    assert round_label(FLOODS[0], 1, 3) == "widget update flood (2 of 3)"
    assert is_round("widget update flood (2 of 3)", FLOODS[0])
    assert is_round("binary frames", "binary frames")
    # a calm window is not a round of the flood it comes before, nor one flood another's
    assert not is_round("calm before the binary frames (1 of 3)", "binary frames")
    assert not is_round("second-ballot flood (refused writes)", "second-ballot flood")


def test_a_flood_s_rounds_are_pooled_against_its_own_calm_windows() -> None:
    flood, other = FLOODS[2], FLOODS[3]
    windows: list[Window] = []
    clicks: dict[str, list[float]] = {}
    for i, (calm, during) in enumerate([(100.0, 120.0), (300.0, 150.0)]):
        for label, ms in ((f"calm before the {flood}", calm), (flood, during)):
            w = Window(round_label(label, i, 2), t0=float(len(windows)), t1=float(len(windows) + 1))
            windows.append(w)
            clicks[w.label] = [ms] * 10
    windows.append(Window(f"calm before the {other}", 10.0, 11.0))
    clicks[windows[-1].label] = [5000.0] * 10  # another flood's calm: not this one's
    pooled = {p["label"]: p for p in pooled_floods(windows, lambda w: clicks[w.label])}
    got = pooled[flood]
    # nearest rank p95 of 20 clicks is the 19th: the slower round's 150 ms, against 300 ms
    assert (got["rounds"], got["n"], got["p95"]) == (2, 20, 150.0)
    assert (got["before_n"], got["before_p95"]) == (20, 300.0)
    assert pooled[other]["rounds"] == 0 and pooled[other]["n"] == 0


@pytest.mark.parametrize("value", ["0", "-2", "two"])
def test_repeat_refuses_a_count_below_one_and_names_it(value: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        class_load.parser().parse_args(["--faults", "--repeat", value])
    assert "--repeat" in capsys.readouterr().err
