"""`ba scenario FILE...`: play scenario files and check what they expect."""

from __future__ import annotations

import json

import click

from ..dsl.loader import UsageError
from ..interpreter import scenario as scenarios
from .common import format_options, guarded
from .rules import game_data, rules_options


@click.command(name="scenario")
@click.argument("files", nargs=-1, type=click.Path(dir_okay=False))
@format_options(what="the results")
@rules_options
@guarded
def scenario_command(files, fmt, rules):
    """Play scenario files (TOML) and check their expectations.

    \b
    A scenario sets up a game and plays a few choices:
      players = 3            seed = 1
      [rulings]              NAME = "OPTION"  (see ba rulings)
      [[set]]                path = "players.0.vp"  value = 5
      [[step]]               player = 1  choose_label = "sequence a"
      [[expect]]             path = "players.0.vp"  equals = 7

    A card a value names is taken from where it lay, and the cards it
    replaces go back (pushed_out = "home", "discarded" or "removed"), so
    every card keeps its count. A game written in the language also takes:

    \b
      [[set]]  player = 1  hand = ["shot", "repair"]  (copies from the decks)
      [[set]]  at = "b2"  piece = "drone"  damage = 0  (a grid cell, or "none")
      [[set]]  path = "cards.decks.threats"  top = ["blank", "activation"]

    Prints PASS or FAIL per file with what differed. Exit 0 when all pass,
    1 when an expectation fails, 2 when a file cannot be used.
    """
    if not files:
        raise UsageError("give at least one scenario file (e.g. ba scenario my_position.toml)")
    data = game_data(rules)
    results = [scenarios.run_file(data, path) for path in files]
    counts = {s: sum(r.status == s for r in results) for s in ("pass", "fail", "error")}
    if fmt == "json":
        click.echo(json.dumps({"results": [r.to_json() for r in results], "summary": counts}))
    else:
        for result in results:
            click.echo(scenarios.render(result))
        click.echo(
            f"{len(results)} scenario(s): {counts['pass']} passed, {counts['fail']} failed, "
            f"{counts['error']} unusable"
        )
    if counts["error"]:
        return 2
    return 1 if counts["fail"] else 0
