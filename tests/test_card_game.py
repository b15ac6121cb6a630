"""Cards, decks and hidden hands in a game written only in the language (dsl/decks.py,
interpreter/decks.py), shown by Sky Regatta (examples/sky_regatta/): lint, set-up, the
primitives, determinism, what each seat sees (observation, log, the adapters)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner

from blackangel.cli.lint import lint_command
from blackangel.cli.main import ba
from blackangel.dsl import games
from blackangel.dsl.compiler import compile_paths
from blackangel.interpreter import decks, observation, procedure
from blackangel.interpreter.agents import GreedyAgent, RandomAgent, play
from blackangel.interpreter.engine import Engine
from blackangel.interpreter.invariants import problems
from blackangel.interpreter.narrate import seen_events
from blackangel.interpreter.program import build
from blackangel.interpreter.rng import Rng

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "examples" / "sky_regatta"
RULES_TEXT = (RULES / "sky_regatta.ba").read_text(encoding="utf-8")
DECK = 24  # wind cards: 8 breezes, 5 gusts, 4 updrafts, 4 calms, 3 squalls


@cache
def program(path: str = str(RULES)):
    result = compile_paths([path])
    assert result.ruleset is not None and result.diagnostics == [], result.diagnostics
    return build(result.ruleset)


def variant(tmp_path: Path, *changes: tuple[str, str]):
    text = RULES_TEXT
    for old, new in changes:
        assert old in text, old
        text = text.replace(old, new)
    path = tmp_path / "variant.ba"
    path.write_text(text, encoding="utf-8")
    return program(str(path))


def random_game(players: int, seed: int, data=None) -> Engine:
    agents = [RandomAgent(seed * 100 + i) for i in range(players)]
    return play(Engine.new_game(data or program(), players, seed), agents)


def cards_in_play(engine: Engine) -> int:
    cards = engine.state["cards"]
    own = [p for d in (*cards["seat_decks"], *cards["seat_discards"]) for p in d.values()]
    return (
        sum(len(p) for p in own)
        + sum(len(p) for p in cards["decks"].values())
        + sum(len(p) for p in cards["discards"].values())
        + sum(len(h) for h in cards["hands"])
        + len(cards["in_play"])
    )


# ---- the rules -----------------------------------------------------------------------
def test_lint_is_clean_and_the_game_is_registered():
    out = CliRunner().invoke(lint_command, [str(RULES)])
    assert out.exit_code == 0 and out.output.strip().endswith("declarations: no problems")
    assert "sky_regatta" in games.available() and games.load("sky_regatta") is procedure.GAME
    folder = games.rules_folder("sky_regatta")
    assert folder is not None and [p.name for p in folder.glob("*.py")] == ["__init__.py"]


def test_the_decks_and_cards_are_read_from_the_rules():
    data = program()
    assert list(data.decks) == ["wind"]
    wind = data.decks["wind"]
    assert (wind.deal, wind.reshuffle, len(wind.cards)) == (3, True, DECK)
    assert {n: c.copies for n, c in data.cards.items()} == {
        "breeze": 8,
        "gust": 5,
        "updraft": 4,
        "calm": 4,
        "squall": 3,
    }
    assert data.label(data.cards["gust"].effect) == "gain 3 leagues"
    assert observation.bounds(data)[1] == DECK  # a shuffle's first draw has 24 outcomes


# ---- set-up and play -------------------------------------------------------------------
def test_set_up_shuffles_from_the_seed_and_deals_each_seat_its_hand():
    first = Engine.new_game(program(), 3, 7).state["cards"]
    again = Engine.new_game(program(), 3, 7).state["cards"]
    other = Engine.new_game(program(), 3, 8).state["cards"]
    assert first == again and first["decks"] != other["decks"]
    # dealt before the first turn: three each, then the first seat draws one
    assert [len(h) for h in first["hands"]] == [4, 3, 3]
    assert len(first["decks"]["wind"]) == DECK - 10
    assert sorted(first["decks"]["wind"] + [c for h in first["hands"] for c in h]) == sorted(
        program().decks["wind"].cards
    )


def test_the_play_decision_offers_the_cards_in_hand_and_the_card_is_discarded():
    engine = Engine.new_game(program(), 2, 3, auto_answer=False)
    decision = engine.decision()
    assert decision.kind in ("play_card", "choose_effect")
    while decision.kind != "play_card":
        engine.apply(decision.options[0].id)
        decision = engine.decision()
    hand = engine.state["cards"]["hands"][decision.player]
    ids = [o.id for o in decision.options]
    assert ids == [f"card:{n}" for n in program().cards if n in hand]
    gust = next((o for o in decision.options if o.id == "card:gust"), decision.options[0])
    assert ":" in gust.label  # the card's name and what it does
    name = gust.id.split(":", 1)[1]
    before = hand.count(name)
    engine.apply(gust.id)
    cards = engine.state["cards"]
    assert cards["hands"][decision.player].count(name) == before - 1
    assert cards["discards"]["wind"][-1] == name and cards["in_play"] == []
    assert any(e["event"] == "play_card" and e["card"] == name for e in engine.state["log"])


def test_a_card_that_cannot_be_carried_out_is_not_offered():
    """A squall costs 2 sandbags: with fewer it is not among the cards to play."""
    engine = Engine.new_game(program(), 2, 1)
    seat = engine.decision().player
    engine.state["cards"]["hands"][seat] = ["squall", "calm"]
    engine.state["players"][seat]["ballast"] = 1
    assert decks._playable(engine, seat, "wind") == ["calm"]
    engine.state["players"][seat]["ballast"] = 2
    assert decks._playable(engine, seat, "wind") == ["calm", "squall"]
    engine.state["cards"]["hands"][seat] = []
    assert not procedure.GAME.primitives["play"].can(engine, seat, ("wind",), {})


def test_an_empty_deck_takes_back_its_discards_or_gives_nothing(tmp_path):
    for data, refilled in (
        (program(), True),
        (variant(tmp_path, ("  reshuffle when_empty\n", "")), False),
    ):
        engine = Engine.new_game(data, 2, 5)
        cards = engine.state["cards"]
        cards["discards"]["wind"] = cards["decks"]["wind"]
        cards["decks"]["wind"] = []
        seat = engine.decision().player
        assert decks.can_draw(engine, seat, ("wind",), {}) is refilled
        frame = {"op": "prim", "seat": seat, "name": "draw", "args": (2, "wind"), "ctx": {}}
        engine.push(frame)
        decks.draw(engine, frame)
        drawn = engine.state["log"][-1]
        assert drawn["event"] == "draw" and drawn["amount"] == (2 if refilled else 0)
        assert any(e["event"] == "reshuffle" for e in engine.state["log"]) is refilled
        line = procedure.narrate(drawn, ["P1", "P2"], data.text)
        assert line is not None and ("finds no wind cards" in line) is not refilled
        assert problems(engine) == []


def test_refill_draws_up_to_the_number_held(tmp_path):
    data = variant(tmp_path, ("step draw: draw 1 wind", "step draw: refill 5 wind"))
    engine = Engine.new_game(data, 2, 6)
    assert [len(h) for h in engine.state["cards"]["hands"]] == [5, 3]  # 3 dealt, 2 drawn
    seat = engine.decision().player
    engine.state["cards"]["decks"]["wind"] += engine.state["cards"]["hands"][seat][1:]
    del engine.state["cards"]["hands"][seat][1:]
    frame = {"op": "prim", "seat": seat, "name": "refill", "args": (3, "wind"), "ctx": {}}
    engine.push(frame)
    decks.refill(engine, frame)
    assert len(engine.state["cards"]["hands"][seat]) == 3 and problems(engine) == []
    assert engine.state["log"][-1]["amount"] == 2
    played = random_game(3, 2, data)
    assert played.is_terminal() and problems(played) == []


@pytest.mark.parametrize("players", [2, 3, 4])
def test_seeded_games_play_to_the_end_with_every_card_kept(players):
    for seed in range(12):
        engine = random_game(players, seed)
        assert engine.is_terminal() and engine.state["scores"] is not None
        assert cards_in_play(engine) == DECK and problems(engine) == []
        assert max(len(h) for h in engine.state["cards"]["hands"]) <= 5  # the trim step


def test_invariants_hold_after_every_step_and_can_fail():
    for seed in range(30):
        engine = Engine.new_game(program(), 2 + seed % 3, seed)
        agent = RandomAgent(seed)
        while not engine.is_terminal():
            assert problems(engine) == [], (seed, problems(engine))
            engine.apply(agent.choose(engine, engine.decision()))
    engine = Engine.new_game(program(), 2, 1)
    engine.state["cards"]["hands"][1].append("gust")
    assert any("gust" in p for p in problems(engine))


def test_same_seed_and_choices_same_game():
    assert random_game(3, 11).state == random_game(3, 11).state
    assert random_game(3, 11).state["log"] != random_game(3, 12).state["log"]


def test_greedy_bots_finish_and_clones_and_saves_continue_identically():
    engine = play(Engine.new_game(program(), 3, 4), [GreedyAgent(), RandomAgent(1), GreedyAgent()])
    assert engine.is_terminal()
    engine = Engine.new_game(program(), 3, 9)
    agent = RandomAgent(3)
    for _ in range(10):
        engine.apply(agent.choose(engine, engine.decision()))
    copy = Engine.from_json(program(), engine.to_json())
    twin = engine.clone()
    for game in (engine, copy, twin):
        bot = RandomAgent(5)
        while not game.is_terminal():
            game.apply(bot.choose(game, game.decision()))
    assert engine.state["log"] == twin.state["log"] == copy.state["log"]


def test_a_deck_per_seat_gives_each_seat_its_own_cards(tmp_path):
    data = variant(tmp_path, ("  deal 3\n", "  deal 3\n  per_seat\n"))
    assert data.decks["wind"].per_seat
    engine = Engine.new_game(data, 3, 4)
    cards = engine.state["cards"]
    assert cards["decks"] == {} and [len(own["wind"]) for own in cards["seat_decks"]] == [
        DECK - 4,
        DECK - 3,
        DECK - 3,
    ]
    assert cards["seat_decks"][1]["wind"] != cards["seat_decks"][2]["wind"]  # shuffled apart
    for seed in range(6):
        played = random_game(2 + seed % 3, seed, data)
        assert played.is_terminal() and problems(played) == []
        assert cards_in_play(played) == DECK * played.players
    # a bot's look-ahead: its own deck's order is unknown to it too, its hand is not
    copy = engine.clone()
    copy.determinize(0, Rng({"rng": 5}))
    after = copy.state["cards"]
    assert after["hands"][0] == cards["hands"][0] and problems(copy) == []
    assert sorted(after["seat_decks"][0]["wind"]) == sorted(cards["seat_decks"][0]["wind"])
    assert after["seat_decks"] != cards["seat_decks"]
    sizes = set()
    for players in (2, 4):
        game = Engine.new_game(data, players, 1)
        fields = observation.fields(game, "own")
        assert len(observation.tensor(game, 0, "own")) == fields[-1].start + fields[-1].size
        sizes.add(fields[-1].start + fields[-1].size)
        assert observation.view(game, 0, "own")["cards"]["seat_decks"][1] == {"wind": DECK - 3}
    assert len(sizes) == 1


# ---- hidden information ------------------------------------------------------------------
def test_the_observation_shows_the_own_hand_only():
    engine = Engine.new_game(program(), 3, 2)
    hands = engine.state["cards"]["hands"]
    seen = observation.view(engine, 1, "own")["cards"]
    assert seen["hands"] == {"1": sorted(hands[1])}
    assert seen["hand_sizes"] == [len(h) for h in hands]
    assert seen["decks"] == {"wind": len(engine.state["cards"]["decks"]["wind"])}
    assert observation.view(engine, 1, "none")["cards"]["hands"] == {}
    assert set(observation.view(engine, 1, "all")["cards"]["hands"]) == {"0", "1", "2"}
    # the deck's order is never in the observation, in any form
    text = observation.string(engine, 1, "all")
    order = engine.state["cards"]["decks"]["wind"]
    assert json.dumps(order) not in text and "decks" in text


def test_the_tensor_has_one_size_and_changes_with_the_own_hand_only():
    data = program()
    for private in ("none", "own", "all"):
        sizes = set()
        for players in (2, 4):
            engine = Engine.new_game(data, players, 1)
            fields = observation.fields(engine, private)
            size = fields[-1].start + fields[-1].size
            assert len(observation.tensor(engine, 0, private)) == size
            sizes.add(size)
        assert len(sizes) == 1
    engine = Engine.new_game(data, 2, 1)
    assert engine.decision().player == 0
    hand_1 = engine.state["cards"]["hands"][1]
    swapped = engine.clone()
    swapped.state["cards"]["hands"][1] = ["squall"] * len(hand_1)  # another hand, same size
    assert sorted(hand_1) != ["squall"] * len(hand_1)
    for seen in (observation.tensor, observation.string):
        assert seen(swapped, 0, "own") == seen(engine, 0, "own")  # seat 0 cannot tell
        assert seen(swapped, 1, "own") != seen(engine, 1, "own")
        assert seen(swapped, 0, "all") != seen(engine, 0, "all")


def test_another_seats_draw_shows_the_count_not_the_cards():
    engine = random_game(3, 6)
    draws = [e for e in engine.state["log"] if e["event"] == "draw" and e["amount"]]
    assert draws
    for viewer in (0, 1, 2, None):
        seen = seen_events(engine, viewer, draws)
        for event, shown in zip(draws, seen):
            if event["seat"] == viewer:
                assert shown["cards"] == event["cards"]
            else:
                assert shown["cards"] is None and shown["amount"] == event["amount"]
    line = procedure.narrate(
        seen_events(engine, None, draws[:1])[0], ["P1", "P2", "P3"], program().text
    )
    assert line is not None and "wind card" in line
    chosen = [e for e in engine.state["log"] if e["event"] == "choice" and e["kind"] == "play_card"]
    assert chosen and all("options" not in e for e in seen_events(engine, None, chosen))


def test_a_bots_look_ahead_deals_the_hidden_cards_again():
    engine = Engine.new_game(program(), 3, 2)
    before = json.loads(json.dumps(engine.state["cards"]))
    copy = engine.clone()
    copy.determinize(0, Rng({"rng": 99}))
    after = copy.state["cards"]
    assert after["hands"][0] == before["hands"][0]  # the seat's own hand stays
    assert [len(h) for h in after["hands"]] == [len(h) for h in before["hands"]]
    assert after["discards"] == before["discards"]
    assert (after["hands"][1:], after["decks"]) != (before["hands"][1:], before["decks"])
    assert cards_in_play(copy) == DECK and problems(copy) == []
    assert engine.state["cards"] == before  # the game itself is untouched


def test_ba_play_shows_a_human_seat_its_own_draws_only():
    runner = CliRunner()
    args = ["play", "--rules", str(RULES), "--seed", "3", "--players", "3"]
    out = runner.invoke(ba, args, catch_exceptions=False)
    assert out.exit_code == 0, out.output
    assert "draws" in out.output and "plays" in out.output


# ---- the adapters ---------------------------------------------------------------------
def test_openspiel_random_sim():
    pytest.importorskip("pyspiel")
    import pyspiel

    from blackangel.adapters import openspiel  # noqa: F401 (registers the games)

    game = pyspiel.load_game("python_sky_regatta", {"players": 3})
    assert game.max_chance_outcomes() == DECK
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_pettingzoo_api():
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from blackangel.adapters.pettingzoo import env

    api_test(env(players=3, game="sky_regatta"), num_cycles=200)
