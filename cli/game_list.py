"""`ba games`: the registered games, each with its title, player counts and where its rules
are, so that a person knows the names `--game NAME` takes (dsl/games.py registers them)."""

from __future__ import annotations

import json

import click

from ..dsl import games
from ..dsl.compiler import compile_paths
from ..dsl.i18n import N_, NN_, translator
from ..dsl.loader import CONTENT_DIR
from ..interpreter.program import build
from .common import chosen_language, format_options, guarded, lang_option

GAME_LINE = N_("{name}: {title}, {players} players; rules: {rules}")
DEFAULT_MARK = N_("{line} (the default game)")
NO_RULES = N_(
    "{name}: a game module with no rules of its own; it plays the rules given with --rules "
    "whose game declaration names it (module {name})"
)
BROKEN = NN_(
    "{name}: its rules in {rules} have {count} error (ba-lint --game {name})",
    "{name}: its rules in {rules} have {count} errors (ba-lint --game {name})",
)
CHOOSE = N_("choose one with --game NAME (e.g. ba play --game {name})")


def describe(name: str) -> dict:
    """What `ba games` says of one game: its module, its rules (None: it has none of its own)
    and, from them, its title and player counts (errors: how many its rules have)."""
    module = games.load(name)
    folder = games.rules_folder(name)
    found: dict = {"name": name, "module": module.name, "default": False, "rules": None}
    if folder is None and not module.default:
        return found
    found["default"] = folder is None
    found["rules"] = str(folder or CONTENT_DIR)
    result = compile_paths([folder] if folder is not None else None)
    if result.ruleset is None or result.errors:
        found["errors"] = len(result.errors)
        return found
    program = build(result.ruleset)
    found.update(title=program.title, players=program.player_counts(), errors=0)
    return found


@click.command(name="games")
@format_options(what="the list")
@lang_option
@guarded
def games_command(fmt, lang):
    """List the registered games: title, player counts and where the rules are.

    Every command that reads rules takes one of these names with --game NAME (without it,
    the default game); a game is registered through the entry-point group
    `blackangel.games` (see the README of the package).
    """
    tr = translator(chosen_language(lang))
    found = [describe(name) for name in games.available()]
    if fmt == "json":
        click.echo(json.dumps(found, indent=2, ensure_ascii=False))
        return 0
    for game in found:
        name, rules = game["name"], game["rules"]
        if rules is None:
            click.echo(tr.gettext(NO_RULES).format(name=name))
            continue
        if game["errors"]:
            line = tr.plural(BROKEN, game["errors"])
            click.echo(line.format(name=name, rules=rules, count=game["errors"]))
            continue
        counts = game["players"]
        contiguous = counts == list(range(counts[0], counts[-1] + 1))
        players = f"{counts[0]}-{counts[-1]}" if contiguous else ", ".join(map(str, counts))
        line = tr.gettext(GAME_LINE).format(
            name=click.style(name, bold=True), title=game["title"], players=players, rules=rules
        )
        click.echo(tr.gettext(DEFAULT_MARK).format(line=line) if game["default"] else line)
    playable = [g["name"] for g in found if g["rules"] is not None]
    if playable:
        click.echo(tr.gettext(CHOOSE).format(name=playable[-1]))
    return 0
