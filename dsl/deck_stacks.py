"""The checks of how a deck is made up at set-up (dsl/decks.py): built from its cards'
tiers (`stack`, `bottom`), so that every build the rules describe can be made with every
player count of the game (each tier stacked has cards, no tier is asked for more cards
than it has, the bottom card is a card or a tier of the deck, every card of the deck can
end up in it); and with cards set aside (`aside`), which something must shuffle in."""

from __future__ import annotations

from .diagnostics import Diagnostic
from .i18n import N_

TIER_EMPTY = N_("the deck '{deck}' stacks the tier '{tier}', but none of its cards is of that tier")
TIER_SHORT = N_(
    "the deck '{deck}' takes {amount} cards of the tier '{tier}' with {players} players, "
    "but the tier has {cards}"
)
BOTTOM_UNKNOWN = N_(
    "the bottom of the deck '{deck}' is '{card}': neither one of its cards nor a tier"
)
NEVER_IN = N_("the card '{card}' is in no tier that the deck '{deck}' stacks: it is never used")
TIER_UNUSED = N_("the card '{card}' has a tier, but its deck '{deck}' is not built from tiers")
PER_SEAT = N_("the deck '{deck}' is per seat: it cannot be built from tiers")
ASIDE_PER_SEAT = N_("the card '{card}' is set aside, but its deck '{deck}' is per seat")
VARIANT_PER_SEAT = N_("the card '{card}' belongs to a variant, but its deck '{deck}' is per seat")
ASIDE_UNUSED = N_("the card '{card}' is set aside, but nothing shuffles it in: add 'shuffle_in'")
NOTHING_ASIDE = N_("'shuffle_in' of the deck '{deck}', which has no card set aside ('aside')")


def checks(by_kind: dict, shuffled_in: list) -> list[Diagnostic]:
    """The problems of every deck's make-up; `shuffled_in`: the `shuffle_in` calls."""
    game = next(iter(by_kind.get("game", [])), None)
    players = game.value("players") if game is not None else None
    counts = range(players[0], players[1] + 1) if isinstance(players, tuple) else range(1, 2)
    out: list[Diagnostic] = []
    for deck in by_kind.get("deck", []):
        lines = deck.fields.get("stack", [])
        bottom = deck.value("bottom")
        cards = [c for c in by_kind.get("card", []) if c.value("deck") == deck.id]
        if deck.id is not None and not lines and bottom is None:
            out += [
                Diagnostic.of("E308", c.item.span, TIER_UNUSED, card=c.id, deck=deck.id)
                for c in cards
                if c.value("tier") is not None
            ]
        if deck.id is None or (not lines and bottom is None):
            continue
        cards = [c for c in cards if c.first("aside") is None]
        out += _deck(deck, lines, bottom, cards, counts)
    return out + _aside(by_kind, shuffled_in)


def _aside(by_kind: dict, shuffled_in: list) -> list[Diagnostic]:
    """Cards set aside need a shared deck and a `shuffle_in` of it; a `shuffle_in` needs
    cards set aside."""
    per_seat = {d.id for d in by_kind.get("deck", []) if d.first("per_seat") is not None}
    aside = [c for c in by_kind.get("card", []) if c.first("aside") is not None]
    into = {call.values[1] for call in shuffled_in if len(call.values) > 1}
    out = []
    for card in aside:
        deck = card.value("deck")
        if deck in per_seat:
            out.append(
                Diagnostic.of("E308", card.item.span, ASIDE_PER_SEAT, card=card.id, deck=deck)
            )
        elif deck not in into:
            out.append(Diagnostic.of("E308", card.item.span, ASIDE_UNUSED, card=card.id, deck=deck))
    out += [
        Diagnostic.of(
            "E308", card.item.span, VARIANT_PER_SEAT, card=card.id, deck=card.value("deck")
        )
        for card in by_kind.get("card", [])
        if card.value("variant") is not None and card.value("deck") in per_seat
    ]
    having = {card.value("deck") for card in aside}
    out += [
        Diagnostic.of("E308", call.span, NOTHING_ASIDE, deck=call.values[1])
        for call in shuffled_in
        if len(call.values) > 1 and call.values[1] not in having
    ]
    return out


def _deck(deck, lines, bottom, cards, counts) -> list[Diagnostic]:
    """The problems of one deck built from tiers."""
    span, name = deck.item.span, deck.id
    if deck.first("per_seat") is not None:
        return [Diagnostic.of("E308", span, PER_SEAT, deck=name)]
    tiers: dict[str, int] = {}
    for card in cards:
        tier = card.value("tier")
        if tier is not None:
            tiers[tier] = tiers.get(tier, 0) + card.copies
    ids = {card.id for card in cards}
    out = []
    if bottom is not None and bottom not in ids and bottom not in tiers:
        out.append(Diagnostic.of("E308", span, BOTTOM_UNKNOWN, deck=name, card=bottom))
    stacked = {use.args.get("tier") for use in lines}
    for tier in sorted(t for t in stacked if t is not None and t not in tiers):
        out.append(Diagnostic.of("E308", span, TIER_EMPTY, deck=name, tier=tier))
    for tier, cards_in in tiers.items():
        for players in counts:
            taken = (bottom == tier) + sum(
                use.args.get("amount") or 0
                for use in lines
                if use.args.get("tier") == tier and _applies(use, players)
            )
            if taken > cards_in:
                values = {"amount": taken, "players": players, "cards": cards_in}
                out.append(Diagnostic.of("E308", span, TIER_SHORT, deck=name, tier=tier, **values))
                break
    if lines:
        for card in cards:
            tier = card.value("tier")
            if tier not in stacked and bottom not in (tier, card.id):
                out.append(Diagnostic.of("E308", card.item.span, NEVER_IN, card=card.id, deck=name))
    return out


def _applies(use, players: int) -> bool:
    """Whether a `stack` line is used with this many players (always, without counts)."""
    counts = use.args.get("counts")
    return counts is None or counts[0] <= players <= counts[1]
