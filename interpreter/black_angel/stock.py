"""What a player holds of a stock item, and paying with it: ships, resources and debris
wait in storage, robots in the break room; a robot paid goes back to the player's supply.
Both taking items (items.py) and reserving a die for a price (dice.py) pay this way."""

from __future__ import annotations


def stock(player: dict, item: str) -> int:
    """How many of an item a player can spend."""
    return player["break_room"] if item == "robot" else player["storage"][item]


def pay(player: dict, amount: int, item: str) -> None:
    """Spend items the player holds (the caller checked `stock`)."""
    if item == "robot":
        player["break_room"] -= amount
        player["supply_robots"] += amount
    else:
        player["storage"][item] -= amount
