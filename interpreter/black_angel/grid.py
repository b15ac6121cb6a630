"""A player's technology grid: playing a card beside a row or column (A.1), activating
tiles, injecting tiles (which may eject one), the advanced spaces, and giving up tiles.

The grid is row-major, row 0 at the top; card slots are one per row, then one per
column. Tiles enter a row from the left and a column from the bottom.
"""

from __future__ import annotations

from ...dsl.ast import walk_calls
from ..game import NO_ANSWER, Frame
from . import labels
from .boosts import boost_up, early_flips, flip, leaves_play
from .labels import later
from .tables import Engine, Text


def line_cells(size: int, slot: int) -> list[int]:
    """The cells beside card slot `slot` (rows first, then columns)."""
    if slot < size:
        return [slot * size + c for c in range(size)]
    column = slot - size
    return [r * size + column for r in range(size)]


def can_play_card(engine: Engine, seat: int, args: tuple, ctx: dict) -> bool:
    p = engine.state["players"][seat]
    return (bool(p["hand"]) or bool(p["ravagers"])) and None in p["slots"]


def play_card(engine: Engine, frame: Frame) -> None:
    """A.1: a card beside a row or column activates tiles there (missions: same colour)."""
    seat = frame["seat"]
    p = engine.state["players"][seat]
    size = engine.data.grid_size
    if "card" not in frame:
        if "answer" in frame:
            frame["card"], frame["slot"] = frame.pop("answer")
            kind, card = frame["card"]
            (p["hand"] if kind == "mission" else p["ravagers"]).remove(card)
            p["slots"][frame["slot"]] = [kind, card]
            colour = engine.data.missions[card].color if kind == "mission" else None
            matching = [
                cell
                for cell in line_cells(size, frame["slot"])
                if p["grid"][cell] is not None and activated_by(engine, p["grid"][cell], colour)
            ]
            # the advanced rules: only standard-side tiles are activated; a boost tile may
            # be flipped early to be activated too
            frame["early"] = early_flips(engine, seat, matching)
            frame["todo"] = [cell for cell in matching if cell not in frame["early"]]
            engine.log("play_card", seat=seat, card=card, slot=frame["slot"])
        else:
            engine.ask(seat, "play_card", later(labels.PLAY_WHICH), card_options(engine, p))
            return
    if frame["early"]:
        cell = frame["early"][0]
        if "answer" not in frame:
            engine.ask(
                seat,
                "early_flip",
                later(labels.EARLY_FLIP, ("tile", p["grid"][cell])),
                [
                    ("flip", later(labels.FLIP_EARLY), True),
                    ("keep", later(labels.KEEP_BOOST), False),
                ],
            )
            return
        frame["early"].pop(0)
        if frame.pop("answer"):
            flip(engine, seat, p["grid"][cell], "early")
            frame["todo"].append(cell)
        return
    if not frame["todo"]:
        engine.finish(frame)
        return
    if "answer" in frame:
        cell = frame.pop("answer")
    else:
        cell = engine.ask_or_force(
            seat,
            "activate_order",
            later(labels.ACTIVATE_NEXT),
            [(f"cell:{c}", tile_in_cell(engine, p, c), c) for c in frame["todo"]],
        )
        if cell is NO_ANSWER:
            return
    frame["todo"].remove(cell)
    activate_tile(engine, seat, cell)


def card_options(engine: Engine, p: dict) -> list[tuple[str, Text, tuple]]:
    """Each card of the hand (one ravager stands for all) beside each free slot."""
    size = engine.data.grid_size
    # (kind, card, its name in the option ids, its label)
    cards = [("mission", c, c, labels.card(engine, c)) for c in sorted(set(p["hand"]))]
    cards += [
        ("ravager", c, "ravager", later(labels.A_RAVAGER)) for c in sorted(set(p["ravagers"]))[:1]
    ]
    options = []
    for slot, taken in enumerate(p["slots"]):
        if taken is not None:
            continue
        if slot < size:
            line = later(labels.ROW, ("number", slot + 1))
        else:
            line = later(labels.COLUMN, ("number", slot - size + 1))
        for kind, card, name, shown in cards:
            options.append(
                (
                    f"play:{name}:{slot}",
                    later(labels.PLAY_BESIDE, ("card", shown), ("line", line)),
                    ([kind, card], slot),
                )
            )
    return options


def tile_in_cell(engine: Engine, p: dict, cell: int) -> Text:
    return later(labels.TILE_IN_CELL, ("tile", p["grid"][cell]), ("cell", cell + 1))


def activated_by(engine: Engine, tile_id: str, mission_colour: str | None) -> bool:
    """Whether a played card activates this tile (a ravager card: colour None). A mission
    activates only the tiles of its own colour (EN, PL, DE p. 6, A.1), never a starting
    tile, whose colour is a player's."""
    tile = engine.data.tiles[tile_id]
    if tile.kind == "advanced":
        return False
    if mission_colour is None:
        return True
    return tile.kind != "start_tile" and tile.color == mission_colour


def activate_tile(engine: Engine, seat: int, cell: int) -> None:
    tile_id = engine.state["players"][seat]["grid"][cell]
    tile = engine.data.tiles[tile_id]
    engine.log("activate", seat=seat, tile=tile_id)
    # tech and start tiles have a standard side (required); advanced tiles are never activated
    assert tile.standard is not None
    engine.raise_event("tile_activated", seat, tile=tile_id)
    engine.run_effect(seat, tile.standard, {"cell": cell})


def adjacent_targets(engine: Engine, seat: int, args: tuple, ctx: dict) -> list[int]:
    direction, which = args
    cell = ctx.get("cell")
    if cell is None:
        return []
    size = engine.data.grid_size
    row, column = divmod(cell, size)
    near = (
        [(row - 1, column), (row + 1, column)]
        if direction == "vertical"
        else [(row, column - 1), (row, column + 1)]
    )
    grid = engine.state["players"][seat]["grid"]
    tiles = engine.data.tiles
    out = []
    for r, c in near:
        if 0 <= r < size and 0 <= c < size and grid[r * size + c] is not None:
            tile = tiles[grid[r * size + c]]
            if tile.kind == "advanced" or boost_up(engine, grid[r * size + c]):
                continue
            if which == "non_activating" and activates_tiles(engine, tile.standard):
                continue
            out.append(r * size + c)
    return out


def activates_tiles(engine: Engine, effect: int | None) -> bool:
    """Whether an effect activates other tiles (the activation-chain rule)."""
    if effect is None:
        return False
    primitives = engine.data.vocabulary.primitives
    return any(primitives[c.name].activates for c in walk_calls(engine.data.nodes[effect]))


def can_activate_adjacent(engine: Engine, seat: int, args: tuple, ctx: dict) -> bool:
    return bool(adjacent_targets(engine, seat, args, ctx))


def activate_adjacent(engine: Engine, frame: Frame) -> None:
    seat = frame["seat"]
    if frame.get("done"):
        engine.finish(frame, engine.state["result"])
        return
    if "answer" in frame:
        frame["done"] = True
        activate_tile(engine, seat, frame.pop("answer"))
        return
    targets = adjacent_targets(engine, seat, frame["args"], frame["ctx"])
    if not targets:
        engine.finish(frame, False)
        return
    p = engine.state["players"][seat]
    engine.ask(
        seat,
        "activate_target",
        later(labels.ACTIVATE_ADJACENT),
        [(f"cell:{c}", tile_in_cell(engine, p, c), c) for c in targets],
    )


# ---- injecting and ejecting ------------------------------------------------------------
def inject(engine: Engine, seat: int, tile: str, line: str, number: int) -> None:
    """Push a tile into a row (from the left) or column (from the bottom); a gap stops the push."""
    p = engine.state["players"][seat]
    size = engine.data.grid_size
    if line == "row":
        cells = [(number - 1) * size + c for c in range(size)]
    else:
        cells = [r * size + (number - 1) for r in reversed(range(size))]
    carried: str | None = tile
    debris = False
    gap_stops = engine.ruling("push_gaps") == "gap_stops"
    for cell in cells:
        carried, p["grid"][cell] = p["grid"][cell], carried
        debris, p["debris_on"][cell] = p["debris_on"][cell], debris
        if carried is None and gap_stops:
            break
    engine.log("inject", seat=seat, tile=tile, line=line, number=number)
    if carried is not None:
        eject_tile(engine, seat, carried, debris)


def eject_tile(engine: Engine, seat: int, tile: str, debris: bool) -> None:
    """A tile pushed out of the grid: its debris goes to storage; an advanced tile goes on a
    free advanced space (the player chooses which) or aside."""
    p = engine.state["players"][seat]
    if debris:
        p["storage"]["debris"] += 1
    engine.log("eject_tile", seat=seat, tile=tile)
    if engine.data.tiles[tile].kind != "advanced":
        p["ejected"].append(tile)
        return
    free = [i for i, t in enumerate(p["advanced_spaces"]) if t is None]
    if not free:
        p["advanced_aside"].append(tile)
        return
    engine.push({"op": "place_advanced", "seat": seat, "advanced_tile": tile})


def place_advanced(engine: Engine, frame: Frame) -> None:
    """The `place_advanced` operation: choose the space of an ejected advanced tile."""
    p = engine.state["players"][frame["seat"]]
    if "answer" in frame:
        p["advanced_spaces"][frame.pop("answer")] = frame["advanced_tile"]
        engine.finish(frame)
        return
    colours = engine.data.colors
    engine.ask(
        frame["seat"],
        "advanced_space",
        later(labels.ADVANCED_SPACE, ("tile", frame["advanced_tile"])),
        [
            (f"space:{colours[i]}", later(labels.COLOR_SPACE, ("color", colours[i])), i)
            for i, t in enumerate(p["advanced_spaces"])
            if t is None
        ],
    )


# ---- technology tiles given up as a cost ----------------------------------------------
def spendable_tiles(engine: Engine, seat: int) -> list[tuple[str, tuple[str, int]]]:
    """(id, where) of tiles that can be spent: non-advanced, in the grid or ejected."""
    player = engine.state["players"][seat]
    tiles = engine.data.tiles
    allowed = ("tech", "start_tile") if engine.ruling("spend_start_tiles") == "yes" else ("tech",)
    out = []
    for cell, tile in enumerate(player["grid"]):
        if tile is not None and tiles[tile].kind in allowed:
            out.append((f"grid:{cell}", ("grid", cell)))
    for index, tile in enumerate(player["ejected"]):
        if tiles[tile].kind in allowed:
            out.append((f"ejected:{index}", ("ejected", index)))
    return out


def can_spend_tech(engine: Engine, seat: int, args: tuple, ctx: dict) -> bool:
    return len(spendable_tiles(engine, seat)) >= args[0]


def spend_tech(engine: Engine, frame: Frame) -> None:
    seat = frame["seat"]
    player = engine.state["players"][seat]
    frame.setdefault("left", frame["args"][0])
    if "answer" in frame:
        where, index = frame.pop("answer")
        if where == "grid":
            tile = player["grid"][index]
            player["grid"][index] = None
            if player["debris_on"][index]:
                player["debris_on"][index] = False
                player["storage"]["debris"] += 1
        else:
            tile = player["ejected"].pop(index)
        leaves_play(engine, tile)
        engine.state["spent_tiles"].append(tile)
        engine.log("spend_tile", seat=seat, tile=tile)
        frame["left"] -= 1
    if frame["left"] == 0:
        engine.finish(frame)
        return
    options = spendable_tiles(engine, seat)
    if not options:
        engine.finish(frame, False)
        return
    engine.ask(
        seat,
        "spend_tile",
        later(labels.SPEND_WHICH_TILE),
        [(oid, _spendable_label(engine, player, where), where) for oid, where in options],
    )


def _spendable_label(engine: Engine, player: dict, where: tuple[str, int]) -> Text:
    kind, index = where
    if kind == "grid":
        return later(labels.TILE_IN_GRID_CELL, ("tile", player["grid"][index]), ("cell", index + 1))
    return later(labels.EJECTED_TILE, ("tile", player["ejected"][index]))
