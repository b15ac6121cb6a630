"""A deck built at set-up from its cards' tiers (dsl/decks.py `stack`, `bottom`): the
bottom card first (a named card, or one drawn at random from a tier), then for each
`stack` line that applies to the player count, that many cards of a tier, each tier
shuffled alone the first time a line draws from it; the first line is the top of the
deck. Whatever no line takes is out of the game: in no pile anyone draws from, and
nobody knows which cards it holds. Every shuffle and draw uses the game's generator."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .rng import Rng

if TYPE_CHECKING:
    from .decks import Card, Deck


def built(deck: Deck) -> bool:
    """Whether the deck is built from tiers (else it is every card, shuffled)."""
    return bool(deck.stacks) or deck.bottom is not None


def build(deck: Deck, kinds: dict[str, Card], players: int, rng: Rng) -> tuple[list, list]:
    """The deck's pile (the top at the end) and the cards out of the game."""
    rest = list(deck.cards)
    bottom: list[str] = []
    if deck.bottom is not None:
        named = deck.bottom in kinds
        choices = [c for c in rest if (c == deck.bottom if named else kinds[c].tier == deck.bottom)]
        bottom = [choices[rng.below(len(choices))]]
        rest.remove(bottom[0])
    tiers: dict[str | None, list[str]] = {}
    for card in rest:
        tiers.setdefault(kinds[card].tier, []).append(card)
    if not deck.stacks:  # only a bottom: the rest of its tier is out, every other card in
        out = tiers.pop(deck.bottom, [])
        pile = [card for cards in tiers.values() for card in cards]
        rng.shuffle(pile)
        return bottom + pile, out
    shuffled: set[str | None] = set()
    layers = []
    for tier, amount, counts in deck.stacks:
        if counts is not None and not counts[0] <= players <= counts[1]:
            continue
        cards = tiers.get(tier, [])
        if tier not in shuffled:
            rng.shuffle(cards)
            shuffled.add(tier)
        layers.append([cards.pop() for _ in range(min(amount, len(cards)))])
    pile = bottom + [card for layer in reversed(layers) for card in layer]
    return pile, [card for cards in tiers.values() for card in cards]


def shuffle_alike(pool: list[str], kinds: dict[str, Card], rng: Rng, tiered: bool) -> None:
    """Shuffle the cards of each tier among the places that tier's cards hold (`tiered`:
    the deck is still in the order of its build), the cards set aside at set-up apart
    from the others: for a bot's look-ahead, which card of a tier lies where is unknown,
    where each tier lies is not until the deck is reshuffled; nor how many of the cards
    set aside have been shuffled in."""
    places: dict[tuple[bool, str], list[int]] = {}
    for i, card in enumerate(pool):
        tier = (kinds[card].tier or "") if tiered else ""
        places.setdefault((kinds[card].aside, tier), []).append(i)
    for group in sorted(places):
        cards = [pool[i] for i in places[group]]
        rng.shuffle(cards)
        for i, card in zip(places[group], cards):
            pool[i] = card
