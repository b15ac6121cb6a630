"""`ba report RESULTS... --out DIR`: a balance report (HTML and PNG) from simulation records."""

from __future__ import annotations

import click

from ..dsl.i18n import N_, translator
from ..dsl.loader import UsageError
from ..interpreter import report
from .common import chosen_language, guarded, lang_option

WRITTEN = N_("report written to {index} (figures beside it, as PNG files)")


@click.command(name="report")
@click.argument("results", nargs=-1, type=click.Path(dir_okay=False))
@click.option(
    "--out",
    "out_dir",
    required=True,
    type=click.Path(file_okay=False, writable=True),
    help="Folder for index.html and the figures (PNG files).",
)
@lang_option
@guarded
def report_command(results, out_dir, lang):
    """Write a balance report from the records of `ba simulate --out FILE.jsonl`.

    Win rates by seat and agent with confidence intervals, score distributions, game
    length, how games end, the cards and tiles most associated with winning; with
    several RESULTS, each compared to the first (two rulings, two editions, a mod
    against the base game). Needs matplotlib (pip install 'black-angel-rules[report]').
    """
    if not results:
        raise UsageError("give at least one results file (ba simulate --out FILE.jsonl)")
    tr = translator(chosen_language(lang))
    try:
        index = report.write_report(list(results), out_dir, tr)
    except report.ReportUnavailable as exc:
        raise UsageError(str(exc)) from exc
    except OSError as exc:
        raise UsageError(f"cannot read or write: {exc}") from exc
    except (ValueError, KeyError, TypeError) as exc:
        raise UsageError(f"not simulation records: {exc}") from exc
    click.echo(tr.gettext(WRITTEN).format(index=index))
    return 0
