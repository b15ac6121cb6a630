"""Resolution queues in a game written only in the language (dsl/queues.py,
interpreter/queues.py), shown by Night Patrol (tests/games/night_patrol/): the rules read,
filling a layer from its deck, laying a card into a slot, resolving in order with a
cursor, skips and the alternative of a layer, clearing; bots to the end under the
invariants, determinism, what each seat sees, and a fixed sequence replayed."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner

from blackangel.cli.lint import lint_command
from blackangel.cli.main import ba
from blackangel.dsl.compiler import compile_paths
from blackangel.interpreter import observation, procedure, queues
from blackangel.interpreter.agents import GreedyAgent, RandomAgent, play
from blackangel.interpreter.engine import Engine
from blackangel.interpreter.invariants import problems
from blackangel.interpreter.narrate import log_lines, seen_events
from blackangel.interpreter.program import build
from blackangel.web import table

RULES = Path(__file__).resolve().parent / "games" / "night_patrol"
RULES_TEXT = (RULES / "night_patrol.ba").read_text(encoding="utf-8")
CARDS = 20  # 12 order cards, 8 alarm cards
NAMES = ["P1", "P2", "P3"]


@cache
def program(path: str = str(RULES)):
    result = compile_paths([path])
    assert result.ruleset is not None and result.diagnostics == [], result.diagnostics
    return build(result.ruleset)


def variant(tmp_path: Path, *changes: tuple[str, str]):
    text = RULES_TEXT
    for old, new in changes:
        assert old in text, old
        text = text.replace(old, new)
    path = tmp_path / "variant.ba"
    path.write_text(text, encoding="utf-8")
    return program(str(path))


def every_card(engine: Engine) -> list[str]:
    cards = engine.state["cards"]
    piles = [*cards["decks"].values(), *cards["discards"].values(), *cards["hands"]]
    queued = [e["card"] for row in engine.state["queues"]["watch_line"]["slots"] for e in row if e]
    return sorted([c for pile in piles for c in pile] + cards["in_play"] + queued)


def arrange(engine: Engine, hand: list[str], alarms: list[str]) -> None:
    """At the first seat's first question (which card to lay), give it this hand and
    these alarms turned up, every other card in its deck; then ask again."""
    assert engine.decision().kind == "lay_card"
    before = every_card(engine)
    cards, line = engine.state["cards"], engine.state["queues"]["watch_line"]
    for row in line["slots"]:
        row[:] = [None, None]
    for slot, card in enumerate(alarms):
        line["slots"][slot][1] = {"card": card, "seat": 0, "laid": False, "down": False}
    rest = list(before)
    for card in hand + alarms:
        rest.remove(card)
    for pile in (*cards["decks"].values(), *cards["discards"].values(), *cards["hands"]):
        pile.clear()
    cards["hands"][0] = list(hand)
    for card in sorted(rest):
        cards["decks"][engine.data.cards[card].deck].append(card)
    engine.state["pending"] = None
    engine.run()
    assert every_card(engine) == before and problems(engine) == []


def run_primitive(engine: Engine, seat: int, name: str, *args) -> None:
    """Carry out one primitive for a seat now, before the question pending (asked again
    after it)."""
    engine.state["pending"] = None
    engine.push({"op": "prim", "seat": seat, "name": name, "args": args, "ctx": {}})
    engine.run()


def new_lines(engine: Engine, start: int) -> list[str]:
    """The log from event `start` on, as a spectator reads it."""
    events = seen_events(engine, None, engine.state["log"][start:])
    return [line.strip() for line in log_lines(engine, NAMES[:2], events)]


# ---- the rules -----------------------------------------------------------------------
def test_lint_is_clean_and_the_queue_is_read_from_the_rules():
    out = CliRunner().invoke(lint_command, [str(RULES)])
    assert out.exit_code == 0 and "no problems" in out.output
    data = program()
    assert list(data.queues) == ["watch_line"]
    line = data.queues["watch_line"]
    assert (line.slots, line.layers) == (2, ("order_row", "alarm_row"))
    orders, alarms = data.layers["order_row"], data.layers["alarm_row"]
    assert (orders.queue, orders.deck, alarms.deck) == ("watch_line", "orders", "alarms")
    assert alarms.instead is None and data.label(orders.instead) == "gain 1 nerve"
    assert data.label(data.cards["douse"].effect) == (
        "skip the next card of the alarm row and gain 1 coin"
    )


def test_the_language_lists_the_words_of_queues():
    """Every game of the engine's own procedure has them (Sky Regatta's vocabulary)."""
    out = CliRunner().invoke(ba, ["language", "--game", "sky_regatta", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert {"queue", "layer"} <= set(data["kinds"])
    assert {"fill_layer", "lay", "resolve", "skip"} <= set(data["primitives"])
    assert {"slots", "layers"} <= set(data["kinds"]["queue"]["fields"])
    assert "instead" in data["kinds"]["layer"]["fields"]


# ---- filling and laying --------------------------------------------------------------
def test_fill_turns_up_a_card_into_each_free_slot_face_up():
    engine = Engine.new_game(program(), 2, 3)
    line = engine.state["queues"]["watch_line"]
    assert [row[1]["card"] is not None for row in line["slots"]] == [True, True]
    assert all(row[1]["laid"] is False and row[0] is None for row in line["slots"])
    fill = next(e for e in engine.state["log"] if e["event"] == "fill_layer")
    assert [slot for slot, _ in fill["cards"]] == [0, 1]
    assert len(engine.state["cards"]["decks"]["alarms"]) == 8 - 2


def test_fill_with_an_amount_turns_up_no_more_cards_than_that(tmp_path):
    data = variant(tmp_path, ("fill_layer alarm_row", "fill_layer alarm_row 1"))
    engine = Engine.new_game(data, 2, 3)
    line = engine.state["queues"]["watch_line"]
    assert [row[1] is not None for row in line["slots"]] == [True, False]
    assert len(engine.state["cards"]["decks"]["alarms"]) == 8 - 1
    alarms = dict(data.phases["turn"])["alarms"]
    assert data.label(alarms) == "turn up 1 card into the free slots of the alarm row"


def test_an_empty_deck_reshuffles_its_discards_or_turns_up_nothing(tmp_path):
    engine = Engine.new_game(program(), 2, 3)
    cards = engine.state["cards"]
    cards["discards"]["alarms"] += cards["decks"]["alarms"]
    cards["decks"]["alarms"].clear()
    line = engine.state["queues"]["watch_line"]
    cards["discards"]["alarms"].append(line["slots"][1][1]["card"])
    line["slots"][1][1] = None
    run_primitive(engine, 0, "fill_layer", "alarm_row")
    assert any(e["event"] == "reshuffle" and e["deck"] == "alarms" for e in engine.state["log"])
    assert line["slots"][1][1] is not None and problems(engine) == []

    alarms = 'deck alarms {\n  noun "alarm card" "alarm cards"\n'
    data = variant(tmp_path, (alarms + "  reshuffle when_empty\n", alarms))
    engine = Engine.new_game(data, 2, 3)
    cards, line = engine.state["cards"], engine.state["queues"]["watch_line"]
    cards["discards"]["alarms"] += cards["decks"]["alarms"]
    cards["decks"]["alarms"].clear()
    cards["discards"]["alarms"].append(line["slots"][1][1]["card"])
    line["slots"][1][1] = None
    start = len(engine.state["log"])
    run_primitive(engine, 0, "fill_layer", "alarm_row")
    assert line["slots"][1][1] is None
    assert "no card to turn up into the alarm row" in new_lines(engine, start)


def test_lay_asks_for_a_card_of_the_hand_then_a_free_slot():
    engine = Engine.new_game(program(), 2, 3, auto_answer=False)
    arrange(engine, ["douse", "guard", "bribe"], ["thief", "bell"])
    decision = engine.decision()
    assert decision.kind == "lay_card" and decision.player == 0
    assert [o.id for o in decision.options] == ["card:guard", "card:douse", "card:bribe"]
    engine.apply("card:bribe")
    decision = engine.decision()
    assert decision.kind == "lay_slot" and [o.id for o in decision.options] == ["slot:1", "slot:2"]
    engine.apply("slot:2")
    line = engine.state["queues"]["watch_line"]
    assert line["slots"][1][0] == {"card": "bribe", "seat": 0, "laid": True, "down": False}
    assert "bribe" not in engine.state["cards"]["hands"][0]
    decision = engine.decision()
    assert decision.kind == "lay_card"
    engine.apply("card:guard")
    assert [o.id for o in engine.decision().options] == ["slot:1"]  # the one free slot


def test_another_seat_sees_the_card_laid_but_not_the_hand_it_came_from():
    engine = Engine.new_game(program(), 2, 3)
    arrange(engine, ["douse", "guard", "bribe"], ["thief", "bell"])
    engine.apply("card:douse")
    chosen = [e for e in engine.state["log"] if e.get("kind") == "lay_card"]
    assert chosen and "options" in chosen[-1]
    for viewer in (1, None):
        assert all("options" not in e for e in seen_events(engine, viewer, chosen))
    assert "options" in seen_events(engine, 0, chosen)[-1]
    laid = [e for e in engine.state["log"] if e["event"] == "choice" and e["kind"] == "lay_card"]
    assert laid[-1]["label"].startswith("douse")  # the card itself is public


# ---- resolving -------------------------------------------------------------------------
def test_a_fixed_sequence_resolves_slot_by_slot_with_a_skip_and_a_flip():
    """A short version of a timeline: a douse passes over the alarm above it, a guard is
    turned face down for a point of nerve, the last alarm is carried out, then all is
    cleared."""
    engine = Engine.new_game(program(), 2, 3)
    arrange(engine, ["douse", "guard", "bribe"], ["thief", "bell"])
    start = len(engine.state["log"])
    for option in ("card:douse", "slot:1", "card:guard"):
        engine.apply(option)
    decision = engine.decision()
    assert decision.kind == "use_card" and [o.id for o in decision.options] == ["use", "instead"]
    line = engine.state["queues"]["watch_line"]
    assert line["cursor"] == [0, 0]  # slot 1, order row
    engine.apply("use")
    decision = engine.decision()
    assert decision.kind == "use_card" and line["cursor"] == [1, 0]
    assert "face down" in decision.options[1].label
    engine.apply("instead")
    assert new_lines(engine, start) == [
        "P1: douse: skip the next card of the alarm row and gain 1 coin",
        "P1: slot 1",
        "P1 lays douse into slot 1 of the order row",
        "P1: guard: gain 2 coins",
        "P1 lays guard into slot 2 of the order row",
        "the watch line is resolved, slot by slot",
        "> slot 1, order row: douse",
        "P1: carry out douse: skip the next card of the alarm row and gain 1 coin",
        "the next 1 card of the alarm row will be skipped",
        "P1 gains 1 coin",
        "> slot 1, alarm row: thief is skipped",
        "> slot 2, order row: guard",
        "P1: turn guard face down instead: gain 1 nerve",
        "P1 turns guard face down instead: gain 1 nerve",
        "P1 gains 1 nerve: now 2",
        "> slot 2, alarm row: bell",
        "P1 gains 1 coin",
        "the watch line is cleared: its cards are discarded",
        "-- round 1, P2: 3 coins and 1 nerve --",
        "P2 draws 3 order cards",
        "turned up into the alarm row: 1: " + _alarm(engine, 0) + " and 2: " + _alarm(engine, 1),
    ]
    assert engine.state["players"][0] == {"coins": 5, "nerve": 2}
    assert line["cursor"] is None and line["skips"] == {"order_row": 0, "alarm_row": 0}
    discards = engine.state["cards"]["discards"]
    assert sorted(discards["orders"]) == ["douse", "guard"]
    assert sorted(discards["alarms"]) == ["bell", "thief"]
    assert problems(engine) == []


def _alarm(engine: Engine, slot: int) -> str:
    return engine.state["queues"]["watch_line"]["slots"][slot][1]["card"]


def test_an_alarm_skips_the_next_order_and_an_order_that_cannot_be_done_is_flipped():
    engine = Engine.new_game(program(), 2, 5)
    arrange(engine, ["guard", "bribe", "guard"], ["fog", "bell"])
    engine.state["players"][0]["nerve"] = 0  # a bribe costs 2 nerve: it can only be flipped
    for option in ("card:bribe", "slot:1"):  # then the guards: one kind, one slot (forced)
        engine.apply(option)
    # the bribe's own effect cannot be carried out: its flip is the only use, forced
    forced = [e for e in engine.state["log"] if e["event"] == "forced" and e["kind"] == "use_card"]
    assert [e["option"] for e in forced] == ["instead"]
    assert engine.decision().player == 1  # no question was left to the first seat
    lines = new_lines(engine, 0)
    assert "P1 turns bribe face down instead: gain 1 nerve" in lines
    assert "> slot 2, order row: guard is skipped" in lines
    assert lines.index("the next 1 card of the order row will be skipped") < lines.index(
        "> slot 2, order row: guard is skipped"
    )
    assert engine.state["players"][0] == {"coins": 4, "nerve": 1}  # the bell only


def test_skip_can_only_be_done_while_its_queue_is_resolved():
    engine = Engine.new_game(program(), 2, 3)
    douse = engine.data.cards["douse"].effect
    assert engine.state["queues"]["watch_line"]["cursor"] is None
    assert not engine.can(0, douse, {"card": "douse"})
    engine.state["queues"]["watch_line"]["cursor"] = [0, 0]
    assert engine.can(0, douse, {"card": "douse"})


def test_a_laid_card_is_carried_out_for_the_seat_that_laid_it():
    """A card laid by a seat acts for that seat (it decides its use), a card turned up
    for the seat that resolves the queue."""
    engine = Engine.new_game(program(), 2, 3)
    arrange(engine, ["douse", "guard", "bribe"], ["thief", "bell"])
    line = engine.state["queues"]["watch_line"]
    engine.state["cards"]["decks"]["orders"].remove("guard")
    line["slots"][0][0] = {"card": "guard", "seat": 1, "laid": True, "down": False}
    run_primitive(engine, 0, "resolve", "watch_line")
    decision = engine.decision()
    assert decision.player == 1 and decision.kind == "use_card"
    engine.apply("use")
    assert [p["coins"] for p in engine.state["players"]] == [3 - 2 + 1, 3 + 2]
    assert line["cursor"] is None and problems(engine) == []
    assert engine.decision().kind == "lay_card" and engine.decision().player == 0


# ---- whole games ---------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3])
def test_bots_play_to_the_end_under_the_invariants(players):
    for seed in range(8):
        engine = Engine.new_game(program(), players, seed)
        agents = [RandomAgent(seed * 10 + i) for i in range(players)]
        if seed % 2:
            agents[0] = GreedyAgent()
        while not engine.is_terminal():
            assert problems(engine) == [], (seed, problems(engine))
            decision = engine.decision()
            engine.apply(agents[decision.player].choose(engine, decision))
        assert engine.state["scores"] is not None and len(every_card(engine)) == CARDS
        line = engine.state["queues"]["watch_line"]
        assert line["cursor"] is None and all(p is None for row in line["slots"] for p in row)
        events = {e["event"] for e in engine.state["log"]}
        assert {"fill_layer", "lay_card", "resolve_card", "clear_queue"} <= events


def test_the_invariants_can_fail():
    engine = Engine.new_game(program(), 2, 1)
    line = engine.state["queues"]["watch_line"]
    line["slots"][0][0] = {"card": "thief", "seat": 0, "laid": True, "down": False}
    found = problems(engine)
    assert any("holds thief" in p for p in found)  # an alarm in the order row
    assert any("copies of card thief" in p for p in found)  # a copy made
    line["slots"][0][0] = None
    line["skips"]["alarm_row"] = 1
    assert any("skips" in p for p in problems(engine))


def test_same_seed_and_choices_same_game_and_saves_and_clones_continue_alike():
    def game(seed: int) -> Engine:
        return play(Engine.new_game(program(), 3, seed), [RandomAgent(i) for i in range(3)])

    assert game(4).state == game(4).state
    assert game(4).state["log"] != game(5).state["log"]
    engine = Engine.new_game(program(), 2, 9)
    agent = RandomAgent(3)
    while engine.state["queues"]["watch_line"]["cursor"] is None:
        engine.apply(agent.choose(engine, engine.decision()))
    copy = Engine.from_json(program(), engine.to_json())  # saved in the middle of a resolution
    twin = engine.clone()
    for each in (engine, copy, twin):
        bot = RandomAgent(5)
        while not each.is_terminal():
            each.apply(bot.choose(each, each.decision()))
    assert engine.state["log"] == twin.state["log"] == copy.state["log"]


# ---- what each seat sees -------------------------------------------------------------
def _resolving() -> Engine:
    engine = Engine.new_game(program(), 2, 3)
    arrange(engine, ["douse", "guard", "bribe"], ["thief", "bell"])
    for option in ("card:douse", "slot:1", "card:guard"):
        engine.apply(option)
    return engine


def test_the_observation_shows_the_queue_and_its_cursor():
    engine = _resolving()
    seen = observation.view(engine, 1, "own")["queues"]["watch_line"]
    assert seen["cursor"] == [0, 0] and seen["slots"][0][0]["card"] == "douse"
    assert "queues" not in observation.view(engine, 1, "own", public=False)
    fields = {f.name: f for f in observation.fields(engine)}
    tensor = observation.tensor(engine, 1)
    cursor = fields["queue_watch_line_cursor"]
    assert tensor[cursor.start : cursor.start + 2] == [1.0, 1.0]
    orders = fields["queue_watch_line_order_row"]
    number = list(engine.data.cards).index("douse") + 1
    assert tensor[orders.start : orders.start + 2][0] == float(number)
    size = {len(observation.tensor(Engine.new_game(program(), p, 1), 0)) for p in (2, 3)}
    assert len(size) == 1
    assert json.loads(observation.string(engine, 0))["queues"]["watch_line"]["cursor"] == [0, 0]


def test_the_web_table_and_the_terminal_show_the_rows_and_the_cursor():
    engine = _resolving()
    html, _ = table.draw(engine, 1, ["P1", "P2"])
    assert "watch line, order row: 1: douse; 2: guard" in html
    assert "watch line, alarm row: 1: thief; 2: bell" in html
    assert "watch line: now slot 1, order row" in html
    engine.apply("use")
    engine.apply("instead")
    assert procedure.position(engine, 1).count("watch line") == 2


def test_ba_play_narrates_the_queue():
    out = CliRunner().invoke(
        ba, ["play", "--rules", str(RULES), "--seed", "3", "--players", "2"], catch_exceptions=False
    )
    assert out.exit_code == 0, out.output
    for words in ("turned up into the alarm row", "lays", "> slot 1", "is cleared"):
        assert words in out.output, words


def test_a_queue_being_resolved_is_not_resolved_again():
    """A trigger of an event that a card in the queue raises cannot resolve that queue
    again: its cards would be carried out twice."""
    engine = _resolving()
    assert engine.state["queues"]["watch_line"]["cursor"] is not None
    assert not queues.can_resolve(engine, 0, ("watch_line",), {})
    engine.apply("use")
    engine.apply("instead")
    assert engine.state["queues"]["watch_line"]["cursor"] is None
    assert queues.can_resolve(engine, 1, ("watch_line",), {})
