"""Card decks as data: the classic Monopoly decks and the strict deck loader."""

from __future__ import annotations

from pathlib import Path

import pytest

from landlord.data.decks import load_deck
from landlord.errors import DataError

GOOD = '''
[deck]
id = "t"
title = "T"
source = "test"
provenance = "verified_2_sources"
editions = ["classic", "2008"]

[[card]]
name = "a"
effect = "collect_from_bank"
amount = 45
amounts = { "2008" = 50 }
copies = 2
text = "collect"
provenance = "verified_2_sources"
'''


def _write(tmp_path: Path, text: str) -> Path:
    p = tmp_path / "deck.toml"
    p.write_text(text)
    return p


def test_classic_decks_have_sixteen_cards_each() -> None:
    """The classic US Chance and Community Chest decks hold 16 cards each (SOURCES.md 4), the
    nearest-railroad Chance card twice."""
    chance = load_deck("monopoly-us-chance")
    chest = load_deck("monopoly-us-community-chest")
    assert len(chance.cards) == len(chest.cards) == 16
    assert sum(c.name == "nearest_railroad" for c in chance.cards) == 2
    assert sum(c.effect == "keep_card" for c in chance.cards + chest.cards) == 2


def test_edition_dependent_card_amounts() -> None:
    """SOURCES.md 4: sale of stock $45 (classic) / $50 (2008); school tax $150 / $50; Grand
    Opera (classic) / birthday $10 (2008)."""
    c = {x.name: x for x in load_deck("monopoly-us-community-chest").cards}
    m = {x.name: x for x in load_deck("monopoly-us-community-chest", "2008").cards}
    assert (c["sale_of_stock"].amount, m["sale_of_stock"].amount) == (45, 50)
    assert (c["school_tax"].amount, m["school_tax"].amount) == (150, 50)
    assert "grand_opera" in c and "birthday" not in c and "birthday" in m and "grand_opera" not in m


def test_deck_loader_reads_copies_and_edition(tmp_path: Path) -> None:
    """A good deck loads with copies expanded and the edition's amount."""
    d = load_deck(_write(tmp_path, GOOD), "2008")
    assert [x.amount for x in d.cards] == [50, 50]


@pytest.mark.parametrize(("change", "field"), [
    (("copies = 2", "copies = 2\ncolour = 1"), "colour"),
    (('effect = "collect_from_bank"', 'effect = "steal"'), "effect"),
    (('effect = "collect_from_bank"', 'effect = "keep_card"'), "amount"),
    (('amounts = { "2008" = 50 }', 'amounts = { "1999" = 50 }'), "amounts"),
    (('provenance = "verified_2_sources"\n', 'provenance = "hearsay"\n'), "provenance"),
    (("copies = 2", "copies = 0"), "copies"),
    (("copies = 2", 'copies = 2\ntarget = "railroad"'), "target"),
])
def test_deck_loader_is_strict(tmp_path: Path, change: tuple[str, str], field: str) -> None:
    """Unknown keys, effects, editions, provenance; missing numbers; bad counts: one DataError
    naming the file, the card and the field."""
    text = GOOD.replace(*change, 1) if field != "provenance" else GOOD.replace(change[0], change[1])
    with pytest.raises(DataError) as err:
        load_deck(_write(tmp_path, text), "classic")
    assert err.value.field == field
    assert "deck.toml" in str(err.value)


def test_deck_loader_unknown_edition(tmp_path: Path) -> None:
    """Asking for an edition the deck does not cover is an error naming the editions it has."""
    with pytest.raises(DataError, match="classic, 2008"):
        load_deck(_write(tmp_path, GOOD), "1935")


def test_deck_loader_missing_amount(tmp_path: Path) -> None:
    """An effect that needs an amount must have one."""
    text = GOOD.replace("amount = 45\n", "").replace('amounts = { "2008" = 50 }\n', "")
    with pytest.raises(DataError) as err:
        load_deck(_write(tmp_path, text), "classic")
    assert err.value.field == "amount"
