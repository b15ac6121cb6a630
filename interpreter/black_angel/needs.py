"""What Black Angel's engine needs of a rule set, as lint rules: a rule set with no lint
error sets up and plays without a crash or an endless loop.

The vocabulary makes every number the engine reads a required keyword with a range
(vocabulary.py); these rules check what spans declarations:

- the rulings the code consults, with the options it plays (RULINGS; a test reads the
  code for `engine.ruling(...)` and keeps the table honest);
- primitives that act on a die, a ravager or a moment only some fields give, or only
  the phases of a player's or Hal's turn (PLACES);
- a primitive whose check asks about a phase that runs it (CONSULTED_PHASES);
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
from ...dsl.i18n import N_, NN_, Msg, Names
from ..needs import Places, consulted_phases, consulted_rulings, primitive_places
from .vocabulary import VOCABULARY

# ruling -> the options the code tells apart (the first is not special: the rules' default
# decides); keep in step with every engine.ruling("...") of interpreter/black_angel/.
# Hal's difficulty ruling is not here: its options are the levels of `automa hal`, which
# the automa's own lint rule checks both ways (checks.py).
RULINGS: dict[str, tuple[str, ...]] = {
    "negative_vp": ("floor", "allow"),
    "star_die_launch": ("forbid", "allow"),
    "push_gaps": ("gap_stops", "shift_line"),
    "freshly_ejected": ("excluded", "counted"),
    "advanced_cap_cards": ("slot_color", "any_color"),
    "spend_start_tiles": ("yes", "no"),
    "activation_count": ("exact", "costs_optional", "at_most"),
    "action_activations": ("may_stop", "all"),
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
    # the solo game against Hal (hal.py, hal_actions.py)
    "hal_fallback_die": ("die_selection", "own_lowest"),
    "hal_die_availability": ("hal_or_player", "hal_only"),
    "hal_costs": ("free", "robot_only"),
    "hal_comet_bonus": ("two_hexes", "any_comet"),
    "hal_damaged_dice": ("lose_vp", "no_loss"),
    "hal_card_ejection": ("passengers_paid", "nothing_else"),
    "hal_player_aid": ("none", "second_position"),
}

BOOST = (("tech", "boost"),)
PERMANENT = (("ravager", "permanent"),)
CHOSEN_DIE = N_("the die chosen for an action")
# primitive -> (what it acts on, the fields whose effects give it that)
PLACES: dict[str, tuple[str, Places]] = {
    "set_die_value": (CHOSEN_DIE, BOOST),
    "set_die_color": (CHOSEN_DIE, BOOST),
    "free_reserve": (N_("the reservation of sequence B"), BOOST),
    "gain_on_action": (N_("the action being performed"), BOOST),
    "damage_next_action": (N_("the action a ravager attacks"), PERMANENT),
    "hold_robot": (N_("the ravager being resolved"), PERMANENT),
}
# The steps of sequences A and B act on the turn of the player whose turn it is (the die
# sequence A used, the board sequence B resets): they belong to the phases a turn runs
# (a trigger during Hal's turn once ran sequence A for him: KeyError 'die_color')
PLAYER_TURN = (("game", "turn"), ("game", "final_turn"))
PLACES |= {
    name: (N_("a player's turn"), PLAYER_TURN)
    for name in (
        "play_card",
        "perform_action",
        "draw_for_die",
        "flip_dice",
        "reroll_dice",
        "use_boosts",
        "reset_board",
        "pass_turn",
    )
}
# Hal's primitives act on his state, which only the solo game has (a trigger or a
# player's turn that ran them crashed on his missing state). The steps of his turn
# belong to the phases his turn runs (the phase the automa names), not to his cards:
# a card that returned his die before acting with it failed an assertion, one that
# revealed a card or ran his turn again recursed without end. What he does with the
# die he takes belongs to the halves of his cards; his fallback VP to both.
HAL_TURN = (("automa", "turn"),)
HAL_CARD = (("hal_card", "top"), ("hal_card", "bottom"))
PLACES |= {
    name: (N_("Hal's turn"), HAL_TURN)
    for name in (
        "hal_reveal",
        "hal_half",
        "hal_drop_die",
        "hal_return_die",
        "hal_discard_card",
        "hal_roll",
    )
}
PLACES["hal_fallback"] = (N_("Hal's turn"), HAL_TURN + HAL_CARD)
PLACES |= {
    name: (N_("the die Hal takes for a half of his card"), HAL_CARD)
    for name in ("hal_take_die", "hal_discover", "hal_repair", "hal_destroy", "hal_command")
}

# primitive -> the phase its check asks about (passing is offered only when sequence A
# cannot be played: turn.can_pass_turn)
CONSULTED_PHASES = {"pass_turn": "sequence_a"}

WRITE = N_("write `{code}`")  # a hint that is a line of the rules language

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
        first: str | Msg = f"'{tracks[0]}'" if tracks else Msg(N_("missing"))
        out.append(
            Diagnostic.of(
                "E114",
                game.item.key_span,
                N_(
                    "Black Angel scores on the track '{track}', which must be the first "
                    "track declared (the first is {first})"
                ),
                N_('declare `track {track} {{ noun "VP" "VP" }}` before any other track'),
                track=SCORE_TRACK,
                first=first,
            )
        )
    for track in by_kind.get("track", [])[1:]:
        if track.id is None:
            continue  # E107
        out.append(
            Diagnostic.of(
                "E114",
                track.item.key_span,
                N_("Black Angel has one track, '{track}'; it keeps no '{id}' for its players"),
                N_("count it with a component instead, or remove it"),
                track=SCORE_TRACK,
                id=track.id,
            )
        )
    components = {c.id: c for c in by_kind.get("component", []) if c.id is not None}
    missing = [i for i in STOCK if i not in components or not components[i].value("stock")]
    if missing:
        out.append(
            Diagnostic.of(
                "E114",
                game.item.key_span,
                N_(
                    "Black Angel keeps ships, resources and debris in its players' storage and "
                    "robots in their break rooms: no stock component {names}"
                ),
                Msg(WRITE, {"code": " ".join(f"component {item} {{ stock }}" for item in missing)}),
                names=Names(tuple(missing), quoted=False),
            )
        )
    robot = components.get("robot")
    if robot is not None and robot.value("limit") is None:
        out.append(
            Diagnostic.of(
                "E114",
                robot.item.key_span,
                N_(
                    "the robots of a player colour are counted: component robot needs "
                    "`limit N per_player_color`"
                ),
            )
        )
    for comp in components.values():
        if comp.value("stock", default=False) and comp.id not in STOCK:
            out.append(
                Diagnostic.of(
                    "E114",
                    comp.item.key_span,
                    N_(
                        "Black Angel's storage holds only {names} (and robots in the break "
                        "room): a stock component '{id}' has nowhere to go"
                    ),
                    N_("remove `stock`, or use one of the stock items"),
                    names=Names(STOCK[:3], quoted=False),
                    id=comp.id,
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
                Diagnostic.of(
                    "E114",
                    effect.span,
                    N_(
                        "advanced {id}: final scoring reads a formula 'gain N vp per COUNTER' "
                        "with N at least 1"
                    ),
                    N_("e.g. score: gain 2 vp per missions_ejected orange"),
                    id=tile.id,
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
    hand_problems: list[Msg] = []  # one is enough: the most players
    for setup in sorted(setups, key=lambda s: -s.value("players")):
        n = setup.value("players")
        if hand_missions is not None:
            for colour, have in per_colour.items():
                if n * hand_missions > have:
                    hand_problems.append(
                        Msg(
                            NN_(
                                "{n} player gets {missions} {color} missions, and the rules "
                                "declare {have}",
                                "{n} players get {missions} {color} missions, and the rules "
                                "declare {have}",
                            ),
                            {"n": n, "missions": n * hand_missions, "color": colour, "have": have},
                            n=n,
                        )
                    )
        removed = _int(setup, "ravagers_removed")
        if removed is not None and removed > ravagers:
            out.append(
                Diagnostic.of(
                    "E110",
                    _span(setup, "ravagers_removed"),
                    N_("setup {id}: {removed} ravagers removed, and the rules declare {ravagers}"),
                    id=setup.id,
                    removed=removed,
                    ravagers=ravagers,
                )
            )
        elif removed is not None and hand_ravagers is not None:
            if n * hand_ravagers > ravagers - removed:
                hand_problems.append(
                    Msg(
                        NN_(
                            "{n} player gets {ravagers} ravagers, and setup {id} leaves {left} "
                            "in the deck",
                            "{n} players get {ravagers} ravagers, and setup {id} leaves {left} "
                            "in the deck",
                        ),
                        {
                            "n": n,
                            "ravagers": n * hand_ravagers,
                            "id": setup.id,
                            "left": ravagers - removed,
                        },
                        n=n,
                    )
                )
        dice = _int(setup, "dice_per_color")
        if dice is not None and dice < n:
            out.append(
                Diagnostic.of(
                    "E110",
                    _span(setup, "dice_per_color"),
                    Msg(
                        NN_(
                            "setup {id}: {n} player gets a die of every colour, and there are "
                            "{dice} of each",
                            "setup {id}: each of {n} players gets a die of every colour, and "
                            "there are {dice} of each",
                        ),
                        {"id": setup.id, "n": n, "dice": dice},
                        n=n,
                    ),
                )
            )
        wanted = _int(setup, "strips")
        if wanted is not None and wanted > strips:
            out.append(
                Diagnostic.of(
                    "E110",
                    _span(setup, "strips"),
                    N_("setup {id}: {wanted} strips in play, and the rules declare {strips}"),
                    id=setup.id,
                    wanted=wanted,
                    strips=strips,
                )
            )
    if hand_problems:
        out.append(
            Diagnostic.of(
                "E110",
                _span(start, "hand"),
                N_("player_start.hand: {problem}"),
                problem=hand_problems[0],
            )
        )
    for tile in by_kind.get("start_tile", []):
        if tile.copies < max(most, 2):
            message = Msg(
                NN_(
                    "start_tile {id}: each player gets a copy, and there is {copies} copy for "
                    "up to {most} players",
                    "start_tile {id}: each player gets a copy, and there are {copies} copies "
                    "for up to {most} players",
                ),
                {"id": tile.id, "copies": tile.copies, "most": most},
                n=tile.copies,
            )
            out.append(
                Diagnostic.of(
                    "E110",
                    _span(tile, "copies"),
                    message,
                    Msg(WRITE, {"code": f"copies {max(most, 2)}"}),
                )
            )
    techs = {c: 0 for c in colors}
    for tile in by_kind.get("tech", []):
        if tile.value("color") in techs:
            techs[tile.value("color")] += tile.copies
    for colour, have in techs.items():
        if have == 0:
            out.append(
                Diagnostic.of(
                    "E110",
                    board.item.key_span,
                    N_(
                        "no {color} technology tile: the set-up lays one of each colour in "
                        "the display"
                    ),
                    color=colour,
                )
            )
    display = _int(board, "display_length")
    if display is not None and display < len(colors):
        out.append(
            Diagnostic.of(
                "E110",
                _span(board, "display_length"),
                N_(
                    "board.display_length {display}: the set-up lays one technology tile of "
                    "each of the {colors} colours in the display"
                ),
                display=display,
                colors=len(colors),
            )
        )
    slots = _int(board, "advanced_slots")
    advanced = sum(t.copies for t in by_kind.get("advanced", []))
    if slots is not None and slots > advanced:
        out.append(
            Diagnostic.of(
                "E110",
                _span(board, "advanced_slots"),
                N_("board.advanced_slots {slots}: the rules declare {advanced} advanced tiles"),
                slots=slots,
                advanced=advanced,
            )
        )
    space = _first(by_kind, "space")
    start_hex, size = _int(space, "start_hex"), _int(space, "hexes_per_strip")
    if space is not None and start_hex is not None and size is not None and start_hex > size:
        out.append(
            Diagnostic.of(
                "E110",
                _span(space, "start_hex"),
                N_("space.start_hex {start_hex} is beyond the {size} hexes of a strip"),
                start_hex=start_hex,
                size=size,
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
                Diagnostic.of(
                    "E110",
                    use.item.span,
                    N_("board.start_cell {row} {column} is outside the {size}x{size} grid"),
                    row=row,
                    column=column,
                    size=size,
                )
            )
        elif (row, column) in cells:
            out.append(
                Diagnostic.of(
                    "E109",
                    use.item.span,
                    N_("board.start_cell {row} {column} is given twice"),
                    N_("first given at line {line}"),
                    row=row,
                    column=column,
                    line=cells[row, column],
                )
            )
        cells.setdefault((row, column), use.item.span.line)
    for use in board.fields.get("arrow", []):
        index = use.args.get("index")
        if isinstance(index, int) and index > size:
            out.append(
                Diagnostic.of(
                    "E110",
                    use.item.span,
                    N_("board.arrow: {line} {index} is outside the {size}x{size} grid"),
                    line=use.args.get("line"),
                    index=index,
                    size=size,
                )
            )
    slots = _int(board, "card_slots")
    if slots is not None and slots != 2 * size:
        out.append(
            Diagnostic.of(
                "E110",
                _span(board, "card_slots"),
                N_(
                    "board.card_slots {slots}: a card is played beside each row and each "
                    "column of the {size}x{size} grid"
                ),
                Msg(WRITE, {"code": f"card_slots {2 * size}"}),
                slots=slots,
                size=size,
            )
        )
    spaces = _int(board, "advanced_spaces")
    colors = len(by_kind.get("color", []))
    if spaces is not None and spaces > colors:
        out.append(
            Diagnostic.of(
                "E110",
                _span(board, "advanced_spaces"),
                N_("board.advanced_spaces {spaces}: there is one space per colour ({colors})"),
                spaces=spaces,
                colors=colors,
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
        Diagnostic.of(
            "E303",
            turn.item.span,
            N_(
                "nothing a turn runs advances the Black Angel (advance_black_angel): the game "
                "may never end"
            ),
            N_("sequence B ends with `step advance: advance_black_angel`"),
        )
    ]


CHECKS = (
    consulted_rulings(RULINGS),
    primitive_places(PLACES, VOCABULARY),
    consulted_phases(CONSULTED_PHASES, VOCABULARY),
    tracks_and_stock,
    advanced_formulas,
    supplies,
    grid,
    game_can_end,
)
