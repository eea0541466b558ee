"""The table's provenance panel lists only the reconstructed values in play, in plain words.

Issue: lesson 1 says "Nothing in the landlord rules you play here is reconstructed" above a
"⚠ 7 reconstructed values" panel whose seven values all belong to the single tax mapped onto
the patent board (not in play at a table playing the landlord rules), listed by raw keys.
"""

from __future__ import annotations

import re
from pathlib import Path

from landlord.widgets.panels import PARAM_WORDS, provenance_html
from landlord.widgets.state import reconstructed_params

from landlord.data.loader import load_ruleset
from landlord.engine.phases import parse_trigger
from landlord.players.characters import make_strategy
from landlord.rules.families import FamilyGame
from landlord.runs.simulate import play_one

BOTS = ["landlord", "tenant", "speculator", "landlord"]
SINGLE_TAX_KEYS = {"vote_min", "treasury_step", "wage_rise", "buyout_order", "annul_order",
                   "natural_wages", "natural_rent"}


def text(html: str) -> str:
    """The panel's words without tags."""
    return re.sub(r"<[^>]+>", " ", html)


def test_landlord_rules_throughout_list_nothing_reconstructed_on_the_1904_board() -> None:
    game = play_one(load_ruleset("magie-1904"), BOTS, 0)
    assert game.phase == "landlord"
    assert reconstructed_params(game) == []
    assert "All values on this board and in these rules come from the sources" in provenance_html(game)


def test_a_planned_single_tax_puts_its_reconstructed_numbers_in_play() -> None:
    rs = load_ruleset("magie-1904")
    trigger = parse_trigger("round:6", "single_tax")
    game = play_one(rs, BOTS, 0, triggers=[trigger])
    keys = {k for k, _, _ in reconstructed_params(game)}
    assert keys >= SINGLE_TAX_KEYS
    # before the switch, the planned phase is reachable: its numbers are already in play
    fresh = FamilyGame(rs, [make_strategy(b, f"0-{i}") for i, b in enumerate(BOTS)], 0, triggers=[trigger])
    assert fresh.phase == "landlord"
    assert {k for k, _, _ in reconstructed_params(fresh)} >= SINGLE_TAX_KEYS
    # and a table whose buttons can switch to the single tax lists them too
    plain = play_one(rs, BOTS, 0)
    assert {k for k, _, _ in reconstructed_params(plain, ["single_tax"])} >= SINGLE_TAX_KEYS


def test_the_panel_names_values_in_plain_words_never_by_their_keys() -> None:
    game = play_one(load_ruleset("magie-1904"), BOTS, 0, triggers=[parse_trigger("round:6", "single_tax")])
    words = text(provenance_html(game))
    for key in SINGLE_TAX_KEYS:
        assert key not in words and key.replace("_", " ") not in words, key
        assert PARAM_WORDS[key] in words.replace("&#x27;", "'")
    assert "SINGLE_TAX_MAPPING" not in words


def test_every_reconstructed_param_of_every_ruleset_has_plain_words() -> None:
    for path in sorted((Path(__file__).resolve().parent.parent / "data" / "rulesets").glob("*.toml")):
        params, _ = load_ruleset(path.stem).reconstructed_items()
        for name in params:
            assert name.split(".")[-1] in PARAM_WORDS, f"{path.stem}: {name} has no plain words"
