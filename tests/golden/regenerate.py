"""Regenerate the golden playthroughs: seeded games between random bots, as text.

    python tests/golden/regenerate.py

tests/test_golden.py replays the same games and diffs them against these files,
so any change to the rules or the engine that alters a game shows up as a diff.
Regenerate (and read the diff) when such a change is intended.
"""

from __future__ import annotations

from pathlib import Path

from blackangel.dsl.compiler import load_shipped
from blackangel.interpreter.agents import RandomAgent, play
from blackangel.interpreter.engine import Engine
from blackangel.interpreter.narrate import transcript
from blackangel.interpreter.program import build

HERE = Path(__file__).resolve().parent
# (players, seed, variants): three basic games, one with the advanced rules, and a solo
# game against Hal (1 player)
GAMES = [(2, 1, ()), (3, 2, ()), (4, 3, ()), (3, 4, ("advanced",)), (1, 5, ())]


def golden_text(data, players: int, seed: int, variants: tuple[str, ...] = ()) -> str:
    agents = [RandomAgent(seed * 100 + i) for i in range(players)]
    engine = play(Engine.new_game(data, players, seed, variants=variants), agents)
    return transcript(engine, [f"P{i + 1}" for i in range(players)])


def path_for(players: int, seed: int, variants: tuple[str, ...] = ()) -> Path:
    suffix = "".join(f"_{v}" for v in variants)
    return HERE / f"game_{players}p_seed{seed}{suffix}.txt"


def main() -> None:
    data = build(load_shipped())
    for players, seed, variants in GAMES:
        path = path_for(players, seed, variants)
        path.write_text(golden_text(data, players, seed, variants), encoding="utf-8")
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
