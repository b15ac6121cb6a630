"""The space board: strips in a line, hexes, neighbours and ship movement.

Strips are identified by their id, so a hex keeps its identity ("strip/pos")
when the strips shift toward the board. Layout "offset_columns": strip i is a
column of hexes; hex (i, p) touches (i, p±1) and, on the neighbouring strips,
(i±1, p) and (i±1, p-1) when i is even or (i±1, p+1) when i is odd.
"""

from __future__ import annotations

from collections import deque

from .data import Hex
from .state import hex_key

SPES = Hex("spes", 0, False)


def split(key: str) -> tuple[str, int]:
    strip, pos = key.split("/")
    return strip, int(pos)


def hex_at(engine, strip: str, pos: int) -> Hex:
    space = engine.state["space"]
    if space["spes_tile"] == strip and pos == engine.data.numbers["space.start_hex"]:
        return SPES
    return engine.data.strips[strip][space["face"][strip]][pos - 1]


def neighbours(engine, strip: str, pos: int) -> list[tuple[str, int]]:
    order = engine.state["space"]["order"]
    size = engine.data.numbers["space.hexes_per_strip"]
    i = order.index(strip)
    out = [(strip, p) for p in (pos - 1, pos + 1) if 1 <= p <= size]
    shift = -1 if i % 2 == 0 else 1
    for j in (i - 1, i + 1):
        if 0 <= j < len(order):
            out.extend((order[j], p) for p in (pos, pos + shift) if 1 <= p <= size)
    return out


def enterable(engine, strip: str, pos: int) -> bool:
    """Ships never enter asteroids, except the one the Black Angel shields."""
    if hex_at(engine, strip, pos).terrain != "asteroid":
        return True
    return engine.state["space"]["black_angel"] == [strip, pos]


def can_end_at(engine, seat: int, strip: str, pos: int, moving_from: str | None) -> bool:
    """At most 2 ships per hex, of different players (the moving ship does not count)."""
    ships = list(engine.state["space"]["ships"].get(hex_key(strip, pos), []))
    if moving_from == hex_key(strip, pos):
        ships.remove(seat)
    return len(ships) < 2 and seat not in ships


def destinations(
    engine, seat: int, start: tuple[str, int], steps: int, moving_from: str | None
) -> list[str]:
    """Hex keys a ship can end on, moving up to `steps` hexes from `start`."""
    seen = {start: 0}
    queue = deque([start])
    ships = engine.state["space"]["ships"]
    full_blocks = engine.ruling("full_hex_passage") == "blocked"
    while queue:
        here = queue.popleft()
        if seen[here] == steps:
            continue
        if full_blocks and here != start and len(ships.get(hex_key(*here), [])) >= 2:
            continue  # may stop short of a full hex, never pass through it
        for nxt in neighbours(engine, *here):
            if nxt not in seen and enterable(engine, *nxt):
                seen[nxt] = seen[here] + 1
                queue.append(nxt)
    return sorted(hex_key(s, p) for (s, p) in seen if can_end_at(engine, seat, s, p, moving_from))


def adjacent_icons(engine, strip: str, pos: int) -> int:
    """Ravager icons visible on the hexes around a hex (cards cover icons)."""
    cards = engine.state["space"]["cards"]
    return sum(
        hex_at(engine, s, p).icons
        for s, p in neighbours(engine, strip, pos)
        if hex_key(s, p) not in cards
    )
