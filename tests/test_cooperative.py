"""The cooperative procedure of a game written only in the language (dsl/outcomes.py,
interpreter/outcomes.py, interpreter/procedure.py): shared tracks, the team's outcome by
win and lose thresholds (a loss first), rounds made of phases and their rotating captain;
shown on Countdown (tests/games/countdown), a small cooperative game for 1-5 seats, and
on rules written here for one point each."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner

from blackangel.cli.main import ba
from blackangel.dsl.compiler import compile_paths
from blackangel.interpreter import observation, procedure
from blackangel.interpreter.agents import GreedyAgent, RandomAgent, play
from blackangel.interpreter.engine import Engine
from blackangel.interpreter.invariants import problems
from blackangel.interpreter.narrate import log_lines, seat_names, transcript
from blackangel.interpreter.program import build
from blackangel.interpreter.simulation import Settings, Summary, play_record
from blackangel.web.table import draw

RULES = Path(__file__).parent / "games" / "countdown"
DICE_RACE = Path(__file__).parent.parent / "examples" / "dice_race" / "dice_race.ba"

# a cooperative game of turns: a foe to bring down, a shared hull and heat; `blow` is one
# step that both finishes the foe and overheats (the last blow that also overheats)
CREW = """
game crew {
  module rules_only
  title "Crew"
  players 1..3
  cooperative
  turn turn
  rounds 3
}
track foe {
  noun "drone" "drones"
  shared
  start 2
  min 0
  win_at 0
}
track heat {
  noun "degree" "degrees"
  shared
  min 0
  lose_at 3
}
track spare {
  noun "spare" "spares"
  start 1
  min 0
}
phase turn {
  step act: run strike or run blow or run wait
  step after: gain 1 spare
}
phase strike {
  step hit: lose 1 foe
}
phase blow {
  step hit: lose 2 foe, gain 3 heat
}
phase wait {
  step rest: pay 1 spare -> gain 1 heat
}
"""


@cache
def countdown():
    result = compile_paths([str(RULES)])
    assert result.ruleset is not None and result.diagnostics == [], result.diagnostics
    return build(result.ruleset)


def compiled(tmp_path: Path, text: str, *changes: tuple[str, str]):
    for old, new in changes:
        assert old in text, old
        text = text.replace(old, new)
    path = tmp_path / "rules.ba"
    path.write_text(text, encoding="utf-8")
    result = compile_paths([str(path)])
    assert result.ruleset is not None and result.errors == [], result.diagnostics
    return build(result.ruleset)


def choose(engine: Engine, label_part: str) -> None:
    """Answer the decision with the option whose label says `label_part`."""
    decision = engine.decision()
    assert decision is not None
    found = [o.id for o in decision.options if label_part in o.label]
    assert found, [o.label for o in decision.options]
    engine.apply(found[0])


def random_game(players: int, seed: int, data=None) -> Engine:
    engine = Engine.new_game(data or countdown(), players, seed)
    agent = RandomAgent(seed)
    while not engine.is_terminal():
        assert problems(engine) == [], (players, seed, problems(engine))
        engine.apply(agent.choose(engine, engine.decision()))
    assert problems(engine) == []
    return engine


# ---- shared tracks ----------------------------------------------------------------
def test_a_shared_track_has_one_value_whoever_moves_it(tmp_path):
    data = compiled(tmp_path, CREW, ("  start 2\n", "  start 9\n"))
    engine = Engine.new_game(data, 3, 1)
    assert engine.state["shared"] == {"foe": 9, "heat": 0}
    assert all(set(p) == {"spare"} for p in engine.state["players"])
    for _ in range(3):  # each seat strikes once: the one value goes down by three
        choose(engine, "strike")
    assert engine.state["shared"]["foe"] == 6
    assert [p["spare"] for p in engine.state["players"]] == [2, 2, 2]
    choose(engine, "wait")  # a seat pays its own spare (and gains one after), the heat rises
    assert engine.state["shared"]["heat"] == 1 and engine.state["players"][0]["spare"] == 2


def test_a_shared_track_is_logged_with_the_tables_value(tmp_path):
    data = compiled(tmp_path, CREW, ("  start 2\n", "  start 9\n"))
    engine = Engine.new_game(data, 2, 1)
    choose(engine, "strike")
    lines = log_lines(engine, seat_names(engine))
    assert "  P1 takes 1 drone from the table: now 8" in lines
    assert "  P1 gains 1 spare" in lines


# ---- the team's outcome -------------------------------------------------------------
def test_the_team_wins_together_when_a_track_reaches_its_win_at(tmp_path):
    engine = Engine.new_game(compiled(tmp_path, CREW), 2, 1)
    choose(engine, "strike")
    choose(engine, "strike")
    assert engine.is_terminal()
    assert engine.returns() == [1.0, 1.0] and engine.state["winners"] == [0, 1]
    assert engine.state["rounds"]["outcome"] == {"result": "win", "track": "foe", "value": 0}
    assert engine.state["rounds"]["ending"] == "win_at" and problems(engine) == []
    said = transcript(engine, seat_names(engine))
    assert "** the team wins: the drones track has reached 0 **" in said
    assert "the team wins: P1 and P2, after 2 turns" in said


def test_a_loss_in_the_same_step_as_a_win_is_a_loss(tmp_path):
    """The blow that finishes the foe and overheats: the loss is checked first."""
    engine = Engine.new_game(compiled(tmp_path, CREW), 1, 1)
    choose(engine, "blow")
    assert engine.is_terminal() and engine.returns() == [0.0]
    assert engine.state["shared"] == {"foe": 0, "heat": 3}
    assert engine.state["rounds"]["outcome"] == {"result": "lose", "track": "heat", "value": 3}
    said = transcript(engine, seat_names(engine))
    assert "** the team loses: the degrees track has reached 3 **" in said
    assert "the team loses: P1, after 1 turns" in said


def test_a_loss_ends_the_game_at_once_and_a_win_at_the_end_of_its_step(tmp_path):
    # the loss in the first part of a step: what follows in that step is dropped
    data = compiled(tmp_path, CREW, ("lose 2 foe, gain 3 heat", "gain 3 heat, lose 2 foe"))
    engine = Engine.new_game(data, 1, 1)
    choose(engine, "blow")
    assert engine.state["shared"] == {"foe": 2, "heat": 3} and engine.returns() == [0.0]
    # a win waits for the end of its step, not of the turn: the next step is not run
    engine = Engine.new_game(compiled(tmp_path, CREW, ("  start 2\n", "  start 1\n")), 1, 1)
    choose(engine, "strike")
    assert engine.returns() == [1.0] and engine.state["players"][0]["spare"] == 1


def test_bots_value_a_lost_game_below_any_position_and_do_not_choose_it(tmp_path):
    """The estimate of a position still in play is negative (the distance to the win, the
    margins to the losses): a lost game must be worth less than that, not 0, or the bots
    choose to lose (the greedy bot took `blow`, which ends the game lost, over `strike`)."""
    data = compiled(tmp_path, CREW)
    engine = Engine.new_game(data, 1, 1)
    lost = engine.clone()
    choose(lost, "blow")
    assert lost.returns() == [0.0]
    assert procedure.heuristic(lost, 0) < procedure.heuristic(engine, 0) < 0
    won = Engine.new_game(compiled(tmp_path, CREW, ("  start 2\n", "  start 1\n")), 1, 1)
    choose(won, "strike")
    assert procedure.heuristic(won, 0) > procedure.heuristic(engine, 0)
    for seed in range(5):
        chosen = GreedyAgent(seed).choose(engine, engine.decision())
        assert "blow" not in next(o.label for o in engine.decision().options if o.id == chosen)


def test_running_out_of_rounds_loses_unless_the_team_survives(tmp_path):
    wait = ("run strike or run blow or run wait", "run wait")
    cool = ("pay 1 spare -> gain 1 heat", "gain 1 spare")
    engine = play(Engine.new_game(compiled(tmp_path, CREW, wait, cool), 2, 1), [RandomAgent(1)] * 2)
    assert engine.state["rounds"]["outcome"] == {"result": "lose", "track": None, "value": None}
    assert engine.state["rounds"]["round"] == 4 and engine.returns() == [0.0, 0.0]
    assert "the team loses: the last round is over" in transcript(engine, seat_names(engine))
    data = compiled(tmp_path, CREW, wait, cool, ("  cooperative\n", "  cooperative survive\n"))
    engine = play(Engine.new_game(data, 2, 1), [RandomAgent(1)] * 2)
    assert engine.returns() == [1.0, 1.0] and engine.state["rounds"]["ending"] == "rounds"


def test_a_competitive_game_keeps_its_winner_and_state(tmp_path):
    """A game without `cooperative` keeps the state and outcome it always had."""
    data = compiled(tmp_path, DICE_RACE.read_text(encoding="utf-8"))
    engine = play(Engine.new_game(data, 2, 3), [RandomAgent(1), RandomAgent(2)])
    assert set(engine.state["rounds"]) == {"seat", "round", "turns", "ending"}
    assert "shared" not in engine.state and data.cooperative is None
    assert sorted(engine.returns()) in ([0.0, 1.0], [1.0, 1.0])


# ---- rounds of phases and the captain ------------------------------------------------
def test_a_round_is_its_phases_by_the_captain_or_each_seat_from_the_captain():
    engine = random_game(3, 2)
    rounds = [e for e in engine.state["log"] if e["event"] == "round"]
    phases = [e for e in engine.state["log"] if e["event"] in ("round", "phase_turn")]
    captains = [e["seat"] for e in rounds]
    assert all((b - a) % 3 == 1 for a, b in zip(captains, captains[1:]))  # the next seat
    for index, event in enumerate(phases):
        if event["event"] != "round":
            continue
        captain = event["seat"]
        seats = [(e["phase"], e["seat"]) for e in phases[index + 1 : index + 5]]
        expected = [("danger", captain)] + [("command", (captain + i) % 3) for i in range(3)]
        assert seats == expected[: len(seats)]


def test_the_first_captain_is_drawn_from_the_seed_and_the_captain_condition_reads_it():
    firsts = {
        Engine.new_game(countdown(), 4, seed).state["rounds"]["captain"] for seed in range(12)
    }
    assert len(firsts) > 1
    engine = random_game(2, 5)
    captains = {e["round"]: e["seat"] for e in engine.state["log"] if e["event"] == "round"}
    # `gain 1 focus if captain`: only the captain's command phase passes the condition
    passed = [e for e in engine.state["log"] if e["event"] == "if"]
    assert passed and all(e["conditions"] == ["captain"] for e in passed)
    turns = [e for e in engine.state["log"] if e["event"] in ("round", "phase_turn", "if")]
    current = None
    for event in turns:
        if event["event"] == "round":
            current = event["seat"]
        elif event["event"] == "if":
            assert event["seat"] == current
    assert set(captains.values()) == {0, 1}


def test_round_and_captain_are_refused_where_they_cannot_run(tmp_path):
    path = tmp_path / "rules.ba"
    path.write_text(CREW.replace("  turn turn\n", "  turn turn\n  round turn each\n"))
    assert [d.code for d in compile_paths([str(path)]).errors] == ["E306"]


# ---- whole games ----------------------------------------------------------------------
@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_bots_play_countdown_to_the_end_under_invariants(players):
    for seed in range(8):
        engine = random_game(players, seed)
        assert engine.is_terminal() and len(set(engine.returns())) == 1
    engine = play(Engine.new_game(countdown(), players, 3), [GreedyAgent()] * players)
    assert engine.is_terminal() and problems(engine) == []


def test_both_outcomes_are_reached_in_seeded_games():
    endings = {random_game(2 + seed % 3, seed).state["rounds"]["ending"] for seed in range(30)}
    assert {"win_at", "lose_at"} <= endings


def test_invariants_cover_the_shared_tracks_the_captain_and_the_outcome():
    engine = Engine.new_game(countdown(), 3, 1)
    engine.state["shared"]["hull"] = 9
    assert any("hull" in p and "limit" in p for p in problems(engine))
    engine = Engine.new_game(countdown(), 3, 1)
    engine.state["rounds"]["captain"] = 7
    assert any("captain" in p for p in problems(engine))
    engine = Engine.new_game(countdown(), 3, 1)
    engine.state["rounds"]["outcome"] = {"result": "win", "track": "swarm", "value": 0}
    assert any("decided" in p for p in problems(engine))


def test_same_seed_and_choices_same_game_and_saves_continue_identically():
    assert random_game(4, 11).state == random_game(4, 11).state
    assert random_game(4, 11).state["log"] != random_game(4, 12).state["log"]
    engine = Engine.new_game(countdown(), 3, 9)
    agent = RandomAgent(3)
    for _ in range(6):
        engine.apply(agent.choose(engine, engine.decision()))
    copy = Engine.from_json(countdown(), engine.to_json())
    twin = engine.clone()
    for game in (engine, copy, twin):
        bot = RandomAgent(5)
        while not game.is_terminal():
            game.apply(bot.choose(game, game.decision()))
    assert engine.state["log"] == twin.state["log"] == copy.state["log"]


# ---- what people and programs see ------------------------------------------------------
def test_the_observation_and_the_table_show_the_shared_tracks_and_the_captain():
    engine = Engine.new_game(countdown(), 3, 1)
    seen = observation.view(engine, 0)
    assert seen["shared"] == engine.state["shared"] and set(seen["shared"]) == {
        "hull",
        "reactor",
        "swarm",
    }
    assert seen["rounds"]["captain"] == engine.state["rounds"]["captain"]
    names = [f.name for f in observation.fields(engine)]
    assert {"shared_hull", "shared_swarm", "captain"} <= set(names)
    sizes = {len(observation.tensor(Engine.new_game(countdown(), n, 1), 0)) for n in range(1, 6)}
    assert len(sizes) == 1
    html, _ = draw(engine, 0, ["Ann", "Bob", "Cy"])
    captain = ["Ann", "Bob", "Cy"][engine.state["rounds"]["captain"]]
    hull = engine.state["shared"]["hull"]
    assert f"hull points (the table&#x27;s): {hull}" in html and f"captain: {captain}" in html
    said = procedure.position(engine, 0)  # what `ba play --human` shows beside a decision
    assert f"table: {hull} hull points" in said
    assert f"captain: P{engine.state['rounds']['captain'] + 1}" in said


def test_ba_play_and_simulate_report_the_team():
    runner = CliRunner()
    out = runner.invoke(ba, ["play", "--rules", str(RULES), "--players", "3", "--seed", "2"])
    assert out.exit_code == 0, out.output
    assert "is the captain" in out.output and "the team wins: P1 (greedy)" in out.output
    args = ["simulate", "--rules", str(RULES), "--players", "2", "--games", "12", "--workers", "1"]
    out = runner.invoke(ba, args)
    assert out.exit_code == 0, out.output
    assert "the team: " in out.output and "seat 1:" not in out.output
    out = runner.invoke(ba, [*args, "--format", "json"])
    team = json.loads(out.output)["team"]
    assert team["wins"] + team["losses"] == 12 and team["wins"] > 0 and team["losses"] > 0


def test_a_record_and_a_summary_count_the_team():
    settings = Settings(players=2, agents=("random",), rulings={})
    records = [play_record(countdown(), settings, seed) for seed in range(6)]
    summary = Summary(2)
    for record in records:
        assert record["team"] == bool(record["winners"])
        summary.add(record)
    team = summary.to_json()["team"]
    assert team["wins"] == sum(r["team"] for r in records) and team["wins"] + team["losses"] == 6
