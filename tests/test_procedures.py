"""The engine's own procedure and the core constructs a game written only in the language
uses (interpreter/procedure.py, interpreter/core_primitives.py): seats in rounds, a round
limit, bounded tracks and what a gain past the limit does, thresholds that end the game
at once or at the end of the round, dice, conditions after `if` and as guards before
`->`, start values, and the winner by a track with a tie-break. Each test writes a small
game of its own, so that it says what it checks."""

from __future__ import annotations

from pathlib import Path

import pytest

from blackangel.dsl.compiler import compile_paths
from blackangel.interpreter.engine import Engine
from blackangel.interpreter.program import build

GAME = """
game tiny {{
  module rules_only
  title "Tiny"
  players 2..3
  turn turn
  {game}
}}
track position {{
  noun "space" "spaces"
  {position}
}}
track coin {{
  noun "coin" "coins"
  {coin}
}}
phase turn {{
  step move: {turn}
}}
ruling past {{
  help "What a gain past the limit does."
  default overshoot
  option overshoot "stop on the limit"
  option exact "the gain is lost"
  option bounce "come back by the excess"
}}
"""


def compiled(tmp_path: Path, turn: str, position: str = "", coin: str = "", game: str = ""):
    path = tmp_path / "tiny.ba"
    path.write_text(GAME.format(turn=turn, position=position, coin=coin, game=game))
    result = compile_paths([path])
    assert result.ruleset is not None and not result.errors, result.diagnostics
    return build(result.ruleset)


def first_choice(engine: Engine) -> None:
    """Play every decision with its first option, to the end."""
    while (decision := engine.decision()) is not None:
        engine.apply(decision.options[0].id)


def test_start_values_and_the_round_limit(tmp_path):
    data = compiled(tmp_path, "gain 1 position", coin="start 4", game="rounds 3")
    engine = Engine.new_game(data, 3, 1)
    assert engine.is_terminal()  # nobody ever decides anything
    assert engine.state["players"] == [{"position": 3, "coin": 4}] * 3
    assert engine.state["rounds"]["ending"] == "rounds"
    turns = [e for e in engine.state["log"] if e["event"] == "turn"]
    assert [(e["round"], e["seat"]) for e in turns] == [(r, s) for r in (1, 2, 3) for s in range(3)]
    assert engine.returns() == [1.0, 1.0, 1.0]  # the same score: a shared win


@pytest.mark.parametrize(
    "rule, expected",
    [("overshoot", [4, 5, 5]), ("exact", [4, 4, 4]), ("bounce", [4, 2, 4]), ("past", [4, 5, 5])],
)
def test_what_a_gain_past_the_limit_does(tmp_path, rule, expected):
    """`past_limit` takes a word, or a ruling whose options are those words (`past`, whose
    default is overshoot). A step runs as written: only options are checked beforehand."""
    data = compiled(
        tmp_path, "gain 4 position", position=f"limit 5\n  past_limit {rule}", game="rounds 3"
    )
    engine = Engine.new_game(data, 2, 1)
    gains = [e["to"] for e in engine.state["log"] if e["event"] == "gain_vp" and e["seat"] == 0]
    assert gains == expected


def test_the_ruling_chooses_the_rule(tmp_path):
    data = compiled(
        tmp_path, "gain 4 position", position="limit 5\n  past_limit past", game="rounds 2"
    )
    bounce = Engine.new_game(data, 2, 1, {"past": "bounce"})
    assert [p["position"] for p in bounce.state["players"]] == [2, 2]


def test_min_floors_a_loss_and_pay_needs_the_amount(tmp_path):
    data = compiled(
        tmp_path,
        "lose 2 position, ((pay 3 coin -> gain 1 position) or gain 0 coin)",
        position="min 0",
        coin="start 3\n  min 0",
        game="rounds 2",
    )
    engine = Engine.new_game(data, 2, 1)
    first = engine.decision()
    assert [o.label for o in first.options] == ["pay 3 coins to gain 1 space", "nothing happens"]
    engine.apply(first.options[0].id)
    assert engine.state["players"][0] == {"position": 1, "coin": 0}
    engine.apply(engine.decision().options[0].id)  # seat 2 pays too
    # round 2: no seat has coins: paying is not offered, the other option is forced
    assert engine.is_terminal()
    assert engine.state["players"] == [{"position": 0, "coin": 0}] * 2


@pytest.mark.parametrize("when, turns", [("round", 3), ("at_once", 1)])
def test_a_threshold_ends_the_game_at_once_or_at_the_end_of_the_round(tmp_path, when, turns):
    data = compiled(tmp_path, "gain 5 position", position=f"end_at 5 {when}", game="rounds 9")
    engine = Engine.new_game(data, 3, 1)
    assert engine.state["rounds"]["ending"] == "threshold"
    assert engine.state["rounds"]["turns"] == turns


def test_dice_keep_the_highest_and_doubles_is_a_condition(tmp_path):
    data = compiled(
        tmp_path, "roll 3 4, gain_highest position, gain 1 coin if doubles", game="rounds 20"
    )
    engine = Engine.new_game(data, 2, 7)
    log = engine.state["log"]
    rolls = [e for e in log if e["event"] == "roll"]
    assert len(rolls) == 40
    assert all(len(e["faces"]) == 3 and set(e["faces"]) <= {1, 2, 3, 4} for e in rolls)
    expected = [0, 0]
    for roll in rolls:
        expected[roll["seat"]] += max(roll["faces"])
    assert [p["position"] for p in engine.state["players"]] == expected
    doubles = sum(len(set(e["faces"])) < 3 for e in rolls)
    assert 0 < doubles < 40
    assert sum(p["coin"] for p in engine.state["players"]) == doubles
    assert sum(e["event"] == "if" for e in log) == doubles


def test_a_condition_before_an_arrow_is_a_guard(tmp_path):
    """`at_least 2 coin -> ...` is offered only when it holds."""
    data = compiled(
        tmp_path, "(at_least 2 coin -> gain 5 position) or gain 1 coin", game="rounds 4"
    )
    engine = Engine.new_game(data, 2, 1)
    # rounds 1 and 2: only `gain 1 coin` can be done, and it is answered at once
    decision = engine.decision()
    assert engine.state["rounds"]["round"] == 3 and decision.player == 0
    assert engine.state["players"][0] == {"position": 0, "coin": 2}
    labels = [o.label for o in decision.options]
    assert labels == ["if you have at least 2 coins: gain 5 spaces", "gain 1 coin"]
    engine.apply(decision.options[0].id)
    assert engine.state["players"][0] == {"position": 5, "coin": 2}


def test_ruled_is_a_condition_on_a_ruling(tmp_path):
    data = compiled(tmp_path, "gain 1 coin if ruled past exact", game="rounds 1")
    assert [p["coin"] for p in Engine.new_game(data, 2, 1).state["players"]] == [0, 0]
    exact = Engine.new_game(data, 2, 1, {"past": "exact"})
    assert [p["coin"] for p in exact.state["players"]] == [1, 1]


def test_the_tie_break_track_decides_between_equal_scores(tmp_path):
    data = compiled(
        tmp_path, "gain 1 position, roll 1 6, gain_highest coin", game="rounds 1\n  tie_break coin"
    )
    alone = 0
    for seed in range(20):
        engine = Engine.new_game(data, 3, seed)
        coins = [p["coin"] for p in engine.state["players"]]
        assert engine.state["scores"] == [1, 1, 1]
        assert engine.state["winners"] == [s for s, c in enumerate(coins) if c == max(coins)]
        alone += len(engine.state["winners"]) == 1
    assert 0 < alone < 20


def test_the_procedures_words_belong_to_it_alone(tmp_path):
    """`rounds`, `score`, `tie_break`, a track's `start` and `end_at` are read by the
    engine's procedure only: a game module that would ignore them does not know them."""
    from click.testing import CliRunner

    from blackangel.cli.lint import lint_command

    mod = tmp_path / "mod.ba"
    mod.write_text('track fame {\n  noun "fame" "fame"\n  start 2\n  end_at 9 round\n}\n')
    result = CliRunner().invoke(lint_command, ["--base", str(mod)])
    assert result.exit_code == 1
    assert "unknown keyword 'start' in track" in result.output
    assert "unknown keyword 'end_at' in track" in result.output
