"""Black Angel's forms in scenario files: a player's `dice` (also the neutral player's),
cards and ships `at` a hex, where a replaced card or tile goes home, where one taken
out of play goes, and the solo game's `[hal]` table (see docs/scenarios.md)."""

from __future__ import annotations

from ..game import ScenarioForms
from ..piles import places
from ..scenario import ScenarioError, get_path, known_ids_hint, seat, unknown_keys
from .layout import HAL, NEUTRAL
from .tables import BlackAngelProgram


def set_dice(
    data: BlackAngelProgram, state: dict, who: int | str, specs, where: str, pushed_out="home"
) -> None:
    """Replace a player's compartment (the neutral player's in the 2-player game, Hal's alone):
    specs like "orange 3", "gray 0 reserved" (dice are no cards: `pushed_out` has nothing
    to move)."""
    if not isinstance(specs, list):
        raise ScenarioError(f'{where}: dice must be a list like ["orange 3", "gray 0"]')
    if who == NEUTRAL and state["neutral"] is None:
        raise ScenarioError(
            f"{where}: there is no neutral player with {len(state['players'])} players "
            "(only in the 2-player game)"
        )
    for die in state["dice"]:
        if die["owner"] == who:
            die["owner"], die["reserved"] = None, False
    for spec in specs:
        words = str(spec).split()
        if len(words) < 2 or words[0] not in data.colors or not words[1].isdigit():
            raise ScenarioError(
                f"{where}: die '{spec}' is not 'COLOUR VALUE [reserved]' "
                f"(colours: {', '.join(data.colors)})"
            )
        value = int(words[1])
        if value not in data.die_faces:
            raise ScenarioError(f"{where}: a die has no face {value} (faces {data.die_faces})")
        extra = set(words[2:]) - {"reserved"}
        if extra:
            raise ScenarioError(f"{where}: die '{spec}': unknown word {sorted(extra)[0]!r}")
        if who == NEUTRAL and "reserved" in words[2:]:
            raise ScenarioError(f"{where}: the neutral player never reserves a die ('{spec}')")
        free = [d for d in state["dice"] if d["owner"] is None and d["color"] == words[0]]
        free.sort(key=lambda d: d["damaged"])
        if not free:
            raise ScenarioError(f"{where}: no {words[0]} die left in the supply for '{spec}'")
        die = free[0]
        die.update(owner=who, value=value, reserved="reserved" in words[2:], damaged=False)


def place_in_space(
    data: BlackAngelProgram, state: dict, entry: dict, players: int, where: str
) -> None:
    """`at` a hex: a mission card (with its owner's robot) and/or ships, robots from the supply."""
    unknown_keys(entry, {"at", "mission", "owner", "ships", "note"}, where)
    at = entry["at"]
    sp = state["space"]
    strip, _, pos = str(at).partition("/")
    size = data.numbers["space.hexes_per_strip"]
    if strip not in sp["order"] or not pos.isdigit() or not 1 <= int(pos) <= size:
        raise ScenarioError(
            f"{where}: '{at}' is not a hex; write STRIP/POSITION with a strip of "
            f"{', '.join(sp['order'])} and a position 1..{size}"
        )
    if "mission" in entry:
        mission = entry["mission"]
        if mission not in data.missions:
            raise ScenarioError(
                f"{where}: no mission card '{mission}'{known_ids_hint(data, str(mission))}"
            )
        if "owner" not in entry:
            raise ScenarioError(f"{where}: a mission in space needs an 'owner'")
        owner = seat(players, entry["owner"], where)
        if at in sp["cards"]:
            raise ScenarioError(f"{where}: there is already a card at {at}")
        for path, _, value, pile in list(places(state, data.game.piles)):
            if value == mission and pile.field is None:
                get_path(state, path[:-1]).pop(path[-1])
                break
        else:
            raise ScenarioError(f"{where}: '{mission}' is already in space")
        sp["cards"][at] = {"mission": mission, "owner": owner, "robot": owner}
        _robot_from_supply(state, owner, where)
    elif "owner" in entry:
        raise ScenarioError(f"{where}: 'owner' only goes with 'mission'")
    ships = entry.get("ships", [])
    if not isinstance(ships, list):
        raise ScenarioError(f"{where}: ships must be a list of players, e.g. [1, 2]")
    seats = [seat(players, s, where) for s in ships]
    limit = data.numbers["space.ships_per_hex"]
    if len(seats) != len(set(seats)) or len(seats) + len(sp["ships"].get(at, [])) > limit:
        raise ScenarioError(f"{where}: a hex holds at most {limit} ships, of different players")
    for who in seats:
        sp["ships"].setdefault(at, []).append(who)
        _robot_from_supply(state, who, where)


def _robot_from_supply(state: dict, who: int, where: str) -> None:
    p = state["players"][who]
    if p["supply_robots"] <= 0:
        raise ScenarioError(f"{where}: player {who + 1} has no robot left in the supply")
    p["supply_robots"] -= 1


HAL_KEYS = ("vp", "dice", "next_cards")


def set_hal(data: BlackAngelProgram, state: dict, table: dict, where: str) -> None:
    """`[hal]` in a solo game: his `vp`, his `dice` (like a player's, never reserved), and
    `next_cards`, the cards he reveals next, in that order (taken from his deck or
    discards; the rest of his deck follows)."""
    hal = state.get("hal")
    if hal is None:
        raise ScenarioError(f"{where}: Hal plays only in the solo game (players = 1)")
    unknown = sorted(set(table) - set(HAL_KEYS))
    if unknown:
        raise ScenarioError(f"{where}: unknown key '{unknown[0]}'; keys: {', '.join(HAL_KEYS)}")
    if "vp" in table:
        if not isinstance(table["vp"], int) or isinstance(table["vp"], bool):
            raise ScenarioError(f"{where}: vp must be a whole number")
        hal["vp"] = table["vp"]
    if "dice" in table:
        if any("reserved" in str(spec).split() for spec in table["dice"] or []):
            raise ScenarioError(f"{where}: Hal never reserves a die")
        set_dice(data, state, HAL, table["dice"], where)
    cards = table.get("next_cards", [])
    if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
        raise ScenarioError(f'{where}: next_cards must be a list of his cards, e.g. ["h03"]')
    for card in cards:
        if card not in data.hal_cards:
            hint = known_ids_hint(data, card)
            raise ScenarioError(f"{where}: no card '{card}' of Hal's{hint}")
        pile = next((p for p in (hal["deck"], hal["discard"]) if card in p), None)
        if pile is None:
            raise ScenarioError(f"{where}: '{card}' is not in Hal's deck or discards")
        pile.remove(card)
    hal["deck"].extend(reversed(cards))


def home(data: BlackAngelProgram, state: dict, item: str) -> None:
    """A card or tile no longer anywhere goes to the bottom of its deck or stack."""
    if item in data.hal_cards:
        if state.get("hal") is not None:
            state["hal"]["deck"].insert(0, item)
        else:
            state["hal_cards_in_box"].append(item)
    elif item in data.missions:
        state["mission_deck"][data.missions[item].color].insert(0, item)
    elif item in data.ravagers:
        state["ravager_deck"].insert(0, item)
    elif item in data.tiles:
        tile = data.tiles[item]
        if tile.kind == "tech":
            state["stacks"][tile.color].insert(0, item)
        elif tile.kind == "advanced":
            state["advanced_deck"].insert(0, item)
        else:
            state["tiles_in_box"].append(item)


def remove(data: BlackAngelProgram, state: dict, item: str) -> None:
    """A card or tile taken out of play goes to the pile of removed things of its kind."""
    if item in data.missions:
        state["removed"]["missions"].append(item)
    elif item in data.ravagers:
        state["removed"]["ravagers"].append(item)
    else:
        state["removed"]["tiles"].append(item)


SCENARIO_FORMS = ScenarioForms(
    open_maps=("space.cards", "space.ships", "actions.*.held", "sides"),
    player_keys={"dice": set_dice},
    place_at=place_in_space,
    home=home,
    remove=remove,
    player_names=(NEUTRAL,),
    tables={"hal": set_hal},
)
