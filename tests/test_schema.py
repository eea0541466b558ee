"""Every parameter has a declared type and range, refused at load with file, entry and field
named (issue 16 point 2); one's own boards and rulesets load with the same strict errors and no
path leaves its folder (point 6)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from landlord.data.loader import load_ruleset, load_ruleset_ref, ruleset_ids
from landlord.data.resources import kit_dir
from landlord.data.schema import AMOUNT, SPECS, spec
from landlord.engine import flows
from landlord.errors import DataError
from landlord.limits import MAX_DEPTH, MAX_FILE_BYTES
from landlord.rules.families import FAMILIES, family_named, family_of
from landlord.runs.scenario import load_scenario

KIT = kit_dir("data")


def own(tmp_path: Path, kind: str, name: str, text: str) -> Path:
    """Write ``text`` as ``<tmp>/<kind>/<name>.toml`` (one's own data folder)."""
    path = tmp_path / kind / f"{name}.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def extending(base: str, params: str = "", rid: str = "mine") -> str:
    return (f'[ruleset]\nid = "{rid}"\ntitle = "Mine"\nfamily = "{load_ruleset(base).family}"\n'
            f'board = "{load_ruleset(base).board.id}"\nplayers_min = 2\nplayers_max = 4\n'
            f'default_phase = "{load_ruleset(base).default_phase}"\nsource = "a test"\nprovenance = "kit_decision"\n'
            f'extends = "{base}"\n\n{params}')


def param(name: str, value: str) -> str:
    return f'[params.{name}]\nvalue = {value}\nsource = "a test"\nprovenance = "kit_decision"\n'


def refused(path: Path, entry: str, field: str, words: str) -> None:
    with pytest.raises(DataError) as info:
        family_of(load_ruleset_ref(str(path)))  # the data's checks, then its family's
    message = str(info.value)
    assert str(path) in message or path.name in message, message
    assert entry in message and f"field '{field}'" in message and words in message, message
    assert "\n" not in message


@pytest.mark.parametrize("family", sorted(f.name for f in FAMILIES))
def test_every_param_of_every_family_has_a_declared_range(family: str) -> None:
    """Every param has a range: its own line (the shared table's, by name, or the family's own),
    or the default (money; a list of amounts or texts), and every ruleset of the family keeps to
    it. The loader checks the shared line first, so where a family has its own line for a shared
    name (a deck's cards) the shared line says only that it is a list (its items and length
    the family's): it never refuses what the family's line allows, and the family names the item."""
    own = family_named(family).needs.ranges
    for name in set(own) & set(SPECS):
        assert SPECS[name].item is None and SPECS[name].min_len <= own[name].min_len, name
    for name in family_named(family).declared:
        s = own.get(name) or spec(name)
        assert s.lo <= s.hi and s.what, name
        if name not in SPECS and name not in own:
            assert s is AMOUNT, name
    assert [load_ruleset(r) for r in ruleset_ids() if load_ruleset(r).family == family]


# one test per kind of parameter: (base ruleset, param, bad value, words in the error)
KINDS = [
    ("magie-1904", "start_cash", "-500", "out of range"),               # money
    ("magie-1904", "wages", "-100", "out of range"),                     # money paid each circuit
    ("magie-1904", "loan_unit", "0", "from 1"),                          # a divisor
    ("magie-1904", "max_rounds", "0", "from 1"),                         # the round cap
    ("magie-1904", "max_rounds", "-1", "from 1"),
    ("magie-1904", "max_rounds", str(2**63), "out of range"),            # a cap that never ends
    ("magie-1904", "circuits", "0", "from 1"),                           # circuits that end a game
    ("magie-1904", "vote_min", "99", "out of range"),                    # a count of players
    ("magie-1904", "buyout_order", "[5, 99]", "space index"),            # spaces of the board
    ("magie-1906", "start_cash_by_players", "[600, 500]", "at least 3"), # one per player count
    ("magie-1906", "mortgage_percent", "250", "percentage"),             # percentages
    ("magie-1906", "speculation_table", "[0, 1]", "at least 13"),        # a table by throw
    ("magie-1906", "chance_cards", '["win a car"]', "action:amount|text"),  # card texts
    ("monopoly", "banker_seat", "5", "seat"),                            # a seat every game has
    ("monopoly", "auction_steps", "[0, 10]", "from 1"),                  # raises
    ("monopoly", "theme_space_names", '["Boardwalk"]', "index=name"),    # renamed spaces
    ("british-1913-part1", "part", "4", "from 1 to 3"),
]


@pytest.mark.parametrize(("base", "name", "value", "words"), KINDS, ids=[f"{k[1]}={k[2]}" for k in KINDS])
def test_a_param_out_of_range_is_refused_naming_file_entry_and_field(
        tmp_path: Path, base: str, name: str, value: str, words: str) -> None:
    path = own(tmp_path, "rulesets", "mine", extending(base, param(name, value)))
    refused(path, f"params.{name}", "value", words)


def test_a_phase_param_out_of_range_is_refused(tmp_path: Path) -> None:
    text = extending("magie-1904", '[phases.single_tax]\ntitle = "Tax"\n' + param("wages", "-5").replace(
        "[params.wages]", "[phases.single_tax.params.wages]"))
    refused(own(tmp_path, "rulesets", "mine", text), "phases.single_tax.params.wages", "value", "out of range")


def test_deck_target_off_the_board_and_negative_amounts_are_refused(tmp_path: Path) -> None:
    from landlord.data.decks import load_deck

    deck = (KIT / "decks" / "monopoly-us-chance.toml").read_text()
    negative = deck.replace("amount = 50", "amount = -50", 1)
    with pytest.raises(DataError, match=r"card #\d+ \(.*\): field 'amount': out of range"):
        load_deck(own(tmp_path, "decks", "neg", negative))
    # a target of 99 on a 40-space board: refused when a ruleset names the deck (off_board)
    from landlord.data.loader import off_board

    far = load_deck(own(tmp_path, "decks", "far", deck.replace("target = 24", "target = 99", 1)))
    assert off_board(far, 40) is not None and off_board(far, 100) is None
    assert off_board(load_deck("monopoly-us-chance"), 40) is None


def test_board_values_the_rules_need_are_refused_naming_the_board(tmp_path: Path) -> None:
    board = (KIT / "boards" / "monopoly-us.toml").read_text()
    no_rents = board.replace("extra = { rents = [110, 330, 800, 975, 1150], house_cost = 150",
                             "extra = { rents = [110], house_cost = 150", 1)
    own(tmp_path, "boards", "monopoly-us", no_rents)
    with pytest.raises(DataError, match=r"monopoly-us.toml: space 26 \(Atlantic Avenue\): field 'extra.rents'"):
        family_of(load_ruleset("monopoly", tmp_path))  # the data's checks, then its family's
    free = board.replace("price = 260", "price = 0", 1)
    own(tmp_path, "boards", "monopoly-us", free)
    with pytest.raises(DataError, match=r"space 26 \(Atlantic Avenue\): field 'price': a lot's price must be"):
        load_ruleset("monopoly", tmp_path)


def test_what_a_family_alone_needs_is_refused_where_the_ruleset_meets_it(tmp_path: Path) -> None:
    """Issue 39, point 1: the data loads what a data file alone can say; a family's own range,
    the places its rules send tokens to and params that must agree are refused when the ruleset
    meets its family, naming the file, the entry and the field as the loader did."""
    path = own(tmp_path, "rulesets", "mine", extending("magie-1906", param("chance_cards", "[]")))
    load_ruleset_ref(str(path))
    refused(path, "params.chance_cards", "value", "needs at least 1 item(s) (chance cards (action:amount|text)), got 0")
    path = own(tmp_path, "rulesets", "mine", extending("british-1913-part1", param("start_cash", "4000")))
    refused(path, "params.start_cash", "value", "4000 is not one or more whole sets of the notes")
    board = (KIT / "boards" / "landlords-game-1904.toml").read_text()
    own(tmp_path, "boards", "landlords-game-1904", board.replace('kind = "poorhouse"', 'kind = "natural_opportunity"'))
    rs = load_ruleset("magie-1904", tmp_path)
    with pytest.raises(DataError, match=r"landlords-game-1904.toml: \[\[annex\]\]: field 'kind': the magie1904 "
                                        r"rules need a 'poorhouse' annex beside a corner"):
        family_of(rs)


@pytest.mark.parametrize("kind", ["rulesets", "boards", "scenario"])
def test_files_not_utf8_too_deep_or_too_large_get_one_line(tmp_path: Path, kind: str) -> None:
    def load(path: Path) -> None:
        if kind == "scenario":
            load_scenario(path)
        elif kind == "rulesets":
            load_ruleset_ref(str(path))
        else:
            load_ruleset("magie-1904", tmp_path)

    name = "landlords-game-1904" if kind == "boards" else "x"
    folder = "boards" if kind == "boards" else "rulesets"
    cases = {
        "not UTF-8": b'[ruleset]\ntitle = "caf\xe9"\n',
        "nested too deeply": b"x = " + b"[" * 50_000 + b"]" * 50_000 + b"\n",
        "nested too deeply ": b"a = " + b"[" * (MAX_DEPTH + 2) + b"]" * (MAX_DEPTH + 2) + b"\n",
        "too large": b"# " + b"x" * MAX_FILE_BYTES + b"\n",
    }
    for words, content in cases.items():
        path = tmp_path / folder / f"{name}.toml"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content)
        with pytest.raises(DataError) as info:
            load(path)
        assert str(path.name) in str(info.value) and words.strip() in str(info.value), str(info.value)
        assert "\n" not in str(info.value)


def test_scenario_with_negative_wages_is_refused_before_play(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    path.write_text('[scenario]\nruleset = "magie-1904"\ngames = 5\nseed = 1\n[overrides]\nwages = -100\n')
    with pytest.raises(DataError, match=r"s.toml: \[overrides\]: field 'wages': -100 is out of range"):
        load_scenario(path)


def test_scenario_with_a_trillion_games_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    path.write_text('[scenario]\nruleset = "magie-1904"\ngames = 1000000000000\nseed = 1\n')
    with pytest.raises(DataError, match=r"field 'games': must be 1 to 1,000,000"):
        load_scenario(path)
    path.write_text('[scenario]\nruleset = "magie-1904"\ngames = 400000\nseed = 1\n[grid]\nwages = [1, 2, 3]\n')
    with pytest.raises(DataError, match="3 cell"):
        load_scenario(path)


# -- one's own data (point 6) -----------------------------------------------------------
def test_own_ruleset_named_like_a_builtin_extends_it_without_circularity(tmp_path: Path) -> None:
    path = own(tmp_path, "rulesets", "magie-1904", extending("magie-1904", param("wages", "150"), "magie-1904"))
    rs = load_ruleset("magie-1904", tmp_path)
    assert rs.params["wages"].value == 150 and rs.extends == "magie-1904"
    assert load_ruleset("magie-1904").params["wages"].value == 100  # the kit's is untouched
    assert load_ruleset_ref(str(path)).params["wages"].value == 150
    assert "magie-1904" in ruleset_ids(tmp_path)


def test_own_rulesets_extending_each_other_are_circular(tmp_path: Path) -> None:
    own(tmp_path, "rulesets", "a", extending("magie-1904", rid="a").replace('extends = "magie-1904"', 'extends = "b"'))
    own(tmp_path, "rulesets", "b", extending("magie-1904", rid="b").replace('extends = "magie-1904"', 'extends = "a"'))
    with pytest.raises(DataError, match="circular: a -> b -> a"):
        load_ruleset("a", tmp_path)


def test_own_board_is_found_beside_own_ruleset(tmp_path: Path) -> None:
    board = (KIT / "boards" / "landlords-game-1904.toml").read_text().replace(
        'id = "landlords-game-1904"', 'id = "my-board"')
    own(tmp_path, "boards", "my-board", board)
    path = own(tmp_path, "rulesets", "mine", extending("magie-1904").replace(
        'board = "landlords-game-1904"', 'board = "my-board"'))
    assert load_ruleset_ref(str(path)).board.id == "my-board"
    assert load_ruleset("mine", tmp_path).board.id == "my-board"


@pytest.mark.parametrize("bad", ["../../pyproject", "/etc/passwd", "..", "a/b", "x.toml/.."])
def test_ids_cannot_name_a_path(tmp_path: Path, bad: str) -> None:
    with pytest.raises(DataError, match="is not a ruleset id"):
        load_ruleset(bad)
    path = own(tmp_path, "rulesets", "mine", extending("magie-1904").replace(
        'board = "landlords-game-1904"', f'board = "{bad}"'))
    with pytest.raises(DataError, match=re.escape(f"{bad!r} is not a board id")):
        load_ruleset_ref(str(path))


@pytest.mark.parametrize("rid", ruleset_ids())
def test_every_ruleset_states_the_rounds_its_games_really_reach(rid: str) -> None:
    """Issue 16 point 7: the round cap says what random-bot games measured, not "never reached"."""
    source = load_ruleset(rid).params["max_rounds"].source
    assert "benchmarks/round_caps.py" in source and "longest game lasted" in source, source
    assert "never reached" not in source



def test_a_payment_of_nothing_moves_nothing_and_a_game_with_it_plays() -> None:
    """DECISION (``Game.pay``): found by the mutation test, a 1904 railroad fare of 0 (or wages
    of 0, a deleted fee) reached the ledger as a transfer of nothing and stopped the game; now a
    payment of 0 moves and logs nothing, and the game plays to its end."""
    from dataclasses import replace

    from landlord import Game, load_ruleset

    rs = load_ruleset("magie-1904")
    spaces = [replace(s, fee=0) if s.kind == "railroad" else s for s in rs.board.spaces]
    g = Game(replace(rs, board=replace(rs.board, spaces=tuple(spaces))).override(wages=0), [None] * 4, 1, log=True)
    before = list(g.ledger.balances)
    g.pay(0, 1, 0, flows.FARE, "fare", "Railroad")
    assert g.ledger.balances == before
    from landlord.runs.simulate import play_one

    game = play_one(replace(rs, board=replace(rs.board, spaces=tuple(spaces))).override(wages=0),
                    ["landlord", "tenant", "speculator", "landlord"], 3)
    assert game.over
