"""Where a name occurs in the syntax trees of a rule set: find references, rename of an
id, the outline of a file (document symbols) and the declarations of the rule set
(workspace symbols).

An id, an event, a phase or a ruling is written as a plain name wherever it is used
(`run sequence_a`, `on final_scoring`, `turn hal_turn`), so its occurrences are the
name values equal to it: the declaration's own and every argument's.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..dsl import ast
from ..dsl.checker import Decl
from ..dsl.i18n import N_, Msg
from ..dsl.meta import Kind, Vocabulary

IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")  # grammar.lark's NAME


def occurrences(trees: list[ast.SourceFile], name: str) -> list[ast.Span]:
    """Every place the name is written as a value, in file and source order."""
    return [span for source in trees for value, span in _names(source.items) if value == name]


def _names(items: tuple[ast.Item, ...]) -> Iterator[tuple[str, ast.Span]]:
    for item in items:
        for value in item.values:
            if value.kind == "name":
                yield str(value.value), value.span
        for call in ast.walk_calls(item.effect):
            for arg in (*call.args, *((call.cap,) if call.cap is not None else ())):
                if arg.kind == "name":
                    yield str(arg.value), arg.span
        if item.children:
            yield from _names(item.children)


def rename_refusal(
    old: str, new: str, decl: Decl | None, vocabulary: Vocabulary, taken: set[str], base: set[str]
) -> Msg | None:
    """Why `old` may not become `new`, or None when it may; `taken` are the ids of the
    rule set, `base` those of the shipped content a mod is layered on."""
    values = {"old": old, "new": new}
    if decl is None:
        return Msg(N_("'{old}' is not the id of a declaration: only ids can be renamed"), values)
    if old in base:
        return Msg(
            N_("'{old}' replaces a declaration of the shipped rules: renamed, it would not"),
            values,
        )
    if not IDENTIFIER.match(new):
        return Msg(N_("'{new}' is not a name: a letter or _ then letters, digits or _"), values)
    if new in taken or new in base:
        return Msg(N_("'{new}' is already the id of another declaration"), values)
    if new in _words(vocabulary):
        return Msg(
            N_("'{new}' is a word of the language (a kind, keyword, primitive or event)"), values
        )
    return None


def _words(vocabulary: Vocabulary) -> set[str]:
    words = set(vocabulary.kinds) | set(vocabulary.primitives) | set(vocabulary.events)
    for spec in vocabulary.kinds.values():
        words |= set(spec.fields)
    return words


def id_span(item: ast.Item) -> ast.Span:
    """Where a declaration's name is written: its id, else its keyword."""
    if item.values and item.values[0].kind == "name":
        return item.values[0].span
    return item.key_span


def symbol_kind(spec: Kind | None) -> str:
    """The LSP symbol kind's name for a kind of declaration, from what the kind is."""
    if spec is None:
        return "Field"
    if spec.is_event:
        return "Event"
    if spec.decision:
        return "Enum"
    if spec.card or spec.listed:
        return "Object"
    return "Struct" if spec.has_id else "Module"
