"""A lesson's reveal (:class:`landlord.widgets.Reveal`): its content is built when the student first opens
it, once, and a failure shows one plain line and can be retried by closing and opening again."""

from __future__ import annotations

import ipywidgets as w
from landlord.widgets.reveal import FAILED, WAITING

from landlord.widgets import Reveal


class Games:
    """A content builder that counts its calls and fails while ``fail`` is set."""

    def __init__(self, fail: bool = False) -> None:
        self.calls = 0
        self.fail = fail
        self.shown_meanwhile: list[str] = []
        self.reveal: Reveal | None = None

    def __call__(self) -> w.Widget:
        self.calls += 1
        if self.reveal is not None:
            self.shown_meanwhile.append(text(self.reveal))
        if self.fail:
            raise RuntimeError("Traceback: KeyError 'gini_population' at metrics.py:42")
        return w.HTML("<p>Landlord won 120 of 200 games</p>")


def text(reveal: Reveal) -> str:
    """The HTML the reveal's section holds now."""
    (box,) = reveal.children
    return "".join(c.value for c in box.children if isinstance(c, w.HTML))


def test_closed_and_not_built_until_opened() -> None:
    games = Games()
    reveal = Reveal("Reveal: who was richest?", games)
    assert reveal.selected_index is None
    assert reveal.titles == ("Reveal: who was richest?",)
    assert games.calls == 0 and not reveal.built
    assert text(reveal) == ""


def test_built_on_first_opening_showing_plain_words_meanwhile_and_only_once() -> None:
    games = Games()
    reveal = Reveal("Reveal", games)
    games.reveal = reveal
    reveal.selected_index = 0
    assert games.calls == 1 and reveal.built
    assert games.shown_meanwhile == [f"<p><i>{WAITING}</i></p>"]
    assert "Landlord won 120 of 200 games" in text(reveal)
    reveal.selected_index = None
    reveal.selected_index = 0
    assert games.calls == 1, "the content was built again on reopening"
    assert "Landlord won 120 of 200 games" in text(reveal)


def test_a_failure_shows_one_plain_line_and_reopening_retries() -> None:
    games = Games(fail=True)
    reveal = Reveal("Reveal", games)
    reveal.selected_index = 0
    assert text(reveal) == f"<p>{FAILED}</p>"
    assert "Traceback" not in text(reveal) and "\n" not in FAILED
    assert isinstance(reveal.error, RuntimeError) and not reveal.built
    games.fail = False
    reveal.selected_index = None
    assert games.calls == 1, "closing must not build"
    reveal.selected_index = 0
    assert games.calls == 2 and reveal.built and reveal.error is None
    assert "Landlord won 120 of 200 games" in text(reveal)
