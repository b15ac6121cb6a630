"""The human at `ba play --human N` (HumanAgent in interpreter/agents.py): an answer that
is not an option number asks again, whatever it is; `?` explains, `q` quits; what the
person reads goes to the terminal, not into the output. The table and the commands:
test_terminal.py."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from blackangel.cli.main import ba
from blackangel.dsl.compiler import load_shipped
from blackangel.interpreter.agents import HumanAgent, QuitGame
from blackangel.interpreter.engine import Engine
from blackangel.interpreter.program import build

# the opponents these games were written against (a person's default is the slower expert)
GREEDY = ["--agents", "greedy,random"]


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
    help_part = shown[shown.index("Type the number of an option") :]
    assert re.search(r"^    q +quit the game$", help_part, re.M)
    for number, option in enumerate(decision.options, 1):
        assert f"{number:>2}. {option.label}" in help_part  # by number and label, no id


def test_q_quits_the_game(engine):
    with pytest.raises(QuitGame):
        HumanAgent(read=lambda _: "q", write=lambda *_: None).choose(engine, engine.decision())


def test_ba_play_human_keeps_prompts_off_stdout_and_quits_on_q():
    """The decisions go to the terminal (stderr): stdout holds only the result, so
    --format json stays JSON; `q` ends the game with exit 0 and nothing on stdout."""
    answers = "\n".join(["1"] * 3000)
    result = CliRunner().invoke(
        ba, ["play", "--players", "2", "--human", "1", "--format", "json", *GREEDY], input=answers
    )
    assert result.exit_code == 0, result.stderr[-2000:]
    assert json.loads(result.stdout)["scores"] and "> " in result.stderr
    result = CliRunner().invoke(ba, ["play", "--players", "2", "--human", "1"], input="q\n")
    assert result.exit_code == 0 and result.stdout == ""
    assert "game abandoned (q)" in result.stderr


@pytest.mark.parametrize("seed", [2, 5])
def test_ba_play_human_reads_the_others_face_down_cards_by_kind_and_colour(tmp_path, seed):
    """The cards the other seats play beside their boards are face down: what the person
    reads during the game (stderr) and the result (the turn log, or the JSON events) name
    them by kind and colour; the saved game keeps them."""
    answers = "\n".join(["1"] * 3000)
    runs = {}
    for fmt in ("text", "json"):
        saved = tmp_path / f"{fmt}.json"
        args = ["play", "--players", "3", "--seed", str(seed), "--human", "1", *GREEDY]
        args += ["--format", fmt, "--save", str(saved)]
        result = CliRunner().invoke(ba, args, input=answers)
        assert result.exit_code == 0, result.stderr[-2000:]
        runs[fmt] = result, json.loads(saved.read_text(encoding="utf-8"))
    full = runs["json"][1]["log"]  # the saved game: the engine's own log
    others = [e for e in full if e["event"] == "play_card" and e["seat"] != 0]
    assert others, "no other seat played a card: the test shows nothing"
    events = json.loads(runs["json"][0].stdout)["log"]
    seen = [e for e in events if e["event"] == "play_card" and e["seat"] != 0]
    assert all(e["card"] == "ravager" or e["card"].startswith("mission-") for e in seen)
    assert len(seen) == len(others)
    for result, _ in runs.values():
        for event in others:
            assert f"play {event['card']} " not in result.stdout + result.stderr


def test_ba_play_human_log_says_what_each_step_gained_and_hides_the_others_draws(tmp_path):
    """The turn log says what each step gained and lost (items, VP, cards drawn, tiles
    taken); the person reads their own draws by id, another seat's as a count and a
    colour, in what they read during the game (stderr) and in the result (stdout)."""
    saved = tmp_path / "game.json"
    args = ["play", "--players", "3", "--seed", "2", "--human", "1", *GREEDY]
    args += ["--save", str(saved)]
    result = CliRunner().invoke(ba, args, input="\n".join(["1"] * 3000))
    assert result.exit_code == 0, result.stderr[-2000:]
    log = json.loads(saved.read_text(encoding="utf-8"))["log"]
    drew = {e["seat"] for e in log if e["event"] == "draw" and e["cards"]}
    assert 0 in drew and drew - {0}, "nobody drew: the test shows nothing"
    for shown in (result.stdout, result.stderr):
        lines = shown.splitlines()
        own = [line for line in lines if line.startswith("  P1 (human) draws ")]
        assert own and all(re.search(r"\bm\d{3}\b", line) for line in own)
        others = [line for line in lines if re.match(r"  P[23] \(\w+\) draws ", line)]
        assert others and all(
            re.match(r"  P[23] \(\w+\) draws 1 \w+ Mission card$", line) for line in others
        ), others
    out = result.stdout
    assert re.search(r"^  P1 \(human\): \+1 \w+$", out, re.M)  # an item taken
    assert re.search(r"^  P\d \(\w+\): -\d+ VP$", out, re.M)  # VP lost (rerolling)
    assert re.search(r"^  P\d \(\w+\) takes tile t_\w+$", out, re.M)  # a tile discovered
    assert re.search(r"^  P\d \(\w+\) activates tile \w+", out, re.M)
