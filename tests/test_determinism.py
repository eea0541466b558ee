"""One seeded RNG per game: the same seed and decisions give the same event log, byte for byte,
whatever else uses randomness meanwhile."""

from __future__ import annotations

import random

from landlord import Game, IllegalAction, load_ruleset, make_strategy, replay

BOTS = ["landlord", "speculator", "random", "tenant"]


def play(seed: int, disturb: bool) -> Game:
    rs = load_ruleset("magie-1904")
    game = Game(rs, [make_strategy(b, f"{seed}-{i}") for i, b in enumerate(BOTS)], seed)
    while not game.over:
        if disturb:
            random.seed(12345 + len(game.actions))
            random.random()
        game.run(max_decisions=1)
    return game


def test_same_seed_same_log_with_the_global_rng_disturbed_between_steps() -> None:
    for seed in (1, 99, 31337):
        a, b = play(seed, False), play(seed, True)
        assert a.log_text() == b.log_text()
        assert a.actions == b.actions


def test_different_seeds_give_different_games() -> None:
    assert play(1, False).log_text() != play(2, False).log_text()


def test_replay_from_recorded_choices_gives_the_same_log_and_state() -> None:
    game = play(7, False)
    again = replay(game.ruleset, 7, game.actions, names=game.names)
    assert again.log_text() == game.log_text()
    assert again.results() == game.results()
    assert again.ledger.balances == game.ledger.balances


def test_log_free_game_plays_identically() -> None:
    rs = load_ruleset("magie-1904")
    full = Game(rs, [make_strategy(b, f"5-{i}") for i, b in enumerate(BOTS)], 5)
    bare = Game(rs, [make_strategy(b, f"5-{i}") for i, b in enumerate(BOTS)], 5, log=False)
    full.run()
    bare.run()
    assert bare.events is None
    assert full.results() == bare.results() and full.actions == bare.actions


def test_illegal_choice_raises_and_leaves_the_game_untouched() -> None:
    rs = load_ruleset("magie-1904")
    game = Game(rs, [None] * 4, 3)
    before = (game.log_text(), list(game.actions), list(game.ledger.balances), game.pending)
    try:
        game.act("fly to the moon")
    except IllegalAction as exc:
        assert "not a legal answer" in str(exc) and "legal: buy, return" in str(exc)
    else:
        raise AssertionError("an illegal choice was accepted")
    assert (game.log_text(), game.actions, game.ledger.balances, game.pending) == before


def test_answering_after_the_game_is_over_is_an_illegal_action() -> None:
    rs = load_ruleset("magie-1904")
    game = Game(rs, [make_strategy("tenant")] * 2, 3)
    game.run()
    try:
        game.act("buy")
    except IllegalAction as exc:
        assert "over" in str(exc)
    else:
        raise AssertionError("answered a finished game")
