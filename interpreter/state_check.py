"""Checking a game state that a user hands over (a saved game, a scenario's position)
before the engine touches it: a corrupted field is a StateError naming it, never a
crash at the next `apply`.

Three layers:

1. shape: a JSON Schema (Draft 2020-12) generated for the game and its player count,
   from the engine's own keys, the game's table of piles (every card and tile is an id
   of its kind; a row of spaces keeps its length), the game's `state_shape` (seats,
   nullable and open parts) and, for everything else, the shape of a freshly set-up
   state (same keys, same types);
2. references: every card and tile of the game in exactly one pile; rulings and
   variants that the rules declare (part of the schema); a pending decision only
   while something runs;
3. for saved games, the game's invariants, and a trial: every legal answer to the
   pending decision is played on a copy up to the next decision; and the random
   generator's state is derived again (the game replayed from its seed and the choices
   in its log) and compared, so that a changed seed or generator state, which would
   decide the dice and cards to come, is refused.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ..dsl.errors import StateError
from .files import parse_json
from .invariants import conservation
from .piles import Pile

if TYPE_CHECKING:
    from .engine import Engine
    from .program import Program

Schema = dict[str, Any]
STATE_VERSION = 2  # the form of the engine's states, saved in each (its key `version`)
INT_BOUND = 10**9  # no count in a game state comes near it
MAX_TRIAL_OPTIONS = 40  # legal answers tried on a copy when a saved game is loaded

NULL: Schema = {"type": "null"}
ANY_OBJECT: Schema = {"type": "object"}


def nullable(schema: Schema) -> Schema:
    return {"anyOf": [NULL, schema]}


def enum(values: Iterable[Any]) -> Schema:
    return {"enum": sorted(set(values), key=str)}


def seat_schema(players: int, *others: Any) -> Schema:
    """A seat number (0-based), or one of `others` (a player that is not a seat)."""
    seat: Schema = {"type": "integer", "minimum": 0, "maximum": players - 1}
    return {"anyOf": [seat, enum(others)]} if others else seat


def _matches(pattern: str, path: tuple[str, ...]) -> bool:
    parts = pattern.split(".")
    return len(parts) == len(path) and all(p == "*" or p == q for p, q in zip(parts, path))


class _Shape:
    """Derives the schema of the game's part of the state from a freshly set-up state."""

    def __init__(
        self,
        data: Program,
        overrides: Mapping[str, Schema],
        piles: tuple[Pile, ...],
        fixed: Iterable[str],
    ):
        self.overrides = overrides
        self.fixed = tuple(fixed)
        self.ids = data.items()
        self.piles = [p for p in piles if p.parts[0] != "stack"]  # frames: see ENGINE

    def _pile(self, path: tuple[str, ...], template: Any) -> Schema | None:
        for pile in self.piles:
            if not _matches(pile.path, path):
                continue
            kinds = pile.holds.split("|")
            ids = [i for kind in kinds for i in self.ids.get(kind, [])]
            if pile.field is None:
                item = enum(ids)
            elif pile.kind_at is not None:
                item = {
                    "type": "array",
                    "prefixItems": [enum(kinds), enum(ids)],
                    "minItems": 2,
                    "maxItems": 2,
                }
            else:
                continue  # records of the game's own making: its state_shape says
            if pile.fixed:
                item = nullable(item)
            if isinstance(template, dict):
                return {"type": "object", "additionalProperties": item}
            schema: Schema = {"type": "array", "items": item}
            if pile.fixed and isinstance(template, list):
                schema.update(minItems=len(template), maxItems=len(template))
            return schema
        return None

    def derive(self, value: Any, path: tuple[str, ...]) -> Schema:
        for pattern, schema in self.overrides.items():
            if _matches(pattern, path):
                return schema
        pile = self._pile(path, value)
        if pile is not None:
            return pile
        if isinstance(value, bool):
            return {"type": "boolean"}
        if isinstance(value, int):
            return {"type": "integer", "minimum": -INT_BOUND, "maximum": INT_BOUND}
        if isinstance(value, str):
            return {"type": "string"}
        if isinstance(value, dict):
            return {
                "type": "object",
                "properties": {k: self.derive(v, (*path, k)) for k, v in value.items()},
                "required": list(value),
                "additionalProperties": False,
            }
        if isinstance(value, list):
            array: Schema = {"type": "array"}
            if value:
                array["items"] = self.derive(value[0], (*path, "*"))
            if path == ("players",) or any(_matches(p, path) for p in self.fixed):
                array.update(minItems=len(value), maxItems=len(value))
            return array
        return {}  # None: the template does not say (the game's state_shape may)


# the keys each of the engine's own frame operations cannot do without
FRAME_KEYS = {
    "effect": ("seat", "effect", "ctx", "pc"),
    "call": ("seat", "effect", "ctx"),
    "prim": ("seat", "name", "args", "ctx"),
    "phase": ("seat", "phase", "pc"),
    "triggers": ("queue", "saved"),
}
FRAMES = "frames"  # the key of state_shape's schemas of the game's own frames, by op
FIXED = "fixed"  # the key of state_shape's lists that keep the length they are set up with
# the key of state_shape's seats that are not a player's: an automated opponent's, under
# which effects run (Game.automaton); it never decides
SEATS = "seats"


def _engine_schemas(
    data: Program, players: int, game_frames: Mapping[str, Schema], others: Iterable[Any] = ()
) -> dict[str, Schema]:
    """The engine's own keys (interpreter/engine.py); `others`: the seats that are not a
    player's (an automated opponent runs effects, never decides)."""
    player = seat_schema(players)
    seat = seat_schema(players, *others)
    nodes = len(data.nodes)
    effect: Schema = {"type": "integer", "minimum": 0, "maximum": max(nodes - 1, 0)}
    by_op = [
        {"if": {"properties": {"op": {"const": op}}}, "then": {"required": list(keys)}}
        for op, keys in FRAME_KEYS.items()
    ] + [
        {"if": {"properties": {"op": {"const": op}}}, "then": schema}
        for op, schema in game_frames.items()
    ]
    frame: Schema = {
        "type": "object",
        "allOf": by_op,
        "required": ["op"],
        "properties": {
            "op": enum(data.ops),
            "seat": seat,
            "effect": effect,
            "pc": {"type": "integer", "minimum": 0, "maximum": INT_BOUND},
            "name": enum(data.primitives),
            "phase": enum(data.phases),
            "ctx": ANY_OBJECT,
            "args": {"type": "array"},
        },
    }
    # the counters a `call` frame keeps (effects.call)
    counted: Schema = {
        "properties": {
            "times": {"type": "integer", "minimum": 0, "maximum": INT_BOUND},
            "done": {"type": "integer", "minimum": 0, "maximum": INT_BOUND},
            "ok": {"type": "boolean"},
        },
        "dependentRequired": {"times": ["done", "ok"], "done": ["times"], "ok": ["times"]},
    }
    by_op.append({"if": {"properties": {"op": {"const": "call"}}}, "then": counted})
    option: Schema = {
        "type": "object",
        "required": ["id", "label", "value"],
        "properties": {"id": {"type": "string"}, "label": {"type": "string"}, "value": {}},
        "additionalProperties": False,
    }
    pending: Schema = {
        "type": "object",
        "required": ["player", "kind", "prompt", "options"],
        "properties": {
            "player": player,
            "kind": {"type": "string"},
            "prompt": {"type": "string"},
            "options": {"type": "array", "minItems": 1, "items": option},
        },
        "additionalProperties": False,
    }
    score: Schema = {"type": "integer", "minimum": -INT_BOUND, "maximum": INT_BOUND}
    return {
        "version": {"const": STATE_VERSION},
        "content_hash": {"const": data.content_hash},
        "seed": {"type": "integer"},
        "rng": {"type": "integer", "minimum": 0, "maximum": 2**64 - 1},
        "rulings": {
            "type": "object",
            "properties": {name: enum(r.options) for name, r in data.rulings.items()},
            "required": list(data.rulings),
            "additionalProperties": False,
        },
        "variants": {"type": "array", "items": enum(data.variants), "uniqueItems": True},
        "stack": {"type": "array", "items": frame},
        "pending": nullable(pending),
        "result": {"type": "boolean"},
        "log": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["event"],
                "properties": {"event": {"type": "string"}},
            },
        },
        "triggered": {
            "type": "array",
            "items": {
                "type": "array",
                "prefixItems": [effect, seat, ANY_OBJECT],
                "minItems": 3,
                "maxItems": 3,
            },
        },
        "scores": nullable(
            {"type": "array", "items": score, "minItems": players, "maxItems": players}
        ),
        # set when the game ends: the seats with the best score (none if a rival won)
        "winners": nullable({"type": "array", "items": player, "uniqueItems": True}),
        "auto_answer": {"type": "boolean"},
    }


@lru_cache(maxsize=32)
def _schema(
    engine_type: type[Engine], data: Program, players: int, variants: tuple[str, ...]
) -> Schema:
    template = engine_type.new_game(data, players, 0, variants=variants).state
    shape_of = data.game.state_shape
    overrides = dict(shape_of(data, players)) if shape_of is not None else {}
    others = overrides.pop(SEATS, ())
    engine_keys = _engine_schemas(data, players, overrides.pop(FRAMES, {}), others)
    shape = _Shape(data, overrides, data.game.piles, overrides.pop(FIXED, ()))
    properties = {
        key: engine_keys[key] if key in engine_keys else shape.derive(value, (key,))
        for key, value in template.items()
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"a saved game of {data.title} for {players} players",
        "type": "object",
        "properties": properties,
        "required": list(template),
        "additionalProperties": False,
    }


def state_schema(
    engine_type: type[Engine], data: Program, players: int, variants: Iterable[str] = ()
) -> Schema:
    """The JSON Schema of a state of this game for `players` players (and variants),
    derived from a game that the engine (`engine_type`, interpreter/engine.py) sets up."""
    # a class is hashable; mypy reads lru_cache as asking for an instance
    return _schema(engine_type, data, players, tuple(sorted(set(variants))))  # type: ignore[arg-type]


def _where(error) -> str:
    return ".".join(str(p) for p in error.absolute_path) or "the state"


def check_shape(engine_type: type[Engine], data: Program, state: Any) -> None:
    """The state fits the game's schema; StateError names the first field that does not."""
    # jsonschema is imported when a state is checked, not with the engine that may check one
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import best_match

    if not isinstance(state, dict):
        raise StateError("not a saved game: the state must be a JSON object")
    players = state.get("players")
    counts = data.player_counts()
    if not isinstance(players, list) or len(players) not in counts:
        raise StateError(f"not a saved game of these rules: 'players' must list {counts} players")
    variants = state.get("variants", [])
    if not isinstance(variants, list) or not all(
        isinstance(v, str) and v in data.variants for v in variants
    ):
        known = ", ".join(data.variants) or "none"
        raise StateError(f"variants: {variants!r} are not variants of these rules ({known})")
    schema = state_schema(engine_type, data, len(players), variants)
    error = best_match(Draft202012Validator(schema).iter_errors(state))
    if error is not None:
        message = error.message if len(error.message) <= 160 else error.message[:157] + "..."
        raise StateError(f"{_where(error)}: {message}")
    if state["pending"] is not None and not state["stack"]:
        raise StateError("pending: a decision is pending, but nothing is running")
    if state["pending"] is None and state["stack"]:
        raise StateError("pending: a saved game is at a decision, or over; this one is neither")


def check_references(engine: Engine) -> None:
    """Every card and tile of the game lies in exactly one pile."""
    problems = conservation(engine)
    if problems:
        raise StateError("cards and tiles: " + "; ".join(problems))


def check_saved(engine: Engine) -> None:
    """What a saved game must also satisfy: the game's invariants, and every legal answer
    to its pending decision plays on a copy up to the next decision."""
    check_references(engine)
    try:
        problems = engine.data.game.invariants(engine)
    except Exception as exc:  # a corrupted value the schema could not see
        raise StateError(
            f"the state breaks the game's rules ({type(exc).__name__}: {exc})"
        ) from None
    if problems:
        raise StateError("the state breaks the game's rules: " + "; ".join(problems[:5]))
    for option in engine.legal_options()[:MAX_TRIAL_OPTIONS]:
        trial = engine.clone()
        try:
            trial.apply(option)
        except Exception as exc:
            raise StateError(
                f"the state cannot be played on: answering '{option}' fails with "
                f"{type(exc).__name__}: {str(exc)[:200]}"
            ) from None


def check_randomness(engine_type: type[Engine], data: Program, state: dict) -> None:
    """The generator's state is the one the seed and the logged choices lead to."""
    choices = [e["option"] for e in state["log"] if e.get("event") == "choice"]
    try:
        again = engine_type.new_game(
            data,
            len(state["players"]),
            state["seed"],
            state["rulings"],
            state["variants"],
            state["auto_answer"],
            log=False,
        )
        for option in choices:
            again.apply(option)
    except Exception as exc:  # noqa: BLE001 - any failure means the log does not replay
        raise StateError(
            f"seed and log: the game's choices cannot be replayed from its seed "
            f"({type(exc).__name__}: {str(exc)[:200]})"
        ) from None
    if again.state["rng"] != state["rng"]:
        raise StateError(
            "rng: the random generator is not where the seed and the choices lead "
            "(the seed or the generator state was changed)"
        )


def checked_state(engine_type: type[Engine], data: Program, text: str, seeded: bool = True) -> dict:
    """A saved game's state, parsed and checked (on games of `engine_type`); StateError
    for anything unusable. `seeded=False` (chance mode, where chance and not the seed
    decides every draw) skips the comparison of the generator with its seed."""
    state = parse_json(text, "a saved game", StateError)
    if not isinstance(state, dict) or state.get("version") != STATE_VERSION:
        raise StateError(f"not a saved game of this engine (state version {STATE_VERSION})")
    if state.get("content_hash") != data.content_hash:
        raise StateError(
            f"saved with rules {state.get('content_hash')}, these rules are {data.content_hash}"
        )
    check_shape(engine_type, data, state)
    pending = state["pending"]
    if pending is not None:  # in play, the options are kept as (id, label, value)
        pending["options"] = [(o["id"], o["label"], o["value"]) for o in pending["options"]]
    check_saved(engine_type(data, state))
    if seeded:
        check_randomness(engine_type, data, state)
    return state
