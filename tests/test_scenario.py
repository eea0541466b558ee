"""Scenario files: structure, overrides (never copies), tax triggers, grids, seeds, errors."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from conftest import TWO_PHASE
from hypothesis import given, settings
from hypothesis import strategies as st

from landlord.data.loader import load_ruleset
from landlord.engine.phases import Trigger
from landlord.errors import DataError
from landlord.runs.scenario import (
    Cell,
    RegimeSwitch,
    load_scenario,
    regime_switch,
    scenario_from_dict,
    scenario_from_text,
    scenario_to_toml,
)

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((ROOT / "scenarios").glob("*.toml"))

# The test-only ruleset of conftest (Magie 1904 plus a second phase, higher_wages), so tax
# regimes can be tested with a phase other than the kit's own single tax.
TEST_RULESET = TWO_PHASE


def written(regime: tuple[RegimeSwitch, ...]) -> tuple[tuple[str, str], ...]:
    """A regime's switches as the file wrote them: (phase, start)."""
    return tuple((s.phase, s.start) for s in regime)


def write(tmp_path: Path, text: str, name: str = "s.toml") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def minimal(**extra: str) -> str:
    body = '[scenario]\nruleset = "magie-1904"\ngames = 10\nseed = 1\n'
    for table, content in extra.items():
        body += f"\n[{table}]\n{content}\n"
    return body


@pytest.fixture
def phased(tmp_path: Path) -> Path:
    """A folder with the test-only ruleset beside where the scenario will be written."""
    write(tmp_path, TEST_RULESET, "test-phase.toml")
    return tmp_path


# -- the shape of a scenario -------------------------------------------------------------
def test_minimal_scenario_has_one_base_cell_with_the_documented_defaults(tmp_path: Path) -> None:
    s = load_scenario(write(tmp_path, minimal()))
    assert len(s.cells) == 1
    c = s.cells[0]
    assert (c.ruleset, c.players, c.strategies) == ("magie-1904", 4, ("landlord", "tenant", "speculator"))
    assert c.tax_start == "never" and c.triggers == ()
    assert c.label == "base"
    assert c.seats == ("landlord", "tenant", "speculator", "landlord")  # cycled over the seats
    assert (s.games, s.seed, s.seeds, s.total_games) == (10, 1, "per_cell", 10)
    assert s.title == "s"  # the file's stem when no title is given


def test_grid_is_the_product_of_its_fields_in_file_order(tmp_path: Path) -> None:
    s = load_scenario(write(tmp_path, minimal(grid='wages = [100, 150]\nplayers = [4, 5, 6]')))
    assert [c.label for c in s.cells] == [
        "wages=100, players=4", "wages=100, players=5", "wages=100, players=6",
        "wages=150, players=4", "wages=150, players=5", "wages=150, players=6",
    ]
    assert [c.index for c in s.cells] == list(range(6))
    assert s.grid_fields == ("wages", "players")
    assert s.total_games == 60


def test_override_is_an_override_never_a_copy(tmp_path: Path) -> None:
    s = load_scenario(write(tmp_path, minimal(overrides="wages = 150\nstart_cash = 600")))
    base = load_ruleset("magie-1904")
    rs = s.cells[0].resolve()
    assert rs.params["wages"].value == 150 and rs.params["wages"].provenance == "override"
    assert "was 100" in rs.params["wages"].source
    assert rs.params["start_cash"].value == 600
    # untouched params, the board and the phases are the base's very objects
    assert rs.params["jail_fine"] is base.params["jail_fine"]
    assert rs.board is base.board and rs.phases is base.phases
    assert base.params["wages"].value == 100  # the base itself is unchanged


def test_tax_regime_becomes_a_phase_trigger(phased: Path) -> None:
    text = ('[scenario]\nruleset = "test-phase.toml"\ngames = 2\nseed = 3\n'
            '[tax]\nphase = "higher_wages"\n[grid]\ntax.start = ["never", "start", "turn:20", "round:3", "gini:0.4"]\n')
    s = load_scenario(write(phased, text))
    assert [c.triggers for c in s.cells] == [
        (), (Trigger("higher_wages", "start"),), (Trigger("higher_wages", "turn", 20),),
        (Trigger("higher_wages", "round", 3),), (Trigger("higher_wages", "gini", 0.4),),
    ]
    assert s.cells[0].ruleset_ref == str((phased / "test-phase.toml").resolve())


# -- regimes of several switches ----------------------------------------------------------------
PARTS = ('[[tax]]\nphase = "part2"\nstart = "round:25"\n'
         '[[tax]]\nphase = "part3"\nstart = "round:50"\n')


def brit(body: str = "") -> str:
    return '[scenario]\nruleset = "british-1913-part1"\ngames = 4\nseed = 1913\n' + body


def test_tax_list_is_a_regime_of_switches_in_order(tmp_path: Path) -> None:
    """``[[tax]]`` entries are the regime's switches, one trigger each, in file order."""
    s = load_scenario(write(tmp_path, brit(PARTS)))
    c = s.cells[0]
    assert written(c.regime) == (("part2", "round:25"), ("part3", "round:50"))
    assert c.triggers == (Trigger("part2", "round", 25), Trigger("part3", "round", 50))
    assert c.regime_text == "part2@round:25 → part3@round:50"
    assert (c.tax_phase, c.tax_start) == ("part2 → part3", "round:25 → round:50")
    assert json.loads(c.key)["tax"] == [["part2", "round:25"], ["part3", "round:50"]]
    assert c.label == "base"


def test_a_phase_may_come_back_later(tmp_path: Path) -> None:
    """Rent, the single tax, then rent again (Magie 1906's "back"): a phase may return, just not
    twice in a row."""
    body = "".join(f'[[tax]]\nphase = "{p}"\nstart = "turn:{t}"\n'
                   for p, t in (("single_tax", 5), ("landlord", 10), ("single_tax", 15)))
    c = load_scenario(write(tmp_path, minimal() + body)).cells[0]
    assert [t.phase for t in c.triggers] == ["single_tax", "landlord", "single_tax"]


def test_one_switch_means_the_same_in_every_spelling(tmp_path: Path) -> None:
    """Backward compatible: a ``[tax]`` table, a ``[[tax]]`` list of one and a grid ``tax`` of one
    switch are the same regime with the same cell key (as before regimes had several switches,
    ``[phase, start]``), so the same seeds."""
    table = load_scenario(write(tmp_path, minimal(tax='phase = "single_tax"\nstart = "turn:20"'), "a.toml"))
    listed = load_scenario(write(tmp_path, minimal() + '[[tax]]\nphase = "single_tax"\nstart = "turn:20"\n', "b.toml"))
    grid = load_scenario(write(tmp_path, minimal(grid='tax = [["single_tax@turn:20"]]'), "c.toml"))
    cells = [table.cells[0], listed.cells[0], grid.cells[0]]
    assert {written(c.regime) for c in cells} == {(("single_tax", "turn:20"),)}
    assert {c.key for c in cells} == {table.cells[0].key}
    assert json.loads(table.cells[0].key)["tax"] == ["single_tax", "turn:20"]
    assert {s.game_seed(c, 3) for s, c in zip((table, listed, grid), cells, strict=True)} == \
        {table.game_seed(cells[0], 3)}
    assert (cells[0].tax_phase, cells[0].tax_start, cells[0].regime_text) == \
        ("single_tax", "turn:20", "single_tax@turn:20")


def test_grid_varies_whole_regimes_with_readable_labels(tmp_path: Path) -> None:
    s = load_scenario(write(tmp_path, brit('[grid]\ntax = ["never", ["part2@round:25", "part3@round:50"], '
                                           '["part3@start"]]\n')))
    assert [written(c.regime) for c in s.cells] == [(), (("part2", "round:25"), ("part3", "round:50")),
                                              (("part3", "start"),)]
    assert [c.label for c in s.cells] == ["tax=never", "tax=part2@round:25 → part3@round:50", "tax=part3@start"]
    assert [c.regime_text for c in s.cells] == ["never", "part2@round:25 → part3@round:50", "part3@start"]
    assert s.cells[0].tax_start == "never" and s.cells[0].triggers == ()
    assert s.grid_fields == ("tax",)


def test_regimes_written_from_a_dict_read_back_the_same(tmp_path: Path) -> None:
    """``scenario_to_toml`` writes a list of switches as ``[[tax]]`` tables."""
    raw = {"scenario": {"ruleset": "british-1913-part1", "games": 2, "seed": 5},
           "tax": [{"phase": "part2", "start": "turn:30"}, {"phase": "part3", "start": "turn:60"}]}
    text = scenario_to_toml(raw)
    assert text.count("[[tax]]") == 2
    s = scenario_from_text(text)
    assert written(s.cells[0].regime) == (("part2", "turn:30"), ("part3", "turn:60"))
    grid = {"scenario": raw["scenario"], "grid": {"tax": ["never", ["part2@turn:30", "part3@turn:60"]]}}
    assert scenario_from_dict(grid).cells[1].regime == s.cells[0].regime


def test_grid_over_strategy_mixes_and_rulesets(tmp_path: Path) -> None:
    text = ('[scenario]\ngames = 1\nseed = 0\n[grid]\nruleset = ["magie-1904", "magie-1904-no-tickets"]\n'
            'strategies = [["tenant"], ["landlord", "random"]]\n')
    s = load_scenario(write(tmp_path, text))
    assert [(c.ruleset, c.strategies) for c in s.cells] == [
        ("magie-1904", ("tenant",)), ("magie-1904", ("landlord", "random")),
        ("magie-1904-no-tickets", ("tenant",)), ("magie-1904-no-tickets", ("landlord", "random")),
    ]
    assert s.cells[3].label == "ruleset=magie-1904-no-tickets, strategies=landlord+random"
    assert s.cells[2].resolve().params["start_cash"].value == 100  # the no-tickets variant's $100


# -- seeds ---------------------------------------------------------------------------------
def test_game_seed_follows_the_documented_derivation(tmp_path: Path) -> None:
    s = load_scenario(write(tmp_path, minimal(grid="wages = [100, 150]")))
    c = s.cells[1]
    key = json.dumps({"ruleset": "magie-1904", "players": 4, "strategies": ["landlord", "tenant", "speculator"],
                      "overrides": {"wages": 150}, "tax": "never"}, sort_keys=True, separators=(",", ":"))
    assert c.key == key
    expected = int.from_bytes(hashlib.blake2b(f"1|{key}|7".encode(), digest_size=8).digest(), "big") >> 1
    assert s.game_seed(c, 7) == expected
    assert 0 <= expected < 2**63


def test_seeds_differ_between_games_and_cells_but_not_between_loads(tmp_path: Path) -> None:
    path = write(tmp_path, minimal(grid="wages = [100, 150]"))
    s, again = load_scenario(path), load_scenario(path)
    seeds = {s.game_seed(c, i) for c in s.cells for i in range(s.games)}
    assert len(seeds) == 20
    assert [again.game_seed(c, i) for c in again.cells for i in range(3)] == \
        [s.game_seed(c, i) for c in s.cells for i in range(3)]


def test_adding_a_grid_value_keeps_the_other_cells_seeds(tmp_path: Path) -> None:
    small = load_scenario(write(tmp_path, minimal(grid="wages = [100, 150]"), "a.toml"))
    big = load_scenario(write(tmp_path, minimal(grid="wages = [50, 100, 150]"), "b.toml"))
    assert small.game_seed(small.cells[0], 4) == big.game_seed(big.cells[1], 4)
    assert small.game_seed(small.cells[1], 4) == big.game_seed(big.cells[2], 4)


def test_shared_seeds_give_every_cell_the_same_games(tmp_path: Path) -> None:
    text = minimal(grid="wages = [100, 150]").replace("seed = 1", 'seed = 1\nseeds = "shared"')
    s = load_scenario(write(tmp_path, text))
    assert [s.game_seed(s.cells[0], i) for i in range(5)] == [s.game_seed(s.cells[1], i) for i in range(5)]
    per_cell = load_scenario(write(tmp_path, minimal(grid="wages = [100, 150]"), "p.toml"))
    assert per_cell.game_seed(per_cell.cells[0], 0) != per_cell.game_seed(per_cell.cells[1], 0)


def test_fingerprint_changes_with_what_decides_results(tmp_path: Path) -> None:
    a = load_scenario(write(tmp_path, minimal(), "a.toml"))
    same = load_scenario(write(tmp_path, "# a comment\n" + minimal().replace('"magie-1904"', "'magie-1904'"), "b.toml"))
    other = load_scenario(write(tmp_path, minimal().replace("seed = 1", "seed = 2"), "c.toml"))
    assert a.fingerprint == same.fingerprint
    assert a.fingerprint != other.fingerprint


# -- writing ---------------------------------------------------------------------------------
def test_scenario_written_from_a_dict_reads_back_the_same() -> None:
    raw = {
        "scenario": {"title": "from a widget — «quoted»", "ruleset": "magie-1904", "players": 5,
                     "strategies": ["landlord", "tenant"], "games": 30, "seed": 9, "seeds": "shared"},
        "overrides": {"start_cash": 400},
        "grid": {"wages": [100, 120], "strategies": [["tenant"], ["landlord", "speculator"]]},
    }
    with pytest.raises(DataError, match="strategies"):  # set fixed and in the grid: refused
        scenario_from_dict(raw)
    del raw["scenario"]["strategies"]
    s = scenario_from_dict(raw)
    again = scenario_from_text(scenario_to_toml(raw))
    assert s.cells == again.cells and s.fingerprint == again.fingerprint
    assert s.title == "from a widget — «quoted»"
    assert s.cells[3].overrides == (("start_cash", 400), ("wages", 120))


# -- every mistake names the file, the table and the field --------------------------------------
BAD = [
    ("not toml [", None, None, "not valid TOML"),
    ('[scenario]\ngames = 1\nseed = 1\nruleset = "magie-1904"\n[extra]\n', None, "extra", "unknown top-level"),
    ("[grid]\nwages = [1]\n", "[scenario]", None, "missing"),
    ('[scenario]\nruleset = "magie-1904"\nseed = 1\n', "[scenario]", "games", "missing"),
    ('[scenario]\nruleset = "magie-1904"\ngames = 0\nseed = 1\n', "[scenario]", "games", "must be 1 to"),
    ('[scenario]\nruleset = "magie-1904"\ngames = 2\nseed = "x"\n', "[scenario]", "seed", "expected int"),
    ('[scenario]\nruleset = "magie-1904"\ngames = true\nseed = 1\n', "[scenario]", "games", "expected int"),
    ('[scenario]\nruleset = "magie-1904"\ngames = 2\nseed = 1\nsede = 3\n', "[scenario]", "sede", "unknown key"),
    ('[scenario]\nruleset = "magie-1904"\ngames = 2\nseed = 1\nseeds = "x"\n', "[scenario]", "seeds", "seed rule"),
    ('[scenario]\ngames = 2\nseed = 1\n', "[scenario]", "ruleset", "missing"),
    ('[scenario]\nruleset = "magie-1999"\ngames = 2\nseed = 1\n', "[scenario]", "ruleset", "unknown ruleset"),
    ('[scenario]\nruleset = "nowhere.toml"\ngames = 2\nseed = 1\n', "[scenario]", "ruleset", "unknown ruleset"),
    (minimal().replace("seed = 1", "seed = 1\nplayers = 9"), "[scenario]", "players", "2 to 6 players"),
    (minimal().replace("seed = 1", 'seed = 1\nstrategies = ["banker"]'), "[scenario]", "strategies", "banker"),
    (minimal().replace("seed = 1", "seed = 1\nstrategies = []"), "[scenario]", "strategies", "non-empty"),
    (minimal(overrides="wagez = 150"), "[overrides]", "wagez", "no param 'wagez'"),
    (minimal(overrides='wages = "lots"'), "[overrides]", "wages", "takes int"),
    (minimal(overrides="wages = 1.5"), "[overrides]", "wages", "takes int"),
    (minimal(tax='start = "turn:20"\nphase = "no_such_phase"'), "[tax]", "phase", "no phase 'no_such_phase'"),
    (minimal(tax='start = "turn:0"'), "[tax]", "start", "start at 1"),
    (minimal(tax='start = "whenever"'), "[tax]", "start", "unknown trigger"),
    (minimal(tax='start = "gini:2"'), "[tax]", "start", "between 0 and 1"),
    (minimal(tax='when = "start"'), "[tax]", "when", "unknown key"),
    (minimal(tax="start = 20"), "[tax]", "start", "expected str"),
    (minimal(grid="wages = []"), "[grid]", "wages", "non-empty list"),
    (minimal(grid="wages = 100"), "[grid]", "wages", "non-empty list"),
    (minimal(grid="wages = [100, 100]"), "[grid]", "wages", "listed twice"),
    (minimal(grid='wages = [100, "x"]'), "[grid]", "wages", "takes int"),
    (minimal(grid="players = [4, 7]"), "[grid]", "players", "not 7"),
    (minimal(grid='tax.start = ["never", "turn:x"]'), "[grid]", "tax.start", "needs a number"),
    (minimal(grid="nope = [1, 2]"), "[grid]", "nope", "no param 'nope'"),
    (minimal(overrides="wages = 150", grid="wages = [100, 200]"), "[grid]", "wages", "one place"),
    (minimal(tax='start = "start"', grid='tax.start = ["turn:2"]'), "[grid]", "tax.start", "one place"),
    # regimes of several switches: each mistake names the switch ([[tax]] #k) or the grid value
    ("tax = []\n" + minimal(), "[[tax]]", None, "empty list of switches"),
    (minimal(grid='tax = [[], ["single_tax@start"]]'), "[grid]", "tax", "non-empty list of switches"),
    (minimal(grid='tax = ["single_tax@turn:5"]'), "[grid]", "tax", "non-empty list of switches"),
    (brit(PARTS.replace('"part3"', '"part4"')), "[[tax]] #2", "phase", "no phase 'part4'"),
    (brit('[grid]\ntax = [["part2@turn:5", "part4@turn:9"]]\n'), "[grid]", "tax", "no phase 'part4'"),
    (brit(PARTS.replace("round:50", "round:x")), "[[tax]] #2", "start", "needs a number"),
    (brit(PARTS.replace("round:50", "sometime")), "[[tax]] #2", "start", "unknown trigger"),
    (brit(PARTS.replace("round:50", "never")), "[[tax]] #2", "start", "'never' has no place"),
    (brit('[grid]\ntax = [["part2@turn:5", "part3@turn:x"]]\n'), "[grid]", "tax", "switch #2: trigger 'turn:x'"),
    (brit('[grid]\ntax = [["part2@turn:5", "part3"]]\n'), "[grid]", "tax", "write a switch as phase@trigger"),
    (brit('[grid]\ntax = [["part2@turn:5"], ["part2 @ turn:5"]]\n'), "[grid]", "tax", "a regime is listed twice"),
    (brit(PARTS.replace("round:25", "round:60")), "[[tax]] #2", "start",
     "out of order: 'round:50' after switch #1's 'round:60'"),
    (brit('[grid]\ntax = [["part2@turn:30", "part3@turn:10"]]\n'), "[grid]", "tax",
     "switch #2 (part3@turn:10): out of order: 'turn:10' after switch #1's 'turn:30'"),
    (brit(PARTS.replace("round:25", "turn:25")), "[[tax]] #2", "start", "cannot be put in order"),
    (brit(PARTS.replace("round:25", "vote").replace("round:50", "vote")), "[[tax]] #2", "start",
     "cannot be put in order"),
    (brit(PARTS.replace("round:50", "start")), "[[tax]] #2", "start", "'start' can only be the first switch"),
    (brit(PARTS.replace('"part3"', '"part2"')), "[[tax]] #2", "phase", "'part2' again right after switch #1"),
    (brit(PARTS.replace('"part2"', '"part1"')), "[[tax]] #1", "phase",
     "'part1' is the phase a british-1913-part1 game starts in"),
    (brit('[grid]\ntax = [["part1@start", "part2@turn:9"]]\n'), "[grid]", "tax", "starts in"),
    (brit('[[tax]]\nphase = "part2"\n'), "[[tax]] #1", "start", "missing"),
    (brit('[[tax]]\nphase = "part2"\nstart = "turn:4"\nwhen = "now"\n'), "[[tax]] #1", "when", "unknown key"),
    (brit(PARTS + '[grid]\ntax.start = ["turn:2"]\n'), "[grid]", "tax.start", "one place"),
    (brit('[tax]\nphase = "part2"\n[grid]\ntax = ["never", ["part2@turn:2", "part3@turn:4"]]\n'),
     "[grid]", "tax", "one place"),
]


@pytest.mark.parametrize(("text", "entry", "field", "problem"), BAD)
def test_invalid_scenarios_name_file_and_field(tmp_path: Path, text: str, entry: str | None,
                                               field: str | None, problem: str) -> None:
    path = write(tmp_path, text, "bad.toml")
    with pytest.raises(DataError) as info:
        load_scenario(path)
    err = info.value
    assert err.path == str(path)
    assert (err.entry, err.field) == (entry, field)
    assert problem in err.problem
    assert str(path) in str(err)


def test_missing_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="file not found") as info:
        load_scenario(tmp_path / "nope.toml")
    assert info.value.path.endswith("nope.toml")


def test_tax_phase_is_checked_against_each_cells_ruleset(phased: Path) -> None:
    """The phase exists in the test ruleset but not in magie-1904: the magie-1904 cell is named."""
    text = ('[scenario]\ngames = 1\nseed = 1\n[tax]\nphase = "higher_wages"\nstart = "turn:5"\n'
            '[grid]\nruleset = ["test-phase.toml", "magie-1904"]\n')
    with pytest.raises(DataError) as info:
        load_scenario(write(phased, text))
    assert (info.value.entry, info.value.field) == ("[tax]", "phase")
    assert "magie-1904 has no phase 'higher_wages'" in info.value.problem
    assert "cell ruleset=magie-1904" in info.value.problem


def test_tax_that_never_comes_needs_no_such_phase(tmp_path: Path) -> None:
    """DECISION: with ``start = "never"`` the phase name is not checked (it is never used)."""
    s = load_scenario(write(tmp_path, minimal(tax='phase = "single_tax"\nstart = "never"')))
    assert s.cells[0].triggers == ()


def test_invalid_test_ruleset_is_reported_as_the_scenarios_ruleset_field(tmp_path: Path) -> None:
    write(tmp_path, TEST_RULESET.replace("value = 150", 'value = "lots"'), "broken.toml")
    text = '[scenario]\nruleset = "broken.toml"\ngames = 1\nseed = 1\n'
    with pytest.raises(DataError) as info:
        load_scenario(write(tmp_path, text))
    assert (info.value.entry, info.value.field) == ("[scenario]", "ruleset")
    assert "broken.toml" in info.value.problem and "expected int" in info.value.problem


# -- the example scenarios instructors start from --------------------------------------------
@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_example_scenarios_load(path: Path) -> None:
    s = load_scenario(path)
    assert s.cells and s.games >= 1000
    assert all(isinstance(c, Cell) for c in s.cells)


def test_there_are_examples_for_wages_tax_and_players() -> None:
    names = {p.stem for p in EXAMPLES}
    assert {"wages-higher", "tax-at-turn-20", "six-players"} <= names


# -- properties ---------------------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(title=st.text(max_size=40), description=st.text(max_size=40),
       wages=st.lists(st.integers(0, 10_000), min_size=1, max_size=4, unique=True),
       seed=st.integers(-(2**63), 2**63 - 1), shared=st.booleans())
def test_any_scenario_written_by_scenario_to_toml_reads_back_the_same(
        title: str, description: str, wages: list[int], seed: int, shared: bool) -> None:
    raw = {"scenario": {"title": title, "description": description, "ruleset": "magie-1904",
                        "games": 3, "seed": seed, "seeds": "shared" if shared else "per_cell"},
           "grid": {"wages": wages}}
    s = scenario_from_dict(raw)
    assert (s.title, s.description, s.seed) == (title, description, seed)
    assert [dict(c.overrides)["wages"] for c in s.cells] == wages
    seeds = [s.game_seed(c, g) for c in s.cells for g in range(3)]
    assert all(0 <= x < 2**63 for x in seeds)
    assert len(set(seeds)) == (3 if shared else 3 * len(wages))


def test_a_report_names_each_regime_in_words() -> None:
    """Issue 38.4: sweep reports label a cell in words, not ``tax.start=never`` or ``part2@round:25``."""
    from landlord.runs.scenario import label_words

    assert label_words("tax=never") == "no tax switch"
    assert label_words("tax=part2@round:25 → part3@round:50") == "part 2 from round 25, then part 3 from round 50"
    assert label_words("tax=single_tax@turn:20, start_cash=6000") == "single tax from turn 20; start cash 6000"
    assert label_words("tax=single_tax@vote") == "single tax by vote"
    assert label_words("tax=single_tax@gini:0.4") == "single tax once the Gini reaches 0.4"
    assert label_words("base") == "base"


def test_a_regime_is_typed_from_the_file_to_the_game() -> None:
    """Issue 39: a regime's switch is a frozen value (``RegimeSwitch``), not a pair of texts: its
    start kept as written (the cell's key and seeds), its engine trigger handed to the game."""
    s = scenario_from_text('[scenario]\nruleset = "british-1913-sequence"\ngames = 2\nseed = 1\n'
                           '[[tax]]\nphase = "part2"\nstart = "round:025"\n'
                           '[[tax]]\nphase = "part3"\nstart = "round:50"\n')
    c = s.cells[0]
    assert all(isinstance(x, RegimeSwitch) for x in c.regime)
    assert c.triggers == (Trigger("part2", "round", 25), Trigger("part3", "round", 50))
    assert '"tax":[["part2","round:025"],["part3","round:50"]]' in c.key and c.regime_text == \
        "part2@round:025 → part3@round:50"
    with pytest.raises(ValueError, match="'never' has no place"):
        regime_switch("part2", "never")
    with pytest.raises(ValueError, match="unknown trigger"):
        regime_switch("part2", "soon")

