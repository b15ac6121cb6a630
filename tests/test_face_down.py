"""Cards played beside a board are face down (EN rulebook, Sequence A, playing a card
around your board; DE and PL alike): no seat but their owner, and no spectator, reads
their ids, in the log (text and JSON events) or in an observation (text and tensor),
over seeded games played to the end. The engine's own state keeps them."""

from __future__ import annotations

import json

import pytest
from face_down_views import hidden_ids, shown_ids, swap_hidden

from blackangel.dsl.compiler import load_shipped
from blackangel.interpreter.agents import RandomAgent
from blackangel.interpreter.black_angel import face_down, observation
from blackangel.interpreter.engine import Engine
from blackangel.interpreter.narrate import log_lines, seat_names, seen_events, transcript
from blackangel.interpreter.program import build

SEEDS = (1, 2, 3)


@pytest.fixture(scope="module")
def data():
    return build(load_shipped())


def _positions(data, seed: int, players: int = 3, variants: tuple[str, ...] = ()):
    """Each position of a random game (seeded) up to its end, as the engine."""
    engine = Engine.new_game(data, players, seed, variants=list(variants))
    agents = [RandomAgent(seed * 10 + seat) for seat in range(players)]
    while (decision := engine.decision()) is not None:
        yield engine
        engine.apply(agents[decision.player].choose(engine, decision))
    yield engine


def _public_later(engine, viewer) -> set[str]:
    """The cards the viewer's log names other than as a face-down card (a card discarded
    from a hand, reshuffled and drawn again, later placed in space, drawn by the viewer...)."""
    named = set()
    for event in seen_events(engine, viewer):
        if event["event"] not in ("play_card", "choice"):
            for value in event.values():
                named |= {value} if isinstance(value, str) else set()
                named |= (
                    {v for v in value if isinstance(v, str)} if isinstance(value, list) else set()
                )
    return named


def _viewers(engine):
    return [*range(engine.players), None]


@pytest.mark.parametrize("seed", SEEDS)
def test_the_log_shows_another_seats_face_down_cards_by_kind_and_colour_only(data, seed):
    *_, engine = _positions(data, seed)  # the game played to its end
    assert engine.is_terminal()
    checked = 0
    log = engine.state["log"]
    played = [(i, e) for i, e in enumerate(log) if e["event"] == "play_card"]
    assert played, "no card was played face down: the test shows nothing"
    names = seat_names(engine)
    for viewer in _viewers(engine):
        seen = seen_events(engine, viewer)
        assert len(seen) == len(log)
        for i, event in played:
            # the answer that chose the card, just before the event that records it
            choice = next(j for j in range(i, -1, -1) if log[j]["event"] == "choice")
            shown = json.dumps([seen[choice], seen[i]])
            lines = "\n".join(log_lines(engine, names, [seen[choice], seen[i]]))
            if event["seat"] == viewer:
                assert event["card"] in shown
                continue
            assert not shown_ids(shown + lines, {event["card"]}), (viewer, shown, lines)
            kind = "mission" if event["card"] in data.missions else "ravager"
            public = face_down.public_id(data, kind, event["card"])
            assert seen[i]["card"] == public
            checked += 1
        # the whole game as the viewer reads it
        text = transcript(engine, names, seen)
        others = {e["card"] for _, e in played if e["seat"] != viewer}
        assert not shown_ids(text, others - _public_later(engine, viewer)), viewer
    assert checked
    # the engine's own log is unchanged
    assert [e["card"] for _, e in played] == [log[i]["card"] for i, _ in played]


@pytest.mark.parametrize("seed", SEEDS)
def test_no_observation_shows_another_seats_face_down_cards(data, seed):
    checked = 0
    for step, engine in enumerate(_positions(data, seed)):
        if step % 5 and not engine.is_terminal():
            continue
        for viewer in range(engine.players):
            hidden = hidden_ids(engine.state, viewer)
            for private in ("own", "none"):
                text = observation.string(engine, viewer, private)
                assert not shown_ids(text, hidden), (step, viewer, private)
            mine = hidden_ids(engine.state, None) - hidden
            assert shown_ids(observation.string(engine, viewer), mine) == mine
            if not hidden:
                continue
            before = observation.tensor(engine, viewer)
            other = engine.clone()
            checked += swap_hidden(data, other.state, viewer)
            assert observation.tensor(other, viewer) == before, (step, viewer)
            assert observation.string(other, viewer) == observation.string(engine, viewer)
    assert checked, "no seat had a face-down card at a checked position"


@pytest.mark.parametrize("variants", [(), ("advanced",)])
@pytest.mark.parametrize("seed", SEEDS)
def test_the_log_shows_another_seats_draws_as_a_count_and_a_colour(data, seed, variants):
    """A card drawn into a hand is hidden like a face-down one: its owner reads its id,
    the others how many cards of which colour (and, with the advanced rules, that one
    was kept, not which)."""
    *_, engine = _positions(data, seed, 3, variants)
    log = engine.state["log"]
    draws = [i for i, e in enumerate(log) if e["event"] == "draw" and e["cards"]]
    keeps = [i for i, e in enumerate(log) if e["event"] == "choice" and e["kind"] == "keep"]
    assert draws and (keeps or not variants), "nothing drawn or kept: the test shows nothing"
    names = seat_names(engine)
    for viewer in _viewers(engine):
        seen = seen_events(engine, viewer)
        others: set[str] = set()
        for i in draws + keeps:
            event = log[i]
            cards = event["cards"] if i in draws else [event["option"].split(":")[1]]
            shown = json.dumps(seen[i]) + "\n".join(log_lines(engine, names, [seen[i]]))
            if event["seat"] == viewer:
                assert all(card in shown for card in cards), shown
                continue
            others |= set(cards)
            assert not shown_ids(shown, set(cards)), (viewer, shown)
            if i in draws:
                line = log_lines(engine, names, [seen[i]])[0]
                colour = data.text.word(event["color"], "DRAWS_HIDDEN.color")
                assert f"{names[event['seat']]} draws {len(cards)} {colour} " in line, line
        # the whole game as the viewer reads it names none of them, unless it shows later
        text = transcript(engine, names, seen)
        assert not shown_ids(text, others - _public_later(engine, viewer)), viewer
    # the engine's own log keeps the cards
    assert all(log[i]["cards"] for i in draws)
