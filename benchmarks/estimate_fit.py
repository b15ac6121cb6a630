"""How well each term of the expert's estimate foretells the score a seat ends with.

Run after `pip install .`:

    python benchmarks/estimate_fit.py                         # a sample: 4 games
    python benchmarks/estimate_fit.py --games 60 --seed 91 --workers 2

The expert bot plays Black Angel against itself, seeded as `ba simulate` seeds it (game
k has seed `--seed` + k, its seat i the bot seed 1000 * seed + i). At the start of every
turn each seat's estimate is taken apart into its terms (`outlook.estimate_terms`: the
track, the advanced tiles, the grid's lines, the turns left as actions, ...). When the
game ends, what each seat gained after that moment (its final score less its track then)
is fitted by least squares on the terms other than the track, with a constant.

A term whose coefficient is near 1 is worth to the seat about what the estimate says; one
near 0 adds nothing the other terms do not already foretell, so the bot that pays for it
pays for nothing; above 1, the estimate undervalues it. The game's own choices made the
positions (the bot's play, not a random one), so a coefficient is an association, and
terms that grow together (the turns left, the lines) share what they foretell: read it as
where to look, then measure a change by playing (docs/simulation.md). Standard errors are
from resampling whole games (200 resamples, seeded), since a game's turns are not
independent. Prints the Python version, the build, the content hash and the seeds;
nothing here asserts a time or a result. `--out FILE` keeps the rows (JSON Lines). A
Ctrl-C stops the run with exit code 130, fitting and writing nothing.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from pathlib import Path

from blackangel.dsl.compiler import load_shipped
from blackangel.interpreter.agents import parse_agent
from blackangel.interpreter.black_angel.outlook import estimate_terms
from blackangel.interpreter.engine import BUILD, Engine
from blackangel.interpreter.files import check_output, write_output
from blackangel.interpreter.program import Program, build
from blackangel.interpreter.rulings import resolve
from blackangel.interpreter.simulation import Settings, worker_pool

BOT = "expert"
RESAMPLES = 200
RIDGE = 1e-9
OWN = "track"  # the term a seat already holds: the fit explains what is gained after it

_program: list[Program] = []


def _data() -> Program:
    if not _program:
        _program.append(build(load_shipped()))
    return _program[0]


def game_rows(settings: Settings, seed: int) -> list[dict]:
    """Every seat's estimate terms at the start of every turn of one game, each row with
    the seat's final score."""
    data = _data()
    bots = settings.bots(seed)
    engine = Engine.new_game(data, settings.players, seed, settings.rulings)
    rows = []
    last = None
    while (decision := engine.decision()) is not None:
        turn = data.game.clock(engine.state)
        if turn != last:
            last = turn
            for seat in range(settings.players):
                terms = estimate_terms(engine, seat)
                rows.append({"seed": seed, "turn": turn, "seat": seat, "terms": terms})
        engine.apply(bots[decision.player].choose(engine, decision))
    for row in rows:
        row["final"] = engine.state["scores"][row["seat"]]
    return rows


def solve(gram: list[list[float]], right: list[float]) -> list[float]:
    """The least-squares coefficients from the normal equations (gram = X'X, right =
    X'y), by Gaussian elimination with partial pivoting. A tiny ridge keeps a resample
    solvable where a term is never anything (its coefficient is then 0)."""
    n = len(right)
    gram = [
        [value + (RIDGE if i == j else 0.0) for j, value in enumerate(row)]
        for i, row in enumerate(gram)
    ]
    right = right[:]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(gram[r][col]))
        gram[col], gram[pivot] = gram[pivot], gram[col]
        right[col], right[pivot] = right[pivot], right[col]
        for r in range(col + 1, n):
            factor = gram[r][col] / gram[col][col]
            right[r] -= factor * right[col]
            for c in range(col, n):
                gram[r][c] -= factor * gram[col][c]
    coefficients = [0.0] * n
    for r in reversed(range(n)):
        done = sum(gram[r][c] * coefficients[c] for c in range(r + 1, n))
        coefficients[r] = (right[r] - done) / gram[r][r]
    return coefficients


def fit(rows: list[dict], names: list[str]) -> tuple[list[float], list[float]]:
    """Each term's coefficient (and the constant's, last), with its standard error from
    resampling whole games. Each game's X'X and X'y are summed once, so a resample is a
    sum of games, not a pass over the rows."""
    n = len(names) + 1
    games: dict[int, tuple[list[list[float]], list[float]]] = {}
    for row in rows:
        gram, right = games.setdefault(row["seed"], ([[0.0] * n for _ in range(n)], [0.0] * n))
        x = [row["terms"][name] for name in names] + [1.0]
        y = row["final"] - row["terms"][OWN]
        for i in range(n):
            right[i] += x[i] * y
            for j in range(n):
                gram[i][j] += x[i] * x[j]

    def summed(seeds: list[int]) -> tuple[list[list[float]], list[float]]:
        gram = [[sum(games[s][0][i][j] for s in seeds) for j in range(n)] for i in range(n)]
        return gram, [sum(games[s][1][i] for s in seeds) for i in range(n)]

    seeds = sorted(games)
    coefficients = solve(*summed(seeds))
    draw = random.Random(0)
    resampled = [solve(*summed(draw.choices(seeds, k=len(seeds)))) for _ in range(RESAMPLES)]
    errors = []
    for i in range(n):
        values = [c[i] for c in resampled]
        mean = sum(values) / len(values)
        errors.append((sum((v - mean) ** 2 for v in values) / (len(values) - 1)) ** 0.5)
    return coefficients, errors


def _play(job: tuple[Settings, int]) -> list[dict]:
    return game_rows(*job)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4, help="games (default 4)")
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    parser.add_argument("--workers", type=int, default=1, help="processes")
    parser.add_argument("--bot", default=BOT, help="the bot at every seat (default expert)")
    parser.add_argument("--out", type=Path, help="a JSON Lines file for the rows")
    parser.add_argument("--force", action="store_true", help="replace --out if it exists")
    args = parser.parse_args(argv)
    if args.games < 2 or args.workers < 1:
        parser.error("at least two games and one worker")
    try:
        parse_agent(args.bot)
        if args.out is not None:
            check_output(args.out, ValueError, args.force)  # before the games
    except ValueError as error:
        parser.error(str(error))
    data = _data()
    settings = Settings(players=args.players, agents=(args.bot,), rulings=resolve(data))
    seeds = range(args.seed, args.seed + args.games)
    print(
        f"python {platform.python_version()} ({BUILD}) on {platform.machine()}, content "
        f"{data.content_hash}; {args.bot} at every seat, {args.players} players; "
        f"{args.games} games, seeds {seeds[0]} to {seeds[-1]}, {args.workers} worker(s)"
    )
    began = time.perf_counter()
    jobs = [(settings, seed) for seed in seeds]
    played = []
    try:
        with worker_pool(args.workers) as pool:
            for game in pool.imap(_play, jobs):  # in the seeds' order
                played.append(game)
                print(f"  {len(played)} of {args.games} games", file=sys.stderr, flush=True)
    except KeyboardInterrupt:
        print("estimate_fit.py: stopped; nothing was fitted or written", file=sys.stderr)
        return 130
    rows = [row for game in played for row in game]
    print(f"  {len(rows)} rows in {time.perf_counter() - began:.0f} s", file=sys.stderr)
    # a term that is never anything (no final triggers in the base game) cannot be fitted
    names = [n for n in rows[0]["terms"] if n != OWN and any(r["terms"][n] for r in rows)]
    coefficients, errors = fit(rows, names)
    count = len(rows)
    gained = sum(r["final"] - r["terms"][OWN] for r in rows) / count
    foretold = sum(sum(r["terms"].values()) - r["terms"][OWN] for r in rows) / count
    print(f"gained after the moment: {gained:.2f} VP a row; the estimate said {foretold:.2f}")
    print("| term | mean (VP) | coefficient |\n| --- | --- | --- |")
    for i, name in enumerate([*names, "constant"]):
        mean = 1.0 if name == "constant" else sum(r["terms"][name] for r in rows) / count
        print(f"| {name} | {mean:.2f} | {coefficients[i]:.2f} ± {errors[i]:.2f} |")
    if args.out is not None:
        text = "".join(f"{json.dumps(r, sort_keys=True)}\n" for r in rows)
        try:
            write_output(args.out, text, ValueError, args.force)
        except ValueError as error:
            print(f"estimate_fit.py: {error}", file=sys.stderr)
            return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
