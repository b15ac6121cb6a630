"""SVG pieces shared by a game's own table drawing in `ba serve` (the `Game.table` hook of
its game module) and the diagrams of the rules reference (docs/sphinxext/diagrams.py): one
drawing of a hexagon, an arrow, a label, and the colours the rules declare."""

from __future__ import annotations

import math
from html import escape

COLOURS = {"orange": "#e07b00", "gray": "#6b6b6b", "green": "#2e8b3d"}
ASTEROID_FILL = "#c9b48a"
TECH_ARROW = "#2b6cb0"
INK = "#222"


def attributes(attrs: dict) -> str:
    """Keyword arguments as SVG attributes: font_weight="bold" is font-weight="bold"."""
    return "".join(
        f' {key.rstrip("_").replace("_", "-")}="{escape(str(value))}"'
        for key, value in attrs.items()
        if value is not None
    )


def svg(width: float, height: float, title: str, body: list[str], css: str = "ba-diagram") -> str:
    """A picture with a title (read by screen readers), drawn at its own size; a page may
    scale it (viewBox)."""
    return (
        f'<svg class="{css}" xmlns="http://www.w3.org/2000/svg" role="img" '
        f'viewBox="0 0 {width:g} {height:g}" width="{width:g}" height="{height:g}">'
        f"<title>{escape(title)}</title>{''.join(body)}</svg>"
    )


def text(x: float, y: float, words: str, size: int = 12, anchor: str = "middle", **attrs) -> str:
    attrs.setdefault("fill", INK)
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" '
        f'font-family="sans-serif"{attributes(attrs)}>{escape(words)}</text>'
    )


def tip(words: str) -> str:
    """A tooltip: the <title> of the element it is put in."""
    return f"<title>{escape(words)}</title>" if words else ""


def arrow(x1: float, y1: float, x2: float, y2: float, colour: str) -> str:
    """A line from (x1, y1) with a head at (x2, y2)."""
    angle = math.atan2(y2 - y1, x2 - x1)
    left = (x2 - 9 * math.cos(angle - 0.45), y2 - 9 * math.sin(angle - 0.45))
    right = (x2 - 9 * math.cos(angle + 0.45), y2 - 9 * math.sin(angle + 0.45))
    return (
        f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{colour}" '
        f'stroke-width="3"/><polygon points="{x2:.1f},{y2:.1f} {left[0]:.1f},{left[1]:.1f} '
        f'{right[0]:.1f},{right[1]:.1f}" fill="{colour}"/>'
    )


def hexagon_points(cx: float, cy: float, r: float, flat: bool = False) -> str:
    """The corners of a hexagon of radius r: pointy top and bottom (hexes side by side in
    a row, as the reference draws a strip), or with `flat` a flat top and bottom (hexes
    stacked in a column, as strips lie on the table)."""
    turn = 0 if flat else math.pi / 6
    return " ".join(
        f"{cx + r * math.cos(turn + k * math.pi / 3):.1f},"
        f"{cy + r * math.sin(turn + k * math.pi / 3):.1f}"
        for k in range(6)
    )


def terrain_fill(terrain: str) -> str:
    """How a hex's terrain is coloured: a colour of the game, asteroids, or empty space."""
    return COLOURS.get(terrain, ASTEROID_FILL if terrain == "asteroid" else "#fff")
