"""What Black Angel's engine needs of a rule set, as lint rules: a rule set with no lint
error sets up and plays without a crash or an endless loop.

The vocabulary makes every number the engine reads a required keyword with a range
(vocabulary.py); these rules check what spans declarations:

- the rulings the code consults, with the options it plays (RULINGS; a test reads the
  code for `engine.ruling(...)` and keeps the table honest);
- primitives that act on a die, a ravager or a moment only some fields give (PLACES);
- the score track and the stock the code keeps by name (`vp`; ship, resource, debris,
  robot), and the shape of an advanced tile's scoring formula;
- the set-up deals from decks and supplies: each must hold enough for the most players;
- the grid and the board: starting cells and arrows inside the grid, one card slot per
  row and column, one advanced space per colour;
- a turn that can end the game: some phase of a turn advances the Black Angel.
"""

from __future__ import annotations

from ...dsl import ast
from ...dsl.ast import walk_calls
from ...dsl.checker import Decl
from ...dsl.diagnostics import Diagnostic
from ..needs import consulted_rulings, primitive_places

# ruling -> the options the code tells apart (the first is not special: the rules' default
# decides); keep in step with every engine.ruling("...") of interpreter/black_angel/
RULINGS: dict[str, tuple[str, ...]] = {
    "negative_vp": ("floor", "allow"),
    "star_die_launch": ("forbid", "allow"),
    "push_gaps": ("gap_stops", "shift_line"),
    "freshly_ejected": ("excluded", "counted"),
    "advanced_cap_cards": ("slot_color", "any_color"),
    "start_tiles_by_missions": ("no", "yes"),
    "spend_start_tiles": ("yes", "no"),
    "activation_count": ("exact", "costs_optional", "at_most"),
    "action_activations": ("may_stop", "all"),
    "unplaceable_damage": ("no_loss", "lose_vp"),
    "empty_action": ("forbid", "allow"),
    "damaged_to_zero": ("star_rules", "no_action"),
    "flip_timing": ("any_time", "before_use"),
    "combine_boosts": ("one_per_action", "several"),
    "debris_on_boost_tiles": ("forbid", "flip"),
    "neutral_reroll": ("per_robot", "used_or_star"),
    "neutral_damaged_dice": ("repair", "avoid"),
    "partial_gains": ("take_what_you_can", "all_or_nothing"),
    "full_hex_passage": ("allowed", "blocked"),
    "ejected_start_tiles": ("count", "ignore"),
    "spes_arrival": ("finish_advance", "stop"),
}

BOOST = (("tech", "boost"),)
PERMANENT = (("ravager", "permanent"),)
# primitive -> (what it acts on, the fields whose effects give it that)
PLACES = {
    "set_die_value": ("the die chosen for an action", BOOST),
    "set_die_color": ("the die chosen for an action", BOOST),
    "free_reserve": ("the reservation of sequence B", BOOST),
    "gain_on_action": ("the action being performed", BOOST),
    "damage_next_action": ("the action a ravager attacks", PERMANENT),
    "hold_robot": ("the ravager being resolved", PERMANENT),
}

SCORE_TRACK = "vp"
STOCK = ("ship", "resource", "debris", "robot")  # robots wait in the break room


def _first(by_kind: dict[str, list[Decl]], kind: str) -> Decl | None:
    found = by_kind.get(kind)
    return found[0] if found else None


def _span(decl: Decl, key: str) -> ast.Span:
    use = decl.first(key)
    return use.item.span if use is not None else decl.item.key_span


def _int(decl: Decl | None, key: str, param: str | None = None) -> int | None:
    value = decl.value(key, param) if decl is not None else None
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _names(by_kind: dict[str, list[Decl]], kind: str) -> list[str]:
    return [d.id for d in by_kind.get(kind, []) if d.id is not None]


def tracks_and_stock(by_kind: dict[str, list[Decl]]) -> list[Diagnostic]:
    """The code keeps VP on `players[seat].vp` (the first track, which final scores count)
    and only ship, resource and debris in storage, robots in the break room."""
    game = _first(by_kind, "game")
    if game is None:
        return []
    out = []
    tracks = _names(by_kind, "track")
    if not tracks or tracks[0] != SCORE_TRACK:
        out.append(
            Diagnostic(
                "E114",
                f"Black Angel scores on the track '{SCORE_TRACK}', which must be the first "
                f"track declared (the first is {tracks[0] if tracks else 'missing'})",
                game.item.key_span,
                f'declare `track {SCORE_TRACK} {{ noun "VP" "VP" }}` before any other track',
            )
        )
    for track in by_kind.get("track", [])[1:]:
        if track.id is None:
            continue  # E107
        out.append(
            Diagnostic(
                "E114",
                f"Black Angel has one track, '{SCORE_TRACK}'; it keeps no '{track.id}' for "
                "its players",
                track.item.key_span,
                "count it with a component instead, or remove it",
            )
        )
    components = {c.id: c for c in by_kind.get("component", []) if c.id is not None}
    missing = [i for i in STOCK if i not in components or not components[i].value("stock")]
    if missing:
        out.append(
            Diagnostic(
                "E114",
                "Black Angel keeps ships, resources and debris in its players' storage and "
                f"robots in their break rooms: no stock component {', '.join(missing)}",
                game.item.key_span,
                " ".join(f"component {item} {{ stock }}" for item in missing),
            )
        )
    robot = components.get("robot")
    if robot is not None and robot.value("limit") is None:
        out.append(
            Diagnostic(
                "E114",
                "the robots of a player colour are counted: component robot needs "
                "`limit N per_player_color`",
                robot.item.key_span,
            )
        )
    for comp in components.values():
        if comp.value("stock", default=False) and comp.id not in STOCK:
            out.append(
                Diagnostic(
                    "E114",
                    f"Black Angel's storage holds only {', '.join(STOCK[:3])} (and robots in "
                    f"the break room): a stock component '{comp.id}' has nowhere to go",
                    comp.item.key_span,
                    "remove `stock`, or use one of the stock items",
                )
            )
    return out


def advanced_formulas(by_kind: dict[str, list[Decl]]) -> list[Diagnostic]:
    """Final scoring reads an advanced tile's formula as `gain N vp per COUNTER` (N >= 1):
    the cap is shared out by elements counted, N points each."""
    out = []
    for tile in by_kind.get("advanced", []):
        use = tile.first("score")
        effect = use.effect if use is not None else None
        if effect is None:
            continue  # E111 or E112
        ok = (
            isinstance(effect, ast.Call)
            and effect.name == "gain"
            and effect.per is not None
            and len(effect.values) == 2
            and isinstance(effect.values[0], int)
            and effect.values[0] >= 1
            and effect.values[1] == SCORE_TRACK
        )
        if not ok:
            out.append(
                Diagnostic(
                    "E114",
                    f"advanced {tile.id}: final scoring reads a formula 'gain N vp per "
                    "COUNTER' with N at least 1",
                    effect.span,
                    "e.g. score: gain 2 vp per missions_ejected orange",
                )
            )
    return out


def supplies(by_kind: dict[str, list[Decl]]) -> list[Diagnostic]:
    """The set-up deals from decks and supplies; for every player count it is set up for,
    each must hold enough (an empty deck once crashed the set-up)."""
    start = _first(by_kind, "player_start")
    board = _first(by_kind, "board")
    game = _first(by_kind, "game")
    allowed = game.value("players") if game is not None else None
    if start is None or board is None or not isinstance(allowed, tuple):
        return []
    setups = [  # those the game is set up for (others are E110)
        s
        for s in by_kind.get("setup", [])
        if isinstance(s.value("players"), int) and allowed[0] <= s.value("players") <= allowed[1]
    ]
    if not setups:
        return []
    out = []
    colors = _names(by_kind, "color")
    most = max(s.value("players") for s in setups)
    per_colour = {c: 0 for c in colors}
    for mission in by_kind.get("mission", []):
        if mission.value("color") in per_colour:
            per_colour[mission.value("color")] += mission.copies
    ravagers = sum(r.copies for r in by_kind.get("ravager", []))
    hand_missions = _int(start, "hand", "missions_per_color")
    hand_ravagers = _int(start, "hand", "ravagers")
    strips = len(by_kind.get("strip", []))
    hand_problems = []  # one is enough: the most players
    for setup in sorted(setups, key=lambda s: -s.value("players")):
        n = setup.value("players")
        if hand_missions is not None:
            for colour, have in per_colour.items():
                if n * hand_missions > have:
                    hand_problems.append(
                        f"{n} players get {n * hand_missions} {colour} missions, and the "
                        f"rules declare {have}"
                    )
        removed = _int(setup, "ravagers_removed")
        if removed is not None and removed > ravagers:
            out.append(
                Diagnostic(
                    "E110",
                    f"setup {setup.id}: {removed} ravagers removed, and the rules declare "
                    f"{ravagers}",
                    _span(setup, "ravagers_removed"),
                )
            )
        elif removed is not None and hand_ravagers is not None:
            if n * hand_ravagers > ravagers - removed:
                hand_problems.append(
                    f"{n} players get {n * hand_ravagers} ravagers, and setup {setup.id} "
                    f"leaves {ravagers - removed} in the deck"
                )
        dice = _int(setup, "dice_per_color")
        if dice is not None and dice < n:
            out.append(
                Diagnostic(
                    "E110",
                    f"setup {setup.id}: each of {n} players gets a die of every colour, "
                    f"and there are {dice} of each",
                    _span(setup, "dice_per_color"),
                )
            )
        wanted = _int(setup, "strips")
        if wanted is not None and wanted > strips:
            out.append(
                Diagnostic(
                    "E110",
                    f"setup {setup.id}: {wanted} strips in play, and the rules declare {strips}",
                    _span(setup, "strips"),
                )
            )
    if hand_problems:
        out.append(
            Diagnostic("E110", f"player_start.hand: {hand_problems[0]}", _span(start, "hand"))
        )
    for tile in by_kind.get("start_tile", []):
        if tile.copies < max(most, 2):
            out.append(
                Diagnostic(
                    "E110",
                    f"start_tile {tile.id}: each player gets a copy, and there "
                    f"{'is 1 copy' if tile.copies == 1 else f'are {tile.copies} copies'} "
                    f"for up to {most} players",
                    _span(tile, "copies"),
                    f"copies {max(most, 2)}",
                )
            )
    techs = {c: 0 for c in colors}
    for tile in by_kind.get("tech", []):
        if tile.value("color") in techs:
            techs[tile.value("color")] += tile.copies
    for colour, have in techs.items():
        if have == 0:
            out.append(
                Diagnostic(
                    "E110",
                    f"no {colour} technology tile: the set-up lays one of each colour in "
                    "the display",
                    board.item.key_span,
                )
            )
    display = _int(board, "display_length")
    if display is not None and display < len(colors):
        out.append(
            Diagnostic(
                "E110",
                f"board.display_length {display}: the set-up lays one technology tile of "
                f"each of the {len(colors)} colours in the display",
                _span(board, "display_length"),
            )
        )
    slots = _int(board, "advanced_slots")
    advanced = sum(t.copies for t in by_kind.get("advanced", []))
    if slots is not None and slots > advanced:
        out.append(
            Diagnostic(
                "E110",
                f"board.advanced_slots {slots}: the rules declare {advanced} advanced tiles",
                _span(board, "advanced_slots"),
            )
        )
    space = _first(by_kind, "space")
    start_hex, size = _int(space, "start_hex"), _int(space, "hexes_per_strip")
    if space is not None and start_hex is not None and size is not None and start_hex > size:
        out.append(
            Diagnostic(
                "E110",
                f"space.start_hex {start_hex} is beyond the {size} hexes of a strip",
                _span(space, "start_hex"),
            )
        )
    return out


def grid(by_kind: dict[str, list[Decl]]) -> list[Diagnostic]:
    """Starting cells and arrows lie inside the grid; a card slot per row and column; an
    advanced space per colour."""
    board = _first(by_kind, "board")
    size = _int(board, "grid_size")
    if board is None or size is None:
        return []
    out = []
    cells: dict[tuple, int] = {}
    for use in board.fields.get("start_cell", []):
        row, column = use.args.get("row"), use.args.get("column")
        if not isinstance(row, int) or not isinstance(column, int):
            continue
        if row > size or column > size:
            out.append(
                Diagnostic(
                    "E110",
                    f"board.start_cell {row} {column} is outside the {size}x{size} grid",
                    use.item.span,
                )
            )
        elif (row, column) in cells:
            out.append(
                Diagnostic(
                    "E109",
                    f"board.start_cell {row} {column} is given twice",
                    use.item.span,
                    f"first given at line {cells[row, column]}",
                )
            )
        cells.setdefault((row, column), use.item.span.line)
    for use in board.fields.get("arrow", []):
        index = use.args.get("index")
        if isinstance(index, int) and index > size:
            out.append(
                Diagnostic(
                    "E110",
                    f"board.arrow: {use.args.get('line')} {index} is outside the "
                    f"{size}x{size} grid",
                    use.item.span,
                )
            )
    slots = _int(board, "card_slots")
    if slots is not None and slots != 2 * size:
        out.append(
            Diagnostic(
                "E110",
                f"board.card_slots {slots}: a card is played beside each row and each column "
                f"of the {size}x{size} grid",
                _span(board, "card_slots"),
                f"card_slots {2 * size}",
            )
        )
    spaces = _int(board, "advanced_spaces")
    colors = len(by_kind.get("color", []))
    if spaces is not None and spaces > colors:
        out.append(
            Diagnostic(
                "E110",
                f"board.advanced_spaces {spaces}: there is one space per colour ({colors})",
                _span(board, "advanced_spaces"),
            )
        )
    return out


def game_can_end(by_kind: dict[str, list[Decl]]) -> list[Diagnostic]:
    """The Black Angel must be able to advance: some phase that a turn runs has the step
    `advance_black_angel` (else, with ravagers left, the game never ends). The final
    round's turns do not count: the game reaches the final round only by advancing."""
    game = _first(by_kind, "game")
    if game is None or not isinstance(game.value("turn"), str):
        return []
    phases = {p.id: p for p in by_kind.get("phase", []) if p.id is not None}
    seen: set[str] = set()
    todo = [game.value("turn")]
    while todo:
        name = todo.pop()
        if name in seen or name not in phases:
            continue
        seen.add(name)
        for use in phases[name].fields.get("step", []):
            for call in walk_calls(use.effect):
                if call.name == "advance_black_angel":
                    return []
                if call.name == "run" and call.args:
                    todo.append(call.args[0].value)
    turn = game.first("turn")
    assert turn is not None  # its value is a string
    return [
        Diagnostic(
            "E303",
            "nothing a turn runs advances the Black Angel (advance_black_angel): the game "
            "may never end",
            turn.item.span,
            "sequence B ends with `step advance: advance_black_angel`",
        )
    ]


CHECKS = (
    consulted_rulings(RULINGS),
    primitive_places(PLACES),
    tracks_and_stock,
    advanced_formulas,
    supplies,
    grid,
    game_can_end,
)
