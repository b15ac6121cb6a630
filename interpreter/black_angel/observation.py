"""What a seat may know of a Black Angel game: its observation, as text and as numbers.

An observation holds what the seat sees at the table and nothing it cannot see (the
same line as hidden.py draws for determinization): its own hand and ravager cards, and
the cards it played face down beside its board; the other players' hands as a count per
colour of mission (each is drawn from the deck of its colour) and a count of ravager
cards, and their cards played face down as their kind and colour (face_down.py); the
face-down decks and stacks as counts; everything face up (boards, grids, the display,
space, the dice, the discards, the actions under attack, Hal's record in the solo
game); the turn, the scores once the game is over, and the pending decision: who
decides what, and for the seat that decides, its options.

- `string(engine, seat)`: the observation as a compact JSON text (keys sorted); equal
  texts mean equal observations, so it serves as an information-state key. It is the
  same on every copy of the game that `determinize` deals for the seat.
- `tensor(engine, seat)`: the observation as a fixed-size list of floats, laid out as
  `fields(data)` says, field by field (docs/ai.md lists them). Its size depends on the
  rules (how many cards and tiles), never on the state or the number of players: seats
  are relative (slot 0 is the observer, slot 1 the next seat in turn order...) and
  missing seats, dice or hexes are zeros. Counts and scores are raw numbers.
- `bounds(data)`: the most options a decision offers and the most outcomes a random
  draw has, the sizes an OpenSpiel game declares.

Each of the three takes what to show, as OpenSpiel's observation types ask for it:
`private`, whose private information (their hands and face-down cards, and the options of
a decision they face): "own" the observer's (the default), "none" nobody's, "all" every seat's; and
`public` (default True), whether everything face up is shown. With private "none" the
observation is the same for every observer (seats are then absolute, from seat 0);
with public False it holds the private information only.
"""

from __future__ import annotations

import json
from typing import Any, NamedTuple

from .face_down import seen_slots
from .layout import HAL, NEUTRAL, STOCK
from .tables import BlackAngelProgram, Engine

MAX_SEATS = 4
# owners of a die or a card in space, relative to the observer: seats 0-3, then these
OWNERS = MAX_SEATS + 3  # + neutral, Hal, nobody (the supply)
SEQUENCES = ("a", "b", "pass")
# every kind of decision the game module asks (labels.py); another kind counts as "other"
KINDS = (
    "activate_again",
    "activate_order",
    "activate_target",
    "advanced_space",
    "as_color",
    "boost",
    "choose_die",
    "choose_effect",
    "choose_use",
    "debris",
    "destroy",
    "discard",
    "discover",
    "draw_colour",
    "early_flip",
    "flip",
    "free_activation",
    "hand_limit",
    "inject",
    "keep",
    "move",
    "move_ship",
    "optional",
    "place_card",
    "play_card",
    "repair",
    "reserve",
    "seat",
    "ship",
    "spend_tile",
    "workstation",
)
MAX_OPTIONS = 256  # the most options a decision may offer (an adapter's action space)
PRIVATE = ("none", "own", "all")  # whose private information an observation shows
PRIVATE_FIELDS = ("observer", "hand", "ravager_hand", "slot_cards", "others_hands", "options")


class Field(NamedTuple):
    name: str
    start: int
    size: int
    what: str


class _Universe:
    """The ordered lists of things of the rules (cards, tiles, strips), and their indexes."""

    def __init__(self, data: BlackAngelProgram):
        self.data = data
        self.missions = {m: i for i, m in enumerate(sorted(data.missions))}
        self.ravagers = {r: i for i, r in enumerate(sorted(data.ravagers))}
        self.tiles = {t: i for i, t in enumerate(sorted(data.tiles))}
        self.strips = {s: i for i, s in enumerate(sorted(data.strips))}
        self.hal_cards = {h: i for i, h in enumerate(sorted(data.hal_cards))}
        self.cards = {
            **self.missions,
            **{r: len(self.missions) + i for r, i in self.ravagers.items()},
        }
        self.kinds = {k: i for i, k in enumerate(KINDS)}
        self.dice = max(s.dice_per_color for s in data.setups.values()) * len(data.colors)
        self.hexes = data.numbers["space.hexes_per_strip"]


_UNIVERSES: dict[int, _Universe] = {}


def _universe(data: BlackAngelProgram) -> _Universe:
    universe = _UNIVERSES.get(id(data))
    if universe is None or universe.data is not data:
        universe = _UNIVERSES[id(data)] = _Universe(data)
    return universe


def bounds(data: BlackAngelProgram) -> tuple[int, int]:
    """(the most options of a decision, the most outcomes of one random draw): a draw is a
    die roll or a step of a shuffle, and no pile is longer than all the cards of a kind."""
    piles = (len(data.missions), len(data.ravagers), len(data.tiles), len(data.strips))
    return MAX_OPTIONS, max(*piles, len(data.hal_cards), len(data.die_faces), 2)


# ---- the observation as data ---------------------------------------------------------
def _relative(seat: Any, observer: int, players: int) -> int:
    """An owner as a slot: seats relative to the observer, then neutral, Hal, nobody."""
    if isinstance(seat, int):
        return (seat - observer) % players
    return {NEUTRAL: MAX_SEATS, HAL: MAX_SEATS + 1}.get(seat, MAX_SEATS + 2)


def _shown(private: str, seat: int, players: int) -> set[int]:
    """The seats whose private information an observation shows."""
    if private not in PRIVATE:
        raise ValueError(f"private must be one of {', '.join(PRIVATE)}, not {private!r}")
    return {"none": set(), "own": {seat}, "all": set(range(players))}[private]


def view(engine: Engine, seat: int, private: str = "own", public: bool = True) -> dict[str, Any]:
    """What `seat` may know, as plain data (the source of both forms); `private` and
    `public` as the module says."""
    state, data = engine.state, engine.data
    shown = _shown(private, seat, len(state["players"]))
    observer = None if private == "none" else seat
    pending = state["pending"]
    options = None
    if pending is not None and pending["player"] in shown:
        options = [o[0] for o in pending["options"]]
    if not public:
        hands = {
            str(n): {
                "hand": list(p["hand"]),
                "ravagers": list(p["ravagers"]),
                "slots": [None if c is None else list(c) for c in p["slots"]],
            }
            for n, p in enumerate(state["players"])
            if n in shown
        }
        return {"seat": observer, "hands": hands, "options": options}
    players = []
    for number, player in enumerate(state["players"]):
        seen = {k: v for k, v in player.items() if k not in ("hand", "ravagers")}
        if number in shown:
            seen["hand"] = list(player["hand"])
            seen["ravagers"] = list(player["ravagers"])
        else:
            seen["hand"] = {
                c: sum(data.missions[m].color == c for m in player["hand"]) for c in data.colors
            }
            seen["ravagers"] = len(player["ravagers"])
            seen["slots"] = seen_slots(data, player["slots"], number, None)
        players.append(seen)
    hal = state.get("hal")
    if hal is not None:
        hal = {k: (len(v) if k == "deck" else v) for k, v in hal.items()}
    decision = None
    if pending is not None:
        decision = {"player": pending["player"], "kind": pending["kind"]}
        if options is not None:
            decision["options"] = options
    return {
        "seat": observer,
        "players": players,
        "variants": state["variants"],
        "turn": state["turn"],
        "context": {k: state["context"].get(k) for k in ("sequence", "die", "die_color")},
        "dice": state["dice"],
        "actions": state["actions"],
        "display": state["display"],
        "sides": state["sides"],
        "advanced_slots": state["advanced_slots"],
        "decks": {
            "missions": {c: len(d) for c, d in state["mission_deck"].items()},
            "ravagers": len(state["ravager_deck"]),
            "ravagers_in_box": len(state["ravagers_in_box"]),
            "stacks": {c: len(s) for c, s in state["stacks"].items()},
            "advanced": len(state["advanced_deck"]),
        },
        "mission_discard": state["mission_discard"],
        "ravager_discard": state["ravager_discard"],
        "tile_discard": state["tile_discard"],
        "spent_tiles": state["spent_tiles"],
        "tiles_in_box": state["tiles_in_box"],
        "removed": state["removed"],
        "space": state["space"],
        "neutral": state["neutral"],
        "hal": hal,
        "scores": state["scores"],
        "winners": state["winners"],
        "decision": decision,
    }


def string(engine: Engine, seat: int, private: str = "own", public: bool = True) -> str:
    """The observation of `seat` as a compact JSON text (sorted keys)."""
    return json.dumps(view(engine, seat, private, public), sort_keys=True, separators=(",", ":"))


# ---- the observation as numbers --------------------------------------------------------
class _Tensor:
    def __init__(self) -> None:
        self.values: list[float] = []
        self.fields: list[Field] = []

    def add(self, name: str, what: str, values: list[float]) -> None:
        self.fields.append(Field(name, len(self.values), len(values), what))
        self.values.extend(values)


def _one_hot(index: int | None, size: int) -> list[float]:
    out = [0.0] * size
    if index is not None and 0 <= index < size:
        out[index] = 1.0
    return out


def _many_hot(ids: Any, index: dict[str, int]) -> list[float]:
    out = [0.0] * len(index)
    for item in ids:
        if item is not None:
            out[index[item]] += 1.0
    return out


def _build(engine: Engine, observer: int, private: str) -> _Tensor:
    """Every field, public and private, for `private` (module docstring); `select` keeps
    the ones an observation type shows. With private "none" seats are absolute."""
    state, data = engine.state, engine.data
    u = _universe(data)
    colors = data.colors
    n = len(state["players"])
    shown = _shown(private, observer, n)
    seat = observer if private != "none" else 0  # slot 0 of the relative seats
    out = _Tensor()
    pending = state["pending"]
    out.add("observer", "the observing seat, one-hot (4)", _one_hot(seat, MAX_SEATS))
    out.add("players", "the number of players, one-hot (1-4)", _one_hot(n - 1, MAX_SEATS))
    out.add(
        "to_move",
        "the seat that decides, relative to the observer (0: the observer), one-hot; "
        "all 0 when nobody decides",
        _one_hot(None if pending is None else (pending["player"] - seat) % n, MAX_SEATS),
    )
    turn = state["turn"]
    out.add(
        "game",
        "advanced rules, solo game (Hal), neutral player (2 players), final round, "
        "Spes reached, game over (each 0 or 1); round; turns played",
        [
            float("advanced" in state["variants"]),
            float(state.get("hal") is not None),
            float(state["neutral"] is not None),
            float(bool(turn["final_round"])),
            float(bool(turn["spes_reached"])),
            float(pending is None and not state["stack"]),
            float(turn["round"]),
            float(turn["turns"]),
        ],
    )
    out.add(
        "turn_seat",
        "whose turn it is, relative to the observer, then neutral, Hal; one-hot",
        _one_hot(_relative(turn["seat"], seat, n), OWNERS),
    )
    out.add(
        "sequence",
        "the sequence of the current turn (a, b, pass), one-hot",
        _one_hot(
            SEQUENCES.index(state["context"]["sequence"])
            if state["context"].get("sequence") in SEQUENCES
            else None,
            len(SEQUENCES),
        ),
    )
    me = state["players"][seat]
    out.add(
        "hand",
        "the observer's missions in hand, one per card (sorted ids)",
        _many_hot(me["hand"], u.missions),
    )
    out.add(
        "ravager_hand",
        "the observer's ravager cards in hand, one per card (sorted ids)",
        _many_hot(me["ravagers"], u.ravagers),
    )
    own: list[float] = []
    for card in me["slots"]:
        own += _one_hot(None if card is None else u.cards[card[1]], len(u.cards))
    out.add(
        "slot_cards",
        "the cards the observer played face down beside its grid: each slot, one-hot over "
        "missions then ravagers (sorted ids)",
        own,
    )
    if private == "all":
        others: list[float] = []
        for slot in range(1, MAX_SEATS):
            other = state["players"][(seat + slot) % n] if slot < n else None
            others += _many_hot(other["hand"] if other else [], u.missions)
            others += _many_hot(other["ravagers"] if other else [], u.ravagers)
        out.add(
            "others_hands",
            "with every seat's private information: the hands of the next seats (relative, "
            "1-3), missions then ravager cards, one per card",
            others,
        )
    cells = data.grid_size * data.grid_size
    for slot in range(MAX_SEATS):
        tag = f"seat{slot}."
        player = state["players"][(seat + slot) % n] if slot < n else None
        if player is None:
            for field in out.fields[-_PER_SEAT:]:
                out.add(tag + field.name.split(".", 1)[1], field.what, [0.0] * field.size)
            continue
        out.add(
            tag + "counts",
            "VP, ships, resources, debris in storage, robots in the break room, robots in "
            "the workstations by colour, robots in the supply, missions in hand by colour, "
            "ravager cards in hand, missions tucked by colour, player aid (turn position)",
            [
                float(player["vp"]),
                *(float(player["storage"][item]) for item in STOCK),
                float(player["break_room"]),
                *(float(player["workstations"][c]) for c in colors),
                float(player["supply_robots"]),
                *(float(sum(data.missions[m].color == c for m in player["hand"])) for c in colors),
                float(len(player["ravagers"])),
                *(float(len(player["tucked"][c])) for c in colors),
                float(player.get("aid") or 0),
            ],
        )
        grid: list[float] = []
        for tile in player["grid"]:
            grid += _one_hot(None if tile is None else u.tiles[tile], len(u.tiles))
        out.add(tag + "grid", "each grid cell (row-major): its tile, one-hot (sorted ids)", grid)
        out.add(
            tag + "grid_state",
            "each grid cell: debris on it; the tile shows its boost side (advanced rules)",
            [float(bool(d)) for d in player["debris_on"]]
            + [float(state["sides"].get(t) == "boost") for t in player["grid"]],
        )
        slots: list[float] = []
        for card in player["slots"]:
            slots += _one_hot(None if card is None else _face(data, card), len(colors) + 1)
        out.add(
            tag + "slots",
            "each card slot beside the grid: its face-down card as everyone sees it, one-hot "
            "over a mission of each colour, then a ravager card",
            slots,
        )
        out.add(
            tag + "ejected",
            "technology tiles ejected from the grid",
            _many_hot(player["ejected"], u.tiles),
        )
        out.add(
            tag + "advanced",
            "advanced tiles on the player's spaces and set aside",
            _many_hot(player["advanced_spaces"] + player["advanced_aside"], u.tiles),
        )
        assert len(grid) == cells * len(u.tiles)
    out.add("dice", *_dice(engine, seat, n, u))
    actions: list[float] = []
    for action in state["actions"]:
        actions += [float(action["damage"]), float(len(action["ravagers"]))]
        actions += _many_hot(action["ravagers"], u.ravagers)
    out.add(
        "actions",
        "each board action: damage cubes, ravagers attacking it, and which ravagers",
        actions,
    )
    display: list[float] = []
    for tile in state["display"]:
        display += _one_hot(None if tile is None else u.tiles[tile], len(u.tiles))
        display.append(float(tile is not None and state["sides"].get(tile) == "boost"))
    out.add("display", "each display space (first first): its tile, one-hot; boost side", display)
    advanced: list[float] = []
    for tile in state["advanced_slots"]:
        advanced += _one_hot(None if tile is None else u.tiles[tile], len(u.tiles))
    out.add("advanced_slots", "each advanced slot on the board: its tile, one-hot", advanced)
    hal = state.get("hal")
    out.add(
        "decks",
        "face-down cards, counted: mission decks by colour, ravager deck, ravagers in the "
        "box, technology stacks by colour, advanced deck, Hal's deck",
        [
            *(float(len(state["mission_deck"][c])) for c in colors),
            float(len(state["ravager_deck"])),
            float(len(state["ravagers_in_box"])),
            *(float(len(state["stacks"].get(c, []))) for c in colors),
            float(len(state["advanced_deck"])),
            float(len(hal["deck"]) if hal else 0),
        ],
    )
    out.add(
        "mission_discard",
        "discarded missions (all colours)",
        _many_hot([m for c in colors for m in state["mission_discard"][c]], u.missions),
    )
    out.add(
        "ravager_discard", "discarded ravagers", _many_hot(state["ravager_discard"], u.ravagers)
    )
    out.add(
        "tiles_out",
        "tiles out of the game: pushed out of the display, spent on missions, left in the box",
        _many_hot(state["tile_discard"] + state["spent_tiles"] + state["tiles_in_box"], u.tiles),
    )
    out.add("space", *_space(engine, seat, n, u))
    out.add("hal", *_hal(engine, u))
    neutral = state["neutral"]
    out.add(
        "neutral",
        "the neutral player's robots in the workstations by colour (2 players)",
        [float(neutral["workstations"][c]) if neutral else 0.0 for c in colors],
    )
    scores = state["scores"] or []
    winners = state["winners"] or []
    out.add(
        "scores",
        "at the end: each seat's final score (relative), then whether it won",
        [float(scores[(seat + s) % n]) if scores and s < n else 0.0 for s in range(MAX_SEATS)]
        + [float(s < n and (seat + s) % n in winners) for s in range(MAX_SEATS)],
    )
    kind = None if pending is None else u.kinds.get(pending["kind"], len(KINDS))
    out.add(
        "decision",
        "the kind of the pending decision, one-hot (the kinds of observation.KINDS, then other)",
        _one_hot(kind, len(KINDS) + 1),
    )
    seen = pending is not None and pending["player"] in shown
    out.add(
        "options",
        "the number of options of the pending decision, when the observer decides",
        [float(len(pending["options"])) if seen else 0.0],
    )
    return out


def _select(built: _Tensor, private: str, public: bool) -> _Tensor:
    """The fields an observation type shows: without private information none of
    PRIVATE_FIELDS; without public information only those."""
    if public and private != "none":
        return built
    out = _Tensor()
    for f in built.fields:
        is_private = f.name in PRIVATE_FIELDS
        if (is_private and private == "none") or (not is_private and not public):
            continue
        out.add(f.name, f.what, built.values[f.start : f.start + f.size])
    return out


_PER_SEAT = 6  # the fields added per seat above


def _face(data: BlackAngelProgram, card: list) -> int:
    """A card played face down as its public index: its mission colour, or ravager last."""
    kind, card_id = card
    if kind != "mission":
        return len(data.colors)
    return data.colors.index(data.missions[card_id].color)


def _dice(engine: Engine, seat: int, n: int, u: _Universe) -> tuple[str, list[float]]:
    faces = len(engine.data.die_faces)
    values: list[float] = []
    dice = engine.state["dice"]
    for index in range(u.dice):
        if index >= len(dice):
            values += [0.0] * (len(engine.data.colors) + 3 + OWNERS)
            continue
        die = dice[index]
        values += _one_hot(engine.data.colors.index(die["color"]), len(engine.data.colors))
        values += [float(die["value"]), float(bool(die["damaged"])), float(bool(die["reserved"]))]
        values += _one_hot(_relative(die["owner"], seat, n), OWNERS)
    what = (
        f"each die (up to {u.dice}): colour one-hot, value (0: not rolled; faces {faces}), "
        "damaged, reserved, owner one-hot (seats relative, neutral, Hal, the supply)"
    )
    return what, values


def _space(engine: Engine, seat: int, n: int, u: _Universe) -> tuple[str, list[float]]:
    space = engine.state["space"]
    strips = len(u.strips)
    values: list[float] = []
    for position in range(strips):
        strip = space["order"][position] if position < len(space["order"]) else None
        values += _one_hot(None if strip is None else u.strips[strip], strips)
        values += [
            float(strip is not None and space["face"].get(strip) == "b"),
            float(strip is not None and space["offset"].get(strip) == 1),
            float(strip is not None and strip == space["spes_token"]),
            float(strip is not None and strip == space["spes_tile"]),
            float(strip is not None and space["black_angel"][0] == strip),
        ]
        for pos in range(1, u.hexes + 1):
            key = f"{strip}/{pos}"
            card = space["cards"].get(key) if strip is not None else None
            ships = space["ships"].get(key, []) if strip is not None else []
            values += [
                float(strip is not None and space["black_angel"] == [strip, pos]),
                float(card is not None),
            ]
            values += _one_hot(
                None
                if card is None
                else engine.data.colors.index(engine.data.missions[card["mission"]].color),
                len(engine.data.colors),
            )
            values += _one_hot(
                None if card is None else _relative(card.get("owner"), seat, n), OWNERS
            )
            values.append(float(bool(card and card.get("robot"))))
            values += [
                float(sum(1 for s in ships if s == (seat + k) % n)) if k < n else 0.0
                for k in range(MAX_SEATS)
            ]
    what = (
        f"each strip of the line (up to {strips}, first first): which strip, one-hot; face b; "
        "offset; the Spes token; the Spes tile; the Black Angel on it; then each of its "
        f"{u.hexes} hexes: the Black Angel there, a mission card there, its colour one-hot, "
        "its owner one-hot, a robot on it, ships of each seat (relative)"
    )
    return what, values


def _hal(engine: Engine, u: _Universe) -> tuple[str, list[float]]:
    hal = engine.state.get("hal")
    size = 3 + len(engine.data.colors) + 2 * len(u.hal_cards) + len(SEQUENCES)
    what = (
        "Hal (solo game): VP, robots in his break room, tiles he took, robots in the "
        "workstations by colour, his revealed card one-hot, his discards, the player's "
        "last sequence (a, b, pass) one-hot; zeros without Hal"
    )
    if hal is None:
        return what, [0.0] * size
    values = [float(hal["vp"]), float(hal["break_room"]), float(len(hal["taken"]))]
    values += [float(hal["workstations"][c]) for c in engine.data.colors]
    values += _many_hot(hal["revealed"], u.hal_cards) + _many_hot(hal["discard"], u.hal_cards)
    values += _one_hot(SEQUENCES.index(hal["after"]) if hal["after"] in SEQUENCES else None, 3)
    return what, values


def tensor(engine: Engine, seat: int, private: str = "own", public: bool = True) -> list[float]:
    """The observation of `seat` as numbers, laid out as `fields` says."""
    return _select(_build(engine, seat, private), private, public).values


def fields(engine: Engine, private: str = "own", public: bool = True) -> list[Field]:
    """The layout of the tensor: each field's name, first index, size and meaning (the
    same for every state of the rules `engine` plays)."""
    return _select(_build(engine, 0, private), private, public).fields


def table_rows(layout: list[Field]) -> list[str]:
    """The layout as the rows of docs/ai.md's table (a test keeps the two equal)."""
    return [f"| `{f.name}` | {f.start} | {f.size} | {f.what} |" for f in layout]
