"""The language's pieces in one game (tests/games/rockfall_team): a cooperative game of
shared tracks, rounds of phases led by a rotating captain and a value by the player
count (dsl/outcomes.py, dsl/values.py), a grid of pieces with a selector and hits
(dsl/zones.py), decks and hands (dsl/decks.py) and a resolution queue (dsl/queues.py).
Each is tested alone in its own file; here they run together, by bots, to the end."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from blackangel.dsl.compiler import compile_paths
from blackangel.interpreter.agents import GreedyAgent, RandomAgent
from blackangel.interpreter.engine import Engine
from blackangel.interpreter.invariants import problems
from blackangel.interpreter.narrate import log_lines, seat_names
from blackangel.interpreter.program import build

RULES = Path(__file__).resolve().parent / "games" / "rockfall_team"


@cache
def program():
    result = compile_paths([RULES])
    assert result.ruleset is not None and result.diagnostics == [], result.diagnostics
    return build(result.ruleset)


def played(players: int, seed: int, greedy: bool = False) -> Engine:
    engine = Engine.new_game(program(), players, seed)
    agent = GreedyAgent(seed) if greedy else RandomAgent(seed)
    while not engine.is_terminal():
        assert problems(engine) == [], (players, seed, problems(engine))
        engine.apply(agent.choose(engine, engine.decision()))
    assert problems(engine) == []
    return engine


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_bots_play_the_pieces_together_to_the_end_under_invariants(players):
    endings = set()
    for seed in range(6):
        engine = played(players, seed, greedy=seed == 0)
        ending = engine.state["rounds"]["ending"]
        endings.add(ending)
        won = ending == "win_at"
        assert engine.returns() == [1.0 if won else 0.0] * players  # together
    assert endings == {"win_at", "lose_at"}  # the grid's defeats win, its rocks lose


def test_the_same_seed_plays_the_same_game():
    assert played(3, 7).state == played(3, 7).state


def test_the_log_reads_each_piece_in_words():
    engine = played(2, 3)
    lines = "\n".join(log_lines(engine, seat_names(engine)))
    for words in ("is the captain", "lays", "the line is resolved", "enters", "the team"):
        assert words in lines, words
    assert "()" not in lines  # a phase of a game whose tracks are all the table's
    assert "finds no orders to draw" not in lines  # a full hand refilled draws nothing
