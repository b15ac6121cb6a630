"""Chance mode (interpreter/chance.py): the random draws of a game as chance nodes.

A game driven by chance outcomes equal to what the seeded generator draws is the seeded
game, event for event; the probabilities of every chance node sum to 1; chance-mode
games copy and save like any other."""

from __future__ import annotations

import math

import pytest

from blackangel.dsl.compiler import load_shipped
from blackangel.interpreter.agents import RandomAgent
from blackangel.interpreter.chance import ChanceGame, ChanceNeeded, Recorder, Script
from blackangel.interpreter.engine import Engine, IllegalOption
from blackangel.interpreter.program import build
from blackangel.interpreter.rng import Rng, seed_state


@pytest.fixture(scope="module")
def data():
    return build(load_shipped())


def test_script_decides_draws_and_asks_for_more():
    holder = {"rng": Script([2, 0])}
    rng = Rng(holder)
    assert rng.below(6) == 2
    assert rng.choice("abc") == "a"
    with pytest.raises(ChanceNeeded) as need:
        rng.below(4)
    assert need.value.sizes == (4,)
    # a shuffle asks for all its Fisher-Yates steps at once: below(5), below(4), ...
    holder["rng"] = Script([1])
    with pytest.raises(ChanceNeeded) as need:
        rng.shuffle(list("abcde"))
    assert need.value.sizes == (4, 3, 2)


def test_recorder_draws_what_the_seeded_generator_draws():
    seeded = Rng({"rng": seed_state(7)})
    recorder = Recorder(seed_state(7))
    scripted = Rng({"rng": recorder})
    a, b = list(range(20)), list(range(20))
    seeded.shuffle(a)
    scripted.shuffle(b)
    assert a == b
    assert [seeded.below(6) for _ in range(10)] == [scripted.below(6) for _ in range(10)]
    replay = Rng({"rng": Script(list(recorder.outcomes))})
    c = list(range(20))
    replay.shuffle(c)
    assert c == a


def _seeded(data, players, seed, variants):
    """A seeded game between random agents, its draws recorded: (game, choices, draws)."""
    recorder = Recorder(seed_state(seed))
    game = Engine.new_game(data, players, seed, variants=variants, chance=recorder)
    agents = [RandomAgent(seed * 10 + i) for i in range(players)]
    choices = []
    while (decision := game.decision()) is not None:
        choices.append(agents[decision.player].choose(game, decision))
        game.apply(choices[-1])
    return game, choices, recorder.outcomes


@pytest.mark.parametrize(
    "players, seed, variants",
    [(1, 5, ()), (2, 1, ()), (3, 2, ()), (3, 4, ("advanced",)), (4, 3, ())],
)
def test_chance_outcomes_of_the_seeded_generator_replay_the_seeded_game(
    data, players, seed, variants
):
    plain = Engine.new_game(data, players, seed, variants=variants)
    recorded, choices, draws = _seeded(data, players, seed, variants)
    for choice in choices:
        plain.apply(choice)
    assert plain.is_terminal()
    assert plain.state["log"] == recorded.state["log"]  # the recorder is the seeded generator

    game = ChanceGame(data, players, variants=variants)
    draws_left, choices_left = list(draws), list(choices)
    chance_nodes = 0
    while not game.is_terminal():
        if game.is_chance():
            outcomes = game.chance_outcomes()
            assert math.isclose(sum(p for _, p in outcomes), 1.0)
            assert len({p for _, p in outcomes}) == 1  # equally likely
            game.apply_chance(draws_left.pop(0))
            chance_nodes += 1
        else:
            game.apply(choices_left.pop(0))
    assert draws_left == [] and choices_left == []
    assert chance_nodes == len(draws)
    assert game.engine is not None
    final, expected = dict(game.engine.state), dict(plain.state)
    for key in ("rng", "seed"):
        final.pop(key), expected.pop(key)
    assert final == expected


def test_chance_game_copies_and_saves(data):
    game = ChanceGame(data, 3)
    assert game.is_chance()  # the set-up shuffles first
    with pytest.raises(IllegalOption):
        game.apply("sequence_a")
    with pytest.raises(IllegalOption):
        game.apply_chance(game.chance_outcomes()[-1][0] + 1)
    steps = 0
    while not game.is_terminal() and steps < 400:
        if game.is_chance():
            game.apply_chance(steps % len(game.chance_outcomes()))
        else:
            decision = game.decision()
            assert decision is not None
            game.apply(decision.options[steps % len(decision.options)].id)
        if steps % 37 == 0:
            saved = ChanceGame.from_json(data, game.to_json())
            assert saved.to_json() == game.to_json()
            twin = game.clone()
            assert twin.to_json() == game.to_json()
            if twin.is_chance():
                twin.apply_chance(0)
            else:
                twin.apply(_first(twin))
            assert saved.to_json() == game.to_json()  # the copy is independent
        steps += 1


def _first(game):
    decision = game.decision()
    return decision.options[0].id
