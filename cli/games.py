"""`ba play` and `ba simulate`: seeded games between bots (or you)."""

from __future__ import annotations

import json
import statistics
import sys
import time
from collections import Counter

import click

from ..dsl.diagnostics import did_you_mean
from ..dsl.loader import UsageError
from ..interpreter import replay
from ..interpreter.agents import AGENTS, HumanAgent, play
from ..interpreter.engine import Engine
from ..interpreter.files import check_writable, read_text, write_text
from ..interpreter.narrate import log_lines, transcript
from ..interpreter.rulings import EDITIONS, RulingError, resolve
from .common import format_options, guarded
from .rules import game_data, rules_options


def parse_agents(spec: str, players: int, seed: int, human_seat: int | None) -> list:
    names = [n.strip() for n in spec.split(",") if n.strip()]
    unknown = [n for n in names if n not in AGENTS]
    if unknown or not names:
        raise UsageError(
            f"unknown agent '{unknown[0] if unknown else spec}'; agents: " + ", ".join(AGENTS)
        )
    agents = [AGENTS[names[i % len(names)]](seed * 1000 + i) for i in range(players)]
    if human_seat is not None:
        if not 1 <= human_seat <= players:
            raise UsageError(f"--human must be a seat from 1 to {players}")
        agents[human_seat - 1] = HumanAgent()
    return agents


RULING_OPTIONS = [
    click.option(
        "--ruling",
        "rulings",
        multiple=True,
        metavar="NAME=OPTION",
        help="Choose a ruling's option (repeatable); see `ba rulings`.",
    ),
    click.option(
        "--edition",
        type=click.Choice(EDITIONS),
        help="Use the rulings that this edition's rulebook implies.",
    ),
    click.option(
        "--variant",
        "variants",
        multiple=True,
        metavar="NAME",
        help="Play a variant of the rules (repeatable); `ba rulings` lists them.",
    ),
    click.option(
        "--advanced",
        is_flag=True,
        help="Black Angel's advanced rules (the same as --variant advanced).",
    ),
]


def ruling_options(func):
    for option in reversed(RULING_OPTIONS):
        func = option(func)
    return func


def chosen_rulings(data, edition, rulings) -> dict:
    try:
        return resolve(data, edition, list(rulings))
    except RulingError as exc:
        raise UsageError(str(exc)) from exc


def chosen_variants(data, variants, advanced: bool) -> list[str]:
    """The variants asked for (--advanced is --variant advanced), each one the rules have."""
    chosen = sorted(set(variants) | ({"advanced"} if advanced else set()))
    for name in chosen:
        if name not in data.variants:
            hint = did_you_mean(name, data.variants) or "variants: " + (
                ", ".join(data.variants) or "none"
            )
            raise UsageError(f"the rules have no variant '{name}'; {hint}")
    return chosen


def check_players(data, players: int) -> None:
    if players not in data.player_counts():
        raise UsageError(
            f"{players} players is not supported yet; choose one of {data.player_counts()}"
        )


@click.command(name="play")
@click.option("--players", type=int, default=3, show_default=True, help="Number of players (2-4).")
@click.option(
    "--seed", type=int, default=1, show_default=True, help="Seed of the game's randomness."
)
@click.option(
    "--agents",
    default="greedy,random",
    show_default=True,
    help="Bots per seat, comma separated, repeated over the seats (random, greedy).",
)
@click.option("--human", "human_seat", type=int, help="Play this seat yourself (1-based).")
@format_options(what="the game: the turn log, or the event log and scores as JSON")
@click.option(
    "--save",
    type=click.Path(dir_okay=False, writable=True),
    help="Save the final game state to this file (JSON).",
)
@click.option(
    "--replay",
    "replay_path",
    type=click.Path(dir_okay=False, writable=True),
    help="Save a replay (seed, rulings, content hash, choices) to this file.",
)
@ruling_options
@rules_options
@guarded
def play_command(
    players,
    seed,
    agents,
    human_seat,
    fmt,
    save,
    replay_path,
    rulings,
    edition,
    variants,
    advanced,
    rules_paths,
    base,
):
    """Play one complete seeded game and print the turn log and the final scores.

    The same seed and agents always give the same game.
    """
    for path in (save, replay_path):
        if path:  # before the game is played: a path that cannot be written is refused now
            check_writable(path, UsageError)
    data = game_data(rules_paths, base)
    check_players(data, players)
    bots = parse_agents(agents, players, seed, human_seat)
    engine = Engine.new_game(
        data,
        players,
        seed,
        chosen_rulings(data, edition, rulings),
        chosen_variants(data, variants, advanced),
    )
    names = [f"P{seat + 1} ({bot.name})" for seat, bot in enumerate(bots)]
    try:
        play(engine, bots)
    except EOFError:
        click.echo("\ninput closed: game abandoned", err=True)
        return 1
    if save:
        write_text(save, engine.to_json(), UsageError)
    if replay_path:
        write_text(replay_path, json.dumps(replay.record(engine)), UsageError)
    if fmt == "json":
        click.echo(
            json.dumps(
                {
                    "seed": seed,
                    "players": players,
                    "content_hash": data.content_hash,
                    "scores": engine.state["scores"],
                    "log": engine.state["log"],
                }
            )
        )
        return 0
    click.echo(transcript(engine, names), nl=False)
    return 0


@click.command(name="simulate")
@click.option("--players", type=int, default=4, show_default=True, help="Number of players (2-4).")
@click.option(
    "--games", type=click.IntRange(min=1), default=100, show_default=True, help="Games to play."
)
@click.option(
    "--seed",
    type=int,
    default=1,
    show_default=True,
    help="Seed of the first game; game i uses seed+i.",
)
@click.option(
    "--agents",
    default="random",
    show_default=True,
    help="Bots per seat, comma separated, repeated over the seats (random, greedy).",
)
@format_options(what="the summary")
@ruling_options
@rules_options
@guarded
def simulate_command(
    players, games, seed, agents, fmt, rulings, edition, variants, advanced, rules_paths, base
):
    """Play many seeded games between bots and summarise who wins and how games end."""
    data = game_data(rules_paths, base)
    check_players(data, players)
    chosen = chosen_rulings(data, edition, rulings)
    played = chosen_variants(data, variants, advanced)
    started = time.perf_counter()
    # progress on a terminal only (on stderr), so piped and --json output stays clean
    seeds = range(seed, seed + games)
    if sys.stderr.isatty() and fmt != "json":
        with click.progressbar(seeds, label="playing", file=sys.stderr, show_pos=True) as bar:
            results = [play_one(data, players, s, agents, chosen, played) for s in bar]
    else:
        results = [play_one(data, players, s, agents, chosen, played) for s in seeds]
    elapsed = time.perf_counter() - started
    summary = summarise(results, players)
    summary.update(
        seed=seed,
        games=games,
        players=players,
        content_hash=data.content_hash,
        rulings=chosen,
        variants=played,
    )
    if fmt == "json":
        click.echo(json.dumps(summary, indent=2))
        return 0
    variant_text = f", variants {', '.join(played)}" if played else ""
    click.echo(
        f"{games} games, {players} players, seeds {seed}..{seed + games - 1}{variant_text}, "
        f"rules {data.content_hash} ({games / elapsed:.1f} games/s)"
    )
    for seat, wins in enumerate(summary["wins_by_seat"]):
        click.echo(f"  seat {seat + 1}: {wins} wins (shared wins count for each winner)")
    for agent, wins in summary["wins_by_agent"].items():
        click.echo(f"  {agent}: {wins} wins")
    s = summary["scores"]
    click.echo(f"  scores: mean {s['mean']:.1f}, min {s['min']}, max {s['max']}")
    t = summary["turns"]
    click.echo(f"  length: mean {t['mean']:.1f} turns, min {t['min']}, max {t['max']}")
    click.echo("  ended by: " + ", ".join(f"{k} {v}" for k, v in summary["ended_by"].items()))
    if summary["tally"]:
        per_game = ", ".join(f"{k} {v / games:.2f}" for k, v in summary["tally"].items())
        click.echo(f"  per game: {per_game}")
    return 0


def play_one(data, players: int, seed: int, agents: str, rulings: dict, variants=()):
    bots = parse_agents(agents, players, seed, None)
    engine = play(Engine.new_game(data, players, seed, rulings, variants), bots)
    return engine, [b.name for b in bots]


def summarise(results, players: int) -> dict:
    wins_by_seat = [0] * players
    wins_by_agent: Counter = Counter()
    scores, turns, ended, tally = [], [], Counter[str](), Counter[str]()
    for engine, names in results:
        tally.update(engine.data.game.tally(engine))
        final = engine.state["scores"]
        best = max(final)
        for seat, score in enumerate(final):
            scores.append(score)
            if score == best:
                wins_by_seat[seat] += 1
                wins_by_agent[names[seat]] += 1
        turns.append(engine.data.game.clock(engine.state))
        ended[engine.data.game.ending(engine.state)] += 1
    return {
        "wins_by_seat": wins_by_seat,
        "wins_by_agent": dict(sorted(wins_by_agent.items())),
        "scores": {"mean": statistics.fmean(scores), "min": min(scores), "max": max(scores)},
        "turns": {"mean": statistics.fmean(turns), "min": min(turns), "max": max(turns)},
        "ended_by": dict(sorted(ended.items())),
        "tally": dict(sorted(tally.items())),
    }


@click.command(name="rulings")
@format_options(what="the rulings")
@rules_options
@guarded
def rulings_command(fmt, rules_paths, base):
    """List the rulings: ambiguities and edition differences, with default and options."""
    data = game_data(rules_paths, base)
    if fmt == "json":
        listing = {
            name: {
                "help": r.help,
                "default": r.default,
                "options": r.options,
                "editions": r.editions,
            }
            for name, r in data.rulings.items()
        }
        click.echo(json.dumps(listing, indent=2))
        return 0
    for name, ruling in data.rulings.items():
        click.echo(click.style(name, bold=True) + f"  {ruling.help}")
        for option, meaning in ruling.options.items():
            marks = ["default"] if option == ruling.default else []
            marks += [f"{e} edition" for e, o in ruling.editions.items() if o == option]
            tag = f" [{', '.join(marks)}]" if marks else ""
            click.echo(f"    {option}{tag}: {meaning}")
    click.echo("choose with --ruling NAME=OPTION or --edition en|pl|de on ba play and ba simulate")
    return 0


@click.command(name="replay")
@click.argument("path", type=click.Path(dir_okay=False))
@click.option("--log", "show_log", is_flag=True, help="Print the turn log of the replayed game.")
@rules_options
@guarded
def replay_command(path, show_log, rules_paths, base):
    """Re-run a saved game and check that it reproduces exactly.

    Checks the content hash, rulings and seed, then every choice; a mismatch names
    the first step where the game goes another way. Exit 0 verified, 1 mismatch,
    2 a file that is not a replay these rules can play.
    """
    text = read_text(path, "a replay file", UsageError)
    data = game_data(rules_paths, base)
    try:
        recorded = replay.load(text)
        engine = replay.rerun(data, recorded)
    except replay.UnusableReplay as exc:
        raise UsageError(f"{path}: {exc}") from exc
    except replay.ReplayError as exc:
        click.echo(f"replay FAILED: {exc}", err=True)
        return 1
    if show_log:
        names = [f"P{seat + 1}" for seat in range(recorded["players"])]
        for text_line in log_lines(engine, names):
            click.echo(text_line)
    click.echo(
        f"replay verified: {len(recorded['choices'])} choices, {recorded['players']} players, "
        f"seed {recorded['seed']}, rules {data.content_hash}, scores {engine.state['scores']}"
    )
    return 0
