"""Resolution queues of a game written only in the language (dsl/queues.py): their runtime
tables, set-up, primitives, what each seat may see of them, and their log lines.

State (only when the rules declare queues): `queues[queue]` holds `slots`, one list per
slot with one place per layer (in the queue's order), each None or the card lying there
as {"card", "seat", "laid", "down"} (`seat`: who laid it, or whose deck it was turned up
from; `down`: turned face down for its layer's alternative); `cursor`, the [slot, layer]
being carried out while the queue is resolved, else None; `skips`, per layer, how many
of its next cards are passed over. The queue owns the cards in it: they are in no deck,
hand or discard pile until the queue is cleared, and every card in it is public.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..dsl.i18n import N_, NN_
from . import decks, outcomes
from .game import NO_ANSWER, Frame, Implementation, take_answer

if TYPE_CHECKING:
    from ..dsl.compiler import RuleSet
    from ..dsl.text import TextRenderer
    from .engine import Engine, Seat
    from .program import Program

LAY_PROMPT = N_("Lay one of your {deck} into the {layer}")
SLOT_PROMPT = N_("Into which slot of the {layer} does {card} go?")
SLOT_OPTION = N_("slot {slot}")
USE_PROMPT = N_("Slot {slot}, {layer}: {card}")
USE_OPTION = N_("carry out {card}: {effect}")
INSTEAD_OPTION = N_("turn {card} face down instead: {effect}")
FILLS = N_("  turned up into the {layer}: {cards}")
UNUSED = N_("  {card} goes into slot {slot}, which is taken: it is discarded unused")
ARRANGE_PROMPT = N_("Which card goes into slot {slot} of the {layer}?")
FILLS_NOTHING = N_("  no card to turn up into the {layer}")
LAYS = N_("  {who} lays {card} into slot {slot} of the {layer}")
RESOLVES = N_("  the {queue} is resolved, slot by slot")
AT_CARD = N_("  > slot {slot}, {layer}: {card}")
SKIPPED = N_("  > slot {slot}, {layer}: {card} is skipped")
SKIPS = NN_(
    "  the next {amount} card of the {layer} will be skipped",
    "  the next {amount} cards of the {layer} will be skipped",
)
INSTEAD = N_("  {who} turns {card} face down instead: {effect}")
CLEARS = N_("  the {queue} is cleared: its cards are discarded")
SLOT_CARD = N_("{slot}: {card}")
FACE_DOWN = N_("{card} (face down)")
ROW = N_("{queue}, {layer}: {cards}")
CURSOR = N_("{queue}: now slot {slot}, {layer}")


@dataclass(frozen=True)
class Layer:
    queue: str
    deck: str
    instead: int | None  # the number of its `instead` effect in the program, if any


@dataclass(frozen=True)
class Queue:
    slots: int
    layers: tuple[str, ...]  # in the order a slot's cards are carried out


def tables(
    ruleset: RuleSet, program: Program
) -> tuple[dict[str, Queue], dict[str, Layer], dict[str, int]]:
    """The queues and layers the rules declare, the layers' alternatives numbered, and the
    slot each card that prints one goes into (counted from 0)."""
    queues: dict[str, Queue] = {}
    owner: dict[str, str] = {}
    for decl in ruleset.of_kind("queue"):
        if decl.id is not None:
            queues[decl.id] = Queue(decl.value("slots"), tuple(decl.value("layers")))
            owner.update((layer, decl.id) for layer in decl.value("layers"))
    layers: dict[str, Layer] = {}
    for decl in ruleset.of_kind("layer"):
        use = decl.first("instead")
        if decl.id is not None:
            instead = None if use is None else program.lower_required(use.effect)
            layers[decl.id] = Layer(owner[decl.id], decl.value("deck"), instead)
    printed = {
        card.id: card.value("slot") - 1
        for card in ruleset.of_kind("card")
        if card.id is not None and card.value("slot") is not None
    }
    return queues, layers, printed


def setup(program: Program, state: dict) -> None:
    """Every queue empty, no cursor, nothing to skip."""
    if not program.queues:
        return
    state["queues"] = {
        name: {
            "slots": [[None] * len(queue.layers) for _ in range(queue.slots)],
            "cursor": None,
            "skips": {layer: 0 for layer in queue.layers},
        }
        for name, queue in program.queues.items()
    }


def _place(engine: Engine, layer: str) -> tuple[dict, int]:
    """The state of the layer's queue and the layer's place in each slot."""
    spec = engine.data.layers[layer]
    return engine.state["queues"][spec.queue], engine.data.queues[spec.queue].layers.index(layer)


def _free(engine: Engine, layer: str) -> list[int]:
    queue, index = _place(engine, layer)
    return [slot for slot, places in enumerate(queue["slots"]) if places[index] is None]


# ---- primitives -----------------------------------------------------------------------
def fill_layer(engine: Engine, frame: Frame) -> None:
    """One card from the top of the layer's deck for each slot free at the start, face
    up: into the first free slot, or a card that prints its slot into that one, and when
    that slot is taken, onto the discard pile unused (so the cards drawn are bounded
    even by a deck that reshuffles). With an amount, no more cards than that are drawn."""
    layer, *amount = frame["args"]
    seat, deck = frame["seat"], engine.data.layers[layer].deck
    queue, index = _place(engine, layer)
    turned, unused = [], []
    for _ in _free(engine, layer)[: amount[0] if amount else None]:
        card = decks._top(engine, deck, seat)
        if card is None:
            break
        free = _free(engine, layer)
        slot = engine.data.printed_slots.get(card, free[0])
        if slot not in free:
            pile = decks._piles(engine.state["cards"], engine.data.decks[deck], deck, seat)[1]
            pile.append(card)
            unused.append([slot, card])
            continue
        queue["slots"][slot][index] = {"card": card, "seat": seat, "laid": False, "down": False}
        turned.append([slot, card])
    engine.log("fill_layer", seat=seat, layer=layer, cards=turned)
    for slot, card in unused:
        engine.log("slot_taken", seat=seat, layer=layer, card=card, slot=slot)
    engine.finish(frame)


def _layable(engine: Engine, seat: Seat, layer: str) -> list[str]:
    return decks._held(engine, seat, engine.data.layers[layer].deck) if _free(engine, layer) else []


def lay(engine: Engine, frame: Frame) -> None:
    """The seat picks a card of the layer's deck from its hand, then a free slot."""
    (layer,) = frame["args"]
    seat = frame["seat"]
    answer = take_answer(frame)
    if "card" not in frame:
        card = _ask_card(engine, seat, layer) if answer is NO_ANSWER else answer
        if card is NO_ANSWER:
            return
        frame["card"], answer = card, NO_ANSWER
    card = frame["card"]
    slot = _ask_slot(engine, seat, layer, card) if answer is NO_ANSWER else answer
    if slot is NO_ANSWER:
        return
    queue, index = _place(engine, layer)
    engine.state["cards"]["hands"][seat].remove(card)
    queue["slots"][slot][index] = {"card": card, "seat": seat, "laid": True, "down": False}
    engine.log("lay_card", seat=seat, card=card, layer=layer, slot=slot)
    engine.finish(frame)


def _ask_card(engine: Engine, seat: Seat, layer: str) -> Any:
    """The card of the hand to lay (NO_ANSWER while the seat has not answered)."""
    text, deck = engine.data.text, engine.data.layers[layer].deck
    values = (("deck", text.word(deck, None, 2)), ("layer", text.word(layer)))
    options = [
        (f"card:{name}", (decks.CARD_OPTION, None, 1, _card_values(engine, name)), name)
        for name in _layable(engine, seat, layer)
    ]
    return engine.ask_or_force(seat, "lay_card", (LAY_PROMPT, None, 1, values), options)


def _ask_slot(engine: Engine, seat: Seat, layer: str, card: str) -> Any:
    """The free slot of the layer the card goes into (NO_ANSWER while not answered)."""
    text = engine.data.text
    values = (("layer", text.word(layer)), ("card", text.word(card)))
    options = [
        (f"slot:{slot + 1}", (SLOT_OPTION, None, 1, (("slot", slot + 1),)), slot)
        for slot in _free(engine, layer)
    ]
    return engine.ask_or_force(seat, "lay_slot", (SLOT_PROMPT, None, 1, values), options)


def _card_values(engine: Engine, name: str) -> tuple:
    text = engine.data.text
    effect = engine.describe(engine.data.cards[name].effect)
    return (("card", text.word(name)), ("effect", effect))


def can_lay(engine: Engine, seat: Seat, args: tuple, ctx: dict) -> bool:
    return bool(_layable(engine, seat, args[0]))


def _lying(engine: Engine, layer: str) -> list[tuple[int, str]]:
    """The cards of the layer's deck lying face up in front of the seats, as (seat, card)."""
    deck, kinds = engine.data.layers[layer].deck, engine.data.cards
    return [
        (seat, card)
        for seat, kept in enumerate(engine.state["cards"]["kept"])
        for card in kept
        if kinds[card].deck == deck
    ]


def arrange(engine: Engine, frame: Frame) -> None:
    """The cards lying face up in front of the seats into the layer's free slots, slot
    by slot from the first, the seat choosing the card for each; until no card or no
    slot is left (`_arrange_one`)."""
    (layer,) = frame["args"]
    while _free(engine, layer) and _lying(engine, layer):
        if _arrange_one(engine, frame, layer, _free(engine, layer)[0]) is NO_ANSWER:
            return
    engine.finish(frame)


def _arrange_one(engine: Engine, frame: Frame, layer: str, slot: int) -> Any:
    """The seat of the frame chooses which card lying face up goes into the slot (NO_ANSWER
    while it has not answered). A card goes from the first seat it lies before (copies
    are alike); the queue then owns it, and it is carried out for the seat that resolves
    the queue."""
    seat = frame["seat"]
    queue, index = _place(engine, layer)
    answer = take_answer(frame)
    card = _ask_arranged(engine, seat, layer, slot) if answer is NO_ANSWER else answer
    if card is NO_ANSWER:
        return NO_ANSWER
    owner = next(s for s, lying in _lying(engine, layer) if lying == card)
    engine.state["cards"]["kept"][owner].remove(card)
    queue["slots"][slot][index] = {"card": card, "seat": owner, "laid": False, "down": False}
    engine.log("lay_card", seat=seat, card=card, layer=layer, slot=slot)
    return card


def _ask_arranged(engine: Engine, seat: Seat, layer: str, slot: int) -> Any:
    """The card, of those lying face up, that goes into the slot (NO_ANSWER while the
    seat has not answered); each kind of card once, in the order the rules declare them."""
    lying = {card for _, card in _lying(engine, layer)}
    options = [
        (f"card:{name}", (decks.CARD_OPTION, None, 1, _card_values(engine, name)), name)
        for name, card in engine.data.cards.items()
        if name in lying
    ]
    values = (("slot", slot + 1), ("layer", engine.data.text.word(layer)))
    prompt = (ARRANGE_PROMPT, None, 1, values)
    return engine.ask_or_force(seat, "arrange_card", prompt, options)


def can_arrange(engine: Engine, seat: Seat, args: tuple, ctx: dict) -> bool:
    return bool(_free(engine, args[0]) and _lying(engine, args[0]))


def resolve(engine: Engine, frame: Frame) -> None:
    """Slot by slot, in a slot layer by layer in the queue's order, each card carried out
    (or passed over, or turned face down for its layer's alternative); then the queue is
    cleared. The frame's `pos` counts the places done; `running`: a card's effect is on."""
    (name,) = frame["args"]
    spec, queue = engine.data.queues[name], engine.state["queues"][name]
    if "pos" not in frame:
        frame["pos"] = 0
        engine.log("resolve_queue", queue=name)
    elif frame.pop("running", False):
        frame["pos"] += 1
        if outcomes.settle(engine):  # the card that won is over: nothing more runs
            engine.finish(frame)
            return
    while frame["pos"] < spec.slots * len(spec.layers):
        slot, index = divmod(frame["pos"], len(spec.layers))
        entry, layer = queue["slots"][slot][index], spec.layers[index]
        if entry is None and _lying(engine, layer):
            if _arrange_one(engine, frame, layer, slot) is NO_ANSWER:
                return
            entry = queue["slots"][slot][index]
        if entry is None:
            frame["pos"] += 1
            continue
        values = {"queue": name, "slot": slot, "layer": layer, "card": entry["card"]}
        if queue["cursor"] != [slot, index]:
            queue["cursor"] = [slot, index]
            if queue["skips"][layer]:
                queue["skips"][layer] -= 1
                engine.log("skip_card", **values)
                frame["pos"] += 1
                continue
            engine.log("resolve_card", **values)
        who = entry["seat"] if entry["laid"] else frame["seat"]
        use = _use(engine, frame, who, entry["card"], layer, slot)
        if use is NO_ANSWER:
            return
        frame["running"] = True
        ctx = {"card": entry["card"]}
        if use == "instead":
            instead = engine.data.layers[layer].instead
            assert instead is not None, "only a layer with an alternative offers it"
            entry["down"] = True
            engine.log("instead", seat=who, card=entry["card"], effect=engine.describe(instead))
            engine.run_effect(who, instead, ctx)
        else:
            engine.run_effect(who, engine.data.cards[entry["card"]].effect, ctx)
        return
    _clear(engine, name)
    engine.finish(frame)


def _use(engine: Engine, frame: Frame, seat: Seat, card: str, layer: str, slot: int) -> Any:
    """ "own" (the card's effect) or "instead" (its layer's alternative), as the seat
    chooses among those it can carry out now (NO_ANSWER while it has not answered); the
    card's own effect when the layer has no alternative, or neither can be done."""
    answer = take_answer(frame)
    if answer is not NO_ANSWER:
        return answer
    instead = engine.data.layers[layer].instead
    if instead is None:
        return "own"
    ctx, text = {"card": card}, engine.data.text
    options = []
    if engine.can(seat, engine.data.cards[card].effect, ctx):
        options.append(("use", (USE_OPTION, None, 1, _card_values(engine, card)), "own"))
    if engine.can(seat, instead, ctx):
        values = (("card", text.word(card)), ("effect", engine.describe(instead)))
        options.append(("instead", (INSTEAD_OPTION, None, 1, values), "instead"))
    if not options:
        return "own"
    prompt = (
        USE_PROMPT,
        None,
        1,
        (("slot", slot + 1), ("layer", text.word(layer)), ("card", text.word(card))),
    )
    return engine.ask_or_force(seat, "use_card", prompt, options)


def _clear(engine: Engine, name: str) -> None:
    """Every card of the queue to its deck's discard pile (of the seat it belongs to, for
    a deck each seat has its own of); no cursor, nothing left to skip."""
    queue, cards = engine.state["queues"][name], engine.state["cards"]
    cleared = []
    for places in queue["slots"]:
        for index, entry in enumerate(places):
            if entry is None:
                continue
            deck = engine.data.cards[entry["card"]].deck
            decks._piles(cards, engine.data.decks[deck], deck, entry["seat"])[1].append(
                entry["card"]
            )
            cleared.append(entry["card"])
            places[index] = None
    queue["cursor"] = None
    queue["skips"] = dict.fromkeys(queue["skips"], 0)
    engine.log("clear_queue", queue=name, cards=cleared)


def can_resolve(engine: Engine, seat: Seat, args: tuple, ctx: dict) -> bool:
    """Not while the queue is resolved already (a trigger of an event one of its cards
    raises): its cards would be carried out twice."""
    return engine.state["queues"][args[0]]["cursor"] is None


def skip(engine: Engine, frame: Frame) -> None:
    amount, layer = frame["args"]
    queue, _ = _place(engine, layer)
    queue["skips"][layer] += amount
    engine.log("skip", seat=frame["seat"], layer=layer, amount=amount)
    engine.finish(frame)


def can_skip(engine: Engine, seat: Seat, args: tuple, ctx: dict) -> bool:
    """Only while the layer's queue is resolved: elsewhere there is nothing to skip."""
    queue, _ = _place(engine, args[1])
    return queue["cursor"] is not None


IMPLEMENTATIONS = {
    "fill_layer": Implementation(fill_layer),
    "lay": Implementation(lay, can_lay),
    "arrange": Implementation(arrange, can_arrange),
    "resolve": Implementation(resolve, can_resolve),
    "skip": Implementation(skip, can_skip),
}


def state_shape(data: Program, players: int) -> dict[str, dict]:
    """The schemas of the queues' places, which set-up leaves empty (so that the shape of a
    set-up state says nothing of them): each slot one place per layer, a place empty or a
    card of the rules lying there as the module docstring says; the cursor a slot and a
    layer of the queue, or None."""
    seat = {"type": "integer", "minimum": 0, "maximum": players - 1}
    entry = {
        "type": "object",
        "properties": {
            "card": {"enum": sorted(data.cards)},
            "seat": seat,
            "laid": {"type": "boolean"},
            "down": {"type": "boolean"},
        },
        "required": ["card", "seat", "laid", "down"],
        "additionalProperties": False,
    }
    shapes: dict[str, dict] = {}
    for name, queue in data.queues.items():
        layers = len(queue.layers)
        places = {"anyOf": [{"type": "null"}, entry]}
        slot = {"type": "array", "items": places, "minItems": layers, "maxItems": layers}
        shapes[f"queues.{name}.slots"] = {
            "type": "array",
            "items": slot,
            "minItems": queue.slots,
            "maxItems": queue.slots,
        }
        at = [
            {"type": "integer", "minimum": 0, "maximum": queue.slots - 1},
            {"type": "integer", "minimum": 0, "maximum": layers - 1},
        ]
        cursor = {"type": "array", "prefixItems": at, "minItems": 2, "maxItems": 2}
        shapes[f"queues.{name}.cursor"] = {"anyOf": [{"type": "null"}, cursor]}
    return shapes


# ---- what each seat may see -----------------------------------------------------------
def seen_event(engine: Engine, event: dict, viewer: int | None) -> dict:
    """Another seat's choice of a card to lay keeps the card (laid face up, public) but
    not the cards it could have laid; the rest as the decks show it."""
    event = decks.seen_event(engine, event, viewer)
    hidden = event["event"] in ("choice", "forced") and event.get("kind") == "lay_card"
    if hidden and event.get("seat") != viewer:
        return {k: v for k, v in event.items() if k != "options"}
    return event


def cards_in(state: dict) -> list[str]:
    """The cards lying in the queues (for the count of every card's copies)."""
    return [
        entry["card"]
        for queue in state.get("queues", {}).values()
        for places in queue["slots"]
        for entry in places
        if entry is not None
    ]


def invariants(engine: Engine) -> list[str]:
    """Each card in a place of a layer of its deck; a cursor only while resolving (and
    within the queue), skips counted only then."""
    out = []
    for name, queue in engine.state.get("queues", {}).items():
        spec = engine.data.queues[name]
        if len(queue["slots"]) != spec.slots:
            out.append(f"queue {name} has {len(queue['slots'])} slots, not {spec.slots}")
        for slot, places in enumerate(queue["slots"]):
            for layer, entry in zip(spec.layers, places):
                deck = engine.data.layers[layer].deck
                if entry is not None and engine.data.cards[entry["card"]].deck != deck:
                    out.append(f"queue {name} slot {slot + 1} {layer} holds {entry['card']}")
        cursor = queue["cursor"]
        if cursor is not None and not (
            0 <= cursor[0] < spec.slots and 0 <= cursor[1] < len(spec.layers)
        ):
            out.append(f"queue {name} has its cursor outside: {cursor}")
        skips = queue["skips"].values()
        if any(n < 0 for n in skips) or (cursor is None and any(skips)):
            out.append(f"queue {name} has skips {queue['skips']} with cursor {cursor}")
    return out


def narrate(event: dict, who: str, text: TextRenderer) -> str | None:
    """A line of the log for an event of a queue; None for any other event."""
    kind = event["event"]
    if kind == "fill_layer":
        layer = text.word(event["layer"])
        if not event["cards"]:
            return text.fill(FILLS_NOTHING, {"layer": layer})
        cards = text.join([_slot_card(text, slot, card) for slot, card in event["cards"]])
        return text.fill(FILLS, {"layer": layer, "cards": cards})
    if kind == "slot_taken":
        return text.fill(UNUSED, {"card": text.word(event["card"]), "slot": event["slot"] + 1})
    if kind == "lay_card":
        values = {
            "who": who,
            "card": text.word(event["card"]),
            "slot": event["slot"] + 1,
            "layer": text.word(event["layer"]),
        }
        return text.fill(LAYS, values)
    if kind in ("resolve_queue", "clear_queue"):
        template = RESOLVES if kind == "resolve_queue" else CLEARS
        return text.fill(template, {"queue": text.word(event["queue"])})
    if kind in ("resolve_card", "skip_card"):
        values = {
            "slot": event["slot"] + 1,
            "layer": text.word(event["layer"]),
            "card": text.word(event["card"]),
        }
        return text.fill(AT_CARD if kind == "resolve_card" else SKIPPED, values)
    if kind == "skip":
        amount = event["amount"]
        values = {"amount": amount, "layer": text.word(event["layer"])}
        return text.fill(SKIPS, values, n=amount)
    if kind == "instead":
        values = {"who": who, "card": text.word(event["card"]), "effect": event["effect"]}
        return text.fill(INSTEAD, values)
    return None


def _slot_card(text: TextRenderer, slot: int, card: str) -> str:
    return text.fill(SLOT_CARD, {"slot": slot + 1, "card": text.word(card)})


def rows(engine: Engine) -> list[tuple[str, str]]:
    """Each layer of each queue as a line of text (its cards slot by slot, "-" for a free
    slot), and the cursor while a queue is resolved: (key, line) pairs for a table."""
    text, out = engine.data.text, []
    for name, queue in engine.state.get("queues", {}).items():
        spec = engine.data.queues[name]
        for index, layer in enumerate(spec.layers):
            shown = []
            for slot, places in enumerate(queue["slots"]):
                entry = places[index]
                card = "-" if entry is None else text.word(entry["card"])
                if entry is not None and entry["down"]:
                    card = text.fill(FACE_DOWN, {"card": card})
                shown.append(text.fill(SLOT_CARD, {"slot": slot + 1, "card": card}))
            values = {
                "queue": text.word(name),
                "layer": text.word(layer),
                "cards": "; ".join(shown),
            }
            out.append((f"queue:{name}:{layer}", text.fill(ROW, values)))
        cursor = queue["cursor"]
        if cursor is not None:
            values = {
                "queue": text.word(name),
                "slot": cursor[0] + 1,
                "layer": text.word(spec.layers[cursor[1]]),
            }
            out.append((f"queue:{name}:cursor", text.fill(CURSOR, values)))
    return out
