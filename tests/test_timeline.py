"""What a round around a resolution queue needs (issue 22): the modifiers `unless` and
`times`, the condition `player_count`, `exchange` of a hand, `arrange` of the cards laid
face down and turned up into a queue's layer, cards that print their slot, and `skip`
across slots and layers. Each is shown by a small rule set written here; bots play a
whole round of commit, reveal, arrange and resolve for 1 to 5 seats under the invariants."""

from __future__ import annotations

from pathlib import Path

import pytest

from blackangel.dsl.compiler import compile_paths
from blackangel.interpreter.agents import GreedyAgent, RandomAgent
from blackangel.interpreter.engine import Engine
from blackangel.interpreter.invariants import problems
from blackangel.interpreter.narrate import log_lines, seat_names, seen_events
from blackangel.interpreter.program import Program, build

GAME = """
game timeline {
  module rules_only
  title "Timeline"
  players 1..5
  cooperative survive
  round act captain
  rounds 1
}
track gold {
  noun "gold" "gold"
  shared
}
track silver {
  noun "silver" "silver"
  shared
}
"""
MANY = "value many {\n  players 1..2 2\n  players 3..5 4\n}\n"


def compiled(tmp_path: Path, rules: str, name: str = "rules.ba") -> Program:
    path = tmp_path / name
    path.write_text(GAME + rules, encoding="utf-8")
    result = compile_paths([path])
    found = [(d.code, d.message) for d in result.diagnostics if d.code != "W401"]
    assert result.ruleset is not None and found == [], found
    return build(result.ruleset)


def diagnostics(tmp_path: Path, rules: str) -> list[tuple[str, int]]:
    """The codes the checker reports, with their lines counted in `rules`."""
    path = tmp_path / "bad.ba"
    path.write_text(GAME + rules, encoding="utf-8")
    offset = GAME.count("\n")
    return sorted((d.code, d.span.line - offset) for d in compile_paths([path]).diagnostics)


def played(data: Program, players: int, seed: int = 1, greedy: bool = False) -> Engine:
    engine = Engine.new_game(data, players, seed)
    agent = GreedyAgent(seed) if greedy else RandomAgent(seed)
    while not engine.is_terminal():
        assert problems(engine) == [], problems(engine)
        engine.apply(agent.choose(engine, engine.decision()))
    assert problems(engine) == []
    return engine


def shared(engine: Engine) -> dict[str, int]:
    return engine.state["shared"]


def lines(engine: Engine, viewer: int | None = None) -> list[str]:
    events = seen_events(engine, viewer, engine.state["log"])
    return [line.strip() for line in log_lines(engine, seat_names(engine), events)]


# ---- unless, times, player_count ---------------------------------------------------------
def test_unless_runs_a_call_only_when_its_condition_does_not_hold(tmp_path):
    data = compiled(
        tmp_path,
        "phase act {\n"
        "  step a: gain 1 gold unless captain, gain 2 silver unless player_count 3\n"
        "}\n",
    )
    for players in (1, 3):
        engine = played(data, players)
        assert shared(engine) == {"gold": 0, "silver": 0 if players == 3 else 2}
    assert data.label(data.phases["act"][0][1]) == (
        "gain 1 gold unless you are the captain and gain 2 silver unless the game has 3 players"
    )


def test_unless_beside_if_needs_every_condition_as_written(tmp_path):
    data = compiled(
        tmp_path,
        "phase act {\n"
        "  step a: gain 1 gold if captain unless player_count 2, gain 1 silver if captain"
        " unless captain\n"
        "}\n",
    )
    assert [shared(played(data, n))["gold"] for n in (1, 2, 3)] == [1, 0, 1]
    assert shared(played(data, 1))["silver"] == 0
    engine = played(data, 1)
    assert [e["event"] for e in engine.state["log"] if e["event"] in ("if", "unless")] == [
        "if",
        "unless",
    ]


@pytest.mark.parametrize(("times", "gold"), [("0", 0), ("1", 2), ("3", 6)])
def test_times_carries_a_call_out_that_many_times(tmp_path, times, gold):
    data = compiled(tmp_path, f"phase act {{\n  step a: gain 2 gold times {times}\n}}\n")
    assert shared(played(data, 2))["gold"] == gold


def test_times_by_a_value_of_the_player_count(tmp_path):
    data = compiled(tmp_path, MANY + "phase act {\n  step a: gain 1 gold times many\n}\n")
    assert [shared(played(data, n))["gold"] for n in (2, 4)] == [2, 4]
    assert data.label(data.phases["act"][0][1]) == (
        "gain 1 gold, 2 (1-2 players) or 4 (3-5 players) times"
    )


def test_times_0_can_always_be_done_and_a_condition_is_read_once(tmp_path):
    data = compiled(
        tmp_path,
        "phase act {\n"
        "  step a: (pay 5 gold times 0 -> gain 1 silver), gain 1 gold times 3 if captain\n"
        "}\n",
    )
    engine = played(data, 1)
    assert shared(engine) == {"gold": 3, "silver": 1}
    assert sum(e["event"] == "if" for e in engine.state["log"]) == 1


def test_player_count_holds_for_exactly_that_count(tmp_path):
    data = compiled(
        tmp_path, "phase act {\n  step a: gain 1 gold if player_count 1, gain 1 silver\n}\n"
    )
    assert [shared(played(data, n))["gold"] for n in (1, 2, 5)] == [1, 0, 0]


def test_the_modifiers_are_checked_like_if(tmp_path):
    found = diagnostics(
        tmp_path,
        "phase act {\n"
        "  step a: gain 1 gold unless gain 1 silver\n"  # 2: not a condition
        "  step b: gain 1 gold unless captian\n"  # 3: no such condition
        "  step c: gain 1 gold times silver\n"  # 4: a track is no count
        "  step d: gain 1 gold times -1\n"  # 5: a count is never negative
        "  step e: gain 1 gold times nothing\n"  # 6: no such value
        "  step f: gain 1 gold if player_count 6\n"  # 7: the game is for 1 to 5
        "}\n",
    )
    assert found == [
        ("E103", 3),
        ("E106", 4),
        ("E106", 6),
        ("E108", 2),
        ("E110", 5),
        ("E110", 7),
    ], found


def test_times_beside_per_is_refused(tmp_path):
    grid = (
        "grid sky {\n  rows high low\n  columns 2\n}\ndeck rocks {\n  noun \"rock\" \"rocks\"\n}\n"
        "card pebble {\n  noun \"pebble\" \"pebbles\"\n  deck rocks\n  value worth 1\n}\n"
    )
    found = diagnostics(
        tmp_path,
        grid + "phase act {\n  step a: fill rocks high, lose 1 gold per its worth times 2\n}\n",
    )
    assert ("E115", grid.count("\n") + 2) in found, found


# ---- exchange ----------------------------------------------------------------------------
ORDERS = """
deck orders {
  noun "order" "orders"
  deal 2
  DECK_RULE
}
card push {
  noun "push" "pushes"
  deck orders
  copies 2
  play: gain 1 gold
}
card pull {
  noun "pull" "pulls"
  deck orders
  copies 1
  play: gain 1 silver
}
"""


def orders(reshuffle: bool) -> str:
    return ORDERS.replace("DECK_RULE", "reshuffle when_empty" if reshuffle else "")


def test_exchange_discards_the_hand_of_a_deck_and_draws_as_many(tmp_path):
    data = compiled(tmp_path, orders(True) + "phase act {\n  step a: exchange orders\n}\n")
    engine = played(data, 1)
    cards = engine.state["cards"]
    log = [e for e in engine.state["log"] if e["event"] in ("exchange", "draw", "reshuffle")]
    assert [e["event"] for e in log] == ["exchange", "reshuffle", "draw"]
    assert log[0]["amount"] == 2 and log[2]["amount"] == 2  # one left, then the discards
    assert len(cards["hands"][0]) == 2 and len(cards["decks"]["orders"]) == 1


def test_exchange_draws_only_what_a_short_deck_has(tmp_path):
    data = compiled(tmp_path, orders(False) + "phase act {\n  step a: exchange orders\n}\n")
    engine = played(data, 1)
    cards = engine.state["cards"]
    assert len(cards["hands"][0]) == 1 and len(cards["discards"]["orders"]) == 2
    assert cards["decks"]["orders"] == []


def test_exchange_is_not_possible_with_no_card_of_the_deck(tmp_path):
    data = compiled(
        tmp_path,
        orders(True).replace("deal 2", "deal 0")
        + "phase act {\n  step a: draw 0 orders, exchange orders otherwise gain 5 gold\n}\n",
    )
    assert shared(played(data, 1))["gold"] == 5


def test_others_see_how_many_cards_are_exchanged_not_which(tmp_path):
    data = compiled(tmp_path, orders(True) + "phase act {\n  step a: exchange orders\n}\n")
    engine = played(data, 3, seed=4)
    (seat,) = [e["seat"] for e in engine.state["log"] if e["event"] == "exchange"]
    other = (seat + 1) % 3
    mine = [line for line in lines(engine, seat) if "to draw as many" in line]
    theirs = [line for line in lines(engine, other) if "to draw as many" in line]
    assert len(mine) == len(theirs) == 1
    assert "2 orders" in theirs[0] and "push" not in theirs[0] and "pull" not in theirs[0]
    assert "2 orders" not in mine[0]
    drawn = [line for line in lines(engine, other) if "draws" in line]
    assert drawn and all("push" not in line and "pull" not in line for line in drawn[-1:])
