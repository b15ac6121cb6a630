"""What the language can say: declaration kinds, their keywords, and the primitives.

This table is the single source of truth. The checker validates against it, the
error hints ("did you mean") search it, `ba cards` renders text through the
primitives' templates, and `ba language` prints it as a reference.

Value types used in parameters:

    int, count (int >= 0), string, range (lo..hi), name (any word),
    color          a declared `color`
    player_color   a declared `player_color`
    action         the number of a declared board `action`
    phase          a declared `phase` (part of the turn structure)
    item           a declared `component` marked `stock` (ship, resource, ...)
    reward         an item or a track
    track          a declared `track` (vp)
    terrain        a colour, `asteroid` or `empty`
    event          a declared `event` or one the engine raises (see EVENTS)
    enum:a|b       one of the listed words
    flag:word      exactly that word (an optional switch)

Templates are English msgids marked with N_ so that Babel extracts them;
`dsl/text.py` translates and fills them.
"""

from __future__ import annotations

from dataclasses import dataclass


def N_(message: str) -> str:
    """Mark a string for extraction; translation happens when text is rendered."""
    return message


@dataclass(frozen=True)
class Param:
    name: str
    type: str
    optional: bool = False
    repeat: bool = False
    lo: int | None = None
    hi: int | None = None


@dataclass(frozen=True)
class FieldSpec:
    """One keyword inside a declaration block."""

    key: str
    help: str
    params: tuple[Param, ...] = ()
    effect: bool = False  # takes `: effect`
    event: str | None = None  # the event on which that effect runs
    required: bool = False
    repeat: bool = False
    block: str | None = None  # kind of the nested block, if any


@dataclass(frozen=True)
class KindSpec:
    """A top-level declaration kind, e.g. `mission m001 { ... }`."""

    key: str
    help: str
    fields: dict[str, FieldSpec]
    has_id: bool = True
    singleton: bool = False  # at most one in a rule set
    card: bool = False  # content that `ba cards` shows and the component count covers
    nested_only: bool = False  # only inside another declaration's block


@dataclass(frozen=True)
class Primitive:
    name: str
    help: str
    params: tuple[Param, ...]
    template: str
    counter: bool = False  # used after `per`, yields a number
    can_fail: bool = True  # False: `otherwise` after it is unreachable
    emits: tuple[str, ...] = ()
    activates: bool = False  # activates other tiles (the activation-chain rule)
    game_primitive: bool = False  # implemented by a Black Angel specific routine


def P(name, type_, **kw) -> Param:
    return Param(name, type_, **kw)


def F(key, help_, *params, **kw) -> FieldSpec:
    return FieldSpec(key, help_, tuple(params), **kw)


def _kind(key, help_, *fields_, **kw) -> KindSpec:
    return KindSpec(key, help_, {f.key: f for f in fields_}, **kw)


COUNT = P("amount", "count")
HEX_POS = P("position", "int", lo=1, hi=9)

KINDS: dict[str, KindSpec] = {
    k.key: k
    for k in [
        _kind(
            "game",
            "The game as a whole: name, player counts and global numbers.",
            F("title", "Printed name of the game.", P("title", "string"), required=True),
            F("players", "Supported player counts.", P("players", "range"), required=True),
            F("hand_limit", "Mission cards a player may keep at the end of a turn.", COUNT),
            F("start_score", "VP on the score track at the start.", COUNT),
            F("advanced_cap", "Most VP one Advanced Technology tile can score.", COUNT),
            F("advanced_cap_bonus", "Extra cap per ejected card of the slot's colour.", COUNT),
            F("conversion_rate", "Leftover items per VP at the end, if Spes was reached.", COUNT),
            F("turn", "The phase a player carries out on a turn.", P("phase", "phase")),
            F("final_turn", "The phase for turns of the final round.", P("phase", "phase")),
            singleton=True,
        ),
        _kind(
            "color",
            "A die and card colour.",
            F("noun", "Its name in text.", P("noun", "string"), required=True),
            F("species", "The alien species of this colour.", P("species", "string")),
        ),
        _kind(
            "player_color",
            "A player colour (robots, discs, starting tiles).",
            F("noun", "Its name in text.", P("noun", "string"), required=True),
        ),
        _kind(
            "track",
            "A score track.",
            F(
                "noun",
                "Singular and plural name in text.",
                P("one", "string"),
                P("many", "string"),
                required=True,
            ),
        ),
        _kind(
            "component",
            "A physical component and how many the box holds.",
            F("noun", "Singular and plural name.", P("one", "string"), P("many", "string")),
            F("count", "Copies in the box (checked against the declarations of cards).", COUNT),
            F("limit", "Copies per player colour.", COUNT, P("per", "flag:per_player_color")),
            F("unlimited", "The supply never runs out (use substitutes)."),
            F(
                "stock",
                "Players keep these in storage or the break room; effects take and spend them.",
            ),
            F(
                "declared_by",
                "The declaration kind whose entries are these components.",
                P("kind", "enum:mission|ravager|start_tile|tech|advanced|hal_card|strip|aid"),
            ),
        ),
        _kind(
            "die",
            "The dice: faces and how flipping works.",
            F("faces", "Face values.", P("face", "int", repeat=True, lo=0, hi=9), required=True),
            F("flip_offset", "Opposite faces differ by this much.", COUNT, required=True),
            F("per_color", "Dice of each colour in the box.", COUNT, required=True),
        ),
        _kind(
            "action",
            "One of the board's actions.",
            F(
                "number",
                "Its number on the board (clockwise).",
                P("number", "int", lo=1, hi=6),
                required=True,
            ),
            F("color", "Die colour that performs it.", P("color", "color"), required=True),
            F(
                "kind",
                "What it does.",
                P("kind", "enum:discover|repair|destroy|command"),
                required=True,
            ),
        ),
        _kind(
            "board",
            "The Black Angel board and player boards: sizes and places.",
            F("display_length", "Spaces in the technology display.", COUNT),
            F("display_expensive", "Display spaces at its start that cost 2 activations.", COUNT),
            F("advanced_slots", "Face-up Advanced Technology slots.", COUNT),
            F("advanced_spaces", "Spaces for ejected Advanced tiles per player.", COUNT),
            F("grid_size", "Rows and columns of the technology grid.", COUNT),
            F(
                "start_cell",
                "A highlighted grid cell for a starting tile (row, column).",
                P("row", "int", lo=1, hi=9),
                P("column", "int", lo=1, hi=9),
                repeat=True,
            ),
            F(
                "arrow",
                "An entry arrow of the grid: line, index, what may enter.",
                P("line", "enum:row|column"),
                P("index", "int", lo=1, hi=9),
                P("enters", "enum:technology|advanced"),
                repeat=True,
            ),
            F("damage_spaces", "Damage cubes an action can hold.", COUNT),
            F("damage_penalty", "Die value lost on a fully damaged action.", COUNT),
            F("ravager_stack_limit", "Ravager cards one location can hold.", COUNT),
            F("card_slots", "Slots around the player board for playing cards.", COUNT),
            F("workstations", "Workstations, one per die colour.", COUNT),
            singleton=True,
            has_id=False,
        ),
        _kind(
            "player_start",
            "What each player starts with.",
            F("break_room", "Robots in the break room.", COUNT),
            F("workstation", "Robots in each workstation.", COUNT),
            F("supply_robots", "Robots in the general supply.", COUNT),
            F("start_tiles", "Starting tiles placed on the grid.", COUNT),
            F(
                "hand",
                "Cards in hand: per colour missions, ravagers.",
                P("missions_per_color", "count"),
                P("ravagers", "count"),
            ),
            F("storage", "An item placed in storage.", COUNT, P("item", "item"), repeat=True),
            F("dice", "Dice rolled, one per colour.", COUNT),
            singleton=True,
            has_id=False,
        ),
        _kind(
            "setup",
            "Setup values for one player count.",
            F("players", "The player count.", P("players", "int", lo=1, hi=4), required=True),
            F("dice_per_color", "Dice of each colour in the supply.", COUNT, required=True),
            F("strips", "Space strips in play.", P("strips", "int", lo=1, hi=7), required=True),
            F("ravagers_removed", "Ravager cards removed at random.", COUNT, required=True),
            F("start_ravagers", "Ravager cards drawn and placed at setup.", COUNT),
            F("neutral_player", "A neutral player holds dice and workstation robots."),
            F("opponent", "An automated opponent.", P("opponent", "enum:hal")),
        ),
        _kind(
            "space",
            "The space board built from strips.",
            F(
                "hexes_per_strip",
                "Hexes on each strip face.",
                P("hexes", "int", lo=1, hi=9),
                required=True,
            ),
            F(
                "start_hex",
                "Position of the middle hex where the Black Angel starts.",
                P("position", "int", lo=1, hi=9),
                required=True,
            ),
            F(
                "adjacency",
                "How hexes of neighbouring strips touch.",
                P("layout", "enum:offset_columns"),
                required=True,
            ),
            singleton=True,
            has_id=False,
        ),
        _kind(
            "strip",
            "A double-sided space strip.",
            F("number", "Printed strip number.", P("number", "int", lo=1, hi=20), required=True),
            F(
                "side",
                "One face of the strip.",
                P("face", "enum:a|b"),
                block="side",
                required=True,
                repeat=True,
            ),
            card=True,
        ),
        _kind(
            "side",
            "One face of a strip (only inside `strip`).",
            F(
                "hex",
                "A hex: position, terrain, Ravager icons, comet.",
                HEX_POS,
                P("terrain", "terrain"),
                P("icons", "count", optional=True),
                P("comet", "flag:comet", optional=True),
                repeat=True,
                required=True,
            ),
            has_id=False,
            nested_only=True,
        ),
        _kind(
            "mission",
            "A mission card: colour, reward, revealed tiles, and an activation or ejection effect.",
            F("color", "Card colour.", P("color", "color"), required=True),
            F(
                "reward",
                "Reward under the species symbol.",
                COUNT,
                P("item", "reward"),
                required=True,
            ),
            F(
                "reveals",
                "Technology tiles that enter the display when placed (1 or 2).",
                P("color", "color"),
                P("color", "color", optional=True),
                required=True,
            ),
            F(
                "activation",
                "Effect per activation (activation mission).",
                effect=True,
                event="mission_activated",
            ),
            F(
                "ejection",
                "Effect when ejected: for the owner, passengers (ships), or everyone once.",
                P("who", "enum:owner|passengers|everyone"),
                effect=True,
                event="mission_ejected",
                repeat=True,
            ),
            card=True,
        ),
        _kind(
            "ravager",
            "A ravager card: the action it attacks and its permanent effect.",
            F("target", "Number of the attacked action.", P("action", "action"), required=True),
            F(
                "permanent",
                "Effect on whoever performs the attacked action while it is on top.",
                effect=True,
                event="action_performed",
                required=True,
            ),
            card=True,
        ),
        _kind(
            "start_tile",
            "A starting technology tile in the player colours.",
            F("copies", "Copies in the box.", COUNT),
            F(
                "standard",
                "Effect when activated.",
                effect=True,
                event="tile_activated",
                required=True,
            ),
            card=True,
        ),
        _kind(
            "tech",
            "A technology tile with a standard side and a boost side.",
            F("color", "Tile colour.", P("color", "color"), required=True),
            F("copies", "Copies in the box.", COUNT),
            F(
                "standard",
                "Effect when activated.",
                effect=True,
                event="tile_activated",
                required=True,
            ),
            F(
                "boost",
                "One-time (1x) effect of the boost side (advanced rules).",
                effect=True,
                event="action_performed",
                required=True,
            ),
            card=True,
        ),
        _kind(
            "advanced",
            "An advanced technology tile, scored at the end.",
            F("copies", "Copies in the box.", COUNT),
            F(
                "score",
                "Final scoring formula (capped by the rules).",
                effect=True,
                event="final_scoring",
                required=True,
            ),
            card=True,
        ),
        _kind(
            "hal_card",
            "A card of Hal, the solo opponent: two halves.",
            F(
                "top",
                "Top half: die colour, action, mode.",
                P("color", "color"),
                P("action", "enum:discover|repair|destroy|command"),
                P(
                    "mode",
                    "enum:advanced_first|tech_only|clockwise|counterclockwise",
                    optional=True,
                ),
                required=True,
            ),
            F(
                "bottom",
                "Bottom half: die colour, action, mode.",
                P("color", "color"),
                P("action", "enum:discover|repair|destroy|command"),
                P(
                    "mode",
                    "enum:advanced_first|tech_only|clockwise|counterclockwise",
                    optional=True,
                ),
                required=True,
            ),
            card=True,
        ),
        _kind(
            "hal",
            "Hal's VP weightings and difficulty levels.",
            F(
                "weight",
                "VP Hal scores for each item he would gain.",
                P("gain", "enum:ship|resource|robot|debris|technology|advanced|ravager"),
                COUNT,
                repeat=True,
                required=True,
            ),
            F(
                "difficulty",
                "Hal's starting VP for a difficulty level.",
                P("level", "name"),
                COUNT,
                repeat=True,
                required=True,
            ),
            F("fallback_vp", "VP Hal scores when he cannot act.", COUNT),
            F("ejected_card_vp", "VP Hal scores per ejected card of his.", COUNT),
            F("comet_vp", "VP Hal scores for placing a card on a comet hex.", COUNT),
            singleton=True,
            has_id=False,
        ),
        _kind(
            "aid",
            "A player aid: the advantage of a turn position.",
            F("position", "Turn position.", P("position", "int", lo=1, hi=4), required=True),
            F(
                "advantage",
                "What the player in that position gets at setup.",
                effect=True,
                event="setup_done",
            ),
            card=True,
        ),
        _kind(
            "ruling",
            "A named choice where the rulebooks are ambiguous or the editions differ.",
            F("help", "What is being decided, in one line.", P("text", "string"), required=True),
            F(
                "default",
                "The option used unless the user picks another.",
                P("option", "name"),
                required=True,
            ),
            F(
                "option",
                "One possible reading and what it means.",
                P("name", "name"),
                P("text", "string"),
                required=True,
                repeat=True,
            ),
            F(
                "edition",
                "The option an edition's text implies.",
                P("edition", "enum:en|pl|de"),
                P("option", "name"),
                repeat=True,
            ),
        ),
        _kind(
            "phase",
            "A part of a turn: its steps run in order (the turn structure).",
            F(
                "step",
                "One step: a name, then what happens.",
                P("name", "name"),
                effect=True,
                required=True,
                repeat=True,
            ),
        ),
        _kind(
            "event",
            "An event that triggers can listen to, beyond the engine's own.",
            F("help", "What the event means.", P("text", "string")),
        ),
        _kind(
            "trigger",
            "A rule that runs an effect whenever an event happens.",
            F("on", "The event.", P("event", "event"), required=True),
            F("effect", "What happens.", effect=True, required=True),
        ),
    ]
}

# Events the engine raises by itself (content may listen to them).
EVENTS: dict[str, str] = {
    "setup_done": "set-up is complete",
    "tile_activated": "a technology tile is activated",
    "mission_activated": "an activation mission is activated with a die",
    "mission_ejected": "a mission card leaves the space board",
    "action_performed": "a player performs a board action",
    "ravager_placed": "a ravager card attacks an action",
    "final_scoring": "the game ends and is scored",
}

ACTIVATE_FILTER = "enum:non_activating|any"

PRIMITIVES: dict[str, Primitive] = {
    p.name: p
    for p in [
        Primitive(
            "gain",
            "Move up a track.",
            (COUNT, P("track", "track")),
            N_("gain {amount} {track}"),
            can_fail=False,
        ),
        Primitive(
            "lose",
            "Move down a track.",
            (COUNT, P("track", "track")),
            N_("lose {amount} {track}"),
            can_fail=False,
        ),
        Primitive(
            "take",
            "Take items from the general supply.",
            (COUNT, P("item", "item")),
            N_("take {amount} {item} from the general supply"),
        ),
        Primitive(
            "spend",
            "Return items from your storage or break room to the supply.",
            (COUNT, P("item", "item")),
            N_("spend {amount} {item} from your storage"),
        ),
        Primitive(
            "spend_tech",
            "Give up technology tiles from your grid or ejected ones.",
            (P("amount", "count"),),
            N_("spend {amount} {amount:technology tile} from your grid or ejected ones"),
        ),
        Primitive(
            "spend_card",
            "Discard cards from your hand as a cost.",
            (P("amount", "count"), P("card", "enum:mission|ravager")),
            N_("spend {amount} {card} from your hand"),
        ),
        Primitive(
            "discard",
            "Discard cards from your hand.",
            (P("amount", "count"), P("card", "enum:mission|ravager")),
            N_("discard {amount} {card} from your hand"),
        ),
        Primitive(
            "draw_keep",
            "Draw cards of one colour of your choice and keep some.",
            (P("draw", "count"), P("keep", "count")),
            N_("draw {draw} {draw:mission card} of one colour and keep {keep}"),
        ),
        Primitive(
            "move_ship",
            "Fly a ship of yours up to N hexes (movement rules apply).",
            (P("hexes", "count"),),
            N_("fly a ship of yours up to {hexes} {hexes:hex}"),
            game_primitive=True,
        ),
        Primitive(
            "move_robot",
            "Shift a robot of yours between two places on the Black Angel.",
            (
                P("source", "enum:break_room|workstation"),
                P("destination", "enum:break_room|workstation"),
            ),
            N_("shift a robot of yours from {source} to {destination}"),
            game_primitive=True,
        ),
        Primitive(
            "activate_adjacent",
            "Activate a neighbouring tile in the grid.",
            (P("direction", "enum:vertical|horizontal"), P("filter", ACTIVATE_FILTER)),
            N_("activate an adjacent tile ({direction}, {filter})"),
            activates=True,
        ),
        Primitive(
            "damage_next_action",
            "Damage the following action (clockwise) by one cube.",
            (),
            N_("damage the following action, clockwise, by one cube"),
            game_primitive=True,
        ),
        Primitive(
            "damage_die",
            "Put a damage cube on an undamaged die of a colour in the supply.",
            (P("color", "color"),),
            N_("put a damage cube on one {color} die in the supply"),
            game_primitive=True,
        ),
        Primitive(
            "hold_robot",
            "Leave a robot from your break room on this card until it is destroyed.",
            (),
            N_("leave a robot from your break room on this card until it is destroyed"),
            game_primitive=True,
        ),
        Primitive(
            "gain_on_action",
            "Score when performing a given action.",
            (P("action", "action"), COUNT),
            N_("when you perform action {action}, gain {amount} VP"),
            can_fail=False,
        ),
        Primitive(
            "set_die_value",
            "Set a die of a colour to a value before using it.",
            (P("color", "color"), P("value", "int", lo=0, hi=3)),
            N_("set one {color} die to {value} and use it"),
            game_primitive=True,
        ),
        Primitive(
            "set_die_color",
            "Treat a die of a colour as a colour of your choice.",
            (P("color", "color"),),
            N_("use one {color} die as a die of the colour of your choice"),
            game_primitive=True,
        ),
        Primitive(
            "free_reserve",
            "Reserve a die of a colour for free in sequence B.",
            (P("color", "color"),),
            N_("reserve one {color} die for free"),
            game_primitive=True,
        ),
        Primitive(
            "reserve_free",
            "Move one of your dice to the high-security area for free.",
            (),
            N_("reserve one of your dice for free"),
            game_primitive=True,
        ),
        Primitive(
            "run",
            "Run the steps of a phase.",
            (P("phase", "phase"),),
            N_("carry out {phase}"),
        ),
        Primitive(
            "play_card",
            "Play a card from your hand beside your grid and activate tiles of its row or column.",
            (),
            N_("play a card around your player board"),
            game_primitive=True,
        ),
        Primitive(
            "perform_action",
            "Choose a die (own or bought) and use it for a board action or a mission in space.",
            (),
            N_("perform an action with one die"),
            game_primitive=True,
        ),
        Primitive(
            "draw_for_die",
            "Draw a mission card of the used die's colour and return the die.",
            (),
            N_("draw a card of the die's colour and return the die"),
            game_primitive=True,
        ),
        Primitive(
            "hand_limit",
            "Discard mission cards down to the hand limit.",
            (),
            N_("discard down to the hand limit"),
            can_fail=False,
            game_primitive=True,
        ),
        Primitive(
            "reroll_dice",
            "Lose VP for unused dice, then roll one die per robot in a workstation.",
            (),
            N_("reroll your dice"),
            can_fail=False,
            game_primitive=True,
        ),
        Primitive(
            "reserve_die",
            "Pay to move one of your dice to the high-security area.",
            (COUNT, P("item", "item")),
            N_("pay {amount} {item} to reserve one of your dice"),
            game_primitive=True,
        ),
        Primitive(
            "reset_board",
            "Discard the cards played around your board; debris on tiles returns to storage.",
            (),
            N_("reset your player board"),
            can_fail=False,
            game_primitive=True,
        ),
        Primitive(
            "advance_black_angel",
            "Move the Black Angel one strip on, eject the first strip's cards, recycle the strip.",
            (),
            N_("advance the Black Angel toward Spes"),
            can_fail=False,
            game_primitive=True,
        ),
        Primitive(
            "pass_turn",
            "Pass instead of a forced sequence B (final round only).",
            (),
            N_("pass"),
            game_primitive=True,
        ),
        Primitive(
            "emit",
            "Raise a content event.",
            (P("event", "event"),),
            N_("raise the event {event}"),
            can_fail=False,
        ),
        # counters, used after `per`
        Primitive(
            "missions_in_space",
            "Mission cards of a colour you own in space.",
            (P("color", "color"),),
            N_("{color} mission card you own in space"),
            counter=True,
        ),
        Primitive(
            "missions_ejected",
            "Mission cards of a colour ejected and tucked under your board.",
            (P("color", "color"),),
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
            (P("color", "color"),),
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
    ]
}

TERRAINS_BESIDES_COLORS = ("asteroid", "empty")
ANNOTATIONS = {
    "reconstructed": "the rulebooks do not print this value; the reason follows",
    "rulebook": "where the rulebooks print this value",
}
