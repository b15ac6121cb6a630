"""Parallel scaling of `ba simulate`: the same games with 1 and N worker processes.

Run after `pip install .`:

    python benchmarks/scaling.py [--games 400] [--workers 2] [--rounds 3]

Plays the same seeded random games with one process and with N, checks that the records
are identical, and prints games/s for each (medians over the rounds, the workers'
start-up included) and the speed-up. Prints figures only.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import time

from blackangel.dsl.compiler import load_shipped
from blackangel.interpreter import simulation
from blackangel.interpreter.engine import BUILD
from blackangel.interpreter.program import build


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()

    data = build(load_shipped())
    print(
        f"python {platform.python_version()} ({BUILD}) on {platform.machine()} "
        f"({os.cpu_count()} cores), "
        f"content {data.content_hash}; {args.games} random {args.players}-player games"
    )
    settings = simulation.Settings(players=args.players, agents=("random",), rulings={})
    seeds = range(1, args.games + 1)
    rates: dict[int, list[float]] = {1: [], args.workers: []}
    outputs: dict[int, list[dict]] = {}
    for _ in range(args.rounds):
        for workers in rates:
            start = time.perf_counter()
            outputs[workers] = list(simulation.records(data, settings, seeds, workers))
            rates[workers].append(args.games / (time.perf_counter() - start))
    same = outputs[1] == outputs[args.workers]
    one = statistics.median(rates[1])
    many = statistics.median(rates[args.workers])
    print(f"1 worker:  {one:7.1f} games/s")
    print(f"{args.workers} workers: {many:7.1f} games/s")
    print(f"speed-up {many / one:.2f}x; records identical: {same}")


if __name__ == "__main__":
    main()
