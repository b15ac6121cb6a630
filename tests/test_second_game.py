"""The second game, Dice Race (examples/dice_race/), written only in the language and run
by the engine's own procedure (interpreter/procedure.py, `module rules_only`), on the same engine
and registry as Black Angel: lint, play, rulings, invariants, save/load, the CLI, and a
game added by an outside package through the entry-point group `blackangel.games`."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner

from blackangel.cli.lint import lint_command
from blackangel.cli.main import ba
from blackangel.dsl import games
from blackangel.dsl.compiler import compile_paths
from blackangel.interpreter import procedure
from blackangel.interpreter.agents import GreedyAgent, RandomAgent, play
from blackangel.interpreter.engine import Engine
from blackangel.interpreter.invariants import problems
from blackangel.interpreter.program import build

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "examples" / "dice_race"
RULES_TEXT = (RULES / "dice_race.ba").read_text(encoding="utf-8")
FINISH = 30  # the `limit` of track position in dice_race.ba


@cache
def program(path: str = str(RULES)):
    result = compile_paths([path])
    assert result.ruleset is not None and result.diagnostics == [], result.diagnostics
    return build(result.ruleset)


def variant(tmp_path: Path, *changes: tuple[str, str]):
    """The game compiled from a copy of dice_race.ba with some lines changed."""
    text = RULES_TEXT
    for old, new in changes:
        assert old in text, old
        text = text.replace(old, new)
    path = tmp_path / "variant.ba"
    path.write_text(text, encoding="utf-8")
    return program(str(path))


def random_game(players: int, seed: int, rulings: dict | None = None, data=None) -> Engine:
    agents = [RandomAgent(seed * 100 + i) for i in range(players)]
    return play(Engine.new_game(data or program(), players, seed, rulings), agents)


def moves(engine: Engine) -> list[dict]:
    """The moves along the track (a gain on a track with a limit logs where it ended)."""
    return [e for e in engine.state["log"] if e["event"] == "gain_vp" and e["track"] == "position"]


@pytest.fixture
def run():
    runner = CliRunner()

    def invoke(command, *args):
        result = runner.invoke(command, [str(a) for a in args], catch_exceptions=False)
        return result.exit_code, result.output

    return invoke


# ---- the rules and the registry ----------------------------------------------------
def test_lint_is_clean(run):
    code, out = run(lint_command, RULES)
    assert code == 0, out
    assert out.strip().endswith("declarations: no problems")


def test_lint_knows_the_games_own_words(run, tmp_path):
    """The game's vocabulary is what checks it: its primitives, fields and rulings."""
    bad = tmp_path / "bad.ba"
    bad.write_text(
        RULES_TEXT.replace("roll 2 6", "roll 12 6")
        .replace("  turn turn\n", "")
        .replace("ruled doubles boost", "ruled doubles always")
    )
    code, out = run(lint_command, bad)
    assert code == 1
    assert "E110" in out and "roll" in out  # at most 9 dice
    assert "E111" in out and "'turn'" in out  # the core procedure needs the turn phase
    assert "E116" in out and "no option 'always'" in out


def test_the_rule_set_names_its_module_and_the_registry_finds_it():
    assert {"black_angel", "dice_race", "rules_only"} <= set(games.available())
    assert games.load("dice_race") is procedure.GAME  # the game module its rules name
    data = program()
    assert data.game is procedure.GAME
    assert data.title == "Dice Race" and data.player_counts() == [2, 3, 4]
    assert data.score_track == "position" and data.turn_phase == "turn"
    position, boost = data.tracks["position"], data.tracks["boost"]
    assert (position.start, position.min, position.limit, position.end_at) == (0, 0, FINISH, 30)
    assert (position.past_limit, position.end_when) == ("finish_line", "race_end")
    assert (boost.start, boost.min, boost.limit, data.rounds) == (1, 0, None, 40)
    assert set(data.rulings) == {"finish_line", "doubles", "race_end"}


def test_the_game_is_a_folder_of_rules_registered_by_name():
    folder = games.rules_folder("dice_race")
    assert folder is not None and (folder / "dice_race.ba").is_file()
    assert [p.name for p in folder.glob("*.py")] == ["__init__.py"]  # no game code
    assert games.rules_folder("black_angel") is None


# ---- playing -----------------------------------------------------------------------
def test_the_turn_offers_the_three_moves_then_the_optional_boost():
    engine = Engine.new_game(program(), 2, 1)
    first = engine.decision()
    assert (first.player, first.kind) == (0, "choose_effect")
    assert [o.label for o in first.options] == ["dash", "sprint", "rest"]
    engine.apply("dash")
    boost = engine.decision()
    assert (boost.player, boost.kind) == (0, "optional")
    assert boost.options[0].label == "yes: pay 1 boost token to gain 3 spaces"
    engine.apply("yes")
    assert engine.state["players"][0]["boost"] == 0
    assert moves(engine)[-1]["amount"] == 3


def test_no_boost_no_question():
    """`pay`'s feasibility check: a runner without a token is not asked."""
    engine = Engine.new_game(program(), 2, 1)
    engine.state["players"][0]["boost"] = 0
    engine.apply("dash")
    decision = engine.decision()
    assert (decision.player, decision.kind) == (1, "choose_effect")


def test_rest_and_sprint_use_the_core_primitives():
    engine = Engine.new_game(program(), 2, 4)
    engine.apply("rest")  # gain 2 boost
    gains = [e for e in engine.state["log"] if e["event"] == "gain_vp"]
    assert gains[-1]["track"] == "boost" and engine.state["players"][0]["boost"] == 3
    engine.apply("no")
    engine.apply("sprint")  # P2: a run-up (lose 1 position, floored at 0), two dice
    losses = [e for e in engine.state["log"] if e["event"] == "lose_vp"]
    assert losses[-1] == {**losses[-1], "seat": 1, "track": "position", "amount": 1}
    rolls = [e for e in engine.state["log"] if e["event"] == "roll"]
    assert rolls[-1]["seat"] == 1 and len(rolls[-1]["faces"]) == 2
    assert engine.state["players"][1]["position"] == max(rolls[-1]["faces"])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_seeded_game_plays_to_the_end(players):
    engine = random_game(players, 5)
    assert engine.is_terminal() and engine.decision() is None
    scores = engine.state["scores"]
    assert scores == [p["position"] for p in engine.state["players"]]
    assert engine.state["rounds"]["ending"] == "threshold" and max(scores) == FINISH
    assert sum(engine.returns()) >= 1


def test_same_seed_same_game_and_different_seeds_differ():
    a, b = random_game(3, 7), random_game(3, 7)
    assert a.state["log"] == b.state["log"] and a.state["scores"] == b.state["scores"]
    assert random_game(3, 7).state["log"] != random_game(3, 8).state["log"]


def test_invariants_hold_after_every_step_over_hundreds_of_games():
    data = program()
    combos = [
        {"finish_line": f, "doubles": d, "race_end": r}
        for f in ("overshoot", "exact", "bounce")
        for d in ("boost", "nothing")
        for r in ("round", "at_once")
    ]
    endings = set()
    for seed in range(300):
        players = 2 + seed % 3
        bots = [
            (GreedyAgent if seed % 5 == 0 and i == 0 else RandomAgent)(seed * 10 + i)
            for i in range(players)
        ]
        engine = Engine.new_game(data, players, seed, combos[seed % len(combos)])
        assert problems(engine) == []
        steps = 0
        while (decision := engine.decision()) is not None:
            engine.apply(bots[decision.player].choose(engine, decision))
            assert problems(engine) == [], (seed, steps, problems(engine))
            steps += 1
            assert steps < 2000, f"seed {seed} does not end"
        assert len(engine.state["scores"]) == players
        endings.add(engine.state["rounds"]["ending"])
    assert endings == {"threshold"}


def test_the_invariants_can_fail():
    engine = Engine.new_game(program(), 3, 1)
    engine.state["players"][1]["position"] = FINISH + 1
    engine.state["players"][2]["boost"] = -1
    engine.state["scores"] = [0, 0, 0]
    found = problems(engine)
    assert len(found) == 3 and "P2 has 31 position, above its limit 30" in found[0]


def test_the_last_round_ends_the_race_on_time(tmp_path):
    """The procedure reads its numbers from the rules: three rounds, then the furthest wins."""
    data = variant(tmp_path, ("rounds 40", "rounds 3"), ("end_at 30", "end_at 99"))
    for seed in range(5):
        engine = random_game(3, seed, data=data)
        assert engine.state["rounds"]["ending"] == "rounds"
        assert engine.state["rounds"]["turns"] == 9
        assert engine.state["scores"] == [p["position"] for p in engine.state["players"]]


def test_the_die_has_the_faces_the_rules_give(tmp_path):
    data = variant(tmp_path, ("roll 1 6", "roll 1 2"), ("roll 2 6", "roll 2 2"))
    faces = {
        f
        for e in random_game(2, 1, data=data).state["log"]
        if e["event"] == "roll"
        for f in e["faces"]
    }
    assert faces == {1, 2}


def test_clone_and_save_load_continue_identically():
    data = program()
    engine = Engine.new_game(data, 3, 11)
    chooser = RandomAgent(3)
    for _ in range(12):
        engine.apply(chooser.choose(engine, engine.decision()))
    twin = engine.clone()
    loaded = Engine.from_json(data, engine.to_json())
    assert loaded.saved() == json.loads(engine.to_json())
    finals = []
    for copy in (engine, twin, loaded):
        play(copy, [RandomAgent(99)] * 3)
        finals.append((copy.state["log"], copy.state["scores"]))
    assert finals[0] == finals[1] == finals[2]
    assert len(finals[0][0]) > 12


def test_greedy_beats_random():
    data = program()
    greedy_wins = random_wins = 0
    for seed in range(40):
        bots = [GreedyAgent(seed), RandomAgent(seed)]
        if seed % 2:
            bots.reverse()
        engine = play(Engine.new_game(data, 2, seed), bots)
        greedy = 0 if seed % 2 == 0 else 1
        greedy_wins += engine.returns()[greedy]
        random_wins += engine.returns()[1 - greedy]
    assert greedy_wins > random_wins


# ---- every ruling option changes play ----------------------------------------------
SEEDS = range(40)


def runs(rulings: dict) -> list[Engine]:
    return [random_game(3, seed, rulings) for seed in SEEDS]


@cache
def default_runs() -> tuple[Engine, ...]:
    return tuple(runs({}))


def changes_play(rulings: dict) -> list[Engine]:
    games_ = runs(rulings)
    assert any(g.state["log"] != d.state["log"] for g, d in zip(games_, default_runs()))
    return games_


def test_finish_line_overshoot_stops_on_the_finish():
    passing = [m for g in default_runs() for m in moves(g) if m["start"] + m["amount"] > FINISH]
    assert passing and all(m["to"] == FINISH for m in passing)


def test_finish_line_exact_loses_the_move():
    played = changes_play({"finish_line": "exact"})
    passing = [m for g in played for m in moves(g) if m["start"] + m["amount"] > FINISH]
    assert passing and all(m["to"] == m["start"] for m in passing)


def test_finish_line_bounce_comes_back():
    played = changes_play({"finish_line": "bounce"})
    passing = [m for g in played for m in moves(g) if m["start"] + m["amount"] > FINISH]
    assert passing and all(m["to"] == 2 * FINISH - m["start"] - m["amount"] for m in passing)


def doubles(engine: Engine) -> list[dict]:
    """The boost tokens a double gave: `gain 1 boost if doubles if ruled doubles boost`."""
    return [
        e
        for e in engine.state["log"]
        if e["event"] == "if" and e["conditions"] == ["doubles", "ruled"]
    ]


def test_doubles_give_a_boost_token_or_nothing():
    assert any(doubles(g) for g in default_runs())
    played = changes_play({"doubles": "nothing"})
    assert not any(doubles(g) for g in played)


def test_race_end_round_lets_everyone_finish_the_round_and_share():
    for engine in default_runs():
        assert engine.state["rounds"]["turns"] % 3 == 0  # whole rounds
    assert any(engine.state["scores"].count(FINISH) > 1 for engine in default_runs())


def test_race_end_at_once_ends_with_the_first_runner_home():
    played = changes_play({"race_end": "at_once"})
    assert all(g.state["scores"].count(FINISH) == 1 for g in played)
    assert any(g.state["rounds"]["turns"] % 3 != 0 for g in played)


# ---- the commands ------------------------------------------------------------------
def test_ba_play_prints_a_readable_game(run):
    code, out = run(ba, "play", "--rules", RULES, "--seed", 1)
    assert code == 0
    assert out.startswith("Dice Race, 3 players, seed 1, rules ")
    assert "-- round 1, P1 (greedy): 0 spaces and 1 boost token --" in out
    assert "  P1 (greedy): " in out and " rolls " in out and " spaces: now " in out
    assert "** the game is over: a track has reached its end **" in out
    last = out.strip().splitlines()[-1]
    assert last.startswith("winner") and f"with {FINISH} spaces after " in last
    assert run(ba, "play", "--rules", RULES, "--seed", 1) == (code, out)
    code, text = run(ba, "play", "--rules", RULES, "--seed", 1, "--players", 2, "--json")
    assert code == 0 and len(json.loads(text)["scores"]) == 2
    assert run(ba, "play", "--rules", RULES, "--players", 5)[0] == 2


def test_ba_simulate_summarises(run):
    args = ("simulate", "--rules", RULES, "--players", 3, "--games", 200)
    code, out = run(ba, *args)
    assert code == 0
    assert out.startswith("200 games, 3 players, seeds 1..200")
    assert "ended by: threshold 200" in out
    code, text = run(ba, *args, "--json", "--ruling", "race_end=at_once")
    summary = json.loads(text)
    assert code == 0 and sum(summary["wins_by_seat"]) == 200  # one winner a game
    assert summary["rulings"]["race_end"] == "at_once" and summary["scores"]["max"] == FINISH


def test_ba_rulings_and_language_describe_the_game(run):
    code, out = run(ba, "rulings", "--rules", RULES)
    assert code == 0 and "finish_line" in out and "bounce: the runner bounces back" in out
    code, out = run(ba, "language", "--game", "dice_race")
    assert code == 0 and "roll <dice:count> <faces:count>" in out and "end_at <value:int>" in out
    assert "hal_roll" not in out and "hal_roll" in run(ba, "language")[1]
    assert run(ba, "language", "--game", "no_such_game")[0] == 2


# ---- a game from an outside package ------------------------------------------------
OUTSIDE_MODULE = '''\
"""A game from another package: the engine's own procedure under a new name."""
from dataclasses import replace

from blackangel.interpreter.procedure import GAME as CORE

GAME = replace(CORE, name="sprint_race")
'''


def outside_package(root: Path) -> Path:
    """An installed-looking package in `root` (module + dist-info) and its rules folder."""
    (root / "sprint_race.py").write_text(OUTSIDE_MODULE)
    info = root / "sprint_race-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: sprint-race\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[blackangel.games]\nsprint_race = sprint_race:GAME\n")
    rules = root / "rules"
    rules.mkdir()
    text = RULES_TEXT.replace("module rules_only", "module sprint_race")
    text = text.replace('title "Dice Race"', 'title "Sprint Race"')
    text = text.replace("limit 30", "limit 12").replace("end_at 30", "end_at 12")
    (rules / "sprint_race.ba").write_text(text)
    return rules


def command(script: str, *args, env: dict) -> subprocess.CompletedProcess:
    """A console script (`ba` or `ba-lint`) run the way its entry point runs it."""
    function = {"ba": "ba", "ba-lint": "ba_lint"}[script]
    return subprocess.run(
        [sys.executable, "-c", f"from blackangel.cli.entry import {function}; {function}()"]
        + [str(a) for a in args],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


def test_an_outside_package_adds_a_game_through_the_entry_points(tmp_path):
    rules = outside_package(tmp_path)
    env = dict(os.environ)
    without = command("ba-lint", rules, env=env)
    assert without.returncode == 1 and "unknown game module 'sprint_race'" in without.stdout
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(tmp_path), env.get("PYTHONPATH")]))
    lint = command("ba-lint", rules, env=env)
    assert lint.returncode == 0, lint.stdout + lint.stderr
    assert lint.stdout.strip().endswith("no problems")
    played = command("ba", "play", "--rules", rules, "--seed", 3, "--players", 2, env=env)
    assert played.returncode == 0, played.stderr
    assert played.stdout.startswith("Sprint Race, 2 players, seed 3")
    assert "with 12 spaces after" in played.stdout
    assert "sprint_race" not in games.available()  # this process never saw the package
