"""Small words of a game written only in the language: the game's `setup` phase (carried
out once, before the first round), the condition `at_most`, cards that are in the game
only with a variant (`card { variant NAME }`), with their lint (E308 for a deck per seat,
E106 for a variant the rules do not declare), and `shuffle_back` (a deck without
`reshuffle` takes its discards back)."""

from __future__ import annotations

from pathlib import Path

import pytest

from blackangel.dsl.compiler import compile_paths
from blackangel.interpreter.agents import GreedyAgent, RandomAgent, play
from blackangel.interpreter.engine import Engine
from blackangel.interpreter.invariants import problems
from blackangel.interpreter.program import build

RULES = """
game modules {
  module rules_only
  title "Modules"
  players 1..3
  setup opening
  turn turn
  rounds 3
}
variant spicy {
  help "Two hot cards join the deck"
}
track points {
  noun "point" "points"
  min 0
}
track tokens {
  noun "token" "tokens"
  min 0
}
deck pile {
  noun "pile card" "pile cards"
}
card plain {
  noun "plain card" "plain cards"
  deck pile
  copies 6
  play: gain 1 points
}
card hot {
  noun "hot card" "hot cards"
  deck pile
  variant spicy
  copies 2
  play: gain 3 points
}
phase opening {
  step start: gain 2 tokens
}
phase turn {
  step draw: draw 1 pile
  step play: play pile
  step spend: (at_most 1 points, gain 1 tokens) or gain 0 points
}
"""


def _compile(tmp_path: Path, text: str):
    path = tmp_path / "rules.ba"
    path.write_text(text, encoding="utf-8")
    return compile_paths([str(path)])


@pytest.fixture
def data(tmp_path):
    result = _compile(tmp_path, RULES)
    assert result.ruleset is not None and result.errors == [], result.diagnostics
    return build(result.ruleset)


def test_the_setup_phase_runs_once_before_the_first_round(data):
    engine = Engine.new_game(data, 2, 1)
    # seat 1 (the first seat) carried it out, before anyone's turn
    assert engine.state["players"][0]["tokens"] == 2 and engine.state["players"][1]["tokens"] == 0
    kinds = [event["event"] for event in engine.state["log"]]
    assert kinds.index("turn") > kinds.index("gain_vp")
    engine = play(engine, [RandomAgent(1), RandomAgent(2)])
    assert engine.state["scores"] is not None
    # never again: the first seat's tokens are 2 plus what `at_most` let it gain
    gained = [e for e in engine.state["log"] if e["event"] == "gain_vp" and e["track"] == "tokens"]
    assert sum(1 for e in gained if e["seat"] == 0 and e["amount"] == 2) == 1


def test_at_most_holds_up_to_the_amount(data):
    engine = Engine.new_game(data, 1, 3)
    engine.state["players"][0]["points"] = 1
    assert engine._primitives["at_most"].can(engine, 0, (1, "points"), {})
    engine.state["players"][0]["points"] = 2
    assert not engine._primitives["at_most"].can(engine, 0, (1, "points"), {})


def _deck_cards(engine) -> list[str]:
    cards = engine.state["cards"]
    held = [c for hand in cards["hands"] for c in hand]
    return cards["decks"]["pile"] + cards["discards"]["pile"] + held


def test_cards_of_a_variant_are_in_the_game_only_with_it(data):
    plain = Engine.new_game(data, 2, 5)
    assert "hot" not in _deck_cards(plain) and plain.state["cards"]["out"]["pile"] == ["hot"] * 2
    spicy = Engine.new_game(data, 2, 5, variants=["spicy"])
    assert (
        sorted(_deck_cards(spicy)).count("hot") == 2 and spicy.state["cards"]["out"]["pile"] == []
    )
    # the same seed and variant deal the same game
    again = Engine.new_game(data, 2, 5, variants=["spicy"])
    assert again.state["cards"] == spicy.state["cards"]
    for variants in ((), ("spicy",)):
        engine, agent = Engine.new_game(data, 3, 7, variants=variants), GreedyAgent(1)
        while not engine.is_terminal():
            assert problems(engine) == []
            engine.apply(agent.choose(engine, engine.decision()))
        assert problems(engine) == []


def test_a_variant_card_in_a_deck_per_seat_or_of_an_unknown_variant_is_refused(tmp_path):
    text = RULES.replace(
        '  noun "pile card" "pile cards"\n', '  noun "pile card" "pile cards"\n  per_seat\n'
    )
    codes = [d.code for d in _compile(tmp_path, text).errors]
    assert codes == ["E308"]
    text = RULES.replace("  variant spicy\n", "  variant mild\n")
    errors = _compile(tmp_path, text).errors
    assert [d.code for d in errors] == ["E106"] and "mild" in errors[0].message


def test_shuffle_back_puts_the_discards_under_the_deck(tmp_path):
    text = RULES.replace(
        "  step draw: draw 1 pile\n",
        "  step draw: (shuffle_back pile otherwise gain 0 points), draw 1 pile\n",
    )
    result = _compile(tmp_path, text)
    assert result.ruleset is not None and result.errors == [], result.diagnostics
    data = build(result.ruleset)
    engine, agent = Engine.new_game(data, 3, 2), RandomAgent(3)
    while not engine.is_terminal():
        assert problems(engine) == []
        engine.apply(agent.choose(engine, engine.decision()))
    # six cards for nine turns: each turn the discards went back under the deck
    kinds = [event["event"] for event in engine.state["log"]]
    assert kinds.count("reshuffle") >= 1 and problems(engine) == []
    assert sum(1 for e in engine.state["log"] if e["event"] == "draw" and e["amount"] == 1) == 9
    can = engine._primitives["shuffle_back"].can
    engine.state["cards"]["discards"]["pile"] = []
    assert not can(engine, 0, ("pile",), {})  # nothing to take back
    engine.state["cards"]["discards"]["pile"] = ["plain"]
    assert can(engine, 0, ("pile",), {})


def test_a_variant_no_card_belongs_to_changes_nothing_and_is_warned_of(tmp_path):
    text = RULES.replace("  variant spicy\n", "")
    warned = [d for d in _compile(tmp_path, text).diagnostics if d.code == "W401"]
    assert [d.message for d in warned] == [
        "the variant 'spicy' changes nothing: no card belongs to it"
    ]


def test_an_optional_call_whose_condition_fails_is_not_offered(tmp_path):
    """`optional gain 1 tokens if at_least 3 points`: with fewer points the call would do
    nothing, so the seat is not asked; with enough, it is."""
    text = RULES.replace(
        "  step spend: (at_most 1 points, gain 1 tokens) or gain 0 points\n",
        "  step spend: optional gain 1 tokens if at_least 3 points\n",
    ).replace("  copies 6\n  play: gain 1 points\n", "  copies 6\n  play: gain 2 points\n")
    result = _compile(tmp_path, text)
    assert result.ruleset is not None and result.errors == [], result.diagnostics
    engine = Engine.new_game(build(result.ruleset), 1, 4)
    asked = [e for e in engine.state["log"] if e["event"] == "choice"]
    # one seat, no other decision: the game ran to its end; the optional was asked only
    # once the seat had 3 points or more (after its second card)
    while not engine.is_terminal():
        decision = engine.decision()
        assert decision.kind == "optional" and engine.state["players"][0]["points"] >= 3
        engine.apply("yes")
    assert asked == [] and engine.state["players"][0]["tokens"] == 2 + 2
