"""Decks built from tiers, cards put on the bottom or shuffled into a deck, revealed onto
the table, kept in front of a seat, and laid face down until revealed (dsl/decks.py,
dsl/deck_stacks.py, interpreter/decks.py, interpreter/deck_stacks.py), shown by Night
Watch (tests/games/night_watch.ba): set-up, the primitives, whole games under the
invariants, determinism, and what each seat may see of a card laid face down."""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from pathlib import Path

import pytest

from blackangel.dsl.compiler import compile_paths
from blackangel.interpreter import deck_stacks, decks, observation, procedure
from blackangel.interpreter.agents import GreedyAgent, RandomAgent, play
from blackangel.interpreter.engine import Engine
from blackangel.interpreter.invariants import problems
from blackangel.interpreter.narrate import seen_events
from blackangel.interpreter.rng import Rng
from blackangel.web import table

RULES = Path(__file__).resolve().parent / "games" / "night_watch.ba"
TEXT = RULES.read_text(encoding="utf-8")
CARDS = 13 + 4 + 6 + 4 + 3 + 2  # orders, elites set aside, omens by tier (dawn ... doom)
NAMES = ["P1", "P2", "P3", "P4"]


@cache
def program(text: str = TEXT):
    path = RULES.parent / "night_watch.ba"
    if text != TEXT:  # a variant, compiled from a file of its own
        path = Path(__import__("tempfile").mkdtemp()) / "variant.ba"
        path.write_text(text, encoding="utf-8")
    result = compile_paths([str(path)])
    assert result.ruleset is not None and result.diagnostics == [], result.diagnostics
    return procedure.GAME.build(result.ruleset)


def tiers(pile: list[str]) -> list[str | None]:
    return [program().cards[c].tier for c in pile]


def everywhere(engine: Engine) -> Counter:
    cards = engine.state["cards"]
    piles = [*cards["decks"].values(), *cards["discards"].values(), *cards["out"].values()]
    piles += cards["aside"].values()
    piles += [*cards["hands"], *cards["kept"], *cards["committed"], cards["in_play"]]
    return Counter([c for p in piles for c in p] + [c for _, c in cards["table"]])


def take(engine: Engine, card: str) -> str:
    """One copy of a card out of the deck or a hand (to lay it elsewhere in a test)."""
    cards = engine.state["cards"]
    for pile in (cards["decks"][program().cards[card].deck], *cards["hands"]):
        if card in pile:
            pile.remove(card)
            return card
    raise AssertionError(f"no {card} to take")


def new(players: int, seed: int, **options) -> Engine:
    return Engine.new_game(program(), players, seed, **options)


def prim(engine: Engine, seat: int, name: str, *args) -> dict:
    """Run one primitive for a seat, as a step of its turn would."""
    frame = {"op": "prim", "seat": seat, "name": name, "args": args, "ctx": {}}
    engine.push(frame)
    procedure.GAME.primitives[name].run(engine, frame)
    return frame


# ---- the deck built from tiers ----------------------------------------------------------
def test_the_tiers_are_stacked_in_order_with_the_bottom_card_under_them():
    data = program()
    omens = data.decks["omens"]
    assert omens.stacks == (
        ("dawn", 4, (1, 2)),
        ("dawn", 3, (3, 4)),
        ("dusk", 3, None),
        ("night", 2, None),
    )
    assert omens.bottom == "doom"
    for players, dawn in ((1, 4), (2, 4), (3, 3), (4, 3)):
        pile, out = deck_stacks.build(omens, data.cards, players, Rng({"rng": players}))
        assert tiers(pile) == ["doom"] + ["night"] * 2 + ["dusk"] * 3 + ["dawn"] * dawn
        assert Counter(pile + out) == Counter(omens.cards)  # the rest is out of the game
        assert Counter(tiers(out)) == {"dawn": 6 - dawn, "dusk": 1, "night": 1, "doom": 1}


def test_the_build_follows_the_seed_and_the_bottom_card_is_drawn_at_random():
    data = program()
    omens = data.decks["omens"]
    first = deck_stacks.build(omens, data.cards, 2, Rng({"rng": 5}))
    assert first == deck_stacks.build(omens, data.cards, 2, Rng({"rng": 5}))
    bottoms = {deck_stacks.build(omens, data.cards, 2, Rng({"rng": s}))[0][0] for s in range(30)}
    assert bottoms == {"eclipse", "comet"}
    orders = {deck_stacks.build(omens, data.cards, 2, Rng({"rng": s}))[0][-1] for s in range(30)}
    assert orders == {"whisper"}  # only dawn omens on top


def test_set_up_builds_the_deck_and_keeps_the_rest_out_of_the_game():
    engine = new(3, 4)
    cards = engine.state["cards"]
    # the first turn has begun: its omen is on the table, from the top of the deck
    assert [entry[0] for entry in cards["table"]] == [0]
    assert tiers([cards["table"][0][1]]) == ["dawn"]
    assert tiers(cards["decks"]["omens"]) == ["doom"] + ["night"] * 2 + ["dusk"] * 3 + ["dawn"] * 2
    assert len(cards["out"]["omens"]) == 6 and cards["out"]["orders"] == []
    assert everywhere(engine) == Counter(
        c for d in program().decks.values() for c in d.cards + d.aside
    )
    assert problems(engine) == []
    assert Engine.new_game(program(), 3, 4).state["cards"] == cards
    assert Engine.new_game(program(), 3, 5).state["cards"]["decks"] != cards["decks"]


def test_a_bottom_card_named_goes_under_every_other_card():
    text = TEXT.replace("  bottom doom\n", "  bottom comet\n").replace(
        'card eclipse {\n  noun "eclipse" "eclipses"\n  deck omens\n  tier doom\n',
        'card eclipse {\n  noun "eclipse" "eclipses"\n  deck omens\n  tier night\n',
    )
    data = program(text)
    for seed in range(5):
        pile, out = deck_stacks.build(data.decks["omens"], data.cards, 2, Rng({"rng": seed}))
        assert pile[0] == "comet" and "comet" not in out


# ---- bottom, shuffle in, reveal, stay, clear -------------------------------------------
def test_a_card_from_hand_goes_on_the_bottom_of_its_deck():
    engine = new(2, 1, auto_answer=False)
    seat = 1
    cards = engine.state["cards"]
    for hand in cards["hands"]:
        cards["decks"]["orders"] += hand
        hand.clear()
    cards["hands"][seat] = [take(engine, c) for c in ("strike", "rally", "banner")]
    frame = prim(engine, seat, "put_bottom", "orders")
    decision = engine.decision()
    assert decision is not None and decision.kind == "bottom_card"
    assert [o.id for o in decision.options] == ["card:strike", "card:rally", "card:banner"]
    frame["answer"] = "rally"
    procedure.GAME.primitives["put_bottom"].run(engine, frame)
    assert cards["decks"]["orders"][0] == "rally" and cards["hands"][seat] == ["strike", "banner"]
    event = engine.state["log"][-1]
    assert event == {**event, "event": "put_bottom", "seat": seat, "card": "rally"}


def test_cards_set_aside_are_shuffled_into_the_top_of_their_deck():
    engine = new(2, 3)
    cards = engine.state["cards"]
    assert cards["aside"] == {"orders": ["elite"] * 4, "omens": []}
    assert "elite" not in cards["decks"]["orders"] and program().decks["orders"].aside
    below = list(cards["decks"]["orders"][:-2])
    top = cards["decks"]["orders"][-2:]
    prim(engine, 0, "shuffle_in", 2, "orders", 2)
    pile = cards["decks"]["orders"]
    assert pile[:-4] == below and Counter(pile[-4:]) == Counter(top + ["elite", "elite"])
    assert cards["aside"]["orders"] == ["elite", "elite"]
    event = engine.state["log"][-1]
    assert (event["event"], event["amount"], event["top"]) == ("shuffle_in", 2, 4)
    line = procedure.narrate(event, NAMES, program().text)
    assert line is not None and "2 orders set aside" in line
    # as many as there are: the cards set aside run out
    prim(engine, 0, "shuffle_in", 3, "orders", 0)
    assert cards["aside"]["orders"] == [] and engine.state["log"][-1]["amount"] == 2
    assert problems(engine) == []


def test_revealed_and_kept_cards_lie_face_up_until_cleared():
    engine = new(2, 2)
    cards = engine.state["cards"]
    assert decks.on_table(engine, 0, (1, "omens"), {})
    assert not decks.on_table(engine, 0, (2, "omens"), {})
    prim(engine, 1, "reveal", 2, "omens")
    assert len(cards["table"]) == 3 and [s for s, _ in cards["table"]] == [0, 1, 1]
    assert decks.on_table(engine, 0, (3, "omens"), {})
    cards["kept"][0] = [take(engine, "banner"), take(engine, "banner")]
    assert decks.in_front(engine, 0, (2, "orders"), {})
    assert not decks.in_front(engine, 1, (1, "orders"), {})
    assert problems(engine) == []
    shown = [c for _, c in cards["table"]]
    prim(engine, 0, "clear", "omens")
    assert cards["table"] == [] and cards["discards"]["omens"] == shown
    assert cards["kept"][0] == ["banner", "banner"]  # another deck's cards stay
    prim(engine, 0, "clear", "orders")
    assert cards["kept"][0] == [] and cards["discards"]["orders"] == ["banner", "banner"]
    assert problems(engine) == []


def test_a_card_that_stays_is_kept_in_front_of_its_seat_when_played():
    engine = new(2, 2)
    decision = engine.decision()
    assert decision is not None and decision.kind == "optional"  # the vow
    seat, cards = decision.player, engine.state["cards"]
    cards["decks"]["orders"] += cards["hands"][seat]
    cards["hands"][seat] = []
    cards["hands"][seat] = [take(engine, "banner")]
    engine.apply("no")
    assert cards["kept"][seat] == ["banner"] and "banner" not in cards["discards"]["orders"]
    assert cards["in_play"] == [] and problems(engine) == []
    assert engine.state["players"][seat]["glory"] == 1


# ---- whole games ------------------------------------------------------------------------
def random_game(players: int, seed: int) -> Engine:
    agents = [RandomAgent(seed * 10 + i) for i in range(players)]
    return play(new(players, seed), agents)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_bots_play_to_the_end_with_every_card_in_one_place(players):
    seen = Counter()
    for seed in range(6):
        engine = Engine.new_game(program(), players, seed)
        agents = [RandomAgent(seed + i) if i % 2 else GreedyAgent(seed) for i in range(players)]
        while not engine.is_terminal():
            assert problems(engine) == [], (seed, problems(engine))
            decision = engine.decision()
            engine.apply(agents[decision.player].choose(engine, decision))
        assert engine.state["scores"] is not None and problems(engine) == []
        assert sum(everywhere(engine).values()) == CARDS
        seen.update(e["event"] for e in engine.state["log"])
    for event in ("reveal", "commit", "reveal_committed", "clear", "put_bottom", "shuffle_in"):
        assert seen[event], event  # every construct happens in play


def test_the_invariant_counts_face_down_and_out_of_the_game_cards():
    engine = new(2, 1)
    engine.state["cards"]["committed"][1].append("strike")
    assert any("strike" in p for p in problems(engine))
    engine = new(2, 1)
    engine.state["cards"]["out"]["omens"].pop()
    assert problems(engine)
    engine = new(2, 1)
    engine.state["cards"]["table"].append([0, "howl"])
    assert any("howl" in p for p in problems(engine))


def test_same_seed_and_choices_same_game():
    assert random_game(3, 7).state == random_game(3, 7).state
    assert random_game(3, 7).state["log"] != random_game(3, 8).state["log"]
    engine = new(3, 9)
    agent = RandomAgent(2)
    for _ in range(15):
        engine.apply(agent.choose(engine, engine.decision()))
    copy = Engine.from_json(program(), engine.to_json())
    for game in (engine, copy):
        bot = RandomAgent(4)
        while not game.is_terminal():
            game.apply(bot.choose(game, game.decision()))
    assert engine.state["log"] == copy.state["log"]


# ---- a card laid face down --------------------------------------------------------------
def committed_game() -> Engine:
    """A 3-seat game stopped while P2 has a card laid face down."""
    for seed in range(50):
        engine = new(3, seed)
        agent = RandomAgent(seed)
        while not engine.is_terminal():
            if engine.state["cards"]["committed"][1] and engine.decision().player == 0:
                return engine
            engine.apply(agent.choose(engine, engine.decision()))
    raise AssertionError("no game with a card laid face down")


def test_a_face_down_card_is_seen_by_its_owner_only():
    engine = committed_game()
    cards = engine.state["cards"]
    laid = cards["committed"][1][0]
    commits = [e for e in engine.state["log"] if e["event"] == "commit" and e["seat"] == 1]
    chosen = [e for e in engine.state["log"] if e.get("kind") == "commit_card" and e["seat"] == 1]
    assert commits and chosen
    for viewer in (0, 2, None):
        for event in seen_events(engine, viewer, commits):
            assert event["card"] is None and event["deck"] == "orders"
            line = procedure.narrate(event, NAMES, program().text)
            assert line is not None and "lays one order face down" in line
        for event in seen_events(engine, viewer, chosen):
            assert event["option"] is None and event["label"] is None and "options" not in event
            assert procedure.narrate(event, NAMES, program().text) is None
    own = seen_events(engine, 1, commits)
    assert own == commits and all(e["card"] for e in own)
    assert laid in procedure.narrate(own[-1], NAMES, program().text)  # type: ignore[operator]
    # the observation: its count for everyone, the card for its owner only
    for seat in (0, 2):
        seen = observation.view(engine, seat, "own")["cards"]
        assert seen["committed"] == {str(seat): sorted(cards["committed"][seat])}
        assert seen["committed_sizes"][1] == len(cards["committed"][1])
    assert observation.view(engine, 1, "own")["cards"]["committed"]["1"] == sorted(
        cards["committed"][1]
    )
    # another card of the deck there instead: no other seat can tell, its owner can
    swapped = engine.clone()
    other = next(c for c in ("strike", "rally", "banner") if c != laid)
    swapped.state["cards"]["committed"][1][0] = other
    for seen in (observation.tensor, observation.string):
        assert seen(swapped, 0, "own") == seen(engine, 0, "own")
        assert seen(swapped, 1, "own") != seen(engine, 1, "own")
    for viewer in (0, 2, None):
        assert table.draw(swapped, viewer, NAMES[:3]) == table.draw(engine, viewer, NAMES[:3])
    assert table.draw(swapped, 1, NAMES[:3]) != table.draw(engine, 1, NAMES[:3])


def test_revealed_commitments_lie_face_up_before_their_seats():
    engine = committed_game()
    cards = engine.state["cards"]
    laid = [list(c) for c in cards["committed"]]
    kept = [list(c) for c in cards["kept"]]
    prim(engine, 0, "reveal_committed", "orders")
    assert cards["committed"] == [[], [], []]
    assert cards["kept"] == [k + c for k, c in zip(kept, laid)]
    event = engine.state["log"][-1]
    assert event["cards"] == [[s, c] for s, row in enumerate(laid) for c in row]
    assert seen_events(engine, 2, [event]) == [event]  # public now
    assert problems(engine) == []


def test_a_bots_look_ahead_deals_face_down_cards_and_tiers_again():
    engine = new(3, 4)
    cards = engine.state["cards"]
    cards["committed"][1].append(cards["hands"][1].pop())
    assert cards["tiered"] == {"omens": True, "orders": False}
    before = json.loads(json.dumps(engine.state["cards"]))
    changed = set()
    for seed in range(20):
        copy = engine.clone()
        copy.determinize(0, Rng({"rng": seed}))
        after = copy.state["cards"]
        assert problems(copy) == [] and everywhere(copy) == everywhere(engine)
        assert after["hands"][0] == before["hands"][0]  # the viewer's own cards stay
        assert after["committed"][0] == before["committed"][0]
        assert [len(r) for r in after["committed"]] == [len(r) for r in before["committed"]]
        assert after["table"] == before["table"] and after["kept"] == before["kept"]
        # a deck built from tiers keeps each tier in its places
        assert tiers(after["decks"]["omens"]) == tiers(before["decks"]["omens"])
        assert sorted(tiers(after["out"]["omens"]), key=str) == sorted(
            tiers(before["out"]["omens"]), key=str
        )
        changed.add(json.dumps([after["committed"][1], after["decks"]["omens"]]))
    assert len(changed) > 1  # what the viewer cannot see is dealt differently
    assert engine.state["cards"] == before  # the game itself is untouched


def test_the_observation_has_one_size_for_every_player_count():
    assert observation.bounds(program())[1] == 13 + 4  # the orders with the elites set aside
    for private in ("none", "own", "all"):
        sizes = set()
        for players in (1, 2, 4):
            engine = random_game(players, 3)
            fields = observation.fields(engine, private)
            size = fields[-1].start + fields[-1].size
            assert len(observation.tensor(engine, 0, private)) == size
            sizes.add(size)
        assert len(sizes) == 1
    engine = new(2, 1)
    seen = observation.view(engine, 0, "own")["cards"]
    assert (
        seen["out"] == {"omens": 5, "orders": 0} and seen["table"] == engine.state["cards"]["table"]
    )
    assert seen["kept"] == [[], []] and seen["committed_sizes"] == [0, 0]


def test_once_reshuffled_a_built_deck_keeps_no_tier_in_a_bots_look_ahead():
    engine = new(3, 4)
    cards = engine.state["cards"]
    cards["discards"]["omens"] += cards["decks"]["omens"]
    cards["decks"]["omens"] = []
    assert cards["tiered"]["omens"]
    prim(engine, 0, "reveal", 1, "omens")
    assert not cards["tiered"]["omens"] and problems(engine) == []
    before = tiers(cards["decks"]["omens"])
    orders = set()
    for seed in range(10):
        copy = engine.clone()
        copy.determinize(0, Rng({"rng": seed}))
        assert problems(copy) == []
        orders.add(tuple(tiers(copy.state["cards"]["decks"]["omens"])))
    # where each tier lies is unknown now (and the cards out of the game may be any unseen)
    assert len(orders) > 1 and {len(o) for o in orders} == {len(before)}
