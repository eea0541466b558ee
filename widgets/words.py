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
    text = _CLAUSE.sub(lambda m: re.sub(r"(?<= and )(\w+)", lambda v: _verb(v.group(1)), m.group(0)), text)
    return _YOUR_CLAUSE.sub(lambda m: own_pronouns(m.group(0)), text)


_YOUR_CLAUSE = re.compile(r"\bYour? [^.!?]*")


def own_pronouns(clause: str) -> str:
    """In a sentence about "You", the rules' "his"/"he" (that player) in the second person:
    "offer one of his own" → "offer one of your own", "where he is" → "where you are", "bring
    him to" → "bring you to". "Let him off" (another player) is left alone."""
    clause = re.sub(r"\bhis\b", "your", clause)
    clause = re.sub(r"\bhe (\w+)", lambda m: f"you {_verb(m.group(1))}", clause)
    return re.sub(r"\bbring him\b", "bring you", clause)


def short_title(title: str) -> str:
    """A phase or ruleset title short enough for a button or a legend, never cut mid-word: the
    title without its parentheses, and only the part before its colon when that part names it
    ("Part 1, Buying the Land: rent to …" → "Part 1, Buying the Land"; a "What-if, …:" title
    keeps what follows its colon, which is what tells two what-ifs apart)."""
    head = re.sub(r"\s*\([^()]*\)", "", title).strip()
    name, colon, _ = head.partition(":")
    if colon and len(name) >= 8 and not name.startswith("What-if"):
        return name.strip()
    return head


RULES_MENU = {
    "magie-1904": "The Landlord's Game (1904 patent)",
    "magie-1904-no-tickets": "Landlord's Game (1904), no lot tickets",
    "magie-1906": "The Landlord's Game (1906 edition)",
    "magie-1906-beginners": "Landlord's Game (1906), beginners' start",
    "magie-1906-monarch": "The Monarch of the World (1906)",
    "magie-1906-prosperity": "Landlord's Game (1906), Prosperity end",
    "british-1913-part1": "Brer Fox an' Brer Rabbit (1913), Part 1",
    "british-1913-part2": "Brer Fox an' Brer Rabbit (1913), Part 2",
    "british-1913-part3": "Brer Fox an' Brer Rabbit (1913), Part 3",
    "british-1913-sequence": "Brer Fox (1913), Parts 1, 2 and 3",
    "monopoly": "Monopoly (classic US edition)",
    "mucker": "Mucker Monopoly",
}
"""A kit ruleset's name short enough for a phone's closed menu (the whole title is written
under the menu); a ruleset not named here is shown by its title when that is short enough."""
MENU_CHARS = 40
"""About as many characters as a closed menu shows whole on a 390 px phone."""


def rules_label(rid: str, title: str) -> str:
    """A ruleset's name for a menu: :data:`RULES_MENU`'s, or its title in :func:`menu_words`
    (the whole title is written under the menu)."""
    return RULES_MENU.get(rid) or menu_words(title)


_BREAK = re.compile(r"[:;,]\s|\s—\s")


def menu_words(text: str) -> str:
    """``text`` for a phone's closed menu: whole when it is short enough, else up to its first
    clause break that leaves at least a dozen characters ("Houses on a whole section, a
    mortgage, …" → "Houses on a whole section"; the whole text is written under the menu)."""
    if len(text) <= MENU_CHARS:
        return text
    for m in _BREAK.finditer(text):
        if 12 <= m.start() <= MENU_CHARS:
            return text[:m.start()]
    return text


def phase_label(title: str) -> str:
    """A phase's title short enough for a phone's menu, in whole words: "Part 2, Improving the
    Land", "The Single Tax", "What-if: Part 3 without its land value tax" (the whole title is
    written under the menu)."""
    short = short_title(title)
    if short.startswith("What-if") and ":" in short:
        short = "What-if: " + short.partition(":")[2].strip()
    if len(short) > MENU_CHARS + 6:
        cut = short.rfind(" and ", 0, MENU_CHARS + 10)
        short = short[:cut] if cut > 0 else short
    return short


_SNAKE = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b")


def no_ids(text: str) -> str:
    """Any id left in a sentence in words: "the dark_blue group" → "the dark blue group"."""
    return _SNAKE.sub(lambda m: m.group(0).replace("_", " "), text)


def plain(text: str) -> str:
    """A sentence for the table: second person for "You", counts in words, no ids."""
    return no_ids(end_words(plain_counts(second_person(text))))


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


REVEAL_WAITING = "Playing the games. This can take a little while."
"""What a lesson's reveal shows while its games are played (a sentence: no "…" to read as cut off)."""
REVEAL_FAILED = "The games could not be played this time. Close this and open it again to try once more."
"""The one line a student sees if a reveal's games failed (never a traceback)."""


STRATEGY_WORDS = {"landlord": "the landlord", "tenant": "the tenant", "speculator": "the speculator",
                  "random": "the random player"}
"""A bot's name as a lesson calls it."""


def strategy_words(strategy: str) -> str:
    """A bot's name as a lesson calls it: "the landlord", "the random player"."""
    return STRATEGY_WORDS.get(strategy, f"the {strategy.replace('_', ' ')}")


def computer_players_words(bot: str, count: int | None = None) -> str:
    """Computer players all playing ``bot``, as a lesson says it: "4 computer players, each
    playing as the landlord" (``count`` None: "computer players, each playing as …")."""
    return f"{'' if count is None else f'{count} '}computer players, each playing as {strategy_words(bot)}"


def final_gini_title() -> str:
    """A reveal's histogram of the games' final Gini, titled by the question it answers (the
    Gini's form is in its description)."""
    return "How evenly was wealth spread when each game ended? 0 = everyone equal, 1 = one player has everything"


def plays_words(bot: str | None) -> str:
    """Who plays a seat, as the players' panel says it: "a person" or "computer: landlord"."""
    return "a person" if bot is None else f"computer: {bot.replace('_', ' ')}"


def phase_news_text(phase: str, currency: str, amounts: list[int]) -> str:
    """What the table says when other rules come into force: "Now in force: Part 2, Improving
    the Land. As its rules say, each player receives a further £3000 from the Bank." (the
    sentence about money only when the new rules hand some out)."""
    text = f"Now in force: {phase}."
    if amounts:
        money = " or ".join(f"{currency}{a:,}" for a in amounts)
        text += (f" As its rules say, each player receives a further {money} from the Bank: that is why "
                 "everyone's wealth jumps here.")
    return text


END_WORDS = {
    "circuits": "the players have been round the board as many times as the rules say",
    "prosperity": "the poorest player's stake has grown as much as the rules say",
    "time limit": "the time the rules give a game is up",
    "round cap": "it reached the kit's safety bound on rounds",
}
"""Why a game ended, in words (the rules' end reasons)."""


def end_words(text: str) -> str:
    """ "The game is over (circuits)." → "The game is over: the players have been round …"."""
    return re.sub(r"The game is over \(([^()]+)\)\.",
                  lambda m: f"The game is over: {END_WORDS.get(m.group(1), m.group(1))}.", text)


def plain_name(name: str) -> str:
    """An uploaded file's name as shown: its last part only, printable, at most 80 characters."""
    base = str(name).replace("\\", "/").rsplit("/", 1)[-1]
    base = "".join(c for c in base if c.isprintable())[:80]
    return base or "uploaded file"


_PATH = re.compile(r"(?:[A-Za-z]:)?(?:[/\\][\w.@+-]+){2,}[/\\]?")


def no_paths(text: str) -> str:
    """``text`` with every file path on the server cut to its last part."""
    return _PATH.sub(lambda m: m.group(0).rstrip("/\\").replace("\\", "/").rsplit("/", 1)[-1], text)
