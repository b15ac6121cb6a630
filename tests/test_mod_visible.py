"""A mod's triggers and events are shown wherever rules are shown (`ba cards`, the game's
log, the final score), and its values are counted as the mod's, never as printed."""

import json

import pytest
from click.testing import CliRunner

from blackangel.cli.main import ba

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
