"""The human at `ba play --human N`: an answer that is not an option number asks again,
whatever it is (HumanAgent in interpreter/agents.py)."""

from __future__ import annotations

import pytest

from blackangel.dsl.compiler import load_shipped
from blackangel.interpreter.agents import HumanAgent
from blackangel.interpreter.engine import Engine
from blackangel.interpreter.program import build


@pytest.fixture(scope="module")
def engine():
    return Engine.new_game(build(load_shipped()), 2, 1)


@pytest.mark.parametrize(
    "bad",
    ["²", "٣", "1\u0663", "9" * 5000, "0", "-1", "99", "1.0", "", "   ", "one", "1e3", "\x00"],
)
def test_an_answer_that_is_not_an_option_number_asks_again(engine, bad):
    answers = iter([bad, "1"])
    asked = []

    def read(prompt):
        asked.append(prompt)
        return next(answers)

    decision = engine.decision()
    chosen = HumanAgent(read=read, write=lambda *_: None).choose(engine, decision)
    assert chosen == decision.options[0].id and len(asked) == 2
