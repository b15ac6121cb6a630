"""`ba-lint`: check a rule set the way a compiler would."""

from __future__ import annotations

import json
from typing import Any

import click

from ..dsl import provenance
from ..dsl.compiler import compile_paths
from ..dsl.diagnostics import CODES, ERROR, WARNING, render_json, render_text
from ..dsl.loader import UsageError
from .common import color_option, format_options, guarded, run, version_option

EPILOG = """\b
Examples:
  ba-lint                         lint the shipped Black Angel content
  ba-lint mymod/                  lint a complete rule set (a copy of content/ with changes)
  ba-lint --base extra.ba         layer extra.ba on the shipped content, then lint
  ba-lint --format json           machine-readable diagnostics
  ba-lint --provenance            list inferred and reconstructed values, count every origin
  ba-lint --list-codes            what each diagnostic code means

\b
Exit codes: 0 no errors (warnings allowed unless --strict), 1 problems found, 2 usage error.
"""


@click.command(name="lint", epilog=EPILOG, context_settings={"help_option_names": ["-h", "--help"]})
@click.argument("paths", nargs=-1, type=click.Path())
@click.option(
    "--base",
    is_flag=True,
    help="Layer PATHS on the shipped content (a mod that adds or replaces declarations).",
)
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
@color_option
@version_option("ba-lint")
@guarded
def lint_command(paths, base, fmt, strict, show_provenance, list_codes):
    """Check .ba rule files: syntax, names, types, counts and the effect graph.

    With no PATHS, lints the rule set shipped with this package. Every problem is
    reported in one run, as file:line:col with the source line, a caret and a hint.
    """
    if list_codes:
        _print_codes(fmt)
        return 0
    if base and not paths:
        raise UsageError("--base needs at least one PATH to layer on the shipped content")
    result = compile_paths(list(paths), on_base=base)
    diags = result.diagnostics
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
        data = json.loads(render_json(diags, summary))
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
        click.echo(json.dumps(data, indent=2))
    else:
        for diag in diags:
            click.echo(render_text(diag, result.lines))
        if show_provenance:
            _print_provenance(found)
        if on_base is not None:
            click.echo(_base_note(paths, on_base))
        if result.skipped_semantics:
            click.echo(
                "note: name, type and graph checks skipped until the syntax errors are fixed"
            )
        colour = "red" if problems else "yellow" if warnings else "green"
        click.echo(click.style(_summary_line(summary), fg=colour, bold=True))
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


def _base_note(paths, on_base: dict[str, int]) -> str:
    command = "ba-lint --base " + " ".join(paths)
    if on_base["errors"] == 0:
        return (
            "note: these files are a mod of the shipped rules, not a complete rule set: "
            f"`{command}` lints them on the shipped content, and finds no error"
        )
    return (
        "note: these files have no game declaration; layered on the shipped rules "
        f"(`{command}`) they have {on_base['errors']} error(s)"
    )


def _summary_line(summary: dict) -> str:
    errors, warnings = summary["errors"], summary["warnings"]
    head = f"{summary['files']} files, {summary['declarations']} declarations"
    if not errors and not warnings:
        return f"{head}: no problems"
    return f"{head}: {errors} error{'s' * (errors != 1)}, {warnings} warning{'s' * (warnings != 1)}"


def _print_provenance(found) -> None:
    for origin in found:
        if origin.reason is not None:
            click.echo(f"{origin.where}: {origin.declaration}: {origin.shown}")
            click.echo(f"    {origin.kind}: {origin.reason}")
    summary = provenance.summary(found)
    click.echo("provenance by kind of declaration:")
    width = max(len(c) for c in summary["by_category"]) if summary["by_category"] else 0
    for category, counts in summary["by_category"].items():
        parts = ", ".join(f"{counts[k]} {k}" for k in provenance.KINDS if counts[k])
        click.echo(f"  {category:<{width}}  {parts}")
    click.echo(
        f"provenance: {summary['values']} values, {summary['printed']} printed in the rulebooks, "
        f"{summary['inferred']} inferred, {summary['reconstructed']} reconstructed, "
        f"{summary['decision']} decided by rulings"
    )


def _print_codes(fmt: str) -> None:
    if fmt == "json":
        click.echo(
            json.dumps({c: {"severity": s, "meaning": m} for c, (s, m) in CODES.items()}, indent=2)
        )
        return
    for code, (severity, meaning) in CODES.items():
        click.echo(f"{code}  {severity:<7}  {meaning}")


def main(argv=None) -> None:
    run(lint_command, "ba-lint", argv)


if __name__ == "__main__":
    main()
