"""Regenerate the golden playthroughs: seeded games between random bots, as text.

    python tests/golden/regenerate.py

tests/test_golden.py replays the same games and diffs them against these files,
so any change to the rules or the engine that alters a game shows up as a diff.
Regenerate (and read the diff) when such a change is intended.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from blackangel.dsl import games
from blackangel.dsl.compiler import compile_paths, load_shipped
from blackangel.interpreter.agents import RandomAgent, play
from blackangel.interpreter.engine import Engine
from blackangel.interpreter.narrate import transcript
from blackangel.interpreter.program import Program, build

HERE = Path(__file__).resolve().parent
DEFAULT = "black_angel"
# (game, players, seed, variants): Black Angel's three basic games, one with the advanced
# rules, and a solo game against Hal (1 player); Bossin' Space for 1, 3 and 5 players
GAMES = [
    (DEFAULT, 2, 1, ()),
    (DEFAULT, 3, 2, ()),
    (DEFAULT, 4, 3, ()),
    (DEFAULT, 3, 4, ("advanced",)),
    (DEFAULT, 1, 5, ()),
    ("bossin_space", 1, 1, ()),
    ("bossin_space", 3, 2, ()),
    ("bossin_space", 5, 3, ("hard",)),
]


@cache
def program(game: str) -> Program:
    """A registered game's rules (the default game's shipped content)."""
    if game == DEFAULT:
        return build(load_shipped())
    folder = games.rules_folder(game)
    assert folder is not None, game
    return build(compile_paths([folder]).ruleset)


def golden_text(game: str, players: int, seed: int, variants: tuple[str, ...] = ()) -> str:
    agents = [RandomAgent(seed * 100 + i) for i in range(players)]
    engine = play(Engine.new_game(program(game), players, seed, variants=variants), agents)
    return transcript(engine, [f"P{i + 1}" for i in range(players)])


def path_for(game: str, players: int, seed: int, variants: tuple[str, ...] = ()) -> Path:
    """Black Angel's files keep their names; another game's name comes first."""
    prefix = "" if game == DEFAULT else f"{game}_"
    suffix = "".join(f"_{v}" for v in variants)
    return HERE / f"{prefix}game_{players}p_seed{seed}{suffix}.txt"


def main() -> None:
    for game, players, seed, variants in GAMES:
        path = path_for(game, players, seed, variants)
        path.write_text(golden_text(game, players, seed, variants), encoding="utf-8")
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
