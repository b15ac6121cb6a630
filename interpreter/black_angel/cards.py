"""Cards in hand: drawing missions (reshuffling a colour's discards), discarding,
spending cards as a cost, and drawing some to keep one."""

from __future__ import annotations

from ..game import NO_ANSWER, Frame
from . import labels
from .labels import later
from .tables import Engine, Text


def _hand(player: dict, card: str) -> list[str]:
    return player["hand"] if card == "mission" else player["ravagers"]


def discard_card(engine: Engine, card_kind: str, card: str) -> None:
    if card_kind == "mission":
        engine.state["mission_discard"][engine.data.missions[card].color].append(card)
    else:
        engine.state["ravager_discard"].append(card)


def can_discard(engine: Engine, seat: int, args: tuple, ctx: dict) -> bool:
    amount, card = args
    return len(_hand(engine.state["players"][seat], card)) >= amount


def discard(engine: Engine, frame: Frame) -> None:
    """`discard` and `spend_card`: give up cards of a kind from your hand, one by one."""
    amount, card_kind = frame["args"]
    seat = frame["seat"]
    hand = _hand(engine.state["players"][seat], card_kind)
    frame.setdefault("left", amount)
    if "answer" in frame:
        card = frame.pop("answer")
        hand.remove(card)
        discard_card(engine, card_kind, card)
        engine.log("discard", seat=seat, card=card)
        frame["left"] -= 1
    if frame["left"] == 0:
        engine.finish(frame)
        return
    if not hand:
        engine.finish(frame, False)
        return
    answer = engine.ask_or_force(
        seat,
        "discard",
        later(labels.DISCARD_WHICH, ("kind", card_kind)),
        [(f"card:{c}", _card_label(engine, c), c) for c in sorted(set(hand))],
    )
    if answer is not NO_ANSWER:
        frame["answer"] = answer


def _card_label(engine: Engine, card: str) -> Text:
    return labels.card(engine, card) if card in engine.data.missions else card


def draw_mission(engine: Engine, colour: str) -> str | None:
    """Top card of a colour's deck; the discards are reshuffled when it runs out."""
    deck = engine.state["mission_deck"][colour]
    if not deck:
        discards = engine.state["mission_discard"][colour]
        if not discards:
            return None
        deck.extend(discards)
        discards.clear()
        engine.rng.shuffle(deck)
        engine.log("reshuffle", deck=colour)
    return deck.pop()


def _drawable(engine: Engine, colour: str) -> bool:
    return bool(engine.state["mission_deck"][colour] or engine.state["mission_discard"][colour])


def can_draw_keep(engine: Engine, seat: int, args: tuple, ctx: dict) -> bool:
    return any(_drawable(engine, c) for c in engine.data.colors)


def draw_keep(engine: Engine, frame: Frame) -> None:
    """Draw cards of a colour of your choice, keep some, discard the rest."""
    draw, keep = frame["args"]
    seat = frame["seat"]
    player = engine.state["players"][seat]
    if "colour" not in frame:
        if "answer" not in frame:
            colours = [c for c in engine.data.colors if _drawable(engine, c)]
            if not colours:
                engine.finish(frame, False)
                return
            engine.ask(
                seat,
                "draw_colour",
                later(labels.DRAW_WHICH_COLOR),
                [(f"color:{c}", c, c) for c in colours],
            )
            return
        frame["colour"] = frame.pop("answer")
        drawn = [draw_mission(engine, frame["colour"]) for _ in range(draw)]
        frame["drawn"] = [c for c in drawn if c is not None]
        frame["keep"] = min(keep, len(frame["drawn"]))
        engine.log("draw", seat=seat, cards=list(frame["drawn"]), color=frame["colour"])
    if "answer" in frame:
        card = frame.pop("answer")
        frame["drawn"].remove(card)
        player["hand"].append(card)
        frame["keep"] -= 1
    if frame["keep"] > 0 and frame["drawn"]:
        engine.ask(
            seat,
            "keep",
            later(labels.KEEP_WHICH),
            [(f"card:{c}", _card_label(engine, c), c) for c in frame["drawn"]],
        )
        return
    for card in frame["drawn"]:
        discard_card(engine, "mission", card)
    engine.finish(frame)
