"""Helpers of the tests that no view shows another seat's face-down card (the cards
played beside a board): which ids a viewer must not see, and the same position with
those cards swapped for others of the same kind and colour (which no view may notice);
and, for a game written in the language, a card put in a seat's hand and the top cards
of a deck swapped for others (which only a seat that looked at them may notice)."""

from __future__ import annotations

import re


def hidden_ids(state: dict, viewer: int | None) -> set[str]:
    """The ids of the cards played face down by every seat but `viewer`."""
    return {
        card[1]
        for seat, player in enumerate(state["players"])
        if seat != viewer
        for card in player["slots"]
        if card is not None
    }


def shown_ids(text: str, ids: set[str]) -> set[str]:
    """The ids of `ids` that `text` names (as whole words)."""
    return {card for card in ids if re.search(rf"\b{re.escape(card)}\b", text)}


def swap_hidden(data, state: dict, viewer: int | None) -> int:
    """Put in each face-down card of the other seats another card of its kind and colour
    (in place); returns how many were swapped."""
    swapped = 0
    for seat, player in enumerate(state["players"]):
        if seat == viewer:
            continue
        for card in player["slots"]:
            if card is None:
                continue
            if card[0] == "mission":
                colour = data.missions[card[1]].color
                same = sorted(m for m in data.missions if data.missions[m].color == colour)
            else:
                same = sorted(data.ravagers)
            card[1] = next(c for c in same if c != card[1])
            swapped += 1
    return swapped


def give(state: dict, seat: int, card: str, kinds: dict) -> None:
    """Put a card in a seat's hand (in place), from wherever it lies in a deck, a discard
    pile or another hand; the seat's card of the same deck goes where it came from."""
    cards = state["cards"]
    hand = cards["hands"][seat]
    if card in hand:
        return
    deck = kinds[card].deck
    piles = [cards["decks"][deck], cards["discards"][deck], *cards["hands"]]
    source = next(pile for pile in piles if card in pile)
    mine = [c for c in hand if kinds[c].deck == deck]
    if mine:
        source[source.index(card)] = mine[0]
        hand.remove(mine[0])
    else:
        source.remove(card)
    hand.append(card)


def swap_top(state: dict, deck: str, count: int) -> None:
    """Exchange each of the top `count` cards of a shared deck for a different card from
    further down (in place)."""
    pile = state["cards"]["decks"][deck]
    for i in range(1, count + 1):
        j = next(j for j in range(len(pile) - count) if pile[j] != pile[-i])
        pile[j], pile[-i] = pile[-i], pile[j]
