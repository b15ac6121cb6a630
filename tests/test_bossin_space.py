"""Bossin' Space (games/bossin_space), the second real game, written only in the language:
its set-up by player count, the round (threats, face-down commands, the captain's
timeline), and the rules of the Polish rulebook each shown on a position set by hand and
played through the engine's own procedure; whole games for 1-5 players and every
difficulty under the invariants; the same game for the same seed. Sections cited are the
rulebook's (the seed text 003, Polish)."""

from __future__ import annotations

from collections import Counter
from functools import cache
from pathlib import Path

import pytest

from blackangel.dsl import games
from blackangel.dsl.compiler import compile_paths
from blackangel.interpreter import decks, knowledge
from blackangel.interpreter.agents import GreedyAgent, RandomAgent
from blackangel.interpreter.engine import Engine
from blackangel.interpreter.invariants import problems
from blackangel.interpreter.narrate import log_lines, seat_names, seen_events
from blackangel.interpreter.program import build

RULES = Path(__file__).resolve().parent.parent / "games" / "bossin_space"
ROWS = "abc"
# threats that do nothing to a ship in column 1 or 2
QUIET = ["blank", "blank", "blank", "attack_right"]


@cache
def program():
    result = compile_paths([str(RULES)])
    errors = [d for d in result.diagnostics if d.severity == "error"]
    assert result.ruleset is not None and errors == [], errors
    return build(result.ruleset)


def new(players: int, seed: int = 1, variants: tuple[str, ...] = (), **rulings: str) -> Engine:
    """A game at its first decision: the captain's card exchange of round 1."""
    return Engine.new_game(program(), players, seed, rulings=rulings, variants=variants)


def without_crew(engine: Engine, keep: dict[int, str] | None = None) -> Engine:
    """The crew cards out of the seats' hands (a test of something else), but for `keep`:
    {seat: crew card} (taken from wherever it lies)."""
    cards = engine.state["cards"]
    for hand in cards["hands"]:
        cards["discards"]["crew"] += [c for c in hand if program().cards[c].deck == "crew"]
        hand[:] = [c for c in hand if program().cards[c].deck != "crew"]
    for seat, card in (keep or {}).items():
        for pile in (cards["decks"]["crew"], cards["discards"]["crew"]):
            if card in pile:
                pile.remove(card)
                break
        cards["hands"][seat].append(card)
    return engine


# ---- setting a position by hand -------------------------------------------------------
def _take(engine: Engine, deck: str, card: str) -> None:
    """Take one copy of a card out of its deck or discard pile (it must be there)."""
    cards = engine.state["cards"]
    for pile in (cards["decks"][deck], cards["discards"][deck], cards["out"][deck]):
        if card in pile:
            pile.remove(card)
            return
    raise AssertionError(f"no {card} left in {deck}")


def clear_grid(engine: Engine) -> None:
    grid, cards = engine.state["grid"], engine.state["cards"]
    for row in grid["cells"]:
        for column, piece in enumerate(row):
            if piece is not None:
                cards["discards"]["enemies"].append(piece["card"])
                row[column] = None


def put(engine: Engine, cell: str, card: str, damage: int = 0) -> None:
    """A piece on the grid: cell "b3", or "^2" for the field above column 2 (the boss)."""
    grid = engine.state["grid"]
    deck = program().cards[card].deck if card in program().cards else "bosses"
    _take(engine, deck, card)
    grid["serial"] += 1
    piece = {"id": grid["serial"], "card": card, "damage": damage}
    if cell[0] == "^":
        grid["above"][int(cell[1]) - 1] = piece
    else:
        grid["cells"][ROWS.index(cell[0])][int(cell[1]) - 1] = piece


def board(engine: Engine) -> dict[str, str]:
    grid = engine.state["grid"]
    out = {
        f"{ROWS[r]}{c + 1}": f"{p['card']}/{p['damage']}"
        for r, row in enumerate(grid["cells"])
        for c, p in enumerate(row)
        if p is not None
    }
    out.update(
        {f"^{c + 1}": f"{p['card']}/{p['damage']}" for c, p in enumerate(grid["above"]) if p}
    )
    return out


def on_top(engine: Engine, deck: str, cards: list[str]) -> None:
    """These cards on top of a deck, the first the topmost."""
    for card in cards:
        _take(engine, deck, card)
    engine.state["cards"]["decks"][deck].extend(reversed(cards))


def hands(engine: Engine, held: list[list[str]]) -> None:
    """Each seat holds exactly these command cards (the rest go to the discard pile)."""
    cards = engine.state["cards"]
    for seat in range(len(held)):
        hand = cards["hands"][seat]
        cards["discards"]["commands"].extend(
            c for c in hand if program().cards[c].deck == "commands"
        )
        hand[:] = [c for c in hand if program().cards[c].deck != "commands"]  # crew stays
    for seat, wanted in enumerate(held):
        for card in wanted:
            _take(engine, "commands", card)
            cards["hands"][seat].append(card)


def shared(engine: Engine, **values: int) -> None:
    engine.state["shared"].update(values)


def answer(engine: Engine, *answers: str) -> Engine:
    for given in answers:
        decision = engine.decision()
        assert decision is not None, f"the game is over before {given}"
        ids = [o.id for o in decision.options]
        assert given in ids, (given, decision.kind, ids)
        engine.apply(given)
        assert problems(engine) == [], problems(engine)
    return engine


def play_round(
    engine: Engine,
    threats: list[str],
    commands: list[str],
    *more: str,
    crew: dict[int, str] | None = None,
) -> Engine:
    """A round of four seats from its first decision: these threats turned up, each seat
    lays its only card, the captain lays them into the timeline in this order; then the
    `more` answers (use or instead, targets). No crew card but those of `crew`."""
    assert engine.players == 4
    without_crew(engine, crew)
    on_top(engine, "threats", threats)
    hands(engine, [[card] for card in commands])
    answer(engine, "no")  # the captain keeps the hand: no exchange
    for card in commands:  # slot by slot; the last cards left alike are laid at once
        if engine.decision().kind != "arrange_card":
            break
        answer(engine, f"card:{card}")
    return answer(engine, *more)


def log_text(engine: Engine) -> str:
    return "\n".join(log_lines(engine, seat_names(engine)))


# ---- set-up (rulebook, Przygotowanie do gry, steps 1-11) --------------------------------
@pytest.mark.parametrize(
    "players, enemies, hand", [(1, 28, 3), (2, 28, 5), (3, 24, 5), (4, 24, 4), (5, 24, 4)]
)
def test_set_up_by_player_count(players, enemies, hand):
    engine = new(players, seed=3)
    cards, grid = engine.state["cards"], engine.state["grid"]
    # step 4: the enemy deck by tier, 1-experience cards on top; 4a: one in each column of row A
    assert len(cards["decks"]["enemies"]) + 4 == enemies
    assert [p is not None for p in grid["cells"][0]] == [True] * 4
    assert all(p is None for row in grid["cells"][1:] for p in row)
    tiers = [program().cards[c].tier for c in reversed(cards["decks"]["enemies"])]
    assert tiers == sorted(tiers, key=("one", "two", "three").index)
    # step 8: the ship on the second space; steps 2-3: 3 life, the heat cube at its start
    assert grid["tokens"] == {"ship": 2}
    assert engine.state["shared"]["life"] == 3 and engine.state["shared"]["heat"] == 0
    # step 6: 4 command cards each, 5 with 2-3 players; the solo player has no hand: the
    # first decision is round 1's, after drawing three (Tryb 1-osobowy, Rozdanie)
    commands = [[c for c in h if program().cards[c].deck == "commands"] for h in cards["hands"]]
    assert [len(h) for h in commands] == [hand] * players
    # step 7: one crew card each (five kinds, so each of five seats has one), none in
    # the solo game
    crew = [[c for c in h if program().cards[c].deck == "crew"] for h in cards["hands"]]
    assert [len(c) for c in crew] == [0 if players == 1 else 1] * players
    assert len({c for held in crew for c in held}) == (0 if players == 1 else players)
    # step 5: the 6 advanced commands face down beside the deck
    assert Counter(cards["aside"]["commands"]) == Counter(
        {"double_shot": 2, "advanced_laser": 2, "advanced_missile": 2}
    )
    # step 10: the normal threat deck, 12 cards (4 of them are turned up in round 1)
    in_queue = [c for slot in engine.state["queues"]["timeline"]["slots"] for c in slot if c]
    assert len(cards["decks"]["threats"]) + len(in_queue) == 12
    # the boss: one at random; its own four threat cards and no other boss's
    (boss,) = cards["decks"]["bosses"]
    assert sorted(cards["decks"]["boss_threats"]) == sorted(
        c
        for c, card in program().cards.items()
        if card.deck == "boss_threats" and c.startswith(boss)
    )


@pytest.mark.parametrize("variant, added", [("easy", "help_"), ("hard", ""), ("extreme", "")])
def test_a_difficulty_adds_its_four_threat_cards(variant, added):
    engine = new(3, seed=2, variants=(variant,))
    cards = engine.state["cards"]
    in_queue = [
        c["card"] for slot in engine.state["queues"]["timeline"]["slots"] for c in slot if c
    ]
    threats = cards["decks"]["threats"] + in_queue
    assert len(threats) == 16
    marked = [c for c in threats if program().cards[c].variant == variant]
    assert len(marked) == 4 and all(c.startswith(added) for c in marked)
    assert all(program().cards[c].variant in (None, variant) for c in threats)


def test_the_boss_chosen_differs_by_seed():
    assert len({new(3, seed=s).state["cards"]["decks"]["bosses"][0] for s in range(1, 30)}) == 5


# ---- the round: the worked example (the rulebook's separate example sheet) --------------
def test_the_worked_example_of_a_round():
    """Four threats and four commands: a double move right out of an attack on columns 1-3,
    an EMP that skips the threat above it, a command turned down to cool, an activation
    moving a card left into the next column's first free space (the one below moves up),
    an upgraded missile's two rockets into that card, not enough to destroy it, and a new
    enemy in each column after every card moves down one row."""
    engine = new(4)
    clear_grid(engine)
    put(engine, "a2", "raider")
    put(engine, "a3", "flanker")  # its activation: one column left
    put(engine, "b3", "drone")
    shared(engine, missile_upgrades=1)
    play_round(
        engine,
        ["attack_left", "blank", "activation", "new_enemy"],
        ["double_right", "emp", "repair", "missile"],
        "use",  # 1: the ship from column 2 to 4
        "use",  # 3: the EMP (+1 heat): the blank above it is skipped
        "instead",  # 5: the repair turned down, cooling (-1 heat)
        "use",  # 7: the missile (+1 heat), both rockets into b2
        "cell:b2",
        "cell:b2",
    )
    text = log_text(engine)
    assert "ship moves to column 4" in text and "raider in a2 attacks" not in text
    assert "quiet moment is skipped" in text
    assert "flanker moves from a3 to b2" in text
    assert engine.state["shared"]["heat"] == 1 and engine.state["shared"]["life"] == 3
    # 8: every card one row down, a new enemy atop each column
    placed = board(engine)
    assert placed["b2"] == "raider/0" and placed["c2"] == "flanker/2" and placed["b3"] == "drone/0"
    assert all(f"a{c}" in placed for c in range(1, 5))


# ---- commands, shields, damage (Karty Dowodzenia; Tarcza; Przekroczenie linii) ---------
def test_a_shield_stops_a_single_damage_and_not_a_laser():
    engine = new(4)
    clear_grid(engine)
    put(engine, "a2", "warden")  # life 1, shield
    play_round(engine, QUIET, ["shot", "laser", "repair", "repair"], "use", "use")
    text = log_text(engine)
    assert "warden in a2 takes no damage" in text or "shrugs" in text or "shield" in text
    assert "warden in a2 is defeated" in text  # the laser's 2 from one card
    assert engine.state["shared"]["experience"] == 2


def test_a_laser_goes_on_to_the_next_enemy_of_the_column():
    engine = new(4)
    clear_grid(engine)
    put(engine, "a2", "drone")
    put(engine, "b2", "raider")  # life 2: the nearest to the ship
    shared(engine, laser_upgrades=1)  # 3 damage
    # the raider's defeat brings the first upgrade (2 experience): the captain chooses,
    # then the laser's last point goes on to the drone
    play_round(engine, QUIET, ["laser", "shot", "repair", "repair"], "use", "option:0")
    assert board(engine) == {} and engine.state["shared"]["experience"] == 1


def test_an_enemy_crossing_the_line_is_discarded_without_experience_and_hits_the_ship():
    engine = new(4)
    clear_grid(engine)
    put(engine, "c1", "raider")  # damage 2
    play_round(
        engine, ["new_enemy", "blank", "blank", "blank"], ["shot", "repair", "repair", "repair"]
    )
    assert engine.state["shared"]["life"] == 1 and engine.state["shared"]["experience"] == 0
    assert "raider" in engine.state["cards"]["discards"]["enemies"]
    assert "raider leaves the grid from c1" in log_text(engine)


def test_cooling_turns_a_command_down_and_the_third_laser_level_cools_by_two():
    engine = new(4)
    shared(engine, heat=3)
    play_round(engine, QUIET, ["shot", "repair", "repair", "repair"], "instead")
    assert engine.state["shared"]["heat"] == 2
    engine = new(4)
    shared(engine, heat=3, laser_upgrades=3)
    play_round(engine, QUIET, ["shot", "repair", "repair", "repair"], "instead")
    assert engine.state["shared"]["heat"] == 1


def test_a_double_move_stops_at_the_edge():
    engine = new(4)
    engine.state["grid"]["tokens"]["ship"] = 2
    play_round(engine, QUIET, ["double_left", "repair", "repair", "repair"], "use")
    assert engine.state["grid"]["tokens"]["ship"] == 1 and problems(engine) == []


def test_the_fourth_degree_of_heat_loses_at_once():
    engine = new(4)
    clear_grid(engine)
    put(engine, "a2", "drone")
    shared(engine, heat=3)
    play_round(engine, QUIET, ["laser", "shot", "repair", "repair"], "use")
    assert engine.is_terminal() and engine.state["rounds"]["outcome"]["result"] == "lose"
    assert engine.state["rounds"]["outcome"]["track"] == "heat"


@pytest.mark.parametrize(
    "ruling, after",
    [
        ("push", {"a2": "signaller/0", "b2": "drone/0", "c2": "raider/0"}),
        ("free_only", {"a2": "signaller/0", "b2": "raider/0"}),
    ],
)
def test_reinforcements_come_directly_below_as_the_ruling_says(ruling, after):
    """Odsiecz: a new enemy on the space below the card; when that space is taken, the
    ruling reinforcements_below decides (push: the cards below move down one row)."""
    engine = new(4, reinforcements_below=ruling)
    clear_grid(engine)
    put(engine, "a2", "signaller")
    put(engine, "b2", "raider")
    on_top(engine, "enemies", ["drone"])
    play_round(
        engine, ["activation", "blank", "blank", "blank"], ["repair"] * 3 + ["shot"], "instead"
    )
    assert board(engine) == after


def test_reinforcements_from_an_exhausted_deck_shuffle_its_discards_back():
    engine = new(4)
    exhaust_enemies(engine)
    silence(engine)
    clear_grid(engine)
    put(engine, "a3", "signaller")
    play_round(
        engine, ["activation", "blank", "blank", "blank"], ["repair"] * 3 + ["shot"], "instead"
    )
    # the boss came in at the threat phase; the signaller's new enemy from the discards
    placed = board(engine)
    assert placed["b3"].split("/")[0] in program().cards and set(placed) == {"^2", "a3", "b3"}
    assert "shuffled" in log_text(engine)


# ---- the boss (Boss; Karty Zagrożeń Bossa; Koniec gry; FAQ) ------------------------------
def exhaust_enemies(engine: Engine) -> str:
    """The enemy deck run out; the boss of this game (its card) is returned."""
    cards = engine.state["cards"]
    cards["discards"]["enemies"] += cards["decks"]["enemies"]
    cards["decks"]["enemies"].clear()
    return cards["decks"]["bosses"][0]


def silence(engine: Engine) -> None:
    """The boss's own threat cards out of this round (a test of something else)."""
    cards = engine.state["cards"]
    cards["out"]["boss_threats"] += cards["decks"]["boss_threats"]
    cards["decks"]["boss_threats"].clear()


def life(card: str) -> int:
    return program().zones.pieces[card].life


def test_the_boss_enters_above_the_ships_column_once_the_enemy_deck_is_exhausted():
    engine = new(4)
    (boss,) = engine.state["cards"]["decks"]["bosses"]
    exhaust_enemies(engine)
    engine.state["grid"]["tokens"]["ship"] = 3
    on_top(engine, "threats", QUIET)
    answer(engine, "no")  # the threat phase goes on: the boss enters, its threats are laid
    assert board(engine)["^3"] == f"{boss}/0"
    slots = engine.state["queues"]["timeline"]["slots"]
    laid = [slot[2]["card"] for slot in slots]
    # the boss's four threat cards, each in the slot it prints
    assert all(c.startswith(boss) and program().printed_slots[c] == k for k, c in enumerate(laid))
    assert "enters the field above column 3" in log_text(engine)


def test_enemies_in_its_column_stand_in_front_of_the_boss():
    engine = new(4)
    boss = exhaust_enemies(engine)
    silence(engine)
    clear_grid(engine)
    put(engine, "^2", boss)
    put(engine, "a2", "drone")
    play_round(engine, QUIET, ["shot", "missile", "repair", "repair"], "use")
    assert board(engine) == {"^2": f"{boss}/0"}  # the shot took the drone
    answer(engine, "use")  # one rocket: the nearest of a column, the boss alone on the board
    assert board(engine) == {"^2": f"{boss}/1"}


def test_the_boss_defeated_wins_and_the_shot_that_overheats_loses():
    engine = new(4, seed=5)
    boss = exhaust_enemies(engine)
    silence(engine)
    clear_grid(engine)
    put(engine, "^2", boss, damage=life(boss) - 1)  # one life left
    play_round(engine, QUIET, ["shot", "repair", "repair", "repair"], "use")
    outcome = engine.state["rounds"]["outcome"]
    assert engine.is_terminal() and outcome == {"result": "win", "track": "victory", "value": 1}
    assert "the team wins" in log_text(engine)
    # the FAQ: the laser that kills the boss brings the fourth degree of heat: a loss
    engine = new(4, seed=5)
    boss = exhaust_enemies(engine)
    silence(engine)
    clear_grid(engine)
    put(engine, "^2", boss, damage=life(boss) - 1)
    shared(engine, heat=3)
    play_round(engine, QUIET, ["laser", "repair", "repair", "repair"], "use")
    assert engine.state["rounds"]["outcome"]["result"] == "lose"
    assert engine.state["rounds"]["outcome"]["track"] == "heat"


def test_a_new_enemy_from_an_exhausted_deck_lowers_the_boss_and_closes_the_top_row():
    engine = new(4)
    boss = exhaust_enemies(engine)
    silence(engine)
    clear_grid(engine)
    put(engine, "^4", boss)
    put(engine, "a1", "drone")
    play_round(
        engine,
        ["new_enemy", "blank", "blank", "blank"],
        ["repair", "repair", "shot", "shot"],
        "instead",
    )
    assert engine.state["grid"]["closed"] == 1  # row A is no longer available
    assert board(engine) == {"^4": f"{boss}/0", "b1": "drone/0"}
    text = engine.data.game.position(engine, 0)
    assert text.index("^:") > text.index("a x:")  # the boss's field is drawn above row B now


def test_the_bosss_emp_skips_the_next_command():
    seed = next(
        s for s in range(1, 60) if new(4, s).state["cards"]["decks"]["bosses"] == ["void_tyrant"]
    )
    engine = new(4, seed)
    exhaust_enemies(engine)
    clear_grid(engine)
    put(engine, "a1", "drone")
    # its EMP lies in slot 1: the command of slot 2 is passed over
    play_round(engine, QUIET, ["repair", "shot", "repair", "repair"], "instead")
    assert "> slot 2, command row: shot is skipped" in log_text(engine)


# ---- experience and upgrades (Doświadczenie; Ulepszenia statku) ----------------------------
def test_the_structural_path_opens_once_a_level_of_the_three_paths_is_complete():
    engine = new(4)
    clear_grid(engine)
    put(engine, "a2", "raider")  # 2 experience: the first marker with four players
    shared(engine, missile_upgrades=1, laser_upgrades=1)
    play_round(engine, QUIET, ["shot", "shot", "repair", "repair"], "use", "use")
    assert [o.id for o in engine.decision().options] == ["option:0", "option:1", "option:2"]
    engine = new(4)
    clear_grid(engine)
    put(engine, "a2", "raider")
    shared(engine, missile_upgrades=1, laser_upgrades=1, deck_upgrades=1)
    play_round(engine, QUIET, ["shot", "shot", "repair", "repair"], "use", "use")
    assert len(engine.decision().options) == 4  # missiles, laser, deck, structure
    answer(engine, "option:3")
    assert engine.state["shared"]["life"] == 4 and engine.state["shared"]["hull_upgrades"] == 1


def test_a_deck_upgrade_shuffles_two_advanced_commands_into_the_top_four():
    engine = new(4)
    clear_grid(engine)
    put(engine, "a2", "raider")
    play_round(engine, QUIET, ["shot", "shot", "repair", "repair"], "use", "use", "option:2")
    cards = engine.state["cards"]
    top = [program().cards[c].aside for c in cards["decks"]["commands"][-4:]]
    assert sorted(top) == [False, False, True, True] and len(cards["aside"]["commands"]) == 4
    assert engine.state["shared"]["deck_upgrades"] == 1


def test_the_markers_cost_one_more_each_and_the_rest_carries_over():
    engine = new(2)  # with two players the first marker lies on space 3
    assert engine.state["milestones"]["table"]["experience"][0] == 3
    engine = new(4)
    assert engine.state["milestones"]["table"]["experience"][:3] == [2, 3, 4]


# ---- player counts (Liczba graczy; Tryb 1-osobowy) ---------------------------------------
def test_five_players_the_captain_lays_none_and_arranges_four():
    engine = new(5, seed=4)
    captain = engine.state["rounds"]["captain"]
    answer(engine, "no")
    laid = []
    while engine.decision().kind == "commit_card":
        laid.append(engine.decision().player)
        answer(engine, engine.decision().options[0].id)
    assert sorted(laid) == sorted(set(range(5)) - {captain}) and len(laid) == 4
    assert engine.decision().player == captain


def test_solo_draws_three_keeps_two_draws_four_keeps_two():
    engine = new(1, seed=6)
    cards = engine.state["cards"]
    assert len(cards["hands"][0]) == 3 and engine.decision().kind == "bottom_card"
    bottom = engine.decision().options[0].id
    answer(engine, bottom)
    assert cards["decks"]["commands"][0] == bottom.split(":")[1] and len(cards["hands"][0]) == 6
    answer(engine, engine.decision().options[0].id)
    answer(engine, engine.decision().options[0].id)
    assert len(cards["hands"][0]) == 4  # all four go onto the timeline
    while engine.decision().kind == "commit_card":
        answer(engine, engine.decision().options[0].id)
    # turned up in front of the seat, for the captain (the solo player) to arrange
    assert len(cards["kept"][0]) == 4 and cards["hands"][0] == []
    assert engine.decision().kind == "arrange_card"


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
    assert "hacker_look" in out and "enemy_deck_top" in out and "nothing" in out


# ---- the crew (Karty Załogi; Kapitan rundy) ------------------------------------------------
def captain(engine: Engine) -> int:
    return engine.state["rounds"]["captain"]


def test_the_gunner_fires_a_shot_into_a_column_next_to_the_ships_once_a_round():
    engine = new(4)
    clear_grid(engine)
    put(engine, "a3", "drone")
    put(engine, "a1", "drone")
    crew = {captain(engine): "gunner"}
    # nothing in the ship's column: only the gunner's shot can be carried out; the
    # captain chooses the column (the nearest of each)
    play_round(engine, QUIET, ["shot", "shot", "repair", "repair"], "use", "cell:a3", crew=crew)
    assert board(engine) == {"a1": "drone/0"}
    assert engine.state["shared"]["ability_used"] == 1
    # the second shot: the ability is spent this round, so it is turned down at once
    text = log_text(engine)
    assert text.count("drone in a3 takes 1 damage") == 1
    assert "turns shot face down instead" in text


def test_only_the_captain_uses_a_crew_card():
    engine = new(4)
    clear_grid(engine)
    put(engine, "a3", "drone")
    other = (captain(engine) + 1) % 4
    play_round(engine, QUIET, ["shot", "repair", "repair", "repair"], crew={other: "gunner"})
    # the shot finds nothing in column 2 and the captain has no gunner: turned down at once
    assert board(engine) == {"a3": "drone/0"} and engine.state["shared"]["ability_used"] == 0


def test_the_pilot_turns_a_move_the_other_way():
    engine = new(4)
    crew = {captain(engine): "pilot"}
    play_round(engine, QUIET, ["move_left", "repair", "repair", "repair"], "use", crew=crew)
    decision = engine.decision()
    assert decision.kind == "choose_effect" and len(decision.options) == 2
    answer(engine, "option:1")
    assert engine.state["grid"]["tokens"]["ship"] == 3


def test_the_mechanic_ignores_one_rise_of_heat_a_round():
    engine = new(4)
    clear_grid(engine)
    put(engine, "a2", "cruiser")
    crew = {captain(engine): "mechanic"}
    play_round(engine, QUIET, ["laser", "laser", "repair", "repair"], "use", crew=crew)
    answer(engine, "option:0")  # the mechanic's ability, not the degree of heat
    assert engine.state["shared"]["heat"] == 0 and engine.state["shared"]["ability_used"] == 1
    answer(engine, "use")  # the second laser: no choice left, the heat rises
    assert engine.state["shared"]["heat"] == 1


def test_the_scientist_gains_one_more_for_the_first_defeat_of_the_round():
    engine = new(4)
    clear_grid(engine)
    put(engine, "a2", "drone")
    put(engine, "b2", "drone")
    crew = {captain(engine): "scientist"}
    # the first drone: 1 and the scientist's 1, the first marker (2): an upgrade to choose
    play_round(engine, QUIET, ["shot", "shot", "repair", "repair"], "use", crew=crew)
    assert engine.decision().kind == "choose_effect"
    answer(engine, "option:0", "use")  # then the second drone: 1, no more bonus
    assert engine.state["shared"]["experience"] == 1 and board(engine) == {}


def test_the_ability_is_ready_again_each_round():
    engine = new(4)
    shared(engine, ability_used=1)
    play_round(engine, QUIET, ["repair"] * 3 + ["move_left"], *["instead"] * 4)
    assert engine.state["rounds"]["round"] == 2 and engine.state["shared"]["ability_used"] == 0


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
