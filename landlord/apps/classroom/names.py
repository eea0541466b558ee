"""Students' display names: normalised, checked for hidden characters, and kept apart from the
other students' names and from the names the game gives its bots (issue 26, point 4).

A name is put in Unicode NFKC form (full-width letters, ligatures and compatibility spaces become
their plain forms) and its runs of spaces are collapsed. It is refused when it holds a character
a reader cannot see or that changes how the text around it is drawn: control characters,
format characters (zero-width spaces and joiners, the right-to-left and left-to-right overrides
and embeddings), private-use, unassigned and surrogate code points, line and paragraph
separators. It is refused as well when it could be read as another student's name or a bot's:
two names are look-alikes when the Unicode confusables table (the ``confusables`` library,
Unicode TR 39) maps them onto each other, ignoring case and accents ("Zoe" and "Zöe", "Bot 4"
and "B0t 4").
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from landlord.errors import LandlordError

LONGEST = 24
"""Most characters of a display name (after normalising)."""

HIDDEN = {"Cc": "a control character", "Cf": "an invisible formatting character", "Co": "a private-use character",
          "Cn": "an unassigned character", "Cs": "a broken character", "Zl": "a line break",
          "Zp": "a paragraph break"}
"""Unicode general categories a name may not hold, with what the student is told."""

GAME_WORDS = ("you", "bot", "a bot", "classmate", "computer", "teacher", "nobody")
"""Words the pages use for who plays a seat: a student called so would be mistaken for one."""


class BadName(LandlordError):
    """A display name that cannot be used; the message is one line for the student."""


def normal(raw: str) -> str:
    """The name in NFKC form with its runs of spaces collapsed; BadName names a hidden
    character (and its position) or an empty or too long name."""
    text = unicodedata.normalize("NFKC", raw or "")
    for i, ch in enumerate(text, 1):
        what = HIDDEN.get(unicodedata.category(ch))
        if what is not None and ch not in "\t\n\r":
            code = f"U+{ord(ch):04X}"
            raise BadName(f"your name holds {what} ({code}, character {i}): type it again with "
                             "letters, digits and spaces only")
    name = " ".join(text.split())
    if not name:
        raise BadName("type a display name first")
    if len(name) > LONGEST:
        raise BadName(f"a display name has at most {LONGEST} characters; yours has {len(name)}")
    return name


def looks_like(a: str, b: str) -> bool:
    """Whether ``a`` could be read as ``b``: the same letters up to case, accents and the
    Unicode confusables (spaces ignored)."""
    x, y = "".join(a.split()).casefold(), "".join(b.split()).casefold()
    if x == y:
        return True
    # imported here: its table is 23 MB in every kernel that imports it, and only the kernel
    # checking a name (a student joining or renamed) needs it
    from confusables import is_confusable

    return bool(is_confusable(x, y))


def bot_like(name: str, reserved: Iterable[str], most_bots: int) -> str | None:
    """The bot's or the game's name ``name`` could be read as (None: none): "Bot N" for any N up
    to ``most_bots``, the game's own words and the ``reserved`` names (e.g. the banker's boxes)."""
    squeezed = "".join(name.split()).casefold()
    candidates = [*reserved, *GAME_WORDS]
    if 3 < len(squeezed) <= 3 + len(str(most_bots)):
        candidates += [f"Bot {k}" for k in range(1, most_bots + 1) if len(str(k)) == len(squeezed) - 3]
    return next((c for c in candidates if looks_like(name, c)), None)


def check(raw: str, others: Iterable[str], reserved: Iterable[str] = (), most_bots: int = 99) -> str:
    """The name a student may use: :func:`normal`, then neither a look-alike of a bot's or the
    game's name nor of a classmate's (``others``); BadName says which, in one line."""
    name = normal(raw)
    bot = bot_like(name, reserved, most_bots)
    if bot is not None:
        like = "is" if looks_like(name, bot) and name.casefold() == bot.casefold() else f"reads like {bot!r},"
        raise BadName(f"{name!r} {like} a name the game uses: choose another display name")
    taken = next((o for o in others if looks_like(name, o)), None)
    if taken is not None:
        same = "is already called" if taken.casefold() == name.casefold() else "has a name that looks the same:"
        raise BadName(f"someone in this class {same} {taken!r}: add a letter")
    return name
