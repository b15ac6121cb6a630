"""Space: strips of hexes in a line, and ships flying between them.

Strips are identified by their id, so a hex keeps its identity ("strip/pos") when
the strips shift toward the board. Layout "offset_columns": each strip is a column
of hexes, laid half a hex higher or lower than its neighbours. Which one is a
property of the strip as it lies (`space.offset`, 0 or 1), set when it is laid: at
set-up the offsets alternate along the line, and a recycled strip laid at the far
end takes the offset opposite to its new neighbour's. Sliding the line toward the
board moves no strip against its neighbours, so contacts never change with a shift.

Hex (s, p) touches (s, p±1); on a neighbouring strip t it touches (t, p) (the Black
Angel's straight line) and (t, p - (offset[t] - offset[s])).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator

from ..game import Frame
from . import labels
from .labels import later
from .layout import hex_key
from .tables import Engine, Hex

SPES = Hex("spes", 0, False)


def split(key: str) -> tuple[str, int]:
    strip, pos = key.split("/")
    return strip, int(pos)


def hex_at(engine: Engine, strip: str, pos: int) -> Hex:
    space = engine.state["space"]
    if space["spes_tile"] == strip and pos == engine.data.numbers["space.start_hex"]:
        return SPES
    return engine.data.strips[strip][space["face"][strip]][pos - 1]


def terrain_of(engine: Engine, key: str) -> str:
    """The terrain of a hex given by its key ("strip/pos")."""
    strip, pos = split(key)
    return hex_at(engine, strip, pos).terrain


def offsets_along(order: list[str]) -> dict[str, int]:
    """The offsets of strips laid one after another: alternating, the first at 0."""
    return {strip: i % 2 for i, strip in enumerate(order)}


def lay_last(space_state: dict, strip: str) -> None:
    """Lay `strip` at the far end of the line, against the last strip: its offset is the
    opposite of its new neighbour's, so the two touch like any other pair."""
    order = space_state["order"]
    neighbour = order[-1]
    order.append(strip)
    space_state["offset"][strip] = 1 - space_state["offset"][neighbour]


def neighbours(engine: Engine, strip: str, pos: int) -> list[tuple[str, int]]:
    sp = engine.state["space"]
    order, offset = sp["order"], sp["offset"]
    size = engine.data.numbers["space.hexes_per_strip"]
    i = order.index(strip)
    out = [(strip, p) for p in (pos - 1, pos + 1) if 1 <= p <= size]
    for j in (i - 1, i + 1):
        if 0 <= j < len(order):
            other = order[j]
            # the other strip's column, offset by half a hex (or not at all: then only
            # the hex straight across touches)
            slant = pos - (offset[other] - offset[strip])
            if 1 <= pos <= size:
                out.append((other, pos))
            if slant != pos and 1 <= slant <= size:
                out.append((other, slant))
    return out


def enterable(engine: Engine, strip: str, pos: int) -> bool:
    """Ships never enter asteroids, except the one the Black Angel shields."""
    if hex_at(engine, strip, pos).terrain != "asteroid":
        return True
    return engine.state["space"]["black_angel"] == [strip, pos]


def can_end_at(engine: Engine, seat: int, strip: str, pos: int, moving_from: str | None) -> bool:
    """A hex holds a limited number of ships, of different players (the moving ship does not
    count)."""
    ships = list(engine.state["space"]["ships"].get(hex_key(strip, pos), []))
    if moving_from == hex_key(strip, pos):
        ships.remove(seat)
    return len(ships) < engine.data.numbers["space.ships_per_hex"] and seat not in ships


def reachable(engine: Engine, start: tuple[str, int], steps: int) -> Iterator[tuple[str, int]]:
    """The hexes a ship can reach moving up to `steps` hexes from `start` (the start too),
    nearest first."""
    seen = {start: 0}
    queue = deque([start])
    ships = engine.state["space"]["ships"]
    full = engine.data.numbers["space.ships_per_hex"]
    full_blocks = engine.ruling("full_hex_passage") == "blocked"
    while queue:
        here = queue.popleft()
        yield here
        distance = seen[here]
        if distance == steps:
            continue
        strip, pos = here  # (no f(*here): compiled, a call with * is the slow kind)
        if full_blocks and here != start and len(ships.get(hex_key(strip, pos), [])) >= full:
            continue  # may stop short of a full hex, never pass through it
        for nxt in neighbours(engine, strip, pos):
            if nxt not in seen and enterable(engine, nxt[0], nxt[1]):
                seen[nxt] = distance + 1
                queue.append(nxt)


def destinations(
    engine: Engine, seat: int, start: tuple[str, int], steps: int, moving_from: str | None
) -> list[str]:
    """Hex keys a ship can end on, moving up to `steps` hexes from `start`."""
    return sorted(
        hex_key(s, p)
        for s, p in reachable(engine, start, steps)
        if can_end_at(engine, seat, s, p, moving_from)
    )


def can_end_somewhere(
    engine: Engine, seat: int, start: tuple[str, int], steps: int, moving_from: str | None
) -> bool:
    """Whether `destinations` has any hex (stopping at the first one found)."""
    return any(
        can_end_at(engine, seat, s, p, moving_from) for s, p in reachable(engine, start, steps)
    )


def icons_around(engine: Engine, strip: str, pos: int) -> tuple[int, int]:
    """Ravager icons on the hexes around a hex: (visible, covered by mission cards)."""
    cards = engine.state["space"]["cards"]
    visible = covered = 0
    for s, p in neighbours(engine, strip, pos):
        icons = hex_at(engine, s, p).icons
        if hex_key(s, p) in cards:
            covered += icons
        else:
            visible += icons
    return visible, covered


# ---- ship movement from tiles (no launch, no card) ------------------------------------
def ship_moves(engine: Engine, seat: int, hexes: int) -> list[tuple[str, str]]:
    """(from, to) moves of `seat`'s ships in space, up to `hexes` hexes, to another hex."""
    moves = []
    for key, seats in sorted(engine.state["space"]["ships"].items()):
        if seat in seats:
            for target in destinations(engine, seat, split(key), hexes, key):
                if target != key:
                    moves.append((key, target))
    return moves


def can_move_ship(engine: Engine, seat: int, args: tuple, ctx: dict) -> bool:
    return bool(ship_moves(engine, seat, args[0]))


def move_ship(engine: Engine, frame: Frame) -> None:
    seat = frame["seat"]
    ships = engine.state["space"]["ships"]
    if "answer" in frame:
        source, target = frame.pop("answer")
        ships[source].remove(seat)
        if not ships[source]:
            del ships[source]
        ships.setdefault(target, []).append(seat)
        engine.log("move_ship", seat=seat, to=target)
        engine.finish(frame)
        return
    moves = ship_moves(engine, seat, frame["args"][0])
    if not moves:
        engine.finish(frame, False)
        return
    engine.ask(
        seat,
        "move_ship",
        later(labels.MOVE_WHICH_SHIP),
        [
            (f"move:{a}>{b}", later(labels.MOVE_SHIP, ("source", a), ("target", b)), [a, b])
            for a, b in moves
        ],
    )


def destroy_ships(engine: Engine, key: str, reason: str) -> None:
    """Ships leave space: the ship returns to the supply, its pilot robot too. `reason`:
    "ejected" (with the first strip) or "asteroids" (the Black Angel's shield left)."""
    for seat in engine.state["space"]["ships"].pop(key, []):
        engine.state["players"][seat]["supply_robots"] += 1
        engine.log("ship_removed", seat=seat, at=key, reason=reason)
