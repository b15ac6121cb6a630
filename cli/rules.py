"""Choosing and compiling the rule set a command works on: `--rules PATH` and `--base`."""

from __future__ import annotations

import click

from ..dsl.compiler import RuleSet, compile_paths
from ..dsl.diagnostics import render_text
from ..dsl.i18n import N_, NN_, SOURCE_LANGUAGE, translator
from ..dsl.loader import UsageError
from ..interpreter.program import Program, build

RULES_OPTIONS = [
    click.option(
        "--rules",
        "rules_paths",
        multiple=True,
        type=click.Path(),
        help="Use these .ba files or directories instead of the shipped content (repeatable).",
    ),
    click.option(
        "--base", is_flag=True, help="Layer --rules on the shipped content instead of replacing it."
    ),
]


def rules_options(func):
    """Add --rules and --base; the command receives rules_paths and base."""
    for option in reversed(RULES_OPTIONS):
        func = option(func)
    return func


RULE_SET_ERRORS = NN_(
    "the rule set has {count} error; run ba-lint for all problems",
    "the rule set has {count} errors; run ba-lint for all problems",
)
BASE_NEEDS_RULES = N_("--base needs --rules")


def compiled(rules_paths=(), base=False, lang: str = SOURCE_LANGUAGE) -> RuleSet:
    """Compile the chosen rule set; refuse to go on if it has errors (shown in a language)."""
    tr = translator(lang)
    if base and not rules_paths:
        raise UsageError(tr.gettext(BASE_NEEDS_RULES))
    result = compile_paths(list(rules_paths), on_base=base)
    if result.ruleset is None or result.errors:
        for diag in result.errors[:20]:
            click.echo(render_text(diag, result.lines, tr), err=True)
        count = len(result.errors)
        raise UsageError(tr.plural(RULE_SET_ERRORS, count).format(count=count))
    return result.ruleset


def game_data(rules_paths=(), base=False, lang: str = SOURCE_LANGUAGE) -> Program:
    """The chosen rule set, compiled and built into the data the engine plays with, its
    texts in a language."""
    return build(compiled(rules_paths, base, lang), lang)
