"""The kit's one door for files (:mod:`landlord.data.files`) and its one way in for saved games
(:func:`landlord.players.savefile.load_game`): the same hostile files — too large, not UTF-8, nested too
deeply, huge or infinite numbers, wrong types, truncated, empty, a folder, missing — fed to
every caller that reads them: the loader (rulesets, boards), the decks, scenarios, positions and
saved games, the command line, the game table's upload and the scenario lab's. Each refuses in
one line naming the file (with the same words for what the door refuses), and loses nothing:
the file is unchanged, and the table keeps its game and the lab its set-up."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import run_cli
from landlord.widgets.session import TableSession

from landlord.data.decks import load_deck
from landlord.data.files import check_values, parse_json, parse_toml
from landlord.data.loader import board_path, load_board, load_ruleset, load_ruleset_ref, ruleset_path
from landlord.data.position import load_position
from landlord.data.resources import kit_dir
from landlord.engine.game import Game
from landlord.engine.record import kit_version
from landlord.errors import DataError
from landlord.limits import MAX_DEPTH, MAX_FILE_BYTES, MAX_INT
from landlord.players import savefile
from landlord.players.characters import make_strategy
from landlord.rules.families import FamilyGame
from landlord.runs.scenario import load_scenario

ROOT = Path(__file__).resolve().parents[1]
DEEP = 100_000


def saved_game() -> bytes:
    """A half-played game's saved file (two bots, two people)."""
    game = FamilyGame(load_ruleset("magie-1904"), [None, make_strategy("landlord"), None, make_strategy("tenant")], 3)
    game.run(max_decisions=30)
    return json.dumps(savefile.to_dict(game, [None, "landlord", None, "tenant"]), indent=1).encode()


GOOD_TOML = {
    "ruleset": ruleset_path("magie-1904"),
    "board": board_path("landlords-game-1904"),
    "deck": kit_dir("data") / "decks" / "monopoly-us-chance.toml",
    "scenario": ROOT / "scenarios" / "tax-at-turn-20.toml",
    "position": kit_dir("data") / "positions" / "magie-1904-borrowers.toml",
}


def toml_cases(good: bytes) -> dict[str, tuple[bytes, str | None]]:
    """Hostile TOML files made from a good one: name -> (bytes, the words the refusal says)."""
    text = good.decode()
    mid = text.index("\n", len(text) // 2)
    return {
        "too large": (b"# " + b"x" * MAX_FILE_BYTES + b"\n" + good, "too large"),
        "not UTF-8": (b"# caf\xe9\n" + good, "not UTF-8"),
        "nested very deeply": (b"x = " + b"[" * DEEP + b"]" * DEEP + b"\n", "nested too deeply"),
        "nested just too deeply": (b"x = " + b"[" * (MAX_DEPTH + 1) + b"]" * (MAX_DEPTH + 1) + b"\n" + good,
                                   "nested too deeply"),
        "a number wider than 64 bits": (good + b"\nhuge = " + str(MAX_INT + 1).encode() + b"\n", "out of range"),
        "a number of 5000 digits": (b"x = " + b"9" * 5000 + b"\n" + good, "too long"),
        "infinity": (good + b"\nforever = inf\n", "not a number"),
        "not a number": (good + b"\nnothing = nan\n", "not a number"),
        "wrong type": (re.sub(r'(?m)^(\w+) = "[^"\n]*"$', r"\1 = 3", text, count=1).encode(), None),
        "wrong type at the top": (b"x = 3\n", None),
        "truncated": (text[:mid].encode() + b"\n[[", "not valid TOML"),
        "cut in a string": (good[: good.index(b' = "') + 6], "not valid TOML"),
        "not TOML": (b"\x00\x01 not toml [[[", None),
        "empty": (b"", None),
    }


def json_cases(good: bytes) -> dict[str, tuple[bytes, str | None]]:
    """Hostile saved games made from a good one: name -> (bytes, the words the refusal says)."""
    def seed(value: str) -> bytes:
        return re.sub(rb'"seed": \d+', b'"seed": ' + value.encode(), good, count=1)

    return {
        "too large": (b" " * (MAX_FILE_BYTES + 1) + good, "too large"),
        "not UTF-8": (b"\xff\xfe" + good, "not UTF-8"),
        "nested very deeply": (b"[" * DEEP + b"]" * DEEP, "nested too deeply"),
        "nested just too deeply": (b"[" * (MAX_DEPTH + 1) + b"]" * (MAX_DEPTH + 1), "nested too deeply"),
        "a number wider than 64 bits": (seed(str(MAX_INT + 1)), "out of range"),
        "a seed past 2**63": (seed(str(2**63)), "2**63"),
        "a number of 5000 digits": (seed("9" * 5000), "too long"),
        "infinity": (seed("1e999"), "not a number"),
        "not a number": (seed("NaN"), "not a number"),
        "wrong type": (seed('"ten"'), "seed"),
        "wrong type at the top": (b'["a list"]', "expected a JSON object"),
        "truncated": (good[: len(good) // 2], "not JSON"),
        "not JSON": (b"\x00\x01 not json at all", "not JSON"),
        "empty": (b"", "empty"),
        "blank": (b"  \n\t\n", "empty"),
    }


PATH_ONLY: dict[str, str] = {"a folder": "not a file", "missing": "not found"}
LOADS = {("position", "empty")}
"""An empty position file is a position that describes nothing (the rules' own opening)."""


def refused(call: Callable[[], object], name: str, words: str | None) -> str:
    """``call`` raises one DataError line naming ``name`` (and saying ``words``)."""
    with pytest.raises(DataError) as info:
        call()
    message = str(info.value)
    assert "\n" not in message and name in message, message
    assert words is None or words in message, (words, message)
    return message


def put(tmp_path: Path, case: str, raw: bytes | None, suffix: str) -> Path:
    """The hostile file on disk (``raw`` None: a folder, or nothing for "missing")."""
    folder = tmp_path / re.sub(r"\W+", "-", case)
    folder.mkdir(exist_ok=True)
    path = folder / f"hostile{suffix}"
    if raw is not None:
        path.write_bytes(raw)
    elif case == "a folder":
        path.mkdir()
    return path


TOML_READERS: dict[str, Callable[[Path], object]] = {
    "ruleset": lambda p: load_ruleset_ref(str(p)),
    "board": load_board,
    "deck": load_deck,
    "scenario": load_scenario,
    "position": load_position,
}
TOML_CLI: dict[str, Callable[[Path, Path], list[str]]] = {
    "ruleset": lambda p, t: ["replay", "--ruleset", str(p)],
    "scenario": lambda p, t: ["sweep", str(p), "--out", str(t / "out.parquet")],
    "position": lambda p, t: ["replay", "--position", str(p)],
}


@pytest.mark.parametrize("kind", sorted(GOOD_TOML))
def test_every_toml_reader_refuses_every_hostile_file_in_one_line(tmp_path: Path, kind: str,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    good = GOOD_TOML[kind].read_bytes()
    read = TOML_READERS[kind]
    assert read(put(tmp_path, "good", good, ".toml"))  # the good file loads
    cases: dict[str, tuple[bytes | None, str | None]] = {**toml_cases(good)}
    cases.update({case: (None, words) for case, words in PATH_ONLY.items()})
    for case, (raw, words) in cases.items():
        path = put(tmp_path, case, raw, ".toml")
        if (kind, case) in LOADS:
            assert read(path)
            continue
        refused(lambda: read(path), path.name, words)  # noqa: B023 - called at once
        assert raw is None or path.read_bytes() == raw, case  # nothing written
        if kind in TOML_CLI:
            code, _, err = run_cli(capsys, *TOML_CLI[kind](path, tmp_path))
            assert code == 2 and len(err.strip().splitlines()) == 1 and path.name in err, (case, err)
            # a folder or a missing file: the command line's own "no ruleset file …" is as good
            assert words is None or words in err or raw is None, (case, words, err)
            assert "Traceback" not in err and "unexpected" not in err, (case, err)
    assert not (tmp_path / "out.parquet").exists()


def test_every_saved_game_reader_refuses_every_hostile_file_in_one_line(tmp_path: Path,
                                                                        capsys: pytest.CaptureFixture[str]) -> None:
    """load_game (a path, bytes), TableSession.load/from_bytes and
    ``landlord replay --game``: the same one line for every hostile saved game."""
    good = saved_game()
    assert savefile.load_game(good).turn == savefile.load_game(put(tmp_path, "good", good, ".json")).turn
    cases: dict[str, tuple[bytes | None, str | None]] = {**json_cases(good)}
    cases.update({case: (None, words) for case, words in PATH_ONLY.items()})
    for case, (raw, words) in cases.items():
        path = put(tmp_path, case, raw, ".json")
        for call in (lambda: savefile.load_game(path), lambda: TableSession.load(path)):  # noqa: B023
            refused(call, path.name, words)
        code, _, err = run_cli(capsys, "replay", "--game", str(path))
        assert code == 2 and len(err.strip().splitlines()) == 1 and path.name in err, (case, err)
        assert words is None or words in err, (case, words, err)
        if raw is None:
            continue
        assert path.read_bytes() == raw
        for call in (lambda: savefile.load_game(raw, "up.json"),  # noqa: B023
                     lambda: TableSession.from_bytes(raw, "up.json")):  # noqa: B023
            refused(call, "up.json", words)


def test_the_table_and_the_lab_keep_what_they_hold_after_every_hostile_upload() -> None:
    """The game table's upload button and the lab's scenario upload: one line naming the
    uploaded file, with the door's words; the table keeps its game, the lab its set-up."""
    from landlord.widgets import GameTable, ScenarioLab

    good = saved_game()
    table = GameTable("magie-1904", [("P1", None), ("P2", None)], seed=3)
    for _ in range(4):
        next(iter(table.option_buttons().values())).click()
    game, log = table.game, table.game.log_text()
    for case, (raw, words) in json_cases(good).items():
        assert not table.load_bytes(raw, "hostile.json"), case
        msg = table.message.value
        assert "Could not load" in msg and "hostile.json" in msg and "current game is kept" in msg, (case, msg)
        assert words is None or words in msg.replace("&#x27;", "'"), (case, words, msg)
        assert table.game is game and table.game.log_text() == log, case
    assert table.load_bytes(good, "good.json") and table.game.turn == savefile.load_game(good).turn

    lab = ScenarioLab(games=6, seed=100)
    before = (lab.a.strategies.value, lab.games.value, lab.seed.value, lab.compare.value)
    scenario = b'[scenario]\ntitle = "small"\nruleset = "magie-1904"\ngames = 4\nseed = 7\n[grid]\nwages = [100, 150]\n'
    for case, (raw, words) in toml_cases(scenario).items():
        assert not lab.load_scenario(raw, "hostile.toml"), case
        msg = lab.message.value.replace("&#x27;", "'")
        assert "Could not load hostile.toml" in msg, (case, msg)
        assert words is None or words in msg, (case, words, msg)
        assert (lab.a.strategies.value, lab.games.value, lab.seed.value, lab.compare.value) == before, case
    assert lab.load_scenario(scenario, "good.toml"), lab.message.value


def test_a_record_of_another_kit_that_does_not_replay_says_so_at_every_door(tmp_path: Path,
                                                                            capsys: pytest.CaptureFixture[str]) -> None:
    """The table used to drop the record's kit version (its "played under version …" line);
    now the command line, load_game and the table say the same."""
    data = json.loads(saved_game())
    data["kit"] = "0.0.1+rules.00000000"
    data["entries"].append("fly to the moon")
    raw = json.dumps(data).encode()
    path = tmp_path / "old.json"
    path.write_bytes(raw)
    words = "played under version 0.0.1+rules.00000000 of the kit"
    assert kit_version() in refused(lambda: savefile.load_game(raw, "old.json"), "old.json", words)
    refused(lambda: TableSession.from_bytes(raw, "old.json"), "old.json", words)
    code, _, err = run_cli(capsys, "replay", "--game", str(path))
    assert code == 2 and words in err and len(err.strip().splitlines()) == 1, err
    from landlord.widgets import GameTable

    table = GameTable("magie-1904", [("P1", None), ("P2", None)], seed=3)
    assert not table.load_bytes(raw, "old.json") and words in table.message.value
    data["ruleset"] = "a-ruleset-of-the-future"
    assert "0.0.1+rules.00000000" in refused(lambda: savefile.load_game(data, "new.json"), "new.json",
                                             "a-ruleset-of-the-future")


def test_loading_a_saved_game_builds_one_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """The table's load replays the record once; no game is built, played to its first
    decision and thrown away."""
    raw = saved_game()
    built = []
    init = Game.__init__

    def counting(self: Game, *args: object, **kwargs: object) -> None:
        built.append(self)
        init(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Game, "__init__", counting)
    session = TableSession.from_bytes(raw, "g.json")
    assert len(built) == 1 and session.game is built[0]
    assert session.history[-1]["k"] == len(session.game.entries)
    again = TableSession.from_game(session.game)
    again.rebuild(session.game.record, history=True)  # the history as a rewind rebuilds it
    assert again.history == session.history
    assert session.bots == [None, "landlord", None, "tenant"]


def test_the_door_names_where_in_the_file_a_bad_number_is() -> None:
    with pytest.raises(DataError, match=r"^g.json: entries\[2\]: number out of range"):
        parse_json(b'{"entries": [1, 2, ' + str(-MAX_INT - 1).encode() + b"]}", "g.json")
    with pytest.raises(DataError, match=r"^x.toml: params.wages: field 'value': inf is not a number"):
        parse_toml('[params.wages]\nvalue = inf\n', "x.toml")
    check_values({"a": [MAX_INT, -MAX_INT, 1.5, True]}, "fine")


def test_only_the_door_turns_file_bytes_into_toml_or_json() -> None:
    """No module of the kit but :mod:`landlord.data.files` parses TOML, or JSON from a file."""
    for path in [*(ROOT / "landlord").rglob("*.py"), *(ROOT / "widgets").rglob("*.py")]:
        if path.name in ("files.py", "serve.py"):  # serve.py: voila's own config (another slice)
            continue
        text = path.read_text(encoding="utf-8")
        assert "tomllib" not in text, path
        assert not re.search(r"json\.loads?\([^)]*read_(text|bytes)|json\.load\(", text), path
        assert "_check," not in text and "_read(" not in text, path
