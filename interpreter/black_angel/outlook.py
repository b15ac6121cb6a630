"""What a seat can expect to score by the end: the planning bot's estimate of a position.

`position_value` (scoring.py) counts what a seat holds now; a bot that plans a whole turn
needs to weigh what that holding will bring in the rounds left (rules: EN rulebook,
"Final scoring" and the appendix). The estimate, in VP:

- the track, the advanced tiles as final scoring would count them now (caps and all), and
  what the rules' triggers on final scoring would add now;
- the technology tiles in the grid: the best lines' worth for a mission card of one
  colour (a card activates the tiles of its colour in one row or column), times how
  often such a card is likely to be played in the turns left; and each tile's own worth,
  at a low rate, for what activates it otherwise (debris, a neighbour);
- robots in workstations: the dice of each reroll, so the share of the turns left that
  are actions rather than rerolls (more robots, rarer rerolls, with less and less gain);
- dice in the compartment: their faces, for as many as the turns left can use (a die
  left at a reroll costs its value);
- missions in space: their future activations (the owner's free one when another seat
  uses it) and their ejection effect (a gain per card the seat owns counted with the
  cards it owns now), not the card itself (1 VP for being in space made the bot play
  worse: docs/simulation.md); the part of a card's ejection that goes to the ships on
  it, for the seat's ships on cards. An ejection counts only on a strip that the
  advances left before Spes will eject, and none once the end is triggered;
- ships in space, cards and ravagers in hand, items in storage: their use, or at the
  end their conversion at Spes, weighed by how likely Spes is to be reached.

Damage on the Black Angel and the ravagers attacking it are not counted: they weigh on
every seat alike, and a repair turns a damage cube into debris that activates a tile.

A finished game is worth its final scores: ending it is never a bonus in itself, since the
estimate of an unfinished game already counts final scoring.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

from ...dsl import ast
from . import hal
from .grid import activated_by, line_cells
from .scoring import advanced_points, final_trigger_points
from .space import split
from .tables import Engine

# what an item is worth to a player during the game, in VP
ITEM_WORTH = {"vp": 1.0, "ship": 0.7, "resource": 0.7, "robot": 0.7, "debris": 0.5}
# what one use of a primitive that is not a gain is worth (per unit where it has a number)
PRIMITIVE_WORTH = {
    "move_ship": 0.3,
    "move_robot": 0.6,
    "draw_keep": 0.8,
    "activate_adjacent": 1.2,
    "spend_tech": -1.5,
    "spend_card": -0.8,
}
TILE_RATE = 0.05  # activations of any grid tile per turn of the seat's (debris, neighbours)
LINE_RATE = 0.8  # cards of one colour beside the best lines of the grid, per turn of the seat's
BEST_LINES = 2  # the lines counted (their mean)
ACTION_WORTH = 2.0  # a turn spent on an action rather than on a reroll
FACE_WORTH = 0.4  # per pip of a die kept for a later turn
CARD_IN_HAND = (0.55, 0.2)  # a mission that can be placed or played: the first few, more
FEW_CARDS = 2
PLACING_SHARE = 0.05  # of what placing one of the first few missions in hand would bring
RAVAGER_IN_HAND = 0.5  # a card that activates a whole row or column
SHIP_IN_SPACE = 0.8  # a ship that can reach a hex to place a mission
ACTIVATIONS_EXPECTED = 1.0  # activations of an owned activation mission before ejection
COUNT_GROWTH = 0.5  # what a count (cards of a colour owned) may still gain before an ejection
TURNS_PER_ADVANCE = 4.0  # seats' turns between two advances of the Black Angel
RAVAGERS_PER_TURN = 0.35  # ravagers drawn per turn (missions placed reveal them)
HAND_LIMIT = 6
# the estimate's terms (estimate_terms), in the order they are added
TERMS = (
    "track",
    "advanced_tiles",
    "final_triggers",
    "grid_tiles",
    "grid_lines",
    "actions",
    "dice_held",
    "mission_activations",
    "mission_ejections",
    "passengers",
    "ships_in_space",
    "hand",
    "ravagers_in_hand",
    "items",
    "conversion",
    "debris",
)


def outlook(engine: Engine, seat: int) -> float:
    """The VP the seat can expect at the end; in the solo game, less Hal's."""
    state = engine.state
    if state["scores"] is not None:
        value = float(state["scores"][seat])
        if hal.playing(state):
            value -= state["hal"]["vp"]
        return value
    value = expected_score(engine, seat)
    if hal.playing(state):
        value -= state["hal"]["vp"]
    return value


def expected_score(engine: Engine, seat: int) -> float:
    return sum(worth for _, worth in _parts(engine, seat))


def estimate_terms(engine: Engine, seat: int) -> dict[str, float]:
    """The estimate's terms, in VP, by name: their sum is `expected_score`
    (benchmarks/estimate_fit.py weighs each against the final scores of games)."""
    terms = dict.fromkeys(TERMS, 0.0)
    for name, worth in _parts(engine, seat):
        terms[name] += worth
    return terms


def _parts(engine: Engine, seat: int) -> Iterator[tuple[str, float]]:
    """The estimate's parts in the order they are added (a term may have many)."""
    state = engine.state
    data = engine.data
    p = state["players"][seat]
    advances = advances_to_spes(state["space"])
    turns = turns_left(engine, advances)
    spes = spes_chance(engine, advances)
    yield "track", float(p["vp"])
    yield "advanced_tiles", advanced_points(engine, seat)
    yield "final_triggers", final_trigger_points(engine)[seat]
    # tiles in the grid, by what they will produce
    tiles = data.tiles
    for tile in p["grid"]:
        if tile is not None and tiles[tile].kind != "advanced":
            yield "grid_tiles", effect_worth(engine, tiles[tile].standard) * TILE_RATE * turns
    yield "grid_lines", LINE_RATE * turns * best_lines(engine, p["grid"])
    # dice: a turn uses one die, and a reroll (a turn of its own) rolls one die per robot
    # in a workstation, so with w of them about w turns in w + 1 are actions; dice held
    # are worth their faces for the next few turns, no more than turns are left to use them
    rolled = max(1, sum(p["workstations"].values()))
    yield "actions", ACTION_WORTH * turns * rolled / (rolled + 1)
    faces = sorted((d["value"] for d in state["dice"] if d["owner"] == seat), reverse=True)
    yield "dice_held", FACE_WORTH * sum(faces[: max(0, math.ceil(turns) - 1)])
    # missions in space, owned; an ejection only where the game will still eject the strip
    cards = state["space"]["cards"]
    ejected = strips_ejected(engine, advances)
    for key, card in cards.items():
        if card["owner"] == seat:
            mission = data.missions[card["mission"]]
            if mission.activation is not None:
                worth = max(0.0, effect_worth(engine, mission.activation))
                yield "mission_activations", ACTIVATIONS_EXPECTED * worth
            if split(key)[0] not in ejected:
                continue
            for who, effect in mission.ejection.items():
                if who != "passengers":
                    yield "mission_ejections", ejection_worth(engine, seat, effect, key)
    # the seat's ships; on cards, the part of their ejection that goes to the ships on them
    # (a card the seat owns has its shared part counted above)
    ships = 0
    for key, seats in state["space"]["ships"].items():
        if seat not in seats:
            continue
        ships += seats.count(seat)
        if key in cards and split(key)[0] in ejected:
            card = cards[key]
            for who, effect in data.missions[card["mission"]].ejection.items():
                if who == "passengers" or (who == "everyone" and card["owner"] != seat):
                    yield "passengers", ejection_worth(engine, seat, effect, key)
    soon = min(1.0, turns / 4.0)
    yield "ships_in_space", SHIP_IN_SPACE * soon * ships
    yield "hand", soon * hand_worth(engine, p["hand"])
    yield "ravagers_in_hand", RAVAGER_IN_HAND * soon * len(p["ravagers"])
    # items: their use while turns remain, their conversion at Spes at the end
    storage = p["storage"]
    leftovers = p["break_room"] + storage["resource"] + storage["ship"]
    use = min(1.0, turns / 6.0)
    yield (
        "items",
        use
        * (
            ITEM_WORTH["ship"] * storage["ship"]
            + ITEM_WORTH["resource"] * storage["resource"]
            + ITEM_WORTH["robot"] * p["break_room"]
        ),
    )
    yield "conversion", (1.0 - use) * spes * leftovers / data.numbers["game.conversion_rate"]
    yield "debris", ITEM_WORTH["debris"] * storage["debris"]


def best_lines(engine: Engine, grid: list[str | None]) -> float:
    """What a mission card beside the grid can be expected to activate: the mean worth of
    the best few lines (a row or a column), each for the one colour of its tiles that is
    worth most there. A mission activates only the tiles of its colour in its line (EN
    rulebook, sequence A.1), so tiles that share a line and a colour produce together."""
    size = engine.data.grid_size
    tiles = engine.data.tiles
    colours = {tiles[t].color for t in grid if t is not None and tiles[t].kind == "tech"}
    worth = [0.0 if t is None else max(0.0, effect_worth(engine, tiles[t].standard)) for t in grid]
    worths = []
    for slot in range(2 * size):
        placed = [(cell, tile) for cell in line_cells(size, slot) if (tile := grid[cell])]
        best = 0.0
        for colour in colours:
            line = sum(worth[cell] for cell, tile in placed if activated_by(engine, tile, colour))
            best = max(best, line)
        worths.append(best)
    worths.sort(reverse=True)
    return sum(worths[:BEST_LINES]) / BEST_LINES


def hand_worth(engine: Engine, hand: list[str]) -> float:
    """Missions in hand: the best few are worth a share of what placing them brings (the
    reward and the card's own effect); the rest little, as cards to play beside the grid."""
    few, more = CARD_IN_HAND
    worths = sorted((mission_worth(engine, card) for card in hand), reverse=True)[:HAND_LIMIT]
    return sum(
        (few + PLACING_SHARE * worth) if rank < FEW_CARDS else more
        for rank, worth in enumerate(worths)
    )


def mission_worth(engine: Engine, card: str) -> float:
    """What placing a mission brings its owner: the reward, then one activation or its
    ejection effect."""
    worths = engine.data.worths
    worth = worths.get(card)
    if worth is None:
        worth = worths[card] = _mission_worth(engine, card)
    return worth


def _mission_worth(engine: Engine, card: str) -> float:
    mission = engine.data.missions[card]
    amount, item = mission.reward
    worth = amount * ITEM_WORTH.get(item, 0.5)
    if mission.activation is not None:
        worth += max(0.0, effect_worth(engine, mission.activation))
    for who, effect in mission.ejection.items():
        if who != "passengers":
            worth += effect_worth(engine, effect)
    return worth


def ejection_worth(engine: Engine, seat: int, effect: int, card: str) -> float:
    """What a card's ejection will bring the seat. A gain per something the seat holds
    (3 VP per card of a colour it owns in space) is counted with what it holds now, and
    a little more that it may add before the card leaves; any other effect as one
    resolution of it (effect_worth)."""
    node = engine.data.nodes[effect]
    if not (isinstance(node, ast.Call) and node.per is not None and node.name in ("gain", "take")):
        return effect_worth(engine, effect)
    count = engine.data.counters[node.per.name](engine, seat, node.per.values, {"card": card})
    return _items_worth(node) * (count + COUNT_GROWTH)


def effect_worth(engine: Engine, effect: int | None) -> float:
    """What one resolution of an effect is worth to its player, in VP (a rough figure)."""
    if effect is None:
        return 0.0
    worths = engine.data.worths
    worth = worths.get(effect)
    if worth is None:
        worth = worths[effect] = _worth(engine.data.nodes[effect])
    return worth


def _items_worth(node: ast.Call) -> float:
    """What the items a gain or a spending names are worth, once (`gain 3 vp`: 3.0)."""
    amount = node.values[0] if isinstance(node.values[0], int) else 1
    return amount * ITEM_WORTH.get(str(node.values[1]), 0.5)


def _worth(node: Any) -> float:
    if isinstance(node, ast.Call):
        if node.name in ("gain", "take", "spend", "lose") and len(node.values) >= 2:
            worth = _items_worth(node)
            if node.per is not None:
                worth *= 1.5  # a count of something the player has: about one and a half
            return -worth if node.name in ("spend", "lose") else worth
        amount = node.values[0] if node.values and isinstance(node.values[0], int) else 1
        return PRIMITIVE_WORTH.get(node.name, 0.3) * (amount if node.name == "spend_tech" else 1)
    if isinstance(node, ast.Seq):
        return sum(_worth(step) for step in node.steps)
    if isinstance(node, ast.Trade):
        return max(0.0, _worth(node.cost) + _worth(node.benefit))
    if isinstance(node, ast.Choice):
        return max(_worth(option) for option in node.options)
    if isinstance(node, ast.Optional):
        return max(0.0, _worth(node.step))
    if isinstance(node, ast.Otherwise):
        return _worth(node.first)
    return 0.0


def turns_left(engine: Engine, advances: int | None = None) -> float:
    """The seat's own turns likely left: until the Black Angel reaches Spes or the ravager
    deck runs out, whichever comes first, and the final round. `advances`: those to Spes,
    where the caller has counted them."""
    state = engine.state
    if state["turn"]["end_trigger"] is not None:
        return 0.5
    if advances is None:
        advances = advances_to_spes(state["space"])
    seats = turn_takers(state)
    by_spes = advances * TURNS_PER_ADVANCE / seats
    by_ravagers = len(state["ravager_deck"]) / RAVAGERS_PER_TURN / seats
    return min(by_spes, by_ravagers) + 1.0


def strips_ejected(engine: Engine, advances: int) -> set[str]:
    """The strips whose missions the game will still eject: each advance ejects the
    first strip (sequence B.3), the one that reaches Spes too unless the ruling
    `spes_arrival` stops it there, and none is ejected once the end is triggered. (A
    game that ends by the ravager deck ends sooner; that is not foreseen here.)"""
    state = engine.state
    if state["turn"]["end_trigger"] is not None:
        return set()
    if engine.ruling("spes_arrival") == "stop":
        advances -= 1
    return set(state["space"]["order"][:advances])


def turn_takers(state: dict) -> int:
    """The seats that take turns, Hal among them in the solo game: he advances the Black
    Angel whenever he rolls, as a player does at a reroll."""
    return len(state["players"]) + (1 if hal.playing(state) else 0)


def spes_chance(engine: Engine, advances: int | None = None) -> float:
    """How likely the game ends with the Black Angel at Spes (what converts leftovers)."""
    state = engine.state
    if state["turn"]["spes_reached"]:
        return 1.0
    if state["turn"]["end_trigger"] is not None:
        return 0.0
    if advances is None:
        advances = advances_to_spes(state["space"])
    by_spes = advances * TURNS_PER_ADVANCE
    by_ravagers = len(state["ravager_deck"]) / RAVAGERS_PER_TURN
    return 1.0 if by_spes <= by_ravagers else 0.3


def advances_to_spes(space: dict) -> int:
    """How many advances of the Black Angel bring it to Spes (sequence_b.py: each moves it
    one strip on, then the first strip goes to the far end, where the Spes token's strip
    becomes the Spes tile)."""
    order = list(space["order"])
    ship = space["black_angel"][0]
    token, tile = space["spes_token"], space["spes_tile"]
    for advances in range(1, 4 * len(order) + 2):
        ship = order[order.index(ship) + 1]
        if ship == tile:
            return advances
        first = order.pop(0)
        order.append(first)
        if first == token:
            token, tile = None, first
    return 4 * len(order) + 2
