"""A game is its record (issue 13): every input an entry, one replay, a versioned file format."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

import landlord
from landlord.data.loader import load_ruleset
from landlord.engine.codec import read_record, write_record
from landlord.engine.game import Game
from landlord.engine.record import VERSION, kit_version
from landlord.engine.replay import child, clone
from landlord.errors import DataError, IllegalAction
from landlord.players import savefile
from landlord.players.characters import make_strategy
from landlord.rules.families import FamilyGame, replay

BOTS = ("landlord", "tenant", "speculator", "random")


def _game(rid: str, seed: int = 4, decisions: int | None = None) -> Game:
    g = FamilyGame(load_ruleset(rid), [make_strategy(b, f"{seed}-{i}") for i, b in enumerate(BOTS)], seed)
    g.run(max_decisions=decisions)
    return g


@pytest.mark.parametrize("rid", ["magie-1904", "magie-1906", "british-1913-sequence", "monopoly"])
def test_every_input_is_an_entry_and_the_record_replays(rid: str) -> None:
    """Answers, throws and shuffles are all in the record, in order; its JSON form replays to
    the same log, entries and balances."""
    g = _game(rid)
    kinds = {e[0] for e in g.entries if isinstance(e, tuple)}
    assert "dice" in kinds and "shuffle" in kinds
    assert [e for e in g.entries if isinstance(e, str)] == g.actions
    throws = [e.get("dice") for e in g.events or [] if e.kind == "throw"]
    assert throws == [f"{e[1]}+{e[2]}" for e in g.entries if isinstance(e, tuple) and e[0] == "dice"]
    again = replay(read_record(json.loads(json.dumps(write_record(g.record)))))
    assert again.log_text() == g.log_text() and again.entries == g.entries
    assert again.ledger.balances == g.ledger.balances


def test_recorded_chance_is_used_on_replay() -> None:
    """The record, not the RNG, decides on replay: a recorded throw changed to another possible
    throw is replayed as recorded (so a record replays alike whatever the RNG gives)."""
    g = _game("magie-1904", decisions=30)
    data = write_record(g.record)
    last = max(i for i, e in enumerate(data["entries"]) if isinstance(e, list) and e[0] == "dice")
    a, b = data["entries"][last][1:]
    data["entries"] = data["entries"][:last + 1]
    data["entries"][last] = ["dice", 7 - a, 7 - b]
    again = replay(read_record(data))
    assert [e.get("dice") for e in again.events or [] if e.kind == "throw"][-1] == f"{7 - a}+{7 - b}"


@pytest.mark.parametrize(("entry", "needle"), [
    (["dice", 7, 1], "not a possible dice outcome"),
    (["pick", 0], "chance decides here (dice)"),
    ("buy", "chance decides here (dice)"),
])
def test_a_record_that_does_not_replay_names_its_entry(entry: object, needle: str) -> None:
    g = _game("magie-1904", decisions=0)
    data = write_record(g.record)
    first = next(i for i, e in enumerate(data["entries"]) if isinstance(e, list) and e[0] == "dice")
    data["entries"][first] = entry
    with pytest.raises(DataError) as info:
        savefile.load_game(data, "g.json")
    assert f"entries[{first}]" in str(info.value) and needle in str(info.value)


def test_another_version_gets_one_line_naming_it() -> None:
    data = write_record(_game("magie-1904", decisions=3).record)
    data["version"] = VERSION + 1
    with pytest.raises(DataError) as info:
        savefile.load_game(data, "g.json")
    text = str(info.value)
    assert "\n" not in text and f"version {VERSION + 1}" in text and "g.json" in text


def test_a_version_1_table_save_loads_with_its_switch_in_place() -> None:
    """Version 1 (before chance was recorded): answers under ``actions``, the table's phase
    switches under ``table.switches`` as [answers before it, phase]."""
    g = FamilyGame(load_ruleset("magie-1906"), [None] * 3, 5)
    while len(g.actions) < 12:
        g.run(max_decisions=1) if g.strategies[0] else g.act(g.pending.options[0])  # type: ignore[union-attr]
    g.switch_phase("single_tax", "table")
    for _ in range(5):
        g.act(g.pending.options[0])  # type: ignore[union-attr]
    v1 = {"format": "landlord-game", "version": 1, "ruleset": "magie-1906", "overrides": {}, "seed": 5,
          "names": g.names, "seats": [None] * 3, "actions": g.actions, "triggers": [],
          "table": {"switches": [[12, "single_tax"]]}}
    loaded = savefile.load_game(v1)
    assert loaded.log_text() == g.log_text() and loaded.phase == "single_tax"


def test_clone_and_child_leave_the_game_as_it_was() -> None:
    g = _game("monopoly", decisions=40)
    before = (g.log_text(), list(g.entries), list(g.ledger.balances))
    twin = clone(g)
    assert twin.log_text() == g.log_text() and twin.pending == g.pending
    choice = g.pending.options[-1]  # type: ignore[union-attr]
    kid = child(g, choice)
    assert (g.log_text(), g.entries, g.ledger.balances) == before
    assert kid.entries[:len(g.entries) + 1] == [*g.entries, choice]
    with pytest.raises(IllegalAction):
        child(g, "no such option")


def test_scripted_dice_are_thrown_and_recorded() -> None:
    """``Game.script_dice``: the next throws are the scripted ones, recorded like any throw, so
    the game replays from its record."""
    g = FamilyGame(load_ruleset("magie-1904"), [make_strategy("landlord", 0), make_strategy("tenant", 1)], 9)
    g.script_dice([(6, 6), (1, 2)])
    start = len(g.entries)
    g.run(max_decisions=60)
    throws = [e for e in g.entries[start:] if isinstance(e, tuple) and e[0] == "dice"]
    assert throws[:2] == [("dice", 6, 6), ("dice", 1, 2)] and not g.scripted
    assert replay(g.record).log_text() == g.log_text()


def test_an_unknown_field_is_refused() -> None:
    """A version 2 file is read strictly: a field it does not have (a version 1 ``actions``)
    is named, not ignored."""
    data = write_record(_game("magie-1904", decisions=3).record)
    data["actions"] = ["buy"]
    with pytest.raises(DataError) as info:
        savefile.load_game(data, "g.json")
    assert "field 'actions'" in str(info.value) and "unknown" in str(info.value)


def test_a_save_carries_the_kit_version_it_was_played_under() -> None:
    data = write_record(_game("magie-1904", decisions=3).record)
    assert data["kit"] == kit_version() and read_record(data).kit == kit_version()


def test_the_kit_version_changes_with_the_rules_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The kit version digests the rules' data and code: a ruleset file changed gives another
    version (so a record names the rules it was played under, not only the package's number)."""
    import landlord.data.resources

    here = kit_version()
    kit_dir = landlord.data.resources.kit_dir
    shutil.copytree(kit_dir("data"), tmp_path / "data")
    rs = tmp_path / "data" / "rulesets" / "magie-1904.toml"
    rs.write_text(rs.read_text(encoding="utf-8") + "\n# changed\n", encoding="utf-8")
    monkeypatch.setattr(landlord.data.resources, "kit_dir",
                        lambda name: tmp_path / "data" if name == "data" else kit_dir(name))
    kit_version.cache_clear()
    try:
        assert kit_version() != here and kit_version().split("+")[0] == here.split("+")[0]
    finally:
        kit_version.cache_clear()


def test_a_record_of_another_kit_version_loads_when_it_replays() -> None:
    g = _game("magie-1906", decisions=40)
    data = write_record(g.record)
    data["kit"] = "0.0.9+rules.0badf00d"
    loaded = savefile.load_game(data, "g.json")
    assert loaded.log_text() == g.log_text()


@pytest.mark.parametrize("kit", ["0.0.9+rules.0badf00d", None])
def test_a_record_of_another_kit_version_that_does_not_replay_names_both_versions(kit: str | None) -> None:
    """Issue 15: a class recorded before a rule change stopped replaying mid-record with no
    word of why; the one-line error now says under which kit version the record was played
    and which this is (a record that names no version: an earlier kit)."""
    data = write_record(_game("magie-1906", decisions=40).record)
    last = max(i for i, e in enumerate(data["entries"]) if isinstance(e, str))
    data["entries"][last] = "no such answer"
    if kit is None:
        del data["kit"]
    else:
        data["kit"] = kit
    with pytest.raises(DataError) as info:
        savefile.load_game(data, "g.json")
    text = str(info.value)
    then = f"version {kit} of the kit" if kit else "an earlier version of the kit (before records named it)"
    assert "\n" not in text and f"entries[{last}] does not replay" in text
    assert f"played under {then}, and this is version {kit_version()}" in text


def test_a_record_of_this_kit_version_that_does_not_replay_says_no_more() -> None:
    data = write_record(_game("magie-1906", decisions=40).record)
    last = max(i for i, e in enumerate(data["entries"]) if isinstance(e, str))
    data["entries"][last] = "no such answer"
    with pytest.raises(DataError) as info:
        savefile.load_game(data, "g.json")
    assert "played under" not in str(info.value)


def test_a_trigger_added_during_the_game_is_an_entry_and_replays() -> None:
    """A class's phase plan opens a vote at round N (``Game.add_trigger``): an entry of the
    record, not a trigger the game had from the start; the saved record replays to the same
    game (the vote held from that entry on)."""
    rs = load_ruleset("magie-1906")
    g = FamilyGame(rs, [make_strategy(b, f"3-{i}") for i, b in enumerate(BOTS[:3])], 3)
    g.run(max_decisions=30)
    assert g.pending is not None and not g.triggers
    g.add_trigger("single_tax@vote", "class plan")
    g.add_trigger("single_tax@vote", "class plan")  # already there: nothing recorded
    at = len(g.entries) - 1
    g.run(max_decisions=400)
    assert g.entries[at] == {"trigger": "single_tax@vote", "cause": "class plan"}
    assert sum(isinstance(e, dict) and "trigger" in e for e in g.entries) == 1
    assert any(d in g.actions for d in ("call_vote", "no_vote"))
    data = write_record(g.record)
    assert data["triggers"] == [] and data["version"] == VERSION == 3
    again = replay(read_record(json.loads(json.dumps(data))))
    assert again.log_text() == g.log_text() and again.entries == g.entries and again.triggers == g.triggers


def test_a_version_2_file_loads_and_has_no_trigger_entries() -> None:
    g = _game("magie-1904", decisions=30)
    data = write_record(g.record)
    data["version"] = 2
    loaded = savefile.load_game(data, "g.json")
    assert loaded.log_text() == g.log_text()
    data["entries"].append({"trigger": "single_tax@vote", "cause": "class plan"})
    with pytest.raises(DataError, match=r"entries\[\d+\]: expected .* or a switch"):
        savefile.load_game(data, "g.json")


def test_the_kit_version_digests_the_data_engine_and_rules_layers_whole() -> None:
    """Issue 23: "The record's kit version digests the engine, rules and data folders whole"
    (it once missed ``count.py`` and ``inequality.py``, which decide when a ``gini:X`` switch
    fires): every module under ``landlord/data/``, ``landlord/engine/`` and ``landlord/rules/``
    is digested, and the boards, decks and rulesets."""
    from landlord.engine.record import version_files

    names = {name for name, _ in version_files()}
    package = Path(landlord.__file__).resolve().parent
    for layer in ("data", "engine", "rules"):
        modules = {f"landlord/{f.relative_to(package).as_posix()}" for f in package.joinpath(layer).rglob("*.py")}
        assert modules and modules <= names, sorted(modules - names)
    for need in ("landlord/rules/british1913/turns.py", "landlord/engine/count.py", "landlord/engine/inequality.py",
                 "data/rulesets/british-1913-part1.toml"):
        assert need in names, need
    assert all(path.is_file() for _, path in version_files())


def test_a_record_holds_typed_entries_only() -> None:
    """Issue 39: no ``lenient``: a saved form in a record made in code is refused at once (it
    comes in through the codec, which names the file and the entry)."""
    from landlord.engine.codec import decode
    from landlord.engine.record import Record

    with pytest.raises(TypeError, match=r"entries\[0\] is not a record entry"):
        Record("magie-1904", 1, ["A", "B"], [None, None], ["buy"])  # type: ignore[list-item]
    with pytest.raises(DataError, match=r"g\.json: entries\[7\]: expected an answer"):
        decode(["roll", 3], "g.json", 7)


def test_an_old_class_store_row_is_read_by_the_codec() -> None:
    """A class store row written before the columns: read into the record's own entries, or one
    error naming the store and the row."""
    from landlord.engine.codec import old_row
    from landlord.engine.entries import Answer, Switch, TriggerAdded

    assert old_row({"kind": "act", "seat": 2, "option": "buy"}, "class.sqlite", 0) == \
        (Answer("buy"), 2, "student", None)
    assert old_row({"kind": "switch", "phase": "single_tax"}, "class.sqlite", 1)[0] == Switch("single_tax", "teacher")
    assert old_row({"kind": "open_vote", "phase": "single_tax"}, "class.sqlite", 2)[0] == \
        TriggerAdded("single_tax@vote", "class plan")
    with pytest.raises(DataError, match=r"class\.sqlite: entries\[3\]: unreadable act row"):
        old_row({"kind": "act", "option": "buy"}, "class.sqlite", 3)
    with pytest.raises(DataError, match=r"entries\[4\].*unknown row kind 'vote'"):
        old_row({"kind": "vote"}, "class.sqlite", 4)


def test_one_function_builds_a_games_record() -> None:
    """Issue 39: a game's record is built by ``game_record`` alone (the game's own, a class
    table's, a replay's from answers); only the codec reads one from a file."""
    import ast

    root = Path(landlord.__file__).resolve().parent
    made = set()
    for path in [*root.rglob("*.py"), *(root.parent / "widgets").glob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Record":
                made.add(path.relative_to(root.parent).as_posix())
    assert made == {"landlord/engine/record.py", "landlord/engine/codec.py"}
