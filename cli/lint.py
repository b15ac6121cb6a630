"""`ba-lint`: check a rule set the way a compiler would."""

from __future__ import annotations

import json
from typing import Any

import click

from ..dsl import catalogs, provenance
from ..dsl.compiler import compile_paths
from ..dsl.diagnostics import CODES, ERROR, WARNING, render_json, render_text
from ..dsl.extract import ORIGIN
from ..dsl.i18n import N_, NN_, Translator, mod_locale_dirs, translator
from ..dsl.loader import UsageError
from .common import (
    chosen_language,
    color_option,
    format_options,
    guarded,
    lang_option,
    run,
    version_option,
)
from .help_language import LanguageCommand
from .rules import GAME_HELP, Rules

NO_PROBLEMS = N_("{files} files, {declarations} declarations: no problems")
PROBLEMS = N_("{files} files, {declarations} declarations: {errors}, {warnings}")
ERRORS = NN_("{count} error", "{count} errors")
WARNINGS = NN_("{count} warning", "{count} warnings")
SKIPPED = N_("note: name, type and graph checks skipped until the syntax errors are fixed")
A_MOD = N_(
    "note: these files are a mod of the shipped rules, not a complete rule set: "
    "`{command}` lints them on the shipped content, and finds no error"
)
NO_GAME = NN_(
    "note: these files have no game declaration; layered on the shipped rules "
    "(`{command}`) they have {count} error",
    "note: these files have no game declaration; layered on the shipped rules "
    "(`{command}`) they have {count} errors",
)
PROVENANCE_HEADING = N_("provenance by kind of declaration:")
PROVENANCE_COUNT = N_("{count} {kind}")
PROVENANCE_TOTAL = N_(
    "provenance: {values} values, {printed} printed in the rulebooks, {inferred} inferred, "
    "{reconstructed} reconstructed, {decision} decided by rulings, {mod} from the mod"
)

EPILOG = """\b
Examples:
  ba-lint                         lint the shipped Black Angel content
  ba-lint mymod/                  lint a complete rule set (a copy of content/ with changes)
  ba-lint --base extra.ba         layer extra.ba on the shipped content, then lint
  ba-lint --game NAME             lint a registered game's own rules (ba games lists them)
  ba-lint --game NAME --base extra.ba   layer extra.ba on that game's rules, then lint
  ba-lint --format json           machine-readable diagnostics
  ba-lint --provenance            list inferred and reconstructed values, count every origin
  ba-lint --list-codes            what each diagnostic code means

\b
Exit codes: 0 no errors (warnings allowed unless --strict), 1 problems found, 2 usage error.
"""


@click.command(
    name="lint",
    cls=LanguageCommand,
    epilog=EPILOG,
    context_settings={"help_option_names": ["-h", "--help"]},
)
@click.argument("paths", nargs=-1, type=click.Path())
@click.option(
    "--base",
    is_flag=True,
    help="Layer PATHS on the game's rules: the shipped content, or --game's (a mod that adds "
    "or replaces declarations).",
)
@click.option("--game", "game_name", metavar="NAME", help=GAME_HELP)
@format_options(what="the diagnostics")
@click.option("--strict", is_flag=True, help="Treat warnings as problems (exit 1).")
@click.option(
    "--provenance",
    "show_provenance",
    is_flag=True,
    help="List inferred and reconstructed values with their reasons, and count the values "
    "printed in the rulebooks, inferred, reconstructed and decided by rulings.",
)
@click.option(
    "--list-codes", is_flag=True, help="Print every diagnostic code with its meaning and exit."
)
@lang_option
@color_option
@version_option("ba-lint")
@guarded
def lint_command(paths, base, game_name, fmt, strict, show_provenance, list_codes, lang):
    """Check .ba rule files: syntax, names, types, counts and the effect graph.

    With no PATHS, lints the rule set shipped with this package. Every problem is
    reported in one run, as file:line:col with the source line, a caret and a hint.
    """
    if base and not paths:
        raise UsageError("--base needs at least one PATH to layer on the game's rules")
    rules = Rules(game_name, tuple(paths), base)
    locale_paths = rules.locale_paths()
    tr = translator(chosen_language(lang, locale_paths), mod_locale_dirs(locale_paths))
    if list_codes:
        _print_codes(fmt, tr)
        return 0
    result = rules.compile()
    paths, base, under = rules.sources()
    catalog_diags, notes = catalogs.lint([p for p in locale_paths if p not in under], under)
    diags = sorted(result.diagnostics + catalog_diags, key=lambda d: d.sort_key())
    errors = sum(1 for d in diags if d.severity == ERROR)
    warnings = sum(1 for d in diags if d.severity == WARNING)
    problems = errors + (warnings if strict else 0)
    decl_count = len(result.ruleset.decls) if result.ruleset else 0
    summary: dict[str, Any] = {
        "files": len(result.lines),
        "declarations": decl_count,
        "errors": errors,
        "warnings": warnings,
        "content_hash": result.ruleset.content_hash if result.ruleset else None,
    }
    on_base = _try_on_base(paths, base, result)
    if on_base is not None:
        summary["with_base"] = on_base
    found = []
    if show_provenance and result.ruleset is not None:
        found = provenance.origins(result.ruleset.decls, result.lines)
        summary["provenance"] = provenance.summary(found)
    if fmt == "json":
        data = json.loads(render_json(diags, summary, tr))
        if notes:
            data["notes"] = [note.render(tr) for note in notes]
        if show_provenance:
            for kind in ("inferred", "reconstructed"):
                data[kind] = [
                    {
                        "where": o.where,
                        "declaration": o.declaration,
                        "line": o.shown,
                        "reason": o.reason,
                    }
                    for o in found
                    if o.kind == kind
                ]
        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
    else:
        for diag in diags:
            click.echo(render_text(diag, result.lines, tr))
        if show_provenance:
            _print_provenance(found, tr)
        if on_base is not None:
            click.echo(_base_note(paths, on_base, tr))
        if result.skipped_semantics:
            click.echo(tr.gettext(SKIPPED))
        for note in notes:
            click.echo(note.render(tr))
        colour = "red" if problems else "yellow" if warnings else "green"
        click.echo(click.style(_summary_line(summary, tr), fg=colour, bold=True))
    return 1 if problems else 0


def _try_on_base(paths, base: bool, result) -> dict[str, int] | None:
    """Files without a `game` declaration linted on their own are often a mod of the
    shipped rules: lint them on the shipped content too, and count what is left."""
    ruleset = result.ruleset
    if base or not paths or ruleset is None or not ruleset.decls or ruleset.single("game"):
        return None
    layered = compile_paths(list(paths), on_base=True)
    return {
        "errors": len(layered.errors),
        "warnings": sum(1 for d in layered.diagnostics if d.severity == WARNING),
    }


def _base_note(paths, on_base: dict[str, int], tr: Translator) -> str:
    command = "ba-lint --base " + " ".join(paths)
    errors = on_base["errors"]
    if errors == 0:
        return tr.gettext(A_MOD).format(command=command)
    return tr.plural(NO_GAME, errors).format(command=command, count=errors)


def _summary_line(summary: dict, tr: Translator) -> str:
    errors, warnings = summary["errors"], summary["warnings"]
    values = {"files": summary["files"], "declarations": summary["declarations"]}
    if not errors and not warnings:
        return tr.gettext(NO_PROBLEMS).format(**values)
    return tr.gettext(PROBLEMS).format(
        errors=tr.plural(ERRORS, errors).format(count=errors),
        warnings=tr.plural(WARNINGS, warnings).format(count=warnings),
        **values,
    )


def _print_provenance(found, tr: Translator) -> None:
    for origin in found:
        if origin.reason is not None:
            click.echo(f"{origin.where}: {origin.declaration}: {origin.shown}")
            reason = tr.pgettext(ORIGIN, origin.reason)  # as the reference shows it
            click.echo(f"    {tr.pgettext('provenance', origin.kind)}: {reason}")
    summary = provenance.summary(found)
    click.echo(tr.gettext(PROVENANCE_HEADING))
    width = max(len(c) for c in summary["by_category"]) if summary["by_category"] else 0
    for category, counts in summary["by_category"].items():
        parts = tr.plain_list(
            [
                tr.gettext(PROVENANCE_COUNT).format(
                    count=counts[k], kind=tr.pgettext("provenance", k)
                )
                for k in provenance.KINDS
                if counts[k]
            ]
        )
        click.echo(f"  {category:<{width}}  {parts}")
    click.echo(tr.gettext(PROVENANCE_TOTAL).format(**summary))


def _print_codes(fmt: str, tr: Translator) -> None:
    if fmt == "json":
        click.echo(
            json.dumps(
                {c: {"severity": s, "meaning": tr.gettext(m)} for c, (s, m) in CODES.items()},
                indent=2,
                ensure_ascii=False,
            )
        )
        return
    for code, (severity, meaning) in CODES.items():
        shown = tr.pgettext("severity", severity)
        click.echo(f"{code}  {shown:<7}  {tr.gettext(meaning)}")


def main(argv=None) -> None:
    run(lint_command, "ba-lint", argv)


if __name__ == "__main__":
    main()
