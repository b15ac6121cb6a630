"""What Black Angel adds to the rules language: its declaration kinds, its numbers on
`game`, its primitives and counters, the events it raises, and the words of its text.

Each primitive describes itself (parameters, help, the template that renders it);
what it does is in the module named in the table of `interpreter/black_angel/__init__.py`.
"""

from __future__ import annotations

from ...dsl.core import CORE, PHASE, edition_presets
from ...dsl.meta import (
    COUNT,
    INT,
    N_,
    NAME,
    STRING,
    Event,
    Primitive,
    flag,
    keyword,
    kind,
    number_of,
    param,
    ref,
    texts,
    words,
)

# the rulebook's editions (English, Polish, German), whose readings rulings may preset
EDITIONS = ("en", "pl", "de")
COLOR = ref("color", "color", code="E104")
PLAYER_COLOR = ref("player_color", "player_color", code="E104")
ITEM = ref("item", "component", having="stock")
REWARD = ref("reward", "component", "track", having="stock")
TERRAIN = ref("terrain", "color", also=("asteroid", "empty"), code="E108")
ACTION = number_of("action", "action", "number", code="E105")
ACTION_KIND = words("discover", "repair", "destroy", "command")
DISCOVER_MODE = words("advanced_first", "tech_only")
ORDER = words("clockwise", "counterclockwise")
HAL_GAIN = words("ship", "resource", "robot", "debris", "technology", "advanced", "ravager")
ACTIVATE_FILTER = words("non_activating", "any")
WHERE_ROBOTS_WAIT = words("break_room", "workstation")
CARD = words("mission", "ravager")

AMOUNT = param("amount", COUNT)
COPIES_AMOUNT = param("amount", COUNT, lo=1, hi=99)
COPIES = keyword("copies", "Copies in the box.", COPIES_AMOUNT)
HEX_POS = param("position", INT, lo=1, hi=9)

# Numbers Black Angel adds to the `game` declaration; the engine reads every one of them,
# and the phases of a turn and of a final-round turn.
GAME_NUMBERS = (
    keyword(
        "turn", "The phase a player carries out on a turn.", param("phase", PHASE), required=True
    ),
    keyword(
        "final_turn",
        "The phase for turns of the final round.",
        param("phase", PHASE),
        required=True,
    ),
    keyword(
        "advanced_draw",
        "Mission cards drawn in A.3 with the advanced rules (one of them is kept).",
        param("amount", COUNT, lo=1, hi=9),
        required=True,
    ),
    keyword(
        "hand_limit", "Mission cards a player may keep at the end of a turn.", AMOUNT, required=True
    ),
    keyword("start_score", "VP on the score track at the start.", AMOUNT, required=True),
    keyword(
        "advanced_cap", "Most VP one Advanced Technology tile can score.", AMOUNT, required=True
    ),
    keyword(
        "advanced_cap_bonus",
        "Extra cap per ejected card of the slot's colour.",
        AMOUNT,
        required=True,
    ),
    keyword(
        "conversion_rate",
        "Leftover items per VP at the end, if Spes was reached.",
        param("amount", COUNT, lo=1),
        required=True,
    ),
)

KINDS = (
    kind(
        "color",
        "A die and card colour.",
        keyword("noun", "Its name in text.", param("noun", STRING), required=True),
        keyword("species", "The alien species of this colour.", param("species", STRING)),
        referenced=True,
    ),
    kind(
        "player_color",
        "A player colour (robots, discs, starting tiles).",
        keyword("noun", "Its name in text.", param("noun", STRING), required=True),
    ),
    kind(
        "die",
        "The dice: faces, flipping, buying and rolling a damaged die.",
        keyword(
            "faces", "Face values.", param("face", INT, repeat=True, lo=0, hi=9), required=True
        ),
        keyword("flip_offset", "Opposite faces differ by this much.", AMOUNT, required=True),
        keyword("per_color", "Dice of each colour in the box.", AMOUNT, required=True),
        keyword(
            "flip_cost",
            "What flipping one of your dice to its opposite face costs.",
            AMOUNT,
            param("item", ITEM),
            required=True,
        ),
        keyword(
            "price",
            "What buying another player's die costs (paid to its owner).",
            AMOUNT,
            param("item", ITEM),
            required=True,
        ),
        keyword(
            "damaged_roll_penalty", "VP lost for rolling a damaged die.", AMOUNT, required=True
        ),
        singleton=True,
        required=True,
    ),
    kind(
        "action",
        "One of the board's actions.",
        keyword(
            "number",
            "Its number on the board (clockwise).",
            param("number", INT, lo=1, hi=6),
            required=True,
            unique="action number",
        ),
        keyword("color", "Die colour that performs it.", param("color", COLOR), required=True),
        keyword("kind", "What it does.", param("kind", ACTION_KIND), required=True),
    ),
    kind(
        "board",
        "The Black Angel board and player boards: sizes, places and prices.",
        keyword(
            "display_length",
            "Spaces in the technology display.",
            param("amount", COUNT, lo=1, hi=20),
            required=True,
        ),
        keyword(
            "display_expensive",
            "Display spaces at its start that cost more.",
            AMOUNT,
            required=True,
        ),
        keyword(
            "tile_cost",
            "Activations a technology tile in the display costs.",
            AMOUNT,
            required=True,
        ),
        keyword(
            "expensive_tile_cost",
            "Activations a tile on one of the first display spaces costs.",
            AMOUNT,
            required=True,
        ),
        keyword(
            "advanced_cost", "Activations an Advanced Technology tile costs.", AMOUNT, required=True
        ),
        keyword(
            "advanced_slots",
            "Face-up Advanced Technology slots.",
            param("amount", COUNT, hi=20),
            required=True,
        ),
        keyword(
            "advanced_spaces",
            "Spaces for ejected Advanced tiles per player.",
            param("amount", COUNT, hi=9),
            required=True,
        ),
        keyword(
            "grid_size",
            "Rows and columns of the technology grid.",
            param("amount", COUNT, lo=1, hi=9),
            required=True,
        ),
        keyword(
            "start_cell",
            "A highlighted grid cell for a starting tile (row, column).",
            param("row", INT, lo=1, hi=9),
            param("column", INT, lo=1, hi=9),
            repeat=True,
        ),
        keyword(
            "arrow",
            "An entry arrow of the grid: line, index, what may enter.",
            param("line", words("row", "column")),
            param("index", INT, lo=1, hi=9),
            param("enters", words("technology", "advanced")),
            repeat=True,
        ),
        keyword("damage_spaces", "Damage cubes an action can hold.", AMOUNT, required=True),
        keyword(
            "damage_penalty", "Die value lost on a fully damaged action.", AMOUNT, required=True
        ),
        keyword(
            "ravager_stack_limit", "Ravager cards one location can hold.", AMOUNT, required=True
        ),
        keyword(
            "unresolved_ravager_penalty",
            "VP lost when the top ravager's effect cannot be resolved.",
            AMOUNT,
            required=True,
        ),
        keyword(
            "card_slots",
            "Slots around the player board for playing cards (one per row and column).",
            param("amount", COUNT, hi=18),
            required=True,
        ),
        keyword("workstations", "Workstations, one per die colour.", AMOUNT),
        singleton=True,
        required=True,
        has_id=False,
    ),
    kind(
        "player_start",
        "What each player starts with.",
        keyword(
            "break_room", "Robots in the break room.", param("robots", COUNT, hi=99), required=True
        ),
        keyword(
            "workstation",
            "Robots in each workstation.",
            param("robots", COUNT, hi=99),
            required=True,
        ),
        keyword(
            "supply_robots",
            "Robots in the general supply.",
            param("robots", COUNT, hi=99),
            required=True,
        ),
        keyword("start_tiles", "Starting tiles placed on the grid.", AMOUNT),
        keyword(
            "hand",
            "Cards in hand: per colour missions, ravagers.",
            param("missions_per_color", COUNT),
            param("ravagers", COUNT),
            required=True,
        ),
        keyword("storage", "An item placed in storage.", AMOUNT, param("item", ITEM), repeat=True),
        keyword("dice", "Dice rolled, one per colour.", AMOUNT),
        singleton=True,
        required=True,
        has_id=False,
    ),
    kind(
        "setup",
        "Setup values for one player count.",
        keyword(
            "players",
            "The player count.",
            param("players", INT, lo=1, hi=4),
            required=True,
            unique="setup for this player count",
        ),
        keyword(
            "dice_per_color",
            "Dice of each colour in the supply.",
            param("amount", COUNT, hi=99),
            required=True,
        ),
        keyword("strips", "Space strips in play.", param("strips", INT, lo=1, hi=7), required=True),
        keyword("ravagers_removed", "Ravager cards removed at random.", AMOUNT, required=True),
        keyword("start_ravagers", "Ravager cards drawn and placed at setup.", AMOUNT),
        keyword("neutral_player", "A neutral player holds dice and workstation robots."),
        keyword(
            "opponent",
            "The automated opponent (solo game).",
            param("opponent", ref("automa", "automa")),
        ),
        required=True,
    ),
    kind(
        "space",
        "The space board built from strips.",
        keyword(
            "hexes_per_strip",
            "Hexes on each strip face.",
            param("hexes", INT, lo=1, hi=9),
            required=True,
        ),
        keyword(
            "start_hex",
            "Position of the middle hex where the Black Angel starts.",
            param("position", INT, lo=1, hi=9),
            required=True,
        ),
        keyword(
            "adjacency",
            "How hexes of neighbouring strips touch.",
            param("layout", words("offset_columns")),
            required=True,
        ),
        keyword(
            "ships_per_hex",
            "Ships one hex can hold (of different players).",
            AMOUNT,
            required=True,
        ),
        singleton=True,
        required=True,
        has_id=False,
    ),
    kind(
        "strip",
        "A double-sided space strip.",
        keyword(
            "number",
            "Printed strip number.",
            param("number", INT, lo=1, hi=20),
            required=True,
            unique="strip number",
        ),
        keyword(
            "side",
            "One face of the strip.",
            param("face", words("a", "b")),
            block="side",
            required=True,
            repeat=True,
        ),
        card=True,
    ),
    kind(
        "side",
        "One face of a strip (only inside `strip`).",
        keyword(
            "hex",
            "A hex: position, terrain, Ravager icons, comet.",
            HEX_POS,
            param("terrain", TERRAIN),
            param("icons", COUNT, optional=True),
            param("comet", flag("comet"), optional=True),
            repeat=True,
            required=True,
        ),
        has_id=False,
        nested_only=True,
    ),
    kind(
        "mission",
        "A mission card: colour, reward, revealed tiles, and an activation or ejection effect.",
        keyword("color", "Card colour.", param("color", COLOR), required=True),
        keyword(
            "reward",
            "Reward under the species symbol.",
            AMOUNT,
            param("item", REWARD),
            required=True,
        ),
        keyword(
            "reveals",
            "Technology tiles that enter the display when placed (1 or 2).",
            param("color", COLOR),
            param("color", COLOR, optional=True),
            required=True,
        ),
        keyword(
            "activation",
            "Effect per activation (activation mission).",
            effect=True,
            event="mission_activated",
            frames={None: N_("Each time it is activated: {effect}")},
        ),
        keyword(
            "ejection",
            "Effect when ejected: for the owner, passengers (ships), or everyone once.",
            param("who", words("owner", "passengers", "everyone")),
            effect=True,
            event="mission_ejected",
            repeat=True,
            frames={
                "owner": N_("On ejection, the owner: {effect}"),
                "passengers": N_("On ejection, each player with a ship on it: {effect}"),
                "everyone": N_(
                    "On ejection, the owner and each player with a ship on it, once each: {effect}"
                ),
            },
        ),
        card=True,
    ),
    kind(
        "ravager",
        "A ravager card: the action it attacks and its permanent effect.",
        keyword("target", "Number of the attacked action.", param("action", ACTION), required=True),
        keyword(
            "permanent",
            "Effect on whoever performs the attacked action while it is on top.",
            effect=True,
            event="action_performed",
            required=True,
            frames={None: N_("While on top, before the attacked action: {effect}")},
        ),
        card=True,
    ),
    kind(
        "start_tile",
        "A starting technology tile in the player colours.",
        COPIES,
        keyword(
            "standard",
            "Effect when activated.",
            effect=True,
            event="tile_activated",
            required=True,
            frames={None: N_("When activated: {effect}")},
        ),
        card=True,
    ),
    kind(
        "tech",
        "A technology tile with a standard side and a boost side.",
        keyword("color", "Tile colour.", param("color", COLOR), required=True),
        keyword("copies", "Copies in the box.", COPIES_AMOUNT, example="copies 2"),
        keyword(
            "standard",
            "Effect when activated.",
            effect=True,
            event="tile_activated",
            required=True,
            frames={None: N_("Standard side, when activated: {effect}")},
        ),
        keyword(
            "boost",
            "One-time (1x) effect of the boost side (advanced rules).",
            effect=True,
            event="action_performed",
            required=True,
            frames={None: N_("Boost side, once: {effect}")},
        ),
        card=True,
    ),
    kind(
        "advanced",
        "An advanced technology tile, scored at the end.",
        COPIES,
        keyword(
            "score",
            "Final scoring formula (capped by the rules).",
            effect=True,
            event="final_scoring",
            required=True,
            frames={None: N_("Final scoring: {effect}")},
        ),
        card=True,
    ),
    kind(
        "hal_card",
        "A card of an automated opponent (the solo game's Hal): what he does, in two halves.",
        keyword(
            "top",
            "Top half: the die he takes and what he does with it.",
            effect=True,
            required=True,
            frames={None: N_("Top half: {effect}")},
        ),
        keyword(
            "bottom",
            "Bottom half: the die he takes and what he does with it.",
            effect=True,
            required=True,
            frames={None: N_("Bottom half: {effect}")},
        ),
        card=True,
    ),
    kind(
        "automa",
        "An automated opponent (the solo game's Hal): his cards, his turn, which half of a "
        "card he reads first, his starting VP, what an item is worth to him, and what he "
        "gets besides.",
        keyword(
            "turn",
            "The phase he carries out after each turn of the player.",
            param("phase", ref("phase", "phase")),
            required=True,
        ),
        keyword(
            "deck",
            "His cards, shuffled into a face-down deck at set-up.",
            param("card", ref("card", "hal_card"), repeat=True),
            required=True,
        ),
        keyword(
            "first_half",
            "The half of his card he reads first after the player's sequence A, sequence B "
            "or a pass (the other half comes second).",
            param("after", words("a", "b", "pass")),
            param("half", words("top", "bottom")),
            repeat=True,
            required=True,
        ),
        keyword(
            "difficulty_ruling",
            "The ruling that chooses the difficulty level (its options are the levels).",
            param("ruling", ref("ruling", "ruling")),
            required=True,
        ),
        keyword(
            "difficulty",
            "His starting VP at a difficulty level.",
            param("level", NAME),
            AMOUNT,
            repeat=True,
            required=True,
        ),
        keyword(
            "weight",
            "VP he scores instead of each item he would gain (he keeps nothing).",
            param("gain", HAL_GAIN),
            AMOUNT,
            repeat=True,
            required=True,
        ),
        keyword(
            "resolves",
            "The primitives of a Ravager's permanent effect he resolves when he performs the "
            "attacked action; an effect with any other primitive is ignored, at no cost.",
            param("primitive", NAME, repeat=True),
        ),
        keyword(
            "ejected",
            "What he gets for each of his cards ejected from space (instead of its effects).",
            effect=True,
        ),
        keyword("paid", "What he gets when the player buys one of his dice.", effect=True),
        keyword(
            "comet",
            "What he gets for a card placed on a comet hex (the ruling hal_comet_bonus says when).",
            effect=True,
        ),
        referenced=True,
    ),
    kind(
        "aid",
        "A player aid: the advantage of a turn position.",
        keyword(
            "position",
            "Turn position.",
            param("position", INT, lo=1, hi=4),
            required=True,
            unique="player aid for this position",
        ),
        keyword(
            "advantage",
            "What the player in that position gets at setup.",
            effect=True,
            event="setup_done",
            frames={None: N_("Advantage: {effect}")},
        ),
        card=True,
    ),
)

# Events Black Angel raises by itself (content may listen to them). tests/test_triggers.py
# checks that every event the game raises is here.
EACH_PLAYER = "each player, in seat order"
EVENTS = {
    "setup_done": Event(
        "set-up is complete",
        ("after the last set-up step (the player aids), before the first turn",),
        EACH_PLAYER,
    ),
    "tile_activated": Event(
        "a technology tile is activated",
        ("a die or an effect activates a tile of a player's grid, before the tile's effect",),
        "the owner of the tile",
    ),
    "mission_activated": Event(
        "an activation mission is activated with a die",
        (
            "a player activates a mission card in space with a die",
            "the owner of a mission card in space takes its free activation",
        ),
        "the player who activates the mission",
    ),
    "mission_ejected": Event(
        "a mission card leaves the space board",
        ("the space board advances and the cards of its first strip go back to their owners",),
        "the owner of the card",
    ),
    "action_performed": Event(
        "a player performs a board action",
        ("sequence A: the action of the board location where a die was placed is carried out",),
        "the player who performs the action",
    ),
    "ravager_placed": Event(
        "a ravager card attacks an action",
        ("a ravager card is drawn and placed on the board action it targets",),
        EACH_PLAYER,
    ),
    "final_scoring": Event(
        "the game ends and is scored",
        ("the last turn of the final round is over, before the final scores are counted",),
        EACH_PLAYER,
    ),
}

PRIMITIVES = (
    Primitive(
        "take",
        "Take items from the general supply.",
        (AMOUNT, param("item", ITEM)),
        N_("take {amount} {item} from the general supply"),
    ),
    Primitive(
        "spend",
        "Return items from your storage or break room to the supply.",
        (AMOUNT, param("item", ITEM)),
        N_("spend {amount} {item} from your storage"),
    ),
    Primitive(
        "spend_tech",
        "Give up technology tiles from your grid or ejected ones.",
        (AMOUNT,),
        N_("spend {amount} {amount:technology tile} from your grid or ejected ones"),
    ),
    Primitive(
        "spend_card",
        "Discard cards from your hand as a cost.",
        (AMOUNT, param("card", CARD)),
        N_("give up {amount} {card} held in your hand"),
    ),
    Primitive(
        "discard",
        "Discard cards from your hand.",
        (AMOUNT, param("card", CARD)),
        N_("discard {amount} {card} from your hand"),
    ),
    Primitive(
        "draw_keep",
        "Draw cards of one colour of your choice and keep some.",
        (param("draw", COUNT), param("keep", COUNT, at_most="draw")),
        N_("draw {draw} {draw:mission card} of one colour and keep {keep}"),
    ),
    Primitive(
        "move_ship",
        "Fly a ship of yours up to N hexes (movement rules apply).",
        (param("hexes", COUNT),),
        N_("fly a ship of yours up to {hexes} {hexes:hex}"),
    ),
    Primitive(
        "move_robot",
        "Shift a robot of yours between two places on the Black Angel.",
        (param("source", WHERE_ROBOTS_WAIT), param("destination", WHERE_ROBOTS_WAIT)),
        N_("shift a robot of yours from {source} to {destination}"),
    ),
    Primitive(
        "activate_adjacent",
        "Activate a neighbouring tile in the grid.",
        (param("direction", words("vertical", "horizontal")), param("filter", ACTIVATE_FILTER)),
        N_("activate an adjacent tile ({direction}, {filter})"),
        activates="tile_activated",
    ),
    Primitive(
        "damage_next_action",
        "Damage the following action (clockwise) by one cube.",
        (),
        N_("damage the following action, clockwise, by one cube"),
        can_fail=False,
    ),
    Primitive(
        "damage_die",
        "Put a damage cube on an undamaged die of a colour in the supply.",
        (param("color", COLOR),),
        N_("put a damage cube on an undamaged {color} die in the supply, if one is there"),
        can_fail=False,
    ),
    Primitive(
        "hold_robot",
        "Leave a robot from your break room on this card until it is destroyed.",
        (),
        N_("leave a robot from your break room on this card until it is destroyed"),
    ),
    Primitive(
        "gain_on_action",
        "Score when performing a given action.",
        (param("action", ACTION), AMOUNT),
        N_("when you perform action {action}, gain {amount} VP"),
        can_fail=False,
    ),
    Primitive(
        "set_die_value",
        "Set a die of a colour to a value before using it.",
        (param("color", COLOR), param("value", INT, lo=0, hi=3)),
        N_("set one {color} die to {value} and use it (a die you buy will do)"),
    ),
    Primitive(
        "set_die_color",
        "Treat a die of a colour as a colour of your choice.",
        (param("color", COLOR),),
        N_("use one {color} die as a die of the colour of your choice (a die you buy will do)"),
    ),
    Primitive(
        "free_reserve",
        "Reserve a die of a colour for free in sequence B.",
        (param("color", COLOR),),
        N_("in sequence B, reserve one {color} die for free, besides the one you pay for"),
    ),
    Primitive(
        "use_boosts",
        "Offer the 1x effects of boost tiles that fit this moment (advanced rules).",
        (param("moment", words("reserve")),),
        N_("you may use 1x effects of your technology tiles"),
        can_fail=False,
    ),
    Primitive(
        "reserve_free",
        "Move one of your dice to the high-security area for free.",
        (),
        N_("reserve one of your dice for free"),
    ),
    Primitive(
        "play_card",
        "Play a card from your hand beside your grid and activate tiles of its row or column.",
        (),
        N_("play a card around your player board"),
    ),
    Primitive(
        "perform_action",
        "Choose a die (own or bought) and use it for a board action or a mission in space.",
        (),
        N_("perform an action with one die"),
    ),
    Primitive(
        "draw_for_die",
        "Draw a mission card of the used die's colour and return the die.",
        (),
        N_("draw a card of the die's colour and return the die"),
        can_fail=False,
    ),
    Primitive(
        "flip_dice",
        "Spend debris to flip dice of yours, as often as you like (the ruling flip_timing).",
        (),
        N_("flip dice of yours with debris"),
        can_fail=False,
    ),
    Primitive(
        "hand_limit",
        "Discard mission cards down to the hand limit.",
        (),
        N_("discard down to the hand limit"),
        can_fail=False,
    ),
    Primitive(
        "reroll_dice",
        "Lose VP for unused dice, then roll one die per robot in a workstation.",
        (),
        N_("reroll your dice"),
        can_fail=False,
    ),
    Primitive(
        "reserve_die",
        "Pay to move one of your dice to the high-security area.",
        (AMOUNT, param("item", ITEM)),
        N_("pay {amount} {item} to reserve one of your dice"),
    ),
    Primitive(
        "reset_board",
        "Discard the cards played around your board; debris on tiles returns to storage.",
        (),
        N_("reset your player board"),
        can_fail=False,
    ),
    Primitive(
        "advance_black_angel",
        "Move the Black Angel one strip on, eject the first strip's cards, recycle the strip.",
        (),
        N_("advance the Black Angel toward Spes"),
        can_fail=False,
    ),
    Primitive(
        "pass_turn",
        "Pass instead of a forced sequence B (final round only).",
        (),
        N_("pass"),
    ),
    # ---- the automated opponent of the solo game (interpreter/black_angel/hal.py) -------
    Primitive(
        "hal_reveal",
        "Hal reveals the top card of his deck (his discards are reshuffled when it runs "
        "out); only when he has a die.",
        (),
        N_("reveal the top card of Hal's deck"),
    ),
    Primitive(
        "hal_half",
        "Carry out a half of Hal's revealed card: the half he reads first (after the "
        "player's sequence, as `first_half` says) or the other; only when its die can be "
        "taken.",
        (param("which", words("first", "second")),),
        N_("carry out the half of Hal's card he reads {which}"),
    ),
    Primitive(
        "hal_take_die",
        "Hal takes the highest die of a colour, his own on a tie; a higher unreserved die "
        "of the player's is bought (the player takes the price from the supply).",
        (param("color", COLOR),),
        N_("take the highest {color} die, Hal's own on a tie (a higher one of yours is bought)"),
        provides=True,  # the die his action is then carried out with
    ),
    Primitive(
        "hal_discover",
        "Hal's Discover Technology with his die: an Advanced tile first (then cost-1 tiles) "
        "or technology tiles only, always the tiles nearest the end where they leave.",
        (param("mode", DISCOVER_MODE),),
        N_("discover technology: {mode}"),
    ),
    Primitive(
        "hal_repair",
        "Hal's Repair: one damage cube per activation, action by action in the card's "
        "order, the dice in the supplies only when no action is damaged.",
        (param("order", ORDER),),
        N_("repair the Black Angel {order}, damaged dice last"),
    ),
    Primitive(
        "hal_destroy",
        "Hal's Destroy Ravagers: as many cards as his die allows, location by location in "
        "the card's order, skipping one only if that destroys more.",
        (param("order", ORDER),),
        N_("destroy as many Ravager cards as the die allows, {order}"),
    ),
    Primitive(
        "hal_command",
        "Hal's Command Your Ships: draw a mission of the die's colour and place it (a "
        "neutralization card on the nearest strip with a free hex of its colour, an "
        "activation card on the farthest), with his robot on its reward; no ship needed.",
        (),
        N_(
            "draw a mission card of the die's colour and place it on a free hex of that "
            "colour, a neutralization card on the nearest strip, an activation card on the "
            "farthest"
        ),
    ),
    Primitive(
        "hal_fallback",
        "Hal gains VP because what his card asks cannot be done (the reason is logged).",
        (AMOUNT,),
        N_("gain {amount} VP instead"),
        can_fail=False,
    ),
    Primitive(
        "hal_drop_die",
        "Hal returns an unreserved die of the colour neither half of his card names to its "
        "supply: which one, his or the player's, the ruling hal_fallback_die says.",
        (),
        N_("return an unreserved die of the third colour to its supply"),
    ),
    Primitive(
        "hal_return_die",
        "The die Hal used this turn goes back to its supply.",
        (),
        N_("return the die Hal used to its supply"),
        can_fail=False,
    ),
    Primitive(
        "hal_discard_card",
        "Hal's revealed card goes to his discard pile.",
        (),
        N_("discard Hal's revealed card"),
        can_fail=False,
    ),
    Primitive(
        "hal_roll",
        "Hal rolls one die per robot of his in a workstation (undamaged dice first; see "
        "the ruling hal_damaged_dice).",
        (),
        N_("roll one die for each of Hal's robots in a workstation"),
        can_fail=False,
    ),
    # counters, used after `per`
    Primitive(
        "missions_in_space",
        "Mission cards of a colour you own in space.",
        (param("color", COLOR),),
        N_("{color} mission card you own in space"),
        counter=True,
    ),
    Primitive(
        "missions_ejected",
        "Mission cards of a colour ejected and tucked under your board.",
        (param("color", COLOR),),
        N_("{color} mission card ejected to your board"),
        counter=True,
    ),
    Primitive(
        "cards_in_space",
        "All mission cards you own in space.",
        (),
        N_("card you own in space"),
        counter=True,
    ),
    Primitive(
        "tiles_in_grid",
        "Technology tiles of a colour in your grid.",
        (param("color", COLOR),),
        N_("{color} technology tile in your grid"),
        counter=True,
    ),
    Primitive(
        "ejected_tiles",
        "Technology tiles ejected from your grid.",
        (),
        N_("ejected technology tile"),
        counter=True,
    ),
    Primitive(
        "debris_in_storage",
        "Debris in your storage.",
        (),
        N_("debris in your storage"),
        counter=True,
    ),
    Primitive(
        "ravagers_in_hand",
        "Ravager cards in your hand.",
        (),
        N_("Ravager card in your hand"),
        counter=True,
    ),
    Primitive(
        "advanced_tiles",
        "Advanced tiles in your grid or ejected from it.",
        (),
        N_("Advanced Technology tile in your grid or ejected"),
        counter=True,
    ),
)

# Fixed nouns a template may use as {param:noun}, and the nouns that the words of
# enumerations (CARD) stand for: (singular, plural) in English. Like every word in a
# placeholder, they are translated under the placeholder's slot (dsl/words.py), which is
# why they are not marked N_ here: dsl/extract.py lists them slot by slot.
NOUNS = {
    "technology tile": ("technology tile", "technology tiles"),
    "mission card": ("mission card", "mission cards"),
    "hex": ("hex", "hexes"),
    "mission": ("Mission card", "Mission cards"),
    "ravager": ("Ravager card", "Ravager cards"),
}

# Words the text shows for enumeration values (others show as they are written).
SHOWN = {
    "vertical": "above or below",
    "horizontal": "left or right",
    "non_activating": "not one that activates tiles",
    "any": "any tile",
    "break_room": "the break room",
    "workstation": "a workstation",
    "advanced_first": "an Advanced tile first if the die allows, then cost-1 tiles",
    "tech_only": "technology tiles only",
    "clockwise": "clockwise, from action 1",
    "counterclockwise": "counterclockwise, from action 6",
}

# The placeholders of Black Angel's own texts that show a word: decisions
# (labels.py, by the name of the text) and the log (narrate.py). Each word that can
# stand there is translated under the slot's name (dsl/words.py).
WORKSTATION_NAME = words("break_room", "workstation")
DIE_COLOR = COLOR
LOG_TERRAIN = ref("terrain", "color", also=("asteroid", "empty", "spes"))
HAL_HALF = words("top", "bottom")
# how decisions name a seat (labels.seat_name): a player, the neutral player or Hal
SEAT_NAME = texts(N_("P{number}"), N_("the neutral player"), N_("Hal"))
SLOTS = {
    # labels.py
    "WHICH_WORKSTATION.source": WORKSTATION_NAME,
    "WHICH_WORKSTATION.destination": WORKSTATION_NAME,
    "WORKSTATION.color": COLOR,
    "MISSION_CARD.color": COLOR,
    "FACE_DOWN_MISSION.color": COLOR,
    "A_MISSION_CARD.color": COLOR,
    "USE_ON_ACTION.kind": ACTION_KIND,
    "BUY_DIE.color": DIE_COLOR,
    "BUY_DIE.seller": SEAT_NAME,
    "BUY_DIE.price": ITEM,
    "USE_OWN_DIE.color": DIE_COLOR,
    "FLIP_DIE.color": DIE_COLOR,
    "FLIP_DIE.cost": ITEM,
    "DIE.color": DIE_COLOR,
    "COLOR_SPACE.color": COLOR,
    "REPAIR_DIE.color": DIE_COLOR,
    "HEX.terrain": LOG_TERRAIN,
    "DISCARD_WHICH.kind": CARD,
    "INJECT_INTO.line": words("row", "column"),
    # narrate.py
    "BLACK_ANGEL_MOVES.terrain": LOG_TERRAIN,
    "DICE_OWN.color": DIE_COLOR,
    "DICE_OWN_RESERVED.color": DIE_COLOR,
    "DICE_OTHER.color": DIE_COLOR,
    "DRAWS_HIDDEN.color": COLOR,
    # hal_narrate.py
    "HAL_DIE.color": DIE_COLOR,
    "HAL_READS_FIRST.half": HAL_HALF,
    "HAL_READS_FIRST.color": DIE_COLOR,
    "HAL_READS_SECOND.half": HAL_HALF,
    "HAL_READS_SECOND.color": DIE_COLOR,
    "HAL_READS_SECOND.passed": DIE_COLOR,
    "DOES_DISCOVER.mode": DISCOVER_MODE,
    "DOES_REPAIR.order": ORDER,
    "DOES_DESTROY.order": ORDER,
    "HAL_DROPS_DIE.color": DIE_COLOR,
    "HAL_TAKES_DIE.color": DIE_COLOR,
    "HAL_BUYS_DIE.color": DIE_COLOR,
    "HAL_ITEMS.item": ref("item", "component", "track"),
}

VOCABULARY = CORE.extend(
    "black_angel",
    kinds=KINDS,
    primitives=PRIMITIVES,
    events=EVENTS,
    nouns=NOUNS,
    shown=SHOWN,
    fields={"game": GAME_NUMBERS, "ruling": (edition_presets(*EDITIONS),)},
    slots=SLOTS,
)
