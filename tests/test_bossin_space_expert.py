"""The expert bot in a cooperative game: a turn that ends before anything it chose has
happened (a card kept for the timeline) is valued by playing the round out."""

from __future__ import annotations

import tomllib

from bossin_space_positions import program

from blackangel.interpreter import scenario
from blackangel.interpreter.planner import ExpertAgent

# solo, one life token left, no enemy on the board: of the first three cards drawn, one
# goes to the bottom of the deck
ONE_LIFE_LEFT = """players = 1
seed = {seed}
[[set]]
path = "grid.cells.0"
value = ["none", "none", "none", "none"]
[[set]]
path = "shared.life"
value = 1
[[set]]
player = 1
hand = ["repair", "missile", "missile"]
"""


def test_the_expert_keeps_the_repair_it_needs_and_lets_a_missile_with_no_target_go():
    """Keeping either card changes nothing until the timeline is resolved: only a round
    played out tells the repair (a life token) from the missile (heat, or nothing). In
    a world where the second draw brings another repair, the two are worth the same."""
    higher = 0
    for seed in range(1, 9):
        engine, _ = scenario.start(program(), tomllib.loads(ONE_LIFE_LEFT.format(seed=seed)))
        decision = engine.decision()
        assert decision.kind == "bottom_card"
        assert [o.id for o in decision.options] == ["card:repair", "card:missile"]
        weights = ExpertAgent(1).weigh(engine, decision)
        assert weights["card:missile"] >= weights["card:repair"], (seed, weights)
        higher += weights["card:missile"] > weights["card:repair"]
    assert higher >= 6, higher
