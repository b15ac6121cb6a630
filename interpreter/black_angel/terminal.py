"""Black Angel's table as text, for a person playing at the terminal (`ba play --human`):
space as a map of its strips, the Black Angel board, the display and the advanced tiles,
the dice, every player board (yours with the rules text of your tiles and your hand;
another seat's hand as a count and its face-down cards by kind and colour only,
face_down.py), Hal in the solo game, any card or tile by id, and what each option of a
decision does (the lines `?` shows under it).

Plain text within 80 columns, with no colour and no cursor control, so that it reads the
same in a pipe, under NO_COLOR and in a screen reader. Every word is a message of the
catalogs; ids and hex labels (`st3/2`, as the options name them) stay as they are.
"""

from __future__ import annotations

import textwrap
from collections import Counter
from functools import lru_cache

from ...dsl.checker import Decl
from ...dsl.i18n import N_, NC_, NN_
from ...dsl.text import TextRenderer
from ..game import Terminal, View, command_word
from . import hal_narrate, labels, narrate
from .display import advanced_cost, tile_cost
from .face_down import seen_card
from .grid import activated_by, line_cells
from .labels import later
from .layout import HAL, NEUTRAL, hex_key
from .space import hex_at
from .tables import BlackAngelProgram, Engine

WIDTH = 80  # the narrowest terminal the table fits
CELL = 11  # a hex of the map, and a cell of a grid, in columns

# the map
SPACE = N_("Space, from the strip nearest the board (left) to the far end (right)")
# TRANSLATORS: the key of the map's marks; m005:1 and ^1 stay as they are (ids, seats)
MAP_KEY = N_(
    "* a ravager icon, ~ a comet, A the Black Angel, m005:1 a mission card of P1 "
    "(+2: with a robot of P2; H: Hal's), ^1 a ship of P1"
)
HEX_CONTENTS = N_("{hex} ({terrain}): {contents}")
ICONS = NN_("{count} ravager icon", "{count} ravager icons")
COMET = N_("comet")
MISSION_OF = N_("mission {card} of {player}")
WITH_ROBOT = N_("with a robot of {player}")
SHIPS_OF = N_("ships of {players}")
BLACK_ANGEL = N_("the Black Angel")
SPES = N_("Spes")
SPES_TOKEN = N_("the Spes token lies on strip {strip}")
EMPTY_HEX = N_("nothing there")

# the board, the display, the dice
BOARD = N_("The Black Angel board")
ROUND = N_("round {round}")
FINAL_ROUND = N_("round {round}, the final round")
RAVAGER_DECK = NN_("ravager deck: {count} card", "ravager deck: {count} cards")
ACTION_LINE = N_("{number}. {kind} ({color}): damage {damage} of {spaces}")
RAVAGER_LINE = N_("ravager {card}: {rules}")
ON_TOP = N_("on top")
HOLDS = N_("holds a robot of {players}")
DISPLAY = N_("Technology display")
DISPLAY_TILE = N_("{number}. {tile} ({color}, cost {cost})")
BOOST_SIDE = N_("boost side up")
STACK = NN_("{color}: {count} tile", "{color}: {count} tiles")
ADVANCED = N_("Advanced tiles")
ADVANCED_TILE = N_("{number}. {tile} (cost {cost})")
ADVANCED_DECK = NN_("advanced deck: {count} tile", "advanced deck: {count} tiles")
DICE = N_("Dice")
SUPPLY = N_("supply")
DICE_OF = N_("{owner}: {dice}")
SUPPLY_DICE = N_("{count} {color}")
SUPPLY_DAMAGED = NN_("{count} {color} ({damaged} damaged)", "{count} {color} ({damaged} damaged)")
DIE_DAMAGED = N_("{die} (damaged)")
NEUTRAL_NAME = N_("neutral player")
NONE = N_("none")

# the player boards
PLAYER_LINE = N_(
    "{player}: {vp} VP | storage: {storage} | break room: {robots} | "
    "robot supply: {supply} | workstations: {workstations}"
)
YOU = N_("{player} (you)")
# TRANSLATORS: the key of a grid; + and ^ stay as they are
GRID = N_("grid (+ debris on a tile, ^ boost side up):")
BESIDE = N_("beside {line}: {card}")
ROW = N_("row {number}")
COLUMN = N_("column {number}")
YOUR_TILES = N_("your tiles:")
HAND = N_("hand:")
EMPTY_HAND = N_("hand: no cards")
HIDDEN_HAND = NN_("hand: {count} mission card{colours}", "hand: {count} mission cards{colours}")
HIDDEN_COLOURS = N_(" ({colours})")
RAVAGERS_IN_HAND = NN_("{count} ravager card", "{count} ravager cards")
COLOUR_COUNT = N_("{count} {color}")
TUCKED = N_("tucked: {cards}")
ADVANCED_SPACES = N_("advanced spaces: {tiles}")
EJECTED = N_("ejected: {tiles}")

# the views, and the card view's answers
MAP_HELP = N_("space: the strips, missions, ships and the Black Angel")
BOARD_HELP = N_("the Black Angel board, the display, the advanced tiles and the dice")
PLAYERS_HELP = N_("every player board: yours with your hand, the others' as you see them")
TABLE_HELP = N_("all of the above")
CARD_HELP = N_("a card or tile with its text: {word} m005, or {word} 3 for what option 3 names")
CARD_NEEDS = N_("{word} takes an id, such as {word} m005, or an option's number")
NO_CARD = N_(
    "no card or tile {card}; {word} takes an id, such as {word} m005, or an option's number"
)
NO_CARD_IN_OPTION = N_("option {number} names no card or tile")
# TRANSLATORS: a word typed at the terminal to see a card: one lower-case word
CARD = NC_("terminal command", "card")  # the view of one card (VIEWS)

# what an option does
SEQUENCE_STEP = N_("{number}) {step}")
ACTIVATES = N_("activates {tiles}")
ACTIVATES_NOTHING = N_("activates no tile")
ACTION_DAMAGED = N_("this action is fully damaged: the die counts {penalty} less")
DOES = {
    "discover": N_(
        "Discover: spend the die's value on tiles of the display (each costs what its space "
        "shows) or advanced tiles, then inject each into a row or column of your grid."
    ),
    "repair": N_(
        "Repair: each point of the die's value removes a damage cube from an action or from "
        "a die in a supply; the cube becomes debris, for your storage or for a tile, which "
        "it activates."
    ),
    "destroy": N_(
        "Destroy: each point of the die's value destroys a ravager, but an action's whole "
        "stack goes at once; destroyed ravagers go to your hand and free the robots they held."
    ),
    "command": N_(
        "Command: move one ship (or launch one from the Black Angel's hex) up to the die's "
        "value in hexes; where it stops you may place a mission card of the die's colour."
    ),
}


def say(text: TextRenderer, template: str | tuple[str, str], n: int = 1, **values: object) -> str:
    return text.fill(template, values, None, n)


def wrap(line: str, indent: str = "  ", more: str = "    ", width: int = WIDTH) -> list[str]:
    """A line cut at spaces to fit the terminal; its continuation indented further."""
    return textwrap.wrap(
        line, width, initial_indent=indent, subsequent_indent=more, break_on_hyphens=False
    ) or [indent.rstrip()]


# ---- cards and tiles ------------------------------------------------------------------
@lru_cache(maxsize=8)
def _card_decls(data: BlackAngelProgram) -> dict[str, Decl]:
    """Every card and tile declaration, by id."""
    kinds = {k for k, spec in data.vocabulary.kinds.items() if spec.card and k != "strip"}
    return {d.id: d for d in data.text.decls if d.id is not None and d.kind in kinds}


def decl_of(data: BlackAngelProgram, card: str) -> Decl | None:
    """The declaration of a card or tile, or of a copy of a tile (s3#1 is s3)."""
    return _card_decls(data).get(card.split("#")[0])


def card_text(data: BlackAngelProgram, card: str) -> list[str]:
    """A card's or tile's rules text, generated from its effects, one line per effect."""
    decl = decl_of(data, card)
    return [] if decl is None else data.text.card_lines(decl)


def card_face(data: BlackAngelProgram, card: str) -> list[str]:
    """A card or tile as `ba cards` shows it: id, kind and facts, then one line per
    effect (not cut to the terminal's width yet)."""
    decl = decl_of(data, card)
    if decl is None:
        return []
    text = data.text
    head = f"{card} [{text.kind(decl.kind)}] {text.fact_line(decl)}".rstrip()
    return [head, *text.card_lines(decl)]


def shown_face(data: BlackAngelProgram, card: str) -> list[str]:
    """A card's face for the terminal: its head line, its effects indented below."""
    lines = card_face(data, card)
    out = wrap(lines[0], "  ", "      ") if lines else []
    for line in lines[1:]:
        out += wrap(line, "    ", "      ")
    return out


def _with_text(data: BlackAngelProgram, shown: str, card: str, indent: str) -> list[str]:
    """A card or tile in a list: what the table says of it, then its rules text."""
    lines = wrap(shown, indent, indent + "    ")
    for line in card_text(data, card):
        lines += wrap(line, indent + "    ", indent + "      ")
    return lines


def _mission(engine: Engine, card: str) -> str:
    return engine.data.text.render(labels.card(engine, card))


# ---- space ----------------------------------------------------------------------------
def _owner_mark(owner: object) -> str:
    return str(owner + 1) if isinstance(owner, int) else "H"


def _owner_name(engine: Engine, owner: object) -> str:
    text = engine.data.text
    if isinstance(owner, int):
        return narrate.say(text, narrate.SEAT, number=owner + 1)
    return "Hal" if owner == HAL else say(text, NEUTRAL_NAME)


def _terrain(engine: Engine, strip: str, pos: int) -> str:
    terrain = hex_at(engine, strip, pos).terrain
    if terrain == "spes":
        return say(engine.data.text, SPES)
    return engine.data.text.word(terrain, "BLACK_ANGEL_MOVES.terrain")


def _cell(engine: Engine, strip: str, pos: int) -> list[str]:
    """A hex of the map in four short lines: label and terrain, marks, mission, ships."""
    space = engine.state["space"]
    key = hex_key(strip, pos)
    found = hex_at(engine, strip, pos)
    if found.terrain == "asteroid":
        terrain = "####"
    elif found.terrain == "empty":
        terrain = "...."
    else:
        terrain = _terrain(engine, strip, pos)[:4]
    marks = "*" * found.icons + ("~" if found.comet else "")
    if space["black_angel"] == [strip, pos]:
        marks += " A"
    card = space["cards"].get(key)
    mission = ""
    if card is not None:
        mission = f"{card['mission']}:{_owner_mark(card['owner'])}"
        if card["robot"] is not None:
            mission += f"+{_owner_mark(card['robot'])}"
    ships = " ".join(f"^{_owner_mark(s)}" for s in space["ships"].get(key, []))
    return [f"{key} {terrain}", marks.strip(), mission, ships]


def _contents(engine: Engine, strip: str, pos: int) -> list[str]:
    """What lies on a hex, in words."""
    text = engine.data.text
    space = engine.state["space"]
    key = hex_key(strip, pos)
    found = hex_at(engine, strip, pos)
    out = []
    if found.icons:
        out.append(say(text, ICONS, n=found.icons, count=found.icons))
    if found.comet:
        out.append(say(text, COMET))
    card = space["cards"].get(key)
    if card is not None:
        owner = _owner_name(engine, card["owner"])
        words = say(text, MISSION_OF, card=card["mission"], player=owner)
        if card["robot"] is not None:
            words += " " + say(text, WITH_ROBOT, player=_owner_name(engine, card["robot"]))
        out.append(words)
    ships = space["ships"].get(key, [])
    if ships:
        players = text.tr.plain_list([_owner_name(engine, s) for s in ships])
        out.append(say(text, SHIPS_OF, players=players))
    if space["black_angel"] == [strip, pos]:
        out.append(say(text, BLACK_ANGEL))
    return out


def hex_line(engine: Engine, key: str) -> str:
    """A hex in words: its label, terrain and what lies on it."""
    strip, pos = key.split("/")
    contents = _contents(engine, strip, int(pos)) or [say(engine.data.text, EMPTY_HEX)]
    return say(
        engine.data.text,
        HEX_CONTENTS,
        hex=key,
        terrain=_terrain(engine, strip, int(pos)),
        contents="; ".join(contents),
    )


def space_map(engine: Engine) -> list[str]:
    """Space as columns of hexes, each strip half a hex above or below its neighbours as
    it lies, then every hex that holds something, in words."""
    text = engine.data.text
    space = engine.state["space"]
    size = engine.data.numbers["space.hexes_per_strip"]
    order = space["order"]
    rows = 4 * size + 2
    columns = []
    for strip in order:
        lines = [""] * rows
        shift = 2 * space["offset"][strip]
        for pos in range(1, size + 1):
            for i, part in enumerate(_cell(engine, strip, pos)):
                lines[shift + 4 * (pos - 1) + i] = part
        columns.append([f"{strip}{space['face'][strip]}", *lines])
    grid = [
        (" " + "".join(part[: CELL - 1].ljust(CELL) for part in row)).rstrip()
        for row in zip(*columns)
    ]
    while not grid[-1]:
        grid.pop()
    out = [*wrap(say(text, SPACE) + ":", ""), *grid]
    out += wrap(say(text, MAP_KEY), "  ", "  ")
    if space["spes_token"] is not None:
        out += wrap(say(text, SPES_TOKEN, strip=space["spes_token"]))
    for strip in order:  # the hexes where pieces lie, in words
        for pos in range(1, size + 1):
            key = hex_key(strip, pos)
            if (
                key in space["cards"]
                or space["ships"].get(key)
                or space["black_angel"]
                == [
                    strip,
                    pos,
                ]
            ):
                out += wrap(hex_line(engine, key))
    return out


# ---- the board, the display, the dice -------------------------------------------------
def board(engine: Engine) -> list[str]:
    """The six actions with their damage and ravagers (the top one last)."""
    text = engine.data.text
    state = engine.state
    turn = state["turn"]
    rnd = say(text, FINAL_ROUND if turn["final_round"] else ROUND, round=turn["round"])
    deck = len(state["ravager_deck"])
    out = wrap(f"{say(text, BOARD)}: {rnd}, {say(text, RAVAGER_DECK, n=deck, count=deck)}", "")
    spaces = engine.data.numbers["board.damage_spaces"]
    for number, (colour, kind) in sorted(engine.data.actions.items()):
        at = state["actions"][number - 1]
        out += wrap(
            say(
                text,
                ACTION_LINE,
                number=number,
                kind=text.word(kind, "USE_ON_ACTION.kind"),
                color=text.word(colour),
                damage=at["damage"],
                spaces=spaces,
            )
        )
        for i, card in enumerate(at["ravagers"]):
            marks = []
            if i == len(at["ravagers"]) - 1:
                marks.append(say(text, ON_TOP))
            held = at["held"].get(card, [])
            if held:
                names = text.tr.plain_list([_owner_name(engine, s) for s in held])
                marks.append(say(text, HOLDS, players=names))
            body = " ".join(card_text(engine.data, card))
            shown = say(text, RAVAGER_LINE, card=card, rules=body)
            if marks:
                shown = f"{shown} ({'; '.join(marks)})"
            out += wrap(shown, "     ", "       ")
    return out


def display(engine: Engine) -> list[str]:
    """The display and the advanced tiles, with their costs and rules text."""
    text = engine.data.text
    state = engine.state
    data = engine.data
    out = [say(text, DISPLAY) + ":"]
    for i, tile in enumerate(state["display"]):
        if tile is None:
            continue
        colour = data.tiles[tile].color
        shown = say(
            text,
            DISPLAY_TILE,
            number=i + 1,
            tile=tile,
            color=text.word(colour) if colour else "",
            cost=tile_cost(engine, i),
        )
        if state.get("sides", {}).get(tile) == "boost":
            shown += f", {say(text, BOOST_SIDE)}"
        out += _with_text(data, shown, tile, "  ")
    stacks = [
        say(text, STACK, n=len(tiles), color=text.word(colour), count=len(tiles))
        for colour, tiles in state["stacks"].items()
    ]
    out += wrap(" | ".join(stacks), "    ", "    ")
    out.append(say(text, ADVANCED) + ":")
    for i, tile in enumerate(state["advanced_slots"]):
        if tile is not None:
            shown = say(text, ADVANCED_TILE, number=i + 1, tile=tile, cost=advanced_cost(engine))
            out += _with_text(data, shown, tile, "  ")
    count = len(state["advanced_deck"])
    out += wrap(say(text, ADVANCED_DECK, n=count, count=count), "    ")
    return out


def _die(engine: Engine, die: dict) -> str:
    text = engine.data.text
    template = narrate.DICE_OWN_RESERVED if die["reserved"] else narrate.DICE_OWN
    shown = narrate.say(text, template, color=die["color"], value=die["value"])
    return say(text, DIE_DAMAGED, die=shown) if die["damaged"] else shown


def dice(engine: Engine) -> list[str]:
    """The dice by owner: the supplies by colour, then each owner's dice."""
    text = engine.data.text
    state = engine.state
    supply: Counter[str] = Counter()
    damaged: Counter[str] = Counter()
    for die in state["dice"]:
        if die["owner"] is None:
            supply[die["color"]] += 1
            damaged[die["color"]] += die["damaged"]
    stock = [
        say(
            text,
            SUPPLY_DAMAGED if damaged[c] else SUPPLY_DICE,
            n=damaged[c],
            count=supply[c],
            color=text.word(c),
            damaged=damaged[c],
        )
        for c in engine.data.colors
        if supply[c]
    ]
    out = [say(text, DICE) + ":"]
    supplies = text.tr.plain_list(stock) or say(text, NONE)
    out += wrap(say(text, DICE_OF, owner=say(text, SUPPLY), dice=supplies))
    owners: list[object] = [*range(len(state["players"])), NEUTRAL, HAL]
    for owner in owners:
        own = [_die(engine, d) for d in state["dice"] if d["owner"] == owner]
        if own or isinstance(owner, int):
            shown = text.tr.plain_list(own) or say(text, NONE)
            out += wrap(say(text, DICE_OF, owner=_owner_name(engine, owner), dice=shown))
    return out


# ---- the player boards ----------------------------------------------------------------
def _grid(engine: Engine, p: dict) -> list[str]:
    """The grid as rows of cells, row and column numbers around it."""
    size = engine.data.grid_size
    sides = engine.state.get("sides", {})
    out = ["    " + "".join(str(c + 1).ljust(CELL) for c in range(size)).rstrip()]
    for r in range(size):
        cells = []
        for c in range(size):
            i = r * size + c
            tile = p["grid"][i]
            shown = "." if tile is None else tile
            shown += "+" if p["debris_on"][i] else ""
            shown += "^" if tile is not None and sides.get(tile) == "boost" else ""
            cells.append(shown.ljust(CELL))
        out.append(f"  {r + 1} " + "".join(cells).rstrip())
    return out


def _slots(engine: Engine, p: dict, seat: int, viewer: int) -> list[str]:
    """The cards beside the rows and columns: the viewer's own by id, others face down."""
    text = engine.data.text
    data = engine.data
    size = data.grid_size
    out = []
    for slot, card in enumerate(p["slots"]):
        if card is None:
            continue
        kind, card_id = card
        line = (
            say(text, ROW, number=slot + 1)
            if slot < size
            else say(text, COLUMN, number=slot - size + 1)
        )
        seen = seen_card(data, kind, card_id, seat, viewer)
        if seen == card_id:
            shown = _mission(engine, card_id) if kind == "mission" else card_id
        elif kind == "mission":
            colour = data.missions[card_id].color
            shown = text.render(later(labels.FACE_DOWN_MISSION, ("color", colour)))
        else:
            shown = text.render(later(labels.A_RAVAGER))
        out += wrap(say(text, BESIDE, line=line, card=shown), "    ", "      ")
    return out


def _colour_counts(engine: Engine, cards: list[str]) -> str:
    text = engine.data.text
    counts = Counter(engine.data.missions[c].color for c in cards)
    return text.tr.plain_list(
        [
            say(text, COLOUR_COUNT, count=counts[c], color=text.word(c))
            for c in engine.data.colors
            if counts[c]
        ]
    )


def player_board(engine: Engine, seat: int, viewer: int) -> list[str]:
    """A player's board as `viewer` sees it: the viewer's own with the rules text of
    its tiles and of the hand, another's hand as a count by colour."""
    text = engine.data.text
    data = engine.data
    p = engine.state["players"][seat]
    storage = [
        narrate.say(text, narrate.STORED, count=count, item=text.word(item, None, count))
        for item, count in p["storage"].items()
    ]
    workstations = [
        narrate.say(text, narrate.WORKSTATION_ROBOTS, color=text.word(c), count=count)
        for c, count in p["workstations"].items()
    ]
    name = _owner_name(engine, seat)
    if seat == viewer:
        name = say(text, YOU, player=name)
    out = wrap(
        say(
            text,
            PLAYER_LINE,
            player=name,
            vp=p["vp"],
            storage=text.tr.plain_list(storage) or say(text, NONE),
            robots=p["break_room"],
            supply=p["supply_robots"],
            workstations=text.tr.plain_list(workstations) or say(text, NONE),
        ),
        "",
        "    ",
    )
    if any(p["grid"]):
        out += wrap(say(text, GRID))
        out += _grid(engine, p)
    out += _slots(engine, p, seat, viewer)
    if p["advanced_spaces"] and any(p["advanced_spaces"]):
        tiles = ", ".join(t for t in p["advanced_spaces"] if t)
        out += wrap(say(text, ADVANCED_SPACES, tiles=tiles))
    if p["ejected"] or p["advanced_aside"]:
        out += wrap(say(text, EJECTED, tiles=", ".join(p["ejected"] + p["advanced_aside"])))
    tucked = [c for cards in p["tucked"].values() for c in cards]
    if tucked:
        out += wrap(say(text, TUCKED, cards=_colour_counts(engine, tucked)))
    ravagers = len(p["ravagers"])
    if seat != viewer:
        colours = _colour_counts(engine, p["hand"])
        shown = say(
            text,
            HIDDEN_HAND,
            n=len(p["hand"]),
            count=len(p["hand"]),
            colours=say(text, HIDDEN_COLOURS, colours=colours) if colours else "",
        )
        if ravagers:
            shown += ", " + say(text, RAVAGERS_IN_HAND, n=ravagers, count=ravagers)
        return out + wrap(shown)
    own_tiles = sorted({t.split("#")[0] for t in p["grid"] + p["advanced_spaces"] if t})
    if own_tiles:
        out.append("  " + say(text, YOUR_TILES))
        for tile in own_tiles:
            out += _with_text(data, tile, tile, "    ")
    if not p["hand"] and not p["ravagers"]:
        return out + ["  " + say(text, EMPTY_HAND)]
    out.append("  " + say(text, HAND))
    for card in p["hand"]:
        decl = decl_of(data, card)
        facts = text.fact_line(decl) if decl is not None else ""
        out += _with_text(data, f"{card}  {facts}".rstrip(), card, "    ")
    for card in p["ravagers"]:
        out += _with_text(data, card, card, "    ")
    return out


def players(engine: Engine, viewer: int) -> list[str]:
    """Every player board, the viewer's first, then Hal's in the solo game."""
    seats = list(range(len(engine.state["players"])))
    seats.remove(viewer)
    out: list[str] = []
    for seat in [viewer, *seats]:
        out += player_board(engine, seat, viewer)
    for line in hal_narrate.position(engine):
        out += wrap(line.strip(), "", "    ")
    return out


# ---- the views ------------------------------------------------------------------------
def show_map(engine: Engine, seat: int, argument: str) -> str:
    return "\n".join(space_map(engine))


def show_board(engine: Engine, seat: int, argument: str) -> str:
    return "\n".join(board(engine) + display(engine) + dice(engine))


def show_players(engine: Engine, seat: int, argument: str) -> str:
    return "\n".join(players(engine, seat))


def table(engine: Engine, seat: int) -> str:
    """The whole table as `seat` sees it."""
    return "\n".join(
        space_map(engine) + board(engine) + display(engine) + dice(engine) + players(engine, seat)
    )


def show_table(engine: Engine, seat: int, argument: str) -> str:
    return table(engine, seat)


def show_card(engine: Engine, seat: int, argument: str) -> str:
    """A card or tile by id, or those an option of the pending decision names."""
    text = engine.data.text
    decision = engine.decision()
    if not argument:
        return "  " + say(text, CARD_NEEDS, word=command_word(text, CARD))
    shown = argument if len(argument) <= 20 else argument[:20] + "..."  # echoed, not flooded
    if argument.isascii() and argument.isdigit() and len(argument) <= 9 and decision:
        number = int(argument)
        if not 1 <= number <= len(decision.options):
            return "  " + say(text, NO_CARD, card=shown, word=command_word(text, CARD))
        cards = named_cards(engine, decision.kind, decision.options[number - 1].id)
        if not cards:
            return "  " + say(text, NO_CARD_IN_OPTION, number=number)
        return "\n".join(line for card in cards for line in shown_face(engine.data, card))
    lines = shown_face(engine.data, argument)
    return (
        "\n".join(lines)
        if lines
        else "  " + say(text, NO_CARD, card=shown, word=command_word(text, CARD))
    )


# ---- what an option does --------------------------------------------------------------
def named_cards(engine: Engine, kind: str, option: str) -> list[str]:
    """The cards and tiles an option names (the one to play, take, activate...)."""
    state = engine.state
    what, _, rest = option.partition(":")
    seat = state["pending"]["player"] if state["pending"] else None
    p = state["players"][seat] if isinstance(seat, int) else None
    if what == "play":
        card = rest.split(":")[0]
        if card == "ravager" and p is not None and p["ravagers"]:
            return [sorted(p["ravagers"])[0]]
        return [card]
    if what in ("card", "place", "boost"):
        return [rest]
    if what == "tile" and kind == "discover":
        return [state["display"][int(rest)]]
    if what == "advanced":
        return [state["advanced_slots"][int(rest)]]
    if what in ("cell", "tile") and p is not None and rest.isdigit():
        tile = p["grid"][int(rest)]
        return [] if tile is None else [tile]
    if what == "mission":
        card = state["space"]["cards"].get(rest)
        return [] if card is None else [card["mission"]]
    if what == "action" and rest.isdigit():
        return list(state["actions"][int(rest) - 1]["ravagers"])
    return []


def _phase_steps(engine: Engine, phase: str) -> list[str]:
    """The steps of a phase (sequence A or B), generated from the rules."""
    text = engine.data.text
    for decl in text.decls:
        if decl.kind == "phase" and decl.id == phase:
            steps = [u.effect for uses in decl.fields.values() for u in uses if u.effect]
            return [
                say(text, SEQUENCE_STEP, number=i, step=text.sentence(step))
                for i, step in enumerate(steps, 1)
            ]
    return []


def _action(engine: Engine, number: int) -> list[str]:
    """What an action does, and what weighs on it now."""
    text = engine.data.text
    kind = engine.data.actions[number][1]
    out = [text._(DOES[kind])] if kind in DOES else []
    numbers = engine.data.numbers
    if engine.state["actions"][number - 1]["damage"] >= numbers["board.damage_spaces"]:
        out.append(say(text, ACTION_DAMAGED, penalty=numbers["board.damage_penalty"]))
    return out


def _activated(engine: Engine, seat: int, option: str) -> str:
    """The tiles a card played beside a row or column would activate."""
    text = engine.data.text
    _, card, slot = option.split(":")
    p = engine.state["players"][seat]
    colour = engine.data.missions[card].color if card in engine.data.missions else None
    cells = [
        c
        for c in line_cells(engine.data.grid_size, int(slot))
        if p["grid"][c] is not None and activated_by(engine, p["grid"][c], colour)
    ]
    if not cells:
        return say(text, ACTIVATES_NOTHING)
    tiles = [
        text.render(later(labels.TILE_IN_CELL, ("tile", p["grid"][c]), ("cell", c + 1)))
        for c in cells
    ]
    return say(text, ACTIVATES, tiles=text.tr.plain_list(tiles))


def explain(engine: Engine, seat: int, option: str) -> list[str]:
    """What an option does, in lines of at most 70 columns (they are indented): the
    steps of a sequence, an action's work, the text of the card or tile it names, the
    hex it goes to, the tiles a card played there activates. None when its label says
    it all."""
    pending = engine.state["pending"]
    kind = pending["kind"] if pending else ""
    data = engine.data
    out: list[str] = []
    what, _, rest = option.partition(":")
    if what in ("sequence_a", "sequence_b"):
        out += _phase_steps(engine, what)
    elif what == "action" and kind == "choose_use":
        out += _action(engine, int(rest))
    elif what == "hex":
        out.append(hex_line(engine, rest))
    elif what == "move":
        out.append(hex_line(engine, rest.split(">")[1]))
    elif what == "ship" and rest != "launch":
        out.append(hex_line(engine, rest))
    if what == "play":  # the card's text is in the hand; what playing it there does
        out.append(_activated(engine, seat, option))
    else:
        for card in named_cards(engine, kind, option):
            out += card_face(data, card)
    return [part for line in out for part in wrap(line, "", "  ", WIDTH - 10)]


# TRANSLATORS: words typed at the terminal (ba play --human) to see a part of the table:
# one lower-case word each, all different (the English words work too)
VIEWS = {
    NC_("terminal command", "map"): View(MAP_HELP, show_map),
    NC_("terminal command", "board"): View(BOARD_HELP, show_board),
    NC_("terminal command", "players"): View(PLAYERS_HELP, show_players),
    NC_("terminal command", "table"): View(TABLE_HELP, show_table),
    CARD: View(CARD_HELP, show_card),
}

TERMINAL = Terminal(table=table, views=VIEWS, explain=explain)
