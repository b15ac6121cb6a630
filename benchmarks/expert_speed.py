"""How long the `expert` bot thinks per decision, as a person's opponent would wait for it.

Run after `pip install .`:

    python benchmarks/expert_speed.py                       # 2, 3, 4 players, one game each
    python benchmarks/expert_speed.py --players 2 --games 3 --nodes 500,250

Each game is seeded (game k has seed `--seed` + k): seat 1 is a greedy bot standing in
for the person, every other seat an expert with `--nodes` copies per decision (the
default is the bot's own). Per budget and player count it prints the experts' decisions
that had a choice (a decision with one option costs nothing), and the CPU seconds each
took (`time.process_time`: this process's own time, so other work on the machine slows
it less than a wall clock): mean, median, 95th percentile and the longest. Prints the
Python version, the build and the content hash. Nothing here asserts a time; the games
are the same on any machine.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time

from blackangel.dsl.compiler import load_shipped
from blackangel.interpreter.agents import GreedyAgent
from blackangel.interpreter.engine import BUILD, Engine
from blackangel.interpreter.planner import NODES, ExpertAgent
from blackangel.interpreter.program import build


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", default="2,3,4", help="player counts, e.g. 2,3")
    parser.add_argument("--games", type=int, default=1, help="games per line (default 1)")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    parser.add_argument("--nodes", default=str(NODES), help="budgets to compare, e.g. 500,250")
    args = parser.parse_args(argv)
    counts = [int(n) for n in args.players.split(",")]
    budgets = [int(n) for n in args.nodes.split(",")]
    if args.games < 1 or any(n not in (2, 3, 4) for n in counts) or min(budgets) < 1:
        parser.error("players 2 to 4, at least one game and one node")
    data = build(load_shipped())
    print(
        f"python {platform.python_version()} ({BUILD}) on {platform.machine()}, content "
        f"{data.content_hash}; {args.games} game(s) per line from seed {args.seed}"
    )
    for nodes in budgets:
        for players in counts:
            times: list[float] = []
            for k in range(args.games):
                times += thinking(data, players, args.seed + k, nodes)
            times.sort()
            print(
                f"{nodes} nodes, {players} players: {len(times)} decisions with a choice, "
                f"CPU s per decision: mean {statistics.fmean(times):.3f}, median "
                f"{statistics.median(times):.3f}, 95th percentile "
                f"{times[int(0.95 * (len(times) - 1))]:.3f}, longest {times[-1]:.3f}"
            )


def thinking(data, players: int, seed: int, nodes: int) -> list[float]:
    """One game: the CPU seconds of each expert decision that had a choice."""
    engine = Engine.new_game(data, players, seed, log=False)
    agents = [GreedyAgent(seed * 1000)]
    agents += [ExpertAgent(seed * 1000 + i, nodes=nodes) for i in range(1, players)]
    times = []
    while (decision := engine.decision()) is not None:
        agent = agents[decision.player]
        began = time.process_time()
        choice = agent.choose(engine, decision)
        if isinstance(agent, ExpertAgent) and len(decision.options) > 1:
            times.append(time.process_time() - began)
        engine.apply(choice)
    return times


if __name__ == "__main__":
    main()
