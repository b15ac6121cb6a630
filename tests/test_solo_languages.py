"""The solo game in Polish and German: Hal's log lines, his position and `ba play --solo`
speak the language of the program (interpreter/black_angel/hal_narrate.py), with no
English line of his left."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from blackangel.cli.main import ba
from blackangel.dsl.compiler import compile_paths
from blackangel.interpreter.agents import RandomAgent, play
from blackangel.interpreter.black_angel import hal_narrate
from blackangel.interpreter.engine import Engine
from blackangel.interpreter.narrate import log_lines, seat_names, transcript
from blackangel.interpreter.program import build

TRANSLATED = ("pl", "de")
SEEDS = (1, 2, 3, 4, 5)
# ids (cards, tiles, hexes, rules' hash), numbers and punctuation: what a line may share
# with its English original
IDS = re.compile(r"\b(?:[a-z]+_\w+|[a-z]{1,3}\d+|st\d/\d|[0-9a-f]{16})\b")


@pytest.fixture(scope="module")
def ruleset():
    return compile_paths().ruleset


@pytest.fixture(scope="module")
def programs(ruleset):
    return {lang: build(ruleset, lang) for lang in ("en", *TRANSLATED)}


def solo_game(program, seed: int) -> Engine:
    return play(Engine.new_game(program, 1, seed), [RandomAgent(seed)])


def only_ids(line: str) -> bool:
    """A line with no words of a language: ids, numbers, punctuation (and Hal's name)."""
    return not re.search(r"[^\W\d_]{2,}", IDS.sub("", line).replace("Hal", ""))


def hal_lines(engine: Engine, names: list[str]) -> list[str]:
    """The narrated lines of Hal's events, one per event, in the program's language."""
    events = [e for e in engine.state["log"] if hal_narrate.concerns_hal(e)]
    return log_lines(engine, names, events)


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("seed", SEEDS)
def test_no_english_line_is_left_in_a_solo_transcript(programs, lang, seed):
    english = solo_game(programs["en"], seed)
    other = solo_game(programs[lang], seed)
    assert [(e.get("option"), e["event"]) for e in other.state["log"]] == [
        (e.get("option"), e["event"]) for e in english.state["log"]
    ], "the language must not change the game"
    english_text = transcript(english, seat_names(english, ["random"]))
    text = transcript(other, seat_names(other, ["random"]))
    english_lines = {line.strip() for line in english_text.splitlines()}
    left = [
        line
        for line in text.splitlines()
        if line.strip() in english_lines and line.strip() and not only_ids(line)
    ]
    assert left == [], f"{lang}, seed {seed}: English lines in the transcript"
    assert len(text.splitlines()) > 50


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_line_of_hals_is_in_the_language(programs, lang):
    """Event by event: each of Hal's lines differs from the English one, and over a few
    games every kind of line he has (a card, a die, his actions, the fallback) shows up."""
    kinds: set[str] = set()
    for seed in SEEDS:
        english = solo_game(programs["en"], seed)
        other = solo_game(programs[lang], seed)
        english_lines = hal_lines(english, seat_names(english, ["random"]))
        lines = hal_lines(other, seat_names(other, ["random"]))
        assert len(lines) == len(english_lines) > 10
        for mine, theirs in zip(lines, english_lines):
            assert mine != theirs or only_ids(mine), f"{lang}, seed {seed}: {mine!r}"
        kinds |= {e["event"] for e in other.state["log"] if hal_narrate.concerns_hal(e)}
    assert {"hal_turn", "hal_reveals", "hal_reads", "hal_takes_die", "hal_gains"} <= kinds


@pytest.mark.parametrize(("lang", "vp"), [("pl", "PZ"), ("de", "SP")])
def test_hals_position_is_in_the_language(programs, lang, vp):
    english = hal_narrate.position(Engine.new_game(programs["en"], 1, 3))
    [line] = hal_narrate.position(Engine.new_game(programs[lang], 1, 3))
    assert line != english[0]
    assert line.strip().startswith(f"Hal: 5 {vp} | ")
    assert not re.search(r"\b(?:dice|cards|deck|discarded|space)\b", line)


def test_hals_slots_give_each_language_its_form(programs):
    """A colour, a half and a mode in the form their sentence needs."""
    event = {
        "event": "hal_reads",
        "card": "h01",
        "half": "bottom",
        "which": "second",
        "after": "a",
        "colors": ["gray"],
        "does": ["hal_repair", "clockwise"],
        "passed": ["orange"],
    }
    text = {lang: hal_narrate.line(event, ["P1"], programs[lang].text) for lang in TRANSLATED}
    assert "żadnej żółtej kości" in text["pl"] and "dolną część: szara kość" in text["pl"]
    assert "zgodnie z ruchem wskazówek zegara" in text["pl"]
    assert "kein oranger Würfel" in text["de"] and "untere Hälfte: grauer Würfel" in text["de"]
    assert "im Uhrzeigersinn" in text["de"]
    gains = {"event": "hal_gains", "amount": 5, "item": "ravager", "vp": 10}
    assert hal_narrate.line(gains, [], programs["pl"].text) == "  Hal: +10 PZ (5 kart destruktorów)"
    assert hal_narrate.line(gains, [], programs["de"].text) == "  Hal: +10 SP für 5 Verwüsterkarten"


def test_ba_play_solo_in_polish():
    result = CliRunner().invoke(ba, ["play", "--solo", "--lang", "pl", "--seed", "3"])
    out = result.output
    assert result.exit_code == 0, out
    assert out.startswith("Black Angel, 1 gracz kontra Hal, ziarno 3")
    assert "-- runda 1, Hal --" in out and "Hal odkrywa h" in out and " PZ" in out
    for english in ("round", "Hal reveals", "Hal rolls", "Hal takes", "he reads", " VP"):
        assert english not in out
