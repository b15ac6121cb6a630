"""Replays reproduce games exactly, and name the first step where a game diverges."""

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from blackangel.cli.main import ba
from blackangel.dsl.compiler import load_shipped
from blackangel.interpreter import replay
from blackangel.interpreter.agents import RandomAgent, play
from blackangel.interpreter.engine import Engine
from blackangel.interpreter.program import build


@pytest.fixture(scope="module")
def data():
    return build(load_shipped())


@pytest.fixture(scope="module")
def recorded(data):
    engine = play(
        Engine.new_game(data, 3, 9, {"negative_vp": "allow"}), [RandomAgent(i) for i in range(3)]
    )
    return replay.record(engine), engine


def test_replay_reproduces_the_game(data, recorded):
    record, original = recorded
    again = replay.rerun(data, replay.load(json.dumps(record)))
    assert again.state["log"] == original.state["log"]
    assert again.state["rulings"]["negative_vp"] == "allow"


def test_a_changed_choice_names_the_step(data, recorded):
    record = json.loads(json.dumps(recorded[0]))
    step = next(i for i, d in enumerate(record["decisions"]) if record["choices"][i] != "option:0")
    record["choices"][step] = "not-an-option"
    with pytest.raises(replay.ReplayError, match=f"step {step + 1}:"):
        replay.rerun(data, record)


def test_a_different_seed_diverges_early(data, recorded):
    record = dict(recorded[0], seed=recorded[0]["seed"] + 1)
    with pytest.raises(replay.ReplayError, match="step"):
        replay.rerun(data, record)


def test_other_rules_are_refused(data, recorded):
    record = dict(recorded[0], content_hash="0" * 16)
    with pytest.raises(replay.ReplayError, match="rules"):
        replay.rerun(data, record)


@pytest.mark.parametrize(
    "text, message",
    [
        ("garbage", "invalid JSON"),
        ("[]", "format marker"),
        ('{"format": "blackangel-replay", "version": 7}', "version"),
        ('{"format": "blackangel-replay", "version": 1, "seed": "x"}', "field"),
    ],
)
def test_corrupt_replays_are_refused(text, message):
    with pytest.raises(replay.ReplayError, match=message):
        replay.load(text)


def _with(record, **change):
    return json.dumps({**record, **change})


UNUSABLE = {
    "an unknown option": ({"rulings": {"negative_vp": "bogus"}}, "has no option 'bogus'"),
    "an unknown ruling": ({"rulings": {"zzz": "a"}}, "rulings these rules do not have: zzz"),
    "a ruling option that is not a name": ({"rulings": {"negative_vp": 1}}, "'rulings'"),
    "five players": ({"players": 5}, "can be played by 1, 2, 3, 4 players"),
    "players as true": ({"players": True}, "'players' is missing or not a whole number"),
    "a seed as text": ({"seed": "9"}, "'seed' is missing or not a whole number"),
    "choices that are not ids": ({"choices": [1]}, "'choices'"),
    "an unknown variant": ({"variants": ["expert"]}, "no variant 'expert'"),
    "scores as text": ({"scores": "x"}, "'scores'"),
}


@pytest.mark.parametrize("name", sorted(UNUSABLE))
def test_an_unusable_replay_exits_2_and_is_never_verified(tmp_path, recorded, name):
    change, message = UNUSABLE[name]
    record = recorded[0]
    if "choices" in change:
        change = {**change, "choices": change["choices"] * len(record["choices"])}
    path = tmp_path / "r.json"
    path.write_text(_with(record, **change))
    result = CliRunner().invoke(ba, ["replay", str(path)])
    assert result.exit_code == 2, result.output
    assert message in result.output and result.output.startswith("error: ")
    assert "verified" not in result.output and "Traceback" not in result.output


@pytest.mark.parametrize(
    "text, message",
    [
        ("[" * 100_000, "nested deeper than 64 levels"),
        ('{"format": "blackangel-replay", "seed": ' + "9" * 5000 + "}", "thousands of digits"),
    ],
)
def test_deep_or_huge_replays_are_refused(text, message):
    with pytest.raises(replay.UnusableReplay, match=message):
        replay.load(text)


def test_cli_round_trip(tmp_path):
    path = tmp_path / "game.json"
    runner = CliRunner()
    result = runner.invoke(ba, ["play", "--players", "2", "--seed", "6", "--replay", str(path)])
    assert result.exit_code == 0
    verified = runner.invoke(ba, ["replay", str(path)])
    assert verified.exit_code == 0 and "replay verified" in verified.output
    data = json.loads(path.read_text())
    data["choices"][5] = "bogus"
    path.write_text(json.dumps(data))
    failed = runner.invoke(ba, ["replay", str(path)])
    assert failed.exit_code == 1 and "step 6" in failed.output
    assert runner.invoke(ba, ["replay", str(tmp_path / "missing.json")]).exit_code == 2


def test_the_content_hash_does_not_depend_on_where_the_rules_are(tmp_path):
    """A replay made with a mod in one folder verifies with the same mod anywhere else."""
    import shutil

    from blackangel.dsl.compiler import compile_paths

    here = Path(__file__).resolve().parent.parent / "examples" / "dice_race"
    elsewhere = tmp_path / "somewhere" / "dice"
    shutil.copytree(here, elsewhere)
    first = compile_paths([here]).ruleset
    second = compile_paths([elsewhere]).ruleset
    assert first.content_hash == second.content_hash
    (elsewhere / "dice_race.ba").write_text(
        (here / "dice_race.ba").read_text(encoding="utf-8") + "\n# changed\n", encoding="utf-8"
    )
    assert compile_paths([elsewhere]).ruleset.content_hash != first.content_hash
