"""Our engine and OpenSpiel side by side, in one run: random games, decisions per second.

Run after `pip install '.[bench]'`:

    python benchmarks/versus_openspiel.py [--seconds 1.5] [--rounds 10]

Each round plays random games of each engine for the same number of seconds, the
engines taking turns, so a busy machine slows them alike; the figures are the
medians over the rounds. The ratio is worked out round by round (ours against theirs
played right after), and its median and range over the rounds are printed. A decision is a move
chosen by a player (OpenSpiel's chance moves, dice and deals, are not decisions;
ours are inside the engine). Both sides pick uniformly among the legal moves with
a seeded generator and play whole games. `clone()` is timed on mid-game states.

Without OpenSpiel installed, only our figures are printed. Prints figures only.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time
from collections.abc import Callable

from clone_timing import ROUNDS, median_clone_us

from blackangel.dsl.compiler import load_shipped
from blackangel.interpreter.agents import RandomAgent
from blackangel.interpreter.engine import BUILD, Engine
from blackangel.interpreter.program import Program, build
from blackangel.interpreter.simulation import frozen_heap

OPENSPIEL_GAMES = ("python_block_dominoes", "backgammon")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.5, help="per engine and round")
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()

    data = build(load_shipped())
    print(
        f"python {platform.python_version()} ({BUILD}) on {platform.machine()}, content "
        f"{data.content_hash}; {args.rounds} rounds of {args.seconds:g} s per engine"
    )
    runners: dict[str, Callable[[float], tuple[float, float]]] = {
        f"black angel ({args.players} players)": lambda s: ours(data, args.players, s)
    }
    clones = {"black angel": clone_ours(data, args.players)}
    try:
        import pyspiel
        from open_spiel.python import games  # noqa: F401  (registers the Python games)
    except ImportError:
        print("OpenSpiel is not installed (pip install '.[bench]'): our figures only")
    else:
        for name in OPENSPIEL_GAMES:
            game = pyspiel.load_game(name)
            runners[f"openspiel {name}"] = lambda s, game=game: theirs(game, s)
            clones[name] = clone_theirs(game)

    figures: dict[str, list[tuple[float, float]]] = {name: [] for name in runners}
    with frozen_heap():  # the collector as `ba simulate` leaves it, for both engines
        for _ in range(args.rounds):
            for name, run in runners.items():
                figures[name].append(run(args.seconds))
    ours_name = next(iter(runners))
    for name, results in figures.items():
        decisions = statistics.median(d for d, _ in results)
        games = statistics.median(g for _, g in results)
        ratio = ""
        if name != ours_name:
            ratios = [o / t for (o, _), (t, _) in zip(figures[ours_name], results)]
            ratio = (
                f"  (ours / theirs: {statistics.median(ratios):.2f}x; "
                f"rounds {min(ratios):.2f}x to {max(ratios):.2f}x)"
            )
        print(f"{name:40} {decisions:>9,.0f} decisions/s {games:>8.1f} games/s{ratio}")
    for name, micros in clones.items():
        print(f"clone() {name:32} {micros:>9.1f} us (mid-game states: median of best of {ROUNDS})")


def ours(data: Program, players: int, seconds: float) -> tuple[float, float]:
    """Random games of ours for about `seconds`: (decisions/s, games/s)."""
    decisions = games = 0
    seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        engine = Engine.new_game(data, players, seed)
        agents = [RandomAgent(seed * 10 + i) for i in range(players)]
        while (decision := engine.decision()) is not None:
            engine.apply(agents[decision.player].choose(engine, decision))
            decisions += 1
        games += 1
        seed += 1
    elapsed = time.perf_counter() - start
    return decisions / elapsed, games / elapsed


def theirs(game, seconds: float) -> tuple[float, float]:
    """Random games of an OpenSpiel game for about `seconds`: (decisions/s, games/s)."""
    rng = random.Random(0)
    decisions = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            decisions += random_move(state, rng)
        games += 1
    elapsed = time.perf_counter() - start
    return decisions / elapsed, games / elapsed


def random_move(state, rng: random.Random) -> bool:
    """Play one move of an OpenSpiel state at random: a chance outcome by its weight, or
    a legal action; True if it was a decision."""
    if state.is_chance_node():
        outcomes, weights = zip(*state.chance_outcomes())
        state.apply_action(rng.choices(outcomes, weights)[0])
        return False
    state.apply_action(rng.choice(state.legal_actions()))
    return True


def clone_ours(data: Program, players: int) -> float:
    """`clone()` of 30 states, each halfway through a seeded random game (in decisions)."""
    middles = []
    for seed in range(30):
        chosen = []
        engine = Engine.new_game(data, players, seed)
        agents = [RandomAgent(seed * 10 + i) for i in range(players)]
        while (decision := engine.decision()) is not None:
            chosen.append(agents[decision.player].choose(engine, decision))
            engine.apply(chosen[-1])
        middle = Engine.new_game(data, players, seed)
        for option in chosen[: len(chosen) // 2]:
            middle.apply(option)
        middles.append(middle)
    return median_clone_us(middles)


def clone_theirs(game) -> float:
    """`clone()` of 30 states of an OpenSpiel game, each halfway through a seeded random
    game (in moves, chance moves included)."""
    rng = random.Random(1)
    middles = []
    for _ in range(30):
        state = game.new_initial_state()
        while not state.is_terminal():
            random_move(state, rng)
        moves = state.history()
        middle = game.new_initial_state()
        for action in moves[: len(moves) // 2]:
            middle.apply_action(action)
        middles.append(middle)
    return median_clone_us(middles)


if __name__ == "__main__":
    main()
