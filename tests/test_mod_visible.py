"""A mod's triggers and events are shown wherever rules are shown (`ba cards`, the game's
log, the final score), and its values are counted as the mod's, never as printed."""

import json
import re

import pytest
from click.testing import CliRunner

from blackangel.cli.lint import lint_command
from blackangel.cli.main import ba
from blackangel.dsl import provenance
from blackangel.dsl.compiler import compile_paths
from blackangel.interpreter.agents import RandomAgent, play
from blackangel.interpreter.engine import Engine
from blackangel.interpreter.narrate import log_lines, seat_names, transcript
from blackangel.interpreter.program import build

MOD = """\
event alarm {
  help "a mission of the mod raises the alarm"
}

trigger scrap_bonus {
  on final_scoring
  effect: gain 3 vp
}

trigger alarm_bell {
  on action_performed
  effect: emit alarm
}

trigger alarm_answer {
  on alarm
  effect: gain 1 vp
}

mission m001 {
  color orange
  reward 1 vp  @rulebook "EN p.20"
  reveals orange gray  @reconstructed "the mod's own reason"
  activation: take 1 ship, gain 2 vp
}
"""


@pytest.fixture
def mod(tmp_path):
    path = tmp_path / "mod.ba"
    path.write_text(MOD, encoding="utf-8")
    return str(path)


def cards(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(ba, ["cards", *args], catch_exceptions=False)
    return result.exit_code, result.output


# ---- ba cards ---------------------------------------------------------------------------
def test_cards_shows_a_trigger_by_id_with_its_text(mod):
    code, out = cards("--rules", mod, "--base", "scrap_bonus")
    assert code == 0, out
    assert "scrap_bonus  [trigger]  on final_scoring" in out
    assert "When the game ends and is scored: Gain 3 VP." in out


def test_cards_lists_triggers_and_events_by_kind(mod):
    code, out = cards("--rules", mod, "--base", "--kind", "trigger")
    assert code == 0, out
    assert [line.split()[0] for line in out.splitlines() if not line.startswith(" ")][:3] == [
        "scrap_bonus",
        "alarm_bell",
        "alarm_answer",
    ]
    assert "When a mission of the mod raises the alarm: Gain 1 VP." in out
    code, out = cards("--rules", mod, "--base", "--kind", "event")
    assert code == 0, out
    assert "alarm  [event]" in out
    assert "Raised by: alarm_bell." in out and "Triggers on it: alarm_answer." in out


def test_cards_json_has_triggers_and_events(mod):
    code, out = cards("--rules", mod, "--base", "--format", "json")
    assert code == 0
    shown = {card["id"]: card for card in json.loads(out)}
    assert shown["scrap_bonus"]["kind"] == "trigger"
    assert shown["scrap_bonus"]["facts"] == {"on": "final_scoring"}
    assert shown["scrap_bonus"]["text"] == ["When the game ends and is scored: Gain 3 VP."]
    assert shown["alarm"]["text"] == ["Raised by: alarm_bell.", "Triggers on it: alarm_answer."]


def test_cards_shows_triggers_in_the_chosen_language(mod):
    code, out = cards("--rules", mod, "--base", "scrap_bonus", "--lang", "pl")
    assert code == 0
    text = out.splitlines()[1]
    assert "3 PZ" in text  # the effect's words
    assert "When" not in text and "the game ends" not in text  # the frame and the event's


def test_an_unknown_kind_names_the_trigger_and_event_kinds(mod):
    code, out = cards("--rules", mod, "--base", "--kind", "triggers")
    assert code == 2 and "trigger" in out and "Traceback" not in out


# ---- the log and the final score ----------------------------------------------------------
def played(mod: str, seed: int = 1, players: int = 3) -> Engine:
    ruleset = compile_paths([mod], on_base=True).ruleset
    assert ruleset is not None
    agents = [RandomAgent(seed * 10 + i) for i in range(players)]
    return play(Engine.new_game(build(ruleset), players, seed), agents)


def test_the_log_says_when_a_trigger_fires_and_what_it_did(mod):
    engine = played(mod)
    names = seat_names(engine)
    lines = log_lines(engine, names)
    assert "  P1: trigger scrap_bonus (the game ends and is scored)" in lines
    assert "  P1, trigger scrap_bonus: +3 VP" in lines
    # a trigger raised inside another one reports its own points; the outer one, none
    fired = lines.index("  P1: trigger alarm_bell (a player performs a board action)")
    assert lines[fired + 1 : fired + 5] == [
        "  P1: trigger alarm_answer (a mission of the mod raises the alarm)",
        "  P1: +1 VP",  # the step's gain, as every gain is logged
        "  P1, trigger alarm_answer: +1 VP",
        "  P1, trigger alarm_bell: no change",
    ]


def test_the_final_score_names_each_trigger_apart_from_the_track(mod):
    engine = played(mod)
    final = {e["seat"]: e for e in engine.state["log"] if e["event"] == "final_score"}
    answers = sum(
        1 for e in engine.state["log"] if e["event"] == "trigger" and e["name"] == "alarm_answer"
    )
    for seat, event in final.items():
        by_trigger = event["triggers"]
        assert by_trigger["scrap_bonus"] == 3
        vp = engine.state["players"][seat]["vp"]
        assert event["track"] == vp - sum(by_trigger.values())
        parts = event["track"] + sum(by_trigger.values()) + event["advanced"]
        assert parts + event["conversion"] == event["total"]
    assert sum(e["triggers"].get("alarm_answer", 0) for e in final.values()) == answers
    text = transcript(engine, seat_names(engine))
    assert re.search(r"^  P1: 3 VP from trigger scrap_bonus$", text, re.M)


def test_a_game_without_triggers_reads_as_before():
    """No trigger: no trigger line, no line under the final scores."""
    engine = play(
        Engine.new_game(build(compile_paths().ruleset), 2, 4), [RandomAgent(1), RandomAgent(2)]
    )
    text = transcript(engine, seat_names(engine))
    assert ": trigger " not in text and "from trigger" not in text
    assert all(e["triggers"] == {} for e in engine.state["log"] if e["event"] == "final_score")


# ---- provenance ---------------------------------------------------------------------------
def test_a_mods_values_are_the_mods_unless_it_annotates_them(mod):
    result = compile_paths([mod], on_base=True)
    found = provenance.origins(result.ruleset.decls, result.lines)
    mine = {o.shown: o.kind for o in found if o.where.startswith(mod)}
    assert mine["on final_scoring"] == "mod"
    assert mine["effect: gain 3 vp"] == "mod"
    assert mine["activation: take 1 ship, gain 2 vp"] == "mod"
    assert mine["reward 1 vp"] == "printed"  # the mod cites the rulebook
    assert mine["reveals orange gray"] == "reconstructed"
    shipped = [o for o in found if not o.where.startswith(mod)]
    assert shipped and all(o.kind != "mod" for o in shipped)


def test_lint_provenance_counts_a_mods_values_as_mod(mod):
    runner = CliRunner()
    out = runner.invoke(lint_command, ["--base", mod, "--provenance"]).output
    assert re.search(r"^  trigger +6 mod$", out, re.M), out
    assert re.search(r"provenance: .*, 9 from the mod$", out, re.M), out
    data = json.loads(
        runner.invoke(lint_command, ["--base", mod, "--provenance", "--format", "json"]).output
    )
    counts = data["summary"]["provenance"]
    assert counts["mod"] == 9 and counts["by_category"]["trigger"]["printed"] == 0
    shipped = json.loads(runner.invoke(lint_command, ["--provenance", "--format", "json"]).output)
    assert shipped["summary"]["provenance"]["mod"] == 0
