"""Milestones on a track and limits raised in play (dsl/milestones.py, dsl/limits.py,
interpreter/milestones.py, interpreter/limits.py), companion cards (dsl/companions.py,
interpreter/companions.py) and two-sided cards (dsl/card_sides.py,
interpreter/card_sides.py): each on rules written here for it, then together in Rift
Wardens (tests/games/rift_wardens), played by bots under the invariants."""

from __future__ import annotations

from collections import Counter
from functools import cache
from pathlib import Path

import pytest

from blackangel.dsl.compiler import compile_paths
from blackangel.interpreter import observation
from blackangel.interpreter.agents import GreedyAgent, RandomAgent, play
from blackangel.interpreter.engine import Engine
from blackangel.interpreter.invariants import problems
from blackangel.interpreter.narrate import log_lines, seat_names
from blackangel.interpreter.program import build
from blackangel.web.table import draw

WARDENS = Path(__file__).resolve().parent / "games" / "rift_wardens"

# a shared ladder of experience with markers (FIRST, a number or the value `first`), the
# captain's choice of upgrade at each marker; life with a limit, a seat's own focus
LADDER = """
game t {
  module rules_only
  title "T"
  players 1..4
  cooperative
  round plan each
  round work captain
  rounds 5
}
track xp {
  noun "experience point" "experience points"
  shared
  min 0
  limit 12
  milestones FIRST 3
  milestone: MILESTONE
}
track guns {
  noun "gun" "guns"
  shared
  win_at 9
}
track armour {
  noun "armour plate" "armour plates"
  shared
}
track life {
  noun "life token" "life tokens"
  shared
  start 3
  min 0
  limit 3
  lose_at 0
}
track focus {
  noun "focus point" "focus points"
  limit 2
}
value first {
  players 1..2 3
  players 3..4 2
}
phase plan {
  step act: optional (EFFECT)
}
phase work {
  step rest: gain 0 armour
}
"""
UPGRADE = "gain 1 guns or gain 1 armour"


def compiled(text: str, folder: Path):
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "t.ba").write_text(text, encoding="utf-8")
    result = compile_paths([str(folder)])
    errors = [d for d in result.diagnostics if d.severity == "error"]
    assert result.ruleset is not None and errors == [], errors
    return build(result.ruleset)


@cache
def ladder(effect: str, first: str = "2", milestone: str = UPGRADE):
    text = LADDER.replace("EFFECT", effect).replace("FIRST", first)
    text = text.replace("MILESTONE", milestone)
    return compiled(text, Path("/tmp") / f"tracks-test-{abs(hash(text))}")


def choose(engine: Engine, label_part: str) -> None:
    """Answer the decision with the option whose label says `label_part`."""
    decision = engine.decision()
    assert decision is not None
    found = [o.id for o in decision.options if label_part in o.label]
    assert found, [o.label for o in decision.options]
    engine.apply(found[0])
    assert problems(engine) == [], problems(engine)


def markers(engine: Engine, track: str = "xp") -> list[int]:
    return engine.state["milestones"]["table"][track]


def said(engine: Engine) -> list[str]:
    return log_lines(engine, seat_names(engine))


# ---- milestones -----------------------------------------------------------------------
def test_a_gain_onto_a_marker_takes_it_runs_the_effect_and_goes_back_to_the_start():
    engine = Engine.new_game(ladder("gain 2 xp"), 1, 1)
    assert markers(engine) == [2, 3, 4] and engine.state["shared"]["xp"] == 0
    engine.apply("yes")
    decision = engine.decision()
    assert decision.player == 0 and engine.state["shared"]["xp"] == 2  # on the marker
    choose(engine, "gun")
    assert engine.state["shared"]["xp"] == 0 and engine.state["shared"]["guns"] == 1
    assert markers(engine) == [3, 4]
    lines = said(engine)
    assert "  experience points: milestone 1 of 3 reached, on space 2" in lines
    assert "  experience points: back to 0" in lines


def test_the_rest_of_a_gain_carries_on_past_two_markers():
    engine = Engine.new_game(ladder("gain 6 xp"), 1, 1)
    engine.apply("yes")
    choose(engine, "gun")  # 0 -> 2: the first marker, 4 left to gain
    assert engine.state["shared"]["xp"] == 3 and markers(engine) == [4]  # 0 -> 3: the next
    choose(engine, "armour")  # back to 0, and the last 1
    shared = engine.state["shared"]
    assert (shared["xp"], shared["guns"], shared["armour"]) == (1, 1, 1)
    assert markers(engine) == [4]
    reached = [e["space"] for e in engine.state["log"] if e["event"] == "milestone"]
    assert reached == [2, 3]


def test_a_game_saved_in_a_milestones_effect_goes_on_alike():
    engine = Engine.new_game(ladder("gain 6 xp"), 1, 1)
    engine.apply("yes")
    copy = Engine.from_json(ladder("gain 6 xp"), engine.to_json())
    for each in (engine, copy):
        choose(each, "gun")
        choose(each, "armour")
    assert copy.state == engine.state


def test_with_no_marker_left_a_gain_only_moves_the_track_up_to_its_limit():
    engine = Engine.new_game(ladder("gain 9 xp"), 1, 1)
    engine.apply("yes")
    for _ in range(3):  # 0 -> 2, 0 -> 3, 0 -> 4: every marker taken, nothing left
        choose(engine, "gun")
    assert markers(engine) == [] and engine.state["shared"]["xp"] == 0
    engine.apply("yes")  # the next round's gain of 9: no marker stops it
    assert engine.state["shared"]["xp"] == 9 and engine.state["shared"]["guns"] == 3
    engine.apply("yes")  # and the next stops on the limit
    assert engine.state["shared"]["xp"] == 12 and problems(engine) == []


def test_the_first_marker_by_the_player_count():
    data = ladder("gain 0 xp", first="first")
    assert markers(Engine.new_game(data, 2, 1)) == [3, 4, 5]
    assert markers(Engine.new_game(data, 4, 1)) == [2, 3, 4]


def test_the_captain_chooses_the_milestone_whoever_gains():
    engine = Engine.new_game(ladder("gain 2 xp"), 2, 1)
    assert engine.state["rounds"]["captain"] == 0
    engine.apply("no")  # the captain plans nothing
    assert engine.decision().player == 1
    engine.apply("yes")  # the other seat gains: the captain picks the upgrade
    assert engine.decision().player == 0 and engine.decision().kind == "choose_effect"
    choose(engine, "armour")
    assert engine.state["shared"]["armour"] == 1 and markers(engine) == [3, 4]


def test_a_loss_in_a_milestone_ends_the_game_there():
    engine = Engine.new_game(ladder("gain 6 xp", milestone="lose 3 life"), 1, 1)
    engine.apply("yes")
    assert engine.is_terminal() and engine.returns() == [0.0]
    assert engine.state["shared"]["xp"] == 2 and markers(engine) == [3, 4]
    assert problems(engine) == []


def test_milestones_are_shown_in_the_observation_the_terminal_and_the_web_table():
    engine = Engine.new_game(ladder("gain 2 xp"), 2, 1)
    seen = observation.view(engine, 1)
    assert seen["milestones"] == {"table": {"xp": [2, 3, 4]}, "seats": [{}, {}]}
    fields = {f.name: f for f in observation.fields(engine)}
    values = observation.tensor(engine, 0)
    assert values[fields["milestones_xp"].start] == 3.0
    assert len(values) == sum(f.size for f in fields.values())
    shown = engine.data.game.position(engine, 0)
    assert "experience points: milestones left on spaces 2, 3, and 4" in shown
    html, _ = draw(engine, 0, ["P1", "P2"])
    assert "experience points: milestones left on spaces 2, 3, and 4" in html


@pytest.mark.parametrize(
    ("lang", "reached", "back", "raised"),
    [
        ("en", "milestone 1 of 3 reached, on space 2", "back to 0", "goes up by 1: now 4"),
        ("pl", "osiągnięto znacznik 1 z 3, na polu 2", "powrót na 0", "rośnie o 1: teraz 4"),
        ("de", "Meilenstein 1 von 3 erreicht, auf Feld 2", "zurück auf 0", "steigt um 1: jetzt 4"),
    ],
)
def test_the_log_tells_milestones_and_limits_in_each_language(lang, reached, back, raised):
    text = LADDER.replace("EFFECT", "gain 2 xp").replace("FIRST", "2")
    text = text.replace("MILESTONE", "raise_limit 1 life, gain 1 life")
    folder = Path("/tmp") / f"tracks-lang-{abs(hash(text))}"
    folder.mkdir(exist_ok=True)
    (folder / "t.ba").write_text(text, encoding="utf-8")
    data = build(compile_paths([str(folder)]).ruleset, lang)
    engine = Engine.new_game(data, 1, 1)
    engine.apply("yes")
    told = "\n".join(said(engine))
    assert reached in told and back in told and raised in told, told


# ---- raising a limit -------------------------------------------------------------------
def test_a_raised_limit_holds_for_the_rest_of_the_game():
    engine = Engine.new_game(ladder("raise_limit 2 life, gain 4 life"), 1, 1)
    assert engine.state["limits"] == {"table": {"life": 3}, "seats": [{}]}
    engine.apply("yes")
    assert engine.state["shared"]["life"] == 5 and engine.state["limits"]["table"]["life"] == 5
    assert "  the limit of life tokens goes up by 2: now 5" in said(engine)
    assert problems(engine) == []


def test_a_seats_own_limit_is_raised_for_that_seat_alone():
    engine = Engine.new_game(ladder("raise_limit 1 focus, gain 5 focus"), 2, 1)
    engine.apply("yes")  # the captain, seat 1
    engine.apply("no")
    assert [p["focus"] for p in engine.state["players"]] == [3, 0]
    assert [own["focus"] for own in engine.state["limits"]["seats"]] == [3, 2]
    engine.state["players"][1]["focus"] = 3
    assert problems(engine) == ["P2 has 3 focus, above its limit 2"]


# ---- ba-lint ---------------------------------------------------------------------------
def lint(text: str, tmp_path: Path) -> list[tuple[str, str]]:
    (tmp_path / "t.ba").write_text(text, encoding="utf-8")
    result = compile_paths([str(tmp_path)])
    return [(d.code, d.message) for d in result.diagnostics]


@pytest.mark.parametrize(
    ("first", "milestone", "change", "words"),
    [
        ("2", UPGRADE, ("  milestone: MILESTONE\n", ""), "no 'milestone' effect"),
        ("2", UPGRADE, ("  milestones 2 3\n", ""), "no 'milestones'"),
        ("0", UPGRADE, None, "on space 0"),
        (
            "2",
            UPGRADE,
            ("  limit 12\n  milestones", "  start 2\n  limit 12\n  milestones"),
            "start 2",
        ),
        ("11", UPGRADE, None, "reach space 13, beyond the track's limit 12"),
        ("first", UPGRADE, ("players 1..2 3", "players 1..2 0"), "with 1 players"),
        ("2", "gain 1 guns, raise_limit 1 armour", None, "'armour', which has no 'limit'"),
    ],
)
def test_lint_refuses_milestones_and_limits_that_cannot_work(
    tmp_path, first, milestone, change, words
):
    text = LADDER.replace("EFFECT", "gain 1 xp").replace("FIRST", first)
    text = (
        text.replace("MILESTONE", milestone)
        if change is None or "MILESTONE" not in change[0]
        else text
    )
    if change is not None:
        assert change[0] in text, change
        text = text.replace(*change).replace("MILESTONE", milestone)
    found = lint(text, tmp_path)
    assert any(c == "E315" and words in m for c, m in found), found


# ---- companion cards -------------------------------------------------------------------
@cache
def wardens():
    result = compile_paths([str(WARDENS)])
    assert result.ruleset is not None and result.diagnostics == [], result.diagnostics
    return build(result.ruleset)


def test_companions_follow_the_card_drawn_for_the_bottom_of_a_deck():
    chiefs = Counter()
    for seed in range(12):
        engine = Engine.new_game(wardens(), 2, seed)
        cards = engine.state["cards"]
        chief = cards["decks"]["raiders"][0]  # the bottom card, one of the two chiefs
        chiefs[chief] += 1
        own, other = {
            "red_chief": ("red_rage", "blue_wall"),
            "blue_chief": ("blue_wall", "red_rage"),
        }[chief]
        in_play = cards["decks"]["tricks"] + cards["discards"]["tricks"] + cards["in_play"]
        in_play += [c for hand in cards["hands"] for c in hand]
        assert Counter(in_play) == Counter({own: 2, "lull": 2})
        assert Counter(cards["out"]["tricks"]) == Counter({other: 2})
        assert problems(engine) == []
    assert set(chiefs) == {"red_chief", "blue_chief"}  # the seed decides which


def test_lint_refuses_companions_that_cannot_follow(tmp_path):
    text = WARDENS.joinpath("rift_wardens.ba").read_text(encoding="utf-8")

    def found(*changes: tuple[str, str]) -> list[tuple[str, str]]:
        changed = text
        for old, new in changes:
            assert old in changed, old
            changed = changed.replace(old, new, 1)
        return [(c, m) for c, m in lint(changed, tmp_path) if c == "E316"]

    assert found(("with red_chief", "with red_cheif")) == [
        ("E316", "the card 'red_rage' goes with 'red_cheif', which is no card")
    ]
    circle = found(
        ("  copies 2\n  play: gain 0 guns", "  with red_rage\n  copies 2\n  play: gain 0 guns"),
        ("with red_chief", "with lull"),
    )
    assert (
        "E316",
        "the cards 'red_rage', 'lull' go with one another in a circle: none could be left "
        "out first",
    ) in circle
    never = found(("with blue_chief", "with lull"))
    assert never and "leaves no card out of the game" in never[0][1]
    assert found(("with blue_chief", "with wild_red_chief")) == [
        (
            "E316",
            "the card 'blue_wall' goes with 'wild_red_chief', the back of another card: name "
            "that card's front",
        )
    ]
    per_seat = found(('  noun "trick" "tricks"\n', '  noun "trick" "tricks"\n  per_seat\n'))
    assert any("per seat" in m for _, m in per_seat)


# ---- two-sided cards -------------------------------------------------------------------
SIDES = """
game t {
  module rules_only
  title "T"
  players 1..2
  cooperative
  turn turn
  rounds 3
}
track wins {
  noun "win" "wins"
  shared
  win_at 5
}
grid g {
  rows a b
  columns 2
}
token ship {
  noun "ship" "ships"
  column 1
}
deck foes {
  noun "foe" "foes"
  reshuffle when_empty
}
card lord {
  noun "lord" "lords"
  deck foes
  life 4
  back lord_mad
  defeat: gain 1 wins
}
card lord_mad {
  noun "mad lord" "mad lords"
  life 3
  mark mad
  defeat: gain 2 wins
}
card pawn {
  noun "pawn" "pawns"
  deck foes
  copies 2
}
selector near {
  noun "the nearest foe in the ship's column" "the nearest foes"
  in_token_column ship
  order nearest
}
phase turn {
  step ready: optional (fill foes b)
  step act: optional (EFFECT)
}
"""


def sides(effect: str, damage: int):
    """A one-seat game whose turn offers `effect`, with the lord on a1 carrying damage."""
    data = compiled(SIDES.replace("EFFECT", effect), Path("/tmp") / f"sides-{abs(hash(effect))}")
    engine = Engine.new_game(data, 1, 1)
    grid = engine.state["grid"]
    engine.state["cards"]["decks"]["foes"].remove("lord")
    grid["serial"] += 1
    grid["cells"][0][0] = {"id": grid["serial"], "card": "lord", "damage": damage}
    assert problems(engine) == []
    engine.apply("no")
    engine.apply("yes")
    assert problems(engine) == [], problems(engine)
    return engine


def test_turning_a_piece_over_keeps_its_place_and_damage():
    engine = sides("turn_over near", 2)
    piece = engine.state["grid"]["cells"][0][0]
    assert (piece["card"], piece["damage"]) == ("lord_mad", 2)
    assert "  lord in a1 is turned over: now mad lord" in said(engine)
    engine.apply("no")
    engine.apply("yes")  # and back to the front
    piece = engine.state["grid"]["cells"][0][0]
    assert (piece["card"], piece["damage"], piece["id"]) == ("lord", 2, 1)
    assert problems(engine) == []


def test_a_side_whose_life_the_damage_reaches_is_defeated_as_its_front():
    engine = sides("turn_over near", 3)
    assert engine.state["grid"]["cells"][0][0] is None
    assert engine.state["shared"]["wins"] == 2  # the mad lord's own defeat effect
    assert engine.state["cards"]["discards"]["foes"] == ["lord"]  # the card is its front
    assert "  mad lord in a1 is defeated" in said(engine) and problems(engine) == []


def test_turn_over_is_offered_only_with_a_two_sided_piece_to_pick():
    data = compiled(SIDES.replace("EFFECT", "turn_over near"), Path("/tmp") / "sides-offer")
    engine = Engine.new_game(data, 1, 1)
    engine.apply("no")
    assert not any("turn" in o.label for o in engine.decision().options)  # nothing to turn


def test_lint_refuses_sides_that_cannot_be_turned(tmp_path):
    base = SIDES.replace("EFFECT", "turn_over near")

    def found(*changes: tuple[str, str], text: str = base) -> list[tuple[str, str]]:
        for old, new in changes:
            assert old in text, old
            text = text.replace(old, new, 1)
        return [(c, m) for c, m in lint(text, tmp_path) if c in ("E111", "E114", "E316", "W401")]

    assert found() == []
    assert found(("back lord_mad", "back lord_made")) == [
        ("E316", "the back of the card 'lord' is 'lord_made', which is no card"),
        ("E111", "the card 'lord_mad' has no 'deck': only the back of another card has none"),
        ("E316", "'turn_over' but no card has two sides: give a card 'back'"),
    ]
    assert found(
        ('  noun "mad lord" "mad lords"\n', '  noun "mad lord" "mad lords"\n  copies 2\n')
    ) == [
        (
            "E316",
            "the card 'lord_mad' is the back of 'lord': it has no 'copies' of its own (its "
            "front's copies carry it)",
        )
    ]
    assert found(
        ('  noun "mad lord" "mad lords"\n', '  noun "mad lord" "mad lords"\n  back pawn\n')
    ) == [("E316", "the card 'lord' names 'lord_mad' as its back, but 'lord_mad' names 'pawn'")]
    assert found(("  copies 2\n}", "  copies 2\n  back lord_mad\n}")) == [
        ("E316", "the card 'lord_mad' is the back of two cards: 'lord', 'pawn'")
    ]
    assert found(("  mark mad\n", "  mark mad\n  play: gain 1 wins\n")) == [
        (
            "E316",
            "the card 'lord_mad' is the back of 'lord': its 'play' does nothing (a back is only "
            "the other side of a piece)",
        )
    ]
    assert found(("  back lord_mad\n", "")) == [
        ("E111", "the card 'lord_mad' has no 'deck': only the back of another card has none"),
        ("E316", "'turn_over' but no card has two sides: give a card 'back'"),
    ]
    assert (
        "W401",
        "the card 'lord' has a back, but nothing turns a piece over ('turn_over')",
    ) in found(("optional (turn_over near)", "optional (hit 1 near)"))


# ---- together: Rift Wardens -------------------------------------------------------------
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_rift_wardens_plays_to_the_end_under_invariants(players):
    results = set()
    for seed in range(6):
        engine = Engine.new_game(wardens(), players, seed)
        agent = RandomAgent(seed)
        while not engine.is_terminal():
            assert problems(engine) == [], (players, seed, problems(engine))
            engine.apply(agent.choose(engine, engine.decision()))
        assert problems(engine) == []
        results.add(engine.state["rounds"]["outcome"]["result"])
    engine = play(Engine.new_game(wardens(), players, 9), [GreedyAgent()] * players)
    kinds = {e["event"] for e in engine.state["log"]}
    assert engine.is_terminal() and "milestone" in kinds


def test_rift_wardens_uses_every_construct_in_some_game():
    kinds = Counter()
    for seed in range(20):
        engine = play(
            Engine.new_game(wardens(), 2, seed), [RandomAgent(seed), RandomAgent(seed + 1)]
        )
        kinds.update({e["event"] for e in engine.state["log"]})
    assert {"milestone", "milestone_back", "raise_limit", "piece_turned"} <= set(kinds)


def test_rift_wardens_is_the_same_for_the_same_seed_and_saves_continue():
    def game(seed: int) -> Engine:
        return play(Engine.new_game(wardens(), 3, seed), [RandomAgent(seed)] * 3)

    assert game(4).state == game(4).state
    assert game(4).state["log"] != game(5).state["log"]
    engine = Engine.new_game(wardens(), 2, 3)
    bot = RandomAgent(4)
    for _ in range(15):
        engine.apply(bot.choose(engine, engine.decision()))
    copy = Engine.from_json(wardens(), engine.to_json())
    for each in (engine, copy):
        other = RandomAgent(9)
        while not each.is_terminal():
            each.apply(other.choose(each, each.decision()))
    assert engine.state["log"] == copy.state["log"]
