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
MOST_MARKS = 2
"""Most accents (combining marks) on one letter: two cover every language's letters (Vietnamese
"ệ" carries two); more are stacked to draw over the text around the name."""


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
    run = 0
    for i, ch in enumerate(text, 1):
        run = run + 1 if unicodedata.category(ch) in ("Mn", "Me") else 0
        if run > MOST_MARKS:
            raise BadName(f"your name stacks more than {MOST_MARKS} accents on one letter (character {i}): "
                          "type it again with at most two on a letter")
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


def digits_like(text: str) -> str | None:
    """The digits ``text`` could be read as (each character a digit of any script or a look-alike
    of one: "O" for 0, "l" for 1), or None."""
    from confusables import is_confusable  # (imported here: see looks_like)

    out = []
    for ch in text:
        if ch.isdecimal():
            out.append(str(unicodedata.decimal(ch)))
            continue
        digit = next((d for d in "0123456789" if is_confusable(ch, d)), None)
        if digit is None:
            return None
        out.append(digit)
    return "".join(out) if out else None


def bot_like(name: str, reserved: Iterable[str]) -> str | None:
    """The bot's or the game's name ``name`` could be read as (None: none): "Bot N" for any number
    N (a student called "Bot 99" reads as a computer player at any table, whatever its size),
    the game's own words and the ``reserved`` names (e.g. the banker's boxes)."""
    squeezed = "".join(name.split()).casefold()
    candidates = [*reserved, *GAME_WORDS]
    number = digits_like(squeezed[3:])
    if number is not None:
        candidates.append(f"Bot {number}")
    return next((c for c in candidates if looks_like(name, c)), None)


class LookAlike(BadName):
    """A name that only looks like a classmate's (not the same letters: "Ian" after "lan"): the
    student may keep it (:func:`check` with ``alike``), or add a letter."""


def check(raw: str, others: Iterable[str], reserved: Iterable[str] = (), most_bots: int = 99,
          alike: bool = False) -> str:
    """The name a student may use: :func:`normal`, then neither a look-alike of a bot's or the
    game's name nor of a classmate's (``others``); BadName says which, in one line.

    A name with other letters than a classmate's that only looks the same (an earlier "lan", a
    later "Ian") is refused as :class:`LookAlike` unless ``alike``: the later student chooses to
    keep their own name (their page asks them), so an earlier name never blocks a real one, and
    the teacher's dashboard shows the two as look-alikes. The same name (up to case and spaces)
    is always refused. ``most_bots`` is not used: every "Bot N" reads as a computer player."""
    name = normal(raw)
    bot = bot_like(name, reserved)
    if bot is not None:
        like = "is" if looks_like(name, bot) and name.casefold() == bot.casefold() else f"reads like {bot!r},"
        raise BadName(f"{name!r} {like} a name the game uses: choose another display name")
    squeezed = "".join(name.split()).casefold()
    same = next((o for o in others if "".join(o.split()).casefold() == squeezed), None)
    if same is not None:
        raise BadName(f"someone in this class is already called {same!r}: add a letter")
    taken = next((o for o in others if looks_like(name, o)), None)
    if taken is not None and not alike:
        raise LookAlike(f"someone in this class has a name that looks the same: {taken!r}. If {name} is your "
                        "name, press Join again to keep it (your teacher sees the two marked as look-alikes), "
                        "or add a letter")
    return name


def look_alikes(names: Iterable[str]) -> list[tuple[str, str]]:
    """The pairs of ``names`` that look the same though their letters differ (the teacher's list)."""
    seen = list(names)
    return [(a, b) for i, a in enumerate(seen) for b in seen[i + 1:] if looks_like(a, b)]
