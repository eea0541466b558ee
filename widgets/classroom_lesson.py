"""The class lesson's words for the class being played: what the rules are, what changes at
the class's switch (1904 and 1906: the single tax; 1913: the next Part; Monopoly: nothing
changes), the prediction asked before play and the computer-player comparison after it.

The class lesson notebook calls :func:`class_lesson` (the class the server runs, read from the
class folder) and shows its parts; outside a class server it is the kit's default class game
(Magie's 1904 board, 12 rounds, the single tax from the start at half the tables). Every claim
about a rule quotes or names its source (the kit's copies are in ``docs/sources/``, listed by
:meth:`ClassLesson.cited`; students' pages show no repository path); the comparison is measured
when the student opens it.
"""

from __future__ import annotations

import dataclasses
import html
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import ipywidgets as W
import pandas as pd

from landlord.apps.classroom import ClassSpec, store_at
from landlord.apps.classroom.debrief import phase_words
from landlord.apps.classroom.room import DEFAULT_HALF, PREDICTIONS, next_phase
from landlord.apps.classroom.store import served_class
from landlord.data.ruleset import Ruleset
from landlord.engine.phases import parse_switch
from landlord.rules.families import shared_params
from landlord.runs.measures import switch_games

from .closing import replace_children
from .measures import html_box
from .reveal import Reveal
from .words import computer_players_words

COMPARE_GAMES = 100
"""Games of computer players each way in the lesson's comparison (the same seeds both ways)."""

RULES_1906, RULES_1913 = "docs/sources/magie-1906-rules.md", "docs/sources/british-1913-rules.txt"
PATENT_1904, RULES_FILE_1904 = "docs/sources/patent-1904-specification.md", "data/rulesets/magie-1904.toml"
REFERENCE = "tests/reference/SOURCES.md"

CHANGES = {
    ("magie1904", "single_tax"): (
        "land rent goes to the Public Treasury instead of to whoever holds the land (the single tax). "
        "The 1904 patent has no single tax: the kit maps Magie's 1906 single-tax rules onto the patent "
        "board, a documented reconstruction", RULES_FILE_1904),
    ("magie1906", "single_tax"): (
        "the single tax comes in: \"All land rent is paid into the public treasury\" and \"the Title Deeds "
        "are of no value\" (Magie's 1906 rules, <i>The Single Tax</i>)", RULES_1906),
    ("british1913", "part2"): (
        "Part 2, Improving the Land, begins: each player \"receives a further £3000 from the Bank\", "
        "improvements pay interest to their owner and rates to the Public Treasury, and \"Whenever a "
        "player's property is all improved his Wages are raised to £300\" (the 1913 rules)", RULES_1913),
    ("british1913", "part3"): (
        "Part 3, Taxing Land Values, begins: rent is still paid to the owner of the site, who must pay "
        "the same amount to the Public Treasury as land value tax; improvements pay no rates, the duties "
        "are abolished and wages \"rise to £500 on passing Mother Earth\" (the 1913 rules)", RULES_1913),
}
"""What the class's switch changes, in plain words naming its source, by (rules family, phase), with
the kit's copy of the source its quotes are from (for the tests and the teacher's guide: students'
pages and the handout show no file of the repository)."""

JUMPS = {
    "single_tax": (
        "<b>Why the Gini can jump at the switch.</b> Under the single tax the title deeds count nothing "
        "in their holder's total, though the holder keeps the land. Players who spent their cash on land "
        "drop at once; players who kept their cash do not. The Gini compares the totals, so it can jump "
        "up at that moment, and a short class game leaves only a few rounds for the new rules to work."),
    "part3": (
        "<b>What to watch after the switch.</b> From Part 3 the rent an owner collects goes back to the "
        "Treasury, so land no longer pays its holder; wages rise for everyone. Watch whether the richest "
        "player's lead keeps growing."),
    "part2": (
        "<b>What to watch after the switch.</b> In Part 2 everyone gets the same £3000 more; who gains "
        "depends on who holds the sites to improve. Watch whether the richest player's lead keeps growing."),
}
"""What to watch in the Gini at the switch, by phase."""

HALF_WATCH = ("<b>What to watch.</b> The two halves of the room play the same board under different rules from the "
              "first turn: watch who receives the land rent at your table, and what it pays for. At the debrief "
              "the class compares the final Gini of the tables under each rules, and the Gini of their cash alone.")
"""What to watch when half the tables play the other rules from the start."""

KIT_CHOICES = ("The round limit of a class game, the switch part way through and the class vote are the kit's "
               "choices for a lesson period, not the game's own")

SOURCES = {
    "magie1904": (
        "Lizzie Magie's 1904 patent game (US Patent 748,626; a copy of the patent comes with the kit). On the "
        "patent board the single tax is a documented reconstruction: Magie's 1906 single-tax rules mapped onto "
        "the 1904 board, as the kit's rules for the game say; values marked as reconstructed are not read from "
        f"a source. {KIT_CHOICES}: her game ends when every player has been round the board five times, and her "
        "single tax comes in by a vote of at least two of the players (1906).",
        (PATENT_1904, RULES_1906, RULES_FILE_1904)),
    "magie1906": (
        "Lizzie Magie's 1906 rules (a copy comes with the kit). "
        f"{KIT_CHOICES}: in her rules the players \"may at any time during the game put the single tax into "
        "operation by a vote of at least two of the players\".", (RULES_1906,)),
    "british1913": (
        "The British game of 1913 in three Parts (Newbie Game Co., London; a copy of its rules comes with the "
        "kit; its board has not been found, so the kit's board is reconstructed, as the kit's notes on its "
        f"sources say). {KIT_CHOICES}: the rules play the Parts one after another and note that \"The game may "
        "be found too long to play through all its\" Parts.", (RULES_1913, REFERENCE)),
    "monopoly": (
        "Parker Brothers' Monopoly rules (the classic US edition; the kit's notes on its sources list the board "
        f"and cards). {KIT_CHOICES}: a game of Monopoly ends when all but one player have gone bankrupt, which "
        "takes hours; a class plays a set number of rounds (a round took about four and a half minutes in a "
        "class) so that the game fits the period.",
        (REFERENCE,)),
}
"""Where the class's rules come from and what in them is the kit's, by rules family, with the kit's
copies of those sources (not shown to students)."""


@dataclass(frozen=True)
class ClassLesson:
    """The lesson of one class: its rules (``ruleset``, with the class's round cap), the phase its
    switch brings in (None: the rules stay all game) and the round it comes at (None: the
    teacher's button or a vote, at any time); ``half``: the phase is not a switch but the rules
    half the tables play from their first turn (:attr:`ClassSpec.half_from_start`)."""

    ruleset: Ruleset
    switch: str | None
    switch_round: int | None
    bots: str = "landlord"
    table_size: int = 4
    half: bool = False
    class_id: str = ""
    """The class whose lesson this is ("" outside a class): the parts shown are told again when
    its switch is made (:func:`retell`)."""

    @property
    def rounds(self) -> int:
        """The class game's last round."""
        return shared_params(self.ruleset).max_rounds

    @property
    def first_words(self) -> str:
        """The rules the tables start under, in plain words."""
        return phase_words(self.ruleset, self.ruleset.default_phase)

    @property
    def switch_words(self) -> str:
        """The rules the switch brings in, in plain words ("" without a switch)."""
        return phase_words(self.ruleset, self.switch) if self.switch else ""

    def change_html(self) -> str:
        """What the switch changes (with its source), or that the rules stay all game."""
        if self.switch is None:
            return ("The rules stay the same all game: "
                    f"{html.escape(self.ruleset.phases[self.ruleset.default_phase].title)}.")
        known = CHANGES.get((self.ruleset.family, self.switch))
        at = "Under those rules" if self.half else "At the switch"
        return (f"{at} " + known[0] + "." if known else
                f"{at} these rules are in force: {html.escape(self.ruleset.phases[self.switch].title)}.")

    def intro_html(self) -> str:
        """The lesson's opening for this class: the game, its first rules and its switch."""
        if self.half:
            return (f"<p>Your class plays <b>{html.escape(self.ruleset.title)}</b> for {self.rounds} rounds. Half "
                    f"the tables (tables 2, 4, …) play <b>{html.escape(self.switch_words)}</b> from the first turn; "
                    f"the others play <b>{html.escape(self.first_words)}</b>. The line at the top of your table "
                    f"names its rules.</p><p>{self.change_html()}</p>")
        when = (f"at round {self.switch_round}" if self.switch_round else
                "part way through, when your teacher switches the rules for every table or the class votes")
        switch = ("" if self.switch is None else
                  f" {when[:1].upper() + when[1:]}, the rules change to <b>{html.escape(self.switch_words)}</b>.")
        return (f"<p>Your class plays <b>{html.escape(self.ruleset.title)}</b> for {self.rounds} rounds, "
                f"starting under <b>{html.escape(self.first_words)}</b>.{switch}</p><p>{self.change_html()}</p>")

    def question(self) -> str:
        """The prediction asked before play."""
        if self.half:
            return (f"<b>At the end of the game, will the gap between the richest and the poorest player be larger "
                    f"or smaller at the tables playing {html.escape(self.switch_words)} from the first turn than at "
                    f"the tables playing {html.escape(self.first_words)}?</b>")
        if self.switch is None:
            return ("Over the game, <b>what happens to the gap between the richest and the poorest player at "
                    "your table?</b>")
        return (f"When the rules change to <i>{html.escape(self.switch_words)}</i>, <b>what happens to the gap "
                "between the richest and the poorest player at your table?</b>")

    def answers(self) -> dict[str, str]:
        """The prediction's answers in plain words, by their stored ids (:data:`PREDICTIONS`)."""
        if self.half:
            words = ("larger there", "smaller there", "about the same")
        elif self.switch is None:
            words = ("it keeps growing", "it shrinks", "it stays about the same")
        else:
            words = ("it keeps growing", "it stops growing or shrinks", "the change makes no difference")
        return dict(zip(PREDICTIONS, words, strict=True))

    def after_html(self) -> str:
        """What to watch during play and at the debrief."""
        watch = HALF_WATCH if self.half else JUMPS.get(self.switch or "", "") if self.switch else (
            "<b>What to watch.</b> Nothing in the rules changes: watch when the first player pulls ahead, "
            "and whether anyone catches up.")
        return (f"<p>Your teacher's screen shows every table live. After the game the teacher shows the class "
                "charts: every table's Gini over the turns, and each table's final Gini beside computer players "
                f"who played the same dice under the same rules.</p><p>{watch}</p>")

    def compare(self) -> Reveal:
        """A closed panel that plays computer players through this class's game when opened:
        with the switch at its round (round half-way when the teacher's button brings it) and
        without it, on the same seeds; without a switch, the class's game alone."""
        at = 0 if self.half else self.switch_round or max(1, self.rounds // 2)
        when = "start" if self.half else f"round:{at}"
        bots = [self.bots] * self.table_size
        rid, rounds = self.ruleset.id, self.rounds
        if self.switch is None:
            return Reveal("Computer players in your class's game", lambda: html_box(
                compare_html(self, switch_games(rid, bots, range(COMPARE_GAMES), rounds=rounds), None, at)))
        phase = self.switch
        return Reveal(f"Computer players in your class's game: {self.switch_words} "
                      f"{'from the first turn' if self.half else f'at round {at}'}, or never",
                      lambda: html_box(compare_html(
                          self, switch_games(rid, bots, range(COMPARE_GAMES), rounds=rounds),
                          switch_games(rid, bots, range(COMPARE_GAMES), when, phase, rounds), at)))

    def questions(self) -> list[str]:
        """The debrief's questions for this class (the switch's only where there is one)."""
        asked = ["At your table, who ended up with the land and the money, and why?"]
        if self.half:
            asked += ["Was your prediction right? Compare the final Ginis of the two halves of the room.",
                      "At the tables under each rules, who received the land rent, and what did it pay for?"]
        elif self.switch is None:
            asked.append("Was your prediction right? Find your table's line on the chart: when did it pull away?")
        else:
            asked += ["Was your prediction right? Find your table's line on the chart around the switch.",
                      "If the class or your table voted: who voted for the change and who against, and why?"]
        asked.append("Did the tables of people end more or less unequal than the computer players on the same dice? "
                     "Count the moves bots made at your table first.")
        return asked

    def play_html(self) -> str:
        """What only this class's rules ask of a player at the table: at a table of Magie's 1906
        rules, the card market's "Trade cards" toggle; "" for every other class."""
        if self.ruleset.family != "magie1906":
            return ""
        return ("<p>At a table playing Magie's 1906 rules, players may offer to buy or sell cards between "
                "themselves before each throw: switch on <b>Trade cards</b> to be asked; while it is off you make "
                "no offer.</p>")

    def sources_html(self) -> str:
        """Where the class's rules come from and what in them is reconstructed or the kit's."""
        return f"<p>The rules of your class: {SOURCES[self.ruleset.family][0]}</p>"

    def cited(self) -> tuple[str, ...]:
        """The kit's copies of the sources this lesson's words quote or follow (repository paths,
        for checking; the words name the sources without them)."""
        change = CHANGES.get((self.ruleset.family, self.switch or ""))
        return tuple(dict.fromkeys(((change[1],) if change else ()) + SOURCES[self.ruleset.family][1]))

    def show(self, part: str) -> W.Widget:
        """One part of the lesson as a widget: ``intro``, ``question``, ``play``, ``after``,
        ``compare`` or ``sources``; in a class, in a box that :func:`retell` fills again when the class's
        switch is made."""
        if not self.class_id:
            return self.part(part)
        box = W.VBox([self.part(part)])
        SHOWN.setdefault(self.class_id, []).append((part, box))
        return box

    def part(self, part: str) -> W.Widget:
        """One part of the lesson as a widget (:meth:`show`'s content)."""
        if part == "compare":
            return self.compare()
        text = {"intro": self.intro_html, "question": self.question, "after": self.after_html,
                "play": self.play_html, "sources": self.sources_html}[part]()
        return W.HTML(f'<div class="ll-class-lesson">{text}</div>')


SHOWN: dict[str, list[tuple[str, W.Box]]] = {}
"""The lesson's parts shown in this kernel, by class: a class page's kernel serves one page."""


def retell(lesson: ClassLesson) -> None:
    """Show ``lesson``'s parts in place of those its class's page shows (the switch was made)."""
    for part, box in SHOWN.get(lesson.class_id, []):
        replace_children(box, [lesson.part(part)])


def switch_made(ruleset: Ruleset, phases: Iterable[str], asked: Iterable[str] = ()) -> str | None:
    """The phase a class was switched to: the one in force at most of the tables that left the
    first rules (``phases``: each table's phase now), else the phase of the class's latest vote
    (``asked``, oldest first: the class was asked about it); None when there is neither."""
    moved = Counter(p for p in phases if p != ruleset.default_phase and p in ruleset.phases)
    if moved:
        return moved.most_common(1)[0][0]
    last = [p for p in asked if p in ruleset.phases and p != ruleset.default_phase]
    return last[-1] if last else None


def compare_html(lesson: ClassLesson, never: pd.DataFrame, switched: pd.DataFrame | None, at: int) -> str:
    """The measured comparison: the average final Gini and richest-minus-poorest gap of the
    same games each way (frames of :func:`landlord.runs.measures.switch_games`)."""
    cur = html.escape(lesson.ruleset.board.currency)

    digits = 3 if never["gini_final"].mean() < 0.1 else 2  # the 1913 games' few hundredths keep a figure

    def row(label: str, g: pd.DataFrame) -> str:
        return (f"<tr><td>{html.escape(label)}</td><td>{g['gini_final'].mean():.{digits}f}</td>"
                f"<td>{g['gini_cash_final'].mean():.{digits}f}</td><td>{cur}{g['gap_final'].mean():,.0f}</td></tr>")

    rows = row(f"{lesson.first_words} all game", never)
    if switched is not None:
        rows += row(f"{lesson.switch_words} from {'the first turn' if at == 0 else f'round {at}'}", switched)
    return (f"<p>{len(never)} games of {html.escape(computer_players_words(lesson.bots, lesson.table_size))}, on "
            f"the same dice{', each way' if switched is not None else ''}, {lesson.rounds} rounds:</p>"
            "<table><tr><th>rules</th><th>Gini at the end (average)</th><th>Gini of the cash alone at the end "
            f"(average)</th><th>richest minus poorest at the end (average)</th></tr>{rows}</table>")


def lesson_of(spec: ClassSpec, made: str | None = None) -> ClassLesson:
    """The lesson of a class's spec: the phase the class was switched to (``made``:
    :func:`switch_made`), else the phase its plan or planned vote brings in, else the ruleset's
    own next phase; the round of a planned switch or vote to that phase."""
    rs = spec.resolve()
    planned: list[tuple[str, int | None]] = []
    for text in spec.switches:
        t = parse_switch(text)
        planned.append((t.phase, int(t.value) if t.kind == "round" else None))
    planned += list(spec.votes_opening())
    switch: str | None
    at: int | None
    if made is not None:
        switch, at = made, next((rnd for phase, rnd in planned if phase == made), None)
    elif planned:
        switch, at = planned[0]
    else:
        for phase, rnd in spec.votes_opening():
            switch, at = phase, rnd
            break
        else:
            switch, at = next_phase(rs), None
    if spec.half_from_start and made is None:
        return ClassLesson(rs, spec.half_from_start, None, spec.bots, spec.table_size, half=True)
    return ClassLesson(rs, switch, at, spec.bots, spec.table_size)


def class_lesson(folder: str | Path | None = None) -> ClassLesson:
    """The lesson of the class in ``folder`` (default: the class server's); the kit's default
    class game (Magie's 1904 board, 12 rounds, the single tax from the start at half the tables)
    when there is none."""
    store = store_at(folder)
    info = served_class(store) if store is not None else None
    if info is not None:
        return dataclasses.replace(lesson_of(ClassSpec.from_dict(info.spec)), class_id=info.id)
    return lesson_of(ClassSpec(half_from_start=DEFAULT_HALF))
