"""`ba report RESULTS... --out DIR`: a balance report (HTML and PNG) from simulation records."""

from __future__ import annotations

import click

from ..dsl.i18n import N_, translator
from ..dsl.loader import UsageError
from ..interpreter import report
from ..interpreter.files import check_output
from .common import chosen_language, force_option, guarded, lang_option

WRITTEN = N_("report written to {index} (figures beside it, as PNG files)")


@click.command(name="report")
@click.argument("results", nargs=-1, type=click.Path(dir_okay=False))
@click.option(
    "--out",
    "out_dir",
    required=True,
    type=click.Path(file_okay=False, writable=True),
    help="Folder for index.html and the figures (PNG files), built next to it and moved "
    "into place when complete.",
)
@force_option("the --out folder", folder=True)
@lang_option
@guarded
def report_command(results, out_dir, force, lang):
    """Write a balance report from the records of `ba simulate --out FILE.jsonl`.

    Win rates by seat and agent with confidence intervals, score distributions, game
    length, how games end, the cards and tiles most associated with winning; with
    several RESULTS, each compared to the first (two rulings, two editions, a mod
    against the base game). Needs matplotlib (pip install 'black-angel-rules[report]').
    """
    if not results:
        raise UsageError("give at least one results file (ba simulate --out FILE.jsonl)")
    tr = translator(chosen_language(lang))
    check_output(out_dir, UsageError, force, folder=True)  # before reading every record
    try:
        index = report.write_report(list(results), out_dir, tr, force)
    except report.ReportUnavailable as exc:
        raise UsageError(str(exc)) from exc
    click.echo(tr.gettext(WRITTEN).format(index=index))
    return 0
