"""What a seat may know of a game, for the AI adapters (adapters/): the hook a game fills
with its own observation (`Game.observation`), and the generic one for a game that gives
none, derived from the state and the pending decision.

The generic observation holds what the engine's state shows of every game that keeps
one record of numbers per seat (a game of the engine's own procedure: one number per
track), nothing hidden: each seat's numbers, the seat to play, the round, the last roll
of dice, the scores once the game is over, and the pending decision (who decides what,
and the options' ids and labels for the seat that decides). Seats are relative to the
observer (slot 0 is the observer, slot 1 the next seat...), and missing seats are zeros,
so the tensor has one size for every player count.

Cards (interpreter/decks.py), when the rules declare decks: every deck's size (never its
order), the discard piles, every hand's size, and the cards of the hands the observation
shows as private information (the observer's own with "own", every seat's with "all");
when the rules put cards elsewhere (`Program.card_places`), also how many cards of each
deck are out of the game, the cards face up on the table and in front of each seat, how
many each seat laid face down, and which ones as private information, as a hand; when
the rules look at the top of decks (`Program.looks`), the cards there a seat knows, top
first, as private information too (the others only read, in the log, that it looked).

A grid (interpreter/zones.py), when the rules declare one, is public: each cell's card
and damage, each token's column and how many rows are closed.

Shared tracks (one number for the table) and, in a game of rounds of phases, the captain
(relative to the observer, as the seat to play is) are public too; so is a cooperative
game's outcome, in `rounds`.

Resolution queues (interpreter/queues.py), all public: the card in each place, which
ones are face down, the cursor and the skips to come.

The markers left on tracks with milestones (interpreter/milestones.py) and the limits
raised in play (interpreter/limits.py), public: the table's and each seat's.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from ..dsl import ast
from . import knowledge

if TYPE_CHECKING:
    from .engine import Engine, Option
    from .program import Program

MAX_OPTIONS = 256  # the most options a decision may offer (an adapter's action space)
PRIVATE = ("none", "own", "all")  # whose private information an observation shows


class Field(NamedTuple):
    name: str
    start: int
    size: int
    what: str


def action_string(option: Option) -> str:
    """An option as an action's text: its id and its label."""
    return f"{option.id}: {option.label}"


@dataclass(frozen=True)
class Observation:
    """A game's observation, as the adapters read it. `bounds(program)`: the most options
    of a decision and the most outcomes of one random draw; `fields(engine, private,
    public)`: the tensor's layout; `tensor` and `string(engine, seat, private, public)`:
    the observation of a seat as numbers and as a JSON text; `max_seats`: the most seats
    (None: the rules' largest player count); `action`: an option as an action's text."""

    bounds: Callable[[Any], tuple[int, int]]  # (the game's Program)
    fields: Callable[..., list]
    tensor: Callable[..., list[float]]
    string: Callable[..., str]
    max_seats: int | None = None
    action: Callable[[Option], str] = action_string


# ---- the generic observation --------------------------------------------------------
def bounds(data: Program) -> tuple[int, int]:
    """The most options (MAX_OPTIONS) and the most outcomes of one random draw: the most
    faces of a die the rules roll, or the size of a deck with its cards set aside (a
    shuffle's first draw)."""
    faces = [
        node.values[1]
        for node in data.nodes
        if isinstance(node, ast.Call) and node.name == "roll" and len(node.values) == 2
    ]
    sizes = [len(deck.cards) + len(deck.aside) for deck in data.decks.values()]
    return MAX_OPTIONS, max([2, *faces, *sizes])


def _numbers(record: dict) -> list[str]:
    return sorted(k for k, v in record.items() if isinstance(v, int) and not isinstance(v, bool))


def _shared(engine: Engine) -> list[str]:
    """The shared tracks, one number each for the table."""
    return sorted(engine.state.get("shared", {}))


def _seats(engine: Engine) -> int:
    return engine.data.player_range.stop - 1


def _check(private: str) -> None:
    if private not in PRIVATE:
        raise ValueError(f"private must be one of {', '.join(PRIVATE)}, not {private!r}")


def view(engine: Engine, seat: int, private: str = "own", public: bool = True) -> dict[str, Any]:
    """What `seat` sees, as plain data: nothing is hidden but the options of a decision
    another seat faces (private information, as OpenSpiel's observation types ask)."""
    _check(private)
    state = engine.state
    out: dict[str, Any] = {}
    if public:
        out["players"] = [{k: p[k] for k in _numbers(p)} for p in state["players"]]
        if "shared" in state:
            out["shared"] = dict(state["shared"])
        out["rounds"] = state.get("rounds")
        out["roll"] = state.get("roll")
        out["scores"] = state["scores"]
    if "cards" in state:
        out["cards"] = _cards(engine, seat, private, public)
    if public and "grid" in state:
        out["grid"] = grid_view(engine)
    if "queues" in state and public:
        out["queues"] = copy.deepcopy(state["queues"])
    for key in ("milestones", "limits"):
        if key in state and public:
            out[key] = copy.deepcopy(state[key])
    decision = engine.decision()
    if decision is not None:
        shown = {"none": False, "own": decision.player == seat, "all": True}[private]
        pending: dict[str, Any] = {"player": decision.player, "kind": decision.kind}
        if shown:
            pending["options"] = [[o.id, o.label] for o in decision.options]
        out["decision"] = pending
    return out


def _cards(engine: Engine, seat: int, private: str, public: bool) -> dict[str, Any]:
    """The cards as `seat` sees them: with `public`, every deck's size (never its order),
    every discard pile and every hand's size; the cards of the hands `private` shows."""
    cards = engine.state["cards"]
    hands = cards["hands"]
    shown = {"none": [], "own": [seat], "all": range(len(hands))}[private]
    out: dict[str, Any] = {"hands": {str(s): sorted(hands[s]) for s in shown}}
    if engine.data.card_places:
        laid = cards["committed"]
        out["committed"] = {str(s): sorted(laid[s]) for s in shown}
    if engine.data.looks:
        out["known"] = {str(s): knowledge.known_cards(engine, s) for s in shown}
    if public and engine.data.card_places:
        out["out"] = {name: len(pile) for name, pile in cards["out"].items()}
        out["table"] = [list(entry) for entry in cards["table"]]
        out["kept"] = [sorted(kept) for kept in cards["kept"]]
        out["committed_sizes"] = [len(laid) for laid in cards["committed"]]
    if public:
        out["decks"] = {name: len(pile) for name, pile in cards["decks"].items()}
        out["discards"] = {name: sorted(pile) for name, pile in cards["discards"].items()}
        out["seat_decks"] = [{n: len(p) for n, p in own.items()} for own in cards["seat_decks"]]
        out["seat_discards"] = [
            {n: sorted(p) for n, p in own.items()} for own in cards["seat_discards"]
        ]
        out["hand_sizes"] = [len(hand) for hand in hands]
    return out


def grid_view(engine: Engine) -> dict[str, Any]:
    """The grid (interpreter/zones.py) as everyone sees it: each cell's card and damage,
    the tokens' columns, how many rows are closed; with a line above, its cells too."""
    board = engine.state["grid"]

    def shown(row: list) -> list:
        return [None if p is None else {"card": p["card"], "damage": p["damage"]} for p in row]

    out = {
        "rows": list(engine.data.zones.grid.rows),
        "cells": [shown(row) for row in board["cells"]],
        "tokens": dict(board["tokens"]),
        "closed": board["closed"],
    }
    if "above" in board:
        out["above"] = shown(board["above"])
    return out


def _grid_layout(engine: Engine) -> list[tuple[str, int, str]]:
    spec = engine.data.zones.grid
    cells = len(spec.rows) * spec.columns
    return [
        ("grid_card", cells, "each cell's card, row by row (0: empty, n: the nth card kind)"),
        ("grid_damage", cells, "the damage marked on each cell's piece"),
        *(
            (f"token_{name}", 1, f"the column of the token {name}")
            for name in engine.data.zones.tokens
        ),
        ("closed_rows", 1, "how many rows of the grid are closed"),
        *(
            (
                ("above_card", spec.columns, "each cell's card in the line above (0: empty)"),
                ("above_damage", spec.columns, "the damage marked on each piece above"),
            )
            if spec.above
            else ()
        ),
    ]


def _grid_tensor(engine: Engine) -> list[float]:
    """The values of `_grid_layout`'s fields, now."""
    board, kinds = engine.state["grid"], list(engine.data.zones.pieces)
    cells = [p for row in board["cells"] for p in row]
    above = board.get("above", [])
    return (
        [0.0 if p is None else float(kinds.index(p["card"]) + 1) for p in cells]
        + [0.0 if p is None else float(p["damage"]) for p in cells]
        + [float(board["tokens"][name]) for name in engine.data.zones.tokens]
        + [float(board["closed"])]
        + [0.0 if p is None else float(kinds.index(p["card"]) + 1) for p in above]
        + [0.0 if p is None else float(p["damage"]) for p in above]
    )


def string(engine: Engine, seat: int, private: str = "own", public: bool = True) -> str:
    return json.dumps(view(engine, seat, private, public), sort_keys=True, separators=(",", ":"))


def _layout(engine: Engine, private: str, public: bool) -> list[tuple[str, int, str]]:
    seats, data = _seats(engine), engine.data
    keys = _numbers(engine.state["players"][0])
    out: list[tuple[str, int, str]] = []
    if public:
        out += [(f"seat_{key}", seats, f"{key} of each seat, from the observer") for key in keys]
        out += [(f"shared_{key}", 1, f"{key}, one for the table") for key in _shared(engine)]
        if data.round_phases:
            out.append(("captain", seats, "the round's captain, from the observer (one-hot)"))
        out += [
            ("to_play", seats, "the seat deciding, from the observer (one-hot)"),
            ("round", 1, "the round"),
            ("roll", 1, "the highest die of the last roll (0: none)"),
            ("over", 1, "1 once the game is over"),
        ]
        if "cards" in engine.state:
            out += [
                (f"deck_{name}", seats if deck.per_seat else 1, f"cards left in the deck {name}")
                for name, deck in data.decks.items()
            ]
            out += [(f"discarded_{c}", 1, f"copies of {c} in discard piles") for c in data.cards]
            out.append(("hand_size", seats, "cards in each seat's hand, from the observer"))
        if "grid" in engine.state:
            out += _grid_layout(engine)
        if "cards" in engine.state and data.card_places:
            out += [(f"out_{name}", 1, f"cards of {name} out of the game") for name in data.decks]
            out += [(f"table_{c}", 1, f"copies of {c} face up on the table") for c in data.cards]
            out += [(f"kept_{c}", seats, f"copies of {c} before each seat") for c in data.cards]
            out.append(("committed_size", seats, "cards each seat laid face down"))
        for name, queue in data.queues.items():
            out += [
                (
                    f"queue_{name}_{layer}",
                    queue.slots,
                    f"the card in each slot of {layer}: its number among the cards from 1 "
                    "(0: none; negative: face down)",
                )
                for layer in queue.layers
            ]
            out.append((f"queue_{name}_cursor", 2, "slot and layer carried out, from 1 (0: none)"))
        out += [
            (f"milestones_{t}", 1 if data.tracks[t].shared else seats, f"markers left on {t}")
            for t in data.milestones
        ]
        out += [
            (f"limit_{t}", 1 if data.tracks[t].shared else seats, f"the limit of {t} now")
            for t in data.raised
        ]
    if private != "none":
        out.append(("options", 1, "the options of the observer's decision (0: none)"))
    if private != "none" and "cards" in engine.state:
        hands = 1 if private == "own" else seats
        out += [(f"hand_{c}", hands, f"copies of {c} in the hands shown") for c in data.cards]
        if data.card_places:
            out += [
                (f"committed_{c}", hands, f"copies of {c} laid face down by the seats shown")
                for c in data.cards
            ]
        out += [
            (
                f"known_{deck}",
                depth * hands,
                f"the top {depth} cards of {deck} the seats shown know, seat by seat, top "
                "first: each its number among the cards from 1 (0: not known)",
            )
            for deck, depth in data.looks.items()
        ]
    return out


def fields(engine: Engine, private: str = "own", public: bool = True) -> list[Field]:
    """The tensor's layout: the same for every state and player count of the rules."""
    _check(private)
    out, start = [], 0
    for name, size, what in _layout(engine, private, public):
        out.append(Field(name, start, size, what))
        start += size
    return out


def tensor(engine: Engine, seat: int, private: str = "own", public: bool = True) -> list[float]:
    _check(private)
    state, seats = engine.state, _seats(engine)
    players = state["players"]
    relative = [(seat + i) % len(players) for i in range(len(players))]
    decision = engine.decision()
    values: list[float] = []
    if public:
        for key in _numbers(players[0]):
            row = [float(players[s].get(key, 0)) for s in relative]
            values += row + [0.0] * (seats - len(row))
        values += [float(state["shared"][key]) for key in _shared(engine)]
        rounds = state.get("rounds") or {}
        if engine.data.round_phases:
            captain = [0.0] * seats
            captain[(rounds["captain"] - seat) % len(players)] = 1.0
            values += captain
        to_play = [0.0] * seats
        if decision is not None:
            to_play[(decision.player - seat) % len(players)] = 1.0
        values += to_play
        values.append(float(rounds.get("round", 0)))
        values.append(float(max(state.get("roll") or [0])))
        values.append(1.0 if state["scores"] is not None else 0.0)
        if "cards" in state:
            values += _public_cards(engine, relative, seats)
        if "grid" in state:
            values += _grid_tensor(engine)
        values += _queues(engine)
        values += _track_extras(engine, relative, seats)
    if private != "none":
        mine = decision is not None and (decision.player == seat or private == "all")
        values.append(float(len(decision.options)) if mine and decision is not None else 0.0)
    if private != "none" and "cards" in state:
        shown = [seat] if private == "own" else relative
        size = 1 if private == "own" else seats
        rows = [state["cards"]["hands"]]
        if engine.data.card_places:
            rows.append(state["cards"]["committed"])
        for hands in rows:
            for card in engine.data.cards:
                row = [float(hands[s].count(card)) for s in shown]
                values += row + [0.0] * (size - len(row))
        values += _known(engine, shown, size)
    return values


def _known(engine: Engine, shown: list[int], size: int) -> list[float]:
    """The `known_` fields: the cards at the top of each deck looked at that each seat
    shown knows, as numbers (0: not known), padded to the deepest look."""
    numbers = {card: i + 1 for i, card in enumerate(engine.data.cards)}
    values: list[float] = []
    known = {s: knowledge.known_cards(engine, s) for s in shown}
    for deck, depth in engine.data.looks.items():
        for s in [*shown, *[None] * (size - len(shown))]:
            row = [float(numbers[c]) for c in known[s].get(deck, [])] if s is not None else []
            values += row + [0.0] * (depth - len(row))
    return values


def _public_cards(engine: Engine, relative: list[int], seats: int) -> list[float]:
    """Deck sizes, copies of each card discarded, hand sizes from the observer."""
    cards = engine.state["cards"]
    values: list[float] = []
    for name, deck in engine.data.decks.items():
        if not deck.per_seat:
            values.append(float(len(cards["decks"][name])))
            continue
        row = [float(len(cards["seat_decks"][s][name])) for s in relative]
        values += row + [0.0] * (seats - len(row))
    piles = [*cards["discards"].values()]
    for own in cards["seat_discards"]:
        piles += own.values()
    discarded = [c for pile in piles for c in pile]
    values += [float(discarded.count(card)) for card in engine.data.cards]
    sizes = [float(len(cards["hands"][s])) for s in relative]
    values += sizes + [0.0] * (seats - len(sizes))
    if engine.data.card_places:
        values += _places(engine, relative, seats)
    return values


def _places(engine: Engine, relative: list[int], seats: int) -> list[float]:
    """Out of the game by deck, face up on the table by card, in front of each seat by
    card, face down before each seat (how many, never which)."""
    cards, kinds = engine.state["cards"], engine.data.cards
    values = [float(len(cards["out"].get(name, []))) for name in engine.data.decks]
    table = [card for _, card in cards["table"]]
    values += [float(table.count(card)) for card in kinds]
    for card in kinds:
        row = [float(cards["kept"][s].count(card)) for s in relative]
        values += row + [0.0] * (seats - len(row))
    laid = [float(len(cards["committed"][s])) for s in relative]
    return values + laid + [0.0] * (seats - len(laid))


def _track_extras(engine: Engine, relative: list[int], seats: int) -> list[float]:
    """The markers left on each track with milestones, then each raised limit: the
    table's, or each seat's from the observer."""
    state, data, out = engine.state, engine.data, []
    for key, tracks in (("milestones", data.milestones), ("limits", data.raised)):
        for track in tracks:
            if data.tracks[track].shared:
                held = state[key]["table"][track]
                out.append(float(len(held) if key == "milestones" else held))
                continue
            own = [state[key]["seats"][s][track] for s in relative]
            row = [float(len(v) if key == "milestones" else v) for v in own]
            out += row + [0.0] * (seats - len(row))
    return out


def _queues(engine: Engine) -> list[float]:
    """Each layer's card in each slot (its number, negative face down) and each cursor."""
    numbers = {card: i + 1 for i, card in enumerate(engine.data.cards)}
    values: list[float] = []
    for name, queue in engine.state.get("queues", {}).items():
        for index in range(len(engine.data.queues[name].layers)):
            for places in queue["slots"]:
                entry = places[index]
                number = 0 if entry is None else numbers[entry["card"]]
                values.append(float(-number if entry is not None and entry["down"] else number))
        cursor = queue["cursor"]
        values += [0.0, 0.0] if cursor is None else [float(cursor[0] + 1), float(cursor[1] + 1)]
    return values


GENERIC = Observation(bounds, fields, tensor, string)
