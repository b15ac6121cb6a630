"""The syntax tree of a `.ba` file: frozen dataclasses, each with its source span.

Effect nodes list their sub-effects with `children()`; `walk` and the
`NodeVisitor` of dsl/visitor.py are the one way every pass goes through them.

Every node converts to plain JSON (`to_json`) and back (`node_from_json`), so a
tree can be stored, diffed and compared; `from_json(to_json(x)) == x`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, fields
from typing import Any


@dataclass(frozen=True, slots=True)
class Span:
    file: str
    line: int
    column: int
    end_line: int
    end_column: int

    def to_json(self) -> list:
        return [self.file, self.line, self.column, self.end_line, self.end_column]

    @classmethod
    def from_json(cls, data: list) -> Span:
        return cls(*data)

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


@dataclass(frozen=True, slots=True)
class Value:
    """A literal: kind is "int", "name", "string" or "range" (value is then (lo, hi))."""

    kind: str
    value: Any
    span: Span


@dataclass(frozen=True, slots=True)
class Annotation:
    """`@reconstructed "why"` or `@rulebook "where"` after an item."""

    name: str
    text: str | None
    span: Span


@dataclass(frozen=True, slots=True)
class Call:
    """One primitive with its arguments, e.g. `gain 2 vp per tiles_in_grid orange max 4`.

    `values` are the arguments' plain values, as the interpreter reads them;
    `conditions` the calls of condition primitives after `if` (`gain 1 boost if
    doubles`), which must all hold for the call to do anything; `unless` those after
    `unless`, none of which may hold; `times` how many times the call is carried out
    (`draw 1 orders times 3`: a number, or the name of a value by the player count).
    """

    name: str
    args: tuple[Value, ...]
    per: Call | None
    cap: Value | None
    span: Span
    conditions: tuple[Call, ...] = ()
    unless: tuple[Call, ...] = ()
    times: Value | None = None
    values: tuple[Any, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "values", tuple(a.value for a in self.args))

    def children(self) -> tuple[Effect, ...]:
        return ((self.per,) if self.per is not None else ()) + self.conditions + self.unless


@dataclass(frozen=True, slots=True)
class Seq:
    """Steps done one after another (`a, b`)."""

    steps: tuple[Effect, ...]
    span: Span

    def children(self) -> tuple[Effect, ...]:
        return self.steps


@dataclass(frozen=True, slots=True)
class Trade:
    """Pay the cost, then get the benefit (`cost -> benefit`)."""

    cost: Effect
    benefit: Effect
    span: Span

    def children(self) -> tuple[Effect, ...]:
        return (self.cost, self.benefit)


@dataclass(frozen=True, slots=True)
class Choice:
    """Choose exactly one option (`a or b`)."""

    options: tuple[Effect, ...]
    span: Span

    def children(self) -> tuple[Effect, ...]:
        return self.options


@dataclass(frozen=True, slots=True)
class Optional:
    """The player may skip the step (`optional a`)."""

    step: Effect
    span: Span

    def children(self) -> tuple[Effect, ...]:
        return (self.step,)


@dataclass(frozen=True, slots=True)
class Otherwise:
    """Do `first`; if it cannot be done, do `fallback` (`a otherwise b`)."""

    first: Effect
    fallback: Effect
    span: Span

    def children(self) -> tuple[Effect, ...]:
        return (self.first, self.fallback)


Effect = Call | Seq | Trade | Choice | Optional | Otherwise


@dataclass(frozen=True, slots=True)
class Item:
    """`key values [: effect] [@annotations] [{ children }]`."""

    key: str
    values: tuple[Value, ...]
    effect: Effect | None
    annotations: tuple[Annotation, ...]
    children: tuple[Item, ...] | None
    span: Span
    key_span: Span

    def annotation(self, name: str) -> Annotation | None:
        for ann in self.annotations:
            if ann.name == name:
                return ann
        return None


@dataclass(frozen=True, slots=True)
class SourceFile:
    path: str
    items: tuple[Item, ...]


NODE_TYPES = {
    cls.__name__: cls
    for cls in (Value, Annotation, Call, Seq, Trade, Choice, Optional, Otherwise, Item, SourceFile)
}


def to_json(node: Any) -> Any:
    """Plain JSON data for a node; each object carries its class name in "node"."""
    if isinstance(node, Span):
        return node.to_json()
    if isinstance(node, tuple):
        return [to_json(x) for x in node]
    if type(node).__name__ in NODE_TYPES and isinstance(node, NODE_TYPES[type(node).__name__]):
        out = {"node": type(node).__name__}
        for f in fields(node):
            if f.init:
                out[f.name] = to_json(getattr(node, f.name))
        return out
    return node


def node_from_json(data: Any) -> Any:
    """The inverse of `to_json`."""
    if isinstance(data, dict):
        cls = NODE_TYPES[data["node"]]
        kwargs: dict[str, Any] = {}
        for f in fields(cls):
            if not f.init:
                continue
            raw = data[f.name]
            if f.name in ("span", "key_span"):
                kwargs[f.name] = Span.from_json(raw)
            elif f.name == "value" and cls is Value:
                kwargs[f.name] = tuple(raw) if data["kind"] == "range" else raw
            elif isinstance(raw, list):
                kwargs[f.name] = tuple(node_from_json(x) for x in raw)
            else:
                kwargs[f.name] = node_from_json(raw)
        return cls(**kwargs)
    return data


def walk(effect: Effect | None) -> Iterator[Effect]:
    """An effect and every effect inside it, depth first, in source order (`per` counters too)."""
    if effect is None:
        return
    stack = [effect]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(node.children()))


def walk_calls(effect: Effect | None) -> Iterator[Call]:
    """Every Call in an effect, depth first, including `per` counters."""
    return (node for node in walk(effect) if isinstance(node, Call))
