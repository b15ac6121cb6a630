"""What a player reads at a decision: Black Angel's prompts and option labels.

Every text is an English msgid (marked with N_, or NN_ when it has a plural form)
made a text by `later`, so that all of the game's decision texts are in this one file.
A text is rendered only when someone reads it (TextRenderer.render). Effects offered
as options are labelled from the primitives' templates instead (the program's labels).

A placeholder that shows a word (a colour, a terrain, an item) is a slot named after
the text, `BUY_DIE.color`, declared in the vocabulary's SLOTS: rendering translates the
word under it, so each language can give the word the form its sentence needs.
"""

from __future__ import annotations

from functools import lru_cache

from ...dsl.i18n import N_, NN_
from ...dsl.text import TextRenderer
from .tables import Engine, Text
from .vocabulary import SEAT_NAME

# prompts
PLAY_WHICH = N_("Play which card where?")
ACTIVATE_NEXT = N_("Activate which tile next?")
ACTIVATE_ADJACENT = N_("Activate which adjacent tile?")
WHICH_WORKSTATION = N_("Which workstation ({source} -> {destination})?")
WORKSTATION = N_("{color}")  # TRANSLATORS: an option naming a workstation by its colour
CHOOSE_DIE = N_("Choose a die")
USE_FOR = N_("Use the die for what?")
TAKE_TILE = NN_("Take a tile ({left} activation left)", "Take a tile ({left} activations left)")
INJECT_WHERE = N_("Inject {tile} where?")
ADVANCED_SPACE = N_("Place ejected {tile} on which space?")
DEBRIS_WHERE = N_("Where does the debris go?")
REPAIR_WHAT = NN_("Repair what? ({left} left)", "Repair what? ({left} left)")
DESTROY_WHICH = NN_(
    "Destroy which ravagers? ({left} left)", "Destroy which ravagers? ({left} left)"
)
WHICH_SHIP = N_("Command which ship?")
MOVE_WHERE = N_("Move the ship to which hex?")
PLACE_HERE = N_("Place a mission card here?")
FREE_ACTIVATION = N_("Activate your {card} once for free?")
ACTIVATE_AGAIN = NN_("Activate {card} again ({left} left)?", "Activate {card} again ({left} left)?")
HAND_LIMIT = N_("Discard a mission card (hand limit)")
FLIP_ANOTHER = N_("Flip a die with debris?")
WHICH_BOOST = N_("Use a 1x effect?")
EARLY_FLIP = N_("Flip {tile} to its standard side now (losing its 1x effect) so it is activated?")
AS_COLOR = N_("Act with the die as which colour?")
FREE_RESERVE_WHICH = N_("Reserve which die for free?")
RESERVE_WHICH = N_("Reserve which die?")
MOVE_WHICH_SHIP = N_("Move which ship where?")
SPEND_WHICH_TILE = N_("Spend which technology tile?")
DISCARD_WHICH = N_("Discard which {kind}?")
DRAW_WHICH_COLOR = N_("Draw cards of which colour?")
KEEP_WHICH = N_("Keep which card?")

# options
YES = N_("yes")
NO = N_("no")
PLAY_BESIDE = N_("play {card} beside {line}")
# TRANSLATORS: ROW and COLUMN are only the {line} of PLAY_BESIDE, "play m002 beside row 2"
ROW = N_("row {number}")
COLUMN = N_("column {number}")
MISSION_CARD = N_("{card} ({color})")
A_RAVAGER = N_("a Ravager card")  # TRANSLATORS: the {card} of PLAY_BESIDE
# TRANSLATORS: the {card} of PLAY_BESIDE as the other players see it (played face down)
FACE_DOWN_MISSION = N_("a face-down {color} Mission card")
# TRANSLATORS: a card another player keeps in hand, as the others see it
A_MISSION_CARD = N_("one {color} Mission card")
TILE_IN_CELL = N_("{tile} (cell {cell})")
TILE_IN_GRID_CELL = N_("{tile} (grid cell {cell})")
EJECTED_TILE = N_("{tile} (ejected)")
USE_ON_ACTION = N_("action {number} ({kind}) with value {value}")
USE_ON_MISSION = N_("activate {card} at {hex}")
BUY_DIE = N_("buy {color} {value} from {seller} for {price}")
USE_OWN_DIE = N_("use your {color} {value}")
FLIP_DIE = N_("spend {cost} to flip your {color} {value}")
DISPLAY_TILE = N_("{tile} (cost {cost})")
ADVANCED_TILE = N_("advanced {tile} (cost {cost})")
NO_MORE_TILES = N_("take no more tiles")
INJECT_INTO = N_("inject {tile} into {line} {number}")
COLOR_SPACE = N_("the {color} space")
DEBRIS_TO_STORAGE = N_("put the debris in your storage")
DEBRIS_ON_TILE = N_("put it on {tile} and activate it (cell {cell})")
REPAIR_ACTION = N_("remove a cube from action {number}")
REPAIR_DIE = N_("remove the cube from a {color} die")
STOP_REPAIRING = N_("stop repairing")
DESTROY_AT = NN_(
    "destroy the {count} ravager at {number}", "destroy the {count} ravagers at {number}"
)
STOP_DESTROYING = N_("stop destroying")
LAUNCH = N_("launch a new ship")
YOUR_SHIP = N_("your ship at {hex}")
HEX = N_("hex {hex} ({terrain})")
PLACE_CARD = N_("place {card}")
PLACE_NO_CARD = N_("place no card")
DIE = N_("{color} {value}")  # TRANSLATORS: a die as an option: "gray 2"
FLIP_NO_MORE = N_("flip no die")
USE_BOOST = N_("flip {tile} for its 1x effect: {effect}")
NO_BOOST = N_("use no 1x effect")
FLIP_EARLY = N_("flip it and activate it")
KEEP_BOOST = N_("keep its 1x effect (it is not activated)")
DEBRIS_FLIP_TILE = N_(
    "flip {tile} to its standard side, put the debris on it and activate it (cell {cell})"
)
MOVE_SHIP = N_("ship at {source} to {target}")
PLAYER, NEUTRAL_PLAYER, HAL = SEAT_NAME.words  # a seat's name (a slot of its own: seat_name)


AMOUNT = N_("{count} {item}")  # a number of items: "1 resource"


def later(template: str | tuple[str, str], *values: tuple[str, object], n: int = 1) -> Text:
    """A prompt or label, rendered only when someone reads it (TextRenderer.render): the
    template translated (one with a plural form agreeing with n), then filled from the
    (slot, value) pairs, e.g. `later(ROW, ("number", 2))`; words in its slots translated
    as the slots say. A value may be such a text itself. Most labels are never read: a
    bot chooses by id. (Pairs, not keyword arguments: a label is made for every option
    of every decision, and a tuple of pairs is the form it is kept in.)"""
    return (template, _NAMES.get(template), n, values)


def seat_name(owner: object) -> Text:
    """How labels name a seat: P1, P2, ..., the neutral player, or Hal."""
    if isinstance(owner, int):
        return later(PLAYER, ("number", owner + 1))
    if owner == "hal":
        return later(HAL)
    return later(NEUTRAL_PLAYER)


def amount(engine: Engine, count: int, item: str, slot: str) -> str:
    """A number of items in words, the item in the form that a slot needs: "1 resource"."""
    return _amount(engine.data.text, count, item, slot)


@lru_cache(maxsize=256)
def _amount(text: TextRenderer, count: int, item: str, slot: str) -> str:
    return text.fill(AMOUNT, {"count": count, "item": text.word(item, slot, count)})


def card(engine: Engine, mission: str) -> Text:
    """A mission card with its colour: "m002 (orange)"."""
    return later(MISSION_CARD, ("card", mission), ("color", engine.data.missions[mission].color))


# Each text's name, by its msgid: the first part of the names of its slots.
_NAMES = {
    text: name
    for name, text in list(globals().items())
    if name.isupper() and isinstance(text, (str, tuple))
}
