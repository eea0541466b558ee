"""The option type (issue 13.6): one way to write and read a decision option."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from landlord import Game, load_ruleset
from landlord.engine.decisions import Decision
from landlord.engine.options import Option, option, option_ints, parse_option
from landlord.engine.strategies import SeatView
from landlord.players.characters import make_strategy

KINDS = st.from_regex(r"[a-z][a-z0-9_]{0,11}", fullmatch=True)
VALUES = st.one_of(st.integers(min_value=0, max_value=10**6),
                   st.from_regex(r"[A-Za-z0-9_.\-]{1,12}", fullmatch=True))


@given(KINDS, st.lists(VALUES, max_size=3))
def test_an_option_written_from_its_parts_reads_back_to_them_and_writes_the_same_text(
        kind: str, values: list[object]) -> None:
    text = option(kind, *values)
    read = Option.parse(text)
    assert read.kind == kind
    assert read.arg == ":".join(str(v) for v in values)
    assert str(read) == text
    assert Option.parse(str(read)) == read


@given(KINDS, st.lists(st.integers(min_value=0, max_value=10**6), min_size=1, max_size=3))
def test_the_numbers_an_option_carries_read_back_as_numbers(kind: str, values: list[int]) -> None:
    assert Option.parse(option(kind, *values)).ints() == tuple(values)
    assert option_ints(option(kind, *values)) == tuple(values)  # the same, read once and kept
    assert option_ints(option(kind, *values)) == tuple(values)


def test_the_wire_form_is_the_text_records_and_saves_keep() -> None:
    assert option("pass") == str(Option("pass")) == "pass"
    assert option("bid", 120) == str(Option("bid", "120")) == "bid:120"
    assert option("offer", 11, 300) == "offer:11:300"
    assert Option.parse("offer:11:300") == Option("offer", "11:300")
    assert Option.parse("sell_all:dark_blue") == ("sell_all", "dark_blue")
    assert parse_option("pass") == Option("pass", "")


@pytest.mark.parametrize("text", ["", "Bid:3", "bid:", "bid::3", "bid 3", ":3", "bid:3 ", " pass",
                                  "bid:3\n", "1bid", "bid:£3"])
def test_text_that_is_not_an_option_is_refused_naming_the_text_and_where(text: str) -> None:
    with pytest.raises(ValueError, match="an answer") as err:
        Option.parse(text, "an answer")
    assert repr(text) in str(err.value)
    assert "\n" not in str(err.value).replace(repr(text), "")


@pytest.mark.parametrize("value", [None, 12, ("bid", "3"), ["bid:3"]])
def test_a_value_that_is_not_text_is_refused_with_a_clear_error(value: object) -> None:
    with pytest.raises(ValueError, match=r"option: .* is not an option"):
        Option.parse(value)  # type: ignore[arg-type]


def test_an_option_that_carries_no_number_says_so_when_asked_for_numbers() -> None:
    with pytest.raises(ValueError, match=r"option 'sell_all:dark_blue': sell_all takes whole numbers"):
        Option.parse("sell_all:dark_blue").ints()
    with pytest.raises(ValueError, match=r"option 'sell_all:dark_blue': sell_all takes whole numbers"):
        option_ints("sell_all:dark_blue")


def test_a_label_asked_for_text_that_is_not_an_option_names_the_decision_and_the_text() -> None:
    g = Game(load_ruleset("magie-1904"), [make_strategy("landlord")] * 2, 1)
    with pytest.raises(ValueError, match=r"buy_lot option: 'buy:' is not an option"):
        g.rules.option_text(Decision(0, "buy_lot", ()), "buy:")


@pytest.mark.parametrize("ruleset", ["monopoly", "magie-1904", "magie-1906", "british-1913-sequence"])
def test_every_option_a_family_offers_is_written_in_the_one_form(ruleset: str) -> None:
    """Random bots play a few games; every option every decision offered reads as an Option and
    writes back to the same text, and the bots' answers were among them."""
    seen: set[str] = set()

    class Spy:
        def __init__(self, seed: int) -> None:
            self.inner = make_strategy("random", seed)

        def choose(self, view: SeatView, d: Decision) -> str:
            seen.update(d.options)
            return self.inner.choose(view, d)

    for seed in range(2):
        Game(load_ruleset(ruleset), [Spy(seed * 4 + i) for i in range(4)], seed).run(1000)
    assert len(seen) > 10
    for text in seen:
        assert str(Option.parse(text)) == text
