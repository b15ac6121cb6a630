"""Copying a game state, compiled from its schema: the fast part of `Engine.clone`.

A state is plain data (dicts, lists, numbers, strings), and a generic deep copy must
look at every value to find the containers in it. The state's JSON Schema
(state_check.py) already says where they are: a list of card ids is copied with one
`list.copy`, a die with one `dict.copy`, and only the parts whose shape the schema
leaves open (the frames of the stack, the pending decision, the queued triggers) go
through a marshal round trip, all of them together. The copier is compiled once per
schema into Python source: a function per shape of object, a statement per part to
copy, a comprehension per list of objects (print `_Source().functions` to read it),
so that copying runs no loop of ours over the schema.

A copy shares no list or dict with its original (tests/test_engine.py compares it
with a marshal round trip over the states of many games), provided the state fits its
schema, as a saved game must: a state with other top-level keys, or a value of another
kind where the schema expects a list or a table, is copied whole; but a key the schema
does not know, added to a dict the schema closes (a die, a player), would be shared.
"""

from __future__ import annotations

import marshal
import pickle
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from .state_check import state_schema

if TYPE_CHECKING:
    from .engine import Engine
    from .program import Program

Copier = Callable[[Any], Any]
IMMUTABLE_TYPES = {"integer", "number", "string", "boolean", "null"}
OPENING = {"allOf", "anyOf", "oneOf", "patternProperties", "unevaluatedProperties"}


def state_copier(
    engine_type: type[Engine],
    data: Program,
    players: int,
    variants: Iterable[str],
    shared: tuple[str, ...],
    whole_keys: tuple[str, ...],
) -> Copier:
    """A function copying a state of this game (for a player count and variants) whose
    `shared` keys the copy shares with the original (they never change, or the caller
    copies them) and whose `whole_keys` are copied whole (their form in memory is not
    the saved one the schema describes). A state that does not have the schema's keys,
    or holds a value of another kind than the schema says (a game that keeps an object
    in its state), is copied whole instead. The schema is that of games of `engine_type`."""
    variants = tuple(sorted(set(variants)))
    # a class is hashable; mypy reads lru_cache as asking for an instance
    return _state_copier(engine_type, data, players, variants, shared, whole_keys)  # type: ignore[arg-type]


@lru_cache(maxsize=32)
def _state_copier(
    engine_type: type[Engine],
    data: Program,
    players: int,
    variants: tuple[str, ...],
    shared: tuple[str, ...],
    whole_keys: tuple[str, ...],
) -> Copier:
    schema = state_schema(engine_type, data, players, variants)
    keys = set(schema["properties"])
    # the parts copied whole go through marshal together, in one round trip
    together = [
        key
        for key, sub in schema["properties"].items()
        if key not in shared and (key in whole_keys or _Source().copy(sub, "v", 0)[0] == "deep(v)")
    ]
    properties = {
        key: sub
        for key, sub in schema["properties"].items()
        if key not in shared and key not in together
    }
    closed = {"type": "object", "properties": properties, "additionalProperties": False}
    source = _Source()
    whole_parts = ", ".join(f"v[{key!r}]" for key in together)
    prelude = [f"parts = deep(({whole_parts},))"]
    prelude += [f"out[{key!r}] = parts[{i}]" for i, key in enumerate(together)]
    top, _ = source.object({**closed, "required": list(properties)}, prelude)
    assert top is not None, "the prelude is a part"
    namespace: dict[str, Any] = {"deep": deep}
    exec(compile("\n".join(source.functions), "<state copier>", "exec"), namespace)
    fields = namespace[top]

    def copy(state: dict) -> dict:
        if state.keys() == keys:
            try:
                return fields(state)
            except (TypeError, AttributeError, KeyError):
                pass
        return whole(state, shared)

    return copy


def whole(state: dict, shared: tuple[str, ...]) -> dict:
    """A state copied by a marshal round trip, but for its `shared` keys."""
    kept = {key: state[key] for key in shared}
    for key in shared:
        state[key] = None
    try:
        copy = deep(state)
    finally:
        state.update(kept)
    copy.update(kept)
    return copy


def deep(value: Any) -> Any:
    """Any plain data, copied whole (a part whose shape the schema leaves open)."""
    try:
        return marshal.loads(marshal.dumps(value))
    except ValueError:  # not plain data (a game keeps an object in its state)
        return pickle.loads(pickle.dumps(value, pickle.HIGHEST_PROTOCOL))


class _Source:
    """The Python source of a copier being written: a function per kind of object with
    parts to copy (`copy_0`, `copy_1`...), each a statement per part."""

    def __init__(self) -> None:
        self.functions: list[str] = []
        self.names: dict[str, str] = {}  # function body -> name

    def copy(self, schema: dict[str, Any], value: str, depth: int) -> tuple[str | None, bool]:
        """(a Python expression copying `value`, an expression of this schema; whether it
        copies some part of it whole); None for a value that is immutable (numbers,
        strings, booleans, None: kept as they are). A list or table of parts copied
        whole is copied whole itself: one marshal round trip, not one per item."""
        if "const" in schema or "enum" in schema:
            return None, False
        if "anyOf" in schema:
            return self.any_of(schema["anyOf"], value, depth)
        kind = schema.get("type")
        if kind in IMMUTABLE_TYPES:
            return None, False
        if kind == "array":
            return self.array(schema, value, depth)
        if kind == "object" and not _open(schema):
            return self.table(schema, value, depth)
        return f"deep({value})", True

    def any_of(
        self, options: list[dict[str, Any]], value: str, depth: int
    ) -> tuple[str | None, bool]:
        """`nullable(x)`: None or a value of x; any other union is copied whole."""
        compiled = [self.copy(option, value, depth) for option in options]
        containers = [c for c in compiled if c[0] is not None]
        if not containers:
            return None, False
        if len(containers) == 1 and len(options) == 2 and {"type": "null"} in options:
            inner, whole = containers[0]
            return f"(None if {value} is None else {inner})", whole
        return f"deep({value})", True

    def array(self, schema: dict[str, Any], value: str, depth: int) -> tuple[str, bool]:
        prefix = schema.get("prefixItems", [])
        parts = [*prefix, schema.get("items", {})]
        if prefix and (schema.get("items") is False or schema.get("maxItems") == len(prefix)):
            parts.pop()  # a fixed-length row: nothing after the prefix
        item = f"x{depth}"
        compiled = [self.copy(part, item, depth + 1) for part in parts]
        if all(copy is None for copy, _ in compiled):
            return f"{value}.copy()", False
        copy, whole = compiled[-1]
        if prefix or whole or copy is None:
            return f"deep({value})", True
        return f"[{copy} for {item} in {value}]", False

    def table(self, schema: dict[str, Any], value: str, depth: int) -> tuple[str, bool]:
        """An object: a dict with the keys of its properties, or (additionalProperties)
        with keys of its own."""
        properties = schema.get("properties", {}).values()
        extra = schema.get("additionalProperties")
        if isinstance(extra, dict) and not _immutable(extra):
            item = f"x{depth}"
            rest, rest_whole = self.copy(extra, item, depth + 1)
            if rest_whole or not all(_immutable(sub) for sub in properties):
                return f"deep({value})", True
            return f"{{k{depth}: {rest} for k{depth}, {item} in {value}.items()}}", False
        name, whole = self.object(schema)
        return (f"{value}.copy()" if name is None else f"{name}({value})"), whole

    def object(
        self, schema: dict[str, Any], prelude: Iterable[str] = ()
    ) -> tuple[str | None, bool]:
        """A function copying an object whose properties have parts to copy (after the
        `prelude` statements, which may set parts of `out` themselves): its name, None
        if there are none; whether it copies some part whole."""
        required = set(schema.get("required", ()))
        lines, whole = [*prelude], False
        for key, sub in schema.get("properties", {}).items():
            copy, part_whole = self.copy(sub, f"v[{key!r}]", 0)
            if copy is None:
                continue
            line = f"out[{key!r}] = {copy}"
            lines.append(line if key in required else f"if {key!r} in v: {line}")
            whole = whole or part_whole
        if not lines:
            return None, False
        body = "".join(f"    {line}\n" for line in lines)
        if body not in self.names:  # objects of the same shape share their function
            self.names[body] = name = f"copy_{len(self.functions)}"
            self.functions.append(f"def {name}(v):\n    out = v.copy()\n{body}    return out\n")
        return self.names[body], whole


def _immutable(schema: dict[str, Any]) -> bool:
    """A value of this schema is a number, a string, a boolean or None."""
    if "const" in schema or "enum" in schema:
        return True
    if "anyOf" in schema:
        return all(_immutable(option) for option in schema["anyOf"])
    return schema.get("type") in IMMUTABLE_TYPES


def _open(schema: dict[str, Any]) -> bool:
    """An object whose keys the schema does not pin down: one that allows other keys,
    or whose keys a combination of schemas may extend."""
    return schema.get("additionalProperties", True) is True or bool(OPENING & set(schema))
