"""Observations (interpreter/black_angel/observation.py): what a seat may know, as text and
as a fixed-size tensor, the same on every determinized copy, listed in docs/ai.md."""

from __future__ import annotations

from pathlib import Path

import pytest

from blackangel.dsl.compiler import load_shipped
from blackangel.interpreter.agents import RandomAgent
from blackangel.interpreter.black_angel import observation
from blackangel.interpreter.engine import Engine, NotDeciding
from blackangel.interpreter.program import build
from blackangel.interpreter.rng import Rng, seed_state

DOCS = Path(__file__).resolve().parent.parent / "docs"


@pytest.fixture(scope="module")
def data():
    return build(load_shipped())


def _positions(data, players, seed, variants=(), every=7):
    game = Engine.new_game(data, players, seed, variants=variants, log=False)
    agents = [RandomAgent(seed * 10 + i) for i in range(players)]
    step = 0
    while (decision := game.decision()) is not None:
        if step % every == 0:
            yield game
        game.apply(agents[decision.player].choose(game, decision))
        step += 1
    yield game


@pytest.mark.parametrize(
    "players, seed, variants", [(1, 1, ()), (2, 2, ()), (3, 3, ("advanced",)), (4, 4, ())]
)
def test_tensor_has_one_size_and_string_survives_determinization(data, players, seed, variants):
    size = sum(f.size for f in observation.fields(Engine.new_game(data, 2, 0)))
    for game in _positions(data, players, seed, variants):
        for seat in range(players):
            values = observation.tensor(game, seat)
            assert len(values) == size
            twin = game.clone(log=False)
            try:
                twin.determinize(seat, Rng({"rng": seed_state(seat)}))
            except NotDeciding:  # a deal that changes what the deciding seat holds
                assert game.decision().player != seat and twin.state == game.state
                continue
            assert observation.string(twin, seat) == observation.string(game, seat)
            assert observation.tensor(twin, seat) == values


def test_fields_are_contiguous_and_documented(data):
    layout = observation.fields(Engine.new_game(data, 3, 0))
    start = 0
    for field in layout:
        assert field.start == start and field.size > 0 and field.what
        start += field.size
    text = (DOCS / "ai.md").read_text(encoding="utf-8")
    begin, end = text.index("<!-- tensor:"), text.index("<!-- end of tensor -->")
    rows = [line for line in text[begin:end].splitlines() if line.startswith("| `")]
    expected = observation.table_rows(layout)
    assert rows == expected, "\n".join(["update docs/ai.md:", *expected])


def test_a_seat_sees_its_own_hand_and_only_counts_of_the_others(data):
    game = Engine.new_game(data, 3, 5)
    mine, theirs = game.state["players"][0], game.state["players"][1]
    seen = observation.view(game, 0)
    assert seen["players"][0]["hand"] == mine["hand"]
    assert sum(seen["players"][1]["hand"].values()) == len(theirs["hand"])
    assert seen["players"][1]["ravagers"] == len(theirs["ravagers"])
    before = observation.tensor(game, 0)
    # another card of the same colour in the other hand, from the deck: seat 0 cannot tell
    card = theirs["hand"][0]
    colour = data.missions[card].color
    deck = game.state["mission_deck"][colour]
    theirs["hand"][0], deck[0] = deck[0], card
    assert observation.tensor(game, 0) == before
    assert observation.tensor(game, 1) != observation.tensor(Engine.new_game(data, 3, 5), 1)
    layout = {f.name: f for f in observation.fields(game)}
    hand = layout["hand"]
    assert sum(before[hand.start : hand.start + hand.size]) == len(mine["hand"])


def test_only_the_deciding_seat_sees_the_options(data):
    game = Engine.new_game(data, 3, 1)
    decision = game.decision()
    assert decision is not None
    assert observation.view(game, decision.player)["decision"]["options"]
    other = (decision.player + 1) % 3
    assert "options" not in observation.view(game, other)["decision"]
