"""The words of a resolution queue, for a game written only in the language (the engine's
own procedure reads them; interpreter/queues.py implements them).

A `queue` is a row of slots (columns) in which cards wait to be carried out, each slot
holding one card of each of the queue's `layer`s. A layer takes its cards from a deck:
turned up from the top of that deck into every free slot (`fill_layer`), or laid from a hand
into a slot the seat picks (`lay`). `resolve` then runs the queue slot by slot, in each
slot the layers in the order the queue lists them, a cursor marking where it is; a card's
`play` effect may `skip` the next cards of a layer, and a layer may offer an alternative
(`instead`): the card turned face down and that effect carried out in place of its own.
Then the queue is cleared, every card to its deck's discard pile.

A seat may also `arrange` a layer: lay the cards of its deck that lie face up in front of
the seats (laid face down with `commit`, turned up with `reveal_committed`) into the
layer's free slots, slot by slot, choosing which card goes where. A card may print the
slot it goes into (`slot N`), which `fill_layer` follows.
"""

from __future__ import annotations

from collections.abc import Iterator

from .ast import Call, Effect, walk_calls
from .diagnostics import Diagnostic
from .i18n import N_
from .meta import COUNT, STRING, Primitive, keyword, kind, param, ref

# a card's keyword: the slot it is turned up into (dsl/procedure.py adds it to `card`)
CARD_FIELDS = (
    keyword(
        "slot",
        "The slot of its queue the card goes into when 'fill_layer' turns it up (1 is the "
        "first); if that slot is taken, the card is discarded unused.",
        param("slot", COUNT, lo=1),
        example="slot 3",
    ),
)

LAYER = ref("layer", "layer")
QUEUE = ref("queue", "queue")

KINDS = (
    kind(
        "layer",
        "A row of a queue: one card in each slot, taken from its deck; what a seat may do "
        "in place of such a card's effect.",
        keyword(
            "noun",
            "Singular and plural name of the row in text.",
            param("one", STRING),
            param("many", STRING),
            required=True,
        ),
        keyword(
            "deck",
            "The deck its cards come from and go back to (its discard pile).",
            param("deck", ref("deck", "deck")),
            required=True,
        ),
        keyword(
            "instead",
            "What the seat may do in place of the effect of this row's card, which is "
            "then turned face down (without it, every card's effect is carried out).",
            effect=True,
            frames={None: N_("Instead of the card's effect: {effect}")},
        ),
        example=(
            'layer orders {\n  noun "order row" "order rows"\n  deck orders\n'
            "  instead: gain 1 calm\n}"
        ),
    ),
    kind(
        "queue",
        "Slots in a row, each holding a card of each of its layers, carried out in a fixed "
        "order: slot by slot from the first, in a slot the layers in the order listed.",
        keyword(
            "noun",
            "Singular and plural name in text.",
            param("one", STRING),
            param("many", STRING),
            required=True,
        ),
        keyword(
            "slots", "How many slots (columns) it has.", param("slots", COUNT, lo=1), required=True
        ),
        keyword(
            "layers",
            "Its layers (rows), in the order a slot's cards are carried out.",
            param("layer", ref("layer", "layer"), repeat=True),
            required=True,
        ),
        example='queue line {\n  noun "line" "lines"\n  slots 4\n  layers orders hazards\n}',
    ),
)

PRIMITIVES = (
    Primitive(
        "fill_layer",
        "Turn up the top card of the layer's deck into each free slot of the layer, from "
        "the first slot (face up; as many as the deck has); with an amount, only that many "
        "cards (a card that prints its slot goes there).",
        (param("layer", LAYER), param("amount", COUNT, lo=1, optional=True)),
        N_("turn up cards into the free slots of the {layer}"),
        can_fail=False,
        example="fill_layer hazards",
        flagged=N_("turn up {amount} {amount:card} into the free slots of the {layer}"),
    ),
    Primitive(
        "lay",
        "Choose a card of the layer's deck in the seat's hand and lay it face up into a "
        "free slot of the layer, chosen by the seat.",
        (param("layer", LAYER),),
        N_("lay a card into the {layer}"),
        example="lay orders",
    ),
    Primitive(
        "arrange",
        "Lay the cards of the layer's deck that lie face up in front of any seat (laid face "
        "down, then turned up) into the layer's free slots, slot by slot from the first: "
        "this seat chooses which card goes into each, until no card or no slot is left. "
        "They are carried out for the seat that resolves the queue; not possible without "
        "such a card.",
        (param("layer", LAYER),),
        N_("arrange the cards lying face up into the {layer}"),
        example="arrange orders",
    ),
    Primitive(
        "resolve",
        "Carry out the queue's cards in its order (a laid card for the seat that laid it, "
        "the others for this seat), then clear it: its cards to their discard piles.",
        (param("queue", QUEUE),),
        N_("resolve the {queue}"),
        can_fail=False,
        example="resolve line",
    ),
    Primitive(
        "skip",
        "In a card's effect while its queue is resolved: the next cards of the layer, "
        "this many, are passed over without their effect.",
        (param("amount", COUNT, lo=1), param("layer", LAYER)),
        N_("skip the next {amount} {amount:card} of the {layer}"),
        worded=(("amount", 1, N_("skip the next card of the {layer}")),),
        example="skip 1 hazards",
    ),
)


def checks(by_kind: dict) -> list[Diagnostic]:
    """A layer in exactly one queue, at most once; `skip` only in the effect of a card of
    that queue; every card a layer can hold has a `play` effect (resolving the queue
    carries it out); no `resolve` in the effect of a card a queue holds (it would run inside
    itself); `arrange` only of a layer whose deck is laid face down; a printed `slot`
    within its queues; a layer nothing fills and a queue nothing resolves are never used."""
    out: list[Diagnostic] = []
    owner: dict[str, str] = {}
    for queue in by_kind.get("queue", []):
        listed = queue.value("layers", default=[]) or []
        for layer in listed:
            if layer in owner:
                out.append(
                    Diagnostic.of(
                        "E310",
                        queue.item.span,
                        N_("the layer '{layer}' is listed twice: in '{first}' and '{queue}'"),
                        layer=layer,
                        first=owner[layer],
                        queue=queue.id,
                    )
                )
            owner.setdefault(layer, queue.id)
    layers = {d.id: d for d in by_kind.get("layer", []) if d.id is not None}
    out += [
        Diagnostic.of(
            "E310",
            layer.item.span,
            N_("the layer '{layer}' belongs to no queue: list it in a queue's 'layers'"),
            layer=name,
        )
        for name, layer in layers.items()
        if name not in owner
    ]
    decks_of = {name: layer.value("deck") for name, layer in layers.items()}
    phases = {
        p.id: [use.effect for use in p.fields.get("step", [])] for p in by_kind.get("phase", [])
    }
    for card in by_kind.get("card", []):
        use = card.first("play")
        if use is None:
            out += _nothing_to_carry_out(card, decks_of)
            continue
        queues = {owner.get(name) for name, deck in decks_of.items() if deck == card.value("deck")}
        queues.discard(None)
        for call in walk_calls(use.effect):
            if call.name == "skip" and len(call.values) == 2:
                if owner.get(call.values[1]) not in queues:
                    out.append(_stray_skip(call))
        if queues and _resolves(use.effect, phases, set()):
            out.append(
                Diagnostic.of(
                    "E301",
                    card.item.span,
                    N_(
                        "the card '{card}' resolves a queue and can itself be in a queue: "
                        "that could go on forever"
                    ),
                    card=card.id,
                )
            )
    for decl, effect in _other_effects(by_kind):
        out += [_stray_skip(call) for call in walk_calls(effect) if call.name == "skip"]
        if decl.kind == "layer" and _resolves(effect, phases, set()):
            out.append(
                Diagnostic.of(
                    "E301",
                    decl.item.span,
                    N_(
                        "the layer '{layer}' resolves a queue in place of a card: that could "
                        "go on forever"
                    ),
                    layer=decl.id,
                )
            )
    called = [call for effect in _all_effects(by_kind) for call in walk_calls(effect)]
    out += _nothing_to_arrange(by_kind, called, decks_of) + _printed_slots(by_kind, owner)
    filled = {
        c.values[0] for c in called if c.name in ("fill_layer", "lay", "arrange") and c.values
    }
    resolved = {c.values[0] for c in called if c.name == "resolve" and c.values}
    lying = _lying_decks(by_kind, called)  # `resolve` lays such cards into empty slots
    filled |= {
        name for name, queue in owner.items() if queue in resolved and decks_of.get(name) in lying
    }
    out += [
        Diagnostic.of(
            "W401",
            layer.item.span,
            N_("the layer '{layer}' never gets a card: nothing fills it or lays into it"),
            layer=name,
        )
        for name, layer in layers.items()
        if name in owner and name not in filled
    ]
    out += [
        Diagnostic.of(
            "W401",
            queue.item.span,
            N_("the queue '{queue}' is never carried out: nothing resolves it"),
            queue=queue.id,
        )
        for queue in by_kind.get("queue", [])
        if queue.id is not None and queue.id not in resolved
    ]
    return out


def _nothing_to_carry_out(card, decks_of: dict[str, str]) -> list[Diagnostic]:
    """A card with no `play` effect in a layer's deck: turned up or laid into the queue,
    it would have nothing to carry out when the queue is resolved."""
    layers = sorted(name for name, deck in decks_of.items() if deck == card.value("deck"))
    if card.id is None or not layers or card.value("deck") is None:
        return []
    return [
        Diagnostic.of(
            "E320",
            card.item.span,
            N_(
                "the card '{card}' has no 'play' effect, but the layer '{layer}' takes the "
                "cards of its deck: resolving the queue would have nothing to carry out"
            ),
            N_("give it a 'play' effect, or put it in a deck no layer takes"),
            card=card.id,
            layer=layers[0],
        )
    ]


def _nothing_to_arrange(
    by_kind: dict, called: list[Call], decks_of: dict[str, str]
) -> list[Diagnostic]:
    """`arrange` takes the cards of a layer's deck lying face up in front of the seats: a
    deck whose cards are never laid face down (`commit`) nor stay there once played
    (`stays`) never has one there."""
    committed = _lying_decks(by_kind, called)
    return [
        Diagnostic.of(
            "E314",
            call.span,
            N_(
                "'arrange {layer}' has nothing to arrange: no card of '{deck}' is ever laid "
                "face down in front of a seat (commit {deck})"
            ),
            layer=call.values[0],
            deck=decks_of[call.values[0]],
        )
        for call in called
        if call.name == "arrange"
        and call.values
        and call.values[0] in decks_of
        and decks_of[call.values[0]] not in committed
    ]


def _lying_decks(by_kind: dict, called: list[Call]) -> set[str]:
    """The decks whose cards can lie face up in front of a seat: laid face down with
    `commit` (and turned up), or staying there once played (`stays`)."""
    committed = {c.values[0] for c in called if c.name == "commit" and c.values}
    return committed | {c.value("deck") for c in by_kind.get("card", []) if c.first("stays")}


def _printed_slots(by_kind: dict, owner: dict[str, str]) -> list[Diagnostic]:
    """A card's `slot N` is read by `fill_layer`: its deck must be turned up into a layer
    of a queue with at least N slots."""
    slots = {q.id: q.value("slots") for q in by_kind.get("queue", []) if q.id is not None}
    layers = {d.id: d.value("deck") for d in by_kind.get("layer", []) if d.id in owner}
    filled = revealed_decks(by_kind)
    out = []
    for card in by_kind.get("card", []):
        use, deck = card.first("slot"), card.value("deck")
        if use is None or not isinstance(use.args.get("slot"), int):
            continue
        most = max(
            (slots.get(owner[layer]) or 0 for layer, d in layers.items() if d == deck), default=0
        )
        if deck not in filled:
            message = N_(
                "the card '{card}' prints slot {slot}, but no 'fill_layer' turns up its deck "
                "'{deck}' into a queue: nothing reads it"
            )
        elif use.args["slot"] > most:
            message = N_(
                "the card '{card}' prints slot {slot}, but the queues its deck '{deck}' goes "
                "into have at most {most} slots"
            )
        else:
            continue
        out.append(
            Diagnostic.of(
                "E313",
                use.item.span,
                message,
                card=card.id,
                slot=use.args["slot"],
                deck=deck,
                most=most,
            )
        )
    return out


def revealed_decks(by_kind: dict) -> set[str]:
    """The decks whose cards `fill_layer` turns up into a queue (they reach play without a hand)."""
    decks_of = {d.id: d.value("deck") for d in by_kind.get("layer", [])}
    return {
        decks_of[call.values[0]]
        for effect in _all_effects(by_kind)
        for call in walk_calls(effect)
        if call.name == "fill_layer" and call.values and call.values[0] in decks_of
    }


def _stray_skip(call: Call) -> Diagnostic:
    return Diagnostic.of(
        "E114",
        call.span,
        N_(
            "'skip {layer}' acts only in the effect of a card of the queue that has the "
            "layer '{layer}', while that queue is resolved"
        ),
        layer=call.values[1] if len(call.values) == 2 else "?",
    )


def _other_effects(by_kind: dict) -> Iterator[tuple]:
    """Every effect of the rules but the cards' `play` effects, with its declaration."""
    for kind_name, decls in by_kind.items():
        for decl in decls:
            for key, uses in decl.fields.items():
                if kind_name == "card" and key == "play":
                    continue
                for use in uses:
                    if use.effect is not None:
                        yield decl, use.effect


def _all_effects(by_kind: dict) -> Iterator[Effect]:
    for decls in by_kind.values():
        for decl in decls:
            for uses in decl.fields.values():
                for use in uses:
                    if use.effect is not None:
                        yield use.effect


def _resolves(effect: Effect | None, phases: dict[str, list], seen: set[str]) -> bool:
    """Whether an effect resolves a queue, itself or in a phase it runs."""
    for call in walk_calls(effect):
        if call.name == "resolve":
            return True
        phase = call.values[0] if call.name == "run" and call.values else None
        if isinstance(phase, str) and phase in phases and phase not in seen:
            seen.add(phase)
            if any(_resolves(step, phases, seen) for step in phases[phase]):
                return True
    return False
