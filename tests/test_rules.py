"""Rules whose order or reading the scenario files cannot express on their own."""

from pathlib import Path

import pytest

from blackangel.dsl.compiler import load_shipped
from blackangel.interpreter import scenario
from blackangel.interpreter.engine import Engine
from blackangel.interpreter.program import build

SCENARIOS = Path(__file__).parent / "scenarios"


@pytest.fixture(scope="module")
def data():
    return build(load_shipped())


def test_command_takes_the_reward_before_ravagers_and_tiles_appear(data):
    """English rulebook, Command Your Ships: step 2 places the card and takes its reward,
    step 3 brings the ravagers, step 4 the technology tiles."""
    result = scenario.run_file(data, SCENARIOS / "command_place_mission.toml")
    assert result.passed and result.engine is not None, scenario.render(result)
    events = [e["event"] for e in result.engine.state["log"]]
    placed = events.index("place_mission")
    after = events[placed:]
    reward = after.index("take")
    assert after.index("ravager_attacks") > reward
    assert after.index("display_in") > after.index("ravager_attacks")


def follow(engine, loaded: dict, count: int) -> None:
    """Make the first `count` choices of a scenario."""
    steps = [s for s in loaded["step"] if "choose" in s or "choose_label" in s][:count]
    for step in steps:
        if "choose" in step:
            engine.apply(step["choose"])
        else:
            (option,) = [o for o in engine.decision().options if step["choose_label"] in o.label]
            engine.apply(option.id)


def started(data, name: str, **rulings):
    loaded = scenario.load(SCENARIOS / name)
    loaded.setdefault("rulings", {}).update(rulings)
    engine, _ = scenario.start(data, loaded)
    return engine, loaded


@pytest.mark.parametrize(
    "option, card_with_cost, free_card",
    [("exact", False, False), ("costs_optional", True, False), ("at_most", True, True)],
)
def test_activation_count_ruling(data, option, card_with_cost, free_card):
    """May a player stop activating a mission before the die's points are used?
    m007 costs a tile per activation; m002 costs nothing."""
    engine, loaded = started(data, "activate_spend_technology.toml", activation_count=option)
    follow(engine, loaded, 7)  # ... the mission chosen, the first tile spent
    assert (engine.decision().kind == "activate_again") is card_with_cost
    engine, loaded = started(data, "activate_other_players_card.toml", activation_count=option)
    follow(engine, loaded, 6)  # the mission chosen: one activation done
    assert (engine.decision().kind == "activate_again") is free_card


@pytest.mark.parametrize("option, stop_offered", [("may_stop", True), ("all", False)])
def test_action_activations_ruling(data, option, stop_offered):
    """Repair with a gray 2: after the first cube, may the player stop?"""
    engine, loaded = started(data, "repair_two_activations.toml", action_activations=option)
    while engine.decision().kind != "repair":
        follow(engine, loaded, 1)
        loaded["step"] = loaded["step"][1:]
    first = engine.decision().options[0].id
    engine.apply(first)
    engine.apply("storage")  # the debris goes to storage
    assert engine.decision().kind == "repair"
    assert ("stop" in engine.legal_options()) is stop_offered


@pytest.mark.parametrize("option, asked", [("any_time", True), ("before_use", False)])
def test_flip_timing_ruling(data, option, asked):
    """English and German A.2, Debris: a die may be flipped at any point of a sequence A
    turn, so also after the action; Polish A.2: only before the die is used."""

    engine = Engine.new_game(data, 2, 7, {"flip_timing": option})
    state = engine.state
    state["players"][0]["storage"]["debris"] = 3
    seen_after_action = False
    while (decision := engine.decision()) is not None and state["turn"]["turns"] < 1:
        if decision.kind == "flip":
            seen_after_action = True
            assert "done" in engine.legal_options()
            assert all(o.startswith("flip:") for o in engine.legal_options() if o != "done")
            engine.apply("done")
            continue
        options = engine.legal_options()
        # sequence A, then always the first choice
        engine.apply("sequence_a" if decision.kind == "choose_effect" else options[0])
    assert seen_after_action is asked


@pytest.mark.parametrize(
    "option, possible, ships", [("take_what_you_can", True, 2), ("all_or_nothing", False, 1)]
)
def test_partial_gains_ruling(data, option, possible, ships):
    """Only robots are limited (English rulebook, components: 16 robots per colour;
    ships, resources and cubes never run out). m004 gives 1 ship and 1 robot: with no
    robot left in the supply, the ship is still taken unless the ruling says otherwise."""

    engine = Engine.new_game(data, 2, 1, {"partial_gains": option})
    player = engine.state["players"][0]
    player["supply_robots"], player["break_room"] = (
        0,
        player["break_room"] + player["supply_robots"],
    )
    player["storage"]["ship"] = 1
    activation = data.missions["m004"].activation
    assert engine.can(0, activation, {}) is possible
    if possible:
        engine.state["pending"] = None
        engine.run_effect(0, activation, {})
        engine.run()
    assert player["storage"]["ship"] == ships and player["supply_robots"] == 0


@pytest.mark.parametrize("option, repaired", [("repair", True), ("avoid", False)])
def test_neutral_damaged_dice_ruling(data, option, repaired):
    """The 2-player neutral player renews its dice in sequence B; with only damaged gray
    dice in the supply it takes one and repairs it, or takes none."""
    from blackangel.interpreter.black_angel.layout import NEUTRAL
    from blackangel.interpreter.black_angel.neutral import reroll_neutral

    engine = Engine.new_game(data, 2, 1, {"neutral_damaged_dice": option})
    dice = engine.state["dice"]
    for die in dice:
        if die["color"] == "gray" and die["owner"] == NEUTRAL:
            die["owner"] = None
        if die["color"] == "gray" and die["owner"] is None:
            die["damaged"] = True
    reroll_neutral(engine)
    gray = [d for d in dice if d["color"] == "gray" and d["owner"] == NEUTRAL]
    assert (len(gray) == 1) is repaired
    assert all(not d["damaged"] for d in gray)


@pytest.mark.parametrize("option, ejected", [("finish_advance", True), ("stop", False)])
def test_spes_arrival_ruling(data, option, ejected):
    """When the Black Angel reaches Spes (English rulebook, end of the game: the end is
    triggered during a sequence B), does the rest of that advance still happen? A card of
    player 1 lies on the first strip."""
    engine = Engine.new_game(data, 2, 1, {"spes_arrival": option})
    space = engine.state["space"]
    order = list(space["order"])
    strip, _ = space["black_angel"]
    space["spes_tile"] = order[order.index(strip) + 1]
    engine.state["mission_deck"]["orange"].remove("m001")
    space["cards"][f"{order[0]}/1"] = {"mission": "m001", "owner": 0, "robot": 0}
    engine.state["players"][0]["supply_robots"] -= 1
    # B.3 alone, on an otherwise idle engine
    engine.state["pending"] = None
    engine.state["stack"] = [
        {"op": "prim", "name": "advance_black_angel", "seat": 0, "args": (), "ctx": {}}
    ]
    engine.run()
    assert engine.state["turn"]["end_trigger"] == "spes"
    assert ("m001" in engine.state["players"][0]["tucked"]["orange"]) is ejected
    assert (space["order"][0] != order[0]) is ejected  # the first strip was recycled
