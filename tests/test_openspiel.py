"""The OpenSpiel game (blackangel.adapters.openspiel) passes OpenSpiel's own checks, and
OpenSpiel's MCTS and information-set MCTS bots play it to the end."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

from blackangel.adapters import openspiel  # registers the game


def _game(**params):
    return pyspiel.load_game(openspiel.SHORT_NAME, params)


@pytest.mark.parametrize("params", [{"players": 2}, {"players": 3}, {"solo": True}])
def test_random_sim_test_with_serialization(params):
    pyspiel.random_sim_test(_game(**params), num_sims=1, serialize=True, verbose=False)


def test_game_type_and_parameters():
    game = _game(players=4, advanced=True, edition="pl", rulings="negative_vp:allow")
    kind = game.get_type()
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert game.num_players() == 4
    assert _game(solo=True).num_players() == 1
    state = game.new_initial_state()
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
        assert len(outcomes) <= game.max_chance_outcomes()
        state.apply_action(outcomes[0][0])
    table = state.table
    assert table.engine.variant("advanced")
    assert table.engine.ruling("negative_vp") == "allow"
    assert len(state.observation_tensor(0)) == game.observation_tensor_size()
    # serialization keeps the game exactly
    copy = game.deserialize_state(state.serialize())
    assert copy.table.to_json() == table.to_json()
    with pytest.raises(ValueError, match="players must be 1-4"):
        _game(players=5)
    with pytest.raises(ValueError, match="ruling"):
        _game(rulings="no_such_ruling:yes")


def test_resampling_keeps_what_the_seat_knows():
    game = _game(players=3)
    state = game.new_initial_state()
    rng = np.random.RandomState(3)
    for _ in range(400):
        if state.is_chance_node():
            state.apply_action(int(rng.choice([o for o, _ in state.chance_outcomes()])))
            continue
        seat = state.current_player()
        sampled = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert sampled.observation_string(seat) == state.observation_string(seat)
        assert sampled.legal_actions() == state.legal_actions()
        state.apply_action(int(rng.choice(state.legal_actions())))
        if state.is_terminal():
            break


def _play(game, bots, seed):
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        else:
            state.apply_action(bots[state.current_player()].step(state))
    return state.returns()


@pytest.mark.slow
def test_openspiel_mcts_bot_plays_a_game():
    game = _game(players=2)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(0))
    bots = [
        mcts.MCTSBot(game, 2.0, 3, evaluator, random_state=np.random.RandomState(seat))
        for seat in range(2)
    ]
    assert sum(_play(game, bots, 1)) >= 1


def test_openspiel_ismcts_bot_plays_a_game():
    game = _game(players=2)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(0))
    bots = [
        ismcts.ISMCTSBot(
            game,
            evaluator,
            2.0,
            3,
            random_state=np.random.RandomState(seat),
            use_observation_string=True,
        )
        for seat in range(2)
    ]
    assert sum(_play(game, bots, 2)) >= 1


def test_the_experiment_plays_a_game(capsys):
    """benchmarks/ai_versus.py, one game with tiny budgets (CI never runs the full one)."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "benchmarks" / "ai_versus.py"
    spec = importlib.util.spec_from_file_location("ai_versus", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.main(["--games", "1", "--simulations", "2", "--iterations", "2"])
    out = capsys.readouterr().out
    assert "games/s" in out and "ismcts" in out and "content" in out
