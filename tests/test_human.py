"""The human at `ba play --human N` (HumanAgent in interpreter/agents.py): an answer that
is not an option number asks again, whatever it is; `?` explains, `q` quits; what the
person reads goes to the terminal, not into the output."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from blackangel.cli.main import ba
from blackangel.dsl.compiler import load_shipped
from blackangel.interpreter.agents import HumanAgent, QuitGame
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


def test_a_question_mark_explains_the_options_and_asks_again(engine):
    answers = iter(["?", "1"])
    written = []
    decision = engine.decision()
    chosen = HumanAgent(read=lambda _: next(answers), write=written.append).choose(engine, decision)
    assert chosen == decision.options[0].id
    shown = "\n".join(written)
    assert "q quits the game" in shown
    for number, option in enumerate(decision.options, 1):
        assert f"{number}. {option.id}: {option.label}" in shown


def test_q_quits_the_game(engine):
    with pytest.raises(QuitGame):
        HumanAgent(read=lambda _: "q", write=lambda *_: None).choose(engine, engine.decision())


def test_ba_play_human_keeps_prompts_off_stdout_and_quits_on_q():
    """The decisions go to the terminal (stderr): stdout holds only the result, so
    --format json stays JSON; `q` ends the game with exit 0 and nothing on stdout."""
    answers = "\n".join(["1"] * 3000)
    result = CliRunner().invoke(
        ba, ["play", "--players", "2", "--human", "1", "--format", "json"], input=answers
    )
    assert result.exit_code == 0, result.stderr[-2000:]
    assert json.loads(result.stdout)["scores"] and "> " in result.stderr
    result = CliRunner().invoke(ba, ["play", "--players", "2", "--human", "1"], input="q\n")
    assert result.exit_code == 0 and result.stdout == ""
    assert "game abandoned (q)" in result.stderr
