"""Choosing and compiling the rule set a command works on: `--rules PATH` and `--base`."""

from __future__ import annotations

import click

from ..dsl.compiler import RuleSet, compile_paths
from ..dsl.diagnostics import render_text
from ..dsl.i18n import SOURCE_LANGUAGE
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


def compiled(rules_paths=(), base=False) -> RuleSet:
    """Compile the chosen rule set; refuse to go on if it has errors."""
    if base and not rules_paths:
        raise UsageError("--base needs --rules")
    result = compile_paths(list(rules_paths), on_base=base)
    if result.ruleset is None or result.errors:
        for diag in result.errors[:20]:
            click.echo(render_text(diag, result.lines), err=True)
        raise UsageError(
            f"the rule set has {len(result.errors)} errors; run ba-lint for all problems"
        )
    return result.ruleset


def game_data(rules_paths=(), base=False, lang: str = SOURCE_LANGUAGE) -> Program:
    """The chosen rule set, compiled and built into the data the engine plays with, its
    texts in a language."""
    return build(compiled(rules_paths, base), lang)
