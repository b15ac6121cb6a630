"""The ladder of our bots (random, greedy, mcts, expert): who beats whom, and what they score.

Run after `pip install .`:

    python benchmarks/ladder.py                 # a sample: a few games per line (minutes)
    python benchmarks/ladder.py --full          # 100 games per line (many CPU hours)
    python benchmarks/ladder.py --games 20 --players 2 --workers 2 --seed 1

Three tables, every game seeded (game k of a line has seed `--seed` + k, and the bot at
seat i the seed 1000 * seed + i, as `ba simulate` seeds them; so game k of a line is
`ba simulate --games 1 --seed <its seed> --agents ...`, seat for seat):

1. 2-player duels: every pair of bots, the seats swapped every other game; the first
   bot's win rate (a shared win counts for both) with its 95% Wilson interval, and the
   mean scores of both with 95% intervals (normal approximation);
2. 3- and 4-player tables: the bots take the seats in rotation (game k puts bot
   (k + i) mod 4 at seat i), so every bot sits everywhere; per bot, win rate and mean score;
3. self-play: every seat the same bot, for 2, 3 and 4 players; the mean score of all
   seats, the winners' mean.

Also per bot: milliseconds of thinking per decision it answered (its decisions per
second on this machine; the figure depends on the machine and its load, the games do
not). Prints the Python version, the build, the content hash and the seeds. Nothing here
asserts a time; the games are the same on any machine and with any number of workers.
A Ctrl-C stops the run with exit code 130 and "interrupted".
"""

from __future__ import annotations

import argparse
import itertools
import math
import platform
import sys
import time

from blackangel.dsl.compiler import load_shipped
from blackangel.interpreter.agents import make_agent, parse_agent
from blackangel.interpreter.engine import BUILD, Engine
from blackangel.interpreter.program import build
from blackangel.interpreter.simulation import worker_pool

LADDER = ("random", "greedy", "mcts", "expert")
Z = 1.96
_data: list = []


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4, help="games per line (default 4)")
    parser.add_argument("--full", action="store_true", help="100 games per line")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    parser.add_argument("--players", default="2,3,4", help="player counts, e.g. 2,3")
    parser.add_argument(
        "--bots",
        default=",".join(LADDER),
        help="bots of the ladder; a budget may follow a name: expert:nodes=2000:worlds=4",
    )
    parser.add_argument("--self-play", default="expert", help="bots playing themselves")
    parser.add_argument("--workers", type=int, default=1, help="processes")
    args = parser.parse_args(argv)
    games = 100 if args.full else args.games
    bots = args.bots.split(",")
    selves = [b for b in args.self_play.split(",") if b]
    counts = [int(n) for n in args.players.split(",")]
    for bot in bots + selves:
        try:
            parse_agent(bot)
        except ValueError as error:
            parser.error(str(error))
    if games < 1 or any(n not in (2, 3, 4) for n in counts):
        parser.error("players 2 to 4; at least one game")

    data = build(load_shipped())
    print(
        f"python {platform.python_version()} ({BUILD}) on {platform.machine()}, content "
        f"{data.content_hash}; {games} games per line, seeds {args.seed} to "
        f"{args.seed + games - 1}, {args.workers} worker(s)"
    )
    tasks = []  # (table, line, players, seed, seats)
    for players in counts:
        if players == 2:
            for first, second in itertools.combinations(bots, 2):
                for k in range(games):
                    seats = (first, second) if k % 2 == 0 else (second, first)
                    tasks.append(("duel", (first, second), 2, args.seed + k, seats))
        else:
            for k in range(games):
                seats = tuple(bots[(k + i) % len(bots)] for i in range(players))
                tasks.append(("table", players, players, args.seed + k, seats))
        for bot in selves:
            for k in range(games):
                tasks.append(("self", (bot, players), players, args.seed + k, (bot,) * players))
    start = time.perf_counter()
    try:
        with worker_pool(args.workers, _start) as pool:
            results = pool.map(_play, [task[2:] for task in tasks], chunksize=1)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        sys.exit(130)
    elapsed = time.perf_counter() - start
    report(tasks, results, bots)
    print(f"{len(tasks)} games in {elapsed:.0f} s")


def _start() -> None:
    _data.append(build(load_shipped()))


def _play(task: tuple) -> dict:
    """One seeded game: scores, winners, and per seat its decisions and thinking time."""
    players, seed, seats = task
    engine = Engine.new_game(_data[0], players, seed, log=False)
    agents = [make_agent(name, seed * 1000 + i) for i, name in enumerate(seats)]
    decisions = [0] * players
    thinking = [0.0] * players
    while (decision := engine.decision()) is not None:
        seat = decision.player
        began = time.perf_counter()
        choice = agents[seat].choose(engine, decision)
        thinking[seat] += time.perf_counter() - began
        decisions[seat] += 1
        engine.apply(choice)
    state = engine.state
    return {
        "scores": state["scores"],
        "winners": state["winners"],
        "decisions": decisions,
        "thinking": thinking,
    }


def report(tasks: list, results: list, bots: list[str]) -> None:
    speed: dict[str, list[float]] = {}
    for (_, _, _, _, seats), result in zip(tasks, results):
        for seat, bot in enumerate(seats):
            tally = speed.setdefault(bot, [0, 0.0])
            tally[0] += result["decisions"][seat]
            tally[1] += result["thinking"][seat]
    lines: dict[tuple, list] = {}
    for task, result in zip(tasks, results):
        lines.setdefault(task[:2], []).append((task[4], result))
    for (table, line), games in lines.items():
        if table == "duel":
            first, second = line
            wins = sum(first in _winners(seats, r) for seats, r in games)
            print(
                f"2 players, {first} against {second}: {first} wins {wins}/{len(games)} "
                f"{wilson(wins, len(games))}; scores {first} {mean(_scores(games, first))}, "
                f"{second} {mean(_scores(games, second))}"
            )
        elif table == "table":
            print(f"{line} players, the ladder in rotation ({len(games)} games):")
            for bot in bots:
                played = sum(bot in seats for seats, _ in games)
                if played:
                    wins = sum(bot in _winners(seats, r) for seats, r in games)
                    print(
                        f"  {bot:7} wins {wins}/{played} {wilson(wins, played)}; "
                        f"score {mean(_scores(games, bot))}"
                    )
        else:
            bot, players = line
            best = [max(r["scores"]) for _, r in games]
            print(
                f"{players} players, {bot} against itself ({len(games)} games): every seat "
                f"{mean(_scores(games, bot))}, the winners {mean(best)}"
            )
    for bot, (count, seconds) in speed.items():
        if count:
            print(
                f"{bot:7} {1000 * seconds / count:8.2f} ms per decision "
                f"({count / max(seconds, 1e-9):,.0f} decisions/s)"
            )


def _winners(seats: tuple, result: dict) -> set[str]:
    return {seats[seat] for seat in result["winners"]}


def _scores(games: list, bot: str) -> list[float]:
    return [r["scores"][i] for seats, r in games for i, name in enumerate(seats) if name == bot]


def wilson(wins: int, n: int) -> str:
    """The rate with its 95% Wilson interval."""
    p = wins / n
    centre = (p + Z * Z / (2 * n)) / (1 + Z * Z / n)
    half = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / (1 + Z * Z / n)
    return f"= {p:.0%} ({max(0.0, centre - half):.0%} to {min(1.0, centre + half):.0%})"


def mean(values: list[float]) -> str:
    """The mean with its 95% interval (normal approximation)."""
    n = len(values)
    average = sum(values) / n
    spread = math.sqrt(sum((v - average) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
    return f"{average:.1f} (+-{Z * spread / math.sqrt(n):.1f})"


if __name__ == "__main__":
    main()
