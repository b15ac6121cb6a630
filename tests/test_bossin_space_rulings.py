"""Bossin' Space's rulings (`ba rulings --game bossin_space`): the questions the Polish
rulebook leaves open, each option played on a position set by hand
(tests/bossin_space_positions.py)."""

from __future__ import annotations

from bossin_space_positions import (
    QUIET,
    answer,
    board,
    clear_grid,
    exhaust_enemies,
    new,
    on_top,
    play_round,
    program,
    put,
    shared,
    silence,
)


def _missile_at_the_boss(**rulings: str):
    """A missile fired into the boss's column, a drone standing in front of the boss;
    the game and the boss's card."""
    engine = new(4, **rulings)
    boss = exhaust_enemies(engine)
    silence(engine)
    clear_grid(engine)
    put(engine, "^2", boss)
    put(engine, "a2", "drone")
    play_round(engine, QUIET, ["missile", "repair", "repair", "repair"], "use")
    return engine, boss


def test_a_rocket_passes_the_enemies_in_front_of_the_boss_only_as_ruled():
    """Boss (Polish rulebook): enemies in the boss's column shield it from shots; for a
    missile's rockets the ruling rockets_at_boss decides."""
    engine, boss = _missile_at_the_boss()  # blocked: the rocket takes the drone in front
    assert board(engine) == {"^2": f"{boss}/0"}
    engine, boss = _missile_at_the_boss(rockets_at_boss="over_enemies")
    labels = [o.label for o in engine.decision().options]
    assert len(labels) == 2 and "the boss takes 1 damage" in labels[1]
    answer(engine, "option:1")
    assert board(engine) == {"a2": "drone/0", "^2": f"{boss}/1"}


def _structural_choices(**rulings: str) -> list[str]:
    """The upgrade offered when the first marker is reached with every other path full."""
    engine = new(4, **rulings)
    clear_grid(engine)
    put(engine, "a2", "raider")  # 2 experience: the first marker with four players
    shared(engine, missile_upgrades=3, laser_upgrades=3, deck_upgrades=2)
    play_round(engine, QUIET, ["shot", "shot", "repair", "repair"], "use", "use")
    return [o.label for o in engine.decision().options]


def test_the_structural_path_opens_as_the_ruling_reads_the_cut_sentence():
    """Ship upgrades, structural (Polish rulebook; its sentence is cut short)."""
    # level by level (the default): level 1 of the three paths opens structural level 1
    assert any("structural upgrade" in label for label in _structural_choices())
    # all paths full: the deck path at 2 of 3 keeps it shut, at 3 it opens
    assert not any(
        "structural upgrade" in label
        for label in _structural_choices(structural_path="all_paths_full")
    )
    engine = new(4, structural_path="all_paths_full")
    clear_grid(engine)
    put(engine, "a2", "raider")
    shared(engine, missile_upgrades=3, laser_upgrades=3, deck_upgrades=3)
    play_round(engine, QUIET, ["shot", "shot", "repair", "repair"], "use", "use")
    # the three paths are full: the structural upgrade is the only one left
    assert engine.state["shared"]["hull_upgrades"] == 1 and engine.state["shared"]["life"] == 4


def _boss_threats_laid(**rulings: str) -> dict[int, str]:
    """The boss's threat cards laid at the first threat phase after it entered, by slot."""
    engine = new(4, **rulings)
    exhaust_enemies(engine)
    on_top(engine, "threats", QUIET)
    answer(engine, "no")  # the threat phase goes on: the boss enters, its threats come out
    slots = engine.state["queues"]["timeline"]["slots"]
    return {k: slot[2]["card"] for k, slot in enumerate(slots) if slot[2] is not None}


def test_the_boss_lays_all_four_threats_or_one_as_ruled():
    """Boss threat cards (Polish rulebook): four per boss, each printing its slot."""
    laid = _boss_threats_laid()
    assert sorted(laid) == [0, 1, 2, 3]
    assert all(program().printed_slots[card] == k for k, card in laid.items())
    laid = _boss_threats_laid(boss_threat_count="one_each_round")
    ((slot, card),) = laid.items()
    assert program().printed_slots[card] == slot
