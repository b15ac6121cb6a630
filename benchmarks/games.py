"""Measure the interpreter: random games per second, decisions per second, clone cost, save size.

Run after `pip install .`:  python benchmarks/games.py [--players 4] [--games 200]

Also measures solo games against Hal (1 player; Hal's turns need no decisions).

Prints figures only; nothing here asserts a time. One process, one core.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time

from clone_timing import ROUNDS, median_clone_us

from blackangel.dsl.compiler import load_shipped
from blackangel.interpreter.agents import RandomAgent
from blackangel.interpreter.engine import BUILD, Engine
from blackangel.interpreter.program import build
from blackangel.interpreter.simulation import frozen_heap


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()

    data = build(load_shipped())
    machine = f"python {platform.python_version()} ({BUILD}) on {platform.machine()}"
    print(f"{machine}, content {data.content_hash}")
    with frozen_heap():  # the collector as `ba simulate` leaves it
        for variants in ((), ("advanced",)):
            measure(data, args.players, args.games, variants)
        measure(data, 1, args.games, ())


def measure(data, players: int, games: int, variants: tuple[str, ...]) -> None:
    decisions = 0
    middles = []
    # not timed: the first clone of a kind of game compiles its copier (state_copy.py)
    Engine.new_game(data, players, games, variants=variants).clone()
    start = time.perf_counter()
    for seed in range(games):
        engine = Engine.new_game(data, players, seed, variants=variants)
        agents = [RandomAgent(seed * 10 + i) for i in range(players)]
        steps = 0
        while (decision := engine.decision()) is not None:
            engine.apply(agents[decision.player].choose(engine, decision))
            steps += 1
            if steps == 60 and len(middles) < 50:
                middles.append(engine.clone())
        decisions += steps
    elapsed = time.perf_counter() - start

    clone_us = median_clone_us(middles)
    sizes = [len(e.to_json().encode()) for e in middles]

    rules = "advanced" if variants else "basic"
    kind = "solo games against Hal" if players == 1 else f"{players}-player {rules} games"
    print(
        f"{games} random {kind} in {elapsed:.2f} s: "
        f"{games / elapsed:.1f} games/s, {decisions / elapsed:,.0f} decisions/s, "
        f"{decisions / games:.0f} decisions per game"
    )
    print(f"  clone(): {clone_us:,.0f} us (mid-game states: median of best of {ROUNDS})")
    print(f"  saved state: median {statistics.median(sizes) / 1024:.1f} KiB of JSON")


if __name__ == "__main__":
    main()
