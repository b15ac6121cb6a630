"""Bossin' Space's Hacker (Karty Załogi): the captain holding it looks at two enemy
cards once a round, and only that seat knows them (the ruling hacker_look says which);
positions set by hand (tests/bossin_space_positions.py), since a scenario cannot say what
one seat alone sees."""

from __future__ import annotations

import pytest
from bossin_space_positions import RULES, answer, captain, new, shared, without_crew

from blackangel.dsl.compiler import compile_paths
from blackangel.interpreter import decks, knowledge
from blackangel.interpreter.engine import Engine
from blackangel.interpreter.invariants import problems
from blackangel.interpreter.narrate import log_lines, seat_names, seen_events
from blackangel.interpreter.program import build


def _captain_holds_hacker(engine: Engine) -> int:
    """The crew cards out of the hands but for the Hacker, in the captain's; the captain."""
    without_crew(engine, {captain(engine): "hacker"})
    return captain(engine)


def test_the_hacker_looks_at_the_top_two_enemy_cards_before_the_threats():
    engine = new(4)
    seat = _captain_holds_hacker(engine)
    top = engine.state["cards"]["decks"]["enemies"][::-1][:2]
    answer(engine, "no")  # the card exchange first
    decision = engine.decision()
    assert decision.kind == "optional" and decision.player == seat
    assert "look at the top 2 enemy cards" in engine.data.text.render(decision.options[0].label)
    filled = len([e for e in engine.state["log"] if e["event"] == "fill_layer"])
    answer(engine, "yes")
    assert knowledge.known_cards(engine, seat) == {"enemies": top}
    assert engine.state["shared"]["ability_used"] == 1
    log = engine.state["log"]
    look = next(e for e in log if e["event"] == "look")
    # then the threats are turned up
    assert len([e for e in log[log.index(look) :] if e["event"] == "fill_layer"]) == 1
    assert filled == 0
    names = seat_names(engine)
    who = names[seat]
    words = engine.data.text.join([engine.data.text.word(c) for c in top])
    for viewer in range(4):
        (shown,) = log_lines(engine, names, seen_events(engine, viewer, [look]))
        if viewer == seat:
            assert shown == f"  {who} looks at the top 2 enemy cards: {words}"
        else:
            assert shown == f"  {who} looks at the top 2 enemy cards"


def test_only_the_captain_holding_the_hacker_looks_and_once_a_round():
    engine = new(4)
    without_crew(engine, {(captain(engine) + 1) % 4: "hacker"})
    answer(engine, "no")
    assert engine.decision().kind == "commit_card"  # no look offered
    engine = new(4)
    _captain_holds_hacker(engine)
    shared(engine, ability_used=1)  # spent this round (the round's ready has run)
    answer(engine, "no")
    assert engine.decision().kind == "commit_card"
    engine = new(4)
    _captain_holds_hacker(engine)
    answer(engine, "no", "no")  # declined: the ability stays unused
    assert engine.state["shared"]["ability_used"] == 0
    assert engine.state["cards"]["known"] == [{}] * 4


def test_the_ruling_nothing_gives_the_hacker_nothing_to_look_at():
    engine = new(4, hacker_look="nothing")
    _captain_holds_hacker(engine)
    answer(engine, "no")
    assert engine.decision().kind == "commit_card"
    assert engine.state["cards"]["known"] == [{}] * 4
    assert not any(e["event"] == "look" for e in engine.state["log"])


def test_the_knowledge_of_the_enemies_ends_as_they_come_out():
    engine = new(4)
    seat = _captain_holds_hacker(engine)
    answer(engine, "no", "yes")
    first, second = engine.state["cards"]["decks"]["enemies"][::-1][:2]
    # the enemy deck's top card comes out (as a reinforcement or a new row takes it)
    assert decks._top(engine, "enemies", seat) == first
    assert knowledge.known_cards(engine, seat) == {"enemies": [second]}
    assert decks._top(engine, "enemies", seat) == second
    assert knowledge.known_cards(engine, seat) == {}
    engine.state["cards"]["discards"]["enemies"] += [first, second]  # the test's hand
    assert problems(engine) == []


@pytest.mark.parametrize(
    "lang, offer, hidden, known",
    [
        (
            "pl",
            "podejrzyj 2 karty Wrogów z wierzchu stosu",
            "podgląda 2 karty Wrogów z wierzchu stosu",
            "podejrzane z wierzchu stosu (karty Wrogów, od góry): ",
        ),
        (
            "de",
            "sieh dir die obersten 2 Feindkarten an",
            "sieht sich die obersten 2 Feindkarten an",
            "oben auf dem Stapel gesehen (Feindkarten, von oben): ",
        ),
    ],
)
def test_the_hackers_look_reads_in_polish_and_german(lang, offer, hidden, known):
    data = build(compile_paths([str(RULES)]).ruleset, lang)
    engine = Engine.new_game(data, 4, 1)
    seat = _captain_holds_hacker(engine)
    answer(engine, "no")
    assert data.text.render(engine.decision().options[0].label).endswith(offer)
    answer(engine, "yes")
    look = next(e for e in engine.state["log"] if e["event"] == "look")
    names = seat_names(engine)
    top = data.text.join([data.text.word(c) for c in look["cards"]])
    (mine,) = log_lines(engine, names, seen_events(engine, seat, [look]))
    (theirs,) = log_lines(engine, names, seen_events(engine, (seat + 1) % 4, [look]))
    assert mine == f"  {names[seat]} {hidden}: {top}"
    assert theirs == f"  {names[seat]} {hidden}"
    assert known + top in decks.hand_text(engine, seat)
