"""Scoring: the counters that effects count `per`, final scoring, and how a bot values
a position.

Final scoring adds to the score track each advanced tile (capped; copies of one
tile need distinct elements) and, if the Black Angel reached Spes, the leftover
items converted to VP.
"""

from __future__ import annotations

from ...dsl import ast
from .. import trigger_results
from . import hal
from .tables import Engine

MAX_ANSWERS = 100  # decisions of the final-scoring triggers answered on a copy, at most


# ---- counters -------------------------------------------------------------------------
def fresh_cards_count(engine: Engine, ctx: dict) -> bool:
    """Whether the cards being ejected right now count (see the ruling freshly_ejected)."""
    return bool(ctx.get("ejecting")) and engine.ruling("freshly_ejected") == "counted"


def owned_cards_in_space(engine: Engine, seat: int, colour: str | None, skip_first: bool) -> int:
    space = engine.state["space"]
    first = space["order"][0]
    total = 0
    for key, card in space["cards"].items():
        if card["owner"] != seat or (skip_first and key.split("/")[0] == first):
            continue
        if colour is None or engine.data.missions[card["mission"]].color == colour:
            total += 1
    return total


def missions_in_space(engine: Engine, seat: int, args: tuple, ctx: dict) -> int:
    """Cards on the first strip are about to leave: they count only when the ruling says
    that freshly ejected cards do."""
    skip_first = not fresh_cards_count(engine, ctx)
    return owned_cards_in_space(engine, seat, args[0], skip_first=skip_first)


def cards_in_space(engine: Engine, seat: int, args: tuple, ctx: dict) -> int:
    """At the final scoring no advance is coming: the first strip counts too."""
    skip_first = not (ctx.get("final") or fresh_cards_count(engine, ctx))
    return owned_cards_in_space(engine, seat, None, skip_first=skip_first)


def missions_ejected(engine: Engine, seat: int, args: tuple, ctx: dict) -> int:
    tucked = len(engine.state["players"][seat]["tucked"][args[0]])
    if fresh_cards_count(engine, ctx):
        tucked += owned_cards_in_space(engine, seat, args[0], skip_first=False) - (
            owned_cards_in_space(engine, seat, args[0], skip_first=True)
        )
    return tucked


def tiles_in_grid(engine: Engine, seat: int, args: tuple, ctx: dict) -> int:
    tiles = engine.data.tiles
    return sum(
        1
        for t in engine.state["players"][seat]["grid"]
        if t is not None and tiles[t].kind == "tech" and tiles[t].color == args[0]
    )


def ejected_tiles(engine: Engine, seat: int, args: tuple, ctx: dict) -> int:
    kinds = ("tech", "start_tile") if engine.ruling("ejected_start_tiles") == "count" else ("tech",)
    return sum(
        1 for t in engine.state["players"][seat]["ejected"] if engine.data.tiles[t].kind in kinds
    )


def debris_in_storage(engine: Engine, seat: int, args: tuple, ctx: dict) -> int:
    return engine.state["players"][seat]["storage"]["debris"]


def ravagers_in_hand(engine: Engine, seat: int, args: tuple, ctx: dict) -> int:
    return len(engine.state["players"][seat]["ravagers"])


def advanced_tiles(engine: Engine, seat: int, args: tuple, ctx: dict) -> int:
    player = engine.state["players"][seat]
    tiles = engine.data.tiles
    in_grid = sum(1 for t in player["grid"] if t is not None and tiles[t].kind == "advanced")
    placed = sum(1 for t in player["advanced_spaces"] if t is not None)
    return in_grid + placed + len(player["advanced_aside"])


COUNTERS = {
    "missions_in_space": missions_in_space,
    "missions_ejected": missions_ejected,
    "cards_in_space": cards_in_space,
    "tiles_in_grid": tiles_in_grid,
    "ejected_tiles": ejected_tiles,
    "debris_in_storage": debris_in_storage,
    "ravagers_in_hand": ravagers_in_hand,
    "advanced_tiles": advanced_tiles,
}


# ---- final scoring ----------------------------------------------------------------
def final_scoring(engine: Engine) -> None:
    """Score track + advanced tiles (capped; duplicates need distinct elements) + conversion;
    the log names apart the points that the rules' triggers gave."""
    data = engine.data
    numbers = data.numbers
    scores = []
    for seat, p in enumerate(engine.state["players"]):
        total = p["vp"]
        for debris_cell, on in enumerate(p["debris_on"]):
            if on:
                p["debris_on"][debris_cell] = False
                p["storage"]["debris"] += 1
        advanced = advanced_points(engine, seat)
        total += advanced
        conversion = 0
        if engine.state["turn"]["spes_reached"]:
            leftovers = p["break_room"] + p["storage"]["resource"] + p["storage"]["ship"]
            conversion = leftovers // numbers["game.conversion_rate"]
        total += conversion
        scores.append(total)
        if engine.logging:  # the points of the rules' triggers, read off the log, named apart
            by_trigger = trigger_results.points(engine.state["log"], seat, "vp")
            engine.log(
                "final_score",
                seat=seat,
                track=p["vp"] - sum(by_trigger.values()),
                triggers=by_trigger,
                advanced=advanced,
                conversion=conversion,
                total=total,
            )
    engine.state["scores"] = scores
    if hal.playing(engine.state):
        hal.final_score(engine)


def final_trigger_points(engine: Engine) -> list[int]:
    """Per seat, the VP the rules' triggers on final_scoring would give if the game ended
    now (a mod's, say; the shipped rules have none). A bot's estimate of a game still
    going adds them, as a finished game's track already holds them: otherwise whichever
    option ends the game first would look worth those points. They run on a copy; a
    decision they ask is answered with its first option."""
    players = engine.state["players"]
    if engine.state["scores"] is not None or not engine.data.triggers.get("final_scoring"):
        return [0] * len(players)
    trial = engine.clone(log=False)
    state = trial.state
    state["pending"], state["stack"], state["triggered"] = None, [], []
    trial.raise_event("final_scoring")
    trial.run()
    for _ in range(MAX_ANSWERS):
        if state["pending"] is None:
            break
        trial.apply(trial.legal_options()[0])
    return [after["vp"] - before["vp"] for before, after in zip(players, state["players"])]


def advanced_points(engine: Engine, seat: int) -> int:
    """What a seat's advanced tiles score at the final scoring, as things stand (capped;
    copies of one tile need distinct elements)."""
    data = engine.data
    numbers = data.numbers
    p = engine.state["players"][seat]
    placed: list[tuple[str, int]] = []  # (tile, cap)
    for tile in p["grid"]:
        if tile is not None and data.tiles[tile].kind == "advanced":
            placed.append((tile, numbers["game.advanced_cap"]))
    placed += [(t, numbers["game.advanced_cap"]) for t in p["advanced_aside"]]
    for i, tile in enumerate(p["advanced_spaces"]):
        if tile is not None:
            if engine.ruling("advanced_cap_cards") == "slot_color":
                recovered = len(p["tucked"][data.colors[i]])
            else:
                recovered = sum(len(cards) for cards in p["tucked"].values())
            bonus = numbers["game.advanced_cap_bonus"] * recovered
            placed.append((tile, numbers["game.advanced_cap"] + bonus))
    advanced = 0
    for tile, caps in _grouped(data, placed).values():
        score = data.tiles[tile].score
        assert score is not None  # advanced tiles have a score (a required keyword)
        formula = data.nodes[score]
        assert isinstance(formula, ast.Call) and formula.per is not None
        per_element = formula.values[0]
        counter = data.counters[formula.per.name]
        elements = counter(engine, seat, formula.per.values, {"final": True})
        for cap in sorted(caps, reverse=True):
            used = min(elements, -(-cap // per_element))
            advanced += min(cap, used * per_element)
            elements -= used
    return advanced


def _grouped(data, placed: list[tuple[str, int]]) -> dict[str, tuple[str, list[int]]]:
    """Copies of one advanced tile, by tile id: (one copy, the caps of all copies)."""
    groups: dict[str, tuple[str, list[int]]] = {}
    for tile, cap in placed:
        groups.setdefault(data.tiles[tile].id, (tile, []))[1].append(cap)
    return groups


def what_each_played(engine: Engine) -> list[dict[str, list[str]]]:
    """Per seat, for the records of a finished game: the cards played beside the grid,
    the missions placed in space, the tiles taken by Discover, and the advanced tiles
    scored at the end."""
    seats: list[dict[str, list[str]]] = [
        {"played": [], "placed": [], "took": [], "scored_with": []} for _ in engine.state["players"]
    ]
    kinds = {"play_card": "played", "place_mission": "placed", "discover": "took"}
    for event in engine.state["log"]:
        kind = kinds.get(event["event"])
        if kind is not None:
            seats[event["seat"]][kind].append(event.get("card") or event.get("tile"))
    tiles = engine.data.tiles
    for seat, p in enumerate(engine.state["players"]):
        owned = [t for t in p["grid"] if t is not None] + p["advanced_aside"]
        owned += [t for t in p["advanced_spaces"] if t is not None]
        seats[seat]["scored_with"] = sorted(t for t in owned if tiles[t].kind == "advanced")
    return seats


def position_value(engine: Engine, seat: int) -> float:
    """A quick estimate of a seat's position: its VP plus part of a point for each item in
    storage, robot in the break room, mission card in hand, card in space or ejected, and
    what the final-scoring triggers would add (the same before and after the game ends).
    In the solo game only the difference with Hal decides, so his VP count against it."""
    p = engine.state["players"][seat]
    items = sum(p["storage"].values()) + p["break_room"] + len(p["hand"])
    tucked = sum(len(cards) for cards in p["tucked"].values())
    cards_in_space = sum(1 for c in engine.state["space"]["cards"].values() if c["owner"] == seat)
    value = p["vp"] + 0.5 * items + 1.5 * tucked + 1.0 * cards_in_space + 0.3 * len(p["ejected"])
    value += final_trigger_points(engine)[seat]
    if hal.playing(engine.state):
        value -= engine.state["hal"]["vp"]
    return value
