"""The language of the command line's own texts: `ba --help` and click's framing words.

The help of every command and option is a message of the catalogs (context `command`,
cli/help_messages.py); click's own words ("Usage:", "Options", "Error: ...") are
messages under the context `click`. Click looks its words up with the standard
library's `gettext`, which reads only compiled `.mo` files, and our catalogs are `.po`
files read into memory (dsl/i18n.py): so, for one run of a command, click's modules
are given our translator's lookup, and the help texts of the commands are swapped for
their translations; both are put back when the run ends.

`--help` is eager and prints before the other options are read, so the language is
taken from the raw arguments (`--lang LANG` anywhere before `--`) or the environment.
"""

from __future__ import annotations

import contextlib
import importlib
import os
import sys
from collections.abc import Iterator, Sequence

import click

from ..dsl.i18n import NC_, SOURCE_LANGUAGE, Translator, available_languages, default_language
from ..dsl.i18n import translator as load_translator
from .help_messages import COMMAND, SOURCE_HELP, paragraphs_of, translated_epilog

CLICK = "click"  # the context of click's own words

# click's words that our commands' help and usage errors show, as click writes them
# (its msgids); a word missing here stays English.
CLICK_WORDS = (
    NC_("click", "Usage:"),
    NC_("click", "Show this message and exit."),
    NC_("click", "Options"),
    NC_("click", "Commands"),
    NC_("click", "Positional arguments"),
    NC_("click", "default: {default}"),
    NC_("click", "required"),
    NC_("click", "Error: {message}"),
    NC_("click", "Try '{command} {option}' for help."),
    NC_("click", "Missing argument"),
    NC_("click", "Missing option"),
    NC_("click", "Missing parameter"),
    NC_("click", "Missing command."),
    NC_("click", "Invalid value: {message}"),
    NC_("click", "Invalid value for {param_hint}: {message}"),
    NC_("click", "Aborted!"),
)

# click's modules that look words up (each imported gettext's functions as its own names)
CLICK_MODULES = (
    "click.core",
    "click.decorators",
    "click.exceptions",
    "click.formatting",
    "click.parser",
    "click.types",
    "click.termui",
    "click.utils",
)


def argv_language(args: Sequence[str], environ=None) -> str:
    """The language a command line asks for, before click reads it: `--lang LANG` or
    `--lang=LANG` (the last one given, up to `--`), else the environment's. A language
    with no catalog is left to the command to refuse: help is then in English."""
    wanted = None
    for index, arg in enumerate(args):
        if arg == "--":
            break
        if arg == "--lang" and index + 1 < len(args):
            wanted = args[index + 1]
        elif arg.startswith("--lang="):
            wanted = arg.partition("=")[2]
    available = available_languages()
    if wanted is not None:
        return wanted if wanted in available else SOURCE_LANGUAGE
    return default_language(available, os.environ if environ is None else environ)


def translated_help(text: str, tr: Translator) -> str:
    """A command's help in a language, paragraph by paragraph; examples (paragraphs
    marked `\\b`) are commands and stay as written."""
    paragraphs = []
    for paragraph, example in paragraphs_of(text):
        if example:
            paragraphs.append("\b\n" + paragraph)
        else:
            paragraphs.append(tr.pgettext(COMMAND, paragraph))
    return "\n\n".join(paragraphs)


def _commands(root: click.Command) -> Iterator[click.Command]:
    yield root
    if isinstance(root, click.Group):
        for name in sorted(root.commands):
            yield from _commands(root.commands[name])


@contextlib.contextmanager
def in_language(root: click.Command, lang: str) -> Iterator[None]:
    """For the time of one run: the help of `root` and its commands, and click's own
    words, in `lang`."""
    if lang == SOURCE_LANGUAGE:
        yield
        return
    tr = load_translator(lang)
    saved: list[tuple[object, str, object]] = []

    def swap(target: object, attribute: str, value: object) -> None:
        saved.append((target, attribute, getattr(target, attribute)))
        if attribute == "help":
            SOURCE_HELP.setdefault(id(target), getattr(target, attribute))
        setattr(target, attribute, value)

    try:
        for command in _commands(root):
            if command.help:
                swap(command, "help", translated_help(command.help, tr))
            if command.epilog:
                epilog = translated_epilog(command.epilog, lambda text: tr.pgettext(COMMAND, text))
                swap(command, "epilog", epilog)
            # click makes the help option when it is first asked for, then keeps it: one
            # made during this run (in its language) is not kept after it
            help_option = getattr(command, "_help_option", None)
            swap(command, "_help_option", help_option)
            params = [*command.params, *([help_option] if help_option else [])]
            for param in params:
                if isinstance(param, click.Option) and param.help:
                    swap(param, "help", tr.pgettext(COMMAND, param.help))

        def gettext(message: str) -> str:
            return tr.pgettext(CLICK, message)

        def ngettext(singular: str, plural: str, n: int) -> str:
            return tr.npgettext(CLICK, singular, plural, n)

        for name in CLICK_MODULES:
            module = importlib.import_module(name)
            if hasattr(module, "_"):
                swap(module, "_", gettext)
            if hasattr(module, "ngettext"):
                swap(module, "ngettext", ngettext)
        yield
    finally:
        for target, attribute, value in reversed(saved):
            setattr(target, attribute, value)
            if attribute == "help":
                SOURCE_HELP.pop(id(target), None)


class LanguageAware:
    """A click command whose run (help and usage errors included) is in the language
    its arguments or the environment ask for."""

    def main(self, args=None, *rest, **options):
        argv = list(sys.argv[1:] if args is None else args)
        with in_language(self, argv_language(argv)):  # type: ignore[arg-type]
            return super().main(argv, *rest, **options)  # type: ignore[misc]


class LanguageGroup(LanguageAware, click.Group):
    pass


class LanguageCommand(LanguageAware, click.Command):
    pass
