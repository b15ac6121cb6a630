"""`ba:diagram`: pictures drawn from the rules, as inline SVG.

    ```{ba:diagram} grid
    ```                    a player's technology grid: where tiles enter, starting cells
    ```{ba:diagram} board
    ```                    the Black Angel board: the actions, their colours and damage spaces
    ```{ba:diagram} strip st1
    ```                    both faces of a space strip, hex by hex

Everything drawn is read from the compiled rules (the `board`, `action`, `space` and
`strip` declarations), so a mod that changes them gets its own pictures; the words in
them are messages of the game's catalogs.
"""

from __future__ import annotations

import math
from html import escape

from docutils import nodes

from ...dsl.checker import Decl
from ...dsl.meta import N_
from ...web.svg import COLOURS, INK, TECH_ARROW, arrow, hexagon_points, svg, terrain_fill, text
from .reference import Reference, RulesDirective

GRID_TITLE = N_("A player's technology grid")
TECH_ENTERS = N_("a technology tile enters here")
ADVANCED_ENTERS = N_("an advanced tile enters here")
START_CELL = N_("a starting tile")
BOARD_TITLE = N_("The actions of the Black Angel board")
DAMAGE_SPACE = N_("damage space")
STRIP_TITLE = N_("Space strip {strip}")
SIDE = N_("side {side}")
ASTEROID = N_("asteroid field")
EMPTY = N_("empty space")
COMET = N_("comet")
RAVAGER_ICONS = N_("ravager icons")


def grid(ref: Reference) -> str:
    """The grid, rows numbered from the top and columns from the left; tiles enter a
    row from the left and a column from the bottom (interpreter/black_angel/grid.py)."""
    board = ref.ruleset.single("board")
    assert board is not None
    size = board.value("grid_size")
    cell, left, top = 56, 70, 20
    starts = {(u.args["row"], u.args["column"]) for u in board.fields.get("start_cell", [])}
    body = []
    for row in range(1, size + 1):
        for column in range(1, size + 1):
            x, y = left + (column - 1) * cell, top + (row - 1) * cell
            fill = "#f3e9c6" if (row, column) in starts else "#fff"
            body.append(
                f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="{fill}" '
                f'stroke="{INK}" stroke-width="1.5"/>'
            )
            if (row, column) in starts:
                body.append(text(x + cell / 2, y + cell / 2 + 5, "S", 14, font_weight="bold"))
    bottom = top + size * cell
    for use in board.fields.get("arrow", []):
        line, number, kind = use.args["line"], use.args["index"], use.args["enters"]
        colour = INK if kind == "advanced" else TECH_ARROW
        shift = 12 if kind == "advanced" else -12  # two arrows on one line stay apart
        if line == "row":
            y = top + (number - 0.5) * cell + shift / 2
            body.append(arrow(left - 55, y, left - 4, y, colour))
        else:
            x = left + (number - 0.5) * cell + shift / 2
            body.append(arrow(x, bottom + 55, x, bottom + 4, colour))
    legend_y = bottom + 80
    body.append(arrow(10, legend_y, 40, legend_y, TECH_ARROW))
    body.append(text(48, legend_y + 4, ref.say(TECH_ENTERS), anchor="start"))
    body.append(arrow(10, legend_y + 22, 40, legend_y + 22, INK))
    body.append(text(48, legend_y + 26, ref.say(ADVANCED_ENTERS), anchor="start"))
    body.append(
        f'<rect x="20" y="{legend_y + 36}" width="16" height="16" fill="#f3e9c6" stroke="{INK}"/>'
    )
    body.append(text(48, legend_y + 48, ref.say(START_CELL), anchor="start"))
    return svg(left + size * cell + 160, legend_y + 60, ref.say(GRID_TITLE), body)


def board(ref: Reference) -> str:
    """The actions around the board, clockwise from the top, each with its damage spaces."""
    actions = sorted(ref.decls("action"), key=lambda d: d.value("number"))
    damage = (ref.ruleset.single("board") or _missing("board")).value("damage_spaces")
    centre, radius, width = 230, 150, 460
    body = [f'<circle cx="{centre}" cy="{centre}" r="60" fill="#111"/>']
    for index, action in enumerate(actions):
        angle = -math.pi / 2 + 2 * math.pi * index / len(actions)
        x, y = centre + radius * math.cos(angle), centre + radius * math.sin(angle)
        colour = COLOURS.get(action.value("color"), "#888")
        body.append(
            f'<rect x="{x - 62:.1f}" y="{y - 34:.1f}" width="124" height="68" rx="8" '
            f'fill="#fff" stroke="{colour}" stroke-width="4"/>'
        )
        label = f"{action.value('number')}. {ref.say(action.value('kind'))}"
        body.append(text(x, y - 10, label, 13, font_weight="bold"))
        for space in range(damage):
            sx = x - damage * 11 + space * 22 + 2
            body.append(
                f'<rect x="{sx:.1f}" y="{y + 4:.1f}" width="18" height="18" fill="#eee" '
                f'stroke="{INK}"><title>{escape(ref.say(DAMAGE_SPACE))}</title></rect>'
            )
    return svg(width, width, ref.say(BOARD_TITLE), body)


def strip(ref: Reference, decl: Decl) -> str:
    """Both faces of a strip: one row of hexes each, middle hex marked."""
    r = 26
    w = math.sqrt(3) * r
    body = []
    sides = decl.fields.get("side", [])
    for row, use in enumerate(sides):
        face = use.args["face"]
        y = 40 + row * 70
        body.append(text(30, y + 5, ref.say(SIDE).format(side=face), 13, font_weight="bold"))
        for child in use.children:
            for hex_use in child.fields.get("hex", []):
                body.extend(
                    _hex(ref, 90 + (hex_use.args["position"] - 0.5) * w, y, r, hex_use.args)
                )
    title = ref.say(STRIP_TITLE).format(strip=decl.id)
    return svg(int(90 + 6 * w), 40 + 70 * len(sides), title, body)


def _hex(ref: Reference, cx: float, cy: float, r: float, args: dict) -> list[str]:
    kind = args["terrain"]
    points = hexagon_points(cx, cy, r)
    fill = terrain_fill(kind)
    tip = ref.say(ASTEROID) if kind == "asteroid" else ref.say(EMPTY) if kind == "empty" else kind
    out = [
        f'<polygon points="{points}" fill="{fill}" stroke="{INK}" stroke-width="1.5">'
        f"<title>{escape(tip)}</title></polygon>"
    ]
    icons = args.get("icons") or 0
    if icons:
        out.append(text(cx, cy + 5, "✶" * icons, 13, fill_opacity="0.9"))
    if args.get("comet"):
        out.append(text(cx, cy - 10, "☄", 12))
    return out


def _missing(kind: str):
    raise ValueError(f"the rules declare no {kind}")


class Diagram(RulesDirective):
    required_arguments = 1
    optional_arguments = 1

    def render(self, ref: Reference) -> list[nodes.Node]:
        what = self.arguments[0]
        if what == "grid":
            picture = grid(ref)
        elif what == "board":
            picture = board(ref)
        elif what == "strip" and len(self.arguments) == 2:
            decl = ref.ruleset.by_id.get(self.arguments[1])
            if decl is None or decl.kind != "strip":
                raise self.error(f"ba:diagram: no strip '{self.arguments[1]}'")
            picture = strip(ref, decl)
        else:
            raise self.error("ba:diagram: draw 'grid', 'board' or 'strip ID'")
        return [nodes.raw("", picture, format="html")]
