"""The neutral player of the 2-player game: dice that players may buy, robots that leave.

It holds one robot in each workstation at the start and a die per robot; it
never acts, flips or reserves. Its dice are renewed whenever a player carries
out sequence B (see the ruling neutral_reroll), and a neutral robot leaves the
game when a player puts a robot in its workstation.
"""

from __future__ import annotations

from .dice import dice_of, return_die, roll, supply_dice
from .layout import NEUTRAL
from .tables import Engine


def reroll_neutral(engine: Engine) -> None:
    """Neutral star dice are rerolled (or go back), then each neutral robot gets a die of its
    colour if the neutral player has none (see the ruling neutral_reroll)."""
    state = engine.state
    keep_star_dice = engine.ruling("neutral_reroll") == "used_or_star"
    for index in dice_of(engine, NEUTRAL):
        if state["dice"][index]["value"] == 0:
            if keep_star_dice:
                roll(engine, state["dice"][index])
            else:
                return_die(engine, index)
    held = {state["dice"][i]["color"] for i in dice_of(engine, NEUTRAL)}
    repair = engine.ruling("neutral_damaged_dice") == "repair"
    for colour, robots in state["neutral"]["workstations"].items():
        if robots and colour not in held:
            available = [
                i for i in supply_dice(engine, colour) if repair or not state["dice"][i]["damaged"]
            ]
            available.sort(key=lambda i: state["dice"][i]["damaged"])
            if available:
                die = state["dice"][available[0]]
                die["owner"] = NEUTRAL
                if die["damaged"]:
                    die["damaged"] = False
                    engine.log("neutral_die_repaired", color=colour)
                roll(engine, die)


def robot_arrives(engine: Engine, colour: str) -> None:
    """A player's robot enters a workstation: the neutral robot there leaves the game."""
    neutral = engine.state["neutral"]
    if neutral is not None and neutral["workstations"].get(colour):
        neutral["workstations"][colour] = 0
        engine.log("neutral_robot_removed", workstation=colour)
