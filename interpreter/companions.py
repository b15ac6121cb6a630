"""Companion cards (dsl/companions.py `with`): at set-up, once every deck is built, the
copies of a card whose card to go with was left out of the game entirely follow it out
of the game (from their deck, or from beside it when set aside), and the cards that go
with them in turn. Which cards are out of the game stays hidden, as for the cards a
deck built from tiers leaves out (interpreter/deck_stacks.py); no generator is drawn
from, so a game without companions is dealt as before.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..dsl.compiler import RuleSet
    from .program import Program


def tables(ruleset: RuleSet) -> dict[str, str]:
    """Each card that goes with another: card -> the card it goes with."""
    return {
        decl.id: decl.value("with")
        for decl in ruleset.of_kind("card")
        if decl.id is not None and decl.value("with") is not None
    }


def leave_out(program: Program, cards: dict) -> None:
    """Move out of the game the companions of every card that is entirely out of it, until
    no more follow (the checker refuses circles)."""
    kinds = program.cards

    def places(card: str) -> tuple[list[str], list[str]]:
        deck = kinds[card].deck
        return cards["decks"][deck], cards["aside"][deck]

    while True:
        out = [card for pile in cards["out"].values() for card in pile]
        gone = sorted(
            card
            for card, other in program.companions.items()
            if out.count(other) == kinds[other].copies and any(card in p for p in places(card))
        )
        if not gone:
            return
        for card in gone:
            for place in places(card):
                while card in place:
                    place.remove(card)
                    cards["out"][kinds[card].deck].append(card)
