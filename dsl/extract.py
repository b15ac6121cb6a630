"""Babel extractors: the messages of `.ba` rule files and of a game's vocabulary.

`pybabel extract -F pyproject.toml` (see [tool.babel] there) and
`python -m blackangel.dsl.catalogs` use them beside Babel's own Python extractor:

- `extract_ba` (method `ba`, registered in the entry-point group `babel.extractors`)
  reads a `.ba` file with the real parser and yields what content says in words: the
  game's title, the nouns, colours, species and phases it declares, each word once on
  its own and once for every slot in which it can stand (`dsl/words.py`), and the
  texts of rulings, variants and events.
- `extract_vocabulary` (method `ba_vocabulary`) reads the Python file that defines a
  vocabulary: Babel's Python extraction of the file (its N_, NN_ and NC_ markers), and
  what the vocabulary objects defined in that file say: the help of every declaration
  kind, keyword and primitive (`ba language`), the names of keywords and kinds shown on
  cards, and the game's own words slot by slot. Each message is placed at the line of
  its string in the file, so a string that this file does not define is left to the
  file that does.

Message contexts are documented in `docs/translating.md`.
"""

from __future__ import annotations

import ast as pyast
import importlib
from collections.abc import Collection, Iterable, Iterator
from pathlib import Path
from typing import Any

from . import ast, games
from .checker import INFERRED, RECONSTRUCTED
from .meta import TYPE, Vocabulary
from .words import CONTENT_WORDS, WORD, content_word, english, fact_words, game_words, phase_name
from .words import slots as word_slots

# (line, Babel's function name, the message parts, comments for translators)
Extracted = tuple[int, str | None, Any, list[str]]

HELP = "help"  # the context of help texts (ba language)
DIFFICULTY = "difficulty"  # the context of an automa's difficulty levels (`difficulty LEVEL VP`)
ORIGIN = "origin"  # the context of why a value is not printed (@inferred, @reconstructed)
ITS_VALUE = "its.name"  # the context of a card's number named in `its {name}`


def _text(item: ast.Item, key: str, index: int = 0) -> str | None:
    for child in item.children or ():
        if child.key == key and len(child.values) > index:
            value = child.values[index]
            if value.kind == "string":
                return str(value.value)
    return None


def _switches(item: ast.Item) -> set[str]:
    return {child.key for child in item.children or () if not child.values}


def _ident(item: ast.Item) -> str | None:
    if item.values and item.values[0].kind == "name":
        return str(item.values[0].value)
    return None


def _translator_comments(lines: list[str], line: int, tags: Collection[str]) -> list[str]:
    """The comments directly above a line that start with one of the tags."""
    found: list[str] = []
    index = line - 2
    while index >= 0 and lines[index].lstrip().startswith("#"):
        text = lines[index].lstrip()[1:].strip()
        if any(text.startswith(tag) for tag in tags):
            found.insert(0, text)
        index -= 1
    return found


def word_messages(
    kind: str, ident: str, one: str, many: str | None, switches: set[str], vocabulary: Vocabulary
) -> Iterator[tuple[str | None, Any, list[str]]]:
    """A word that content declares: on its own (its base context), then in every slot
    where it can stand."""
    plural = many is not None

    def message(context: str) -> tuple[str, Any]:
        return ("npgettext", (context, one, many)) if plural else ("pgettext", (context, one))

    name, parts = message(kind)
    yield name, parts, [f"{kind} {ident}, on its own"]
    for slot in word_slots(vocabulary).values():
        if slot.type is not None and content_word(kind, switches, slot.type):
            name, parts = message(slot.context)
            yield (
                name,
                parts,
                [f"{kind} {ident} in {{{slot.context.split('.')[-1]}}} of: {slot.where}"],
            )


def content_messages(
    source: ast.SourceFile, vocabulary: Vocabulary, lines: list[str], tags: Collection[str]
) -> Iterator[Extracted]:
    """The messages of one parsed `.ba` file."""
    for item in source.items:
        line = item.span.line
        notes = _translator_comments(lines, line, tags)
        ident = _ident(item)
        if item.key == "game":
            title = _text(item, "title")
            if title:
                yield line, "pgettext", ("title", title), [*notes, "the game's title"]
            continue
        if ident is None:
            continue
        if item.key in CONTENT_WORDS:
            if item.key == "phase":
                one: str | None = phase_name(ident)
                many = None
            elif CONTENT_WORDS[item.key]:
                one = _text(item, "noun")
                many = _text(item, "noun", 1) or one
            else:
                one, many = _text(item, "noun"), None
            if one:
                for name, parts, comments in word_messages(
                    item.key, ident, one, many, _switches(item), vocabulary
                ):
                    yield line, name, parts, [*notes, *comments]
            species = _text(item, "species")
            if species:
                yield line, "pgettext", ("species", species), [*notes, f"the species of {ident}"]
        if item.key == "ruling":
            context = f"ruling {ident}"
            help_text = _text(item, "help")
            if help_text:
                yield (
                    line,
                    "pgettext",
                    (context, help_text),
                    [*notes, f"what ruling {ident} decides"],
                )
            for child in item.children or ():
                if child.key == "option" and len(child.values) == 2:
                    option = str(child.values[0].value)
                    yield (
                        child.span.line,
                        "pgettext",
                        (f"{context} {option}", str(child.values[1].value)),
                        [f"option {option} of ruling {ident}"],
                    )
        elif item.key == "automa":
            for child in item.children or ():
                if child.key == "difficulty" and child.values:
                    level = str(child.values[0].value)
                    yield (
                        child.span.line,
                        "pgettext",
                        (DIFFICULTY, level),
                        [f"a difficulty level of automa {ident}, on the start page"],
                    )
        elif item.key in ("variant", "event"):
            help_text = _text(item, "help")
            if help_text:
                yield line, "pgettext", (f"{item.key} {ident}", help_text), [*notes]
        yield from value_messages(item)
    yield from origin_messages(source.items)


def value_messages(item: ast.Item) -> Iterator[Extracted]:
    """The names of a card's numbers (`value damage 1`), as `its {name}` shows them."""
    for child in item.children or ():
        if child.key == "value" and child.values and child.values[0].kind == "name":
            name = str(child.values[0].value)
            comment = f"a number of the card {_ident(item)}, in 'its {{name}}' (per its damage)"
            yield child.span.line, "pgettext", (ITS_VALUE, name), [comment]


def origin_messages(items) -> Iterator[Extracted]:
    """Why values are inferred or reconstructed (the reference shows it under a card)."""
    for item in items:
        for ann in item.annotations:
            if ann.name in (INFERRED, RECONSTRUCTED) and ann.text:
                comment = f"why a value is {ann.name} (not printed in the rulebooks)"
                yield ann.span.line, "pgettext", (ORIGIN, ann.text), [comment]
        yield from origin_messages(item.children or ())


def extract_ba(fileobj, keywords, comment_tags, options) -> Iterator[Extracted]:
    """Babel's interface: the messages of one `.ba` file (nothing if it does not parse;
    ba-lint reports why). The game module comes from the option `game`, the file's
    `game` declaration, or the default."""
    from .parser import parse_bytes

    data = fileobj.read()
    if isinstance(data, str):
        data = data.encode("utf-8")
    source, _diags, text = parse_bytes(data, str(getattr(fileobj, "name", "<rules>")))
    if source is None:
        return
    name = (options or {}).get("game") or games.module_name([source])[0]
    try:
        vocabulary = games.load(name).vocabulary
    except games.UnknownGame:
        vocabulary = games.load(games.default()).vocabulary
    yield from content_messages(source, vocabulary, text.splitlines(), comment_tags)


def game_module_of(files: Iterable[Path]) -> str:
    """The game module a rule set's files name in their `game` declaration (the default
    if none does): the words in which the texts of every file, a mod's too, are used."""
    from .parser import parse_bytes

    sources = []
    for path in files:
        source, _diags, _text = parse_bytes(path.read_bytes(), str(path))
        if source is not None:
            sources.append(source)
    return games.module_name(sources)[0]


# ---- vocabularies ---------------------------------------------------------------------
def _string_lines(code: str) -> dict[str, int]:
    """Each string constant of Python code with the first line it is written on."""
    found: dict[str, int] = {}
    for node in pyast.walk(pyast.parse(code)):
        if isinstance(node, pyast.Constant) and isinstance(node.value, str):
            line = node.lineno
            if node.value not in found or line < found[node.value]:
                found[node.value] = line
    return found


def type_names(vocabulary: Vocabulary) -> list[str]:
    """The names of the types of the vocabulary's parameters ("color", "item")."""
    params = [p for prim in vocabulary.primitives.values() for p in prim.params]
    for spec in vocabulary.kinds.values():
        params += [p for field_spec in spec.fields.values() for p in field_spec.params]
    return sorted({p.type.name for p in params})


def vocabulary_messages(vocabulary: Vocabulary) -> Iterator[tuple[str, str | None, Any, list[str]]]:
    """What a vocabulary says in words, each with the string that defines it (to find
    its line): help texts, keyword and kind names of cards, and the game's own words."""
    for kind_key, spec in vocabulary.kinds.items():
        yield spec.help, "pgettext", (HELP, spec.help), [f"help of declaration kind {kind_key}"]
        for field_key, field_spec in spec.fields.items():
            yield (
                field_spec.help,
                "pgettext",
                (HELP, field_spec.help),
                [f"help of keyword {field_key} in {kind_key}"],
            )
            if field_spec.unique:
                yield (
                    field_spec.unique,
                    None,
                    field_spec.unique,
                    [f"what {field_key} of {kind_key} numbers, in: duplicate {{what}} {{number}}"],
                )
        if spec.card or spec.listed:  # ba cards and the reference's component pages
            yield kind_key, "pgettext", ("kind", kind_key), ["a kind of card, in ba cards"]
            for field_key, field_spec in spec.fields.items():
                if not field_spec.effect:  # as TextRenderer.facts shows them
                    yield (
                        field_key,
                        "pgettext",
                        ("keyword", field_key),
                        [f"keyword of {kind_key}, before its value in ba cards"],
                    )
    for prim in vocabulary.primitives.values():
        yield prim.help, "pgettext", (HELP, prim.help), [f"help of primitive {prim.name}"]
    for event_name, event in vocabulary.events.items():
        yield event.help, "pgettext", (HELP, event.help), [f"help of event {event_name}"]
        for moment in event.raised:
            yield moment, "pgettext", (HELP, moment), [f"a moment that raises event {event_name}"]
        yield (
            event.runs_for,
            "pgettext",
            (HELP, event.runs_for),
            [f"for whom the triggers on event {event_name} run, after: triggers run for"],
        )
    for type_name in type_names(vocabulary):
        yield type_name, "pgettext", (TYPE, type_name), ["a type of value, in messages"]
    for slot in word_slots(vocabulary).values():
        for key in game_words(slot):
            one, many = english(vocabulary, key)
            parts: Any = (slot.context, one, many) if many else (slot.context, one)
            placeholder = slot.context.split(".")[-1]
            yield (
                one,
                "npgettext" if many else "pgettext",
                parts,
                [f"'{key}' in {{{placeholder}}} of: {slot.where}"],
            )
    for kind_key, key in fact_words(vocabulary):
        one, many = english(vocabulary, key)
        parts = (WORD, one, many) if many else (WORD, one)
        yield (
            one,
            "npgettext" if many else "pgettext",
            parts,
            [f"'{key}' on a {kind_key}, on its own"],
        )


def extract_vocabulary(fileobj, keywords, comment_tags, options) -> Iterator[Extracted]:
    """Babel's interface for a Python file that defines a vocabulary (option `vocabulary`:
    "module:NAME"): its Python messages, then the vocabulary's own that this file
    defines."""
    from babel.messages.extract import extract_python

    code = fileobj.read()
    fileobj.seek(0)
    python: Iterator[Any] = extract_python(fileobj, keywords, comment_tags, options)
    yield from python
    if isinstance(code, bytes):
        code = code.decode("utf-8")
    module_name, _, attribute = (options or {})["vocabulary"].partition(":")
    vocabulary = getattr(importlib.import_module(module_name), attribute)
    lines = _string_lines(code)
    for key, name, parts, comments in vocabulary_messages(vocabulary):
        if key in lines:
            yield lines[key], name, parts, comments
