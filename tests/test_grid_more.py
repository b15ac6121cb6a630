"""More of the grid (dsl/zones.py, interpreter/zones.py): the line above the grid and
`place_above`, selector filters (`only`, `except`), `heal`, `place_below` (free, taken,
pushing, below the last row), `activation:` and `activate` (reading order, a piece
moved or defeated mid-way), `move_token_to`, the condition `facing`; each on a position
set by hand, the checks of ba-lint, and Hive Siege (tests/games/hive_siege), a small
game of these words, played by bots under invariants, the same for the same seed."""

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

GAME = Path(__file__).resolve().parent / "games" / "hive_siege"

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
  ABOVE
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
  value damage 1
  value points 1
}
card big {
  noun "big" "bigs"
  deck foes
  copies 3
  life 3
  mark heavy
  value damage 2
  value points 3
}
card walker {
  noun "walker" "walkers"
  deck foes
  copies 2
  life 2
  value points 2
  activation: move_piece self right
}
card hunter {
  noun "hunter" "hunters"
  deck foes
  copies 1
  activation: defeat prey
}
card bait {
  noun "bait" "baits"
  deck foes
  copies 1
  mark prey
  value points 5
  activation: gain 7 points
}
card gunner {
  noun "gunner" "gunners"
  deck foes
  copies 2
  activation: lose 1 hull if facing ship 0, lose 2 hull if facing ship 1
  defeat: gain 4 points if facing ship 0
}
card chief {
  noun "chief" "chiefs"
  deck foes
  copies 2
  life 4
  mark lead
  value points 6
}
selector near {
  noun "the nearest foe in the ship's column" "the nearest foes"
  in_token_column ship
  order nearest
}
selector far {
  noun "the farthest foe in the ship's column" "the farthest foes"
  in_token_column ship
  order farthest
}
selector self {
  noun "this foe" "these foes"
  itself
}
selector prey {
  noun "a prey" "preys"
  only prey
}
selector light {
  noun "the nearest light foe" "the nearest light foes"
  except heavy
  order nearest
}
selector heavies {
  noun "the strongest heavy foe" "the strongest heavy foes"
  only heavy
  order strongest life
}
selector lead {
  noun "the leader" "the leaders"
  only lead
}
selector first {
  noun "the farthest foe of column 1" "the farthest foes of column 1"
  in_column 1
  order farthest
}
selector wounded {
  noun "the most damaged foe" "the most damaged foes"
  order strongest damaged
}
phase turn {
  step ready: optional (gain 1 hull)
  step act: optional (EFFECT)
}
"""


@cache
def rules(effect: str, pack: str = "pack toward a", above: str = "above") -> object:
    text = RULES.replace("EFFECT", effect).replace("PACK", pack).replace("ABOVE", above)
    folder = Path("/tmp") / f"grid-more-test-{abs(hash(text))}"
    folder.mkdir(exist_ok=True)
    (folder / "t.ba").write_text(text, encoding="utf-8")
    result = compile_paths([str(folder)])
    errors = [d for d in result.diagnostics if d.severity == "error"]
    assert result.ruleset is not None and errors == [], errors  # unused selectors warn
    return build(result.ruleset)


def position(
    effect: str, cells: dict[str, str], pack: str = "pack toward a", top: str = "", **tokens
) -> Engine:
    """A one-seat game whose turn offers `effect`, with these pieces on the grid ("^2":
    the line above column 2), taken from the deck, and `top` on top of the deck."""
    engine = Engine.new_game(rules(effect, pack), 1, 1)
    grid, deck = engine.state["grid"], engine.state["cards"]["decks"]["foes"]
    for cell, card in cells.items():
        deck.remove(card)
        grid["serial"] += 1
        piece = {"id": grid["serial"], "card": card, "damage": 0}
        if cell[0] == "^":
            grid["above"][int(cell[1]) - 1] = piece
        else:
            grid["cells"]["abc".index(cell[0])][int(cell[1]) - 1] = piece
    if top:
        deck.remove(top)
        deck.append(top)
    grid["tokens"].update(tokens)
    assert problems(engine) == []
    engine.apply("no")  # the first step, which waits for the position to be set
    return engine


def board(engine: Engine) -> dict[str, str]:
    """The pieces as {cell: "card/damage"}, the line above as "^N"."""
    grid = engine.state["grid"]
    out = {
        f"{'abc'[r]}{c + 1}": f"{p['card']}/{p['damage']}"
        for r, row in enumerate(grid["cells"])
        for c, p in enumerate(row)
        if p is not None
    }
    for c, p in enumerate(grid.get("above", [])):
        if p is not None:
            out[f"^{c + 1}"] = f"{p['card']}/{p['damage']}"
    return out


def act(engine: Engine, *answers: str) -> Engine:
    engine.apply("yes")
    for answer in answers:
        engine.apply(answer)
    assert problems(engine) == [], problems(engine)
    return engine


def offered(engine: Engine) -> bool:
    """Whether the turn offers its effect now (else it went on to the next turn)."""
    return "plate" not in engine.decision().options[0].label


def points(engine: Engine) -> tuple[int, int]:
    player = engine.state["players"][0]
    return player["points"], player["hull"]


def told(engine: Engine) -> list[str]:
    text = engine.data.text
    return [engine.data.game.narrate(e, ["P1"], text) for e in engine.state["log"]]


def damage(engine: Engine, cell: str, amount: int) -> None:
    grid = engine.state["grid"]
    if cell[0] == "^":
        grid["above"][int(cell[1]) - 1]["damage"] = amount
    else:
        grid["cells"]["abc".index(cell[0])][int(cell[1]) - 1]["damage"] = amount


# ---- the line above ------------------------------------------------------------------
def test_place_above_takes_the_cell_above_the_tokens_column_when_it_is_free():
    engine = act(position("place_above foes ship", {"a2": "small"}, top="chief"))
    assert board(engine) == {"a2": "small/0", "^2": "chief/0"}
    # the log names the cell as players do, not by its label "^2"
    assert "  chief enters the field above column 2" in told(engine)
    assert not any("^" in line for line in told(engine) if line)
    engine = position("place_above foes ship", {"^3": "chief"}, ship=3)
    assert not offered(engine)  # taken


def test_the_line_above_never_shifts_and_comes_down_with_a_closed_row():
    engine = act(position("shift", {"^1": "chief", "c2": "small", "a1": "small"}))
    assert board(engine) == {"^1": "chief/0", "b1": "small/0"}
    engine = act(position("close_row", {"^1": "chief", "b1": "small"}))
    assert engine.state["grid"]["closed"] == 1 and board(engine) == {
        "^1": "chief/0",
        "b1": "small/0",
    }
    shown = engine.data.game.position(engine, 0)
    # the line is drawn just above the first open row, b, now
    assert "\n  a x: - | - | -\n  ^: chief | - | -\n  b: small | - | -" in shown
    html, _ = draw(engine, 0, ["P1"])
    assert html.index("<th>a</th>") < html.index('data-key="cell:^1"') < html.index("<th>b</th>")
    # and a piece placed below it now enters the first open row
    engine = act(position("close_row, place_below foes lead", {"^1": "chief"}, top="small"))
    assert board(engine) == {"^1": "chief/0", "b1": "small/0"}


def test_nearest_reaches_the_piece_above_only_through_an_empty_column():
    engine = act(position("hit 1 near", {"^2": "chief", "a2": "big"}))
    assert board(engine) == {"^2": "chief/0", "a2": "big/1"}
    engine = act(position("hit 1 near", {"^2": "chief", "a1": "small"}))
    assert board(engine) == {"^2": "chief/1", "a1": "small/0"}
    # overflow from the column's last piece into the piece above it
    engine = act(position("hit 3 near overflow", {"^2": "chief", "a2": "small"}))
    assert board(engine) == {"^2": "chief/2"} and points(engine) == (1, 9)
    # farthest picks it first
    engine = act(position("hit 1 far", {"^2": "chief", "a2": "small"}))
    assert board(engine) == {"^2": "chief/1", "a2": "small/0"}
    # a row never holds it; the whole grid, a defeat and its effect do
    engine = act(position("defeat lead", {"^3": "chief"}))
    assert board(engine) == {} and points(engine) == (6, 9)


def test_a_piece_above_moves_along_the_line_and_not_into_a_taken_cell():
    engine = act(position("move_piece lead left", {"^2": "chief", "a1": "small"}))
    assert board(engine) == {"^1": "chief/0", "a1": "small/0"}
    engine = act(position("move_piece lead toward ship", {"^1": "chief"}, ship=3))
    assert board(engine) == {"^2": "chief/0"}
    engine = position("move_piece lead right", {"^2": "chief", "^1": "chief"})
    engine.apply("yes")  # two leaders: the seat picks (^1 could not move right)
    options = engine.decision().options
    assert [o.id for o in options] == ["cell:^1", "cell:^2"]
    labels = [o.label for o in options]
    assert labels == ["chief in the field above column 1", "chief in the field above column 2"]


# ---- filters, heal -------------------------------------------------------------------
def test_only_and_except_filter_before_the_order():
    engine = act(position("hit 1 light", {"b1": "big", "a1": "small"}))
    assert board(engine) == {"a1": "big/0"}  # the nearer big is passed over
    engine = act(position("defeat heavies", {"c1": "small", "a2": "big"}))
    assert board(engine) == {"c1": "small/0"} and points(engine) == (3, 9)
    engine = position("defeat heavies", {"c1": "small"})
    assert not offered(engine)  # nothing heavy: nothing to pick


def test_heal_takes_off_damage_up_to_what_is_marked():
    engine = position("heal 1 wounded", {"a1": "big", "a2": "small"})
    damage(engine, "a1", 2)
    act(engine)
    assert board(engine) == {"a1": "big/1", "a2": "small/0"}
    assert "  big in a1 loses 1 damage (1 of 3)" in told(engine)
    engine = position("heal 5 wounded", {"^2": "chief"})
    damage(engine, "^2", 3)
    act(engine)
    assert board(engine) == {"^2": "chief/0"}  # capped at the damage marked
    engine = position("heal 2 near", {}, ship=1)
    assert not offered(engine)  # no piece to heal


# ---- place_below ---------------------------------------------------------------------
def test_remove_discards_the_piece_without_its_effects_and_packs_the_column():
    engine = act(position("remove near", {"a2": "big", "b2": "gunner", "c2": "small"}))
    # the nearest (c2) is gone with neither its defeat nor its on_leave: no points, no hull
    assert board(engine) == {"a2": "big/0", "b2": "gunner/0"} and points(engine) == (0, 9)
    assert engine.state["cards"]["discards"]["foes"] == ["small"]
    assert "  small in c2 is discarded, without its effects" in told(engine)
    engine = act(position("remove near", {"a2": "big", "b2": "gunner"}, ship=2))
    assert board(engine) == {"a2": "big/0"} and points(engine) == (0, 9)  # no defeat: 4
    engine = act(position("remove first", {"a1": "chief", "b1": "small"}))
    assert board(engine) == {"a1": "small/0"}  # the one below moves up into the gap
    assert not offered(position("remove near", {"a1": "chief"}))  # nothing to remove


def test_a_row_filled_earlier_in_the_same_effect_stays_open():
    """The effect was found possible with row a empty; the fill before close_row takes
    it, so the row stays open (no piece is ever shut in a closed row)."""
    engine = act(position("fill foes a, close_row", {"b2": "small"}))
    assert engine.state["grid"]["closed"] == 0 and problems(engine) == []
    assert {"a1", "a2", "a3"} <= set(board(engine))


def test_place_below_into_a_free_cell_or_not_at_all():
    engine = act(position("place_below foes first", {"a1": "big"}, top="small"))
    assert board(engine) == {"a1": "big/0", "b1": "small/0"}
    engine = position("place_below foes first", {"a1": "big", "b1": "small"})
    assert not offered(engine)  # taken, without push
    # impossible, so 'otherwise' reacts
    engine = act(
        position("place_below foes first otherwise gain 2 points", {"a1": "big", "b1": "small"})
    )
    assert points(engine) == (2, 9)
    engine = act(position("place_below foes first otherwise gain 2 points", {"c1": "big"}, pack=""))
    assert points(engine) == (2, 9) and board(engine) == {"c1": "big/0"}  # no cell below


def test_place_below_with_push_shoves_the_column_and_one_leaves():
    cells = {"a1": "big", "b1": "small", "c1": "walker"}
    engine = act(position("place_below foes first push", cells, top="gunner"))
    assert board(engine) == {"a1": "big/0", "b1": "gunner/0", "c1": "small/0"}
    # the walker left past the last row: discarded, then its on_leave (the grid's)
    assert engine.state["cards"]["discards"]["foes"] == ["walker"]
    assert points(engine) == (0, 9)  # a walker has no damage value: lost 0 plates
    engine = act(position("place_below foes first push", {"a1": "big", "b1": "big"}, top="small"))
    assert board(engine) == {
        "a1": "big/0",
        "b1": "small/0",
        "c1": "big/0",
    }  # a free cell: none leaves
    # in the last row the new card leaves at once, and its on_leave runs
    engine = act(position("place_below foes first push", {"c1": "big"}, pack="", top="small"))
    assert board(engine) == {"c1": "big/0"} and points(engine) == (0, 8)
    assert engine.state["cards"]["discards"]["foes"] == ["small"]
    assert "  small has no cell below c1 and leaves the grid at once" in told(engine)


def test_place_below_does_not_carry_out_the_new_pieces_effects():
    engine = act(position("place_below foes first", {"a1": "big"}, top="bait"))
    assert board(engine) == {"a1": "big/0", "b1": "bait/0"} and points(engine) == (0, 9)


# ---- activation ----------------------------------------------------------------------
def activated(engine: Engine) -> list[str]:
    return [
        f"{e['card']}@{e['cell']}" for e in engine.state["log"] if e["event"] == "piece_activates"
    ]


def test_activate_goes_row_by_row_left_to_right_once_each():
    # row by row (the rulebook's "left to right, top to bottom"): the hunter in a2
    # comes before the bait in b1 and defeats it before its turn
    engine = act(position("activate", {"a2": "hunter", "b1": "bait", "a1": "small"}))
    assert activated(engine) == ["hunter@a2"]
    assert board(engine) == {"a1": "small/0", "a2": "hunter/0"} and points(engine) == (5, 9)
    # the bait first, read so, is activated, then the hunter
    engine = act(position("activate", {"a1": "bait", "b2": "hunter"}))
    assert activated(engine) == ["bait@a1", "hunter@b2"] and points(engine) == (7 + 5, 9)


def test_a_piece_that_moves_is_activated_once_and_the_line_above_comes_first():
    engine = act(position("activate", {"a1": "walker", "a2": "walker", "^3": "gunner"}))
    # the gunner above column 3 first; the walker from a1 moves into column 2 (packed
    # toward a: b2), the one from a2 into column 3 (the first one packs up to a2), and
    # neither is activated again
    assert activated(engine) == ["gunner@^3", "walker@a1", "walker@a2"]
    assert board(engine) == {"a2": "walker/0", "a3": "walker/0", "^3": "gunner/0"}
    assert points(engine) == (0, 9 - 2)  # the gunner, one column from the ship
    assert "  walker in a1 activates" in told(engine)


# ---- move_token_to, facing -----------------------------------------------------------
def test_move_token_to_is_the_seats_choice_of_another_column():
    engine = position("move_token_to ship", {})
    engine.apply("yes")
    decision = engine.decision()
    assert decision.kind == "choose_column"
    assert [o.id for o in decision.options] == ["column:1", "column:3"]
    # on the web table a click on a column of the tokens' line chooses it
    assert targets(decision, engine) == {"column:1": "column:1", "column:3": "column:3"}
    engine.apply("column:3")
    assert engine.state["grid"]["tokens"]["ship"] == 3
    assert "  ship moves to column 3" in told(engine)


@pytest.mark.parametrize(("ship", "hull"), [(2, 9 - 1 - 2), (1, 9 - 2), (3, 9 - 2)])
def test_facing_reads_the_columns_between_the_piece_and_the_token(ship, hull):
    engine = act(position("activate", {"a2": "gunner"}, ship=ship))
    assert points(engine) == (0, hull)
    engine = act(position("activate", {"^2": "gunner"}, ship=ship))
    assert points(engine) == (0, hull)  # the line above: its column too


def test_facing_in_a_defeat_reads_where_the_piece_stood():
    engine = act(position("defeat near", {"a2": "gunner"}))
    assert points(engine) == (4, 9)
    engine = position("gain 0 points", {"a1": "gunner"})
    assert not engine.data.game.primitives["facing"].can(engine, 0, ("ship", 0), {})


# ---- views ---------------------------------------------------------------------------
def test_the_line_above_is_in_the_observation_the_tensor_the_table_and_the_terminal():
    engine = position("gain 0 points", {"^2": "chief", "a1": "small"})
    damage(engine, "^2", 1)
    seen = observation.view(engine, 0)
    assert seen["grid"]["above"] == [None, {"card": "chief", "damage": 1}, None]
    fields = {f.name: f for f in observation.fields(engine)}
    values = observation.tensor(engine, 0)
    assert values[fields["above_damage"].start + 1] == 1.0
    assert len(values) == sum(f.size for f in fields.values())
    html, _ = draw(engine, 0, ["P1"])
    assert 'data-key="cell:^2"' in html and "chief (1 damage)" in html
    assert "\n  ^: - | chief (1) | -\n  a: small | - | -" in engine.data.game.position(engine, 0)
    plain = Engine.new_game(rules("gain 0 points", above=""), 1, 1)
    assert "above" not in observation.view(plain, 0)["grid"]
    assert "above_card" not in {f.name for f in observation.fields(plain)}


def test_the_invariants_cover_the_line_above():
    engine = position("gain 0 points", {"^1": "chief"})
    engine.state["grid"]["above"][0]["damage"] = 4
    assert any("4 damage of 4" in p for p in problems(engine))
    engine.state["grid"]["above"].append(None)
    assert any("line above" in p for p in problems(engine))


# ---- ba-lint -------------------------------------------------------------------------
def lint(text: str, tmp_path: Path) -> list[tuple[str, str]]:
    (tmp_path / "t.ba").write_text(text, encoding="utf-8")
    result = compile_paths([str(tmp_path)])
    return [(d.code, d.message) for d in result.diagnostics]


BASE = RULES.replace("PACK", "pack toward a").replace("ABOVE", "above")


@pytest.mark.parametrize(
    ("change", "code", "words"),
    [
        (("  above\n", ""), "E312", "'place_above' needs the grid's line above"),
        (("only prey\n", "only fur\n"), "E114", "keeps pieces by 'fur'"),
        (("except heavy\n", "except fur\n"), "E114", "keeps pieces by 'fur'"),
        (("only lead\n", "only lead\n  except lead\n"), "E114", "never picks one"),
        (
            ("step ready: optional (gain 1 hull)", "step ready: gain 1 hull if facing ship 1"),
            "E311",
            "'facing' only in a piece's own effect",
        ),
        (('  noun "foe" "foes"\n', '  noun "foe" "foes"\n  per_seat\n'), "E114", "not from 'foes'"),
        (("columns 3", "columns 1"), "E114", "'move_token_to' on a grid of one column"),
        (("place_below foes first", "place_below foes self"), "E311", "'self' picks the piece"),
        (("step ready: optional (gain 1 hull)", "step ready: heal 1 self"), "E311", "own effect"),
    ],
)
def test_lint_refuses_what_these_words_cannot_do(tmp_path, change, code, words):
    effect = "place_above foes ship, place_below foes first, move_token_to ship"
    text = BASE.replace("EFFECT", effect)
    assert change[0] in text
    found = lint(text.replace(*change), tmp_path)
    assert any(c == code and words in m for c, m in found), found


def test_lint_refuses_activate_with_no_activation_effect(tmp_path):
    text = BASE.replace("EFFECT", "activate")
    assert not [c for c, _ in lint(text, tmp_path) if c.startswith("E")]
    for line in [line for line in text.splitlines() if "activation:" in line]:
        text = text.replace(line + "\n", "")
    found = lint(text, tmp_path)
    assert ("E114", "'activate' with no 'activation' effect on the grid or on any card") in found


def test_facing_in_every_piece_effect_is_accepted(tmp_path):
    text = BASE.replace("EFFECT", "gain 0 points").replace(
        "  on_leave: lose 1 hull per its damage\n",
        "  on_leave: lose 1 hull if facing ship 0\n  attack: lose 1 hull if facing ship 2\n",
    )
    assert not [c for c, _ in lint(text, tmp_path) if c.startswith("E")]


# ---- a game of these words -------------------------------------------------------------
@cache
def hive_siege():
    result = compile_paths([str(GAME)])
    assert result.ruleset is not None and result.diagnostics == [], result.diagnostics
    return build(result.ruleset)


def test_hive_siege_plays_to_both_ends_under_invariants():
    results, kinds = set(), set()
    for seed in range(16):
        engine = Engine.new_game(hive_siege(), 1 + seed % 3, seed)
        agent = RandomAgent(seed)
        while not engine.is_terminal():
            assert problems(engine) == [], (seed, problems(engine))
            engine.apply(agent.choose(engine, engine.decision()))
        assert problems(engine) == []
        results.add(engine.state["rounds"]["outcome"]["result"])
        kinds |= {e["event"] for e in engine.state["log"]}
    engine = play(Engine.new_game(hive_siege(), 2, 5), [GreedyAgent(), RandomAgent(2)])
    assert engine.is_terminal()
    kinds |= {e["event"] for e in engine.state["log"]}
    assert {"piece_activates", "piece_enters", "piece_hit", "token_moves"} <= kinds, kinds
    assert results == {"win", "lose"}, results


def test_hive_siege_is_the_same_for_the_same_seed_and_saves_continue():
    def game(seed: int) -> Engine:
        agents = [RandomAgent(seed), RandomAgent(seed + 1)]
        return play(Engine.new_game(hive_siege(), 2, seed), agents)

    assert game(7).state == game(7).state
    assert game(7).state["log"] != game(8).state["log"]
    engine = Engine.new_game(hive_siege(), 2, 3)
    bot = RandomAgent(4)
    for _ in range(8):
        engine.apply(bot.choose(engine, engine.decision()))
    copy = Engine.from_json(hive_siege(), engine.to_json())
    for each in (engine, copy):
        other = RandomAgent(9)
        while not each.is_terminal():
            each.apply(other.choose(each, each.decision()))
    assert engine.state["log"] == copy.state["log"]


@pytest.mark.parametrize(
    ("lang", "lines"),
    [
        ("pl", ("  queen wchodzi na pole nad kolumną 2", "się aktywuje")),
        ("de", ("  queen betritt das Feld über Spalte 2", "wird aktiviert")),
    ],
)
def test_hive_siege_narrates_the_new_lines_in_polish_and_german(lang, lines):
    result = compile_paths([str(GAME)])
    data = build(result.ruleset, lang)
    engine = play(Engine.new_game(data, 2, 3), [RandomAgent(3), RandomAgent(4)])
    told = [data.game.narrate(e, ["P1", "P2"], data.text) or "" for e in engine.state["log"]]
    assert lines[0] in told
    assert any(line.endswith(lines[1]) for line in told)


def test_card_text_says_when_a_call_pushes_or_overflows():
    from blackangel.dsl.text import TextRenderer

    ruleset = compile_paths([str(GAME)]).ruleset
    text = TextRenderer(ruleset.decls, ruleset.vocabulary, "en", ruleset.locales)
    nest = text.card_lines(ruleset.by_id["nest"])
    assert nest == [
        "On activation: Put the top bug below this bug, pushing the pieces below it down."
    ]
    drone = text.card_lines(ruleset.by_id["drone"])
    assert drone == ["On activation: Lose 1 hull plate if it stands in the cannon's column."]
    phases = [use.effect for use in ruleset.by_id["fight"].fields["step"]]
    assert text.effect(phases[1]).startswith(
        "the nearest bug in the cannon's column takes 2 damage, and what it does not need"
    )
