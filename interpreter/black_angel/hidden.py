"""What a player cannot see, dealt again for a bot's search (determinization).

A bot that looks ahead on a copy of the game must not read the order of face-down
decks or the other players' hands: on its copy, `determinize` puts every hidden card
and tile back in a random place that the bot's own generator chooses, keeping what the
player does know (how many cards each pile holds, the colour of the mission cards in
each hand: they are drawn from the deck of their colour). The engine then re-seeds
the copy's generator from the bot's (Engine.determinize), so future rolls are guesses
too.

Hidden from `seat`: the mission decks, the ravager deck and the ravagers left in the
box at set-up, the technology stacks, the advanced deck, the other players' mission
and ravager hands, and in the solo game the order of Hal's face-down deck. Each pool
is sorted before it is shuffled, so the result depends on what is hidden, never on
the order it was in.
"""

from __future__ import annotations

from ..rng import Rng
from .tables import Engine


def determinize(engine: Engine, seat: int, rng: Rng) -> None:
    state = engine.state
    data = engine.data
    others = [p for i, p in enumerate(state["players"]) if i != seat]
    # missions: per colour, the deck and the other players' cards of that colour
    for colour in data.colors:
        deck = state["mission_deck"][colour]
        held = [[m for m in p["hand"] if data.missions[m].color == colour] for p in others]
        pool = sorted(deck + [m for cards in held for m in cards])
        rng.shuffle(pool)
        for player, cards in zip(others, held):
            if cards:
                dealt = [pool.pop() for _ in cards]
                kept = [m for m in player["hand"] if data.missions[m].color != colour]
                player["hand"][:] = sorted(kept + dealt)
        deck[:] = pool
    # ravagers: the deck, the box and the other players' hands
    box = state["ravagers_in_box"]
    pool = sorted(state["ravager_deck"] + box + [r for p in others for r in p["ravagers"]])
    rng.shuffle(pool)
    for player in others:
        player["ravagers"][:] = sorted(pool.pop() for _ in player["ravagers"])
    box[:] = sorted(pool.pop() for _ in range(len(box)))
    state["ravager_deck"][:] = pool
    # face-down tiles
    for stack in [*state["stacks"].values(), state["advanced_deck"]]:
        stack.sort()
        rng.shuffle(stack)
    hal = state.get("hal")
    if hal is not None:
        hal["deck"].sort()
        rng.shuffle(hal["deck"])
