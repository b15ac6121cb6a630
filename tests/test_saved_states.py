"""A saved game handed to Engine.from_json is checked before it is accepted: its shape (a
JSON Schema generated for the game and player count), every card and tile exactly once,
rulings and variants that exist, the game's invariants, and a trial of each answer to the
pending decision. Anything else is a StateError naming what is wrong, never a crash at
the next `apply` (interpreter/state_check.py)."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

from blackangel.dsl.compiler import load_shipped
from blackangel.dsl.errors import StateError
from blackangel.interpreter.agents import RandomAgent, play
from blackangel.interpreter.engine import Engine
from blackangel.interpreter.program import build
from blackangel.interpreter.state_check import state_schema


@pytest.fixture(scope="module")
def data():
    return build(load_shipped())


def _midgame(data, players=3, seed=4, steps=40, variants=()):
    engine = Engine.new_game(data, players, seed, variants=variants)
    agents = [RandomAgent(s) for s in range(players)]
    for _ in range(steps):
        decision = engine.decision()
        engine.apply(agents[decision.player].choose(engine, decision))
    return engine


@pytest.fixture(scope="module")
def saved(data):
    return _midgame(data).to_json()


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("variants", [(), ("advanced",)])
def test_real_saved_games_load_and_play_on(data, players, variants):
    engine = _midgame(data, players, players * 7, 30, variants)
    loaded = Engine.from_json(data, engine.to_json())
    assert loaded.to_json() == engine.to_json()
    play(loaded, [RandomAgent(s) for s in range(players)])
    assert Engine.from_json(data, loaded.to_json()).is_terminal()


@pytest.mark.parametrize("steps", [0, 5, 25, 60])
def test_a_solo_game_against_hal_is_a_saved_game_at_any_point(data, steps):
    """The solo game: Hal's record, his dice and cards (owner "hal"), the robots he leaves
    on his cards and the effects that run for him (seat "hal") fit the schema."""
    engine = _midgame(data, 1, 5, steps)
    state = json.loads(engine.to_json())
    assert state["hal"] is not None
    assert Engine.from_json(data, engine.to_json()).to_json() == engine.to_json()
    play(engine, [RandomAgent(0)])
    assert Engine.from_json(data, engine.to_json()).is_terminal()


def test_the_neutral_player_of_the_two_player_game_is_a_saved_game(data):
    engine = _midgame(data, 2, 3, 30)
    state = json.loads(engine.to_json())
    assert state["neutral"] is not None and state["hal"] is None
    assert any(d["owner"] == "neutral" for d in state["dice"])
    Engine.from_json(data, engine.to_json())


@pytest.mark.parametrize("players, owner", [(3, "hal"), (3, "neutral"), (1, "neutral"), (2, "hal")])
def test_owners_that_are_not_at_the_table_are_refused(data, players, owner):
    """Hal owns dice only in the solo game, the neutral player only in the 2-player game."""
    state = json.loads(_midgame(data, players, 2, 10).to_json())
    state["dice"][0]["owner"] = owner
    with pytest.raises(StateError, match="dice.0.owner"):
        Engine.from_json(data, json.dumps(state))


def test_a_hal_record_outside_the_solo_game_is_refused(data):
    state = json.loads(_midgame(data, 3, 2, 10).to_json())
    state["hal"] = json.loads(_midgame(data, 1, 2, 0).to_json())["hal"]
    with pytest.raises(StateError, match="hal"):
        Engine.from_json(data, json.dumps(state))


def test_the_schema_is_a_valid_json_schema(data):
    from jsonschema import Draft202012Validator

    for players in data.player_counts():
        Draft202012Validator.check_schema(state_schema(Engine, data, players))


def _first_mission(state):
    return next(p for p in state["players"] if p["hand"])["hand"][0]


def _set(path, value):
    def change(state):
        node = state
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value

    return change


def _duplicate_a_card(state):
    hand = next(p for p in state["players"] if p["hand"])["hand"]
    hand.append(hand[0])


def _lose_a_card(state):
    next(p for p in state["players"] if p["hand"])["hand"].pop()


def _unknown_card(state):
    next(p for p in state["players"] if p["hand"])["hand"][0] = "m999"


def _rule(state, name):
    return state["rulings"].setdefault(name, "x")


CORRUPTIONS = {
    "a die value as text": (_set(("dice", 0, "value"), "six"), "dice.0.value"),
    "a die value out of range": (_set(("dice", 0, "value"), 12), "dice.0.value"),
    "a die owner who is not a player": (_set(("dice", 0, "owner"), 7), "dice.0.owner"),
    "a missing key": (lambda s: s.pop("turn"), "'turn' is a required property"),
    "an extra key": (_set(("cheat",), 1), "cheat"),
    "a unknown ruling": (_set(("rulings", "no_such_ruling"), "x"), "rulings"),
    "a ruling's unknown option": (_set(("rulings", "negative_vp"), "maybe"), "negative_vp"),
    "a ruling missing": (lambda s: s["rulings"].pop("negative_vp"), "negative_vp"),
    "an unknown variant": (_set(("variants",), ["expert"]), "variants"),
    "a variant that is not a name": (_set(("variants",), [{"x": 1}]), "variants"),
    # 4 players in a 3-player state: the dice no longer match
    "a player too many": (lambda s: s["players"].append(s["players"][0]), "dice"),
    "no players": (_set(("players",), []), "players"),
    "a card twice": (_duplicate_a_card, "cards and tiles"),
    "a card lost": (_lose_a_card, "cards and tiles"),
    "a card that does not exist": (_unknown_card, "hand"),
    "a huge score": (_set(("players", 0, "vp"), 10**30), "vp"),
    "a pending decision of a stranger": (_set(("pending", "player"), 9), "pending.player"),
    "a pending decision without options": (_set(("pending", "options"), []), "pending"),
    "nothing running": (_set(("stack",), []), "pending"),
    "a frame of an unknown operation": (_set(("stack", 0, "op"), "explode"), "stack.0.op"),
    "the Black Angel off its row": (_set(("space", "black_angel", 1), 1), "Black Angel"),
    "the Black Angel on no strip": (_set(("space", "black_angel", 0), "st99"), "black_angel"),
    "the rng out of range": (_set(("rng",), -1), "rng"),
}


@pytest.mark.parametrize("name", sorted(CORRUPTIONS))
def test_a_corrupted_saved_game_is_refused(data, saved, name):
    change, where = CORRUPTIONS[name]
    state = json.loads(saved)
    change(state)
    with pytest.raises(StateError) as err:
        Engine.from_json(data, json.dumps(state))
    assert where in str(err.value), str(err.value)


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "invalid JSON"),
        ("not json", "invalid JSON"),
        ("[1, 2]", "not a saved game"),
        ('{"version": 99}', "not a saved game of this engine"),
        ("[" * 100_000 + "]" * 100_000, "nested deeper than"),
        ('{"version": ' + "9" * 5000 + "}", "not a saved game"),
    ],
)
def test_what_is_not_a_saved_game_is_refused(data, text, message):
    with pytest.raises(StateError, match=message):
        Engine.from_json(data, text)


def _fuzzing():
    if "fuzzing" not in sys.modules:
        spec = importlib.util.spec_from_file_location(
            "fuzzing", Path(__file__).with_name("fuzzing.py")
        )
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules["fuzzing"] = module
        spec.loader.exec_module(module)
    return sys.modules["fuzzing"]


@pytest.mark.parametrize("game", _fuzzing().games_with_rules())
def test_mutated_saved_games_are_refused_or_play_to_the_end(game):
    """A seeded sample of tests/fuzzing.py's saved-game mutants (run_states), of each
    registered game; the runs that found the regressions above used 40 games x 60
    mutants, seeds 1, 7, 11, 12, 21-23 (`python tests/fuzzing.py --states 40 --mutants 60
    --seed 1`, with `--game NAME` or `--all-games`)."""
    outcomes = _fuzzing().run_states(6, 25, 3, _fuzzing().Content(game))
    bad = {k: v[:3] for k, v in outcomes.items() if k not in ("rejected", "played")}
    assert not bad, bad
    assert outcomes.get("rejected") and outcomes.get("played")


@pytest.mark.parametrize(
    "change, where",
    [
        (lambda s: s.update(rng=(s["rng"] + 1) % 2**64), "rng"),
        (lambda s: s.update(seed=s["seed"] + 1), "seed"),
        (lambda s: s.update(rng=12345), "rng"),
        (lambda s: s["log"].remove(next(e for e in s["log"] if e["event"] == "choice")), "seed"),
    ],
    ids=["rng_plus_one", "another_seed", "another_rng", "a_choice_left_out"],
)
def test_a_saved_game_whose_randomness_was_changed_is_refused(data, saved, change, where):
    """The generator decides the dice and cards to come: a changed seed, generator state or
    history must not load as if it were the game that was saved."""
    state = json.loads(saved)
    change(state)
    with pytest.raises(StateError, match=where):
        Engine.from_json(data, json.dumps(state))
    Engine.from_json(data, saved)  # the untouched game still loads


# ---- saved games of a game written only in the language --------------------------------
@pytest.fixture(scope="module")
def queued():
    """A Bossin' Space game (games/bossin_space) at a decision with cards lying in its
    resolution queue (the timeline), and its rules."""
    content = _fuzzing().Content("bossin_space")
    engine = Engine.new_game(content.data, 3, 1)
    agents = [RandomAgent(s) for s in range(3)]
    while not any(queue_cards(engine.state)):
        decision = engine.decision()
        engine.apply(agents[decision.player].choose(engine, decision))
    return content.data, engine.to_json()


def queue_cards(state):
    return [e for q in state["queues"].values() for places in q["slots"] for e in places if e]


@pytest.mark.parametrize(
    "change, where",
    [
        (lambda e: e.pop("laid"), "laid"),
        (lambda e: e.update(seat=7), "seat"),
        (lambda e: e.update(card="no_such_card"), "card"),
        (lambda e: e.update(extra=1), "extra"),
    ],
    ids=["key_left_out", "seat_outside", "unknown_card", "key_added"],
)
def test_a_card_in_a_queue_of_a_saved_game_is_checked(queued, change, where):
    """Found by the saved-game fuzzer on Bossin' Space (`delete
    queues.timeline.slots.0.1.laid`: a KeyError when the queue was resolved): set-up
    leaves a queue's places empty, so their shape is the queues' own (interpreter/queues.py)."""
    data, saved = queued
    state = json.loads(saved)
    change(queue_cards(state)[0])
    with pytest.raises(StateError, match=where):
        Engine.from_json(data, json.dumps(state))
    Engine.from_json(data, saved)  # the untouched game still loads


def test_the_cursor_of_a_queue_in_a_saved_game_is_checked(queued):
    data, saved = queued
    state = json.loads(saved)
    next(iter(state["queues"].values()))["cursor"] = "x"
    with pytest.raises(StateError, match="cursor"):
        Engine.from_json(data, json.dumps(state))
