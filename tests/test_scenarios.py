"""Scenarios: every rulebook example in tests/scenarios passes; failures read well."""

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from blackangel.cli.main import ba
from blackangel.dsl.compiler import load_shipped
from blackangel.interpreter import scenario
from blackangel.interpreter.program import build

HERE = Path(__file__).parent / "scenarios"
FILES = sorted(HERE.glob("*.toml"))


@pytest.fixture(scope="module")
def data():
    return build(load_shipped())


def write(tmp_path, text, name="s.toml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def cli(*args):
    result = CliRunner().invoke(ba, ["scenario", *map(str, args)], catch_exceptions=False)
    return result.exit_code, result.output


def test_there_are_rulebook_scenarios():
    assert len(FILES) >= 12


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_rulebook_scenario_passes(data, path):
    result = scenario.run_file(data, path)
    assert result.status == "pass", scenario.render(result)


def test_cli_runs_all_scenarios():
    code, out = cli(*FILES)
    assert code == 0, out
    assert out.count("PASS ") == len(FILES)
    assert f"{len(FILES)} scenario(s): {len(FILES)} passed" in out


def test_wrong_expectation_gives_readable_difference(tmp_path):
    text = (HERE / "final_scoring.toml").read_text(encoding="utf-8")
    text = text.replace('path = "scores.0"\nequals = 48', 'path = "scores.0"\nequals = 50')
    code, out = cli(write(tmp_path, text))
    assert code == 1
    assert "FAIL final scoring" in out
    assert "scores.0: expected 50, found 48" in out


def test_list_difference_names_missing_and_unexpected(data, tmp_path):
    path = write(
        tmp_path,
        'players = 3\nseed = 1\n[[set]]\nplayer = 1\nhand = ["m005", "m030"]\n'
        '[[expect]]\nplayer = 1\npath = "hand"\nequals = ["m005", "m002"]\n',
    )
    result = scenario.run_file(data, path)
    assert result.status == "fail"
    (failure,) = result.failures
    assert 'players.0.hand: expected ["m005", "m002"], found ["m005", "m030"]' in failure
    assert 'missing ["m002"], unexpected ["m030"]' in failure


def test_unavailable_choice_lists_the_legal_options(tmp_path):
    code, out = cli(write(tmp_path, 'players = 3\nseed = 1\n[[step]]\nchoose = "die:99"\n'))
    assert code == 1
    assert "option 'die:99' is not available here; legal options:" in out
    assert "decision of player 3: Do this? reserve one of your dice for free" in out
    assert "skip: reserve one of your dice for free" in out


def test_ambiguous_label_and_wrong_player_fail(data, tmp_path):
    result = scenario.run_file(
        data, write(tmp_path, 'players = 3\nseed = 1\n[[step]]\nchoose_label = "reserve"\n')
    )
    assert result.status == "fail" and "2 option labels contain 'reserve'" in result.failures[0]
    result = scenario.run_file(
        data, write(tmp_path, 'players = 3\nseed = 1\n[[step]]\nplayer = 1\nchoose = "die:2"\n')
    )
    assert "expected player 1 to decide, but it is player 3" in result.failures[0]


def test_event_count_mismatch_shows_the_events(data, tmp_path):
    path = write(
        tmp_path,
        'players = 3\nseed = 1\n[[step]]\nchoose = "yes"\n[[step]]\nchoose_label = "gray"\n'
        '[[expect]]\nevent = "reserve"\nseat = 2\ncount = 2\n',
    )
    result = scenario.run_file(data, path)
    assert 'expected event reserve with {"seat": 2} 2 time(s), found 1' in result.failures[0]
    assert '"event": "reserve"' in result.failures[0]


BAD = {
    "not_toml": ("players = 3\n[[set]\n", "is not valid TOML"),
    "no_seed": ("players = 3\n", "'seed' is missing"),
    "unknown_key": ("players = 3\nseed = 1\n[[stepp]]\nchoose = 'x'\n", "did you mean 'step'"),
    "unknown_path": (
        "players = 3\nseed = 1\n[[set]]\npath = 'players.0.storage.debriss'\nvalue = 2\n",
        "unknown path players.0.storage.debriss; did you mean 'debris'",
    ),
    "unknown_card": (
        "players = 3\nseed = 1\n[[set]]\nplayer = 1\nhand = ['m999']\n",
        "no card or tile 'm999'",
    ),
    "tile_without_copy": (
        "players = 3\nseed = 1\n[[set]]\npath = 'players.0.grid.1'\nvalue = 'adv_gray'\n",
        "name one copy: adv_gray#1, adv_gray#2",
    ),
    "wrong_kind": (
        "players = 3\nseed = 1\n[[set]]\nplayer = 1\nhand = ['r061']\n",
        "'r061' is a ravager, but players.0.hand holds missions",
    ),
    "wrong_type": (
        "players = 3\nseed = 1\n[[set]]\npath = 'players.0.vp'\nvalue = 'lots'\n",
        "holds a number (5), not a string",
    ),
    "bad_ruling": (
        "players = 3\nseed = 1\n[rulings]\nnegative_vp = 'sometimes'\n",
        "ruling negative_vp has no option 'sometimes'",
    ),
    "bad_players": ("players = 1\nseed = 1\n", "1 players is not supported"),
    "bad_die": (
        "players = 3\nseed = 1\n[[set]]\nplayer = 1\ndice = ['purple 3']\n",
        "is not 'COLOUR VALUE [reserved]'",
    ),
    "bad_hex": (
        "players = 3\nseed = 1\n[[set]]\nat = 'st9/1'\nships = [1]\n",
        "'st9/1' is not a hex",
    ),
    "ruling_not_an_option": (
        "players = 3\nseed = 1\n[rulings]\nnegative_vp = 3\n",
        "ruling negative_vp has no option '3'",
    ),
    "unknown_ruling": ("players = 3\nseed = 1\n[rulings]\nzzz = 'a'\n", "unknown ruling 'zzz'"),
    "value_outside_the_shape": (
        "players = 3\nseed = 1\n[[set]]\npath = 'players.0.vp'\nvalue = 1000000000000\n",
        "after the overrides: players.0.vp: 1000000000000 is greater than the maximum",
    ),
    "die_value_outside_the_shape": (
        "players = 3\nseed = 1\n[[set]]\npath = 'dice.0.value'\nvalue = 12\n",
        "dice.0.value: 12 is greater than the maximum of 9",
    ),
    "die_owner_not_a_player": (
        "players = 3\nseed = 1\n[[set]]\npath = 'dice.0.owner'\nvalue = 7\n",
        "dice.0.owner: 7 is greater than the maximum of 2",
    ),
    "number_of_5000_digits": ("players = " + "9" * 5000 + "\nseed = 1\n", "a number far too large"),
    "deep_nesting": ("players = 3\nseed = 1\nx = " + "[" * 100_000 + "\n", "nested deeper than"),
    "duplicate_card": (
        "players = 3\nseed = 1\n[[set]]\nplayer = 1\nhand = ['m002', 'm002']\n",
        "there is only one 'm002'",
    ),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_unusable_files_exit_2_without_traceback(tmp_path, case):
    text, message = BAD[case]
    code, out = cli(write(tmp_path, text, f"{case}.toml"))
    assert code == 2, out
    assert message in out
    assert "Traceback" not in out and "internal error" not in out


def test_a_device_or_huge_file_is_refused_at_once(tmp_path):
    code, out = cli("/dev/zero")
    assert code == 2 and "larger than 1,048,576 bytes: not a scenario file" in out
    big = write(tmp_path, "# x\n" * 300_000, "big.toml")
    code, out = cli(big)
    assert code == 2 and "larger than" in out


def test_missing_file_and_no_file(tmp_path):
    code, out = cli(tmp_path / "nope.toml")
    assert code == 2 and "no such file" in out
    code, out = cli()
    assert code == 2 and "give at least one scenario file" in out


def test_json_output(tmp_path):
    bad = write(tmp_path, "players = 3\n", "bad.toml")
    code, out = cli("--json", HERE / "final_scoring.toml", bad)
    assert code == 2
    report = json.loads(out)
    assert report["summary"] == {"pass": 1, "fail": 0, "error": 1}
    assert [r["status"] for r in report["results"]] == ["pass", "error"]


def test_overrides_keep_each_card_in_one_place(data):
    from blackangel.interpreter.engine import Engine

    engine = Engine.new_game(data, 3, 1)
    state = engine.state
    before = list(state["players"][0]["hand"])
    decks = {colour: list(deck) for colour, deck in state["mission_deck"].items()}
    scenario.apply_overrides(data, state, {"players": 3, "set": [{"player": 1, "hand": ["m002"]}]})
    assert state["players"][0]["hand"] == ["m002"]
    assert "m002" not in state["mission_deck"]["orange"]
    # the replaced cards went to the bottom of their decks (index 0; the top is last),
    # one after the other; the rest of each deck is as it was, less m002
    for colour, deck in state["mission_deck"].items():
        returned = [card for card in before if data.missions[card].color == colour]
        assert deck == list(reversed(returned)) + [c for c in decks[colour] if c != "m002"]


def test_overrides_recompute_the_first_decision(data, tmp_path):
    """With no die anywhere, sequence A is impossible: the first decision is asked again,
    sequence B is the only option, so the engine goes straight on to the reservation."""
    text = (
        "players = 2\nseed = 1\n"
        "[[set]]\nplayer = 1\ndice = []\n[[set]]\nplayer = 2\ndice = []\n"
        + "".join(f'[[set]]\npath = "dice.{i}.owner"\nvalue = "none"\n' for i in (2, 6, 10))
        + '[[step]]\nplayer = 1\nlegal = ["yes", "no"]\nchoose = "no"\n'
        + '[[expect]]\nevent = "reroll"\nseat = 0\n'
    )
    result = scenario.run_file(data, write(tmp_path, text))
    assert result.status == "pass", scenario.render(result)


def test_a_game_without_scenario_forms_refuses_them_readably(data):
    """A game module need not add scenario forms (Game.scenarios has none by default):
    an `at` table, or a card that an override sends back home, is then a ScenarioError
    that names the set table, not a TypeError from calling None."""
    import copy
    from dataclasses import replace

    from blackangel.interpreter.engine import Engine
    from blackangel.interpreter.game import ScenarioForms

    bare = copy.copy(data)  # the module's program is shared: change a copy
    bare.game = replace(data.game, scenarios=ScenarioForms())
    state = Engine.new_game(bare, 3, 1).state
    at = {"players": 3, "set": [{"at": "1.1", "mission": "m002"}]}
    with pytest.raises(scenario.ScenarioError, match="set 1: .* no 'at' form"):
        scenario.apply_overrides(bare, state, at)
    hand = {"players": 3, "set": [{"player": 1, "hand": ["m002"]}]}
    with pytest.raises(scenario.ScenarioError, match="set 1: .* where it goes back"):
        scenario.apply_overrides(bare, state, hand)


def test_help_points_at_nothing_that_pip_install_leaves_out():
    """docs/ and tests/ are not in the wheel: help and messages must not send users there."""
    for args in (["--help"], *([name, "--help"] for name in ba.commands), ["scenario"]):
        output = CliRunner().invoke(ba, args).output
        assert "docs/" not in output and "tests/" not in output, output
