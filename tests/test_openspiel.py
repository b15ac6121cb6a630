"""The OpenSpiel game (blackangel.adapters.openspiel) passes OpenSpiel's own checks, and
OpenSpiel's MCTS and information-set MCTS bots play it to the end."""

from __future__ import annotations

import json
import re

import numpy as np
import pyspiel
import pytest
from face_down_views import give, hidden_ids, shown_ids, swap_hidden, swap_top
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.observation import make_observation

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
        sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
        sampled = state.resample_from_infostate(seat, sampler)
        assert sampled.observation_string(seat) == state.observation_string(seat)
        assert sampled.legal_actions() == state.legal_actions()
        with pytest.raises(ValueError, match=f"while seat {seat} decides"):
            state.resample_from_infostate((seat + 1) % 3, sampler)
        state.apply_action(int(rng.choice(state.legal_actions())))
        if state.is_terminal():
            break


def _obs_type(private, public=True, perfect_recall=False):
    return pyspiel.IIGObservationType(
        perfect_recall=perfect_recall, public_info=public, private_info=private
    )


def _mid_game(players=3, decisions=12, seed=4):
    """A state some decisions into a game, with a seat deciding and cards in hands."""
    game = _game(players=players)
    state = game.new_initial_state()
    rng = np.random.RandomState(seed)
    while decisions or state.is_chance_node():
        if state.is_chance_node():
            state.apply_action(int(rng.choice([o for o, _ in state.chance_outcomes()])))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
            decisions -= 1
    assert all(p["hand"] for p in state.table.engine.state["players"])
    return game, state


def _observed(game, state, obs_type, seat):
    observer = make_observation(game, obs_type)
    observer.set_from(state, seat)
    return json.loads(observer.string_from(state, seat)), observer.tensor.copy()


def test_a_public_observation_shows_no_hand_and_is_the_same_for_every_seat():
    """private_info NONE, as OpenSpiel's own games read it: no seat's hand, no options of a
    decision; the string and the tensor do not depend on who observes."""
    game, state = _mid_game()
    public = _obs_type(pyspiel.PrivateInfoType.NONE)
    views = [_observed(game, state, public, seat) for seat in range(3)]
    for text, tensor in views[1:]:
        assert text == views[0][0]
        assert np.array_equal(tensor, views[0][1])
    text, tensor = views[0]
    assert all(isinstance(p["hand"], dict) for p in text["players"])  # counts per colour
    assert "options" not in text["decision"] and text["seat"] is None
    own, own_tensor = _observed(game, state, _obs_type(pyspiel.PrivateInfoType.SINGLE_PLAYER), 0)
    assert isinstance(own["players"][0]["hand"], list)  # the default shows the seat's own
    assert len(tensor) < len(own_tensor)
    assert len(own_tensor) == game.observation_tensor_size()


def test_private_and_all_players_observations():
    game, state = _mid_game()
    engine = state.table.engine
    decider = state.current_player()
    everyone, _ = _observed(game, state, _obs_type(pyspiel.PrivateInfoType.ALL_PLAYERS), 1)
    hands = [p["hand"] for p in engine.state["players"]]
    assert [p["hand"] for p in everyone["players"]] == hands
    assert "options" in everyone["decision"]
    # public_info false: the seat's private information only, nothing face up
    only, tensor = _observed(
        game, state, _obs_type(pyspiel.PrivateInfoType.SINGLE_PLAYER, public=False), decider
    )
    assert set(only) == {"seat", "hands", "options"}
    assert list(only["hands"]) == [str(decider)]
    assert only["hands"][str(decider)]["hand"] == hands[decider]
    assert only["options"]
    data = engine.data
    cards = len(data.missions) + len(data.ravagers)
    slots = len(engine.state["players"][decider]["slots"])
    # observer, hand and ravager hand, its own face-down cards by slot, options
    assert len(tensor) == 4 + cards + slots * cards + 1
    with pytest.raises(ValueError, match="perfect recall"):
        make_observation(game, _obs_type(pyspiel.PrivateInfoType.SINGLE_PLAYER, True, True))


def _play(game, bots, seed):
    """Play a game with the bots; its returns are checked against the final scores: 1 for each
    seat with the best score (a shared victory is possible), 0 for the others."""
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        else:
            state.apply_action(bots[state.current_player()].step(state))
    scores = state.table.engine.state["scores"]
    assert state.returns() == [1.0 if score == max(scores) else 0.0 for score in scores]


@pytest.mark.slow
def test_openspiel_mcts_bot_plays_a_game():
    game = _game(players=2)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(0))
    bots = [
        mcts.MCTSBot(game, 2.0, 3, evaluator, random_state=np.random.RandomState(seat))
        for seat in range(2)
    ]
    _play(game, bots, 1)


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
    _play(game, bots, 2)


def test_the_experiment_plays_a_game(capsys):
    """benchmarks/ai_versus.py, one game with tiny budgets (CI never runs the full one)."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "benchmarks" / "ai_versus.py"
    spec = importlib.util.spec_from_file_location("ai_versus", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.main(["--games", "1", "--simulations", "2", "--iterations", "2", "--nodes", "5"])
    out = capsys.readouterr().out
    assert "games/s" in out and "content" in out
    for bot in ("ismcts", "greedy", "mcts", "expert"):
        assert re.search(rf"^{bot} +wins +[01]/1 ", out, re.MULTILINE), out
    for bad in ("ismcts", "greedy,greedy", "greedy,clever"):
        with pytest.raises(SystemExit) as stop:
            module.main(["--games", "1", "--bots", bad])
        assert stop.value.code == 2
    assert "two to four different bots" in capsys.readouterr().err


@pytest.mark.parametrize("seed", [1, 2])
def test_no_observation_names_another_seats_face_down_cards(seed):
    """Cards played beside a board are face down: no seat's observation string (default,
    or public only) names another seat's, and its tensor does not change when they are
    swapped for cards of the same kind and colour, over a game played to the end."""
    game = _game(players=3)
    public = _obs_type(pyspiel.PrivateInfoType.NONE)
    state = game.new_initial_state()
    rng = np.random.RandomState(seed)
    checked = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(int(rng.choice([o for o, _ in state.chance_outcomes()])))
            continue
        engine = state.table.engine
        for seat in range(3):
            hidden = hidden_ids(engine.state, seat)
            text = state.observation_string(seat)
            assert not shown_ids(text + json.dumps(_observed(game, state, public, seat)[0]), hidden)
            if hidden:
                other = state.clone()
                checked += swap_hidden(engine.data, other.table.engine.state, seat)
                assert other.observation_tensor(seat) == state.observation_tensor(seat)
                assert other.observation_string(seat) == text
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert checked, "no seat had a face-down card: the test shows nothing"


# ---- any registered game: Dice Race, written only in the language ---------------------
@pytest.mark.parametrize("players", [2, 4])
def test_a_game_without_python_passes_random_sim_test(players):
    game = pyspiel.load_game("python_dice_race", {"players": players})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("players, variants", [(1, "none"), (3, "hard"), (5, "easy")])
def test_bossin_space_a_cooperative_game_passes_random_sim_test(players, variants):
    params = {"players": players, "variants": variants}
    game = pyspiel.load_game("python_bossin_space", params)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_a_variant_the_game_lacks_is_refused():
    with pytest.raises(Exception, match="no variant 'brutal'"):
        pyspiel.load_game("python_bossin_space", {"variants": "brutal"}).new_initial_state()


def test_every_game_with_rules_is_registered_with_its_own_type():
    from blackangel.adapters import playable

    assert {"black_angel", "dice_race"} <= set(playable())
    assert "rules_only" not in playable()  # the engine's procedure has no rules of its own
    game = pyspiel.load_game("python_dice_race")
    kind = game.get_type()
    assert (kind.long_name, kind.min_num_players, kind.max_num_players) == ("Dice Race", 2, 4)
    assert game.max_chance_outcomes() == 6  # the faces of its dice
    state = game.new_initial_state()
    assert state.current_player() == 0  # no set-up draws
    assert len(state.observation_tensor(0)) == game.observation_tensor_size()
    assert [state.action_to_string(0, a) for a in state.legal_actions()] == [
        "dash: dash",
        "sprint: sprint",
        "rest: rest",
    ]
    state.apply_action(0)  # dash: a chance node rolls the die
    assert state.is_chance_node() and len(state.chance_outcomes()) == 6
    copy = game.deserialize_state(state.serialize())
    assert copy.table.to_json() == state.table.to_json()
    with pytest.raises(ValueError, match="players must be 2-4"):
        pyspiel.load_game("python_dice_race", {"players": 5})


def test_bossin_space_the_hackers_look_shows_in_the_captains_observation_alone():
    """The captain with the Hacker looks at the top two enemy cards: another seat's
    observation (text, tensor) stays the same with other cards there, the captain's not."""
    game = pyspiel.load_game("python_bossin_space", {"players": 4})
    state = game.new_initial_state()
    rng = np.random.RandomState(1)
    while state.is_chance_node():
        state.apply_action(int(rng.choice([o for o, _ in state.chance_outcomes()])))
    engine = state.table.engine
    captain = engine.state["rounds"]["captain"]
    give(engine.state, captain, "hacker", engine.data.cards)
    for wanted in ("no", "yes"):  # keep the hand, then use the Hacker
        ids = [o.id for o in state.table.decision().options]
        state.apply_action(ids.index(wanted))
    assert state.table.engine.state["cards"]["known"][captain] == {"enemies": 2}
    other = state.clone()
    swap_top(other.table.engine.state, "enemies", 2)
    for seat in range(4):
        same = seat != captain
        assert (other.observation_string(seat) == state.observation_string(seat)) == same
        assert (other.observation_tensor(seat) == state.observation_tensor(seat)) == same
