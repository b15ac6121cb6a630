"""`ba play` and `ba simulate`: seeded games between bots (or you)."""

from __future__ import annotations

import contextlib
import json
import sys
import time
from pathlib import Path

import click
from click.core import ParameterSource

from ..dsl import games
from ..dsl.compiler import compile_paths
from ..dsl.diagnostics import did_you_mean
from ..dsl.games import default as default_game
from ..dsl.games import load as load_game
from ..dsl.i18n import N_, NN_
from ..dsl.loader import UsageError
from ..dsl.text import TextRenderer
from ..interpreter import cluster, replay, simulation
from ..interpreter.agents import (
    AGENTS,
    OPPONENT,
    HumanAgent,
    QuitGame,
    make_agent,
    parse_agent,
    play,
)
from ..interpreter.arguments import MAX_SEED, SEEDS
from ..interpreter.engine import Engine
from ..interpreter.files import check_output, output_file, read_text, write_output
from ..interpreter.narrate import log_lines, seat_names, seen_events, transcript
from ..interpreter.rulings import RulingError, resolve
from .common import chosen_language, force_option, format_options, guarded, lang_option
from .rules import Rules, game_data, rules_options

INPUT_CLOSED = N_("input closed: game abandoned")
QUIT_GAME = N_("game abandoned (q)")
SIMULATED = NN_(
    "{games} games, {seats}, seeds {first}..{last}{variants}, rules {rules} "
    "({speed} games/s, {workers} process)",
    "{games} games, {seats}, seeds {first}..{last}{variants}, rules {rules} "
    "({speed} games/s, {workers} processes)",
)
SEATS = NN_("{players} player", "{players} players")
# TRANSLATORS: a game against an automated opponent (the solo game's Hal)
SEATS_AGAINST = NN_("{players} player against {rival}", "{players} players against {rival}")
RIVAL_WINS = NN_(
    "{rival}: {wins} win ({share}%: the bot did not score strictly more); "
    "scores: mean {mean}, min {min}, max {max}",
    "{rival}: {wins} wins ({share}%: the bot did not score strictly more); "
    "scores: mean {mean}, min {min}, max {max}",
)
RECORDS_IN = N_("one record per game in {path}")
# TRANSLATORS: Ray is a framework for running programs on a cluster of machines
ON_RAY = N_("played on Ray ({address})")
SIMULATED_VARIANTS = N_(", variants {variants}")
SEAT_WINS = NN_(
    "seat {seat}: {wins} win (shared wins count for each winner)",
    "seat {seat}: {wins} wins (shared wins count for each winner)",
)
# TRANSLATORS: a cooperative game, in which the seats win or lose together
TEAM_WINS = N_("the team: {wins} won, {losses} lost ({share}% won)")
AGENT_WINS = NN_("{agent}: {wins} win", "{agent}: {wins} wins")
SCORES = N_("scores: mean {mean}, min {min}, max {max}")
LENGTH = NN_(
    "length: mean {mean} turn, min {min}, max {max}",
    "length: mean {mean} turns, min {min}, max {max}",
)  # TRANSLATORS: {mean} has one decimal: the form of a fraction ("25,4 tury")
ENDED_BY = N_("ended by: {endings}")
PER_GAME = N_("per game: {tallies}")
TALLY = N_("{name} {value}")
PLAYING = N_("playing")
RULING_MARK_DEFAULT = N_("default")
RULING_MARK_EDITION = N_("{edition} edition")
RULING_OPTION = N_("{option}{marks}: {meaning}")
# TRANSLATORS: where an edition's rulebook says what its preset is: {edition} is en, pl
# or de, {source} the page and section (a citation, left in English)
RULING_SOURCE = N_("{edition} edition: {source}")
RULINGS_HINT = N_(
    "choose with --ruling NAME=OPTION or --edition en|pl|de on ba play and ba simulate"
)
RULINGS_HINT_NO_EDITIONS = N_("choose with --ruling NAME=OPTION on ba play and ba simulate")
NO_RULINGS = N_("these rules have no rulings: nothing is left to choose")
REPLAY_OF_GAME = N_(
    "the replay's rules are those of the game {game}: ba replay {path} --game {game}"
)
REPLAY_FAILED = N_("replay FAILED: {reason}")
REPLAY_VERIFIED = N_(
    "replay verified: {choices} choices, {players} players, seed {seed}, rules {rules}, "
    "scores {scores}"
)


def _seat_wins(report: dict, text: TextRenderer) -> None:
    """The wins of each seat and agent, and the scores, of a competitive game's run."""
    tr = text.tr
    for seat, wins in enumerate(report["wins_by_seat"]):
        click.echo("  " + text.fill(SEAT_WINS, {"seat": seat + 1, "wins": wins}, n=wins))
    for agent, wins in report["wins_by_agent"].items():
        shown = tr.pgettext("agent", agent)
        click.echo("  " + text.fill(AGENT_WINS, {"agent": shown, "wins": wins}, n=wins))
    s = report["scores"]
    click.echo(
        "  "
        + text.fill(SCORES, {"mean": tr.decimal(s["mean"], 1), "min": s["min"], "max": s["max"]})
    )


def tell_on_terminal(line: str) -> None:
    click.echo(line, err=True)


def ask_on_terminal(prompt: str) -> str:
    click.echo(prompt, nl=False, err=True)
    return input()


AGENTS_HELP = (
    "Bots per seat, comma separated, repeated over the seats (random, greedy, mcts, "
    "expert); no more names than seats. A budget of thinking may follow a bot's name: "
    "expert:nodes=2000:worlds=4 (copies per decision, determinized worlds), "
    "mcts:iterations=400."
)


def parse_agents(spec: str, players: int, seed: int, human_seat: int | None) -> list:
    names = [n.strip() for n in spec.split(",") if n.strip()]
    if not names:
        raise UsageError(f"unknown agent '{spec}'; agents: " + ", ".join(AGENTS))
    for name in names:
        try:
            parse_agent(name)
        except ValueError as error:
            raise UsageError(str(error)) from None
    given = click.get_current_context().get_parameter_source("agents") != (
        ParameterSource.DEFAULT
    )  # the default pair also serves the solo game's single seat
    if human_seat is not None and not given:
        names = [OPPONENT]  # a person plays against the strongest bot unless told otherwise
    if given and len(names) > players:
        raise UsageError(
            f"--agents names {len(names)} bots for {players} seats; give at most {players}"
        )
    agents = [make_agent(names[i % len(names)], seed * 1000 + i) for i in range(players)]
    if human_seat is not None:
        if not 1 <= human_seat <= players:
            raise UsageError(f"--human must be a seat from 1 to {players}")
        # what the person reads and answers goes to the terminal (stderr), so that stdout
        # carries only the result: the turn log, or the JSON of --format json
        agents[human_seat - 1] = HumanAgent(read=ask_on_terminal, write=tell_on_terminal)
    return agents


class Editions(click.Choice):
    """The editions of the default game's rulebook (Game.editions), read when an edition
    is given or the help shown, not when the command line starts: loading a game takes a
    while, and most commands need none."""

    def __init__(self) -> None:
        super().__init__(())

    @property
    def choices(self) -> tuple[str, ...]:
        return load_game(default_game()).editions

    @choices.setter
    def choices(self, _: tuple[str, ...]) -> None:
        """click.Choice sets them; the game says them."""


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
        type=Editions(),
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


SOLO_OPTIONS = [
    click.option(
        "--solo",
        is_flag=True,
        help="The solo game against the automated opponent, Hal (the same as --players 1).",
    ),
    click.option(
        "--difficulty",
        metavar="LEVEL",
        help="Solo game: the opponent's level (easy, standard, difficult, extreme; "
        "the ruling hal_difficulty).",
    ),
]


def solo_options(func):
    for option in reversed(SOLO_OPTIONS):
        func = option(func)
    return func


def seat_count(players: int | None, solo: bool, default: int) -> int:
    if solo and players not in (None, 1):
        raise UsageError(f"--solo is a game for 1 player, not {players}")
    return 1 if solo else default if players is None else players


def with_difficulty(data, players: int, difficulty: str | None, rulings) -> tuple:
    """--difficulty LEVEL is --ruling RULING=LEVEL for the game's difficulty ruling."""
    if difficulty is None:
        return tuple(rulings)
    ruling = data.difficulty_ruling(players)
    if ruling is None:
        raise UsageError("--difficulty is for a game against the automated opponent (--solo)")
    return (*rulings, f"{ruling}={difficulty}")


class Narrated:
    """A person at the terminal first reads what happened since their last decision: the
    other seats' turns and, in the solo game, Hal's (which card, which half, why), as
    their seat may see them (another seat's face-down cards only by kind and colour)."""

    def __init__(self, agent, names: list[str], write=tell_on_terminal):
        self.agent, self.names, self.write = agent, names, write
        self.name = agent.name
        self.seen = 0

    def choose(self, engine: Engine, decision):
        events = [
            e
            for e in engine.state["log"][self.seen :]
            if not (e["event"] == "choice" and e.get("seat") == decision.player)
        ]
        self.seen = len(engine.state["log"])
        for text in log_lines(engine, self.names, seen_events(engine, decision.player, events)):
            self.write(text)
        return self.agent.choose(engine, decision)


def rival_json(engine) -> dict | None:
    rival = engine.data.game.rival(engine.state)
    return None if rival is None else {"name": rival[0], "score": rival[1]}


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
@click.option("--players", type=int, help="Number of players (1-4; default 3).")
@click.option(
    "--seed",
    type=click.IntRange(0, MAX_SEED),
    default=1,
    show_default=True,
    help=f"Seed of the game's randomness: {SEEDS}.",
)
@click.option(
    "--agents",
    default="greedy,random",
    show_default=True,
    help=f"{AGENTS_HELP} With --human the default is {OPPONENT}.",
)
@click.option(
    "--human",
    "human_seat",
    type=int,
    help="Play this seat yourself (1-based): type an option's number; ? explains the "
    "options and the commands (map, board, players, table, card, log), q quits.",
)
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
@force_option("the --save or --replay file")
@solo_options
@ruling_options
@lang_option
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
    force,
    solo,
    difficulty,
    rulings,
    edition,
    variants,
    advanced,
    lang,
    rules,
):
    """Play one complete seeded game and print the turn log and the final scores.

    The same seed and agents always give the same game. With --solo, one player
    against Hal, who plays after each of your turns.
    """
    if save is not None and save == replay_path:
        raise UsageError("--save and --replay name the same file")
    for path in (save, replay_path):
        if path is not None:  # before the game is played: a bad output is refused now
            check_output(path, UsageError, force)
    data = game_data(rules, chosen_language(lang, rules.locale_paths()))
    players = seat_count(players, solo, 3)
    check_players(data, players)
    rulings = with_difficulty(data, players, difficulty, rulings)
    bots = parse_agents(agents, players, seed, human_seat)
    engine = Engine.new_game(
        data,
        players,
        seed,
        chosen_rulings(data, edition, rulings),
        chosen_variants(data, variants, advanced),
    )
    names = seat_names(engine, [bot.name for bot in bots])
    if human_seat is not None:
        bots[human_seat - 1].names = names  # its `log` names the seats as the turn log does
        bots[human_seat - 1] = Narrated(bots[human_seat - 1], names)
    try:
        play(engine, bots)
    except EOFError:
        click.echo("\n" + data.text._(INPUT_CLOSED), err=True)
        return 1
    except QuitGame:
        click.echo(data.text._(QUIT_GAME), err=True)
        return 0
    if save is not None:
        write_output(save, engine.to_json(), UsageError, force)
    if replay_path is not None:
        write_output(replay_path, json.dumps(replay.record(engine)), UsageError, force)
    # the person at the terminal reads the log as their seat sees it; a game of bots only
    # prints the whole log (as --save and --replay keep it)
    events = engine.state["log"]
    if human_seat is not None:
        events = seen_events(engine, human_seat - 1)
    if fmt == "json":
        click.echo(
            json.dumps(
                {
                    "seed": seed,
                    "players": players,
                    "content_hash": data.content_hash,
                    "scores": engine.state["scores"],
                    "rival": rival_json(engine),
                    "log": events,
                }
            )
        )
        return 0
    click.echo(transcript(engine, names, events), nl=False)
    return 0


@click.command(name="simulate")
@click.option("--players", type=int, help="Number of players (1-4; default 4).")
@click.option(
    "--games",
    type=click.IntRange(1, simulation.MAX_GAMES),
    default=100,
    show_default=True,
    help=f"Games to play (at most {simulation.MAX_GAMES:,}).",
)
@click.option(
    "--seed",
    type=click.IntRange(0, MAX_SEED),
    default=1,
    show_default=True,
    help=f"Seed of the first game; game i uses seed+i ({SEEDS}, the last one too).",
)
@click.option(
    "--agents",
    default="random",
    show_default=True,
    help=AGENTS_HELP,
)
@click.option(
    "--workers",
    type=click.IntRange(min=1),
    help="Processes playing games at once (default: one per core; never more than the "
    f"games, nor than {simulation.WORKERS_PER_CORE} per core); the results are the same "
    "for any number.",
)
@click.option(
    "--backend",
    type=click.Choice(["local", "ray"]),
    default="local",
    show_default=True,
    help="Where the games run: processes on this machine, or a Ray cluster (needs the "
    "cluster extra); the results are the same.",
)
@click.option(
    "--address",
    help="With --backend ray: the cluster's address (ray://HEAD:10001, or auto on a node of "
    "the cluster); without it, a local Ray instance with --workers CPUs.",
)
@click.option(
    "--out",
    "out_path",
    type=click.Path(dir_okay=False, writable=True),
    help="Write one JSON line per game to this file (seed, agents, scores, winners, turns, "
    "how it ended, what each seat played); ba report reads it. The file appears only "
    "when every game is played.",
)
@force_option("the --out file")
@format_options(what="the summary")
@solo_options
@ruling_options
@lang_option
@rules_options
@guarded
def simulate_command(
    players,
    games,
    seed,
    agents,
    workers,
    backend,
    address,
    out_path,
    force,
    fmt,
    solo,
    difficulty,
    rulings,
    edition,
    variants,
    advanced,
    lang,
    rules,
):
    """Play many seeded games between bots and summarise who wins and how games end.

    With --solo, games of one bot against Hal: how often the bot beats him, and his scores.
    """
    data = game_data(rules, chosen_language(lang, rules.locale_paths()))
    sources = rules.sources()
    text = data.text
    players = seat_count(players, solo, 4)
    check_players(data, players)
    rulings = with_difficulty(data, players, difficulty, rulings)
    parse_agents(agents, players, seed, None)  # a clear error for an unknown bot
    settings = simulation.Settings(
        players=players,
        agents=tuple(n.strip() for n in agents.split(",") if n.strip()),
        rulings=chosen_rulings(data, edition, rulings),
        variants=tuple(chosen_variants(data, variants, advanced)),
        rules=tuple(sources[0]),
        base=sources[1],
        base_rules=tuple(sources[2]),
    )
    if address and backend != "ray":
        raise UsageError("--address needs --backend ray")
    if seed + games - 1 > MAX_SEED:
        raise UsageError(
            f"the last game's seed, {seed + games - 1}, is too large: seeds are {SEEDS}"
        )
    limit = simulation.max_workers()
    if workers is not None and workers > limit:
        raise UsageError(
            f"--workers {workers} is more than {simulation.WORKERS_PER_CORE} per core "
            f"({limit} on this machine)"
        )
    workers = min(workers or simulation.default_workers(), games)
    if out_path is not None:
        check_output(out_path, UsageError, force)  # before any game is played
    started = time.perf_counter()
    summary = simulation.Summary(players)
    seeds = range(seed, seed + games)
    if backend == "ray":
        stream = cluster.records(settings, seeds, address, workers)
    else:
        stream = simulation.records(data, settings, seeds, workers)
    with contextlib.ExitStack() as outputs:
        out = (
            None
            if out_path is None
            else outputs.enter_context(output_file(out_path, UsageError, force))
        )
        # progress on a terminal only (on stderr), so piped and --json output stays clean
        with click.progressbar(
            stream,
            length=games,
            label=text._(PLAYING),
            file=sys.stderr,
            show_pos=True,
            hidden=not sys.stderr.isatty() or fmt == "json",
        ) as bar:
            try:
                for record in bar:
                    summary.add(record)
                    if out is not None:
                        out.write(json.dumps(record, separators=(",", ":")) + "\n")
            except cluster.ClusterUnavailable as exc:
                raise UsageError(str(exc)) from exc
    elapsed = time.perf_counter() - started
    report = summary.to_json()
    report.update(
        seed=seed,
        games=games,
        players=players,
        content_hash=data.content_hash,
        rulings=settings.rulings,
        variants=list(settings.variants),
    )
    if fmt == "json":
        click.echo(json.dumps(report, indent=2))
        return 0
    tr = text.tr
    variant_text = text.fill(SIMULATED_VARIANTS, {"variants": tr.plain_list(settings.variants)})
    rival = report.get("rival")
    if rival is None:
        seats = text.fill(SEATS, {"players": players}, n=players)
    else:
        seats = text.fill(SEATS_AGAINST, {"players": players, "rival": rival["name"]}, n=players)
    click.echo(
        text.fill(
            SIMULATED,
            {
                "games": games,
                "seats": seats,
                "first": seed,
                "last": seed + games - 1,
                "variants": variant_text if settings.variants else "",
                "rules": data.content_hash,
                "speed": tr.decimal(games / elapsed, 1),
                "workers": workers,
            },
            n=workers,
        )
    )
    if backend == "ray":
        click.echo("  " + text.fill(ON_RAY, {"address": address or "local"}))
    team = report.get("team")
    if team is not None:  # the seats won or lost together: no seat's wins, no scores
        share = tr.decimal(100 * team["wins"] / games, 1)
        click.echo("  " + text.fill(TEAM_WINS, {**team, "share": share}))
    else:
        _seat_wins(report, text)
    if rival is not None:
        r = rival["scores"]
        values = {
            "rival": rival["name"],
            "wins": rival["wins"],
            "share": tr.decimal(100 * rival["wins"] / games, 1),
            "mean": tr.decimal(r["mean"], 1),
            "min": r["min"],
            "max": r["max"],
        }
        click.echo("  " + text.fill(RIVAL_WINS, values, n=rival["wins"]))
    t = report["turns"]
    click.echo(
        "  "
        + text.fill(
            LENGTH,
            {"mean": tr.decimal(t["mean"], 1), "min": t["min"], "max": t["max"]},
            n=tr.decimal_count(1, t["mean"]),
        )
    )
    endings = [
        text.fill(TALLY, {"name": text.tr.pgettext("ending", k), "value": v})
        for k, v in report["ended_by"].items()
    ]
    click.echo("  " + text.fill(ENDED_BY, {"endings": tr.plain_list(endings)}))
    if report["tally"]:
        # the game's own names of what it counts (not translated: they are its JSON keys)
        tallies = [
            text.fill(TALLY, {"name": k, "value": tr.decimal(v / games, 2)})
            for k, v in report["tally"].items()
        ]
        click.echo("  " + text.fill(PER_GAME, {"tallies": tr.plain_list(tallies)}))
    if out_path:
        click.echo("  " + text.fill(RECORDS_IN, {"path": out_path}))
    return 0


@click.command(name="rulings")
@format_options(what="the rulings")
@lang_option
@rules_options
@guarded
def rulings_command(fmt, lang, rules):
    """List the rulings: ambiguities and edition differences, with default and options."""
    data = game_data(rules, chosen_language(lang, rules.locale_paths()))
    text = data.text
    tr = text.tr

    def explained(name: str) -> tuple[str, dict[str, str]]:
        ruling = data.rulings[name]
        options = {
            option: text.ruling(name, meaning, option) for option, meaning in ruling.options.items()
        }
        return text.ruling(name, ruling.help), options

    if fmt == "json":
        listing = {}
        for name, r in data.rulings.items():
            help_text, options = explained(name)
            listing[name] = {
                "help": help_text,
                "default": r.default,
                "options": options,
                "editions": r.editions,
                "sources": r.sources,
            }
        click.echo(json.dumps(listing, indent=2, ensure_ascii=False))
        return 0
    for name, ruling in data.rulings.items():
        help_text, options = explained(name)
        click.echo(click.style(name, bold=True) + f"  {help_text}")
        for option, meaning in options.items():
            marks = [text._(RULING_MARK_DEFAULT)] if option == ruling.default else []
            marks += [
                text.fill(RULING_MARK_EDITION, {"edition": e})
                for e, o in ruling.editions.items()
                if o == option
            ]
            tag = f" [{tr.plain_list(marks)}]" if marks else ""
            click.echo(
                "    "
                + text.fill(RULING_OPTION, {"option": option, "marks": tag, "meaning": meaning})
            )
        for edition, source in ruling.sources.items():
            click.echo("      " + text.fill(RULING_SOURCE, {"edition": edition, "source": source}))
    if not data.rulings:
        click.echo(text._(NO_RULINGS))
    else:
        click.echo(text._(RULINGS_HINT if data.game.editions else RULINGS_HINT_NO_EDITIONS))
    return 0


def game_of(content_hash: str, tried: str) -> str | None:
    """The registered game whose own rules have this content hash (a replay played with
    --game, replayed without it), unless those rules were the ones `tried`."""
    if content_hash == tried:
        return None
    for name in games.available():
        try:
            rules = Rules(name).sources()[0]
        except UsageError:  # a game module with no rules of its own
            continue
        result = compile_paths([Path(p) for p in rules] or None)
        if result.ruleset is not None and result.ruleset.content_hash == content_hash:
            return name
    return None


@click.command(name="replay")
@click.argument("path", type=click.Path(dir_okay=False))
@click.option("--log", "show_log", is_flag=True, help="Print the turn log of the replayed game.")
@lang_option
@rules_options
@guarded
def replay_command(path, show_log, lang, rules):
    """Re-run a saved game and check that it reproduces exactly.

    Checks the content hash, rulings and seed, then every choice; a mismatch names
    the first step where the game goes another way. Exit 0 verified, 1 mismatch,
    2 a file that is not a replay these rules can play.
    """
    text = read_text(path, "a replay file", UsageError)
    data = game_data(rules, chosen_language(lang, rules.locale_paths()))
    try:
        recorded = replay.load(text)
        engine = replay.rerun(data, recorded)
    except replay.UnusableReplay as exc:
        raise UsageError(f"{path}: {exc}") from exc
    except replay.ReplayError as exc:
        click.echo(data.text.fill(REPLAY_FAILED, {"reason": exc}), err=True)
        game = game_of(recorded["content_hash"], data.content_hash)
        if game is not None:
            click.echo(data.text.fill(REPLAY_OF_GAME, {"game": game, "path": path}), err=True)
        return 1
    if show_log:
        for text_line in log_lines(engine, seat_names(engine)):
            click.echo(text_line)
    click.echo(
        data.text.fill(
            REPLAY_VERIFIED,
            {
                "choices": len(recorded["choices"]),
                "players": recorded["players"],
                "seed": recorded["seed"],
                "rules": data.content_hash,
                "scores": engine.state["scores"],
            },
        )
    )
    return 0
