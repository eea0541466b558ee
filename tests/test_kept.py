"""The lessons' reveals read their games from ``data/played/`` (issue 38.6: a reveal shows its
figures promptly): every kept file says where it comes from and was played by this kit's rules,
its first seeds are what the measurement plays now, each reveal is answered by a kept file
without playing a game, and a kept file never answers for other arguments or another kit."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from landlord.engine.record import kit_version
from landlord.runs import decompose, keep_lessons, kept, measures
from landlord.runs import simulate as simulate_module

REGENERATE = f"played by another version of the kit's rules: regenerate with {kept.COMMAND}"


def kept_files() -> list[Path]:
    return sorted(kept.folder().glob("*.jsonl"))


def test_every_lesson_measurement_is_kept_with_its_provenance() -> None:
    with kept.recording() as made:
        for measure in keep_lessons.lesson_measurements(games=1):
            measure()
    assert sorted(f.stem for f in kept_files()) == sorted(made)
    for f in kept_files():
        head = json.loads(f.read_text(encoding="utf-8").splitlines()[0])
        assert {"what", "args", "seeds", "kit", "made", "command", "provenance"} <= set(head), f.name
        assert head["command"] == kept.COMMAND and head["provenance"].startswith("kit_measurement")
        assert head["kit"] == kit_version(), f"{f.name}: {REGENERATE}"
        assert head["args"] == made[f.stem][0], f.name


def test_the_kept_games_are_the_games_played_now() -> None:
    """The first two seeds of every kept file, played again now, give the same records."""
    with kept.recording() as made:
        for measure in keep_lessons.lesson_measurements(games=2):
            measure()
    for name, (args, fresh, _) in made.items():
        records = kept.kept(name, args)
        assert records, f"{name}: no kept file answers for these arguments ({REGENERATE})"
        for seed, record in fresh.items():
            assert kept.same(record, records[seed]), (name, seed)


@pytest.fixture
def no_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """Playing a game fails: what answers must be a kept file."""
    def refused(*_: Any, **__: Any) -> Any:
        raise AssertionError("a game was played")

    for module in (decompose, measures):
        monkeypatch.setattr(module, "play_one", refused)
    monkeypatch.setattr(simulate_module, "simulate", refused)


def test_each_reveal_is_answered_by_its_kept_games(no_games: None) -> None:
    """The reveals of lessons 1, 2, 3 and 5, as the lessons call them, play no game."""
    from landlord.widgets.decomposition import decomposition_view, in_order_view, parts_view
    from landlord.widgets.measures import jumps_html

    from landlord.widgets import reveals

    jumps = measures.switch_games("magie-1906", ["landlord", "tenant", "speculator", "landlord"], range(200),
                                  "round:15")
    assert "games of the computer players" in jumps_html(jumps, "at round 15")
    for view in (lambda: reveals.richest_in_games(games=200), lambda: reveals.wages_against_single_tax(games=100),
                 lambda: reveals.single_tax_final_gini(games=100), lambda: parts_view(games=200),
                 lambda: decomposition_view(games=100), lambda: in_order_view(games=100)):
        assert view() is not None


def test_lesson_2_s_final_reveal_shows_its_numbers(no_games: None) -> None:
    from landlord.widgets import reveals

    box = reveals.single_tax_final_gini(games=100)
    words = box.children[1].value
    for way in reveals.SINGLE_TAX_WHEN.values():
        assert f"<td>{way}</td>" in words
    assert "mean final Gini" in words and "95% interval" in words


def test_a_kept_file_answers_only_its_own_arguments_and_kit(monkeypatch: pytest.MonkeyPatch) -> None:
    name = "british1913-rates"
    args = {"ruleset": "british-1913-part2", "what_if": decompose.RATES_WHAT_IF,
            "seats": list(decompose.BRITISH_1913_SEATS)}
    assert len(kept.kept(name, args)) == 100
    assert kept.kept(name, {**args, "seats": ["tenant"] * 4}) == {}
    played: list[int] = []
    assert kept.per_seed(name, args, [0, 1], lambda s: played.append(s)) == [kept.kept(name, args)[s] for s in (0, 1)]
    assert played == []
    again = kept.per_seed(name, args, [0, 100], lambda s: played.append(s) or {"seed": s})
    assert again == [{"seed": 0}, {"seed": 100}]
    assert played == [0, 100]  # seed 100 is not kept: every seed is played
    monkeypatch.setattr("landlord.engine.record.kit_version", lambda: "0.0.0+rules.other")
    assert kept.kept(name, args) == {}
