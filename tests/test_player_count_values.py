"""Numbers that depend on the player count (dsl/values.py): a `value` gives one number per
range of player counts, and its name stands for that number in a deck's `deal`, the
game's `rounds`, `draw`, `refill` and `hand_size`; lint refuses a value that misses an
allowed count or gives two (E307, dsl/lint_cases/e307_*)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from blackangel.dsl.compiler import compile_paths
from blackangel.interpreter.agents import RandomAgent, play
from blackangel.interpreter.engine import Engine
from blackangel.interpreter.program import build

RULES = Path(__file__).parent / "games" / "countdown"

# a race of turns whose length, hand and draws depend on the player count
RACE = """
game race {
  module rules_only
  title "Race"
  players 2..4
  turn turn
  rounds length
}
value length {
  players 2..2 3
  players 3..4 2
}
value hand {
  players 2..3 4
  players 4..4 1
}
track position {
  noun "space" "spaces"
}
deck steps {
  noun "step card" "step cards"
  deal hand
}
card step {
  noun "step" "steps"
  deck steps
  copies 40
  play: gain 1 position
}
phase turn {
  step draw: draw hand steps if hand_size hand steps
  step move: gain 1 position
}
"""


@cache
def race(tmp: str):
    path = Path(tmp) / "race.ba"
    path.write_text(RACE, encoding="utf-8")
    result = compile_paths([str(path)])
    assert result.ruleset is not None and result.errors == [], result.diagnostics
    return build(result.ruleset)


def test_a_value_gives_the_number_of_the_player_count(tmp_path):
    data = race(str(tmp_path))
    assert data.values == {"length": {2: 3, 3: 2, 4: 2}, "hand": {2: 4, 3: 4, 4: 1}}
    assert data.count("hand", 4) == 1 and data.count(7, 4) == 7


def test_deal_draw_hand_size_and_rounds_read_the_player_count(tmp_path):
    data = race(str(tmp_path))
    for players, dealt, rounds in ((2, 4, 3), (3, 4, 2), (4, 1, 2)):
        # no decision in this race: set up, it is played to its end at once
        engine = play(Engine.new_game(data, players, 1), [RandomAgent(1)] * players)
        assert engine.state["rounds"]["ending"] == "rounds"
        assert engine.state["rounds"]["turns"] == rounds * players
        # dealt `hand`, then each turn drew `hand` more, since the seat held at least `hand`
        assert all(len(hand) == dealt * (rounds + 1) for hand in engine.state["cards"]["hands"])


def test_a_value_reads_as_its_numbers(tmp_path):
    data = race(str(tmp_path))
    shown = [data.text.effect(n) for n in data.nodes if getattr(n, "name", "") == "draw"]
    numbers = "4 (2-3 players) or 1 (4 players) step cards"
    assert shown == [f"draw {numbers} if you hold at least {numbers}"]


def test_countdown_deals_by_the_player_count():
    result = compile_paths([str(RULES)])
    data = build(result.ruleset)
    for players, dealt in ((3, 3), (4, 2)):
        engine = Engine.new_game(data, players, 2)
        assert data.count("hand", players) == dealt
        assert data.count("length", players) == (8 if players < 4 else 7)
        held = engine.state["cards"]["hands"]
        # the captain's danger phase took no order: every seat holds its dealt hand
        assert all(len([c for c in h if data.cards[c].deck == "orders"]) == dealt for h in held)
