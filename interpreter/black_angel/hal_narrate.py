"""Hal's turns as readable lines: which card he revealed, which half he read and why,
the die he took, what he did, each fallback and each VP he scored. Read from the log
events of hal.py and hal_actions.py (narrate.py hands Hal's events over here)."""

from __future__ import annotations

from .layout import HAL
from .tables import Engine

ACTIONS = {
    "hal_discover": "discover technology",
    "hal_repair": "repair the Black Angel",
    "hal_destroy": "destroy Ravagers",
    "hal_command": "command a ship",
}
MODES = {
    "advanced_first": "an Advanced tile first",
    "tech_only": "technology tiles only",
    "clockwise": "clockwise",
    "counterclockwise": "counterclockwise",
}
AFTER = {"a": "you did sequence A", "b": "you did sequence B", "pass": "you passed"}
WHY = {
    "no_colour": "neither colour of his card was available",
    "star_die": "his die shows a star",
    "damaged": "the damaged action takes his die down to 0",
    "nothing_to_do": "there is nothing to do on that action",
}


def concerns_hal(event: dict) -> bool:
    return event["event"].startswith("hal_") or event.get("seat") == HAL


def _does(does: list) -> str:
    if not does:
        return "?"
    text = ACTIONS.get(does[0], does[0])
    modes = [MODES.get(str(v), str(v)) for v in does[1:]]
    return f"{text} ({', '.join(modes)})" if modes else text


def _name(names: list[str], seat: object) -> str:
    return names[seat] if isinstance(seat, int) and seat < len(names) else "the player"


def line(event: dict, names: list[str]) -> str | None:
    """One readable line for an event of Hal's, or None for bookkeeping."""
    kind = event["event"]
    if kind == "hal_turn":
        final = " (final round)" if event["final"] else ""
        return f"\n-- round {event['round']}{final}, Hal --"
    if kind == "hal_rolls":
        dice = ", ".join(event["dice"]) or "no die (the supplies are empty)"
        damaged = f" ({event['damaged']} damaged, repaired as rolled)" if event["damaged"] else ""
        return f"  Hal rolls: {dice}{damaged}"
    if kind == "hal_reshuffle":
        return f"  Hal's deck is empty: his {event['cards']} discarded cards are reshuffled"
    if kind == "hal_reveals":
        return f"  Hal reveals {event['card']} ({AFTER.get(event['after'], event['after'])})"
    if kind == "hal_reads":
        colours = "/".join(event["colors"]) or "no"
        text = f"{event['half']} half: {colours} die, {_does(event['does'])}"
        if event["which"] == "first":
            return f"  he reads its {text}"
        passed = " or ".join(event["passed"]) or "the first colour"
        return f"  no {passed} die is available to him, so he reads its {text}"
    if kind == "hal_drops_die":
        return (
            f"  neither half's colour is available: Hal returns his {event['color']} "
            f"{event['value']} to its supply"
        )
    if kind == "hal_takes_die":
        die = f"{event['color']} {event['value']}"
        if event["bought_from"] is None:
            return f"  Hal takes his {die}"
        who = _name(names, event["bought_from"])
        return f"  Hal buys {who}'s {die} (the highest); {who} takes its price from the supply"
    if kind == "hal_ravager":
        what = "resolved (it adds damage)" if event["resolved"] else "ignored, at no cost"
        return f"  ravager {event['card']} on action {event['action']}: {what}"
    if kind == "hal_discovers":
        where = "the Advanced slots" if event["source"] == "advanced" else "the display"
        return f"  Hal takes {event['tile']} from {where}"
    if kind == "hal_repairs":
        where = f"action {event['index']}" if event["source"] == "action" else "a damaged die"
        return f"  Hal removes a damage cube from {where}"
    if kind == "hal_destroys":
        return f"  Hal destroys {', '.join(event['cards'])} at action {event['action']}"
    if kind == "hal_places":
        which = "activation" if event["activation"] else "neutralization"
        where = "farthest" if event["activation"] else "nearest"
        comet = " (a comet hex" + (": bonus" if event["bonus"] else "") + ")"
        amount, item = event["reward"]
        return (
            f"  Hal places {event['card']} ({which}) at {event['at']}, strip {event['strip']}: "
            f"the {where} with a free hex of its colour{comet if event['comet'] else ''}; "
            f"reward {amount} {item}"
        )
    if kind == "hal_gains":
        item = event["item"] if event["amount"] == 1 else f"{event['item']} x{event['amount']}"
        return f"  Hal: +{event['vp']} VP for {item}"
    if kind == "hal_fallback":
        return f"  Hal cannot act ({WHY.get(event['why'], event['why'])}): +{event['vp']} VP"
    if kind == "hal_card_ejected":
        return f"  Hal's {event['card']} is ejected"
    if kind == "hal_paid":
        return f"  Hal is paid {event['amount']} {event['item']} for his die and discards it"
    if kind == "hal_final":
        return f"Hal: {event['total']} VP (he scores nothing at the end)"
    if kind == "gain_vp":
        return f"  Hal: +{event['amount']} VP"
    if kind == "lose_vp":
        return f"  Hal: -{event['amount']} VP"
    if kind == "free_activation":
        return f"  Hal activates his {event['card']} once for free"
    if kind == "automaton_choice":
        return f"  Hal chooses: {event['label']}"
    if kind == "hal_cannot":
        return f"  (Hal cannot {event['primitive']})"
    return None


def position(engine: Engine) -> list[str]:
    """Hal's situation, for the player at the terminal."""
    state = engine.state
    hal = state["hal"]
    if hal is None:
        return []
    dice = [f"{d['color']} {d['value']}" for d in state["dice"] if d["owner"] == HAL] or ["none"]
    cards = sum(1 for c in state["space"]["cards"].values() if c["owner"] == HAL)
    return [
        f"  Hal: {hal['vp']} VP | dice {', '.join(dice)} | {len(hal['deck'])} cards in his "
        f"deck, {len(hal['discard'])} discarded | {cards} of his cards in space"
    ]
