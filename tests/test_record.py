"""A game is its record (issue 13): every input an entry, one replay, a versioned file format."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

import landlord
from landlord.data.loader import load_ruleset
from landlord.engine.game import Game
from landlord.engine.record import VERSION, Record, kit_version
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
    again = replay(Record.from_dict(json.loads(json.dumps(g.record.to_dict()))))
    assert again.log_text() == g.log_text() and again.entries == g.entries
    assert again.ledger.balances == g.ledger.balances


def test_recorded_chance_is_used_on_replay() -> None:
    """The record, not the RNG, decides on replay: a recorded throw changed to another possible
    throw is replayed as recorded (so a record replays alike whatever the RNG gives)."""
    g = _game("magie-1904", decisions=30)
    data = g.record.to_dict()
    last = max(i for i, e in enumerate(data["entries"]) if isinstance(e, list) and e[0] == "dice")
    a, b = data["entries"][last][1:]
    data["entries"] = data["entries"][:last + 1]
    data["entries"][last] = ["dice", 7 - a, 7 - b]
    again = replay(Record.from_dict(data))
    assert [e.get("dice") for e in again.events or [] if e.kind == "throw"][-1] == f"{7 - a}+{7 - b}"


@pytest.mark.parametrize(("entry", "needle"), [
    (["dice", 7, 1], "not a possible dice outcome"),
    (["pick", 0], "chance decides here (dice)"),
    ("buy", "chance decides here (dice)"),
])
def test_a_record_that_does_not_replay_names_its_entry(entry: object, needle: str) -> None:
    g = _game("magie-1904", decisions=0)
    data = g.record.to_dict()
    first = next(i for i, e in enumerate(data["entries"]) if isinstance(e, list) and e[0] == "dice")
    data["entries"][first] = entry
    with pytest.raises(DataError) as info:
        savefile.from_dict(data, "g.json")
    assert f"entries[{first}]" in str(info.value) and needle in str(info.value)


def test_another_version_gets_one_line_naming_it() -> None:
    data = _game("magie-1904", decisions=3).record.to_dict()
    data["version"] = VERSION + 1
    with pytest.raises(DataError) as info:
        savefile.from_dict(data, "g.json")
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
    loaded, _ = savefile.from_dict(v1)
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
    data = _game("magie-1904", decisions=3).record.to_dict()
    data["actions"] = ["buy"]
    with pytest.raises(DataError) as info:
        savefile.from_dict(data, "g.json")
    assert "field 'actions'" in str(info.value) and "unknown" in str(info.value)


def test_a_save_carries_the_kit_version_it_was_played_under() -> None:
    data = _game("magie-1904", decisions=3).record.to_dict()
    assert data["kit"] == kit_version() and Record.from_dict(data).kit == kit_version()


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
    data = g.record.to_dict()
    data["kit"] = "0.0.9+rules.0badf00d"
    loaded, _ = savefile.from_dict(data, "g.json")
    assert loaded.log_text() == g.log_text()


@pytest.mark.parametrize("kit", ["0.0.9+rules.0badf00d", None])
def test_a_record_of_another_kit_version_that_does_not_replay_names_both_versions(kit: str | None) -> None:
    """Issue 15: a class recorded before a rule change stopped replaying mid-record with no
    word of why; the one-line error now says under which kit version the record was played
    and which this is (a record that names no version: an earlier kit)."""
    data = _game("magie-1906", decisions=40).record.to_dict()
    last = max(i for i, e in enumerate(data["entries"]) if isinstance(e, str))
    data["entries"][last] = "no such answer"
    if kit is None:
        del data["kit"]
    else:
        data["kit"] = kit
    with pytest.raises(DataError) as info:
        savefile.from_dict(data, "g.json")
    text = str(info.value)
    then = f"version {kit} of the kit" if kit else "an earlier version of the kit (before records named it)"
    assert "\n" not in text and f"entries[{last}] does not replay" in text
    assert f"played under {then}, and this is version {kit_version()}" in text


def test_a_record_of_this_kit_version_that_does_not_replay_says_no_more() -> None:
    data = _game("magie-1906", decisions=40).record.to_dict()
    last = max(i for i, e in enumerate(data["entries"]) if isinstance(e, str))
    data["entries"][last] = "no such answer"
    with pytest.raises(DataError) as info:
        savefile.from_dict(data, "g.json")
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
    data = g.record.to_dict()
    assert data["triggers"] == [] and data["version"] == VERSION == 3
    again = replay(Record.from_dict(json.loads(json.dumps(data))))
    assert again.log_text() == g.log_text() and again.entries == g.entries and again.triggers == g.triggers


def test_a_version_2_file_loads_and_has_no_trigger_entries() -> None:
    g = _game("magie-1904", decisions=30)
    data = g.record.to_dict()
    data["version"] = 2
    loaded, _ = savefile.from_dict(data, "g.json")
    assert loaded.log_text() == g.log_text()
    data["entries"].append({"trigger": "single_tax@vote", "cause": "class plan"})
    with pytest.raises(DataError, match=r"entries\[\d+\]: expected .* or a switch"):
        savefile.from_dict(data, "g.json")


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
