"""What every command shares: usage errors become exit code 2 and a Ctrl-C exit code
130, never a traceback; the --format, --color and --version options."""

from __future__ import annotations

import functools
import importlib.metadata
import os
import sys

import click
from click.core import ParameterSource

from ..dsl.errors import EngineError
from ..dsl.i18n import available_languages, default_language, mod_locale_dirs
from ..dsl.loader import UsageError
from .help_language import argv_language, in_language

INTERRUPTED = 130  # 128 + SIGINT: what a shell reports for a program stopped by Ctrl-C
DISTRIBUTION = "black-angel-rules"  # the project name in pyproject.toml


def package_version() -> str:
    """The installed version, which is the version in pyproject.toml."""
    return importlib.metadata.version(DISTRIBUTION)


def format_options(formats=("text", "json"), default="text", what="the output"):
    """`--format` and its shorthand `--json`; the command receives `fmt`.

    `--json` is the same as `--format json`; given with another --format it is a
    usage error rather than a silent choice.
    """

    def decorate(func):
        @functools.wraps(func)
        def wrapper(*args, fmt, as_json, **kwargs):
            if as_json and fmt != "json":
                if click.get_current_context().get_parameter_source("fmt") != (
                    ParameterSource.DEFAULT
                ):
                    raise click.BadOptionUsage(
                        "as_json", f"--json means --format json; it contradicts --format {fmt}"
                    )
                fmt = "json"
            return func(*args, fmt=fmt, **kwargs)

        wrapper = click.option("--json", "as_json", is_flag=True, help="Same as --format json.")(
            wrapper
        )
        return click.option(
            "--format",
            "fmt",
            type=click.Choice(formats),
            default=default,
            show_default=True,
            help=f"Format of {what}.",
        )(wrapper)

    return decorate


LANG_HELP = (
    "Language of the text: en, pl or de, or another that a mod's catalogs add "
    "(default: the environment's LANGUAGE, LC_ALL, LC_MESSAGES or LANG, else English)."
)
GROUP_LANG = "blackangel.lang"  # where `ba --lang LANG` keeps the language for its commands


def force_option(what: str, folder: bool = False):
    """`--force`: replace an existing output (the command receives `force`). Without it
    an existing file or symbolic link (for a folder: a non-empty folder or a symbolic
    link) is refused (interpreter/files.py)."""
    refused = "a non-empty folder or a symbolic link" if folder else "a file or symbolic link"
    return click.option(
        "--force",
        is_flag=True,
        help=f"Replace {what} if it exists (without it, {refused} there is refused; the "
        "old one stays until the new one is complete).",
    )


def lang_option(func):
    """`--lang LANG`: the language of the text a person reads (cards, decisions, the log,
    rulings, messages). The command receives `lang` (None: not given, neither to the
    command nor to the group, as in `ba --lang pl cards`); `chosen_language` checks it."""

    def inherit(ctx: click.Context, _param, value: str | None) -> str | None:
        return value if value is not None else ctx.meta.get(GROUP_LANG)

    return click.option(
        "--lang", "lang", metavar="LANG", default=None, callback=inherit, help=LANG_HELP
    )(func)


def group_lang_option(func):
    """`ba --lang LANG COMMAND`: the language for the command, as its own --lang (which
    wins when both are given)."""

    def keep(ctx: click.Context, _param, value: str | None) -> None:
        if value is not None:
            ctx.meta[GROUP_LANG] = value

    return click.option(
        "--lang", metavar="LANG", default=None, expose_value=False, callback=keep, help=LANG_HELP
    )(func)


def chosen_language(lang: str | None, rules_paths=()) -> str:
    """The language asked for, which must have a catalog (shipped or next to the rules
    given), or the environment's language, or English. A language with no catalog is a
    usage error naming those that have one."""
    available = available_languages(mod_locale_dirs(rules_paths))
    if lang is None:
        return default_language(available)
    if lang not in available:
        raise UsageError(
            f"there is no catalog for the language '{lang}'; languages: {', '.join(available)}"
        )
    return lang


def color_option(func):
    """`--color auto|always|never`, applied through click's context.

    Every click.echo and click.style of the command then follows it: `auto` colours
    a terminal only, and a non-empty NO_COLOR environment variable (no-color.org)
    makes `auto` mean never. A subcommand without its own --color follows the
    group's (`ba --color always lint`).
    """

    def apply(ctx: click.Context, param: click.Parameter, value: str) -> None:
        given = ctx.get_parameter_source(param.name) != ParameterSource.DEFAULT
        if value == "always":
            ctx.color = True
        elif value == "never":
            ctx.color = False
        elif given or ctx.color is None:  # auto, unless a parent command chose already
            ctx.color = False if os.environ.get("NO_COLOR") else None

    return click.option(
        "--color",
        type=click.Choice(["auto", "always", "never"]),
        default="auto",
        show_default=True,
        expose_value=False,
        is_eager=True,
        callback=apply,
        help="Colour the output: auto colours a terminal unless NO_COLOR is set.",
    )(func)


def version_option(prog_name: str):
    """`--version`: print "PROG VERSION" and exit."""

    def show(ctx: click.Context, _param, value: bool) -> None:
        if value and not ctx.resilient_parsing:
            click.echo(f"{prog_name} {package_version()}")
            ctx.exit()

    return click.option(
        "--version",
        is_flag=True,
        expose_value=False,
        is_eager=True,
        callback=show,
        help="Show the version and exit.",
    )


def interrupted(newline: bool | None = None) -> int:
    """Report a Ctrl-C in one line on stderr and return the exit code for it.

    On a terminal the line starts on a fresh line, after the echoed ^C.
    """
    if newline is None:
        newline = sys.stderr.isatty()
    click.echo(("\n" if newline else "") + "interrupted", err=True)
    return INTERRUPTED


def guarded(func):
    """Run a command body; map known failures to messages and exit codes.

    The body returns its exit code. Usage errors, and any other error of the project's
    family (a saved state, a scenario, rules that cannot be played), exit 2 with their
    message; Ctrl-C exits 130 with one line; an unexpected internal error is reported
    in one line (exit 2) instead of a traceback.
    """

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        try:
            code = func(*args, **kwargs)
        except EngineError as exc:  # UsageError among them
            click.echo(f"error: {exc}", err=True)
            code = 2
        except KeyboardInterrupt:
            code = interrupted()
        except BrokenPipeError:
            code = 1
        except Exception as exc:  # the promise: no traceback for users
            click.echo(
                f"internal error: {type(exc).__name__}: {exc} (please report this)", err=True
            )
            code = 2
        sys.exit(code or 0)

    return wrapper


def run(command: click.Command, prog_name: str, argv=None) -> None:
    """Run a click command; click's own usage errors exit 2 with its message (in the
    language asked for, as the help).

    A Ctrl-C outside a command body (while click parses, or in a prompt) exits 130.
    """
    argv = list(sys.argv[1:] if argv is None else argv)
    with in_language(command, argv_language(argv)):
        _run(command, prog_name, argv)


def _run(command: click.Command, prog_name: str, argv: list[str]) -> None:
    try:
        command.main(args=argv, prog_name=prog_name, standalone_mode=False)
    except click.exceptions.UsageError as exc:
        exc.show()
        sys.exit(2)
    except click.exceptions.Abort as exc:
        # click turns a KeyboardInterrupt into Abort after echoing a newline to stderr
        if isinstance(exc.__cause__ or exc.__context__, KeyboardInterrupt):
            sys.exit(interrupted(newline=False))
        sys.exit(1)
    except KeyboardInterrupt:
        sys.exit(interrupted())
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
