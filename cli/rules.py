"""Choosing and compiling the rule set a command works on: `--game NAME`, `--rules PATH`
and `--base`.

`--game NAME` loads a registered game's own rules (dsl/games.py): the shipped content
for the default game, the folder of a game registered by its folder. `--rules` replaces
them; with `--base`, `--rules` is layered on them instead (a mod: on the shipped content,
or with `--game`, on that game's rules). `--game` with `--rules` but no `--base` is refused:
the game's rules would be replaced, so the name would choose nothing.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

import click

from ..dsl import games
from ..dsl.compiler import RuleSet, compile_paths
from ..dsl.diagnostics import render_text
from ..dsl.i18n import N_, NN_, SOURCE_LANGUAGE, translator
from ..dsl.loader import UsageError
from ..interpreter.program import Program, build

GAME_HELP = (
    "Use the rules of this registered game (`ba games` lists them; default: the default "
    "game). With --rules and --base, layer those rules on this game's (a mod of it)."
)

RULES_OPTIONS = [
    click.option("--game", "game_name", metavar="NAME", help=GAME_HELP),
    click.option(
        "--rules",
        "rules_paths",
        multiple=True,
        type=click.Path(),
        help="Use these .ba files or directories instead of the game's rules (repeatable).",
    ),
    click.option(
        "--base",
        is_flag=True,
        help="Layer --rules on the game's rules (the shipped content, or --game's) instead "
        "of replacing them.",
    ),
]


@dataclass(frozen=True)
class Rules:
    """The rule set as the command line chose it; `sources` says which files that is
    (checked when the command runs, so that a bad choice is a one-line usage error)."""

    game: str | None = None  # --game
    paths: tuple[str, ...] = ()  # --rules (ba-lint: its PATHS)
    base: bool = False  # --base

    def sources(self) -> tuple[list[str], bool, list[str]]:
        """The paths to compile, whether they are layered, and what they are layered on
        (none: the shipped content); UsageError for a choice that makes no sense."""
        if self.base and not self.paths:
            raise UsageError(BASE_NEEDS_RULES)
        if self.game is None:
            return list(self.paths), self.base, []
        own = [str(p) for p in game_rules(self.game)]
        if not self.paths:
            return own, False, []
        if not self.base:
            raise UsageError(
                f"--game {self.game} with --rules: the rules given would replace the game's; "
                f"add --base to layer them on {self.game}'s rules, or leave out --game"
            )
        if not own:  # the default game: its rules are the shipped content
            return list(self.paths), True, []
        return list(self.paths), True, own

    def locale_paths(self) -> list[str]:
        """The rule files whose catalogs (a `locales` folder beside them) are read."""
        if self.base and not self.paths:
            return []  # refused when compiled, in the language of the messages
        paths, base, under = self.sources()
        return [*under, *paths] if base else paths

    def compile(self):
        paths, base, under = self.sources()
        return compile_paths(
            [Path(p) for p in paths], on_base=base, base_paths=[Path(p) for p in under] or None
        )


def game_rules(name: str) -> list[str]:
    """The rules of a registered game: its folder, or none for the default game (the
    shipped content); UsageError, with a did-you-mean, for a name that has none."""
    try:
        folder = games.rules_folder(name)
        default = games.default()
    except games.UnknownGame as exc:
        raise UsageError(f"unknown game '{exc.name}'; {exc.hint} (ba games lists them)") from None
    if folder is not None:
        return [str(folder)]
    if name == default:
        return []
    raise UsageError(
        f"the game module '{name}' has no rules of its own: it plays the rules given with "
        "--rules (ba games lists the games that have rules)"
    )


def rules_options(func):
    """Add --game, --rules and --base; the command receives `rules`, a Rules."""

    @functools.wraps(func)
    def wrapper(*args, game_name, rules_paths, base, **kwargs):
        return func(*args, rules=Rules(game_name, tuple(rules_paths), base), **kwargs)

    for option in reversed(RULES_OPTIONS):
        wrapper = option(wrapper)
    return wrapper


RULE_SET_ERRORS = NN_(
    "the rule set has {count} error; run ba-lint for all problems",
    "the rule set has {count} errors; run ba-lint for all problems",
)
BASE_NEEDS_RULES = N_("--base needs --rules")


def compiled(rules: Rules, lang: str = SOURCE_LANGUAGE) -> RuleSet:
    """Compile the chosen rule set; refuse to go on if it has errors (shown in a language)."""
    tr = translator(lang)
    try:
        result = rules.compile()
    except UsageError as exc:
        raise UsageError(tr.gettext(str(exc))) from None
    if result.ruleset is None or result.errors:
        for diag in result.errors[:20]:
            click.echo(render_text(diag, result.lines, tr), err=True)
        count = len(result.errors)
        raise UsageError(tr.plural(RULE_SET_ERRORS, count).format(count=count))
    return result.ruleset


def game_data(rules: Rules, lang: str = SOURCE_LANGUAGE) -> Program:
    """The chosen rule set, compiled and built into the data the engine plays with, its
    texts in a language."""
    return build(compiled(rules, lang), lang)
