"""OpenSpiel's information-set MCTS against our greedy, MCTS and expert bots: win rates.

Run after `pip install '.[ai]'`:

    python benchmarks/ai_versus.py --games 40 [--seed 0] [--simulations 20] [--iterations 50]
        [--nodes 500] [--bots ismcts,greedy,mcts,expert]

Each game is a seeded game of the OpenSpiel game `python_black_angel` (the engine in
chance mode), one seat per bot of `--bots` (two to four of them): the chance outcomes
are drawn with the engine's own generator seeded with the game's seed, so with the same
choices game `s` is `ba play --seed s`. The bots take every seat in turn (game g puts
the first bot at seat g mod n, the second at the next seat, and so on), so no bot keeps
the first seat.

- ISMCTS: `open_spiel.python.algorithms.ismcts.ISMCTSBot`, `--simulations` simulations
  per decision, each evaluated by one random rollout to the end of the game
  (`RandomRolloutEvaluator`), UCT constant 2, nodes keyed by the observation string
  (the game has no information state of perfect recall), worlds resampled by
  `resample_from_infostate` (determinization);
- greedy: `interpreter/agents.py`'s GreedyAgent (one step of look-ahead on a
  determinized copy, the game's heuristic);
- MCTS: `interpreter/search.py`'s MctsAgent, `--iterations` iterations per decision on
  determinized copies, the heuristic at the leaves;
- expert: `interpreter/planner.py`'s ExpertAgent, `--nodes` copies per decision to plan
  the seat's whole turn on one determinized copy, the game's outlook at the ends of turns.

None of them reads hidden information. A win is a best final score; on a tie every
tied seat wins (so the rates may add up to more than 100%). Prints figures only.
"""

from __future__ import annotations

import argparse
import math
import platform
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from blackangel.adapters import openspiel
from blackangel.interpreter.agents import GreedyAgent
from blackangel.interpreter.engine import BUILD
from blackangel.interpreter.planner import ExpertAgent
from blackangel.interpreter.rng import Rng, seed_state
from blackangel.interpreter.search import MctsAgent

BOTS = ("ismcts", "greedy", "mcts", "expert")  # every bot the experiment knows


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
    parser.add_argument(
        "--simulations", type=int, default=20, help="ISMCTS, per decision (at least 2)"
    )
    parser.add_argument("--iterations", type=int, default=50, help="our MCTS, per decision")
    parser.add_argument("--nodes", type=int, default=500, help="our expert, per decision")
    parser.add_argument(
        "--bots", default=",".join(BOTS), help="two to four of them, one seat each, in order"
    )
    args = parser.parse_args(argv)
    bots = args.bots.split(",")
    if not 2 <= len(bots) <= 4 or len(set(bots)) < len(bots) or set(bots) - set(BOTS):
        parser.error(f"--bots takes two to four different bots among {', '.join(BOTS)}")

    game = pyspiel.load_game(openspiel.SHORT_NAME, {"players": len(bots)})
    data = game.data
    print(
        f"python {platform.python_version()} ({BUILD}) on {platform.machine()}, content "
        f"{data.content_hash}, open_spiel {_version('open_spiel')}; {args.games} games of "
        f"{len(bots)} players ({', '.join(bots)}) from seed {args.seed}; ISMCTS "
        f"{args.simulations} simulations (1 random rollout each), our MCTS "
        f"{args.iterations} iterations, our expert {args.nodes} nodes"
    )
    wins = dict.fromkeys(bots, 0)
    scores: dict[str, list[int]] = {bot: [] for bot in bots}
    decisions = dict.fromkeys(bots, 0)
    thinking = dict.fromkeys(bots, 0.0)
    start = time.perf_counter()
    for number in range(args.games):
        seed = args.seed + number
        seats = {(number + i) % len(bots): bot for i, bot in enumerate(bots)}
        result = play(game, seed, seats, args, decisions, thinking)
        for seat, bot in seats.items():
            scores[bot].append(result["scores"][seat])
            wins[bot] += seat in result["winners"]
        if (number + 1) % 10 == 0 or number + 1 == args.games:
            elapsed = time.perf_counter() - start
            print(f"  {number + 1} games, {elapsed:.0f} s", flush=True)
    elapsed = time.perf_counter() - start
    for bot in bots:
        rate = wins[bot] / args.games
        half = 1.96 * math.sqrt(rate * (1 - rate) / args.games)
        mean = sum(scores[bot]) / len(scores[bot])
        per = thinking[bot] / max(1, decisions[bot]) * 1000
        print(
            f"{bot:7} wins {wins[bot]:4}/{args.games} = {rate:6.1%} (+-{half:.1%})  "
            f"mean score {mean:5.1f}  {per:7.1f} ms per decision"
        )
    print(f"{args.games / elapsed:.3f} games/s ({elapsed:.0f} s)")


def play(game, seed: int, seats: dict[int, str], args, decisions, thinking) -> dict:
    """One seeded game; returns the final scores and winners."""
    chance = Rng({"rng": seed_state(seed)})
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
    agents = {
        "ismcts": ismcts.ISMCTSBot(
            game,
            evaluator,
            2.0,
            args.simulations,
            random_state=np.random.RandomState(seed),
            use_observation_string=True,
        ),
        "greedy": GreedyAgent(seed),
        "mcts": MctsAgent(seed, iterations=args.iterations),
        "expert": ExpertAgent(seed, nodes=args.nodes),
    }
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(chance.below(len(state.chance_outcomes())))
            continue
        seat = state.current_player()
        bot = seats[seat]
        began = time.perf_counter()
        if bot == "ismcts":
            action = agents[bot].step(state)
        else:
            engine = state.table.engine
            decision = engine.decision()
            choice = agents[bot].choose(engine, decision)
            action = [option.id for option in decision.options].index(choice)
        thinking[bot] += time.perf_counter() - began
        decisions[bot] += 1
        state.apply_action(int(action))
    final = state.table.engine.state
    return {"scores": final["scores"], "winners": final["winners"]}


def _version(name: str) -> str:
    from importlib.metadata import version

    return version(name.replace("_", "-"))


if __name__ == "__main__":
    main()
