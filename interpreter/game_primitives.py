"""Black Angel's game primitives: the rules that generic effects cannot express.

Everything specific to Black Angel that the interpreter knows is in this module
(and space.py for the hex geometry): the game loop, the turn steps the DSL's
`phase` declarations call, the board actions, ravagers and damage, ejection, and
final scoring. Each routine is a frame operation (see engine.py); the DSL names
them in content/turn.ba and the card effects call them by name.
"""

from __future__ import annotations

from . import space
from .engine import Engine, can, op, primitive
from .primitives import discard_card, draw_mission, lose_vp
from .state import hex_key

NEUTRAL = "neutral"


# ---- small helpers ---------------------------------------------------------------
def player(engine: Engine, seat: int) -> dict:
    return engine.state["players"][seat]


def seat_name(owner) -> str:
    """How option labels name a seat: P1, P2, ... or the neutral player."""
    return f"P{owner + 1}" if isinstance(owner, int) else "the neutral player"


def roll(engine: Engine, die: dict) -> None:
    faces = engine.data.die_faces
    die["value"] = faces[engine.rng.below(len(faces))]


def dice_of(engine: Engine, owner) -> list[int]:
    return [i for i, d in enumerate(engine.state["dice"]) if d["owner"] == owner]


def supply_dice(engine: Engine, colour: str) -> list[int]:
    return [
        i for i, d in enumerate(engine.state["dice"]) if d["owner"] is None and d["color"] == colour
    ]


def action_value(engine: Engine, number: int, value: int) -> int:
    """A die's activations on an action: one less on a fully damaged action (0 stays 0)."""
    damaged = (
        engine.state["actions"][number - 1]["damage"] >= engine.data.numbers["board.damage_spaces"]
    )
    return (
        max(0, value - engine.data.numbers["board.damage_penalty"])
        if damaged and value > 0
        else value
    )


def place_damage(engine: Engine, number: int) -> None:
    """A damage cube on an action; on a full action, on an undamaged die of its colour."""
    action = engine.state["actions"][number - 1]
    if action["damage"] < engine.data.numbers["board.damage_spaces"]:
        action["damage"] += 1
        engine.log("damage_action", action=number)
        return
    colour = engine.data.actions[number][0]
    for index in supply_dice(engine, colour):
        die = engine.state["dice"][index]
        if not die["damaged"]:
            die["damaged"] = True
            engine.log("damage_die", die=index)
            return
    engine.log("damage_ignored", action=number)


def draw_ravager(engine: Engine) -> str | None:
    state = engine.state
    if not state["ravager_deck"]:
        if not state["ravager_discard"]:
            return None
        state["ravager_deck"].extend(state["ravager_discard"])
        state["ravager_discard"].clear()
        engine.rng.shuffle(state["ravager_deck"])
        engine.log("reshuffle", deck="ravager")
    card = state["ravager_deck"].pop()
    if not state["ravager_deck"] and state["context"].get("sequence") == "a":
        trigger_end(engine, "ravagers")
    return card


def place_ravager(engine: Engine) -> None:
    """Draw a ravager; it attacks its action (1 damage), or is discarded on a full location."""
    limit = engine.data.numbers["board.ravager_stack_limit"]
    # enough draws to see every card after a reshuffle; if all target full locations, stop
    cards = len(engine.state["ravager_deck"]) + len(engine.state["ravager_discard"])
    for _ in range(2 * cards + 1):
        card = draw_ravager(engine)
        if card is None:
            return
        target = engine.data.ravagers[card][0]
        location = engine.state["actions"][target - 1]
        if len(location["ravagers"]) >= limit:
            engine.state["ravager_discard"].append(card)
            engine.log("ravager_overflow", card=card, action=target)
            continue
        location["ravagers"].append(card)
        engine.log("ravager_attacks", card=card, action=target)
        place_damage(engine, target)
        return


def trigger_end(engine: Engine, why: str) -> None:
    turn = engine.state["turn"]
    if turn["end_trigger"] is None:
        turn["end_trigger"] = why
        engine.log("end_triggered", reason=why)


def return_die(engine: Engine, index: int) -> None:
    die = engine.state["dice"][index]
    die["owner"] = None
    die["reserved"] = False


# ---- the game loop ---------------------------------------------------------------
@op("game")
def game(engine: Engine, frame: dict) -> None:
    state = engine.state
    turn = state["turn"]
    pc = frame.setdefault("pc", 0)
    if pc == 0:
        setup_players = len(state["players"])
        for _ in range(engine.data.setups[setup_players]["start_ravagers"]):
            place_ravager(engine)
        for seat in range(setup_players):
            for colour in engine.data.colors:
                index = supply_dice(engine, colour)[0]
                state["dice"][index]["owner"] = seat
                roll(engine, state["dice"][index])
        if state["neutral"] is not None:
            reroll_neutral(engine)
        frame["pc"] = 1
        frame["aid_seat"] = 1
        return
    if pc == 1:
        seat = frame["aid_seat"]
        if seat < len(state["players"]):
            frame["aid_seat"] += 1
            advantage = engine.data.aids.get(seat + 1)
            if advantage is not None:
                engine.run_effect(seat, advantage, {"setup": True})
            return
        frame["pc"] = 2
        engine.log("setup_done")
        return
    if frame.get("in_turn"):
        frame["in_turn"] = False
        end_of_turn(engine)
        return
    if turn["game_over"]:
        final_scoring(engine)
        engine.finish(frame)
        return
    seat = turn["seat"]
    phase = engine.data.final_turn_phase if turn["final_round"] else engine.data.turn_phase
    state["context"] = {"seat": seat}
    frame["in_turn"] = True
    engine.log("turn", seat=seat, round=turn["round"], final=turn["final_round"])
    engine.push({"op": "phase", "seat": seat, "phase": phase, "pc": 0})


def end_of_turn(engine: Engine) -> None:
    turn = engine.state["turn"]
    turn["turns"] += 1
    seat = turn["seat"]
    if seat == turn["last_seat_of_round"]:
        if turn["final_round"]:
            turn["game_over"] = True
            return
        if turn["end_trigger"] is not None:
            turn["final_round"] = True
            engine.log("final_round")
        turn["round"] += 1
    turn["seat"] = (seat + 1) % len(engine.state["players"])


@op("phase")
def phase(engine: Engine, frame: dict) -> None:
    steps = engine.data.phases[frame["phase"]]
    if frame["pc"] < len(steps):
        name, effect = steps[frame["pc"]]
        frame["pc"] += 1
        engine.run_effect(frame["seat"], effect, {"step": name})
        return
    engine.finish(frame)


@can("run")
def can_run(engine: Engine, seat: int, args, ctx) -> bool:
    return all(engine.can(seat, effect, ctx) for _, effect in engine.data.phases[args[0]])


# ---- sequence A ------------------------------------------------------------------
def row_or_column_cells(slot: int) -> list[int]:
    if slot < 3:
        return [slot * 3 + c for c in range(3)]
    column = slot - 3
    return [r * 3 + column for r in range(3)]


@can("play_card")
def can_play_card(engine: Engine, seat: int, args, ctx) -> bool:
    p = player(engine, seat)
    return (bool(p["hand"]) or bool(p["ravagers"])) and None in p["slots"]


@primitive("play_card")
def play_card(engine: Engine, frame: dict) -> None:
    """A.1: a card beside a row or column activates tiles there (missions: same colour)."""
    seat = frame["seat"]
    p = player(engine, seat)
    if "card" not in frame:
        if "answer" in frame:
            frame["card"], frame["slot"] = frame.pop("answer")
            kind, card = frame["card"]
            (p["hand"] if kind == "mission" else p["ravagers"]).remove(card)
            p["slots"][frame["slot"]] = [kind, card]
            colour = engine.data.missions[card].color if kind == "mission" else None
            frame["todo"] = [
                cell
                for cell in row_or_column_cells(frame["slot"])
                if p["grid"][cell] is not None and activated_by(engine, p["grid"][cell], colour)
            ]
            engine.log("play_card", seat=seat, card=card, slot=frame["slot"])
        else:
            options = []
            cards = [("mission", c) for c in sorted(set(p["hand"]))]
            cards += [("ravager", c) for c in sorted(set(p["ravagers"]))[:1]]
            for slot, taken in enumerate(p["slots"]):
                if taken is not None:
                    continue
                where = f"row {slot + 1}" if slot < 3 else f"column {slot - 2}"
                for kind, card in cards:
                    label = (
                        f"{card} ({engine.data.missions[card].color})"
                        if kind == "mission"
                        else "a Ravager card"
                    )
                    options.append(
                        (
                            f"play:{card if kind == 'mission' else 'ravager'}:{slot}",
                            f"play {label} beside {where}",
                            ([kind, card], slot),
                        )
                    )
            engine.ask(seat, "play_card", "Play which card where?", options)
            return
    if frame.get("activating"):
        frame["activating"] = False
    if not frame["todo"]:
        engine.finish(frame)
        return
    if "answer" in frame:
        cell = frame.pop("answer")
    elif len(frame["todo"]) == 1:
        cell = frame["todo"][0]
    else:
        engine.ask(
            seat,
            "activate_order",
            "Activate which tile next?",
            [(f"cell:{c}", f"{p['grid'][c]} (cell {c + 1})", c) for c in frame["todo"]],
        )
        return
    frame["todo"].remove(cell)
    activate_tile(engine, seat, cell)


def activated_by(engine: Engine, tile_id: str, mission_colour: str | None) -> bool:
    """Whether a played card activates this tile (a ravager card: colour None)."""
    tile = engine.data.tiles[tile_id]
    if tile.kind == "advanced":
        return False
    if mission_colour is None:
        return True
    if tile.kind == "start_tile":
        return engine.ruling("start_tiles_by_missions") == "yes"
    return tile.color == mission_colour


def activate_tile(engine: Engine, seat: int, cell: int) -> None:
    tile = engine.data.tiles[player(engine, seat)["grid"][cell]]
    engine.log("activate", seat=seat, tile=player(engine, seat)["grid"][cell])
    engine.run_effect(seat, tile.standard, {"cell": cell})


@can("activate_adjacent")
def can_activate_adjacent(engine: Engine, seat: int, args, ctx) -> bool:
    return bool(adjacent_targets(engine, seat, args, ctx))


def adjacent_targets(engine: Engine, seat: int, args, ctx) -> list[int]:
    direction, which = args
    cell = ctx.get("cell")
    if cell is None:
        return []
    row, column = divmod(cell, 3)
    near = (
        [(row - 1, column), (row + 1, column)]
        if direction == "vertical"
        else [(row, column - 1), (row, column + 1)]
    )
    grid = player(engine, seat)["grid"]
    tiles = engine.data.tiles
    out = []
    for r, c in near:
        if 0 <= r < 3 and 0 <= c < 3 and grid[r * 3 + c] is not None:
            tile = tiles[grid[r * 3 + c]]
            if tile.kind == "advanced":
                continue
            if which == "non_activating" and _activates(tile.standard):
                continue
            out.append(r * 3 + c)
    return out


def _activates(effect) -> bool:
    if effect is None:
        return False
    if effect[0] == "call":
        return effect[1] == "activate_adjacent"
    parts = effect[1] if effect[0] in ("seq", "choice") else effect[1:]
    return any(_activates(e) for e in parts)


@primitive("activate_adjacent")
def activate_adjacent(engine: Engine, frame: dict) -> None:
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
    grid = player(engine, seat)["grid"]
    engine.ask(
        seat,
        "activate_target",
        "Activate which adjacent tile?",
        [(f"cell:{c}", f"{grid[c]} (cell {c + 1})", c) for c in targets],
    )


@can("move_robot")
def can_move_robot(engine: Engine, seat: int, args, ctx) -> bool:
    p = player(engine, seat)
    source = args[0]
    return p["break_room"] > 0 if source == "break_room" else sum(p["workstations"].values()) > 0


@primitive("move_robot")
def move_robot(engine: Engine, frame: dict) -> None:
    seat = frame["seat"]
    p = player(engine, seat)
    source, destination = frame["args"]
    if "answer" in frame:
        colour = frame.pop("answer")
        if source == "break_room":
            p["break_room"] -= 1
            p["workstations"][colour] += 1
            neutral = engine.state["neutral"]
            if neutral is not None and neutral["workstations"].get(colour):
                neutral["workstations"][colour] = 0  # the neutral robot leaves the game
                engine.log("neutral_robot_removed", workstation=colour)
        else:
            p["workstations"][colour] -= 1
            p["break_room"] += 1
        engine.log("move_robot", seat=seat, source=source, workstation=colour)
        engine.finish(frame)
        return
    if not can_move_robot(engine, seat, frame["args"], frame["ctx"]):
        engine.finish(frame, False)
        return
    colours = list(engine.data.colors)
    if source == "workstation":
        colours = [c for c in colours if p["workstations"][c] > 0]
    engine.ask(
        seat,
        "workstation",
        f"Which workstation ({source} -> {destination})?",
        [(f"workstation:{c}", c, c) for c in colours],
    )


# ---- A.2: choosing a die and what to do with it -------------------------------------
def die_uses(engine: Engine, seat: int, index: int) -> list[tuple[str, str, tuple]]:
    """What `seat` could do with die `index`: (id, label, use)."""
    die = engine.state["dice"][index]
    uses = []
    for number, (colour, kind) in sorted(engine.data.actions.items()):
        if colour != die["color"]:
            continue
        value = action_value(engine, number, die["value"])
        if value == 0 and die["value"] > 0 and engine.ruling("damaged_to_zero") == "no_action":
            continue
        usable = ACTION_CAN[kind](engine, seat, value, die["color"])
        if not usable and kind != "command" and value > 0:
            usable = engine.ruling("empty_action") == "allow"
        if usable:
            uses.append(
                (
                    f"action:{number}",
                    f"action {number} ({kind}) with value {value}",
                    ("action", number),
                )
            )
    if die["value"] > 0:
        for key, card in sorted(engine.state["space"]["cards"].items()):
            mission = engine.data.missions[card["mission"]]
            if mission.activation is None or mission.color != die["color"]:
                continue
            present = card["robot"] == seat or seat in engine.state["space"]["ships"].get(key, [])
            if present and engine.can(seat, mission.activation, {"card": key}):
                uses.append(
                    (f"mission:{key}", f"activate {card['mission']} at {key}", ("mission", key))
                )
    return uses


def usable_dice(engine: Engine, seat: int) -> list[tuple[int, bool]]:
    """(die, bought?) for every die the player could use now."""
    out = []
    resources = player(engine, seat)["storage"]["resource"]
    for index, die in enumerate(engine.state["dice"]):
        if die["owner"] == seat:
            bought = False
        elif die["owner"] is not None and not die["reserved"] and resources >= 1:
            bought = True
        else:
            continue
        if die_uses(engine, seat, index):
            out.append((index, bought))
    return out


@can("perform_action")
def can_perform_action(engine: Engine, seat: int, args, ctx) -> bool:
    return bool(usable_dice(engine, seat))


@primitive("perform_action")
def perform_action(engine: Engine, frame: dict) -> None:
    seat = frame["seat"]
    state = engine.state
    p = player(engine, seat)
    stage = frame.setdefault("stage", "die")
    answer = frame.pop("answer", None)
    state["context"]["sequence"] = "a"
    if stage == "die":
        if answer is not None:
            kind, index = answer
            if kind == "flip":
                die = state["dice"][index]
                p["storage"]["debris"] -= 1
                offset = engine.data.flip_offset
                die["value"] = (
                    die["value"] + offset if die["value"] < offset else die["value"] - offset
                )
                engine.log("flip_die", seat=seat, die=index, value=die["value"])
            else:
                frame["die"], frame["bought"] = index, kind == "buy"
                frame["stage"] = "use"
                perform_action(engine, frame)
                return
        options = []
        for index, bought in usable_dice(engine, seat):
            die = state["dice"][index]
            owner = die["owner"]
            if bought:
                label = f"buy {die['color']} {die['value']} from {seat_name(owner)} for 1 resource"
                options.append((f"buy:{index}", label, ("buy", index)))
            else:
                options.append(
                    (f"die:{index}", f"use your {die['color']} {die['value']}", ("own", index))
                )
        if p["storage"]["debris"] > 0:
            for index in dice_of(engine, seat):
                die = state["dice"][index]
                options.append(
                    (
                        f"flip:{index}",
                        f"spend 1 debris to flip your {die['color']} {die['value']}",
                        ("flip", index),
                    )
                )
        if not any(o[2][0] != "flip" for o in options):
            # A.1 used up what made a die usable (rare): the action step is lost
            engine.log("no_usable_die", seat=seat)
            engine.finish(frame, False)
            return
        engine.ask(seat, "choose_die", "Choose a die", options)
        return
    if stage == "use":
        index = frame["die"]
        if answer is None:
            uses = die_uses(engine, seat, index)
            if len(uses) == 1:
                answer = uses[0][2]
            else:
                engine.ask(seat, "choose_use", "Use the die for what?", uses)
                return
        die = state["dice"][index]
        if frame["bought"]:
            owner = die["owner"]
            p["storage"]["resource"] -= 1
            if owner != NEUTRAL:
                player(engine, owner)["storage"]["resource"] += 1
            engine.log("buy_die", seat=seat, die=index, owner=owner)
        die["owner"] = seat
        die["reserved"] = False
        state["context"]["die"] = index
        state["context"]["die_color"] = die["color"]
        frame["use"] = list(answer)
        frame["stage"] = "ravager" if answer[0] == "action" else "mission"
        engine.log("use_die", seat=seat, die=index, use=list(answer))
        return
    if stage == "ravager":
        number = frame["use"][1]
        location = state["actions"][number - 1]
        frame["stage"] = "action"
        if location["ravagers"]:
            card = location["ravagers"][-1]
            permanent = engine.data.ravagers[card][1]
            ctx = {"action": number, "ravager": card}
            if engine.can(seat, permanent, ctx):
                engine.run_effect(seat, permanent, ctx)
            else:
                lose_vp(engine, seat, 1)
                engine.log("ravager_unresolved", seat=seat, card=card)
        return
    if stage == "action":
        number = frame["use"][1]
        colour, kind = engine.data.actions[number]
        value = action_value(engine, number, state["dice"][frame["die"]]["value"])
        frame["stage"] = "done"
        engine.push(
            {
                "op": f"action_{kind}",
                "seat": seat,
                "value": value,
                "color": colour,
                "action": number,
            }
        )
        return
    if stage == "mission":
        frame["stage"] = "done"
        engine.push(
            {
                "op": "activate_mission",
                "seat": seat,
                "key": frame["use"][1],
                "value": state["dice"][frame["die"]]["value"],
            }
        )
        return
    engine.finish(frame)


# ---- the actions ------------------------------------------------------------------
def tile_cost(engine: Engine, position: int) -> int:
    return 2 if position < engine.data.numbers["board.display_expensive"] else 1


def can_discover(engine: Engine, seat: int, value: int, colour: str) -> bool:
    if value <= 0:
        return False
    display = engine.state["display"]
    cheapest = min(
        (tile_cost(engine, i) for i, t in enumerate(display) if t is not None), default=99
    )
    if any(engine.state["advanced_slots"]):
        cheapest = min(cheapest, 2)
    return cheapest <= value


def can_repair(engine: Engine, seat: int, value: int, colour: str) -> bool:
    return value > 0 and (
        any(a["damage"] for a in engine.state["actions"])
        or any(d["damaged"] and d["owner"] is None for d in engine.state["dice"])
    )


def can_destroy(engine: Engine, seat: int, value: int, colour: str) -> bool:
    return value > 0 and any(0 < len(a["ravagers"]) <= value for a in engine.state["actions"])


def command_ships(engine: Engine, seat: int, value: int) -> list[tuple[str, str]]:
    """Ships that can be commanded: ("launch", label) or (hex key, label)."""
    p = player(engine, seat)
    out = []
    star_launch = engine.ruling("star_die_launch") == "allow"
    if p["storage"]["ship"] > 0 and p["break_room"] > 0 and (value > 0 or star_launch):
        out.append(("launch", "launch a new ship"))
    for key, seats in sorted(engine.state["space"]["ships"].items()):
        if seat in seats:
            out.append((key, f"your ship at {key}"))
    return out


def can_place_at(engine: Engine, seat: int, key: str, colour: str) -> bool:
    strip, pos = space.split(key)
    if space.hex_at(engine, strip, pos).terrain != colour or key in engine.state["space"]["cards"]:
        return False
    p = player(engine, seat)
    return p["break_room"] > 0 and any(engine.data.missions[m].color == colour for m in p["hand"])


def can_command(engine: Engine, seat: int, value: int, colour: str) -> bool:
    ships = command_ships(engine, seat, value)
    if value > 0:
        return bool(ships)
    # a star die: no movement, but a card must be placed under one of your ships
    return any(key != "launch" and can_place_at(engine, seat, key, colour) for key, _ in ships)


ACTION_CAN = {
    "discover": can_discover,
    "repair": can_repair,
    "destroy": can_destroy,
    "command": can_command,
}


@op("action_discover")
def action_discover(engine: Engine, frame: dict) -> None:
    """Take tiles from the display (first spaces and advanced tiles cost 2), then inject them."""
    seat = frame["seat"]
    state = engine.state
    frame.setdefault("left", frame["value"])
    frame.setdefault("taken", [])
    answer = frame.pop("answer", None)
    if not frame.get("injecting"):
        if answer is not None:
            kind, index = answer
            if kind == "stop":
                frame["injecting"] = True
            elif kind == "tile":
                frame["taken"].append(state["display"][index])
                state["display"][index] = None
                frame["left"] -= tile_cost(engine, index)
            else:
                frame["taken"].append(state["advanced_slots"][index])
                state["advanced_slots"][index] = (
                    state["advanced_deck"].pop() if state["advanced_deck"] else None
                )
                frame["left"] -= 2
            if kind != "stop":
                engine.log("discover", seat=seat, tile=frame["taken"][-1])
            answer = None
        if not frame.get("injecting"):
            options = [
                (f"tile:{i}", f"{t} (cost {tile_cost(engine, i)})", ("tile", i))
                for i, t in enumerate(state["display"])
                if t is not None and tile_cost(engine, i) <= frame["left"]
            ]
            if frame["left"] >= 2:
                options += [
                    (f"advanced:{i}", f"advanced {t} (cost 2)", ("advanced", i))
                    for i, t in enumerate(state["advanced_slots"])
                    if t is not None
                ]
            if not options:
                frame["injecting"] = True
            else:
                if frame["taken"]:
                    options.append(("stop", "take no more tiles", ("stop", 0)))
                engine.ask(
                    seat, "discover", f"Take a tile ({frame['left']} activations left)", options
                )
                return
    # injection, one tile at a time
    if answer is not None:
        line, number = answer
        tile = frame["taken"].pop(0)
        inject(engine, seat, tile, line, number)
        return
    if not frame["taken"]:
        engine.finish(frame)
        return
    tile = frame["taken"][0]
    enters = "advanced" if engine.data.tiles[tile].kind == "advanced" else "technology"
    options = [
        (f"{line}:{number}", f"inject {tile} into {line} {number}", (line, number))
        for line, number, kind in engine.data.arrows
        if kind == enters
    ]
    engine.ask(seat, "inject", f"Inject {tile} where?", options)


def inject(engine: Engine, seat: int, tile: str, line: str, number: int) -> None:
    """Push a tile into a row (from the left) or column (from the bottom); a gap stops the push."""
    p = player(engine, seat)
    if line == "row":
        cells = [(number - 1) * 3 + c for c in range(3)]
    else:
        cells = [r * 3 + (number - 1) for r in (2, 1, 0)]
    carried, debris = tile, False
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
    p = player(engine, seat)
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
    engine.push({"op": "place_advanced", "seat": seat, "tile": tile})


@op("place_advanced")
def place_advanced(engine: Engine, frame: dict) -> None:
    p = player(engine, frame["seat"])
    if "answer" in frame:
        p["advanced_spaces"][frame.pop("answer")] = frame["tile"]
        engine.finish(frame)
        return
    colours = engine.data.colors
    engine.ask(
        frame["seat"],
        "advanced_space",
        f"Place ejected {frame['tile']} on which space?",
        [
            (f"space:{colours[i]}", f"the {colours[i]} space", i)
            for i, t in enumerate(p["advanced_spaces"])
            if t is None
        ],
    )


@op("action_repair")
def action_repair(engine: Engine, frame: dict) -> None:
    """Each activation turns a damage cube into debris: to storage or onto a tile's lightning."""
    seat = frame["seat"]
    state = engine.state
    p = player(engine, seat)
    frame.setdefault("left", frame["value"])
    answer = frame.pop("answer", None)
    if frame.get("placing"):
        if answer is None:
            options = [("storage", "put the debris in your storage", "storage")]
            options += [
                (f"tile:{c}", f"put it on {t} and activate it (cell {c + 1})", c)
                for c, t in enumerate(p["grid"])
                if t is not None
                and not p["debris_on"][c]
                and engine.data.tiles[t].kind != "advanced"
            ]
            engine.ask(seat, "debris", "Where does the debris go?", options)
            return
        frame["placing"] = False
        if answer != "storage":
            p["debris_on"][answer] = True
            activate_tile(engine, seat, answer)
            return
        p["storage"]["debris"] += 1
        answer = None
    if answer is not None:
        kind, index = answer
        if kind == "stop":
            engine.finish(frame)
            return
        if kind == "action":
            state["actions"][index - 1]["damage"] -= 1
        else:
            state["dice"][index]["damaged"] = False
        frame["left"] -= 1
        frame["placing"] = True
        engine.log("repair", seat=seat, source=kind, index=index)
        action_repair(engine, frame)
        return
    if frame["left"] <= 0:
        engine.finish(frame)
        return
    options = [
        (f"action:{n}", f"remove a cube from action {n}", ("action", n))
        for n in sorted(engine.data.actions)
        if state["actions"][n - 1]["damage"] > 0
    ]
    options += [
        (f"die:{i}", f"remove the cube from a {d['color']} die", ("die", i))
        for i, d in enumerate(state["dice"])
        if d["damaged"] and d["owner"] is None
    ]
    if not options:
        engine.finish(frame)
        return
    if frame["left"] < frame["value"]:
        options.append(("stop", "stop repairing", ("stop", 0)))
    engine.ask(seat, "repair", f"Repair what? ({frame['left']} left)", options)


@op("action_destroy")
def action_destroy(engine: Engine, frame: dict) -> None:
    """Each activation destroys one ravager; a location's whole stack goes at once."""
    seat = frame["seat"]
    state = engine.state
    p = player(engine, seat)
    frame.setdefault("left", frame["value"])
    answer = frame.pop("answer", None)
    if answer is not None:
        if answer == "stop":
            engine.finish(frame)
            return
        location = state["actions"][answer - 1]
        frame["left"] -= len(location["ravagers"])
        p["ravagers"].extend(location["ravagers"])
        for seats in location["held"].values():
            for owner in seats:
                player(engine, owner)["break_room"] += 1
        location["held"] = {}
        engine.log("destroy", seat=seat, action=answer, cards=list(location["ravagers"]))
        location["ravagers"] = []
    options = [
        (
            f"action:{n}",
            f"destroy the {len(state['actions'][n - 1]['ravagers'])} ravager(s) at {n}",
            n,
        )
        for n in sorted(engine.data.actions)
        if 0 < len(state["actions"][n - 1]["ravagers"]) <= frame["left"]
    ]
    if not options:
        engine.finish(frame)
        return
    if frame["left"] < frame["value"]:
        options.append(("stop", "stop destroying", "stop"))
    engine.ask(seat, "destroy", f"Destroy which ravagers? ({frame['left']} left)", options)


@op("action_command")
def action_command(engine: Engine, frame: dict) -> None:
    """Move one ship (launching it if new), then maybe place a mission card where it ends."""
    seat = frame["seat"]
    state = engine.state
    p = player(engine, seat)
    ships = state["space"]["ships"]
    value, colour = frame["value"], frame["color"]
    stage = frame.setdefault("stage", "ship")
    answer = frame.pop("answer", None)
    if stage == "ship":
        if answer is None:
            options = [(f"ship:{k}", label, k) for k, label in command_ships(engine, seat, value)]
            if value == 0:
                options = [
                    o
                    for o in options
                    if o[2] != "launch" and can_place_at(engine, seat, o[2], colour)
                ]
            if not options:
                # the ravager's effect took what the action needed (e.g. the last robot)
                engine.log("action_impossible", seat=seat, action=frame["action"])
                engine.finish(frame, False)
                return
            if len(options) == 1:
                answer = options[0][2]
            else:
                engine.ask(seat, "ship", "Command which ship?", options)
                return
        if answer == "launch":
            p["storage"]["ship"] -= 1
            p["break_room"] -= 1
            strip, pos = state["space"]["black_angel"]
            start = hex_key(strip, pos)
            frame["from"] = None
            frame["pilot"] = seat  # the robot is in the cockpit until the ship lands
            engine.log("launch", seat=seat)
        else:
            start = answer
            frame["from"] = answer
        frame["start"] = start
        frame["stage"] = "move"
        answer = None
    if frame["stage"] == "move":
        if answer is None:
            targets = space.destinations(
                engine, seat, space.split(frame["start"]), value, frame["from"]
            )
            if value == 0:
                targets = [frame["start"]]
            if len(targets) == 1:
                answer = targets[0]
            else:
                engine.ask(
                    seat,
                    "move",
                    "Move the ship to which hex?",
                    [
                        (
                            f"hex:{t}",
                            f"hex {t} ({space.hex_at(engine, *space.split(t)).terrain})",
                            t,
                        )
                        for t in targets
                    ],
                )
                return
        if frame["from"] is not None:
            ships[frame["from"]].remove(seat)
            if not ships[frame["from"]]:
                del ships[frame["from"]]
        ships.setdefault(answer, []).append(seat)
        frame.pop("pilot", None)
        engine.log("move_ship", seat=seat, to=answer)
        frame["at"] = answer
        frame["stage"] = "place"
        answer = None
    if frame["stage"] == "place":
        if answer is None:
            if not can_place_at(engine, seat, frame["at"], colour):
                engine.finish(frame)
                return
            options = [
                (f"place:{m}", f"place {m}", m)
                for m in sorted(set(p["hand"]))
                if engine.data.missions[m].color == colour
            ]
            if value > 0:
                options.append(("skip", "place no card", None))
            engine.ask(seat, "place_card", "Place a mission card here?", options)
            return
        if answer is None:
            engine.finish(frame)
            return
        frame["stage"] = "reward"
        place_mission(engine, seat, answer, frame["at"])
        return
    engine.finish(frame)


def place_mission(engine: Engine, seat: int, mission_id: str, key: str) -> None:
    """Place a card: robot on the reward (and take it), ravagers appear, tiles enter the display."""
    state = engine.state
    p = player(engine, seat)
    p["hand"].remove(mission_id)
    p["break_room"] -= 1
    state["space"]["cards"][key] = {"mission": mission_id, "owner": seat, "robot": seat}
    mission = engine.data.missions[mission_id]
    engine.log("place_mission", seat=seat, card=mission_id, at=key)
    strip, pos = space.split(key)
    for _ in range(space.adjacent_icons(engine, strip, pos)):
        place_ravager(engine)
    for colour in mission.reveals:
        if state["stacks"][colour]:
            display_push(engine, state["stacks"][colour].pop())
    amount, item = mission.reward
    reward = ("call", "gain" if item == "vp" else "take", (amount, item), None, None)
    engine.run_effect(seat, reward, {"card": key})


def display_push(engine: Engine, tile: str) -> None:
    """A new tile enters the display at its start; the push stops at the first gap."""
    display = engine.state["display"]
    carried = tile
    gap_stops = engine.ruling("push_gaps") == "gap_stops"
    for i in range(len(display)):
        carried, display[i] = display[i], carried
        if carried is None and gap_stops:
            break
    if carried is not None:
        engine.state["tile_discard"].append(carried)
    engine.log("display_in", tile=tile)


@op("activate_mission")
def activate_mission(engine: Engine, frame: dict) -> None:
    """Per activation the card's effect; then its owner may activate it once for free."""
    seat = frame["seat"]
    key = frame["key"]
    card = engine.state["space"]["cards"][key]
    mission = engine.data.missions[card["mission"]]
    ctx = {"card": key}
    frame.setdefault("left", frame["value"])
    answer = frame.pop("answer", None)
    if frame.get("owner_turn"):
        owner = card["owner"]
        if frame.get("owner_done"):
            engine.finish(frame)
            return
        if answer is None:
            if owner == seat or not engine.can(owner, mission.activation, ctx):
                engine.finish(frame)
                return
            engine.ask(
                owner,
                "free_activation",
                f"Activate your {card['mission']} once for free?",
                [("yes", "yes", True), ("no", "no", False)],
            )
            return
        frame["owner_done"] = True
        if answer:
            engine.log("free_activation", seat=owner, card=card["mission"])
            engine.run_effect(owner, mission.activation, ctx)
        return
    if answer is False or frame["left"] <= 0 or not engine.can(seat, mission.activation, ctx):
        frame["owner_turn"] = True
        return
    may_stop = engine.ruling("activation_count") == "at_most" or mission.activation[0] == "trade"
    if answer is None and may_stop and frame["left"] < frame["value"]:
        engine.ask(
            seat,
            "activate_again",
            f"Activate {card['mission']} again ({frame['left']} left)?",
            [("yes", "yes", True), ("no", "no", False)],
        )
        return
    frame["left"] -= 1
    engine.log("activate_mission", seat=seat, card=card["mission"])
    engine.run_effect(seat, mission.activation, ctx)


# ---- ravager permanent effects ------------------------------------------------------
def damage_possible(engine: Engine, number: int) -> bool:
    if engine.state["actions"][number - 1]["damage"] < engine.data.numbers["board.damage_spaces"]:
        return True
    colour = engine.data.actions[number][0]
    return any(not engine.state["dice"][i]["damaged"] for i in supply_dice(engine, colour))


@can("damage_next_action")
def can_damage_next_action(engine: Engine, seat: int, args, ctx) -> bool:
    if engine.ruling("unplaceable_damage") == "no_loss":
        return True
    return damage_possible(engine, ctx["action"] % len(engine.data.actions) + 1)


@can("damage_die")
def can_damage_die(engine: Engine, seat: int, args, ctx) -> bool:
    if engine.ruling("unplaceable_damage") == "no_loss":
        return True
    return any(not engine.state["dice"][i]["damaged"] for i in supply_dice(engine, args[0]))


@primitive("damage_next_action")
def damage_next_action(engine: Engine, frame: dict) -> None:
    number = frame["ctx"]["action"]
    place_damage(engine, number % len(engine.data.actions) + 1)
    engine.finish(frame)


@primitive("damage_die")
def damage_die(engine: Engine, frame: dict) -> None:
    for index in supply_dice(engine, frame["args"][0]):
        die = engine.state["dice"][index]
        if not die["damaged"]:
            die["damaged"] = True
            engine.log("damage_die", die=index)
            break
    engine.finish(frame)


@can("hold_robot")
def can_hold_robot(engine: Engine, seat: int, args, ctx) -> bool:
    return player(engine, seat)["break_room"] > 0


@primitive("hold_robot")
def hold_robot(engine: Engine, frame: dict) -> None:
    seat = frame["seat"]
    ctx = frame["ctx"]
    player(engine, seat)["break_room"] -= 1
    held = engine.state["actions"][ctx["action"] - 1]["held"]
    held.setdefault(ctx["ravager"], []).append(seat)
    engine.log("robot_held", seat=seat, card=ctx["ravager"])
    engine.finish(frame)


# ---- A.3 and the end of a turn ------------------------------------------------------
@primitive("draw_for_die")
def draw_for_die(engine: Engine, frame: dict) -> None:
    ctx = engine.state["context"]
    seat = frame["seat"]
    if "die" not in ctx:
        engine.finish(frame, False)
        return
    card = draw_mission(engine, ctx["die_color"])
    if card is not None:
        player(engine, seat)["hand"].append(card)
    engine.log("draw", seat=seat, card=card)
    return_die(engine, ctx["die"])
    engine.finish(frame)


@primitive("hand_limit")
def hand_limit(engine: Engine, frame: dict) -> None:
    seat = frame["seat"]
    hand = player(engine, seat)["hand"]
    if "answer" in frame:
        card = frame.pop("answer")
        hand.remove(card)
        discard_card(engine, "mission", card)
        engine.log("discard", seat=seat, card=card)
    if len(hand) <= engine.data.numbers["game.hand_limit"]:
        engine.finish(frame)
        return
    engine.ask(
        seat,
        "hand_limit",
        "Discard a mission card (hand limit)",
        [(f"card:{c}", f"{c} ({engine.data.missions[c].color})", c) for c in sorted(set(hand))],
    )


# ---- sequence B -------------------------------------------------------------------
@primitive("reroll_dice")
def reroll_dice(engine: Engine, frame: dict) -> None:
    seat = frame["seat"]
    state = engine.state
    p = player(engine, seat)
    state["context"]["sequence"] = "b"
    unused = dice_of(engine, seat)
    lost = sum(state["dice"][i]["value"] for i in unused)
    for index in unused:
        return_die(engine, index)
    if lost:
        lose_vp(engine, seat, lost)
    for colour in engine.data.colors:
        for _ in range(p["workstations"][colour]):
            available = sorted(
                supply_dice(engine, colour), key=lambda i: state["dice"][i]["damaged"]
            )
            if not available:
                break
            die = state["dice"][available[0]]
            die["owner"] = seat
            if die["damaged"]:
                die["damaged"] = False
                lose_vp(engine, seat, 1)
            roll(engine, die)
    if state["neutral"] is not None:
        reroll_neutral(engine)
    engine.log("reroll", seat=seat, lost=lost)
    engine.finish(frame)


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
    for colour, robots in state["neutral"]["workstations"].items():
        if robots and colour not in held:
            available = [i for i in supply_dice(engine, colour) if not state["dice"][i]["damaged"]]
            if available:
                state["dice"][available[0]]["owner"] = NEUTRAL
                roll(engine, state["dice"][available[0]])


@can("reserve_die")
def can_reserve_die(engine: Engine, seat: int, args, ctx) -> bool:
    amount, item = args
    unreserved = [i for i in dice_of(engine, seat) if not engine.state["dice"][i]["reserved"]]
    return bool(unreserved) and player(engine, seat)["storage"][item] >= amount


@can("reserve_free")
def can_reserve_free(engine: Engine, seat: int, args, ctx) -> bool:
    return any(not engine.state["dice"][i]["reserved"] for i in dice_of(engine, seat))


@primitive("reserve_die")
@primitive("reserve_free")
def reserve_die(engine: Engine, frame: dict) -> None:
    seat = frame["seat"]
    if "answer" in frame:
        index = frame.pop("answer")
        engine.state["dice"][index]["reserved"] = True
        if frame["args"]:
            amount, item = frame["args"]
            player(engine, seat)["storage"][item] -= amount
        engine.log("reserve", seat=seat, die=index)
        engine.finish(frame)
        return
    dice = [i for i in dice_of(engine, seat) if not engine.state["dice"][i]["reserved"]]
    if not dice:
        engine.finish(frame, False)
        return
    engine.ask(
        seat,
        "reserve",
        "Reserve which die?",
        [
            (
                f"die:{i}",
                f"{engine.state['dice'][i]['color']} {engine.state['dice'][i]['value']}",
                i,
            )
            for i in dice
        ],
    )


@primitive("reset_board")
def reset_board(engine: Engine, frame: dict) -> None:
    p = player(engine, frame["seat"])
    for slot, card in enumerate(p["slots"]):
        if card is not None:
            discard_card(engine, card[0], card[1])
            p["slots"][slot] = None
    moved = sum(p["debris_on"])
    p["storage"]["debris"] += moved
    p["debris_on"] = [False] * 9
    engine.finish(frame)


@primitive("advance_black_angel")
def advance_black_angel(engine: Engine, frame: dict) -> None:
    """B.3: move on one strip, eject the first strip's cards (resolving them), recycle the strip."""
    state = engine.state
    sp = state["space"]
    if state["turn"]["end_trigger"] is not None:
        engine.finish(frame)
        return
    stage = frame.setdefault("stage", "move")
    if stage == "move":
        strip, pos = sp["black_angel"]
        order = sp["order"]
        old = hex_key(strip, pos)
        nxt = order[order.index(strip) + 1]
        sp["black_angel"] = [nxt, pos]
        if space.hex_at(engine, strip, pos).terrain == "asteroid" and old in sp["ships"]:
            destroy_ships(engine, old)
        engine.log("black_angel_moves", to=hex_key(nxt, pos))
        if sp["spes_tile"] == nxt and pos == engine.data.numbers["space.start_hex"]:
            state["turn"]["spes_reached"] = True
            trigger_end(engine, "spes")
            if engine.ruling("spes_arrival") == "stop":
                engine.finish(frame)
                return
        first = order[0]
        frame["ejected"] = sorted(k for k in sp["cards"] if space.split(k)[0] == first)
        frame["resolve"] = []
        for key in frame["ejected"]:
            card = sp["cards"][key]
            mission = engine.data.missions[card["mission"]]
            ships = sp["ships"].get(key, [])
            for who, effect in sorted(mission.ejection.items()):
                beneficiaries = {
                    "owner": [card["owner"]],
                    "passengers": list(ships),
                    "everyone": [card["owner"]] + [s for s in ships if s != card["owner"]],
                }[who]
                frame["resolve"].extend([seat, effect, key] for seat in beneficiaries)
        frame["stage"] = "resolve"
        return
    if stage == "resolve":
        if frame["resolve"]:
            seat, effect, key = frame["resolve"].pop(0)
            engine.run_effect(seat, effect, {"card": key, "ejecting": True})
            return
        frame["stage"] = "recycle"
        return
    order = sp["order"]
    first = order[0]
    for key in frame["ejected"]:
        card = sp["cards"].pop(key)
        owner = player(engine, card["owner"])
        owner["tucked"][engine.data.missions[card["mission"]].color].append(card["mission"])
        owner["supply_robots"] += 1  # the reward robot goes to the supply
        engine.log("mission_ejected", card=card["mission"], owner=card["owner"])
    for key in [k for k in sp["ships"] if space.split(k)[0] == first]:
        destroy_ships(engine, key)
    order.append(order.pop(0))
    sp["face"][first] = "b" if sp["face"][first] == "a" else "a"
    if sp["spes_token"] == first:
        sp["spes_token"] = None
        sp["spes_tile"] = first
        engine.log("spes_appears", strip=first)
    engine.finish(frame)


def destroy_ships(engine: Engine, key: str) -> None:
    """Ships leave space: the ship returns to the supply, its pilot robot too."""
    for seat in engine.state["space"]["ships"].pop(key, []):
        player(engine, seat)["supply_robots"] += 1
        engine.log("ship_removed", seat=seat, at=key)


@can("pass_turn")
def can_pass_turn(engine: Engine, seat: int, args, ctx) -> bool:
    return engine.state["turn"]["final_round"] and not can_run(engine, seat, ("sequence_a",), ctx)


@primitive("pass_turn")
def pass_turn(engine: Engine, frame: dict) -> None:
    engine.log("pass", seat=frame["seat"])
    engine.finish(frame)


# ---- final scoring ----------------------------------------------------------------
def final_scoring(engine: Engine) -> None:
    """Score track + advanced tiles (capped; duplicates need distinct elements) + conversion."""
    from .engine import COUNTERS

    data = engine.data
    numbers = data.numbers
    scores = []
    for seat, p in enumerate(engine.state["players"]):
        total = p["vp"]
        for debris_cell, on in enumerate(p["debris_on"]):
            if on:
                p["debris_on"][debris_cell] = False
                p["storage"]["debris"] += 1
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
        groups: dict[str, list[int]] = {}
        for tile, cap in placed:
            groups.setdefault(data.tiles[tile].id, []).append(cap)
        advanced = 0
        for tile_id, caps in groups.items():
            score = next(t for t in data.tiles.values() if t.id == tile_id).score
            per_element = score[2][0]
            elements = COUNTERS[score[3][1]](engine, seat, score[3][2], {"final": True})
            for cap in sorted(caps, reverse=True):
                used = min(elements, -(-cap // per_element))
                advanced += min(cap, used * per_element)
                elements -= used
        total += advanced
        conversion = 0
        if engine.state["turn"]["spes_reached"]:
            leftovers = p["break_room"] + p["storage"]["resource"] + p["storage"]["ship"]
            conversion = leftovers // numbers["game.conversion_rate"]
        total += conversion
        scores.append(total)
        engine.log(
            "final_score",
            seat=seat,
            track=p["vp"],
            advanced=advanced,
            conversion=conversion,
            total=total,
        )
    engine.state["scores"] = scores


# ---- ship movement from tiles (no launch, no card) ------------------------------------
def ship_moves(engine: Engine, seat: int, hexes: int) -> list[tuple[str, str]]:
    """(from, to) moves of `seat`'s ships in space, up to `hexes` hexes, to another hex."""
    moves = []
    for key, seats in sorted(engine.state["space"]["ships"].items()):
        if seat in seats:
            for target in space.destinations(engine, seat, space.split(key), hexes, key):
                if target != key:
                    moves.append((key, target))
    return moves


@can("move_ship")
def can_move_ship(engine: Engine, seat: int, args, ctx) -> bool:
    return bool(ship_moves(engine, seat, args[0]))


@primitive("move_ship")
def move_ship(engine: Engine, frame: dict) -> None:
    seat = frame["seat"]
    ships = engine.state["space"]["ships"]
    if "answer" in frame:
        source, target = frame.pop("answer")
        ships[source].remove(seat)
        if not ships[source]:
            del ships[source]
        ships.setdefault(target, []).append(seat)
        engine.log("move_ship", seat=seat, to=target)
        engine.finish(frame)
        return
    moves = ship_moves(engine, seat, frame["args"][0])
    if not moves:
        engine.finish(frame, False)
        return
    engine.ask(
        seat,
        "move_ship",
        "Move which ship where?",
        [(f"move:{a}>{b}", f"ship at {a} to {b}", [a, b]) for a, b in moves],
    )
