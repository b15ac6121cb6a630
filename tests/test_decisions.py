"""Every answer moves the game on: applied to a clone, each option of each decision
changes the game (its state beyond the log) or ends it. An answer that only asks the
same question again, as "place no card" once did, fails here."""

import json
import zlib
from pathlib import Path

import pytest

from blackangel.dsl.compiler import load_shipped
from blackangel.interpreter import scenario
from blackangel.interpreter.agents import RandomAgent
from blackangel.interpreter.engine import Engine
from blackangel.interpreter.game import NO_ANSWER, take_answer
from blackangel.interpreter.program import build

SCENARIOS = sorted((Path(__file__).parent / "scenarios").glob("*.toml"))

# Decision kinds the sweep must meet (random games and the rulebook's examples reach them).
COMMON = {
    "choose_effect", "optional", "play_card", "activate_order", "workstation", "choose_die",
    "choose_use", "discover", "inject", "debris", "repair", "destroy", "ship", "move",
    "place_card", "free_activation", "hand_limit", "reserve", "move_ship", "spend_tile",
    "discard", "draw_colour", "keep", "activate_again", "advanced_space", "activate_target",
}  # fmt: skip


@pytest.fixture(scope="module")
def data():
    return build(load_shipped())


def fingerprint(engine: Engine) -> str:
    """The whole state but the log (which records every answer, even a useless one)."""
    return json.dumps({k: v for k, v in engine.state.items() if k != "log"}, sort_keys=True)


def test_no_answer_is_not_none():
    assert take_answer({}) is NO_ANSWER
    assert take_answer({"answer": None}) is None


def sweep(engine: Engine, agent: RandomAgent, seen: set[str], where: str, script=()) -> None:
    """Play to the end (the scripted choices first); at every decision, try every option on
    a clone."""
    script = list(script)
    while (decision := engine.decision()) is not None:
        seen.add(decision.kind)
        before = fingerprint(engine)
        for option in decision.options:
            trial = engine.clone()
            trial.apply(option.id)
            assert fingerprint(trial) != before, (where, decision.kind, option.id)
        wanted = script.pop(0) if script else None
        chosen = [o.id for o in decision.options if wanted in (o.id, o.label)]
        engine.apply(chosen[0] if chosen else agent.choose(engine, decision))


def scripted(loaded: dict) -> list[str]:
    """A scenario's choices, by id or by label."""
    return [
        step.get("choose", step.get("choose_label"))
        for step in loaded.get("step", [])
        if "choose" in step or "choose_label" in step
    ]


@pytest.mark.slow
def test_every_option_changes_the_game(data):
    seen: set[str] = set()
    for seed in range(24):
        rulings = {"activation_count": "at_most"} if seed % 2 else {}
        engine = Engine.new_game(data, 2 + seed % 3, seed, rulings)
        sweep(engine, RandomAgent(seed), seen, f"seed {seed}")
    # the rulebook's examples reach the rarer decisions (missions activated, tiles spent);
    # each file's agent is seeded by its name, so adding a scenario changes no other's game
    for path in SCENARIOS:
        for variant in range(2):
            loaded = scenario.load(path)
            if variant % 2:
                loaded.setdefault("rulings", {})["activation_count"] = "at_most"
            engine, _ = scenario.start(data, loaded)
            agent = RandomAgent(zlib.crc32(path.stem.encode()) + variant)
            sweep(engine, agent, seen, f"{path.name} {variant}", scripted(loaded))
    assert COMMON <= seen, f"never reached: {sorted(COMMON - seen)}"
