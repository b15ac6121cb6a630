"""Black Angel's log as readable lines, and a player's position in a few lines (for a
person at the terminal)."""

from __future__ import annotations

from . import hal_narrate
from .tables import Engine


def line(event: dict, names: list[str]) -> str | None:
    """One readable line for an event, or None for bookkeeping events."""
    if hal_narrate.concerns_hal(event):
        return hal_narrate.line(event, names)
    kind = event["event"]
    who = names[event["seat"]] if isinstance(event.get("seat"), int) else None
    if kind == "turn":
        final = " (final round)" if event["final"] else ""
        return f"\n-- round {event['round']}{final}, {who} --"
    if kind == "choice":
        return f"  {who}: {event['label']}"
    if kind == "setup_done":
        return "set-up complete"
    if kind == "ravager_attacks":
        return f"  ravager {event['card']} attacks action {event['action']}"
    if kind == "ravager_overflow":
        return f"  ravager {event['card']} finds action {event['action']} full and is discarded"
    if kind == "ravager_unresolved":
        return f"  {who} cannot resolve ravager {event['card']} and loses 1 VP"
    if kind == "place_mission":
        return f"  {who} places {event['card']} at {event['at']}"
    if kind == "ravager_icons" and (event["visible"] or event["covered"]):
        covered = f", {event['covered']} more covered by cards" if event["covered"] else ""
        return f"  {event['visible']} ravager icon(s) visible around {event['at']}{covered}"
    if kind == "ship_removed":
        if event["reason"] == "asteroids":
            return (
                f"  {who}'s ship at {event['at']} is destroyed: the Black Angel's shield "
                "has left the asteroid field"
            )
        return f"  {who}'s ship at {event['at']} leaves space with the first strip"
    if kind == "mission_ejected":
        return f"  {event['card']} is ejected back to {names[event['owner']]}"
    if kind == "black_angel_moves":
        return f"  the Black Angel advances to {event['to']} ({event['terrain']})"
    if kind == "spes_appears":
        return "  planet Spes appears at the far end of space"
    if kind == "end_triggered":
        why = (
            "the Black Angel reached Spes"
            if event["reason"] == "spes"
            else "the ravager deck ran out"
        )
        return f"  ** the end is triggered: {why} **"
    if kind == "final_round":
        return "\n== final round =="
    if kind == "reroll":
        lost = f", losing {event['lost']} VP for unused dice" if event["lost"] else ""
        return f"  {who} rerolls{lost}"
    if kind == "pass":
        return f"  {who} passes"
    if kind == "final_score":
        return (
            f"{who}: {event['total']} VP (track {event['track']}, advanced tiles "
            f"{event['advanced']}, conversion {event['conversion']})"
        )
    return None  # bookkeeping events (takes, gains, damage...) are not narrated


def position(engine: Engine, seat: int) -> str:
    """What a player at the table would see of their own situation, in a few lines."""
    state = engine.state
    p = state["players"][seat]
    size = engine.data.grid_size
    dice = [
        f"{d['color']} {d['value']}{' (reserved)' if d['reserved'] else ''}"
        for d in state["dice"]
        if d["owner"] == seat
    ]
    others = [
        f"{_owner(d['owner'])}: {d['color']} {d['value']}"
        for d in state["dice"]
        if d["owner"] not in (None, seat) and not d["reserved"]
    ]
    grid = [t.split("#")[0] if t else "." for t in p["grid"]]
    turn = state["turn"]
    return "\n".join(
        [
            f"  round {turn['round']}{' (final round)' if turn['final_round'] else ''}",
            f"  VP {p['vp']} | storage {p['storage']} | break room {p['break_room']} robots"
            f" | workstations {p['workstations']}",
            f"  your dice: {', '.join(dice) or 'none'} | buyable: {', '.join(others) or 'none'}",
            f"  hand: {', '.join(p['hand']) or 'no missions'}; "
            f"{len(p['ravagers'])} ravager card(s)",
            "  grid: "
            + " / ".join(" ".join(grid[r * size : r * size + size]) for r in range(size)),
            *hal_narrate.position(engine),
        ]
    )


def _owner(owner: object) -> str:
    """A die's owner in a line: P1.., n (the neutral player) or Hal."""
    if isinstance(owner, int):
        return f"P{owner + 1}"
    return "Hal" if owner == "hal" else "n"
