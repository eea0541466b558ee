"""Plain, grammatical words for what the table shows: sentences about the seat called "You"
put in the second person, and long titles shortened for a button."""

from __future__ import annotations

import html
import re

YOU = "You"
"""The seat name the lessons give the student; sentences about it read in the second person."""

_IRREGULAR = {"is": "are", "was": "were", "has": "have", "does": "do", "goes": "go"}
_NOT_VERBS = {"and", "or", "to", "in", "on", "at", "for", "from", "with", "by", "as"}
_CLAUSE = re.compile(r"\bYou \w+[^.!?]*")
_SUBJECT = re.compile(r"(^|[.!?:;]\s+|\]\s+|\(|,\s+)You (\w+)")


def _verb(word: str) -> str:
    """A third-person present/past verb as after "you": holds → hold, passes → pass, is → are."""
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    if word in _NOT_VERBS or not word.endswith("s") or word.endswith(("ss", "us", "is")):
        return word
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("sses", "shes", "ches", "xes", "zes")):
        return word[:-2]
    return word[:-1]


def plain_counts(text: str) -> str:
    """ "1 times" → "once", "2 times" → "twice"."""
    return re.sub(r"\b2 times\b", "twice", re.sub(r"\b1 times\b", "once", text))


def second_person(text: str, name: str = YOU) -> str:
    """``text`` with the seat called ``name`` ("You") as the grammatical subject: "You holds the
    lot ticket" → "You hold the lot ticket", "You was dealt" → "You were dealt", "You's turn" →
    "Your turn". Other names are left alone."""
    if name != YOU or "You" not in text:
        return text
    text = re.sub(r"\bYou's\b", "Your", text)
    text = re.sub(r"\byou's\b", "your", text)
    text = _SUBJECT.sub(lambda m: f"{m.group(1)}You {_verb(m.group(2))}", text)
    text = re.sub(r"\b([a-z]{2,}) You\b", r"\1 you", text)  # "Ben pays You" → "Ben pays you"
    # "You land on Lot 2 and pays rent" → "... and pay rent": verbs joined to a "You" sentence
    return _CLAUSE.sub(lambda m: re.sub(r"(?<= and )(\w+)", lambda v: _verb(v.group(1)), m.group(0)), text)


def short_title(title: str, limit: int = 32) -> str:
    """A phase or ruleset title short enough for a button: the part before any parenthesis,
    cut at a word with "…" if still longer than ``limit``."""
    head = title.split(" (")[0].strip()
    if len(head) <= limit:
        return head
    cut = head[:limit].rsplit(" ", 1)[0]
    return cut + "…"


def plain(text: str) -> str:
    """A sentence for the table: second person for "You", counts in words."""
    return plain_counts(second_person(text))


ACTIVITY = {
    "person": "Waiting for {you}: choose below.",
    "playing": "Playing: the computer players are moving. Pause stops them.",
    "paused": "Paused: press Play for the computer players to go on, or Step for one move.",
    "stopped": "The computer players stopped ({why}). Press Play to try again.",
    "past": "Looking back at turn {turn}: nothing moves until you go back to the present.",
    "over": "The game is over.",
}
"""What the table is doing, one sentence per state (:attr:`landlord.widgets.table.GameTable.activity_state`)."""

ACTIVITY_MARK = {"person": "●", "playing": "▶", "paused": "⏸", "stopped": "■", "past": "⏪", "over": "■"}
"""A sign before the sentence; the sentence alone says it all (the sign is hidden from screen readers)."""


def activity_text(state: str, name: str = "", turn: str = "", why: str = "") -> str:
    """The sentence for ``state``: "Waiting for you: choose below." for the seat called "You",
    "Waiting for Ada: …" for another person."""
    you = "you" if name in ("", YOU) else name
    return ACTIVITY[state].format(you=you, turn=turn, why=why)


def activity_html(state: str, details: dict[str, str]) -> str:
    """:func:`activity_text` as the table shows it (escaped; the state as a class for styling)."""
    text = html.escape(activity_text(state, **details))
    mark = ACTIVITY_MARK[state]
    return (f'<div class="ll-activity ll-activity-{state}"><span aria-hidden="true">{mark}</span> '
            f"<b>{text}</b></div>")


def resume_offer_html(title: str, turn: int, over: bool) -> str:
    """The offer to resume a game the browser kept from an earlier visit."""
    where = "finished" if over else f"at turn {turn}"
    return (f"<b>This browser kept a game of {html.escape(title)} from your last visit ({where}).</b> "
            "Resume it, or start a new game?")
