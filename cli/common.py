"""What every command shares: usage errors become exit code 2, never a traceback."""

from __future__ import annotations

import functools
import sys

import click

from ..dsl.loader import UsageError


def guarded(func):
    """Run a command body; map known failures to messages and exit codes.

    The body returns its exit code. Usage errors exit 2; an unexpected internal
    error is reported in one line (exit 2) instead of a traceback.
    """

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        try:
            code = func(*args, **kwargs)
        except UsageError as exc:
            click.echo(f"error: {exc}", err=True)
            code = 2
        except (BrokenPipeError, KeyboardInterrupt):
            code = 1
        except Exception as exc:  # the promise: no traceback for users
            click.echo(
                f"internal error: {type(exc).__name__}: {exc} (please report this)", err=True
            )
            code = 2
        sys.exit(code or 0)

    return wrapper


def run(command: click.Command, prog_name: str, argv=None) -> None:
    """Run a click command; click's own usage errors exit 2 with its message."""
    try:
        command.main(args=argv, prog_name=prog_name, standalone_mode=False)
    except click.exceptions.UsageError as exc:
        exc.show()
        sys.exit(2)
    except click.exceptions.Abort:
        sys.exit(1)
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
