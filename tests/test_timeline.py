"""What a round around a resolution queue needs (issue 22): the modifiers `unless` and
`times`, the condition `player_count`, `exchange` of a hand, `arrange` of the cards laid
face down and turned up into a queue's layer, cards that print their slot, and `skip`
across slots and layers. Each is shown by a small rule set written here; bots play a
whole round of commit, reveal, arrange and resolve for 1 to 5 seats under the invariants."""

from __future__ import annotations

import shutil
from functools import cache
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
        'grid sky {\n  rows high low\n  columns 2\n}\ndeck rocks {\n  noun "rock" "rocks"\n}\n'
        'card pebble {\n  noun "pebble" "pebbles"\n  deck rocks\n  value worth 1\n}\n'
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


# ---- the round of Timeline Round: commit, reveal, arrange, resolve -----------------------
ROUND = Path(__file__).resolve().parent / "games" / "timeline_round"


@cache
def round_program() -> Program:
    result = compile_paths([ROUND])
    assert result.ruleset is not None and result.diagnostics == [], result.diagnostics
    return build(result.ruleset)


def to_decision(engine: Engine, kind: str, seed: int = 0) -> None:
    """Let random bots answer until a decision of that kind is asked."""
    agent = RandomAgent(seed)
    while engine.decision().kind != kind:
        assert not engine.is_terminal()
        engine.apply(agent.choose(engine, engine.decision()))


def queue_cards(engine: Engine, layer: int) -> list[str | None]:
    slots = engine.state["queues"]["line"]["slots"]
    return [None if places[layer] is None else places[layer]["card"] for places in slots]


def test_the_captain_arranges_the_orders_three_seats_turned_up(tmp_path):
    engine = Engine.new_game(round_program(), 3, 5, auto_answer=False)
    to_decision(engine, "arrange_card")
    captain = engine.state["rounds"]["captain"]
    cards = engine.state["cards"]
    lying = sorted(card for kept in cards["kept"] for card in kept)
    assert len(lying) == 4 and sum(len(kept) > 0 for kept in cards["kept"]) == 3
    assert cards["kept"][captain] and len(cards["kept"][captain]) == 2  # 3 players: 2 and 1, 1
    arranged = []
    while engine.decision().kind == "arrange_card":
        decision = engine.decision()
        assert decision.player == captain
        assert decision.prompt.startswith(f"Which card goes into slot {len(arranged) + 1} ")
        offered = sorted(option.id for option in decision.options)
        assert offered == sorted({f"card:{c}" for kept in cards["kept"] for c in kept})
        choice = decision.options[-1]  # the last kind the rules declare
        arranged.append(choice.id.removeprefix("card:"))
        engine.apply(choice.id)
        assert problems(engine) == []
    assert queue_cards(engine, 0) == arranged and sorted(arranged) == lying
    assert all(kept == [] for kept in cards["kept"])  # the queue owns them now
    laid = [e for e in engine.state["log"] if e["event"] == "lay_card"]
    assert [(e["seat"], e["slot"]) for e in laid] == [(captain, slot) for slot in range(4)]


def test_arranged_orders_are_carried_out_for_the_seat_that_resolves(tmp_path):
    engine = Engine.new_game(round_program(), 4, 2)
    to_decision(engine, "arrange_card")
    captain = engine.state["rounds"]["captain"]
    agent = RandomAgent(3)
    while engine.state["rounds"]["captain"] == captain and not engine.is_terminal():
        engine.apply(agent.choose(engine, engine.decision()))
    merits = [p["merit"] for p in engine.state["players"]]
    assert all(m == 0 for seat, m in enumerate(merits) if seat != captain), merits


def test_arrange_is_not_possible_without_a_card_turned_up(tmp_path):
    data = compiled(
        tmp_path,
        orders(True)
        + 'deck alarms {\n  noun "alarm" "alarms"\n}\n'
        + 'card bell {\n  noun "bell" "bells"\n  deck alarms\n  play: gain 1 silver\n}\n'
        + 'layer order_row {\n  noun "order row" "order rows"\n  deck orders\n}\n'
        + 'layer alarm_row {\n  noun "alarm row" "alarm rows"\n  deck alarms\n}\n'
        + 'queue line {\n  noun "line" "lines"\n  slots 2\n  layers order_row alarm_row\n}\n'
        + "phase act {\n"
        + "  step a: arrange order_row otherwise gain 3 gold\n"
        + "  step b: commit orders, reveal_committed orders, arrange order_row, fill_layer"
        + " alarm_row, resolve line\n"
        + "}\n",
    )
    engine = played(data, 1)
    assert shared(engine)["gold"] == 4  # 3 instead of arranging nothing, 1 from a push
    assert shared(engine)["silver"] == 1


def without_arrange(tmp_path: Path) -> Program:
    """Timeline Round with no `arrange` step: `resolve` lays the orders as it goes."""
    folder = tmp_path / "timeline_round"
    shutil.copytree(ROUND, folder)
    rules = folder / "timeline_round.ba"
    text = rules.read_text(encoding="utf-8")
    assert "  step arrange: arrange order_row\n" in text
    rules.write_text(text.replace("  step arrange: arrange order_row\n", ""), encoding="utf-8")
    result = compile_paths([folder])
    assert result.ruleset is not None and result.diagnostics == [], result.diagnostics
    return build(result.ruleset)


def test_resolve_lays_a_card_lying_face_up_into_an_empty_slot_when_it_gets_there(tmp_path):
    engine = Engine.new_game(without_arrange(tmp_path), 3, 5, auto_answer=False)
    to_decision(engine, "arrange_card")
    captain = engine.state["rounds"]["captain"]
    lying = sorted(card for kept in engine.state["cards"]["kept"] for card in kept)
    start = len(engine.state["log"])
    agent = RandomAgent(1)
    while engine.state["rounds"]["captain"] == captain and not engine.is_terminal():
        decision = engine.decision()
        if decision.kind == "arrange_card":
            assert decision.player == captain
            slot = sum(e["event"] == "lay_card" for e in engine.state["log"][start:])
            assert decision.prompt.startswith(f"Which card goes into slot {slot + 1} ")
        engine.apply(agent.choose(engine, decision))
        assert problems(engine) == []
    events = [  # a skipped order's slot comes as a resolved one's does
        ("lay_card" if e["event"] == "lay_card" else "resolve_card", e["slot"])
        for e in engine.state["log"][start:]
        if e["event"] in ("lay_card", "resolve_card", "skip_card") and e["layer"] == "order_row"
    ]
    laid = [slot for event, slot in events if event == "lay_card"]
    assert laid == [0, 1, 2, 3]
    # each order is laid just before its slot is resolved, after the slots before it
    for slot in range(4):
        assert events.index(("lay_card", slot)) < events.index(("resolve_card", slot))
    for slot in range(3):
        assert events.index(("resolve_card", slot)) < events.index(("lay_card", slot + 1))
    placed = [e["card"] for e in engine.state["log"][start:] if e["event"] == "lay_card"]
    assert sorted(placed) == lying


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_bots_play_rounds_of_commit_reveal_arrange_resolve_under_invariants(players):
    endings = set()
    for seed in range(4):
        engine = played(round_program(), players, seed, greedy=seed == 0)
        endings.add(engine.state["rounds"]["ending"])
        laid = [e for e in engine.state["log"] if e["event"] == "commit"]
        rounds = engine.state["rounds"]["round"]
        assert len(laid) <= 4 * rounds and laid  # four orders a round, whatever the count
        arranged = [e for e in engine.state["log"] if e["event"] == "lay_card"]
        assert len(arranged) == len(laid)
    assert endings <= {"rounds", "lose_at"}


def test_the_same_seed_plays_the_same_round():
    assert played(round_program(), 3, 7).state == played(round_program(), 3, 7).state


def test_the_log_reads_the_round_in_words():
    engine = played(round_program(), 2, 3)
    text = "\n".join(lines(engine))
    for words in (
        "lays one order face down",
        "the cards laid face down are turned up",
        "into slot 1 of the order row",
        "the line is resolved",
        "turned up into the lead row",
    ):
        assert words in text, words


# ---- cards that print their slot ----------------------------------------------------------
def test_fill_layer_puts_a_card_into_the_slot_it_prints():
    engine = Engine.new_game(round_program(), 2, 1)
    to_decision(engine, "commit_card")
    leads = queue_cards(engine, 2)
    assert leads == [None, "barrage", "jam", "repair"]  # slots 2, 3 and 4, as printed
    assert not [e for e in engine.state["log"] if e["event"] == "slot_taken"]


def test_a_card_whose_printed_slot_is_taken_is_discarded_unused(tmp_path):
    data = compiled(
        tmp_path,
        'deck alarms {\n  noun "alarm" "alarms"\n}\n'
        'card bell {\n  noun "bell" "bells"\n  deck alarms\n  copies 2\n  slot 2\n'
        "  play: gain 1 gold\n}\n"
        'card horn {\n  noun "horn" "horns"\n  deck alarms\n  play: gain 1 silver\n}\n'
        'layer alarm_row {\n  noun "alarm row" "alarm rows"\n  deck alarms\n}\n'
        'queue line {\n  noun "line" "lines"\n  slots 3\n  layers alarm_row\n}\n'
        "phase act {\n  step a: fill_layer alarm_row, resolve line\n}\n",
    )
    for seed in range(6):
        engine = played(data, 1, seed)
        assert shared(engine) == {"gold": 1, "silver": 1}  # one bell in slot 2, the horn
        unused = [e for e in engine.state["log"] if e["event"] == "slot_taken"]
        assert [(e["card"], e["slot"]) for e in unused] == [("bell", 1)]
        assert "bell goes into slot 2, which is taken: it is discarded unused" in lines(engine)


# ---- skip across slots and layers ----------------------------------------------------------
def set_line(engine: Engine, rows: list[tuple[str | None, str | None, str | None]]) -> None:
    """Lay these cards (order, threat, lead; None: free) into the line's slots, each taken
    from wherever it lies, as if turned up."""
    cards, line = engine.state["cards"], engine.state["queues"]["line"]
    piles = [*cards["decks"].values(), *cards["discards"].values(), *cards["hands"]]
    piles += [*cards["kept"], *cards["committed"]]
    for places in line["slots"]:
        for layer, old in enumerate(places):
            if old is not None:
                cards["discards"][engine.data.cards[old["card"]].deck].append(old["card"])
                places[layer] = None
    for slot, row in enumerate(rows):
        for layer, card in enumerate(row):
            if card is not None:
                pile = next(p for p in piles if card in p)
                pile.remove(card)
                line["slots"][slot][layer] = {"card": card, "seat": 0, "laid": False, "down": False}
    assert problems(engine) == []


def resolved(engine: Engine) -> list[tuple[int, str, str]]:
    """Resolve the line for the first seat (each order carried out, not turned face
    down); what the cursor met: (slot, layer, "run" or "skipped")."""
    engine.state["pending"] = None
    start = len(engine.state["log"])
    engine.push({"op": "prim", "seat": 0, "name": "resolve", "args": ("line",), "ctx": {}})
    engine.run()
    while engine.decision() is not None and engine.decision().kind == "use_card":
        engine.apply("use")
    assert problems(engine) == []
    names = {"resolve_card": "run", "skip_card": "skipped"}
    return [
        (e["slot"] + 1, e["layer"], names[e["event"]])
        for e in engine.state["log"][start:]
        if e["event"] in names
    ]


def test_a_pulse_skips_the_threat_and_lead_above_it_and_a_jam_the_next_order():
    engine = Engine.new_game(round_program(), 2, 1)
    to_decision(engine, "commit_card")
    set_line(
        engine,
        [
            ("pulse", "strike", "barrage"),  # the pulse skips the strike and barrage above it
            ("fire", "strike", "jam"),  # the jam skips the next order: slot 3's
            ("fire", "strike", None),
            ("mend", "lull", None),
        ],
    )
    assert resolved(engine) == [
        (1, "order_row", "run"),
        (1, "threat_row", "skipped"),
        (1, "lead_row", "skipped"),
        (2, "order_row", "run"),
        (2, "threat_row", "run"),
        (2, "lead_row", "run"),
        (3, "order_row", "skipped"),
        (3, "threat_row", "run"),
        (4, "order_row", "run"),
        (4, "threat_row", "run"),
    ]


def test_a_skip_with_no_card_above_passes_over_the_next_one_of_that_row():
    """A pulse in a slot without a lead threat skips the next lead threat the cursor
    meets, in a later slot (the next card of that row); what is left is forgotten."""
    engine = Engine.new_game(round_program(), 2, 1)
    to_decision(engine, "commit_card")
    set_line(
        engine,
        [
            ("pulse", "strike", None),
            ("fire", None, "barrage"),
            ("pulse", None, None),
            (None, "lull", None),
        ],
    )
    assert resolved(engine) == [
        (1, "order_row", "run"),
        (1, "threat_row", "skipped"),
        (2, "order_row", "run"),
        (2, "lead_row", "skipped"),
        (3, "order_row", "run"),
        (4, "threat_row", "skipped"),
    ]
    assert engine.state["queues"]["line"]["skips"] == {
        "order_row": 0,
        "threat_row": 0,
        "lead_row": 0,
    }


# ---- the modifiers in the tools ---------------------------------------------------------------
def test_the_lexer_reads_unless_and_times_as_connectors_and_the_count_as_a_value():
    from pygments.token import Name, Operator

    from blackangel.dsl.highlight import BlackAngelLexer

    tokens = [
        (kind, text)
        for kind, text in BlackAngelLexer().get_tokens(
            "step a: draw 1 orders times hand unless captain\n"
        )
        if text.strip()
    ]
    assert (Operator.Word, "times") in tokens and (Operator.Word, "unless") in tokens
    assert (Name.Constant, "hand") in tokens and (Name.Function, "captain") in tokens
    assert (Name.Function, "hand") not in tokens


def test_the_export_and_ba_language_show_the_modifiers(tmp_path):
    import json

    from click.testing import CliRunner

    from blackangel.cli.lsp_server import _help
    from blackangel.cli.main import ba
    from blackangel.dsl.export import EffectJson
    from blackangel.dsl.parser import parse_text

    tree, _ = parse_text("x: gain 1 gold times many if captain unless player_count 2\n", "x.ba")
    data = EffectJson().visit(tree.items[0].effect)
    assert data["times"] == "many" and data["if"][0]["call"] == "captain"
    assert data["unless"] == [{"call": "player_count", "args": {"0": 2}}]
    out = CliRunner().invoke(ba, ["language", "--game", "rules_only", "--format", "json"])
    assert out.exit_code == 0, out.output
    modifiers = json.loads(out.output)["modifiers"]
    assert list(modifiers) == ["per", "max", "if", "unless", "times"]
    assert modifiers["times"]["form"] == "CALL times N"
    text = CliRunner().invoke(ba, ["language", "--game", "rules_only"]).output
    assert "CALL unless CONDITION" in text and "player_count <players:count>" in text
    assert "arrange <layer:layer>" in text and "exchange <deck:deck>" in text
    assert _help(round_program().vocabulary, "unless").startswith("The call is carried out only")
