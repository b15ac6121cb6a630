"""The words of a grid board, its pieces and tokens, and the selectors that pick pieces,
for a game written only in the language (interpreter/zones.py implements them).

A `grid` is one shared, public board of named rows (the first row is the far one) and
numbered columns; tokens stand in a line of their own below the last row, each in a
column; with `above`, a line of one cell per column stands above the first open row, off
the board, for pieces that the pieces of their column shield. Its cells hold pieces:
cards taken from a deck, which stay on the grid with the damage marked on them until
they are defeated or leave past the last row (then to their deck's discard pile).
A `selector` names an ordered rule that picks a piece (nearest the
tokens, strongest by a number, preferring a mark), the seat acting deciding a tie.
A card may carry numbers (`life`, `value NAME N`) and marks (`shield`, `mark NAME`) that
selectors and the counter `its` read, and effects for the grid (`on_leave`, `defeat`,
`attack`, `activation`), which the grid may give all its pieces instead; a selector may
keep only the pieces with (`only`) or without (`except`) a mark.
"""

from __future__ import annotations

from .ast import walk_calls
from .diagnostics import Diagnostic
from .i18n import N_
from .meta import COUNT, NAME, STRING, Primitive, flag, keyword, kind, param, ref, words

DECK = ref("deck", "deck")
TOKEN = ref("token", "token")
SELECTOR = ref("selector", "selector")
ROW = param("row", NAME)
COLUMN = param("column", COUNT, lo=1, hi=9)
SIDE = words("left", "right")
WAY = words("left", "right", "toward", "away")
ORDER = words("nearest", "farthest", "strongest", "weakest", "having", "lacking")

# effects of a piece, on a card or (for every piece) on the grid
PIECE_EFFECTS = (
    keyword(
        "on_leave",
        "What happens when the piece leaves the grid past its last row, once it is discarded.",
        effect=True,
        frames={None: N_("When it leaves the grid: {effect}")},
    ),
    keyword(
        "defeat",
        "What happens when the piece is defeated (its damage reaches its life, or a "
        "'defeat' removes it), once it is discarded.",
        effect=True,
        frames={None: N_("When defeated: {effect}")},
    ),
    keyword(
        "attack",
        "What the piece does when an 'attack' selects it.",
        effect=True,
        frames={None: N_("When it attacks: {effect}")},
    ),
    keyword(
        "activation",
        "What the piece does when 'activate' activates every piece, in reading order.",
        effect=True,
        frames={None: N_("On activation: {effect}")},
    ),
)

KINDS = (
    kind(
        "grid",
        "The shared board of cells: named rows (the first is the far one) and numbered "
        "columns that do not wrap; tokens stand below its last row. Its effects are those "
        "of every piece that has none of its own.",
        keyword(
            "rows",
            "Its rows, from the far one to the last.",
            param("row", NAME, repeat=True),
            required=True,
        ),
        keyword(
            "columns",
            "How many columns it has.",
            param("columns", COUNT, lo=1, hi=9),
            required=True,
        ),
        keyword(
            "pack",
            "Its columns are packed toward this row (the first or the last): a piece that "
            "enters a column takes the free cell nearest it, and when a piece leaves a "
            "cell, the pieces beyond it move one cell toward it.",
            param("toward", flag("toward")),
            ROW,
        ),
        keyword(
            "above",
            "A line of one cell per column above the first open row, off the board: "
            "'place_above' puts pieces there; they never pack nor shift, come down when "
            "'close_row' closes the row below them, and the pieces of their column stand "
            "in front of them.",
        ),
        *PIECE_EFFECTS,
        singleton=True,
        example="grid sky {\n  rows high low\n  columns 4\n  pack toward high\n}",
    ),
    kind(
        "token",
        "A piece declared by the rules that stands below the grid in a column; it moves "
        "left and right and the edges stop it.",
        keyword(
            "noun",
            "Singular and plural name in text.",
            param("one", STRING),
            param("many", STRING),
            required=True,
        ),
        keyword("column", "The column it starts in.", COLUMN, required=True),
        referenced=True,
        example='token turret {\n  noun "turret" "turrets"\n  column 2\n}',
    ),
    kind(
        "selector",
        "A rule that picks a piece of the grid: where to look (the whole grid without a "
        "place), then the order of preference; pieces still alike are the acting seat's "
        "choice.",
        keyword(
            "noun",
            "How text names the piece it picks, singular and plural.",
            param("one", STRING),
            param("many", STRING),
            required=True,
        ),
        keyword("in_column", "Only the pieces of this column.", COLUMN),
        keyword("in_row", "Only the pieces of this row.", ROW),
        keyword(
            "in_token_column", "Only the pieces of the column a token is in.", param("token", TOKEN)
        ),
        keyword(
            "beside_token",
            "Only the pieces of the columns next to a token's; the order picks the best of "
            "each of the two, and the seat chooses between them.",
            param("token", TOKEN),
        ),
        keyword(
            "each_column",
            "The order picks the best piece of each column; the seat chooses among them.",
        ),
        keyword("itself", "Only the piece whose effect is being carried out."),
        keyword(
            "only",
            "Only the pieces whose card has this mark (shield, or a mark), before the order.",
            param("mark", NAME),
            repeat=True,
        ),
        keyword(
            "except",
            "Only the pieces whose card lacks this mark (shield, or a mark), before the order.",
            param("mark", NAME),
            repeat=True,
        ),
        keyword(
            "order",
            "A preference, in the order written: nearest (to the tokens' line) or farthest, "
            "strongest or weakest by a number of its card (life, a value, or damaged: the "
            "damage marked on it), having or lacking a mark (shield, or a mark).",
            param("by", ORDER),
            param("name", NAME, optional=True),
            repeat=True,
        ),
        referenced=True,
        example=(
            'selector front {\n  noun "nearest rock in the turret\'s column" '
            '"nearest rocks"\n  in_token_column turret\n  order nearest\n}'
        ),
    ),
)

# the fields a card takes to be a piece of the grid (added to dsl/decks.py's `card`)
CARD_FIELDS = (
    keyword(
        "life", "The damage that defeats it on the grid (1 without it).", param("life", COUNT, lo=1)
    ),
    keyword(
        "value",
        "A number of the card, read by 'its' and by selectors.",
        param("name", NAME),
        param("value", COUNT),
        repeat=True,
    ),
    keyword(
        "shield",
        "Damage from one source is ignored unless that source deals it at least 2 in all.",
    ),
    keyword(
        "mark",
        "A mark of the card that selectors prefer or avoid.",
        param("name", NAME),
        repeat=True,
    ),
    *PIECE_EFFECTS,
)

AMOUNT = param("amount", COUNT)

PRIMITIVES = (
    Primitive(
        "place",
        "Put the top card of a deck on the grid, in a free cell.",
        (param("deck", DECK), ROW, COLUMN),
        N_("put the top {deck} in row {row}, column {column}"),
        example="place rocks high 2",
    ),
    Primitive(
        "fill",
        "Put the top card of a deck in this row of each column where it is free, from the "
        "first column (until the deck runs out).",
        (param("deck", DECK), ROW),
        N_("put one {deck} in row {row} of each column"),
        can_fail=False,
        example="fill rocks high",
    ),
    Primitive(
        "shift",
        "Every piece moves one row down; a piece in the last row leaves the grid: it is "
        "discarded, then its 'on_leave' effect runs.",
        (),
        N_("move every piece one row down"),
        can_fail=False,
        example="shift",
    ),
    Primitive(
        "close_row",
        "The first open row becomes unavailable (possible while it is empty and another "
        "row stays open): nothing enters it any more.",
        (),
        N_("close the first open row"),
        example="close_row",
    ),
    Primitive(
        "move_token",
        "Move a token one column left or right (not past the edges).",
        (param("token", TOKEN), param("way", SIDE)),
        N_("move the {token} one column {way}"),
        example="move_token turret left",
    ),
    Primitive(
        "move_piece",
        "Move the piece a selector picks one column left, right, toward or away from a "
        "token's column (the seat chooses when both ways are away), into that column's "
        "free cell (nearest the packing row); not past the edges nor into a full column.",
        (param("selector", SELECTOR), param("way", WAY), param("token", TOKEN, optional=True)),
        N_("move {selector} one column {way}"),
        worded=(
            ("way", "toward", N_("move {selector} one column toward the {token}")),
            ("way", "away", N_("move {selector} one column away from the {token}")),
        ),
        example="move_piece front away turret",
    ),
    Primitive(
        "hit",
        "Deal damage to the piece a selector picks; with overflow, what it does not need "
        "goes on to the next piece the selector picks. A shielded piece ignores a source's "
        "damage until that source has dealt it 2.",
        (AMOUNT, param("selector", SELECTOR), param("overflow", flag("overflow"), optional=True)),
        N_("{selector} takes {amount} damage"),
        flagged=N_(
            "{selector} takes {amount} damage, and what it does not need goes on to the next"
        ),
        example="hit 2 front overflow",
    ),
    Primitive(
        "hit_all",
        "Deal damage to every piece a selector would consider, one after another.",
        (AMOUNT, param("selector", SELECTOR)),
        N_("each {selector} takes {amount} damage"),
        example="hit_all 1 low_row",
    ),
    Primitive(
        "defeat",
        "Defeat the piece a selector picks: it is discarded, then its 'defeat' effect runs.",
        (param("selector", SELECTOR),),
        N_("defeat {selector}"),
        example="defeat front",
    ),
    Primitive(
        "remove",
        "Discard the piece a selector picks without any of its effects (neither 'defeat' "
        "nor 'on_leave' runs); the pieces of its column pack again.",
        (param("selector", SELECTOR),),
        N_("discard {selector} without its effects"),
        example="remove itself",
    ),
    Primitive(
        "defeat_all",
        "Defeat every piece a selector would consider, one after another.",
        (param("selector", SELECTOR),),
        N_("defeat each {selector}"),
        example="defeat_all low_row",
    ),
    Primitive(
        "attack",
        "The piece a selector picks carries out its 'attack' effect.",
        (param("selector", SELECTOR),),
        N_("{selector} attacks"),
        example="attack strongest_below",
    ),
    Primitive(
        "present",
        "A condition: a selector has a piece to pick.",
        (param("selector", SELECTOR),),
        N_("there is {selector}"),
        condition=True,
        example="hit 1 front if present front",
    ),
    Primitive(
        "token_at",
        "A condition: a token is in this column.",
        (param("token", TOKEN), COLUMN),
        N_("the {token} is in column {column}"),
        condition=True,
        example="gain 1 luck if token_at turret 1",
    ),
    Primitive(
        "place_above",
        "Put the top card of a deck in the cell above a token's column, in the grid's "
        "'above' line (not possible when that cell is taken).",
        (param("deck", DECK), param("token", TOKEN)),
        N_("put the top {deck} above the {token}'s column"),
        example="place_above rocks turret",
    ),
    Primitive(
        "place_below",
        "Put the top card of a deck in the cell directly below the piece a selector picks: "
        "only a free cell; with push, the pieces from that cell down to the first free one "
        "move one row down and one pushed past the last row leaves the grid (discarded, "
        "then its 'on_leave'), as the new card does below the last row. The new piece's "
        "effects are not carried out.",
        (
            param("deck", DECK),
            param("selector", SELECTOR),
            param("push", flag("push"), optional=True),
        ),
        N_("put the top {deck} below {selector}"),
        flagged=N_("put the top {deck} below {selector}, pushing the pieces below it down"),
        example="place_below rocks self push",
    ),
    Primitive(
        "heal",
        "Take up to this much damage off the piece a selector picks.",
        (AMOUNT, param("selector", SELECTOR)),
        N_("take {amount} damage off {selector}"),
        example="heal 1 self",
    ),
    Primitive(
        "activate",
        "Every piece with an 'activation' effect carries it out once, in reading order "
        "(the line above first, then row by row from the far one, each left to right) as "
        "they stand now; a piece gone before its turn is passed over.",
        (),
        N_("activate every piece"),
        can_fail=False,
        example="activate",
    ),
    Primitive(
        "move_token_to",
        "Move a token to another column of the seat's choice.",
        (param("token", TOKEN),),
        N_("move the {token} to another column"),
        example="move_token_to turret",
    ),
    Primitive(
        "facing",
        "A condition, in a piece's own effect: the piece stands in the token's column or "
        "at most this many columns from it.",
        (param("token", TOKEN), param("distance", COUNT, hi=8)),
        N_("it stands at most {distance} columns from the {token}'s column"),
        worded=(
            ("distance", 0, N_("it stands in the {token}'s column")),
            ("distance", 1, N_("it stands in the {token}'s column or one next to it")),
        ),
        condition=True,
        example="lose 1 hull if facing turret 1",
    ),
    Primitive(
        "its",
        "A number of the card whose effect is being carried out (life, or a value).",
        (param("name", NAME),),
        N_("its {name}"),
        counter=True,
        example="lose 1 hull per its damage",
    ),
)

NEEDS_GRID = {p.name for p in PRIMITIVES} - {"its"}
PIECE_EFFECT_KEYS = {f.key for f in PIECE_EFFECTS}
SELECTOR_ARGS = {  # the primitives that take a selector: which argument it is
    p.name: i for p in PRIMITIVES for i, par in enumerate(p.params) if par.type is SELECTOR
}
ON_GRID = ("place", "fill", "place_above", "place_below")  # primitives that take a deck's card
ROW_ARGS = {"place": 1, "fill": 1}
COLUMN_ARGS = {"place": 2, "token_at": 1}


def _calls(by_kind: dict):
    """Every call of the rules, with the declaration it stands in."""
    for decls in by_kind.values():
        for decl in decls:
            for uses in decl.fields.values():
                for use in uses:
                    for call in walk_calls(use.effect):
                        yield decl, call


def checks(by_kind: dict) -> list[Diagnostic]:
    """What the engine could not carry out: grid words without a grid, rows and columns
    the grid does not have, a selector ordering or filtering by what no card carries, an
    attack or activation no piece can carry out, the line above missing, `facing` where
    no piece stands, a card with no play effect reaching a hand, a shared deck's cards
    only on the grid."""
    grid = next(iter(by_kind.get("grid", [])), None)
    cards = by_kind.get("card", [])
    out: list[Diagnostic] = []
    calls = list(_calls(by_kind))
    if grid is None:
        out += [
            Diagnostic.of(
                "E114",
                call.span,
                N_("'{word}' needs a grid: the rules declare none"),
                word=call.name,
            )
            for _, call in calls
            if call.name in NEEDS_GRID
        ]
        out += [
            Diagnostic.of(
                "E114",
                decl.item.span,
                N_("'{word}' needs a grid: the rules declare none"),
                word=decl.kind,
            )
            for kind_ in ("token", "selector")
            for decl in by_kind.get(kind_, [])
        ]
        return out + _hands(by_kind, calls)
    rows = list(grid.value("rows") or [])
    columns = grid.value("columns") or 0

    def row(name: object, span) -> None:
        if isinstance(name, str) and name not in rows:
            out.append(Diagnostic.of("E106", span, N_("the grid has no row '{row}'"), row=name))

    def column(number: object, span) -> None:
        if isinstance(number, int) and not 1 <= number <= columns:
            out.append(
                Diagnostic.of(
                    "E110",
                    span,
                    N_("the grid has columns 1 to {columns}, not {column}"),
                    columns=columns,
                    column=number,
                )
            )

    pack = grid.first("pack")
    if pack is not None:
        toward = list(pack.args.values())[-1]
        row(toward, grid.item.span)
        if toward in rows and toward not in (rows[0], rows[-1]):
            out.append(
                Diagnostic.of(
                    "E110",
                    grid.item.span,
                    N_("a grid packs toward its first or last row, not '{row}'"),
                    row=toward,
                )
            )
    for token in by_kind.get("token", []):
        column(token.value("column"), token.item.span)
    numbers = {"life", "damaged"} | {
        use.args.get("name") for card in cards for use in card.fields.get("value", [])
    }
    marks = {"shield"} | {
        use.args.get("name") for card in cards for use in card.fields.get("mark", [])
    }
    for sel in by_kind.get("selector", []):
        places = [
            k
            for k in (
                "in_column",
                "in_row",
                "in_token_column",
                "beside_token",
                "each_column",
                "itself",
            )
            if sel.first(k) is not None
        ]
        if len(places) > 1:
            out.append(
                Diagnostic.of(
                    "E109",
                    sel.item.span,
                    N_("the selector '{selector}' looks in one place, not {places}"),
                    selector=sel.id,
                    places=", ".join(places),
                )
            )
        column(sel.value("in_column"), sel.item.span)
        row(sel.value("in_row"), sel.item.span)
        out += _filters(sel, marks)
        for use in sel.fields.get("order", []):
            by, name = use.args.get("by"), use.args.get("name")
            known = numbers if by in ("strongest", "weakest") else marks
            if by in ("nearest", "farthest"):
                if name is not None:
                    out.append(
                        Diagnostic.of(
                            "E107",
                            sel.item.span,
                            N_("'order {by}' takes no name, not '{name}'"),
                            by=by,
                            name=name,
                        )
                    )
                continue
            if name not in known:
                out.append(
                    Diagnostic.of(
                        "E114",
                        sel.item.span,
                        N_("the selector '{selector}' orders by '{name}', which no card carries"),
                        selector=sel.id,
                        name=name or "-",
                    )
                )
    for _, call in calls:
        if call.name in ROW_ARGS and len(call.values) > ROW_ARGS[call.name]:
            row(call.values[ROW_ARGS[call.name]], call.span)
        if call.name in COLUMN_ARGS and len(call.values) > COLUMN_ARGS[call.name]:
            column(call.values[COLUMN_ARGS[call.name]], call.span)
        if (
            call.name == "move_piece"
            and len(call.values) == 2
            and call.values[1] in ("toward", "away")
        ):
            out.append(
                Diagnostic.of(
                    "E107",
                    call.span,
                    N_("a move {way} a token needs the token"),
                    way=call.values[1],
                )
            )
        if call.name == "its" and call.values and call.values[0] not in numbers - {"damaged"}:
            out.append(
                Diagnostic.of(
                    "E114",
                    call.span,
                    N_("no card carries the number '{name}'"),
                    name=call.values[0],
                )
            )
    for key in ("attack", "activation"):
        if grid.first(key) is None and not any(c.first(key) for c in cards):
            out += [
                Diagnostic.of(
                    "E114",
                    call.span,
                    N_("'{word}' with no '{effect}' effect on the grid or on any card"),
                    word=call.name,
                    effect=key,
                )
                for _, call in calls
                if call.name == {"attack": "attack", "activation": "activate"}[key]
            ]
    if grid.first("above") is None:
        out += [
            Diagnostic.of(
                "E312",
                call.span,
                N_("'place_above' needs the grid's line above: add 'above' to the grid"),
            )
            for _, call in calls
            if call.name == "place_above"
        ]
    if columns == 1:
        out += [
            Diagnostic.of(
                "E114", call.span, N_("'move_token_to' on a grid of one column: no other column")
            )
            for _, call in calls
            if call.name == "move_token_to"
        ]
    out += _outside_pieces(by_kind)
    out += [
        Diagnostic.of(
            "E301",
            call.span,
            N_("'activate' in an 'activation' effect would activate the pieces forever"),
        )
        for decl in [grid, *cards]
        for use in decl.fields.get("activation", [])
        for call in walk_calls(use.effect)
        if call.name == "activate"
    ]
    per_seat = {d.id for d in by_kind.get("deck", []) if d.first("per_seat") is not None}
    out += [
        Diagnostic.of(
            "E114",
            call.span,
            N_("the grid takes cards from shared decks, not from '{deck}'"),
            deck=call.values[0],
        )
        for _, call in calls
        if call.name in ON_GRID and call.values and call.values[0] in per_seat
    ]
    return out + _hands(by_kind, calls)


def _hands(by_kind: dict, calls: list) -> list[Diagnostic]:
    """A card with no 'play' effect cannot be played: its deck must not reach a hand,
    unless the card is one held for what it is (a role that `holds` reads)."""
    dealt = {d.id for d in by_kind.get("deck", []) if d.value("deal")}
    drawn = {c.values[1] for _, c in calls if c.name in ("draw", "refill") and len(c.values) == 2}
    held = {c.values[0] for _, c in calls if c.name == "holds" and c.values}
    return [
        Diagnostic.of(
            "E111",
            card.item.span,
            N_("the card '{card}' reaches a hand from '{deck}' but has no 'play' effect"),
            card=card.id,
            deck=card.value("deck"),
        )
        for card in by_kind.get("card", [])
        if card.first("play") is None
        and card.value("deck") in dealt | drawn
        and card.id not in held
    ]


def _filters(sel, marks: set) -> list[Diagnostic]:
    """A selector's `only`/`except` marks: each carried by some card, and no mark both
    kept and refused (that selector could never pick a piece)."""
    named = {
        key: [use.args.get("mark") for use in sel.fields.get(key, [])] for key in ("only", "except")
    }
    out = [
        Diagnostic.of(
            "E114",
            sel.item.span,
            N_("the selector '{selector}' keeps pieces by '{name}', which no card carries"),
            selector=sel.id,
            name=name or "-",
        )
        for key in ("only", "except")
        for name in named[key]
        if name not in marks
    ]
    out += [
        Diagnostic.of(
            "E114",
            sel.item.span,
            N_(
                "the selector '{selector}' keeps only pieces with '{name}' and only pieces "
                "without it: it never picks one"
            ),
            selector=sel.id,
            name=name,
        )
        for name in sorted(set(named["only"]) & set(named["except"]))
    ]
    return out


def _outside_pieces(by_kind: dict) -> list[Diagnostic]:
    """`facing` and a selector looking at `itself` are about the piece whose own effect
    runs: in any other effect there is none, and they would never hold nor pick."""
    own = {sel.id for sel in by_kind.get("selector", []) if sel.first("itself") is not None}
    effects = ", ".join(f"{key}:" for key in sorted(PIECE_EFFECT_KEYS))
    out = []
    for decls in by_kind.values():
        for decl in decls:
            for key, uses in decl.fields.items():
                if decl.kind in ("card", "grid") and key in PIECE_EFFECT_KEYS:
                    continue
                for call in (c for use in uses for c in walk_calls(use.effect)):
                    at = SELECTOR_ARGS.get(call.name)
                    if call.name == "facing":
                        out.append(
                            Diagnostic.of(
                                "E311",
                                call.span,
                                N_(
                                    "'facing' only in a piece's own effect ({effects}), where "
                                    "a piece stands"
                                ),
                                effects=effects,
                            )
                        )
                    elif at is not None and len(call.values) > at and call.values[at] in own:
                        out.append(
                            Diagnostic.of(
                                "E311",
                                call.span,
                                N_(
                                    "the selector '{selector}' picks the piece whose own effect "
                                    "runs: use it only in a piece's own effect ({effects})"
                                ),
                                selector=call.values[at],
                                effects=effects,
                            )
                        )
    return out
