"""The PettingZoo environment (blackangel.adapters.pettingzoo) passes PettingZoo's own API
and seed tests, and plays complete games with action masks."""

from __future__ import annotations

import re
import warnings

import pytest
from face_down_views import give, swap_hidden, swap_top
from pettingzoo.test import api_test, seed_test

from blackangel.adapters.pettingzoo import env, raw_env
from blackangel.dsl.compiler import load_shipped
from blackangel.dsl.errors import ArgumentError
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


def test_observe_does_not_show_another_seats_face_down_cards():
    """A card played beside a board is face down: swapping the other seats' for cards of
    the same kind and colour leaves each agent's observation as it was."""
    data = build(load_shipped())
    environment = raw_env(players=3)
    environment.reset(seed=6)
    agents = [RandomAgent(i) for i in range(3)]
    checked = 0
    while (decision := environment.game.decision()) is not None:
        for seat, name in enumerate(environment.possible_agents):
            seen = environment.observe(name)["observation"]
            engine = environment.game
            environment.game = engine.clone()
            checked += swap_hidden(data, environment.game.state, seat)
            assert (environment.observe(name)["observation"] == seen).all()
            environment.game = engine
        choice = agents[decision.player].choose(environment.game, decision)
        environment.step([o.id for o in decision.options].index(choice))
    assert checked, "no seat had a face-down card: the test shows nothing"


# ---- any registered game: Dice Race, written only in the language ---------------------
@pytest.mark.parametrize("players", [2, 4])
def test_api_test_on_a_game_without_python(players):
    """The generic observation (interpreter/observation.py) of a game that gives none."""
    api_test(env(players=players, game="dice_race"), num_cycles=200)
    seed_test(lambda: env(players=players, game="dice_race"), num_cycles=100)


@pytest.mark.parametrize("players, variants", [(1, ()), (4, ("extreme",))])
def test_api_test_on_bossin_space(players, variants):
    """A cooperative game of grid, queue and face-down cards, through the generic observation."""
    api_test(env(players=players, game="bossin_space", variants=variants), num_cycles=200)


def test_a_game_by_name_plays_to_the_end_with_its_rules():
    game = raw_env(players=3, game="dice_race")
    assert game.metadata["name"] == "dice_race_v0" and game.data.title == "Dice Race"
    game.reset(seed=2)
    size = game.observation_space("player_0")["observation"].shape[0]
    for _agent in game.agent_iter():
        obs, reward, termination, truncation, info = game.last()
        assert obs["observation"].shape == (size,)
        action = None if termination else int(obs["action_mask"].nonzero()[0][0])
        game.step(action)
    assert game.game is not None and max(game.game.state["scores"]) == 30
    with pytest.raises(ValueError, match="players must be 2-4"):
        raw_env(players=1, game="dice_race")
    with pytest.raises(ValueError, match="no variant 'advanced'"):
        raw_env(players=2, game="dice_race", advanced=True)
    with pytest.raises(ArgumentError, match="no game 'no_such_game'"):
        raw_env(game="no_such_game")


def test_the_docs_example_plays_against_our_expert():
    """docs/ai.md's example of our expert at the other seats runs as written (with a
    smaller budget) and plays a complete game."""
    from pathlib import Path

    doc = (Path(__file__).parent.parent / "docs" / "ai.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", doc, re.S)
    (example,) = [block for block in blocks if "AGENTS[OPPONENT]" in block]
    small = example.replace("AGENTS[OPPONENT](seed=1)", "AGENTS[OPPONENT](seed=1, nodes=20)")
    assert small != example
    scope: dict = {}
    exec(small, scope)
    engine = scope["engine"]
    assert engine.is_terminal() and scope["expert"].name == "expert"
    assert {event["seat"] for event in engine.state["log"] if event["event"] == "choice"} == {0, 1}


def test_bossin_space_the_hackers_look_shows_in_the_captains_observation_alone():
    environment = raw_env(players=4, game="bossin_space")
    environment.reset(seed=2)
    engine = environment.game
    captain = engine.state["rounds"]["captain"]
    give(engine.state, captain, "hacker", engine.data.cards)
    for wanted in ("no", "yes"):  # keep the hand, then use the Hacker
        environment.step([o.id for o in engine.decision().options].index(wanted))
    assert engine.state["cards"]["known"][captain] == {"enemies": 2}
    seen = {name: environment.observe(name)["observation"] for name in environment.possible_agents}
    environment.game = engine.clone()
    swap_top(environment.game.state, "enemies", 2)
    for seat, name in enumerate(environment.possible_agents):
        same = bool((environment.observe(name)["observation"] == seen[name]).all())
        assert same == (seat != captain), seat
