"""Black Angel's log as readable lines, and a player's position in a few lines (for a
person at the terminal).

Every line is an English msgid (N_, or NN_ with a plural form) filled by `say`, in
the language of the program's text renderer; a placeholder that shows a word is a slot
named after the text (`BLACK_ANGEL_MOVES.terrain`), declared in the vocabulary's SLOTS.
"""

from __future__ import annotations

from ...dsl.i18n import N_, NN_
from ...dsl.text import TextRenderer
from . import hal_narrate
from .layout import HAL
from .tables import Engine

ROUND = N_("-- round {round}, {player} --")
ROUND_FINAL = N_("-- round {round} (final round), {player} --")
CHOICE = N_("{player}: {label}")
SETUP_DONE = N_("set-up complete")
RAVAGER_ATTACKS = N_("ravager {card} attacks action {action}")
RAVAGER_OVERFLOW = N_("ravager {card} finds action {action} full and is discarded")
RAVAGER_UNRESOLVED = N_("{player} cannot resolve ravager {card} and loses 1 VP")
PLACE_MISSION = N_("{player} places {card} at {at}")
RAVAGER_ICONS = NN_(
    "{count} ravager icon visible around {at}{covered}",
    "{count} ravager icons visible around {at}{covered}",
)
# TRANSLATORS: added to the line above when some icons are under cards
ICONS_COVERED = NN_(", {count} more covered by cards", ", {count} more covered by cards")
SHIP_DESTROYED = N_(
    "{player}'s ship at {at} is destroyed: the Black Angel's shield has left the asteroid field"
)
SHIP_LEAVES = N_("{player}'s ship at {at} leaves space with the first strip")
MISSION_EJECTED = N_("{card} is ejected back to {player}")
BLACK_ANGEL_MOVES = N_("the Black Angel advances to {to} ({terrain})")
SPES_APPEARS = N_("planet Spes appears at the far end of space")
END_TRIGGERED = N_("** the end is triggered: {why} **")
END_BY_SPES = N_("the Black Angel reached Spes")
END_BY_DECK = N_("the ravager deck ran out")
FINAL_ROUND = N_("== final round ==")
REROLL = N_("{player} rerolls")
REROLL_LOSING = N_("{player} rerolls, losing {lost} VP for unused dice")
PASSES = N_("{player} passes")
FINAL_SCORE = N_(
    "{player}: {total} VP (track {track}, advanced tiles {advanced}, conversion {conversion})"
)
FINAL_SCORE_TRIGGER = N_("  {player}: {points} VP from trigger {name}")  # of the total above
# what a step gained and lost ({items}: "1 ship", "2 VP")
GAINS = N_("{player}: +{items}")
LOSES = N_("{player}: -{items}")
DRAWS = N_("{player} draws {cards}")  # the drawer's own view: the ids
# TRANSLATORS: another player's draw, as the others see it: how many, from which deck
DRAWS_HIDDEN = NN_(
    "{player} draws {count} {color} Mission card", "{player} draws {count} {color} Mission cards"
)
DRAWS_NOTHING = N_("{player} draws no card: that colour's deck and discards are empty")
DISCARDS = N_("{player} discards {card}")
TAKES_TILE = N_("{player} takes tile {tile}")
TILE_EJECTED = N_("{player} loses tile {tile}, pushed out of the grid")
GIVES_UP_TILE = N_("{player} gives up tile {tile}")
ACTIVATES_TILE = N_("{player} activates tile {tile}")
ACTIVATES_MISSION = N_("{player} activates mission {card}")
FREE_ACTIVATION = N_("{player} activates mission {card} once for free")
LAUNCHES = N_("{player} launches a ship at {at}")
SHIP_FLIES = N_("{player} flies a ship to {to}")
DESTROYS = NN_(
    "{player} destroys ravager {cards} and takes it into hand",
    "{player} destroys ravagers {cards} and takes them into hand",
)
ROBOT_HELD = N_("{player} leaves a robot on ravager {card}")
DAMAGE_ACTION = N_("action {action} takes a damage cube")
DISPLAY_IN = N_("tile {tile} enters the display")

# a player's position (narrate.position)
POSITION_ROUND = N_("round {round}")
POSITION_FINAL_ROUND = N_("round {round} (final round)")
POSITION_BOARD = N_(
    "VP {vp} | storage: {storage} | break room: {robots} | workstations: {workstations}"
)
POSITION_DICE = N_("your dice: {dice} | buyable: {buyable}")
POSITION_HAND = NN_("hand: {hand}; {count} ravager card", "hand: {hand}; {count} ravager cards")
POSITION_GRID = N_("grid: {grid}")
STORED = N_("{count} {item}")  # an item in storage: "1 ship"
WORKSTATION_ROBOTS = N_("{color} {count}")  # robots in the workstation of a colour
DICE_OWN = N_("{color} {value}")
DICE_OWN_RESERVED = N_("{color} {value} (reserved)")
DICE_OTHER = N_("{player}: {color} {value}")
NOTHING = N_("none")
NO_MISSIONS = N_("no missions")
SEAT = N_("P{number}")
NEUTRAL_SEAT = N_("Pn")  # TRANSLATORS: the neutral player, short, in a list of dice


def say(text: TextRenderer, template: str | tuple[str, str], n: int = 1, **values: object) -> str:
    """A line in words: the template translated, filled, its words in their slots."""
    return text.fill(template, values, _NAMES.get(template), n)


def line(event: dict, names: list[str], text: TextRenderer) -> str | None:
    """One readable line for an event, or None for bookkeeping events."""
    if hal_narrate.concerns_hal(event):
        return hal_narrate.line(event, names, text)
    kind = event["event"]
    who = names[event["seat"]] if isinstance(event.get("seat"), int) else None
    if kind == "turn":
        template = ROUND_FINAL if event["final"] else ROUND
        return "\n" + say(text, template, round=event["round"], player=who)
    if kind == "choice":
        return "  " + say(text, CHOICE, player=who, label=event["label"])
    if kind == "setup_done":
        return say(text, SETUP_DONE)
    if kind == "ravager_attacks":
        return "  " + say(text, RAVAGER_ATTACKS, card=event["card"], action=event["action"])
    if kind == "ravager_overflow":
        return "  " + say(text, RAVAGER_OVERFLOW, card=event["card"], action=event["action"])
    if kind == "ravager_unresolved":
        return "  " + say(text, RAVAGER_UNRESOLVED, player=who, card=event["card"])
    if kind == "place_mission":
        return "  " + say(text, PLACE_MISSION, player=who, card=event["card"], at=event["at"])
    if kind == "ravager_icons" and (event["visible"] or event["covered"]):
        covered = event["covered"]
        more = say(text, ICONS_COVERED, n=covered, count=covered) if covered else ""
        visible = event["visible"]
        return "  " + say(
            text, RAVAGER_ICONS, n=visible, count=visible, at=event["at"], covered=more
        )
    if kind == "ship_removed":
        template = SHIP_DESTROYED if event["reason"] == "asteroids" else SHIP_LEAVES
        return "  " + say(text, template, player=who, at=event["at"])
    if kind == "mission_ejected":
        return "  " + say(text, MISSION_EJECTED, card=event["card"], player=names[event["owner"]])
    if kind == "black_angel_moves":
        return "  " + say(text, BLACK_ANGEL_MOVES, to=event["to"], terrain=event["terrain"])
    if kind == "spes_appears":
        return "  " + say(text, SPES_APPEARS)
    if kind == "end_triggered":
        why = say(text, END_BY_SPES if event["reason"] == "spes" else END_BY_DECK)
        return "  " + say(text, END_TRIGGERED, why=why)
    if kind == "final_round":
        return "\n" + say(text, FINAL_ROUND)
    if kind == "reroll":
        if event["lost"]:
            return "  " + say(text, REROLL_LOSING, player=who, lost=event["lost"])
        return "  " + say(text, REROLL, player=who)
    if kind == "pass":
        return "  " + say(text, PASSES, player=who)
    if who is not None:
        found = _gain_or_loss(event, who, text)
        if found is not None:
            return "  " + found
    if kind == "damage_action":
        return "  " + say(text, DAMAGE_ACTION, action=event["action"])
    if kind == "display_in":
        return "  " + say(text, DISPLAY_IN, tile=event["tile"])
    if kind == "final_score":
        score = say(
            text,
            FINAL_SCORE,
            player=who,
            total=event["total"],
            track=event["track"],
            advanced=event["advanced"],
            conversion=event["conversion"],
        )
        by_trigger = [
            say(text, FINAL_SCORE_TRIGGER, player=who, points=points, name=name)
            for name, points in event.get("triggers", {}).items()
        ]
        return "\n".join([score, *by_trigger])
    return None  # bookkeeping events (reserving a die, flipping a tile...) are not narrated


# events narrated by one line that names one piece of the event: (message, its field)
ONE_PIECE = {
    "discard": (DISCARDS, "card"),
    "discover": (TAKES_TILE, "tile"),
    "eject_tile": (TILE_EJECTED, "tile"),
    "spend_tile": (GIVES_UP_TILE, "tile"),
    "activate": (ACTIVATES_TILE, "tile"),
    "activate_mission": (ACTIVATES_MISSION, "card"),
    "free_activation": (FREE_ACTIVATION, "card"),
    "launch": (LAUNCHES, "at"),
    "move_ship": (SHIP_FLIES, "to"),
    "robot_held": (ROBOT_HELD, "card"),
}


def _gain_or_loss(event: dict, who: str, text: TextRenderer) -> str | None:
    """What a player's step gained or lost: items, VP, cards, tiles, ships; None for
    other events. Another seat's draw comes as face_down.seen_event leaves it: a count
    and a colour, no ids."""
    kind = event["event"]
    if kind in ("take", "spend"):
        items = hal_narrate.amount_in_words(text, event["amount"], event["item"])
        return say(text, GAINS if kind == "take" else LOSES, player=who, items=items)
    if kind in ("gain_vp", "lose_vp"):
        items = hal_narrate.amount_in_words(text, event["amount"], event["track"])
        return say(text, GAINS if kind == "gain_vp" else LOSES, player=who, items=items)
    if kind == "draw":
        cards = event.get("cards")
        if cards is None:  # another seat's draw
            count = event["count"]
            return say(text, DRAWS_HIDDEN, n=count, player=who, count=count, color=event["color"])
        if not cards:
            return say(text, DRAWS_NOTHING, player=who)
        return say(text, DRAWS, player=who, cards=text.tr.plain_list(cards))
    if kind in ONE_PIECE:  # a line naming the one card, tile or hex the event names
        message, field = ONE_PIECE[kind]
        return say(text, message, player=who, **{field: event[field]})
    if kind == "destroy":
        cards = event["cards"]
        return say(text, DESTROYS, n=len(cards), player=who, cards=text.tr.plain_list(cards))
    return None


def position(engine: Engine, seat: int) -> str:
    """What a player at the table would see of their own situation, in a few lines."""
    text = engine.data.text
    state = engine.state
    p = state["players"][seat]
    size = engine.data.grid_size
    dice = [
        say(
            text,
            DICE_OWN_RESERVED if d["reserved"] else DICE_OWN,
            color=d["color"],
            value=d["value"],
        )
        for d in state["dice"]
        if d["owner"] == seat
    ]
    others = [
        say(
            text,
            DICE_OTHER,
            player=_owner(text, d["owner"]),
            color=d["color"],
            value=d["value"],
        )
        for d in state["dice"]
        if d["owner"] not in (None, seat) and not d["reserved"]
    ]
    storage = [
        say(text, STORED, count=count, item=text.word(item, None, count))
        for item, count in p["storage"].items()
    ]
    workstations = [
        say(text, WORKSTATION_ROBOTS, color=text.word(colour), count=count)
        for colour, count in p["workstations"].items()
    ]
    grid = [t.split("#")[0] if t else "." for t in p["grid"]]
    turn = state["turn"]
    none = say(text, NOTHING)
    return "\n".join(
        "  " + part
        for part in [
            say(
                text,
                POSITION_FINAL_ROUND if turn["final_round"] else POSITION_ROUND,
                round=turn["round"],
            ),
            say(
                text,
                POSITION_BOARD,
                vp=p["vp"],
                storage=text.tr.plain_list(storage) or none,
                robots=p["break_room"],
                workstations=text.tr.plain_list(workstations) or none,
            ),
            say(
                text,
                POSITION_DICE,
                dice=text.tr.plain_list(dice) or none,
                buyable=text.tr.plain_list(others) or none,
            ),
            say(
                text,
                POSITION_HAND,
                n=len(p["ravagers"]),
                hand=text.tr.plain_list(p["hand"]) or say(text, NO_MISSIONS),
                count=len(p["ravagers"]),
            ),
            say(
                text,
                POSITION_GRID,
                grid=" / ".join(" ".join(grid[r * size : r * size + size]) for r in range(size)),
            ),
        ]
        + [line.strip() for line in hal_narrate.position(engine)]
    )


def _owner(text: TextRenderer, owner: object) -> str:
    """A die's owner in a list of dice: P1.., Pn (the neutral player) or Hal."""
    if isinstance(owner, int):
        return say(text, SEAT, number=owner + 1)
    return "Hal" if owner == HAL else say(text, NEUTRAL_SEAT)


# Each text's name, by its msgid: the first part of the names of its slots.
_NAMES = {
    text: name
    for name, text in list(globals().items())
    if name.isupper() and isinstance(text, (str, tuple))
}
