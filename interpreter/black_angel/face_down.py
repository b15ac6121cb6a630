"""Who sees a card played face down beside a player board, or drawn into a hand: the
one place that decides.

The rulebooks have a player play cards around their board face down: the others see
only the card's kind and, for a mission, its colour, which is all that counts there
(EN rulebook, "Sequence A", playing a card around your board; DE "Sequenz A"; PL
"Sekwencja A"). Nothing turns such a card face up: a reset discards it. So every view
of the game that someone other than the owner reads (the web table, the log, a bot's
observation) shows the card in its public form, from these functions; the engine's
own state keeps the card itself (saves, replays and the rules need it). A card drawn
into a hand is hidden alike: the others know how many cards of which colour's deck
were drawn (the decks are sorted by colour), not which, nor which one was kept.

A viewer is a seat, or None for a spectator, who owns no card.
"""

from __future__ import annotations

from typing import Any

from ...dsl.text import TextRenderer
from . import labels
from .labels import later
from .tables import BlackAngelProgram, Engine

RAVAGER = "ravager"  # the public form of any ravager card played face down


def public_id(data: BlackAngelProgram, kind: str, card: str) -> str:
    """What anyone sees of a face-down card: its kind, and a mission's colour
    ("mission-orange", "ravager"); never its id."""
    if kind == "mission":
        return f"mission-{data.missions[card].color}"
    return RAVAGER


def seen_card(data: BlackAngelProgram, kind: str, card: str, owner: int, viewer: int | None) -> str:
    """The card as `viewer` sees it: the owner sees its id, everyone else its public form."""
    return card if viewer == owner else public_id(data, kind, card)


def seen_slots(
    data: BlackAngelProgram, slots: list, owner: int, viewer: int | None
) -> list[list[str] | None]:
    """A player's card slots as `viewer` sees them: [kind, card or its public form]."""
    return [
        None if slot is None else [slot[0], seen_card(data, slot[0], slot[1], owner, viewer)]
        for slot in slots
    ]


def _kind(data: BlackAngelProgram, card: str) -> str:
    return "mission" if card in data.missions else RAVAGER


def seen_event(engine: Engine, event: dict[str, Any], viewer: int | None) -> dict[str, Any]:
    """A log event as `viewer` may read it: another seat's card played face down (the
    event that records it, and the answer that chose it) shows its public form only."""
    seat = event.get("seat")
    if seat == viewer:
        return event
    data = engine.data
    if event["event"] == "play_card":
        return {**event, "card": public_id(data, _kind(data, event["card"]), event["card"])}
    if event["event"] == "draw" and event.get("cards"):
        return {**event, "cards": None, "count": len(event["cards"])}
    if event["event"] == "choice" and event.get("kind") == "keep":
        card = event["option"].split(":")[-1]
        if card not in data.missions:
            return event
        colour = data.missions[card].color
        label = None
        if event.get("label") is not None:
            label = data.text.render(later(labels.A_MISSION_CARD, ("color", colour)))
        return {
            **event,
            "option": f"card:{public_id(data, 'mission', card)}",
            "label": label,
            "options": None,
        }
    if event["event"] == "choice" and str(event.get("option", "")).startswith("play:"):
        _, name, slot = event["option"].split(":")
        kind = "mission" if name in data.missions else RAVAGER
        public = name if kind == RAVAGER else public_id(data, kind, name)
        label = None
        if event.get("label") is not None:
            label = _play_label(data.text, data, kind, name, int(slot))
        return {**event, "option": f"play:{public}:{slot}", "label": label, "options": None}
    return event


def _play_label(
    text: TextRenderer, data: BlackAngelProgram, kind: str, card: str, slot: int
) -> str:
    size = data.grid_size
    if slot < size:
        line = later(labels.ROW, ("number", slot + 1))
    else:
        line = later(labels.COLUMN, ("number", slot - size + 1))
    if kind == "mission":
        shown = later(labels.FACE_DOWN_MISSION, ("color", data.missions[card].color))
    else:
        shown = later(labels.A_RAVAGER)
    return text.render(later(labels.PLAY_BESIDE, ("card", shown), ("line", line)))
