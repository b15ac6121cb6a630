"""A grid of pieces in a game written only in the language (dsl/zones.py,
interpreter/zones.py): each primitive on a position set by hand (edges, packing,
overflow, shields per source, the trigger on leaving, closed rows, ties decided by the
seat), the checks of ba-lint, and Meteor Watch (tests/games/meteor_watch), a small game
of the grid, played to the end by bots under invariants, the same for the same seed."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from blackangel.dsl.compiler import compile_paths
from blackangel.interpreter import observation
from blackangel.interpreter.agents import GreedyAgent, RandomAgent, play
from blackangel.interpreter.engine import Engine
from blackangel.interpreter.invariants import problems
from blackangel.interpreter.program import build
from blackangel.web.table import draw, targets

GAME = Path(__file__).resolve().parent / "games" / "meteor_watch"

RULES = """
game t {
  module rules_only
  title "T"
  players 1..2
  turn turn
  rounds 3
  score points
}
track points {
  noun "point" "points"
}
track hull {
  noun "plate" "plates"
  start 9
}
grid g {
  rows a b c
  columns 3
  PACK
  defeat: gain 1 points per its points
  on_leave: lose 1 hull per its damage
}
token ship {
  noun "ship" "ships"
  column 2
}
deck foes {
  noun "foe" "foes"
}
card small {
  noun "small" "smalls"
  deck foes
  copies 6
  life 1
  value damage 1
  value points 1
}
card big {
  noun "big" "bigs"
  deck foes
  copies 3
  life 3
  value damage 2
  value points 3
}
card guard {
  noun "guard" "guards"
  deck foes
  copies 3
  life 2
  shield
  mark armoured
  value damage 1
  value points 2
  attack: lose 1 hull per its damage
}
selector near {
  noun "the nearest foe in the ship's column" "the nearest foes"
  in_token_column ship
  order nearest
}
selector strong {
  noun "the strongest foe" "the strongest foes"
  order strongest damage
}
selector plain {
  noun "the nearest unshielded foe" "the nearest unshielded foes"
  order lacking shield
  order nearest
}
selector low {
  noun "foe in row c" "foes in row c"
  in_row c
}
selector anywhere {
  noun "the nearest foe of a column" "the nearest foes"
  each_column
  order nearest
}
selector self {
  noun "this foe" "these foes"
  itself
}
phase turn {
  step ready: optional (gain 1 hull)
  step act: optional (EFFECT)
}
"""


@cache
def rules(effect: str, pack: str = "pack toward a") -> object:
    text = RULES.replace("EFFECT", effect).replace("PACK", pack)
    folder = Path("/tmp") / f"zones-test-{abs(hash(text))}"
    folder.mkdir(exist_ok=True)
    (folder / "t.ba").write_text(text, encoding="utf-8")
    result = compile_paths([str(folder)])
    errors = [d for d in result.diagnostics if d.severity == "error"]
    assert result.ruleset is not None and errors == [], errors  # unused selectors warn
    return build(result.ruleset)


def position(effect: str, cells: dict[str, str], pack: str = "pack toward a", **tokens):
    """A one-seat game whose turn offers `effect`, with these pieces on the grid (taken
    from the deck, so every copy stays counted)."""
    engine = Engine.new_game(rules(effect, pack), 1, 1)
    grid, deck = engine.state["grid"], engine.state["cards"]["decks"]["foes"]
    for cell, card in cells.items():
        row, column = "abc".index(cell[0]), int(cell[1]) - 1
        deck.remove(card)
        grid["serial"] += 1
        grid["cells"][row][column] = {"id": grid["serial"], "card": card, "damage": 0}
    grid["tokens"].update(tokens)
    assert problems(engine) == []
    engine.apply("no")  # the first step, which waits for the position to be set
    return engine


def board(engine: Engine) -> dict[str, str]:
    """The pieces as {cell: "card/damage"}."""
    cells = engine.state["grid"]["cells"]
    return {
        f"{'abc'[r]}{c + 1}": f"{p['card']}/{p['damage']}"
        for r, row in enumerate(cells)
        for c, p in enumerate(row)
        if p is not None
    }


def act(engine: Engine, *answers: str) -> Engine:
    engine.apply("yes")
    for answer in answers:
        engine.apply(answer)
    assert problems(engine) == [], problems(engine)
    return engine


def offered(engine: Engine) -> bool:
    """Whether the turn offers its effect now (else it went on to the next turn's first
    step, which gains a plate)."""
    return "plate" not in engine.decision().options[0].label


def points(engine: Engine) -> tuple[int, int]:
    player = engine.state["players"][0]
    return player["points"], player["hull"]


# ---- primitives ----------------------------------------------------------------------
def test_a_hit_takes_the_nearest_and_overflow_goes_on_to_the_next():
    engine = act(position("hit 2 near overflow", {"a2": "big", "b2": "small", "c1": "small"}))
    # the small in b2 (nearest the ship's line) needed 1; the other 1 went on to the big
    assert board(engine) == {"a2": "big/1", "c1": "small/0"} and points(engine) == (1, 9)
    engine = act(position("hit 2 near", {"a2": "big", "b2": "small"}))
    assert board(engine) == {"a2": "big/0"}  # without overflow the rest is lost


def test_a_shield_ignores_a_source_until_it_has_dealt_two():
    engine = act(position("hit 1 near", {"a2": "guard"}))
    assert board(engine) == {"a2": "guard/0"}
    # two hits of one source (one effect) count together: the second breaks through
    engine = act(position("hit 1 near, hit 1 near", {"a2": "guard"}))
    assert board(engine) == {} and points(engine) == (2, 9)
    engine = act(position("hit 2 near", {"a2": "guard"}))
    assert board(engine) == {}
    # but two sources of one damage each do nothing (each turn is its own source)
    engine = position("hit 1 near", {"a2": "guard"})
    act(engine, "no")
    act(engine)
    assert board(engine) == {"a2": "guard/0"}


def test_a_defeat_packs_the_column_toward_its_row():
    engine = act(position("defeat strong", {"a1": "big", "b1": "small", "c1": "small"}))
    assert board(engine) == {"a1": "small/0", "b1": "small/0"} and points(engine) == (3, 9)
    # toward the last row, the pieces above move down instead
    engine = act(
        position("defeat strong", {"a1": "small", "b1": "big", "c1": "small"}, "pack toward c")
    )
    assert board(engine) == {"b1": "small/0", "c1": "small/0"}
    engine = act(position("defeat strong", {"a1": "small", "b1": "big", "c1": "small"}, ""))
    assert board(engine) == {"a1": "small/0", "c1": "small/0"}  # no packing: a gap


def test_a_shift_moves_every_piece_down_and_one_leaving_runs_its_trigger():
    engine = act(position("shift", {"a1": "big", "c1": "big", "c3": "small", "b2": "guard"}))
    assert board(engine) == {"b1": "big/0", "c2": "guard/0"}
    assert points(engine) == (0, 9 - 2 - 1)  # each leaver's damage, no points
    assert engine.state["cards"]["discards"]["foes"] == ["big", "small"]


def test_place_and_fill_take_the_top_cards_of_the_deck_into_free_cells():
    engine = position("fill foes a", {"a2": "big"})
    top = engine.state["cards"]["decks"]["foes"][-2:]
    act(engine)
    assert board(engine) == {"a1": f"{top[1]}/0", "a2": "big/0", "a3": f"{top[0]}/0"}
    engine = position("place foes b 3", {"b3": "big"})
    assert not offered(engine)  # the cell is taken


def test_a_token_moves_and_the_edges_stop_it():
    engine = position("move_token ship left", {}, ship=2)
    act(engine)
    assert engine.state["grid"]["tokens"]["ship"] == 1
    assert not offered(engine)  # at the edge
    engine = position("move_token ship right", {}, ship=3)
    assert not offered(engine)


def test_a_piece_moves_into_the_first_free_cell_and_not_past_an_edge():
    engine = act(position("move_piece near left", {"c2": "small", "a1": "big"}))
    assert board(engine) == {"a1": "big/0", "b1": "small/0"}  # packed toward a
    engine = position("move_piece near left", {"b1": "small"}, ship=1)
    assert not offered(engine)  # the left edge
    full = {"a1": "big", "b1": "big", "c1": "small", "a2": "small"}
    engine = position("move_piece near left", full)
    assert not offered(engine)  # column 1 is full


def test_away_from_the_token_in_its_own_column_is_the_seats_choice():
    engine = position("move_piece near away ship", {"a2": "big"})
    engine.apply("yes")
    decision = engine.decision()
    assert decision.kind == "choose_way"
    assert [o.id for o in decision.options] == ["column:1", "column:3"]
    engine.apply("column:3")
    assert board(engine) == {"a3": "big/0"}
    engine = act(position("move_piece strong toward ship", {"a1": "small"}, ship=3))
    assert board(engine) == {"a2": "small/0"}


def test_ties_are_the_seats_choice_and_orders_come_in_turn():
    engine = position("defeat strong", {"a1": "big", "a3": "big", "b2": "small"})
    engine.apply("yes")
    decision = engine.decision()
    assert decision.kind == "choose_piece"
    assert [o.id for o in decision.options] == ["cell:a1", "cell:a3"]
    engine.apply("cell:a3")
    assert board(engine) == {"a1": "big/0", "b2": "small/0"}
    # prefer the unshielded, then the nearest: the shielded guard in c1 is passed over
    engine = act(position("defeat plain", {"c1": "guard", "a2": "small", "b3": "big"}))
    assert board(engine) == {"c1": "guard/0", "a2": "small/0"}
    # the nearest of each column: the seat chooses the column
    engine = position("hit 1 anywhere", {"a1": "small", "b1": "big", "a3": "small"})
    engine.apply("yes")
    assert [o.id for o in engine.decision().options] == ["cell:a3", "cell:b1"]


def test_every_piece_of_a_row_and_an_attack():
    engine = act(position("defeat_all low", {"c1": "small", "c3": "big", "b3": "small"}))
    assert board(engine) == {"b3": "small/0"} and points(engine) == (4, 9)
    engine = act(position("hit_all 1 low", {"c1": "small", "c2": "guard", "c3": "big"}))
    assert board(engine) == {"c2": "guard/0", "c3": "big/1"}
    engine = act(position("attack strong", {"a1": "guard"}))
    assert points(engine) == (0, 8)  # the guard's own attack: its damage, 1


def test_a_closed_row_takes_no_piece_and_closes_only_when_empty():
    engine = act(position("close_row", {"b1": "small"}))
    assert engine.state["grid"]["closed"] == 1
    engine.state["grid"]["cells"][0][0] = {"id": 99, "card": "small", "damage": 0}
    assert any("closed" in p for p in problems(engine))  # the invariant can fail
    engine = position("close_row", {"a1": "small"})
    assert not offered(engine)


def test_its_reads_the_card_whose_effect_runs_and_itself_selects_it():
    engine = act(position("hit 3 strong", {"a1": "big"}))
    assert points(engine) == (3, 9)
    data = rules("gain 0 points")
    assert data.zones.selectors["self"].place == "itself"


# ---- ba-lint -------------------------------------------------------------------------
def lint(text: str, tmp_path: Path) -> list[tuple[str, str]]:
    (tmp_path / "t.ba").write_text(text, encoding="utf-8")
    result = compile_paths([str(tmp_path)])
    return [(d.code, d.message) for d in result.diagnostics]


@pytest.mark.parametrize(
    ("change", "code", "words"),
    [
        (("PACK", "pack toward d"), "E106", "no row 'd'"),
        (("PACK", "pack toward b"), "E110", "first or last row"),
        (("EFFECT", "place foes a 4"), "E110", "columns 1 to 3, not 4"),
        (("EFFECT", "fill foes z"), "E106", "no row 'z'"),
        (("column 2", "column 7"), "E110", "not 7"),
        (("EFFECT", "move_piece near away"), "E107", "needs the token"),
        (("order strongest damage", "order strongest speed"), "E114", "'speed'"),
        (("order lacking shield", "order lacking fur"), "E114", "'fur'"),
        (("order nearest\n}", "order nearest damage\n}"), "E107", "takes no name"),
        (("EFFECT", "gain 1 points per its speed"), "E114", "'speed'"),
        (("  itself\n", "  itself\n  in_row a\n"), "E109", "one place"),
        (("EFFECT", "hit 1 nowhere"), "E106", "nowhere"),
        (("EFFECT", "move_token boat left"), "E106", "boat"),
        (('  noun "foe" "foes"\n', '  noun "foe" "foes"\n  per_seat\n'), "E114", "shared"),
    ],
)
def test_lint_refuses_what_the_grid_cannot_do(tmp_path, change, code, words):
    text = RULES.replace("PACK", "pack toward a").replace("EFFECT", "fill foes a")
    if change[0] in ("PACK", "EFFECT"):
        text = RULES.replace(*change).replace("PACK", "").replace("EFFECT", "gain 0 points")
    else:
        assert change[0] in text
        text = text.replace(*change)
    found = lint(text, tmp_path)
    assert any(c == code and words in m for c, m in found), found


def test_lint_refuses_grid_words_without_a_grid_and_a_played_card_without_play(tmp_path):
    start, end = RULES.index("grid g {"), RULES.index("token ship {")
    text = (RULES[:start] + RULES[end:]).replace("EFFECT", "shift")
    found = lint(text, tmp_path)
    assert ("E114", "'shift' needs a grid: the rules declare none") in found
    assert ("E114", "'token' needs a grid: the rules declare none") in found
    text = RULES.replace("PACK", "").replace("EFFECT", "draw 1 foes")
    found = lint(text, tmp_path)
    assert any(c == "E111" and "'small'" in m for c, m in found)
    text = RULES.replace("PACK", "").replace("EFFECT", "attack strong")
    assert not [c for c, _ in lint(text, tmp_path) if c.startswith("E")]
    text = text.replace("  attack: lose 1 hull per its damage\n", "")
    assert any(c == "E114" and "'attack'" in m for c, m in lint(text, tmp_path))


# ---- a game of the grid ----------------------------------------------------------------
@cache
def meteor_watch():
    result = compile_paths([str(GAME)])
    assert result.ruleset is not None and result.diagnostics == [], result.diagnostics
    return build(result.ruleset)


def test_meteor_watch_plays_to_the_end_under_invariants():
    for seed in range(12):
        engine = Engine.new_game(meteor_watch(), 1 + seed % 3, seed)
        agent = RandomAgent(seed)
        while not engine.is_terminal():
            assert problems(engine) == [], (seed, problems(engine))
            engine.apply(agent.choose(engine, engine.decision()))
        assert engine.state["scores"] is not None and problems(engine) == []
    engine = play(Engine.new_game(meteor_watch(), 2, 5), [GreedyAgent(), RandomAgent(2)])
    assert engine.is_terminal()
    kinds = {e["event"] for e in engine.state["log"]}
    assert {"piece_enters", "piece_hit", "piece_defeated", "piece_leaves"} <= kinds


def test_meteor_watch_is_the_same_for_the_same_seed_and_saves_continue():
    def game(seed: int) -> Engine:
        agents = [RandomAgent(seed), RandomAgent(seed + 1)]
        return play(Engine.new_game(meteor_watch(), 2, seed), agents)

    assert game(7).state == game(7).state
    assert game(7).state["log"] != game(8).state["log"]
    engine = Engine.new_game(meteor_watch(), 2, 3)
    bot = RandomAgent(4)
    for _ in range(6):
        engine.apply(bot.choose(engine, engine.decision()))
    copy = Engine.from_json(meteor_watch(), engine.to_json())
    for each in (engine, copy):
        other = RandomAgent(9)
        while not each.is_terminal():
            each.apply(other.choose(each, each.decision()))
    assert engine.state["log"] == copy.state["log"]


def test_the_grid_is_in_the_observation_the_tensor_and_the_web_table():
    engine = position("gain 0 points", {"b2": "big"})
    engine.state["grid"]["cells"][1][1]["damage"] = 1
    seen = observation.view(engine, 0)
    assert seen["grid"]["cells"][1][1] == {"card": "big", "damage": 1}
    assert seen["grid"]["tokens"] == {"ship": 2} and seen["grid"]["rows"] == ["a", "b", "c"]
    fields = {f.name: f for f in observation.fields(engine)}
    values = observation.tensor(engine, 0)
    damage = fields["grid_damage"]
    assert values[damage.start : damage.start + damage.size][4] == 1.0
    assert len(values) == sum(f.size for f in fields.values())
    html, _ = draw(engine, 0, ["P1"])
    assert 'data-key="cell:b2"' in html and "big (1 damage)" in html and "ship" in html
    engine = position("defeat strong", {"a1": "big", "a3": "big"})
    engine.apply("yes")
    html, _ = draw(engine, 0, ["P1"])
    assert targets(engine.decision(), engine) == {"cell:a1": "cell:a1", "cell:a3": "cell:a3"}
    assert '<span data-target="cell:a3">big</span>' in html  # a click chooses it
    shown = engine.data.game.position(engine, 0)  # a person's view at the terminal
    assert "\n  a: big | - | big" in shown and "ship in column 2" in shown


def test_the_log_tells_the_grid_in_the_rules_nouns():
    engine = act(position("hit 2 near overflow, shift", {"b2": "small", "a2": "big"}))
    lines = engine.data.game.narrate  # the procedure's narration
    names = ["P1"]
    told = [lines(e, names, engine.data.text) for e in engine.state["log"]]
    assert "  small in b2 takes 1 damage (1 of 1)" in told
    assert "  big in a2 takes 1 damage (1 of 3)" in told
    assert "  every piece moves one row down" in told
