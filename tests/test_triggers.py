"""Triggers run: the events the game raises run the effects that listen to them."""

import ast
import inspect
from pathlib import Path

import pytest

from blackangel.dsl import games
from blackangel.dsl.compiler import compile_paths
from blackangel.interpreter import scenario
from blackangel.interpreter.agents import RandomAgent, play
from blackangel.interpreter.engine import Engine
from blackangel.interpreter.program import build

SCENARIOS = Path(__file__).parent / "scenarios"


def mod(tmp_path, text: str, allow_errors: bool = False):
    path = tmp_path / "mod.ba"
    path.write_text(text, encoding="utf-8")
    result = compile_paths([path], on_base=True)
    assert result.ruleset is not None
    assert allow_errors or not result.errors, [d.message for d in result.errors]
    return build(result.ruleset), result


def random_game(data, players: int, seed: int) -> Engine:
    agents = [RandomAgent(seed * 10 + i) for i in range(players)]
    return play(Engine.new_game(data, players, seed), agents)


def until_setup_is_done(engine: Engine) -> Engine:
    """Answer the set-up's decisions (the player aids' reservations) with their first option."""
    while not any(e["event"] == "setup_done" for e in engine.state["log"]):
        engine.apply(engine.legal_options()[0])
    return engine


def test_a_trigger_on_setup_gives_every_player_its_effect(tmp_path):
    data, _ = mod(tmp_path, "trigger bonus {\n  on setup_done\n  effect: gain 100 vp\n}\n")
    plain = until_setup_is_done(Engine.new_game(build(compile_paths().ruleset), 3, 5))
    engine = until_setup_is_done(Engine.new_game(data, 3, 5))
    before = [p["vp"] for p in plain.state["players"]]
    assert [p["vp"] for p in engine.state["players"]] == [v + 100 for v in before]
    fired = [e for e in engine.state["log"] if e["event"] == "trigger"]
    assert [(e["name"], e["seat"]) for e in fired] == [("bonus", 0), ("bonus", 1), ("bonus", 2)]


def test_every_event_of_the_game_is_raised(tmp_path):
    """Each event Black Angel declares reaches its triggers in ordinary games."""
    events = sorted(compile_paths().ruleset.vocabulary.events)
    text = "".join(f"trigger t_{e} {{\n  on {e}\n  effect: lose 0 vp\n}}\n" for e in events)
    data, _ = mod(tmp_path, text)
    fired = set()
    for seed in range(6):
        engine = random_game(data, 2 + seed % 3, seed)
        fired |= {e["on"] for e in engine.state["log"] if e["event"] == "trigger"}
    # random bots rarely activate a mission in space: the rulebook's example does
    example = scenario.run_file(data, SCENARIOS / "activate_other_players_card.toml")
    assert example.passed and example.engine is not None, scenario.render(example)
    fired |= {e["on"] for e in example.engine.state["log"] if e["event"] == "trigger"}
    assert fired == set(events)


def _raised_events(modules: list[Path]) -> tuple[set[str], list[str]]:
    """The events the modules raise by name (`raise_event("name", ...)`), and the
    places that raise an event whose name is not written there."""
    named, unnamed = set(), []
    for module in modules:
        for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
                continue
            if node.func.attr != "raise_event":
                continue
            first = node.args[0] if node.args else None
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                named.add(first.value)
            else:
                unnamed.append(module.name)
    return named, unnamed


@pytest.mark.parametrize("name", ["black_angel", "dice_race"])
def test_every_event_a_game_raises_is_declared_with_help_and_moments(name):
    """A new `raise_event` in a game's code cannot be forgotten in its vocabulary (which
    `ba language` and the reference list), nor can a declared event be raised nowhere."""
    game = games.load(name)
    source = Path(inspect.getfile(game.narrate))
    # a game module's package; or, for a game run by the engine's own procedure, that module
    own = source.parent == Path(inspect.getfile(Engine)).parent
    named, unnamed = _raised_events([source] if own else sorted(source.parent.rglob("*.py")))
    assert unnamed == []  # only `emit` (core) raises events named by the rules
    events = game.vocabulary.events
    assert named == set(events)
    for event in events.values():
        assert event.help and event.raised and all(event.raised) and event.runs_for


def test_only_emit_raises_events_named_by_the_rules():
    package = Path(__file__).parent.parent / "interpreter"
    _, unnamed = _raised_events(sorted(package.rglob("*.py")))
    assert unnamed == ["core_primitives.py"]


def test_triggers_run_in_declaration_order_after_the_step(tmp_path):
    text = (
        "trigger first {\n  on action_performed\n  effect: gain 1 vp\n}\n"
        "trigger second {\n  on action_performed\n  effect: lose 1 vp\n}\n"
    )
    data, _ = mod(tmp_path, text)
    engine = random_game(data, 2, 3)
    log = engine.state["log"]
    fired = [i for i, e in enumerate(log) if e["event"] == "trigger"]
    assert fired, "no action was performed"
    names = [log[i]["name"] for i in fired]
    assert names[:2] == ["first", "second"]
    # the trigger's own effect runs right after it is announced
    assert log[fired[0] + 1]["event"] == "gain_vp"


def test_a_failing_trigger_does_not_undo_the_step_that_raised_it(tmp_path):
    """A trigger whose effect cannot be done (no 99 ships to spend) changes nothing else:
    the games play exactly as without it."""
    data, _ = mod(tmp_path, "trigger greedy {\n  on tile_activated\n  effect: spend 99 ship\n}\n")
    plain = build(compile_paths().ruleset)
    for seed in range(3):
        with_trigger = random_game(data, 3, seed)
        without = random_game(plain, 3, seed)
        assert with_trigger.state["scores"] == without.state["scores"]
        choices = [e["option"] for e in with_trigger.state["log"] if e["event"] == "choice"]
        assert choices == [e["option"] for e in without.state["log"] if e["event"] == "choice"]


def test_triggers_that_raise_each_other_are_refused_and_guarded(tmp_path):
    """The compiler refuses a loop of events (E301); a program built anyway stops each
    trigger from starting again while it runs."""
    text = (
        "event ping {\n}\nevent pong {\n}\n"
        "trigger t_ping {\n  on ping\n  effect: gain 1 vp, emit pong\n}\n"
        "trigger t_pong {\n  on pong\n  effect: emit ping\n}\n"
        "trigger t_start {\n  on setup_done\n  effect: emit ping\n}\n"
    )
    data, result = mod(tmp_path, text, allow_errors=True)
    assert "E301" in {d.code for d in result.errors}
    engine = Engine.new_game(data, 2, 1)
    log = engine.state["log"]
    assert any(e["event"] == "trigger_guarded" for e in log)
    assert sum(1 for e in log if e["event"] == "trigger" and e["name"] == "t_ping") == 2


@pytest.mark.parametrize("word", ["setup_don", "tile_activate"])
def test_lint_refuses_a_trigger_on_an_event_no_game_raises(tmp_path, word):
    path = tmp_path / "mod.ba"
    path.write_text(f"trigger t {{\n  on {word}\n  effect: gain 1 vp\n}}\n", encoding="utf-8")
    result = compile_paths([path], on_base=True)
    (diag,) = result.errors
    assert diag.code == "E106" and "did you mean" in (diag.hint or "")
