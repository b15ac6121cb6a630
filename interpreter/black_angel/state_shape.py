"""The parts of Black Angel's state (layout.py) that a freshly set-up state does not show:
seats, the values that start empty or None, and the tables whose keys come and go.

Owners that are not players: the neutral player of the 2-player game ("neutral", its
dice) and Hal in the solo game ("hal": his dice, his cards in space and the robots on
them, and effects that run for him); each only in a game that has it.

interpreter/state_check.py derives the rest of the schema from a new game's state and
the table of piles; a saved game, or a scenario's position, must fit it.
"""

from __future__ import annotations

from typing import Any

from ..state_check import FIXED, FRAMES, NULL, SEATS, enum, nullable, seat_schema
from .actions import ACTION_OPS
from .layout import HAL, NEUTRAL
from .tables import BlackAngelProgram


def _hal(data: BlackAngelProgram, solo: bool, die: dict) -> dict[str, Any]:
    """Hal's record (hal.py): None in a game without him; the parts of it that start as
    None or change their kind of value."""
    if not solo:
        return {"hal": NULL}
    return {
        "hal.automa": enum(data.automata),
        "hal.vp": {"type": "integer", "minimum": -(10**9), "maximum": 10**9},
        "hal.die": nullable(die),
        "hal.half": nullable(enum(["top", "bottom"])),
        "hal.after": enum(["a", "b", "pass"]),
    }


def state_shape(data: BlackAngelProgram, players: int) -> dict[str, Any]:
    setup = data.setups[players]
    solo = setup.opponent is not None
    others = [HAL] if solo else []  # seats that run effects, not a player's
    seat = seat_schema(players, *others)
    player = seat_schema(players)
    owners = [*others, *([NEUTRAL] if setup.neutral_player else [])]
    colour = enum(data.colors)
    strip = enum(data.strips)
    count = {"type": "integer", "minimum": 0, "maximum": 999}
    hexes = data.numbers["space.hexes_per_strip"]
    hex_key = {"type": "string", "pattern": r"^[A-Za-z_][A-Za-z0-9_]*/[1-9]$"}
    per_colour = {
        "type": "object",
        "properties": {c: count for c in data.colors},
        "required": list(data.colors),
        "additionalProperties": False,
    }
    per_strip = {"type": "object", "propertyNames": strip}
    seats = {"type": "array", "items": seat, "uniqueItems": True}
    dice = len(data.colors) * data.setups[players].dice_per_color
    die = {"type": "integer", "minimum": 0, "maximum": dice - 1}
    frames = {
        "mission_appears": {"required": ["seat", "key"], "properties": {"key": hex_key}},
        "activate_mission": {
            "required": ["seat", "key", "value"],
            "properties": {"key": hex_key, "value": {"type": "integer"}},
        },
        "place_advanced": {
            "required": ["seat", "advanced_tile"],
            "properties": {"advanced_tile": enum(data.tile_copies["advanced"])},
        },
        **{
            op: {
                "required": ["seat", "value", "color", "action"],
                "properties": {
                    "value": {"type": "integer"},
                    "color": colour,
                    "action": enum(data.actions),
                },
            }
            for op in ACTION_OPS
        },
    }
    return {
        FRAMES: frames,
        FIXED: ["players.*.debris_on", "space.order"],
        SEATS: others,
        **_hal(data, solo, die),
        "players.*.workstations": per_colour,
        "players.*.aid": {"type": "integer", "minimum": 1, "maximum": players},
        "neutral": (
            {
                "type": "object",
                "properties": {"workstations": per_colour},
                "required": ["workstations"],
                "additionalProperties": False,
            }
            if setup.neutral_player
            else NULL
        ),
        "dice": {
            "type": "array",
            "minItems": dice,
            "maxItems": dice,
            "items": {
                "type": "object",
                "properties": {
                    "color": colour,
                    "value": {"type": "integer", "minimum": 0, "maximum": 9},
                    "damaged": {"type": "boolean"},
                    "owner": nullable(seat_schema(players, *owners)),
                    "reserved": {"type": "boolean"},
                },
                "required": ["color", "value", "damaged", "owner", "reserved"],
                "additionalProperties": False,
            },
        },
        "actions": {
            "type": "array",
            "minItems": len(data.actions),
            "maxItems": len(data.actions),
            "items": {
                "type": "object",
                "properties": {
                    "damage": count,
                    "ravagers": {"type": "array", "items": enum(data.ravagers)},
                    "held": {
                        "type": "object",
                        "propertyNames": enum(data.ravagers),
                        "additionalProperties": {"type": "array", "items": seat},
                    },
                },
                "required": ["damage", "ravagers", "held"],
                "additionalProperties": False,
            },
        },
        "space.order": {"type": "array", "items": strip, "uniqueItems": True, "minItems": 1},
        "space.offset": {**per_strip, "additionalProperties": enum([0, 1])},
        "space.face": {**per_strip, "additionalProperties": enum(["a", "b"])},
        "space.black_angel": {
            "type": "array",
            "prefixItems": [strip, {"type": "integer", "minimum": 1, "maximum": hexes}],
            "minItems": 2,
            "maxItems": 2,
        },
        "space.cards": {
            "type": "object",
            "propertyNames": hex_key,
            "additionalProperties": {
                "type": "object",
                "properties": {
                    "mission": enum(data.missions),
                    "owner": seat,
                    "robot": nullable(seat),
                },
                "required": ["mission", "owner", "robot"],
                "additionalProperties": False,
            },
        },
        "space.ships": {"type": "object", "propertyNames": hex_key, "additionalProperties": seats},
        "space.spes_token": nullable(strip),
        "space.spes_tile": nullable(strip),
        "space.unused_strips": {"type": "array", "items": strip, "uniqueItems": True},
        "sides": {
            "type": "object",
            "propertyNames": enum(data.tile_copies["tech"]),
            "additionalProperties": enum(["boost", "standard"]),
        },
        "turn.seat": player,
        "turn.first": player,
        "turn.last_seat_of_round": player,
        "turn.end_trigger": nullable(enum(["spes", "ravagers"])),
        "context": {
            "type": "object",
            "properties": {
                "seat": seat,
                "sequence": enum(["a", "b"]),
                "die": die,
                "die_color": colour,
                "as_color": colour,
                "recoloured": die,
                "boosts": count,
            },
            # what sequence A sets together (sequence_a.py); Hal's turn names only his die
            # (hal.py)
            "dependentRequired": {"recoloured": ["as_color"]},
            "if": {"properties": {"seat": {"const": HAL}}, "required": ["seat"]},
            "else": {"dependentRequired": {"die": ["die_color"]}},
        },
    }
