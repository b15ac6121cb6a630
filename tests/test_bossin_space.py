"""Bossin' Space (games/bossin_space), the second real game, written only in the language.
Its rules are scenarios, one per rule of the Polish rulebook (the seed text 003), each
citing its section: tests/scenarios/bossin_space, run here (each passes, keeps every
card's count, and can fail) and by `ba scenario --game bossin_space`. Here also what a
scenario cannot say: the enemy deck's tier order, the boss chosen by the seed, whole
games for 1-5 players and every difficulty under the invariants, the same game for the
same seed, every command; and the scenario forms of a game whose cards come in copies."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from bossin_space_positions import RULES, new, program

from blackangel.dsl import games
from blackangel.dsl.compiler import compile_paths
from blackangel.interpreter import scenario
from blackangel.interpreter.agents import GreedyAgent, RandomAgent
from blackangel.interpreter.engine import Engine
from blackangel.interpreter.invariants import problems

# ---- the rules, one scenario each (tests/scenarios/bossin_space) ---------------------------
SCENARIOS = Path(__file__).parent / "scenarios" / "bossin_space"
FILES = sorted(SCENARIOS.glob("*.toml"))


def played(name: str, text: str | None = None) -> scenario.ScenarioResult:
    """A scenario of the folder played (its text replaced by `text` when given)."""
    path = SCENARIOS / name
    loaded = scenario.load(path) if text is None else tomllib.loads(text)
    loaded.setdefault("name", path.stem)
    return scenario.run(program(), loaded, str(path))


def test_there_is_a_scenario_per_rule():
    assert len(FILES) >= 35


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_rule_scenario_passes_and_keeps_every_count(path):
    """Each passes; its overrides took every card from a pile (the invariants, which count
    each card's copies, hold right after them) and the play kept them."""
    loaded = scenario.load(path)
    engine, _ = scenario.start(program(), loaded)
    assert problems(engine) == [], problems(engine)
    result = scenario.run(program(), loaded, str(path))
    assert result.status == "pass", scenario.render(result)
    assert result.engine is not None and problems(result.engine) == []


def test_ba_scenario_runs_them_all():
    code, out = _invoke("scenario", "--game", "bossin_space", *map(str, FILES))
    assert code == 0, out
    assert out.count("PASS ") == len(FILES) and f"{len(FILES)} passed, 0 failed" in out


@pytest.mark.parametrize(
    "name, old, new",
    [
        ("worked_example_round.toml", "equals = 4", "equals = 3"),
        ("reinforcements_below_push.toml", 'equals = "drone"', 'equals = "raider"'),
        ("boss_defeated_wins.toml", 'result = "win"', 'result = "lose"'),
        ("crew_pilot.toml", 'choose = "option:1"', 'choose = "option:0"'),
        ("set_up_5_players.toml", "count = 4\n", "count = 5\n"),
    ],
)
def test_a_rule_scenario_can_fail(name, old, new):
    text = (SCENARIOS / name).read_text(encoding="utf-8")
    assert old in text
    assert played(name, text.replace(old, new, 1)).status == "fail"


def test_the_boss_lowered_is_drawn_above_row_b():
    """After a new enemy from an exhausted deck (the scenario), the position in words draws
    the boss's field above row B, the first open row."""
    engine = played("new_enemy_from_an_exhausted_deck_closes_a_row.toml").engine
    assert engine is not None
    text = engine.data.game.position(engine, 0)
    assert text.index("^:") > text.index("a x:")


# ---- the scenario forms of a game with copies (interpreter/procedure_scenarios.py) --------
def position(*sets: str, players: int = 4) -> Engine:
    """A game started with these `[[set]]` tables (TOML text each)."""
    text = f"players = {players}\nseed = 1\n" + "".join(f"[[set]]\n{t}\n" for t in sets)
    engine, _ = scenario.start(program(), tomllib.loads(text))
    assert problems(engine) == [], problems(engine)
    return engine


def unusable(*sets: str) -> str:
    with pytest.raises(scenario.ScenarioError) as info:
        position(*sets)
    return str(info.value)


def test_a_hand_takes_copies_from_the_deck_and_gives_its_own_back():
    before = new(4).state["cards"]
    engine = position('player = 1\nhand = ["repair", "repair"]')
    cards = engine.state["cards"]
    assert cards["hands"][0] == ["repair", "repair"]
    # player 1's five cards went to the bottom of their decks (the Scientist, its crew card,
    # under the Mechanic, the crew card no seat was dealt)
    assert cards["decks"]["crew"] == ["scientist", "mechanic"]
    assert cards["decks"]["commands"][:4] == ["laser", "shot", "missile", "move_right"]
    assert len(cards["decks"]["commands"]) == len(before["decks"]["commands"]) + 4 - 2


def test_a_copy_is_never_taken_from_another_hand():
    message = unusable('player = 1\nhand = ["double_right"]')  # its one copy: player 2's
    assert "no copy of 'double_right' left in cards.decks.*" in message
    assert "set those places first" in message
    engine = position("player = 2\nhand = []", 'player = 1\nhand = ["double_right"]')
    assert engine.state["cards"]["hands"][0] == ["double_right"]


def test_top_puts_cards_on_a_deck_in_order():
    engine = position('path = "cards.decks.threats"\ntop = ["activation", "blank", "blank"]')
    deck = engine.state["cards"]["decks"]["threats"]
    assert deck[-3:] == ["blank", "blank", "activation"] and len(deck) == 12
    assert "is not a pile of cards" in unusable('path = "shared"\ntop = ["blank"]')
    assert "no card or tile 'blanc'" in unusable('path = "cards.decks.threats"\ntop = ["blanc"]')


def test_pushed_out_cards_go_home_to_the_discards_or_out():
    engine = position('path = "cards.decks.enemies"\nvalue = []\npushed_out = "discarded"')
    cards = engine.state["cards"]
    assert cards["decks"]["enemies"] == [] and len(cards["discards"]["enemies"]) == 20
    engine = position('path = "cards.decks.boss_threats"\nvalue = []\npushed_out = "removed"')
    assert len(engine.state["cards"]["out"]["boss_threats"]) == 20
    engine = position('player = 1\nhand = []\npushed_out = "discarded"')
    discards = engine.state["cards"]["discards"]
    assert len(discards["commands"]) == 4 and discards["crew"] == ["scientist"]


def test_a_queue_slot_and_removed_copies_keep_the_counts():
    engine = position(
        'path = "queues.timeline.slots.0.1"\n'
        'value = { card = "activation", seat = 3, laid = false, down = false }',
        'remove = ["drone", "drone"]',
    )
    cards = engine.state["cards"]
    assert engine.state["queues"]["timeline"]["slots"][0][1]["card"] == "activation"
    assert cards["decks"]["threats"].count("activation") == 1  # of its 2 copies
    assert (
        cards["out"]["enemies"].count("drone")
        == new(4).state["cards"]["out"]["enemies"].count("drone") + 2
    )


def test_a_piece_at_a_cell():
    engine = position(
        'at = "b3"\npiece = "raider"\ndamage = 1',
        'at = "a1"\npiece = "none"',
        'at = "^2"\npiece = "void_tyrant"',
    )
    grid = engine.state["grid"]
    assert grid["cells"][1][2] == {"id": 5, "card": "raider", "damage": 1}
    assert grid["cells"][0][0] is None and grid["above"][1]["card"] == "void_tyrant"
    a1 = new(4).state["grid"]["cells"][0][0]["card"]
    assert engine.state["cards"]["decks"]["enemies"][0] == a1  # back at the bottom
    for table, message in [
        ('at = "d1"\npiece = "drone"', "the grid has no row 'd' (rows: a, b, c)"),
        ('at = "a5"\npiece = "drone"', "'a5' is not a cell"),
        ('at = "a1"\npiece = "shot"', "no card 'shot' that can be a piece"),
        ('at = "a1"\npiece = "drone"\ndamage = 1', "damage must be a whole number from 0 to 0"),
        ('at = "a1"\npiece = "none"\ndamage = 1', "an empty cell takes no damage"),
        ('at = "a1"', "'at' needs a 'piece'"),
        ('at = "a1"\npiece = "drone"\nowner = 1', "unknown key 'owner'"),
    ]:
        assert message in unusable(table), table


# ---- set-up (rulebook, Przygotowanie do gry, steps 1-11) --------------------------------
# (each player count and difficulty: tests/scenarios/bossin_space/set_up_*, difficulty_*)
@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_the_enemy_deck_lies_in_tier_order(players):
    """Step 4: the enemy deck built by tier, the 1-experience cards on top."""
    cards = new(players, seed=3).state["cards"]
    tiers = [program().cards[c].tier for c in reversed(cards["decks"]["enemies"])]
    assert tiers == sorted(tiers, key=("one", "two", "three").index)


def test_the_boss_chosen_differs_by_seed():
    assert len({new(3, seed=s).state["cards"]["decks"]["bosses"][0] for s in range(1, 30)}) == 5


# ---- whole games ---------------------------------------------------------------------------
@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("variant", ["normal", "easy", "hard", "extreme"])
def test_whole_games_keep_the_invariants(players, variant):
    variants = () if variant == "normal" else (variant,)
    engine = new(players, seed=players * 10 + len(variant), variants=variants)
    agent = RandomAgent(players)
    while not engine.is_terminal():
        assert problems(engine) == [], problems(engine)
        engine.apply(agent.choose(engine, engine.decision()))
    assert problems(engine) == []
    outcome = engine.state["rounds"]["outcome"]
    assert (
        outcome["result"] in ("win", "lose")
        and engine.returns() == [float(outcome["result"] == "win")] * players
    )


def test_the_same_seed_plays_the_same_game():
    def played(seed):
        engine, agent = new(3, seed), GreedyAgent(seed)
        while not engine.is_terminal():
            engine.apply(agent.choose(engine, engine.decision()))
        return engine.state

    assert played(7) == played(7)


def test_the_game_is_registered_and_lints_clean():
    installed = games.rules_folder("bossin_space")  # the source tree's or site-packages' copy
    assert installed is not None
    names = sorted(p.name for p in RULES.glob("*.ba"))
    assert sorted(p.name for p in installed.glob("*.ba")) == names
    assert all((installed / n).read_text() == (RULES / n).read_text() for n in names)
    assert (installed / "locales" / "pl" / "LC_MESSAGES" / "bossin_space.po").is_file()
    result = compile_paths([str(RULES)])
    assert [d for d in result.diagnostics if d.severity == "error" or d.code.startswith("W4")] == []


# ---- every command, with --game bossin_space --------------------------------------------
def _invoke(*args: str) -> tuple[int, str]:
    from click.testing import CliRunner

    from blackangel.cli.main import ba

    result = CliRunner().invoke(ba, list(args), catch_exceptions=False)
    return result.exit_code, result.output


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_ba_play_prints_a_whole_cooperative_game(players):
    code, out = _invoke("play", "--game", "bossin_space", "--players", str(players), "--seed", "1")
    assert code == 0 and "-- round 1:" in out and "is the captain" in out
    assert "** the team " in out and ("the team wins" in out or "the team loses" in out)


def test_ba_simulate_cards_and_rulings_know_the_game():
    code, out = _invoke(
        "simulate", "--game", "bossin_space", "--players", "2", "--games", "3",
        "--workers", "1", "--variant", "easy",
    )  # fmt: skip
    assert code == 0 and "3 games, 2 players" in out and "the team:" in out
    code, out = _invoke("cards", "--game", "bossin_space", "missile")
    assert code == 0 and "carry out rocket strike if you have at least 1 missile upgrade" in out
    code, out = _invoke("rulings", "--game", "bossin_space")
    assert code == 0 and "reinforcements_below" in out
