"""The PettingZoo environment (blackangel.adapters.pettingzoo) passes PettingZoo's own API
and seed tests, and plays complete games with action masks."""

from __future__ import annotations

import warnings

import pytest
from pettingzoo.test import api_test, seed_test

from blackangel.adapters.pettingzoo import env, raw_env
from blackangel.dsl.compiler import load_shipped
from blackangel.interpreter.agents import RandomAgent
from blackangel.interpreter.engine import Engine
from blackangel.interpreter.program import build


@pytest.fixture(autouse=True)
def quiet():
    # PettingZoo warns about every dict observation (action masks), as for its own games
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


@pytest.mark.parametrize("players", [1, 3])
def test_api_test(players):
    api_test(env(players=players), num_cycles=200)


def test_seed_test():
    seed_test(lambda: env(players=2), num_cycles=100)


def test_a_complete_game_with_masks_and_rewards():
    game = env(players=3)
    game.reset(seed=4)
    finished, rewards = set(), {}
    for agent in game.agent_iter():
        obs, reward, termination, truncation, info = game.last()
        if termination or truncation:
            finished.add(agent)
            rewards[agent] = reward
            action = None
        else:
            assert obs["action_mask"].sum() >= 1
            action = int(obs["action_mask"].nonzero()[0][-1])  # the last legal option
        game.step(action)
    assert finished == {"player_0", "player_1", "player_2"}
    assert sum(rewards.values()) >= 1 and set(rewards.values()) <= {0.0, 1.0}


def test_reset_with_a_seed_is_the_seeded_game():
    data = build(load_shipped())
    engine = Engine.new_game(data, 2, 9)
    environment = raw_env(players=2)
    environment.reset(seed=9)
    agents = [RandomAgent(i) for i in range(2)]
    while (decision := engine.decision()) is not None:
        choice = agents[decision.player].choose(engine, decision)
        index = [o.id for o in decision.options].index(choice)
        assert environment.agent_selection == f"player_{decision.player}"
        engine.apply(choice)
        environment.step(index)
    assert environment.game is not None
    assert environment.game.state["scores"] == engine.state["scores"]
