"""Rules whose order or reading the scenario files cannot express on their own."""

from pathlib import Path

import pytest

from blackangel.dsl.compiler import load_shipped
from blackangel.interpreter import scenario
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
