"""The help texts of the commands as catalog messages: what the reference's command
pages show in each language (`ba:commands`).

`extract_commands` is a Babel extractor (method `ba_commands` in [tool.babel] of
pyproject.toml): for a file of cli/, it yields the help of every command whose
function that file defines, paragraph by paragraph, and the help of its options,
each in the context COMMAND. Examples (paragraphs that click keeps as written,
marked `\\b`) are commands, not prose, and are not translated.
"""

from __future__ import annotations

import importlib
import inspect
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click

COMMAND = "command"  # the context of a command's help texts
# an example in an epilog: the command, two spaces or more, what it does
EXAMPLE_LINE = re.compile(r"^(\s+\S.*?\s{2,})(\S.*)$")


# the help a command or option was written with (the catalogs' msgid), by the id of the
# command or option, while a run shows its help in another language (help_language.py)
SOURCE_HELP: dict[int, str | None] = {}


def source_help(thing: click.Command | click.Option) -> str | None:
    """The help a command or option was written with, also while a run shows it in
    another language: what the reference translates for each of its pages."""
    return SOURCE_HELP.get(id(thing), thing.help)


def help_paragraphs(command: click.Command) -> list[tuple[str, bool]]:
    """The paragraphs of a command's help as written: (text, is_example); prose is joined
    into one line, an example keeps its lines."""
    return paragraphs_of(source_help(command) or "")


def paragraphs_of(text: str) -> list[tuple[str, bool]]:
    """The paragraphs of a help text, as help_paragraphs gives them."""
    out = []
    for paragraph in text.split("\n\n"):
        lines = [line.strip() for line in paragraph.splitlines() if line.strip()]
        if lines and lines[0] == "\b":
            if lines[1:]:
                out.append(("\n".join(lines[1:]), True))
        elif lines:
            out.append((" ".join(lines), False))
    return out


def epilog_texts(epilog: str) -> list[str]:
    """The prose of an epilog: its headings ("Examples:"), notes, and what each example
    does; the commands of the examples stay as written."""
    out = []
    for line in epilog.splitlines():
        stripped = line.strip()
        if stripped and stripped != "\b":
            match = EXAMPLE_LINE.match(line)
            out.append(match.group(2) if match else stripped)
    return out


def translated_epilog(epilog: str, translate) -> str:
    """An epilog with its prose (epilog_texts) translated by `translate`, in place."""
    lines = []
    for line in epilog.splitlines():
        stripped = line.strip()
        match = EXAMPLE_LINE.match(line)
        if not stripped or stripped == "\b":
            lines.append(line)
        elif match:
            lines.append(match.group(1) + translate(match.group(2)))
        else:
            lines.append(line[: len(line) - len(line.lstrip())] + translate(stripped))
    return "\n".join(lines)


def command_messages(root: click.Command) -> Iterator[tuple[click.Command, str]]:
    """Every command of a program with each help text it shows."""
    commands = [root]
    if isinstance(root, click.Group):
        commands += [root.commands[name] for name in sorted(root.commands)]
    for command in commands:
        # click's own --help option, which every command has
        context = click.Context(command, info_name=command.name)
        help_option = command.get_help_option(context)
        if help_option is not None and help_option.help:
            yield command, help_option.help
        for text, example in help_paragraphs(command):
            if not example:
                yield command, text
        for text in epilog_texts(command.epilog or ""):
            yield command, text
        for param in command.params:
            if isinstance(param, click.Option) and param.help and not param.hidden:
                yield command, param.help


def _defined_in(command: click.Command, path: Path) -> bool:
    """Whether the command's function is defined in the file being extracted: by module
    name (cli/games.py holds blackangel.cli.games), so that it also holds when the
    commands are imported from an installed copy rather than from the checkout."""
    if command.callback is None:
        return False
    module = inspect.unwrap(command.callback).__module__.split(".")
    return module[-2:] == [path.parent.name, path.stem]


def extract_commands(fileobj, keywords, comment_tags, options) -> Iterator[Any]:
    """Babel's interface for a file of cli/: its Python messages (N_ and the rest), then
    the help texts of the commands defined in it. The programs come from the option
    `commands` ("module:attribute", comma separated)."""
    from babel.messages.extract import extract_python

    yield from extract_python(fileobj, keywords, comment_tags, options)
    path = Path(getattr(fileobj, "name", ""))
    for spec in str((options or {}).get("commands", "")).split(","):
        if not spec.strip():
            continue
        module, _, attribute = spec.strip().partition(":")
        root = getattr(importlib.import_module(module), attribute)
        for command, text in command_messages(root):
            if command.callback is not None and _defined_in(command, path):
                line = inspect.getsourcelines(inspect.unwrap(command.callback))[1]
                yield line, "pgettext", (COMMAND, text), [f"help of {command.name}"]
