"""Golden transcripts: a seeded game stored as readable text with its recorded choices.

File layout (UTF-8 text)::

    # ruleset: magie-1904
    # seed: 7
    # names: Ada,Ben,Cy,Dot
    # strategies: landlord,tenant,speculator,landlord   (who made the choices, for the reader)
    # actions: buy,return,rent,...
    [turn   0] Bank paid $500 start cash to Ada.
    ...

Set LANDLORD_REGEN_GOLDEN=1 to rewrite the files from fresh bot games (then read the diff).
"""

from __future__ import annotations

import os
from pathlib import Path

from conftest import NAMES

from landlord import Game, load_ruleset, make_strategy, replay
from landlord.engine.narrate import transcript

GOLDEN = Path(__file__).parent / "golden"


def record(ruleset: str, seed: int, strategies: list[str], names: list[str], path: Path) -> None:
    """Play a bot game and write its golden transcript."""
    rs = load_ruleset(ruleset)
    game = Game(rs, [make_strategy(s, f"{seed}-{i}") for i, s in enumerate(strategies)], seed, names)
    game.run()
    head = [f"# ruleset: {ruleset}", f"# seed: {seed}", f"# names: {','.join(names)}",
            f"# strategies: {','.join(strategies)}", f"# actions: {','.join(game.actions)}"]
    text = transcript(game.events or [], names, game.board, game.family)
    path.write_text("\n".join(head) + "\n" + text, encoding="utf-8")


def read(path: Path) -> tuple[dict[str, str], str]:
    """The header fields and the transcript text of a golden file."""
    head: dict[str, str] = {}
    body = []
    for line in path.read_text(encoding="utf-8").splitlines(keepends=True):
        if line.startswith("# "):
            key, _, value = line[2:].rstrip("\n").partition(": ")
            head[key] = value
        else:
            body.append(line)
    return head, "".join(body)


def replayed_transcript(head: dict[str, str]) -> tuple[Game, str]:
    """Replay a golden file's recorded choices and narrate the result."""
    names = head["names"].split(",")
    actions = head["actions"].split(",") if head["actions"] else []
    game = replay(load_ruleset(head["ruleset"]), int(head["seed"]), actions, names=names)
    return game, transcript(game.events or [], names, game.board, game.family)


def check(filename: str, ruleset: str, seed: int, strategies: list[str], names: list[str] = NAMES) -> None:
    """Replay the golden file ``filename`` from its recorded choices and compare it byte for
    byte (rewriting it first, seats named from ``names``, when LANDLORD_REGEN_GOLDEN is set)."""
    path = GOLDEN / filename
    if os.environ.get("LANDLORD_REGEN_GOLDEN"):
        record(ruleset, seed, strategies, names[: len(strategies)], path)
    head, expected = read(path)
    game, text = replayed_transcript(head)
    assert game.over, "the recorded choices should play the game to its end"
    assert text == expected
