"""`ba fmt`: lay out `.ba` files as the shipped ones are (cli/lsp_format.py, the layout the
language server's formatting gives), in place, or only say which would change."""

from __future__ import annotations

import contextlib
import difflib
import json
import os
import tempfile
from pathlib import Path

import click

from ..dsl.i18n import N_, NN_, translator
from ..dsl.loader import UsageError, find_files
from ..dsl.parser import MAX_FILE_BYTES
from ..interpreter.files import read_text
from .common import chosen_language, format_options, guarded, lang_option
from .lsp_format import formatted

WOULD_CHANGE = N_("would lay out again: {file}")
LAID_OUT = N_("laid out again: {file}")
CANNOT = N_("cannot lay out {file}: it does not parse (ba-lint {file} says why)")
SUMMARY = NN_(
    "{changed} of {count} file laid out again",
    "{changed} of {count} files laid out again",
)
CHECK_SUMMARY = NN_(
    "{changed} of {count} file would be laid out again",
    "{changed} of {count} files would be laid out again",
)


def _replace(path: Path, text: str) -> None:
    """Write the file's new text beside it, then rename it over the file (atomic): the file
    is its old text or its new one, never half of either; its permissions are kept."""
    mode = path.stat().st_mode & 0o7777
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
        os.chmod(temporary, mode)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)
        raise


@click.command(name="fmt")
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=str))
@click.option("--check", is_flag=True, help="Write nothing; exit 1 if a file would change.")
@click.option("--diff", is_flag=True, help="Write nothing; print what would change as a diff.")
@format_options(what="the files and what happened to each")
@lang_option
@guarded
def fmt_command(paths, check, diff, fmt, lang):
    """Lay out .ba files as the shipped rules are laid out.

    Indentation of two spaces per open block (four more for a line that goes on the
    line before), no trailing spaces, one blank line at most, one newline at the end;
    nothing inside a line changes. A file that does not parse is left alone (exit 1).
    The files named, or every .ba file under the folders named, are rewritten in place
    (each atomically); with --check or --diff nothing is written. Exit 0 when every
    file is laid out (or was just laid out), 1 when a file would change (--check,
    --diff) or does not parse, 2 for a usage error.
    """
    tr = translator(chosen_language(lang))
    files = find_files(list(paths))
    found: list[dict] = []
    for path in files:
        text = read_text(path, "a rules file", UsageError, MAX_FILE_BYTES)
        laid_out = formatted(text, str(path))
        state = "broken" if laid_out is None else "same" if laid_out == text else "changed"
        found.append({"file": str(path), "state": state})
        if state == "changed" and diff:
            lines = difflib.unified_diff(
                text.splitlines(keepends=True),
                (laid_out or "").splitlines(keepends=True),
                fromfile=str(path),
                tofile=str(path),
            )
            if fmt == "text":
                click.echo("".join(lines), nl=False)
        elif state == "changed" and not check:
            _replace(path, laid_out or "")
    changed = sum(f["state"] == "changed" for f in found)
    broken = [f["file"] for f in found if f["state"] == "broken"]
    if fmt == "json":
        click.echo(json.dumps({"written": not (check or diff), "files": found}, indent=2))
    else:
        for entry in found:
            if entry["state"] == "broken":
                click.echo(tr.gettext(CANNOT).format(file=entry["file"]), err=True)
            elif entry["state"] == "changed" and not diff:
                template = WOULD_CHANGE if check else LAID_OUT
                click.echo(tr.gettext(template).format(file=entry["file"]))
        summary = CHECK_SUMMARY if check or diff else SUMMARY
        line = tr.plural(summary, len(files)).format(changed=changed, count=len(files))
        click.echo(line, err=diff)  # beside a diff, on stderr: the diff alone can be applied
    return 1 if broken or ((check or diff) and changed) else 0
