"""A private look at the top of a deck (`look_at`: dsl/decks.py, interpreter/decks.py),
shown by Lookout (tests/games/lookout.ba): the seat that looks knows the cards, in order,
while they lie there; every other seat and a spectator read only that it looked (log
events and lines, observation text and tensor, the browser's table, the terminal); a
bot's look-ahead keeps them in place for that seat alone; the knowledge ends as the cards
are taken or the deck is shuffled; whole games keep the invariants."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest

from blackangel.dsl.compiler import compile_paths
from blackangel.dsl.errors import StateError
from blackangel.interpreter import decks, knowledge, observation, procedure, replay
from blackangel.interpreter.agents import RandomAgent, play
from blackangel.interpreter.engine import Engine
from blackangel.interpreter.invariants import problems
from blackangel.interpreter.narrate import log_lines, seat_names, seen_events, transcript
from blackangel.interpreter.rng import Rng
from blackangel.web import table

RULES = Path(__file__).resolve().parent / "games" / "lookout.ba"
NAMES = ["P1", "P2", "P3", "P4"]


@cache
def program():
    result = compile_paths([str(RULES)])
    assert result.ruleset is not None and result.diagnostics == [], result.diagnostics
    return procedure.GAME.build(result.ruleset)


def new(players: int = 3, seed: int = 1) -> Engine:
    return Engine.new_game(program(), players, seed)


def prim(engine: Engine, seat: int, name: str, *args, **answer) -> dict:
    """Run one primitive for a seat, as a step of its turn would (with the answer to its
    question, if given)."""
    frame = {"op": "prim", "seat": seat, "name": name, "args": args, "ctx": {}, **answer}
    engine.push(frame)
    procedure.GAME.primitives[name].run(engine, frame)
    return frame


def road(engine: Engine) -> list[str]:
    return engine.state["cards"]["decks"]["road"]


def swapped_top(engine: Engine, count: int = 2) -> Engine:
    """A copy with the top road cards exchanged for different ones from deeper down."""
    other = engine.clone()
    pile = road(other)
    for i in range(count):
        j = next(j for j in range(len(pile) - count) if pile[j] != pile[-1 - i])
        pile[j], pile[-1 - i] = pile[-1 - i], pile[j]
    assert road(other)[-count:] != road(engine)[-count:]
    return other


# ---- the look and what each seat sees ---------------------------------------------------
def test_the_seat_that_looks_knows_the_top_cards_in_order_and_they_stay():
    engine = new()
    before = list(road(engine))
    prim(engine, 1, "look_at", 2, "road")
    assert road(engine) == before  # nothing moved
    top = before[::-1][:2]
    event = engine.state["log"][-1]
    assert {k: v for k, v in event.items() if k != "turn"} == {
        "event": "look",
        "seat": 1,
        "deck": "road",
        "cards": top,
        "amount": 2,
    }
    assert engine.state["cards"]["known"] == [{}, {"road": 2}, {}]
    assert knowledge.known_cards(engine, 1) == {"road": top}
    assert knowledge.known_cards(engine, 0) == {}
    line = procedure.narrate(event, NAMES, program().text)
    words = [program().text.word(card) for card in top]
    assert line == f"  P2 looks at the top 2 road cards: {words[0]} and {words[1]}"
    assert problems(engine) == []


def test_a_look_deeper_than_the_deck_sees_what_there_is_and_a_second_look_the_deeper():
    engine = new()
    prim(engine, 0, "look_at", 1, "road")
    prim(engine, 0, "look_at", 2, "road")
    prim(engine, 0, "look_at", 1, "road")
    assert engine.state["cards"]["known"][0] == {"road": 2}
    pile = road(engine)
    del pile[:-1]  # one card left
    engine.state["cards"]["known"][0] = {}
    prim(engine, 2, "look_at", 2, "road")
    assert engine.state["log"][-1]["amount"] == 1 and knowledge.known_cards(engine, 2) == {
        "road": pile[-1:]
    }
    pile.clear()
    engine.state["cards"]["known"][2] = {}
    prim(engine, 2, "look_at", 2, "road")
    event = engine.state["log"][-1]
    assert event["amount"] == 0 and engine.state["cards"]["known"][2] == {}
    assert procedure.narrate(event, NAMES, program().text) == "  P3 finds no road cards to look at"


def test_no_other_seat_nor_a_spectator_reads_which_cards():
    engine = new()
    prim(engine, 1, "look_at", 2, "road")
    event = engine.state["log"][-1]
    words = [program().text.word(card) for card in event["cards"]]
    for viewer in (0, 2, None):
        (seen,) = seen_events(engine, viewer, [event])
        assert seen["cards"] is None and seen["amount"] == 2 and seen["deck"] == "road"
        line = procedure.narrate(seen, NAMES, program().text)
        assert line == "  P2 looks at the top 2 road cards"
    assert seen_events(engine, 1, [event]) == [event]
    # the whole log as each reads it: the cards looked at appear for the looker alone
    lines = {v: "\n".join(log_lines(engine, NAMES, seen_events(engine, v))) for v in (0, 1, None)}
    assert all(w in lines[1] for w in words)
    assert "looks at the top 2 road cards:" not in lines[0] + lines[None]
    # the same position with other cards on top: no one else can tell, the looker can
    other = swapped_top(engine)
    other.state["log"][-1]["cards"] = road(other)[::-1][:2]
    for viewer in (0, 2):
        for seen in (observation.tensor, observation.string):
            for private in ("own", "none"):
                assert seen(other, viewer, private) == seen(engine, viewer, private)
        assert seen_events(other, viewer) == seen_events(engine, viewer)
        assert procedure.position(other, viewer) == procedure.position(engine, viewer)
    for viewer in (0, 2, None):
        assert table.draw(other, viewer, NAMES[:3]) == table.draw(engine, viewer, NAMES[:3])
    assert table.draw(other, 1, NAMES[:3]) != table.draw(engine, 1, NAMES[:3])
    assert procedure.position(other, 1) != procedure.position(engine, 1)
    for seen in (observation.tensor, observation.string):
        assert seen(other, 1, "own") != seen(engine, 1, "own")
        assert seen(other, 0, "all") != seen(engine, 0, "all")  # every seat's private part


def test_the_looker_reads_the_cards_in_its_observation_and_beside_its_hand():
    engine = new()
    prim(engine, 1, "look_at", 2, "road")
    top = road(engine)[::-1][:2]
    assert observation.view(engine, 1)["cards"]["known"] == {"1": {"road": top}}
    assert observation.view(engine, 0)["cards"]["known"] == {"0": {}}
    assert observation.view(engine, 1, "none")["cards"]["known"] == {}
    fields = {f.name: f for f in observation.fields(engine)}
    known = fields["known_road"]
    assert known.size == 2  # the deepest look of the rules, one seat shown
    values = observation.tensor(engine, 1)[known.start : known.start + known.size]
    numbers = {card: i + 1 for i, card in enumerate(program().cards)}
    assert values == [float(numbers[c]) for c in top]
    assert observation.tensor(engine, 0)[known.start : known.start + known.size] == [0.0, 0.0]
    words = program().text.join([program().text.word(c) for c in top])
    shown = f"road cards you saw on top of their deck (top first): {words}"
    assert shown in decks.hand_text(engine, 1)
    assert shown in procedure.position(engine, 1)
    assert shown not in procedure.position(engine, 0)


def test_the_observation_has_one_size_for_every_player_count():
    for private in ("none", "own", "all"):
        sizes = set()
        for players in (1, 2, 4):
            engine = new(players, 3)
            prim(engine, 0, "look_at", 2, "road")
            size = sum(f.size for f in observation.fields(engine, private))
            assert len(observation.tensor(engine, 0, private)) == size
            sizes.add(size)
        assert len(sizes) == 1


# ---- the knowledge ends -------------------------------------------------------------------
def test_each_card_taken_off_the_top_is_one_fewer_known():
    engine = new()
    prim(engine, 1, "look_at", 2, "road")
    second = road(engine)[-2]
    prim(engine, 0, "draw", 1, "road")  # another seat draws the top card
    assert engine.state["cards"]["known"][1] == {"road": 1}
    assert knowledge.known_cards(engine, 1) == {"road": [second]}
    prim(engine, 2, "reveal", 1, "road")  # the second is public now
    assert engine.state["cards"]["known"] == [{}, {}, {}]
    assert problems(engine) == []


def test_cards_put_under_the_deck_keep_it_a_shuffle_ends_it():
    engine = new()
    prim(engine, 1, "look_at", 2, "road")
    top = knowledge.known_cards(engine, 1)
    held = engine.state["cards"]["hands"][0][0]
    prim(engine, 0, "put_bottom", "road", answer=held)  # P1 puts a card under the deck
    assert road(engine)[0] == held and knowledge.known_cards(engine, 1) == top
    prim(engine, 0, "shuffle_in", 1, "road", 2)  # the top is shuffled
    assert engine.state["cards"]["known"][1] == {}
    assert problems(engine) == []


def test_a_reshuffled_deck_is_known_to_no_one():
    engine = new()
    cards = engine.state["cards"]
    cards["discards"]["road"] += road(engine)[:-2]
    del road(engine)[:-2]
    prim(engine, 1, "look_at", 2, "road")
    prim(engine, 0, "draw", 3, "road")  # the two known, then a reshuffle
    assert engine.state["log"][-2]["event"] == "reshuffle"
    assert cards["known"] == [{}, {}, {}]
    assert problems(engine) == []


def test_a_look_at_a_deck_per_seat_sees_the_seats_own_pile():
    engine = new()
    own = engine.state["cards"]["seat_decks"]
    prim(engine, 1, "look_at", 1, "plans")
    assert knowledge.known_cards(engine, 1) == {"plans": own[1]["plans"][-1:]}
    prim(engine, 0, "draw", 1, "plans")  # from seat 0's own pile: seat 1 still knows
    assert engine.state["cards"]["known"][1] == {"plans": 1}
    prim(engine, 1, "draw", 1, "plans")
    assert engine.state["cards"]["known"][1] == {}
    assert problems(engine) == []


def test_the_invariants_refuse_a_seat_knowing_more_than_the_pile_holds():
    engine = new()
    engine.state["cards"]["known"][0] = {"road": len(road(engine)) + 1}
    assert any("knows" in problem for problem in problems(engine))


# ---- a bot's look-ahead -----------------------------------------------------------------------
def test_a_bots_look_ahead_keeps_the_known_cards_for_the_looker_alone():
    engine = new()
    walker = RandomAgent(1)
    while engine.decision().player != 1:  # the looker decides: it may have a deal made
        engine.apply(walker.choose(engine, engine.decision()))
    prim(engine, 1, "look_at", 2, "road")
    prim(engine, 1, "look_at", 1, "plans")
    cards = engine.state["cards"]
    before = json.loads(json.dumps(cards))
    top = road(engine)[-2:]
    plan = cards["seat_decks"][1]["plans"][-1]
    tops, plans = set(), set()
    for seed in range(20):
        mine = engine.clone()
        mine.determinize(1, Rng({"rng": seed}))
        assert mine.state["cards"]["decks"]["road"][-2:] == top
        assert mine.state["cards"]["seat_decks"][1]["plans"][-1] == plan
        assert mine.state["cards"]["known"] == before["known"] and problems(mine) == []
        other = engine.clone()
        other.state["pending"] = None  # between decisions: seat 1's would show its hand
        other.determinize(0, Rng({"rng": seed}))
        assert problems(other) == []
        tops.add(tuple(other.state["cards"]["decks"]["road"][-2:]))
        plans.add(other.state["cards"]["seat_decks"][1]["plans"][-1])
    assert len(tops) > 1 and len(plans) > 1  # dealt again for a seat that did not look
    assert engine.state["cards"] == before


# ---- whole games --------------------------------------------------------------------------
@pytest.mark.parametrize("players, seed", [(1, 1), (2, 2), (3, 3), (4, 4)])
def test_whole_games_keep_the_invariants_and_hide_every_look(players, seed):
    engine = play(new(players, seed), [RandomAgent(seed * 10 + s) for s in range(players)])
    assert engine.is_terminal() and problems(engine) == []
    log = engine.state["log"]
    looks = [e for e in log if e["event"] == "look" and e["amount"]]
    assert looks, "no look in the game: the test shows nothing"
    for viewer in [*range(players), None]:
        seen = seen_events(engine, viewer, looks)
        for event, shown in zip(looks, seen):
            assert shown == event if event["seat"] == viewer else shown["cards"] is None
    names = seat_names(engine)
    text = transcript(engine, names)
    # a replay file keeps the choices alone: nothing of what a look saw
    record = json.dumps(replay.record(engine))
    for event in looks:
        event["cards"] = None
    assert json.dumps(replay.record(engine)) == record
    again = play(new(players, seed), [RandomAgent(seed * 10 + s) for s in range(players)])
    assert transcript(again, names) == text  # the same seed and choices, the same game


def test_a_saved_game_keeps_what_a_seat_knows_and_refuses_a_corrupted_record():
    engine = new(2, 5)
    agents = [RandomAgent(50 + s) for s in range(2)]
    while not any(engine.state["cards"]["known"]):
        engine.apply(agents[engine.decision().player].choose(engine, engine.decision()))
    back = Engine.from_json(program(), engine.to_json())
    assert back.state["cards"]["known"] == engine.state["cards"]["known"]
    for bad in ({"nowhere": 1}, {"road": 0}):
        saved = json.loads(engine.to_json())
        saved["cards"]["known"][0] = bad
        with pytest.raises(StateError, match="known"):
            Engine.from_json(program(), json.dumps(saved))
