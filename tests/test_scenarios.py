"""Scenarios: every rulebook example in tests/scenarios passes; failures read well."""

import json
import re
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner

from blackangel.cli.main import ba
from blackangel.dsl.compiler import load_shipped
from blackangel.interpreter import scenario
from blackangel.interpreter.engine import Engine
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


def test_the_documented_examples_are_valid(data, tmp_path):
    """docs/scenarios.md: the complete examples (the main one, the solo one) pass, and
    every snippet uses only keys and forms that the loader accepts."""
    docs = Path(__file__).resolve().parent.parent / "docs" / "scenarios.md"
    blocks = re.findall(r"```toml\n(.*?)```", docs.read_text(encoding="utf-8"), re.S)
    complete = [b for b in blocks if "players =" in b]
    assert len(complete) == 2 and len(blocks) >= 8
    for text in complete:
        result = scenario.run_file(data, write(tmp_path, text))
        assert result.status == "pass", scenario.render(result)
    for block in blocks:
        text = block if block in complete else "players = 2\nseed = 1\n" + block
        scenario.check_structure(tomllib.loads(re.sub(r"(?m)^  ", "", text)))


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


def test_turn_choice_options_are_named_after_their_phases(data, tmp_path):
    """The turn's options are `sequence_a` and `sequence_b` (and `pass` in the final
    round), not `option:N`."""
    steps = (
        'players = 2\nseed = 1\n[[step]]\nplayer = 1\nlegal = ["sequence_a", "sequence_b"]\n'
        'not_legal = ["pass"]\nchoose = "{}"\n[[expect]]\nevent = "reroll"\nseat = 0\n'
    )
    result = scenario.run_file(data, write(tmp_path, steps.format("sequence_b")))
    assert result.status == "pass", scenario.render(result)
    result = scenario.run_file(data, write(tmp_path, steps.format("option:1")))
    assert result.status == "fail"
    assert "option 'option:1' is not available here" in result.failures[0]
    assert "sequence_b" in result.failures[0]


def test_forced_answers_can_be_expected(data, tmp_path):
    """The engine answers a decision with one option by itself and logs it as `forced`:
    a scenario expects the event, and cannot choose the option as if it were asked."""
    text = (HERE / "command_star_die.toml").read_text(encoding="utf-8")
    wrong = text.replace('option = "hex:st4/5"', 'option = "hex:st4/6"')
    result = scenario.run_file(data, write(tmp_path, wrong))
    assert result.status == "fail"
    (failure,) = result.failures
    assert 'expected event forced with {"kind": "move", "option": "hex:st4/6", "seat": 0}' in (
        failure
    )
    assert '"option": "hex:st4/5"' in failure  # the forced answers that were logged
    asked = text.replace(
        'note = "a star die must place a card: no skip"', 'choose = "action:2"\n[[step]]'
    )
    result = scenario.run_file(data, write(tmp_path, asked))
    assert "option 'action:2' is not available here" in result.failures[0]


def test_auto_false_asks_forced_decisions(data, tmp_path):
    """With auto = false the forced decisions are asked; a scenario that skips them fails."""
    text = (HERE / "command_star_die_asked.toml").read_text(encoding="utf-8")
    assert scenario.run_file(data, write(tmp_path, text)).status == "pass"
    skipping = text.replace('choose = "action:2"', 'choose = "place:m002"')
    result = scenario.run_file(data, write(tmp_path, skipping))
    assert result.status == "fail"
    assert "option 'place:m002' is not available here" in result.failures[0]
    assert "action:2" in result.failures[0]


def test_winners_can_be_expected(data, tmp_path):
    """A tie shares the victory: both tied seats are the winners, in the state and in
    the game_over event; expecting one winner fails and shows the event."""
    text = (HERE / "final_scoring_tie.toml").read_text(encoding="utf-8")
    wrong = text.replace("winners = [0, 1]", "winners = [0]")
    result = scenario.run_file(data, write(tmp_path, wrong))
    assert result.status == "fail"
    (failure,) = result.failures
    assert 'expected event game_over with {"winners": [0]} at least once, found 0' in failure
    assert '"winners": [0, 1]' in failure
    result = scenario.run_file(data, write(tmp_path, text.replace("vp = 12", "vp = 21")))
    assert "winners: expected [0, 1], found [2]" in "\n".join(result.failures)


COUNTS = (
    'players = 3\nseed = 1\n[[set]]\nplayer = 1\nhand = ["m002", "m030", "m041"]\n'
    '[[expect]]\nplayer = 1\npath = "hand"\ncount = {hand}\n'
    '[[expect]]\npath = "dice"\nwhere = {{ {field} = 0 }}\ncount = 3\n'
    '[[expect]]\npath = "dice"\nwhere = {{ owner = "none", color = "gray" }}\ncount = {supply}\n'
    '[[expect]]\npath = "space.ships"\ncount = 0\n'
)


def test_count_expectations(data, tmp_path):
    """`count` checks how many items a list (or entries a table) holds; `where` counts
    only the items whose fields match: a player's dice, the gray dice in the supply."""
    gray = sum(1 for d in Engine.new_game(data, 3, 1).state["dice"] if d["color"] == "gray")
    good = COUNTS.format(hand=3, field="owner", supply=gray - 3)
    result = scenario.run_file(data, write(tmp_path, good))
    assert result.status == "pass", scenario.render(result)
    bad = COUNTS.format(hand=4, field="owner", supply=gray)
    result = scenario.run_file(data, write(tmp_path, bad))
    assert result.status == "fail" and len(result.failures) == 2
    hand, supply = result.failures
    assert 'players.0.hand: expected 4 item(s), found 3: ["m002", "m030", "m041"]' in hand
    counted = f"expected {gray} item(s), found {gray - 3}"
    assert f'dice where {{"color": "gray", "owner": null}}: {counted}' in supply
    typo = COUNTS.format(hand=3, field="ownr", supply=gray - 3)
    (failure,) = scenario.run_file(data, write(tmp_path, typo)).failures
    assert "the items of dice have no field 'ownr'; did you mean 'owner'" in failure
    number = 'players = 3\nseed = 1\n[[expect]]\npath = "players.0.vp"\ncount = 5\n'
    (failure,) = scenario.run_file(data, write(tmp_path, number)).failures
    assert "players.0.vp is 5, not a list or table to count" in failure


def test_removed_cards_leave_play_for_good(data, tmp_path):
    """`remove` takes cards and tiles out of play, into the layout's `removed` piles,
    where the invariants still count them; without `pushed_out = "removed"` the cards
    that a shorter deck pushes out go back to its bottom, and the deck does not run out."""
    from blackangel.interpreter.invariants import problems

    text = (
        'players = 3\nseed = 1\n[[set]]\nremove = ["m005", "r061", "t_gy07"]\n'
        '[[set]]\nplayer = 2\nhand = ["m002"]\npushed_out = "removed"\n'
        '[[expect]]\npath = "removed"\nequals = { missions = ["m005", "m008", "m021", '
        '"m056"], ravagers = ["r061"], tiles = ["t_gy07"] }\n'
        '[[expect]]\nplayer = 3\npath = "ravagers"\ncount = 0\n'
    )
    result = scenario.run_file(data, write(tmp_path, text))
    assert result.status == "pass", scenario.render(result)
    assert problems(result.engine) == []
    assert "t_gy07" not in json.dumps(
        {k: v for k, v in result.engine.state.items() if k != "removed"}
    )
    runs_out = (HERE / "ravager_deck_runs_out.toml").read_text(encoding="utf-8")
    assert problems(scenario.run_file(data, HERE / "ravager_deck_runs_out.toml").engine) == []
    result = scenario.run_file(
        data, write(tmp_path, runs_out.replace('pushed_out = "removed"', ""))
    )
    assert result.status == "fail"
    failures = "\n".join(result.failures)
    assert "expected event end_triggered" in failures
    assert "ravager_deck: expected 0 item(s), found 18" in failures


def test_neutral_player_dice(data, tmp_path):
    """`player = "neutral"` replaces the neutral player's dice in the 2-player game."""
    text = (
        'players = 2\nseed = 1\n[[set]]\nplayer = "neutral"\ndice = {dice}\n'
        '[[expect]]\npath = "dice"\nwhere = {{ owner = "neutral" }}\ncount = 1\n'
        '[[expect]]\npath = "dice"\nwhere = {{ owner = "neutral", color = "gray", value = 2 }}\n'
        "count = 1\n"
    )
    result = scenario.run_file(data, write(tmp_path, text.format(dice='["gray 2"]')))
    assert result.status == "pass", scenario.render(result)
    result = scenario.run_file(data, write(tmp_path, text.format(dice='["gray 3", "green 1"]')))
    assert result.status == "fail" and len(result.failures) == 2
    assert 'dice where {"owner": "neutral"}: expected 1 item(s), found 2' in result.failures[0]


STEP_SET = (
    'players = 3\nseed = 1\n[[step]]\nplayer = 3\nchoose = "yes"\n'
    '[[step]]\nchoose_label = "{label}"\n[[step.set]]\nplayer = 3\ndice = ["green 1"]\n'
    '[[expect]]\nevent = "reserve"\nseat = 2\n'
)


def test_overrides_before_a_step_ask_the_decision_again(data, tmp_path):
    """`[[step.set]]` changes the game before the step; the pending decision (which die
    player 3 reserves) is asked again, so only the new die is offered."""
    result = scenario.run_file(data, write(tmp_path, STEP_SET.format(label="green 1")))
    assert result.status == "pass", scenario.render(result)
    assert [d["reserved"] for d in result.engine.state["dice"] if d["owner"] == 2] == [True]
    result = scenario.run_file(data, write(tmp_path, STEP_SET.format(label="gray")))
    assert result.status == "fail"
    assert "no option label contains 'gray'" in result.failures[0]
    assert "green 1" in result.failures[0]


UNTIL = (
    "players = 2\nseed = 3\n[[step]]\nuntil_turn = {turn}\n{more}"
    '[[expect]]\npath = "turn.turns"\nequals = {played}\n'
)


def test_until_turn_plays_on_to_a_turn(data, tmp_path):
    """`until_turn = N` answers every decision (the first option, or a seeded random
    agent's) until N - 1 turns have been played; it fails when the game ends first or
    when turn N is over already."""
    result = scenario.run_file(data, write(tmp_path, UNTIL.format(turn=5, more="", played=4)))
    assert result.status == "pass", scenario.render(result)
    first = result.engine.state["log"]
    more = 'agent = "random"\nagent_seed = 7\n'
    runs = [
        scenario.run_file(data, write(tmp_path, UNTIL.format(turn=5, more=more, played=4)))
        for _ in range(2)
    ]
    assert [r.status for r in runs] == ["pass", "pass"]
    assert runs[0].engine.state["log"] == runs[1].engine.state["log"] != first
    result = scenario.run_file(data, write(tmp_path, UNTIL.format(turn=900, more="", played=0)))
    assert result.status == "fail"
    assert "before turn 900 began" in result.failures[0]
    again = UNTIL.format(turn=5, more="", played=4) + "[[step]]\nuntil_turn = 3\n"
    result = scenario.run_file(data, write(tmp_path, again))
    assert "step 2 (until turn 3): turn 3 is over already (4 turns played)" in result.failures[0]


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
    "bad_players": ("players = 5\nseed = 1\n", "5 players is not supported"),
    "count_not_a_number": (
        "players = 3\nseed = 1\n[[expect]]\npath = 'dice'\ncount = '3'\n",
        "'count' must be a whole number (0 or more)",
    ),
    "count_and_equals": (
        "players = 3\nseed = 1\n[[expect]]\npath = 'dice'\ncount = 3\nequals = []\n",
        "exactly one of 'equals', 'contains' or 'count'",
    ),
    "where_without_count": (
        "players = 3\nseed = 1\n[[expect]]\npath = 'dice'\nwhere = { owner = 0 }\ncontains = []\n",
        "'where' only goes with 'count'",
    ),
    "where_not_a_table": (
        "players = 3\nseed = 1\n[[expect]]\npath = 'dice'\nwhere = 0\ncount = 3\n",
        "'where' must be a table of fields",
    ),
    "remove_not_a_list": (
        "players = 3\nseed = 1\n[[set]]\nremove = 'm005'\n",
        "remove must be a list of cards or tiles",
    ),
    "remove_unknown_card": (
        "players = 3\nseed = 1\n[[set]]\nremove = ['m0005']\n",
        "no card or tile 'm0005'",
    ),
    "remove_with_path": (
        "players = 3\nseed = 1\n[[set]]\nremove = ['m005']\npath = 'hand'\nvalue = []\n",
        "use only one of 'path', 'at' or 'remove'",
    ),
    "remove_from_space": (
        "players = 3\nseed = 1\n[[set]]\nat = 'st4/5'\nmission = 'm002'\nowner = 1\n"
        "[[set]]\nremove = ['m002']\n",
        "'m002' is at space.cards.st4/5; it cannot leave play",
    ),
    "remove_twice": (
        "players = 3\nseed = 1\n[[set]]\nremove = ['m005', 'm005']\n",
        "'m005' is named twice",
    ),
    "bad_pushed_out": (
        "players = 3\nseed = 1\n[[set]]\npath = 'ravager_deck'\nvalue = []\npushed_out = 'box'\n",
        '\'pushed_out\' must be "home", "discarded" or "removed"',
    ),
    "neutral_with_3_players": (
        "players = 3\nseed = 1\n[[set]]\nplayer = 'neutral'\ndice = ['gray 2']\n",
        "there is no neutral player with 3 players (only in the 2-player game)",
    ),
    "neutral_misspelt": (
        "players = 2\nseed = 1\n[[set]]\nplayer = 'neutrl'\ndice = ['gray 2']\n",
        "player must be 1 to 2 or \"neutral\", not 'neutrl'",
    ),
    "neutral_vp": (
        "players = 2\nseed = 1\n[[set]]\nplayer = 'neutral'\nvp = 3\n",
        "the neutral player has no 'vp'; it takes only 'dice'",
    ),
    "neutral_reserved": (
        "players = 2\nseed = 1\n[[set]]\nplayer = 'neutral'\ndice = ['gray 2 reserved']\n",
        "the neutral player never reserves a die",
    ),
    "until_turn_zero": (
        "players = 3\nseed = 1\n[[step]]\nuntil_turn = 0\n",
        "'until_turn' must be a turn number",
    ),
    "until_turn_text": (
        "players = 3\nseed = 1\n[[step]]\nuntil_turn = '4'\n",
        "'until_turn' must be a turn number",
    ),
    "unknown_agent": (
        "players = 3\nseed = 1\n[[step]]\nuntil_turn = 4\nagent = 'greedy'\n",
        '\'agent\' must be "first" or "random"',
    ),
    "agent_without_until": (
        "players = 3\nseed = 1\n[[step]]\nagent = 'random'\nchoose = 'yes'\n",
        "'agent' only goes with 'until_turn'",
    ),
    "agent_seed_for_first": (
        "players = 3\nseed = 1\n[[step]]\nuntil_turn = 4\nagent_seed = 3\n",
        "'agent_seed' only goes with agent = \"random\"",
    ),
    "step_set_unknown_key": (
        "players = 3\nseed = 1\n[[step]]\nchoose = 'yes'\n[[step.set]]\npath = 'turn'\nvaleu = 3\n",
        "step 1 set 1: unknown key 'valeu'",
    ),
    "step_set_not_tables": (
        "players = 3\nseed = 1\n[[step]]\nchoose = 'yes'\nset = 3\n",
        "step 1: 'set' must be written as [[step.set]] tables",
    ),
    "step_set_bad_value": (
        "players = 3\nseed = 1\n[[step]]\nchoose = 'yes'\n[[step.set]]\nplayer = 1\nvp = 'lots'\n",
        "step 1 (yes) set 1: players.0.vp holds a number (5), not a string",
    ),
    "bad_auto": ("players = 3\nseed = 1\nauto = 'no'\n", "'auto' must be true or false"),
    "frozen_winners": (
        "players = 3\nseed = 1\n[[set]]\npath = 'winners'\nvalue = [0]\n",
        "'winners' cannot be overridden",
    ),
    "frozen_auto": (
        "players = 3\nseed = 1\n[[set]]\npath = 'auto_answer'\nvalue = false\n",
        "'auto_answer' cannot be overridden",
    ),
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
