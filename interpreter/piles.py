"""A game's state layout as one table of piles: every place a card or tile can be.

A `Pile` names a place in the state by a path pattern ("players.*.hand": each
player's hand; "*" stands for any key or index) and says what it holds. The
same table serves the set-up's invariants (every card in exactly one pile),
scenarios (an override takes a card out of its old pile and puts a replaced one
back home) and the documentation of the state.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Pile:
    """A place holding cards or tiles.

    `path` is a pattern of keys and indexes; `holds` is the kind of item; `fixed`
    marks a row of spaces that keeps its length (an empty space holds None). A
    pile with `field` holds records (tables or lists), and the item is that field
    of each record; with `kind_at`, the record also says the item's kind there
    (then `holds` lists the kinds it may be).
    """

    path: str
    holds: str
    doc: str
    fixed: bool = False
    field: str | int | None = None
    kind_at: int | None = None

    @property
    def parts(self) -> tuple[str, ...]:
        return tuple(self.path.split("."))


def matches(pattern: tuple[str, ...], path: list | tuple) -> bool:
    return len(pattern) == len(path) and all(p in ("*", str(q)) for p, q in zip(pattern, path))


def pile_of(piles: tuple[Pile, ...], path: list) -> Pile | None:
    """The pile that the element at `path` lies in (the path of an element ends with its
    index or key; a record's field ends with the field name)."""
    for pile in piles:
        if pile.field is None and matches(pile.parts, path[:-1]):
            return pile
        if pile.field is not None and path and str(path[-1]) == str(pile.field):
            if matches(pile.parts, path[:-2]):
                return pile
    return None


def _expand(node: Any, parts: tuple[str, ...], path: list) -> Iterator[tuple[list, Any]]:
    """(path, container) of every container that a pattern matches."""
    if not parts:
        yield path, node
        return
    head, rest = parts[0], parts[1:]
    if isinstance(node, dict):
        keys = list(node) if head == "*" else [head] if head in node else []
        for key in keys:
            yield from _expand(node[key], rest, [*path, key])
    elif isinstance(node, list):
        if head == "*":
            indexes = range(len(node))
        else:
            indexes = (
                range(int(head), int(head) + 1)
                if head.isdigit() and int(head) < len(node)
                else range(0)
            )
        for index in indexes:
            yield from _expand(node[index], rest, [*path, index])


def _field(record: Any, key: str | int) -> Any:
    if isinstance(record, dict):
        return record.get(key)
    if isinstance(record, list) and isinstance(key, int) and key < len(record):
        return record[key]
    return None


def places(state: dict, piles: tuple[Pile, ...]) -> Iterator[tuple[list, str, str, Pile]]:
    """(path, kind, item, pile) of every card and tile lying in a pile of the state."""
    for pile in piles:
        for path, container in _expand(state, pile.parts, []):
            if not isinstance(container, (dict, list)):
                continue
            entries = container.items() if isinstance(container, dict) else enumerate(container)
            for key, value in entries:
                if pile.field is None:
                    if isinstance(value, str):
                        yield [*path, key], pile.holds, value, pile
                    continue
                item = _field(value, pile.field)
                if isinstance(item, str):
                    kind = pile.holds if pile.kind_at is None else _field(value, pile.kind_at)
                    yield [*path, key, pile.field], str(kind), item, pile


def _containers(node: Any, parts: tuple[str, ...]) -> Iterator[Any]:
    """The containers a pattern matches (as `_expand`, without their paths: faster)."""
    if not parts:
        yield node
        return
    head, rest = parts[0], parts[1:]
    if isinstance(node, dict):
        if head == "*":
            for value in node.values():
                yield from _containers(value, rest)
        elif head in node:
            yield from _containers(node[head], rest)
    elif isinstance(node, list):
        if head == "*":
            for value in node:
                yield from _containers(value, rest)
        elif head.isdigit() and int(head) < len(node):
            yield from _containers(node[int(head)], rest)


def items(state: dict, piles: tuple[Pile, ...]) -> Iterator[tuple[str, str]]:
    """(kind, item) of every card and tile in the piles of the state."""
    for pile in piles:
        for container in _containers(state, pile.parts):
            values = container.values() if isinstance(container, dict) else container
            if pile.field is None:
                for value in values:
                    if isinstance(value, str):
                        yield pile.holds, value
                continue
            for record in values:
                item = _field(record, pile.field)
                if isinstance(item, str):
                    kind = pile.holds if pile.kind_at is None else _field(record, pile.kind_at)
                    yield str(kind), item


def contents(state: dict, piles: tuple[Pile, ...], kind: str) -> list[str]:
    """Every item of one kind in the state, once per copy found."""
    return [item for holds, item in items(state, piles) if holds == kind]


def table_rows(piles: tuple[Pile, ...]) -> list[str]:
    """The piles as rows of a Markdown table (path, what it holds, what it is)."""
    rows = []
    for pile in piles:
        path = pile.path if pile.field is None else f"{pile.path}.*.{pile.field}"
        holds = pile.holds.replace("|", " or ") + (" (spaces)" if pile.fixed else "")
        rows.append(f"| `{path}` | {holds} | {pile.doc} |")
    return rows
